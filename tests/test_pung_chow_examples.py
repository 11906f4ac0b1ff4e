"""Every worked example of Pung Chow Part I, scored by the ``pung-chow`` ruleset.

Source: seed 000 (``/work/shared/seeds/000_110d699011efd599.decoded.txt``),
section "EXAMPLE OF HANDS AND HOW THEY ARE SCORED" (examples 1-20), with the
ERRATA at the end of the book; examples 1-15 also in seed 004
(``004_49beb685eb87f90c.txt``).

The book's illustrations are lost, so each test BUILDS a hand that fits the
example's itemized score exactly: the same bonus lines, the same sets with the
same exposure and value, the same doubling honors -- and nothing else (no
scoring pair unless the book scores one, no one-suit double unless it is
listed, "only place to win" only when exactly one tile kind completes the
hand). The comment of each test says why the hand fits.

Conventions (see ``docs/rules/pung-chow.md``):

* the winning tile is written among the concealed tiles; the set a claimed
  (``WinBy.DISCARD``) winning tile completes is scored as exposed;
* ``Score.score`` is the hand's own value; East's "collects double" is the
  settlement's (``settle``), so for East the book's final figure is
  ``2 * score`` and is checked through ``settle``;
* the book's "collects" sentences ignore the losers' hands, so they are
  checked with every loser scoring 0.
"""

from __future__ import annotations

from collections import Counter

import pytest

from mahjongg import Hand, Wind, tile
from mahjongg.decomposition import waits
from mahjongg.rules import PUNG_CHOW, Situation, Win, WinBy
from mahjongg.rules.items import (
    AllHonorsDoubles,
    MahJongg,
    NoChows,
    NothingButMahJongg,
    OneSuitDoubles,
    OnlyPlaceToWin,
    OriginalHandDoubles,
    WinningTileDrawn,
    WinOnLooseTile,
)
from mahjongg.scoring import ScoringError, score_hand
from mahjongg.settlement import settle

E, S, W, N = Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH
DISCARD, WALL, LOOSE = WinBy.DISCARD, WinBy.WALL, WinBy.LOOSE


def _rule(cls):
    return next(r for r in PUNG_CHOW.rules if isinstance(r, cls))


# the ruleset's own words for the winner's bonus lines and some doubles
MJ = _rule(MahJongg).name
NO_SEQ = _rule(NoChows).name
NOTHING_ELSE = _rule(NothingButMahJongg).name
DRAWN = _rule(WinningTileDrawn).name
LOOSE_TILE = _rule(WinOnLooseTile).name
ONLY_PLACE = _rule(OnlyPlaceToWin).name
ONE_SUIT_HONORS = _rule(OneSuitDoubles).with_honors_name
ONE_SUIT = _rule(OneSuitDoubles).pure_name
ALL_HONORS = _rule(AllHonorsDoubles).name
ORIGINAL = _rule(OriginalHandDoubles).name
BONUS_NAMES = {MJ, NO_SEQ, NOTHING_ELSE, DRAWN, LOOSE_TILE, ONLY_PLACE}


def score(notation: str, seat: Wind, win_tile: str, by: WinBy, *, original: bool = False):
    return score_hand(
        Hand.parse(notation),
        PUNG_CHOW,
        Situation(seat=seat, win=Win(tile(win_tile), by, original=original)),
    )


def check_card(s, *, bonus: dict, sets: list, pair: int | None = None, doubles: list = ()):
    """The score card matches the book's lines, and has no line the book lacks.

    ``bonus``: {rule name: points}. ``sets``: [(kind, "exposed"/"concealed",
    points)] with kind "pung" or "kong" ("3 sixes" / "4 nines" in the book).
    ``pair``: points for the pair, if the book scores one. ``doubles``: the
    doubling honors as (words in the item's name, doubles).
    """
    got_bonus = {i.name: i.points for i in s.items if i.name in BONUS_NAMES}
    assert got_bonus == bonus, s.items
    got_sets = Counter(
        (i.name.split(" of ")[0], "exposed" if "(exposed)" in i.name else "concealed", i.points)
        for i in s.items
        if i.points and i.name.split(" of ")[0] in ("pung", "kong")
    )
    assert got_sets == Counter(sets), s.items
    got_pair = [i.points for i in s.items if i.points and i.name.startswith("pair of")]
    assert got_pair == ([pair] if pair else []), s.items
    # no point line beyond those
    assert sum(got_bonus.values()) + sum(p for *_, p in sets) + (pair or 0) == s.points
    got_doubles = [(i.name, i.doubles) for i in s.items if i.doubles]
    assert len(got_doubles) == len(doubles), got_doubles
    for words, n in doubles:
        assert any(words in name and d == n for name, d in got_doubles), (words, got_doubles)
    assert sum(n for _, n in doubles) == s.doubles


