"""What one seat may see of the table.

An :class:`Observation` holds the seat's own concealed tiles and everything
on the table that every player sees: each seat's melds (exposed sets, and
concealed kongs laid with their end tiles face down -- shown as a kong,
``exposed=False``), bonus tiles, discards lying in front of it, how many
concealed tiles each seat holds, the number of tiles left in the wall, whose
turn it is, the last discard and the claim window. It never holds another
seat's concealed tiles nor the order of the wall.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..hand import Hand, Meld
from ..tiles import Tile, Wind
from .phase import Phase

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
    """

    seat: Wind
    seats: tuple[Wind, ...]
    round: Wind
    ruleset: str
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

    def __getattr__(self, name: str):
        # only reached for a field not yet set: an observation the engine built lazily
        # (its fields are worked out on first use, from the state it was made in)
        d = self.__dict__
        build = d.get("_build")
        if build is not None and name in _FIELD_NAMES:
            # one field at a time: a bot that reads its hand does not pay for the whole table
            value = d[name] = build(name)
            return value
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def __getstate__(self) -> dict:
        if "_build" in self.__dict__:
            _materialize(self)
        return self.__dict__

    @property
    def hand(self) -> Hand:
        """Own hand: concealed tiles, own melds and bonus tiles."""
        return Hand(self.concealed, self.melds[self.seat], self.bonus[self.seat], self.hidden)

    @property
    def my_turn(self) -> bool:
        return self.phase == Phase.TURN and self.turn == self.seat

    def to_dict(self) -> dict:
        from ..notation import format_tiles

        return {
            "seat": self.seat.letter,
            "seats": [s.letter for s in self.seats],
            "round": self.round.letter,
            "ruleset": self.ruleset,
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
        }


def _observation(values: dict) -> Observation:
    """An :class:`Observation` from a dict of every field, without the frozen
    dataclass's per-field ``object.__setattr__`` (the engine makes one per
    decision). The same object as ``Observation(**values)``."""
    obs = object.__new__(Observation)
    obs.__dict__.update(values)
    return obs


_FIELD_NAMES = frozenset(Observation.__dataclass_fields__)


def _lazy_observation(build, hidden: tuple, robbing: bool) -> Observation:
    """An :class:`Observation` whose fields are worked out on first use, each
    by ``build(name)``. The engine makes one per decision and a bot that reads
    nothing (``random``) never pays for it; the engine calls
    :func:`_materialize` before its state changes, so the fields are those of
    the state the observation was made in. (``hidden`` and ``robbing`` have
    class defaults, so they are set at once.)"""
    obs = object.__new__(Observation)
    d = obs.__dict__
    d["_build"] = build
    d["hidden"] = hidden
    d["robbing"] = robbing
    return obs


def _materialize(obs: Observation) -> None:
    """Work out a lazy observation's fields now (a no-op once done)."""
    d = obs.__dict__
    build = d.pop("_build", None)
    if build is not None:
        for name in Observation.__dataclass_fields__:
            if name not in d:
                d[name] = build(name)
