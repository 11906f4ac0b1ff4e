"""Washing the tiles and the penalties of Pung Chow Part II, as pure functions.

Source: seed 000 (``/work/shared/seeds/000_110d699011efd599.decoded.txt``),
Part II, "WASHING THE TILES" and "PENALTIES" (1: false Mah-Jongg; 2: the
discarder pays for all, with examples 1-4 of illustrations 8a-8d and notes
(a), (b)). Readings: ``docs/rules/pung-chow-limit.md``.
"""

from __future__ import annotations

import pytest

from mahjongg import Hand, Wind, tile
from mahjongg.rules import PUNG_CHOW_LIMIT
from mahjongg.scoring import score_hand
from mahjongg.rules.pung_chow_limit_penalties import (
    MORE_THAN_TWO,
    NO_CHOICE,
    TWO_HONORS,
    Danger,
    dangerous_combinations,
    different_heads,
    discarder_penalty,
    discarder_pays_settlement,
    false_mahjongg_settlement,
    settle_hand,
    washing_payment,
    washing_settlement,
)

E, S, W, N = Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH
R300 = PUNG_CHOW_LIMIT


def hand(text):
    return Hand.parse(text, sizes=None)


# --- washing the tiles ----------------------------------------------------------------

WASHING_ROWS = [
    # "From each player 9 Heads 50 points 10 Heads 70 11 Heads 100 12 Heads 150 13 Heads 200"
    (9, "19b 19c 19d E S W 2345b", 50),
    (10, "19b 19c 19d E S W N 234b", 70),
    (11, "19b 19c 19d ESWN R 23b", 100),
    (12, "19b 19c 19d ESWN R G 2b", 150),
    (13, "19b 19c 19d ESWN R G Wh", 200),
]


@pytest.mark.parametrize("heads,notation,amount", WASHING_ROWS, ids=[f"{r[0]} heads" for r in WASHING_ROWS])
def test_washing_table(heads, notation, amount):
    # Washing the tiles: 9 or more different heads on the original 13 tiles.
    h = hand(notation)
    assert len(h.concealed) == 13 and different_heads(h.concealed) == heads
    assert washing_payment(h, S) == amount
    s = washing_settlement(S, h)
    # each player pays the washer; East "not collecting double when he washes ...
    # does not have to pay any of the other players double"
    assert s.table()[E][S] == s.table()[W][S] == s.table()[N][S] == amount
    assert s.net[S] == 3 * amount


def test_east_washes_with_fourteen_and_collects_single():
    # "the hand must be the original 13 tiles (14 in case of East Wind)"; East does not
    # collect double.
    h = hand("19b 19c 19d ESWN R G Wh 5d")
    assert washing_payment(h, E) == 200
    assert washing_payment(h, S) is None  # 14 tiles is not a South original hand
    s = washing_settlement(E, h)
    assert {p.payer: p.amount for p in s.payments} == {S: 200, W: 200, N: 200}


def test_nine_heads_two_alike_may_not_wash():
    # "in order to wash the tiles the heads must be different": 9 heads, two of them
    # red dragons, are 8 different heads.
    h = hand("19b 19c 19d E RR 2345b")
    assert sum(t.is_head for t in h.concealed) == 9
    assert different_heads(h.concealed) == 8
    assert washing_payment(h, S) is None
    with pytest.raises(ValueError):
        washing_settlement(S, h)


def test_only_the_original_hand_washes():
    # "no drawing is permitted": a hand with a meld is no longer the original hand.
    assert washing_payment(hand("19b 19c 9d E S W N [222b]"), S) is None


# --- penalty 1: false Mah-Jongg ---------------------------------------------------------


