"""Scoring rule types of ``traditional`` (seed 001, "Traditional Mah Jongg").

Small frozen values in the shape of :mod:`mahjongg.rules.items`; the ruleset
(``rules/traditional.py``) gives them their names and values. Readings of the
seed are in ``docs/rules/traditional.md``.

* Bonus tiles: :class:`BonusTilePoints`, :class:`OwnSeasonDoubles`,
  :class:`FullSeriesDoubles`, :class:`SpecialPairDoubles`,
  :class:`HiddenSpecialTile` (seed 001, "The Seasons score as follows",
  "The Special tiles score as follows").
* :class:`WinOnKongLooseTile`: the loose-tile bonus, after a kong only.
* The sixteen special limit hands (seed 001, "special limit hands" 1-16),
  each a :class:`LimitHand`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..tiles import Suit, Tile, Wind, tile
from .context import Reading, WinBy
from .items import Item, ScoringRule, Wording, _memo_lines
from .special_tiles import HUNTERS

__all__ = [
    "BonusTilePoints",
    "OwnSeasonDoubles",
    "FullSeriesDoubles",
    "SpecialPairDoubles",
    "HiddenSpecialTile",
    "WinOnKongLooseTile",
    "LimitHand",
    "HiddenTreasure",
    "AllHonorSets",
    "AllTerminalSets",
    "AllGreen",
    "ThreeGreatScholars",
    "FourLargeBlessings",
    "AllKongs",
    "NineUnitedSons",
    "ThirteenUniqueWonders",
    "HeavenlyPeace",
    "EarthlyPeace",
    "MoonFromTheBottomOfTheSea",
    "PlumBlossomOnTheRoof",
    "ScratchingACarryingPole",
    "KongOnKong",
    "HeavenlyTwins",
    "GREEN_TILES",
]


# --- Flowers, Seasons and special tiles (all hands) ---------------------------------

@dataclass(frozen=True)
class BonusTilePoints(ScoringRule):
    """Points for each Flower, Season or special tile laid out (``Hand.bonus``);
    tiles held back (``Hand.hidden``) score nothing."""

    reads_singles: ClassVar[bool] = False  # a loser's sets, pairs, bonus tiles, calls, winds

    points: int = 4

    def evaluate(self, r, so_far):
        # a tuple, not a generator: run for every arrangement of every hand
        bonus = r.hand.bonus
        if not bonus:
            return ()
        # made once per bonus tiles held (this runs on every reading of every hand)
        return _memo_lines(self, bonus, lambda: tuple(Item(f"{t.name}", points=self.points) for t in bonus))


@dataclass(frozen=True)
class OwnSeasonDoubles(ScoringRule):
    """Doubles for the player's own Flower/Season (number 1 East ... 4 North):
    ``one`` for one of them, ``both`` for both."""

    reads_singles: ClassVar[bool] = False  # a loser's sets, pairs, bonus tiles, calls, winds

    one: int = 1
    both: int = 2
    wording: ClassVar[Wording] = Wording("doubles", labels=(("one", "one of them"), ("both", "both")))

    def evaluate(self, r, so_far):
        bonus = r.hand.bonus
        if not bonus:
            return ()
        seat = int(r.seat)
        return _memo_lines(self, (bonus, seat), lambda: self._lines(bonus, seat))

    def _lines(self, bonus, seat) -> tuple:
        own = [t for t in bonus if t.suit in (Suit.FLOWER, Suit.SEASON) and t.wind == seat]
        if len(own) == 1:
            return (Item(f"own {own[0].name}", doubles=self.one),)
        if len(own) >= 2:
            # the rule's name in the plural: "both own Seasons", "both own mandarins"
            return (Item(f"both {self.name}s ({', '.join(t.name for t in own)})", doubles=self.both),)
        return ()


@dataclass(frozen=True)
class FullSeriesDoubles(ScoringRule):
    """Doubles for all four Flowers, and again for all four Seasons (one colour each)."""

    reads_singles: ClassVar[bool] = False  # a loser's sets, pairs, bonus tiles, calls, winds

    doubles: int = 3

    def evaluate(self, r, so_far):
        bonus = r.hand.bonus
        if len(bonus) < 4:
            return ()
        return _memo_lines(self, bonus, lambda: tuple(  # made once per bonus tiles laid out
            Item(f"all four {word}", doubles=self.doubles)
            for suit, word in ((Suit.FLOWER, "Flowers"), (Suit.SEASON, "Seasons"))
            if len({t for t in bonus if t.suit is suit}) == 4
        ))


@dataclass(frozen=True)
class SpecialPairDoubles(ScoringRule):
    """Doubles for each matched pair of special tiles (hunter and prey) laid out."""

    doubles: int = 1

    def evaluate(self, r, so_far):
        if len(r.hand.bonus) < 2:
            return ()
        laid = set(r.hand.bonus)
        return tuple(
            Item(f"{hunter.name} and {prey.name}", doubles=self.doubles)
            for hunter, prey in HUNTERS.items()
            if hunter in laid and prey in laid
        )


@dataclass(frozen=True)
class HiddenSpecialTile(ScoringRule):
    """A hand holding a special tile unexposed (``Hand.hidden``) scores nothing."""

    wording: ClassVar[Wording] = Wording(void=True)

    def evaluate(self, r, so_far):
        if not r.hand.hidden:
            return ()
        held = [t for t in r.hand.hidden if t.suit is Suit.SPECIAL]
        if held:
            return (Item(f"{', '.join(t.name for t in held)} held unexposed: scores nothing", void=True),)
        return ()


# --- winner's bonus ------------------------------------------------------------------


@dataclass(frozen=True)
class WinOnKongLooseTile(ScoringRule):
    """Points for a win on a loose tile drawn after a kong (not after a Flower)."""

    reads: ClassVar[tuple[str, ...]] = ("after_flower",)

    points: int = 10
    who: ClassVar[str] = "winner"

    def evaluate(self, r, so_far):
        if r.win.by is WinBy.LOOSE and not r.win.after_flower:
            yield Item(self.name, points=self.points)


# --- the sixteen special limit hands -------------------------------------------------


@dataclass(frozen=True)
class LimitHand(ScoringRule):
    """Base of the limit hands: a winning reading that :meth:`matches` scores
    the limit (``Item(name, limit=True)``)."""

    who: ClassVar[str] = "winner"
    wording: ClassVar[Wording] = Wording(limit=True)

    def matches(self, r: Reading) -> bool:  # pragma: no cover
        raise NotImplementedError

    def evaluate(self, r, so_far):
        if self.matches(r):
            yield Item(self.name, limit=True)


def _standard(r: Reading) -> bool:
    """Four sets and a pair (a special-shape reading is not; a hand that is
    not complete has no standard reading)."""
    return r.shape == "standard" and r.pair is not None and len(r.sets) == 4


def _all_sets_of_a_kind(r: Reading) -> bool:
    return all(m.is_pung_or_kong for m in r.sets)


@dataclass(frozen=True)
class HiddenTreasure(LimitHand):
    """Four concealed pungs or kongs and a pair, the winning tile drawn too
    (concealed kongs allowed)."""

    def matches(self, r):
        return (
            _standard(r)
            and r.win.by.self_drawn
            and _all_sets_of_a_kind(r)
            and not any(m.exposed for m in r.sets)
        )


@dataclass(frozen=True)
class AllHonorSets(LimitHand):
    """Four sets (pungs or kongs) and a pair of winds and dragons only."""

    def matches(self, r):
        return _standard(r) and all(t.is_honor for t in r.tiles)


@dataclass(frozen=True)
class AllTerminalSets(LimitHand):
    """Four sets (pungs or kongs) and a pair of ones and nines only."""

    def matches(self, r):
        return _standard(r) and all(t.is_terminal for t in r.tiles)


GREEN_TILES = frozenset(tile(t) for t in ("2b", "3b", "4b", "6b", "8b", "G"))
"""The wholly green tiles (seed 001, All Green): green dragon, 2 3 4 6 8 bamboo."""


@dataclass(frozen=True)
class AllGreen(LimitHand):
    """Four sets and a pair of wholly green tiles (a 2-3-4 bamboo chow allowed)."""

    def matches(self, r):
        return _standard(r) and all(t in GREEN_TILES for t in r.tiles)


@dataclass(frozen=True)
class ThreeGreatScholars(LimitHand):
    """Pungs or kongs of all three dragons; any other set and pair."""

    def matches(self, r):
        return _standard(r) and len({m.tile for m in r.sets if m.is_pung_or_kong and m.tile.is_dragon}) == 3


@dataclass(frozen=True)
class FourLargeBlessings(LimitHand):
    """Pungs or kongs of all four winds and any pair."""

    def matches(self, r):
        return _standard(r) and len({m.tile for m in r.sets if m.is_pung_or_kong and m.tile.is_wind}) == 4


@dataclass(frozen=True)
class AllKongs(LimitHand):
    """Four kongs (exposed or concealed) and any pair."""

    def matches(self, r):
        return _standard(r) and all(m.is_kong for m in r.sets)


_NINE_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)


@dataclass(frozen=True)
class NineUnitedSons(LimitHand):
    """A concealed hand (nothing declared) of one suit: 1112345678999 and any
    tile of the suit, drawn or claimed."""

    def matches(self, r):
        h = r.hand
        if h.melds or len(h.concealed) != 14:
            return False
        suits = {t.suit for t in h.concealed}
        if len(suits) != 1 or not h.concealed[0].is_suited:
            return False
        base = h.concealed[0].suit * 9
        counts = [0] * 9
        for t in h.concealed:
            counts[t - base] += 1
        counts[r.win.tile - base] -= 1
        return tuple(counts) == _NINE_GATES


@dataclass(frozen=True)
class ThirteenUniqueWonders(LimitHand):
    """One of each wind, dragon, one and nine (13 kinds), and a fourteenth
    tile pairing one of them; nothing declared."""

    def matches(self, r):
        h = r.hand
        return not h.melds and len(h.concealed) == 14 and all(t.is_head for t in h.concealed) and len(set(h.concealed)) == 13


@dataclass(frozen=True)
class HeavenlyTwins(LimitHand):
    """Seven different pairs: one of each wind and dragon, or seven of one
    suit; nothing declared; the last tile drawn or claimed."""

    def matches(self, r):
        h = r.hand
        if h.melds or len(h.concealed) != 14:
            return False
        kinds = set(h.concealed)
        if len(kinds) != 7 or any(h.concealed.count(t) != 2 for t in kinds):
            return False
        return all(t.is_honor for t in kinds) or (
            all(t.is_suited for t in kinds) and len({t.suit for t in kinds}) == 1
        )


# Limit hands made by the game's events: a complete hand (four sets and a
# pair) won in that way. The facts come from the engine through ``Win``.


@dataclass(frozen=True)
class HeavenlyPeace(LimitHand):
    """East's original hand complete (after his Flowers and kongs are laid
    out): ``Win.original`` for East."""

    reads: ClassVar[tuple[str, ...]] = ("original",)

    def matches(self, r):
        return _standard(r) and r.seat == Wind.EAST and r.win.original


@dataclass(frozen=True)
class EarthlyPeace(LimitHand):
    """Another player goes out on East's first discard: ``Win.first_discard``."""

    reads: ClassVar[tuple[str, ...]] = ("first_discard",)

    def matches(self, r):
        return _standard(r) and r.seat != Wind.EAST and r.win.by is WinBy.DISCARD and r.win.first_discard


