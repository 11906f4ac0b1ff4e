"""Pung Chow Part II ("playing with a limit"), scored by ``pung-chow-limit``.

Source: seed 000 (``/work/shared/seeds/000_110d699011efd599.decoded.txt``),
Part II, "EXAMPLE OF WINNING HANDS" 1-10, with the ERRATA at the end of the
book ("Page 72. Example 3. 26 and 52 should read 16 and 32 respectively.
Example 4. Player is East Wind instead of North Wind."); the tables are also
in seed 002 (``002_4ac31be76710a44c.txt``).

The illustrations are lost, so each test BUILDS a hand that fits the
example's itemized score exactly -- the same lines with the same values and
nothing else -- and says why. The winning tile is written among the
concealed tiles; a set completed by a claimed (``DISCARD``) tile counts as
exposed. ``score`` is the hand's own value; East's double is the settlement's.
The examples reach 640 and say "if his score 640 were over the limit", so
they are scored under an agreed limit above all of them (``BOOK``, 1000);
the limit hands and the capped payments use the default 300 as well.
Readings: ``docs/rules/pung-chow-limit.md``.
"""

from __future__ import annotations

import pytest

from mahjongg import Hand, Wind, tile
from mahjongg.rules import PUNG_CHOW_LIMIT, RULESETS, Situation, Win, WinBy
from mahjongg.rules.pung_chow_limit import pung_chow_limit
from mahjongg.scoring import ScoringError, score_hand
from mahjongg.settlement import settle

E, S, W, N = Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH
DISCARD, WALL, LOOSE = WinBy.DISCARD, WinBy.WALL, WinBy.LOOSE
BOOK = PUNG_CHOW_LIMIT.with_options(limit=1000)


def score(notation, seat, round_, win_tile=None, by=DISCARD, ruleset=BOOK, **win):
    w = Win(tile(win_tile), by, **win) if win_tile else None
    return score_hand(Hand.parse(notation), ruleset, Situation(seat, round_, w))


def lines(s):
    """The score card as (name, points or doubles) pairs, sorted."""
    return sorted((i.name, i.points or i.doubles) for i in s.items)


def collects(winner, value, ruleset=BOOK):
    """What the winner collects from each player (the losers' hands 0)."""
    scores = {w: 0 for w in Wind}
    scores[winner] = value
    t = settle(scores, winner, limit=ruleset.payment_limit, east_factor=ruleset.east_factor).table()
    return {w: t[w][winner] for w in Wind if w != winner}


# --- the ruleset --------------------------------------------------------------------


def test_registered_with_the_books_defaults():
    # Seed 000 Part II, "The limit hand": usually 300 with Mah-Jongg 10, 400 with 20;
    # East liable for double the limit.
    r = RULESETS["pung-chow-limit"]
    assert r is PUNG_CHOW_LIMIT
    assert (r.limit, r.payment_limit, r.east_factor, r.reserved_tiles, r.special_shapes) == (300, 300, 2, 14, True)
    r20 = pung_chow_limit(mah_jongg=20)
    assert (r20.limit, r20.payment_limit) == (400, 400)
    r600 = PUNG_CHOW_LIMIT.with_options(limit=600)  # "A limit of 600 ... most popular"
    assert (r600.limit, r600.payment_limit) == (600, 600)
    assert PUNG_CHOW_LIMIT.limit == 300  # unchanged


def test_mah_jongg_20_variant():
    # Bonus scores 1: "generally 10 points unless specially agreed" -- with 20 the
    # limit is 400. Same hand as example 3: 20 + 4 + 2 = 26, red dragons 52.
    s = score("[RRR] 777c 234b 567d 55b", N, E, "7c", ruleset=pung_chow_limit(mah_jongg=20))
    assert (s.points, s.score) == (26, 52)


# --- examples of winning hands 1-10 (seed 000 Part II) ----------------------------------


