"""Seed 001: the sixteen special limit hands -- for each, a hand that is it and a
hand that nearly is and is not.

Source: ``/work/shared/seeds/001_5face85adfec383c.txt``, "These are examples of
special limit hands that when achived pay the limit of the game", 1-16; "The
Limit" (300). Every limit hand scores the limit, 300, with the hand's name as
``Score.limit_hand``. The near misses are scored by the score sheet (section
and lines named in each comment); the winner is South unless said otherwise,
and a claimed winning tile makes the set it completes exposed.
"""

from __future__ import annotations

import pytest

from mahjongg import Hand, Wind, tile
from mahjongg.rules import TRADITIONAL, Situation, Win, WinBy
from mahjongg.rules.traditional import traditional
from mahjongg.rules.traditional_items import LimitHand
from mahjongg.scoring import ScoringError, score_hand

E, S, W, N = Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH
DISCARD, WALL, LOOSE, ROBBED = WinBy.DISCARD, WinBy.WALL, WinBy.LOOSE, WinBy.ROBBED_KONG


def score(notation, win_tile, by=DISCARD, seat=S, ruleset=TRADITIONAL, **win):
    return score_hand(Hand.parse(notation), ruleset, Situation(seat=seat, win=Win(tile(win_tile), by, **win)))


# (limit hand, the hand, winning tile, how, seat, Win facts) -- each one IS the limit hand.
IS = [
    # 1) "Four concealed sets of three-of-a-kind and a pair, all drawn from the wall even
    #    the last tile, concealed kongs are allowed."
    ("Hidden Treasure", "222b 777c 111d RRR 33b", "3b", WALL, S, {}),
    ("Hidden Treasure", "{2222b} 777c 111d RRR 33b", "3b", WALL, S, {}),
    # 2) "Four sets (threes or fours) and a pair of Winds and Dragons exclusively."
    ("All Honors", "[EEE] [SSS] [RRR] GGG WhWh", "Wh", DISCARD, S, {}),
    # 3) "Four sets (threes or fours) and a pair of 1's and 9's exclusively."
    ("All Terminals", "[111b] [999c] [111d] 999d 11c", "1c", DISCARD, S, {}),
    # 4) "Green Dragons, 2, 3, 4, 6, & 8 Bamboo ... A 2, 3, 4 straight is allowed."
    ("All Green", "[222b] [666b] [GGG] 234b 88b", "8b", DISCARD, S, {}),
    # 5) "Three sets (threes or fours) of each of the three dragons ... the remaining set
    #    and pair ... may be of any kind."
    ("Three Great Scholars", "[RRR] [GGG] [WhWhWh] 123b 55c", "5c", DISCARD, S, {}),
    # 6) "Sets (threes or fours) of all four Winds and a pair of any kind."
    ("Four Large Blessings", "[EEE] [SSS] [WWW] NNN 55d", "5d", DISCARD, S, {}),
    # 7) "Four sets of four-of-a-kind and a pair of any sort."
    ("All Kongs", "[1111b] [EEEE] {5555c} [9999d] RR", "R", DISCARD, S, {}),
    # 8) "A concealed hand of all one suit ... 1,1,1,2,3,4,5,6,7,8,9,9,9 when completed
    #    by any tile of the suit, either drawn or discarded."
    ("Nine United Sons", "1112345678999b 5b", "5b", DISCARD, S, {}),
    ("Nine United Sons", "1112345678999c 9c", "9c", WALL, S, {}),
    # 9) "One of each Wind, one of each Dragon, and one of each One and Nine of the three
    #    suits. The fourteenth tile must pair with any one of the thirteen."
    ("Thirteen Unique Wonders", "119b 19c 19d ESWNRGWh", "1b", DISCARD, S, {}),
    # 10) "When East's original fourteen tiles (or after flowers and kongs have been
    #     grounded) form a complete hand."
    ("Heavenly Peace", "123b 456c 789d 333d 55b", "5b", WALL, E, {"original": True}),
    ("Heavenly Peace", "123b 456c {7777d} 333d 55b f1", "5b", LOOSE, E, {"original": True, "after_flower": True}),
    # 11) "When a player's other than East, completes his hand with East's first discard."
    ("Earthly Peace", "123b 456c 789d 333d 55b", "5b", DISCARD, S, {"first_discard": True, "original": True}),
    # 12) "Completed by drawing the last tile in the wall (last live tile), and this tile
    #     is the One of Circles/Dots."
    ("Moon from the Bottom of the Sea", "123b 456c 789d 333c 11d", "1d", WALL, S, {"last_tile": True}),
    # 13) "Completed by a loose-tile draw (after a kong), and the tile is the Five of
    #     Circles/Dots."
    ("Plum Blossom on the Roof", "123b 456c [7777c] 333c 55d", "5d", LOOSE, S, {}),
    # 14) "Completed by robbing a kong, and the tile taken is the Two of Bamboo's."
    #     The robbed tile is the kong's fourth: here it completes 123b (the robber holds no other 2b).
    ("Scratching a Carrying Pole", "123b [2222c] 456d 55d 333c", "2b", ROBBED, S, {}),
    # 15) "A player completing a kong, draws a loose-tile which completes a second kong
    #     ... If this second loose-tile completes his hand he scores the limit."
    ("Kong on Kong", "123b [2222c] [7777d] 11b 333c", "1b", LOOSE, S, {"after_kong_on_kong": True}),
    # 16) "Seven different pairs of Honors (one pair of each Wind and each Dragon); or
    #     any seven different pairs of one suit. The final tile may be drawn or claimed."
    ("Heavenly Twins", "EESSWWNNRRGGWhWh", "Wh", DISCARD, S, {}),
    ("Heavenly Twins", "11223355778899b", "9b", WALL, S, {}),
]


