"""Open-loop load on the web server: tables played at people's pace, and the round trip of their actions.

    python bench/bench_people.py --tables 50 [--seconds 45] [--humans 2] [--think 1 6]
    python bench/bench_people.py --sweep 10,25,50,100,200 --out people.jsonl            # one process, SQLite
    python bench/bench_people.py --sweep 10,25,50 --db postgresql://... --out people.jsonl
    python bench/bench_people.py --sweep 10,25,50 --processes 2 --db postgresql://... --redis redis://... --out people.jsonl
    python bench/bench_people.py --plot people.jsonl docs/images/bench-people.png

``bench_web.py`` is a closed loop: every client acts the moment it is told, so
its latency is tables / throughput. Here each table is what a server carries
for people: ``--humans`` human seats (2 by default) played by wire clients
over real WebSockets, the other seats the server's bots (the default bot kind)
at their default pace (``bot_delay``), every timer as served (the least claim
pause of a table with several humans, the turn and claim deadlines). A human
acts after a think time drawn uniformly from ``--think`` seconds (1-6 by
default) after the state that asks him (a new state that changes his choices
starts a new think); he answers a claim he is asked with PASS (Mah-Jongg when
he can), discards the tile he drew, and says he is ready for the next hand
after a think. The tables start spread over ``--ramp`` seconds and play
``--hands`` hands (enough not to end within the run); only the actions sent
after ``--warmup`` seconds are measured, for ``--seconds``.

A point prints and (``--out``) appends one JSON line: tables, actions
measured and a second, the median, 99th percentile and largest round trip of
an action (from sending the intention to receiving the state it made, on the
client's clock), the errors, the server's CPU (ms an action, share of a core),
the client's CPU share (one process, asyncio: it must stay far from a core,
else the client, not the server, makes the latency) and the client's own event
loop lag (how late its think timers fire: its 99th percentile), the
machine's load average at the start and the end, and the commit measured.
``--sweep`` runs one point a table count, each on fresh servers; ``--plot``
draws tables against p99 for every setup in the JSON lines (matplotlib), with
the 100 ms line. ``--profile FILE`` runs the servers under cProfile (as
``bench_web.py``). The server processes are those of ``bench_web.py``
(``--processes`` on one PostgreSQL and Redis, each table made on one process
and its human seats on the next ones in turn, as a load balancer spreads
them).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import time

import websockets

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_web import choose, post, server_cpu, servers, waited  # noqa: E402

LIMIT = 0.100
"""The round trip an action's 99th percentile must stay under (seconds)."""
BUSY = 4.0
"""The plot's two panels: runs whose load average stayed under this, and the others."""
STALLED_MS = 50
"""A point whose client's own timers fired this late (their p99, ms) was measured on a stalled
machine: the client, not only the server, waited for a CPU (drawn hollow)."""


class Load:
    """What one run's clients measured, shared by its tables."""

    def __init__(self, measure_from: float, think: tuple[float, float], seed: int) -> None:
        self.measure_from = measure_from  # perf_counter: actions sent before it are not counted (the warm-up)
        self.think = think
        self.rng = random.Random(seed)
        self.latencies: list[float] = []
        self.lags: list[float] = []  # how late the client's think timers fired (its own event loop's lag)
        self.actions = self.errors = self.started = 0
        self.messages: dict[str, int] = {}

    async def think_time(self) -> None:
        """Sleep a human's think time; its lateness is the client's own lag (counted after the warm-up)."""
        d = self.rng.uniform(*self.think)
        t = time.perf_counter()
        await asyncio.sleep(d)
        now = time.perf_counter()
        if now >= self.measure_from:
            self.lags.append(now - t - d)


