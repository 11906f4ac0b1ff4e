"""The real PostgreSQL and Redis servers for the tests of many server processes
(issue 29): their URLs come from ``MAHJONGG_TEST_POSTGRES`` and
``MAHJONGG_TEST_REDIS`` (``.ci/run`` starts both and sets them); the tests that
need one skip when it is not set. A test that restarts a server (issue 42)
starts a throwaway one of its own from the same installation
(:class:`ThrowawayPostgres`, :class:`ThrowawayRedis`): the shared ones are
never restarted. And the server processes (:class:`Servers`) and their wire
clients (:class:`Seat`) the tests play with."""

from __future__ import annotations

import glob
import json
import os
import random
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from contextlib import contextmanager

import pytest

from web_helpers import choose

POSTGRES = os.environ.get("MAHJONGG_TEST_POSTGRES")
REDIS = os.environ.get("MAHJONGG_TEST_REDIS")

needs_postgres = pytest.mark.skipif(not POSTGRES, reason="MAHJONGG_TEST_POSTGRES is not set (no PostgreSQL server)")
needs_redis = pytest.mark.skipif(not REDIS, reason="MAHJONGG_TEST_REDIS is not set (no Redis server)")


def fresh_postgres(base: str | None = None) -> str:
    """The URL of a schema of its own in the test database (``base``: another server's) -- each test starts empty."""
    import psycopg

    base = base or POSTGRES
    schema = "t_" + secrets.token_hex(6)
    with psycopg.connect(base, autocommit=True) as c:
        c.execute(f"CREATE SCHEMA {schema}")
    sep = "&" if "?" in base else "?"
    return f"{base}{sep}options=-csearch_path%3D{schema}"


def fresh_redis_prefix() -> str:
    """A key prefix of its own (each test's keys and channels apart from the others')."""
    return "t" + secrets.token_hex(4) + ":"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# --- servers of our own, to restart -------------------------------------------------------------
def _as_postgres(args: list[str], **kw) -> subprocess.CompletedProcess:
    """Run a PostgreSQL program (as the postgres user when we are root: it refuses root)."""
    if os.geteuid() == 0:
        args = ["su", "postgres", "-s", "/bin/sh", "-c", " ".join(args)]
    return subprocess.run(args, check=True, capture_output=True, timeout=120, **kw)


class ThrowawayPostgres:
    """A PostgreSQL of our own, from the installation of the shared test server (Debian's
    ``/usr/lib/postgresql/*/bin``), on a free port in a temporary folder: ``url``, ``stop()``,
    ``start()``, ``close()``."""

    def __init__(self) -> None:
        bins = sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: [int(x) for x in p.split("/")[-2].split(".") if x.isdigit()])
        if not bins:
            pytest.skip("no PostgreSQL installation to start a server of our own from")
        self.bin, self.dir, self.port = bins[-1], tempfile.mkdtemp(prefix="mahjongg-pg-"), free_port()
        if os.geteuid() == 0:
            shutil.chown(self.dir, "postgres")
        _as_postgres([f"{self.bin}/initdb", "-D", f"{self.dir}/data", "-A", "trust", "-U", "postgres", "--no-sync"])
        self.start()
        _as_postgres([f"{self.bin}/createdb", "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres", "mahjongg_test"])
        self.url = f"postgresql://postgres@127.0.0.1:{self.port}/mahjongg_test"

    def start(self) -> None:
        _as_postgres([f"{self.bin}/pg_ctl", "-D", f"{self.dir}/data", "-w", "-l", f"{self.dir}/log",
                      "-o", f"'-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1'", "start"])

    def stop(self) -> None:
        """A fast shutdown, as a restart does: every connection is cut, open transactions roll back."""
        _as_postgres([f"{self.bin}/pg_ctl", "-D", f"{self.dir}/data", "-w", "-m", "fast", "stop"])

    def close(self) -> None:
        try:
            self.stop()
        except subprocess.CalledProcessError:
            pass
        shutil.rmtree(self.dir, ignore_errors=True)


