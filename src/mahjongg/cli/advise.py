"""``mahjongg advise``: which tile to let go (or whether to claim), with the numbers behind it."""

from __future__ import annotations

from typing import Optional

import typer
from rich.table import Table

from ..bots.advisor import advise
from ..hand import parse_hand
from ..notation import NotationError, parse_tiles
from ..rules import RULESETS
from ..scoring_requests import table_rules
from ..tiles import Tile, Wind
from .app import app, console, fail, say, user_errors, write_json
from .options import seat as seat_option
from .options import whole_number
from .options import special_tiles as special_tiles_option


def _tiles_of(option: str, text: str) -> tuple[Tile, ...]:
    """The tiles an option names, a notation error naming the option: "--seen: 'z' at position 0 ..."
    (without it the position reads as one in the hand)."""
    try:
        return parse_tiles(text)
    except NotationError as exc:
        raise NotationError(f"{option}: {exc}") from None


@app.command("advise")
def advise_command(
    hand: str = typer.Argument(..., help='The hand, in the notation of mahjongg score: "123b 456b 789b EE 5c6c 9d" (14 tiles), or 13 with --discard.'),
    ruleset: str = typer.Option("pung-chow", help=f"Ruleset: {', '.join(sorted(RULESETS))}."),
    special_tiles: Optional[str] = typer.Option(None, "--special-tiles", **special_tiles_option()),
    mandarins: bool = typer.Option(
        False, "--mandarins", help="Pung Chow with the Mandarins: Flowers and Seasons 1-4 for East-North (Harr, Pung Chow (1922), Part I, Use of the Mandarins)."
    ),
    limit: Optional[int] = typer.Option(
        None, "--limit", **whole_number(at_least=1), help="The most a hand scores (points), instead of the ruleset's limit."
    ),
    payment_limit: Optional[int] = typer.Option(
        None, "--payment-limit", **whole_number(at_least=1), help="Cap on one payment (East pays/collects the East factor times it)."
    ),
    east_factor: Optional[int] = typer.Option(
        None, "--east-factor", **whole_number(at_least=1), help="East pays and collects this many times (the ruleset's: 2)."
    ),
    seat: Wind = typer.Option("E", **seat_option(), help="The player's own wind (E is the dealer)."),
    round_: Wind = typer.Option("E", "--round", **seat_option(), help="The round (prevailing) wind."),
    seen: str = typer.Option("", help='Tiles in view elsewhere (discards, others\' exposed sets), e.g. "5c 5c R 9d".'),
    discard: Optional[str] = typer.Option(None, help="A tile another player discarded: whether to claim it (the hand has 13 tiles)."),
    drawn: Optional[str] = typer.Option(
        None, help="The tile just drawn (a hand of 14): Mah-Jongg is scored as won on it (without it, on the tile that scores least), "
        "and only it may be added to an exposed pung."
    ),
    original_call: bool = typer.Option(
        False, "--original-call", help="You declared Original Call (the league rulesets dmjl, bmja): the hand is bound -- "
        "Mah-Jongg, or discard the tile drawn (--drawn); between turns only Mah-Jongg -- and its wins score the call's double."
    ),
    as_json: bool = typer.Option(False, "--json", help="Print the choices as JSON."),
) -> None:
    """List every choice of a hand -- Mah-Jongg, a kong, each discard; or claiming an offered discard versus passing -- the master bot's choice first.

    For each: the shanten after it, the tiles that would improve it and how many copies of each are unseen, the waits when ready and the score on each, a Mah-Jongg's score, and the expected value in chips (the master bot's); under the table, why the first choice is first where a rule of the bot's, not the value alone, decides.

    The table's options (--special-tiles, --mandarins, --limit, --payment-limit, --east-factor) are scored and paid as a table set up with them plays.
    """
    with user_errors():
        rules = table_rules(ruleset, special_tiles, mandarins=mandarins, limit=limit, payment_limit=payment_limit, east_factor=east_factor)
        h = parse_hand(hand, sizes=None)  # the advisor says which size it wants, and why
        seen_tiles = _tiles_of("--seen", seen) if seen.strip() else ()
        offered: Tile | None = None
        if discard is not None:
            tiles = _tiles_of("--discard", discard)
            if len(tiles) != 1:
                fail(f"--discard: one tile, not {discard!r}")
            offered = tiles[0]
        took: Tile | None = None
        if drawn is not None:
            tiles = _tiles_of("--drawn", drawn)
            if len(tiles) != 1:
                fail(f"--drawn: one tile, not {drawn!r}")
            if offered is not None:
                fail("--drawn names the tile drawn in your turn; --discard a tile offered between turns: give one of them")
            took = tiles[0]
        choices = advise(h, rules, seat=seat, round=round_, seen=seen_tiles, discard=offered, drawn=took, original_call=original_call)
    given = {
        "special_tiles": special_tiles, "mandarins": mandarins or None, "limit": limit, "payment_limit": payment_limit,
        "east_factor": east_factor,
    }  # fmt: skip
    options = {k: v for k, v in given.items() if v is not None}
    if as_json:
        write_json(
            {
                "hand": hand,
                "ruleset": rules.name,
                "options": options,
                "seat": seat.letter,
                "round": round_.letter,
                "seen": [str(t) for t in seen_tiles],
                "discard": str(offered) if offered is not None else None,
                "drawn": str(took) if took is not None else None,
                "original_call": original_call,
                "choices": [c.to_dict() for c in choices],
            }
        )
        return
    shown = "".join(f", {k.replace('_', ' ')} {'on' if v is True else v}" for k, v in options.items())
    table = Table(title=f"{hand} ({rules.name}{shown}, seat {seat.letter}, round {round_.letter})", header_style="bold")
    table.add_column("#", justify="right")
    table.add_column("choice")
    table.add_column("shanten", justify="right")
    table.add_column("improving tiles (unseen)")
    table.add_column("waits (unseen: score)")
    table.add_column("value", justify="right")
    for i, c in enumerate(choices, 1):
        # no space inside an entry: a narrow column wraps between entries, never inside one
        imp = " ".join(f"{t}({u})" for t, u in c.improving) if c.shanten > 0 else ""
        if c.shanten > 0:
            imp += f" ={sum(u for _, u in c.improving)}"
        waits = " ".join(f"{t}({u}:{s})" for t, u, s in c.waits)
        if c.action == "mahjongg":
            waits = f"scores {c.score}"
        table.add_row(str(i), c.label, str(c.shanten), imp, waits, f"{round(c.ev, 1) + 0.0:.1f}")  # + 0.0: never "-0.0"
    console.print(table, soft_wrap=False)  # its title wraps at words too
    if choices and choices[0].why:
        say(f"Why 1: {choices[0].why}.")
    if choices and choices[0].action == "mahjongg" and took is None and offered is None:
        say("Mah-Jongg scored as won on the drawn tile that scores least; name the tile drawn with --drawn.")
    say(
        "value: expected chips, as the master bot reckons them -- the chance of winning from the unseen copies and the draws left, "
        "times what the win collects (a wait scoring 0 cannot be declared under the ruleset); a kong's, after its loose tile. "
        "Shanten: tiles still to exchange before the hand is ready (0: ready, -1: complete)."
    )
