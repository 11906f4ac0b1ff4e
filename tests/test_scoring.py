"""Scoring: arrangement choice, losers' hands, dead hands, claimed sets (issue 2, items 3-4).

Hands are worked out by hand in each comment from seed 000's score card
(Pung Chow Part I, "Score card"; values in src/mahjongg/rules/pung_chow.py).
"""

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjongg.hand import Hand, Meld, MeldKind
from mahjongg.rules import PUNG_CHOW, Situation, Win, WinBy
from mahjongg.scoring import ScoringError, evaluate, readings, score_hand
from mahjongg.tiles import TILES, Wind, tile

SOUTH = Situation(seat=Wind.SOUTH)


def win(t, by=WinBy.DISCARD, seat=Wind.SOUTH, **kw):
    return Situation(seat=seat, win=Win(tile(t), by, **kw))


def test_best_arrangement_is_chosen():
    # 111222333b 456c EE won on 3b from the wall, seat S:
    # as three concealed pungs: 1b 8 + 2b 4 + 3b 4 = 16, plus Mah-Jongg 20, drawing 2 -> 38
    #   (sequences present: 456c, so no "no sequences"; waits before 3b: 3b plus 1b/4b/...).
    # as three chows 123b: no points for sets -> 22. The scorer keeps 38.
    hand = Hand.parse("111222333b 456c EE")
    s = score_hand(hand, PUNG_CHOW, win("3b", WinBy.WALL))
    assert s.score == 38
    assert "111b 222b 333b" in s.arrangement


def test_claimed_winning_tile_exposes_its_set():
    # 555d completed by a claimed 5d: exposed pung of 5s is 2 (not 4).
    # Hand 123b 456c 789c 55d + 5d, pair 99b... : 20 + 2 = 22; from the wall the
    # pung stays concealed: 20 + 4 + drawing 2 = 26 (waits 5d and 9b: not the only place).
    hand = Hand.parse("123b 99b 456c 789c 555d")
    assert score_hand(hand, PUNG_CHOW, win("5d")).score == 22
    assert score_hand(hand, PUNG_CHOW, win("5d", WinBy.WALL)).score == 26


def test_loser_four_undeclared_count_as_three():
    # issue 2: four of a kind held undeclared counts only as three of a kind.
    # 1111b concealed: pung of ones concealed 8 (not a kong's 32); RR pair 2 -> 10.
    hand = Hand.parse("1111b 23c 567d 89d RR")
    s = score_hand(hand, PUNG_CHOW, SOUTH)
    assert s.points == 10 and s.score == 10
    assert "111b" in s.arrangement and "1111" not in s.arrangement


def test_loser_scores_combinations_and_doubles_but_no_bonus():
    # Seed 000 "Score card": bonus scores only for the winner; combination scores and
    # doubling honors for all four hands. [RRR] exposed 4 + GGG concealed 8 = 12,
    # two dragon doubles -> 48; no Mah-Jongg 20.
    hand = Hand.parse("[RRR] GGG 123b 45c 19d")
    s = score_hand(hand, PUNG_CHOW, SOUTH)
    assert s.score == 48
    assert all(i.name != "Mah-Jongg" for i in s.items)


def test_loser_only_one_pair_scores():
    # docs/rules/pung-chow.md: a loser's hand is read as sets and at most one pair.
    # RR GG: one pair of dragons 2 points (not 4).
    hand = Hand.parse("RR GG 123b 456c 789d")
    assert score_hand(hand, PUNG_CHOW, SOUTH).points == 2


def test_own_wind_pair_and_pung():
    # Seat W: pair of W 2 points; seat E: the same pair scores nothing.
    hand = Hand.parse("WW 123b 456c 789d 11d")
    assert score_hand(hand, PUNG_CHOW, Situation(seat=Wind.WEST)).points == 2
    assert score_hand(hand, PUNG_CHOW, Situation(seat=Wind.EAST)).points == 0
    # Pung of own wind: 8 concealed, doubled once -> 16.
    hand = Hand.parse("WWW 123b 456c 78d 19d")
    assert score_hand(hand, PUNG_CHOW, Situation(seat=Wind.WEST)).score == 16