@dataclass(frozen=True)
class MoonFromTheBottomOfTheSea(LimitHand):
    """The last live tile of the wall, drawn, is ``tile`` (the one of dots)."""

    reads: ClassVar[tuple[str, ...]] = ("last_tile",)

    tile: Tile = tile("1d")

    def matches(self, r):
        w = r.win
        return _standard(r) and w.by is WinBy.WALL and w.last_tile and w.tile == self.tile


@dataclass(frozen=True)
class PlumBlossomOnTheRoof(LimitHand):
    """A loose tile drawn after a kong (not after a Flower) is ``tile`` (the five of dots)."""

    reads: ClassVar[tuple[str, ...]] = ("after_flower",)

    tile: Tile = tile("5d")

    def matches(self, r):
        w = r.win
        return _standard(r) and w.by is WinBy.LOOSE and not w.after_flower and w.tile == self.tile


@dataclass(frozen=True)
class ScratchingACarryingPole(LimitHand):
    """Going out by robbing a kong of ``tile`` (the two of bamboo)."""

    tile: Tile = tile("2b")

    def matches(self, r):
        w = r.win
        return _standard(r) and w.by is WinBy.ROBBED_KONG and w.tile == self.tile


@dataclass(frozen=True)
class KongOnKong(LimitHand):
    """Going out on the loose tile drawn after a kong made with the loose
    tile of a kong: ``Win.after_kong_on_kong``."""

    reads: ClassVar[tuple[str, ...]] = ("after_kong_on_kong", "after_flower")

    def matches(self, r):
        w = r.win
        return _standard(r) and w.by is WinBy.LOOSE and w.after_kong_on_kong and not w.after_flower
