"""Memory of a long ``mahjongg simulate --db`` run: resident size after N hands and after 10 N.

Run by hand (not a test)::

    python bench/bench_memory.py                 # 2,000 and 20,000 hands, random bots, into a temporary file
    python bench/bench_memory.py -n 500          # 500 and 5,000

The run plays ``10 n`` hands between four random bots in this process, each
stored in a journal (``mahjongg.play.journal``) as it is played, and reads the
process's resident set size (``/proc/self/statm``, Linux) when ``n`` and when
``10 n`` hands are done. The summary keeps no hand and no event log, so the two
figures should be within a few MB of each other (issue 13: before the play
layer, 200,000 hands held about 8.5 GB of event logs). The baseline is the
same run's figure after ``n`` hands.
"""

from __future__ import annotations

import argparse
import os
import tempfile
from pathlib import Path

from mahjongg.play.journal import Journal
from mahjongg.simulate import simulate


def rss_mb() -> float:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("-n", type=int, default=2000)
    args = ap.parse_args()
    n = args.n
    seen: dict[int, float] = {}
    with tempfile.TemporaryDirectory() as d, Journal(Path(d) / "bench.sqlite3") as journal:

        def on_hand(o) -> None:
            journal.save_hand(o.events, bots=["random"] * 4)
            if o.index + 1 in (n, 10 * n):
                seen[o.index + 1] = rss_mb()

        simulate(10 * n, ("random",) * 4, seed=1, keep_events=True, on_hand=on_hand)
    print(f"RSS after {n} hands: {seen[n]:.1f} MB; after {10 * n}: {seen[10 * n]:.1f} MB; "
          f"growth {seen[10 * n] - seen[n]:+.1f} MB (ratio {seen[10 * n] / seen[n]:.3f})")


if __name__ == "__main__":
    main()
