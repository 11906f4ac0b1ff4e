"""The bots and Original Call (docs/bots.md): who declares it, and when.

The deals are tests/test_original_call.py's; East holds his 14 dealt tiles and
has discarded nothing, so Original Call is offered with each discard that
leaves his hand calling.
"""

from __future__ import annotations

import pytest

from mahjongg.bots import make_bot
from mahjongg.bots.base import calling_live
from mahjongg.rules.league import bmja, dmjl
from mahjongg.table import ActionKind
from mahjongg.tiles import Tile, Wind

from test_original_call import CHOWS, PUNGS, _game

E = Wind.EAST
OC = ActionKind.ORIGINAL_CALL

# 1-2-3b 4-5-6c 7-8-9d, 2-3c and a pair of South, and North: discarding North leaves
# 2-3-4-5-6c with the pair, waiting on 1c or 4c (1-2-3c, 4-5-6c), or 7c (2-3-4c, 5-6-7c):
# four 1c unseen, three 4c (East holds one), four 7c = 11 live tiles
TWO_SIDED = {**CHOWS, E: "1b 2b 3b 4c 5c 6c 7d 8d 9d 2c 3c S S N"}
# CHOWS: discarding North leaves the single South -- three unseen (East holds one)


def _choice(bot, ruleset, hands, seed=1):
    g = _game(ruleset, hands)
    return make_bot(bot, seed=seed).act(g.observation(E), g.legal_actions(E)), g


def test_the_live_tiles_of_the_waits():
    _, g = _choice("greedy", dmjl(), TWO_SIDED)
    assert calling_live(g.observation(E), Tile.parse("N")) == 11
    _, g = _choice("greedy", dmjl(), CHOWS)
    assert calling_live(g.observation(E), Tile.parse("N")) == 3


@pytest.mark.parametrize("ruleset,hands", [(dmjl(), CHOWS), (bmja(), PUNGS), (dmjl(), TWO_SIDED)])
def test_greedy_declares_with_two_live_tiles_or_more(ruleset, hands):
    a, _ = _choice("greedy", ruleset, hands)
    assert a.kind is OC and str(a.tile) == "N"


@pytest.mark.parametrize("bot", ["expert", "master"])
def test_expert_declares_only_on_a_wait_of_four_live_tiles_or_more(bot):
    a, _ = _choice(bot, dmjl(), TWO_SIDED)
    assert a.kind is OC and str(a.tile) == "N"
    a, _ = _choice(bot, dmjl(), CHOWS)  # the single South: three live tiles
    assert a.kind is ActionKind.DISCARD and str(a.tile) == "N"


def test_cautious_never_declares():
    for hands in (CHOWS, TWO_SIDED):
        a, _ = _choice("cautious", dmjl(), hands)
        assert a.kind is ActionKind.DISCARD


def test_random_may_declare():
    # uniform over the legal actions: 12 discards and 2 Original Calls in CHOWS
    kinds = {_choice("random", dmjl(), CHOWS, seed)[0].kind for seed in range(60)}
    assert kinds == {ActionKind.DISCARD, OC}
