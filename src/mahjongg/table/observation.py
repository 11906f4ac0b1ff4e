"""What one seat may see of the table.

An :class:`Observation` holds the seat's own concealed tiles and everything
on the table that every player sees: each seat's melds (exposed sets, and
concealed kongs laid with their end tiles face down -- shown as a kong,
``exposed=False``), bonus tiles, discards lying in front of it, how many
concealed tiles each seat holds, the number of tiles left in the wall, whose
turn it is, the last discard and the claim window. It never holds another
seat's concealed tiles nor the order of the wall.

It is a plain value: what the engine hands out holds immutable values only
(``_raw``: own tile counts, the public melds, bonus tiles and discard history,
counts), from which its fields are worked out on first use -- nothing in it
reaches the Game, the wall, the log or another hand, and changing a field's
dict changes nothing else (tests/test_table_hardening.py walks its object
graph). Copies and pickles hold the fields themselves.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..hand import Hand, Meld
from ..rules.ruleset import Ruleset
from ..tiles import Tile, Wind
from .phase import CLAIMS, OVER, TURN, Phase
from .interned import _tiles_of

__all__ = ["Observation"]


@dataclass(frozen=True)
class Observation:
    """The table as ``seat`` sees it.

    ``seats``: the seats in play (two or three players omit dummies).
    ``phase``: a :class:`~mahjongg.table.Phase`: ``TURN`` (``turn`` must
    discard or declare), ``CLAIMS`` (the claim window on ``last_discard`` is
    open; ``waiting`` lists the seats still to answer), ``OVER``.
    ``concealed``: own concealed tiles, sorted. ``drawn``: the tile this seat
    just drew (wall or loose tile), else ``None``.
    ``concealed_counts``: how many concealed tiles each seat holds.
    ``wall_count``: tiles left in the wall, loose tiles included;
    ``drawable``: how many of them may still be drawn (above the reserve).
    ``discards``: the discards lying in front of each seat (claimed ones are
    in the claimer's melds), oldest first; ``discard_history``: every discard
    of the hand in order as ``(seat, tile, taken_by)``.
    ``hidden``: own bonus tiles held back (``Hand.hidden``).
    ``robbing``: the claim window is on a tile being added to an exposed pung
    (only Mah-Jongg, robbing the kong, or pass).
    ``original_call``: the seats that declared Original Call (their hands
    bound since); ``calling``: the seats that declared their hands calling
    (``Ruleset.must_declare_calling``). Both are public: every seat sees them.
    ``ruleset``: the table's own :class:`~mahjongg.rules.Ruleset`, its options
    applied (a limit, the special tiles, the Mandarins ...): what a bot scores and
    settles by, never to be looked up again by its name (which drops the options);
    frozen, public information. :meth:`to_dict` gives its name.
    """

    seat: Wind
    seats: tuple[Wind, ...]
    round: Wind
    ruleset: Ruleset
    phase: Phase
    turn: Wind | None
    concealed: tuple[Tile, ...]
    drawn: Tile | None
    melds: dict[Wind, tuple[Meld, ...]]
    bonus: dict[Wind, tuple[Tile, ...]]
    discards: dict[Wind, tuple[Tile, ...]]
    discard_history: tuple[tuple[Wind, Tile, Wind | None], ...]
    concealed_counts: dict[Wind, int]
    wall_count: int
    drawable: int
    last_discard: Tile | None
    last_discarder: Wind | None
    claim_window: bool
    waiting: tuple[Wind, ...]
    dead: frozenset[Wind]
    hidden: tuple[Tile, ...] = ()
    robbing: bool = False
    original_call: frozenset[Wind] = frozenset()
    calling: frozenset[Wind] = frozenset()

    def __post_init__(self) -> None:
        # only an observation made by hand comes here (the engine's are made without __init__)
        if not isinstance(self.ruleset, Ruleset):
            raise TypeError(f"Observation.ruleset is the table's Ruleset (options applied), not {self.ruleset!r}")

    def __getattr__(self, name: str):
        # only reached for a field not yet set: an observation the engine made, whose
        # fields are worked out on first use from the plain values it holds (``_raw``)
        d = self.__dict__
        raw = d.get("_raw")
        if raw is not None:
            field = _FIELDS.get(name)
            if field is not None:
                # one field at a time: a bot that reads its hand does not pay for the whole table
                value = d[name] = field(raw)
                return value
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def __getstate__(self) -> dict:
        return materialized(self).__dict__

    @property
    def hand(self) -> Hand:
        """Own hand: concealed tiles, own melds and bonus tiles."""
        return Hand(self.concealed, self.melds[self.seat], self.bonus[self.seat], self.hidden)

    @property
    def my_turn(self) -> bool:
        return self.phase == TURN and self.turn == self.seat

    def to_dict(self) -> dict:
        from ..notation import format_tiles

        return {
            "seat": self.seat.letter,
            "seats": [s.letter for s in self.seats],
            "round": self.round.letter,
            "ruleset": self.ruleset.name,
            "phase": str(self.phase),
            "turn": self.turn.letter if self.turn is not None else None,
            "concealed": format_tiles(self.concealed),
            "drawn": str(self.drawn) if self.drawn is not None else None,
            "melds": {w.letter: [str(m) for m in ms] for w, ms in self.melds.items()},
            "bonus": {w.letter: [str(t) for t in ts] for w, ts in self.bonus.items()},
            "discards": {w.letter: [str(t) for t in ts] for w, ts in self.discards.items()},
            "concealed_counts": {w.letter: n for w, n in self.concealed_counts.items()},
            "wall_count": self.wall_count,
            "drawable": self.drawable,
            "last_discard": str(self.last_discard) if self.last_discard is not None else None,
            "last_discarder": self.last_discarder.letter if self.last_discarder is not None else None,
            "claim_window": self.claim_window,
            "waiting": [w.letter for w in self.waiting],
            "dead": sorted(w.letter for w in self.dead),
            "hidden": [str(t) for t in self.hidden],
            "robbing": self.robbing,
            "original_call": sorted(w.letter for w in self.original_call),
            "calling": sorted(w.letter for w in self.calling),
        }


# The plain values the engine gives an observation (``_raw``), in this order: the seat;
# (seats, round, the table's ruleset, reserve); phase; the seat in turn; the tile last drawn
# and where from; own concealed tiles as 34 counts; (each seat's melds, each
# seat's bonus tiles, the dead seats, the seats that declared Original Call, those that
# declared calling); the discard history; wall count; the tile under
# claim and its discarder; whether this seat must answer the claim window; whether it
# is the washing window; each seat's concealed tiles held, or None (worked out below).
# All immutable; none reaches the Game, the wall or another seat's tiles.
_SEAT, _FIXED, _PHASE, _TURN, _DRAWN, _DRAWN_FROM, _OWN, _RARE, _HISTORY, _WALL, _WINDOW, _WINDOW_FROM, _WAITING, _WASHING, _HELD = range(15)
_SELF_DRAWN = ("wall", "loose", "deal")


def _last(r: tuple) -> tuple:
    """(last discard, its discarder): the tile under claim, else the last tile discarded."""
    if r[_PHASE] is CLAIMS:
        return r[_WINDOW], r[_WINDOW_FROM]
    h = r[_HISTORY]
    return (h[-1][1], h[-1][0]) if h else (None, None)


def _discards(r: tuple) -> dict:
    """The discards lying in front of each seat: its discards nobody took, from the history."""
    seats = r[_FIXED][0]
    out: dict = {s: [] for s in seats}
    for s, t, taken_by in r[_HISTORY]:
        if taken_by is None:
            out[s].append(t)
    return {s: tuple(ts) for s, ts in out.items()}


def _held(r: tuple) -> dict:
    """How many concealed tiles each seat holds (a held-back bonus tile included).
    A hand holds 13 tiles, and 14 for the seat in turn (East in the washing
    window), each meld counting three (a kong's fourth tile is made up by its
    loose tile): so 13 or 14 less three per meld. The engine counts instead
    when the hand is over or a hand holds a wrong number of tiles."""
    seats = r[_FIXED][0]
    if r[_HELD] is not None:
        return dict(zip(seats, r[_HELD]))
    phase, turn = r[_PHASE], r[_TURN]
    if phase is TURN:
        extra = turn
    elif r[_WASHING]:
        extra = seats[0]
    else:
        extra = None
    return {s: (14 if s == extra else 13) - 3 * len(m) for s, m in zip(seats, r[_RARE][0])}


_FIELDS = {
    "seat": lambda r: r[_SEAT],
    "seats": lambda r: r[_FIXED][0],
    "round": lambda r: r[_FIXED][1],
    "ruleset": lambda r: r[_FIXED][2],
    "phase": lambda r: r[_PHASE],
    "turn": lambda r: None if r[_PHASE] is OVER else r[_TURN],
    "concealed": lambda r: _tiles_of(r[_OWN]),
    "drawn": lambda r: r[_DRAWN]
    if r[_PHASE] is TURN and r[_SEAT] == r[_TURN] and r[_DRAWN_FROM] in _SELF_DRAWN
    else None,
    "melds": lambda r: dict(zip(r[_FIXED][0], r[_RARE][0])),
    "bonus": lambda r: dict(zip(r[_FIXED][0], r[_RARE][1])),
    "discards": _discards,
    "discard_history": lambda r: r[_HISTORY],
    "concealed_counts": _held,
    "wall_count": lambda r: r[_WALL],
    "drawable": lambda r: max(0, r[_WALL] - r[_FIXED][3]),
    "last_discard": lambda r: _last(r)[0],
    "last_discarder": lambda r: _last(r)[1],
    "claim_window": lambda r: r[_PHASE] is CLAIMS,
    "waiting": lambda r: (r[_SEAT],) if r[_WAITING] else (),
    "dead": lambda r: r[_RARE][2],
}
"""How each field is worked out from ``_raw`` (``hidden``, ``robbing``, ``original_call``
and ``calling``, fields with a default, are set at once)."""


def materialized(obs: Observation) -> Observation:
    """``obs`` with every field worked out (it then holds its fields only:
    copies and pickles are the same value); returns ``obs``."""
    d = obs.__dict__
    raw = d.pop("_raw", None)
    if raw is not None:
        for name, field in _FIELDS.items():
            if name not in d:
                d[name] = field(raw)
    return obs

