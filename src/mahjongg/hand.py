"""Melds and hands: the core values every layer shares.

* :class:`Meld` -- a chow, pung, kong or pair, exposed or concealed.
* :class:`Hand` -- a player's concealed tiles, the melds he has laid on the
  table (exposed melds and concealed kongs) and his Flowers/Seasons.

Both are immutable and print in the hand notation (``docs/notation.md``):
``Hand.parse("123b [555d] {2222c} EE f1")``; ``str(hand)`` gives it back.

Source: seed 000 (Pung Chow Part I), "Summary of the game" (four sets and a
pair), "To chow", "To pung", "Four of a kind" (exposed and concealed sets, a
concealed kong shown with its end tiles face down).
"""

from __future__ import annotations

from mahjongg.errors import MahjonggError

from dataclasses import dataclass
from enum import Enum
from typing import Iterable

from .notation import NotationError, check_copies, format_tiles, parse_tiles, split_groups
from .tiles import NUM_KINDS, TILES, Tile

__all__ = ["MeldKind", "Meld", "Hand", "HandError", "parse_meld", "parse_hand", "format_hand", "kong_hint"]


class HandError(MahjonggError):
    """A hand or meld that cannot exist; the message names what is wrong."""


class MeldKind(Enum):
    """The shapes a hand is built of (seed 000, "Summary of the game")."""

    CHOW = "chow"  # three in sequence of one suit
    PUNG = "pung"  # three of a kind
    KONG = "kong"  # four of a kind
    PAIR = "pair"  # the pair that completes a hand

    # members are unique objects compared by identity: hash them by identity
    # too (C speed; Enum's own hashes the name in Python), as melds and the
    # scorer's caches hash them constantly
    __hash__ = object.__hash__

    @property
    def size(self) -> int:
        return _SIZES[self]


_SIZES = {MeldKind.CHOW: 3, MeldKind.PUNG: 3, MeldKind.KONG: 4, MeldKind.PAIR: 2}


_MELD_TILES = {  # kind -> tile -> the tiles of that meld (a chow's from its lowest tile)
    kind: tuple(
        (TILES[i], TILES[i + 1], TILES[i + 2]) if kind is MeldKind.CHOW else (TILES[i],) * _SIZES[kind]
        for i in range(NUM_KINDS)
    )
    for kind in MeldKind
}

_MELD_TEXT: dict = {}  # (kind, tile, exposed) -> a meld's notation (a few hundred melds exist)


@dataclass(frozen=True, slots=True)
class Meld:
    """A set (chow, pung, kong) or the pair.

    ``tile`` is the set's lowest tile (its only kind for pung/kong/pair).
    ``exposed`` is true for a set made with a claimed discard (or added to),
    false for one held in the hand or a concealed kong laid face down.
    ``claimed``: an exposed kong made by claiming a discard onto a pung held
    concealed (Kajongg's "claimed kong", ``aaaA``), as against one whose fourth
    tile was drawn and added to an exposed pung; it is exposed, and a ruleset
    may read it as leaving the hand concealed
    (:attr:`~mahjongg.rules.Ruleset.claimed_kong_concealed`).

    Prints as ``[555d]`` (exposed), ``<5555d>`` (a claimed kong), ``{2222c}``
    (concealed kong), ``555d`` (concealed set in the hand).
    """

    kind: MeldKind
    tile: Tile
    exposed: bool = False
    claimed: bool = False

    def __post_init__(self) -> None:
        t = self.tile
        if not t.is_playing:
            raise HandError(f"{t} is a bonus tile and cannot be part of a {self.kind.value}")
        if self.kind is MeldKind.CHOW and (not t.is_suited or t.number > 7):
            raise HandError(f"no chow starts at {t}: a chow is three consecutive tiles of one suit")
        if self.claimed and (self.kind is not MeldKind.KONG or not self.exposed):
            raise HandError(f"only an exposed kong is claimed onto a concealed pung, not a {self.kind.value} of {t}")

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """The meld's tiles, lowest first."""
        return _MELD_TILES[self.kind][self.tile]

    @property
    def is_set(self) -> bool:
        """Chow, pung or kong (not the pair)."""
        return self.kind is not MeldKind.PAIR

    @property
    def is_pung_or_kong(self) -> bool:
        return self.kind is MeldKind.PUNG or self.kind is MeldKind.KONG

    @property
    def is_kong(self) -> bool:
        return self.kind is MeldKind.KONG

    @property
    def is_chow(self) -> bool:
        return self.kind is MeldKind.CHOW

    @property
    def is_pair(self) -> bool:
        return self.kind is MeldKind.PAIR

    def __contains__(self, tile: object) -> bool:
        return tile in self.tiles

    def with_exposed(self, exposed: bool = True) -> "Meld":
        return Meld(self.kind, self.tile, exposed, self.claimed and exposed)

    def body(self) -> str:
        """The meld's tiles in notation without brackets: ``555d``, ``WhWhWh``."""
        tiles = self.tiles
        if tiles[0].is_suited:
            return "".join(str(t.number) for t in tiles) + tiles[0].suit.letter
        return "".join(str(t) for t in tiles)

    def __str__(self) -> str:
        key = (self.kind, self.tile, self.exposed, self.claimed)  # hashed in C, unlike the meld
        r = _MELD_TEXT.get(key)
        if r is None:
            r = _MELD_TEXT[key] = self._text()
        return r

    def _text(self) -> str:
        body = self.body()
        if self.claimed:
            return f"<{body}>"
        if self.exposed:
            return f"[{body}]"
        if self.kind is MeldKind.KONG:
            return "{" + body + "}"
        return body

    def __repr__(self) -> str:
        return f"Meld({str(self)!r})"

    @staticmethod
    def parse(text: str) -> "Meld":
        """Parse one meld: ``"[555d]"``, ``"<5555d>"``, ``"{2222c}"``, ``"123b"`` (concealed) (:func:`parse_meld`)."""
        return parse_meld(text)


