"""The journal in PostgreSQL (issue 29): the same interface and the same rows as
the SQLite file, so a match written to either reads back the same, and a web
table rebuilt from PostgreSQL is the table as it stood. Written on a writer
thread (issue 42: the web server's), the same rows; while the server is away
nothing is committed nor said to be, and once it is back every write is, in
order, once."""

from __future__ import annotations

import threading
import time

import pytest

from mahjongg.play.config import MatchConfig
from mahjongg.play.journal import Journal
from mahjongg.play.journal_pg import JournalUnavailable, _finish_hand, _hand_row, _new_match
from mahjongg.play.journals import open_journal
from mahjongg.play.schema import GAMES, TABLES, JournalError
from mahjongg.play.session import JournalRecorder, Session

from server_helpers import away, fresh_postgres, needs_postgres, own_postgres  # noqa: F401 (own_postgres: a fixture)

pytestmark = needs_postgres


def play(journal, seed: int, cut: int):
    """A match of four greedy bots over two hands, written as it goes, stopped after ``cut`` actions of hand 2."""
    config = MatchConfig.make("pung-chow", hands=2, seed=seed)
    s = Session(config, recorder=JournalRecorder.new(journal, "play", config.to_dict(), ))
    while s.hand_number == 1:
        s.step_bot()
        if s.game.is_over:
            s.finish_hand()
            s.next_hand()
    for _ in range(cut):
        s.step_bot()
    return s.recorder.match_id


def rows(j, match_id):
    saved = j.load_match(match_id)
    games = [(g.ruleset, g.seed, g.players, g.bots, g.winner, g.reason, g.net, g.events, g.hand) for g in j.games()]
    return saved.finished, saved.current, games, j.seats(match_id), j.hand_events(match_id, 2)


@pytest.mark.parametrize("background", [False, True])
def test_a_match_written_to_postgres_reads_back_as_from_sqlite(background):
    url = fresh_postgres()
    with Journal(":memory:") as lite, open_journal(url, background=background) as pg:
        a, b = play(lite, 7, 15), play(pg, 7, 15)
        assert pg.flush()  # on the writer: read back once committed
        assert rows(lite, a) == rows(pg, b)
        assert len(pg) == len(lite) == 1
        assert pg.replay(pg.games()[0].id).events == lite.replay(lite.games()[0].id).events
        pg.put_seat(b, 0, "Ann", "human", None, "h0")
        pg.put_seat(b, 0, "Ann", "human", None, "h1")  # a seat written again replaces the row
        assert pg.flush()
        assert pg.seats(b) == [{"player": 0, "name": "Ann", "kind": "human", "bot": None, "token_hash": "h1", "prefs": {}}]
        pg.put_seat_prefs(b, 0, {"auto_pass": False, "hints": True})  # her own choices at the table
        assert pg.flush() and pg.seats(b)[0]["prefs"] == {"auto_pass": False, "hints": True}
        pg.put_seat(b, 0, "Bea", "human", None, "h2")  # another player in the seat: the defaults, as SQLite's
        lite_b = lite.new_match("serve", {"x": 1}, code="LITE01", status="lobby")
        lite.put_seat(lite_b, 0, "Ann", "human", None, "h1")
        lite.put_seat_prefs(lite_b, 0, {"auto_pass": False})
        lite.put_seat(lite_b, 0, "Bea", "human", None, "h2")
        assert pg.flush() and pg.seats(b)[0]["prefs"] == lite.seats(lite_b)[0]["prefs"] == {}
        mid = pg.new_match("serve", {"x": 1}, code="ABCDEF", status="lobby")  # on the writer: its id at once, its row with the next commit
        assert pg.flush()
        assert pg.match_id("ABCDEF") == mid and pg.match_id("NOSUCH") is None
        pg.set_match(mid, status="playing")
        assert pg.flush()
        assert [m.status for m in pg.matches("serve", ("playing",))] == ["playing"]


