"""Greedy (and cautious) against random: win rate and chips over many hands.

Run by hand (not a test)::

    python bench/bench_bots.py             # 200 hands per table
    python bench/bench_bots.py -n 1000 --workers 2

Three tables, all measured in the same run with the same hand seeds:

1. the baseline: four random bots;
2. two greedy bots against two random bots (greedy in seats 1 and 3);
3. cautious, greedy, cautious, greedy.

Players take turns at East (:func:`mahjongg.simulate.simulate`). The ratio
printed is each bot's win rate over the random baseline's win rate per
player (a random player wins a share ``wins / (hands * 4)`` of the hands
at the all-random table), so "x40" means forty times as many wins as a
random player at a table of random players.
"""

from __future__ import annotations

import argparse

from mahjongg.simulate import simulate


def per_bot(s) -> dict[str, tuple[int, int, int]]:
    """bot -> (players, wins, net chips)."""
    out: dict[str, list[int]] = {}
    for p, b in enumerate(s.bots):
        row = out.setdefault(b, [0, 0, 0])
        row[0] += 1
        row[1] += s.wins[p]
        row[2] += s.net[p]
    return {b: tuple(v) for b, v in out.items()}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-n", type=int, default=200, help="hands per table")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=1)
    args = ap.parse_args()
    n = args.n
    base = simulate(n, ("random",) * 4, seed=args.seed, workers=args.workers)
    base_rate = sum(base.wins) / (n * 4)
    print(f"baseline, 4 random bots, {n} hands: {sum(base.wins)} won, draw rate {base.draw_rate:.1%}, "
          f"win rate per player {base_rate:.2%}")
    for bots in (("greedy", "random", "greedy", "random"), ("cautious", "greedy", "cautious", "greedy")):
        s = simulate(n, bots, seed=args.seed, workers=args.workers)
        print(f"\n{', '.join(bots)}: {n} hands, draw rate {s.draw_rate:.1%}, {s.games_per_second:.1f} hands/s")
        for b, (players, wins, net) in per_bot(s).items():
            rate = wins / (n * players)
            ratio = f"x{rate / base_rate:.1f}" if base_rate else "(random never won: ratio infinite)"
            print(f"  {b:8} win rate {rate:6.1%}  {ratio:>8} the random baseline;  net {net / (n * players):+8.1f} chips/hand")


if __name__ == "__main__":
    main()
