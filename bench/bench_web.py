"""Load on the web server: N tables of four wire bots over real WebSockets on loopback.

    python bench/bench_web.py [--tables 20] [--hands 1] [--seconds 60]

Starts ``mahjongg serve``'s app under uvicorn in a subprocess (a fresh SQLite
file, the flood limit and the per-client limits lifted, table seeds drawn from seed 1), creates N tables of four seats, connects four
WebSocket clients to each that play from their own view (Mah-Jongg when they
can, pass claims, discard the drawn tile), and prints the tables finished,
actions a second, the median and 99th percentile action latency (from
sending an intention to receiving the state it made), and the server's CPU
time per action (which the machine's other load changes little).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

import websockets

SERVER = """
import sys, uvicorn
from mahjongg.web import create_app
# one client (this benchmark) makes every table and socket: lift the per-client limits;
# the server draws the tables' seeds (a client may not send one), reproducibly from seed 1
app = create_app(sys.argv[1], rate=1e9, burst=1e9, seed=1,
                 limits={"create_burst": 10**6, "tables_per_client": 10**6, "client_conns": 10**6,
                         "lookup_burst": 10**6, "join_burst": 10**6})
uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[2]), log_level="warning", ws_max_size=65536)
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


async def table(base: str, i: int, hands: int, latencies: list, counts: dict) -> None:
    t = await asyncio.to_thread(post, base, "/api/tables", {"name": "B0", "hands": hands, "bot_delay": 0, "claim_seconds": 120})
    tokens = [t["token"]] + [(await asyncio.to_thread(post, base, f"/api/tables/{t['code']}/join", {"name": f"B{k}"}))["token"] for k in (1, 2, 3)]
    base_ws = base.replace("http", "ws", 1)
    rng = random.Random(i)
    tasks = [asyncio.create_task(seat(base_ws, t["code"], tok, latencies, counts, rng)) for tok in tokens]
    await asyncio.sleep(0.2)
    async with websockets.connect(f"{base_ws}/ws/{t['code']}") as ws:
        await ws.send(json.dumps({"type": "hello", "token": tokens[0]}))
        await ws.recv()
        await ws.send(json.dumps({"type": "start"}))
        await ws.recv()
    await asyncio.gather(*tasks)
    counts["tables"] += 1


def server_cpu(pid: int) -> float:
    """CPU seconds (user + system) the server process has used (Linux /proc; NaN elsewhere):
    the server's work per action, which other load on the machine does not change."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return float("nan")


async def main(args) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    db = os.path.join(tempfile.mkdtemp(), "bench.sqlite3")
    proc = subprocess.Popen([sys.executable, "-c", SERVER, db, str(port)])
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(base + "/api/rulesets").read()
                break
            except OSError:
                time.sleep(0.1)
        latencies: list[float] = []
        counts = {"tables": 0, "actions": 0, "errors": 0}
        t0 = time.perf_counter()
        try:
            await asyncio.wait_for(asyncio.gather(*(table(base, i, args.hands, latencies, counts) for i in range(args.tables))), args.seconds)
        except asyncio.TimeoutError:
            print(f"stopped after {args.seconds} s")
        dt = time.perf_counter() - t0
        cpu = server_cpu(proc.pid)
    finally:
        proc.terminate()
        proc.wait(10)
    lat = sorted(latencies)
    p99 = lat[min(len(lat) - 1, int(0.99 * len(lat)))] if lat else float("nan")
    print(f"tables: {args.tables} concurrent, {counts['tables']} finished ({args.hands} hand(s) each) in {dt:.1f} s")
    print(f"actions: {counts['actions']} ({counts['actions'] / dt:.0f} a second), errors: {counts['errors']}")
    for msg, n in counts.get("messages", {}).items():
        print(f"  error x{n}: {msg}")
    if counts["actions"]:
        print(f"server CPU: {cpu:.1f} s, {cpu / counts['actions'] * 1000:.2f} ms an action")
    if lat:
        print(f"latency: median {statistics.median(lat) * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms, max {lat[-1] * 1000:.1f} ms")


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", type=int, default=20)
    ap.add_argument("--hands", type=int, default=1)
    ap.add_argument("--seconds", type=float, default=120)
    asyncio.run(main(ap.parse_args()))
