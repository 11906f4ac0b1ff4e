"""The league rulesets ``dmjl`` and ``bmja`` at the table and in the scorer.

Sources: Kajongg (KDE) ``src/predefined.py`` (the rulesets' values: the
limits 500 / 1000, BMJA's "number of allowed chows" 1, the fractional
limits) and ``src/rule.py`` ``Score.total`` (a fraction of the limit scores
only when worth more than the points doubled). Every hand below is worked
out in its comment. The Kajongg cases themselves: tests/test_kajongg_oracle.py;
the invariants and replays of every registered ruleset (these two included):
tests/test_table_invariants.py, tests/test_simulate.py, tests/test_rl.py.
"""

from __future__ import annotations

from collections import Counter

import pytest

from mahjongg.hand import Hand
from mahjongg.rules import BMJA, DMJL, Situation, Win, WinBy
from mahjongg.rules.league import bmja, dmjl
from mahjongg.scoring import ScoringError, calling, score_hand
from mahjongg.table import full_set
from mahjongg.tiles import Tile, Wind

from test_table_invariants import run


def _won(text: str, tile: str, by=WinBy.WALL, seat=Wind.EAST, **win) -> Situation:
    return Situation(seat, Wind.EAST, Win(Tile.parse(tile), by, **win))


def test_bmja_never_holds_two_chows_at_the_table():
    """BMJA: at most one chow (Kajongg "number of allowed chows" 1): random
    eager play over many deals never exposes a second chow, nor wins with
    one; the tiles stay accounted for and the hand replays."""
    chows_seen = 0
    for seed in range(40):
        g = run(seed, seed, 4, 0.95, check_every_step=False, ruleset=BMJA)
        assert Counter(g.tiles_everywhere()) == Counter(full_set(BMJA))
        for s in g.seats:
            n = sum(1 for m in g.hand(s).melds if m.is_chow)
            assert n <= 1, (seed, s, g.hand(s))
            chows_seen += n
        if g.result.winner is not None:
            score = g.result.scores[g.result.winner]
            assert sum(1 for m in score.reading.sets if m.is_chow) <= 1
        assert sum(g.result.net.values()) == 0
    assert chows_seen > 0  # the one chow is claimed


def test_dmjl_allows_chows_bmja_one():
    """The engine's question: ``may_chow(melds)``."""
    one = Hand.parse("[123b] 456c 789d EE 55d 6d").melds
    assert DMJL.may_chow(one) and DMJL.may_chow(one + one)
    assert BMJA.may_chow(()) and not BMJA.may_chow(one)
    assert not BMJA.complete_hand_wins and DMJL.complete_hand_wins


def test_two_chows_do_not_go_out_under_bmja():
    """234b 567b RRR GGG WhWh, 7b drawn: two chows. DMJL: 8 + 8 (concealed
    dragon pungs) + 2 (white pair) + 20 + 2 (from the wall) = 40 points;
    doubles: two dragon pungs, Little Three Dragons, Only Concealed Melds,
    False Color Game = 5; 40 x 32 = 1,280, capped at 500. BMJA refuses it."""
    hand = Hand.parse("234b 567b RRR GGG WhWh")
    s = score_hand(hand, DMJL, _won("", "7b"))
    assert (s.points, s.doubles, s.score) == (40, 5, 500)
    with pytest.raises(ScoringError, match="more chows than bmja allows"):
        score_hand(hand, BMJA, _won("", "7b"))


def test_roof_off_lifts_the_cap_not_the_limit_hands():
    """The hand above with the roof off scores 1,280; Thirteen Orphans still
    scores one limit."""
    hand = Hand.parse("234b 567b RRR GGG WhWh")
    assert score_hand(hand, dmjl(roof_off=True), _won("", "7b")).score == 1280
    orphans = Hand.parse("19b 19c 19d ESWN RG WhWh")
    assert score_hand(orphans, dmjl(roof_off=True), _won("", "Wh")).score == 500


def test_half_a_limit_only_when_worth_more():
    """Knitting (BMJA, half a limit): 2-7 of bamboo and of dots paired rank
    by rank, and 9b 9d: 500 of the 1000 limit (a special hand has no sets
    to score points: the fraction stands, 10 of a limit of 20).

    A loser's calling hand against its points: EEE SSS WWW NN 11b waits on N
    (Four Blessings, 0.4 of the limit) and 1b. Its points: three concealed
    wind pungs 8 + 8 + 8 = 24, East's pung doubled for own and round wind:
    24 x 4 = 96. Under a limit of 1000, 400 > 96: the fraction; under a
    limit of 20, 8 < 20 (96 capped): the points, 20."""
    hand = Hand.parse("234567b 234567d 9b 9d")
    s = score_hand(hand, BMJA, _won("", "9b"))
    assert (s.score, s.limit_hand, s.items[0].fraction) == (500, "Knitting", 0.5)
    assert s.counted == "0.5 of the limit"
    assert score_hand(hand, bmja(limit=20), _won("", "9b")).score == 10
    loser = Hand.parse("EEE SSS WWW NN 11b")
    s = score_hand(loser, BMJA, Situation())
    assert (s.score, s.limit_hand) == (400, "Calling for Four Blessings Hovering over the Door")
    s = score_hand(loser, bmja(limit=20), Situation())
    assert (s.limit_hand, s.points, s.doubles, s.score) == (None, 24, 2, 20)


def test_a_loser_calling_for_a_limit_hand():
    """BMJA: 19b 19c 19d ESWN RG Wh, waiting on any of its 13 kinds (Thirteen
    Orphans): 0.4 of the limit = 400. :func:`calling` lists the 13 tiles."""
    hand = Hand.parse("19b 19c 19d ESWN RG Wh")
    called = calling(hand, BMJA)
    assert len(called) == 13 and all(s.limit_hand == "The 13 Unique Wonders" for _, s in called)
    s = score_hand(hand, BMJA, Situation())
    assert (s.score, s.limit_hand) == (400, "Calling for The 13 Unique Wonders")
    assert score_hand(hand, DMJL, Situation()).score == 0  # DMJL has no calling rules
