"""A real ``mahjongg serve`` process killed with SIGKILL mid-hand: a new server
on the same database gives every seat back its whole view, and play goes on."""

from __future__ import annotations

import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
import urllib.request

import pytest

pytest.importorskip("uvicorn")
pytest.importorskip("starlette")
pytest.importorskip("websockets")

from websockets.sync.client import connect  # noqa: E402

from web_helpers import choose  # noqa: E402

pytestmark = [
    pytest.mark.filterwarnings("ignore::DeprecationWarning"),
    pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL"),
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(port: int, db) -> subprocess.Popen:
    proc = subprocess.Popen(
        [sys.executable, "-m", "mahjongg", "serve", "--port", str(port), "--db", str(db), "--seed", "77"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise AssertionError(f"the server exited: {proc.stdout.read().decode(errors='replace')}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/rulesets", timeout=1) as r:
                if r.status == 200:
                    return proc
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise AssertionError("the server did not come up")


def post(port: int, path: str, body: dict) -> dict:
    req = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}", json.dumps(body).encode(), {"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.loads(r.read())


class Client:
    """One seat over a real WebSocket (the sync ``websockets`` client)."""

    def __init__(self, port: int, code: str, token: str) -> None:
        self.ws = connect(f"ws://127.0.0.1:{port}/ws/{code}", open_timeout=10)
        self.ws.send(json.dumps({"type": "hello", "token": token}))
        self.first = self.recv()
        assert self.first["type"] == "state", self.first
        self.state = self.first

    def recv(self, timeout: float = 10) -> dict:
        m = json.loads(self.ws.recv(timeout=timeout))
        if m["type"] == "state":
            self.state = m
        return m

    def send(self, msg: dict) -> dict:
        """Send and wait for the answer: an error, or a state newer than the one we had
        (for ``sync``: the state it asked for)."""
        self.drain()
        old = self.state["v"]
        self.ws.send(json.dumps(msg))
        while True:
            m = self.recv()
            if m["type"] == "error" or m["v"] > old or msg["type"] == "sync":
                return m

    def drain(self) -> None:
        """Read what the server has pushed already."""
        while True:
            try:
                self.recv(timeout=0.05)
            except TimeoutError:
                return

    def sync(self) -> dict:
        """The seat's current view."""
        return self.send({"type": "sync"})

    def close(self) -> None:
        try:
            self.ws.close()
        except Exception:
            pass


def settled(clients: dict[int, Client]) -> dict[int, dict]:
    """The views once the table waits on a human (bots have had their moves)."""
    for _ in range(200):
        views = {p: c.sync() for p, c in clients.items()}
        if len({v["v"] for v in views.values()}) == 1 and (
            any(v["legal"] for v in views.values()) or any(v.get("result") for v in views.values())
        ):
            return views
        time.sleep(0.02)
    raise AssertionError("the table never settled on a human's decision")


def step(clients: dict[int, Client], rng: random.Random) -> bool:
    """One human decision; False once the hand is over."""
    views = settled(clients)
    if any(v.get("result") for v in views.values()):
        return False
    for p, v in views.items():
        a = choose(v, rng)
        if a is not None:
            m = clients[p].send({"type": "act", **a, "v": v["v"]})
            assert m["type"] == "state", m
            return True
    raise AssertionError("nobody can act and the hand is not over")


def essentials(view: dict) -> dict:
    """What a restored view must show exactly as before (``v``, the table's
    change counter, starts again from the rebuilt state, so it is left out)."""
    g = view["game"]
    return {
        "you": view["you"],
        "status": view["status"],
        "hand_no": view["hand_no"],
        "game": {k: g[k] for k in ("phase", "round", "turn", "wall_count", "last_discard", "last_discarder",
                                   "seat", "concealed", "drawn", "hidden")},
        "seats": [
            {k: s[k] for k in ("player", "name", "wind", "chips", "concealed_count", "melds", "bonus", "discards")}
            for s in view["seats"]
        ],
        "legal": view["legal"],
    }


def test_a_killed_server_process_loses_nothing(tmp_path):
    db = tmp_path / "tables.sqlite3"
    port = free_port()
    rng = random.Random(5)
    procs: list[subprocess.Popen] = []
    clients: dict[int, Client] = {}
    try:
        procs.append(start_server(port, db))
        made = post(port, "/api/tables", {"name": "Ann", "bot_delay": 0, "claim_seconds": 120, "claim_pause_seconds": 0,
                                          "grace_seconds": 600})
        code = made["code"]
        tokens = [made["token"], post(port, f"/api/tables/{code}/join", {"name": "Bob"})["token"]]
        clients = {p: Client(port, code, tok) for p, tok in enumerate(tokens)}
        assert clients[0].send({"type": "start"})["status"] == "playing"
        for _ in range(10):
            assert step(clients, rng), "the hand ended too soon for this test"
        before = settled(clients)
        assert before[0]["game"]["wall_count"] < 130 and any(s["discards"] for s in before[0]["seats"])

        procs[0].send_signal(signal.SIGKILL)  # no shutdown, no lifespan, nothing flushed
        procs[0].wait(10)
        for c in clients.values():
            c.close()

        procs.append(start_server(port, db))
        clients = {p: Client(port, code, tok) for p, tok in enumerate(tokens)}
        for p, c in clients.items():
            # the first message after hello is already the whole view, as it was
            assert essentials(c.first) == essentials(before[p])
            assert c.first["seats"][p]["connected"] and not c.first["seats"][p]["standin"]
        # and play goes on, to the end of the hand
        actions = 0
        while step(clients, rng):
            actions += 1
            assert actions < 500
        final = settled(clients)
        assert all(v["result"] for v in final.values())
        assert final[0]["result"]["hand_no"] == before[0]["hand_no"]
        assert sum(final[0]["result"]["chips"].values()) == 0
    finally:
        for c in clients.values():
            c.close()
        for proc in procs:
            if proc.poll() is None:
                proc.kill()
                proc.wait(10)
            proc.stdout.close()

    from mahjongg.table import Game
    from mahjongg.play.journal import Journal

    with Journal(db, create=False) as store:
        events = store.hand_events(store.match_id(code), before[0]["hand_no"])
    assert events[-1]["type"] == "end" and Game.replay(events).is_over
