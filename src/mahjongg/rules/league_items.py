"""Scoring rule kinds of the league rules (``dmjl``, ``bmja``).

The two classical rulesets that clubs play today, as Kajongg (KDE) defines
them: the Deutsche Mah Jongg Liga's Classical Chinese rules and the British
Mah-Jong Association's. Each kind here is one rule of Kajongg's
``src/predefined.py`` (its name, its value) with the test of its
``src/rulecode.py`` written anew; the rulesets in ``rules/league.py`` set
their values and cite them. Rules shared with the other rulesets
(set points, pairs, dragon and wind doubles, bonus tiles) are the kinds of
``rules/items.py`` and ``rules/traditional_items.py``.

A limit here may be a **fraction** of the limit (``fraction``: BMJA's half
limits, 0.4 and 0.2 for a loser calling for a limit hand): the scorer scores
it only when it is worth more than the hand's points doubled.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import ClassVar

from ..hand import MeldKind
from ..tiles import TILES, Suit, Tile, Wind
from .context import Reading, WinBy
from .items import Item, MahJongg, OneSuitDoubles, ScoringRule, Wording, _memo_lines, _own_line

__all__ = [
    "LeagueLimit",
    "OwnFlowerAndSeason",
    "ThreeConcealedPungs",
    "HonorGroups",
    "LastTileCompletesPair",
    "OnlyPossibleTile",
    "OtherPairsPoints",
    "StandardMahJongg",
    "ZeroPointHand",
    "NoChowDoubles",
    "ConcealedHandDoubles",
    "WinnerOneSuitDoubles",
    "Purity",
    "OnlyHeadsDoubles",
    "LooseTileWinDoubles",
    "LastTileOfWallDoubles",
    "RobbingKongDoubles",
    "OriginalCallDoubles",
    "ConcealedTrueColor",
    "OnlyHonors",
    "HiddenTreasure",
    "HeadsAndTails",
    "FourfoldPlenty",
    "ThreeGreatScholars",
    "FourBlessings",
    "ImperialJade",
    "TileWinLimit",
    "TwofoldFortune",
    "BlessingOfHeaven",
    "BlessingOfEarth",
    "EastsNinthWin",
    "BuriedTreasure",
    "NineGates",
    "GatesOfHeaven",
    "ThirteenOrphans",
    "SquirmingSnake",
    "WrigglingSnake",
    "TripleKnitting",
    "Knitting",
    "AllPairHonors",
    "CallingFor",
    "CallingForDoubles",
    "is_wriggling_snake",
    "is_knitting",
    "is_triple_knitting",
    "is_all_pair_honors",
    "wriggling_snake_counts",
    "knitting_counts",
    "triple_knitting_counts",
    "all_pair_honors_counts",
    "gates_of_heaven_counts",
]

_HEAD_KINDS = frozenset(i for i in range(34) if i >= 27 or i % 9 in (0, 8))  # ones, nines, winds, dragons
_GREEN = frozenset(int(t) for t in (TILES[1], TILES[2], TILES[3], TILES[5], TILES[7], TILES[32]))  # 2 3 4 6 8 bamboo, green dragon


def _standard(r: Reading) -> bool:
    return r.shape == "standard" and r.pair is not None and len(r.sets) == 4


def _set_count(r: Reading, test) -> int:
    return sum(1 for m in r.sets if m.is_pung_or_kong and test(m.tile))


def _exposed(r: Reading) -> bool:
    """Any exposed set, or the pair a claimed winning tile completed (Kajongg
    exposes the last meld of a claimed tile, a pair too; ``hand.py``
    ``__arrange``), or a special hand won on a claimed tile (Kajongg exposes
    the pair or knitted meld that tile completed the same way). A kong claimed
    from a discard onto a concealed pung (:attr:`Meld.claimed`) is not: Kajongg's
    ``isClaimedKong`` in ``OnlyConcealedMelds``, ``ConcealedTrueColorGame`` and
    ``HiddenTreasure`` (the scorer leaves ``claimed`` set only under a ruleset
    that reads it so: :attr:`Ruleset.claimed_kong_concealed`)."""
    if r.pair is not None and r.pair.exposed:
        return True
    if r.shape != "standard" and r.win is not None and not r.win.by.self_drawn:
        return True
    return any(m.exposed and not m.claimed for m in r.sets)


# --- all hands ---------------------------------------------------------------------


@dataclass(frozen=True)
class OwnFlowerAndSeason(ScoringRule):
    """Doubles for holding both the player's own Flower and own Season
    (DMJL; Kajongg ``OwnFlowerOwnSeason``)."""

    reads_singles: ClassVar[bool] = False  # a loser's sets, pairs, bonus tiles, calls, winds

    doubles: int = 1

    def evaluate(self, r, so_far):
        own = [t for t in r.hand.bonus if t.suit in (Suit.FLOWER, Suit.SEASON) and t.wind == r.seat]
        if len({t.suit for t in own}) == 2:
            return _own_line(self, doubles=self.doubles)
        return ()


@dataclass(frozen=True)
class ThreeConcealedPungs(ScoringRule):
    """Doubles for three or more concealed pungs or kongs (Kajongg
    ``ThreeConcealedPongs``); a set a claimed winning tile completed is
    exposed."""

    reads_singles: ClassVar[bool] = False  # a loser's sets, pairs, bonus tiles, calls, winds

    doubles: int = 1

    def evaluate(self, r, so_far):
        # a claimed kong (Meld.claimed) counts: Kajongg "x.isConcealed or x.isClaimedKong"
        if sum(1 for m in r.sets if m.is_pung_or_kong and (m.claimed or not m.exposed)) >= 3:
            return _own_line(self, doubles=self.doubles)
        return ()


@dataclass(frozen=True)
class HonorGroups(ScoringRule):
    """Doubles for sets of dragons (``group`` ``"dragons"``) or winds
    (``"winds"``): ``sets`` pungs or kongs of them, and with ``pair`` the pair
    of another one too (Kajongg ``LittleThreeDragons``, ``BigThreeDragons``,
    ``LittleFourJoys``, ``BigFourJoys``)."""

    reads_singles: ClassVar[bool] = False  # a loser's sets, pairs, bonus tiles, calls, winds

    group: str = "dragons"
    sets: int = 3
    pair: bool = False
    doubles: int = 1

    def evaluate(self, r, so_far):
        test = Tile.is_dragon.fget if self.group == "dragons" else Tile.is_wind.fget
        if _set_count(r, test) != self.sets:
            return ()
        paired = r.pair is not None and test(r.pair.tile)
        if paired == self.pair:
            return _own_line(self, doubles=self.doubles)
        return ()


@dataclass(frozen=True)
class OtherPairsPoints(ScoringRule):
    """A loser's hand: points for each further pair held besides the one read
    as its pair, as :class:`~mahjongg.rules.items.PairPoints` scores a pair
    (Kajongg arranges a loser's tiles into every pair they hold and scores
    each: ``hand.py`` ``__arrange``, its meld rules); and the winner's hand
    read as a special hand, whose pairs Kajongg arranges the same way (All
    pair honors: seven pairs, each scored by the meld rules: ``AllPairHonors.rearrange``)."""

    reads_singles: ClassVar[bool] = False  # a loser's sets, pairs, bonus tiles, calls, winds

    dragons: int = 2
    seat_wind: int = 2
    round_wind: int = 2
    who: ClassVar[str] = "others"
    wording: ClassVar[Wording] = Wording("points")

    def applies(self, r) -> bool:
        return not r.is_winner or r.shape != "standard"

    def applies_to(self, winner, shape):
        return not winner or shape != "standard"

    def evaluate(self, r, so_far):
        # run on every reading of every loser's hand: the honors among the loose tiles,
        # their lines made once for those honors and the winds
        honors = [t for t in r.loose if t >= 27]
        if len(honors) < 2:
            return ()
        honors.sort()
        return _memo_lines(self, (tuple(honors), int(r.seat), int(r.round)), lambda: self._lines(honors, r.seat, r.round))

    def _lines(self, honors, seat, round_) -> tuple:
        c: dict = {}
        for t in honors:
            c[t] = c.get(t, 0) + 1
        out = []
        for t, n in sorted(c.items()):
            if n < 2:
                continue
            pts = self.dragons if t.is_dragon else (self.seat_wind if t.wind == seat else 0) + (self.round_wind if t.wind == round_ else 0)
            if pts:
                out.append(Item(f"pair of {t.name}", points=pts))
        return tuple(out)


# --- winning hand: points and doubles --------------------------------------------------


@dataclass(frozen=True)
class StandardMahJongg(MahJongg):
    """Points for going out with four sets and a pair (Kajongg ``Standard
    Mah Jongg``, the rule of that shape, 20 points); a special hand goes out by
    its own rule, which has no points (``predefined.py``: Knitting, All pair
    honors ... score only their share of the limit), so a special reading
    scores none of these."""

    def applies(self, r) -> bool:
        return r.shape == "standard"

    def applies_to(self, winner, shape):
        return winner and shape == "standard"


@dataclass(frozen=True)
class LastTileCompletesPair(ScoringRule):
    """Points when the winning tile completed the pair: ``simple`` for a
    pair of twos to eights, ``head`` for ones, nines, winds and dragons
    (DMJL; Kajongg ``LastTileCompletesPairMinor``/``Major``)."""

    simple: int = 2
    head: int = 4
    who: ClassVar[str] = "winner"
    wording: ClassVar[Wording] = Wording("points")

    def evaluate(self, r, so_far):
        m = r.winning_meld
        if m is None or not m.is_pair:
            return ()
        if m.tile.is_head:
            return (Item(f"{self.name} (head)", points=self.head),)
        return (Item(self.name, points=self.simple),)


@dataclass(frozen=True)
class OnlyPossibleTile(ScoringRule):
    """Points when only one tile could complete the hand, and the winning
    tile is not of a kong the hand holds (DMJL; Kajongg ``LastOnlyPossible``)."""

    points: int = 2
    who: ClassVar[str] = "winner"

    def evaluate(self, r, so_far):
        t = r.win.tile
        if tuple(r.waits) != (t,) or any(m.is_kong and m.tile == t for m in r.sets):
            return ()
        return _own_line(self, points=self.points)


@dataclass(frozen=True)
class ZeroPointHand(ScoringRule):
    """Doubles for a winning hand whose sets and pair score no points
    (bonus tiles aside): no pung or kong, a pair of no scoring kind (DMJL;
    Kajongg ``ZeroPointHand``). ``pair_scores``: the pairs that score --
    ``"dragons"``, ``"seat"``, ``"round"``."""

    doubles: int = 1
    who: ClassVar[str] = "winner"

    def evaluate(self, r, so_far):
        if not _standard(r) or any(m.is_pung_or_kong for m in r.sets):
            return ()
        t = r.pair.tile
        if t.is_dragon or (t.is_wind and t.wind in (r.seat, r.round)):
            return ()
        return _own_line(self, doubles=self.doubles)


@dataclass(frozen=True)
class NoChowDoubles(ScoringRule):
    """Doubles for a winning hand with no chow (Kajongg ``NoChow``)."""

    doubles: int = 1
    who: ClassVar[str] = "winner"

    def evaluate(self, r, so_far):
        # a special hand has no chow either (Kajongg's NoChow asks every meld, a special
        # hand's pairs and knitted melds too)
        if not any(m.is_chow for m in r.sets):
            return _own_line(self, doubles=self.doubles)
        return ()


@dataclass(frozen=True)
class ConcealedHandDoubles(ScoringRule):
    """Doubles for a winning hand with nothing exposed, the set completed by
    a claimed winning tile included (Kajongg ``OnlyConcealedMelds``)."""

    doubles: int = 1
    who: ClassVar[str] = "winner"

    def evaluate(self, r, so_far):
        if not _exposed(r):
            return _own_line(self, doubles=self.doubles)
        return ()


@dataclass(frozen=True)
class WinnerOneSuitDoubles(OneSuitDoubles):
    """:class:`OneSuitDoubles` for the winning hand only (DMJL's False and
    True Color Game; Kajongg ``FalseColorGame``, ``TrueColorGame``)."""

    who: ClassVar[str] = "winner"


@dataclass(frozen=True)
class Purity(ScoringRule):
    """Doubles for a hand of one suit, no honours and no chow (BMJA; Kajongg
    ``Purity``)."""

    doubles: int = 3
    who: ClassVar[str] = "winner"

    def evaluate(self, r, so_far):
        if len(r.suits) == 1 and not r.has_honors and not any(m.is_chow for m in r.sets):
            return _own_line(self, doubles=self.doubles)
        return ()


@dataclass(frozen=True)
class OnlyHeadsDoubles(ScoringRule):
    """Doubles for a hand of ones, nines, winds and dragons only (Kajongg
    ``OnlyMajors``)."""

    doubles: int = 1
    who: ClassVar[str] = "winner"

    def evaluate(self, r, so_far):
        if r.tiles and all(t.is_head for t in r.tiles):
            return _own_line(self, doubles=self.doubles)
        return ()


@dataclass(frozen=True)
class LooseTileWinDoubles(ScoringRule):
    """Doubles for winning with a loose tile from the dead wall (DMJL;
    Kajongg ``LastTileFromDeadWall``)."""

    doubles: int = 1
    who: ClassVar[str] = "winner"

    def evaluate(self, r, so_far):
        if r.win.by is WinBy.LOOSE:
            return _own_line(self, doubles=self.doubles)
        return ()


@dataclass(frozen=True)
class LastTileOfWallDoubles(ScoringRule):
    """Doubles for winning with the last tile of the wall: ``drawn`` it, or
    (``drawn`` False) claimed as it was discarded (Kajongg
    ``IsLastTileFromWall``, ``IsLastTileFromWallDiscarded``)."""

    reads: ClassVar[tuple[str, ...]] = ("last_tile",)
    doubles: int = 1
    drawn: bool = True
    who: ClassVar[str] = "winner"

    def evaluate(self, r, so_far):
        w = r.win
        if w.last_tile and (w.by is WinBy.WALL if self.drawn else w.by is WinBy.DISCARD):
            return _own_line(self, doubles=self.doubles)
        return ()


@dataclass(frozen=True)
class RobbingKongDoubles(ScoringRule):
    """Doubles for winning by robbing a kong (Kajongg ``RobbingKong``)."""

    doubles: int = 1
    who: ClassVar[str] = "winner"

    def evaluate(self, r, so_far):
        if r.win.by is WinBy.ROBBED_KONG:
            return _own_line(self, doubles=self.doubles)
        return ()


@dataclass(frozen=True)
class OriginalCallDoubles(ScoringRule):
    """Doubles for winning after declaring Original Call, with fewer than
    three exposed melds (Kajongg ``MahJonggWithOriginalCall``: "sum(x.isExposed
    for x in hand.melds) < 3"), the set or pair a claimed winning tile completed
    among them (Kajongg exposes it: ``hand.py`` ``__arrange``)."""

    reads: ClassVar[tuple[str, ...]] = ("original_call",)
    doubles: int = 1
    who: ClassVar[str] = "winner"

    def evaluate(self, r, so_far):
        if not r.win.original_call:
            return ()
        exposed = sum(1 for m in r.sets if m.exposed) + (r.pair is not None and r.pair.exposed)
        if exposed < 3:
            return _own_line(self, doubles=self.doubles)
        return ()


# --- winning hand: limit hands ---------------------------------------------------------


@dataclass(frozen=True)
class LeagueLimit(ScoringRule):
    """Base of the league limit hands: a winning reading that
    :meth:`matches` scores ``fraction`` of the limit."""

    who: ClassVar[str] = "winner"
    wording: ClassVar[Wording] = Wording(limit=True, labels=(("fraction", "share of the limit"),))
    fraction: float = 1.0

    def matches(self, r: Reading) -> bool:  # pragma: no cover
        raise NotImplementedError

    def evaluate(self, r, so_far):
        if self.matches(r):
            return (Item(self.name, limit=True, fraction=self.fraction),)
        return ()


@dataclass(frozen=True)
class ConcealedTrueColor(LeagueLimit):
    """One suit, no honours, nothing exposed (DMJL; Kajongg ``ConcealedTrueColorGame``)."""

    def matches(self, r):
        return _standard(r) and len(r.suits) == 1 and not r.has_honors and not _exposed(r)


@dataclass(frozen=True)
class OnlyHonors(LeagueLimit):
    """Winds and dragons only (Kajongg ``OnlyHonors``)."""

    def matches(self, r):
        return r.tiles and not r.suits and (r.shape == "standard" or is_all_pair_honors(r.hand))


@dataclass(frozen=True)
class HiddenTreasure(LeagueLimit):
    """Four concealed pungs or kongs and a pair, the winning tile drawn (DMJL;
    Kajongg ``HiddenTreasure``); a claimed kong (:attr:`Meld.claimed`) counts
    as concealed (Kajongg: ``x.isExposed and not x.isClaimedKong``)."""

    def matches(self, r):
        return (
            _standard(r)
            and r.win.by.self_drawn
            and all(m.is_pung_or_kong and (m.claimed or not m.exposed) for m in r.sets)
        )


@dataclass(frozen=True)
class HeadsAndTails(LeagueLimit):
    """Suited ones and nines only (Kajongg ``AllTerminals``)."""

    def matches(self, r):
        return _standard(r) and all(t.is_terminal for t in r.tiles)


@dataclass(frozen=True)
class FourfoldPlenty(LeagueLimit):
    """Four kongs (Kajongg ``FourfoldPlenty``)."""

    def matches(self, r):
        return _standard(r) and sum(1 for m in r.sets if m.is_kong) == 4


@dataclass(frozen=True)
class ThreeGreatScholars(LeagueLimit):
    """Pungs or kongs of the three dragons; ``no_chow``: and no chow (BMJA)
    (Kajongg ``ThreeGreatScholars``)."""

    no_chow: bool = False

    def matches(self, r):
        if not _standard(r) or _set_count(r, Tile.is_dragon.fget) != 3:
            return False
        return not (self.no_chow and any(m.is_chow for m in r.sets))


@dataclass(frozen=True)
class FourBlessings(LeagueLimit):
    """Pungs or kongs of the four winds (Kajongg ``FourBlessingsHoveringOverTheDoor``)."""

    def matches(self, r):
        return _standard(r) and _set_count(r, Tile.is_wind.fget) == 4


@dataclass(frozen=True)
class ImperialJade(LeagueLimit):
    """Green tiles only: 2 3 4 6 8 bamboo and green dragons (Kajongg ``AllGreen``)."""

    def matches(self, r):
        return _standard(r) and all(int(t) in _GREEN for t in r.tiles)


@dataclass(frozen=True)
class TileWinLimit(LeagueLimit):
    """Won with ``tile``: from a loose tile (``by`` ``"loose"``), as the last
    tile drawn from the wall (``"last"``), or robbing a kong
    (``"robbed-kong"``) -- Kajongg ``GatheringPlumBlossomFromRoof``,
    ``PluckingMoon``, ``ScratchingPole``."""

    tile: Tile = TILES[22]
    by: str = "loose"
    reads: ClassVar[tuple[str, ...]] = ("last_tile",)

    def matches(self, r):
        w = r.win
        if w.tile != self.tile or not _standard(r):
            return False
        if self.by == "last":
            return w.last_tile and w.by is WinBy.WALL
        return w.by.value == self.by


@dataclass(frozen=True)
class TwofoldFortune(LeagueLimit):
    """Won on the loose tile after a kong declared with a loose tile (Kajongg
    ``TwofoldFortune``)."""

    reads: ClassVar[tuple[str, ...]] = ("after_kong_on_kong",)

    def matches(self, r):
        return r.win.after_kong_on_kong and _standard(r)


@dataclass(frozen=True)
class BlessingOfHeaven(LeagueLimit):
    """East wins with the tiles dealt him (Kajongg ``BlessingOfHeaven``)."""

    reads: ClassVar[tuple[str, ...]] = ("original",)

    def matches(self, r):
        return r.seat == Wind.EAST and r.win.original and r.win.by.self_drawn and not _exposed(r) and _standard(r)


@dataclass(frozen=True)
class BlessingOfEarth(LeagueLimit):
    """Another player wins with East's first discard (Kajongg ``BlessingOfEarth``)."""

    reads: ClassVar[tuple[str, ...]] = ("first_discard",)

    def matches(self, r):
        return r.seat != Wind.EAST and r.win.first_discard and _standard(r)


