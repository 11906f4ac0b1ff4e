"""What ``mahjongg simulate --db`` pays for committing each hand as soon as it is played.

Run by hand (not a test)::

    python bench/bench_simulate_db.py              # 400 hands, default bots, 1 and 2 workers
    python bench/bench_simulate_db.py -n 1000 --bots random,random,random,random

Each configuration is a run of ``simulate`` storing every hand in a fresh
journal (WAL, ``synchronous=NORMAL``: :mod:`mahjongg.play.journal`), once
handing each hand over as it is played (today's ``simulate._chunk_size``: one),
and once as before issue 24, in chunks (up to 25 hands in one process, 50 per
task in a pool: a killed run lost the whole chunk). The runs alternate, three
of each, and the best of each is kept, so the ratio survives a busy machine; a
run without ``--db`` is the baseline of what storing costs at all.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

import mahjongg.simulate as sim
from mahjongg.play.journal import Journal


def _chunks_before(games: int, workers: int) -> int:
    """The chunk sizes before issue 24."""
    if workers == 1:
        return max(1, min(25, games // 100 or 1))
    return max(1, min(50, games // (workers * 8) or 1))


def run(n: int, bots: tuple[str, ...], workers: int, chunking, db: bool) -> float:
    """Hands per second of one run."""
    sim._chunk_size = chunking
    with tempfile.TemporaryDirectory() as d:
        store = Journal(Path(d) / "bench.sqlite3") if db else None
        on_hand = (lambda o: store.save_hand(o.events, bots=bots)) if db else None
        start = time.perf_counter()
        sim.simulate(n, bots, seed=1, workers=workers, keep_events=db, on_hand=on_hand)
        seconds = time.perf_counter() - start
        if store is not None:
            assert len(store) == n
            store.close()
    return n / seconds


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("-n", type=int, default=400)
    ap.add_argument("--bots", default="greedy,greedy,cautious,random")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    bots = tuple(args.bots.split(","))
    today = sim._chunk_size
    for workers in (1, 2):
        best = {"no --db": 0.0, "--db, chunks as before": 0.0, "--db, each hand": 0.0}
        for _ in range(args.repeat):
            best["no --db"] = max(best["no --db"], run(args.n, bots, workers, today, False))
            best["--db, chunks as before"] = max(best["--db, chunks as before"], run(args.n, bots, workers, _chunks_before, True))
            best["--db, each hand"] = max(best["--db, each hand"], run(args.n, bots, workers, today, True))
        base = best["--db, chunks as before"]
        print(f"{args.n} hands of {','.join(bots)}, {workers} worker{'s' if workers > 1 else ''} (best of {args.repeat}):")
        for k, v in best.items():
            print(f"  {k:24s} {v:8.1f} hands/s  {v / base:.3f}x chunks as before")


if __name__ == "__main__":
    main()
