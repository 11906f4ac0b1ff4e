"""Memory of a long ``mahjongg simulate --db`` run: resident size after N hands and after 10 N,
for two bot mixes.

Run by hand (not a test)::

    python bench/bench_memory.py                 # 2,000 and 20,000 hands of each mix, into temporary files
    python bench/bench_memory.py -n 500          # 500 and 5,000

Each mix plays ``10 n`` hands in a process of its own (so that one mix's
tables do not count in the other's figures), each hand stored in a journal
(``mahjongg.play.journal``) as it is played, and reads the process's
resident set size (``/proc/self/statm``, Linux) when ``n`` and when ``10 n``
hands are done. The mixes: four random bots (no lookup tables to speak of:
the summary keeps no hand and no event log, issue 13), and the default
``greedy,greedy,cautious,random``, whose shanten, discard-evaluation and win
check tables fill as they meet new patterns of tiles -- each a cache with a
limit (issue 24: they grew by 25 MB per 10,000 hands late in a run). The
baseline is each run's own figure after ``n`` hands.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

MIXES = ("random,random,random,random", "greedy,greedy,cautious,random")


def rss_mb() -> float:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def one_mix(n: int, bots: tuple[str, ...]) -> str:
    import time

    from mahjongg.play.journal import Journal
    from mahjongg.simulate import simulate

    seen: dict[int, float] = {}
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as d, Journal(Path(d) / "bench.sqlite3") as journal:

        def on_hand(o) -> None:
            journal.save_hand(o.events, bots=bots)
            if o.index + 1 in (n, 10 * n):
                seen[o.index + 1] = rss_mb()

        simulate(10 * n, bots, seed=1, keep_events=True, on_hand=on_hand)
    speed = 10 * n / (time.perf_counter() - start)
    return (f"{','.join(bots)}: RSS after {n} hands {seen[n]:.1f} MB; after {10 * n}: {seen[10 * n]:.1f} MB; "
            f"growth {seen[10 * n] - seen[n]:+.1f} MB (ratio {seen[10 * n] / seen[n]:.3f}); {speed:.1f} hands/s")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("-n", type=int, default=2000)
    ap.add_argument("--mix", help="one mix only, in this process (the script runs each so)")
    args = ap.parse_args()
    if args.mix:
        print(one_mix(args.n, tuple(args.mix.split(","))), flush=True)
        return
    for mix in MIXES:
        subprocess.run([sys.executable, __file__, "-n", str(args.n), "--mix", mix], check=True)


if __name__ == "__main__":
    main()
