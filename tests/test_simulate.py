"""simulate: reproducible from a seed (also across processes), zero-sum hands, clear errors; the CLI end to end."""

from mahjongg.rules import RULESETS
import json
import sqlite3
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mahjongg.cli import app
from mahjongg.simulate import SimulationError, play_hand, simulate
from mahjongg.play.workers import MOST_IN_A_RUN
from mahjongg.shell import command_name

runner = CliRunner()


def played(*args, **kwargs):
    """simulate(), with every hand it played as ``.hands`` (the summary itself keeps none)."""
    hands = []
    s = simulate(*args, on_hand=hands.append, **kwargs)
    s.hands = hands
    return s


MIX = ("greedy", "cautious", "random", "greedy")


def test_same_seed_same_results():
    a = played(8, MIX, seed=11)
    b = played(8, MIX, seed=11)
    assert a.results() == b.results()
    assert [o.to_dict() for o in a.hands] == [o.to_dict() for o in b.hands]
    c = played(8, MIX, seed=12)
    assert [o.seed for o in c.hands] != [o.seed for o in a.hands]


def test_workers_give_the_same_results():
    one = played(8, MIX, seed=5)
    two = played(8, MIX, seed=5, workers=2)
    assert one.results() == two.results()
    assert [o.to_dict() for o in one.hands] == [o.to_dict() for o in two.hands]


def test_every_hand_settles_to_zero_and_counts_add_up():
    s = played(12, ("random", "greedy", "cautious", "greedy"), seed=3)
    for o in s.hands:
        assert sum(o.net) == 0
    assert sum(s.net) == 0
    assert sum(s.wins) + s.draws == s.games == 12
    assert len(s.to_dict()["players"]) == 4


def test_players_take_turns_at_east():
    seats = [play_hand(("random",) * 4, 7, i).seats for i in range(4)]
    assert [s.index("E") for s in seats] == [0, 1, 2, 3]


def test_three_players():
    s = played(3, ("greedy", "greedy", "random"), seed=1)
    assert s.games == 3 and all(len(o.net) == 3 and sum(o.net) == 0 for o in s.hands)


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


def test_cli_simulate_matches_table_fits_80_columns_with_every_header_whole():
    # with --matches the table has 8 columns; at 80 columns Rich narrows them and
    # cut the one-word header "chips/hand" to "chips/h…": in words it wraps instead
    r = runner.invoke(app, ["simulate", "--games", "1", "--matches", "--hands", "1", "--seed", "3"], env={"COLUMNS": "80"})
    assert r.exit_code == 0, r.output
    assert "…" not in r.output and all(len(line) <= 80 for line in r.output.splitlines())
    header = [line for line in r.output.splitlines() if line.startswith("┃")]
    assert [w.strip() for w in header[0].split("┃")[7:9]] == ["chips", "matches"]
    assert [w.strip() for w in header[1].split("┃")[7:9]] == ["per hand", "won"]


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
    assert "stored hands 1-3" in r.output
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
        (["simulate", "--games", "1", "--db", "/nonexistent/dir/g.sqlite3"], "the folder /nonexistent/dir does not exist"),
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
    # the file holds the one hand just simulated, stored as game 1
    assert r.exit_code == 2 and "no game 9" in r.output and "it holds 1 game (a finished hand), id 1" in r.output


@pytest.mark.parametrize("ruleset", sorted(__import__("mahjongg.rules", fromlist=["RULESETS"]).RULESETS))
def test_cli_replay_every_ruleset(tmp_path, ruleset):
    # one hand of each registered ruleset into a db, replayed through the CLI (hong-kong logs one
    # throw of three dice: dice.break == [])
    db = str(tmp_path / "games.sqlite3")
    r = runner.invoke(app, ["simulate", "--games", "1", "--seed", "3", "--ruleset", ruleset, "--db", db, "--json"])
    assert r.exit_code == 0, r.output
    r = runner.invoke(app, ["replay", "1", "--db", db])
    assert r.exit_code == 0, (r.output, r.exception)
    out = r.output
    assert f"game 1[/]" not in out and ruleset in out
    assert "dice: East throws" in out and "stacks" in out and "result" in out
    setup = json.loads(runner.invoke(app, ["replay", "1", "--db", db, "--json"]).output.splitlines()[0])
    east = setup["dice"]["east"]
    assert f"East throws {'+'.join(map(str, east))} = {sum(east)}" in out
    if not setup["dice"]["break"]:
        assert "one throw" in out