def collects(winner: Wind, score_: int) -> dict[Wind, int]:
    """What the winner collects from each loser (losers' hands 0)."""
    scores = {w: 0 for w in Wind}
    scores[winner] = score_
    table = settle(scores, winner, east_factor=PUNG_CHOW.east_factor).table()
    return {w: table[w][winner] for w in Wind if w != winner}


# --------------------------------------------------------------------------------------
# Examples 1-20
# --------------------------------------------------------------------------------------


def test_example_1_punged_two_dots():
    # Ex 1 (seed 000 and seed 004, "Example of hands"): Mah-Jongg 20 + three 2 dots 2
    # = 22, no doubles; "the player punged the 2 dot which completed his hand"; the
    # text lists why nothing else scores: he has sequences, did not draw, did not fill
    # the only place to win. Built: three chows, 22d + a 5b pair waiting on 2d or 5b
    # (two places, so no only-place bonus); the claimed 2d makes [222d] exposed (2);
    # pair of 5 bamboo scores nothing; three suits, so no one-suit double.
    s = score("123b 456c 789c 222d 55b", S, "2d", DISCARD)
    assert (s.score, s.points, s.doubles) == (22, 22, 0)
    assert s.reading.waits == (tile("5b"), tile("2d"))
    check_card(s, bonus={MJ: 20}, sets=[("pung", "exposed", 2)])


def test_example_2_chowed_one_character():
    # Ex 2 (seeds 000/004): "Winner chowed the 1 character to complete hand":
    # Mah-Jongg 20 + no other score 10 = 30. Built: four chows and a 6d pair; the
    # 23c it chowed to was open at both ends (1c or 4c), so no only-place bonus,
    # which would also have forfeited the 10.
    s = score("123c 456b 789b 345d 66d", W, "1c", DISCARD)
    assert (s.score, s.points, s.doubles) == (30, 30, 0)
    assert s.reading.waits == (tile("1c"), tile("4c"))
    check_card(s, bonus={MJ: 20, NOTHING_ELSE: 10}, sets=[])


def test_example_3_pair_of_dragons_errata():
    # Ex 3 (seeds 000/004): 20 + no sequences 10 + only place 2 + drawing 2 = 34;
    # 3 ones concealed 8, 3 threes concealed 4, 3 fives exposed 2, 3 fours exposed 2
    # = 50. ERRATA Page 34: "Two points should be scored for a pair of Dragons in
    # Example 3" -> 52, no doubles. Built: the player drew his second red dragon
    # (pair wait: R is the only tile that completes the hand); suits mixed.
    s = score("111b 333c RR [555d] [444b]", S, "R", WALL)
    assert (s.score, s.points, s.doubles) == (52, 52, 0)
    assert s.reading.waits == (tile("R"),)
    check_card(
        s,
        bonus={MJ: 20, NO_SEQ: 10, ONLY_PLACE: 2, DRAWN: 2},
        sets=[("pung", "concealed", 8), ("pung", "concealed", 4), ("pung", "exposed", 2), ("pung", "exposed", 2)],
        pair=2,
    )


def test_example_4_red_dragons_two_pair_wait():
    # Ex 4 (seeds 000/004): 20 + 10 + drawing 2 = 32; 3 sixes concealed 4, 3 twos
    # exposed 2, 3 dragons exposed 4, 3 threes exposed 2 = 44; double once for red
    # dragons = 88. Built: four pungs; 66b + 88d waited on 6b or 8d (not the only
    # place); he drew the 6b (concealed pung); the 8d pair scores nothing; three
    # suits, so no one-suit double.
    s = score("666b 88d [222c] [RRR] [333d]", S, "6b", WALL)
    assert (s.score, s.points, s.doubles) == (88, 44, 1)
    assert s.reading.waits == (tile("6b"), tile("8d"))
    check_card(
        s,
        bonus={MJ: 20, NO_SEQ: 10, DRAWN: 2},
        sets=[("pung", "concealed", 4), ("pung", "exposed", 2), ("pung", "exposed", 4), ("pung", "exposed", 2)],
        doubles=[("red dragon", 1)],
    )


