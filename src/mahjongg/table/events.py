"""The event log of a hand: JSON lines, and replaying a hand from it.

Every :class:`~mahjongg.table.Game` appends plain dicts to ``game.events``:

=============== ==========================================================
``type``        fields
=============== ==========================================================
``setup``       ruleset, options, players, round, seed,
                allow_false_mahjongg (only when set), stacks, wall (the
                built wall), dice (east, breaker, thrower, break, count,
                broken); with one throw (seed 003) ``east`` is it and
                ``break`` is empty
``deal``        hands: each seat's tiles in the order drawn
``draw``        seat, tile, source (``wall`` / ``loose``)
``bonus``       seat, tile (a Flower/Season laid out)
``action``      kind, seat, tile, chow -- every action applied, PASS included
``claim``       seat, kind, tile, chow, from -- the claim that took a discard
``dead_hand``   seat, reason, penalty (true: from ``declare_dead``)
``exhausted``   wall_count -- the wall is down to its reserve: a drawn hand
``washing``     seats -- the washing window opens for these seats
``washed``      seat, hand, each -- the tiles are washed; each player pays ``each``
``ruling``      kind, seat, reason, excuse, applies -- a penalty ruled on
                (a false Mah-Jongg; the discarder paying for all)
``end``         the :class:`~mahjongg.table.Result` as a dict
=============== ==========================================================

:func:`replay` rebuilds the game from the ``setup`` event and applies the
``action`` events (and penalties) in order; the engine redoes the rest. It
checks that the events it produces are the events it was given.
"""

from __future__ import annotations

from mahjongg.errors import MahjonggError

import json
from typing import Iterable

from ..rules import get_ruleset
from ..rules.ruleset import Ruleset
from ..tiles import Wind
from .actions import Action

__all__ = ["to_jsonl", "from_jsonl", "replay", "ReplayError"]


class ReplayError(MahjonggError):
    """An event log that does not replay to the same events."""


def to_jsonl(events: Iterable[dict]) -> str:
    """One JSON object per line."""
    return "".join(json.dumps(e, separators=(",", ":")) + "\n" for e in events)


def from_jsonl(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def _ruleset(setup: dict, ruleset: Ruleset | None) -> Ruleset:
    base = ruleset if ruleset is not None else get_ruleset(setup["ruleset"])
    opts = {}
    for k, v in setup.get("options", {}).items():
        if k not in base.__dataclass_fields__:
            continue
        cur = getattr(base, k)
        opts[k] = tuple(v) if isinstance(cur, tuple) else v
    return base.with_options(**opts) if opts else base


def replay(events: Iterable[dict] | str, ruleset: Ruleset | None = None, *, check: bool = True):
    """The :class:`~mahjongg.table.Game` the log records, replayed.

    ``events``: the list of dicts or the JSON-lines text. ``ruleset``: the
    ruleset to use if the log's ruleset name is not a known one (its options
    from the log are applied to it). With ``check``, raises
    :class:`ReplayError` if the replay does not produce the same events.
    """
    from .game import Game

    if isinstance(events, str):
        events = from_jsonl(events)
    events = list(events)
    if not events or events[0].get("type") != "setup":
        raise ReplayError("an event log starts with a setup event")
    setup = events[0]
    game = Game(
        _ruleset(setup, ruleset),
        setup.get("seed"),
        setup["players"],
        Wind.parse(setup["round"]),
        wall=setup["wall"],
        allow_false_mahjongg=setup.get("allow_false_mahjongg", False),
        dice=(tuple(setup["dice"]["east"]),) + ((tuple(setup["dice"]["break"]),) if setup["dice"]["break"] else ()),
    )
    for e in events[1:]:
        t = e.get("type")
        if t == "action":
            game.apply(Action.from_dict(e))
        elif t == "dead_hand" and e.get("penalty"):
            game.declare_dead(Wind.parse(e["seat"]), e.get("reason", "penalty"))
    if check:
        mine = json.loads(json.dumps(game.events))
        theirs = json.loads(json.dumps(events))
        if mine != theirs:
            for i, (a, b) in enumerate(zip(mine, theirs)):
                if a != b:
                    raise ReplayError(f"event {i} differs on replay: {a} != {b}")
            raise ReplayError(f"replay produced {len(mine)} events, the log has {len(theirs)}")
    return game
