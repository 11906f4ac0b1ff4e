"""Train a Mah-Jongg policy on ``SeatEnv`` with REINFORCE, NumPy only, and plot its learning curve.

    pip install -e '.[rl]'
    python examples/train_policy_gradient.py --hands 20000 --seed 1

The learner (player 0) plays hands of Pung Chow against three ``random``
bots (``--opponents`` to change them); East passes round the table from hand
to hand. Its policy is :class:`mahjongg.rl.policy.LinearPolicy` (a softmax
over the legal actions of linear scores of the observation; zero weights at
the start: a uniformly random legal action). After every batch of hands the
weights move along the policy gradient, each decision's gradient weighted by
its hand's chips less the batch's mean (REINFORCE with a baseline), with
Adam. The reward is the chips of the hand's settlement, scaled by 1/100 and
clipped to +-5 for the update only (Pung Chow without a limit has hands
worth thousands); every figure printed or plotted is in plain chips.

Writes the policy (``--out``, default ``policy-pung-chow.npz``: play it with
``mahjongg simulate --bots policy:policy-pung-chow.npz,random,random,random``)
and the learning curve (``--plot``, default ``learning-curve.png``): mean
chips per hand of the learner against training hands, each window's mean
with its 95% band (mean +- 1.96 standard errors of the window's hands), and
the levels of the ``greedy`` and ``random`` bots in the learner's seat
against the same opponents *on the same deals*: the first ``--level-hands``
training hands (the env's hands after ``reset(seed=S)`` are the hands
``mahjongg simulate --seed S`` plays), each level a line with its 95% band.
``bench/bench_policy.py`` measures the trained policy on duplicate deals.
"""

from __future__ import annotations

import argparse
import os
import time

import numpy as np

from mahjongg.errors import MahjonggError
from mahjongg.rl import SeatEnv
from mahjongg.rl.policy import LinearPolicy
from mahjongg.simulate import simulate


class Adam:
    def __init__(self, size: int, lr: float) -> None:
        self.lr, self.m, self.v, self.t = lr, np.zeros(size), np.zeros(size), 0

    def step(self, theta: np.ndarray, grad: np.ndarray) -> None:  # gradient ascent
        self.t += 1
        self.m = 0.9 * self.m + 0.1 * grad
        self.v = 0.999 * self.v + 0.001 * grad * grad
        mh = self.m / (1 - 0.9**self.t)
        vh = self.v / (1 - 0.999**self.t)
        theta += self.lr * mh / (np.sqrt(vh) + 1e-8)


def train(args, env: SeatEnv) -> tuple[LinearPolicy, list[float]]:
    policy = LinearPolicy(env.action_table)
    opt = Adam(policy.size, args.lr)
    rng = np.random.default_rng(args.seed)
    chips: list[float] = []
    obs, info = env.reset(seed=args.seed)
    start = time.perf_counter()
    while len(chips) < args.hands:
        batch = []  # (gradient of log-probability summed over the hand, chips)
        for _ in range(args.batch):
            grad = np.zeros(policy.size)
            total, done = 0.0, False
            while not done:
                a, phi, p, j = policy.choose(obs["observation"], obs["action_mask"], rng)
                if len(p) > 1:
                    grad += phi[j] - p @ phi
                obs, r, done, _, info = env.step(a)
                total += r
            batch.append((grad, total))
            chips.append(total)
            obs, info = env.reset()
        rewards = np.clip(np.array([c for _, c in batch]) / 100.0, -5.0, 5.0)
        adv = rewards - rewards.mean()
        if adv.any():
            g = sum(a * gr for a, (gr, _) in zip(adv, batch)) / len(batch)
            opt.step(policy.theta, g)
        if len(chips) % args.report < args.batch or len(chips) >= args.hands:
            recent = chips[-args.report :]
            print(
                f"{len(chips):6d} hands  mean chips (last {len(recent)}) {np.mean(recent):+8.2f}  "
                f"{len(chips) / (time.perf_counter() - start):6.1f} hands/s",
                flush=True,
            )
    return policy, chips


def band(xs) -> tuple[float, float]:
    """Mean and the half-width of its 95% interval (1.96 standard errors)."""
    x = np.asarray(xs, dtype=float)
    return float(x.mean()), float(1.96 * x.std(ddof=1) / np.sqrt(len(x))) if len(x) > 1 else 0.0