@dataclass(frozen=True)
class EastsNinthWin(LeagueLimit):
    """East wins his ninth hand in a row (Kajongg ``EastWonNineTimesInARow``,
    "East won nine times in a row": "If that happens, East gets a limit score
    and the winds rotate"). Kajongg counts East's wins since the winds last
    rotated (``Point.notRotated``, the hands since then, drawn ones too, and the
    wins among them of the player who is East): a drawn hand, which keeps the
    deal, neither breaks the row nor counts in it. Reads
    :attr:`Win.wins_in_row <mahjongg.rules.context.Win.wins_in_row>`, which the
    play layer counts from the match. ``wins``: the wins in a row that score
    the limit; ``rotates``: the deal then passes to South all the same
    (Kajongg's ``rotate`` option), so there is no tenth."""

    reads: ClassVar[tuple[str, ...]] = ("wins_in_row",)
    wording: ClassVar[Wording] = Wording(
        limit=True,
        labels=(("fraction", "share of the limit"), ("wins", "East's wins in a row"), ("rotates", "then the deal passes")),
    )
    wins: int = 9
    rotates: bool = True

    def matches(self, r):
        return r.seat == Wind.EAST and r.win.wins_in_row >= self.wins and _standard(r)

    def passes_deal(self, wins_in_row: int) -> bool:
        return self.rotates and wins_in_row >= self.wins


