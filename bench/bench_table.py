"""Engine benchmark: whole hands per second, single process, uniformly random legal actions.

Run by hand (not a test)::

    python bench/bench_table.py                 # 500 hands of every registered ruleset
    python bench/bench_table.py -n 2000 --ruleset pung-chow

Each hand: ``Game(ruleset, seed=i)``, then a uniformly random legal action for
the first seat in ``to_act()`` until the hand is over (scoring and settlement
included). The load average is printed: hands/s on a busy machine are low.
"""

from __future__ import annotations

import argparse
import os
import random
import time

from mahjongg.rules import RULESETS
from mahjongg.table import Game


def play(ruleset, seed: int) -> Game:
    g = Game(ruleset, seed=seed)
    rng = random.Random(seed)
    while not g.is_over:
        seat = g.to_act()[0]
        g.apply(rng.choice(g.legal_actions(seat)))
    return g


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", type=int, default=500, help="hands per ruleset")
    ap.add_argument("--ruleset", action="append", help="ruleset name (repeatable; default: all)")
    args = ap.parse_args()
    print(f"load average: {os.getloadavg()[0]:.2f}")
    for name in args.ruleset or sorted(RULESETS):
        r = RULESETS[name]
        t0 = time.perf_counter()
        wins = 0
        for i in range(args.n):
            wins += play(r, i).result.winner is not None
        dt = time.perf_counter() - t0
        print(f"{name:28s} {args.n / dt:8.0f} hands/s  {1000 * dt / args.n:6.2f} ms/hand  wins {wins}/{args.n}")


if __name__ == "__main__":
    main()
