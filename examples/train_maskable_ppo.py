"""Train sb3-contrib's MaskablePPO on mahjongg/PungChow-v0, then measure it on duplicate deals.

Needs the ``sb3`` extra (Stable-Baselines3, sb3-contrib and PyTorch; see the
README, *Train an agent*, for the size of the install)::

    pip install -e '.[sb3]'
    python examples/train_maskable_ppo.py                      # 40,000 steps against random bots, seed 1
    python examples/train_maskable_ppo.py --timesteps 200000 --opponents greedy,greedy,greedy

It saves the model (``--out``, Stable-Baselines3's ``.zip``) and exports its
policy beside it (``.npz``, :mod:`mahjongg.rl.export`), which every app seats
as the bot ``policy:FILE`` and plays with NumPy alone.

The learner is one seat of :class:`mahjongg.rl.SeatEnv` (``gymnasium.make``
of the registered id) against three bots, its planes flattened for
``MlpPolicy`` by :class:`mahjongg.rl.FlatObservation`, its mask given to
MaskablePPO by ``action_masks()``. Reward: the learner's chips of the hand
times ``--reward-scale``.

Then duplicate deals (as ``bench/bench_policy.py``): each deal is the first
hand of ``SeatEnv.reset(seed=EVAL_SEED + i)``, played with the learner at
every seat and the field's bots at the others (seeded by the play layer's
rule, ``bot_seed``), against a field of random bots and against a field of
greedy bots; the same deals are played with the random and the greedy bot in
the learner's place. Printed: chips per hand with a 95% interval (mean +-
1.96 standard errors over deals) and the model's margin over each bot on the
same deals, with the seeds.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path


def _positive(text: str) -> int:
    try:
        v = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"takes a whole number, not {text!r}") from None
    if v < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {v}")
    return v


def _out(text: str) -> Path:
    p = Path(text)
    if not p.parent.is_dir():
        raise argparse.ArgumentTypeError(f"the folder {p.parent} does not exist")
    return p


def interval(xs: list[float]) -> tuple[float, float, float]:
    """Mean and its 95% interval (mean +- 1.96 standard errors)."""
    n = len(xs)
    m = sum(xs) / n
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1)) if n > 1 else 0.0
    h = 1.96 * sd / math.sqrt(n)
    return m, m - h, m + h


def duplicate(choose, ruleset: str, field: str, deals: int, eval_seed: int) -> list[float]:
    """Per deal, the learner's mean chips over its seatings against three ``field`` bots.

    ``choose(env, obs, seat)`` gives the learner's action index."""
    from mahjongg.rl import SeatEnv

    out = []
    for i in range(deals):
        total = 0.0
        for seat in range(4):
            e = SeatEnv(ruleset, opponents=(field,) * 3, seat=seat)
            obs, _ = e.reset(seed=eval_seed + i)
            done = False
            while not done:
                obs, r, done, _, _ = e.step(choose(e, obs, seat, eval_seed + i))
                total += r
        out.append(total / 4)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ruleset", default="pung-chow")
    ap.add_argument("--opponents", default="random,random,random", help="the three training bots")
    ap.add_argument("--timesteps", type=_positive, default=40_000, help="learner steps of training")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--reward-scale", type=float, default=0.01)
    ap.add_argument("--n-steps", type=_positive, default=2048, help="learner steps per PPO update")
    ap.add_argument("--deals", type=_positive, default=200, help="duplicate deals of the measurement (x4 seatings)")
    ap.add_argument("--eval-seed", type=int, default=2026)
    ap.add_argument("--out", type=_out, default=Path("maskable-ppo-pung-chow.zip"))
    args = ap.parse_args(argv)
    try:
        import gymnasium
        import torch
        from sb3_contrib import MaskablePPO
    except ImportError as e:
        ap.error(f"needs the sb3 extra (pip install -e '.[sb3]'): {e}")
    import mahjongg.rl
    from mahjongg.bots import make_bot
    from mahjongg.errors import MahjonggError
    from mahjongg.play.seeds import bot_seed
    from mahjongg.rl.export import export_policy

    torch.set_num_threads(1)  # a small net and a single-threaded env: more threads only contend
    opponents = tuple(b.strip() for b in args.opponents.split(","))
    try:
        env = mahjongg.rl.FlatObservation(
            gymnasium.make(mahjongg.rl.ENV_IDS.get(args.ruleset, args.ruleset), opponents=opponents, reward_scale=args.reward_scale)
        )
    except (MahjonggError, gymnasium.error.Error) as e:
        ap.error(str(e).splitlines()[0])
    env.reset(seed=args.seed)
    model = MaskablePPO(
        "MlpPolicy", env, seed=args.seed, n_steps=args.n_steps, batch_size=min(256, args.n_steps), n_epochs=5, gamma=0.99,
        ent_coef=0.01, learning_rate=3e-4, policy_kwargs={"net_arch": [128, 128]}, device="cpu", verbose=0,
    )
    start = time.perf_counter()
    model.learn(total_timesteps=args.timesteps)
    took = time.perf_counter() - start
    model.save(args.out)
    print(f"trained MaskablePPO on {env.unwrapped.spec.id if env.unwrapped.spec else args.ruleset} against {', '.join(opponents)}: "
          f"{args.timesteps:,} learner steps, seed {args.seed}, {took / 60:.1f} min; saved {args.out}")
    # the same policy as a file the policy:FILE bot plays with NumPy alone (arena, play, serve)
    npz = args.out.with_suffix(".npz")
    export_policy(model, npz, seed=args.seed, timesteps=args.timesteps, opponents=list(opponents))
    print(f"exported the policy to {npz}: mahjongg arena --challenger policy:{npz} --ruleset {args.ruleset} --field greedy")

    def by_model(e, obs, seat, deal_seed):
        flat = obs["observation"].reshape(-1)
        action, _ = model.predict(flat, action_masks=obs["action_mask"].astype(bool), deterministic=True)
        return int(action)

    def by_bot(name):
        bots = {}

        def choose(e, obs, seat, deal_seed):
            key = (id(e), deal_seed)
            if key not in bots:  # the learner's seat seeded as the play layer seeds player `seat` of hand 0
                bots.clear()
                bots[key] = make_bot(name, bot_seed(deal_seed, 0, seat))
            g = e.game
            s = e.table.seat_of(seat)
            return e.action_table.index(bots[key].act(g.observation(s), g.legal_actions(s)))

        return choose

    print(f"duplicate deals: {args.deals} x 4 seatings, deal seeds {args.eval_seed}..{args.eval_seed + args.deals - 1}")
    for field in ("random", "greedy"):
        res = {}
        for name, choose in (("model", by_model), ("random", by_bot("random")), ("greedy", by_bot("greedy"))):
            t0 = time.perf_counter()
            res[name] = duplicate(choose, args.ruleset, field, args.deals, args.eval_seed)
            m, lo, hi = interval(res[name])
            print(f"  {name:6} vs 3 {field:6}: {m:+8.2f} chips/hand  95% CI [{lo:+.2f}, {hi:+.2f}]  "
                  f"({args.deals * 4 / (time.perf_counter() - t0):.0f} hands/s)")
        for other in ("random", "greedy"):
            m, lo, hi = interval([a - b for a, b in zip(res["model"], res[other])])
            print(f"  model - {other} (vs {field}, same deals): {m:+.2f} chips/hand  95% CI [{lo:+.2f}, {hi:+.2f}]")
    return 0


if __name__ == "__main__":
    sys.exit(main())
