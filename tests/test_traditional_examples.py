"""Seed 001 ("Traditional Mah Jongg"): the representative hands, the 40-point
example, the limit, four of a kind kept in the hand, and settlement.

Source: ``/work/shared/seeds/001_5face85adfec383c.txt``, sections "Combinations
on the Table", "Combinations in Hands", "Special Bonus Scores", "Double Honor
Scores", the four representative hands after the score sheet, "The Limit",
"Paying the Winner", "When East Wins", "Dead Hand". Readings in
``docs/rules/traditional.md``.

The booklet's figures are lost-illustration hands, so each test BUILDS a hand
with exactly the booklet's lines: the sets it lists, at the exposure of its
column ("If on Table" = exposed, "If in Hand" = concealed), a pair that scores
nothing, a winning tile claimed from a discard that completes a run with two
waiting places (so neither "winning piece drawn" nor "filling only possible
place" applies). Where no such hand exists -- a hand of four threes has no
run, so the score sheet's "No runs in hand or on table 10" applies though the
example leaves it out -- the test says so and checks both: the ruleset's full
figure, and the booklet's figure with that line removed.
"""

from __future__ import annotations

import pytest

from mahjongg import Hand, Wind, tile
from mahjongg.rules import TRADITIONAL, Situation, Win, WinBy, get_ruleset
from mahjongg.rules.items import NoChows
from mahjongg.rules.traditional import traditional
from mahjongg.scoring import score_hand
from mahjongg.settlement import settle

E, S, W, N = Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH
DISCARD, WALL = WinBy.DISCARD, WinBy.WALL

WITHOUT_NO_RUNS = TRADITIONAL.with_options(rules=tuple(r for r in TRADITIONAL.rules if not isinstance(r, NoChows)))
"""The ruleset without "No runs in hand or on table 10", to check the booklet's
figures where its example leaves that line out."""


def score(notation, win_tile, by=DISCARD, seat=S, ruleset=TRADITIONAL, **win):
    return score_hand(Hand.parse(notation), ruleset, Situation(seat=seat, win=Win(tile(win_tile), by, **win)))


def names(s):
    return [i.name for i in s.items]


def test_registered():
    assert get_ruleset("traditional") is TRADITIONAL
    assert TRADITIONAL.limit == 300 and TRADITIONAL.payment_limit == 300 and TRADITIONAL.east_factor == 2
    # seed 001, Seasons: "Each wall consists of eighteen pairs of tiles instead of seventeen"
    assert TRADITIONAL.wall_stacks == 18 and len(TRADITIONAL.bonus_tiles) == 8
    # seed 001, The Draw: "until there are only fourteen pieces ... left in the wall"
    assert TRADITIONAL.reserved_tiles == 14


# --- hand 1: "For 3 threes 2 / 4, For Winning Hand 20 / 20, Total 22 / 24" -------------


def test_smallest_hand_on_table_22():
    # seed 001, first representative hand, "If on Table": three threes exposed 2 +
    # Mah-Jongg 20 = 22, "the smallest possible score". The claimed 9d completes the run
    # 789d (78d 99d waited on 6d or 9d: two places, so no "only possible place").
    s = score("[333b] 123c 456c 78d 99d 9d", "9d")
    assert (s.score, s.points, s.doubles) == (22, 22, 0)
    assert names(s) == ["Mah-Jongg", "pung of 3 bamboo (exposed)"]


def test_smallest_hand_in_hand_24():
    # seed 001, first representative hand, "If in Hand": three threes concealed 4 + 20 = 24.
    s = score("333b 123c 456c 78d 99d 9d", "9d")
    assert (s.score, s.points, s.doubles) == (24, 24, 0)


def test_drawn_and_only_place_add_two_each():
    # seed 001, note under the first hand: "If final piece ... is drawn from wall, add 2
    # ... If final piece ... is only possible piece that could complete hand, add 2":
    # 22 + 2 (drawn) = 24; 7d completing 89d at its only place (an end wait): 22 + 2 = 24.
    assert score("[333b] 123c 456c 78d 99d 9d", "9d", WALL).score == 24
    assert score("[333b] 123c 456c 89d 55d 7d", "7d").score == 24