def test_simulate_matches():
    # --matches: whole Match objects (seating, East's deal passing, totals); zero-sum per hand and per match
    s = played(2, ("greedy", "random", "cautious", "greedy"), seed=5, matches=True, match_hands=3)
    assert s.matches == 2 and s.games == 6 and len(s.hands) == 6
    assert [o.index for o in s.hands] == list(range(6))
    assert all(sum(o.net) == 0 for o in s.hands) and sum(s.net) == 0
    assert sum(s.match_wins) <= 2
    again = played(2, ("greedy", "random", "cautious", "greedy"), seed=5, matches=True, match_hands=3, workers=2)
    assert again.results() == s.results() and again.match_wins == s.match_wins
    # the hands are the match's: its seeds and seats, replayable from the same Match
    from mahjongg.rules import get_ruleset
    from mahjongg.simulate import hand_seeds
    from mahjongg.table import Match

    m = Match(get_ruleset("pung-chow"), hand_seeds(5, 2)[0], 4, hands=3)
    assert [m.next_game().seed for _ in range(1)] == [s.hands[0].seed]
    # by rounds (the ruleset's length by default), and the errors
    r = played(1, ("greedy",) * 4, seed=2, matches=True, match_rounds=1)
    assert r.matches == 1 and r.games >= 4
    with pytest.raises(ValueError, match="--matches"):
        played(1, ("greedy",) * 4, match_hands=2)
    with pytest.raises(ValueError, match="not both"):
        played(1, ("greedy",) * 4, matches=True, match_hands=2, match_rounds=1)


def test_cli_simulate_matches(tmp_path):
    db = str(tmp_path / "games.sqlite3")
    r = runner.invoke(app, ["simulate", "--games", "2", "--matches", "--hands", "2", "--seed", "1", "--json", "--db", db])
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["matches"] == 2 and data["games"] == 4 and sum(data["net"]) == 0 and data["game_ids"] == [1, 4]
    r = runner.invoke(app, ["replay", "4", "--db", db])
    assert r.exit_code == 0, r.output
    r = runner.invoke(app, ["simulate", "--games", "1", "--matches", "--hands", "2", "--seed", "1"])
    assert r.exit_code == 0 and "1 match (2 hands)" in r.output
    r = runner.invoke(app, ["simulate", "--games", "1", "--hands", "2"])
    assert r.exit_code == 2 and "--matches" in r.output


def test_greedy_and_cautious_hold_back_special_tiles():
    # traditional-special-tiles lets a seat hold a bonus tile back: its concealed tiles are one
    # short, so the greedy/cautious bots neither claim nor kong meanwhile (they used to crash)
    s = simulate(12, ("greedy", "cautious", "greedy", "cautious"), ruleset="traditional-special-tiles", seed=0)
    assert s.games == 12 and sum(s.net) == 0


# --- player numbers: the table, the JSON and the Python API agree -----------------------------


def _table_rows(output: str) -> list[list[str]]:
    """The body rows of the printed summary table, cells stripped (Rich draws them with │)."""
    return [[c.strip() for c in line.split("│")[1:-1]] for line in output.splitlines() if line.startswith("│")]


def test_cli_json_numbers_players_as_the_table_does():
    args = ["simulate", "--games", "6", "--bots", "greedy,random,cautious", "--seed", "2"]
    table = runner.invoke(app, args)
    data = json.loads(runner.invoke(app, args + ["--json"]).output)
    rows = _table_rows(table.output)
    # three bots: three rows, numbered 1, 2, 3 in the order of --bots, and the JSON numbers them alike
    assert [r[0] for r in rows] == ["1", "2", "3"]
    assert [p["player"] for p in data["players"]] == [1, 2, 3]
    assert [p["bot"] for p in data["players"]] == [r[1] for r in rows] == ["greedy", "random", "cautious"]
    for i, (row, p) in enumerate(zip(rows, data["players"])):
        # the same seed plays the same hands, so the table's wins and net chips are the JSON's
        assert row[2] == str(p["wins"]) and row[5] == f"{p['net_chips']:+d}"
        # the top-level per-player lists are positional: entry i is player i + 1's
        assert data["wins"][i] == p["wins"] and data["net"][i] == p["net_chips"] and data["dead"][i] == p["dead_hands"]
        assert data["bots"][i] == p["bot"]


