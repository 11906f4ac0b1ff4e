"""Whole hands per second, single process: random bots and greedy bots.

Run by hand (not a test)::

    python bench/bench_table.py              # 300 random hands, 100 greedy hands
    python bench/bench_table.py -n 1000 --greedy 300 --profile

Each hand is a full :class:`mahjongg.table.Game` played to its end (deal,
draws, discards, claims, scoring of all four hands, settlement), each seat
driven by a bot that sees only its observation -- what ``mahjongg simulate``
does per hand. The lookup tables of shanten and decomposition fill lazily,
so every timed pass follows an untimed warm-up of the same size; the load
average is printed because the absolute figures follow it. Targets (issue
3): 1,000 hands/s with random bots, 200 with greedy bots.

``--profile`` also profiles the random-bot hands (the engine alone, bots
cost next to nothing there) and prints the engine functions by share of
time.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import platform
import pstats
import time

from mahjongg.simulate import play_hand


def run(bots, seeds) -> float:
    start = time.perf_counter()
    for i, s in enumerate(seeds):
        play_hand(bots, s, i)
    return len(seeds) / (time.perf_counter() - start)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-n", type=int, default=300, help="random-bot hands per pass")
    ap.add_argument("--greedy", type=int, default=100, help="greedy-bot hands per pass")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--profile", action="store_true")
    args = ap.parse_args()
    print(f"python {platform.python_version()} on {platform.machine()}, load average {os.getloadavg()[0]:.2f}")
    for label, bots, n in (("random", ("random",) * 4, args.n), ("greedy", ("greedy",) * 4, args.greedy)):
        warm = [args.seed * 100_000 + i for i in range(n)]
        timed = [args.seed * 100_000 + n + i for i in range(n)]
        cold = run(bots, warm)
        hot = run(bots, timed)
        print(f"{label:7} bots: {hot:8.1f} hands/s warm ({cold:.1f} cold), {n} hands per pass")
    if args.profile:
        pr = cProfile.Profile()
        seeds = [args.seed * 100_000 + 2 * args.n + i for i in range(args.n)]
        pr.enable()
        for i, s in enumerate(seeds):
            play_hand(("random",) * 4, s, i)
        pr.disable()
        st = pstats.Stats(pr)
        rows = sorted(st.stats.items(), key=lambda kv: -kv[1][3])
        total = next(v[3] for k, v in rows if k[2] == "play_hand")
        print(f"\nprofile of {args.n} random-bot hands ({total:.2f} s in play_hand under the profiler), by cumulative share:")
        for (file, line, fn), (cc, nc, tt, ct, callers) in rows[:25]:
            if "mahjongg" not in file:
                continue
            print(f"  {100 * ct / total:5.1f}%  {100 * tt / total:5.1f}% own  {fn:28} {file.split('src/')[-1]}:{line}")


if __name__ == "__main__":
    main()