def test_example_1():
    # Ex 1: East, South round. Mah-Jongg 10; three 8 character concealed 6; three 3
    # bamboo concealed 6; three heads (1 dot) concealed 10; three 5 character exposed 2;
    # pair of heads drawn (1 character) 6 = 40; no sequences double once 80; "East Wind
    # collects double ... 160 From each player". Built: four pungs, the lone 1c matched
    # by draw (the pair is the only wait); suits mixed, so no one-suit double.
    s = score("[555c] 888c 333b 111d 11c", E, S, "1c", WALL)
    assert (s.points, s.doubles, s.score) == (40, 1, 80)
    assert s.reading.waits == (tile("1c"),)
    assert lines(s) == sorted([
        ("Mah-Jongg", 10), ("pung of 8 characters (concealed)", 6), ("pung of 3 bamboo (concealed)", 6),
        ("pung of 1 dot (concealed)", 10), ("pung of 5 characters (exposed)", 2),
        ("pair of heads (1 character) drawn to complete hand", 6), ("no sequences", 1),
    ])
    assert collects(E, s.score) == {S: 160, W: 160, N: 160}


def test_example_2():
    # Ex 2: North in North round. Mah-Jongg 10; three 9 character concealed 10; three
    # North concealed 10; three bamboo concealed 6; three red dragons exposed 4 = 40;
    # red dragons x2 = 80; own wind in own wind round x2 twice = 320; no sequences
    # 640; "collect 1280 from East Wind and 640 from other two winds". Built: the drawn
    # N completed his wind pung (a two-pair wait, N or 5d), so the pair 55d (2-8, not
    # completed) scores nothing.
    s = score("[RRR] 999c NNN 222b 55d", N, N, "N", WALL)
    assert (s.points, s.doubles, s.score) == (40, 4, 640)
    assert lines(s) == sorted([
        ("Mah-Jongg", 10), ("pung of 9 characters (concealed)", 10), ("pung of North wind (concealed)", 10),
        ("pung of 2 bamboo (concealed)", 6), ("pung of red dragon (exposed)", 4),
        ("pung of red dragon", 1), ("set of own wind (North wind) in own wind round", 2), ("no sequences", 1),
    ])
    assert collects(N, s.score) == {E: 1280, S: 640, W: 640}


def test_example_2_over_the_limit():
    # Ex 2, last sentence: "If his score 640 were over the limit he would collect
    # double the limit from East and only the limit from South and West". Under the
    # usual limit of 300 it is.
    s = score("[RRR] 999c NNN 222b 55d", N, N, "N", WALL, ruleset=PUNG_CHOW_LIMIT)
    assert (s.points, s.doubles, s.score) == (40, 4, 300)
    assert collects(N, s.score, PUNG_CHOW_LIMIT) == {E: 600, S: 300, W: 300}


def test_example_3_errata():
    # Ex 3: North, East round. Mah-Jongg 10; three red dragons exposed 4; three 7
    # character exposed 2 = 16 (ERRATA p. 72: "26 and 52 should read 16 and 32"); red
    # dragons x2 = 32; so he collects 64 from East and 32 from South and West (the
    # printed 104 / 52 follow from 52). Built: he punged the 7c (a two-pair wait, 7c or
    # 5b), two chows and a 5b pair that score nothing.
    s = score("[RRR] 777c 234b 567d 55b", N, E, "7c", DISCARD)
    assert (s.points, s.doubles, s.score) == (16, 1, 32)
    assert lines(s) == sorted([
        ("Mah-Jongg", 10), ("pung of red dragon (exposed)", 4), ("pung of 7 characters (exposed)", 2),
        ("pung of red dragon", 1),
    ])
    assert collects(N, s.score) == {E: 64, S: 32, W: 32}


def test_example_4_errata_player_is_east():
    # Ex 4 (ERRATA p. 72: "Player is East Wind instead of North Wind"), East Wind round.
    # Mah-Jongg 10; red dragons exposed 4; green dragons concealed 10; three nine bamboo
    # concealed 10; three of a 2-8 concealed 6; completing pair of own wind in own wind
    # round by draw 8 = 48; no sequences 96; red 192; green 384. As East he collects
    # double: 768 from each. Built: the lone E matched by draw; the 6-point set is 555c
    # (see the next test for why not bamboo).
    s = score("[RRR] GGG 999b 555c EE", E, E, "E", WALL)
    assert (s.points, s.doubles, s.score) == (48, 3, 384)
    assert lines(s) == sorted([
        ("Mah-Jongg", 10), ("pung of red dragon (exposed)", 4), ("pung of green dragon (concealed)", 10),
        ("pung of 9 bamboo (concealed)", 10), ("pung of 5 characters (concealed)", 6),
        ("pair of own wind in own wind round (East wind) drawn to complete hand", 8),
        ("no sequences", 1), ("pung of red dragon", 1), ("pung of green dragon", 1),
    ])
    assert collects(E, s.score) == {S: 768, W: 768, N: 768}


