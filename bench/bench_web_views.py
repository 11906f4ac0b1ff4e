"""The web table's own work per action, without sockets: CPU time per action of a
:class:`~mahjongg.web.table.LiveTable` whose four seats are wire clients that play
from the views they are sent (as ``bench_web.py``'s do), in one process, no event loop.

    python bench/bench_web_views.py [--hands 40] [--seed 1]

What it times is what the server does for an intention besides the network: check
and apply it (the engine), write it to the journal (SQLite in memory), and build and
encode each connected seat's view (the clients' parsing and choosing are not timed). CPU
time (``time.process_time``), so the machine's other load changes it less than the wall
clock (still some: on a shared VM the same code spreads by 20-30% from run to run, so
it prints the best of ``--rounds``).
"""

from __future__ import annotations

import argparse
import json
import random
import time

from mahjongg.play.journal import Journal
from mahjongg.web.table import LiveTable, TableConfig


class Conn:
    """A socket that keeps the last view it was sent (as the client parses it)."""

    def __init__(self) -> None:
        self.last: str | None = None
        self.sent = 0

    def send(self, msg) -> None:
        self.last = msg if isinstance(msg, str) else json.dumps(msg)
        self.sent += 1


def choose(view: dict, rng: random.Random) -> dict | None:
    """bench_web.py's client: Mah-Jongg when it can, pass a claim, else discard the drawn tile."""
    legal = view.get("legal") or []
    for kind in ("mahjongg", "pass"):
        for a in legal:
            if a["kind"] == kind:
                return a
    ds = [a for a in legal if a["kind"] == "discard"]
    if not ds:
        return None
    drawn = view["game"]["drawn"]
    return next((a for a in ds if a["tile"] == drawn), None) or rng.choice(ds)


def play(hands: int, seed: int) -> tuple[int, int, float]:
    """``hands`` one-hand tables played to their end; (actions, views sent, CPU seconds)."""
    actions = views = 0
    cpu = 0.0
    for h in range(hands):
        cfg = TableConfig(hands=1, bot_delay=0, claim_pause_seconds=0, claim_seconds=120, seed=seed + h, deals="match")
        t, _ = LiveTable.create(Journal(":memory:"), cfg, "P0", lambda delay, fn: _Timer())
        for p in (1, 2, 3):
            t.join(f"P{p}")
        conns = [Conn() for _ in range(4)]
        for p, c in enumerate(conns):
            t.connect(p, c)
        rng = random.Random(seed + h)
        t.start(0)
        for _ in range(2000):
            if t.game.is_over:
                break
            acted = False
            for p, c in enumerate(conns):
                view = json.loads(c.last)
                a = choose(view, rng)
                if a is not None:
                    start = time.process_time()
                    t.handle(p, {"type": "act", **a, "v": view["v"]})
                    cpu += time.process_time() - start
                    actions += 1
                    acted = True
                    break
            if not acted:
                raise SystemExit("no seat could act: the bench's client is stuck")
        views += sum(c.sent for c in conns)
    return actions, views, cpu


class _Timer:
    def cancel(self) -> None:
        pass


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    runs = [play(args.hands, args.seed) for _ in range(args.rounds)]
    actions, views, _ = runs[0]
    per = sorted(cpu / actions * 1e6 for _, _, cpu in runs)
    print(f"{args.hands} hands, {actions} actions, {views} views sent ({views / actions:.2f} an action): "
          f"{per[0]:.0f} us of CPU an action, best of {args.rounds} (all: {', '.join(f'{x:.0f}' for x in per)})")