@pytest.mark.parametrize("name, hand, win, by, seat, facts", IS, ids=[f"{x[0]}-{i}" for i, x in enumerate(IS)])
def test_limit_hand(name, hand, win, by, seat, facts):
    # seed 001: each "pay[s] the limit of the game"; The Limit: 300.
    s = score(hand, win, by, seat, **facts)
    assert s.limit_hand == name
    assert s.score == 300
    assert s.items[0].limit and s.items[0].name == name


def test_sixteen_limit_hands_in_the_ruleset():
    names = [r.name for r in TRADITIONAL.rules if isinstance(r, LimitHand)]
    assert len(names) == 16 == len({x[0] for x in IS})
    assert set(names) == {x[0] for x in IS}


def test_limit_hand_settles_at_the_limit_east_double():
    # seed 001, The Limit: East "when a winner collects double (or 600 points)".
    from mahjongg.settlement import settle

    s = score(*IS[11][1:4], E, **IS[11][5])  # Heavenly Peace
    res = settle({E: s.score, S: 0, W: 0, N: 0}, E, limit=TRADITIONAL.payment_limit)
    assert {p.amount for p in res.payments} == {600}


# --- near misses: one for each ------------------------------------------------------------------


def test_hidden_treasure_not_with_a_claimed_last_tile():
    # 1) "all drawn from the wall even the last tile": the pair's 3b claimed instead.
    # Score sheet: 20 + no runs 10 + 4 (2b) + 4 (7c) + 8 (1d) + 8 (red) in hand = 54;
    # doubled for the dragons = 108 (2223b also waited on 1b and 4b: not the only place).
    s = score("222b 777c 111d RRR 33b", "3b", DISCARD)
    assert (s.limit_hand, s.points, s.score) == (None, 54, 108)


def test_hidden_treasure_not_with_an_exposed_set():
    # 1) "Four concealed sets": one pung exposed -- 20 + 2 (drawn) + 2 (only place: the
    # single 3b) + 10 (no runs) + 2 (222b exposed) + 4 + 8 + 8 = 56, x 2 (dragons) = 112.
    s = score("[222b] 777c 111d RRR 33b", "3b", WALL)
    assert (s.limit_hand, s.points, s.score) == (None, 56, 112)


def test_all_honors_not_with_a_pair_of_ones():
    # 2) the pair is 1 bamboo. Seat North, so no own-wind set. Score sheet: 20 + only place
    # 2 + no runs 10 + 4 + 4 + 4 (exposed honors) + 8 (GGG in hand) = 52; doubles: two
    # dragon sets, all one suit except winds and dragons = 3 -> 416, capped at the limit
    # 300 -- a score at the limit, but not a limit hand.
    s = score("[EEE] [SSS] [RRR] GGG 11b", "1b", seat=N)
    assert (s.limit_hand, s.points, s.doubles, s.score) == (None, 52, 3, 300)


def test_all_terminals_not_with_a_pair_of_winds():
    # 3) "1's and 9's exclusively": a pair of East. 20 + 2 + 10 + 4 + 4 + 4 + 8 = 52, no double.
    s = score("[111b] [999c] [111d] 999d EE", "E")
    assert (s.limit_hand, s.score) == (None, 52)


def test_all_green_not_with_a_five_of_bamboo():
    # 4) "1, 5, 7, & 9's can not be used": 345b instead of 234b. 20 + 2 (only place, 8b
    # to the single 8b) + 2 + 2 + 4 = 30; green dragon and one suit with honors: x 4 = 120.
    s = score("[222b] [666b] [GGG] 345b 88b", "8b")
    assert (s.limit_hand, s.points, s.score) == (None, 30, 120)


def test_three_great_scholars_not_with_a_pair_of_the_third_dragon():
    # 5) two dragon sets and a pair of white: 20 + 4 + 4 + 2 (pair of a dragon) = 30;
    # two dragon sets and one suit with honors: x 8 = 240.
    s = score("[RRR] [GGG] 123b 45b WhWh 6b", "6b")
    assert (s.limit_hand, s.points, s.score) == (None, 30, 240)


def test_four_large_blessings_not_with_three_wind_sets():
    # 6) three wind sets and a pair of the fourth, for North: 20 + 2 (3d only place, an
    # end wait) + 4 + 4 + 4 + 2 (pair of own wind) = 36; one suit with honors: 72.
    s = score("[EEE] [SSS] [WWW] 12d NN 3d", "3d", seat=N)
    assert (s.limit_hand, s.points, s.score) == (None, 36, 72)


