"""`mahjongg score --ruleset pung-chow-limit` and `mahjongg rules` end to end.

Source: seed 000 Part II, "Example of winning hands" 2 and 5 (hands as built in
``tests/test_pung_chow_limit_examples.py``); the CLI scores under the
ruleset's default limit, 300.
"""

import json

from typer.testing import CliRunner

from mahjongg.cli import app

runner = CliRunner()


def run(*args):
    return runner.invoke(app, list(args))


def test_score_example_2_capped_at_the_limit():
    # Ex 2: 40 points, doubled four times = 640, "over the limit" of 300.
    result = run(
        "score", "[RRR] 999c NNN 222b 55d", "--ruleset", "pung-chow-limit",
        "--win", "N", "--by", "wall", "--seat", "N", "--round", "N", "--json",
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert (data["score"], data["points"], data["doubles"], data["limit_hand"]) == (300, 40, 4, None)
    assert {"name": "set of own wind (North wind) in own wind round", "doubles": 2} in data["items"]
    assert {"name": "pung of 9 characters (concealed)", "points": 10} in data["items"]


def test_score_example_3_human_output():
    # Ex 3 with the errata: 16, red dragons doubled 32.
    result = run(
        "score", "[RRR] 777c 234b 567d 55b", "--ruleset", "pung-chow-limit",
        "--win", "7c", "--seat", "N", "--round", "E",
    )
    assert result.exit_code == 0, result.output
    assert "score: 32" in result.output
    assert "Mah-Jongg" in result.output and "x2" in result.output


def test_score_thirteen_heads_limit_hand():
    # Ex 5 / Limit hands 1: thirteen single heads and a pair scores the limit.
    result = run(
        "score", "19b 19c 19d ESWN R G WhWh", "--ruleset", "pung-chow-limit", "--win", "Wh", "--seat", "S", "--json"
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert (data["score"], data["limit_hand"]) == (300, "thirteen single heads and a pair")


def test_score_loser_hand_uses_other_hands_table():
    # Other hands: a concealed pung of heads 8, a concealed pung of 2-8 4.
    result = run("score", "111d 555c 123b 456c 7d", "--ruleset", "pung-chow-limit", "--seat", "W", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["score"] == 12


def test_rules_lists_the_ruleset():
    result = run("rules", "pung-chow-limit")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert any("limit on a hand's score" in line and "300 points" in line for line in lines)
    assert any("limit on one payment" in line and "300 points" in line for line in lines)
    assert "three dragon sets" in result.output


def test_score_first_tile_played_half_the_limit():
    # Bonus scores 5: winning on the first tile played earns half the limit (150 of
    # 300): Mah-Jongg 10 + 150 + no other score in hand or on table 10 = 170.
    result = run(
        "score", "123b 456c 789d 234d 55b", "--ruleset", "pung-chow-limit",
        "--win", "1b", "--seat", "S", "--first-discard", "--json",
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["score"] == 170
    assert {"name": "winning on the first tile played", "points": 150} in data["items"]
