"""Hand-calculation benchmark: our decomposition and shanten against the ``mahjong`` package.

Run by hand (not a test)::

    python bench/bench_hand.py            # default: 5000 hands per kind
    python bench/bench_hand.py -n 20000 --seed 7

Measures, in one run and on the same hands:

a. win check: ``mahjongg.decomposition.is_complete`` vs ``mahjong.agari.Agari.is_agari``
   on complete hands, random 14-tile hands and near-miss hands (a complete hand
   with one tile swapped for another kind);
b. ``arrangements`` on complete hands (every arrangement listed);
c. shanten: ``mahjongg.shanten.shanten`` vs ``Shanten.calculate_shanten_for_regular_hand``
   on random 13- and 14-tile hands;
d. full scoring ``mahjongg.scoring.score_hand`` of winning hands (ours only).

Both libraries get the same 34-count lists (the package's tile order is
man/pin/sou/honors, ours bamboo/characters/dots/honors; for these shape
checks the suit order does not matter). Our per-group lookup tables fill
lazily, so every timed pass is preceded by one untimed warm-up pass over the
same hands (the cold first pass is reported separately). Times, with
``time.perf_counter``, are per chunk of 1000 hands the fastest of ``--repeat``
passes, summed over the chunks (see :func:`compare`); ours and the package's
passes alternate, so the ratios hold up when the machine's load changes. The
load average is printed: absolute hands/s on a busy machine are low.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time

from mahjongg.decomposition import arrangements, is_complete
from mahjongg.shanten import shanten

NUM_KINDS = 34


def complete_hand(rng: random.Random) -> list[int]:
    """Four random sets (pung or chow) and a pair, at most four of a kind."""
    while True:
        c = [0] * NUM_KINDS
        c[rng.randrange(NUM_KINDS)] += 2
        for _ in range(4):
            if rng.random() < 0.6:
                s = rng.randrange(3) * 9 + rng.randrange(7)
                c[s] += 1
                c[s + 1] += 1
                c[s + 2] += 1
            else:
                c[rng.randrange(NUM_KINDS)] += 3
        if max(c) <= 4:
            return c


def random_hand(rng: random.Random, size: int) -> list[int]:
    c = [0] * NUM_KINDS
    for x in rng.sample(range(136), size):
        c[x // 4] += 1
    return c


def near_miss(rng: random.Random) -> list[int]:
    c = complete_hand(rng)
    out = rng.choice([k for k in range(NUM_KINDS) if c[k]])
    into = rng.choice([k for k in range(NUM_KINDS) if c[k] < 4 and k != out])
    c[out] -= 1
    c[into] += 1
    return c


def distinct(make, n: int) -> list[list[int]]:
    seen: set[bytes] = set()
    out = []
    while len(out) < n:
        c = make()
        b = bytes(c)
        if b not in seen:
            seen.add(b)
            out.append(c)
    return out


def timed(fn, hands, repeat: int) -> tuple[float, float]:
    """(cold seconds of the first pass, best seconds of ``repeat`` further passes)."""
    return compare(fn, None, hands, repeat)[0]


CHUNK = 1000


def compare(ours, theirs, hands, repeat: int):
    """Time ``ours`` and ``theirs`` on ``hands``.

    The hands are cut into chunks of ``CHUNK``; each chunk is timed ``repeat``
    times for each function, the two interleaved (ours, theirs, ours, ...),
    and a function's time is the sum over chunks of its fastest pass -- like
    ``timeit``'s minimum, but per short chunk, so a busy machine (other
    processes taking the CPU for a while) spoils few measurements and both
    sides alike. Returns ((cold, best) of ours, (cold, best) of theirs or
    None); cold = one plain first pass, which fills our lazy tables.
    """
    fns = [ours] if theirs is None else [ours, theirs]
    cold = []
    for fn in fns:
        t0 = time.perf_counter()
        for h in hands:
            fn(h)
        cold.append(time.perf_counter() - t0)
    best = [0.0] * len(fns)
    clock = time.perf_counter
    for lo in range(0, len(hands), CHUNK):
        chunk = hands[lo : lo + CHUNK]
        mins = [float("inf")] * len(fns)
        for _ in range(repeat):
            for i, fn in enumerate(fns):
                t0 = clock()
                for h in chunk:
                    fn(h)
                dt = clock() - t0
                if dt < mins[i]:
                    mins[i] = dt
        for i in range(len(fns)):
            best[i] += mins[i]
    out = list(zip(cold, best))
    return out[0], (out[1] if theirs is not None else None)


def row(label: str, n: int, ours, theirs=None, target: float | None = None) -> dict:
    cold, best = ours
    r = {"label": label, "ours": n / best, "ours_cold": n / cold}
    line = f"{label:<34} ours {n / best:>11,.0f} hands/s (cold {n / cold:>9,.0f})"
    if theirs is not None:
        r["theirs"] = n / theirs[1]
        r["ratio"] = theirs[1] / best
        line += f"   mahjong {n / theirs[1]:>10,.0f} hands/s   ours/theirs {theirs[1] / best:5.2f}x"
    if target is not None:
        got = r.get("ratio") if theirs is not None and target < 100 else n / best
        ok = got >= target
        line += f"   target {'>=' + format(target, ',.0f') + ('x' if target < 100 else ' hands/s')}: {'met' if ok else 'NOT met'}"
    print(line)
    return r


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", type=int, default=5000, help="distinct hands per kind (default 5000)")
    ap.add_argument("--repeat", type=int, default=9, help="timed passes per chunk, fastest kept (default 9)")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--no-scoring", action="store_true", help="skip (d) full scoring")
    args = ap.parse_args(argv)

    try:
        from mahjong.agari import Agari
        from mahjong.shanten import Shanten
        import mahjong  # noqa: F401
        from importlib.metadata import version

        mversion = version("mahjong")
    except ImportError:
        print("the mahjong package is needed for the comparison: pip install mahjong", file=sys.stderr)
        return 2

    rng = random.Random(args.seed)
    n = args.n
    completes = distinct(lambda: complete_hand(rng), n)
    randoms14 = distinct(lambda: random_hand(rng, 14), n)
    misses = distinct(lambda: near_miss(rng), n)
    randoms13 = distinct(lambda: random_hand(rng, 13), n)

    print(f"python {platform.python_version()} ({platform.python_implementation()}) on {platform.machine()} "
          f"{platform.processor() or ''} | {platform.platform()}")
    print(f"mahjong {mversion} | {n} distinct hands per kind | fastest of {args.repeat} passes per {CHUNK}-hand chunk, after a cold pass"
          f" | load average before: {_load()}")
    print()

    # sanity: same answers
    agari = Agari()
    sh = Shanten()
    assert all(is_complete(c) for c in completes)
    assert all(is_complete(c) == agari.is_agari(c) for c in misses)  # no 7 pairs/13 orphans among them
    assert all(shanten(c) == sh.calculate_shanten_for_regular_hand(c) for c in randoms13[:500])

    print("(a) win check: is_complete vs Agari.is_agari")
    rows = []
    for label, hands in (("complete hands", completes), ("random 14-tile hands", randoms14), ("near-miss hands", misses)):
        ours, theirs = compare(is_complete, agari.is_agari, hands, args.repeat)
        rows.append(row("  " + label, n, ours, theirs, 3.0 if label != "random 14-tile hands" else None))

    print("(b) arrangements (all arrangements listed)")
    ours = timed(arrangements, completes, args.repeat)
    rows.append(row("  complete hands", n, ours, target=200_000))

    print("(c) shanten (regular hand): shanten vs Shanten.calculate_shanten_for_regular_hand")
    for label, hands in (("random 13-tile hands", randoms13), ("random 14-tile hands", randoms14)):
        ours, theirs = compare(shanten, sh.calculate_shanten_for_regular_hand, hands, args.repeat)
        rows.append(row("  " + label, n, ours, theirs, 2.0))

    if not args.no_scoring:
        from mahjongg.hand import Hand
        from mahjongg.rules import PUNG_CHOW, Situation, Win, WinBy
        from mahjongg.scoring import score_hand
        from mahjongg.tiles import TILES

        print("(d) score_hand of winning hands (pung-chow, self-drawn, ours only)")
        prepared = []
        for c in completes:
            tiles = tuple(TILES[i] for i in range(NUM_KINDS) for _ in range(c[i]))
            win = tiles[rng.randrange(len(tiles))]
            prepared.append((Hand(tiles), Situation(win=Win(win, WinBy.WALL))))
        ours = timed(lambda hs: score_hand(hs[0], PUNG_CHOW, hs[1]), prepared, min(args.repeat, 2))
        rows.append(row("  winning hands", n, ours))
    print(f"\nload average after: {_load()}")
    return 0


def _load() -> str:
    try:
        import os

        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except (OSError, AttributeError):
        return "n/a"


if __name__ == "__main__":
    raise SystemExit(main())
