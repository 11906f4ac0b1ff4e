"""Child process for test_simulate_kill: ``mahjongg simulate --db DB`` of many hands,
saying on stdout ``played N`` as each hand N is played (in the process that plays
it, before the hand is handed over to be stored), until the test kills it with
SIGKILL.

Usage: python simulate_kill_child.py DB WORKERS
"""

from __future__ import annotations

import sys

import mahjongg.simulate as sim
from mahjongg.cli import app

_play_hand = sim.play_hand


def play_hand(*args, **kwargs):
    outcome = _play_hand(*args, **kwargs)
    sys.stdout.write(f"played {outcome.index}\n")  # one write: the workers' lines do not interleave
    sys.stdout.flush()
    return outcome


def main(db: str, workers: str) -> None:
    sim.play_hand = play_hand  # the pool's workers are forked: they play this one too
    app(["simulate", "--games", "100000", "--bots", "random,random,random,random", "--seed", "1",
         "--workers", workers, "--db", db, "--json"])


if __name__ == "__main__":
    main(*sys.argv[1:])
