"""Which files a ``--db`` may be, for the three apps that keep SQLite files
(``simulate``/``replay``, ``play``, ``serve``; the rule is in :mod:`mahjongg.play.journal`):
a new, empty or mahjongg-only file is used -- the apps share one file -- while
another program's SQLite database is refused and left byte for byte as it was;
reading (``replay``, ``play --resume``) never adds a table."""

from __future__ import annotations

import asyncio
import functools
import itertools
import re
import socket
import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mahjongg.bots import make_bot
from mahjongg.cli import app
from mahjongg.play.journal import MAHJONGG_COLUMNS, MAHJONGG_TABLES, SCHEMA, Journal, JournalError, play_match_ids
from mahjongg.play.session import new_session, resume_session
from mahjongg.table import Game
from mahjongg.tiles import Wind

runner = CliRunner()
FIXTURES = Path(__file__).parent / "fixtures"
JOURNAL = {"games", "events", "matches", "match_seats", "match_events"}
"""The journal's tables: every app makes these (mahjongg.play.journal)."""
OLD = {"old_records": {"games", "events"}, "old_play": {"games", "events", "play_matches", "play_journal"},
       "old_web": {"games", "events", "web_tables", "web_seats", "web_events"}}
"""The tables of the files the three schemas before the journal wrote (tests/fixtures/make_old_schemas.py)."""


