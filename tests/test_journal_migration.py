"""Files of the three SQLite schemas before the journal (``mahjongg.records``,
``tui/saving.py``, ``web/store.py``) open, replay and resume after the
migration (mahjongg.play.journal.migrate).

The files in tests/fixtures/ were written by that code itself (commit 23eaacb,
tests/fixtures/make_old_schemas.py): ``old_records`` holds 3 hands of
``simulate``; ``old_play`` a ``mahjongg play`` match (seed 11, 2 hands) with
hand 1 finished and hand 2 on the table; ``old_web`` a web table (seed 21,
2 hands) with hand 1 finished (archived as a game record too) and hand 2 on
the table."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from mahjongg.play.journal import VERSION, Journal, play_match_ids
from mahjongg.play.session import resume_session
from mahjongg.table import Game, full_set

FIXTURES = Path(__file__).parent / "fixtures"
JOURNAL = {"games", "events", "matches", "match_seats", "match_events"}


def copy(name: str, tmp_path: Path) -> Path:
    path = tmp_path / f"{name}.sqlite3"
    shutil.copy(FIXTURES / f"{name}.sqlite3", path)
    return path


def raw(path: Path, sql: str, *args) -> list:
    con = sqlite3.connect(path)
    try:
        return con.execute(sql, args).fetchall()
    finally:
        con.close()


def tables(path: Path) -> set[str]:
    return {n for (n,) in raw(path, "SELECT name FROM sqlite_master WHERE type = 'table'")}


def old_logs(path: Path) -> dict[int, list[dict]]:
    """Every finished hand's log, by game id, as the old file holds it."""
    out: dict[int, list[dict]] = {}
    for gid, data in raw(path, "SELECT game_id, data FROM events ORDER BY game_id, seq"):
        out.setdefault(gid, []).append(json.loads(data))
    return out


@pytest.mark.parametrize("name", ["old_records", "old_play", "old_web"])
def test_reading_an_old_file_changes_nothing_and_every_hand_replays(name, tmp_path):
    path = copy(name, tmp_path)
    before = path.read_bytes()
    logs = old_logs(path)
    assert logs  # each fixture holds at least one finished hand
    with Journal(path, create=False) as j:
        assert [g.id for g in j.games()] == sorted(logs)
        for gid, events in logs.items():
            assert j.load(gid) == events
            assert j.replay(gid).is_over
    assert path.read_bytes() == before  # reading neither migrates nor creates a table
    assert sorted(tmp_path.iterdir()) == [path]


@pytest.mark.parametrize("name", ["old_records", "old_play", "old_web"])
def test_opening_an_old_file_to_write_migrates_it_keeping_every_hand(name, tmp_path):
    path = copy(name, tmp_path)
    logs = old_logs(path)
    Journal(path).close()
    assert tables(path) == JOURNAL  # the older tables are gone, their rows moved
    assert raw(path, "PRAGMA user_version") == [(VERSION,)]
    assert raw(path, "PRAGMA integrity_check") == [("ok",)]
    with Journal(path, create=False) as j:
        assert {g.id: j.load(g.id) for g in j.games()} == logs  # the same ids, the same logs
        for gid in logs:
            assert j.replay(gid).is_over
    Journal(path).close()  # opening it again changes nothing more
    assert tables(path) == JOURNAL


def test_a_file_of_version_2_gets_the_lease_and_prefs_columns_and_keeps_its_rows(tmp_path):
    # tests/fixtures/journal_v2.sqlite3 (tests/fixtures/make_journal_v2.py, schema version 2):
    # one finished hand and a serve match in its lobby, East seated; version 3 adds
    # matches.lease (a server of many processes' lease token, written only by PostgreSQL),
    # version 4 match_seats.prefs (a seat's own choices at the table, '{}': the defaults)
    path = copy("journal_v2", tmp_path)
    assert raw(path, "PRAGMA user_version") == [(2,)]
    before = raw(path, "SELECT * FROM matches")
    logs = old_logs(path)
    Journal(path).close()
    assert raw(path, "PRAGMA user_version") == [(VERSION,)] and VERSION == 4
    assert raw(path, "SELECT prefs FROM match_seats") == [("{}",)]
    assert tables(path) == JOURNAL
    assert raw(path, "SELECT * FROM matches") == [(*row, 0) for row in before]  # lease 0: never taken over
    with Journal(path) as j:
        assert {g.id: j.load(g.id) for g in j.games()} == logs
        (match,) = j.matches("serve")
        assert (match.code, match.status) == ("VTWOAB", "lobby")
        assert [(s["name"], s["prefs"]) for s in j.seats(match.id)] == [("Ann", {})]
        j.put_seat_prefs(match.id, 0, {"auto_pass": False})
        assert j.seats(match.id)[0]["prefs"] == {"auto_pass": False}
        again = j.new_match("serve", {"ruleset": "pung-chow"}, code="VTHREE", status="lobby")
    assert raw(path, "SELECT lease FROM matches WHERE id = ?", again) == [(0,)]


