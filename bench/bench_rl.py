"""RL env speed: steps, decisions and hands per second with random masked actions,
single process, next to RiichiEnv (with and without its logging) measured in the same run.

Run by hand (not a test), with the rl extra (and ``pip install riichienv``
for the comparison)::

    python bench/bench_rl.py                         # pung-chow, 5 rounds of 2 s per row
    python bench/bench_rl.py --ruleset hong-kong --seconds 3 --rounds 7
    python bench/bench_rl.py --baseline ../main/src  # also the env rows of another checkout, same rounds
    python bench/bench_rl.py --only env,riichienv+enc
    python bench/bench_rl.py --profile               # where the time of a step goes
    python bench/bench_rl.py --check-planes 2000     # the fast planes against encode(), 2000 hands

A *step* is one call of ``step`` (one answer of one player: a discard, a
claim, a pass, ...); a *decision* is a step whose acting seat had two legal
actions or more (a lone Pass is a step, not a decision); *hands/s* counts
whole hands. The rows are each timed ``--rounds`` times for ``--seconds``,
taking turns, so a change of the machine's load hits them all; each ratio
is the median over the rounds of the ratio *within* a round. Time is this
process's CPU time (``time.process_time``; ``--wall`` for the wall clock):
on a shared machine the other processes' load then counts far less. Every
row picks its random action with Python's ``random`` (``rng.choice`` of the
legal actions, as RiichiEnv's ``RandomAgent``; ours from ``mask.nonzero()``).

engine        the engine alone: ``Game`` with a uniformly random legal
              action, no env (the ceiling of everything below)
env           ``mahjongg.rl.env(ruleset)`` as the README shows it:
              ``observe(agent)`` (46 planes + mask) then ``step(random
              masked action)``; its default ``claims="able"``: a seat is
              asked only when it can claim (what RiichiEnv asks)
env-all       the same with ``claims="all"``: every other seat answers
              every discard (most of those steps are a lone Pass)
env-able      ``claims="able"`` named (the same as ``env`` now)
raw           ``raw_env(ruleset)`` (no illegal-action reward), its default
seat          ``SeatEnv`` against three random bots, ``reset``/``step`` as
              Gymnasium: its figure counts the learner's and the bots'
              decisions; the learner's steps are in the notes
vector-16     ``make_vec(16)``: 16 SeatEnvs stepped together (learner steps)
riichienv     RiichiEnv 4p, single hand, a random legal action, no features,
              its MJAI log kept (its default)
riichienv+enc the same with ``obs.encode()`` (74x34 features) and
              ``obs.mask()`` for every observation: what our env rows do
riichienv-nolog, riichienv-nolog+enc
              the same two with ``RiichiEnv(skip_mjai_logging=True)``
tree:ROW, base:ROW
              with ``--baseline SRC``: the rows ``env-all`` and ``env-able``
              timed in child processes from this checkout and from SRC

Ratios are ours / RiichiEnv's in decisions/s and hands/s, like for like:
our env rows (features and masks made at every step) against
``riichienv+enc`` and ``riichienv-nolog+enc``.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time

import numpy as np

from mahjongg.rl import SeatEnv, env as documented_env, make_vec, raw_env
from mahjongg.rules import get_ruleset
from mahjongg.table import Game


clock = time.process_time
"""The clock of every row: this process's CPU time (``--wall``: wall-clock time),
so that the other processes of a shared machine do not count."""


def engine(ruleset: str, seconds: float, seed: int) -> tuple[float, float, float]:
    """The engine alone (``Game``, its own claims="able"): (steps/s, decisions/s, hands/s)."""
    r = get_ruleset(ruleset)
    rng = random.Random(seed)
    steps = hands = decisions = 0
    start = clock()
    while clock() - start < seconds:
        g = Game(r, rng.randrange(2**32))
        while not g.is_over:
            s = g.to_act()[0]
            legal = g.legal_actions(s)
            n = len(legal)
            decisions += n > 1
            g.apply(legal[rng.randrange(n)])
            steps += 1
        hands += 1
    d = clock() - start
    return steps / d, decisions / d, hands / d


def aec(ruleset: str, seconds: float, seed: int, make=documented_env, claims: str | None = None) -> tuple[float, float, float]:
    """The AEC env (``claims``: the env's default when None): (steps/s, decisions/s, hands/s).
    A decision is a step whose mask holds two legal actions or more."""
    e = make(ruleset, 4) if claims is None else make(ruleset, 4, claims=claims)
    rng = random.Random(seed)  # as the RiichiEnv rows choose (numpy's Generator.integers takes 4x the time)
    e.reset(seed=seed)
    steps = hands = decisions = 0
    start = clock()
    while clock() - start < seconds:  # the clock read once a hand, as in the RiichiEnv rows (a read is a system call)
        while not e.terminations[e.agent_selection]:
            mask = e.observe(e.agent_selection)["action_mask"]
            legal = mask.nonzero()[0]  # np.flatnonzero's checks take 4x the time
            n = len(legal)
            if n > 1:
                decisions += 1
                e.step(int(legal[rng.randrange(n)]))
            else:
                e.step(int(legal[0]))
            steps += 1
        e.reset()
        hands += 1
    d = clock() - start
    return steps / d, decisions / d, hands / d


def seat(ruleset: str, seconds: float, seed: int) -> tuple[float, float, float, float]:
    """SeatEnv: (steps/s and decisions/s of learner and bots, hands/s, learner steps/s).
    The bots are asked only where they have a decision, so every step is one."""
    e = SeatEnv(ruleset, opponents=("random",) * 3)
    rng = np.random.default_rng(seed)
    obs, _ = e.reset(seed=seed)
    steps = hands = decisions = 0
    start = clock()
    while clock() - start < seconds:  # the clock read once a hand
        done = False
        while not done:
            legal = np.flatnonzero(obs["action_mask"])
            obs, r, done, _, _ = e.step(int(legal[rng.integers(len(legal))]))
            steps += 1
        decisions += sum(1 for x in e.game.events if x["type"] == "action")
        obs, _ = e.reset()
        hands += 1
    d = clock() - start
    return decisions / d, decisions / d, hands / d, steps / d


def vector(ruleset: str, seconds: float, seed: int, n: int = 16) -> tuple[float, float, float]:
    """``make_vec(n)``: (learner steps/s, the same as decisions/s, hands/s)."""
    v = make_vec(n, ruleset, opponents=("random",) * 3)
    rng = np.random.default_rng(seed)
    obs, _ = v.reset(seed=seed)
    steps = hands = 0
    start = clock()
    while clock() - start < seconds:
        masks = obs["action_mask"]
        acts = [int(x[rng.integers(len(x))]) for x in map(np.flatnonzero, masks)]
        obs, r, term, trunc, info = v.step(acts)
        steps += n
        hands += int(term.sum())
    d = clock() - start
    v.close()
    return steps / d, steps / d, hands / d


def riichi(seconds: float, seed: int, features: bool, logging: bool = True) -> tuple[float, float, float] | None:
    """RiichiEnv 4p, one hand an episode, a random legal action for every observation
    (what its ``RandomAgent.act`` does: ``rng.choice(obs.legal_actions())``);
    ``features``: ``obs.encode()`` and ``obs.mask()`` too; ``logging``: its MJAI log
    kept (its default; ``RiichiEnv(skip_mjai_logging=True)`` without).
    (steps/s, decisions/s, hands/s)."""
    try:
        from riichienv import RiichiEnv
    except ImportError:
        return None
    rng = random.Random(seed)
    env = RiichiEnv(skip_mjai_logging=not logging)
    steps = hands = decisions = 0
    start = clock()
    while clock() - start < seconds:
        obs = env.reset()
        while not env.done():
            actions = {}
            for p, o in obs.items():
                if features:
                    np.frombuffer(o.encode(), dtype=np.float32)
                    o.mask()
                legal = o.legal_actions()
                decisions += len(legal) > 1
                actions[p] = rng.choice(legal)
            steps += len(actions)
            obs = env.step(actions)
        hands += 1
    d = clock() - start
    return steps / d, decisions / d, hands / d


def profile(ruleset: str, seconds: float, seed: int) -> None:
    """Where the time of a documented env step goes (cProfile, so every share is
    inflated alike): the engine, the planes, the mask, the rest of the env."""
    import cProfile
    import pstats

    prof = cProfile.Profile()
    prof.enable()
    aec(ruleset, seconds, seed)
    prof.disable()
    st = pstats.Stats(prof)
    total = sum(v[2] for v in st.stats.values())  # every function's own time
    cum = {("/".join(f[0].replace(os.sep, "/").split("/")[-2:]), f[2]): v[3] for f, v in st.stats.items()}
    loop = cum.get(("bench/bench_rl.py", "aec")) or max(cum.values())

    def share(*keys):
        return sum(cum.get(k, 0.0) for k in keys) / loop

    parts = {
        "engine (Game.apply, legal_actions)": share(("table/game.py", "apply"), ("table/game.py", "legal_actions")),
        "planes: reading events (sync, resync)": share(("rl/planes.py", "sync")),
        "planes: one seat's array (observe)": share(("rl/planes.py", "observe")),
        "mask (indices of the legal actions)": share(("rl/core.py", "mask")) - share(("table/game.py", "legal_actions")),
    }
    print(f"profile of env({ruleset!r}) for {seconds} s ({total:.2f} s of own time):")
    for k, v in parts.items():
        print(f"  {k:40} {100 * v:5.1f} %")
    print(f"  {'the rest (AEC bookkeeping, the loop)':40} {100 * (1 - sum(parts.values())):5.1f} %")


def check_planes(ruleset: str | None, hands: int, seed: int) -> None:
    """The planes the envs hand out (kept from events) against the reference
    encoding (encode of each seat's Observation), every seat at every step."""
    from mahjongg.rl import action_table, encode
    from mahjongg.rl.planes import Planes
    from mahjongg.rules import RULESETS

    names = [ruleset] if ruleset else sorted(RULESETS)
    rng = random.Random(seed)
    compared = 0
    for name in names:
        r = get_ruleset(name)
        table = action_table(r)
        for h in range(hands):
            n = (4, 4, 3, 2)[h % 4]
            g = Game(r, rng.randrange(2**32), n)
            p = Planes(table, n, r.reserved_tiles)
            p.resync(g)
            while True:
                for s in range(n):
                    waiting = g.phase == "claims" and s in g.to_act()
                    if not np.array_equal(p.observe(s, waiting), encode(g.observation(s), table)):
                        raise SystemExit(f"planes differ: {name}, hand seed {g.seed}, {n} players, seat {s}, event {len(g.events)}")
                    compared += 1
                if g.is_over:
                    break
                s = g.to_act()[0]
                legal = g.legal_actions(s)
                g.apply(legal[rng.randrange(len(legal))])
                p.sync()
    print(f"planes equal to encode(): {compared:,} observations, {hands} hands x {len(names)} rulesets (2-4 players), seed {seed}")


def rows(ruleset: str, seconds: float) -> dict:
    """Every row: name -> f(seed) -> (steps/s, decisions/s, hands/s[, learner steps/s]) or None."""
    return {
        "engine": lambda s: engine(ruleset, seconds, s),
        "env": lambda s: aec(ruleset, seconds, s),
        "env-all": lambda s: aec(ruleset, seconds, s, claims="all"),
        "env-able": lambda s: aec(ruleset, seconds, s, claims="able"),
        "raw": lambda s: aec(ruleset, seconds, s, make=raw_env),
        "seat": lambda s: seat(ruleset, seconds, s),
        "vector-16": lambda s: vector(ruleset, seconds, s),
        "riichienv": lambda s: riichi(seconds, s, False),
        "riichienv+enc": lambda s: riichi(seconds, s, True),
        "riichienv-nolog": lambda s: riichi(seconds, s, False, logging=False),
        "riichienv-nolog+enc": lambda s: riichi(seconds, s, True, logging=False),
    }


BASELINE_ROWS = ("env-all", "env-able")
"""The rows timed from ``--baseline SRC`` (another checkout's ``src``) and from this
tree, each in a child process of its own, in the same rounds: before/after ratios
within a round (rows ``tree:`` and ``base:``)."""


def baseline_row(src: str, name: str, args, seed: int) -> tuple | None:
    """Row ``name`` timed by this script in a child process with ``src`` first on the path."""
    import json
    import subprocess

    env = dict(os.environ, PYTHONPATH=src)
    out = subprocess.run(
        [sys.executable, __file__, "--row", name, "--ruleset", args.ruleset, "--seconds", str(args.seconds), "--seed", str(seed)]
        + (["--wall"] if args.wall else []),
        env=env, capture_output=True, text=True, check=True,
    )
    return json.loads(out.stdout)


def ratio_line(runs: dict, ours: str, base: str, i: int) -> str | None:
    """``ours / base`` of column ``i``: the median over rounds of the ratio within each round, and its range."""
    pairs = [(a[i] / b[i]) for a, b in zip(runs.get(ours, []), runs.get(base, [])) if a and b]
    if not pairs:
        return None
    return f"{statistics.median(pairs):.2f} ({min(pairs):.2f}-{max(pairs):.2f})"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ruleset", default="pung-chow")
    ap.add_argument("--seconds", type=float, default=2.0, help="seconds per row per round")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--wall", action="store_true", help="time by the wall clock, not this process's CPU time")
    ap.add_argument("--profile", action="store_true", help="then profile the documented env's step")
    ap.add_argument("--check-planes", type=int, metavar="HANDS", help="only compare the planes with encode() over HANDS hands per ruleset")
    ap.add_argument("--baseline", metavar="SRC", help="also time the env rows from SRC (another checkout's src folder) in the same rounds")
    ap.add_argument("--only", metavar="ROWS", help="time only these rows (comma-separated names)")
    ap.add_argument("--row", help=argparse.SUPPRESS)  # one row once, as JSON (the --baseline child)
    args = ap.parse_args()
    global clock
    if args.wall:
        clock = time.perf_counter
    if args.row:
        import json

        print(json.dumps(rows(args.ruleset, args.seconds)[args.row](args.seed)))
        return
    if args.check_planes:
        check_planes(None, args.check_planes, args.seed)
        return
    try:
        import riichienv

        rv = f"riichienv {riichienv.__version__ if hasattr(riichienv, '__version__') else '(installed)'}"
    except ImportError:
        rv = "riichienv not installed: pip install riichienv to compare"
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"bench_rl: {args.ruleset}, seed {args.seed}, {args.rounds} rounds x {args.seconds} s per row; "
          f"CPython {platform.python_version()} on {platform.machine()}, {os.cpu_count()} CPUs, load {load:.1f} at the start; {rv}")
    table = rows(args.ruleset, args.seconds)
    if args.only:
        keep = args.only.split(",")
        unknown = [k for k in keep if k not in table]
        if unknown:
            raise SystemExit(f"bench_rl: no row {', '.join(unknown)} (rows: {', '.join(table)})")
        table = {k: v for k, v in table.items() if k in keep}
    if args.baseline:  # both trees in child processes alike (a fresh process each time)
        here = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "src")
        for name in BASELINE_ROWS:
            table[f"tree:{name}"] = lambda s, name=name: baseline_row(here, name, args, s)
            table[f"base:{name}"] = lambda s, name=name: baseline_row(args.baseline, name, args, s)
    runs: dict[str, list[tuple]] = {name: [] for name in table}
    for rnd in range(args.rounds):
        for name, f in table.items():
            r = f(args.seed + rnd)
            if r is not None:
                runs[name].append(r)
        print(f"  round {rnd + 1} done", file=sys.stderr, flush=True)
    print(f"{'row':20} {'steps/s':>9} {'decisions/s':>12} {'hands/s':>8} {'dec/hand':>9}  (median of {args.rounds} rounds)  notes")
    for name, rs in runs.items():
        if not rs:
            continue
        med = [statistics.median(r[i] for r in rs) for i in range(len(rs[0]))]
        note = f"learner steps/s {med[3]:,.0f}" if len(med) > 3 else ""
        print(f"{name:20} {med[0]:9,.0f} {med[1]:12,.0f} {med[2]:8,.1f} {med[1] / med[2]:9,.1f}  {note}")
    ours = [k for k in runs if not k.startswith("riichienv") and runs[k]]
    bases = [b for b in ("riichienv+enc", "riichienv-nolog+enc", "riichienv", "riichienv-nolog") if runs.get(b)]
    if bases:
        print("ratios, decisions/s and hands/s (median over rounds of the ratio within each round, and the rounds' range):")
        for o in ours:
            for b in bases[:2]:
                print(f"  {o:18} / {b:20} decisions {ratio_line(runs, o, b, 1)}   hands {ratio_line(runs, o, b, 2)}")
        if runs.get("riichienv") and runs.get("riichienv-nolog"):
            print(f"  RiichiEnv's logging: with / without, decisions/s: {ratio_line(runs, 'riichienv', 'riichienv-nolog', 1)}, "
                  f"with the encoder {ratio_line(runs, 'riichienv+enc', 'riichienv-nolog+enc', 1)}")
    else:
        print("riichienv is not installed (pip install riichienv): no comparison with it in this run")
    if args.baseline:
        print(f"this tree / --baseline {args.baseline}, same rows in the same rounds:")
        for name in BASELINE_ROWS:
            print(f"  {name:18} decisions {ratio_line(runs, 'tree:' + name, 'base:' + name, 1)}   hands {ratio_line(runs, 'tree:' + name, 'base:' + name, 2)}")
        print(f"  the default before issue 41 (claims='all') -> now (claims='able'): base:env-all -> tree:env-able, "
              f"decisions {ratio_line(runs, 'tree:env-able', 'base:env-all', 1)}   hands {ratio_line(runs, 'tree:env-able', 'base:env-all', 2)}")
    if args.profile:
        profile(args.ruleset, args.seconds, args.seed)


if __name__ == "__main__":
    main()