def test_example_4_as_printed_needs_the_errata():
    # Ex 4 as printed (North in the East round): the E pair is then not his own wind,
    # only a pair of heads drawn, 6 -- the "8" line cannot be scored; hence the errata.
    s = score("[RRR] GGG 999b 555c EE", N, E, "E", WALL)
    assert ("pair of heads (East wind) drawn to complete hand", 6) in lines(s)
    assert s.points == 46
    # And taken literally ("three of bamboo" with nine bamboo) the hand is all one suit
    # except winds or dragons, one more double the book does not count: 768, not 384.
    literal = score("[RRR] GGG 999b 555b EE", E, E, "E", WALL)
    assert (literal.points, literal.doubles, literal.score) == (48, 4, 768)


def test_example_5_thirteen_single_heads_limit():
    # Ex 5 / Limit hands 1: "Winning hand of Single Heads. One of the Limit Hands,
    # player collecting double the limit from East and only the limit from the others."
    # Built: all thirteen kinds of heads, the white dragon twice; South wins.
    for ruleset in (PUNG_CHOW_LIMIT, BOOK):
        s = score("19b 19c 19d ESWN R G WhWh", S, E, "Wh", DISCARD, ruleset=ruleset)
        assert s.limit_hand == "thirteen single heads and a pair"
        assert s.score == ruleset.limit
        lim = ruleset.limit
        assert collects(S, s.score, ruleset) == {E: 2 * lim, W: lim, N: lim}


def test_example_6_sets_of_heads_only_limit():
    # Ex 6 / Limit hands 2: sets of heads only with a pair of heads; "collecting double
    # the limit from East and only the limit from the other two players". West wins.
    s = score("[111b] 999c EEE [NNN] 99d", W, E, "9d", WALL, ruleset=PUNG_CHOW_LIMIT)
    assert (s.limit_hand, s.score) == ("sets of heads only", 300)
    assert collects(W, s.score, PUNG_CHOW_LIMIT) == {E: 600, S: 300, N: 300}


def test_example_7_three_dragon_sets_limit():
    # Ex 7 / Limit hands 7: "all three sets of dragons and any other set and pair ...
    # winner collecting double from East and the limit from the other two players".
    s = score("[RRR] GGG WhWhWh 234b 55c", W, E, "5c", DISCARD, ruleset=PUNG_CHOW_LIMIT)
    assert (s.limit_hand, s.score) == ("three dragon sets (the three Doctors of Literature)", 300)
    assert collects(W, s.score, PUNG_CHOW_LIMIT) == {E: 600, S: 300, N: 300}


def test_limit_hand_east_collects_double_limit_from_all():
    # Ex 7, last sentence: "In all limit hand cases, East Wind, if winner, collects
    # double limit from All players." Same hand as example 7, East winning, limit 600.
    r = PUNG_CHOW_LIMIT.with_options(limit=600)
    s = score("[RRR] GGG WhWhWh 234b 55c", E, E, "5c", DISCARD, ruleset=r)
    assert s.score == 600
    assert collects(E, s.score, r) == {S: 1200, W: 1200, N: 1200}


def test_example_8():
    # Ex 8: South in South round. Mah-Jongg 10; white dragons concealed 10; three 4 dot
    # exposed 2; three 9 dot exposed 4; filling sequence in middle by draw 4; pair of own
    # wind in own wind round 4 = 34; white dragons 68; all one suit except winds and
    # dragons 136; "collect 272 from East, 136 from North and West". Built: 24d waiting
    # on the middle 3d (the only wait), drawn; the SS pair is not the completed set, so
    # it scores the "other hands" pair value 4.
    s = score("WhWhWh [444d] [999d] 234d SS", S, S, "3d", WALL)
    assert (s.points, s.doubles, s.score) == (34, 2, 136)
    assert lines(s) == sorted([
        ("Mah-Jongg", 10), ("pung of white dragon (concealed)", 10), ("pung of 4 dots (exposed)", 2),
        ("pung of 9 dots (exposed)", 4), ("filling a sequence in the middle by draw", 4),
        ("pair of South wind", 4), ("pung of white dragon", 1), ("all one suit except winds or dragons", 1),
    ])
    assert collects(S, s.score) == {E: 272, W: 136, N: 136}


