"""Ruleset ``hong-kong``: Hong Kong Mahjong, old style, scored in faan (seed 003).

Seed 003 gives the table (144 tiles, three dice, the Jong, Pung / Sheung /
Kong, the Ngan pair, dead hands) and the basic payment, and stops before its
faan table. The faan table here is the standard Hong Kong old-style table,
the documented default; every value is a field (see :func:`hong_kong`), and
``docs/rules/hong-kong.md`` gives each value with where it is published.

Payment (seed 003, "Basic scoring"): only the winner is paid; "the player
who discards the winning tile has to pay double points in comparison to the
rest of the players"; "if the player picks a winning tile from the Wall,
every player has to pay double points" -- :func:`settle_faan`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Iterable, Mapping

from ..decomposition import is_thirteen_orphans
from ..settlement import Settlement
from ..tiles import TILES, Suit, Wind
from .faan_items import (
    AllChows,
    AllEightFlowers,
    AllHonors,
    AllKongs,
    AllPungs,
    AllTerminals,
    ConcealedOnDiscard,
    DragonPung,
    EarthlyHand,
    FaanRule,
    FaanTable,
    FourBonusTiles,
    FourConcealedPungs,
    GreatFourWinds,
    GreatThreeDragons,
    HeavenlyHand,
    LastTile,
    MixedOneSuit,
    MixedTerminals,
    NineGates,
    NoFlowers,
    OwnBonusTile,
    PureOneSuit,
    RobbingKong,
    RoundWindPung,
    SeatWindPung,
    SelfDrawn,
    SmallFourWinds,
    SmallThreeDragons,
    ThirteenOrphans,
    WinOnKongLooseTile,
)
from .ruleset import Ruleset, RulesetError

__all__ = ["HONG_KONG", "HongKongRuleset", "hong_kong", "settle_faan"]

SEED = "seed 003"
STD = "the standard, widely published Hong Kong old-style faan table (a default players may change)"
TILEBUDDY = "TileBuddy wiki, \"Mixed Terminals\""

S3D = "small three dragons"
G3D = "great three dragons"
S4W = "small four winds"
ALL_FLOWERS = "all four flowers"
ALL_SEASONS = "all four seasons"

RULES = (
    # how the hand was won
    SelfDrawn("self-drawn", STD, faan=1),
    ConcealedOnDiscard("concealed hand won on a discard", STD, faan=1),
    LastTile("win on the last tile", STD, faan=1),
    WinOnKongLooseTile("win on a kong's loose tile", STD + "; after_flower: also after a Flower/Season", faan=1),
    RobbingKong("robbing a kong", STD, faan=1),
    # Flowers and Seasons (seed 003: 144 tiles, Flowers and Seasons one tile each)
    NoFlowers("no flowers", STD, faan=1),
    OwnBonusTile("own flower", STD, faan=1, part_of=(ALL_FLOWERS,), suit=Suit.FLOWER),
    OwnBonusTile("own season", STD, faan=1, part_of=(ALL_SEASONS,), suit=Suit.SEASON),
    FourBonusTiles(ALL_FLOWERS, STD, faan=2, suit=Suit.FLOWER),
    FourBonusTiles(ALL_SEASONS, STD, faan=2, suit=Suit.SEASON),
    # honor sets
    DragonPung("dragon pung", STD, faan=1, part_of=(S3D, G3D)),
    SeatWindPung("seat wind", STD, faan=1, part_of=(S4W,)),
    RoundWindPung("round wind", STD, faan=1, part_of=(S4W,)),
    SmallThreeDragons(S3D, STD + "; in all, its dragon pungs included", faan=5),
    GreatThreeDragons(G3D, STD + "; in all, its dragon pungs included", faan=8),
    SmallFourWinds(S4W, STD + "; in all, its wind pungs included", faan=6),
    # the hand's shape
    AllChows("all chows", STD + " (common hand)", faan=1),
    AllPungs("all pungs", STD, faan=3),
    MixedTerminals("mixed terminals", TILEBUDDY, faan=4, includes=("all pungs",)),
    MixedOneSuit("mixed one suit", STD, faan=3),
    PureOneSuit("pure one suit", STD, faan=7),
    # limit hands: each absorbs every other faan
    ThirteenOrphans("thirteen orphans", STD),
    NineGates("nine gates", STD),
    AllHonors("all honors", STD),
    AllTerminals("all terminals", STD),
    AllKongs("all kongs", STD),
    FourConcealedPungs("four concealed pungs", STD),
    HeavenlyHand("heavenly hand", STD),
    EarthlyHand("earthly hand", STD),
    GreatFourWinds("great four winds", STD),
    AllEightFlowers("all eight flowers", STD),
)


@dataclass(frozen=True)
class HongKongRuleset(Ruleset):
    """The ``hong-kong`` ruleset value: :class:`Ruleset` with its special
    hands' pre-check."""

    __hash__ = Ruleset.__hash__  # by the name (Ruleset.__hash__), not every scoring rule

    def could_be_special(self, counts, melds=(), bonus=()) -> bool:
        """Thirteen orphans (nothing declared), or all eight flowers laid out
        (the limit whatever the shape): the only hands that win without four
        sets and a pair."""
        return (not melds and is_thirteen_orphans(counts)) or len(set(bonus)) == 8