async def human(base_ws: str, code: str, token: str, load: Load, hello: asyncio.Event, host_starts: list | None) -> None:
    """One human seat's client: hello, then (the host, once every human said hello) start; then play
    at people's pace until the table is finished or the run is cancelled."""
    async with websockets.connect(f"{base_ws}/ws/{code}", max_size=2**20) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        await ws.recv()  # the lobby's state: the seat is connected
        hello.set()
        if host_starts is not None:
            await asyncio.gather(*(e.wait() for e in host_starts))
            await ws.send(json.dumps({"type": "start"}))
        pending: tuple[list, float] | None = None  # (legal when sent, time sent)
        thinking: asyncio.Task | None = None
        shown = None  # the choices of the state the current think is about

        async def act(m: dict) -> None:
            nonlocal pending
            await load.think_time()
            if m.get("result"):
                await ws.send(json.dumps({"type": "ready"}))
                return
            a = choose(m, load.rng)
            if a is not None:
                pending = (m["legal"], time.perf_counter())
                await ws.send(json.dumps({"type": "act", **a, "v": m["v"]}))

        try:
            async for raw in ws:
                m = json.loads(raw)
                now = time.perf_counter()
                if m["type"] == "error":
                    if pending is not None and pending[1] >= load.measure_from:
                        load.errors += 1
                        load.messages[m["message"][:60]] = load.messages.get(m["message"][:60], 0) + 1
                    pending = None
                    continue
                if m["type"] != "state":
                    continue
                legal = m.get("legal") or []
                if pending is not None and legal != pending[0]:  # our intention was applied: the state it made
                    if pending[1] >= load.measure_from:
                        load.latencies.append(now - pending[1])
                        load.actions += 1
                    pending = None
                if m.get("status") == "finished":
                    return
                wants_ready = bool(m.get("result")) and not m["result"]["match_over"] and m["you"] not in m.get("ready", [])
                ask = legal if legal else ("ready" if wants_ready else None)
                if ask != shown:  # a new question (or none): think afresh
                    if thinking is not None:
                        thinking.cancel()
                    shown, thinking = ask, None
                    if ask is not None and pending is None:
                        thinking = asyncio.create_task(act(m))
        finally:
            if thinking is not None:
                thinking.cancel()


async def table(bases: list[str], i: int, args, load: Load) -> None:
    """Table ``i``: made on one server process, its human seats on the next ones in turn."""
    await asyncio.sleep(i * args.ramp / max(1, args.tables))
    base = bases[i % len(bases)]
    bots = 4 - args.humans
    t = await asyncio.to_thread(post, base, "/api/tables", {"name": "H0", "hands": args.hands, "bots": [args.bot] * bots if args.bot else []})
    where = [bases[(i + k) % len(bases)] for k in range(args.humans)]
    tokens = [t["token"]] + [(await asyncio.to_thread(post, where[k], f"/api/tables/{t['code']}/join", {"name": f"H{k}"}))["token"]
                             for k in range(1, args.humans)]
    hellos = [asyncio.Event() for _ in tokens]
    load.started += 1
    await asyncio.gather(*(human(where[k].replace("http", "ws", 1), t["code"], tok, load, hellos[k], hellos if k == 0 else None)
                           for k, tok in enumerate(tokens)))


def commit() -> str:
    """The commit measured (``git describe``-like: short hash, ``+`` if the work tree differs)."""
    here = os.path.dirname(os.path.abspath(__file__))
    try:
        h = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=here, capture_output=True, text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=here, capture_output=True, text=True).stdout.strip()
        return h + ("+" if dirty else "")
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def setup(args) -> str:
    """The setup's name in the results and the plot."""
    if args.processes > 1:
        return f"{args.processes} processes, PostgreSQL + Redis"
    return "1 process, PostgreSQL" if args.db else "1 process, SQLite"


