"""Regressions found by playing pung-chow-limit through the engine."""

import pytest

from mahjongg import Hand, tile
from mahjongg.rules import Situation, Win, WinBy, get_ruleset
from mahjongg.scoring import ScoringError, score_hand

RULES = get_ruleset("pung-chow-limit")


def test_east_original_draw_limit_needs_a_complete_hand():
    # Seed 002, limit hand "East winning on his original draw": the hand must still be
    # four sets and a pair. 2334b 1238c 46779d N is 14 tiles of nothing.
    east_original = Situation(win=Win(tile("N"), WinBy.WALL, original=True))
    with pytest.raises(ScoringError, match="not a complete hand"):
        score_hand(Hand.parse("2334b 1238c 46779d N"), RULES, east_original)
    # 234b 123c 456d 999d 77d dealt complete to East: the limit.
    done = score_hand(Hand.parse("234b 123c 456d 77d 999d"), RULES, Situation(win=Win(tile("2b"), WinBy.WALL, original=True)))
    assert done.limit_hand == "East winning on his original draw"
    assert done.score == RULES.limit
