"""``--special-tiles`` on every command that takes a ruleset, and the lobby.

Seed 001 ("Traditional Mah Jongg"), "additional special tiles": "the Man and
the Bag/Pot of Gold, the Cat and the Mouse, or, the Fisherman, the Fish, the
Cock or Rooster, and the Worm ... they will normally only include one set or
the other ... used in lieu of one set of Seasons or Flowers"; "A matched pair
double". The library had both sets (``traditional(special_tiles=...)``); the
audit (issue 27) found no command could choose the second.
"""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from mahjongg.cli import app
from mahjongg.play.config import ConfigError, MatchConfig
from mahjongg.rules import PUNG_CHOW, TRADITIONAL, TRADITIONAL_SPECIAL_TILES, RulesetError, ruleset_with
from mahjongg.simulate import simulate
from mahjongg.table import Game, full_set
from mahjongg.tiles import tile

runner = CliRunner()
FISHERMAN = [tile(t) for t in ("Fisherman", "Fish", "Cock", "Worm")]


def ok(*args) -> str:
    r = runner.invoke(app, list(args))
    assert r.exit_code == 0, r.output
    return r.stdout


def refused(*args) -> str:
    r = runner.invoke(app, list(args))
    assert r.exit_code == 2 and r.stdout == "" and r.stderr.count("\n") == 1, r.output
    return r.stderr


def test_the_ruleset_rebuilds_with_the_other_set():
    r = TRADITIONAL.with_options(special_tiles="fisherman-and-cock")
    assert r.name == "traditional" and r.special_tiles == "fisherman-and-cock"
    assert set(FISHERMAN) <= set(full_set(r))
    assert TRADITIONAL_SPECIAL_TILES.with_options(special_tiles=None).special_tiles is None
    assert ruleset_with("traditional-special-tiles", special_tiles="fisherman-and-cock").name == "traditional-special-tiles"
    with pytest.raises(RulesetError, match="pung-chow cannot play with the special tiles 'cat-and-man': it has no special tiles"):
        PUNG_CHOW.with_options(special_tiles="cat-and-man")


def test_score_with_the_fisherman_and_the_cock():
    # 123b 456c 789d 333d 55b, Cock and Worm laid out, won on a discarded 5b by East:
    # Mah-Jongg 20 + concealed pung of 3 dots 4 + filling the only place (the 5b pair) 2
    # + Cock 4 + Worm 4 = 34; the matched pair Cock and Worm doubles once: 68.
    hand = "123b 456c 789d 333d 55b Cock Worm"
    data = json.loads(ok("score", hand, "--win", "5b", "--ruleset", "traditional", "--special-tiles", "fisherman-and-cock", "--json"))
    assert (data["points"], data["doubles"], data["score"]) == (34, 1, 68)
    # without the option the set has no Cock: refused, as before
    assert "is not part of a traditional set" in refused("score", hand, "--win", "5b", "--ruleset", "traditional")


@pytest.mark.parametrize(
    "args",
    [
        ["score", "123b 456c 789d 333d 55b", "--win", "5b"],
        ["settle", "--scores", "E=10,S=20", "--winner", "S"],
        ["rules", "pung-chow"],
        ["advise", "123b 456c 789d 333d 55b 6d"],
        ["simulate", "--games", "1"],
        ["arena", "--challenger", "greedy", "--deals", "1"],
        ["play", "--bots", "4"],
    ],
)
def test_every_command_refuses_it_where_the_ruleset_has_none(args, tmp_path):
    # every command that takes a ruleset has the option; pung-chow has no special tiles
    message = refused(*args, "--special-tiles", "cat-and-man", *(["--db", str(tmp_path / "x.sqlite3")] if args[0] == "play" else []))
    assert "--special-tiles: pung-chow" in message and "has no special tiles" in message
    assert not (tmp_path / "x.sqlite3").exists()


def test_a_bad_name_is_one_line():
    assert "--special-tiles takes cat-and-man or fisherman-and-cock, not 'fish'" in refused(
        "score", "123b 456c 789d 333d 55b", "--win", "5b", "--special-tiles", "fish"
    )


def test_rules_shows_the_chosen_set():
    card = json.loads(ok("rules", "traditional", "--special-tiles", "fisherman-and-cock", "--json"))
    bonus = next(o for o in card["options"] if o["option"] == "bonus_tiles")
    assert bonus["value"][:4] == ["Fisherman", "Fish", "Cock", "Worm"]
    assert "--special-tiles changes one ruleset" in refused("rules", "--special-tiles", "cat-and-man")


def test_simulated_hands_play_and_replay_with_the_set():
    """A run of traditional with the Fisherman set: every hand's log names the set and
    replays to the same game under it."""
    summary = simulate(2, ("greedy", "greedy", "cautious", "random"), ruleset="traditional", seed=3, options={"special_tiles": "fisherman-and-cock"})
    assert summary.games == 2
    seen = []
    simulate(
        2, ("greedy", "greedy", "cautious", "random"), ruleset="traditional", seed=3, keep_events=True,
        options={"special_tiles": "fisherman-and-cock"}, on_hand=lambda o: seen.append(o.events),
    )
    for events in seen:
        g = Game.replay("".join(json.dumps(e) + "\n" for e in events))
        assert g.ruleset.special_tiles == "fisherman-and-cock"
        assert set(FISHERMAN) <= set(full_set(g.ruleset))
        assert g.events == events


def test_a_match_takes_it_as_an_option():
    c = MatchConfig.make("traditional", {"special_tiles": "fisherman-and-cock"}, seed=1)
    assert c.ruleset_value().special_tiles == "fisherman-and-cock"
    with pytest.raises(ConfigError, match="special_tiles: pung-chow has no special tiles"):
        MatchConfig.make("pung-chow", {"special_tiles": "cat-and-man"}, seed=1)


def test_the_lobby_offers_the_sets(tmp_path):
    from starlette.testclient import TestClient

    from mahjongg.web import create_app

    with TestClient(create_app(tmp_path / "t.sqlite3", rate=1000, burst=100)) as client:
        meta = {r["name"]: {o["option"]: o for o in r["options"]} for r in client.get("/api/rulesets").json()["rulesets"]}
        assert meta["traditional"]["special_tiles"]["choices"] == [None, "cat-and-man", "fisherman-and-cock"]
        assert meta["traditional-special-tiles"]["special_tiles"]["value"] == "cat-and-man"
        assert meta["pung-chow"]["special_tiles"]["choices"] == [None]  # none: the lobby draws no choice
        r = client.post("/api/tables", json={"name": "Ann", "ruleset": "traditional", "options": {"special_tiles": "fisherman-and-cock"}})
        assert r.status_code == 200, r.text
        table = client.app.state.server.tables[r.json()["code"]]
        assert table.config.options == {"special_tiles": "fisherman-and-cock"}
        bad = client.post("/api/tables", json={"name": "Ann", "ruleset": "pung-chow", "options": {"special_tiles": "cat-and-man"}})
        assert bad.status_code == 400 and "pung-chow has no special tiles" in bad.json()["error"]