def point(args, tables: int) -> dict:
    """One measured point: ``tables`` tables on fresh servers (see the module docs)."""
    args = argparse.Namespace(**{**vars(args), "tables": tables})
    with servers(args) as (procs, bases):
        load_start = os.getloadavg()[0]
        t0 = time.perf_counter()
        load = Load(t0 + args.warmup, tuple(args.think), seed=args.seed)

        async def run() -> tuple[float, float, float]:
            tasks = [asyncio.create_task(table(bases, i, args, load)) for i in range(tables)]
            await asyncio.sleep(args.warmup)
            cpu0, me0 = sum(server_cpu(p.pid) for p in procs), time.process_time()
            w0, mw0 = sum(waited(p.pid) for p in procs), waited("self")
            await asyncio.sleep(args.seconds)
            cpu1, me1 = sum(server_cpu(p.pid) for p in procs), time.process_time()
            w1, mw1 = sum(waited(p.pid) for p in procs), waited("self")
            for t in tasks:
                t.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            return cpu1 - cpu0, me1 - me0, (w1 - w0) / len(procs), mw1 - mw0

        cpu, client_cpu, server_waited, client_waited = asyncio.run(run())
        load_end = os.getloadavg()[0]
    lat = sorted(load.latencies)
    lags = sorted(load.lags)

    def pct(xs, q):
        return xs[min(len(xs) - 1, int(q * len(xs)))] * 1000 if xs else float("nan")

    return {
        "setup": setup(args), "tables": tables, "server_session": args.server_session, "humans": args.humans, "think": list(args.think), "seconds": args.seconds,
        "started": load.started, "actions": load.actions, "actions_per_s": load.actions / args.seconds, "errors": load.errors,
        "error_messages": load.messages,
        "median_ms": statistics.median(lat) * 1000 if lat else float("nan"), "p99_ms": pct(lat, 0.99),
        "max_ms": lat[-1] * 1000 if lat else float("nan"),
        "server_cpu_ms_per_action": cpu / load.actions * 1000 if load.actions else float("nan"),
        "server_core_share": cpu / args.seconds, "client_core_share": client_cpu / args.seconds,
        "client_lag_p99_ms": pct(lags, 0.99),
        "server_waiting_share": server_waited / args.seconds, "client_waiting_share": client_waited / args.seconds,
        "load_start": round(load_start, 2), "load_end": round(load_end, 2), "cpus": os.cpu_count(),
        "commit": commit(), "when": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
    }


def show(r: dict) -> str:
    return (f"{r['setup']}: {r['tables']} tables ({r['started']} started), {r['actions']} actions in {r['seconds']:g} s "
            f"({r['actions_per_s']:.1f}/s), errors {r['errors']}; round trip median {r['median_ms']:.1f} ms, "
            f"p99 {r['p99_ms']:.1f} ms, max {r['max_ms']:.1f} ms; server CPU {r['server_cpu_ms_per_action']:.2f} ms an action, "
            f"{r['server_core_share']:.0%} of a core, waiting for a CPU {r['server_waiting_share']:.0%} of the time (a process); client {r['client_core_share']:.0%} of a core, its lag p99 "
            f"{r['client_lag_p99_ms']:.1f} ms, waiting {r['client_waiting_share']:.0%}; load average {r['load_start']} -> {r['load_end']} ({r['cpus']} CPUs); commit {r['commit']}")


