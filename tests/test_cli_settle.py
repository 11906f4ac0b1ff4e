"""``mahjongg settle`` settles as the engine does under a ruleset: ``--ruleset``,
``--discarder``, a drawn hand (``settle_draws``), ``--limit`` and ``--settle-draws``."""

import json
import re

import pytest
from typer.testing import CliRunner

from mahjongg.cli import app
from mahjongg.rules import HONG_KONG, PUNG_CHOW, get_ruleset
from mahjongg.tiles import Wind

runner = CliRunner()
E, S, W, N = Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH
LAYOUT_1 = "E=480,S=64,W=272,N=16"  # seed 000, first settling layout with the errata


def settle(*args) -> dict:
    r = runner.invoke(app, ["settle", *args, "--json"])
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


def engine(ruleset, scores: dict, winner, discarder=None) -> dict:
    """What the engine's settlement gives (``Game._finish``: ``Ruleset.settle``, East at E)."""
    return ruleset.settle(scores, winner, discarder=discarder, east=E, dead=frozenset()).to_dict()


def hong_kong_points(hand: str, win: str, by: str) -> int:
    r = runner.invoke(app, ["score", hand, "--win", win, "--by", by, "--seat", "S", "--ruleset", "hong-kong", "--json"])
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)["score"]


def test_the_readme_example_is_unchanged():
    # Seed 000 first layout (errata: East 480, West 272): East wins and collects
    # double his 480 from each, 960; West collects 272-64=208 from South and
    # 272-16=256 from North; South 64-16=48 from North. The default ruleset is pung-chow.
    data = settle("--winner", "E", "--scores", LAYOUT_1)
    assert data["net"] == {"E": 2880, "S": -1120, "W": -496, "N": -1264}
    assert {"from": "N", "to": "S", "amount": 48} in data["payments"]
    assert data["settled"] is True
    assert settle("--winner", "E", "--scores", LAYOUT_1, "--ruleset", "pung-chow")["net"] == data["net"]
    assert {k: data[k] for k in ("payments", "net")} == engine(PUNG_CHOW, dict(zip(Wind, (480, 64, 272, 16))), E)
    text = runner.invoke(app, ["settle", "--winner", "E", "--scores", LAYOUT_1])
    assert text.exit_code == 0 and "net: E +2880, S -1120, W -496, N -1264" in text.stdout


def test_hong_kong_self_drawn_pays_the_winner_double_from_everyone():
    # Seed 003 (12) c: "If the player picks a winning tile from the Wall, every player
    # has to pay double points". [RRR] SSS 123b 456c 55d self-drawn by South: dragon
    # pung 1 + seat wind 1 + no flowers 1 + self-drawn 1 = 4 faan = 2**4 = 16 points.
    # East, West and North pay 2 x 16 = 32 each; South +96. No dealer double, and the
    # losers pay each other nothing (their hands score 0).
    points = hong_kong_points("[RRR] SSS 123b 456c 55d", "5d", "wall")
    assert points == 16
    data = settle("--ruleset", "hong-kong", "--winner", "S", "--scores", f"E=0,S={points},W=0,N=0")
    assert data["payments"] == [{"from": f, "to": "S", "amount": 32} for f in "EWN"]
    assert data["net"] == {"E": -32, "S": 96, "W": -32, "N": -32}
    assert {k: data[k] for k in ("payments", "net")} == engine(HONG_KONG, {E: 0, S: 16, W: 0, N: 0}, S)


def test_hong_kong_discard_win_the_discarder_pays_double():
    # Seed 003 (12) b: "The player who discards the winning tile has to pay double
    # points in comparison to the rest of the players." The same hand on West's 5d:
    # dragon pung 1 + seat wind 1 + no flowers 1 = 3 faan = 2**3 = 8 points. West pays
    # 2 x 8 = 16, East and North 1 x 8 = 8 each; South +32. East pays no double.
    points = hong_kong_points("[RRR] SSS 123b 456c 55d", "5d", "discard")
    assert points == 8
    data = settle("--ruleset", "hong-kong", "--winner", "S", "--discarder", "W", "--scores", f"E=0,S={points},W=0,N=0")
    assert data["net"] == {"E": -8, "S": 32, "W": -16, "N": -8}
    assert {"from": "W", "to": "S", "amount": 16} in data["payments"]
    assert {k: data[k] for k in ("payments", "net")} == engine(HONG_KONG, {E: 0, S: 8, W: 0, N: 0}, S, W)