@dataclass(frozen=True)
class BuriedTreasure(LeagueLimit):
    """Four concealed pungs (no kong) of one suit and honours, and a pair
    (BMJA; Kajongg ``BuriedTreasure``)."""

    def matches(self, r):
        return (
            _standard(r)
            and len(r.suits) == 1
            and all(m.kind is MeldKind.PUNG and not m.exposed for m in r.sets)
        )


# --- the ways to go out besides four sets and a pair (Kajongg's mjRules) ------------------


def _one_suit_values(r: Reading):
    """The ranks (1-9) of a hand of one suit without honours, or ``None``."""
    if len(r.suits) != 1 or r.has_honors:
        return None
    return Counter(t % 9 + 1 for t in r.tiles)


@dataclass(frozen=True)
class NineGates(LeagueLimit):
    """All concealed, one suit: 1112345678999 and one more, the winning tile
    (DMJL; Kajongg ``NineGates``)."""

    def matches(self, r):
        v = _one_suit_values(r)
        if v is None or r.hand.melds:
            return False
        rest = v.copy()
        rest.subtract({1: 3, 9: 3, **{n: 1 for n in range(2, 9)}})
        if any(n < 0 for n in rest.values()):
            return False
        return [k for k, n in rest.items() if n] == [r.win.tile % 9 + 1]