def plot(files: list[str], image: str) -> None:
    """Tables against p99 for every setup found in the JSON-lines ``files``, into ``image``."""
    import matplotlib
    import matplotlib.ticker

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = [json.loads(line) for f in files for line in open(f) if line.strip()]
    busy = [r for r in rows if max(r["load_start"], r["load_end"]) >= BUSY]
    quiet = [r for r in rows if r not in busy]
    panels = [(f"load average under {BUSY:g} throughout", quiet), (f"load average {BUSY:g} or more", busy)]
    panels = [(title, rs) for title, rs in panels if rs]
    fig, axes = plt.subplots(1, len(panels), figsize=(6 * len(panels), 4.4), sharey=True, squeeze=False)
    top = 2 * max(r["p99_ms"] for r in rows)
    colours = {name: f"C{k}" for k, name in enumerate(dict.fromkeys(r["setup"] for r in rows))}
    for ax, (title, rs) in zip(axes[0], panels):
        for name, colour in colours.items():
            pts = sorted((r["tables"], r["p99_ms"], r.get("client_lag_p99_ms", 0) > STALLED_MS) for r in rs if r["setup"] == name)
            if not pts:
                continue
            counts = sorted({t for t, _, _ in pts})  # the line through each table count's median run, every run a dot
            ax.plot(counts, [statistics.median(p for t, p, _ in pts if t == n) for n in counts], color=colour, label=name)
            ax.plot([t for t, _, _ in pts], [p for _, p, _ in pts], linestyle="none", marker="o", color=colour)
            stalled = [(t, p) for t, p, late in pts if late]  # hollow: the client itself was late (the machine, not the server)
            ax.plot([t for t, _ in stalled], [p for _, p in stalled], linestyle="none", marker="o", markersize=10,
                    markerfacecolor="white", markeredgecolor=colour)
        ax.axhline(LIMIT * 1000, color="grey", linestyle="--", linewidth=1, label="100 ms")
        ax.plot([], [], linestyle="none", marker="o", markerfacecolor="white", markeredgecolor="grey",
                label=f"hollow: the client's own timers {STALLED_MS:g}+ ms late (p99)")
        ax.set_xscale("log")
        ax.set_yscale("log")
        for axis in (ax.xaxis, ax.yaxis):
            axis.set_major_formatter(matplotlib.ticker.ScalarFormatter())
            axis.set_minor_formatter(matplotlib.ticker.NullFormatter())
        ax.set_xticks(sorted({r["tables"] for r in rs}))
        ax.set_yticks([t for t in (5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000) if t <= top])
        ax.set_xlabel("tables at people's pace")
        loads = [r["load_start"] for r in rs] + [r["load_end"] for r in rs]
        ax.set_title(f"{title} ({min(loads):.1f}-{max(loads):.1f}), 2 CPUs shared", fontsize=9)
        ax.grid(True, which="both", alpha=0.3)
    axes[0][0].set_ylabel("p99 of an action's round trip (ms)")
    axes[0][0].legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(image, dpi=110)


def main(argv=None) -> list[dict]:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", type=int, default=10)
    ap.add_argument("--sweep", help="table counts, comma-separated: one point each (fresh servers)")
    ap.add_argument("--seconds", type=float, default=45, help="measured seconds a point (after the warm-up)")
    ap.add_argument("--warmup", type=float, default=15, help="seconds before measuring (the tables start in the first --ramp of them)")
    ap.add_argument("--ramp", type=float, default=10, help="the tables' starts spread over this many seconds")
    ap.add_argument("--humans", type=int, default=2, choices=(1, 2, 3, 4), help="human seats a table (the others the server's bots)")
    ap.add_argument("--bot", help="the bots' kind (default: the server's default bot)")
    ap.add_argument("--think", type=float, nargs=2, default=(1.0, 6.0), metavar=("LO", "HI"), help="a human's think time, uniform (s)")
    ap.add_argument("--hands", type=int, default=8, help="hands a table plays (enough not to end within the run)")
    ap.add_argument("--seed", type=int, default=1, help="the clients' think times")
    ap.add_argument("--processes", type=int, default=1, help="server processes (more than one: give --db and --redis)")
    ap.add_argument("--db", help="postgresql://... (default: a fresh SQLite file); each point in a schema of its own")
    ap.add_argument("--redis", help="redis://... (the processes' Redis)")
    ap.add_argument("--shared-session", dest="server_session", action="store_false",
                    help="start the servers in this shell's session (by default each in a session of its own: on Linux with "
                    "autogroups its own share of the CPUs, as a server started apart from its clients has; see bench_web.py)")
    ap.add_argument("--profile", metavar="FILE", help="the servers under cProfile, stats to FILE (FILE.K for process K)")
    ap.add_argument("--out", help="append each point's JSON line to this file")
    ap.add_argument("--plot", nargs="+", metavar="FILE", help="JSONL FILE(s)... IMAGE: draw tables against p99 and stop")
    args = ap.parse_args(argv)
    if args.plot:
        if len(args.plot) < 2:
            ap.error("--plot takes the JSON-lines file(s) and then the image to write")
        plot(args.plot[:-1], args.plot[-1])
        return []
    counts = [int(x) for x in args.sweep.split(",")] if args.sweep else [args.tables]
    results = []
    for n in counts:
        r = point(args, n)
        print(show(r), flush=True)
        for msg, k in r["error_messages"].items():
            print(f"  error x{k}: {msg}")
        if args.out:
            with open(args.out, "a") as f:
                f.write(json.dumps(r) + "\n")
        results.append(r)
    return results


if __name__ == "__main__":
    main()
