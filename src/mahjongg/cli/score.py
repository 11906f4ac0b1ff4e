"""``mahjongg score``, ``mahjongg settle`` and ``mahjongg rules``."""

from __future__ import annotations

from typing import Optional

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from .. import scoring_requests as requests
from ..hand import Hand, Meld, MeldKind
from ..play.scorecard import ScoreCard, SettlementGrid, score_card, settlement_grid
from ..rules import RULESETS, Situation, WinBy
from ..rules.sources import cite
from ..scoring import Score
from ..scoring_requests import BY as _BY
from ..tiles import Tile, Wind
from .app import app, book_text, console, fail, user_errors, write_json
from .options import one_of, whole_number
from .options import seat as seat_option
from .options import special_tiles as special_tiles_option


def card_table(card: ScoreCard, compact: bool = False) -> Table:
    """A score card's lines as a table: the item, then the card's columns
    (points, doubles, total; or faan, total), as ``mahjongg score`` and
    (``compact``: without borders) ``mahjongg replay`` print it."""
    table = Table(show_header=True, header_style="bold", **({"box": None, "pad_edge": False} if compact else {}))
    table.add_column("item")
    for column in card.columns:
        table.add_column(column, justify="right")
    doubles = False
    for line in card.lines:
        if line.kind == "doubles" and not doubles:  # the doubles after the points
            doubles = True
            if not compact:
                table.add_section()
        table.add_row(Text(line.name), *line.cells)
    return table


def settlement_table(grid: SettlementGrid, name=lambda letter: letter) -> Table:
    """Who pays whom (row pays column) and each seat's net, as ``mahjongg
    settle`` and ``mahjongg replay`` print it; ``name``: a seat's heading
    from its letter."""
    table = Table(title="settlement (row pays column)", header_style="bold")
    table.add_column("pays \\ to")
    for s in grid.seats:
        table.add_column(name(s.letter), justify="right")
    table.add_column("net", justify="right")
    for a, row, net in zip(grid.seats, grid.cells(), grid.net):
        table.add_row(name(a.letter), *row, f"{net:+d}")
    return table


def print_settlement(grid: SettlementGrid, name=lambda letter: letter, out: Console = console) -> None:
    """The settlement table and the nets in one line (``net: E +2880, S -1120, ...``) on ``out``."""
    out.print(settlement_table(grid, name))
    out.print("net: " + ", ".join(f"{name(s.letter)} {v:+d}" for s, v in zip(grid.seats, grid.net)), highlight=False)


def print_card(card: ScoreCard) -> None:
    """A score card: its table, the limit hand, the score line and its notes."""
    console.print(card_table(card))
    if card.limit_hand:
        console.print(f"limit hand: {card.limit_hand}", highlight=False)
    console.print(f"[bold]{escape(card.summary)}[/]", highlight=False)
    for note in card.notes:
        console.print(note, highlight=False)
    if card.source:
        console.print(book_text(f"scored by: {card.source}", style="dim"), highlight=False)


_HOW = {
    WinBy.WALL: "drawn from the wall",
    WinBy.DISCARD: "claimed from a discard",
    WinBy.LOOSE: "drawn as a loose tile",
    WinBy.ROBBED_KONG: "robbed from a kong",
}


def _render_score(score: Score, hand: Hand, situation: Situation, rules) -> None:
    who = f"seat {situation.seat.letter}, round {situation.round.letter}"
    if situation.win:
        w = situation.win
        who += f", won on {w.tile} {_HOW[w.by]}"
        if w.original:
            who += ", original hand"
        if w.last_tile:
            who += ", last tile"
    else:
        who += ", not the winner"
    console.print(f"[bold]{hand}[/]  ({who}; ruleset {rules.name})", highlight=False)
    console.print(f"arrangement: {score.arrangement}", highlight=False)
    if score.reading is not None and score.reading.loose and score.reading.shape == "standard":
        console.print(f"({_loose_note(score.reading.loose)})", highlight=False)
    print_card(score_card(score, rules))


def _chows_and_rest(tiles: tuple[Tile, ...]) -> tuple[list[Meld], list[Tile]]:
    """The most chows ``tiles`` (sorted) hold, the lowest chows first, and the tiles left over."""
    if not tiles:
        return [], []
    first, rest = tiles[0], list(tiles[1:])
    best: tuple[list[Meld], list[Tile]] | None = None
    second, third = first.next_in_suit(1), first.next_in_suit(2)
    if second in rest and third in rest:
        rest.remove(second)
        rest.remove(third)
        chows, left = _chows_and_rest(tuple(rest))
        best = ([Meld(MeldKind.CHOW, first), *chows], left)
    chows, left = _chows_and_rest(tiles[1:])
    if best is None or len(chows) > len(best[0]):
        best = (chows, [first, *left])
    return best