def test_all_kongs_not_with_three():
    # 7) three kongs and a pung: 20 + 2 (only place) + 10 (no runs) + 16 + 16 + 16 + 4 +
    # 2 (pair of red) = 86, no double (the red pair is no set).
    s = score("[1111b] [EEEE] {5555c} [999d] RR", "R")
    assert (s.limit_hand, s.score) == (None, 86)


def test_nine_united_sons_not_concealed():
    # 8) "A concealed hand": the 111b is exposed. 20 + 4 (111b exposed) + 8 (999b in hand) = 32;
    # entirely of one suit x 8 = 256.
    s = score("[111b] 2345678999b 5b", "5b")
    assert (s.limit_hand, s.points, s.score) == (None, 32, 256)


def test_thirteen_unique_wonders_needs_all_thirteen():
    # 9) the white dragon missing, a 5b in its place: no limit hand and no four sets and a
    # pair, so the hand is not complete.
    with pytest.raises(ScoringError, match="not a complete hand"):
        score("119b 19c 19d ESWNRG 5b", "5b")


def test_heavenly_peace_is_east_only():
    # 10) South winning on his original hand is not Heavenly Peace; Double Honor Scores "To
    # win on original hand ... 3 times": 20 + 2 (drawn) + 2 (only place) + 4 (333d) = 28, x 8 = 224.
    s = score("123b 456c 789d 333d 55b", "5b", WALL, S, original=True)
    assert (s.limit_hand, s.score) == (None, 224)
    # East completing on his first draw after a discard: 20 + 2 + 2 + 4 = 28.
    assert score("123b 456c 789d 333d 55b", "5b", WALL, E).score == 28


def test_earthly_peace_only_on_easts_first_discard():
    # 11) South completing on a later discard: 20 + 2 (only place) + 4 = 26.
    s = score("123b 456c 789d 333d 55b", "5b", DISCARD, S)
    assert (s.limit_hand, s.score) == (None, 26)


def test_moon_needs_the_drawn_last_tile():
    # 12) "drawing the last tile in the wall": the 1d claimed from the last discard:
    # 20 + 2 (only place) + 4 (333c) = 26.
    s = score("123b 456c 789d 333c 11d", "1d", DISCARD, last_tile=True)
    assert (s.limit_hand, s.score) == (None, 26)
    # the last tile drawn but not the one of dots: 20 + 2 (drawn) + 2 (only place) + 4 = 28
    s2 = score("123b 456c 789d 333c 22d", "2d", WALL, last_tile=True)
    assert (s2.limit_hand, s2.score) == (None, 28)


def test_plum_blossom_not_after_a_flowers_loose_tile():
    # 13) "The loose-tile draw must be made after completing a kong and not after grounding
    # a flower": 20 + 2 (drawn) + 2 (only place) + 8 (7c kong exposed) + 4 (333c) = 36 --
    # and no "loose tile after 4 of a kind" bonus either.
    s = score("123b 456c [7777c] 333c 55d f2", "5d", LOOSE, after_flower=True)
    assert (s.limit_hand, s.points) == (None, 36 + 4)  # + 4 for the Flower f2 (South's own)
    assert s.score == 80  # doubled for South's own Flower


def test_scratching_a_carrying_pole_needs_a_robbed_kong():
    # 14) the 2b claimed from an ordinary discard: 20 + 2 (only place) + 8 (2c kong) + 4 = 34.
    s = score("123b [2222c] 456d 22b 333c", "2b", DISCARD)
    assert (s.limit_hand, s.score) == (None, 34)
    # a robbed kong of another tile, the 4 of characters: 20 + 2 (only place, 35c) + 8 = 30.
    s2 = score("123b [2222c] 456d 33b 35c 4c", "4c", ROBBED)
    assert (s2.limit_hand, s2.score) == (None, 30)


def test_kong_on_kong_needs_the_second_kong():
    # 15) a loose tile after one kong: 20 + 2 (drawn) + 10 (loose tile after 4 of a kind)
    # + 8 + 8 (two kongs) + 4 (333c) = 52.
    s = score("123b [2222c] [7777d] 11b 333c", "1b", LOOSE)
    assert (s.limit_hand, s.score) == (None, 52)


def test_heavenly_twins_need_seven_different_pairs_of_honors_or_one_suit():
    # 16) seven pairs of mixed suits: no limit hand, no four sets and a pair.
    with pytest.raises(ScoringError, match="not a complete hand"):
        score("1133b 5577c 99d EEGG", "G")
    # seven pairs of one suit but two of them the same (5555b): not "different".
    with pytest.raises(ScoringError):
        score("11223355557799b", "9b")


def test_heavenly_twins_option_off():
    # 16) "NOTE: This hand is in the American Code but is NOT recognized by the Chinese":
    # traditional(heavenly_twins=False) -- the honors' seven pairs are then no hand at all.
    off = traditional(heavenly_twins=False)
    with pytest.raises(ScoringError):
        score("EESSWWNNRRGGWhWh", "Wh", ruleset=off)
    assert sum(1 for r in off.rules if isinstance(r, LimitHand)) == 15