def test_pung_chow_discarder_changes_nothing():
    # Pung Chow: every loser pays the winner his score, whoever discarded.
    assert settle("--winner", "E", "--discarder", "N", "--scores", LAYOUT_1) == settle("--winner", "E", "--scores", LAYOUT_1)


@pytest.mark.parametrize("ruleset", ["pung-chow", "pung-chow-limit", "traditional", "hong-kong"])
def test_a_drawn_hand_pays_nothing_and_says_why(ruleset):
    # Every ruleset has settle_draws=False (docs/rules/*.md; pung-chow.md: draws settle
    # only "when a table chooses to settle draws"), as the engine's Game._finish reads it.
    assert get_ruleset(ruleset).settle_draws is False
    # scores each ruleset's hands can reach (the limit rulesets cap a hand at 300)
    scores = "E=280,S=64,W=272,N=16"
    data = settle("--ruleset", ruleset, "--scores", scores)
    assert data["payments"] == [] and data["net"] == {"E": 0, "S": 0, "W": 0, "N": 0}
    assert data["settled"] is False and data["why"] == f"{ruleset}: losers settle on a drawn hand: no"
    r = runner.invoke(app, ["settle", "--ruleset", ruleset, "--scores", scores])
    assert r.exit_code == 0, r.output
    assert f"a drawn hand: nothing is paid ({ruleset}: losers settle on a drawn hand: no" in r.stdout
    # the words of the option as `mahjongg rules` prints them
    card = runner.invoke(app, ["rules", ruleset], env={"COLUMNS": "200"}).stdout
    assert "losers settle on a drawn hand" in card


def test_settle_draws_settles_the_losers_differences():
    # Layout 1's scores, no winner: the three differences with East doubled:
    # E-S 416 x 2 = 832, E-W 208 x 2 = 416, E-N 464 x 2 = 928, W-S 208, W-N 256, S-N 48.
    data = settle("--settle-draws", "--scores", LAYOUT_1)
    assert data["net"] == {"E": 2176, "S": -992, "W": 48, "N": -1232}
    assert data["settled"] is True


def test_limit_replaces_the_rulesets_payment_limit():
    # pung-chow-limit caps one payment at 300 (East 600); --limit 100 caps it at 100:
    # North's 184 is paid 100 by West and South, 200 by East.
    scores = "E=80,S=48,W=64,N=184"
    assert settle("--ruleset", "pung-chow-limit", "--winner", "N", "--scores", scores)["net"]["N"] == 184 * 4
    assert settle("--ruleset", "pung-chow-limit", "--winner", "N", "--scores", scores, "--limit", "100")["net"]["N"] == 400


@pytest.mark.parametrize(
    "args, message",
    [
        (["--winner", "S", "--discarder", "S"], "--discarder S is the winner: omit --discarder for a self-drawn win"),
        (["--winner", "S", "--discarder", "W"], "--discarder W has no score in --scores"),
        (["--discarder", "N"], "--discarder N: a drawn hand has no winning tile; give the winner with --winner"),
        (["--winner", "S", "--discarder", "Q"], "--discarder takes E, S, W or N, not 'Q'"),
        (["--winner", "S", "--discarder", "W", "--ruleset", "hong-kong"], "--discarder W has no score in --scores"),
        (["--ruleset", "hong-kong", "--winner", "S", "--limit", "5"], "--limit: hong-kong has no limit on one payment"),
        (["--winner", "S", "--settle-draws"], "--settle-draws is for a drawn hand: leave out --winner"),
        (["--ruleset", "hong-kong", "--settle-draws"], "--settle-draws: hong-kong pays only a winner"),
        (["--ruleset", "nope"], "unknown ruleset 'nope'"),
        (["--scores", "E=1,S=-2", "--ruleset", "hong-kong"], "S's score -2 is negative"),  # checked on a draw too
        (["--dead", "W"], "dead hand W has no score"),
    ],
)
def test_bad_settle_options_are_one_line(args, message):
    if "--scores" not in args:
        args = [*args, "--scores", "E=1,N=0,S=2"]
    r = runner.invoke(app, ["settle", *args])
    assert r.exit_code == 2, r.output
    assert r.stdout == "" and r.stderr.startswith("error: ") and r.stderr.count("\n") == 1, r.stderr
    assert message in r.stderr


