"""Whole hands per second, single process: random bots and greedy bots, every ruleset.

Run by hand (not a test)::

    python bench/bench_table.py                    # pung-chow and every other ruleset
    python bench/bench_table.py -n 500 --greedy 150 --repeat 5 --ruleset pung-chow
    python bench/bench_table.py --profile          # where a random-bot hand's time goes
    python bench/bench_table.py --cpu-time --no-baseline --ruleset pung-chow   # on a busy machine

Each hand is a full :class:`mahjongg.table.Game` played to its end (deal,
draws, discards, claims, scoring of every hand, settlement), each seat driven
by a bot that sees only its observation -- exactly what
:func:`mahjongg.simulate.play_hand` (``mahjongg simulate``) does per hand.

The named baseline, measured in the same run on the same hand seeds:
``src/mahjongg/table/game.py`` at commit 50f7909 (read from git), the engine as it was before the speed work
(commit 50f7909; same rules, log and observations, built the slow way). The
two engines' passes alternate ``--repeat`` times and each keeps its fastest
pass, so the ratio survives a busy machine better than the absolute figures
(the load average is printed: other jobs share this machine). The bots, the
scorer and the shanten tables are the current ones for both. The timed hands
are first played once, untimed (the lookup tables fill lazily: the figures are
those of warm tables, for both engines).

Targets (issue 3): 1,000 hands/s with random bots, 200 with greedy bots.

For scale, the script also times :func:`floor_hand`: a bare draw/discard loop
of the same length with no rules at all -- what the language alone costs for
a hand of random play.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import platform
import pstats
import sys
import time
from pathlib import Path

from mahjongg.bots import make_bot
from mahjongg.rules import RULESETS, get_ruleset
from mahjongg.table import Game
from mahjongg.tiles import Wind

BASELINE_REV = "50f7909"
"""The commit whose ``src/mahjongg/table/game.py`` is the named baseline: the
engine before the speed work of issue 3."""


def load_baseline_game(rev: str = BASELINE_REV):
    """The ``Game`` class of ``src/mahjongg/table/game.py`` at ``rev``, read from
    git and run against the package's current other modules (its relative
    imports made absolute); ``None`` when git or the revision is unavailable."""
    import re
    import subprocess
    import types

    root = Path(__file__).resolve().parent.parent
    try:
        source = subprocess.run(
            ["git", "show", f"{rev}:src/mahjongg/table/game.py"],
            cwd=root, capture_output=True, text=True, check=True,
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    source = re.sub(r"from \.\.(\w)", r"from mahjongg.\1", source)
    source = re.sub(r"from \.(\w)", r"from mahjongg.table.\1", source)
    module = types.ModuleType("baseline_game")
    module.__file__ = f"{rev}:src/mahjongg/table/game.py"
    sys.modules[module.__name__] = module
    exec(compile(source, module.__file__, "exec"), module.__dict__)
    return module.Game


BaselineGame = load_baseline_game()


def play(game_cls, ruleset, bots, seed: int, index: int) -> int:
    """One hand as :func:`mahjongg.simulate.play_hand` plays it; returns the actions taken."""
    n = len(bots)
    game = game_cls(ruleset, seed, n)
    players = [make_bot(b, (seed << 3) | p) for p, b in enumerate(bots)]
    by_seat = {Wind((p - index) % n): players[p] for p in range(n)}
    actions = 0
    while not game.is_over:
        seat = game.to_act()[0]
        game.apply(by_seat[seat].act(game.observation(seat), game.legal_actions(seat)))
        actions += 1
    game.result.net  # noqa: B018 - what play_hand reads
    return actions


CLOCK = time.perf_counter
"""The clock of :func:`rate`: wall time, or this process's CPU time (``--cpu-time``: on a
machine shared with other jobs, the time other processes hold the CPU is not counted)."""


def rate(game_cls, ruleset, bots, seeds) -> float:
    start = CLOCK()
    for i, s in enumerate(seeds):
        play(game_cls, ruleset, bots, s, i)
    return len(seeds) / (CLOCK() - start)


def measure(ruleset_name: str, bots, n: int, seed: int, repeat: int, baseline: bool) -> tuple[float, float | None]:
    """(hands/s now, hands/s of the baseline engine): the best of ``repeat`` alternating passes."""
    r = get_ruleset(ruleset_name)
    seeds = [seed * 1_000_003 + n + i for i in range(n)]
    # warm-up: the timed hands themselves, untimed, so both engines' timed passes find the
    # lookup tables (shanten, waits, scoring memos) filled for them -- otherwise whichever
    # engine runs first pays for filling them and the other does not
    rate(Game, r, bots, seeds)
    best, best_base = 0.0, 0.0
    for _ in range(repeat):
        best = max(best, rate(Game, r, bots, seeds))
        if baseline:
            best_base = max(best_base, rate(BaselineGame, r, bots, seeds))
    return best, (best_base if baseline else None)


def floor_hand(seed: int) -> int:
    """The least a random-bot hand can cost in CPython, for scale: shuffle, deal, and
    draw/discard until 14 tiles are left, each seat choosing at random among its
    discards (a list of action tuples per decision, an event dict per action) --
    no claims, no Mah-Jongg checks, no observations, no scoring, no settlement."""
    import random
    from itertools import compress

    rng = random.Random(seed)
    bots = [random.Random((seed << 3) | p) for p in range(4)]
    wall = [t for t in range(34) for _ in range(4)]
    rng.shuffle(wall)
    counts = [[0] * 34 for _ in range(4)]
    for s in range(4):
        for t in wall[13 * s : 13 * s + 13]:
            counts[s][t] += 1
    pos, seat, events = 53, 0, []
    counts[0][wall[52]] += 1
    while pos < len(wall) - 14:
        legal = list(compress(_FLOOR_ACTS[seat], counts[seat]))
        _, _, t = legal[bots[seat].randrange(len(legal))]
        events.append({"type": "action", "seat": seat, "tile": t})
        counts[seat][t] -= 1
        seat = (seat + 1) % 4
        t = wall[pos]
        pos += 1
        counts[seat][t] += 1
        events.append({"type": "draw", "seat": seat, "tile": t})
    return len(events)


_FLOOR_ACTS = [tuple(("discard", w, t) for t in range(34)) for w in range(4)]


def floor_rate(n: int, repeat: int) -> float:
    """Hands/s of :func:`floor_hand`, best of ``repeat`` passes of ``n`` hands."""
    best = 0.0
    for _ in range(repeat):
        start = time.perf_counter()
        for s in range(n):
            floor_hand(s)
        best = max(best, n / (time.perf_counter() - start))
    return best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-n", type=int, default=300, help="random-bot hands per pass")
    ap.add_argument("--greedy", type=int, default=100, help="greedy-bot hands per pass")
    ap.add_argument("--repeat", type=int, default=3, help="timed passes per engine (the fastest counts)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--ruleset", action="append", help="ruleset(s) to time (default: pung-chow, then every other)")
    ap.add_argument("--no-baseline", action="store_true", help="skip the baseline engine")
    ap.add_argument("--profile", action="store_true", help="profile pung-chow random-bot hands")
    ap.add_argument("--cpu-time", action="store_true", help="time by this process's CPU time, not the wall clock (a busy machine)")
    args = ap.parse_args()
    global CLOCK
    if args.cpu_time:
        CLOCK = time.process_time
    rulesets = args.ruleset or ["pung-chow"] + sorted(r for r in RULESETS if r != "pung-chow")
    print(
        f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} CPUs, "
        f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}"
    )
    print(f"hands/s, one process; baseline = table/game.py at {BASELINE_REV}, from git (the engine before the speed work), best of {args.repeat}")
    print(f"{'ruleset':27} {'bots':7} {'hands/s':>9} {'baseline':>9} {'speed-up':>9}   {'target':>7}")
    random_rate = {}
    for name in rulesets:
        for label, n, target in (("random", args.n, 1000), ("greedy", args.greedy, 200)):
            now, base = measure(name, (label,) * 4, n, args.seed, args.repeat, BaselineGame is not None and not args.no_baseline)
            if label == "random":
                random_rate[name] = now
            ratio = f"x{now / base:.2f}" if base else "-"
            extra = "" if label == "random" else f"   (greedy/random x{now / random_rate[name]:.2f})"
            mark = "met" if now >= target else "not met"
            base_s = f"{base:9.1f}" if base else f"{'-':>9}"
            print(f"{name:27} {label:7} {now:9.1f} {base_s} {ratio:>9}   {target:>7} {mark}{extra}", flush=True)
    print(
        f"for scale, a bare draw/discard loop with no rules (no claims, Mah-Jongg checks, "
        f"observations nor scoring): {floor_rate(max(args.n, 1000), args.repeat):.0f} hands/s"
    )
    print(f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    if args.profile:
        r = get_ruleset("pung-chow")
        seeds = [args.seed * 1_000_003 + 3 * args.n + i for i in range(args.n)]
        pr = cProfile.Profile()
        pr.enable()
        for i, s in enumerate(seeds):
            play(Game, r, ("random",) * 4, s, i)
        pr.disable()
        st = pstats.Stats(pr)
        rows = sorted(st.stats.items(), key=lambda kv: -kv[1][3])
        total = next(v[3] for k, v in rows if k[2] == "play")
        print(f"\nprofile of {args.n} random-bot hands ({total:.2f} s under the profiler), by cumulative share:")
        for (file, line, fn), (cc, nc, tt, ct, callers) in rows[:40]:
            if "mahjongg" not in file:
                continue
            print(f"  {100 * ct / total:5.1f}%  {100 * tt / total:5.1f}% own  {fn:28} {file.split('src/')[-1]}:{line}")


if __name__ == "__main__":
    main()