def gates_of_heaven_counts(c) -> bool:
    """Gates of Heaven of 14 concealed tiles as 34 counts: of one suit only, no
    honour, 1112345678999 and a second of one of 2 to 8 (:class:`GatesOfHeaven`).
    Never four sets and a pair within BMJA's one chow, so the table asks this
    (:meth:`~mahjongg.rules.league.LeagueRuleset.could_be_special`)."""
    suits = [s for s in range(3) if any(c[s * 9 : s * 9 + 9])]
    if len(suits) != 1 or any(c[27:34]):
        return False
    v = c[suits[0] * 9 : suits[0] * 9 + 9]
    return v[0] == 3 and v[8] == 3 and all(n in (1, 2) for n in v[1:8]) and sum(v[1:8]) == 8


@dataclass(frozen=True)
class GatesOfHeaven(LeagueLimit):
    """All concealed, one suit: 1112345678999 and a pair of 2 to 8 (BMJA;
    Kajongg ``GatesOfHeaven``)."""

    def matches(self, r):
        v = _one_suit_values(r)
        if v is None or r.hand.melds:
            return False
        rest = v.copy()
        rest.subtract({1: 3, 9: 3, **{n: 1 for n in range(2, 9)}})
        extra = [k for k, n in rest.items() if n]
        return all(n >= 0 for n in rest.values()) and len(extra) == 1 and 2 <= extra[0] <= 8


