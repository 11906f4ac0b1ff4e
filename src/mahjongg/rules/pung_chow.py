"""Ruleset ``pung-chow``: Pung Chow played without a limit (L. L. Harr, 1922, Part I).

Every value comes from the book's "Score card for hands played without a
limit" (seed 000, page iv, and the "Score card" chapter); the examples of
"Example of hands and how they are scored" (seed 000 and seed 004) are the
tests. Choices where the book is silent are in ``docs/rules/pung-chow.md``.
"""

from __future__ import annotations

from dataclasses import dataclass

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
    SetPoints,
    WindSetDoubles,
    WinningTileDrawn,
    WinOnLooseTile,
)
from .mandarins import MandarinsOption
from .ruleset import Ruleset

CARD = "seed 000, Score card (no limit)"


@dataclass(frozen=True)
class PungChowRuleset(MandarinsOption):
    """The ``pung-chow`` ruleset value: :class:`~mahjongg.rules.Ruleset` with
    the Mandarins option (off)."""

    __hash__ = Ruleset.__hash__  # by the name (Ruleset.__hash__), not every scoring rule


PUNG_CHOW = PungChowRuleset(
    name="pung-chow",
    title="Pung Chow (Harr 1922, Part I)",  # the stakes ("no limit") are the header's own words: Ruleset.limit_words
    source="seed 000 Part I; worked examples also in seed 004",
    rules=(
        # Winning hand bonus scores (winner only)
        MahJongg("Mah-Jongg", CARD + ": For Mah-Jong 20 points", points=20),
        NoChows("no sequences", CARD + ": For no sequences in hand or on table 10 points", points=10),
        WinOnLooseTile("winning on a loose tile", CARD + ": For winning on a draw from the loose tiles 10", points=10),
        WinningTileDrawn("drawing the winning piece", CARD + ": For drawing the winning piece 2 points", points=2),
        OnlyPlaceToWin("filling the only place to win", CARD + ": For filling in the only place to win 2", points=2),
        # Combination scores (all hands)
        SetPoints(
            "sets",
            CARD + ": Combination scores, on table (exposed) / in hand (concealed)",
            simple_pung=(2, 4),
            head_pung=(4, 8),
            simple_kong=(8, 16),
            head_kong=(16, 32),
        ),
        PairPoints("pair", CARD + ": For a pair of any dragon or the player's own wind 2 points", dragons=2, seat_wind=2),
        # last of the point rules: it looks at all of them
        NothingButMahJongg(
            "no other score than Mah-Jongg",
            CARD + ": For no other score than Mah-Jong in hand or on table 10 points",
            points=10,
        ),
        # Doubling honors (all hands; the original hand only for the winner)
        DragonSetDoubles("dragon set", CARD + ": three (or four) green/red/white dragons, double once", doubles=1),
        WindSetDoubles("own wind set", CARD + ": three (or four) of own wind, double once", seat_wind=1),
        OneSuitDoubles(
            "one suit",
            CARD + ": all one suit except honor pieces, once; all one suit, 3 times",
            with_honors=1,
            pure=3,
        ),
        AllHonorsDoubles("all honors", CARD + ": all honor pieces, double 3 times", doubles=3),
        OriginalHandDoubles("winning on the original hand", CARD + ": winning on original hand, 3 times", doubles=3),
    ),
    limit=None,
    east_factor=2,
    settle_draws=False,
    wall_stacks=17,
    # Part I draws the whole wall, loose tiles included: Part II's "most important change is
    # that the last 14 tiles in the wall are never drawn" (docs/rules/pung-chow.md)
    reserved_tiles=0,
)
