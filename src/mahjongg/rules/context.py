"""What a scoring rule looks at: the situation of a hand and one reading of it.

* :class:`Win` -- how the hand was won (winning tile, from where).
* :class:`Situation` -- seat wind, round wind, win or not, dead hand.
* :class:`Reading` -- one arrangement of the hand into sets and a pair,
  with the situation; scoring rules are pure functions of a ``Reading``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from ..hand import Hand, Meld
from ..notation import format_tiles
from ..tiles import Suit, Tile, Wind

__all__ = ["WinBy", "Win", "Situation", "Reading"]


class _cached:
    """A lock-free ``functools.cached_property``: computed on first access and
    kept in the instance's ``__dict__`` (which then answers every later
    access). The scorer also fills these in itself for readings of one hand,
    which share them (:func:`mahjongg.scoring.readings`)."""

    def __init__(self, func):
        self.func = func
        self.name = func.__name__
        self.__doc__ = func.__doc__

    def __set_name__(self, owner, name):
        self.name = name

    def __get__(self, obj, owner=None):
        if obj is None:
            return self
        value = obj.__dict__[self.name] = self.func(obj)
        return value


class WinBy(Enum):
    """Where the winning tile came from."""

    WALL = "wall"  # self-drawn from the wall
    DISCARD = "discard"  # claimed from another player's discard
    LOOSE = "loose"  # self-drawn loose tile after a kong (or a Flower)
    ROBBED_KONG = "robbed-kong"  # taken from a pung being made a kong

    @property
    def self_drawn(self) -> bool:
        return self in (WinBy.WALL, WinBy.LOOSE)


@dataclass(frozen=True, slots=True)
class Win:
    """A win: the winning tile and how it came.

    ``last_tile``: the last tile of the wall (drawn or discarded).
    ``original``: won on the original hand -- for East the 14 tiles dealt
    (no tile was drawn, so no winning piece was drawn either); for another
    player the first tile he received.
    ``after_kong_on_kong``: the loose tile followed a second kong in a row.
    ``after_flower``: with ``by=LOOSE``, the loose tile replaced a Flower,
    Season or special tile just laid out, not a kong (seed 001: Plum
    Blossom on the Roof and the loose-tile bonus need a kong).
    ``first_discard``: the winning tile is East's first discard of the hand
    (seed 001: Earthly Peace).
    ``original_call``: the winner declared Original Call (the league rules:
    waiting after his first discard and not altering the hand since).
    ``wins_in_row``: for a win of East's, the hands he has won in a row with
    this one, the deal never passed between (a drawn hand, which does not
    pass it, does not break the row; Kajongg counts East's wins since the
    winds last rotated); 0 when not known (a hand scored alone). The match's
    history, not the hand's: the play layer counts it and the engine is told
    (``Game(east_wins=...)``); it is data, like the other facts of a win.
    """

    tile: Tile
    by: WinBy = WinBy.DISCARD
    last_tile: bool = False
    original: bool = False
    after_kong_on_kong: bool = False
    after_flower: bool = False
    first_discard: bool = False
    original_call: bool = False
    wins_in_row: int = 0


@dataclass(frozen=True, slots=True)
class Situation:
    """The table facts a hand is scored under.

    ``seat``: the player's own wind (East is the dealer). ``round``: the
    prevailing wind. ``win``: set for the winner, ``None`` for the others.
    ``dead``: a dead hand (wrong number of tiles) scores nothing.
    """

    seat: Wind = Wind.EAST
    round: Wind = Wind.EAST
    win: Win | None = None
    dead: bool = False

    @property
    def is_winner(self) -> bool:
        return self.win is not None


@dataclass(frozen=True)
class Reading:
    """One arrangement of a hand, as the scoring rules see it.

    ``sets``: every set, declared melds first (exposure as declared; the set
    a claimed winning tile completed is exposed). ``pair``: the pair, if the
    arrangement has one. ``loose``: concealed tiles in no set or pair (a
    loser's). ``winning_meld``: the set or pair the winning tile completed.
    ``waits``: for a winner, the tiles the hand was waiting on before the
    winning tile. ``shape``: ``"standard"`` (sets and a pair) or
    ``"special"`` -- the concealed tiles left whole in ``loose`` for limit
    hands of another shape (thirteen orphans, seven pairs); a special
    reading counts only if a limit-hand rule accepts it. ``calls``: for a
    loser's hand under a ruleset with a rule that reads it
    (:attr:`~mahjongg.rules.items.ScoringRule.reads_calls`), what the hand is
    calling for: one ``(tile, names)`` per tile that would complete it,
    ``names`` the items the completed hand (drawn from the wall) scores --
    for a limit hand its limit alone, for a special hand whose points beat its
    fraction of the limit that limit hand too (Kajongg's ``CallingHand`` asks
    the rules the completed hand keeps).
    """

    hand: Hand
    situation: Situation
    sets: tuple[Meld, ...]
    pair: Meld | None = None
    loose: tuple[Tile, ...] = ()
    winning_meld: Meld | None = None
    waits: tuple[Tile, ...] = field(default=())
    shape: str = "standard"
    calls: tuple = ()

    @property
    def is_winner(self) -> bool:
        return self.situation.win is not None

    @property
    def win(self) -> Win | None:
        return self.situation.win

    @property
    def seat(self) -> Wind:
        return self.situation.seat

    @property
    def round(self) -> Wind:
        return self.situation.round

    @property
    def melds(self) -> tuple[Meld, ...]:
        """Sets, then the pair."""
        return self.sets + ((self.pair,) if self.pair else ())

    @_cached
    def tiles(self) -> tuple[Tile, ...]:
        """Every playing tile of the hand (sets, pair, loose tiles)."""
        out: list[Tile] = list(self.loose)
        for m in self.melds:
            out.extend(m.tiles)
        return tuple(sorted(out))

    @_cached
    def pungs(self) -> tuple[Meld, ...]:
        """The sets that are pungs or kongs, in order."""
        return tuple(m for m in self.sets if m.is_pung_or_kong)

    @_cached
    def suits(self) -> frozenset[Suit]:
        """The suits (bamboo, characters, dots) among the hand's tiles."""
        return frozenset(t.suit for t in self.tiles if t < 27)

    @_cached
    def has_honors(self) -> bool:
        return any(27 <= t < 34 for t in self.tiles)

    def arrangement_text(self) -> str:
        """The arrangement in notation: sets, pair, then unarranged tiles."""
        parts = [str(m) for m in self.sets]
        if self.pair:
            parts.append(str(self.pair))
        if self.loose:
            parts.append("+ " + format_tiles(self.loose))
        return " ".join(parts)