@dataclass(frozen=True)
class ThirteenOrphans(LeagueLimit):
    """One of each one, nine, wind and dragon, and a second of one of them
    (Kajongg ``ThirteenOrphans``; BMJA: The 13 Unique Wonders)."""

    def matches(self, r):
        h = r.hand
        return not h.melds and len(h.concealed) == 14 and all(t.is_head for t in h.concealed) and len(set(h.concealed)) == 13


@dataclass(frozen=True)
class SquirmingSnake(LeagueLimit):
    """One suit: pungs of 1 and 9, a pair of 2, 5 or 8 and two chows of the
    other ranks (DMJL; Kajongg ``SquirmingSnake``)."""

    def matches(self, r):
        v = _one_suit_values(r)
        if v is None or not _standard(r) or v[1] < 3 or v[9] < 3:
            return False
        pairs = [n for n in (2, 5, 8) if v[n] == 2]
        return len(pairs) == 1 and len(v) == 9


def is_wriggling_snake(hand) -> bool:
    """Nothing declared; a pair of ones, 2 to 9 of the same suit and the four
    winds (Kajongg ``WrigglingSnake``). Won, the last tile is self-drawn:
    :class:`WrigglingSnake`."""
    return not hand.melds and len(hand.concealed) == 14 and wriggling_snake_counts(hand.counts())