def test_example_5_green_dragons_one_suit():
    # Ex 5 (seeds 000/004): 20 + 10 + drawing 2 + only place 2 = 34; 3 twos, 3 nines,
    # 3 ones, 3 dragons, all exposed: 2 + 4 + 4 + 4 = 48; double for green dragons 96,
    # for all one suit except winds or dragons 192. Built: four exposed pungs of
    # bamboo and green dragons; he drew the match of his lone 5b (pair wait, only
    # place); a pair of 5 bamboo scores nothing.
    s = score("55b [222b] [999b] [111b] [GGG]", S, "5b", WALL)
    assert (s.score, s.points, s.doubles) == (192, 48, 2)
    check_card(
        s,
        bonus={MJ: 20, NO_SEQ: 10, DRAWN: 2, ONLY_PLACE: 2},
        sets=[("pung", "exposed", 2), ("pung", "exposed", 4), ("pung", "exposed", 4), ("pung", "exposed", 4)],
        doubles=[("green dragon", 1), (ONE_SUIT_HONORS, 1)],
    )


def test_example_6_all_one_suit():
    # Ex 6 (seeds 000/004): 20 + 10 + 2 + 2 = 34; 4 nines concealed 32, 3 sevens
    # exposed 2, 3 fours concealed 4, 3 ones concealed 8 = 80; double three times for
    # all one suit: 160, 320, 640. Built: all bamboo; he drew the match of a lone 8b
    # (no 7b/9b wait: 777b exposed, 9999b all held), so the only place to win.
    s = score("111b 444b 88b {9999b} [777b]", S, "8b", WALL)
    assert (s.score, s.points, s.doubles) == (640, 80, 3)
    assert s.reading.waits == (tile("8b"),)
    check_card(
        s,
        bonus={MJ: 20, NO_SEQ: 10, DRAWN: 2, ONLY_PLACE: 2},
        sets=[("kong", "concealed", 32), ("pung", "exposed", 2), ("pung", "concealed", 4), ("pung", "concealed", 8)],
        doubles=[(ONE_SUIT, 3)],
    )


EX7 = "RRR GGG WW {WhWhWhWh} [EEEE]"


def test_example_7_all_honors_three_dragons():
    # Ex 7 (seeds 000/004): 20 + 10 = 30; 4 dragons concealed 32, 4 winds exposed 16,
    # 3 dragons exposed 4, 3 dragons concealed 8 = 90; all honors x3 = 720; red,
    # white, green dragons = 5760. ERRATA Page 36: "the three Dragons completed by a
    # pung should be exposed" -- the win was a claimed (punged) green dragon, hence
    # [GGG] exposed 4 and no drawing bonus. Built: waited on G or W (two pairs, not
    # the only place); the wind kong is East's (the book: "if held by the East Wind
    # he may double again for having a set of his own wind"), so for South it does
    # not double; the West-wind pair is nobody's own wind here and scores nothing.
    s = score(EX7, S, "G", DISCARD)
    assert (s.score, s.points, s.doubles) == (5760, 90, 6)
    assert s.reading.waits == (tile("W"), tile("G"))
    check_card(
        s,
        bonus={MJ: 20, NO_SEQ: 10},
        sets=[("kong", "concealed", 32), ("kong", "exposed", 16), ("pung", "exposed", 4), ("pung", "concealed", 8)],
        doubles=[(ALL_HONORS, 3), ("red dragon", 1), ("white dragon", 1), ("green dragon", 1)],
    )


def test_example_7_held_by_east():
    # Ex 7, East variant: "he may double again for having a set of his own wind,
    # making his score 11,520, and being East Wind, he collects double from each
    # player ... 23,040 from each of the other three players or 69,120 in all."
    s = score(EX7, E, "G", DISCARD)
    assert (s.score, s.points, s.doubles) == (11520, 90, 7)
    assert any("(own wind)" in i.name and i.doubles == 1 for i in s.items)
    paid = collects(E, s.score)
    assert paid == {S: 23040, W: 23040, N: 23040}
    assert sum(paid.values()) == 69120


EX8 = "444d 55b GGG [888c] [WhWhWh]"