def test_dead_hand_scores_nothing():
    hand = Hand.parse("RRR GGG WhWhWh 123b 4b")
    assert score_hand(hand, PUNG_CHOW, Situation(dead=True)).score == 0


def test_kong_values():
    # kongs: simple 8 exposed / 16 concealed, heads 16 / 32 (seed 000 score card).
    hand = Hand.parse("[5555b] {6666c} [9999d] {EEEE} 2c")
    s = score_hand(hand, PUNG_CHOW, Situation(seat=Wind.SOUTH))
    assert s.points == 8 + 16 + 16 + 32 and s.doubles == 0


def test_winner_hand_must_be_complete():
    with pytest.raises(ScoringError, match="not a complete hand"):
        score_hand(Hand.parse("123b 456c 789d 11d 23d 5d"), PUNG_CHOW, win("5d"))


# --- property: the scorer's choice scores at least as much as every arrangement ---

SETS = [Meld(MeldKind.PUNG, t) for t in TILES[:34]] + [
    Meld(MeldKind.CHOW, t) for t in TILES[:27] if t.number <= 7
]


@st.composite
def winning_hands(draw):
    """A complete hand: 0-2 declared melds, the rest concealed, and a winning tile."""
    pool = [4] * 34
    declared = []
    concealed = []
    for k in range(4):
        meld = draw(st.sampled_from(SETS))
        if any(pool[t] < meld.tiles.count(t) for t in meld.tiles):
            meld = Meld(MeldKind.CHOW, tile("1b"))
            if any(pool[t] < 1 for t in meld.tiles):
                return draw(winning_hands())
        for t in meld.tiles:
            pool[t] -= 1
        if k < draw(st.integers(0, 2)):
            declared.append(meld.with_exposed(draw(st.booleans())))
        else:
            concealed.extend(meld.tiles)
    pair = draw(st.sampled_from([t for t in TILES[:34] if pool[t] >= 2]))
    concealed += [pair, pair]
    winning = draw(st.sampled_from(concealed))
    # no kong among the sets, so no loose tile (score_hand refuses a loose-tile win without one)
    by = draw(st.sampled_from([WinBy.WALL, WinBy.DISCARD, WinBy.ROBBED_KONG]))
    seat = draw(st.sampled_from(list(Wind)))
    hand = Hand(tuple(concealed), tuple(declared))
    if by is WinBy.ROBBED_KONG and hand.all_counts()[winning] > 1:
        by = WinBy.DISCARD  # a robbed tile is the kong's fourth: its robber holds no other
    return hand, Situation(seat=seat, win=Win(winning, by))


@settings(max_examples=200, deadline=None)
@given(winning_hands())
def test_scorer_choice_is_the_best_reading(case):
    hand, situation = case
    rules = PUNG_CHOW.with_options(robbing_kong=True)  # a table that lets a kong be robbed
    best = score_hand(hand, rules, situation)
    all_scores = [evaluate(r, rules) for r in readings(hand, situation)]
    assert all_scores
    assert best.score == max(s.score for s in all_scores)
    for r in readings(hand, situation):
        # every reading covers exactly the hand's tiles as sets and one pair
        assert sorted(r.tiles) == sorted(hand.all_tiles())
        assert len(r.sets) == 4 and r.pair is not None and not r.loose
        assert situation.win.tile in r.winning_meld.tiles


def test_original_hand_has_nothing_exposed():
    # A win on the original hand (seed 000 score card: "winning on original hand as drawn
    # from the wall") cannot have a set made with a claimed discard.
    with pytest.raises(ScoringError, match=r"no exposed melds, but \[111b\] is exposed"):
        score_hand(Hand.parse("[111b] 23b 456c 789d 55d 1b"), PUNG_CHOW, win("1b", WinBy.WALL, original=True))


def test_east_original_hand_is_not_won_on_a_discard():
    hand = Hand.parse("123b 456c 789d 55d 123c")
    with pytest.raises(ScoringError, match="East's original hand is dealt complete"):
        score_hand(hand, PUNG_CHOW, win("1c", WinBy.DISCARD, seat=Wind.EAST, original=True))


