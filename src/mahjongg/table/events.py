"""The event log of a hand: JSON lines, and replaying a hand from it.

Every :class:`~mahjongg.table.Game` appends plain dicts to ``game.events``:

=============== ==========================================================
``type``        fields
=============== ==========================================================
``setup``       version (the log's format, from version 2 on), ruleset,
                options, players, round, seed,
                allow_false_mahjongg (only when set), stacks, wall (the
                built wall), dice (east, breaker, thrower, break, count,
                broken); with one throw (seed 003) ``east`` is it and
                ``break`` is empty
``deal``        hands: each seat's tiles in the order drawn
``draw``        seat, tile, source (``wall`` / ``loose``)
``bonus``       seat, tile (a Flower/Season laid out)
``action``      kind, seat, tile, chow -- every action applied, PASS included
``claim``       seat, kind, tile, chow, from -- the claim that took a discard
``calling``     seat -- the seat's hand is declared calling, after its
                discard (``Ruleset.must_declare_calling``)
``dead_hand``   seat, reason, penalty (true: from ``declare_dead``)
``exhausted``   wall_count -- the wall is down to its reserve: a drawn hand
``washing``     seats -- the washing window opens for these seats
``washed``      seat, hand, each -- the tiles are washed; each player pays ``each``
``ruling``      kind, seat, reason, excuse, applies -- a penalty ruled on
                (a false Mah-Jongg; the discarder paying for all)
``end``         the :class:`~mahjongg.table.Result` as a dict
=============== ==========================================================

:func:`mahjongg.table.replay` (``Game.replay``) rebuilds the game from the
``setup`` event and applies the ``action`` events (and penalties) in order;
the engine redoes the rest. It checks that the events it produces are the
events it was given. This module knows the log's format only, not the Game.

Versions (:data:`LOG_VERSION`, the setup event's ``version``; the table of them is
in docs/notation.md, "Event logs"): a log without ``version`` is of version 1.
A ruleset option added to the log after version 1 is listed in
:data:`OPTIONS_SINCE` with the version from which every setup event holds it; a
log of an older version holds it only when it is not the option's default, and
one without it gets the default (:func:`logged_ruleset`). A replay writes the
log in its own version (``Game(log_version=...)``), so it reproduces it.
"""

from __future__ import annotations

from mahjongg.errors import MahjonggError

import json
from typing import Iterable

from ..rules import get_ruleset
from ..rules.ruleset import Ruleset, RulesetError

__all__ = ["to_jsonl", "from_jsonl", "logged_ruleset", "LOG_VERSION", "OPTIONS_SINCE", "log_version", "logs_option", "ReplayError"]


class ReplayError(MahjonggError):
    """An event log that does not replay to the same events."""


def to_jsonl(events: Iterable[dict]) -> str:
    """One JSON object per line."""
    return "".join(json.dumps(e, separators=(",", ":")) + "\n" for e in events)


def from_jsonl(text: str) -> list[dict]:
    """The events of JSON-lines ``text``, one per non-blank line; :class:`ReplayError`
    naming the line that is not JSON (what each event holds is checked by the replay,
    :mod:`mahjongg.table.log_schema`)."""
    if not isinstance(text, str):
        raise ReplayError(f"an event log in JSON lines is text, not {type(text).__name__}")
    out = []
    for n, line in enumerate(text.splitlines(), 1):
        if line.strip():
            try:
                out.append(json.loads(line))
            except ValueError as exc:  # json.JSONDecodeError; a number too long for int
                raise ReplayError(f"line {n} of the event log is not JSON: {exc}") from None
    return out


LOG_VERSION = 2
"""The format version of the event logs this mahjongg writes (the setup event's
``version``); 1: a log without one. Versions: docs/notation.md, "Event logs"."""

OPTIONS_SINCE: dict[str, int] = dict.fromkeys(
    (
        "draw_keeps_deal", "mandarins", "special_tiles", "roof_off", "max_chows", "kong_box_replenished",
        "concealed_kong_robbed_for", "original_call", "must_declare_calling", "claimed_kong_concealed",
    ),
    2,
)
"""Each ruleset option the log did not always hold, with the log version from which every
``setup`` event holds it. A log of an older version holds it only when it is not the
option's default, and a log without it gets the default -- so a log written before the
option existed replays to the same events. An option not listed is held by every log.
A new option: list it with ``LOG_VERSION + 1`` and raise :data:`LOG_VERSION`."""


def log_version(setup: dict) -> int:
    """The format version of the log whose setup event is ``setup`` (1: it has no ``version``)."""
    return setup.get("version", 1)


def logs_option(name: str, version: int) -> bool:
    """Whether every log of ``version`` holds the ruleset option ``name`` (else only when
    it is not the option's default: :data:`OPTIONS_SINCE`)."""
    return OPTIONS_SINCE.get(name, 1) <= version


def _of_type(v, annotation: str) -> bool:
    """Whether ``v`` (read from JSON) is a value of a ruleset field annotated
    ``annotation`` (``"int"``, ``"int | None"``, ``"tuple[int, ...]"``, ...): a
    bool is not an int, a float not an int; an annotation not listed here (a
    faan table, ...) takes anything, as the ruleset's own checks decide."""
    kinds = {"bool": (bool,), "int": (int,), "str": (str,), "None": (type(None),)}
    parts = [p.strip() for p in str(annotation).split("|")]
    for p in parts:
        if p.startswith("tuple[") and p.endswith(", ...]"):
            each = kinds.get(p[6:-6])
            if each is None:
                return True
            if isinstance(v, list) and all(isinstance(x, each) and (each != (int,) or not isinstance(x, bool)) for x in v):
                return True
        elif p in kinds:
            if isinstance(v, kinds[p]) and (p != "int" or not isinstance(v, bool)):
                return True
        else:
            return True
    return False


def logged_ruleset(setup: dict, ruleset: Ruleset | None = None) -> Ruleset:
    """The ruleset a ``setup`` event names, with the options it logged applied
    (an option its log's version did not always hold and it does not hold:
    the option's default, :data:`OPTIONS_SINCE`);
    ``ruleset``: the base to use instead of looking the name up (a ruleset not
    registered). Raises :class:`~mahjongg.rules.RulesetError` for a name not
    known and for a logged option not of its field's type (a float among the
    bonus tiles, ...)."""
    base = ruleset if ruleset is not None else get_ruleset(setup["ruleset"])
    fields = base.__dataclass_fields__
    logged = setup.get("options", {})
    version = log_version(setup)
    opts = {k: fields[k].default for k in OPTIONS_SINCE if k in fields and k not in logged and not logs_option(k, version)}
    for k, v in logged.items():
        if k not in fields:
            continue
        if not _of_type(v, fields[k].type):
            raise RulesetError(f"the logged option {k} is {v!r}, not a value of type {fields[k].type}")
        cur = getattr(base, k)
        opts[k] = tuple(v) if isinstance(cur, tuple) else v
    opts = {k: v for k, v in opts.items() if getattr(base, k) != v}
    return base.with_options(**opts) if opts else base