def test_cli_json_matches_won_per_player():
    r = runner.invoke(app, ["simulate", "--games", "2", "--matches", "--hands", "2", "--seed", "1", "--json"])
    data = json.loads(r.output)
    # each player's "matches_won" is its entry of the positional "match_wins" list
    assert [p["matches_won"] for p in data["players"]] == data["match_wins"]
    # single hands (no --matches) have no matches to count
    single = json.loads(runner.invoke(app, ["simulate", "--games", "2", "--json"]).output)
    assert all("matches_won" not in p for p in single["players"])


def test_python_api_players_are_positions_from_zero():
    s = played(10, ("greedy", "random", "cautious", "greedy"), seed=4)
    # HandOutcome.winner is a 0-based position in bots: counting the winners gives Summary.wins by index
    counted = Counter(o.winner for o in s.hands if o.winner is not None)
    assert [counted[p] for p in range(4)] == s.wins
    assert all(o.winner is None or 0 <= o.winner < 4 for o in s.hands)
    assert all(0 <= p < 4 for o in s.hands for p in o.dead)
    # to_dict() is what --json prints: "player" is the position + 1, the table's number
    assert [(p["player"], p["bot"]) for p in s.to_dict()["players"]] == [(i + 1, b) for i, b in enumerate(s.bots)]


# --- bad input: one line, exit 2, no traceback, no file ---------------------------------------


@pytest.mark.parametrize(
    "args, message",
    [
        # the value must be a whole number of at least 1
        (["--games", "0"], "error: --games must be at least 1, not 0"),
        (["--games", "-3"], "error: --games must be at least 1, not -3"),
        (["--games", "abc"], "error: --games takes a whole number, not 'abc'"),
        # a bot name that is not one of BOTS, and one bot where two to four are needed
        (["--bots", "nosuch"], "error: --bots: unknown bot 'nosuch'; known bots: random, greedy, cautious"),
        (["--bots", "greedy"], "error: --bots: a hand is played by two, three or four bots, not 1 (greedy)"),
        (["--workers", "0"], "error: --workers must be at least 1, not 0"),
        (["--workers", "x"], "error: --workers takes a whole number, not 'x'"),
        (["--ruleset", "nosuch"], "error: unknown ruleset 'nosuch'; known: " + ", ".join(sorted(RULESETS))),
        # the seed is an integer: Typer's own check printed a boxed usage error
        (["--seed", "abc"], "error: --seed takes a whole number, not 'abc'"),
        (["--seed", "1.5"], "error: --seed takes a whole number, not '1.5'"),
        # --hands/--rounds are checked before the db is opened (it used to be left behind)
        (["--hands", "3"], "error: --hands and --rounds give the length of a match: add --matches"),
        (["--matches", "--rounds", "0"], "error: --rounds must be at least 1, not 0"),
    ],
)
def test_cli_simulate_bad_input_one_line_no_file(tmp_path, args, message):
    db = tmp_path / "x.sqlite3"
    r = runner.invoke(app, ["simulate", "--games", "2", *args, "--db", str(db)])
    assert r.exit_code == 2, r.output
    # one line on stderr, nothing on stdout (no progress bar, no blank line)
    assert r.stderr.startswith(message) and r.stderr.count("\n") == 1, r.stderr
    assert r.stdout == "" and "Traceback" not in r.output
    assert not db.exists()  # every check comes before the file is created


def test_cli_simulate_db_in_missing_folder():
    r = runner.invoke(app, ["simulate", "--games", "1", "--db", "/nonexistent/dir/x.sqlite3"])
    assert r.exit_code == 2
    # the folder is named, on one line, and nothing is made
    assert r.stderr == (
        "error: cannot make a game database at /nonexistent/dir/x.sqlite3: the folder /nonexistent/dir does not exist\n"
    )
    assert not Path("/nonexistent/dir").exists()


# --- replay on files that hold no finished hand, or are no game database ----------------------


def _tui_match_left_mid_hand(db: Path) -> int:
    """A match of mahjongg play saved to ``db`` and left with its first hand on the table."""
    from mahjongg.tiles import Wind
    from mahjongg.play.session import new_session

    session = new_session(ruleset="pung-chow", bots=["greedy", "cautious", "random"], seat=Wind.WEST, seed=7, db=db)
    session.recorder.close()
    return session.recorder.match_id