def test_false_mah_jongg_pays_half_the_limit_east_full():
    # Penalties 1: "must pay to each of the other 3 players half of the limit. East
    # Wind receiving full limit or paying full limit as the case may be."
    s = false_mahjongg_settlement(S, R300)
    assert {(p.payee, p.amount) for p in s.payments} == {(E, 300), (W, 150), (N, 150)}
    assert all(p.payer == S for p in s.payments)
    s = false_mahjongg_settlement(E, R300)
    assert {(p.payee, p.amount) for p in s.payments} == {(S, 300), (W, 300), (N, 300)}
    s = false_mahjongg_settlement(N, R300.with_options(limit=600))
    assert {(p.payee, p.amount) for p in s.payments} == {(E, 600), (S, 300), (W, 300)}


# --- penalty 2: the four dangerous combinations -----------------------------------------

# A discarder with no excuse: not waiting, two suits and honors in hand.
PLAIN = hand("13b 46c 79d E S W N R G Wh")


def judge(winning, win_tile, discarder=PLAIN, seat=E, round_=E):
    # the scorer is passed in (the rules layer stands below it)
    return discarder_penalty(hand(winning), tile(win_tile), discarder, R300, seat, round_, lambda h, s: score_hand(h, R300, s))


def test_combination_1_nine_of_one_suit():
    # Penalties 2.1 and illustration 8a: "Any player discarding a one or a four of dot
    # would complete this hand". Built: three dot sets exposed, 23d and a 77d pair.
    for t in ("1d", "4d"):
        p = judge(f"[555d] [666d] [999d] 23d 77d {t}", t)
        assert p.combination.danger is Danger.ONE_SUIT and p.applies
    # the discard must give a hand entirely of the suit: with an E pair it does not
    assert not judge("[555d] [666d] [999d] 23d EE 1d", "1d").applies


def test_combination_2_nine_heads():
    # Penalties 2.2 and illustration 8b: "Any player discarding a red dragon will
    # permit this player to win and will be penalized". Built: 9 heads exposed (1b,
    # 9c, N), the hand of heads waits on a red dragon.
    p = judge("[111b] [999c] [NNN] 11d R R", "R")
    assert p.combination.danger is Danger.HEADS and p.applies


def test_combination_3_two_dragon_sets():
    # Penalties 2.3 and illustration 8c: "A player discarding a white dragon is liable
    # ... anyone may discard a one of dot which, though permitting the player ... to
    # win, would not bring a penalty". Built: red and green exposed, WhWh + 1d1d.
    assert judge("[RRR] [GGG] 234b WhWh 1d1d Wh", "Wh").applies
    assert not judge("[RRR] [GGG] 234b WhWh 1d1d 1d", "1d").applies


def test_combination_4_three_wind_sets():
    # Penalties 2.4 and illustration 8d: "A player discarding an East Wind would allow
    # this player to win and would be penalized ... a discard to the other pair, i.e.,
    # a three of bamboo, would not be penalized."
    assert judge("[SSS] [WWW] [NNN] EE 3b3b E", "E").applies
    assert not judge("[SSS] [WWW] [NNN] EE 3b3b 3b", "3b").applies


def test_combinations_count_exposed_sets_only():
    # "had any of the following four combinations of tiles exposed": one dragon set
    # exposed and one concealed is not "two sets of dragons exposed".
    assert dangerous_combinations(hand("[RRR] GGG 234b WhWh 1d1d").melds) == ()
    # kongs count four tiles: [5555d] [6666d] [123d] is 11 dots exposed
    (c,) = dangerous_combinations(hand("[5555d] [6666d] [123d] 7d 88d").melds)
    assert c.danger is Danger.ONE_SUIT
    # eight dots is not nine
    assert dangerous_combinations(hand("[5555d] [6666d] 123b 7d 88d").melds) == ()


# --- the exceptions --------------------------------------------------------------------

WIN_DOTS = "[555d] [666d] [999d] 23d 77d 1d"  # 8a, won on the discarded 1d


def test_exception_two_doubling_honors_and_waiting():
    # Penalties 2: "unless the discarder himself had two complete doubling honors and
    # was waiting". Discarder (South, East round) holds red and green sets, waits on 7d.
    p = judge(WIN_DOTS, "1d", hand("RRR GGG 123b 456c 7d"), S, E)
    assert p.combination.danger is Danger.ONE_SUIT
    assert (p.excuse, p.applies) == (TWO_HONORS, False)
    # the same two honors, not waiting: penalized
    p = judge(WIN_DOTS, "1d", hand("RRR GGG 13b 46c 79d E"), S, E)
    assert (p.excuse, p.applies) == (None, True)