def test_example_8_two_dragon_sets():
    # Ex 8 (seeds 000/004): 20 + 10 = 30; 3 dragons exposed 4, 3 fours exposed 2,
    # 3 eights exposed 2, 3 dragons concealed 8 = 46; white 92, green 184. No
    # drawing bonus, yet the dragon pung is concealed: so the claimed winning tile
    # completed one of the exposed sets. Built: 44d + 55b waited on 4d or 5b (not the
    # only place); he punged the 4d -> [444d] exposed 2. Suits mixed (no one-suit).
    s = score(EX8, S, "4d", DISCARD)
    assert (s.score, s.points, s.doubles) == (184, 46, 2)
    check_card(
        s,
        bonus={MJ: 20, NO_SEQ: 10},
        sets=[("pung", "exposed", 4), ("pung", "exposed", 2), ("pung", "exposed", 2), ("pung", "concealed", 8)],
        doubles=[("white dragon", 1), ("green dragon", 1)],
    )


def test_example_8_collects():
    # Ex 8: "If player is East Wind, he collects double, or 368 from each player. If
    # any other wind, he collects 368 from East Wind and 184 from the other two."
    east = score(EX8, E, "4d", DISCARD)
    assert east.score == 184  # no wind set: East's seat adds no double
    assert collects(E, east.score) == {S: 368, W: 368, N: 368}
    assert collects(S, 184) == {E: 368, W: 184, N: 184}


EX9 = "123c 123c 345c 678c 99c"


def test_example_9_all_chows_one_suit():
    # Ex 9 (seeds 000/004): 20 + no other score 10 = 30; all one suit x3: 60, 120,
    # 240. Built: four chows of characters and a 9c pair, won on a claimed 3c
    # (claiming forfeits the drawing bonus, which would also forfeit the 10).
    # The note: "the player did not even fill the only place to win as a 6 character
    # would have won also" -- the hand waited on 3c, 6c (and 9c).
    s = score(EX9, S, "3c", DISCARD)
    assert (s.score, s.points, s.doubles) == (240, 30, 3)
    check_card(s, bonus={MJ: 20, NOTHING_ELSE: 10}, sets=[], doubles=[(ONE_SUIT, 3)])
    assert tile("6c") in s.reading.waits and tile("3c") in s.reading.waits
    assert ONLY_PLACE not in [i.name for i in s.items]


def test_example_9_note_six_character_wins_too():
    # Ex 9 note: the same hand completed by the 6 character instead scores the same.
    before = Hand.parse(EX9).remove(tile("3c"))
    assert tile("6c") in waits(before.counts())
    six = score(str(before.add(tile("6c"))), S, "6c", DISCARD)
    assert (six.score, six.points, six.doubles) == (240, 30, 3)


def test_example_9_collects():
    # Ex 9: "If player is East Wind, he collects 480 from each of the other three
    # players. If any other wind, he collects 480 from East Wind and 240 from the
    # other two players."
    assert score(EX9, E, "3c", DISCARD).score == 240
    assert collects(E, 240) == {S: 480, W: 480, N: 480}
    assert collects(W, 240) == {E: 480, S: 240, N: 240}


def test_example_10_four_kongs_loose_tile():
    # Ex 10 (seeds 000/004): 20 + 10 + loose tile 10 + drawing 2 + only place 2 = 44;
    # 4 nines exposed 16, 4 ones concealed 32, 4 dragons exposed 16, 4 dragons
    # exposed 16 = 124; red 248, green 496. Built: four kongs and a lone 5d whose
    # match came as a loose tile (a loose tile is drawn: the book scores both
    # bonuses); three suits, so no one-suit double; a pair of 5 dots scores nothing.
    s = score("55d [9999c] {1111b} [RRRR] [GGGG]", S, "5d", LOOSE)
    assert (s.score, s.points, s.doubles) == (496, 124, 2)
    check_card(
        s,
        bonus={MJ: 20, NO_SEQ: 10, LOOSE_TILE: 10, DRAWN: 2, ONLY_PLACE: 2},
        sets=[("kong", "exposed", 16), ("kong", "concealed", 32), ("kong", "exposed", 16), ("kong", "exposed", 16)],
        doubles=[("red dragon", 1), ("green dragon", 1)],
    )


