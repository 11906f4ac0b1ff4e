"""Tiles: the 34 playing kinds, Flowers/Seasons and the special tiles.

A :class:`Tile` is a small immutable ``int`` subclass (hashable, ordered, cheap),
so hand calculation can work on 34-count vectors indexed by the tile itself.

Index layout (the order tiles sort in, suits first, then honors, then bonus tiles):

====== ============================================ ===========
index  tiles                                        notation
====== ============================================ ===========
0-8    bamboo 1-9                                   ``1b``-``9b``
9-17   characters 1-9                               ``1c``-``9c``
18-26  dots 1-9                                     ``1d``-``9d``
27-30  East, South, West, North winds               ``E S W N``
31-33  red, green, white dragons                    ``R G Wh``
34-37  Flowers 1-4 (East, South, West, North)       ``f1``-``f4``
38-41  Seasons 1-4 (East, South, West, North)       ``s1``-``s4``
42-49  special tiles of ``traditional``             ``Cat Mouse Fisherman Fish Cock Worm Man Gold``
====== ============================================ ===========

Source: seed 000 (Pung Chow, "Description of tiles": 136 tiles, 34 kinds, four of
each; "Use of the Mandarins": Flowers and Seasons 1-4 stand for East, South,
West, North); seed 001 (the special tiles Cat & Mouse, Fisherman & Fish,
Cock & Worm, Man & Pot of Gold).
"""

from __future__ import annotations

from mahjongg.errors import MahjonggError

from enum import IntEnum

__all__ = [
    "Suit",
    "Wind",
    "Tile",
    "TILES",
    "PLAYING_TILES",
    "BONUS_TILES",
    "NUM_KINDS",
    "tile",
    "tiles_of",
    "TileError",
]

NUM_KINDS = 34
"""Number of playing tile kinds (four copies of each in a set)."""


class TileError(MahjonggError):
    """A tile name that is not a tile."""


class Suit(IntEnum):
    """The three suits and the non-suited groups, in sorting order."""

    BAMBOO = 0
    CHARACTERS = 1
    DOTS = 2
    WIND = 3
    DRAGON = 4
    FLOWER = 5
    SEASON = 6
    SPECIAL = 7

    @property
    def letter(self) -> str:
        """Notation letter of a suit (``b``, ``c``, ``d``); empty for the others."""
        return "bcd"[self] if self <= 2 else ""


class Wind(IntEnum):
    """The four winds in turn order: East (the dealer), South, West, North.

    Play passes counter-clockwise E -> S -> W -> N (seed 000, "Playing the hand").
    ``Wind.parse("E")`` accepts the one-letter names.
    """

    EAST = 0
    SOUTH = 1
    WEST = 2
    NORTH = 3

    @property
    def letter(self) -> str:
        return "ESWN"[self]

    @property
    def tile(self) -> "Tile":
        """The wind tile of this wind."""
        return TILES[27 + self]

    def next(self, steps: int = 1) -> "Wind":
        """The wind ``steps`` places further in turn order (to the right)."""
        return Wind((self + steps) % 4)

    @classmethod
    def parse(cls, text: str) -> "Wind":
        """``"E"``/``"east"`` -> :attr:`EAST`; raises :class:`TileError` otherwise."""
        key = text.strip().upper()
        for wind in cls:
            if key in (wind.letter, wind.name):
                return wind
        raise TileError(f"{text!r} is not a wind: use E, S, W or N")

    def __str__(self) -> str:
        return self.letter


_HONOR_NAMES = ("E", "S", "W", "N", "R", "G", "Wh")
_HONOR_LONG = (
    "East wind", "South wind", "West wind", "North wind",
    "red dragon", "green dragon", "white dragon",
)
_SPECIAL_NAMES = ("Cat", "Mouse", "Fisherman", "Fish", "Cock", "Worm", "Man", "Gold")
_SPECIAL_LONG = ("Cat", "Mouse", "Fisherman", "Fish", "Cock", "Worm", "Man", "Pot of Gold")
_SUIT_LONG = ("bamboo", "characters", "dots")
_SUIT_ONE = ("bamboo", "character", "dot")  # a one of the suit: "pung of 1 dot", as "pung of 5 dots"