_new = object.__new__
_set = object.__setattr__


def _counts(tiles: Iterable[Tile]) -> list[int]:
    counts = [0] * NUM_KINDS
    for t in tiles:
        counts[t] += 1
    return counts


@dataclass(frozen=True, slots=True)
class Hand:
    """A player's hand.

    * ``concealed`` -- tiles held in the hand, sorted (a loser has 13 minus 3
      per declared meld; a winner one more).
    * ``melds`` -- sets laid on the table: exposed chows/pungs/kongs and
      concealed kongs, in the order they were declared.
    * ``bonus`` -- Flowers, Seasons and special tiles laid out, sorted.
    * ``hidden`` -- bonus tiles held concealed instead of laid out (ruleset
      ``traditional``: a special tile kept back to capture its prey; notation
      ``(Cat)``). Each takes the place of a tile in the hand, so it counts
      in :attr:`size`; it scores nothing.

    A hand's *size* counts every kong as three tiles: 13 between turns, 14
    with the drawn or winning tile (seed 000, "Mah-Jongg or Mah-Diao": "for
    every four of a kind ... an extra tile"). ``Hand`` itself accepts any size;
    :meth:`parse` checks it.
    """

    concealed: tuple[Tile, ...]
    melds: tuple[Meld, ...] = ()
    bonus: tuple[Tile, ...] = ()
    hidden: tuple[Tile, ...] = ()

    def __post_init__(self) -> None:
        concealed = tuple(sorted(self.concealed))
        object.__setattr__(self, "concealed", concealed)
        if self.bonus or type(self.bonus) is not tuple:
            object.__setattr__(self, "bonus", tuple(sorted(self.bonus)))
        hidden = self.hidden
        if hidden or type(hidden) is not tuple:
            hidden = tuple(sorted(hidden))
            object.__setattr__(self, "hidden", hidden)
            if hidden and hidden[0] < 34:  # the lowest is not a bonus tile
                t = hidden[0]
                raise HandError(f"{t} is not a bonus tile: only Flowers, Seasons and special tiles are held back as (...)")
        if concealed and concealed[-1] >= 34:  # the highest is a bonus tile
            t = next(t for t in concealed if t >= 34)
            raise HandError(f"{t} is a bonus tile: lay it out, do not hold it in the hand")
        for m in self.melds:
            if m.kind is MeldKind.PAIR:
                raise HandError("a pair is never laid on the table")

    @classmethod
    def trusted(
        cls,
        concealed: tuple[Tile, ...],
        melds: tuple[Meld, ...] = (),
        bonus: tuple[Tile, ...] = (),
        hidden: tuple[Tile, ...] = (),
    ) -> "Hand":
        """``Hand(concealed, melds, bonus, hidden)`` without sorting or checks,
        for a caller that already holds sorted tuples of valid tiles (the
        table engine, which builds every seat's hand at the end of each
        hand): about a fifth of the cost. The result equals (and hashes as)
        the checked one."""
        h = _new(cls)
        _set(h, "concealed", concealed)
        _set(h, "melds", melds)
        _set(h, "bonus", bonus)
        _set(h, "hidden", hidden)
        return h

    # --- sizes and counts -------------------------------------------------
    @property
    def size(self) -> int:
        """Concealed tiles (hidden bonus tiles included) plus three per declared meld (kongs count three)."""
        return len(self.concealed) + len(self.hidden) + 3 * len(self.melds)

    @property
    def kongs(self) -> int:
        return sum(1 for m in self.melds if m.kind is MeldKind.KONG)

    @property
    def tile_count(self) -> int:
        """Every playing tile in the hand, kongs counted four."""
        return len(self.concealed) + sum(m.kind.size for m in self.melds)

    @property
    def is_concealed(self) -> bool:
        """No exposed meld (concealed kongs allowed)."""
        return not any(m.exposed for m in self.melds)

    def counts(self) -> list[int]:
        """34-count vector of the concealed tiles."""
        return _counts(self.concealed)

    def all_counts(self) -> list[int]:
        """34-count vector of every playing tile, melds included."""
        counts = _counts(self.concealed)
        for m in self.melds:
            for t in m.tiles:
                counts[t] += 1
        return counts

    def all_tiles(self) -> tuple[Tile, ...]:
        """Every playing tile (concealed and in melds), sorted."""
        tiles = list(self.concealed)
        for m in self.melds:
            tiles += _MELD_TILES[m.kind][m.tile]
        tiles.sort()
        return tuple(tiles)

    # --- changes (new hands) ------------------------------------------------
    def add(self, tile: Tile) -> "Hand":
        """This hand with ``tile`` added to the concealed tiles (or to the bonus tiles)."""
        if tile.is_bonus:
            return Hand(self.concealed, self.melds, self.bonus + (tile,), self.hidden)
        return Hand(self.concealed + (tile,), self.melds, self.bonus, self.hidden)

    def remove(self, tile: Tile) -> "Hand":
        """This hand without one ``tile`` from the concealed tiles.

        Raises :class:`HandError` if the hand does not hold it.
        """
        tiles = list(self.concealed)
        try:
            tiles.remove(tile)
        except ValueError:
            raise HandError(f"the hand holds no {tile} in its concealed tiles") from None
        return Hand(tuple(tiles), self.melds, self.bonus, self.hidden)

    # --- notation ---------------------------------------------------------
    @staticmethod
    def parse(text: str, *, sizes: tuple[int, ...] = (13, 14)) -> "Hand":
        """Parse hand notation (``docs/notation.md``).

        ``sizes`` are the accepted :attr:`size` values (13 for a waiting or
        losing hand, 14 with the winning tile). Raises
        :class:`~mahjongg.notation.NotationError` naming the offending token
        and position.
        """
        return parse_hand(text, sizes=sizes)

    def __str__(self) -> str:
        return format_hand(self)

    def __repr__(self) -> str:
        return f"Hand({str(self)!r})"


