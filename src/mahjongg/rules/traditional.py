"""Ruleset ``traditional``: "Traditional Mah Jongg" (seed 001), a 1920s rules booklet.

The score sheet ("Combinations on the Table", "Combinations in Hands",
"Special Bonus Scores", "Double Honor Scores"), the Seasons variation, the
special tiles and the sixteen special limit hands, with the limit of 300
("The Limit"). Every value cites seed 001's section; the readings of the
seed are in ``docs/rules/traditional.md``.

:func:`traditional` builds the ruleset with its options (each variation of
the seed on or off); :data:`TRADITIONAL` is the default, registered as
``traditional``::

    traditional()                                  # Seasons and Flowers, 144 tiles
    traditional(seasons=False)                     # the booklet's 136 tiles
    traditional(special_tiles="cat-and-man")       # Cat, Mouse, Man, Pot of Gold instead of the Flowers
    traditional(special_tiles="fisherman-and-cock")
    traditional(heavenly_twins=False)              # Chinese practice: no seven pairs
    traditional(limit=500)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..decomposition import is_seven_pairs, is_thirteen_orphans
from ..tiles import BONUS_TILES, TILES, Suit
from .items import (
    AllHonorsDoubles,
    DragonSetDoubles,
    MahJongg,
    NoChows,
    NothingButMahJongg,
    OneSuitDoubles,
    OnlyPlaceToWin,
    OriginalHandDoubles,
    PairPoints,
    ScoringRule,
    SetPoints,
    WindSetDoubles,
    WinningTileDrawn,
)
from .ruleset import Ruleset, RulesetError
from . import special_tiles
from .special_tiles import SPECIAL_SETS
from .traditional_items import (
    AllGreen,
    AllHonorSets,
    AllKongs,
    AllTerminalSets,
    BonusTilePoints,
    EarthlyPeace,
    FourLargeBlessings,
    FullSeriesDoubles,
    HeavenlyPeace,
    HeavenlyTwins,
    HiddenSpecialTile,
    HiddenTreasure,
    KongOnKong,
    MoonFromTheBottomOfTheSea,
    NineUnitedSons,
    OwnSeasonDoubles,
    PlumBlossomOnTheRoof,
    ScratchingACarryingPole,
    SpecialPairDoubles,
    ThirteenUniqueWonders,
    ThreeGreatScholars,
    WinOnKongLooseTile,
)

__all__ = ["traditional", "TraditionalRuleset", "TRADITIONAL", "TRADITIONAL_SPECIAL_TILES"]

SEED = "seed 001"
TABLE = SEED + ", Combinations on the Table / Combinations in Hands"
BONUS = SEED + ", Special Bonus Scores (winning hand only)"
HONORS = SEED + ", Double Honor Scores (all hands)"
SEASONS = SEED + ", The Seasons score as follows (all hands)"
SPECIAL = SEED + ", The Special tiles score as follows"
LIMITS = SEED + ", special limit hands"

FLOWERS = tuple(int(t) for t in BONUS_TILES if t.suit is Suit.FLOWER)
SEASON_TILES = tuple(int(t) for t in BONUS_TILES if t.suit is Suit.SEASON)


@dataclass(frozen=True)
class TraditionalRuleset(Ruleset):
    """The ``traditional`` ruleset value: :class:`Ruleset` with the hooks of
    seed 001 -- the special hands' pre-check, and the special tiles: a
    hunter may be held back and captures its prey."""

    __hash__ = Ruleset.__hash__  # by the name (Ruleset.__hash__), not every scoring rule

    heavenly_twins: bool = True

    @property
    def special_tile_sets(self) -> tuple[str, ...]:
        """Both of seed 001's sets, where the Seasons are played (the special
        tiles replace the Flowers)."""
        return tuple(SPECIAL_SETS) if self.bonus_tiles else ()

    def with_options(self, **changes) -> Ruleset:
        """:meth:`Ruleset.with_options`; ``special_tiles`` (a name of
        :attr:`special_tile_sets`, or ``None``) rebuilds the ruleset with that
        set (:func:`traditional`), keeping its name and the other options."""
        if "special_tiles" not in changes or changes["special_tiles"] == self.special_tiles:
            return super().with_options(**changes)
        special = changes.pop("special_tiles")
        super().with_options(special_tiles=special)  # the choice checked
        rebuilt = traditional(special_tiles=special, heavenly_twins=self.heavenly_twins, limit=self.limit, name=self.name)
        kept = {"payment_limit", "east_factor", "settle_draws", "draw_keeps_deal"}
        keep = {k: getattr(self, k) for k in kept if getattr(self, k) != getattr(rebuilt, k)}
        changes = {k: v for k, v in changes.items() if k != "bonus_tiles" or tuple(v) != rebuilt.bonus_tiles}
        return Ruleset.with_options(rebuilt, **keep, **changes) if keep or changes else rebuilt

    def could_be_special(self, counts, melds=(), bonus=()) -> bool:
        """Thirteen Unique Wonders, or (option) the Heavenly Twins' seven
        different pairs; nothing declared. (Nine United Sons is four sets and
        a pair.)"""
        if melds:
            return False
        return is_thirteen_orphans(counts) or (self.heavenly_twins and is_seven_pairs(counts))

    def may_hold_back(self, tile) -> bool:
        """A hunter (Cat, Fisherman, Cock, Man) may be kept concealed to
        capture its prey (seed 001: "any player holding the Fisherman in
        their hand"). Other bonus tiles are laid out at once."""
        return tile in special_tiles.HUNTERS and int(tile) in self.bonus_tiles

    @property
    def bonus_may_be_captured(self) -> bool:
        """With the special tiles: a prey laid out may be captured by its
        hunter (seed 001, "additional special tiles")."""
        return any(TILES[i] in special_tiles.PREY for i in self.bonus_tiles)

    def capture_claimant(self, exposed, exposer, hidden, laid_out=()):
        """:func:`mahjongg.rules.special_tiles.capture_claimant`."""
        return special_tiles.capture_claimant(exposed, exposer, hidden, laid_out)


def _limit_hands(heavenly_twins: bool) -> tuple[ScoringRule, ...]:
    hands: list[ScoringRule] = [
        HiddenTreasure("Hidden Treasure", LIMITS + " 1: four concealed sets of three-of-a-kind and a pair, all drawn"),
        AllHonorSets("All Honors", LIMITS + " 2: four sets and a pair of winds and dragons exclusively"),
        AllTerminalSets("All Terminals", LIMITS + " 3: four sets and a pair of 1's and 9's exclusively"),
        AllGreen("All Green", LIMITS + " 4: green dragons, 2 3 4 6 8 bamboo; a 2 3 4 straight allowed"),
        ThreeGreatScholars("Three Great Scholars", LIMITS + " 5: sets of the three dragons"),
        FourLargeBlessings("Four Large Blessings", LIMITS + " 6: sets of all four winds and any pair"),
        AllKongs("All Kongs", LIMITS + " 7: four sets of four-of-a-kind and a pair"),
        NineUnitedSons("Nine United Sons", LIMITS + " 8: concealed 1112345678999 of one suit and any tile of it"),
        ThirteenUniqueWonders("Thirteen Unique Wonders", LIMITS + " 9: one of each wind, dragon, one and nine, and a pair"),
        HeavenlyPeace("Heavenly Peace", LIMITS + " 10: East's original fourteen tiles complete"),
        EarthlyPeace("Earthly Peace", LIMITS + " 11: another player completes with East's first discard"),
        MoonFromTheBottomOfTheSea("Moon from the Bottom of the Sea", LIMITS + " 12: last tile of the wall, the One of Dots"),
        PlumBlossomOnTheRoof("Plum Blossom on the Roof", LIMITS + " 13: loose tile after a kong, the Five of Dots"),
        ScratchingACarryingPole("Scratching a Carrying Pole", LIMITS + " 14: robbing a kong of the Two of Bamboo"),
        KongOnKong("Kong on Kong", LIMITS + " 15: the loose tile after a second kong completes the hand"),
    ]
    if heavenly_twins:
        hands.append(
            HeavenlyTwins("Heavenly Twins", LIMITS + " 16: seven different pairs of honors, or of one suit (American Code)")
        )
    return tuple(hands)


def traditional(
    *,
    seasons: bool = True,
    special_tiles: str | None = None,
    heavenly_twins: bool = True,
    limit: int = 300,
    name: str = "traditional",
) -> Ruleset:
    """The ``traditional`` ruleset with the seed's variations chosen.

    ``seasons``: play with the eight Flowers and Seasons (144 tiles, walls 18
    stacks long); off: the booklet's 136 tiles, walls 17 long.
    ``special_tiles``: ``None``, ``"cat-and-man"`` (Cat, Mouse, Man, Pot of
    Gold) or ``"fisherman-and-cock"`` (Fisherman, Fish, Cock, Worm): the
    four special tiles replace the Flowers (needs ``seasons``).
    ``heavenly_twins``: the seven-pairs limit hand (American Code only).
    ``limit``: the most a hand scores, and what a limit hand scores (East
    pays and collects double it). ``name``: the registered name.
    """
    if special_tiles is not None and special_tiles not in SPECIAL_SETS:
        raise RulesetError(f"special_tiles must be one of {', '.join(SPECIAL_SETS)} or None, not {special_tiles!r}")
    if special_tiles is not None and not seasons:
        raise RulesetError("the special tiles replace one series of Flowers/Seasons: they need seasons=True")
    if limit < 1:
        raise RulesetError(f"the limit must be positive, not {limit}")
    bonus: tuple[int, ...] = ()
    if seasons:
        series = tuple(int(t) for t in SPECIAL_SETS[special_tiles]) if special_tiles else FLOWERS
        bonus = series + SEASON_TILES
    rules: list[ScoringRule] = list(_limit_hands(heavenly_twins))
    if special_tiles:
        rules.append(HiddenSpecialTile("special tile held unexposed", SPECIAL + ": held in the hand and not exposed, scoreless"))
    rules += [
        # Special Bonus Scores (winning hand only)
        MahJongg("Mah-Jongg", BONUS + ': "Game" or "Mah-Jongg" 20 points', points=20),
        WinningTileDrawn("winning piece drawn", BONUS + ': Winning piece drawn (not "Punged" or "Chowed") 2', points=2),
        OnlyPlaceToWin("filling the only possible place to win", BONUS + ": Filling only possible place to win 2", points=2),
        WinOnKongLooseTile("winning on a loose tile after 4 of a kind", BONUS + ': Winning piece on special draw of a "loose tile" after 4 of a kind 10', points=10),
        NoChows("no runs", BONUS + ": No runs in hand or on table 10", points=10),
        # Combinations on the table (exposed) / in hands (concealed); all hands
        SetPoints(
            "sets",
            TABLE + ": three of a kind 2/4, of ones, nines, winds, dragons 4/8; four of a kind 8/16, 16/32",
            simple_pung=(2, 4),
            head_pung=(4, 8),
            simple_kong=(8, 16),
            head_kong=(16, 32),
        ),
        PairPoints("pair", TABLE + ": A pair of any color or of player's own wind 2 points", dragons=2, seat_wind=2),
    ]
    if seasons:
        rules.append(BonusTilePoints("Flowers, Seasons and special tiles", SEASONS + ": Each Season scores 4 points; " + SPECIAL + ": Each Special tile 4", points=4))
    rules += [
        # after every point rule: it is given only when the score is the 20 for winning
        NothingButMahJongg(
            "no scoring combinations",
            BONUS + ": No scoring combinations in hand or on table 10 (Bonus Scores and Honor Scores: only when the score is only twenty for winning)",
            points=10,
        ),
        # Double Honor Scores (all hands; the original hand for the winner)
        DragonSetDoubles("dragon set", HONORS + ': Three or four of "red," "green," or of "white" Double score', doubles=1),
        WindSetDoubles("own wind set", HONORS + ": Three or four of own wind in hand or on table Double score", seat_wind=1),
        OneSuitDoubles(
            "one suit",
            HONORS + ": Hand all of one suit except winds or dragons, double; entirely of one suit, 3 times",
            with_honors=1,
            pure=3,
            with_honors_name="all one suit except winds and dragons",
            pure_name="entirely of one suit",
        ),
        AllHonorsDoubles("entirely of winds and dragons", HONORS + ": Hand entirely of winds and dragons Double total score 3 times", doubles=3),
        OriginalHandDoubles("winning on original hand", HONORS + ": To win on original hand Double total score 3 times", doubles=3),
    ]
    if seasons:
        rules += [
            OwnSeasonDoubles("own Season", SEASONS + ": One of a player's own Seasons double; both, double twice", one=1, both=2),
            FullSeriesDoubles("all four of one colour", SEASONS + ": All four Seasons of one color double three times", doubles=3),
        ]
    if special_tiles:
        rules.append(SpecialPairDoubles("matched pair of special tiles", SPECIAL + ": A matched pair double; both pairs double twice", doubles=1))
    variant = []
    if not seasons:
        variant.append("136 tiles")
    if special_tiles:
        variant.append(f"special tiles {special_tiles}")
    if not heavenly_twins:
        variant.append("no Heavenly Twins")
    if limit != 300:
        variant.append(f"limit {limit}")
    return TraditionalRuleset(
        name=name,
        title="Traditional Mah Jongg (1920s booklet)" + (f" ({', '.join(variant)})" if variant else ""),
        source="seed 001",
        rules=tuple(rules),
        limit=limit,
        limit_source=SEED
        + ', The Limit: "A scoring limit of 300 points on any one hand is usually fixed upon at the start of the game'
        ' and each losing player pays in chips only 300 points when the winner\'s score is 300 or more"',
        special_shapes=True,
        payment_limit=limit,
        east_factor=2,
        settle_draws=False,
        wall_stacks=18 if seasons else 17,
        bonus_tiles=bonus,
        reserved_tiles=14,
        loose_refill="pair",  # "Should both loose tiles be used ... the two last pieces ... new loose tiles"
        robbing_kong=True,  # limit hand 14, Scratching a Carrying Pole
        original_through_kongs=True,  # limit hand 10: "or after flowers and kongs have been grounded"
        heavenly_twins=heavenly_twins,
        special_tiles=special_tiles,
        # seed 001: East "retains the deal ... until he fails to win a hand when the deal
        # passes to next player on his right" -- a drawn hand passes it too
        draw_keeps_deal=False,
    )


TRADITIONAL = traditional()
"""The default: Seasons and Flowers on, no special tiles, Heavenly Twins on, limit 300."""

TRADITIONAL_SPECIAL_TILES = traditional(special_tiles="cat-and-man", name="traditional-special-tiles")
"""Seasons, and the Cat, Mouse, Man and Pot of Gold in place of the Flowers."""