def test_example_11_north_all_concealed():
    # Ex 11 (seeds 000/004): 20 + 10 + drawing 2 = 32; 3 winds, 3 dragons, 3 twos,
    # 3 nines, all concealed: 8 + 8 + 4 + 8 = 60; one suit except honors 120, red 240,
    # own wind 480; "assumes player to be North Wind ... collects double, or 960, from
    # East Wind and 480 each from South and West Winds." Built: NNN RRR 222b, and
    # 99b + 55b waiting on 9b or 5b (not the only place); he drew the 9b.
    s = score("NNN RRR 222b 999b 55b", N, "9b", WALL)
    assert (s.score, s.points, s.doubles) == (480, 60, 3)
    check_card(
        s,
        bonus={MJ: 20, NO_SEQ: 10, DRAWN: 2},
        sets=[("pung", "concealed", 8), ("pung", "concealed", 8), ("pung", "concealed", 4), ("pung", "concealed", 8)],
        doubles=[(ONE_SUIT_HONORS, 1), ("red dragon", 1), ("(own wind)", 1)],
    )
    assert collects(N, s.score) == {E: 960, S: 480, W: 480}


def test_example_12_pair_of_red_dragons():
    # Ex 12 (seeds 000/004): 20; 3 fives exposed 2, 3 winds exposed 4, 2 dragons 2 =
    # 28; one suit except winds or dragons 56. "Two points for pair of red dragons."
    # Built: two bamboo chows, [555b], [WWW] (not South's own wind), RR; the winning
    # 8b was chowed to 67b, open at both ends (5b or 8b), so no only-place bonus.
    s = score("123b 678b RR [555b] [WWW]", S, "8b", DISCARD)
    assert (s.score, s.points, s.doubles) == (56, 28, 1)
    assert s.reading.waits == (tile("5b"), tile("8b"))
    check_card(
        s,
        bonus={MJ: 20},
        sets=[("pung", "exposed", 2), ("pung", "exposed", 4)],
        pair=2,
        doubles=[(ONE_SUIT_HONORS, 1)],
    )


def test_example_13_east_dragons_worth_eight():
    # Ex 13 (seeds 000/004), PLAYER IS EAST WIND: 20 + 10 = 30; 3 winds exposed 4,
    # 3 ones exposed 4, 3 fours exposed 2, "3 dragons (exposed) 8" = 48; one suit
    # except honors 96, red 192, own wind 384; "Collect double ... 768 Final Score
    # from each player".
    # Reconciled: 8 is the value of a CONCEALED pung of dragons (exposed is 4), and
    # the total 48 (and so 96/192/384/768) needs the 8; with 4 the book's every later
    # figure would be wrong. So the red dragons are held in the hand and "(exposed)"
    # is a slip. No drawing bonus: the winning tile was claimed, and no only-place
    # bonus: it completed a pung (44c + 77c waited on 4c or 7c) -> [444c] exposed 2.
    s = score("RRR 444c 77c [EEE] [111c]", E, "4c", DISCARD)
    assert (s.score, s.points, s.doubles) == (384, 48, 3)
    check_card(
        s,
        bonus={MJ: 20, NO_SEQ: 10},
        sets=[("pung", "exposed", 4), ("pung", "exposed", 4), ("pung", "exposed", 2), ("pung", "concealed", 8)],
        doubles=[(ONE_SUIT_HONORS, 1), ("red dragon", 1), ("(own wind)", 1)],
    )
    assert collects(E, s.score) == {S: 768, W: 768, N: 768}


def test_example_14_west_all_winds_errata():
    # Ex 14 (seeds 000/004), PLAYER IS WEST WIND: 20 + 10 + draw 2 = 32; 3 winds
    # concealed 8, 3 winds concealed 8, 4 winds concealed 32, 3 winds exposed 4 = 84.
    # ERRATA Page 41: "Two points should be scored for a pair of Dragons in Example
    # 14" -> 86; all honors x3: 172, 344, 688; own wind 1376 (book, before the
    # errata: 1344). Built: the four winds (West's own among the concealed pungs) and
    # a red-dragon pair; SSS, WW, RR waited on W or R (not the only place); he drew W.
    s = score("SSS WWW RR [EEE] {NNNN}", W, "W", WALL)
    assert (s.score, s.points, s.doubles) == (1376, 86, 4)
    check_card(
        s,
        bonus={MJ: 20, NO_SEQ: 10, DRAWN: 2},
        sets=[("pung", "concealed", 8), ("pung", "concealed", 8), ("kong", "concealed", 32), ("pung", "exposed", 4)],
        pair=2,
        doubles=[(ALL_HONORS, 3), ("(own wind)", 1)],
    )
    # "Collects 2688 from East Wind and 1344 apiece from North and South Winds",
    # recomputed with the errata's 1376:
    assert collects(W, s.score) == {E: 2752, S: 1376, N: 1376}


