"""A trained policy against three random bots, and against three greedy bots, on duplicate deals, with 95% intervals.

Run by hand (not a test), with the rl extra::

    python bench/bench_policy.py                                  # examples/policy-pung-chow.npz, 500 deals
    python bench/bench_policy.py --policy my.npz --deals 1000 --seed 7 --field random

Duplicate deals: every deal (a hand seed drawn from ``--seed``, as
``mahjongg simulate`` draws them) is played once with the policy at each of
the seats East, South, West, North and the field's bots (``--field``: random,
then greedy) at the others (their
seeds by the play layer's rule, :func:`mahjongg.play.seeds.bot_seed` of the
deal's seed, hand 0 and the player), so every seat and
every wall is played by the policy alike. A deal's value is the policy's
mean net chips over its seatings; the interval is mean +- 1.96 standard
errors over the deals. The same deals are then played with the ``random``
bot and the ``greedy`` bot in the policy's place (the levels to compare
with), and the policy's margin over each of them per deal is given with
its own interval.
"""

from __future__ import annotations

import argparse
import math
import time
from pathlib import Path

from mahjongg.rl.policy import load_policy
from mahjongg.simulate import iter_hand_seeds, play_hand


def duplicate(bot: str, seeds: list[int], ruleset: str, players: int, field: str = "random") -> list[float]:
    """Per deal, ``bot``'s mean chips over its ``players`` seatings against ``field`` bots."""
    out = []
    for s in seeds:
        total = 0
        for k in range(players):
            bots = [field] * players
            bots[k] = bot
            # hand 0: player k sits at wind k; the bots seeded from the deal's seed
            total += play_hand(bots, s, 0, ruleset, run_seed=s).net[k]
        out.append(total / players)
    return out


def interval(xs: list[float]) -> tuple[float, float, float]:
    n = len(xs)
    m = sum(xs) / n
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1)) if n > 1 else 0.0
    h = 1.96 * sd / math.sqrt(n)
    return m, m - h, m + h


def main() -> None:
    here = Path(__file__).resolve().parent.parent
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--policy", default=str(here / "examples" / "policy-pung-chow.npz"))
    ap.add_argument("--deals", type=int, default=500)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--field", default="random,greedy", help="the bots at the other seats, one field after another")
    args = ap.parse_args()
    policy, header = load_policy(args.policy)
    ruleset = header["ruleset"]
    seeds = list(iter_hand_seeds(args.seed, args.deals))
    print(f"bench_policy: {args.policy} (trained for {ruleset}: {header.get('hands')} hands, seed {header.get('seed')}, "
          f"against {header.get('opponents')}); {args.deals} duplicate deals x {args.players} seatings, seed {args.seed}")
    for field in args.field.split(","):
        results = {}
        for name, bot in (("policy", f"policy:{args.policy}"), ("random", "random"), ("greedy", "greedy")):
            start = time.perf_counter()
            results[name] = duplicate(bot, seeds, ruleset, args.players, field)
            m, lo, hi = interval(results[name])
            print(f"  {name:7} vs {args.players - 1} {field}: {m:+8.2f} chips/hand  95% CI [{lo:+.2f}, {hi:+.2f}]  "
                  f"({args.deals * args.players / (time.perf_counter() - start):.0f} hands/s)")
        for other in ("random", "greedy"):
            m, lo, hi = interval([a - b for a, b in zip(results["policy"], results[other])])
            print(f"  policy - {other} (vs {field}, same deals): {m:+.2f} chips/hand  95% CI [{lo:+.2f}, {hi:+.2f}]")
        m, lo, hi = interval(results["policy"])
        verdict = "beats" if lo > 0 else "loses to" if hi < 0 else "is not told apart from"
        print(f"verdict: the policy {verdict} {args.players - 1} {field} bots (95% interval of its chips per hand "
              f"{'excludes' if lo > 0 or hi < 0 else 'includes'} zero)")

if __name__ == "__main__":
    main()
