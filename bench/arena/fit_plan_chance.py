"""Fit the weights of ``mahjongg.bots.plans.plan_chance`` (run by hand, not a test).

    nice .venv/bin/python bench/arena/fit_plan_chance.py --hands 250 --ruleset pung-chow

Four ``expert`` bots play ``--hands`` hands (deal seeds 1000, 1001, ...; hand ``i`` has
player ``i mod 4`` first East). At every discard the seat's shanten after it, its live
tiles (unseen copies of the tiles that lower the shanten), the unseen tiles and its draws
left are recorded, with whether that seat went on to win the hand. A logistic regression
(Newton's method, NumPy) on ``(1, s, d/20, live/unseen, s*d/20, log(1+live), (d/20)**2)``
(``s`` the shanten capped at 6, ``d`` the draws left) gives the weights; printed with the
share won and the model's mean in each band of shanten and of the wall (early: more than 15
draws left, mid: 9-15, late: fewer), for bench/README.md, "Faan plans".
"""

from __future__ import annotations

import argparse
import collections

import numpy as np

from mahjongg.bots.base import concealed_counts, unseen_counts
from mahjongg.bots.cautious import CautiousBot
from mahjongg.shanten import ShantenError, shanten, useful_tiles
from mahjongg.simulate import play_hand


def features(s: int, live: int, unseen: int, draws: int) -> list[float]:
    s = min(s, 6)
    d = min(draws, 20) / 20
    return [1.0, s, d, live / max(1, unseen), s * d, float(np.log1p(live)), d * d]


def record(hands: int, ruleset: str) -> list[tuple]:
    """``(shanten, live, unseen, draws, won)`` of every discard of ``hands`` hands."""
    rows: list = []
    act = CautiousBot.act

    def spy(self, obs, legal):
        a = act(self, obs, legal)
        if a.kind.name == "DISCARD" and not obs.hidden:
            c = concealed_counts(obs)
            c[a.tile] -= 1
            d = len(obs.melds[obs.seat])
            try:
                s = shanten(c, d)
            except ShantenError:
                return a
            un = unseen_counts(obs)
            rows.append([obs.seat.letter, s, sum(un[t] for t in useful_tiles(c, d)), sum(un), obs.drawable // len(obs.seats)])
        return a

    CautiousBot.act = spy
    out = []
    try:
        for i in range(hands):
            start = len(rows)
            o = play_hand(["expert"] * 4, seed=1000 + i, index=i, ruleset=ruleset)
            winner = None if o.winner is None else o.seats[o.winner]
            out.extend((s, live, un, d, seat == winner) for seat, s, live, un, d in rows[start:])
    finally:
        CautiousBot.act = act
    return out


def fit(rows) -> np.ndarray:
    X = np.array([features(s, live, un, d) for s, live, un, d, _ in rows])
    y = np.array([1.0 if w else 0.0 for *_, w in rows])
    w = np.zeros(X.shape[1])
    for _ in range(50):
        p = 1 / (1 + np.exp(-X @ w))
        g = X.T @ (y - p) - 1e-3 * w
        H = (X * (p * (1 - p))[:, None]).T @ X + 1e-3 * np.eye(len(w))
        w += np.linalg.solve(H, g)
    return w


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=250)
    ap.add_argument("--ruleset", default="pung-chow")
    a = ap.parse_args()
    rows = record(a.hands, a.ruleset)
    w = fit(rows)
    print(f"{len(rows)} discards of {a.hands} hands ({a.ruleset}); PLAN_CHANCE = {tuple(round(float(x), 4) for x in w)}")
    bands = collections.defaultdict(lambda: [0, 0, 0.0])
    for s, live, un, d, won in rows:
        p = 1 / (1 + np.exp(-np.dot(w, features(s, live, un, d))))
        b = bands[(min(s, 5), "early" if d > 15 else "mid" if d > 8 else "late")]
        b[0] += 1
        b[1] += won
        b[2] += p
    print("| shanten | wall | discards | won | model |\n|---:|---|---:|---:|---:|")
    for (s, wall), (n, won, p) in sorted(bands.items()):
        print(f"| {s} | {wall} | {n} | {won / n:.3f} | {p / n:.3f} |")


if __name__ == "__main__":
    main()
