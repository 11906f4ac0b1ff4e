"""The expert bot's speed: a table of one ``expert`` and three ``greedy`` on one core.

Run by hand (not a test), with the Python of the venv the package is installed in::

    nice .venv/bin/python bench/bench_expert.py            # 200 hands per table, pung-chow
    nice .venv/bin/python bench/bench_expert.py -n 400 --ruleset hong-kong --rounds 3

Two tables, measured in the same run (in one process: one core), each warmed up
on 50 hands of other deals, then timed ``--rounds`` times on fresh deals,
alternating, no table playing a deal played before (a replayed deal finds its
hands' scores cached: the rounds before 2026-12-02 replayed the same deals and
measured those caches), the best round kept (the machine is shared; the best is
the least disturbed). bench/bench_master.py times this table too, beside master's:

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
    # warm-up on deals no round plays (the look-up tables fill as in any long run)
    for bots in tables.values():
        simulate(50, bots, seed=args.seed + 1_000_000, ruleset=args.ruleset)
    for r in range(args.rounds):
        for i, (name, bots) in enumerate(tables.items()):
            seed = args.seed + (r * len(tables) + i) * args.n  # fresh deals
            best[name] = max(best[name], timed(bots, args.n, seed, args.ruleset))
    base = best["4 greedy (baseline)"]
    for name, rate in best.items():
        print(f"{args.ruleset}, {name}: {rate:.1f} hands/s (best of {args.rounds} rounds of {args.n} fresh hands, one core)")
    print(f"ratio expert table / baseline: {best['expert + 3 greedy'] / base:.2f}")


if __name__ == "__main__":
    main()