# --- notation (docs/notation.md): parsing melds and hands, printing hands ----------
def _meld_from(tiles: tuple[Tile, ...], opener: str, tok: str, pos: int) -> Meld:
    """The meld in brackets ``opener`` (``"["``, ``"{"``, ``"<"``); error names the group and its position."""
    where = f"{tok!r} at position {pos}"
    if any(t.is_bonus for t in tiles):
        raise NotationError(f"{where}: Flowers, Seasons and special tiles are never part of a meld")
    n = len(tiles)
    same = all(t == tiles[0] for t in tiles)
    if opener == "{":
        if n == 4 and same:
            return Meld(MeldKind.KONG, tiles[0], exposed=False)
        raise NotationError(f"{where} is not a concealed kong: {{...}} holds four identical tiles")
    if opener == "<":
        if n == 4 and same:
            return Meld(MeldKind.KONG, tiles[0], exposed=True, claimed=True)
        raise NotationError(
            f"{where} is not a claimed kong: <...> holds four identical tiles (a discard claimed onto a concealed pung)"
        )
    if n == 4 and same:
        return Meld(MeldKind.KONG, tiles[0], exposed=True)
    if n == 3 and same:
        return Meld(MeldKind.PUNG, tiles[0], exposed=True)
    if n == 3:
        ts = sorted(tiles)
        if any(t.is_honor for t in ts):
            raise NotationError(f"{where} is not a meld: winds and dragons cannot form a chow")
        if len({t.suit for t in ts}) > 1:
            raise NotationError(f"{where} is not a meld: a chow is three tiles of one suit")
        if ts[1] == ts[0] + 1 and ts[2] == ts[1] + 1:
            return Meld(MeldKind.CHOW, ts[0], exposed=True)
        raise NotationError(
            f"{where} is not a meld: a chow is three consecutive tiles "
            f"({', '.join(str(t) for t in tiles)} are not)"
        )
    raise NotationError(f"{where} is not a meld: {_why_no_meld(tiles)}")