def wriggling_snake_counts(c) -> bool:
    """:func:`is_wriggling_snake` of 14 concealed tiles with nothing declared, as 34 counts:
    one of each wind, no dragon, and of one suit only two ones and one each of 2 to 9."""
    if c[27] != 1 or c[28] != 1 or c[29] != 1 or c[30] != 1 or c[31] or c[32] or c[33]:
        return False
    suits = [s for s in range(3) if any(c[s * 9 : s * 9 + 9])]
    if len(suits) != 1:
        return False
    lo = suits[0] * 9
    return c[lo] == 2 and all(c[lo + r] == 1 for r in range(1, 9))


@dataclass(frozen=True)
class WrigglingSnake(LeagueLimit):
    """:func:`is_wriggling_snake` (BMJA), the last tile self-drawn: Kajongg's
    ``WrigglingSnake.appliesToHand`` refuses a hand with any declared meld, and
    a claimed last tile declares the meld it completes (``hand.py``
    ``__arrange``), where its Knitting, Triple Knitting and All pair honors let
    one declared meld pass. A hand one tile from it still calls for it (the
    completed hand is read drawn from the wall: :func:`mahjongg.scoring.calling`)."""

    def matches(self, r):
        return r.win.by.self_drawn and is_wriggling_snake(r.hand)


