"""The web app (Starlette): lobby and table pages, a small JSON API, one WebSocket per seat.

HTTP:
  ``GET /``                         the lobby page (create or join a table)
  ``GET /t/{code}``                 the table page
  ``GET /watch/{code}``             the table page for a spectator (the watch link)
  ``GET /api/rulesets``             rulesets, the options a table may set, bot kinds
  ``POST /api/tables``              create: ``{name, ruleset, options, hands|rounds, bots, ...}``
                                    -> ``{code, player, token}``
  ``GET /api/tables/{code}``        the lobby of a table (names and kinds of seats)
  ``GET /replay/{code}[/{hand}]``   the replay page: a table's finished hands, one step by step
  ``GET /api/tables/{code}/hands``  its finished hands (``web/replay.py`` ``history``)
  ``GET /api/tables/{code}/hands/{n}``  hand ``n`` step by step, every hand open, its score
                                    sheet (404 no such hand, 409 the hand still on the table:
                                    nothing of it is shown)
  ``POST /api/tables/{code}/join``  ``{name}`` -> ``{player, token}``
  ``GET /score``, ``POST /api/score``, ``POST /api/settle``: the scoring page
                                    and its API (``web/scoring.py``)

The routes by group: the lobby and its tables (``web/lobby.py``), the replays
(``web/replay.py``), the sockets (``web/sockets.py``), the scoring page
(``web/scoring.py``); what they share of HTTP is ``web/api.py``. Here: the
:class:`Server` (the tables in memory, their store, what each client may take)
and :func:`create_app`, which puts them together.

WebSocket ``/ws/{code}``: the first message must be ``{"type": "hello",
"token": ...}`` (a seat token; anything else closes the socket with 4401), or
``{"type": "watch"}`` for a spectator of a started table, who is sent the
public view (no seat's concealed tiles) after every change and may send only
``sync`` (at most ``table_watchers`` per table, each counted in ``client_conns``;
the seated players' views say how many watch).
Then the client sends ``act`` (``kind``, ``tile``, ``chow``, optional ``v``),
``start``, ``ready``, ``back``, ``auto_pass`` (``on``: true or false), ``hint`` (``on``: the advisor's line in one's views) or ``sync``; the
server sends ``state`` (the seat's whole view, after every change) and ``error``
messages (every message kind is parsed and formatted in :mod:`mahjongg.web.protocol`). After every discard every seat is in the claim pause (docs/claims.md). Oversized, malformed,
illegal or too frequent messages get an ``error`` and change nothing; so does, while a PostgreSQL
journal is away (reconnecting), a message that would change the table (:data:`~mahjongg.web.commits.RECONNECTING`).
Nothing is sent before what it tells is committed (:mod:`mahjongg.web.commits`).

Open to strangers (:class:`Limits`, each a keyword of :func:`create_app`):
a client (an IP address) may create ``create_burst`` tables at once and then
one every ``create_every`` seconds (else 429 with ``Retry-After``) and hold at
most ``tables_per_client`` unfinished tables, so the server-wide cap
``max_tables`` cannot be filled by one client; a lobby that never starts is
dropped after ``lobby_seconds``, a table nobody is connected to after
``abandoned_seconds`` (both marked ``expired`` in the store, never rebuilt;
a socket still open on one is told why and closed, code 4404).
A seat has at most ``seat_conns`` sockets (a new one closes the oldest, which
is told why, code 4409), a client ``client_conns`` (more are refused, 4429).
The scoring API (``/api/score``, ``/api/settle``) answers a client
``score_burst`` requests at once and then one every ``score_every`` seconds
(else 429 with ``Retry-After``); a table takes ``table_watchers`` spectators.
Looking a table up by its code (``GET /api/tables/{code}``, its finished hands
``/api/tables/{code}/hands[/{n}]``, opening ``/ws/{code}``) is limited the same way
(``lookup_burst``, ``lookup_every``), and so is joining (``join_burst``,
``join_every``), so the six-letter codes cannot be enumerated. A client is
its IPv4 address, or its IPv6 /64 network (one household or machine gets
one: rotating addresses within it buys no fresh budget). Behind a reverse
proxy every request comes from the proxy's address: ``serve --proxy-headers
--forwarded-allow-ips IPS`` makes uvicorn take the client's address from
``X-Forwarded-For`` when the request comes from one of those proxies (off by
default: a client could write that header itself). A client that goes away
in the middle of a request body is one line in the log.

Every HTTP response carries :data:`SECURITY_HEADERS`: a Content-Security-Policy
that allows scripts, styles and connections from this server only (no inline
script or style), no framing by any page, ``nosniff`` and no referrer (the
invite link holds the table's code). A request body is at most ``max_body`` bytes of JSON (else 400 with a one-line
reason, nothing in the log). A table's seed comes from the server: a client
that sends one gets 400; ``seed`` (``serve --seed``) makes the server's own
draws reproducible, a testing aid for whoever runs it.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from contextlib import asynccontextmanager
from dataclasses import dataclass, fields, replace
from pathlib import Path

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Mount
from starlette.staticfiles import StaticFiles

from ..play.journal import Journal
from ..play.journals import is_url, open_journal
from ..play.seeds import secret_hand_seed
from . import protocol
from .api import CSP, MAX_BODY, SECURITY_HEADERS, STATIC, SecurityHeaders, client_key, client_of, read_body, throttled
from .buckets import MemoryBuckets, RedisBuckets
from .commits import AWAY, CommitGate
from .handles import LocalTable, RemoteTable
from .lobby import lobby_routes
from .protocol import MAX_MESSAGE
from .replay import hand_replay, replay_routes
from .scoring import scoring_routes
from .sockets import BURST, RATE, Conn, admit, handle_message, socket_routes
from .table import LiveTable, TableError

__all__ = ["create_app", "Server", "Limits", "Conn", "MAX_MESSAGE", "CSP", "SECURITY_HEADERS", "client_key"]

log = logging.getLogger("mahjongg.web")

MAX_TABLES = 2000
FORGET_SECONDS = 3600.0  # a finished table is kept in memory this long
SWEEP_SECONDS = 60.0  # how often expired tables are looked for
REPLAYS_KEPT = 64  # replays of finished hands kept in memory
RETRY_SECONDS = 0.5  # a timer that comes while the journal is away waits this long, again and again
ANSWER_SECONDS = 5.0  # how long an answer waits for its writes' commit before 503


@dataclass(frozen=True)
class Limits:
    """What one client may take of the server (see the module docs)."""

    create_burst: int = 10  # tables a client may create at once
    create_every: float = 6.0  # then one every this many seconds
    tables_per_client: int = 20  # unfinished tables one client may hold
    max_tables: int = MAX_TABLES  # unfinished tables on the server
    lobby_seconds: float = 1800.0  # a lobby that never starts lives this long
    abandoned_seconds: float = 1800.0  # a table with nobody connected lives this long
    seat_conns: int = 5  # sockets on one seat (a new one replaces the oldest)
    client_conns: int = 40  # sockets from one client (a spectator's too)
    table_watchers: int = 50  # spectators of one table
    max_body: int = MAX_BODY  # bytes of a request body
    score_burst: int = 30  # requests of /api/score and /api/settle a client may make at once
    score_every: float = 0.25  # then one every this many seconds
    lookup_burst: int = 30  # look-ups of a table by code (GET /api/tables/{code}, /ws/{code}) at once
    lookup_every: float = 0.5  # then one every this many seconds
    join_burst: int = 10  # joins (POST /api/tables/{code}/join) at once
    join_every: float = 2.0  # then one every this many seconds


class Server:
    """The tables in memory and their store, and what each client holds.

    ``seed``: None draws every table's match seed (seating, bots) from the
    operating system's CSPRNG (128 bits) and has every table deal each hand
    from a fresh secret seed (:func:`~mahjongg.play.seeds.secret_hand_seed`);
    a number makes the draws reproducible and the tables deal from their match
    seeds (a testing aid of ``serve --seed``: anyone who knows it can predict
    every hand). ``clock``: seconds, the wall clock by default (a test clock in
    tests)."""

    def __init__(self, db: str | Path = ":memory:", *, seed: int | None = None, limits: Limits | None = None, clock=time.time,
                 redis: str | None = None, redis_prefix: str = "mahjongg:", lease_seconds: float | None = None) -> None:
        self.db = str(db)
        self.redis = redis  # a server of many processes: the URL of their Redis (web/hosting.py)
        self.redis_prefix, self.lease_seconds = redis_prefix, lease_seconds
        self.hosting = None
        self.store: Journal | None = None
        self.tables: dict[str, LiveTable] = {}
        self.loop: asyncio.AbstractEventLoop | None = None
        self.rng: random.Random | None = None if seed is None else random.Random(seed)
        self.predictable = seed is not None  # serve --seed: every table deals from its match seed
        self.limits = limits or Limits()
        self.clock = clock
        self.owners: dict[str, str] = {}  # table code -> the client that made it
        self.buckets = MemoryBuckets()  # in Redis for a server of many processes (web/buckets.py)
        self.client_conns: dict[str, int] = {}
        self.sweeper = None
        self.replays: dict[tuple[str, int], dict] = {}  # (table code, hand) -> its replay: a finished hand never changes
        self.gate: CommitGate | None = None  # what is sent waits for the journal's commit (web/commits.py)
        self.journal_was_away = False  # the journal was found away since it was last back

    @property
    def journal_ready(self) -> bool:
        """Whether the journal takes writes now (False while a PostgreSQL journal reconnects)."""
        ready = getattr(self.store, "available", True)
        if not ready:
            self.journal_was_away = True
        return ready

    def _journal_away(self) -> None:
        """The journal found its database away: every socket on our tables is told at once (:data:`AWAY`)."""
        self.journal_was_away = True
        for t in list(self.tables.values()):
            for conn in [c for s in t.seats for c in s.conns] + list(t.watchers):
                conn.send(protocol.error_text(AWAY), at_once=True)

    def _journal_fenced(self, match_id: int, token: int) -> None:
        """A write of match ``match_id`` was refused by its lease token: another process took the
        table over. It is let go here (web/hosting.py), nothing held for its sockets sent."""
        if self.hosting is not None:
            self.hosting.fenced(match_id, token)

    def _journal_back(self) -> None:
        """After a commit: if the journal was away (a move was refused, a timer waited), every
        seat is sent its state again -- a player refused meanwhile sees his choices again."""
        if not self.journal_was_away or not self.journal_ready:
            return
        self.journal_was_away = False
        log.warning("the journal is back: every table's seats are sent their state again")
        for t in list(self.tables.values()):
            for s in t.seats:
                if s.conns:
                    try:
                        t.handle(s.player, protocol.Sync())
                    except TableError:
                        pass

    def new_seed(self) -> int:
        """A new table's match seed: 128 secret bits, or the next of ``serve --seed``'s draws."""
        return secret_hand_seed() if self.rng is None else self.rng.randrange(2**32)

    # --- what one client may take --------------------------------------------------
    def may_create(self, client: str) -> float:
        """0 if ``client`` may create a table now (and it is counted), else the
        seconds to wait. Raises :class:`TableError` when the client or the server
        holds too many tables."""
        lim = self.limits
        self.sweep()
        live = [c for c, t in self.tables.items() if t.status != "finished"]
        if sum(1 for c in live if self.owners.get(c) == client) >= lim.tables_per_client:
            raise TableError(f"you have {lim.tables_per_client} tables open already; play or leave one first")
        if len(live) >= lim.max_tables:
            raise TableError("too many tables on this server; try again later")
        return self._take("create", client, lim.create_burst, lim.create_every)

    def replay(self, code: str, hand: int) -> dict:
        """Hand ``hand`` of table ``code`` replayed from the journal (kept: it never changes);
        raises :class:`~mahjongg.web.replay.NoReplay`."""
        key = (code.upper(), hand)
        if key not in self.replays:
            if len(self.replays) >= REPLAYS_KEPT:
                del self.replays[next(iter(self.replays))]
            self.replays[key] = hand_replay(self.store, code, hand)
        return self.replays[key]

    def may_score(self, client: str) -> float:
        """0 if ``client`` may make a request of the scoring API now (and it is
        counted), else the seconds to wait (``score_burst``, ``score_every``)."""
        return self._take("score", client, self.limits.score_burst, self.limits.score_every)

    def may_look_up(self, client: str) -> float:
        """0 if ``client`` may look a table up by its code now (and it is counted),
        else the seconds to wait (``lookup_burst``, ``lookup_every``)."""
        return self._take("lookup", client, self.limits.lookup_burst, self.limits.lookup_every)

    def may_join(self, client: str) -> float:
        """0 if ``client`` may join a table now (and it is counted), else the
        seconds to wait (``join_burst``, ``join_every``)."""
        return self._take("join", client, self.limits.join_burst, self.limits.join_every)

    def _take(self, budget: str, client: str, burst: int, every: float) -> float:
        """A token bucket per ``(budget, client)``: ``burst`` at once, then one
        every ``every`` seconds. 0 if one is taken now, else the seconds to wait."""
        return self.buckets.take(budget, client, burst, every, self.clock())

    def sweep(self) -> list[str]:
        """Drop the lobbies that never started and the tables nobody is at any
        more (marked ``expired`` in the store); the codes dropped."""
        lim, now, gone = self.limits, self.clock(), []
        for code, t in list(self.tables.items()):
            if t.status == "lobby":
                stale = now - t.created > lim.lobby_seconds
            elif t.status == "playing":
                stale = not t.humans_present() and now - t.seen > lim.abandoned_seconds
            else:
                stale = False
            if stale:
                why = "this table never started" if t.status == "lobby" else "everyone left this table"
                for seat in t.seats:
                    for conn in list(seat.conns):
                        conn.kick(f"{why}, so it was closed; create a new one from the lobby", 4404)
                    seat.conns.clear()
                for conn in list(t.watchers):
                    conn.kick(f"{why}, so it was closed", 4404)
                t.watchers.clear()
                t.close()
                del self.tables[code]
                self.owners.pop(code, None)
                if self.store is not None:
                    self.store.set_match(t.match_id, status="expired")
                gone.append(code)
        return gone

    def _sweep_later(self) -> None:
        self.sweep()
        self.sweeper = self.schedule(SWEEP_SECONDS, self._sweep_later)

    def schedule(self, delay: float, fn) -> "_Timer":
        """Call ``fn()`` in ``delay`` seconds (cancel with the handle's ``cancel()``). While the
        journal is away a timer does not act: it comes again every ``RETRY_SECONDS`` until the
        journal is back (a bot's move, a claim time running out: nothing is done that cannot
        be written, and every table goes on once it can)."""
        timer = _Timer()

        def run() -> None:
            if not self.journal_ready:
                timer.handle = self.loop.call_later(RETRY_SECONDS, run)
                return
            try:
                fn()
            except Exception:  # a timer must never kill the loop
                log.exception("timer failed")

        timer.handle = self.loop.call_later(delay, run)
        return timer

    def open(self) -> None:
        self.loop = asyncio.get_running_loop()
        self.sweeper = self.schedule(SWEEP_SECONDS, self._sweep_later)
        # the journal: tables, seats, the hands in progress and the finished hands (mahjongg replay reads them);
        # PostgreSQL's commits on a writer thread, what is sent held until they are done (web/commits.py)
        self.store = open_journal(self.db, check_same_thread=False, **({"background": True} if is_url(self.db) else {}))
        self.gate = CommitGate(self.loop, self.store)
        self.gate.listeners.append(self._journal_back)
        self.gate.away_listeners.append(self._journal_away)
        self.gate.fenced_listeners.append(self._journal_fenced)
        if self.redis is not None:  # many processes: each table is taken over when someone comes to it
            return
        for row in self.store.matches("serve", ("lobby", "playing")):
            try:
                self.add(LiveTable.rebuild(self.store, row, self.schedule))
            except Exception:
                log.exception("table %s could not be rebuilt", row.code)

    async def start_hosting(self) -> None:
        """With ``redis``: join the other processes (leases, messages, shared buckets)."""
        if self.redis is None:
            return
        from .hosting import Hosting

        self.hosting = Hosting(self, self.redis, prefix=self.redis_prefix, lease_seconds=self.lease_seconds)
        self.buckets = RedisBuckets(self.hosting.cluster.redis, self.redis_prefix)
        await self.hosting.start()

    async def stop_hosting(self) -> None:
        if self.hosting is not None:
            await self.hosting.stop()

    def locate(self, code: str) -> LocalTable | RemoteTable | None:
        """A handle on table ``code`` (``web/handles.py``), whether this process plays it or
        another (many processes); ``None``: no such table is being played. Raises one of
        :data:`~mahjongg.web.handles.UNAVAILABLE` while the journal or Redis does not answer."""
        if not isinstance(code, str):
            return None
        if self.hosting is None:
            table = self.tables.get(code.upper())
            return LocalTable(self, table) if table is not None else None
        return self.hosting.locate(code)

    async def committed(self) -> bool:
        """Whether every write made so far is committed, waiting up to ``ANSWER_SECONDS`` for it."""
        return self.gate is None or await self.gate.flushed(ANSWER_SECONDS)

    def forward(self, conn, text: str | None) -> str | None:
        """A message of a socket here on a table another process plays (or played: the table may
        have come here since): its flood meter read here, once, then sent where the table is."""
        ok, reply = admit(conn, text)
        return self.hosting.forward(conn, text) if ok else reply

    def handle_local(self, table: LiveTable, player: int | None, conn, text: str | None, admitted: bool = False) -> str | None:
        """One client message of a player's (``None``: a spectator's) socket on a table played here;
        ``admitted``: its flood meter was read already (a socket of this process, forwarded)."""
        if player is None:
            return handle_message(lambda _, msg: table.handle_watcher(conn, msg), None, conn, text, admitted=admitted)
        return handle_message(table.handle, player, conn, text, admitted=admitted, ready=lambda: self.journal_ready)

    def add(self, table: LiveTable, owner: str | None = None) -> None:
        table.clock = self.clock
        table.created = table.seen = self.clock()
        self.tables[table.code] = table
        if owner is not None:
            self.owners[table.code] = owner
        table.finished = self.forget_later

    def forget_later(self, table: LiveTable) -> None:
        """A finished table stays for its score sheet, then leaves memory (not the database)."""

        def forget() -> None:
            if self.tables.get(table.code) is table:
                table.close()
                del self.tables[table.code]
                if self.hosting is not None:
                    self.hosting.forgotten(table.code, table.match_id)

        self.schedule(FORGET_SECONDS, forget)

    def close(self) -> None:
        if self.sweeper is not None:
            self.sweeper.cancel()
        for t in self.tables.values():
            t.close()
        if self.store is not None:
            self.store.close()

    def table(self, code: str) -> LiveTable | None:
        return self.tables.get(code.upper()) if isinstance(code, str) else None


class _Timer:
    """A timer of :meth:`Server.schedule`: its ``cancel()`` holds whichever call is due next."""

    __slots__ = ("handle",)

    def cancel(self) -> None:
        self.handle.cancel()


def create_app(
    db: str | Path = ":memory:",
    *,
    rate: float = RATE,
    burst: float = BURST,
    defaults: dict | None = None,
    seed: int | None = None,
    limits: Limits | dict | None = None,
    clock=time.time,
    redis: str | None = None,
    cluster: dict | None = None,
) -> Starlette:
    """The app, its tables stored in the SQLite file ``db``. ``rate``, ``burst``:
    messages a second each socket may send on average, and at once.
    ``defaults``: table settings used where a request gives none (e.g.
    ``{"bot_delay": 0.1}``; not ``seed``). ``seed``: the server's own draws of
    table seeds made reproducible (``serve --seed``, for testing; None: secret
    randomness). ``limits``: :class:`Limits` or a dict of its fields.
    ``clock``: seconds (wall clock; tests pass their own)."""
    if isinstance(limits, dict):
        unknown = set(limits) - {f.name for f in fields(Limits)}
        if unknown:
            raise TypeError(f"unknown limits: {', '.join(sorted(unknown))}")
        limits = replace(Limits(), **limits)
    if defaults and "seed" in defaults:
        raise TypeError("defaults may not hold a seed: pass seed= (serve --seed)")
    server = Server(db, seed=seed, limits=limits, clock=clock, redis=redis, **(cluster or {}))

    @asynccontextmanager
    async def lifespan(app):
        server.open()
        await server.start_hosting()
        yield
        await server.stop_hosting()
        server.close()

    def score_limit(request: Request) -> Response | None:
        """None if the scoring API may answer this client now, else its 429."""
        wait = server.may_score(client_of(request))
        return throttled("too many scoring requests from you", wait) if wait > 0 else None

    app = Starlette(
        routes=[
            *lobby_routes(server, defaults),  # the lobby, the table page, making and joining a table (web/lobby.py)
            *replay_routes(server),  # a table's finished hands (web/replay.py)
            *socket_routes(server, rate, burst),  # /ws/{code} (web/sockets.py)
            # /score and /api/score, /api/settle (web/scoring.py), with the server's limits
            *scoring_routes(STATIC, lambda request: read_body(request, server.limits.max_body), score_limit),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ],
        lifespan=lifespan,
        middleware=[Middleware(SecurityHeaders)],
    )
    app.state.server = server
    return app
