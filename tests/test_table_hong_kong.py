"""The Hong Kong opening on the table (seed 003, (9) "Starting a game").

Seed 003, (9) b: "Throws three dice ... (1) Counting anti-clockwise from the
Jong (East), the sum of the dice would end at the Upper Players position
(North) [for 4]. (2) Counting 4 from the right hand side of the Upper
Players Wall (clockwise). (3) The Jong (East) picks the next 4 tiles (2
blocks) followed by the South, West and North players (4 tiles each),
repeat until each player has 12 tiles. (4) The Jong (East) take one tile
from top tier, skips 1 block and take one tile on top, the succeeding
players will take one tile in turn." (6) "If the sum of the dice is 17 a)
Counts from Jong (East) anti-clockwise up to 17, the starting Wall is in
front of Jong (East). b) From right hand side of the East Wall counting to
the end are 17, then the starting point is from the Upper Player (North)".
(9) d (3): a kong's tile comes "from the very end of the Wall"; Flowers and
Seasons are replaced the same way. Readings: docs/rules/table.md.

Geometry (``built_index(side, stack, level, 18)``): a side's stack 1 is its
right end as its builder sees it; drawing runs clockwise, i.e. from a side's
stack k to k+1 and from a side's last stack to stack 1 of the side of the
player on its builder's left (East -> North -> West -> South -> East).
"""

from __future__ import annotations

from collections import Counter

from mahjongg.rules import HONG_KONG
from mahjongg.table import Game, built_index, full_set
from mahjongg.tiles import Tile, Wind

from table_walls import arrange, deal_front, geometry

E, S, W, N = Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH
HK = HONG_KONG


def at(g: Game, side, stack, level) -> Tile:
    return g.built[built_index(side, stack, level, g.ruleset.wall_stacks)]


def test_hong_kong_throws_three_dice_once():
    g = Game(HK, seed=5)
    assert len(g.dice) == 1 and len(g.dice[0]) == 3
    setup = g.events[0]["dice"]
    assert setup["break"] == [] and setup["thrower"] == "E" and setup["count"] == sum(g.dice[0])
    assert Game.replay(g.events).snapshot() == g.snapshot()


def test_sum_4_north_wall_fourth_stack():
    # 1+1+2 = 4: E1 S2 W3 N4 -> North's wall; count 4 stacks from its right end;
    # the Jong picks "the next 4 tiles": North's stacks 5 and 6.
    g = Game.from_wall(arrange(HK, ((1, 1, 2),), []), ((1, 1, 2),), HK)  # no bonus tile dealt
    assert g.breaker == N and g.break_count == 4
    e = g.events[1]["hands"]["E"]
    assert e[:4] == [str(at(g, N, 5, 0)), str(at(g, N, 5, 1)), str(at(g, N, 6, 0)), str(at(g, N, 6, 1))]
    # South takes the next two stacks
    assert g.events[1]["hands"]["S"][:4] == [str(at(g, N, 7, 0)), str(at(g, N, 7, 1)), str(at(g, N, 8, 0)), str(at(g, N, 8, 1))]
    # the counted stacks stay: North's 4th stack is the very end of the wall
    order, loose = geometry(HK, ((1, 1, 2),))
    assert loose[:2] == [built_index(N, 4, 0, 18), built_index(N, 4, 1, 18)]
    assert g.wall.count == 144 - 53  # nothing lifted: every tile not dealt is in the wall


def test_sum_17_with_walls_of_18_leaves_one_stack_on_the_jongs_wall():
    # 6+6+5 = 17: E1 S2 W3 N4 ... E17 -> the Jong's own wall (seed 003 (6) a).
    # Walls of 18 stacks: counting 17 from the right of East's wall leaves his
    # 18th stack; the Jong's first two blocks are East's 18th stack and North's
    # (the Upper Player's) 1st -- the seed's "starting point is from the Upper
    # Player" is exact for its walls of 17 (next test); with 18 the count runs
    # on the same way, one stack later.
    g = Game.from_wall(arrange(HK, ((6, 6, 5),), []), ((6, 6, 5),), HK)
    assert g.breaker == E and g.break_count == 17
    e = g.events[1]["hands"]["E"]
    assert e[:4] == [str(at(g, E, 18, 0)), str(at(g, E, 18, 1)), str(at(g, N, 1, 0)), str(at(g, N, 1, 1))]
    order, loose = geometry(HK, ((6, 6, 5),))
    assert order[0] == built_index(E, 18, 0, 18)
    assert loose[0] == built_index(E, 17, 0, 18)  # the end of the wall: East's 17th stack