def test_exception_waiting_for_more_than_two_doubling_honors():
    # "... or was waiting for the winning tile which would give him more than two
    # doubling honors". Discarder East in the East round holds one red set (1 double)
    # and waits on G or E: an E would add his own wind in his own round (2) -> 3.
    p = judge(WIN_DOTS, "1d", hand("RRR GG EE 123b 456c"), E, E)
    assert (p.excuse, p.applies) == (MORE_THAN_TWO, False)
    # as South in the East round the E pung doubles nothing: at most two -> penalized
    p = judge(WIN_DOTS, "1d", hand("RRR GG EE 123b 456c"), S, E)
    assert (p.excuse, p.applies) == (None, True)


def test_exception_no_choice_of_discard():
    # Note (a): "if he discards the winning dot to an all dot hand when he has only
    # dots to discard, he is not penalized". Discarder holds only dots, not waiting.
    only_dots = hand("1245781245789d")
    assert len(only_dots.concealed) == 13
    p = judge(WIN_DOTS, "1d", only_dots, S, E)
    assert (p.excuse, p.applies) == (NO_CHOICE, False)


def test_discarder_pays_for_all_and_other_scores_are_cancelled():
    # Penalties 2: "must bear the entire losses of all other players"; note (b): "all
    # scores except that of the winning hand are canceled". South wins 100; West
    # discarded; East's 40 and West's 60 are cancelled. West pays what East (200, double)
    # and North and himself (100 each) would have paid.
    scores = {E: 40, S: 100, W: 60, N: 0}
    s = discarder_pays_settlement(scores, S, W, R300)
    assert [(p.payer, p.payee, p.amount) for p in s.payments] == [(W, S, 400)]
    assert s.net == {E: 0, S: 400, W: -400, N: 0}
    # East winning: the discarder pays double for each of the three
    s = discarder_pays_settlement({E: 250, S: 0, W: 30, N: 0}, E, N, R300)
    assert [(p.payer, p.payee, p.amount) for p in s.payments] == [(N, E, 1500)]
    # the limit still caps each share: 640 -> 300 each, 600 from East's share
    s = discarder_pays_settlement({E: 0, S: 0, W: 0, N: 640}, N, S, R300)
    assert s.payments[0].amount == 600 + 300 + 300


def test_settle_hand_uses_the_penalty_only_when_it_applies():
    scores = {E: 40, S: 100, W: 60, N: 0}
    penalized = judge(WIN_DOTS, "1d", PLAIN, W, E)
    assert penalized.applies
    s = settle_hand(scores, S, R300, penalty=penalized, discarder=W)
    assert len(s.payments) == 1 and s.net[S] == 400
    excused = judge(WIN_DOTS, "1d", hand("RRR GGG 123b 456c 7d"), W, E)
    s = settle_hand(scores, S, R300, penalty=excused, discarder=W)
    # the usual settlement: S collects 200 from East, 100 from W and N; W (60) and E
    # (40) settle their difference, doubled for East; N pays E and W
    t = s.table()
    assert (t[E][S], t[W][S], t[N][S]) == (200, 100, 100)
    assert t[E][W] == 40 and t[N][E] == 80 and t[N][W] == 60


def test_judging_a_discard_without_the_scorer_is_refused_in_one_line():
    # the excuses of Penalty 2 score the discarder's hand; the rules layer stands below the
    # scorer, so the table passes it in -- asked without it, the ruleset says what is missing
    from mahjongg.rules import RulesetError

    with pytest.raises(RulesetError, match="scores the discarder's hand: pass score="):
        R300.judge_discard(hand("[999d] [777d] [555d] 111d 3d 3d"), tile("3d"), PLAIN, W, S, E)