class ThrowawayRedis:
    """A Redis of our own (the ``redis-server`` on the PATH), on a free port, keeping nothing on
    disk -- a restart comes back empty, as the shared one would: ``url``, ``stop()``, ``start()``, ``close()``."""

    def __init__(self) -> None:
        if shutil.which("redis-server") is None:
            pytest.skip("no redis-server to start a server of our own from")
        self.dir, self.port = tempfile.mkdtemp(prefix="mahjongg-redis-"), free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.proc: subprocess.Popen | None = None
        self.start()

    def start(self) -> None:
        self.proc = subprocess.Popen(["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
                                      "--appendonly", "no", "--dir", self.dir], stdout=subprocess.DEVNULL)
        import redis

        for _ in range(200):
            try:
                redis.Redis(port=self.port, socket_connect_timeout=1).ping()
                return
            except redis.ConnectionError:
                time.sleep(0.05)
        raise AssertionError("our Redis did not start")

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.terminate()
            self.proc.wait(10)
            self.proc = None

    def close(self) -> None:
        self.stop()
        shutil.rmtree(self.dir, ignore_errors=True)


@contextmanager
def away(server):
    """``server`` (a throwaway one) stopped for the block, started again after it whatever happens
    (the next test finds it running); the dict yielded gets ``back``, when it answered again."""
    server.stop()
    when: dict = {}
    try:
        yield when
    finally:
        server.start()
        when["back"] = time.monotonic()


@pytest.fixture(scope="session")
def own_postgres():
    """A :class:`ThrowawayPostgres` for the tests that stop and start it (each leaves it running)."""
    pg = ThrowawayPostgres()
    yield pg
    pg.close()


@pytest.fixture(scope="session")
def own_redis():
    """A :class:`ThrowawayRedis` for the tests that stop and start it (each leaves it running)."""
    r = ThrowawayRedis()
    yield r
    r.close()


# --- server processes and their players -------------------------------------------------------------
SERVER = """
import json, sys, uvicorn
from mahjongg.web import create_app
db, redis, port, options = sys.argv[1], sys.argv[2], int(sys.argv[3]), json.loads(sys.argv[4])
app = create_app(db, redis=redis, cluster={"redis_prefix": options["prefix"], "lease_seconds": options["lease"]},
                 limits=options["limits"], rate=options["rate"], burst=options["burst"], seed=options["seed"])
uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning")
"""


