"""RL env speed: env steps per second with random masked actions, single process,
next to RiichiEnv's random agent measured in the same run.

Run by hand (not a test), with the rl extra (and ``pip install riichienv``
for the comparison)::

    python bench/bench_rl.py                    # pung-chow, 3 rounds of 2 s each
    python bench/bench_rl.py --ruleset hong-kong --seconds 3 --rounds 5

A *step* is one decision of one player (a discard, a claim or a pass, ...),
in every row. The rows (each timed ``--rounds`` times for ``--seconds``,
taking turns, so a change of the machine's load hits them all; the best
round is printed):

engine        the engine alone: ``Game`` with a uniformly random legal
              action, no env (the ceiling of everything below)
aec           ``mahjongg.rl.raw_env``: ``observe(agent)`` (46-plane
              encoding + mask) then ``step(random masked action)``
aec-mask      the same, only the mask built (no encoding): the cost of the env
              machinery apart from the encoding
seat          ``SeatEnv`` against three random bots: the learner's steps
              (its bots' decisions are counted too, in ``decisions/s``)
vector-16     ``make_vec(16)``: 16 SeatEnvs stepped together, batched
riichienv     RiichiEnv 4p, single hand, its ``RandomAgent`` (the figure
              the issue quotes: no features made)
riichienv+enc the same with ``obs.encode()`` (74x34 features) and
              ``obs.mask()`` for every observation: what our ``aec`` row does

Ratios are ours / RiichiEnv's in the same run.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time

import numpy as np

from mahjongg.rl import SeatEnv, make_vec, raw_env
from mahjongg.rules import get_ruleset
from mahjongg.table import Game


def engine(ruleset: str, seconds: float, seed: int) -> tuple[float, float]:
    r = get_ruleset(ruleset)
    rng = random.Random(seed)
    steps = hands = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        g = Game(r, rng.randrange(2**32))
        while not g.is_over:
            s = g.to_act()[0]
            legal = g.legal_actions(s)
            g.apply(legal[rng.randrange(len(legal))])
            steps += 1
        hands += 1
    d = time.perf_counter() - start
    return steps / d, hands / d


def aec(ruleset: str, seconds: float, seed: int, encode: bool = True) -> tuple[float, float]:
    e = raw_env(ruleset, 4)
    rng = np.random.default_rng(seed)
    e.reset(seed=seed)
    t = e._t
    steps = hands = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        agent = e.agent_selection
        if e.terminations[agent]:
            e.reset()
            hands += 1
            continue
        if encode:
            mask = e.observe(agent)["action_mask"]
        else:
            mask = t.mask(e._player[agent])
        legal = np.flatnonzero(mask)
        e.step(int(legal[rng.integers(len(legal))]) if len(legal) > 1 else int(legal[0]))
        steps += 1
    d = time.perf_counter() - start
    return steps / d, hands / d


def seat(ruleset: str, seconds: float, seed: int) -> tuple[float, float, float]:
    e = SeatEnv(ruleset, opponents=("random",) * 3)
    rng = np.random.default_rng(seed)
    obs, _ = e.reset(seed=seed)
    steps = hands = 0
    decisions0 = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        legal = np.flatnonzero(obs["action_mask"])
        obs, r, done, _, _ = e.step(int(legal[rng.integers(len(legal))]))
        steps += 1
        if done:
            decisions0 += len([x for x in e.game.events if x.get("type") == "action"])
            obs, _ = e.reset()
            hands += 1
    d = time.perf_counter() - start
    return steps / d, hands / d, decisions0 / d


def vector(ruleset: str, seconds: float, seed: int, n: int = 16) -> tuple[float, float]:
    v = make_vec(n, ruleset, opponents=("random",) * 3)
    rng = np.random.default_rng(seed)
    obs, _ = v.reset(seed=seed)
    steps = hands = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        masks = obs["action_mask"]
        acts = [int(x[rng.integers(len(x))]) for x in map(np.flatnonzero, masks)]
        obs, r, term, trunc, info = v.step(acts)
        steps += n
        hands += int(term.sum())
    d = time.perf_counter() - start
    v.close()
    return steps / d, hands / d


def riichi(seconds: float, seed: int, features: bool) -> tuple[float, float] | None:
    try:
        from riichienv import RiichiEnv
        from riichienv.agents import RandomAgent
    except ImportError:
        return None
    agent = RandomAgent(seed)
    env = RiichiEnv()
    steps = hands = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        obs = env.reset()
        while not env.done():
            actions = {}
            for p, o in obs.items():
                if features:
                    np.frombuffer(o.encode(), dtype=np.float32)
                    o.mask()
                actions[p] = agent.act(o)
            steps += len(actions)
            obs = env.step(actions)
        hands += 1
    d = time.perf_counter() - start
    return steps / d, hands / d


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ruleset", default="pung-chow")
    ap.add_argument("--seconds", type=float, default=2.0, help="seconds per row per round")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    try:
        import riichienv

        rv = f"riichienv {riichienv.__version__ if hasattr(riichienv, '__version__') else '(installed)'}"
    except ImportError:
        rv = "riichienv not installed: pip install riichienv to compare"
    print(f"bench_rl: {args.ruleset}, seed {args.seed}, {args.rounds} rounds x {args.seconds} s per row; "
          f"CPython {platform.python_version()} on {platform.machine()}; {rv}")
    rows = {
        "engine": lambda s: engine(args.ruleset, args.seconds, s),
        "aec": lambda s: aec(args.ruleset, args.seconds, s),
        "aec-mask": lambda s: aec(args.ruleset, args.seconds, s, encode=False),
        "seat": lambda s: seat(args.ruleset, args.seconds, s),
        "vector-16": lambda s: vector(args.ruleset, args.seconds, s),
        "riichienv": lambda s: riichi(args.seconds, s, False),
        "riichienv+enc": lambda s: riichi(args.seconds, s, True),
    }
    best: dict[str, tuple] = {}
    for rnd in range(args.rounds):
        for name, f in rows.items():
            r = f(args.seed + rnd)
            if r is not None and (name not in best or r[0] > best[name][0]):
                best[name] = r
        print(f"  round {rnd + 1} done", file=sys.stderr, flush=True)
    print(f"{'row':14} {'steps/s':>10} {'hands/s':>9}  notes")
    for name, r in best.items():
        note = f"decisions/s with the bots' {r[2]:,.0f}" if len(r) > 2 else ""
        print(f"{name:14} {r[0]:10,.0f} {r[1]:9,.1f}  {note}")
    if "riichienv" in best:
        for ours in ("engine", "aec", "aec-mask", "vector-16"):
            print(f"ratio {ours} / riichienv: {best[ours][0] / best['riichienv'][0]:.3f}   "
                  f"{ours} / riichienv+enc: {best[ours][0] / best['riichienv+enc'][0]:.3f}")
    else:
        print("riichienv is not installed (pip install riichienv): no comparison in this run")


if __name__ == "__main__":
    main()
