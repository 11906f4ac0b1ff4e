"""``mahjongg simulate --db``: every hand committed on its own, in WAL mode.

Killed at any moment the file keeps every hand finished before (SIGKILL: no
handler runs); readers read while a run writes; Ctrl-C with workers stops them
quietly and says how many hands were stored; a file it may not write is
refused in one line before a hand is played; the summary does not grow with
the hands played (issue 13; issue 17's simulate items)."""

from __future__ import annotations

import os
import pickle
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mahjongg.cli import app
from mahjongg.play.journal import Journal
from mahjongg.simulate import simulate, useful_workers

runner = CliRunner()
CMD = [sys.executable, "-m", "mahjongg"]


def count(db: Path) -> int:
    """Hands in the file, read as another program would while the run writes (no lock waited on)."""
    con = sqlite3.connect(db, timeout=0.5)
    try:
        return con.execute("SELECT COUNT(*) FROM games").fetchone()[0]
    except sqlite3.OperationalError:
        return 0  # the file is being created
    finally:
        con.close()


def as_from_a_terminal() -> None:
    """In the child before it runs: Ctrl-C as a terminal's shell leaves it (SIGINT not
    ignored). An ignored SIGINT is inherited through exec, and Python then keeps it
    ignored: a test process that ignores it (a run of the suite did, once, in one
    pytest-xdist worker) would hand that on, and the command would play on."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def start(db: Path, *extra: str, **kw) -> subprocess.Popen:
    return subprocess.Popen(
        [*CMD, "simulate", "--games", "3000", "--bots", "random,random,random,random", "--seed", "1", "--db", str(db), *extra],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw,
    )


def test_sigkill_mid_run_keeps_every_finished_hand_and_readers_read_meanwhile(tmp_path):
    db = tmp_path / "x.sqlite3"
    proc = start(db)
    samples: list[tuple[float, int]] = []
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and (not samples or samples[-1][1] < 40):
            time.sleep(0.1)
            if db.exists():
                samples.append((time.monotonic(), count(db)))
        assert samples and samples[-1][1] >= 40, proc.stderr.read() if proc.poll() is not None else samples[-3:]
        # replay works while the run is still writing (the file was "locked" before WAL)
        r = runner.invoke(app, ["replay", "1", "--db", str(db)])
        assert r.exit_code == 0 and "game 1" in r.stdout, r.output
        time.sleep(1.2)
        samples.append((time.monotonic(), count(db)))
        assert proc.poll() is None, "the run ended before the kill"
        killed_at = time.monotonic()
        os.kill(proc.pid, signal.SIGKILL)
        assert proc.wait(timeout=10) == -signal.SIGKILL
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        proc.stdout.close()
        proc.stderr.close()
    con = sqlite3.connect(db)
    assert con.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    con.close()
    a_second_before = max(n for t, n in samples if t <= killed_at - 1.0)
    with Journal(db, create=False) as j:
        stored = len(j)
        assert stored >= a_second_before > 0  # every hand finished up to a second before the kill
        assert [g.id for g in j.games()] == list(range(1, stored + 1))
        for g in j.games():
            assert j.replay(g.id).is_over  # every hand it holds replays (checked event by event)


ARENA = ["arena", "--challenger", "greedy", "--field", "random", "--deals", "3000", "--seed", "1"]


@pytest.mark.parametrize("command", ["simulate", "arena"])
def test_ctrl_c_with_two_workers_stops_quietly_and_says_what_was_stored(tmp_path, command):
    db = tmp_path / "x.sqlite3"
    # in its own process group, as a terminal's Ctrl-C reaches the command and its workers alike
    if command == "simulate":
        proc = start(db, "--workers", "2", start_new_session=True, preexec_fn=as_from_a_terminal)
    else:  # the arena runs its deals through the same quiet worker pool
        proc = subprocess.Popen(
            [*CMD, *ARENA, "--db", str(db), "--workers", "2"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
            preexec_fn=as_from_a_terminal,
        )
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and not (db.exists() and count(db) >= 30):
            time.sleep(0.1)
        os.killpg(proc.pid, signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    text = out + err
    assert "Traceback" not in text and "ForkPoolWorker" not in text and "KeyboardInterrupt" not in text, text
    assert proc.returncode == 130, text
    stopped = [line for line in text.splitlines() if line.startswith("stopped: ")]
    assert len(stopped) == 1, text
    n = int(stopped[0].split()[1])
    assert stopped[0] == f"stopped: {n} hand{'' if n == 1 else 's'} stored in {db}"
    with Journal(db, create=False) as j:
        assert len(j) == n > 0  # the count printed is true


def test_a_read_only_file_is_refused_in_one_line_before_play(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    db = tmp_path / "games.sqlite3"
    with Journal(db) as j:  # a file of ours, with a finished hand and a play match on its table
        j.save_hand(simulate_one(), bots=["random"] * 4)
    from mahjongg.play.session import new_session

    new_session(bots=["greedy"] * 3, seed=5, db=db).recorder.close()
    db.chmod(0o444)
    before = db.read_bytes()
    try:
        for args in (["simulate", "--games", "2"], ["play"], ["play", "--resume", "1"]):
            r = runner.invoke(app, [*args, "--db", "games.sqlite3"])
            # one line, exit 2, before a hand is played or the terminal game starts; nothing written
            assert r.exit_code == 2 and r.stdout == "", (args, r.output)
            assert r.stderr == "error: cannot write to games.sqlite3: the file is read-only\n", (args, r.stderr)
            assert db.read_bytes() == before
            assert sorted(p.name for p in tmp_path.iterdir()) == ["games.sqlite3"]
        # reading is still fine
        assert runner.invoke(app, ["replay", "1", "--db", "games.sqlite3"]).exit_code == 0
    finally:
        db.chmod(0o644)


def test_a_file_in_a_read_only_folder_is_refused_for_reading_in_words_that_say_why(tmp_path):
    # SQLite reads a WAL file (every mahjongg file: Journal switches it to WAL) only with
    # a -shm file beside it, which it cannot make in a read-only folder (a read-only
    # mount, or a folder of another user): it said "unable to open database file", and
    # replay printed "... is not a game database: unable to open database file". The
    # folder without write bits is read-only to everyone here, root too (_read_only).
    folder = tmp_path / "cd"
    folder.mkdir()
    db = folder / "games.sqlite3"
    with Journal(db) as j:
        j.save_hand(simulate_one(), bots=["random"] * 4)
    assert db.read_bytes()[18] == 2 and not (folder / "games.sqlite3-shm").exists()  # WAL, closed
    folder.chmod(0o555)
    try:
        for args in (["replay", "1"], ["play", "--resume", "1"]):
            r = runner.invoke(app, [*args, "--db", str(db)])
            assert r.exit_code == 2 and r.stdout == "", (args, r.output)
            assert r.stderr == (
                f"error: cannot read {db}: SQLite reads a file in WAL mode, as mahjongg keeps it, only with a -shm file"
                f" beside it, and the folder {folder} is read-only: copy the file to a folder you may write to\n"
            ), (args, r.stderr)
        assert sorted(p.name for p in folder.iterdir()) == ["games.sqlite3"]  # nothing made beside it
    finally:
        folder.chmod(0o755)
    # the folder writable again, the file reads as before
    assert runner.invoke(app, ["replay", "1", "--db", str(db)]).exit_code == 0


def simulate_one():
    out = []
    simulate(1, ("random",) * 4, seed=2, keep_events=True, on_hand=lambda o: out.append(o.events))
    return out[0]


def test_more_workers_than_help_are_not_started_and_it_says_so():
    cpus = os.cpu_count() or 1
    assert useful_workers(100000, 10**9) == cpus and useful_workers(100000, 3) == min(3, cpus)
    assert useful_workers(1, 5) == 1
    r = runner.invoke(app, ["simulate", "--games", "3", "--workers", "100000"])
    assert r.exit_code == 0, r.output
    used = min(3, cpus)
    why = f"this machine has {cpus} CPUs" if used == cpus else "there are only 3 hands to play"
    assert f"using {used} worker{'s' if used > 1 else ''}, not 100000: {why}" in r.stdout
    assert "100000 workers" not in r.stdout
    assert f"{used} worker" in r.stdout.splitlines()[-1]  # the speed line names the workers used


def test_the_time_left_reads_sanely_for_a_huge_run():
    from mahjongg.cli.runs import time_left

    assert time_left(192) == "0:03:12"
    assert time_left(3 * 86400) == "3 days"
    assert time_left(94736050877190 * 3600) == "more than 1000 years"  # was 94736050877190:32:32


def test_the_summary_does_not_grow_with_the_hands_played():
    # what a run keeps is the summary: the same size after 10 hands and after 200 (no outcome, no event log)
    small = simulate(10, ("random",) * 4, seed=4, keep_events=True)
    large = simulate(200, ("random",) * 4, seed=4, keep_events=True)
    assert large.games == 200 and not hasattr(large, "outcomes")
    assert abs(len(pickle.dumps(large)) - len(pickle.dumps(small))) < 64
