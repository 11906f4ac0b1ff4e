"""`mahjongg score --ruleset traditional` end to end (seed 001).

Source: ``/work/shared/seeds/001_5face85adfec383c.txt``; readings in
``docs/rules/traditional.md``.
"""

from __future__ import annotations

import json

from typer.testing import CliRunner

from mahjongg.cli import app

runner = CliRunner()


def run(*args):
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result


def run_json(*args):
    return json.loads(run(*args, "--json").output)


def test_representative_hand_with_flowers():
    # seed 001, fourth representative hand "If in Hand": 8 + 4 + 20 = 32, all one suit x 8
    # = 256 -- here with South's own Season s2 and the Flower f3 (seed 001, Seasons: "Each
    # Season scores 4 points", "One of a player's own Seasons ... Double the total score"):
    # (32 + 8) x 16 = 640, capped at the limit of 300 ("A scoring limit of 300 points").
    data = run_json(
        "score", "111b 666b 234b 78b 55b 9b s2 f3", "--ruleset", "traditional", "--win", "9b", "--seat", "S"
    )
    assert (data["points"], data["doubles"], data["score"]) == (40, 4, 300)
    names = [i["name"] for i in data["items"]]
    assert "Season 2" in names and "Flower 3" in names and "own Season 2" in names


def test_flowers_in_a_losers_hand():
    # seed 001, Seasons: "These doubles ... apply to all hands whether winning or not".
    # North loser with the four Seasons: 16 points, own s4 x 2, all four Seasons x 8: 256.
    data = run_json("score", "123b 456c 789d 99c 57d s1 s2 s3 s4", "--ruleset", "traditional", "--seat", "N")
    assert (data["points"], data["doubles"], data["score"]) == (16, 4, 256)


def test_limit_hand_human_output():
    # seed 001, special limit hand 13, Plum Blossom on the Roof: 300.
    result = run(
        "score", "123b 456c [7777c] 333c 55d", "--ruleset", "traditional", "--win", "5d", "--by", "loose", "--seat", "S"
    )
    assert "limit hand: Plum Blossom on the Roof" in result.output
    assert "score: 300" in result.output


def test_after_flower_option():
    # seed 001, 13): "not after grounding a flower": 20 + 2 (drawn) + 2 (only place) + 8
    # (7c kong exposed) + 4 (333c) + 4 (Flower 3, laid out: the loose tile replaced it;
    # not South's own) = 40, no limit and no loose-tile bonus.
    data = run_json(
        "score", "123b 456c [7777c] 333c 55d f3", "--ruleset", "traditional",
        "--win", "5d", "--by", "loose", "--after-flower", "--seat", "S",
    )
    assert (data["limit_hand"], data["score"]) == (None, 40)


def test_first_discard_and_kong_on_kong_options():
    # seed 001, 11) Earthly Peace and 15) Kong on Kong: the limit, 300.
    earthly = run_json(
        "score", "123b 456c 789d 333d 55b", "--ruleset", "traditional", "--win", "5b", "--first-discard", "--seat", "W"
    )
    assert (earthly["limit_hand"], earthly["score"]) == ("Earthly Peace", 300)
    kong = run_json(
        "score", "123b [2222c] [7777d] 11b 333c", "--ruleset", "traditional",
        "--win", "1b", "--by", "loose", "--kong-on-kong", "--seat", "S",
    )
    assert kong["limit_hand"] == "Kong on Kong"


def test_hidden_special_tile_scores_nothing():
    # seed 001, special tiles: a hand holding one "not been exposed" when someone goes
    # Mah-Jongg "is counted as scoreless"; written (Cat).
    data = run_json("score", "RRR 123b 456c NN 5d (Cat)", "--ruleset", "traditional-special-tiles", "--seat", "S")
    assert data["score"] == 0
    assert data["items"] == [{"name": "Cat held unexposed: scores nothing", "void": True}]


def test_rules_command_lists_traditional():
    result = run("rules", "traditional")
    assert "Hidden Treasure" in result.output
    assert any("stacks per side of the wall" in line and "18" in line for line in result.output.splitlines())


def test_rules_show_bonus_tiles_in_notation():
    # seed 001: the set adds four Flowers and four Seasons; `rules` names them as tiles, not indices
    from mahjongg.rules import get_ruleset

    text = get_ruleset("traditional").describe()
    assert "Flowers, Seasons and special tiles: f1 f2 f3 f4 s1 s2 s3 s4" in text
    assert "Flowers, Seasons and special tiles: none" in get_ruleset("pung-chow").describe()
