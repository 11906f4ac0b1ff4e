"""The expert bot's speed: a table of one ``expert`` and three ``greedy`` on one core.

Run by hand (not a test), with the Python of the venv the package is installed in::

    nice .venv/bin/python bench/bench_expert.py            # 200 hands per table, pung-chow
    nice .venv/bin/python bench/bench_expert.py -n 400 --ruleset hong-kong --rounds 3

Two of bench/bench_master.py's tables, measured as it measures them (each in a
process of its own, warmed up on 50 hands of other deals, then ``--rounds``
rounds of ``-n`` deals, round ``r`` the same deals at both tables and fresh to
each, the best round kept; before 2026-12-02 the rounds replayed the same deals
and measured the bots' caches):

1. the baseline: four ``greedy`` bots;
2. one ``expert`` (player 1, taking turns at East) and three ``greedy``.

Prints hands per second of each and the ratio expert table / baseline. The
aim (issue 16): the expert table plays at least 100 hands per second.
"""

from __future__ import annotations

import argparse
import multiprocessing
from concurrent.futures import ProcessPoolExecutor

from bench_master import _table  # bench/ is the script's folder: its first import path


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-n", type=int, default=200, help="hands per table per round")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--ruleset", default="pung-chow")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--warm", type=int, default=50, help="hands of other deals each table plays first")
    args = ap.parse_args()
    rates = {}
    for label, name in (("4 greedy (baseline)", ""), ("expert + 3 greedy", "expert")):
        with ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn")) as pool:
            rates[label] = pool.submit(_table, (args.ruleset, name, args.n, args.seed, args.rounds, args.warm)).result()["wall"]
    for label, rate in rates.items():
        print(f"{args.ruleset}, {label}: {rate:.1f} hands/s (best of {args.rounds} rounds of {args.n} hands, the same deals"
              " at each table, a process each, one core)")
    print(f"ratio expert table / baseline: {rates['expert + 3 greedy'] / rates['4 greedy (baseline)']:.2f}")


if __name__ == "__main__":
    main()