def test_sum_17_with_walls_of_17_starts_on_the_upper_players_wall():
    # seed 003 (5): walls of 17 blocks (136 tiles): counting 17 reaches the end of
    # East's wall, "then the starting point is from the Upper Player (North)
    # where the Jong will pick up two blocks (4 tiles)".
    r = HK.with_options(wall_stacks=17, bonus_tiles=())
    g = Game.from_wall(full_set(r), ((6, 6, 5),), r)
    e = g.events[1]["hands"]["E"]
    assert e[:4] == [str(at(g, N, 1, 0)), str(at(g, N, 1, 1)), str(at(g, N, 2, 0)), str(at(g, N, 2, 1))]


def test_the_jongs_jump_pick():
    # After 4-4-4 (48 tiles = 24 stacks) the next stacks in draw order are the
    # 25th, 26th, 27th. The Jong takes the 25th's top, skips the 26th, takes the
    # 27th's top; South takes the 25th's bottom, West the 26th's top, North its
    # bottom; the 27th's bottom is the first tile drawn (by South, after the
    # Jong's discard).
    dice = ((2, 3, 4),)  # 9: E1 S2 W3 N4 E5 S6 W7 N8 E9 -> East's wall, 9 stacks
    built = arrange(HK, dice, [])
    g = Game.from_wall(built, dice, HK)
    order, _ = geometry(HK, dice)
    stack = lambda k, level: str(built[order[2 * (k - 1) + level]])  # k-th stack in draw order
    hands = g.events[1]["hands"]
    assert hands["E"][12:] == [stack(25, 0), stack(27, 0)]
    assert hands["S"][12:] == [stack(25, 1)]
    assert hands["W"][12:] == [stack(26, 0)]
    assert hands["N"][12:] == [stack(26, 1)]
    assert [len(hands[s]) for s in "ESWN"] == [14, 13, 13, 13]
    assert str(g.wall.peek()) == stack(27, 1)


def test_flowers_declared_in_seat_order_and_replaced_from_the_end_in_chains():
    # East is dealt f1; his first replacement (the top tile of the last stack)
    # is s2, itself replaced by the bottom tile of that stack (3d). South is
    # dealt f4, replaced by the next stack's top (7b). Seed 003: Flowers and
    # Seasons one tile each, replaced from the end of the wall.
    east = "f1 1b 2b 3b 4b 5b 6b 7c 8c 9c 1d 2d 4d 5d".split()
    south = "f4 1c 1c 1c 2c 2c 2c 3c 3c 3c 4c 4c 4c".split()
    west = "5c 5c 5c 6c 6c 6c 7d 7d 7d 8d 8d 8d 9d".split()
    north = "E E E S S S W W W N N N R".split()
    dice = ((1, 1, 2),)
    front = deal_front(HK, {E: east, S: south, W: west, N: north})
    built = arrange(HK, dice, front, end=["s2", "3d", "7b", "8b"])
    g = Game.from_wall(built, dice, HK)
    bonus = [(e["seat"], e["tile"]) for e in g.events if e["type"] == "bonus"]
    loose = [(e["seat"], e["tile"]) for e in g.events if e["type"] == "draw"]
    assert bonus == [("E", "f1"), ("E", "s2"), ("S", "f4")]
    assert loose == [("E", "s2"), ("E", "3d"), ("S", "7b")]
    assert g.hand(E).bonus == (Tile.parse("f1"), Tile.parse("s2"))
    assert len(g.hand(E).concealed) == 14 and len(g.hand(S).concealed) == 13
    # 144 - 53 dealt - 3 loose tiles
    assert g.wall_count == 144 - 53 - 3
    assert Counter(g.tiles_everywhere()) == Counter(full_set(HK))
    # the next replacement would be the bottom of that stack
    assert g.wall.live()[-1] == Tile.parse("8b")