def test_cli_replay_of_a_match_left_mid_hand(tmp_path):
    db = tmp_path / "games.sqlite3"
    match_id = _tui_match_left_mid_hand(db)
    r = runner.invoke(app, ["replay", "1", "--db", str(db)])
    assert r.exit_code == 2 and "Traceback" not in r.output
    # no hand was finished, so there is no game 1; the match (id 1, the first in the file) is in progress,
    # and the message gives play's own resume command for it
    assert match_id == 1
    assert r.stderr == (
        f"error: no game 1 in {db}: it holds no finished hand; match 1 of mahjongg play has a hand in progress, "
        f"not replayable until it is finished: go on with it with {command_name()} play --resume 1 --db {db}\n"
    )
    # and that command's way in finds the match
    from mahjongg.play.session import resume_session

    session = resume_session(db, match_id)
    session.recorder.close()
    assert not session.game.is_over


def test_cli_replay_missing_file_is_not_created(tmp_path):
    db = tmp_path / "missing.sqlite3"
    r = runner.invoke(app, ["replay", "1", "--db", str(db)])
    assert r.exit_code == 2 and "Traceback" not in r.output
    assert r.stderr == f"error: no game database at {db}: the file does not exist\n"
    assert not db.exists()  # reading never creates the file


@pytest.mark.parametrize(
    "make, message",
    [
        # a text file: SQLite's own words
        (lambda p: p.write_text("hello, not a database\n" * 20), "is not a game database: file is not a database"),
        # an empty file (SQLite would take it for an empty database and write the tables into it)
        (lambda p: p.write_bytes(b""), "is not a game database: the file is empty"),
        # another program's SQLite file: its tables are not ours
        (
            lambda p: sqlite3.connect(p).execute("CREATE TABLE notes (x)").connection.commit(),
            "is not a game database: it is an SQLite file without the games and events tables",
        ),
        (lambda p: p.mkdir(), "is a folder, not a game database"),
    ],
)
def test_cli_replay_not_a_game_database_leaves_it_alone(tmp_path, make, message):
    path = tmp_path / "other.sqlite3"
    make(path)
    before = path.read_bytes() if path.is_file() else None
    r = runner.invoke(app, ["replay", "1", "--db", str(path)])
    assert r.exit_code == 2 and "Traceback" not in r.output
    assert r.stderr == f"error: {path} {message}\n"
    # the file is as it was: no games/events tables written into it
    assert (path.read_bytes() if path.is_file() else None) == before


def test_hand_seeds_are_drawn_one_after_another_from_the_run_seed():
    # seed 5: the run's seeds are random.Random(5).randrange(2**32), drawn in turn;
    # the lazy iter_hand_seeds gives the same ones, in the same order
    import random

    from mahjongg.simulate import hand_seeds, iter_hand_seeds

    rng = random.Random(5)
    expected = [rng.randrange(2**32) for _ in range(6)]
    assert hand_seeds(5, 6) == expected
    assert list(iter_hand_seeds(5, 6)) == expected
    assert hand_seeds(5, 3) == expected[:3]  # a shorter run plays the first hands of a longer one


class _Stop(Exception):
    pass


@pytest.mark.parametrize("kwargs", [{}, {"workers": 2}, {"matches": True, "match_hands": 1}])
def test_a_huge_run_shows_progress_at_once(kwargs):
    # the most hands one run takes (10**9): the seeds and the workers' chunks are made as they are played, so
    # the first progress comes after the first chunk (was: every seed in a list first,
    # which never ends); the alarm turns a hang into a failure
    import signal

    def too_slow(*_):
        raise AssertionError("no progress within 30 s: the run builds its hands before playing")

    seen = []

    def progress(done, total):
        seen.append((done, total))
        raise _Stop

    old = signal.signal(signal.SIGALRM, too_slow)
    signal.alarm(30)
    try:
        with pytest.raises(_Stop):
            simulate(MOST_IN_A_RUN, MIX, seed=1, progress=progress, **kwargs)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
    # the first hand, or match: each is handed over as soon as it is played (issue 24,
    # item 2: it was chunks of 25 hands in one process and 50 across workers)
    first = 1
    assert seen == [(first, MOST_IN_A_RUN)]