def is_triple_knitting(hand) -> bool:
    """Four knitted triples (one rank in each of the three suits) and a
    knitted pair (one rank in two suits); nothing declared, no honours
    (Kajongg ``TripleKnitting``)."""
    return not hand.melds and len(hand.concealed) == 14 and triple_knitting_counts(hand.counts())


def triple_knitting_counts(c) -> bool:
    """:func:`is_triple_knitting` of 14 concealed tiles with nothing declared, as 34 counts:
    the triples taken rank by rank (as many as the three suits all hold), four of them, and
    the two tiles left one rank in two suits."""
    if any(c[27:34]):
        return False
    triples = 0
    rest = []
    for rank in range(9):
        a, b, d = c[rank], c[9 + rank], c[18 + rank]
        m = min(a, b, d)
        triples += m
        for k, n in ((rank, a), (9 + rank, b), (18 + rank, d)):
            if n > m:
                rest.extend([k] * (n - m))
                if len(rest) > 2:
                    return False
    return triples == 4 and len(rest) == 2 and rest[0] % 9 == rest[1] % 9 and rest[0] // 9 != rest[1] // 9


def is_knitting(hand) -> bool:
    """Seven knitted pairs: each one rank in both of two suits; nothing
    declared, no honours (Kajongg ``Knitting``)."""
    return not hand.melds and len(hand.concealed) == 14 and knitting_counts(hand.counts())


