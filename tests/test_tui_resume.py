"""`mahjongg play --resume`: a match killed at any moment continues from its
last completed action, nothing lost -- the hand in progress, the finished
hands, the chips and who is East."""

from __future__ import annotations

import asyncio

import pytest
from typer.testing import CliRunner

from mahjongg.cli import app as cli_app
from mahjongg.play.journal import Journal, JournalError
from mahjongg.table import Game, full_set
from mahjongg.tiles import Wind
from mahjongg.tui.app import PlayApp, ResultScreen
from mahjongg.play.session import new_session, resume_session
from mahjongg.play.journal import play_match_ids

from test_tui import DICE, Passer, preset_wall, win_scripted_hand


def play_keys(session, keys, *, size=(100, 32)):
    """Run the app on ``session``, press ``keys``, then drop it (no quit, no close: a kill)."""

    async def run():
        app = PlayApp(session, speed=0, claim_seconds=None, result_guard=0)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            for k in keys:
                await pilot.press(k)
            await pilot.pause()
            return app

    return asyncio.run(run())


def test_resume_mid_hand_loses_nothing(tmp_path):
    db = tmp_path / "games.sqlite3"
    s1 = new_session(ruleset="pung-chow", bots=["greedy", "cautious", "random"], seat=Wind.WEST, seed=7, hands=2, db=db)
    match_id = s1.recorder.match_id
    play_keys(s1, ["enter", "x", "enter", "x", "enter", "x", "enter"])
    assert not s1.game.is_over and len(s1.game.events) > 20
    before = s1.game.snapshot()
    events = list(s1.game.events)
    # the process dies here: nothing more is written; a new process resumes from the file
    s2 = resume_session(db, match_id)
    assert s2.game.events == events
    assert s2.game.snapshot() == before
    assert s2.human_seat == Wind.WEST and s2.names == s1.names
    assert s2.config == s1.config  # the same players, bots by name, the same seed
    # it plays on, and what it writes resumes again
    play_keys(s2, ["enter", "x"] * 3)
    s3 = resume_session(db, match_id)
    assert s3.game.events == s2.game.events
    assert sorted(s3.game.tiles_everywhere()) == full_set(s3.match.ruleset)


def test_resume_after_finished_hands_keeps_chips_and_east(tmp_path):
    db = tmp_path / "games.sqlite3"
    # the scripted hand of test_tui (East wins on 9b), saved as it goes
    first = Game.from_wall(preset_wall(), DICE)
    session = new_session(bots=[Passer(), Passer(), Passer()], names=["passer"] * 3, seat=Wind.EAST, seed=1, hands=3,
                          db=db, first_game=first)
    rec = session.recorder

    async def run():
        app = PlayApp(session, speed=0, claim_seconds=None, result_guard=0)
        async with app.run_test(size=(110, 36)) as pilot:
            await win_scripted_hand(pilot, app)
            assert isinstance(app.screen, ResultScreen)
            await pilot.press("enter")  # the next hand is dealt, and the process dies
            await pilot.pause()

    asyncio.run(run())
    assert len(session.match.records) == 1
    totals = list(session.match.totals)
    s2 = resume_session(db, rec.match_id)
    assert s2.match.totals == totals and sum(totals) == 0
    assert len(s2.match.records) == 1 and s2.hand_number == 2
    assert s2.human_seat == Wind.EAST  # East won, keeps the deal
    assert s2.game.events == session.game.events  # the second hand, dealt from the match's seed, as before
    # the finished hand is a game record `mahjongg replay` reads
    with Journal(db, create=False) as store:
        (gid,) = rec.hands
        assert store.game(gid).winner == "E"
        assert store.replay(gid).result.winner == Wind.EAST


def test_resume_unknown_match_and_cli_messages(tmp_path):
    db = tmp_path / "games.sqlite3"
    s = new_session(ruleset="pung-chow", bots=["greedy"] * 3, seat=Wind.EAST, seed=3, hands=1, db=db)
    with pytest.raises(JournalError, match="no match 99"):
        resume_session(db, 99)
    assert play_match_ids(db) == [s.recorder.match_id]
    r = CliRunner().invoke(cli_app, ["play", "--resume", "99", "--db", str(db)])
    assert r.exit_code == 2 and "no match 99" in r.output
    r = CliRunner().invoke(cli_app, ["play", "--bots", "greedy,nobody,random", "--db", str(db)])
    assert r.exit_code == 2 and "unknown bot 'nobody'" in r.output


def test_readme_first_command_is_play_and_help_lists_the_options():
    from pathlib import Path

    readme = (Path(__file__).parent.parent / "README.md").read_text()
    first = readme.split("```sh\n", 1)[1].split("\n", 1)[0]
    assert first.endswith("mahjongg play")
    r = CliRunner().invoke(cli_app, ["play", "--help"])
    assert r.exit_code == 0
    for opt in ("--ruleset", "--seat", "--bots", "--hands", "--rounds", "--seed", "--db", "--resume", "--glyphs", "--speed"):
        assert opt in r.output
