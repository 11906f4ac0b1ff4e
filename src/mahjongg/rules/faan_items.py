"""Faan scoring: small frozen rule objects counting faan, and the faan table.

A faan ruleset (``hong-kong``) is an ordinary :class:`~mahjongg.rules.ruleset.Ruleset`
whose ``rules`` are the objects below and whose ``faan`` is a
:class:`FaanTable`. Each rule yields :class:`FaanItem` s for one reading of a
winning hand; the scorer (``mahjongg.scoring.evaluate``) hands the items to
the ruleset's tally (:meth:`~mahjongg.rules.ruleset.Ruleset.tally`):
:meth:`FaanTable.tally`, which

* lets a limit hand absorb every other item (the hand scores the limit);
* when ``patterns_include_parts`` is on, drops each item that is a part of a
  pattern also scored (a dragon pung inside small three dragons, the own
  flower inside all four flowers, all pungs inside mixed terminals): "each
  in all";
* caps the faan at the limit and reads the points from the table.

Only the winner scores faan; a loser's hand scores nothing.

Every value is a field: change one with ``dataclasses.replace`` or, for a whole
ruleset, :func:`mahjongg.rules.hong_kong.hong_kong`. Values and their published
sources: ``docs/rules/hong-kong.md``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..errors import MahjonggError
from ..hand import Meld
from ..settlement import Payment, Settlement, SettlementError
from ..tiles import TILES, Suit, Tile, Wind
from .context import Reading, WinBy
from .items import Item, ScoringRule, Wording, _memo_lines
from .tally import Tally

__all__ = [
    "FaanItem",
    "FaanTable",
    "FaanRule",
    "LimitHand",
    "SelfDrawn",
    "ConcealedOnDiscard",
    "NoFlowers",
    "OwnBonusTile",
    "FourBonusTiles",
    "DragonPung",
    "SeatWindPung",
    "RoundWindPung",
    "AllChows",
    "AllPungs",
    "MixedTerminals",
    "MixedOneSuit",
    "PureOneSuit",
    "SmallThreeDragons",
    "GreatThreeDragons",
    "SmallFourWinds",
    "LastTile",
    "WinOnKongLooseTile",
    "RobbingKong",
    "ThirteenOrphans",
    "NineGates",
    "AllHonors",
    "AllTerminals",
    "AllKongs",
    "FourConcealedPungs",
    "HeavenlyHand",
    "EarthlyHand",
    "GreatFourWinds",
    "AllEightFlowers",
]


@dataclass(frozen=True, slots=True)
class FaanItem(Item):
    """One scored line in faan. ``part_of``: names of patterns that include
    this item ("in all"); ``includes``: names of items this one includes
    (the other side of ``part_of``, for a pattern that names its parts:
    mixed terminals includes all pungs); ``bonus``: a Flower/Season item (see
    :attr:`FaanTable.bonus_counts_to_minimum`)."""

    faan: int = 0
    part_of: tuple[str, ...] = ()
    bonus: bool = False
    includes: tuple[str, ...] = ()

    def to_dict(self) -> dict:
        if self.limit:
            return {"name": self.name, "limit": True}
        return {"name": self.name, "faan": self.faan}


def _doubling(limit: int) -> tuple[int, ...]:
    return tuple(2**n for n in range(limit + 1))


@dataclass(frozen=True)
class FaanTable:
    """How faan become points, and when a hand may be declared.

    ``minimum``: faan a winning hand needs to be declared (agreed before the
    game). ``limit``: the most faan a hand counts; a limit hand scores it.
    ``points``: points for 0, 1, 2, ... ``limit`` faan (doubling by default:
    1, 2, 4, ... 1024). ``patterns_include_parts``: a pattern's faan are "in
    all" -- its parts (the dragon pungs of small/great three dragons, the
    wind pungs of small four winds, the own flower/season of all four, the
    all pungs of mixed terminals) are not scored besides; off: they are added. ``bonus_counts_to_minimum``:
    whether Flower/Season faan count toward ``minimum``.
    Payment (:func:`mahjongg.rules.hong_kong.settle_faan`): on a discard the
    discarder pays ``discarder_pays`` times the points and each other loser
    ``others_pay`` times; on a self-drawn win every loser pays
    ``self_drawn_pays`` times.
    """

    minimum: int = 3
    limit: int = 10
    points: tuple[int, ...] = _doubling(10)
    patterns_include_parts: bool = True
    bonus_counts_to_minimum: bool = True
    discarder_pays: int = 2
    others_pay: int = 1
    self_drawn_pays: int = 2

    def __post_init__(self) -> None:
        if not 0 <= self.minimum <= self.limit:
            raise MahjonggError(f"the minimum ({self.minimum} faan) must lie between 0 and the limit ({self.limit})")
        if len(self.points) != self.limit + 1:
            raise MahjonggError(
                f"the points table needs one entry for each of 0..{self.limit} faan, not {len(self.points)}"
            )

    def with_limit(self, limit: int) -> "FaanTable":
        """This table with another limit and the doubling points up to it."""
        from dataclasses import replace

        return replace(self, limit=limit, points=_doubling(limit), minimum=min(self.minimum, limit))

    def points_for(self, faan: int) -> int:
        """The points of ``faan`` faan (at most the limit)."""
        return self.points[max(0, min(faan, self.limit))]

    def tally(self, reading: Reading, items: list[Item]) -> Tally | None:
        """Faan and points of one reading from the items its rules scored, as a
        :class:`~mahjongg.rules.tally.Tally` (``score``: the table's points for the
        faan; ``points`` and ``doubles`` 0); ``None`` for a special-shape reading no
        limit hand accepts."""
        if not reading.is_winner:
            return Tally(0, 0, 0, (), None, 0)  # only the winner scores
        limits = [i for i in items if i.limit]
        if limits:
            return Tally(self.points_for(self.limit), 0, 0, tuple(limits), limits[0].name, self.limit)
        if reading.shape != "standard":
            return None
        kept = list(items)
        if self.patterns_include_parts:
            present = {i.name for i in kept}
            included = {n for i in kept for n in getattr(i, "includes", ())}
            kept = [
                i for i in kept if i.name not in included and not present.intersection(getattr(i, "part_of", ()))
            ]
        faan = min(sum(getattr(i, "faan", 0) for i in kept), self.limit)
        return Tally(self.points_for(faan), 0, 0, tuple(kept), None, faan)

    def counted_faan(self, score) -> int:
        """The faan of ``score`` that count toward the minimum."""
        if score.limit_hand:
            return self.limit
        if self.bonus_counts_to_minimum:
            return score.faan or 0
        return min(sum(i.faan for i in score.items if isinstance(i, FaanItem) and not i.bonus), self.limit)

    def may_declare(self, score) -> bool:
        """Whether a winning hand with ``score`` reaches the minimum."""
        return self.counted_faan(score) >= self.minimum

    def settle(self, points: int, winner: Wind, *, discarder: Wind | None = None, seats=tuple(Wind)):
        """Who pays the winner (a :class:`~mahjongg.settlement.Settlement`).

        ``points``: the winning hand's points. ``discarder``: the seat that
        discarded the winning tile, ``None`` for a self-drawn win. On a
        discard the discarder pays ``discarder_pays`` times the points and
        each other player ``others_pay`` times; on a self-drawn win every
        other player pays ``self_drawn_pays`` times. Only the winner is paid.
        """
        seats = tuple(sorted(seats))
        if winner not in seats:
            raise SettlementError(f"the winner {winner.letter} is not at the table")
        if discarder is not None and (discarder not in seats or discarder == winner):
            raise SettlementError(f"the discarder {discarder.letter} must be another player at the table")
        if points < 0:
            raise SettlementError(f"points {points} are negative")
        payments = []
        for s in seats:
            if s == winner:
                continue
            if discarder is None:
                factor = self.self_drawn_pays
            else:
                factor = self.discarder_pays if s == discarder else self.others_pay
            if points * factor:
                payments.append(Payment(s, winner, points * factor))
        return Settlement(tuple(payments), seats)


# --- rule bases --------------------------------------------------------------------


@dataclass(frozen=True)
class FaanRule(ScoringRule):
    """A faan rule: scores ``faan`` for the winner's standard hand (four sets and a pair)."""

    faan: int = 1
    part_of: tuple[str, ...] = ()
    who: ClassVar[str] = "winner"
    bonus: ClassVar[bool] = False

    def applies(self, r: Reading) -> bool:
        return r.is_winner and r.shape == "standard"

    def applies_to(self, winner: bool, shape: str) -> bool | None:
        if type(self).applies is FaanRule.applies:
            return winner and shape == "standard"
        return None

    def item(self, name: str | None = None) -> FaanItem:
        return FaanItem(name or self.name, faan=self.faan, part_of=self.part_of, bonus=self.bonus)

    def evaluate(self, r, so_far):
        # a tuple, not a generator: run for every reading of every hand scored; the line
        # made once (:meth:`item` reads the rule's values only)
        if not self.met(r):
            return ()
        return _memo_lines(self, "_item", lambda: (self.item(),))

    def met(self, r: Reading) -> bool:  # pragma: no cover
        raise NotImplementedError


