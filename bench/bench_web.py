"""Load on the web server: N tables of four wire bots over real WebSockets on loopback.

    python bench/bench_web.py [--tables 20] [--hands 1] [--seconds 60] [--clients 2]
    python bench/bench_web.py --processes 4 --db postgresql://... --redis redis://... --tables 800
    python bench/bench_web.py --tables 200 --profile server.prof   # then: python -m pstats server.prof
    python bench/bench_web.py --tables 100 --seconds 30 --db postgresql://... --against-sqlite   # both, one run

Starts ``mahjongg serve``'s app under uvicorn in a subprocess (a fresh SQLite
file; or ``--processes`` of them on one PostgreSQL database, each run in a fresh
schema, and Redis -- each table made on one process and its seats spread over
the others, as a load balancer would; the flood limit and the per-client limits lifted, table seeds drawn from seed 1), creates N tables of four seats, connects four
WebSocket clients to each that play from their own view (Mah-Jongg when they
can, pass claims, discard the drawn tile), and prints the tables finished,
actions a second, the median and 99th percentile action latency (from
sending an intention to receiving the state it made), and the server's CPU
time per action (which the machine's other load changes little), the share of
a core the server and the clients used, and how long each waited for a CPU
while ready to run (what a machine busy with other work adds to every latency).
``--claim-pause`` gives the tables a least claim pause (0 by default: the bench
measures the server), ``--server-session`` starts the servers in a session of
their own (on Linux their own share of the CPUs), ``--profile`` runs them under
cProfile (timed by the process's CPU clock). ``--against-sqlite`` runs the same load again on one process with a
fresh SQLite file right after, and prints the ratio of the two throughputs
(actions a second; the baseline is SQLite, in the same run, so the machine's
other load changes both alike).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from contextlib import contextmanager

import websockets

SERVER = """
import cProfile, json, signal, sys, time, uvicorn
from mahjongg.web import create_app
cluster, profile = json.loads(sys.argv[4]), sys.argv[5]
# one client (this benchmark) makes every table and socket: lift the per-client limits;
# the server draws the tables' seeds (a client may not send one), reproducibly from seed 1
app = create_app(sys.argv[1], rate=1e9, burst=1e9, seed=1, redis=sys.argv[3] or None, cluster=cluster,
                 limits={"create_burst": 10**6, "tables_per_client": 10**6, "client_conns": 10**6,
                         "lookup_burst": 10**6, "join_burst": 10**6})
run = lambda: uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[2]), log_level="warning", ws_max_size=65536)
if profile:  # --profile: the server's own CPU time, function by function (written when it is stopped);
    # by the process's CPU clock, not the wall clock: on a shared machine the wall clock counts, in whatever
    # function was running, the time the process waited for a CPU (a socket's send that wakes a client, mostly)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))  # uvicorn stops, then raises SIGTERM again: to here
    prof = cProfile.Profile(time.process_time)
    try:
        prof.runcall(run)
    finally:
        prof.dump_stats(profile)
else:
    run()
