"""The play layer's match configuration and bot-seed rule (mahjongg.play.config, .seeds)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from mahjongg.errors import MahjonggError
from mahjongg.play import BotMoveError, ConfigError, MatchConfig, bot_seed, checked_bot_action
from mahjongg.play.config import table_ruleset
from mahjongg.rules import get_ruleset
from mahjongg.table import Action, ActionKind
from mahjongg.tiles import Wind, tile


def test_bot_seed_is_a_pure_function_of_match_hand_player():
    # the same arguments: the same seed, in this process and in a fresh one (no hash randomisation)
    here = bot_seed(12345, 3, 2)
    there = subprocess.run(
        [sys.executable, "-c", "from mahjongg.play.seeds import bot_seed; print(bot_seed(12345, 3, 2))"],
        capture_output=True, text=True, check=True, env={"PYTHONHASHSEED": "99"},
    ).stdout.strip()
    assert str(here) == there
    # every (hand, player) of a match and of its neighbour gets its own seed: the old
    # formula seed*4+p+1 gave match 0's player 4 the seed of match 1's player 0
    seeds = {bot_seed(m, h, p) for m in range(3) for h in range(20) for p in range(4)}
    assert len(seeds) == 3 * 20 * 4
    assert all(0 <= s < 2**64 for s in seeds)


def test_illegal_bot_action_names_the_bot_and_the_action():
    legal = [Action(ActionKind.PASS, Wind.SOUTH)]
    ok = checked_bot_action("greedy", Wind.SOUTH, legal[0], legal)
    assert ok == legal[0]
    bad = Action(ActionKind.DISCARD, Wind.SOUTH, tile("5d"))
    with pytest.raises(BotMoveError) as info:
        checked_bot_action("greedy", Wind.SOUTH, bad, legal)
    msg = str(info.value)
    assert "greedy" in msg and str(bad) in msg and "South" in msg
    assert isinstance(info.value, MahjonggError)


@pytest.mark.parametrize(
    "kwargs, words",
    [
        (dict(ruleset="mahjong-x"), "unknown ruleset 'mahjong-x'"),
        (dict(hands=0), "hands must be a whole number of at least 1, not 0"),
        (dict(rounds=True), "rounds must be"),
        (dict(hands=2, rounds=1), "not both"),
        (dict(players=["greedy", "wizard"]), "unknown bot 'wizard'"),
        (dict(players=["greedy"]), "two, three or four players, not 1"),
        (dict(players="greedy"), "players must be a list"),
        (dict(players=[None, 3]), "a bot name or None"),
        (dict(seed=-1), "seed must be a whole number of at least 0, not -1"),
        (dict(options={"wall": 1}), "unknown option 'wall'"),
        (dict(options={"limit": "high"}), "limit must be a whole number from 1 to 1000000"),
        (dict(options={"settle_draws": 1}), "settle_draws is true or false"),
        (dict(options={"draw_keeps_deal": 1}), "draw_keeps_deal is true or false"),
        (dict(players=["greedy"] * 4, names=["a", "b"]), "names must be 4 names"),
        (dict(hands=65, max_hands=64), "hands must be a whole number from 1 to 64, not 65"),
    ],
)
def test_one_clear_error_per_bad_field(kwargs, words):
    with pytest.raises(ConfigError, match=words.replace("(", r"\(").replace(")", r"\)")):
        MatchConfig.make(**kwargs)


@pytest.mark.parametrize("keeps", [False, True])
def test_east_keeping_the_deal_is_a_yes_or_no_option(keeps):
    """Unticking "East keeps the deal when nobody wins" in the lobby sends False:
    a yes-or-no option, taken as such (it was checked as a number and refused).
    On a hand nobody wins East keeps the deal if ``draw_keeps_deal`` (seed 000
    Part I, Procedure of play A; seed 003 (9) g), which a table may turn off."""
    cfg = MatchConfig.make("pung-chow", {"draw_keeps_deal": keeps}, hands=2, players=[None] * 4, seed=1)
    assert cfg.options == {"draw_keeps_deal": keeps}
    assert cfg.ruleset_value().keeps_deal(None) is keeps


def test_config_round_trips_and_applies_options():
    cfg = MatchConfig.make("pung-chow", {"payment_limit": 300}, hands=4, players=[None, "greedy", "cautious", "random"], seed=9)
    assert cfg.humans == (0,)
    assert cfg.names == ("You", "greedy", "cautious", "random")
    assert cfg.ruleset_value().payment_limit == 300
    assert MatchConfig.from_dict(cfg.to_dict()) == cfg
    assert isinstance(MatchConfig.make().seed, int)  # drawn when not given, then fixed


def test_the_same_options_give_the_same_ruleset_value():
    # one value per ruleset and options, hand after hand and match after match: the
    # bots' and the scorer's memo tables find what they remembered under it
    a = MatchConfig.make("traditional", {"limit": 100, "special_tiles": "cat-and-man"}, seed=1).ruleset_value()
    b = MatchConfig.make("traditional", {"special_tiles": "cat-and-man", "limit": 100}, seed=2).ruleset_value()
    assert a is b and a.limit == 100 and a.special_tiles == "cat-and-man"
    assert table_ruleset("traditional") is get_ruleset("traditional")
    assert table_ruleset("traditional", {"limit": 99}) is not a
