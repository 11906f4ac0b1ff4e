"""The play layer's session (mahjongg.play.session): one way to run a match under every app.

The same seeded match -- four bots, two hands of Pung Chow -- run by the library
(``Session.play``), ``mahjongg simulate --matches`` (``simulate``), the terminal
game (a Textual pilot) and the web table (Starlette's test client; the host's
seat is played by its stand-in bot once he leaves) gives the same event log
and the same results, hand by hand: each app drives the same session, whose
bots are seeded by the one rule (bot_seed of the match's seed, the hand and
the player)."""

from __future__ import annotations

import asyncio
import json
import time

import re

import pytest

from mahjongg.play.config import MatchConfig
from mahjongg.play.seeds import BotMoveError
from mahjongg.play.session import Session, new_session
from mahjongg.simulate import hand_seeds, simulate
from mahjongg.table import Action, ActionKind
from mahjongg.tiles import Wind
from mahjongg.shell import command_name

BOTS = ("greedy", "cautious", "random", "greedy")
RUN_SEED = 3
MATCH_SEED = hand_seeds(RUN_SEED, 1)[0]  # simulate's first match is seeded so (simulate.iter_hand_seeds)


def plain(events) -> list[dict]:
    return json.loads(json.dumps(events))


def by_library() -> list[tuple]:
    hands = []
    s = Session(MatchConfig.make(players=BOTS, hands=2, seed=MATCH_SEED))
    s.play(on_hand=lambda rec: hands.append((plain(s.game.events), rec.result.to_dict(), list(rec.chips))))
    return hands


def by_simulate() -> list[tuple]:
    hands = []
    simulate(1, BOTS, seed=RUN_SEED, matches=True, match_hands=2, keep_events=True,
             on_hand=lambda o: hands.append(o))
    return [(plain(o.events), list(o.net)) for o in hands]  # (simulate keeps no Result: the log and the chips)


def by_terminal() -> list[tuple]:
    from mahjongg.tui.app import PlayApp

    session = new_session(bots=list(BOTS), seat=None, seed=MATCH_SEED, hands=2)
    hands = []
    finish = session.finish_hand

    def recorded():
        if session.last_record is not None and session.match.game is None:
            return finish()
        rec = finish()
        hands.append((plain(session.game.events), rec.result.to_dict(), list(rec.chips)))
        return rec

    session.finish_hand = recorded  # see each hand as the app records it

    async def run():
        app = PlayApp(session, speed=0, claim_seconds=None, auto_next=0.01, result_guard=0)
        async with app.run_test(size=(120, 40)) as pilot:
            for _ in range(500):
                await pilot.pause(0.02)
                if session.match_over:
                    break
        assert session.match_over

    asyncio.run(run())
    return hands


def as_if_able(events: list[dict]) -> list[dict]:
    """A hand played with ``claims="all"`` (the web table: every seat answers every
    discard) as the same hand reads with ``claims="able"``: without the PASS of each
    seat that could only pass (the bots answer those without a choice, so the rest of
    the hand is the same) and without the setup's ``claims``."""
    from mahjongg.table import Action, ActionKind
    from mahjongg.table.game import replay

    setup = {k: v for k, v in events[0].items() if k != "claims"}
    game = replay([events[0]], check=False)
    out = [setup]
    for e in events[1:]:
        if e.get("type") == "action":
            a = Action.from_dict(e)
            lone = game.legal_actions(a.seat) == (a,) and a.kind is ActionKind.PASS
            game.apply(a)
            if lone:
                continue
        out.append(e)
    assert plain(game.events) == plain(events)  # (the log replays as it was played)
    return out


def by_web(tmp_path) -> list[tuple]:
    pytest.importorskip("starlette")
    pytest.importorskip("httpx")
    from starlette.testclient import TestClient

    from mahjongg.play.journal import Journal
    from mahjongg.web import create_app
    from web_helpers import create

    db = tmp_path / "web.sqlite3"
    with TestClient(create_app(db, rate=1000, burst=100)) as client:
        # the host's own seat (player 0) is played by the stand-in bot, greedy, once he has gone
        code, token = create(client, hands=2, bots=list(BOTS[1:]), seed=MATCH_SEED, grace_seconds=0,
                             next_hand_seconds=0.05)
        with client.websocket_connect(f"/ws/{code}") as ws:
            ws.send_json({"type": "hello", "token": token})
            ws.receive_json()
            ws.send_json({"type": "start"})
            ws.receive_json()
        table = client.app.state.server.tables[code]
        for _ in range(600):
            if table.status == "finished":
                break
            time.sleep(0.05)
        assert table.status == "finished"
        records = table.match.records
    with Journal(db, create=False) as j:
        mid = j.match_id(code)
        return [(as_if_able(plain(j.hand_events(mid, k + 1))), rec.result.to_dict(), list(rec.chips))
                for k, rec in enumerate(records)]