def knitting_counts(c) -> bool:
    """:func:`is_knitting` of 14 concealed tiles with nothing declared, as 34 counts: no
    honour, two suits held, rank by rank the same count in both."""
    if any(c[27:34]):
        return False
    suits = [s for s in range(3) if any(c[s * 9 : s * 9 + 9])]
    if len(suits) != 2:
        return False
    a, b = suits
    return c[a * 9 : a * 9 + 9] == c[b * 9 : b * 9 + 9]


def is_all_pair_honors(hand) -> bool:
    """Seven different pairs of ones, nines, winds and dragons; nothing
    declared (Kajongg ``AllPairHonors``)."""
    return not hand.melds and len(hand.concealed) == 14 and all_pair_honors_counts(hand.counts())


def all_pair_honors_counts(c) -> bool:
    """:func:`is_all_pair_honors` of 14 concealed tiles with nothing declared, as 34 counts:
    every kind held is a head (a one, a nine, a wind, a dragon), held twice."""
    for i, n in enumerate(c):
        if n and (n != 2 or i not in _HEAD_KINDS):
            return False
    return True


@dataclass(frozen=True)
class TripleKnitting(LeagueLimit):
    """:func:`is_triple_knitting` (BMJA, half a limit)."""

    def matches(self, r):
        return is_triple_knitting(r.hand)


@dataclass(frozen=True)
class Knitting(LeagueLimit):
    """:func:`is_knitting` (BMJA, half a limit)."""

    def matches(self, r):
        return is_knitting(r.hand)


@dataclass(frozen=True)
class AllPairHonors(LeagueLimit):
    """:func:`is_all_pair_honors` (BMJA, half a limit)."""

    def matches(self, r):
        return is_all_pair_honors(r.hand)


# --- the other hands: calling for a limit hand (BMJA) ----------------------------------------


@dataclass(frozen=True)
class CallingFor(ScoringRule):
    """A loser's hand waiting on a tile that would complete the limit hand
    named ``hand`` scores ``fraction`` of the limit (BMJA; Kajongg
    ``CallingHand``). Reads :attr:`Reading.calls`."""

    reads_singles: ClassVar[bool] = False  # a loser's sets, pairs, bonus tiles, calls, winds

    hand: str = ""
    fraction: float = 0.4
    who: ClassVar[str] = "others"
    wording: ClassVar[Wording] = Wording(limit=True, labels=(("hand", "waiting on"), ("fraction", "share of the limit")))
    reads_calls: ClassVar[bool] = True

    def applies(self, r) -> bool:
        return not r.is_winner

    def applies_to(self, winner, shape):
        return not winner

    def evaluate(self, r, so_far):
        calls = r.calls
        if calls and any(self.hand in names for _, names in calls):
            return (Item(self.name, limit=True, fraction=self.fraction),)
        return ()


@dataclass(frozen=True)
class CallingForDoubles(ScoringRule):
    """A loser's hand waiting on a tile that would complete a hand scoring
    the item ``hand`` scores ``doubles`` (BMJA: Calling for Purity)."""

    reads_singles: ClassVar[bool] = False  # a loser's sets, pairs, bonus tiles, calls, winds

    hand: str = ""
    doubles: int = 3
    who: ClassVar[str] = "others"
    reads_calls: ClassVar[bool] = True

    def applies(self, r) -> bool:
        return not r.is_winner

    def applies_to(self, winner, shape):
        return not winner

    def evaluate(self, r, so_far):
        calls = r.calls
        if calls and any(self.hand in names for _, names in calls):
            return _own_line(self, doubles=self.doubles)
        return ()
