"""Setting a match up for the app: a new one, or one resumed from its SQLite file."""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

from ..bots import make_bot
from ..rules import get_ruleset
from ..table import Game
from ..table.match import Match
from ..tiles import Wind
from ..records import RecordError
from .saving import MatchRecorder, MatchSettings, load_match, rebuild_match
from .session import Session, seating

__all__ = ["new_session", "resume_session", "bot_seed"]


def bot_seed(match_seed: int, player: int) -> int:
    """Each bot's own seed, from the match's: the same match, the same bots."""
    return match_seed * 4 + player + 1


def new_session(
    *,
    ruleset: str,
    bots: Sequence[str],
    seat: Wind | None,
    seed: int,
    hands: int | None = None,
    rounds: int | None = None,
    db: str | Path | None = None,
    first_game: Game | None = None,
) -> Session:
    """A new match: ``bots`` (three, or four to watch) with the human at ``seat``
    in the first hand (``None``: four bots). Saved to ``db`` if given."""
    rules = get_ruleset(ruleset)
    match = Match(rules, seed=seed, players=4, hands=hands, rounds=rounds)
    players, names = seating(match, list(bots), list(bots), seat)
    players = [None if b is None else make_bot(b, bot_seed(seed, p)) for p, b in enumerate(players)]
    settings = MatchSettings(rules.name, seed, hands, rounds, tuple(None if b is None else b.name for b in players), tuple(names))
    recorder = MatchRecorder.create(db, settings) if db is not None else None
    return Session(match, players, names, recorder=recorder, first_game=first_game)


def resume_session(db: str | Path, match_id: int) -> Session:
    """Match ``match_id`` as it stood at its last completed action."""
    saved = load_match(db, match_id)
    s = saved.settings
    rules = get_ruleset(s.ruleset)
    match = rebuild_match(saved, rules)
    if match.game is None and match.is_over:
        first = saved.hands[0] if saved.hands else None
        raise RecordError(
            f"match {match_id} is over ({len(saved.hands)} hands); replay its hands with "
            f"mahjongg replay GAME_ID --db {db}" + (f" (games {first}-{saved.hands[-1]})" if first else "")
        )
    players = [None if name is None else make_bot(name, bot_seed(s.seed, p)) for p, name in enumerate(s.players)]
    recorder = MatchRecorder.resume(db, saved)
    session = Session(match, players, list(s.names), recorder=recorder)
    return session