@dataclass(frozen=True)
class LimitHand(ScoringRule):
    """A limit hand: yields a limit item, which absorbs every other item."""

    who: ClassVar[str] = "winner"
    special: ClassVar[bool] = False  # also read the whole concealed hand ("special" shape)
    wording: ClassVar[Wording] = Wording(limit=True)

    def applies(self, r: Reading) -> bool:
        return r.is_winner and (r.shape == "standard" or self.special)

    def applies_to(self, winner: bool, shape: str) -> bool | None:
        if type(self).applies is LimitHand.applies:
            return winner and (shape == "standard" or self.special)
        return None

    def evaluate(self, r, so_far):
        return (FaanItem(self.name, limit=True),) if self.met(r) else ()

    def met(self, r: Reading) -> bool:  # pragma: no cover
        raise NotImplementedError


def _pungs(r: Reading) -> tuple[Meld, ...]:
    return r.pungs


def _bonus(r: Reading, suit: Suit) -> list[Tile]:
    return [t for t in r.hand.bonus if t.suit is suit]


# --- how the hand was won ----------------------------------------------------------


@dataclass(frozen=True)
class SelfDrawn(FaanRule):
    """The winning tile drawn from the wall (or a loose tile)."""

    def met(self, r):
        return r.win.by.self_drawn