def test_example_9():
    # Ex 9: East in South round. Mah-Jongg 10; three 4 bamboo exposed 2; three 6 bamboo
    # exposed 2; pair of heads completed by draw 6 = 20; all one suit double three
    # times 40, 80, 160; "East Wind collects double when winning 320 from each player".
    # Built: all bamboo, two chows, the lone 9b matched by draw.
    s = score("[444b] [666b] 123b 567b 99b", E, S, "9b", WALL)
    assert (s.points, s.doubles, s.score) == (20, 3, 160)
    assert lines(s) == sorted([
        ("Mah-Jongg", 10), ("pung of 4 bamboo (exposed)", 2), ("pung of 6 bamboo (exposed)", 2),
        ("pair of heads (9 bamboo) drawn to complete hand", 6), ("all one suit", 3),
    ])
    assert collects(E, s.score) == {S: 320, W: 320, N: 320}


def test_example_10():
    # Ex 10: West, East round. Mah-Jongg 10; four red dragons exposed 16; three 4
    # characters exposed 2; filling a sequence on the only open end 4 = 32; four red
    # dragons double once 64; "collects 128 from East and 64 from" the other two (the
    # text's "West" is the player himself: South and North). Built: 12b waiting on the
    # only open end 3b, drawn (4, as in example 8); a pair of 8 dots scores nothing.
    s = score("[RRRR] [444c] 123b 567d 88d", W, E, "3b", WALL)
    assert (s.points, s.doubles, s.score) == (32, 1, 64)
    assert lines(s) == sorted([
        ("Mah-Jongg", 10), ("kong of red dragon (exposed)", 16), ("pung of 4 characters (exposed)", 2),
        ("filling a sequence on the only open end by draw", 4), ("kong of red dragon", 1),
    ])
    assert collects(W, s.score) == {E: 128, S: 64, N: 64}


# --- the seven limit hands (Limit hands 1-7) ---------------------------------------------

LIMIT_HANDS = [
    # (limit hand, hand, seat, round, win tile, by, original)
    ("thirteen single heads and a pair", "19b 19c 19d ESWN R GG Wh", N, E, "G", WALL, False),
    ("sets of heads only", "[111b] 999c EEE [NNN] 99d", W, E, "9d", WALL, False),
    ("four wind sets (the four happinesses)", "[EEE] SSS WWW [NNN] 55d", S, E, "5d", DISCARD, False),
    ("three wind sets and a pair of the fourth wind", "EEE SSS [WWW] 123b NN", S, E, "N", DISCARD, False),
    ("all four of a kind", "{2222b} [3333c] [4444d] [5555b] 66d", S, E, "6d", WALL, False),
    ("East winning on his original draw", "123b 456b 789c 234d 55d", E, E, "5d", WALL, True),
    ("three dragon sets (the three Doctors of Literature)", "[RRR] GGG WhWhWh 234b 55c", W, E, "5c", DISCARD, False),
]


@pytest.mark.parametrize("name,notation,seat,round_,win_tile,by,original", LIMIT_HANDS, ids=[x[0] for x in LIMIT_HANDS])
def test_limit_hands_score_and_pay_the_limit(name, notation, seat, round_, win_tile, by, original):
    # Seed 002 / 000 Part II, Limit hands 1-7: "receives from each of the players the
    # full amount agreed upon"; East pays (and collects) double the limit.
    s = score(notation, seat, round_, win_tile, by, ruleset=PUNG_CHOW_LIMIT, original=original)
    assert (s.limit_hand, s.score) == (name, 300)
    paid = collects(seat, s.score, PUNG_CHOW_LIMIT)
    assert paid == {w: (600 if E in (w, seat) else 300) for w in Wind if w != seat}


