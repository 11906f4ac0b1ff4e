"""records: a game's event log round-trips through SQLite and replays exactly."""

import sqlite3

import pytest

from mahjongg.bots import make_bot
from mahjongg.records import GameStore, RecordError
from mahjongg.table import Game
from mahjongg.tiles import Wind


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
    with GameStore(path) as db:
        ids = [db.save(g, bots=["greedy", "cautious", "random", "greedy"]) for g in games]
    with GameStore(path, create=False) as db:
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
    with GameStore(path) as db:
        db.save(played(1))
    con = sqlite3.connect(path)
    names = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"games", "events"} <= names
    assert con.execute("SELECT COUNT(*) FROM events").fetchone()[0] == len(played(1).events)


def test_errors(tmp_path):
    with pytest.raises(RecordError, match="no game database"):
        GameStore(tmp_path / "missing.sqlite3", create=False)
    with GameStore(tmp_path / "g.sqlite3") as db:
        with pytest.raises(RecordError, match="no game 3.*holds no games"):
            db.load(3)
        with pytest.raises(RecordError, match="setup event"):
            db.save([{"type": "draw"}])
    bad = tmp_path / "not.sqlite3"
    bad.write_text("hello, this is not a database" * 10)
    with pytest.raises(RecordError, match="not a game database"):
        GameStore(bad)
