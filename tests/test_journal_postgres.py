"""The journal in PostgreSQL (issue 29): the same interface and the same rows as
the SQLite file, so a match written to either reads back the same, and a web
table rebuilt from PostgreSQL is the table as it stood."""

from __future__ import annotations

import pytest

from mahjongg.play.config import MatchConfig
from mahjongg.play.journal import Journal
from mahjongg.play.journals import open_journal
from mahjongg.play.schema import JournalError
from mahjongg.play.session import JournalRecorder, Session

from server_helpers import fresh_postgres, needs_postgres

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


def test_a_match_written_to_postgres_reads_back_as_from_sqlite():
    url = fresh_postgres()
    with Journal(":memory:") as lite, open_journal(url) as pg:
        a, b = play(lite, 7, 15), play(pg, 7, 15)
        assert rows(lite, a) == rows(pg, b)
        assert len(pg) == len(lite) == 1
        assert pg.replay(pg.games()[0].id).events == lite.replay(lite.games()[0].id).events
        pg.put_seat(b, 0, "Ann", "human", None, "h0")
        pg.put_seat(b, 0, "Ann", "human", None, "h1")  # a seat written again replaces the row
        assert pg.seats(b) == [{"player": 0, "name": "Ann", "kind": "human", "bot": None, "token_hash": "h1"}]
        mid = pg.new_match("serve", {"x": 1}, code="ABCDEF", status="lobby")
        assert pg.match_id("ABCDEF") == mid and pg.match_id("NOSUCH") is None
        pg.set_match(mid, status="playing")
        assert [m.status for m in pg.matches("serve", ("playing",))] == ["playing"]


def test_a_second_process_opening_the_same_database_sees_every_action_at_once():
    url = fresh_postgres()
    with open_journal(url) as one, open_journal(url) as two:
        mid = play(one, 3, 9)
        assert two.load_match(mid).current == one.load_match(mid).current and len(two.load_match(mid).current) > 9


def test_a_server_that_cannot_be_reached_is_one_line_without_the_password():
    with pytest.raises(JournalError) as e:
        open_journal("postgresql://ann:secret@127.0.0.1:1/none")
    assert "secret" not in str(e.value) and "\n" not in str(e.value) and "127.0.0.1:1/none" in str(e.value)
