"""simulate: reproducible from a seed (also across processes), zero-sum hands, clear errors; the CLI end to end."""

import json

import pytest
from typer.testing import CliRunner

from mahjongg.cli import app
from mahjongg.simulate import SimulationError, play_hand, simulate

runner = CliRunner()
MIX = ("greedy", "cautious", "random", "greedy")


def test_same_seed_same_results():
    a = simulate(8, MIX, seed=11)
    b = simulate(8, MIX, seed=11)
    assert a.results() == b.results()
    assert [o.to_dict() for o in a.outcomes] == [o.to_dict() for o in b.outcomes]
    c = simulate(8, MIX, seed=12)
    assert [o.seed for o in c.outcomes] != [o.seed for o in a.outcomes]


def test_workers_give_the_same_results():
    one = simulate(8, MIX, seed=5)
    two = simulate(8, MIX, seed=5, workers=2)
    assert one.results() == two.results()
    assert [o.to_dict() for o in one.outcomes] == [o.to_dict() for o in two.outcomes]


def test_every_hand_settles_to_zero_and_counts_add_up():
    s = simulate(12, ("random", "greedy", "cautious", "greedy"), seed=3)
    for o in s.outcomes:
        assert sum(o.net) == 0
    assert sum(s.net) == 0
    assert sum(s.wins) + s.draws == s.games == 12
    assert len(s.to_dict()["players"]) == 4


def test_players_take_turns_at_east():
    seats = [play_hand(("random",) * 4, 7, i).seats for i in range(4)]
    assert [s.index("E") for s in seats] == [0, 1, 2, 3]


def test_three_players():
    s = simulate(3, ("greedy", "greedy", "random"), seed=1)
    assert s.games == 3 and all(len(o.net) == 3 and sum(o.net) == 0 for o in s.outcomes)


@pytest.mark.parametrize(
    "kwargs, message",
    [
        (dict(games=0), "at least 1"),
        (dict(games=2, bots=("greedy", "clever", "random", "random")), "unknown bot 'clever'"),
        (dict(games=2, bots=("greedy",) * 5), "two, three or four"),
        (dict(games=2, workers=0), "--workers"),
        (dict(games=2, ruleset="nope"), "unknown ruleset"),
    ],
)
def test_bad_input(kwargs, message):
    with pytest.raises(ValueError, match=message):
        simulate(**kwargs)


def test_cli_simulate_table_and_json(tmp_path):
    r = runner.invoke(app, ["simulate", "--games", "4", "--bots", "greedy,greedy,cautious,random", "--seed", "2"])
    assert r.exit_code == 0, r.output
    assert "cautious" in r.output and "hands/s" in r.output and "draws" in r.output
    r = runner.invoke(app, ["simulate", "--games", "4", "--seed", "2", "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["games"] == 4 and sum(data["net"]) == 0
    r2 = runner.invoke(app, ["simulate", "--games", "4", "--seed", "2", "--json", "--workers", "2"])
    d2 = json.loads(r2.output)
    assert {k: d2[k] for k in ("wins", "net", "draws")} == {k: data[k] for k in ("wins", "net", "draws")}


def test_cli_simulate_db_and_replay(tmp_path):
    db = str(tmp_path / "games.sqlite3")
    r = runner.invoke(app, ["simulate", "--games", "3", "--seed", "4", "--db", db])
    assert r.exit_code == 0, r.output
    assert "stored games 1-3" in r.output
    r = runner.invoke(app, ["replay", "2", "--db", db])
    assert r.exit_code == 0, r.output
    out = r.output
    assert "dice: East throws" in out and "deal" in out and "discards" in out and "score" in out
    assert "result" in out
    r = runner.invoke(app, ["replay", "2", "--db", db, "--json"])
    assert r.exit_code == 0 and json.loads(r.output.splitlines()[0])["type"] == "setup"


@pytest.mark.parametrize(
    "args, message",
    [
        (["simulate", "--games", "0"], "at least 1"),
        (["simulate", "--games", "2", "--bots", "greedy,wizard,random,random"], "unknown bot 'wizard'"),
        (["simulate", "--games", "2", "--bots", "greedy,greedy,greedy,greedy,greedy"], "two, three or four"),
        (["simulate", "--games", "2", "--bots", "greedy"], "two, three or four"),
        (["simulate", "--games", "2", "--workers", "0"], "--workers"),
        (["simulate", "--games", "2", "--ruleset", "nope"], "unknown ruleset"),
        (["replay", "1", "--db", "/nonexistent/games.sqlite3"], "no game database"),
    ],
)
def test_cli_bad_input(args, message):
    r = runner.invoke(app, args)
    assert r.exit_code == 2, r.output
    assert message in r.output
    assert "Traceback" not in r.output


def test_cli_unknown_game_id(tmp_path):
    db = str(tmp_path / "g.sqlite3")
    runner.invoke(app, ["simulate", "--games", "1", "--db", db, "--json"])
    r = runner.invoke(app, ["replay", "9", "--db", db])
    assert r.exit_code == 2 and "no game 9" in r.output and "ids 1-1" in r.output