def test_both_journals_make_the_tables_of_one_definition(tmp_path):
    # PostgreSQL and SQLite make the tables of play.schema.TABLES: the same tables, the same
    # columns in the same order, NOT NULL where the definition says so (the primary keys too),
    # and the same index on games
    url = fresh_postgres()
    with open_journal(url) as pg:
        made_pg = {}
        for table, column, nullable in pg.conn.execute(
            "SELECT table_name, column_name, is_nullable FROM information_schema.columns"
            " WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position"
        ):
            made_pg.setdefault(table, []).append((column, nullable == "NO"))
        indexes_pg = {n for (n,) in pg.conn.execute("SELECT indexname FROM pg_indexes WHERE schemaname = current_schema()")}
    with Journal(tmp_path / "games.sqlite3") as lite:
        made_lite = {
            t: [(r[1], bool(r[3] or r[5])) for r in lite.conn.execute(f"PRAGMA table_info({t})")] for t in lite.tables()
        }
        indexes_lite = {n for (n,) in lite.conn.execute("SELECT name FROM sqlite_master WHERE type = 'index'")}
    assert made_pg == made_lite
    assert set(made_pg) == {t.name for t in TABLES}
    assert [c for c, _ in made_pg["games"]] == list(GAMES.column_names)
    assert "games_match" in indexes_pg and "games_match" in indexes_lite


def test_a_second_process_opening_the_same_database_sees_every_action_at_once():
    url = fresh_postgres()
    with open_journal(url) as one, open_journal(url) as two:
        mid = play(one, 3, 9)
        assert two.load_match(mid).current == one.load_match(mid).current and len(two.load_match(mid).current) > 9


def test_a_server_that_cannot_be_reached_is_one_line_without_the_password():
    with pytest.raises(JournalError) as e:
        open_journal("postgresql://ann:secret@127.0.0.1:1/none")
    assert "secret" not in str(e.value) and "\n" not in str(e.value) and "127.0.0.1:1/none" in str(e.value)


def test_a_write_made_twice_is_written_once():
    """A commit whose answer was lost is made again (``again``): the finished hand is not added twice,
    and a new match with a code is the one made before."""
    url = fresh_postgres()
    with open_journal(url) as pg:
        mid = play(pg, 3, 9)
        events = pg.load_match(mid).current
        row = _hand_row(events, ["greedy"] * 4, mid, 2)
        with pg.conn.transaction():
            first = _finish_hand(pg.conn, False, row)
        with pg.conn.transaction():
            assert _finish_hand(pg.conn, True, row) == first
        assert [g.id for g in pg.games() if g.hand == 2] == [first]
        made = (("now", "serve", "ABCDEF", "{}", "lobby"))
        with pg.conn.transaction():
            m = _new_match(pg.conn, False, made)
        with pg.conn.transaction():
            assert _new_match(pg.conn, True, made) == m


def test_writes_while_the_server_is_away_are_committed_once_it_is_back(own_postgres):
    """The server stopped: writes return at once, nothing is committed and ``on_commit`` is not
    called; a write whose answer is needed is refused in one line; started again: every write is
    committed, in order, and ``on_commit`` names the last one."""
    url = fresh_postgres(own_postgres.url)
    committed = []
    told = threading.Event()
    with open_journal(url, background=True) as pg:
        pg.on_commit = lambda n: (committed.append(n), told.set())
        mid = pg.new_match("serve", {"x": 1}, code="QWERTY", status="lobby")
        with away(own_postgres):
            told.clear()
            pg.put_seat(mid, 0, "Ann", "human", None, "h0")
            for seq in range(5):
                pg.append_events(mid, 1, seq, [{"type": "setup" if seq == 0 else "action", "n": seq}])
            last = pg.submitted
            time.sleep(1.0)
            assert not told.is_set() and not pg.available
            with pytest.raises(JournalUnavailable) as e:
                pg.new_match("serve", {}, code="ZXCVBN")
            assert "does not answer" in str(e.value) and "\n" not in str(e.value)
            with pytest.raises(JournalUnavailable):
                pg.seats(mid)
        assert pg.flush(20) and pg.available
        assert committed[-1] == last
        assert pg.seats(mid) == [{"player": 0, "name": "Ann", "kind": "human", "bot": None, "token_hash": "h0", "prefs": {}}]
        assert [e["n"] for e in pg.hand_events(mid, 1)] == [0, 1, 2, 3, 4]