def _loose_note(loose: tuple[Tile, ...]) -> str:
    """What the tiles after '+' of a loser's arrangement are: the scorer sorts
    out only pungs, kongs and a pair, since a loser's chows score nothing, so
    they may hold chows; name those, then the tiles left over."""
    chows, left = _chows_and_rest(tuple(sorted(loose)))
    found = []
    if chows:
        found.append(f"chows {' '.join(str(c) for c in chows)}")
    if left:
        found.append(f"{'left over ' if chows else ''}{' '.join(str(t) for t in left)}")
    if not chows:
        return f"after '+': the tiles outside the arrangement's sets and pair: {' '.join(found)}"
    why = "a loser's chows score nothing, so none is sorted out"
    return f"after '+': the tiles outside the arrangement's pungs, kongs and pair ({why}): {', '.join(found)}"


@app.command("score")
def score_command(
    hand: str = typer.Argument(..., help="The hand in notation, e.g. '123b 456c 789d EEE 55d'; quote it."),
    ruleset: str = typer.Option("pung-chow", help=f"Ruleset: {', '.join(sorted(RULESETS))}."),
    seat: Wind = typer.Option("E", **seat_option(), help="The player's own wind (E is the dealer)."),
    round_: Wind = typer.Option("E", "--round", **seat_option(), help="The round (prevailing) wind."),
    win: Optional[str] = typer.Option(
        None, metavar="TILE", help="The winning tile (e.g. 5d). With it the hand is the winner's, 14 tiles plus one per kong."
    ),
    by: WinBy = typer.Option(
        "discard", **one_of(_BY), help="Where the winning tile came from: wall, discard, loose or robbed-kong."
    ),
    last_tile: bool = typer.Option(False, "--last-tile", help="Won on the last tile of the wall."),
    original: bool = typer.Option(False, "--original", help="Won on the original hand."),
    first_discard: bool = typer.Option(False, "--first-discard", help="Won on East's first discard (--by discard, a seat other than E)."),
    after_flower: bool = typer.Option(
        False, "--after-flower", help="With --by loose: the loose tile replaced a Flower/Season, not a kong."
    ),
    kong_on_kong: bool = typer.Option(
        False, "--kong-on-kong", help="With --by loose: the loose tile followed a second kong in a row."
    ),
    dead: bool = typer.Option(False, "--dead", help="A loser's dead hand (wrong number of tiles): scores nothing; a dead hand cannot win."),
    mandarins: bool = typer.Option(
        False, "--mandarins", help="Pung Chow with the Mandarins: Flowers and Seasons 1-4 for East-North (Harr, Pung Chow (1922), Part I, Use of the Mandarins)."
    ),
    original_call: bool = typer.Option(
        False, "--original-call", help="The winner had declared Original Call (the league rulesets dmjl, bmja)."
    ),
    special_tiles: Optional[str] = typer.Option(None, "--special-tiles", **special_tiles_option()),
    wins_in_row: int = typer.Option(
        0,
        "--wins-in-row",
        **whole_number(at_least=0),
        help="With --seat E: this win is East's Nth in a row, the deal not passed between (a drawn hand does not"
        " break the row); dmjl scores the ninth a limit hand (East won nine times in a row).",
    ),
    as_json: bool = typer.Option(False, "--json", help="Print the score as JSON."),
) -> None:
    """Score one hand and explain every item (points, doubles, limit).

    Without --win the hand is a loser's (13 tiles plus one per kong).
    """
    request = requests.ScoreRequest(
        hand=hand, ruleset=ruleset, seat=seat, round=round_, win=win, by=by, last_tile=last_tile, original=original,
        first_discard=first_discard, after_flower=after_flower, kong_on_kong=kong_on_kong, dead=dead, mandarins=mandarins,
        original_call=original_call, special_tiles=special_tiles, wins_in_row=wins_in_row,
    )
    with user_errors():
        answer = requests.score(request)
    if as_json:
        write_json(answer.to_dict())  # the score card as data, as POST /api/score answers
    else:
        _render_score(answer.score, answer.hand, answer.situation, answer.rules)