"""


def post(base: str, path: str, body: dict) -> dict:
    req = urllib.request.Request(base + path, json.dumps(body).encode(), {"Content-Type": "application/json"})
    with urllib.request.urlopen(req) as r:
        return json.loads(r.read())


def choose(state: dict, rng: random.Random) -> dict | None:
    legal = state.get("legal") or []
    if not legal:
        return None
    for kind in ("mahjongg", "pass"):
        for a in legal:
            if a["kind"] == kind:
                return a
    drawn = state["game"]["drawn"]
    ds = [a for a in legal if a["kind"] == "discard"]
    return next((a for a in ds if a["tile"] == drawn), None) or rng.choice(ds)


async def seat(base_ws: str, code: str, token: str, latencies: list, counts: dict, rng: random.Random) -> None:
    async with websockets.connect(f"{base_ws}/ws/{code}", max_size=2**20) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        pending: tuple[list, float] | None = None  # (legal when sent, time sent)
        async for raw in ws:
            m = json.loads(raw)
            if m["type"] == "error":
                counts["errors"] += 1
                counts.setdefault("messages", {}).setdefault(m["message"][:60], 0)
                counts["messages"][m["message"][:60]] += 1
                pending = None
                continue
            if pending is not None and m.get("legal") != pending[0]:  # our intention was applied
                latencies.append(time.perf_counter() - pending[1])
                pending = None
            if m.get("status") == "finished":
                return
            if m.get("result") and not m["result"]["match_over"] and m["you"] not in m.get("ready", []):
                await ws.send(json.dumps({"type": "ready"}))
                continue
            if pending is None:
                a = choose(m, rng)
                if a is not None:
                    pending = (m["legal"], time.perf_counter())
                    counts["actions"] += 1
                    await ws.send(json.dumps({"type": "act", **a, "v": m["v"]}))


async def table(bases: list[str], i: int, hands: int, latencies: list, counts: dict, pause: float) -> None:
    """Table ``i``: made on one server process, its four seats on the next ones in turn
    (as a load balancer spreads them), so most sockets are on a process that does not own it."""
    base = bases[i % len(bases)]
    t = await asyncio.to_thread(post, base, "/api/tables", {"name": "B0", "hands": hands, "bot_delay": 0, "claim_seconds": 120, "claim_pause_seconds": pause})
    tokens = [t["token"]] + [(await asyncio.to_thread(post, bases[(i + k) % len(bases)], f"/api/tables/{t['code']}/join", {"name": f"B{k}"}))["token"] for k in (1, 2, 3)]
    rng = random.Random(i)
    tasks = [asyncio.create_task(seat(bases[(i + k) % len(bases)].replace("http", "ws", 1), t["code"], tok, latencies, counts, rng)) for k, tok in enumerate(tokens)]
    await asyncio.sleep(0.2)
    async with websockets.connect(f"{base.replace('http', 'ws', 1)}/ws/{t['code']}") as ws:
        await ws.send(json.dumps({"type": "hello", "token": tokens[0]}))
        await ws.recv()
        await ws.send(json.dumps({"type": "start"}))
        await ws.recv()
    await asyncio.gather(*tasks)
    counts["tables"] += 1


def clients(bases: list[str], tables: list[int], hands: int, seconds: float, pause: float, out) -> None:
    """One client process: its share of the tables; puts (latencies, counts) on ``out``."""
    latencies: list[float] = []
    counts = {"tables": 0, "actions": 0, "errors": 0}

    async def run() -> None:
        try:
            await asyncio.wait_for(asyncio.gather(*(table(bases, i, hands, latencies, counts, pause) for i in tables)), seconds)
        except asyncio.TimeoutError:
            counts["stopped"] = 1

    asyncio.run(run())
    counts["cpu"] = time.process_time()  # this client process's CPU seconds (its share of the machine)
    counts["waited"] = waited("self")
    out.put((latencies, counts))


def server_cpu(pid: int) -> float:
    """CPU seconds (user + system) the server process has used (Linux /proc; NaN elsewhere):
    the server's work per action, which other load on the machine does not change."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return float("nan")


def waited(pid) -> float:
    """Seconds process ``pid`` (or ``"self"``) has been runnable but waiting for a CPU (Linux
    ``/proc/PID/schedstat``, its main thread; NaN elsewhere): what a machine busy with
    other work adds to every latency, which the process's own speed cannot remove."""
    try:
        with open(f"/proc/{pid}/schedstat") as f:
            return int(f.read().split()[1]) / 1e9
    except (OSError, ValueError, IndexError):
        return float("nan")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def servers(args):
    """The server processes of one run, answering: ``(procs, bases)`` (their ``Popen``s and base
    URLs), stopped after the block. ``args``: ``processes``, ``db`` (a fresh schema of it for this
    run; None: a fresh SQLite file), ``redis`` (a fresh key prefix of it), ``profile``, ``server_session``."""
    if args.processes > 1 and not (args.db and args.redis):
        raise SystemExit("--processes N (more than one) needs --db postgresql://... and --redis redis://...")
    run = f"{os.getpid()}_{time.time_ns()}"
    if args.db:  # a fresh schema of the database for this run
        import psycopg

        schema = f"bench_{run}"
        with psycopg.connect(args.db, autocommit=True) as c:
            c.execute(f"CREATE SCHEMA {schema}")
        db = args.db + ("&" if "?" in args.db else "?") + f"options=-csearch_path%3D{schema}"
    else:
        db = os.path.join(tempfile.mkdtemp(), "bench.sqlite3")
    cluster = json.dumps({"redis_prefix": f"bench{run}:"} if args.redis else None)
    ports = [free_port() for _ in range(args.processes)]
    profiles = [f"{args.profile}.{k}" if args.profile and args.processes > 1 else (args.profile or "") for k in range(args.processes)]
    procs = [subprocess.Popen([sys.executable, "-c", SERVER, db, str(port), args.redis or "", cluster, prof], start_new_session=args.server_session)
             for port, prof in zip(ports, profiles)]
    bases = [f"http://127.0.0.1:{port}" for port in ports]
    try:
        for base in bases:
            for _ in range(300):
                try:
                    urllib.request.urlopen(base + "/api/rulesets").read()
                    break
                except OSError:
                    time.sleep(0.1)
        yield procs, bases
    finally:
        for p in procs:
            p.terminate()
            p.wait(10)