def test_near_limit_hands_are_not_limit_hands():
    # Limit hands 4 needs the pair to be the fourth wind; 6 needs East's original
    # draw; 1 needs thirteen *different* heads; a loser never scores a limit hand.
    assert score("EEE SSS [WWW] 123b 55d", S, E, "5d", DISCARD).limit_hand is None
    assert score("123b 456b 789c 234d 55d", S, E, "5d", WALL, original=True).limit_hand is None
    with pytest.raises(ScoringError):  # 12 kinds of heads and a 5d: no hand at all
        score("19b 19c 19d ESWN R G 55d", S, E, "5d", WALL)
    loser = score("RRR GGG WhWh 1b 9b 9c 5d 6d", S, E)
    assert loser.limit_hand is None
    assert loser.score == (8 + 8 + 2) * 4  # other hands: heads pungs concealed 8, dragon pair 2, two doubles


# --- bonus scores, completion values, doubles ------------------------------------------


def test_no_other_score_than_mah_jongg():
    # Bonus scores 2 / table: "No other score in hand or on table than Mah-Jong 10".
    # Four chows; he chowed the 1b to 23b, open at both ends (1b or 4b): no value.
    s = score("123b 456c 789d 234d 55b", S, E, "1b", DISCARD)
    assert lines(s) == sorted([("Mah-Jongg", 10), ("no other score than Mah-Jongg", 10)])
    assert s.score == 20
    # doubles do not forfeit it (as in Part I's example 9): all bamboo chows, 3 doubles
    s = score("123b 456b 789b 234b 55b", S, E, "1b", DISCARD)
    assert (s.points, s.doubles, s.score) == (20, 3, 160)


def test_last_drawable_tile_doubles():
    # Bonus scores 3: winning tile drawn by the player himself from the last tile
    # which may be drawn doubles once. 23b drawn 4b, both ends open by draw 4.
    s = score("234b 456c 789d 234d 55b", S, E, "4b", WALL, last_tile=True)
    assert (s.points, s.doubles, s.score) == (14, 1, 28)
    assert ("winning on the last tile drawn", 1) in lines(s)
    # a discarded last tile is not drawn by the player himself
    assert score("234b 456c 789d 234d 55b", S, E, "4b", DISCARD, last_tile=True).doubles == 0


def test_loose_tile_doubles():
    # Bonus scores 4: winning on a draw from a loose tile doubles once.
    s = score("[2222c] 123b 456c 789d 5d 5d", S, E, "5d", LOOSE)
    # Mah-Jongg 10 + kong 2-8 exposed 8 + pair 2-8 drawn 4 = 22, doubled
    assert (s.points, s.doubles, s.score) == (22, 1, 44)
    assert ("winning on a loose tile", 1) in lines(s)


def test_first_tile_played_earns_half_the_limit():
    # Bonus scores 5: "To win on first card played a bonus of half the limit hand is
    # given": 150 under 300, 300 under 600.
    s = score("123b 456c 789d 234d 55b", S, E, "1b", DISCARD, ruleset=PUNG_CHOW_LIMIT, first_discard=True)
    assert ("winning on the first tile played", 150) in lines(s)
    assert s.score == 10 + 150 + 10
    r = PUNG_CHOW_LIMIT.with_options(limit=600)
    s = score("123b 456c 789d 234d 55b", S, E, "1b", DISCARD, ruleset=r, first_discard=True)
    assert ("winning on the first tile played", 300) in lines(s)


def test_fourth_tile_of_an_exposed_set_doubles():
    # Bonus scores 6: completing the hand with the fourth tile of an exposed three of a
    # kind doubles once. [555d] exposed, 46d drawn 5d (middle by draw 4).
    s = score("[555d] 456d 123b 789c 22b", S, E, "5d", WALL)
    assert (s.points, s.doubles, s.score) == (10 + 2 + 4, 1, 32)
    assert ("winning with the fourth tile of an exposed set", 1) in lines(s)