# --- hand 2: 3 twos, 3 sevens, 3 dragons, 3 ones: 32 / 44, doubled 64 / 88 -------------


def test_four_threes_on_table():
    # seed 001, second representative hand, "If on Table": 2 + 2 + 4 (dragons) + 4 (ones)
    # + 20 = 32, "Doubling for 3 dragons makes score 64". Three sets exposed, the fourth
    # (1d) completed by a claimed discard, so exposed too; 11d EE waited on 1d or E.
    # The hand has no run, so the score sheet's Special Bonus "No runs in hand or on
    # table 10" applies though the example leaves it out: (32 + 10) x 2 = 84.
    hand = "[222b] [777c] [RRR] 11d EE 1d"
    s = score(hand, "1d")
    assert (s.points, s.doubles, s.score) == (42, 1, 84)
    assert "no runs" in names(s)
    book = score(hand, "1d", ruleset=WITHOUT_NO_RUNS)
    assert (book.points, book.score) == (32, 64)


def test_four_threes_in_hand():
    # seed 001, second representative hand, "If in Hand": 4 + 4 + 8 + 8 + 20 = 44, doubled
    # for the dragons 88. All four threes concealed: the claimed 3b completes the pair 33b
    # (2223b also waited on 1b and 4b, so not the only place). With "No runs" (left out
    # by the example): (44 + 10) x 2 = 108.
    hand = "2223b 777c 111d RRR 3b"
    s = score(hand, "3b")
    assert (s.points, s.doubles, s.score) == (54, 1, 108)
    book = score(hand, "3b", ruleset=WITHOUT_NO_RUNS)
    assert (book.points, book.score) == (44, 88)


# --- hand 3: 3 fours, 3 dragons: 26 / 32, 52 / 64, 104 / 128; West 112 / 136 ------------

ON_TABLE_3 = "[444b] [RRR] [123b] 56b WW 7b"
IN_HAND_3 = "444b RRR 123b 56b WW 7b"


@pytest.mark.parametrize(
    "hand, points, total",
    [
        # seed 001, third hand "If on Table": 2 + 4 + 20 = 26; doubled for the dragons 52;
        # "Doubling again for only one suit (Bamboo), the others being specials" 104.
        (ON_TABLE_3, 26, 104),
        # "If in Hand": 4 + 8 + 20 = 32; 64; 128.
        (IN_HAND_3, 32, 128),
    ],
)
def test_one_suit_with_dragons(hand, points, total):
    # The rest: bamboo runs (one claimed into 567b, which also waited on 4b) and a pair
    # of West wind, worth nothing to South.
    s = score(hand, "7b", seat=S)
    assert (s.points, s.doubles, s.score) == (points, 2, total)
    assert [i.name for i in s.items if i.doubles] == ["pung of red dragon", "all one suit except winds and dragons"]


@pytest.mark.parametrize("hand, total", [(ON_TABLE_3, 112), (IN_HAND_3, 136)])
def test_one_suit_with_dragons_for_west(hand, total):
    # seed 001, third hand: "If winner is West Wind, then add 2 to score for pair of own
    # wind. Add before doubling, making final score 112 if all are on Table or 136 if
    # all are in Hand": (26 + 2) x 4 = 112, (32 + 2) x 4 = 136.
    s = score(hand, "7b", seat=W)
    assert s.score == total
    assert "pair of West wind" in names(s)


# --- hand 4: 3 ones, 3 sixes: 26 / 32, doubled three times 208 / 256 --------------------


