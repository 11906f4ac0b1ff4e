"""Rulesets ``dmjl`` and ``bmja``: the classical rules the leagues play today.

``dmjl``: the Classical Chinese rules of the Deutsche Mah Jongg Liga;
``bmja``: those of the British Mah-Jong Association -- both as Kajongg (KDE)
defines them in ``src/predefined.py`` (classes ``ClassicalChinese``,
``ClassicalChineseDMJL``, ``ClassicalChineseBMJA``; Kajongg 469a588), each
rule citing Kajongg's name for it. The tests of the rules are our own
(``rules/league_items.py``), checked against Kajongg's own scoring tests
(``tests/test_kajongg_oracle.py``); what still differs, and why, is in
``docs/rules/dmjl.md`` and ``docs/rules/bmja.md``.

:func:`dmjl` and :func:`bmja` build them with their options (the limit,
"roof off"); :data:`DMJL` and :data:`BMJA` are registered.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..decomposition import is_thirteen_orphans
from ..settlement import Payment, Settlement, check_scores
from ..tiles import BONUS_TILES, TILES, Suit, Wind
from .items import (
    DragonSetDoubles,
    PairPoints,
    ScoringRule,
    SetPoints,
    WindSetDoubles,
    WinningTileDrawn,
)
from .league_items import (
    AllPairHonors,
    BlessingOfEarth,
    BlessingOfHeaven,
    EastsNinthWin,
    BuriedTreasure,
    CallingFor,
    CallingForDoubles,
    ConcealedHandDoubles,
    ConcealedTrueColor,
    FourBlessings,
    FourfoldPlenty,
    GatesOfHeaven,
    HeadsAndTails,
    HiddenTreasure,
    HonorGroups,
    ImperialJade,
    Knitting,
    LastTileCompletesPair,
    LastTileOfWallDoubles,
    LooseTileWinDoubles,
    NineGates,
    NoChowDoubles,
    OnlyHeadsDoubles,
    OnlyHonors,
    OnlyPossibleTile,
    OtherPairsPoints,
    StandardMahJongg,
    OriginalCallDoubles,
    OwnFlowerAndSeason,
    Purity,
    RobbingKongDoubles,
    SquirmingSnake,
    ThirteenOrphans,
    ThreeConcealedPungs,
    ThreeGreatScholars,
    TileWinLimit,
    TripleKnitting,
    TwofoldFortune,
    WinnerOneSuitDoubles,
    WrigglingSnake,
    ZeroPointHand,
    all_pair_honors_counts,
    gates_of_heaven_counts,
    knitting_counts,
    triple_knitting_counts,
    wriggling_snake_counts,
)
from .ruleset import Ruleset, RulesetError, Ruling
from .traditional_items import BonusTilePoints, FullSeriesDoubles, OwnSeasonDoubles

__all__ = ["dmjl", "bmja", "LeagueRuleset", "DMJL", "BMJA", "dangerous_tiles"]

# what a user reads (`mahjongg rules`, the score's items): the program and its ruleset by the
# names its players see; the classes they stand for are ClassicalChinese, ClassicalChineseDMJL
# and ClassicalChineseBMJA of Kajongg's src/predefined.py
KAJONGG = "Kajongg (KDE)"
CLASSICAL = KAJONGG + ", its Classical Chinese rules"
DMJL_SOURCE = KAJONGG + ", ruleset Classical Chinese DMJL"
BMJA_SOURCE = KAJONGG + ", ruleset Classical Chinese BMJA"

BONUS = tuple(int(t) for t in BONUS_TILES if t.suit in (Suit.FLOWER, Suit.SEASON))


_SHAPE_TESTS = {
    "wriggling-snake": wriggling_snake_counts,
    "knitting": knitting_counts,
    "triple-knitting": triple_knitting_counts,
    "all-pair-honors": all_pair_honors_counts,
    "gates-of-heaven": gates_of_heaven_counts,
}
"""The special hands' tests of 14 concealed tiles as counts (league_items), by shape name."""