def level(bot: str, args) -> tuple[float, float]:
    """``bot`` in the learner's seat against the same opponents on the first
    ``--level-hands`` training deals (the same seed: the same hands, East
    passing round alike): its mean chips per hand and the 95% half-width."""
    bots = [bot, *args.opponents.split(",")]
    per_hand: list[float] = []
    simulate(args.level_hands, bots, ruleset=args.ruleset, seed=args.seed, on_hand=lambda h: per_hand.append(h.net[0]))
    return band(per_hand)


def plot(chips: list[float], levels: dict[str, float], args) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    w = args.window
    if len(chips) < 2 * w:  # a short run: ten points of its own, not one (or none)
        w = max(1, len(chips) // 10)
    c = np.array(chips)
    xs = np.arange(w, len(c) + 1, w)
    bands = [band(c[x - w : x]) for x in xs]
    ys = np.array([m for m, _ in bands])
    hs = np.array([h for _, h in bands])
    fig, ax = plt.subplots(figsize=(8, 4.5))
    ax.plot(xs, ys, marker="o", label=f"learner (mean of each {w} training hands, 95% band)")
    ax.fill_between(xs, ys - hs, ys + hs, alpha=0.2)
    for name, (v, h) in levels.items():
        colour = {"greedy": "tab:green", "random": "tab:red"}.get(name)
        ax.axhline(v, linestyle="--", color=colour, label=f"{name} bot, first {args.level_hands} deals: {v:+.1f} +- {h:.1f}")
        ax.axhspan(v - h, v + h, color=colour, alpha=0.12)
    ax.set_xlim(left=0)
    ax.set_xlabel("training hands")
    ax.set_ylabel("mean chips per hand")
    ax.set_title(f"REINFORCE on SeatEnv({args.ruleset!r}) vs {args.opponents} (seed {args.seed})")
    ax.grid(alpha=0.3)
    ax.margins(y=0.08)
    ax.legend(loc="best")  # not over the curve of a short run
    fig.tight_layout()
    fig.savefig(args.plot, dpi=110)


def at_least_one(text: str) -> int:
    """A whole number of 1 or more (hands, a batch, a window), for argparse's one-line error."""
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"takes a whole number, not {text!r}") from None
    if number < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {number}")
    return number


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ruleset", default="pung-chow")
    ap.add_argument("--opponents", default="random,random,random", help="three bot names, comma-separated")
    ap.add_argument("--hands", type=at_least_one, default=20000, help="training hands")
    ap.add_argument("--batch", type=at_least_one, default=50, help="hands per update")
    ap.add_argument("--lr", type=float, default=0.01)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--report", type=at_least_one, default=1000, help="print every this many hands")
    ap.add_argument("--window", type=at_least_one, default=1000, help="hands per point of the curve")
    ap.add_argument("--level-hands", type=at_least_one, default=2000, help="hands to measure the bots' levels on")
    ap.add_argument("--out", default=None, help="policy file (default policy-RULESET.npz)")
    ap.add_argument("--plot", default="learning-curve.png")
    args = ap.parse_args()
    args.out = args.out or f"policy-{args.ruleset}.npz"
    # every bad value is one line before the training starts, not a traceback after it
    for option, path in (("--out", args.out), ("--plot", args.plot)):
        folder = os.path.dirname(path) or "."
        if not os.path.isdir(folder):
            ap.error(f"argument {option}: the folder {folder} does not exist")
    try:
        env = SeatEnv(args.ruleset, opponents=tuple(args.opponents.split(",")), seat=0)
    except MahjonggError as exc:
        ap.error(str(exc))
    print(f"training on {args.ruleset} against {args.opponents}, seed {args.seed}")
    policy, chips = train(args, env)
    policy.save(args.out, seed=args.seed, hands=args.hands, opponents=args.opponents)
    print(f"policy written to {args.out}")
    levels = {b: level(b, args) for b in ("greedy", "random")}
    print(f"levels on the first {args.level_hands} training deals (95% intervals): "
          + ", ".join(f"{b} {v:+.2f} [{v - h:+.2f}, {v + h:+.2f}]" for b, (v, h) in levels.items()))
    plot(chips, levels, args)
    print(f"learning curve written to {args.plot}")


if __name__ == "__main__":
    main()
