"""The expert bot's speed: a table of one ``expert`` and three ``greedy`` on one core.

Run by hand (not a test), with the Python of the venv the package is installed in::

    nice .venv/bin/python bench/bench_expert.py            # 200 hands per table, pung-chow
    nice .venv/bin/python bench/bench_expert.py -n 400 --ruleset hong-kong --rounds 3

Two tables, measured in the same run (in one process: one core) with the same
hand seeds, each timed ``--rounds`` times, alternating, the best round kept
(the machine is shared; the best is the least disturbed):

1. the baseline: four ``greedy`` bots;
2. one ``expert`` (player 1, taking turns at East) and three ``greedy``.

Prints hands per second of each and the ratio expert table / baseline. The
aim (issue 16): the expert table plays at least 100 hands per second.
"""

from __future__ import annotations

import argparse
import time

from mahjongg.simulate import simulate


def timed(bots, n: int, seed: int, ruleset: str) -> float:
    start = time.perf_counter()
    simulate(n, bots, seed=seed, ruleset=ruleset, workers=1)
    return n / (time.perf_counter() - start)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-n", type=int, default=200, help="hands per table per round")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--ruleset", default="pung-chow")
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    tables = {"4 greedy (baseline)": ("greedy",) * 4, "expert + 3 greedy": ("expert", "greedy", "greedy", "greedy")}
    best = {k: 0.0 for k in tables}
    # one warm-up hand each (the lookup tables and score caches fill as in any long run)
    for bots in tables.values():
        simulate(5, bots, seed=args.seed + 1, ruleset=args.ruleset)
    for _ in range(args.rounds):
        for name, bots in tables.items():
            best[name] = max(best[name], timed(bots, args.n, args.seed, args.ruleset))
    base = best["4 greedy (baseline)"]
    for name, rate in best.items():
        print(f"{args.ruleset}, {name}: {rate:.1f} hands/s (best of {args.rounds} rounds of {args.n} hands, one core)")
    print(f"ratio expert table / baseline: {best['expert + 3 greedy'] / base:.2f}")


if __name__ == "__main__":
    main()
