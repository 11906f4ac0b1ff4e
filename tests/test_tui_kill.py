"""`mahjongg play --resume` after the process was really killed.

A child process (tests/tui_kill_child.py) runs the Textual app on a match
saved to a SQLite file, plays some of a hand through a pilot, records what it
played, and is killed with SIGKILL mid-hand -- no quit, no close, no atexit,
no finally. The test process then resumes the match from the file: since
the recorder commits every action as it is applied, every event played
before the kill must be there, in order, and the game rebuilt from them must
be the same game (same hand, same seat to act), consistent, and playable on.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from mahjongg.table import Game, full_set
from mahjongg.tiles import Wind
from mahjongg.tui.app import PlayApp
from mahjongg.play.session import resume_session

HERE = Path(__file__).parent


def test_resume_after_sigkill_mid_hand_loses_nothing(tmp_path):
    db, out = tmp_path / "games.sqlite3", tmp_path / "played.json"
    child = subprocess.Popen(
        [sys.executable, str(HERE / "tui_kill_child.py"), str(db), str(out)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=tmp_path,
    )
    try:
        line = child.stdout.readline()  # blocks until READY (or the child dies)
        assert line.strip() == "READY", child.stderr.read()
        time.sleep(0.1)
        assert child.poll() is None  # still running, mid-hand
        os.kill(child.pid, signal.SIGKILL)
        assert child.wait(timeout=10) == -signal.SIGKILL
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    played = json.loads(out.read_text())
    assert not played["over"] and len(played["events"]) > 20  # killed mid-hand, well into it
    assert played["to_act"] == ["W"]  # the human (West) was to act

    s = resume_session(db, played["match_id"])
    g = s.game
    # the same events, in the same order, as the killed process had played
    assert json.loads(json.dumps(g.events)) == played["events"]
    assert s.human_seat == Wind.WEST and [w.letter for w in g.to_act()] == ["W"]
    assert [str(t) for t in g.observation(Wind.WEST).concealed] == played["concealed"]
    # consistent: every tile accounted for, the log replays to the same game
    assert sorted(g.tiles_everywhere()) == full_set(s.match.ruleset)
    assert Game.replay(g.events).snapshot() == g.snapshot()
    assert s.match.records == [] and s.hand_number == 1

    # and it plays on from there
    async def run():
        app = PlayApp(s, speed=0, claim_seconds=None, result_guard=0)
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            for k in ["enter", "x"] * 3:
                await pilot.press(k)
            await pilot.pause()

    asyncio.run(run())
    assert len(g.events) > len(played["events"]) or s.game is not g
    s2 = resume_session(db, played["match_id"])
    assert s2.game.events == s.game.events