@pytest.mark.parametrize(
    "notation,seat,round_,win_tile,by,words,points",
    [
        # Explanation 1-6 (pair completion, punged / drawn)
        ("123b 456c 789d 234d 55b", S, E, "5b", DISCARD, "pair of 2 to 8 (5 bamboo) punged to complete hand", 2),
        ("123b 456c 789d 234d 55b", S, E, "5b", WALL, "pair of 2 to 8 (5 bamboo) drawn to complete hand", 4),
        ("123b 456c 789d 234d 99b", S, E, "9b", DISCARD, "pair of heads (9 bamboo) punged to complete hand", 4),
        ("123b 456c 789d 234d RR", S, E, "R", WALL, "pair of heads (red dragon) drawn to complete hand", 6),
        ("123b 456c 789d 234d SS", S, S, "S", DISCARD,
         "pair of own wind in own wind round (South wind) punged to complete hand", 6),
        ("123b 456c 789d 234d SS", S, S, "S", WALL,
         "pair of own wind in own wind round (South wind) drawn to complete hand", 8),
        # Explanation 7 (sequences): middle / only open end by chow 2, by draw 4
        ("123b 456c 789d 234d 55b", S, E, "2b", DISCARD, "filling a sequence in the middle by chow", 2),
        ("123b 456c 789d 234d 55b", S, E, "3b", DISCARD, "filling a sequence on the only open end by chow", 2),
        ("123b 456c 789d 234d 55b", S, E, "7d", WALL, "filling a sequence on the only open end by draw", 4),
        ("123b 456c 789d 234d 55b", S, E, "6c", WALL, "filling a sequence with both ends open by draw", 4),
    ],
)
def test_completion_values(notation, seat, round_, win_tile, by, words, points):
    s = score(notation, seat, round_, win_tile, by)
    assert (words, points) in lines(s)


def test_pair_values_and_completion_are_not_both_scored():
    # Other hands: pair of own wind in own wind round 4 (scored for the winner in
    # example 8) -- but when the winning tile completes that pair only the completion
    # value counts (example 4's single line of 8).
    s = score("123b 456c 789d 234d SS", S, S, "S", WALL)
    assert [x for x in lines(s) if "South" in x[0]] == [
        ("pair of own wind in own wind round (South wind) drawn to complete hand", 8)
    ]
    # own wind 2 and round wind 2 separately; a dragon pair 2
    assert ("pair of South wind", 2) in lines(score("123b 456c 789d 234d SS", S, E, "1b", DISCARD))
    assert ("pair of East wind", 2) in lines(score("123b 456c 789d 234d EE", S, E, "1b", DISCARD))
    assert ("pair of green dragon", 2) in lines(score("123b 456c 789d 234d GG", S, E, "1b", DISCARD))


def test_other_hands_values():
    # Scoring values, Other hands: three of a kind 2-8 2/4, heads 4/8, four of a kind
    # 8/16, heads 16/32; own wind set doubles once (twice in its own round), each dragon
    # set once, one suit with honors once (Doubling honors 1-6).
    s = score("555c 111d [777b] {EEEE} 2c", W, E)
    assert lines(s) == sorted([
        ("pung of 5 characters (concealed)", 4), ("pung of 1 dot (concealed)", 8),
        ("pung of 7 bamboo (exposed)", 2), ("kong of East wind (concealed)", 32),
    ])
    s = score("555c [NNNN] [8888d] 2c 3b 4d 7b", W, E)
    assert lines(s) == sorted([
        ("pung of 5 characters (concealed)", 4), ("kong of North wind (exposed)", 16),
        ("kong of 8 dots (exposed)", 8),
    ])
    assert ("kong of 8 dots (concealed)", 16) in lines(score("555c {8888d} [NNN] 2c 3b 4d 7b", W, E))
    s = score("555c 999c {WWWW} [RRR] 2c 3c", W, W)
    assert ("set of own wind (West wind) in own wind round", 2) in lines(s)
    assert ("pung of red dragon", 1) in lines(s)
    assert ("all one suit except winds or dragons", 1) in lines(s)
    assert s.doubles == 4


def test_round_wind_set_alone_does_not_double():
    # Doubling honors 1-2 name only the player's own wind: a set of the round wind
    # that is not his own doubles nothing.
    s = score("EEE 123b 456c 789d 55b", S, E, "5b", WALL)
    assert s.doubles == 0
    s = score("SSS 123b 456c 789d 55b", S, E, "5b", WALL)
    assert ("set of own wind (South wind)", 1) in lines(s)