@dataclass(frozen=True)
class ConcealedOnDiscard(FaanRule):
    """No exposed meld (concealed kongs allowed) and the winning tile claimed."""

    def met(self, r):
        return r.hand.is_concealed and not r.win.by.self_drawn


@dataclass(frozen=True)
class LastTile(FaanRule):
    """Won on the last tile of the wall (drawn, or its discard)."""

    reads: ClassVar[tuple[str, ...]] = ("last_tile",)

    def met(self, r):
        return r.win.last_tile


@dataclass(frozen=True)
class WinOnKongLooseTile(FaanRule):
    """Won on the loose tile drawn after a kong; with ``after_flower`` also on
    one drawn to replace a Flower/Season (``Win.after_flower``)."""

    reads: ClassVar[tuple[str, ...]] = ("after_flower",)

    after_flower: bool = False
    wording: ClassVar[Wording] = Wording(labels=(("after_flower", "also after a Flower or Season"),))

    def met(self, r):
        return r.win.by is WinBy.LOOSE and (self.after_flower or not r.win.after_flower)


@dataclass(frozen=True)
class RobbingKong(FaanRule):
    """Won on the tile another player added to his exposed pung."""

    def met(self, r):
        return r.win.by is WinBy.ROBBED_KONG


# --- Flowers and Seasons -----------------------------------------------------------


