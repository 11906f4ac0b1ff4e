"""The journal's finished hands (mahjongg.play.journal): a game's event log round-trips through SQLite and replays exactly."""

import sqlite3

import pytest

from mahjongg.bots import make_bot
from mahjongg.play.journal import Journal, JournalError
from mahjongg.table import Game
from mahjongg.tiles import Wind
from mahjongg.shell import command_name


def played(seed: int, names=("greedy", "cautious", "random", "greedy")) -> Game:
    g = Game(seed=seed)
    bots = {s: make_bot(n, seed + s) for s, n in zip(Wind, names)}
    while not g.is_over:
        seat = g.to_act()[0]
        g.apply(bots[seat].act(g.observation(seat), g.legal_actions(seat)))
    return g


def test_round_trip_replays_exactly(tmp_path):
    path = tmp_path / "games.sqlite3"
    games = [played(s) for s in range(4)]
    with Journal(path) as db:
        ids = [db.save_hand(g, bots=["greedy", "cautious", "random", "greedy"]) for g in games]
    with Journal(path, create=False) as db:
        assert len(db) == 4
        rows = db.games()
        assert [r.id for r in rows] == ids
        for gid, g in zip(ids, games):
            assert db.load(gid) == g.events
            again = db.replay(gid)
            assert again.snapshot() == g.snapshot()
            assert again.result.to_dict() == g.result.to_dict()
            row = db.game(gid)
            assert row.seed == g.seed and row.events == len(g.events)
            assert row.winner == (g.result.winner.letter if g.result.winner is not None else None)
            assert sum(row.net.values()) == 0
            assert row.bots == ("greedy", "cautious", "random", "greedy")


def test_schema_is_two_tables(tmp_path):
    path = tmp_path / "g.sqlite3"
    with Journal(path) as db:
        db.save_hand(played(1))
    con = sqlite3.connect(path)
    names = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"games", "events"} <= names
    assert con.execute("SELECT COUNT(*) FROM events").fetchone()[0] == len(played(1).events)


def test_errors(tmp_path):
    with pytest.raises(JournalError, match="no game database .*: the file does not exist"):
        Journal(tmp_path / "missing.sqlite3", create=False)
    assert not (tmp_path / "missing.sqlite3").exists()  # reading does not create it
    with Journal(tmp_path / "g.sqlite3") as db:
        # a new file: nothing stored yet, and no mahjongg play match in it either
        with pytest.raises(JournalError, match=r"no game 3 in .*: it holds no finished hand$"):
            db.load(3)
        with pytest.raises(JournalError, match="setup event"):
            db.save_hand([{"type": "draw"}])
    bad = tmp_path / "not.sqlite3"
    bad.write_text("hello, this is not a database" * 10)
    with pytest.raises(JournalError, match="not a game database"):
        Journal(bad)


def test_unknown_id_names_what_the_file_holds(tmp_path):
    path = tmp_path / "g.sqlite3"
    with Journal(path) as db:
        db.save_hand(played(1))
        # one hand stored: it is game 1
        with pytest.raises(JournalError, match=r"it holds 1 game \(a finished hand\), id 1$"):
            db.game(2)
        db.save_hand(played(2))
        db.save_hand(played(3))
        # three hands: games 1 to 3
        with pytest.raises(JournalError, match=r"it holds 3 games \(finished hands\), ids 1-3$"):
            db.game(9)


def _journal(path, match_ids):
    """What mahjongg play leaves in a file for a match with a hand on the table: its row in
    matches and the first hand's events so far in match_events (mahjongg.play.session)."""
    from mahjongg.play.session import new_session

    for _ in match_ids:
        new_session(bots=["greedy"] * 3, seed=7, db=path).recorder.close()


def test_unknown_id_names_a_match_in_progress(tmp_path):
    path = tmp_path / "games.sqlite3"
    _journal(path, [1])
    with Journal(path, create=False) as db:
        # nothing finished; match 1 has its hand in the journal: play's resume command goes on with it
        with pytest.raises(JournalError) as err:
            db.game(1)
        assert str(err.value) == (
            f"no game 1 in {path}: it holds no finished hand; match 1 of mahjongg play has a hand in progress, "
            f"not replayable until it is finished: go on with it with {command_name()} play --resume 1 --db {path}"
        )
    _journal(path, [2])
    with Journal(path, create=False) as db:
        # two matches left mid-hand: both named, the command with MATCH_ID to choose
        with pytest.raises(JournalError, match=r"; matches 1, 2 of mahjongg play have a hand in progress.*MATCH_ID"):
            db.game(1)


def test_a_path_with_a_space_is_quoted_in_the_resume_command(tmp_path):
    folder = tmp_path / "my games"
    folder.mkdir()
    path = folder / "g.sqlite3"
    _journal(path, [1])
    with Journal(path, create=False) as db:
        # shell-quoted, so the command can be pasted as it is
        with pytest.raises(JournalError, match=f"--db '{path}'$"):
            db.game(1)


def test_reading_changes_nothing(tmp_path):
    # Journal(create=False) on files that are not game databases: a clear error, the file untouched
    empty = tmp_path / "empty.sqlite3"
    empty.write_bytes(b"")
    with pytest.raises(JournalError, match="is not a game database: the file is empty"):
        Journal(empty, create=False)
    assert empty.read_bytes() == b""  # SQLite would otherwise have written the schema into it
    other = tmp_path / "other.sqlite3"
    con = sqlite3.connect(other)
    con.execute("CREATE TABLE notes (x)")
    con.commit()
    con.close()
    with pytest.raises(JournalError, match="without the games and events tables"):
        Journal(other, create=False)
    con = sqlite3.connect(other)
    # still only its own table
    assert [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")] == ["notes"]
    con.close()
    with pytest.raises(JournalError, match="is a folder, not a game database"):
        Journal(tmp_path, create=False)
    with pytest.raises(JournalError, match="is a folder, not a game database"):
        Journal(tmp_path)  # nor for writing