class Servers:
    """``n`` server processes on one fresh database and one key prefix of a Redis (the shared
    test servers unless ``postgres``, ``redis`` name others); the flood meter lifted unless
    ``rate``, ``burst`` are given; each table's lease ``lease`` seconds."""

    def __init__(self, n: int, limits: dict | None = None, seed: int | None = None, *, postgres: str | None = None,
                 redis: str | None = None, rate: float = 1e9, burst: float = 1e9, lease: float = 1.5) -> None:
        self.db, self.prefix, self.redis = fresh_postgres(postgres), fresh_redis_prefix(), redis or REDIS
        self.options = {"prefix": self.prefix, "lease": lease, "limits": limits or {}, "rate": rate, "burst": burst, "seed": seed}
        self.procs: list[subprocess.Popen | None] = []
        self.bases: list[str] = []
        for _ in range(n):
            port = free_port()
            env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
            self.procs.append(subprocess.Popen([sys.executable, "-c", SERVER, self.db, self.redis, str(port), json.dumps(self.options)], env=env))
            self.bases.append(f"http://127.0.0.1:{port}")
        for base in self.bases:
            for _ in range(200):
                try:
                    urllib.request.urlopen(base + "/api/rulesets", timeout=2).read()
                    break
                except OSError:
                    time.sleep(0.05)
            else:
                raise AssertionError(f"the server at {base} did not start")

    def post(self, i: int, path: str, body: dict) -> tuple[int, dict]:
        return self.ask(i, path, json.dumps(body).encode())

    def get(self, i: int, path: str) -> tuple[int, dict]:
        return self.ask(i, path)

    def ask(self, i: int, path: str, body: bytes | None = None) -> tuple[int, dict]:
        req = urllib.request.Request(self.bases[i] + path, body, {"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=10) as r:
                return r.status, json.loads(r.read())
        except urllib.error.HTTPError as e:
            return e.code, json.loads(e.read())

    def kill(self, i: int) -> None:
        self.procs[i].send_signal(signal.SIGKILL)
        self.procs[i].wait(10)
        self.procs[i] = None

    def close(self) -> None:
        for p in self.procs:
            if p is not None:
                p.terminate()
                p.wait(10)


@pytest.fixture
def servers(request):
    made = []

    def make(n, limits=None, seed=None, **kw):
        made.append(Servers(n, limits, seed, **kw))
        return made[-1]

    yield make
    for s in made:
        s.close()


def decided(view: dict) -> random.Random:
    """The random choices of a wire client for this view: drawn from what the view shows,
    so that a seat sent the same view again decides alike and the hand a table plays
    depends on its seed alone, never on the order messages crossed the processes in."""
    g = view["game"]
    return random.Random(json.dumps([view.get("hand_no"), g["wall_count"], g["concealed"], g["drawn"], view["legal"]]))


class Seat:
    """One player's socket to one server process, playing from its own view: every state
    (``states``) and every error message (``errors``) it was sent are kept."""

    def __init__(self, base: str, code: str, token: str) -> None:
        from websockets.sync.client import connect

        self.code, self.token = code, token
        self.ws = connect(base.replace("http", "ws", 1) + f"/ws/{code}", open_timeout=30)
        self.ws.send(json.dumps({"type": "hello", "token": token}))
        self.state: dict | None = None
        self.states: list[dict] = []
        self.errors: list[str] = []
        self.messages = 0

    def pump(self, timeout: float = 0.05) -> bool:
        """Read what has come; act if it is this seat's turn. Whether something came."""
        try:
            m = json.loads(self.ws.recv(timeout=timeout))
        except TimeoutError:
            return False
        self.messages += 1
        if m["type"] == "error":
            self.errors.append(m["message"])
        if m["type"] == "state":
            for s in m["seats"]:
                if s["player"] != m["you"]:
                    assert "concealed" not in s, "another seat's tiles were sent"
            self.state = m
            self.states.append(m)
            a = choose(m, decided(m)) if m.get("legal") else None
            if a is not None and not m.get("result"):
                self.ws.send(json.dumps({"type": "act", **a, "v": m["v"]}))
        return True

    def close(self) -> None:
        try:
            self.ws.close()
        except Exception:
            pass


def play(seats: list[Seat], until, seconds: float = 60) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        for s in seats:
            s.pump()
        if until():
            return
    raise AssertionError(f"not reached in {seconds} s: {[s.state and s.state.get('game', {}).get('phase') for s in seats]}")


def match_events(db: str, code: str) -> list[dict]:
    """The hand in progress of table ``code`` as the journal has it, read straight from PostgreSQL."""
    import psycopg

    with psycopg.connect(db) as c:
        rows = c.execute("SELECT e.data FROM match_events e JOIN matches m ON m.id = e.match_id WHERE m.code = %s ORDER BY e.hand, e.seq", (code,)).fetchall()
    return [json.loads(d) for (d,) in rows]


def finished(db: str, code: str) -> list[list[dict]]:
    import psycopg

    with psycopg.connect(db) as c:
        games = c.execute("SELECT g.id FROM games g JOIN matches m ON m.id = g.match_id WHERE m.code = %s ORDER BY g.hand", (code,)).fetchall()
        return [[json.loads(d) for (d,) in c.execute("SELECT data FROM events WHERE game_id = %s ORDER BY seq", (g,))] for (g,) in games]


def discards(events: list[dict]) -> dict[str, list[str]]:
    """Each seat's discards (by wind letter) in a hand's journal, in order."""
    out: dict[str, list[str]] = {}
    for e in events:
        if e["type"] == "action" and e["kind"] == "discard":
            out.setdefault(e["seat"], []).append(e["tile"])
    return out


def told_is_journaled(seat: Seat, hand: list[dict]) -> None:
    """Every discard this seat was ever shown is in the journal's hand, in its place: nothing it
    was told of was lost (each view's discards, seat by seat, a beginning of the journal's)."""
    journal = discards(hand)
    for state in seat.states:
        if state.get("game") is None:
            continue
        for s in state["seats"]:
            shown = [d["tile"] for d in s["discards"]]
            assert shown == journal.get(s["wind"], [])[: len(shown)], (s["wind"], shown, journal.get(s["wind"]))