def hong_kong(
    *,
    faan: Mapping[str, int] | None = None,
    limit: int | None = None,
    includes: Mapping[str, tuple[str, ...]] | None = None,
    **table: object,
) -> Ruleset:
    """The ``hong-kong`` ruleset with some values changed.

    ``faan``: new faan values by item name (``{"all pungs": 2}``).
    ``includes``: for a pattern that names the items its faan include
    (mixed terminals: ``("all pungs",)``), new names; ``()`` counts the
    pattern on top of them (``hong_kong(faan={"mixed terminals": 1},
    includes={"mixed terminals": ()})``: 1 faan besides all pungs' 3).
    ``limit``: the limit in faan (the doubling points table follows it).
    ``table``: other :class:`~mahjongg.rules.faan_items.FaanTable` fields
    (``minimum``, ``points``, ``patterns_include_parts``,
    ``bonus_counts_to_minimum``, ``discarder_pays``, ``others_pay``,
    ``self_drawn_pays``). Raises :class:`~mahjongg.rules.RulesetError` for an unknown name.
    """
    faan = dict(faan or {})
    names = {r.name for r in RULES if isinstance(r, FaanRule)}
    unknown = set(faan) - names
    if unknown:
        raise RulesetError(f"no faan item called {', '.join(sorted(unknown))}; items: {', '.join(sorted(names))}")
    includes = dict(includes or {})
    naming = {r.name for r in RULES if isinstance(r, MixedTerminals)}
    if set(includes) - naming:
        raise RulesetError(
            f"no faan item called {', '.join(sorted(set(includes) - naming))} names what it includes; "
            f"items that do: {', '.join(sorted(naming))}"
        )
    rules = tuple(replace(r, faan=faan[r.name]) if r.name in faan else r for r in RULES)
    rules = tuple(replace(r, includes=tuple(includes[r.name])) if r.name in includes else r for r in rules)
    base = FaanTable()
    if limit is not None:
        base = base.with_limit(limit)
    fields = set(FaanTable.__dataclass_fields__)
    if set(table) - fields:
        raise RulesetError(f"unknown faan table option(s): {', '.join(sorted(set(table) - fields))}")
    return HongKongRuleset(
        name="hong-kong",
        title="Hong Kong Mahjong, old style, in faan (144 tiles, three dice)",
        source=SEED + " (procedure, payment); faan table: the standard, widely published Hong Kong old style",
        rules=rules,
        limit=None,  # faan rulesets cap in faan: see ``faan``
        special_shapes=True,  # thirteen orphans, all eight flowers
        faan=replace(base, **table),
        east_factor=1,  # seed 003: the Jong pays and collects like the others
        settle_draws=False,  # seed 003 (9g): a drawn game is replayed, nothing paid
        wall_stacks=18,  # 144 tiles: four walls of 18 stacks
        bonus_tiles=tuple(int(t) for t in TILES[34:42]),  # Flowers f1-f4, Seasons s1-s4
        reserved_tiles=14,  # seed 003 (9g): the game ends with 14 tiles (7 stacks) left
        dice_count=3,  # seed 003 (9): "Throws three dice"
        dice_throws=1,  # one throw picks the wall and the point (9b)
        loose_refill="end",  # a kong's tile "from the very end of the Wall" (9d3)
        jump_deal=True,  # the Jong's jump pick (9b4)
        robbing_kong=True,  # the faan table's "robbing a kong"
        seating="count",  # seed 003 (9a): one throw counted anti-clockwise picks the first Jong
        seating_dice=3,  # seed 003: three dice
        match_rounds=4,  # seed 003 (6): minimum length of play 4 rounds
        starting_chips=200,  # seed 003 (12a): each player has 200 chips to start
    )


HONG_KONG = hong_kong()


def settle_faan(
    points: int,
    winner: Wind,
    *,
    discarder: Wind | None = None,
    table: FaanTable | None = None,
    seats: Iterable[Wind] = tuple(Wind),
) -> Settlement:
    """Who pays the winner of a faan hand (seed 003, "Basic scoring").

    ``points``: the winning hand's points (``Score.score``). ``discarder``:
    the seat that discarded the winning tile (``None``: self-drawn). On a
    discard the discarder pays ``table.discarder_pays`` (2) times the points
    and each other player ``table.others_pay`` (1) times; on a self-drawn
    win every other player pays ``table.self_drawn_pays`` (2) times. Only
    the winner is paid. Same as :meth:`FaanTable.settle` and
    ``HONG_KONG.settle(...)``.
    """
    return (table or FaanTable()).settle(points, winner, discarder=discarder, seats=seats)
