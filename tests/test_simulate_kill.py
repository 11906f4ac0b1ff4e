"""``mahjongg simulate --db`` killed with SIGKILL keeps every hand it had played (issue 24, item 2).

The run committed its hands in batches (25 hands in one process, chunks of 50
with more): 3 of 10 kill -9s kept no hand at all. Each hand is now handed over
and committed as soon as it is played. A child process
(tests/simulate_kill_child.py) runs the command and says when each hand is
played; the test kills it -- the whole process group, the pool's workers too
-- in the middle of the run, and then reads the file: it is intact, it holds
the run's first hands in order (their seeds are the run's), each replays, and
it misses at most the hands that were in play: the one being stored in one
process; with a pool, those a worker had played and the run not yet received.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from mahjongg.play.journal import Journal
import mahjongg.simulate as sim
from mahjongg.simulate import hand_seeds

HERE = Path(__file__).parent


def _played_then_killed(db: Path, workers: int, at_least: int) -> set[int]:
    """Run the child until it has played ``at_least`` hands, SIGKILL its process group;
    the indices of every hand it said it played."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in (str(HERE), os.environ.get("PYTHONPATH")) if p))
    child = subprocess.Popen(
        [sys.executable, str(HERE / "simulate_kill_child.py"), str(db), str(workers)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True, env=env,
    )
    played: set[int] = set()
    try:
        deadline = time.monotonic() + 60
        while len(played) < at_least:
            line = child.stdout.readline()
            assert line and time.monotonic() < deadline, child.stderr.read()
            played.add(int(line.split()[1]))
        os.killpg(child.pid, signal.SIGKILL)  # the group this test started: the run and its workers
        assert child.wait(timeout=10) == -signal.SIGKILL
        played |= {int(line.split()[1]) for line in child.stdout.read().splitlines() if line.startswith("played ")}
    finally:
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)
            child.wait()
        child.stdout.close()
        child.stderr.close()
    return played


@pytest.mark.parametrize("workers", [1, 2])
def test_a_killed_run_keeps_every_hand_it_played(workers, tmp_path):
    if workers > (os.cpu_count() or 1):
        pytest.skip("one CPU: the run would use one worker")
    db = tmp_path / "sim.sqlite3"
    # killed once more hands are played than a pool may hold in flight, so the bound below says something
    played = _played_then_killed(db, workers, at_least=12 if workers == 1 else 12 + sim.AHEAD * workers)
    prefix = next(i for i in range(len(played) + 1) if i not in played)  # hands 0 .. prefix-1 all played
    with Journal(db, create=False) as j:  # intact: opened (and checked) without complaint
        rows = j.games()
        stored = len(rows)
        # the run's first hands, in order, each replayable
        assert [r.seed for r in rows] == hand_seeds(1, stored)
        for r in rows:
            assert j.replay(r.id).is_over
    in_play = 1 if workers == 1 else sim.AHEAD * workers  # being stored; or, with a pool, AHEAD per worker (imap_ahead)
    assert stored >= prefix - in_play, (stored, prefix, sorted(played)[:20], sorted(os.listdir(tmp_path)), [os.path.getsize(tmp_path / f) for f in sorted(os.listdir(tmp_path))])