@pytest.mark.parametrize(
    "hand, points, total",
    [
        # seed 001, fourth hand "If on Table": 4 + 2 + 20 = 26; "Doubling 3 times for all
        # of one suit, makes score 208".
        ("[111b] [666b] [234b] 78b 55b 9b", 26, 208),
        # "If in Hand": 8 + 4 + 20 = 32; 256.
        ("111b 666b 234b 78b 55b 9b", 32, 256),
    ],
)
def test_all_one_suit(hand, points, total):
    # The claimed 9b completes 789b (78b waited on 6b and 9b); the pair 55b scores nothing.
    s = score(hand, "9b")
    assert (s.points, s.doubles, s.score) == (points, 3, total)
    assert "entirely of one suit" in names(s)


# --- the 40-point example -----------------------------------------------------------------


def test_forty_doubled_three_times_is_320():
    # seed 001, Double Honor Scores: "if a hand scores 40 and has ... 3 Red Dragons, 4 of
    # your own wind, and all other pieces of the same suit, you double 40 three times,
    # making your score 320". Built: kong of South (own wind) exposed 16 + red dragons
    # exposed 4 + Mah-Jongg 20 = 40; the rest bamboo runs and a 99b pair.
    hand = "[SSSS] [RRR] 123b 45b 99b 6b"
    unlimited = traditional(limit=1000)
    s = score(hand, "6b", seat=S, ruleset=unlimited)
    assert (s.points, s.doubles, s.score) == (40, 3, 320)
    assert [i.name for i in s.items if i.doubles] == [
        "pung of red dragon",
        "kong of South wind (own wind)",
        "all one suit except winds and dragons",
    ]
    # seed 001, The Limit: "A scoring limit of 300 points on any one hand" -- under the
    # default limit the same hand scores 300 (and it is not a limit hand).
    capped = score(hand, "6b", seat=S)
    assert (capped.points, capped.doubles, capped.score, capped.limit_hand) == (40, 3, 300, None)


# --- the rest of the score sheet -----------------------------------------------------------


def test_kongs_on_table_and_in_hand():
    # seed 001, Combinations: four of a kind of 2-8 8 / 16, of ones, nines, winds, dragons
    # 16 / 32; a kong drawn and laid with two tiles face down "still counts as though held
    # in the hand" ({...}). Loser (no win): 8 + 32 = 40; no doubles (N is not own wind
    # for South; the suits are mixed).
    s = score_hand(Hand.parse("[5555c] {NNNN} 123b 456d 99b"), TRADITIONAL, Situation(seat=S))
    assert (s.points, s.score) == (40, 40)


def test_four_of_a_kind_undeclared_counts_as_three():
    # seed 001, "if another player completes his hand and wins, the 4 of a kind left in
    # the hand counts only as '3 of a kind'": 5555d held by a loser scores a concealed
    # pung of 5d, 4 points (not 16 for a kong).
    s = score_hand(Hand.parse("5555d 123b 456c 78d E"), TRADITIONAL, Situation(seat=S))
    assert s.score == 4
    assert names(s) == ["pung of 5 dots (concealed)"]


def test_pair_of_dragons_or_own_wind():
    # seed 001: "A pair of any color or of player's own wind 2 points" -- for all hands:
    # a loser's pair of red dragons 2, of his own wind 2, of another wind 0.
    assert score_hand(Hand.parse("123b 456c 789d RR 57d"), TRADITIONAL, Situation(seat=S)).score == 2
    assert score_hand(Hand.parse("123b 456c 789d SS 57d"), TRADITIONAL, Situation(seat=S)).score == 2
    assert score_hand(Hand.parse("123b 456c 789d NN 57d"), TRADITIONAL, Situation(seat=S)).score == 0


def test_no_scoring_combinations_only_at_twenty():
    # seed 001, Special Bonus "No scoring combinations in hand or on table 10", and
    # "Bonus Scores and Honor Scores": "given only when a player's score is only twenty
    # for winning. It is not given if the winner scores two for drawing ... or for
    # filling in the only place". Runs and a 55d pair, two waiting places: 20 + 10 = 30.
    assert score("123b 456c 789d 78d 55d 9d", "9d").score == 30
    # drawn: 20 + 2 = 22, no consolation
    assert score("123b 456c 789d 78d 55d 9d", "9d", WALL).score == 22


