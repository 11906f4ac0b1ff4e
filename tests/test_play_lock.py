"""One process at a time plays a match (:mod:`mahjongg.play.lock`).

Two ``mahjongg play --resume ID`` of one match at once would both append to its
log: the second is refused in one line, nothing written. The lock is the
kernel's (``flock``), so a process killed with SIGKILL leaves none behind, and
a session left with q lets the match go.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mahjongg.cli import app as cli_app
from mahjongg.play.lock import MatchBusyError
from mahjongg.play.session import new_session, resume_session
from mahjongg.tiles import Wind
from mahjongg.tui.app import PlayApp

HERE = Path(__file__).parent

# resumes match ID of DB in a process of its own; prints the hand number and the events' count
RESUME = (
    "import sys; from mahjongg.play.session import resume_session; "
    "s = resume_session(sys.argv[1], int(sys.argv[2])); print(s.hand_number, len(s.game.events)); s.recorder.close()"
)


def resume_elsewhere(db: Path, match_id: int) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", RESUME, str(db), str(match_id)], capture_output=True, text=True, timeout=60)


def files(folder: Path) -> dict[str, bytes]:
    """The bytes of the database, its -wal and its lock files (not the -shm: SQLite's shared index,
    where even a reader marks what it reads)."""
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.name not in ("played.json", "games.sqlite3-shm")}


def test_a_second_resume_is_refused_while_a_process_plays_the_match_and_works_after_its_kill(tmp_path):
    db, out = tmp_path / "games.sqlite3", tmp_path / "played.json"
    child = subprocess.Popen(
        [sys.executable, str(HERE / "tui_kill_child.py"), str(db), str(out)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp_path,
    )
    try:
        line = child.stdout.readline()  # READY: the child is mid-hand, the match saved as it goes
        assert line.strip() == "READY", child.stderr.read()
        match_id = json.loads(out.read_text())["match_id"]
        before = files(tmp_path)

        r = CliRunner().invoke(cli_app, ["play", "--resume", str(match_id), "--db", str(db)])
        assert r.exit_code == 2
        message = r.output.strip()
        assert message == (
            f"error: match {match_id} is being played in another process (pid {child.pid}); "
            "leave it there (q saves and leaves), then resume it here"
        )
        with pytest.raises(MatchBusyError, match=f"pid {child.pid}"):
            resume_session(db, match_id)
        assert files(tmp_path) == before  # nothing written

        os.kill(child.pid, signal.SIGKILL)
        assert child.wait(timeout=10) == -signal.SIGKILL
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    played = json.loads(out.read_text())
    assert (tmp_path / f"games.sqlite3.lock-match-{match_id}").exists()  # left by the kill, but not locked
    s = resume_session(db, match_id)
    assert s.game.events == played["events"]
    s.recorder.close()
    assert not (tmp_path / f"games.sqlite3.lock-match-{match_id}").exists()  # let go: removed


def test_a_lock_file_left_by_a_killed_process_is_removed_by_the_next_match(tmp_path):
    """Issue 28, item 10: a killed ``play`` left ``games.sqlite3.lock-match-N``
    behind for good unless that very match was resumed; the next match taken on
    the file removes it (a file nobody holds), and leaves one a live process holds."""
    db = tmp_path / "games.sqlite3"
    stale = tmp_path / "games.sqlite3.lock-match-7"
    stale.write_text("99999\n")  # as a killed process leaves it: nobody holds its lock
    s = new_session(ruleset="pung-chow", bots=["greedy", "cautious", "random"], seat=Wind.WEST, seed=7, hands=1, db=db)
    held = tmp_path / f"games.sqlite3.lock-match-{s.recorder.match_id}"
    assert not stale.exists() and held.exists()
    other = new_session(ruleset="pung-chow", bots=["greedy", "cautious", "random"], seat=Wind.WEST, seed=8, hands=1, db=db)
    assert held.exists()  # ours, still held: not swept
    other.recorder.close()
    s.recorder.close()
    assert not held.exists()


def test_after_q_the_match_resumes_in_another_process(tmp_path):
    db = tmp_path / "games.sqlite3"
    s = new_session(ruleset="pung-chow", bots=["greedy", "cautious", "random"], seat=Wind.WEST, seed=7, hands=2, db=db)
    match_id = s.recorder.match_id
    r = resume_elsewhere(db, match_id)
    assert r.returncode == 1 and "MatchBusyError" in r.stderr and f"pid {os.getpid()}" in r.stderr  # still ours

    async def run():
        app = PlayApp(s, speed=0, claim_seconds=None, result_guard=0)
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            for k in ["enter", "x", "enter", "q"]:
                await pilot.press(k)
            await pilot.pause()

    asyncio.run(run())
    s.recorder.close()  # as `mahjongg play` does when the app ends
    r = resume_elsewhere(db, match_id)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == ["1", str(len(s.game.events))]  # hand 1, every event played before q


def test_one_process_may_take_its_own_match_again(tmp_path):
    """A session dropped without closing (a kill simulated in-process) does not lock its own process out."""
    db = tmp_path / "games.sqlite3"
    s1 = new_session(ruleset="pung-chow", bots=["greedy", "cautious", "random"], seat=Wind.WEST, seed=7, hands=2, db=db)
    s2 = resume_session(db, s1.recorder.match_id)
    assert s2.game.events == s1.game.events
    s2.recorder.close()
    assert resume_elsewhere(db, s1.recorder.match_id).returncode == 1  # s1 still holds it
    s1.recorder.close()
    assert resume_elsewhere(db, s1.recorder.match_id).returncode == 0