def test_the_same_match_in_every_app_plays_the_same_hands(tmp_path):
    library = by_library()
    assert len(library) == 2
    for (events, result, chips) in library:
        assert events[-1]["type"] == "end" and sum(chips) == 0
    sim = by_simulate()
    assert [h[0] for h in sim] == [h[0] for h in library]  # the same event logs, hand by hand
    assert [h[1] for h in sim] == [h[2] for h in library]  # the same chips
    terminal = by_terminal()
    assert terminal == library
    web = by_web(tmp_path)
    assert [h[0] for h in web] == [h[0] for h in library]
    assert [h[1:] for h in web] == [h[1:] for h in library]


def test_a_bot_that_answers_an_illegal_action_stops_the_match_naming_it():
    from mahjongg.tiles import Tile

    class Cheater:
        """A bot that answers with a discard of a tile it does not hold."""

        name = "cheater"

        def act(self, observation, legal):
            held = set(observation.concealed)
            tile = next(Tile(i) for i in range(27) if Tile(i) not in held)
            return Action(ActionKind.DISCARD, observation.seat, tile)

    s = new_session(bots=[Cheater(), "greedy", "greedy", "greedy"], seat=None, seed=1, hands=1)
    with pytest.raises(BotMoveError) as err:
        s.run_bots()
    msg = str(err.value)
    assert msg.startswith("bot cheater at ") and "discard" in msg.lower() and "not legal now" in msg
    # nothing was applied for it: the hand waits at that decision
    assert not s.game.is_over and s.bot_to_act() is not None


def test_after_a_hand_the_seats_are_those_of_the_hand_just_played():
    # seed 000 Part II: East who loses passes the deal; the score sheet still shows the hand as played
    for seed in range(40):
        s = Session(MatchConfig.make(players=BOTS, hands=2, seed=seed))
        s.run_bots(limit=None)
        rec = s.finish_hand()
        if rec.result.winner not in (None, Wind.EAST):
            break
    else:  # pragma: no cover
        pytest.fail("no seed of 40 where East loses the first hand")
    assert s.match.seat_of(rec.east_player) != Wind.EAST  # the match has moved East on ...
    for p in range(4):
        assert s.seat_of(p) == rec.seats[p]  # ... the session answers for the hand just played
        assert s.player_at(rec.seats[p]) == p
    s.next_hand()
    assert all(s.seat_of(p) == s.match.seat_of(p) for p in range(4))


def test_a_finished_match_says_so_in_words_and_its_totals_read_in_one_order(tmp_path):
    # "match 1 is over (1 hand)", not "(1 hands)" (issue 17)
    from mahjongg.play.journal import JournalError
    from mahjongg.play.session import resume_session

    db = tmp_path / "games.sqlite3"
    s = new_session(bots=["greedy", "cautious", "random", "greedy"], seat=None, seed=4, hands=1, db=db)
    s.play()
    s.recorder.close()
    with pytest.raises(JournalError, match=rf"^match 1 is over \(1 hand\); replay its hands with {re.escape(command_name())} replay GAME_ID --db .* \(game 1\)$"):
        resume_session(db, 1)
    # the end screen and the exit line print session.standing_text(): highest total first
    totals = [t for _, t in s.standing()]
    assert totals == sorted(totals, reverse=True) and sum(totals) == 0
    assert s.standing_text() == ", ".join(f"{n} {t:+d}" for n, t in s.standing())
    assert sorted(n for n, _ in s.standing()) == sorted(s.names)