def test_winning_on_a_loose_tile_after_a_kong():
    # seed 001, Special Bonus "Winning piece on special draw of a 'loose tile' after 4 of
    # a kind 10": 20 + 10 + 2 (drawn) + 8 (kong of 7c exposed) = 40; 78d waited on 6d/9d.
    s = score("123b [7777c] 456d 78d 55b 9d", "9d", WinBy.LOOSE)
    assert s.score == 40
    # after a Flower's loose tile (Flower 3 laid out, not South's own: 4 points): no bonus --
    # 20 + 2 + 8 + 4 = 34 (docs/rules/traditional.md)
    assert score("123b [7777c] 456d 78d 55b 9d f3", "9d", WinBy.LOOSE, after_flower=True).score == 34


def test_original_hand_doubles_three_times():
    # seed 001, Double Honor Scores: "To win on original hand ... Double total score 3
    # times". South's original hand (his first 14 tiles), drawn: 20 + 2 (drawn) + 2 (only
    # place: the 5b pair) + 4 (3d concealed) = 28, x 8 = 224.
    s = score("123b 456c 789d 333d 55b", "5b", WALL, seat=S, original=True)
    assert (s.points, s.doubles, s.score) == (28, 3, 224)


def test_all_winds_and_dragons_doubles_three_times_for_a_loser():
    # seed 001: "Hand entirely of winds and dragons Double total score 3 times" -- "Double
    # Honor Scores. These apply to all hands". Loser, South: EEE exposed 4, GGG concealed
    # 8, pair of white 2 = 14; doubles: green dragon 1, all honors 3 -> 14 x 16 = 224.
    s = score_hand(Hand.parse("[EEE] GGG WhWh NN W S R"), TRADITIONAL, Situation(seat=S))
    assert (s.points, s.doubles, s.score) == (14, 4, 224)


# --- settlement ------------------------------------------------------------------------------


def test_limit_east_pays_and_collects_600():
    # seed 001, The Limit: "each losing player pays in chips only 300 points when the
    # winner's score is 300 or more, except in the case of 'East,' who when a loser, pays
    # double (or 600 points) and when a winner collects double (or 600 points)".
    r = TRADITIONAL
    south_wins = settle({E: 0, S: 300, W: 0, N: 0}, S, limit=r.payment_limit, east_factor=r.east_factor)
    assert {(p.payer, p.amount) for p in south_wins.payments} == {(E, 600), (W, 300), (N, 300)}
    east_wins = settle({E: 300, S: 0, W: 0, N: 0}, E, limit=r.payment_limit, east_factor=r.east_factor)
    assert east_wins.net[E] == 1800


def test_losers_settle_differences_east_double():
    # seed 001, Paying the Winner / When East Wins: the winner collects his score from
    # each; the losers pay each other the differences; East pays and collects double.
    # S wins 44; E 16, W 24, N 0: S gets 88 from E, 44 from W and N; W gets 2x8 = 16 from
    # E; E gets 2x16 = 32 from N; W gets 24 from N.
    res = settle({E: 16, S: 44, W: 24, N: 0}, S, limit=300)
    t = res.table()
    assert (t[E][S], t[W][S], t[N][S]) == (88, 44, 44)
    assert (t[E][W], t[N][E], t[N][W]) == (16, 32, 24)


def test_dead_hand_pays_everyone_and_is_paid_by_nobody():
    # seed 001, Dead Hand: "he must pay winner and pay each other player total score of
    # that player, the 'dead' hand counting as nothing. No player pays him." N is dead;
    # S wins 30, E 8, W 12: N pays S 30, E 2x8 = 16 (East double), W 12.
    res = settle({E: 8, S: 30, W: 12, N: 0}, S, dead=[N], limit=300)
    t = res.table()
    assert (t[N][S], t[N][E], t[N][W]) == (30, 16, 12)
    assert all(t[x][N] == 0 for x in (E, S, W))