@dataclass(frozen=True)
class LeagueRuleset(Ruleset):
    """A league ruleset: :class:`Ruleset` with the pre-check of its special
    hands (``shapes``: the names of the ways to go out that are not four
    sets and a pair -- ``"thirteen-orphans"``, ``"wriggling-snake"``,
    ``"knitting"``, ``"triple-knitting"``, ``"all-pair-honors"``,
    ``"gates-of-heaven"`` -- BMJA's, which within its one chow is never four
    sets and a pair)."""

    __hash__ = Ruleset.__hash__  # by the name (Ruleset.__hash__), not every scoring rule

    shapes: tuple[str, ...] = ()

    def could_be_special(self, counts, melds=(), bonus=()) -> bool:
        if melds:
            return False
        if "thirteen-orphans" in self.shapes and is_thirteen_orphans(counts):
            return True
        if sum(counts) != 14:
            return False
        # the special hands' own tests, on the counts (each leaves early on what it lacks)
        return any(_SHAPE_TESTS[s](counts) for s in self.shapes if s in _SHAPE_TESTS)

    def may_call_special(self, counts, melds=(), bonus=()) -> bool:
        """Whether one more tile could make these 13 concealed tiles one of the
        special hands (:data:`shapes`), by what each needs of the 13: Thirteen
        Orphans and All pair honors no 2-8; Wriggling Snake one suit, no dragon;
        Gates of Heaven one suit, no honour;
        Knitting no honour and, rank by rank, the same count in two suits but
        for one tile; Triple Knitting no honour and three knitted triples."""
        if melds:
            return False
        shapes = self.shapes
        simple = any(counts[1:8]) or any(counts[10:17]) or any(counts[19:26])  # 2 to 8 of a suit
        if not simple and ("thirteen-orphans" in shapes or "all-pair-honors" in shapes):
            return True
        # Wriggling Snake needs of 13 tiles what it needs of 14: one suit at most, no dragon
        dragons = any(counts[31:34])
        if "wriggling-snake" in shapes and not dragons and (any(counts[0:9]) + any(counts[9:18]) + any(counts[18:27])) <= 1:
            return True
        if dragons or any(counts[27:31]):  # the knittings and the Gates have no honour
            return False
        if "gates-of-heaven" in shapes and (any(counts[0:9]) + any(counts[9:18]) + any(counts[18:27])) == 1:
            return True
        if "knitting" in shapes:
            for a, b in ((0, 1), (0, 2), (1, 2)):
                other = 3 - a - b
                if not any(counts[other * 9 : other * 9 + 9]) and sum(abs(counts[a * 9 + r] - counts[b * 9 + r]) for r in range(9)) == 1:
                    return True
        return "triple-knitting" in shapes and sum(min(counts[r], counts[9 + r], counts[18 + r]) for r in range(9)) >= 3

    # --- the Dangerous Game (Kajongg game.py __payHand, player.py findDangerousTiles) ---
    def judge_discard(self, winning, win_tile, discarder_hand, discarder, winner, round_, score=None):
        """The Dangerous Game: the winning tile was dangerous to throw -- of a
        kind the winner's exposed sets were plainly collecting (:func:`dangerous_tiles`)
        -- so its discarder pays for all; excused when every tile he held was
        as dangerous ("no choice": Kajongg ``mustPlayDangerous``)."""
        danger = dangerous_tiles(winning.melds)
        reasons = [why for tiles, why in danger if win_tile in tiles]
        if not reasons:
            return None
        held = set(discarder_hand.concealed) | {win_tile}
        excuse = None
        if all(any(t in tiles for tiles, _ in danger) for t in held):
            excuse = "every tile he held was as dangerous: he had no choice"
        return Ruling("discarder-pays", discarder, f"a dangerous discard: {reasons[0]}", excuse)

    def settle(self, scores, winner, *, discarder=None, east=None, dead=(), ruling=None):
        """As :meth:`Ruleset.settle`; with a Dangerous Game ``ruling`` the
        discarder alone pays the winner for all: four times his score, six
        times if the winner is East (Kajongg ``__payHand``)."""
        if ruling is None or not ruling.applies or ruling.kind != "discarder-pays" or winner is None:
            return super().settle(scores, winner, discarder=discarder, east=east, dead=dead)
        check_scores(scores, winner, dead, discarder=ruling.seat, east=east)
        factor = 6 if winner == (Wind.EAST if east is None else east) else 4
        amount = scores[winner] * factor
        payments = (Payment(ruling.seat, winner, amount),) if amount else ()
        return Settlement(payments, tuple(sorted(scores)))