def tables(path: Path) -> set[str]:
    con = sqlite3.connect(path)
    try:
        return {n for (n,) in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    finally:
        con.close()


def foreign_file(path: Path, *own: str) -> Path:
    """Another program's SQLite database: a table ``foo`` with a row (and mahjongg tables ``own``)."""
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE foo (x)")
    con.execute("INSERT INTO foo VALUES ('keep me')")
    for name in own:
        con.execute(f"CREATE TABLE {name} (x)")
    con.commit()
    con.close()
    return path


# --- each app, as it opens a file to write -------------------------------------------


@functools.cache
def finished_hand() -> Game:
    game = Game(seed=3)
    bots = {s: make_bot("greedy", s) for s in Wind}
    while not game.is_over:
        seat = game.to_act()[0]
        game.apply(bots[seat].act(game.observation(seat), game.legal_actions(seat)))
    return game


def simulate(path: Path) -> None:
    """What ``mahjongg simulate --db`` does: open the game records to write, store a finished hand."""
    with Journal(path) as store:
        store.save_hand(finished_hand(), bots=["greedy"] * 4)


def play(path: Path) -> None:
    """What ``mahjongg play --db`` writes at the start of a match: its row, and the first hand's deal."""
    new_session(bots=["greedy"] * 3, seed=7, db=path).recorder.close()


def serve(path: Path) -> None:
    """What ``mahjongg serve --db`` opens at startup: the web tables and the game records beside them."""
    pytest.importorskip("starlette")
    from mahjongg.web.app import Server

    async def start_and_stop() -> None:
        server = Server(path)
        server.open()
        server.close()

    asyncio.run(start_and_stop())


APPS = {"simulate": simulate, "play": play, "serve": serve}


# --- another program's database: refused, untouched ------------------------------------


@pytest.mark.parametrize("own", [(), ("games", "events")], ids=["foo only", "foo beside games and events"])
@pytest.mark.parametrize("name", APPS)
def test_another_programs_database_is_refused_and_untouched(name, own, tmp_path):
    path = foreign_file(tmp_path / "other.sqlite3", *own)
    before = path.read_bytes()
    # every app opens the journal, which raises JournalError
    with pytest.raises(JournalError, match=r"other\.sqlite3 is an SQLite database of another "
                       r"program \(tables: foo[,)].*; mahjongg will not write into it$"):
        APPS[name](path)
    assert path.read_bytes() == before
    assert sorted(tmp_path.iterdir()) == [path]  # no journal or WAL file left beside it either


def test_the_refusal_names_the_other_tables_and_ours(tmp_path):
    path = foreign_file(tmp_path / "other.sqlite3", "games", "events")
    with pytest.raises(JournalError) as err:
        Journal(path)
    # foo is the other program's; games and events could be ours, but the file is not ours alone
    assert str(err.value) == (
        f"{path} is an SQLite database of another program (tables: foo, beside mahjongg's (events, games)); "
        "mahjongg will not write into it"
    )


def test_a_view_of_another_program_counts_too(tmp_path):
    path = tmp_path / "other.sqlite3"
    con = sqlite3.connect(path)
    # mahjongg's two record tables and nothing else of theirs but a view: still not a file of ours
    con.executescript(SCHEMA + "CREATE VIEW winners AS SELECT winner FROM games;")
    con.close()
    with pytest.raises(JournalError, match=r"\(tables: winners, beside"):
        Journal(path)


def test_the_commands_refuse_it_in_one_line(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = foreign_file(tmp_path / "other.sqlite3")
    before = path.read_bytes()
    message = "other.sqlite3 is an SQLite database of another program (tables: foo); mahjongg will not write into it"
    with socket.socket() as s:  # serve binds its address before it opens --db: a port free a moment ago
        s.bind(("127.0.0.1", 0))
        port = str(s.getsockname()[1])
    commands = [["simulate", "--games", "1"], ["play"]]
    try:
        import uvicorn  # noqa: F401

        commands.append(["serve", "--port", port])
    except ImportError:
        pass
    for args in commands:
        r = runner.invoke(app, [*args, "--db", "other.sqlite3"])
        # exit 2 and one line, before a hand is played, the terminal game or the server started
        assert r.exit_code == 2 and r.stdout == "", (args, r.output)
        assert r.stderr.startswith("error: ") and r.stderr.count("\n") == 1 and message in r.stderr, r.stderr
        assert path.read_bytes() == before


def impostor_file(path: Path) -> Path:
    """Another program's SQLite database whose only table has one of mahjongg's names:
    ``games (x)``, a games table of some other game (found by a new user: simulate and
    replay ended in sqlite3 tracebacks, 'table games has no column named created')."""
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE games (x)")
    con.execute("INSERT INTO games VALUES ('keep me')")
    con.commit()
    con.close()
    return path


@pytest.mark.parametrize("name", APPS)
def test_a_table_of_our_name_without_our_columns_is_refused_and_untouched(name, tmp_path):
    path = impostor_file(tmp_path / "other.sqlite3")
    before = path.read_bytes()
    # the table is named as ours, but its columns (x) are not the games table's: another program's
    with pytest.raises(JournalError, match=r"other\.sqlite3 is an SQLite database of another "
                       r"program: its table games has the columns \(x\), not mahjongg's; mahjongg will not write into it$"):
        APPS[name](path)
    assert path.read_bytes() == before
    assert sorted(tmp_path.iterdir()) == [path]


def test_reading_a_table_of_our_name_without_our_columns_says_so(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = impostor_file(tmp_path / "other.sqlite3")
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE events (y)")  # both record tables by name, neither with our columns
    con.commit()
    con.close()
    before = path.read_bytes()
    r = runner.invoke(app, ["replay", "1", "--db", "other.sqlite3"])
    # the tables are checked in name order: events, whose columns are (y), comes before games
    assert r.exit_code == 2 and r.stderr == (
        "error: other.sqlite3 is not a game database: its table events has the columns (y), not mahjongg's\n"
    ), r.output
    assert path.read_bytes() == before


def test_an_id_sqlite_cannot_hold_is_no_game_and_no_match(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "games.sqlite3"
    simulate(path)  # game 1
    play(path)  # match 1
    huge = str(2**64)  # above SQLite's largest integer, 2**63 - 1 (sqlite3 raised OverflowError)
    r = runner.invoke(app, ["replay", huge, "--db", "games.sqlite3"])
    assert r.exit_code == 2 and r.stderr.startswith(f"error: no game {huge} in games.sqlite3: it holds 1 game"), r.output
    with pytest.raises(JournalError, match=rf"^no match {huge} in .* \(matches there: 1\)$"):
        resume_session(path, 2**64)


def test_mahjongg_columns_are_every_apps_columns(tmp_path):
    # the columns the refusal checks are those the journal's schema makes, table by table
    # (a games table needs at least the columns of the older schema, which lacked match_id and hand;
    # a matches table those of version 2, which lacked lease), and those of the older schemas'
    # files, which are migrated when opened to write
    con = sqlite3.connect(tmp_path / "all.sqlite3")
    con.executescript(SCHEMA)
    made = {n: frozenset(r[1] for r in con.execute(f"PRAGMA table_info({n})"))
            for (n,) in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    con.close()
    for name in [*OLD, "journal_v2"]:  # journal_v2: schema version 2, before matches.lease
        con = sqlite3.connect(FIXTURES / f"{name}.sqlite3")
        for (n,) in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'"):
            cols = frozenset(r[1] for r in con.execute(f"PRAGMA table_info({n})"))
            made[n] = made[n] & cols if n in made else cols
        con.close()
    assert made == MAHJONGG_COLUMNS


# --- files the apps may write to ----------------------------------------------------------


@pytest.mark.parametrize("name", APPS)
def test_a_new_path_and_an_empty_file_are_used(name, tmp_path):
    new = tmp_path / "new.sqlite3"
    empty = tmp_path / "empty.sqlite3"
    empty.write_bytes(b"")  # SQLite takes a file of no bytes for a database with no table
    for path in (new, empty):
        APPS[name](path)
        assert tables(path) == JOURNAL


def test_an_sqlite_file_with_no_table_is_used(tmp_path):
    path = tmp_path / "blank.sqlite3"
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE t (x)")
    con.execute("DROP TABLE t")  # a real SQLite file, its header written, and no table in it
    con.close()
    simulate(path)
    assert tables(path) == JOURNAL


@pytest.mark.parametrize("order", list(itertools.permutations(APPS)), ids="-then-".join)
def test_the_three_apps_share_one_file(order, tmp_path):
    path = tmp_path / "shared.sqlite3"
    for name in order:
        APPS[name](path)
    # the journal's tables, nothing else
    assert tables(path) == JOURNAL
    # and every app reads what it wrote: simulate's hand is game 1, play's match is match 1
    r = runner.invoke(app, ["replay", "1", "--db", str(path)])
    assert r.exit_code == 0, r.output
    assert play_match_ids(path) == [1]
    with Journal(path, create=False) as j:
        assert j.load_match(1).current[0]["type"] == "setup"  # the first hand's deal, in the journal
    Journal(path).close()


def test_mahjongg_tables_are_every_apps_tables():
    # the rule's list must not fall behind a schema: a table missing from it would make
    # a file of that app look like another program's to the others
    made = set(re.findall(r"CREATE TABLE IF NOT EXISTS (\w+)", SCHEMA)) | set().union(*OLD.values())
    assert made == MAHJONGG_TABLES


# --- reading adds nothing -----------------------------------------------------------------


@pytest.mark.parametrize("name", ["simulate", "serve"])
def test_resume_on_another_apps_file_adds_no_table(name, tmp_path):
    path = tmp_path / f"{name}.sqlite3"
    APPS[name](path)
    before = tables(path)
    # no play tables: no match in it, said as for a file of matches without this one
    with pytest.raises(JournalError, match=r"no match 1 in .* \(it holds no saved match\)$"):
        resume_session(path, 1)
    assert play_match_ids(path) == []
    r = runner.invoke(app, ["play", "--resume", "1", "--db", str(path)])
    assert r.exit_code == 2 and "no match 1" in r.stderr, r.output
    assert tables(path) == before  # reading to find the match adds nothing


def test_resume_on_a_simulate_file_changes_no_byte(tmp_path):
    path = tmp_path / "sim.sqlite3"
    simulate(path)
    before = path.read_bytes()
    with pytest.raises(JournalError, match="no match 1"):
        resume_session(path, 1)
    assert path.read_bytes() == before


def test_replay_on_another_apps_file_adds_no_table(tmp_path):
    # play's file: no hand finished yet, match 1 has its first hand in the journal
    played = tmp_path / "play.sqlite3"
    play(played)
    before = tables(played)
    r = runner.invoke(app, ["replay", "1", "--db", str(played)])
    assert r.exit_code == 2 and "match 1 of mahjongg play has a hand in progress" in r.stderr, r.output
    assert tables(played) == before
    # a file of the web app's old schema without game records: not a game database
    web = tmp_path / "web.sqlite3"
    con = sqlite3.connect(web)
    con.execute("CREATE TABLE web_tables (code, config, status, created)")
    con.close()
    before = tables(web)
    r = runner.invoke(app, ["replay", "1", "--db", str(web)])
    assert r.exit_code == 2 and "without the games and events tables" in r.stderr, r.output
    assert tables(web) == before == {"web_tables"}