@dataclass(frozen=True)
class NoFlowers(FaanRule):
    """No Flower and no Season laid out."""

    bonus: ClassVar[bool] = True

    def met(self, r):
        return not _bonus(r, Suit.FLOWER) and not _bonus(r, Suit.SEASON)


@dataclass(frozen=True)
class OwnBonusTile(FaanRule):
    """The Flower (``suit=Suit.FLOWER``) or Season of the player's seat (1 East ... 4 North)."""

    suit: Suit = Suit.FLOWER
    bonus: ClassVar[bool] = True

    def met(self, r):
        return any(t.wind == r.seat for t in _bonus(r, self.suit))


@dataclass(frozen=True)
class FourBonusTiles(FaanRule):
    """All four Flowers (``suit=Suit.FLOWER``) or all four Seasons."""

    suit: Suit = Suit.FLOWER
    bonus: ClassVar[bool] = True

    def met(self, r):
        return len(set(_bonus(r, self.suit))) == 4


# --- honor sets ---------------------------------------------------------------------


@dataclass(frozen=True)
class DragonPung(FaanRule):
    """``faan`` for each pung or kong of dragons."""

    def evaluate(self, r, so_far):
        for m in _pungs(r):
            if m.tile.is_dragon:
                yield self.item(f"{self.name} ({m.tile.name})")


@dataclass(frozen=True)
class SeatWindPung(FaanRule):
    """A pung or kong of the player's own (seat) wind."""

    def met(self, r):
        return any(m.tile == r.seat.tile for m in _pungs(r))


@dataclass(frozen=True)
class RoundWindPung(FaanRule):
    """A pung or kong of the round (prevailing) wind."""

    def met(self, r):
        return any(m.tile == r.round.tile for m in _pungs(r))


def _honor_count(r: Reading, dragon: bool) -> tuple[int, bool]:
    kind = (lambda t: t.is_dragon) if dragon else (lambda t: t.is_wind)
    pungs = sum(1 for m in _pungs(r) if kind(m.tile))
    pair = r.pair is not None and kind(r.pair.tile)
    return pungs, pair


@dataclass(frozen=True)
class SmallThreeDragons(FaanRule):
    """Two dragon pungs/kongs and a pair of the third dragon."""

    def met(self, r):
        return _honor_count(r, True) == (2, True)


@dataclass(frozen=True)
class GreatThreeDragons(FaanRule):
    """Pungs/kongs of all three dragons."""

    def met(self, r):
        return _honor_count(r, True)[0] == 3


@dataclass(frozen=True)
class SmallFourWinds(FaanRule):
    """Three wind pungs/kongs and a pair of the fourth wind."""

    def met(self, r):
        return _honor_count(r, False) == (3, True)


# --- the hand's shape ----------------------------------------------------------------


@dataclass(frozen=True)
class AllChows(FaanRule):
    """Four chows and a pair (the common hand)."""

    def met(self, r):
        return len(r.sets) == 4 and all(m.is_chow for m in r.sets)


@dataclass(frozen=True)
class AllPungs(FaanRule):
    """Four pungs or kongs and a pair."""

    def met(self, r):
        return len(r.sets) == 4 and all(m.is_pung_or_kong for m in r.sets)


@dataclass(frozen=True)
class MixedTerminals(FaanRule):
    """Terminals (ones and nines) and honors only, both present (混么九, "mixed
    orphans", Wan Dai Yiu). Such a hand has no chow, so it is always all
    pungs: ``includes`` names the items its faan include ("in all", under
    :attr:`FaanTable.patterns_include_parts`); ``()`` counts it on top of them.
    All terminals and all honors are limit hands and absorb it."""

    includes: tuple[str, ...] = ()
    wording: ClassVar[Wording] = Wording(labels=(("includes", "its faan include"),))

    def item(self, name: str | None = None) -> FaanItem:
        return FaanItem(name or self.name, faan=self.faan, part_of=self.part_of, includes=self.includes)

    def met(self, r):
        tiles = r.tiles
        return (
            all(t.is_terminal or t.is_honor for t in tiles)
            and any(t.is_terminal for t in tiles)
            and any(t.is_honor for t in tiles)
        )