def test_bonus_tiles_must_belong_to_the_ruleset():
    # Pung Chow Part I is played without Flowers and Seasons (seed 000, "Use of the Mandarins":
    # "not usually used"); a Flower in the hand is an error, not a silent 0.
    with pytest.raises(ScoringError, match="f1 .Flower 1. is not part of a pung-chow set"):
        score_hand(Hand.parse("123b 456c 789d 55d 12c f1"), PUNG_CHOW, SOUTH)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.integers(0, 33), min_size=13, max_size=14).filter(lambda ts: max(ts.count(t) for t in ts) <= 4),
    st.sampled_from(["pung-chow", "traditional-special-tiles", "dmjl", "bmja", "hong-kong"]),
    st.booleans(),
)
def test_hand_score_is_score_hands_score(kinds, name, dead):
    # hand_score (the bots' scorer: the points alone) gives what score_hand's Score says, and
    # refuses what it refuses, for losers' hands (13 tiles) and winners' (14, the last drawn)
    from mahjongg.rules import get_ruleset
    from mahjongg.scoring import hand_score

    ruleset = get_ruleset(name)
    hand = Hand(tuple(sorted(TILES[k] for k in kinds)))
    win = Win(TILES[kinds[-1]], WinBy.WALL) if len(kinds) == 14 else None
    situation = Situation(seat=Wind.SOUTH, round=Wind.EAST, win=win, dead=dead and win is None)
    try:
        expect = score_hand(hand, ruleset, situation).score
    except ScoringError as e:
        with pytest.raises(ScoringError, match=re.escape(str(e))):
            hand_score(hand, ruleset, situation)
        return
    assert hand_score(hand, ruleset, situation) == expect


def _loser_hand(rnd, ruleset):
    """A loser's hand the table could hold, drawn from few kinds (so that pungs and pairs
    are common): ``(counts, melds, bonus, situation)``."""
    kinds = rnd.sample(range(34), rnd.randint(4, 10))
    pool = [k for k in kinds for _ in range(4)]
    rnd.shuffle(pool)
    melds = []
    for _ in range(rnd.randint(0, 2)):
        t = pool[0]
        if pool.count(t) >= 3:
            for _ in range(3):
                pool.remove(t)
            melds.append(Meld(MeldKind.PUNG, TILES[t], rnd.random() < 0.8))
    counts = [0] * 34
    for t in pool[: 13 - 3 * len(melds)]:
        counts[t] += 1
    bonus = tuple(sorted(rnd.sample(sorted(ruleset.bonus_tiles), min(len(ruleset.bonus_tiles), rnd.randint(0, 3)))))
    situation = Situation(seat=rnd.choice(list(Wind)), round=rnd.choice(list(Wind)))
    return counts, tuple(melds), tuple(TILES[b] for b in bonus), situation


@settings(max_examples=300, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from(["pung-chow", "traditional-special-tiles", "dmjl", "bmja", "hong-kong"]))
def test_loser_hand_score_is_hand_score(rnd, name):
    # loser_hand_score (the bots' scorer of a loser's hand, remembered by its melds, pungs,
    # pairs and bonus tiles where the rules read no more: the BMJA's and the DMJL's) gives
    # what hand_score gives the hand; here for a hand and the same hand with one single
    # tile changed for a kind it does not hold (the same pungs and pairs: the same memo
    # entry unless it calls for something), each after the other is remembered
    from mahjongg.rules import get_ruleset
    from mahjongg.scoring import hand_score, loser_hand_score
    from mahjongg.tiles import tiles_of

    ruleset = get_ruleset(name)
    counts, melds, bonus, situation = _loser_hand(rnd, ruleset)
    other = list(counts)
    singles = [t for t in range(34) if counts[t] == 1]
    free = [t for t in range(34) if counts[t] == 0 and all(m.tile != t for m in melds)]
    if singles and free:
        other[rnd.choice(singles)] -= 1
        other[rnd.choice(free)] += 1
    for c in (counts, other, counts):
        expect = hand_score(Hand(tuple(tiles_of(c)), melds, bonus), ruleset, situation)
        assert loser_hand_score(c, melds, bonus, ruleset, situation) == expect, (c, melds, bonus, situation)