def _why_no_meld(tiles: tuple[Tile, ...]) -> str:
    """Why a bracketed group of other than three tiles (or four identical) is no meld."""
    n = len(tiles)
    ts = sorted(tiles)
    names = ", ".join(str(t) for t in tiles)
    same_suit = all(not t.is_honor for t in ts) and len({t.suit for t in ts}) == 1
    if n == 4 and same_suit and all(b == a + 1 for a, b in zip(ts, ts[1:])):
        low, high = Meld(MeldKind.CHOW, ts[0]), Meld(MeldKind.CHOW, ts[1])
        return (
            f"a chow is three tiles in a row; four in a row is no meld "
            f"(write the chow [{low}] or [{high}] and the fourth tile outside the brackets)"
        )
    if n == 4:
        return f"a kong is four identical tiles ({names} are not), a chow or pung three"
    if n == 2 and ts[0] == ts[1]:
        return "a pair is never exposed: write it without brackets (an exposed meld is a chow, pung or kong)"
    if n > 4:
        return f"a meld has at most four tiles (a kong), not {n}"
    return f"an exposed meld is a chow or pung (3 tiles) or a kong (4 tiles), not {n} tile{'s' * (n != 1)}"


def _parse_groups(text: str):
    """Concealed tiles, melds, bonus tiles and hidden bonus tiles of hand
    notation (:func:`~mahjongg.notation.split_groups`, the melds checked, then
    the copies)."""
    concealed, groups, bonus, hidden, positions = split_groups(text)
    melds = [_meld_from(tiles, opener, body, pos) for tiles, opener, body, pos in groups]
    check_copies(positions)
    return concealed, melds, bonus, hidden


def parse_meld(text: str) -> Meld:
    """Parse one meld: ``"[555d]"``, ``"<5555d>"``, ``"{2222c}"``, or a concealed ``"555d"``/``"123b"``/``"EE"``."""
    stripped = text.strip()
    if stripped[:1] in "[{<":
        concealed, melds, bonus, hidden = _parse_groups(stripped)
        if len(melds) == 1 and not concealed and not bonus and not hidden:
            return melds[0]
        raise NotationError(f"{text!r} is not exactly one meld")
    tiles = parse_tiles(stripped)
    try:
        meld = _meld_from(tiles, "[", stripped, 0)
    except NotationError:
        if len(tiles) == 2 and tiles[0] == tiles[1] and tiles[0].is_playing:
            return Meld(MeldKind.PAIR, tiles[0])
        raise
    return meld.with_exposed(False)


def parse_hand(text: str, *, sizes: tuple[int, ...] | None = (13, 14)) -> Hand:
    """Parse a hand. ``sizes``: accepted :attr:`Hand.size` values (``None``: any).

    Raises :class:`NotationError` for bad tokens, bad melds, a fifth copy of a
    tile, or a hand of the wrong size.
    """
    concealed, melds, bonus, hidden = _parse_groups(text)
    hand = Hand(tuple(concealed), tuple(melds), tuple(bonus), tuple(hidden))
    if sizes is not None and hand.size not in sizes:
        kongs = hand.kongs
        expect = " or ".join(str(s + kongs) for s in sizes)
        # a bonus tile held concealed, (Cat), takes a place among the tiles (Hand.size): counted here too,
        # else "(f1)" beside 13 tiles reads "has 13 tiles; ... needs 13 or 14"
        held = "".join(f" ({t})" for t in hand.hidden)
        among = f", {held.strip()} held concealed among them" if held else ""
        raise NotationError(
            f"{text!r} has {hand.tile_count + len(hand.hidden)} tiles{among}; a hand with {kongs} kong{'s' if kongs != 1 else ''} "
            f"needs {expect} (13, or 14 with the winning tile, plus one per kong; Flowers and Seasons laid out not counted)"
            + kong_hint(hand, sizes)
        )
    return hand


def kong_hint(hand: Hand, sizes: tuple[int, ...]) -> str:
    """For a hand whose size is not in ``sizes`` but would be if some of the
    fours of a kind among its concealed tiles were written as kongs (each
    counts as three): a hint, starting ``"; "``, naming them and how a kong is
    written; else ``""``."""
    fours = [t for t in dict.fromkeys(hand.concealed) if hand.concealed.count(t) == 4]
    if not any(hand.size - k in sizes for k in range(1, len(fours) + 1)):
        return ""
    written = [format_tiles((t,) * 4) for t in fours]
    first = written[0]
    what = f"{first} in the hand is four of a kind" if len(fours) == 1 else (
        f"{', '.join(written[:-1])} and {written[-1]} in the hand are four of a kind each"
    )
    return (
        f"; {what}, counted as four tiles:"
        f" a kong is written [{first}] (exposed) or {{{first}}} (concealed) and counts as three"
    )


def format_hand(hand: Hand) -> str:
    """A hand in notation: concealed tiles, then melds, then bonus tiles, then hidden bonus tiles ``(Cat)``."""
    parts = [format_tiles(hand.concealed)] if hand.concealed else []
    for m in hand.melds:
        parts.append(str(m))
    if hand.bonus:
        parts.extend(str(t) for t in hand.bonus)
    if hand.hidden:
        parts.extend(f"({t})" for t in hand.hidden)
    return " ".join(parts)
