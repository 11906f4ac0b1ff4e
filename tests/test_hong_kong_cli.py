"""`mahjongg score --ruleset hong-kong` end to end (issue 7): faan in the JSON,
a hand below the minimum reported with exit code 0 and "may not be declared"."""

import json

from typer.testing import CliRunner

from mahjongg.cli import app

runner = CliRunner()


def run(*args):
    return runner.invoke(app, list(args))


def test_json_gives_faan_and_score():
    # [RRR] SSS 123b 456c 55d, South wins on a discarded 5d: dragon pung 1 + seat
    # wind 1 + no flowers 1 = 3 faan -> 8 points; the minimum is met.
    result = run("score", "[RRR] SSS 123b 456c 55d", "--win", "5d", "--seat", "S", "--ruleset", "hong-kong", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["faan"] == 3 and data["score"] == 8
    assert data["minimum_faan"] == 3 and data["may_declare"] is True
    assert data["items"] == [
        {"name": "no flowers", "faan": 1},
        {"name": "dragon pung (red dragon)", "faan": 1},
        {"name": "seat wind", "faan": 1},
    ]
    assert data["limit_hand"] is None


def test_below_minimum_reports_faan_and_may_not_be_declared():
    # [123b] [456c] 789c 222d 55d drawn from the wall by South: self-drawn 1 + no
    # flowers 1 = 2 faan (4 points) < 3: reported, not declarable, exit code 0.
    args = ("score", "[123b] [456c] 789c 222d 55d", "--win", "5d", "--by", "wall", "--seat", "S", "--ruleset", "hong-kong")
    result = run(*args, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["faan"] == 2 and data["score"] == 4 and data["may_declare"] is False
    human = run(*args)
    assert human.exit_code == 0, human.output
    assert "2 faan" in human.output
    assert "may not be declared" in human.output


def test_limit_hand_json():
    # Thirteen orphans self-drawn: the limit, 10 faan -> 1024 points.
    result = run(
        "score", "1b 9b 1c 9c 1d 9d E S W N R G Wh Wh", "--win", "Wh", "--by", "wall", "--ruleset", "hong-kong", "--json"
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["limit_hand"] == "thirteen orphans"
    assert data["faan"] == 10 and data["score"] == 1024
    assert data["items"] == [{"name": "thirteen orphans", "limit": True}]


def test_pung_chow_json_has_no_faan():
    result = run("score", "123b 456c 789d 22d 2d EE", "--win", "2d", "--seat", "S", "--json")
    assert result.exit_code == 0, result.output
    assert "faan" not in json.loads(result.output)


def test_rules_lists_hong_kong():
    result = run("rules", "hong-kong")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert any("faan: minimum to declare a hand" in line and "3 faan" in line for line in lines)
    assert any("faan: limit" in line and "10 faan" in line for line in lines)
