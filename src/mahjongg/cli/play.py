"""``mahjongg play``: the terminal game (Textual), a human against three bots."""

from __future__ import annotations

import random
from typing import Optional

import typer

from ..bots import BOTS
from ..rules import RULESETS
from ..play.workers import MOST_IN_A_RUN
from ..tiles import Wind
from .app import app, command_name, console, fail, user_errors
from .options import A_DAY, file_name, seconds, whole_number
from .options import special_tiles as special_tiles_option
from .options import seat as seat_option

DEFAULT_BOTS = "greedy,cautious,greedy"


@app.command("play")
def play_command(
    ctx: typer.Context,
    ruleset: str = typer.Option("pung-chow", help=f"Ruleset: {', '.join(sorted(RULESETS))}."),
    special_tiles: Optional[str] = typer.Option(None, "--special-tiles", **special_tiles_option()),
    seat: Wind = typer.Option(
        "E", **seat_option(), help="Your wind in the first hand: E (the dealer), S, W or N."
    ),
    bots: str = typer.Option(
        DEFAULT_BOTS,
        help=f"Three bots, comma-separated, from your right round the table ({', '.join(BOTS)}, or policy:FILE, a trained policy); "
        "or 4 (or four names) to watch four bots play.",
    ),
    hands: Optional[int] = typer.Option(
        None, **whole_number(at_least=1, at_most=MOST_IN_A_RUN), help="Play this many hands."
    ),
    rounds: Optional[int] = typer.Option(
        None, **whole_number(at_least=1, at_most=MOST_IN_A_RUN), help="Play this many wind rounds (default: one round)."
    ),
    seed: Optional[int] = typer.Option(
        None, **whole_number(), help="Seed of the match: the same seed deals the same tiles."
    ),
    db: str = typer.Option("games.sqlite3", **file_name(), help="SQLite file the match is saved to as it goes."),
    resume: Optional[int] = typer.Option(
        None,
        **whole_number(metavar="MATCH_ID"),
        help="Continue a saved match (the id printed when you left) from its last action.",
    ),
    glyphs: bool = typer.Option(False, "--glyphs", help="Show Unicode Mahjong tile glyphs beside the text faces."),
    speed: float = typer.Option(0.6, **seconds(at_most=A_DAY), help="Seconds between two bot moves (at most a day, 86400)."),
    claim_time: float = typer.Option(
        15.0, **seconds(at_most=A_DAY), help="Seconds you have to claim a discard (0: no limit; at most a day, 86400)."
    ),
) -> None:
    """Play Mah-Jongg in the terminal against three bots (or watch four).

    Keys: arrows choose a tile, Enter or d discards it; when a discard can
    be claimed the choices are numbered (m Mah-Jongg, p pung, c chow, k
    kong, x or space pass); o discards the chosen tile declaring Original
    Call and w washes the tiles, where the ruleset has them; h the hint
    (what the master bot would do, and why); g tile glyphs; ? lists every
    key; q saves and leaves. The mouse works too.
    """
    from ..play.config import ConfigError
    from ..play.session import new_session, resume_session
    from ..tui.app import PlayApp

    with user_errors():
        if resume is not None:
            # a saved match keeps its own ruleset, seats, bots, length and seed: an option
            # that would change them is refused rather than silently ignored
            given = [f"--{name.replace('_', '-')}" for name in _MATCH_OPTIONS if _given(ctx, name)]
            if given:
                fail(
                    f"--resume continues match {resume} as it was set up: drop {', '.join(given)} "
                    "(only --db, --glyphs, --speed and --claim-time go with --resume)"
                )
            session = resume_session(db, resume)  # a file it may not write: one line, before play starts
            match_id = resume
        else:
            names = [b.strip() for b in bots.split(",") if b.strip()]
            watch = names == ["4"] or len(names) == 4
            if names == ["4"]:
                names = ["greedy", "cautious", "greedy", "random"]
            if len(names) not in (3, 4):
                fail(f"--bots takes three bot names (or 4 to watch four bots), not {bots!r}")
            try:
                session = new_session(
                    ruleset=ruleset,
                    bots=names,
                    seat=None if watch else seat,
                    seed=seed if seed is not None else random.randrange(2**31),
                    hands=hands,
                    rounds=rounds,
                    db=db,
                    options={"special_tiles": special_tiles} if special_tiles is not None else None,
                )
            except ConfigError as exc:
                fail(_option_words(str(exc)))
            match_id = session.recorder.match_id
    play = PlayApp(session, glyphs=glyphs, speed=speed, claim_seconds=claim_time or None, game_id=str(match_id))
    try:
        play.run()
    finally:
        session.recorder.close()
    hands_saved = session.recorder.hands
    if session.match_over:
        console.print(f"Match {match_id} is over. Totals: " + session.standing_text(), highlight=False)
    else:
        console.print(
            f"Saved as match {match_id} in {db}: resume with {command_name()} play --resume {match_id} --db {db}",
            highlight=False,
        )
    if hands_saved:
        console.print(
            f"{'Finished hands are games' if len(hands_saved) > 1 else 'The finished hand is game'} "
            f"{', '.join(map(str, hands_saved))}: {command_name()} replay {hands_saved[0]} --db {db}",
            highlight=False,
        )


_MATCH_OPTIONS = ("ruleset", "special_tiles", "seat", "bots", "hands", "rounds", "seed")


def _given(ctx: typer.Context, name: str) -> bool:
    """Whether the option ``name`` was given on the command line (not its default)."""
    # by name: Typer may hand over its own copy of click's ParameterSource
    source = ctx.get_parameter_source(name)
    return source is not None and source.name != "DEFAULT"


def _option_words(message: str) -> str:
    """A configuration error in the command's words: ``players: unknown bot`` is ``--bots: unknown bot``."""
    for field, option in (("players: ", "--bots: "), ("special_tiles: ", "--special-tiles: "), ("ruleset: ", ""), ("a match is so many hands or so many rounds long, not both", "give --hands or --rounds, not both")):
        if message.startswith(field):
            return option + message[len(field):]
    return message

