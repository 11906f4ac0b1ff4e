"""Actions: what a seat may do at the table.

An :class:`Action` is a small frozen value: ``kind``, ``seat``, ``tile`` and,
for a chow, ``chow`` (the run's lowest tile). Draws and loose-tile draws are
never actions: the engine makes them.

=============== ============================================================
kind            meaning (``tile``)
=============== ============================================================
DISCARD         discard ``tile`` in one's turn
CHOW            claim the discard ``tile`` into the run starting at ``chow``
PUNG            claim the discard ``tile`` to a concealed pair
KONG            claim the discard ``tile`` to three concealed (loose tile)
CONCEALED_KONG  lay four held ``tile`` face down (loose tile)
ADD_KONG        add the drawn fourth ``tile`` to an exposed pung (loose tile)
MAHJONGG        go out: on the discard ``tile``, or on the drawn ``tile``, or
                on the ``tile`` being added to an exposed pung (robbing
                the kong: rulesets with ``robbing_kong``)
PASS            decline every claim on the discard ``tile`` (or washing)
WASH            wash the tiles: an original hand with enough different
                heads, offered only by a ruleset that has washing (seed 000
                Part II, "Washing the tiles"); no tile
BONUS           lay out the bonus ``tile`` held back (``Hand.hidden``) in
                one's turn, and draw a loose tile (``Ruleset.may_hold_back``)
CAPTURE         lay out one's held-back hunter with the prey ``tile``
                another seat laid out, and draw a loose tile
                (``Ruleset.capture_claimant``)
ORIGINAL_CALL   discard ``tile`` declaring Original Call: one's first
                discard, leaving the hand calling; from then on the hand is
                bound (``Ruleset.may_declare_original_call``; Kajongg "Mah
                Jongg with Original Call")
=============== ============================================================

A false Mah-Jongg is ``MAHJONGG`` applied when it is not legal, in a game
created with ``allow_false_mahjongg=True`` under a ruleset that penalizes it
(it never appears among the legal actions, so bots never choose it).

Source: seed 000 (Pung Chow Part I), "To chow", "To pung", "Four of a kind",
"Mah-Jongg or Mah-Diao".
"""

from __future__ import annotations

from mahjongg.errors import MahjonggError

from collections import namedtuple
from enum import Enum

from ..tiles import Tile, Wind

__all__ = [
    "ActionKind",
    "Action",
    "IllegalActionError",
    "GameError",
    "CLAIM_KINDS",
    "DISCARD",
    "CHOW",
    "PUNG",
    "KONG",
    "CONCEALED_KONG",
    "ADD_KONG",
    "MAHJONGG",
    "PASS",
    "WASH",
    "BONUS",
    "CAPTURE",
    "ORIGINAL_CALL",
]


class GameError(MahjonggError):
    """A call the Game cannot serve: a hand that cannot be set up as asked
    (players, wall, dice), a seat that is not a seat, an action that is not
    an action. The game is left unchanged."""


class IllegalActionError(GameError):
    """An action the rules do not allow now, or not an action at all (a
    wrong type of kind, seat or tile); the game is left unchanged."""


class ActionKind(Enum):
    DISCARD = "discard"
    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"
    CONCEALED_KONG = "concealed-kong"
    ADD_KONG = "add-kong"
    MAHJONGG = "mahjongg"
    PASS = "pass"
    WASH = "wash"
    BONUS = "bonus"
    CAPTURE = "capture"
    ORIGINAL_CALL = "original-call"

    # members are singletons compared by identity: hash them by identity too, in C
    # (Enum's own __hash__ hashes the name in Python, and bots key dicts by kind)
    __hash__ = object.__hash__


# the members as module constants, for code that tests kinds in its inner loops
# (``ActionKind.DISCARD`` is a class look-up each time: ~0.1 us on CPython 3.11)
DISCARD = ActionKind.DISCARD
CHOW = ActionKind.CHOW
PUNG = ActionKind.PUNG
KONG = ActionKind.KONG
CONCEALED_KONG = ActionKind.CONCEALED_KONG
ADD_KONG = ActionKind.ADD_KONG
MAHJONGG = ActionKind.MAHJONGG
PASS = ActionKind.PASS
WASH = ActionKind.WASH
BONUS = ActionKind.BONUS
CAPTURE = ActionKind.CAPTURE
ORIGINAL_CALL = ActionKind.ORIGINAL_CALL

CLAIM_KINDS = frozenset({ActionKind.CHOW, ActionKind.PUNG, ActionKind.KONG, ActionKind.PASS})
"""Kinds that only answer a discard (MAHJONGG may do either)."""


_tuple_eq = tuple.__eq__
_tuple_ne = tuple.__ne__


class Action(namedtuple("_ActionFields", "kind seat tile chow", defaults=(None, None))):
    """One decision of one seat: ``Action(kind, seat, tile=None, chow=None)``.
    ``str(action)`` reads ``S pung 5d``, ``W chow 4c@3c``.

    A value that cannot be changed, even by ``object.__setattr__``: the engine
    makes each action once and hands the same object to every game in the
    process, so a bot that could change one would change every later game.
    Its fields live in a tuple (no ``__dict__``, no writable slot) and its
    class cannot be swapped. (Only what Python itself cannot stop -- ctypes,
    a debugger -- or rebinding the class's own attributes, which changes the
    type for everyone by design, reaches past that.) It compares equal only
    to an ``Action`` with the same fields (never to a plain tuple), hashes by
    them and has no order, as a frozen dataclass does.
    """

    __slots__ = ()

    # object.__setattr__(action, "__class__", ...) would swap the class of a shared action
    # (a tuple subclass of the same layout is accepted): this property has no setter
    __class__ = property(lambda self: type(self), doc="The class (it cannot be changed).")

    def __eq__(self, other):
        if type(other) is Action:
            return _tuple_eq(self, other)
        return False if isinstance(other, tuple) else NotImplemented

    def __ne__(self, other):
        if type(other) is Action:
            return _tuple_ne(self, other)
        return True if isinstance(other, tuple) else NotImplemented

    __hash__ = tuple.__hash__

    def _unordered(self, other):
        return NotImplemented

    __lt__ = __le__ = __gt__ = __ge__ = _unordered
    del _unordered

    def to_dict(self) -> dict:
        d = {"kind": self.kind.value, "seat": self.seat.letter}
        if self.tile is not None:
            d["tile"] = str(self.tile)
        if self.chow is not None:
            d["chow"] = str(self.chow)
        return d

    @staticmethod
    def from_dict(d: dict) -> "Action":
        return Action(
            ActionKind(d["kind"]),
            Wind.parse(d["seat"]),
            Tile.parse(d["tile"]) if d.get("tile") else None,
            Tile.parse(d["chow"]) if d.get("chow") else None,
        )

    def __str__(self) -> str:
        s = f"{self.seat.letter} {self.kind.value}"
        if self.tile is not None:
            s += f" {self.tile}"
        if self.chow is not None:
            s += f"@{self.chow}"
        return s

    def __repr__(self) -> str:
        return f"Action({str(self)!r})"

    # shorthands ------------------------------------------------------------
    @staticmethod
    def discard(seat: Wind, tile: Tile) -> "Action":
        return Action(ActionKind.DISCARD, seat, tile)

    @staticmethod
    def pass_(seat: Wind, tile: Tile) -> "Action":
        return Action(ActionKind.PASS, seat, tile)
