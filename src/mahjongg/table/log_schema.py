"""The event log's schema: every event's fields and the type of each, checked before a replay.

:data:`LOG_SCHEMA` maps each event ``type`` (the table in
:mod:`mahjongg.table.events`) to its fields, each a :class:`Field`: what
it holds in words, whether an event may lack it, and the check of its value.
:func:`check_log` holds a log (a list of events, as JSON gives them) to it and
raises :class:`~mahjongg.table.events.ReplayError` naming the first event,
its type and the field that is wrong::

    event 7 (draw): field seat is 3, not a seat (E, S, W or N)
    event 0 (setup): field wall is missing
    event 12: the type 'drew' is not an event's (action, bonus, capture, ...)

The schema is the log's, not the engine's: replaying a log that passes it may
still find an action that is not legal, or an event the engine would not
write; :func:`mahjongg.table.replay` names those events too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..rules.ruleset import SEATINGS, Ruleset
from ..tiles import NUM_KINDS, TILES
from .actions import ActionKind
from .events import LOG_VERSION, ReplayError

__all__ = ["Field", "LOG_SCHEMA", "OPTIONS", "check_log", "check_event"]

_SEATS = frozenset("ESWN")
_TILE_NAMES = frozenset(str(t) for t in TILES)


def _int(v) -> bool:
    return type(v) is int


def _seat(v) -> bool:
    return type(v) is str and v in _SEATS


def _tile(v) -> bool:
    return type(v) is str and v in _TILE_NAMES


def _list_of(check: Callable) -> Callable:
    return lambda v: type(v) is list and all(check(x) for x in v)


def _one_of(*values: str) -> Callable:
    return lambda v: type(v) is str and v in values


def _or_none(check: Callable) -> Callable:
    return lambda v: v is None or check(v)


def _whole(at_least: int, at_most: int | None = None) -> Callable:
    return lambda v: _int(v) and at_least <= v and (at_most is None or v <= at_most)


def _bonus_tiles(v) -> bool:
    return type(v) is list and len(set(v)) == len(v) and all(_int(x) and NUM_KINDS <= x < len(TILES) for x in v)


def _str(v) -> bool:
    return type(v) is str


def _bool(v) -> bool:
    return type(v) is bool


def _dict(v) -> bool:
    return type(v) is dict


def _hands(v) -> bool:
    return type(v) is dict and all(_seat(k) and _list_of(_tile)(x) for k, x in v.items())


def _throw(v) -> bool:
    return type(v) is list and len(v) <= 3 and all(type(x) is int and 1 <= x <= 6 for x in v)


def _dice(v) -> bool:
    return (
        type(v) is dict
        and set(v) == {"east", "breaker", "thrower", "break", "count", "broken"}
        and _throw(v["east"]) and len(v["east"]) >= 2
        and _throw(v["break"])
        and _seat(v["breaker"]) and _seat(v["thrower"])
        and _int(v["count"])
        and type(v["broken"]) is list and len(v["broken"]) == 2 and _seat(v["broken"][0]) and _int(v["broken"][1])
    )


@dataclass(frozen=True)
class Field:
    """One field of an event: ``what`` it holds (in words, for the error), whether it
    is ``required``, and ``check(value) -> bool``."""

    what: str
    check: Callable[[object], bool]
    required: bool = True


SEAT = Field("a seat (E, S, W or N)", _seat)
TILE = Field("a tile in the notation (5c, E, Wh, f1)", _tile)
TILE_OR_ABSENT = Field("a tile in the notation (5c, E, Wh, f1)", _tile, required=False)

_YES_NO = Field("true or false", _bool)

OPTIONS: dict[str, Field] = {
    "limit": Field("the limit in points (a whole number above 0, or null)", _or_none(_whole(1))),
    "payment_limit": Field("the limit on one payment (a whole number above 0, or null)", _or_none(_whole(1))),
    "east_factor": Field("how many times East pays and collects (a whole number above 0)", _whole(1)),
    "wall_stacks": Field("the stacks per side of the wall (a whole number from 1 to 40)", _whole(1, 40)),
    "bonus_tiles": Field(
        f"a list of different bonus tiles (tile numbers {NUM_KINDS}-{len(TILES) - 1})", _bonus_tiles
    ),
    "reserved_tiles": Field("the tiles never drawn (a whole number, 0 or more)", _whole(0)),
    # a faan table is not logged: it comes with the ruleset's name (null: scored in points)
    "faan": Field("null (a faan table comes with the ruleset's name)", lambda v: v is None),
    "dice_count": Field("the dice per throw (2 or 3)", _whole(2, 3)),
    "dice_throws": Field("the throws to break the wall (1 or 2)", _whole(1, 2)),
    "loose_refill": Field("how loose tiles are refilled (each, pair or end)", _one_of("each", "pair", "end")),
    "max_chows": Field("the most chows in a hand (a whole number, 0 or more, or null)", _or_none(_whole(0))),
    "special_tiles": Field("the set of special tiles (a name, or null)", _or_none(_str)),
    "concealed_kong_robbed_for": Field("a list of limit hands' names", _list_of(_str)),
    "seating": Field(f"how the players are seated ({', '.join(SEATINGS)})", _one_of(*SEATINGS)),
    "seating_dice": Field("the dice thrown for the seating (1 to 3)", _whole(1, 3)),
    "match_rounds": Field("the wind rounds in a match (a whole number above 0)", _whole(1)),
    "starting_chips": Field("the chips each player starts with (a whole number, 0 or more)", _whole(0)),
    # every yes-or-no option (roof_off, robbing_kong, original_call, ...): read from the ruleset's fields
    **{name: _YES_NO for name, f in Ruleset.__dataclass_fields__.items() if f.type in ("bool", bool)},
}
"""The value of each option of :class:`~mahjongg.rules.Ruleset` a ``setup`` event may log
(``options``). An option may be absent (from a log of a version before the option was always
held, :data:`~mahjongg.table.events.OPTIONS_SINCE`: logged only when not its default);
an option not listed here (a ruleset subclass's own) is checked against its field's type
when the ruleset is rebuilt (:func:`~mahjongg.table.events.logged_ruleset`)."""

LOG_SCHEMA: dict[str, dict[str, Field]] = {
    "setup": {
        "version": Field(
            f"an event log's format version this mahjongg reads (2 to {LOG_VERSION}; a log without one is of version 1)",
            _whole(2, LOG_VERSION),
            required=False,
        ),
        "ruleset": Field("a ruleset's name", _str),
        "options": Field("the ruleset's options (an object)", _dict),
        "players": Field("the number of players (2, 3 or 4)", lambda v: _int(v) and 2 <= v <= 4),
        "round": SEAT,
        "seed": Field("the deal's seed (a whole number, or null)", _or_none(_int)),
        "allow_false_mahjongg": Field("true or false", _bool, required=False),
        "claims": Field("which seats a claim window asks (able or all)", _one_of("able", "all"), required=False),
        "east_wins": Field("the hands East had won in a row before this one (a whole number)", lambda v: _int(v) and v >= 0, required=False),
        "stacks": Field("the stacks per side of the wall (a whole number)", lambda v: _int(v) and 1 <= v <= 40),
        "wall": Field("the built wall (a list of tiles)", _list_of(_tile)),
        "dice": Field(
            "the dice (east and break: throws of 1-6; breaker, thrower: seats; count; broken: [seat, stack])", _dice
        ),
    },
    "deal": {"hands": Field("each seat's tiles dealt (an object of seat: list of tiles)", _hands)},
    "draw": {"seat": SEAT, "tile": TILE, "source": Field("wall or loose", _one_of("wall", "loose"))},
    "bonus": {"seat": SEAT, "tile": TILE},
    "calling": {"seat": SEAT},
    "action": {
        "kind": Field(f"an action ({', '.join(k.value for k in ActionKind)})", _one_of(*(k.value for k in ActionKind))),
        "seat": SEAT,
        "tile": TILE_OR_ABSENT,
        "chow": TILE_OR_ABSENT,
    },
    "claim": {
        "seat": SEAT,
        "kind": Field("a claim (chow, pung, kong, mahjongg)", _one_of("chow", "pung", "kong", "mahjongg")),
        "tile": TILE,
        "from": SEAT,
        "chow": TILE_OR_ABSENT,
        "robbed": Field("true or false", _bool, required=False),
    },
    "capture": {"seat": SEAT, "tile": TILE, "hunter": TILE, "from": SEAT},
    "dead_hand": {"seat": SEAT, "reason": Field("the reason (text)", _str), "penalty": Field("true or false", _bool)},
    "exhausted": {"wall_count": Field("the tiles left in the wall (a whole number)", lambda v: _int(v) and v >= 0)},
    "washing": {"seats": Field("a list of seats", _list_of(_seat))},
    "washed": {"seat": SEAT, "hand": Field("the hand in the notation (text)", _str), "each": Field("a whole number", _int)},
    "ruling": {
        "kind": Field("the ruling's kind (text)", _str),
        "seat": SEAT,
        "reason": Field("the reason (text)", _str),
        "excuse": Field("the excuse (text, or null)", _or_none(_str)),
        "applies": Field("true or false", _bool),
    },
    "end": {
        "winner": Field("a seat, or null", _or_none(_seat)),
        "reason": Field("how the hand ended (text)", _str),
        "win": Field("the win (an object, or null)", _or_none(_dict)),
        "hands": Field("each seat's hand (an object)", _dict),
        "scores": Field("each seat's score (an object)", _dict),
        "dead": Field("a list of seats", _list_of(_seat)),
        "settled": Field("true or false", _bool),
        "settlement": Field("the settlement (an object)", _dict),
        "rulings": Field("a list of rulings (objects)", _list_of(_dict), required=False),
        "washed_by": Field("a seat", _seat, required=False),
    },
}
"""Each event type's fields (``type`` aside). Source: the events :class:`~mahjongg.table.Game` writes
(the table in :mod:`mahjongg.table.events`)."""


def _shown(v) -> str:
    text = repr(v)
    return text if len(text) <= 40 else text[:37] + "..."


def check_event(i: int, event) -> None:
    """Raise :class:`ReplayError` if ``event`` (number ``i`` of its log) is not one of :data:`LOG_SCHEMA`."""
    if type(event) is not dict:
        raise ReplayError(f"event {i} is {_shown(event)}, not an event (a JSON object with a type)")
    kind = event.get("type")
    fields = LOG_SCHEMA.get(kind) if type(kind) is str else None
    if fields is None:
        if "type" not in event:
            raise ReplayError(f"event {i} has no type")
        raise ReplayError(f"event {i}: the type {_shown(kind)} is not an event's ({', '.join(sorted(LOG_SCHEMA))})")
    for name, f in fields.items():
        if name not in event:
            if f.required:
                raise ReplayError(f"event {i} ({kind}): field {name} is missing")
        elif not f.check(event[name]):
            raise ReplayError(f"event {i} ({kind}): field {name} is {_shown(event[name])}, not {f.what}")
    extra = [k for k in event if k != "type" and k not in fields]
    if extra:
        raise ReplayError(f"event {i} ({kind}): field {_shown(extra[0])} is not a field of a {kind} event")
    if kind == "setup":
        options = event["options"]
        for name, f in OPTIONS.items():
            if name in options and not f.check(options[name]):
                raise ReplayError(f"event {i} (setup): option {name} is {_shown(options[name])}, not {f.what}")


def check_log(events) -> None:
    """Raise :class:`ReplayError` if ``events`` is not a log of :data:`LOG_SCHEMA`: a list
    whose first event is the ``setup`` and every event of a known type with its fields,
    each of its type. A log may stop anywhere (a hand in progress)."""
    if type(events) is not list:
        raise ReplayError(f"an event log is a list of events, not {type(events).__name__}")
    if not events:
        raise ReplayError("an event log starts with a setup event; this one is empty")
    for i, e in enumerate(events):
        check_event(i, e)
        if (i == 0) != (e["type"] == "setup"):
            raise ReplayError(
                f"event {i} ({e['type']}): " + ("an event log starts with a setup event" if i == 0 else "a log has one setup event, its first")
            )