def main(args) -> float:
    """One run of the bench (see the module docs), printed; its actions a second."""
    with servers(args) as (procs, bases):
        load = os.getloadavg()[0]
        out = multiprocessing.Queue()
        shares = [list(range(args.tables))[k :: args.clients] for k in range(args.clients)]
        t0 = time.perf_counter()
        workers = [multiprocessing.Process(target=clients, args=(bases, share, args.hands, args.seconds, args.claim_pause, out)) for share in shares]
        for w in workers:
            w.start()
        results = [out.get() for _ in workers]
        dt = time.perf_counter() - t0
        cpu = sum(server_cpu(p.pid) for p in procs)
        server_waited = sum(waited(p.pid) for p in procs)
        for w in workers:
            w.join()
    latencies = [x for lat, _ in results for x in lat]
    counts = {"tables": 0, "actions": 0, "errors": 0}
    messages: dict[str, int] = {}
    client_cpu = sum(c["cpu"] for _, c in results)
    client_waited = sum(c["waited"] for _, c in results)
    for _, c in results:
        for k in counts:
            counts[k] += c[k]
        for m, n in c.get("messages", {}).items():
            messages[m] = messages.get(m, 0) + n
        if c.get("stopped"):
            counts["stopped"] = 1
    lat = sorted(latencies)
    p99 = lat[min(len(lat) - 1, int(0.99 * len(lat)))] if lat else float("nan")
    where = f"PostgreSQL + Redis, {args.processes} server process(es)" if args.redis else ("PostgreSQL" if args.db else "SQLite, 1 server process")
    if counts.get("stopped"):
        print(f"stopped after {args.seconds} s")
    print(f"{where}, {args.clients} client process(es), claim pause {args.claim_pause:g} s; "
          f"load average {load:.1f} -> {os.getloadavg()[0]:.1f} ({os.cpu_count()} CPUs)")
    print(f"tables: {args.tables} concurrent, {counts['tables']} finished ({args.hands} hand(s) each) in {dt:.1f} s")
    print(f"actions: {counts['actions']} ({counts['actions'] / dt:.0f} a second), errors: {counts['errors']}")
    for msg, n in messages.items():
        print(f"  error x{n}: {msg}")
    if counts["actions"]:
        print(f"server CPU: {cpu:.1f} s, {cpu / counts['actions'] * 1000:.2f} ms an action; "
              f"{cpu / dt:.0%} of one core over the run (clients: {client_cpu:.1f} s, {client_cpu / dt:.0%} of one core; "
              f"the machine has {os.cpu_count()})")
        print(f"waiting for a CPU while runnable: server {server_waited:.1f} s ({server_waited / dt / len(procs):.0%} of the run a process), "
              f"clients {client_waited:.1f} s ({client_waited / dt / len(results):.0%} of the run a process)")
    if lat:
        print(f"latency: median {statistics.median(lat) * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms, max {lat[-1] * 1000:.1f} ms")
    return counts["actions"] / dt


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", type=int, default=20)
    ap.add_argument("--hands", type=int, default=1)
    ap.add_argument("--seconds", type=float, default=120)
    ap.add_argument("--claim-pause", type=float, default=0.0, help="the tables' least claim pause (0: closes on the last answer; a table's default is 1)")
    ap.add_argument("--processes", type=int, default=1, help="server processes (more than one: give --db and --redis)")
    ap.add_argument("--clients", type=int, default=2, help="client processes playing the tables")
    ap.add_argument("--db", help="postgresql://... (default: a fresh SQLite file); each run in a schema of its own")
    ap.add_argument("--redis", help="redis://... (the processes' Redis)")
    ap.add_argument("--server-session", action="store_true",
                    help="start each server process in a session of its own: on Linux with autogroups (sched_autogroup_enabled) "
                    "its own share of the CPUs, as a server started apart from its clients has; by default server and "
                    "clients share this shell's one share")
    ap.add_argument("--profile", metavar="FILE", help="run the server under cProfile, its stats to FILE (FILE.K for process K); read with pstats")
    ap.add_argument("--against-sqlite", action="store_true",
                    help="then the same load on one process and a fresh SQLite file: the ratio of actions a second (baseline SQLite)")
    args = ap.parse_args()
    rate = main(args)
    if args.against_sqlite:
        print()
        baseline = main(argparse.Namespace(**{**vars(args), "db": None, "redis": None, "processes": 1, "profile": None}))
        print(f"\nactions a second: {rate:.0f} against SQLite's {baseline:.0f} in the same run: {rate / baseline:.2f} x")