def test_an_old_play_match_resumes_where_it_was_left(tmp_path):
    path = copy("old_play", tmp_path)
    (settings,) = raw(path, "SELECT settings FROM play_matches")
    settings = json.loads(settings[0])
    current = [json.loads(d) for (d,) in raw(path, "SELECT data FROM play_journal ORDER BY seq")]
    (finished,) = raw(path, "SELECT hands FROM play_matches")
    finished = json.loads(finished[0])
    before = path.read_bytes()
    assert play_match_ids(path) == [1]  # found by reading only
    assert path.read_bytes() == before
    s = resume_session(path, 1)
    try:
        # the match as it was: its settings, hand 1 recorded, hand 2 on the table event for event
        assert s.config.seed == settings["seed"] == 11 and s.config.hands == 2
        assert list(s.config.players) == settings["players"] and list(s.config.names) == settings["names"]
        assert len(s.match.records) == 1 and sum(s.match.totals) == 0
        assert s.hand_number == 2
        assert json.loads(json.dumps(s.game.events)) == current
        assert sorted(s.game.tiles_everywhere()) == full_set(s.match.ruleset)
        assert s.recorder.hands == finished
        # and it plays on to its end, every hand saved
        while not s.match_over:
            while not s.game.is_over:
                s.run_bots()
                legal = s.human_legal()
                if legal:
                    s.act(legal[0])
            s.finish_hand()
            if not s.match.is_over:
                s.next_hand()
    finally:
        s.recorder.close()
    with Journal(path, create=False) as j:
        assert [g.hand for g in j.games()] == [1, 2] and [g.match_id for g in j.games()] == [1, 1]
        assert Game.replay(j.load(j.games()[1].id)).is_over


def test_an_old_web_table_is_rebuilt_and_plays_on(tmp_path):
    pytest.importorskip("starlette")
    from mahjongg.web.table import LiveTable

    path = copy("old_web", tmp_path)
    (code, status), = raw(path, "SELECT code, status FROM web_tables")
    hand2 = [json.loads(e) for (e,) in raw(path, "SELECT event FROM web_events WHERE hand = 2 ORDER BY seq")]
    seats = raw(path, "SELECT player, name, kind, bot, token_hash FROM web_seats ORDER BY player")
    assert status == "playing"

    class Handle:
        def cancel(self) -> None:
            pass

    timers = []
    journal = Journal(path, check_same_thread=False)
    try:
        (row,) = journal.matches("serve", ("lobby", "playing"))
        assert row.code == code and row.hands == 1
        # hand 1 of the table is the game record the server archived (no copy made)
        assert [(g.id, g.match_id, g.hand) for g in journal.games()] == [(1, row.id, 1)]
        table = LiveTable.rebuild(journal, row, lambda delay, fn: timers.append(fn) or Handle())
        assert [(s.player, s.name, s.kind, s.bot, s.token_hash) for s in table.seats] == seats
        assert table.hand_no == 2 and len(table.match.records) == 1
        assert json.loads(json.dumps(table.game.events)) == hand2
        # the human (player 0, whose token is kept) plays on: the hand finishes and is stored
        table.connect(0, type("Conn", (), {"send": lambda self, view: None})())
        while not table.game.is_over:
            legal = table.game.legal_actions(table.session.seat_of(0))
            table.act(0, legal[0].to_dict())
        assert table.status == "finished"  # a match of 2 hands
        assert [g.hand for g in journal.games()] == [1, 2]
    finally:
        journal.close()
