"""`mahjongg score` with --last-tile and --by robbed-kong, end to end (issue 2 item 6)."""

import json

from typer.testing import CliRunner

from mahjongg.cli import app

runner = CliRunner()


def score(*args):
    result = runner.invoke(app, ["score", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_robbed_kong_counts_as_a_claimed_tile():
    # A tile taken from another player's kong is not drawn, so the set it completes is
    # exposed, as for a discard. Traditional allows robbing a kong (its option "a kong
    # may be robbed: yes"): 123b 99b 456c 789c 34d + 5d: the chow [345d]; Mah-Jongg 20 +
    # no scoring combinations 10 = 30 (no drawing bonus; 34d waited on 2d or 5d, so not
    # the only place). The robbed tile is the fourth of its kind: the winner holds no
    # other (a pung it completed would need a fifth 5d: refused, test_cli_impossible_wins.py).
    # Pung Chow has no robbing (docs/rules/table.md: seed 000 Part I and II have no such rule).
    data = score("123b 99b 456c 789c 345d", "--win", "5d", "--by", "robbed-kong", "--seat", "S", "--ruleset", "traditional")
    assert data["score"] == 30
    assert "[345d]" in data["arrangement"]


def test_last_tile_changes_nothing_in_pung_chow():
    # Seed 000's score card has no item for the last tile: same 26 as without the flag
    # (Mah-Jongg 20 + concealed pung of 5 dots 4 + drawing the winning piece 2).
    plain = score("123b 99b 456c 789c 555d", "--win", "5d", "--by", "wall", "--seat", "S")
    last = score("123b 99b 456c 789c 555d", "--win", "5d", "--by", "wall", "--seat", "S", "--last-tile")
    assert plain["score"] == last["score"] == 26


def test_moon_from_the_bottom_of_the_sea_needs_the_last_tile():
    # Seed 001, special limit hands: "Moon from the Bottom of the Sea" -- the last tile of
    # the wall, the one of dots, drawn to go out. With --last-tile it is the limit (300);
    # without, the same hand is an ordinary score.
    args = ["123b 456b 789c 55c 111d", "--ruleset", "traditional", "--win", "1d", "--by", "wall", "--seat", "S"]
    moon = score(*args, "--last-tile")
    assert moon["limit_hand"] == "Moon from the Bottom of the Sea"
    assert moon["score"] == 300
    assert score(*args)["limit_hand"] is None


def test_scratching_a_carrying_pole_is_a_robbed_two_of_bamboo():
    # Seed 001: "Scratching a Carrying Pole" -- going out by robbing a kong of the two of
    # bamboo. 13b + 2b completes the chow 123b.
    args = ["13b 2b 456c 789c 55d 999d", "--ruleset", "traditional", "--win", "2b", "--seat", "S"]
    robbed = score(*args, "--by", "robbed-kong")
    assert robbed["limit_hand"] == "Scratching a Carrying Pole"
    assert score(*args, "--by", "discard")["limit_hand"] is None
