"""Ruleset ``hong-kong-136``: seed 003's own game, a preset of ``hong-kong``.

Seed 003 (5): "Building the walls 136 tiles only excluding 4 flower tiles and
4 season titles. Each player builds a 2 tier 'Wall' in front of them, each
consists of 34 tiles (17 blocks)". ``hong-kong`` plays the 144 tiles of the
seed's tile list (3) in walls of 18 stacks, as the common Hong Kong game
does; this preset plays the 136 tiles of its section (5): no Flowers or
Seasons, so none of the faan items that count them ("no flowers" included:
every hand would score it), walls of 17 stacks, and so the sum of 17 of (9) b
(6) as the seed states it: "From right hand side of the East 'Wall' counting
to the end are 17, then the starting point is from the Upper Player (North)
where the 'Jong' will pick up two blocks" -- with dice (6, 6, 5) East's first
four tiles are the first two stacks of North's wall. Everything else (faan
table, payment, three dice, the jump, the rotation) is ``hong-kong``'s.
Readings: ``docs/rules/hong-kong.md``.
"""

from __future__ import annotations

from dataclasses import replace

from .faan_items import AllEightFlowers, FourBonusTiles, NoFlowers, OwnBonusTile
from .hong_kong import HONG_KONG

__all__ = ["HONG_KONG_136", "FLOWER_RULES"]

FLOWER_RULES = (NoFlowers, OwnBonusTile, FourBonusTiles, AllEightFlowers)
"""The faan rule types that count Flowers and Seasons: not in a set without them."""

HONG_KONG_136 = replace(
    HONG_KONG,
    name="hong-kong-136",
    title="Hong Kong Mahjong, old style, in faan (136 tiles, walls of 17 stacks, three dice)",
    source="seed 003, (5) Building the walls: 136 tiles; otherwise as hong-kong",
    rules=tuple(r for r in HONG_KONG.rules if not isinstance(r, FLOWER_RULES)),
    wall_stacks=17,  # seed 003 (5): "34 tiles (17 blocks)"
    bonus_tiles=(),  # seed 003 (5): "excluding 4 flower tiles and 4 season titles"
)