def test_the_grid_leaves_a_cell_blank_where_nothing_is_paid():
    """Issue 28, item 10: the winner's row showed 0 where a seat's own cell was
    blank. East wins 480 (README's settle example): East collects double from
    each, 2 x 480 = 960; South 64 pays West 272 - 64 = 208; North 16 pays South
    48 and West 256; nobody pays North or the winner pays nobody: blank."""
    r = runner.invoke(app, ["settle", "--winner", "E", "--scores", "E=480,S=64,W=272,N=16"], env={"COLUMNS": "100"})
    assert r.exit_code == 0, r.output
    cells = {line.split()[1]: [c.strip() for c in line.split("│")[2:6]] for line in r.output.splitlines() if re.match(r"│ [ESWN] ", line)}
    assert cells == {
        "E": ["", "", "", ""],
        "S": ["960", "", "208", ""],
        "W": ["960", "", "", ""],
        "N": ["960", "48", "256", ""],
    }


def test_a_hand_counted_above_the_limit_is_settled_at_it_and_the_sheet_says_so():
    """Issue 38: a table counts a hand's points and the limit caps it. Harr, *Pung Chow*
    (1922), Part II, "The limit hand": a limit "as to the number of points that can be
    scored in a hand" (300 with a Mah-Jongg bonus of 10), "East Wind of course is liable
    for double the limit", non-winners "settle the difference in the score up to the
    limit if neither is East Wind, and up to double the limit if either is East Wind".
    North wins 20; South counted 500, capped at 300. North collects 20 from South and
    West, 40 from East; South, 300, collects 300 from West (0) and 600 from East (0)."""
    data = settle("--winner", "N", "--scores", "E=0,S=500,W=0,N=20", "--ruleset", "pung-chow-limit")
    paid = {(p["from"], p["to"]): p["amount"] for p in data["payments"]}
    assert paid == {("E", "S"): 600, ("W", "S"): 300, ("E", "N"): 40, ("S", "N"): 20, ("W", "N"): 20}
    assert data["capped"] == {"S": 500}
    assert data["capped_note"].startswith("S counted 500, settled as 300 (the limit of pung-chow-limit): Harr, *Pung Chow* (1922), Part II, The limit hand:")
    assert "settle the difference in the score up to the limit" in data["capped_note"]
    r = runner.invoke(app, ["settle", "--winner", "N", "--scores", "E=0,S=500,W=0,N=20", "--ruleset", "pung-chow-limit"])
    assert r.exit_code == 0 and "capped: S counted 500, settled as 300" in r.output and "Pung Chow (1922), Part II" in r.output
    assert "000" not in r.output and "seed" not in r.output  # the book, not our seed files
    # *Traditional Mah Jongg*, "The Limit": "A scoring limit of 300 points on any one hand";
    # East wins 301 counted: 300, double from South, 600
    data = settle("--winner", "E", "--scores", "E=301,S=64", "--ruleset", "traditional")
    assert data["net"] == {"E": 600, "S": -600} and data["capped"] == {"E": 301}
    assert "A scoring limit of 300 points on any one hand" in data["capped_note"]
    # dmjl: Kajongg's limit of 500 (the roof on); 4800 counted pays as 500, doubled for East
    data = settle("--winner", "E", "--scores", "E=4800,S=64", "--ruleset", "dmjl")
    assert data["net"] == {"E": 1000, "S": -1000} and "Points for a Limit Hand" in data["capped_note"]
    # nothing above the limit: nothing capped, no note
    assert "capped" not in settle("--winner", "E", "--scores", "E=300,S=64", "--ruleset", "traditional")


def test_a_count_no_hand_reaches_is_refused():
    # no limit, but 10^26 points is a slip of the keyboard (it was paid as given); so under
    # a limit (it is no count of a hand, to be capped)
    for ruleset in ("pung-chow", "dmjl"):
        r = runner.invoke(app, ["settle", "--winner", "E", "--scores", "E=99999999999999999999999999,S=64", "--ruleset", ruleset])
        assert r.exit_code == 2 and r.output.count("\n") == 1, r.output
        assert "is more than any hand scores (at most 1,000,000,000 points)" in r.output


def test_a_score_at_the_limit_and_the_roof_off_settle():
    # exactly the limit is a limit hand's score; with the roof off (Kajongg's option) an
    # ordinary hand is not capped, so dmjl's 4800 settles: S pays E 4800 x 2 (E's double)
    assert runner.invoke(app, ["settle", "--winner", "E", "--scores", "E=500,S=64", "--ruleset", "dmjl"]).exit_code == 0
    from mahjongg.scoring_requests import SettleRequest, settle as settle_request

    roof_off = get_ruleset("dmjl").with_options(roof_off=True)
    assert roof_off.most_a_hand_scores is None and get_ruleset("dmjl").most_a_hand_scores == 500
    assert HONG_KONG.most_a_hand_scores is None  # scored in faan: no points cap