def test_a_finished_match_on_a_shared_file_lists_its_own_hands(tmp_path):
    """Issue 24, item 8: on a file simulate also wrote, "games 1-3019" named every hand
    between the match's first and last; the message lists the match's own hands."""
    from mahjongg.play.journal import Journal, JournalError
    from mahjongg.play.session import game_ids, resume_session

    db = tmp_path / "games.sqlite3"
    s = new_session(bots=["greedy", "cautious", "random", "greedy"], seat=None, seed=4, hands=3, db=db)
    with Journal(db) as other:  # simulate's hands, stored between the match's
        for _ in range(3):
            s.run_bots(limit=None)
            s.finish_hand()
            other.save_hand(s.game.events, bots=["greedy"] * 4)
            if not s.match.is_over:
                s.next_hand()
    s.recorder.close()
    # the match's hands are games 1, 3 and 5; simulate's 2, 4 and 6
    with pytest.raises(JournalError, match=r"^match 1 is over \(3 hands\); .* \(games 1, 3, 5\)$"):
        resume_session(db, 1)
    assert game_ids([7, 1, 2, 3, 9, 10]) == "games 1-3, 7, 9-10" and game_ids([4]) == "game 4"


from hypothesis import given, settings, strategies as st  # noqa: E402


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), cut=st.integers(0, 400), players=st.sampled_from([3, 4]))
def test_a_match_rebuilt_from_its_journal_at_any_action_is_the_match_as_it_stood(seed, cut, players):
    # invariant: whatever action a run stops at, the journal rebuilds the same table (the finished
    # hands recorded, the hand in progress event for event), and it plays on to the same end
    from mahjongg.play.journal import Journal
    from mahjongg.play.session import JournalRecorder

    config = MatchConfig.make(players=["random", "greedy", "random", "cautious"][:players], hands=2, seed=seed)
    journal = Journal(":memory:")
    s = Session(config, recorder=JournalRecorder.new(journal, "play", config.to_dict()))
    mid = s.recorder.match_id
    for _ in range(cut):
        if s.game.is_over:
            s.finish_hand()
            if s.match.is_over:
                break
            s.next_hand()
        else:
            s.step_bot()
    saved = journal.load_match(mid)
    again = Session.resume(saved, recorder=JournalRecorder(journal, mid, saved=len(saved.current)))
    if s.match.game is None and not s.match.is_over:  # stopped between two hands: the next is dealt on resume
        s.next_hand()
    assert again.match.totals == s.match.totals and len(again.match.records) == len(s.match.records)
    assert again.match.seat_of(0) == s.match.seat_of(0)
    assert again.game.events == s.game.events
    assert sorted(again.game.tiles_everywhere()) == sorted(s.game.tiles_everywhere())


@pytest.mark.parametrize(
    "damage, reason",
    [
        # each a field MatchConfig.from_dict checks again, its own message after "its configuration: "
        (("ruleset", "nope"), "ruleset: unknown ruleset 'nope'"),
        (("players", ["greedy", None, "foo", "cautious"]), "players: unknown bot 'foo'"),
        (("seed", "x"), "seed must be a whole number of at least 0, not 'x'"),
    ],
)
def test_a_damaged_match_configuration_names_the_match_and_the_file(tmp_path, damage, reason):
    # the field's message alone ("ruleset: unknown ruleset 'nope'") named neither the
    # match nor the file, to someone who typed only `play --resume 1`
    import sqlite3

    from typer.testing import CliRunner

    from mahjongg.cli import app
    from mahjongg.play.journal import JournalError
    from mahjongg.play.session import resume_session

    db = tmp_path / "games.sqlite3"
    s = new_session(bots=["greedy", "cautious", "greedy"], seat=Wind.EAST, seed=4, hands=1, db=db)
    s.recorder.close()
    con = sqlite3.connect(db)
    (config,) = con.execute("SELECT config FROM matches WHERE id = 1").fetchone()
    config = json.loads(config)
    config[damage[0]] = damage[1]
    con.execute("UPDATE matches SET config = ? WHERE id = 1", (json.dumps(config),))
    con.commit()
    con.close()
    expected = f"match 1 in {db} is damaged: its configuration: {reason}"
    with pytest.raises(JournalError) as err:
        resume_session(db, 1)
    assert str(err.value).startswith(expected)
    r = CliRunner().invoke(app, ["play", "--resume", "1", "--db", str(db)])
    assert r.exit_code == 2 and "Traceback" not in r.output
    assert " ".join(r.stderr.split()).startswith("error: " + expected), r.stderr
    # the lock was released: a second try says the same (not "being played in another process")
    with pytest.raises(JournalError, match="is damaged: its configuration"):
        resume_session(db, 1)
