"""Words across the command line (issue 39, section 3, "Words"): each reads as a
player would say it. The terminal game's reasons are in tests/test_tui_keys_help.py,
the score page's fifth copy in tests/test_web_score_page.py."""

from __future__ import annotations

import json
import re

from typer.testing import CliRunner

from mahjongg.bots import make_bot
from mahjongg.cli import app
from mahjongg.play.journal import Journal
from mahjongg.rules import RULESETS, get_ruleset
from mahjongg.table import Game
from mahjongg.tiles import Wind, tile
from mahjongg.tui.app import PlayApp

runner = CliRunner()


def test_a_one_is_named_in_the_singular():
    # "pung of 1 dots" read badly: a one of each suit is singular, the rest plural
    assert [tile(x).name for x in ("1d", "1c", "1b", "5d", "9c", "2b")] == [
        "1 dot", "1 character", "1 bamboo", "5 dots", "9 characters", "2 bamboo"]
    # seed 000 Part I, score card: Mah-Jongg 20, an exposed pung of ones (a head) 4,
    # a concealed pung of East (own wind in East's round: heads 8, doubled for the wind)
    r = runner.invoke(app, ["score", "[111d] 234b 567c 99b EEE", "--win", "9b", "--json"])
    assert r.exit_code == 0, r.output
    names = [i["name"] for i in json.loads(r.output)["items"]]
    assert "pung of 1 dot (exposed)" in names and not any("1 dots" in n for n in names)


def test_one_hand_is_one_hand():
    r = runner.invoke(app, ["simulate", "--games", "1", "--seed", "1"])
    assert r.exit_code == 0, r.output
    # no count of one in the plural; the speed line's "12.1 hands/s" is no count (it failed a run)
    assert "1 hand of pung-chow" in r.output and not re.search(r"(?<![\d.])1 hands", r.output)
    r = runner.invoke(app, ["simulate", "--games", "2", "--seed", "1"])
    assert "2 hands of pung-chow" in r.output


def test_the_replay_header_says_who_played_each_seat(tmp_path):
    game = Game(seed=3)
    bots = {s: make_bot("greedy", s) for s in Wind}
    while not game.is_over:
        seat = game.to_act()[0]
        game.apply(bots[seat].act(game.observation(seat), game.legal_actions(seat)))
    db = tmp_path / "games.sqlite3"
    with Journal(db) as store:
        gid = store.save_hand(game, bots=["human", "greedy", "cautious", "greedy"])  # East first
    r = runner.invoke(app, ["replay", str(gid), "--db", str(db)])
    assert r.exit_code == 0, r.output
    head = r.output.splitlines()[0]
    assert head.endswith("; East human, South greedy, West cautious, North greedy"), head
    assert "bots " not in head


def test_play_help_names_every_letter_key_of_the_table():
    """Every letter the terminal table binds (its footer's keys, o and w included) is in
    ``play -h``'s list of keys."""
    r = runner.invoke(app, ["play", "-h"], env={"COLUMNS": "200"})
    assert r.exit_code == 0, r.output
    text = " ".join(r.output.split())
    keys = {k for b in PlayApp.BINDINGS for k in b.key.split(",") if len(k) == 1 and k.isalpha()}
    assert {"o", "w", "h", "g", "m", "p", "c", "k", "x", "q", "d"} <= keys
    missing = [k for k in sorted(keys) if not re.search(rf"(?<![\w-]){k}(?![\w-])", text)]
    assert not missing, missing


def test_scores_apart_by_spaces_are_told_to_take_commas():
    r = runner.invoke(app, ["settle", "--scores", "E=480 S=64", "--winner", "E"])
    assert r.exit_code == 2
    assert r.output.strip() == "error: 'E=480 S=64' in --scores holds more than one seat: separate the seats with commas, e.g. E=480,S=64"


def test_a_game_header_says_the_stakes_once():
    """The terminal table's header is the ruleset's title and its stakes
    (``Ruleset.limit_words``): no title says the stakes again ("Pung Chow without a
    limit (...) · no limit"), nor a limit an option may change."""
    for name in RULESETS:
        rules = get_ruleset(name)
        assert "without a limit" not in rules.title and "no limit" not in rules.title, rules.title
        if rules.limit is not None:
            assert str(rules.limit) not in rules.title, rules.title
    five_hundred = get_ruleset("pung-chow-limit").with_options(limit=500)
    assert five_hundred.limit_words == "limit 500 points" and "300" not in five_hundred.title
