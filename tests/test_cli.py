"""The command line: `mahjongg score`, `settle`, `rules` (issue 2, item 6)."""

import json
import re
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from mahjongg.cli import app

runner = CliRunner()


def run(*args):
    return runner.invoke(app, list(args))


def test_score_json_shape_and_values():
    # Seed 000, Example No. 1: punged the 2 dot to complete the hand; Mah-Jongg 20 +
    # three 2 dots (exposed by the claim) 2 = 22. Seat S, so the East-wind pair scores nothing.
    result = run("score", "123b 456c 789d 22d 2d EE", "--win", "2d", "--by", "discard", "--seat", "S", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    # the score (Score.to_dict) and its score card (mahjongg.play.scorecard.ScoreCard.to_dict)
    assert set(data) == {"score", "points", "doubles", "items", "limit_hand", "arrangement",
                         "unit", "columns", "lines", "counted", "summary", "limit", "capped", "void", "notes", "source"}
    assert data["unit"] == "points" and data["columns"] == ["points", "doubles", "total"]
    assert data["source"].startswith("Harr, *Pung Chow* (1922), Part I")  # the book, never a seed file
    assert [(x["name"], x["value"], x["total"]) for x in data["lines"]] == [("Mah-Jongg", 20, 20), ("pung of 2 dots (exposed)", 2, 22)]
    assert data["score"] == 22 and data["points"] == 22 and data["doubles"] == 0
    assert data["items"] == [{"name": "Mah-Jongg", "points": 20}, {"name": "pung of 2 dots (exposed)", "points": 2}]
    assert data["limit_hand"] is None
    assert "[222d]" in data["arrangement"]


def test_the_score_card_names_the_book_it_scores_by():
    """Every score card ends with the book and section its ruleset scores by (not our seed files)."""
    for ruleset, book in (("pung-chow", "Harr, Pung Chow (1922), Part I"), ("hong-kong", "Hong Kong Mahjong (an undated guide)")):
        result = run("score", "123b 456c 789d EEE 55d", "--win", "5d", "--ruleset", ruleset)
        assert result.exit_code == 0, result.output
        last = result.output.strip().splitlines()[-1]
        assert last.startswith("scored by: ") and book in last and "seed" not in last, last


def test_score_human_output_explains_items():
    # Seed 000, Example No. 5 shape: one suit (bamboo) with a green dragon pung; the
    # doubles column shows x2 for each double.
    result = run("score", "[222b] [999b] [111b] [GGG] 55b", "--win", "5b", "--by", "wall", "--seat", "S")
    assert result.exit_code == 0, result.output
    assert "drawing the winning piece" in result.output
    assert "x2" in result.output
    assert "score:" in result.output


def test_loser_hand_scores_without_win():
    # A loser's 13 tiles: concealed pung of red dragons 8 points, doubled once = 16.
    result = run("score", "RRR 123b 456c 78d EW", "--seat", "S", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["score"] == 16


def test_loser_arrangement_names_the_chows_and_the_tiles_left_over():
    # A loser's arrangement sorts out only pungs, kongs and a pair (his chows score
    # nothing), so after '+' stand all other concealed tiles: 123b 456c 5789d. Of these
    # 123b, 456c and 789d are chows; only 5d is in no set (there is no 6d for a 567d).
    result = run("score", "[EEEE] 123b 456c 5789d")
    assert result.exit_code == 0, result.output
    assert "arrangement: [EEEE] + 123b 456c 5789d" in result.output
    assert (
        "(after '+': the tiles outside the arrangement's pungs, kongs and pair (a loser's chows score"
        " nothing, so none is sorted out): chows 123b 456c 789d, left over 5d)"
    ) in " ".join(result.output.split())
    assert "in no set or pair" not in result.output


def test_loser_arrangement_with_no_chow_lists_every_tile_after_the_plus():
    # No three consecutive tiles of a suit and no pung: every concealed tile is loose.
    # The two 1 bamboos are not the arrangement's pair: a pair scores nothing here, so
    # the first reading (none) stands, and they are listed among the tiles.
    result = run("score", "E S W 1b 4b 7b 1c 5c 9c 2d 5d 8d 1b")
    assert result.exit_code == 0, result.output
    assert "arrangement: + 1147b 159c 258d E S W" in result.output
    assert "(after '+': the tiles outside the arrangement's sets and pair: 1b 1b 4b 7b 1c 5c 9c 2d 5d 8d E S W)" in result.output


def test_arrangement_notes_find_the_most_chows():
    from mahjongg.cli.score import _chows_and_rest
    from mahjongg.notation import parse_tiles

    def split(text):
        chows, left = _chows_and_rest(tuple(sorted(parse_tiles(text))))
        return " ".join(map(str, chows)), " ".join(map(str, left))

    # 1223344b: 123b + 234b leaves only 4b (taking 234b first would leave 1b 3b 4b)
    assert split("1223344b") == ("123b 234b", "4b")
    # 5789d: 789d, not 567d (no 6); the 5 is left over
    assert split("5789d") == ("789d", "5d")
    # 11223344b holds two chows whichever way; the lowest are named: 123b 123b, leaving 44b
    assert split("11223344b") == ("123b 123b", "4b 4b")
    # a chow never crosses suits nor takes honors: 89b 1c, E S W
    assert split("89b 1c E S W") == ("", "8b 9b 1c E S W")


@pytest.mark.parametrize(
    "args, message",
    [
        (["score", "5x"], "'x' is not a suit"),
        (["score", "123b 456c 789d 22d 2d EE"], "winner's hand"),
        # 14 tiles, no --win: East's four held bare makes it look a winner's; as a kong
        # (three) it is a loser's 13 plus one per kong
        (["score", "EEEE 123b 456c 789d 5d"], "winner's hand; name the winning tile with --win (and --by); EEEE in the"
         " hand is four of a kind, counted as four tiles: a kong is written [EEEE] (exposed) or {EEEE} (concealed)"),
        # with --win, 15 tiles: the parser's count and the same hint
        (["score", "EEEE 123b 456c 789d 55d", "--win", "5d", "--by", "wall"], "has 15 tiles; a hand with 0 kongs"),
        (["score", "EEEE 123b 456c 789d 55d", "--win", "5d", "--by", "wall"], "a kong is written [EEEE] (exposed)"),
        (["score", "123b 456c 789d 22d EE", "--win", "2d"], "include the winning tile"),
        # 9c is nowhere in the hand: said so (it once said "must be among the concealed tiles")
        (["score", "123b 456c 789d 22d 2d EE", "--win", "9c"], "the winning tile 9c is not in the hand"),
        (["score", "[123b] 456c 789d 22d 2d EE", "--win", "1b"], "must be among the concealed tiles"),
        (["score", "123b 456c 789d 22d 2d EE f1", "--win", "f1", "--ruleset", "traditional"], "f1 is a bonus tile (Flower 1)"),
        # the options given that need a win, named (it once listed all seven)
        (["score", "123b 456c 789d 22d 2d EE", "--ruleset", "dmjl", "--original-call"], "--original-call describes a win: give"),
        (["score", "123b 456c 789d 22d EE", "--by", "wall", "--last-tile"], "--by and --last-tile describe a win"),
        (["score", "123b 456c 789d 22d 4d EE", "--win", "4d"], "not a complete hand"),
        (["score", "123b 456c 789d 22d 2d EE", "--win", "2x"], "is not a tile"),
        (["score", "123b 456c 789d 22d EE", "--by", "wall"], "give the winning tile with --win"),
        (["score", "123b 456c 789d 22d 2d EE", "--win", "2d", "--ruleset", "nope"], "unknown ruleset 'nope'"),
        (["score", "[111b] 23b 456c 789d 55d 1b", "--win", "1b", "--original"], "no exposed melds"),
        (["score", "123b 456c 789d 22d 2d EE f1", "--win", "2d"], "not part of a pung-chow set"),
        (["settle", "--scores", "E=1,S=2", "--dead", "X"], "--dead"),
        (["settle", "--scores", "E=1"], "at least two seats"),
        (["settle", "--scores", "E=1,Q=2"], "not a wind"),
        (["settle", "--scores", "E=1,S=x"], "not a whole number"),
        (["settle", "--scores", "E=1,S=2,E=3"], "appears twice"),
        # a seat twice in --dead is refused like one twice in --scores: it is likely a slip
        # for another seat, and settling it once would hide that
        (["settle", "--scores", "E=1,S=2", "--dead", "E", "--dead", "e"], "--dead E is given twice"),
        (["settle", "--scores", "E=1,S=2", "--winner", "W"], "winner W has no score"),
        (["settle", "--scores", "E=1,S=2", "--winner", "S", "--dead", "S"], "cannot win with a dead hand"),
        (["settle", "--scores", "E=1,S=-2"], "negative"),
    ],
)
def test_bad_input_exits_2_with_a_message(args, message):
    result = run(*args)
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output


def test_settle_json_first_layout():
    # Seed 000 "Illustrations of score settling", first layout with the errata
    # (East 480, West 272): East wins and collects 2 x 480 from each player.
    result = run("settle", "--winner", "E", "--scores", "E=480,S=64,W=272,N=16", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert {"from": "S", "to": "E", "amount": 960} in data["payments"]
    assert data["net"] == {"E": 2880, "S": -1120, "W": -496, "N": -1264}


def test_settle_table_output():
    result = run("settle", "--winner", "N", "--scores", "E=80,S=48,W=64,N=184", "--limit", "100")
    assert result.exit_code == 0, result.output
    assert "net:" in result.output and "N +" in result.output


def test_rules_prints_the_ruleset_values():
    result = runner.invoke(app, ["rules", "pung-chow"], env={"COLUMNS": "200"})  # no cell wraps
    assert result.exit_code == 0
    assert "simple pung: 2 points exposed / 4 concealed" in result.output and "Harr, Pung Chow (1922)" in result.output


def test_console_script_prints_no_traceback():
    proc = subprocess.run(
        [sys.executable, "-m", "mahjongg", "score", "[912b] 123c 456c 78d"], capture_output=True, text=True
    )
    assert proc.returncode == 2
    assert "is not a meld" in proc.stderr and "Traceback" not in proc.stderr


@pytest.mark.parametrize("command", [[], ["play"], ["score"], ["settle"], ["simulate"], ["replay"], ["rules"], ["serve"]])
def test_help_shows_flags_without_a_metavar(command):
    # a flag takes no value, so nothing stands beside it (Typer showed '<bool>' for
    # --json, --help, --last-tile ...); options that take a value keep theirs
    result = runner.invoke(app, [*command, "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "<bool>" not in result.output
    help_line = next(line for line in result.output.splitlines() if "--help" in line)
    assert help_line.split() == ["│", "--help", "-h", "Show", "this", "message", "and", "exit.", "│"]
    if command == ["score"]:
        assert re.search(r"--seat +<e\|s\|w\|n>", result.output)
        assert re.search(r"--json +Print the score as JSON\.", result.output)


def test_rules_takes_a_ruleset_name_in_either_case():
    """Issue 28, item 10: ``rules PUNG-CHOW`` was refused though seats are case-insensitive."""
    upper = runner.invoke(app, ["rules", "PUNG-CHOW"], env={"COLUMNS": "200"})
    lower = runner.invoke(app, ["rules", "pung-chow"], env={"COLUMNS": "200"})
    assert upper.exit_code == 0 and upper.output == lower.output
    scored = runner.invoke(app, ["score", "[WhWhWh] [444b] GGG 888c 55d", "--win", "8c", "--by", "discard", "--seat", "S", "--ruleset", "Pung-Chow"])
    assert scored.exit_code == 0 and "184" in scored.output  # Harr, Example No. 8 (README)


def _stored_hint(cmd: list[str], tmp_path, path: str) -> str:
    """The line ``simulate --db`` ends with, run as ``cmd`` with ``PATH`` set to
    ``path`` (in a fresh folder, so that the hand is game 1 of ``x.sqlite3``)."""
    import os
    import tempfile

    env = {**os.environ, "PATH": path}
    folder = tempfile.mkdtemp(dir=tmp_path)
    proc = subprocess.run([*cmd, "simulate", "--games", "1", "--db", "x.sqlite3"], capture_output=True, text=True, cwd=folder, env=env)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout.strip().splitlines()[-1]


def test_printed_commands_run_as_printed(tmp_path):
    """Issue 28, item 6: the CLI printed ``mahjongg replay 1 ...`` (and ``mahjongg
    play --resume``) while ``mahjongg`` was not on the PATH: pasted, "command not
    found". It prints the command as it will run: the script as typed when the
    venv is not activated, ``python -m mahjongg`` when run as a module."""
    from pathlib import Path

    as_module = _stored_hint([sys.executable, "-m", "mahjongg"], tmp_path, "/nonexistent")
    assert as_module.endswith(f"see one with: {sys.executable} -m mahjongg replay 1 --db x.sqlite3")
    script = Path(sys.executable).parent / "mahjongg"
    if script.exists():  # the console script of the venv the tests run in
        typed = _stored_hint([str(script)], tmp_path, "/nonexistent")
        assert typed.endswith(f"see one with: {script} replay 1 --db x.sqlite3")
        activated = _stored_hint([str(script)], tmp_path, str(script.parent))
        assert activated.endswith("see one with: mahjongg replay 1 --db x.sqlite3")
