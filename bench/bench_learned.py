"""The learned bot's decision time beside the master's (the baseline, the same run), one core.

Run by hand (not a test), with the Python of the venv the package is installed in::

    nice .venv/bin/python bench/bench_learned.py                      # 100 hands a table, pung-chow
    nice .venv/bin/python bench/bench_learned.py -n 200 --ruleset hong-kong
    nice .venv/bin/python bench/bench_learned.py --weights pc-W.npz     # a weights file instead (policy:FILE)

Two tables of the same hand seeds, in this process one after the other: ``learned``
(player 1, taking turns at East) and three ``greedy``; then ``master`` and three
``greedy``. Every ``act`` call of the measured bot is timed as
``bench/bench_master.py`` times it (the observation's encoding included: what
a table waits for), by the wall clock and by the process's CPU time; printed: decisions, median, 99th
percentile and the slowest, and the learned bot's p99 as a share of the
master's. The aim (issue 41): the learned bot's p99 at most 5 ms.
"""

from __future__ import annotations

import argparse
import statistics
import time

from bench_master import _CPU, _TIMES, _timed_factory  # (run from bench/: its folder is on the path)

from mahjongg import bots
from mahjongg.simulate import simulate


def pct(xs: list[float], q: float) -> float:
    return sorted(xs)[min(len(xs) - 1, int(q * len(xs)))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-n", type=int, default=100, help="hands a table")
    ap.add_argument("--ruleset", default="pung-chow")
    ap.add_argument("--seed", type=int, default=41)
    ap.add_argument("--weights", help="time the learned network of this file (policy:FILE) instead of the shipped one")
    a = ap.parse_args()
    rows = {}
    for label, name in (("learned", f"policy:{a.weights}" if a.weights else "learned"), ("master", "master")):
        bots.register_bot(f"timed-{label}", _timed_factory(name))
        start = time.perf_counter()
        simulate(a.n, [f"timed-{label}", "greedy", "greedy", "greedy"], seed=a.seed, ruleset=a.ruleset)
        rows[label] = (_TIMES[name], _CPU[name], time.perf_counter() - start)
    print(f"{a.ruleset}, {a.n} hands a table, seed {a.seed}" + (f", learned: {a.weights}" if a.weights else ""))
    print("| bot | act calls | median (wall) | p99 (wall) | slowest (wall) | median (CPU) | p99 (CPU) | table's seconds |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for name, (wall, cpu, secs) in rows.items():
        ms = lambda x: f"{x * 1000:.2f} ms"  # noqa: E731
        print(f"| {name} | {len(wall)} | {ms(statistics.median(wall))} | {ms(pct(wall, 0.99))} | {ms(max(wall))} "
              f"| {ms(statistics.median(cpu))} | {ms(pct(cpu, 0.99))} | {secs:.1f} |")
    lw, mw = rows["learned"][0], rows["master"][0]
    print(f"learned p99 / master p99 (wall): {pct(lw, 0.99) / pct(mw, 0.99):.2f}")


if __name__ == "__main__":
    main()