def test_loser_hand_score_keeps_what_a_rule_reads_of_single_tiles():
    # Pung Chow doubles a loser's hand too for being of one suit (seed 000, "Doubling
    # Honors": "For all one suit, double total score 3 times"): its single tiles count, and
    # two hands with the same pungs score apart. 111b (concealed pung of ones: 8 points)
    # + 222b (concealed pung of twos: 4) = 12 points; all bamboo doubles that three times
    # to 96; a character among the singles leaves 12.
    from mahjongg.rules import get_ruleset
    from mahjongg.scoring import hand_score, loser_hand_score

    ruleset = get_ruleset("pung-chow")
    one_suit = Hand.parse("111b 222b 345b 678b 9b")
    mixed = Hand.parse("111b 222b 345b 678b 9c")
    for hand in (one_suit, mixed, one_suit):
        assert loser_hand_score(hand.counts(), (), (), ruleset, SOUTH) == hand_score(hand, ruleset, SOUTH)
    assert (hand_score(one_suit, ruleset, SOUTH), hand_score(mixed, ruleset, SOUTH)) == (96, 12)


def test_reads_singles_is_the_own_class_word():
    # a subclass may read what its base does not: it says reads_singles=False again, or reads
    from mahjongg.rules.items import SetPoints, reads_singles

    class SetPointsOfSuits(SetPoints):
        pass

    assert reads_singles(SetPoints("sets")) is False
    assert reads_singles(SetPointsOfSuits("sets")) is True


def test_loser_hand_score_refuses_a_winner():
    from mahjongg.scoring import loser_hand_score

    hand = Hand.parse("111b 222b 345b 678b 99b")
    with pytest.raises(ScoringError, match="has not won"):
        loser_hand_score(hand.counts(), (), (), PUNG_CHOW, Situation(win=Win(TILES[8], WinBy.WALL)))


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.integers(0, 33), min_size=14, max_size=14).filter(lambda ts: max(ts.count(t) for t in ts) <= 4),
    st.sampled_from(["pung-chow", "dmjl", "bmja", "hong-kong", "hong-kong-136"]),
    st.sampled_from([WinBy.WALL, WinBy.DISCARD]),
)
def test_declared_points_is_the_score_where_it_may_be_declared(kinds, name, by):
    # declared_points (the bots' score of a wait) is score_hand's score where the ruleset
    # lets the win be declared (Ruleset.may_declare: a faan minimum), 0 where it does not,
    # and refuses what score_hand refuses
    from mahjongg.rules import get_ruleset
    from mahjongg.scoring import declared_points

    ruleset = get_ruleset(name)
    hand = Hand(tuple(sorted(TILES[k] for k in kinds)))
    situation = Situation(seat=Wind.SOUTH, round=Wind.EAST, win=Win(TILES[kinds[-1]], by))
    try:
        s = score_hand(hand, ruleset, situation)
    except ScoringError as e:
        with pytest.raises(ScoringError, match=re.escape(str(e))):
            declared_points(hand, ruleset, situation)
        return
    assert declared_points(hand, ruleset, situation) == (s.score if ruleset.may_declare(s) else 0)


def test_declared_points_of_a_hand_below_the_minimum_is_nothing():
    # Hong Kong's minimum is 3 faan (seed 003, pre-agreed; docs/rules/hong-kong.md, `minimum`).
    # Under hong-kong-136 (no Flowers, so no "no flowers" faan), 123b 456b 789c 234d 55d won
    # on a discard of 5d, nothing exposed, is all chows (1) and concealed on a discard (1): 2
    # faan, not declarable; 111b 234b 567b 999b EE won on the discard of E is mixed one suit
    # (3) and concealed on a discard (1): 4 faan, 16 points (1 faan 2, 2 faan 4, ...: 2**4)
    from mahjongg.rules import get_ruleset
    from mahjongg.scoring import declared_points

    hk = get_ruleset("hong-kong-136")
    low = Hand.parse("123b 456b 789c 234d 55d")
    on_5d = Situation(seat=Wind.SOUTH, round=Wind.EAST, win=Win(tile("5d"), WinBy.DISCARD))
    assert score_hand(low, hk, on_5d).faan == 2
    assert declared_points(low, hk, on_5d) == 0
    high = Hand.parse("111b 234b 567b 999b EE")
    on_e = Situation(seat=Wind.SOUTH, round=Wind.EAST, win=Win(tile("E"), WinBy.DISCARD))
    assert (score_hand(high, hk, on_e).faan, declared_points(high, hk, on_e)) == (4, 16)