@app.command("settle")
def settle_command(
    scores: str = typer.Option(..., help="Each seat's score: E=480,S=64,W=272,N=16 (E is the dealer)."),
    winner: Optional[Wind] = typer.Option(
        None, **seat_option(), help="The seat that went Mah-Jongg; omit for a drawn hand."
    ),
    discarder: Optional[Wind] = typer.Option(
        None,
        **seat_option(),
        help="With --winner: the seat that discarded the winning tile (or whose kong was robbed); omit for a"
        " self-drawn win. A faan ruleset (hong-kong) has the discarder pay more; Pung Chow's payments do not change.",
    ),
    ruleset: str = typer.Option("pung-chow", help=f"Ruleset: {', '.join(sorted(RULESETS))}."),
    limit: Optional[int] = typer.Option(
        None,
        **whole_number(at_least=1),
        help="Cap on one payment (East pays/collects double), instead of the ruleset's; not for a faan ruleset.",
    ),
    settle_draws: bool = typer.Option(
        False, "--settle-draws", help="Without --winner: the losers settle a drawn hand, though the ruleset says not."
    ),
    dead: list[Wind] = typer.Option(
        [], **seat_option(metavar="SEAT"), help="A seat (E, S, W, N) with a dead hand; repeat for several."
    ),
    special_tiles: Optional[str] = typer.Option(None, "--special-tiles", **special_tiles_option()),
    as_json: bool = typer.Option(False, "--json", help="Print payments and nets as JSON."),
) -> None:
    """Settle a hand as the game does under the ruleset. Pung Chow: the winner
    collects his score from each player, the others pay each other the
    differences, East pays and collects double; Hong Kong: only the winner is
    paid, the discarder (or, self-drawn, everyone) paying double. A drawn hand
    settles only if the ruleset (or --settle-draws) says so. A hand counted
    above the ruleset's limit is settled at the limit, and the sheet says so."""
    request = requests.SettleRequest(scores, winner, discarder, ruleset, limit, settle_draws, tuple(dead), special_tiles)
    with user_errors():
        answer = requests.settle(request)
    if as_json:
        write_json(answer.to_dict())
        return
    if not answer.settled:
        hint = "; --settle-draws to settle the losers" if answer.rules.sets_score_points else ""
        console.print(f"a drawn hand: nothing is paid ({answer.why}{hint})", highlight=False)
        return
    print_settlement(settlement_grid(answer.settlement))
    if answer.capped_note:
        console.print(book_text(f"capped: {answer.capped_note}"))


def _render_ruleset(card: dict) -> None:
    """A ruleset as a score card: its heading, a table of its options, a table of its scoring rules."""
    console.print(Text.assemble((card["name"], "bold"), f": {card['title']}"))
    console.print(book_text(f"source: {card['source']}", style="dim"))
    options = Table(title="options", title_justify="left", header_style="bold")
    options.add_column("option")
    options.add_column("value")
    for o in card["options"]:
        options.add_row(Text(o["label"]), Text(o["text"]))
    console.print(options)
    rules = Table(title="scoring rules", title_justify="left", header_style="bold", show_lines=True)
    rules.add_column("rule (source)", ratio=3)
    rules.add_column("value", ratio=2)
    rules.add_column("hands", no_wrap=True)
    for r in card["rules"]:
        rule = Text.assemble((r["name"], "bold"), "\n", book_text(r["source"], style="dim"))
        value = "\n".join(v["text"] for v in r["values"]) or "-"
        rules.add_row(rule, Text(value), Text(r["hands"] or ""))
    console.print(rules)


@app.command("rules")
def rules_command(
    name: Optional[str] = typer.Argument(None, help="A ruleset; all of them if omitted."),
    special_tiles: Optional[str] = typer.Option(None, "--special-tiles", **special_tiles_option()),
    as_json: bool = typer.Option(
        False, "--json", help="Print the ruleset as JSON (a list of them without NAME): options and rules as data."
    ),
) -> None:
    """Print a ruleset as a score card: every option and every scoring rule with
    its values (points, doubles, faan, the limit), whose hands it scores and its source."""
    with user_errors():
        if special_tiles is not None and name is None:
            fail("--special-tiles changes one ruleset: name it (mahjongg rules traditional --special-tiles ...)")
        chosen = [requests.ruleset_for(name, special_tiles)] if name is not None else [RULESETS[k] for k in sorted(RULESETS)]
    cards = [_cited(r.to_dict()) for r in chosen]
    if as_json:
        write_json(cards[0] if name is not None else cards)
        return
    for i, card in enumerate(cards):
        if i:
            console.print()
        _render_ruleset(card)


def _cited(card: dict) -> dict:
    """A ruleset's card (``Ruleset.to_dict``) with its sources naming the books, not our seed numbers."""
    return {
        **card,
        "source": cite(card["source"]),
        "rules": [{**r, "source": cite(r["source"])} for r in card["rules"]],
    }