def test_example_15_east_four_kongs_punged_pair():
    # Ex 15 (seeds 000/004), PLAYER IS EAST WIND: 20 + 10 + only place 2 = 32;
    # 4 ones concealed 32, 4 nines concealed 32, 4 fours exposed 8, 4 sevens exposed
    # 8 = 112; all one suit x3: 224, 448, 896; East's double 1792 from each player.
    # ERRATA Page 42: "At top of page, Drew to complete hand should read Punged to
    # complete hand" -- example 15 (after example 14 on page 41) is the one whose
    # card has the only-place bonus but no drawing bonus. Built: four bamboo kongs
    # and a lone 5b; he claimed (punged) the 5b: the only place, not drawn, and no
    # loose-tile bonus.
    s = score("55b {1111b} {9999b} [4444b] [7777b]", E, "5b", DISCARD)
    assert (s.score, s.points, s.doubles) == (896, 112, 3)
    check_card(
        s,
        bonus={MJ: 20, NO_SEQ: 10, ONLY_PLACE: 2},
        sets=[("kong", "concealed", 32), ("kong", "concealed", 32), ("kong", "exposed", 8), ("kong", "exposed", 8)],
        doubles=[(ONE_SUIT, 3)],
    )
    assert collects(E, s.score) == {S: 1792, W: 1792, N: 1792}


def test_example_16_east_original_hand():
    # Ex 16 (seed 000), PLAYER IS EAST WIND: "Mah-Jongg 20 -- 3 fours (concealed)
    # 20 3 dragons (concealed) 4 8 -- 32": the 20 is the subtotal, then 3 fours
    # concealed 4 and 3 dragons concealed 8 = 32; original hand x3: 64, 128, 256;
    # red dragons 512; East collects double, 1024 from each player.
    # Built: East dealt 14 tiles making 444c RRR, two chows (so no no-sequence bonus)
    # and a 9b pair, three suits (no one-suit). East drew no winning piece and was
    # never waiting, so neither the drawing bonus nor the only-place bonus -- though
    # 9b would look like a single wait.
    s = score("444c RRR 123b 678d 99b", E, "9b", WALL, original=True)
    assert (s.score, s.points, s.doubles) == (512, 32, 4)
    check_card(
        s,
        bonus={MJ: 20},
        sets=[("pung", "concealed", 4), ("pung", "concealed", 8)],
        doubles=[(ORIGINAL, 3), ("red dragon", 1)],
    )
    assert collects(E, s.score) == {S: 1024, W: 1024, N: 1024}


def test_example_17_south_own_wind_pair():
    # Ex 17 (seed 000), PLAYER IS SOUTH WIND: 20 + drawing 2 + only place 2 = 24;
    # 3 ones concealed 8, 3 fours concealed 4, 4 winds concealed 32, "2 own wind" 2 =
    # 70; one suit except winds or dragons 140; "Collects double, or 280, from East
    # wind; 140 from North and South" (the other two are North and West).
    # Built: one characters chow (no no-sequence bonus) filled in the middle with a
    # drawn 7c (the only place), a concealed North-wind kong (not his own wind) and a
    # pair of South wind.
    s = score("111c 444c 678c SS {NNNN}", S, "7c", WALL)
    assert (s.score, s.points, s.doubles) == (140, 70, 1)
    assert s.reading.waits == (tile("7c"),)
    check_card(
        s,
        bonus={MJ: 20, DRAWN: 2, ONLY_PLACE: 2},
        sets=[("pung", "concealed", 8), ("pung", "concealed", 4), ("kong", "concealed", 32)],
        pair=2,
        doubles=[(ONE_SUIT_HONORS, 1)],
    )
    assert collects(S, s.score) == {E: 280, W: 140, N: 140}