@dataclass(frozen=True)
class MixedOneSuit(FaanRule):
    """One suit and honors."""

    def met(self, r):
        return len(r.suits) == 1 and r.has_honors


@dataclass(frozen=True)
class PureOneSuit(FaanRule):
    """One suit, no honors."""

    def met(self, r):
        return len(r.suits) == 1 and not r.has_honors


# --- limit hands ---------------------------------------------------------------------

_ORPHANS = frozenset(t for t in TILES[:34] if t.is_head)


@dataclass(frozen=True)
class ThirteenOrphans(LimitHand):
    """One of each one, nine, wind and dragon, and a second of one of them; nothing declared."""

    special: ClassVar[bool] = True

    def met(self, r):
        c = r.hand.concealed
        return not r.hand.melds and len(c) == 14 and set(c) == _ORPHANS


@dataclass(frozen=True)
class NineGates(LimitHand):
    """Concealed 1112345678999 of one suit, won on any tile of that suit."""

    def met(self, r):
        h = r.hand
        if h.melds or len(r.suits) != 1 or r.has_honors:
            return False
        counts = h.counts()
        counts[r.win.tile] -= 1
        base = next(iter(r.suits)) * 9
        return counts[base : base + 9] == [3, 1, 1, 1, 1, 1, 1, 1, 3]


@dataclass(frozen=True)
class AllHonors(LimitHand):
    """Winds and dragons only."""

    def met(self, r):
        return all(t.is_honor for t in r.tiles)


@dataclass(frozen=True)
class AllTerminals(LimitHand):
    """Ones and nines only."""

    def met(self, r):
        return all(t.is_terminal for t in r.tiles)


@dataclass(frozen=True)
class AllKongs(LimitHand):
    """Four kongs and a pair."""

    def met(self, r):
        return sum(1 for m in r.sets if m.is_kong) == 4


@dataclass(frozen=True)
class FourConcealedPungs(LimitHand):
    """Four pungs/kongs none of them exposed (a pung completed by a claimed tile is exposed)."""

    def met(self, r):
        pungs = _pungs(r)
        return len(pungs) == 4 and not any(m.exposed for m in pungs)


@dataclass(frozen=True)
class HeavenlyHand(LimitHand):
    """The Jong (East) wins on the fourteen tiles dealt (``Win.original``)."""

    reads: ClassVar[tuple[str, ...]] = ("original",)

    def met(self, r):
        return r.win.original and r.seat is Wind.EAST


@dataclass(frozen=True)
class EarthlyHand(LimitHand):
    """Another player wins with his dealt hand on the Jong's first discard
    (``Win.first_discard``) or on the first tile he receives (``Win.original``)."""

    reads: ClassVar[tuple[str, ...]] = ("original", "first_discard")

    def met(self, r):
        w = r.win
        return r.seat is not Wind.EAST and (w.original or (w.first_discard and w.by is WinBy.DISCARD))


@dataclass(frozen=True)
class GreatFourWinds(LimitHand):
    """Pungs/kongs of all four winds."""

    def met(self, r):
        return _honor_count(r, False)[0] == 4


@dataclass(frozen=True)
class AllEightFlowers(LimitHand):
    """All four Flowers and all four Seasons laid out (any hand shape)."""

    special: ClassVar[bool] = True

    def met(self, r):
        return len(set(_bonus(r, Suit.FLOWER))) == 4 and len(set(_bonus(r, Suit.SEASON))) == 4