class Tile(int):
    """One tile kind. Create through :func:`tile` or :data:`TILES`; never directly.

    ``str(tile)`` is its notation (``5d``, ``E``, ``Wh``, ``f1``); ``repr`` is
    ``Tile('5d')``. Tiles compare and sort by index (bamboo, characters, dots,
    winds, dragons, flowers, seasons, special tiles).
    """

    __slots__ = ()

    def __new__(cls, index: int = 0) -> "Tile":
        """``Tile(5)`` is :data:`TILES` ``[5]`` (the 6 of bamboo); an index that
        is not a whole number 0-49 raises :class:`TileError` (it would name no
        tile, or the wrong one: ``-1`` would read as the last)."""
        if not isinstance(index, int) or isinstance(index, bool):
            raise TileError(f"{index!r} is not a tile index (a whole number 0-{len(_NOTATION) - 1})")
        if not 0 <= index < len(_NOTATION):
            raise TileError(f"{int(index)} is not a tile index (tiles are numbered 0-{len(_NOTATION) - 1})")
        return TILES[index]

    # --- classification -------------------------------------------------
    @property
    def index(self) -> int:
        """Index 0-49 (0-33 for the playing kinds)."""
        return int(self)

    @property
    def suit(self) -> Suit:
        return _SUIT_OF[self]

    @property
    def number(self) -> int | None:
        """Rank 1-9 of a suited tile, 1-4 of a Flower/Season, else ``None``."""
        i = int(self)
        if i < 27:
            return i % 9 + 1
        if 34 <= i < 42:
            return (i - 34) % 4 + 1
        return None

    @property
    def is_suited(self) -> bool:
        return int(self) < 27

    @property
    def is_honor(self) -> bool:
        """Winds and dragons."""
        return 27 <= int(self) < 34

    @property
    def is_wind(self) -> bool:
        return 27 <= int(self) < 31

    @property
    def is_dragon(self) -> bool:
        return 31 <= int(self) < 34

    @property
    def is_terminal(self) -> bool:
        """A suited one or nine."""
        i = int(self)
        return i < 27 and i % 9 in (0, 8)

    @property
    def is_head(self) -> bool:
        """Ones, nines, winds and dragons (seed README: "Heads")."""
        i = int(self)
        return i < 34 and (i >= 27 or i % 9 in (0, 8))

    @property
    def is_simple(self) -> bool:
        """A suited two to eight."""
        i = int(self)
        return i < 27 and i % 9 not in (0, 8)

    @property
    def is_bonus(self) -> bool:
        """Flowers, Seasons and special tiles: not part of any set."""
        return int(self) >= 34

    @property
    def is_playing(self) -> bool:
        """One of the 34 kinds that form sets (four copies each)."""
        return int(self) < 34

    @property
    def wind(self) -> Wind | None:
        """The wind of a wind tile, or the wind a Flower/Season belongs to."""
        i = int(self)
        if 27 <= i < 31:
            return Wind(i - 27)
        if 34 <= i < 42:
            return Wind((i - 34) % 4)
        return None

    @property
    def copies(self) -> int:
        """How many of this tile a full set holds: 4 (playing tiles) or 1."""
        return 4 if int(self) < 34 else 1

    def next_in_suit(self, steps: int = 1) -> "Tile | None":
        """The suited tile ``steps`` ranks higher in the same suit, or ``None``."""
        i = int(self)
        if i >= 27:
            return None
        rank = i % 9 + steps
        return TILES[i + steps] if 0 <= rank < 9 else None

    # --- notation -------------------------------------------------------
    @property
    def name(self) -> str:
        """Plain English name: ``"5 dots"``, ``"1 dot"``, ``"East wind"``, ``"Flower 1"``."""
        i = int(self)
        if i < 27:
            return f"{i % 9 + 1} {(_SUIT_ONE if i % 9 == 0 else _SUIT_LONG)[i // 9]}"
        if i < 34:
            return _HONOR_LONG[i - 27]
        if i < 38:
            return f"Flower {i - 33}"
        if i < 42:
            return f"Season {i - 37}"
        return _SPECIAL_LONG[i - 42]

    def __str__(self) -> str:
        return _NOTATION[int(self)]

    def __repr__(self) -> str:
        return f"Tile({str(self)!r})"

    def __reduce__(self):
        return (tile, (str(self),))

    @staticmethod
    def parse(text: str) -> "Tile":
        """Parse one tile (``"5d"``, ``"Wh"``, ``"f2"``, ``"Cat"``).

        Raises :class:`TileError` naming the text when it is not one tile.
        """
        found = _BY_NOTATION.get(text.strip())
        if found is None:
            raise TileError(f"{text!r} is not a tile (examples: 5d, 9b, 1c, E, Wh, R, G, f1, s4)")
        return found


def _notation(i: int) -> str:
    if i < 27:
        return f"{i % 9 + 1}{'bcd'[i // 9]}"
    if i < 34:
        return _HONOR_NAMES[i - 27]
    if i < 38:
        return f"f{i - 33}"
    if i < 42:
        return f"s{i - 37}"
    return _SPECIAL_NAMES[i - 42]


def _suit(i: int) -> Suit:
    if i < 27:
        return Suit(i // 9)
    if i < 31:
        return Suit.WIND
    if i < 34:
        return Suit.DRAGON
    if i < 38:
        return Suit.FLOWER
    if i < 42:
        return Suit.SEASON
    return Suit.SPECIAL


_NOTATION = tuple(_notation(i) for i in range(50))
_SUIT_OF = tuple(_suit(i) for i in range(50))  # Tile.suit by index
TILES: tuple[Tile, ...] = tuple(int.__new__(Tile, i) for i in range(50))
"""Every tile kind, indexed by :attr:`Tile.index`."""
PLAYING_TILES = TILES[:34]
"""The 34 kinds that form sets."""
BONUS_TILES = TILES[34:]
"""Flowers f1-f4, Seasons s1-s4 and the eight special tiles."""
_BY_NOTATION = {s: t for s, t in zip(_NOTATION, TILES)}


def tile(text: str) -> Tile:
    """Shorthand for :meth:`Tile.parse`: ``tile("5d")``."""
    return Tile.parse(text)


_COPIES = tuple(tuple((TILES[i],) * n for n in range(5)) for i in range(34))  # kind -> n -> n copies


def tiles_of(counts) -> list[Tile]:
    """The tiles of 34 counts of the playing kinds (each 0-4), lowest first: the inverse of
    :meth:`Hand.counts <mahjongg.hand.Hand.counts>`. Raises ``IndexError`` for a count
    above 4."""
    out: list[Tile] = []
    for i, n in enumerate(counts):
        if n:
            out.extend(_COPIES[i][n])
    return out