def test_example_18_north_errata_exposed_dragons():
    # Ex 18 (seed 000), PLAYER IS NORTH WIND: 20 + 10 = 30; 4 ones concealed 32,
    # 4 nines exposed 16, 4 nines concealed 32, 3 dragons concealed 8 = 118; green 236.
    # ERRATA Page 44: "the three Dragons completed by a pung should be exposed ...
    # 3 Dragons (concealed) ... 8 should read 3 Dragons (exposed) ... 4" -> 114,
    # green dragons 228, and "Collects double, or 472, from East wind: 236 from West
    # and South" becomes 456 and 228. Built: three kongs (ones of bamboo, nines of
    # characters and of dots), GG + 55b waiting on G or 5b (not the only place); he
    # punged the G -> [GGG] exposed 4. Three suits: no one-suit double.
    s = score("GGG 55b {1111b} [9999c] {9999d}", N, "G", DISCARD)
    assert (s.score, s.points, s.doubles) == (228, 114, 1)
    check_card(
        s,
        bonus={MJ: 20, NO_SEQ: 10},
        sets=[("kong", "concealed", 32), ("kong", "exposed", 16), ("kong", "concealed", 32), ("pung", "exposed", 4)],
        doubles=[("green dragon", 1)],
    )
    assert collects(N, s.score) == {E: 456, S: 228, W: 228}


def test_example_19_west_white_dragons():
    # Ex 19 (seed 000), PLAYER IS WEST WIND: 20; 3 winds concealed 8, 3 dragons
    # exposed 4 = 32; one suit except honors 64, white 128, own wind 256; "Collects 512
    # from East wind, 256 from North and South". Built: two dots chows (no no-sequence
    # bonus), West's own wind concealed, white dragons exposed, an 8d pair; the claimed
    # 7d filled 56d open at both ends (no drawing, no only-place bonus).
    s = score("234d 567d 88d WWW [WhWhWh]", W, "7d", DISCARD)
    assert (s.score, s.points, s.doubles) == (256, 32, 3)
    assert len(s.reading.waits) > 1
    check_card(
        s,
        bonus={MJ: 20},
        sets=[("pung", "concealed", 8), ("pung", "exposed", 4)],
        doubles=[(ONE_SUIT_HONORS, 1), ("white dragon", 1), ("(own wind)", 1)],
    )
    assert collects(W, s.score) == {E: 512, S: 256, N: 256}


def test_example_20_east_highest_probable_hand():
    # Ex 20 (seed 000), PLAYER IS EAST WIND: 20 + 10 + loose tile 10 + drawing 2 +
    # only place 2 = 44; 4 dragons concealed 32 x3, 4 winds concealed 32 = 172; all
    # honors x3: 344, 688, 1376; green 2752, white 5504, red 11008, own wind 22016;
    # "Double once because everyone must pay East wind double when he wins 44032 ...
    # a total of 132,096". Our score stops at 22016: East's double is settlement's.
    # Built: four concealed kongs (the three dragons and East) and a lone North wind
    # matched by a loose tile; a North pair is not East's wind and scores nothing.
    s = score("NN {RRRR} {GGGG} {WhWhWhWh} {EEEE}", E, "N", LOOSE)
    assert (s.score, s.points, s.doubles) == (22016, 172, 7)
    check_card(
        s,
        bonus={MJ: 20, NO_SEQ: 10, LOOSE_TILE: 10, DRAWN: 2, ONLY_PLACE: 2},
        sets=[("kong", "concealed", 32)] * 4,
        doubles=[
            (ALL_HONORS, 3),
            ("green dragon", 1),
            ("white dragon", 1),
            ("red dragon", 1),
            ("(own wind)", 1),
        ],
    )
    paid = collects(E, s.score)
    assert paid == {S: 44032, W: 44032, N: 44032}
    assert sum(paid.values()) == 132096


# --------------------------------------------------------------------------------------
# "Filling the only place to win" (seed 000, Score card, bonus 4: "winning by matching
# the pair or drawing the middle tile of a sequence"; Part II, explanation item 7, adds
# "the only open end"). The rule: exactly one tile kind completes the hand.
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "notation, win_tile, expected_waits, scores",
    [
        # closed wait: 46b waits only on the middle 5b
        ("123c 789c 456d 11b 456b", "5b", ("5b",), True),
        # edge wait: 12b waits only on 3b
        ("123c 456c 789d NN 123b", "3b", ("3b",), True),
        # edge wait at the top: 89b waits only on 7b
        ("123c 456c 789d NN 789b", "7b", ("7b",), True),
        # pair wait: a lone North wind
        ("123c 456c 789d 234b NN", "N", ("N",), True),
        # two-sided: 23b waits on 1b or 4b
        ("123c 456c 789d NN 123b", "1b", ("1b", "4b"), False),
        ("123c 456c 789d NN 234b", "4b", ("1b", "4b"), False),
        # looks single but is not: 1112b waits on 2b (111 + 22) and 3b (11 + 123)
        ("123c 456c 789d 11b 123b", "3b", ("2b", "3b"), False),
        ("123c 456c 789d 111b 22b", "2b", ("2b", "3b"), False),
        # looks like a pair wait but is not: 3456b waits on 3b and 6b
        ("123c 456c 789d 33b 456b", "3b", ("3b", "6b"), False),
        # two pairs: either one may become the pung
        ("123c 456c 789d NN 555b", "5b", ("5b", "N"), False),
    ],
)
@pytest.mark.parametrize("by", [WALL, DISCARD])
def test_only_place_to_win(notation, win_tile, expected_waits, scores, by):
    s = score(notation, S, win_tile, by)
    assert s.reading.waits == tuple(tile(t) for t in expected_waits)
    assert (ONLY_PLACE in [i.name for i in s.items]) is scores
    if scores:
        assert any(i.name == ONLY_PLACE and i.points == 2 for i in s.items)