def dangerous_tiles(melds) -> list[tuple[frozenset, str]]:
    """The tiles it is dangerous to throw to a player with the exposed
    ``melds``, each set with its reason (Kajongg ``findDangerousTiles``): with
    three or more exposed sets all green, the green tiles; all of one suit
    (nine or more tiles of it in view), that suit; all ones and nines, the
    ones and nines; with two or more, when three wind sets (or only honour
    sets, three or more) are exposed, the winds not in view, and when two
    dragon sets are, the dragons not in view. (Kajongg's "short living wall"
    danger -- every unseen tile near the end of the wall -- needs the wall,
    which this hook is not given.)"""
    exposed = [m for m in melds if m.exposed]
    seen = Counter(t for m in exposed for t in m.tiles)
    out: list[tuple[frozenset, str]] = []
    n = len(exposed)
    if n >= 3:
        green = frozenset(TILES[i] for i in (1, 2, 3, 5, 7, 32))
        if all(t in green for t in seen):
            out.append((green, "he has 3 or 4 exposed sets, all green"))
        suits = {t // 9 for t in seen if t.is_suited}
        if len(suits) == 1 and all(t.is_suited for t in seen):
            suit = frozenset(TILES[9 * next(iter(suits)) + r] for r in range(9))
            if sum(seen[t] for t in suit) >= 9:
                out.append((suit, "he may try a True Color Game"))
        elif all(t.is_terminal for t in seen):
            out.append((frozenset(t for t in TILES[:27] if t.is_terminal), "he may try an All Terminals Game"))
    if n >= 2:
        winds = sum(1 for i in range(27, 31) if seen[TILES[i]] >= 3)
        dragons = sum(1 for i in range(31, 34) if seen[TILES[i]] >= 3)
        both = winds + dragons == n and n >= 3
        if both or winds >= 3:
            out.append((frozenset(TILES[i] for i in range(27, 31) if not seen[TILES[i]]), "he exposed many winds"))
        if both or dragons >= 2:
            out.append((frozenset(TILES[i] for i in range(31, 34) if not seen[TILES[i]]), "he exposed many dragons"))
    return out


def _sets() -> tuple[ScoringRule, ...]:
    """The rules both leagues share from Kajongg's ClassicalChinese: sets,
    pairs, dragon and wind doubles, bonus tiles."""
    return (
        SetPoints(
            "sets",
            CLASSICAL + ": Exposed Pung 2, of Terminals/Honors 4; Concealed Pung 4/8; Exposed Kong 8/16; Concealed Kong 16/32",
            simple_pung=(2, 4),
            head_pung=(4, 8),
            simple_kong=(8, 16),
            head_kong=(16, 32),
        ),
        PairPoints("pair", CLASSICAL + ": Pair of Own Wind 2, Pair of Round Wind 2, Pair of Dragons 2", dragons=2, seat_wind=2, round_wind=2),
        OtherPairsPoints("further pairs", CLASSICAL + ": Pair of Own Wind 2, Pair of Round Wind 2, Pair of Dragons 2 (each pair a loser holds)", dragons=2, seat_wind=2, round_wind=2),
        BonusTilePoints("Flowers and Seasons", CLASSICAL + ": Flower 4, Season 4", points=4),
        DragonSetDoubles("Pung/Kong of Dragons", CLASSICAL + ": Pung/Kong of Dragons 1 double", doubles=1),
        WindSetDoubles("Pung/Kong of Wind", CLASSICAL + ": Pung/Kong of Own Wind 1 double, of Round Wind 1 double", seat_wind=1, round_wind=1),
    )


def _winner_common(src: str) -> tuple[ScoringRule, ...]:
    return (
        StandardMahJongg("Standard Mah Jongg", CLASSICAL + ": Standard Mah Jongg 20 points", points=20),
        WinningTileDrawn("Won with Last Tile Taken from Wall", CLASSICAL + ": Won with Last Tile Taken from Wall 2 points", points=2),
        NoChowDoubles("No Chow", CLASSICAL + ": No Chow 1 double", doubles=1),
        ConcealedHandDoubles("Only Concealed Melds", CLASSICAL + ": Only Concealed Melds 1 double", doubles=1),
        OnlyHeadsDoubles("Only Terminals and Honors", CLASSICAL + ": Only Terminals and Honors 1 double", doubles=1),
        LastTileOfWallDoubles("Last Tile is Last Tile of Wall", CLASSICAL + ": Last Tile is Last Tile of Wall 1 double", doubles=1, drawn=True),
        LastTileOfWallDoubles("Last Tile is Last Tile of Wall Discarded", CLASSICAL + ": Last Tile is Last Tile of Wall Discarded 1 double", doubles=1, drawn=False),
        RobbingKongDoubles("Robbing the Kong", CLASSICAL + ": Robbing the Kong 1 double", doubles=1),
    )


def _limits_common(orphans: str = "Thirteen Orphans") -> tuple[ScoringRule, ...]:
    return (
        OnlyHonors("Only Honors", CLASSICAL + ": Only Honors, 1 limit"),
        HeadsAndTails("Heads and Tails", CLASSICAL + ": Heads and Tails (only 1 and 9), 1 limit"),
        FourfoldPlenty("Fourfold Plenty", CLASSICAL + ": Fourfold Plenty (4 kongs), 1 limit"),
        FourBlessings("Four Blessings Hovering over the Door", CLASSICAL + ": Four Blessings Hovering over the Door, 1 limit"),
        ImperialJade("Imperial Jade", CLASSICAL + ": Imperial Jade (green dragon, 2 3 4 6 8 bamboo), 1 limit"),
        TileWinLimit("Gathering the Plum Blossom from the Roof", CLASSICAL + ": Mah Jong with stone 5 from the dead wall, 1 limit", tile=TILES[22], by="loose"),
        TileWinLimit("Plucking the Moon from the Bottom of the Sea", CLASSICAL + ": Mah Jong with the last tile of the wall being a stone 1, 1 limit", tile=TILES[18], by="last"),
        TileWinLimit("Scratching a Carrying Pole", CLASSICAL + ": Robbing the Kong of bamboo 2, 1 limit", tile=TILES[1], by="robbed-kong"),
        TwofoldFortune("Twofold Fortune", CLASSICAL + ": Twofold Fortune (kong after kong), 1 limit"),
        BlessingOfHeaven("Blessing of Heaven", CLASSICAL + ": Blessing of Heaven, 1 limit"),
        BlessingOfEarth("Blessing of Earth", CLASSICAL + ": Blessing of Earth, 1 limit"),
        ThirteenOrphans(orphans, CLASSICAL + f": {orphans}, 1 limit"),
    )


def _check(limit: int) -> None:
    if limit < 1:
        raise RulesetError(f"the limit must be positive, not {limit}")


def dmjl(*, limit: int = 500, roof_off: bool = False, name: str = "dmjl") -> Ruleset:
    """The DMJL's Classical Chinese rules (Kajongg ``ClassicalChineseDMJL``).

    ``limit``: the limit (500; Kajongg "Points for a Limit Hand");
    ``roof_off``: no cap on a hand's score (Kajongg "Play with the roof
    off"), limit hands still score ``limit``. ``name``: the registered name.
    """
    _check(limit)
    rules: list[ScoringRule] = list(_limits_common())
    rules += [
        ConcealedTrueColor("Concealed True Color Game", CLASSICAL + ": Concealed True Color Game, 1 limit"),
        HiddenTreasure("Hidden Treasure", CLASSICAL + ": Hidden Treasure (only hidden pungs or kongs, last tile from wall), 1 limit"),
        ThreeGreatScholars("Three Great Scholars", CLASSICAL + ": Three Great Scholars (3 pungs or kongs of dragons), 1 limit"),
        NineGates("Nine Gates", CLASSICAL + ": Nine Gates (concealed 1112345678999 and the last tile of the suit), 1 limit"),
        SquirmingSnake("Squirming Snake", DMJL_SOURCE + ": Squirming Snake, 1 limit"),
        # in ClassicalChinese, deleted by ClassicalChineseBMJA: the DMJL's alone
        EastsNinthWin("East won nine times in a row", CLASSICAL + ": East won nine times in a row, 1 limit, then the winds rotate"),
    ]
    rules += _sets()
    rules += [
        OwnFlowerAndSeason("Own Flower and Own Season", CLASSICAL + ": Own Flower and Own Season 1 double", doubles=1),
        FullSeriesDoubles("All Flowers / All Seasons", CLASSICAL + ": All Flowers 1 double, All Seasons 1 double", doubles=1),
        ThreeConcealedPungs("Three Concealed Pongs", CLASSICAL + ": Three Concealed Pongs 1 double", doubles=1),
        HonorGroups("Little Three Dragons", DMJL_SOURCE + ": Little Three Dragons 1 double", group="dragons", sets=2, pair=True, doubles=1),
        HonorGroups("Big Three Dragons", DMJL_SOURCE + ": Big Three Dragons 2 doubles", group="dragons", sets=3, pair=False, doubles=2),
        HonorGroups("Little Four Joys", DMJL_SOURCE + ": Little Four Joys 1 double", group="winds", sets=3, pair=True, doubles=1),
        HonorGroups("Big Four Joys", DMJL_SOURCE + ": Big Four Joys 2 doubles", group="winds", sets=4, pair=False, doubles=2),
    ]
    rules += _winner_common(DMJL_SOURCE)
    rules += [
        LastTileCompletesPair("Last Tile Completes Pair", CLASSICAL + ": Last Tile Completes Pair of 2..8 2 points, of Terminals or Honors 4 points", simple=2, head=4),
        OnlyPossibleTile("Last Tile is Only Possible Tile", CLASSICAL + ": Last Tile is Only Possible Tile 2 points", points=2),
        ZeroPointHand("Zero Point Hand", CLASSICAL + ": Zero Point Hand 1 double", doubles=1),
        WinnerOneSuitDoubles(
            "one suit",
            CLASSICAL + ": False Color Game 1 double, True Color Game 3 doubles",
            with_honors=1,
            pure=3,
            with_honors_name="False Color Game",
            pure_name="True Color Game",
        ),
        LooseTileWinDoubles("Last Tile Taken from Dead Wall", CLASSICAL + ": Last Tile Taken from Dead Wall 1 double", doubles=1),
        OriginalCallDoubles("Mah Jongg with Original Call", CLASSICAL + ": Mah Jongg with Original Call 1 double", doubles=1),
    ]
    return LeagueRuleset(
        name=name,
        title="Classical Chinese, Deutsche Mah Jongg Liga (DMJL)" + (f" (limit {limit})" if limit != 500 else "") + (" (roof off)" if roof_off else ""),
        source=DMJL_SOURCE,
        rules=tuple(rules),
        limit=limit,
        limit_source=CLASSICAL + ': the limit, "Points for a Limit Hand"; and "Play with the roof off": "Play with no upper scoring limit"',
        roof_off=roof_off,
        special_shapes=True,
        payment_limit=None,
        east_factor=2,
        settle_draws=True,  # Kajongg __payHand: with no winner every pair of players still settles
        wall_stacks=18,
        bonus_tiles=BONUS,
        reserved_tiles=16,  # Kajongg "Size of Kong Box" 16
        loose_refill="end",
        kong_box_replenished=False,  # Kajongg: loose tiles come out of the kong box, which is not refilled
        robbing_kong=True,
        original_through_kongs=True,
        draw_keeps_deal=True,
        match_rounds=4,  # Kajongg "Minimum number of rounds in game" 4
        concealed_kong_robbed_for=("Thirteen Orphans",),  # Kajongg "mayrobhiddenkong" (Millington 58)
        original_call=True,  # Kajongg "Mah Jongg with Original Call": declared with the first discard
        claimed_kong_concealed=True,  # Kajongg rulecode.py: isClaimedKong keeps Only Concealed Melds & co.
        shapes=("thirteen-orphans",),
    )


def bmja(*, limit: int = 1000, roof_off: bool = False, name: str = "bmja") -> Ruleset:
    """The BMJA's rules (Kajongg ``ClassicalChineseBMJA``): ``limit`` 1000,
    at most one chow, the Knitting hands and Wriggling Snake, losers calling
    for a limit hand. Options as :func:`dmjl`."""
    _check(limit)
    rules: list[ScoringRule] = list(_limits_common("The 13 Unique Wonders"))
    rules += [
        BuriedTreasure("Buried Treasure", BMJA_SOURCE + ": Buried Treasure (concealed pungs of one suit with honours and a pair), 1 limit"),
        ThreeGreatScholars("Three Great Scholars", BMJA_SOURCE + ": Three Great Scholars (3 pungs or kongs of dragons, no chow), 1 limit", no_chow=True),
        GatesOfHeaven("Gates of Heaven", BMJA_SOURCE + ": Gates of Heaven (concealed 1112345678999 and a pair of 2 to 8), 1 limit"),
        WrigglingSnake("Wriggling Snake", BMJA_SOURCE + ": Wriggling Snake (pair of 1s, 2 to 9 of one suit, the four winds), 1 limit"),
        TripleKnitting("Triple Knitting", BMJA_SOURCE + ": Triple Knitting, 0.5 limits", fraction=0.5),
        Knitting("Knitting", BMJA_SOURCE + ": Knitting (7 pairs in two suits), 0.5 limits", fraction=0.5),
        AllPairHonors("All pair honors", BMJA_SOURCE + ": All pair honors (7 pairs of 1s, 9s, winds, dragons), 0.5 limits", fraction=0.5),
    ]
    rules += _sets()
    rules += [
        OwnSeasonDoubles("Own Flower / Own Season", BMJA_SOURCE + ": Own Flower 1 double, Own Season 1 double", one=1, both=2),
        FullSeriesDoubles("All Flowers / All Seasons", BMJA_SOURCE + ": All Flowers 2 doubles, All Seasons 2 doubles", doubles=2),
    ]
    rules += _winner_common(BMJA_SOURCE)
    rules += [
        Purity("Purity", BMJA_SOURCE + ": Purity (one suit, no chows, dragons or winds) 3 doubles", doubles=3),
        OriginalCallDoubles("Original Call", BMJA_SOURCE + ": Original Call 1 double", doubles=1),
    ]
    calling = (
        ("Only Honors", 0.4),
        ("Wriggling Snake", 0.4),
        ("Triple Knitting", 0.2),
        ("Gates of Heaven", 0.4),
        ("Knitting", 0.2),
        ("Imperial Jade", 0.4),
        ("The 13 Unique Wonders", 0.4),
        ("Three Great Scholars", 0.4),
        ("All pair honors", 0.2),
        ("Heads and Tails", 0.4),
        ("Four Blessings Hovering over the Door", 0.4),
        ("Buried Treasure", 0.4),
        ("Fourfold Plenty", 0.4),
    )
    rules += [CallingFor(f"Calling for {hand}", BMJA_SOURCE + f": Calling for {hand}, {share} limits", hand=hand, fraction=share) for hand, share in calling]
    rules.append(CallingForDoubles("Calling for Purity", BMJA_SOURCE + ": Calling for Purity 3 doubles", hand="Purity", doubles=3))
    return LeagueRuleset(
        name=name,
        title="Classical Chinese, British Mah-Jong Association (BMJA)" + (f" (limit {limit})" if limit != 1000 else "") + (" (roof off)" if roof_off else ""),
        source=BMJA_SOURCE,
        rules=tuple(rules),
        limit=limit,
        limit_source=BMJA_SOURCE + ': the limit, "Points for a Limit Hand"; and "Play with the roof off": "Play with no upper scoring limit"',
        roof_off=roof_off,
        special_shapes=True,
        payment_limit=None,
        east_factor=2,
        settle_draws=True,  # Kajongg __payHand: with no winner every pair of players still settles
        wall_stacks=18,
        bonus_tiles=BONUS,
        reserved_tiles=14,  # Kajongg "Size of Kong Box" 14 for BMJA
        loose_refill="end",
        kong_box_replenished=False,  # Kajongg: loose tiles come out of the kong box, which is not refilled
        robbing_kong=True,
        original_through_kongs=True,
        draw_keeps_deal=True,
        match_rounds=4,
        max_chows=1,  # Kajongg "number of allowed chows" 1 for BMJA
        concealed_kong_robbed_for=("The 13 Unique Wonders",),  # Kajongg "mayrobhiddenkong" (Millington 58)
        original_call=True,  # Kajongg "Original Call" (BMJA): declared with the first discard
        must_declare_calling=True,  # Kajongg "must declare calling hand" True for BMJA
        claimed_kong_concealed=True,  # Kajongg rulecode.py: isClaimedKong keeps Only Concealed Melds & co.
        shapes=("thirteen-orphans", "wriggling-snake", "knitting", "triple-knitting", "all-pair-honors", "gates-of-heaven"),
    )


DMJL = dmjl()
"""Classical Chinese, DMJL: limit 500."""

BMJA = bmja()
"""Classical Chinese, BMJA: limit 1000, one chow."""