def test_only_place_a_tile_held_four_of_is_no_wait():
    # 1112b waits on 2b and 3b -- unless the player holds the other three 2b
    # himself (an exposed pung): then 2b cannot come and 3b is the only place.
    s = score("456c 789d 11b 123b [222b]", S, "3b", DISCARD)
    assert s.reading.waits == (tile("3b"),)
    assert any(i.name == ONLY_PLACE for i in s.items)
    # same shape with the pung of another tile: two places, no bonus
    s = score("456c 789d 11b 123b [555b]", S, "3b", DISCARD)
    assert s.reading.waits == (tile("2b"), tile("3b"))
    assert ONLY_PLACE not in [i.name for i in s.items]


def test_only_place_forfeits_no_other_score():
    # "No other score than Mah-Jongg ... even drawing the winning piece will forfeit
    # this bonus": so does the only-place bonus (it is a score).
    s = score("123c 456c 789d NN 123b", S, "3b", DISCARD)
    assert [i.name for i in s.items] == [MJ, ONLY_PLACE]
    assert s.score == 22


# --------------------------------------------------------------------------------------
# Conventions the examples rely on (docs/rules/pung-chow.md)
# --------------------------------------------------------------------------------------


def test_winning_tile_must_be_written_concealed():
    # the claimed tile goes in the hand, not in a bracket: [222d] already declared
    # cannot hold the winning 2d
    with pytest.raises(ScoringError, match="concealed"):
        score("123b 456c 789c 55b [222d]", S, "2d", DISCARD)
    # written in the hand it is fine (example 1)
    assert score("123b 456c 789c 55b 222d", S, "2d", DISCARD).score == 22


def test_claimed_winning_tile_set_is_exposed_drawn_is_concealed():
    # Ex 4's hand won on a claimed 6b instead: the 666b becomes exposed (2, not 4)
    # and the drawing bonus goes.
    s = score("666b 88d [222c] [RRR] [333d]", S, "6b", DISCARD)
    assert (s.points, s.doubles, s.score) == (40, 1, 80)


def test_east_original_hand_has_no_draw_and_no_only_place():
    # Ex 16's hand; another player's "original hand" win (first tile received)
    # still draws a tile.
    east = score("444c RRR 123b 678d 99b", E, "9b", WALL, original=True)
    assert DRAWN not in [i.name for i in east.items]
    assert ONLY_PLACE not in [i.name for i in east.items]
    south = score("444c RRR 123b 678d 99b", S, "9b", WALL, original=True)
    assert DRAWN in [i.name for i in south.items]
    assert ORIGINAL in [i.name for i in south.items]


def test_loser_counts_pungs_in_hand_and_one_pair():
    # a loser's hand (seed 000, Score card: combination scores and doubling honors
    # for all four hands): pungs among the concealed tiles count as concealed, four
    # undeclared count as a pung; at most one scoring pair.
    loser = Hand.parse("1111b 345d 78d RR GG", sizes=(13,))
    s = score_hand(loser, PUNG_CHOW, Situation(seat=S))
    assert s.points == 8 + 2  # pung of 1 bamboo concealed, one dragon pair
    assert s.doubles == 0


def test_loser_doubling_honors_count():
    # doubling honors (dragon sets, own wind, one suit) apply to losers too
    loser = Hand.parse("RRR 22c 345c 67c [SSS]", sizes=(13,))
    s = score_hand(loser, PUNG_CHOW, Situation(seat=S))
    assert s.points == 8 + 4  # RRR concealed, SSS exposed
    assert s.doubles == 3  # red dragons, own wind, one suit except honors
    assert s.score == 96
