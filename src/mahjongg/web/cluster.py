"""Many server processes on Redis: who owns each table, and the messages between
the owner and the processes holding its players' sockets (lichess's shape:
lila <-> redis <-> lila-ws).

Every process (``mahjongg serve --db postgresql://... --redis redis://...``) has
an id and an inbox channel. A table lives in one process, its *owner*, which
holds a *lease* on it (a Redis key with a time to live, renewed every third of
it); the journal of every table is in the one PostgreSQL database. A socket may
land on any process: if the table is not its own it sends the owner ``hello``
(the seat token, or a spectator's ``watch``), then each client message, and
``bye`` when the socket closes; the owner treats the socket as one of its own
(a :class:`RemoteConn` on the seat) and sends its views and errors back to the
socket's process, which puts them on the socket. HTTP requests on a table
(its lobby, a join) are calls to the owner and its answer.

Failover: when the owner dies its leases run out (``lease_seconds``); a process
that holds a socket of the table, or is asked about it, takes the lease and
rebuilds the table from the journal (every action was committed before anyone
was told of it, so nothing is lost), and its sockets say hello to it. A process
whose sockets' process has died (its ``alive`` key ran out) drops those sockets.
A process that finds its lease on a table taken by another (it stalled longer
than the lease) lets the table go and closes its own sockets on it (code 4503;
the page reconnects), sending nothing it held for them. The journal fences the
late writes of such a process: the taker claims the match's lease token in the
database before reading it, and a write made under the old token is refused in
its own transaction (:meth:`mahjongg.play.journal_pg.PgJournal.claim`) -- the
owner that finds its write refused lets the table go at once.

Redis going away (restarted, unreachable): while it is away each process goes
on with the tables it owns (their sockets here are served as ever; a socket on
another process's table hears nothing, a call is answered 503); each Redis
command fails fast (:class:`ClusterUnavailable`) rather than holding the event
loop. The inbox is listened to again as soon as Redis answers (backoff 0.1 s
doubling to 1 s), the leases found gone are taken again (a Redis restarted
empty has none: the owner keeps its tables; no other process takes a table
over within a lease of Redis coming back, :meth:`Cluster.settled`, so the
owner, alive, has three renewals' time to take its leases again before a
missing lease is read as a dead owner), and each process then says hello
again for each of its sockets on another's table, so they are sent the
table's state at once (what was published while the inbox was not listened
to is lost). A process is taken for dead only when its ``alive`` key is
missing twice in a row (a third of a lease apart), so a Redis restarted empty
drops nobody's sockets.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from dataclasses import replace
from typing import Callable

from ..errors import MahjonggError
from .protocol import (Bye, Call, Deliver, Forward, Kick, Refused, Reply, SayHello, Seated, Value, format_answer, format_post,
                       parse_answer, parse_post)

__all__ = ["Cluster", "RemoteConn", "LEASE_SECONDS", "ClusterUnavailable", "NO_ANSWER"]

log = logging.getLogger("mahjongg.web")

LEASE_SECONDS = 5.0
"""How long a table's lease lasts unless renewed: the longest a table is without owner."""
CALL_SECONDS = 2.0
"""How long a call waits for the owner's answer (at least a lease): no answer, and it is taken for dead."""

RETRY_FIRST, RETRY_MOST = 0.1, 1.0
"""Seconds between two tries to listen to the inbox again after Redis went away: the first, doubling up to the most."""
NO_ANSWER = "the server holding this table does not answer; try again"
"""What a request or socket on a table whose owner does not answer is told (503, 4503)."""
REDIS_TIMEOUT = 2.0
"""Seconds a Redis command waits (connecting or for an answer) before it fails."""

# KEYS[1]: the lease; ARGV[1]: this process; ARGV[2]: milliseconds. Renewed if still ours (1), taken
# again if nobody holds it (2: Redis restarted empty, or it ran out with nobody taking it), else 0.
_RENEW = """
local v = redis.call('GET', KEYS[1])
if v == ARGV[1] then redis.call('PEXPIRE', KEYS[1], ARGV[2]) return 1 end
if not v then redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) return 2 end
return 0
"""
_RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end
"""


class ClusterUnavailable(MahjonggError):
    """Redis does not answer now (restarting, unreachable): the cluster reconnects by itself; try again."""


def _line(exc: BaseException) -> str:
    """An exception in one line (for the log and for messages)."""
    return (str(exc).strip().splitlines() or [type(exc).__name__])[0]


def _unavailable(exc: Exception) -> ClusterUnavailable:
    return ClusterUnavailable(f"the server processes cannot reach each other now ({_line(exc)}); try again in a moment")


class RemoteConn:
    """On the owner, a socket held by another process: what is sent to it goes to that process."""

    opened_count = 0

    def __init__(self, cluster: "Cluster", proc: str, cid: str) -> None:
        RemoteConn.opened_count += 1
        self.opened = RemoteConn.opened_count
        self.cluster, self.proc, self.cid = cluster, proc, cid
        self.closed = False
        self.dropped = False  # what is held for it tells of writes refused: never sent
        self.strikes = 0  # the flood meter is the socket's process's

    def allow(self) -> bool:
        return True

    def send(self, text: str, at_once: bool = False) -> None:
        """Post ``text`` to the socket's process once every write made so far is committed
        (the gate; ``at_once``: now) -- not if the socket was dropped meanwhile (:meth:`drop`)."""
        if self.closed:
            return
        post = lambda: self.dropped or self.cluster.post(self.proc, Deliver(self.cid), text, at_once=True)  # noqa: E731
        if at_once or self.cluster.gate is None:
            post()
        else:
            self.cluster.gate.after(post)

    def drop(self, message: str, code: int = 4503) -> None:
        """As :meth:`mahjongg.web.sockets.Conn.drop`: nothing held for it is sent; the kick at once."""
        if self.dropped:
            return
        self.dropped = True
        if not self.closed:
            self.closed = True
            self.cluster.post(self.proc, Kick(self.cid, message, code, self.cluster.me), at_once=True)

    def kick(self, message: str, code: int = 4409) -> None:
        if not self.closed:
            self.closed = True
            self.cluster.post(self.proc, Kick(self.cid, message, code, self.cluster.me))


class Cluster:
    """This process's part in a server of many (see the module docs).

    ``handlers``: what the owner does with what other processes send it --
    ``hello(code, conn, hello) ->`` :class:`~mahjongg.web.protocol.Seated` or
    :class:`~mahjongg.web.protocol.Refused`, ``message(conn, text)``, ``bye(conn)``,
    ``call(code, method, args) ->`` :class:`~mahjongg.web.protocol.Value` or ``Refused``;
    and on a socket's side ``deliver(cid, text)``, ``kick(cid, message, code, sender)``
    (``sender``: the owner that kicks).
    ``prefix``: of every key and channel (tests keep theirs apart). Optional handler
    ``reconnected()``: the inbox is listened to again after Redis went away.
    ``gate``: what is posted waits for the journal's commit (web/commits.py)."""

    def __init__(self, url: str, handlers: dict[str, Callable], *, prefix: str = "mahjongg:", lease_seconds: float = LEASE_SECONDS) -> None:
        import redis
        import redis.asyncio
        from redis.backoff import ExponentialWithJitterBackoff
        from redis.retry import Retry

        self._errors = (redis.RedisError, OSError)
        self.url, self.prefix, self.lease_seconds = url, prefix, lease_seconds
        # one quick retry (a connection Redis closed), then fail: a command must not hold the event loop for seconds
        quick = dict(retry=Retry(ExponentialWithJitterBackoff(base=0.01, cap=0.05), 1),
                     socket_connect_timeout=REDIS_TIMEOUT, socket_timeout=REDIS_TIMEOUT)
        self.redis = redis.Redis.from_url(url, **quick)
        from redis.asyncio.retry import Retry as AsyncRetry

        self.aredis = redis.asyncio.Redis.from_url(url, retry=AsyncRetry(ExponentialWithJitterBackoff(base=0.01, cap=0.05), 1),
                                                   socket_connect_timeout=REDIS_TIMEOUT)
        self.gate = None
        self.missing: set[str] = set()  # processes whose alive key was missing at the last look
        self.away = False  # a Redis command failed, and none has answered since
        self.recovered = float("-inf")  # when Redis answered again after going away (time.monotonic)
        self.me = secrets.token_hex(8)
        self.handlers = handlers
        self.proxies: dict[tuple[str, str], RemoteConn] = {}  # (process, socket id) -> its conn on our tables
        self.pending: dict[str, asyncio.Future] = {}
        self._out: list[tuple[str, str]] = []
        self._renew = self.redis.register_script(_RENEW)
        self._release = self.redis.register_script(_RELEASE)
        self.loop: asyncio.AbstractEventLoop | None = None
        self.tasks: list[asyncio.Task] = []
        self.pubsub = None

    # --- names ---------------------------------------------------------------------------
    def inbox(self, proc: str) -> str:
        return f"{self.prefix}proc:{proc}"

    def lease_key(self, code: str) -> str:
        return f"{self.prefix}lease:{code}"

    def alive_key(self, proc: str) -> str:
        return f"{self.prefix}alive:{proc}"

    # --- Redis going away and coming back ----------------------------------------------------
    def _went_away(self) -> None:
        self.away = True

    def _answered(self) -> None:
        if self.away:
            self.away = False
            self.recovered = time.monotonic()

    def settled(self) -> bool:
        """Whether a lease found missing means its table has no owner: not within a lease of
        Redis coming back (restarted empty, every lease is missing until its owner, alive,
        takes it again -- within a third of a lease)."""
        return not self.away and time.monotonic() - self.recovered >= self.lease_seconds

    # --- starting and stopping -------------------------------------------------------------
    async def start(self, owned: Callable[[], list[str]], lost: Callable[[str], None], gone: Callable[[str], None]) -> None:
        """Listen to this process's inbox, and every third of a lease renew the leases of
        the tables ``owned()`` names (``lost(code)`` for one no longer ours) and this
        process's ``alive`` key, and drop the sockets of processes that died (``gone(proc)``)."""
        self.loop = asyncio.get_running_loop()
        self._alive()
        await self._subscribe()
        self.tasks.append(asyncio.create_task(self._listen()))
        self.tasks.append(asyncio.create_task(self._keep(owned, lost, gone)))

    async def _subscribe(self) -> None:
        pubsub = self.aredis.pubsub()
        try:
            await pubsub.subscribe(self.inbox(self.me))
        except BaseException:
            await pubsub.aclose()
            raise
        self.pubsub = pubsub

    async def stop(self) -> None:
        for t in self.tasks:
            t.cancel()
        for t in self.tasks:
            try:
                await t
            except BaseException:
                pass
        self.flush()
        try:
            if self.pubsub is not None:
                await self.pubsub.aclose()
            await self.aredis.aclose()
            self.redis.delete(self.alive_key(self.me))
        except Exception:
            pass
        self.redis.close()

    def _alive(self) -> None:
        self.redis.set(self.alive_key(self.me), "1", px=int(self.lease_seconds * 1000))

    async def _keep(self, owned, lost, gone) -> None:
        while True:
            await asyncio.sleep(self.lease_seconds / 3)
            try:
                self.keep(owned, lost, gone)
                self._answered()
            except asyncio.CancelledError:
                raise
            except self._errors as e:
                self._went_away()
                log.warning("the leases could not be renewed: %s", _line(e))
            except Exception:
                log.exception("the leases could not be renewed")

    def keep(self, owned, lost, gone) -> None:
        """Once: this process's ``alive`` key set, its leases renewed (taken again where nobody
        holds one; ``lost(code)`` where another does), and ``gone(proc)`` for each process with
        sockets on our tables whose ``alive`` key is missing for the second look in a row."""
        self._alive()
        codes = owned()
        if codes:
            pipe = self.redis.pipeline(transaction=False)
            for code in codes:
                self._renew(keys=[self.lease_key(code)], args=[self.me, int(self.lease_seconds * 1000)], client=pipe)
            for code, kept in zip(codes, pipe.execute()):
                if kept == 2:
                    log.warning("table %s: its lease was gone (Redis restarted?); taken again", code)
                elif not kept:
                    lost(code)
        procs = sorted({p for p, _ in self.proxies})
        missing = set()
        if procs:
            pipe = self.redis.pipeline(transaction=False)
            for p in procs:
                pipe.exists(self.alive_key(p))
            for p, alive in zip(procs, pipe.execute()):
                if not alive:
                    if p in self.missing:
                        gone(p)
                    else:
                        missing.add(p)  # a Redis restarted empty: its key is set again within a third of a lease
        self.missing = missing

    # --- leases ------------------------------------------------------------------------------
    def acquire(self, code: str) -> bool:
        """Take the lease on ``code`` if nobody holds it; whether this process holds it now.
        Raises :class:`ClusterUnavailable` while Redis does not answer."""
        try:
            if self.redis.set(self.lease_key(code), self.me, nx=True, px=int(self.lease_seconds * 1000)):
                return True
        except self._errors as e:
            self._went_away()
            raise _unavailable(e) from None
        return self.owner(code) == self.me

    def owner(self, code: str) -> str | None:
        """The process holding ``code``'s lease (``None``: nobody); :class:`ClusterUnavailable` while Redis does not answer."""
        try:
            v = self.redis.get(self.lease_key(code))
        except self._errors as e:
            self._went_away()
            raise _unavailable(e) from None
        self._answered()
        return v.decode() if v is not None else None

    def release(self, code: str) -> None:
        try:
            self._release(keys=[self.lease_key(code)], args=[self.me])
        except self._errors as e:  # it runs out by itself
            log.warning("the lease of %s could not be let go: %s", code, e)

    # --- messages ----------------------------------------------------------------------------
    def post(self, proc: str, message, text: str | None = None, at_once: bool = False) -> None:
        """Send ``message`` (a :mod:`~mahjongg.web.protocol` process message, and a text it
        carries, e.g. a view's JSON) to process ``proc``; sent with everything else posted in
        this turn of the event loop, in order -- once every write of the journal made so far
        is committed (``gate``), unless ``at_once``."""
        data = format_post(message, text)
        if self.gate is None or at_once:
            self._queue(self.inbox(proc), data)
        else:
            self.gate.after(lambda: self._queue(self.inbox(proc), data))

    def _queue(self, channel: str, data: str) -> None:
        if not self._out and self.loop is not None:
            self.loop.call_soon(self.flush)
        self._out.append((channel, data))

    def flush(self) -> None:
        out, self._out = self._out, []
        if not out:
            return
        pipe = self.redis.pipeline(transaction=False)
        for channel, data in out:
            pipe.publish(channel, data)
        try:
            pipe.execute()
        except self._errors as e:  # Redis away: lost (the sockets are sent the state again once it is back)
            self._went_away()
            log.warning("%d messages could not be sent: %s", len(out), _line(e))
        except Exception:
            log.exception("%d messages could not be sent", len(out))

    async def call(self, proc: str, question: SayHello | Call) -> Seated | Value | Refused:
        """Ask process ``proc`` and wait for its answer; :class:`~mahjongg.web.protocol.Refused`
        (status 503, code 4503) if none comes within a few seconds."""
        rid = secrets.token_hex(6)
        fut = self.loop.create_future()
        self.pending[rid] = fut
        self.post(proc, replace(question, id=rid, sender=self.me), at_once=True)  # a question tells of no write
        try:
            return parse_answer(await asyncio.wait_for(fut, max(CALL_SECONDS, self.lease_seconds)))
        except asyncio.TimeoutError:
            return Refused(NO_ANSWER, code=4503, status=503)
        finally:
            self.pending.pop(rid, None)

    async def _listen(self) -> None:
        """The inbox, listened to again whenever Redis went away (see the module docs)."""
        delay = RETRY_FIRST
        while True:
            try:
                if self.pubsub is None:
                    await self._subscribe()
                    log.warning("Redis is back: listening to this process's inbox again")
                    delay = RETRY_FIRST
                    self._alive()
                    self._answered()
                    if "reconnected" in self.handlers:
                        self.handlers["reconnected"]()
                async for m in self.pubsub.listen():
                    if m.get("type") != "message":
                        continue
                    try:
                        self._dispatch(*parse_post(m["data"]))
                    except Exception:
                        log.exception("a message from another process failed: %s", str(m["data"])[:200])
            except asyncio.CancelledError:
                raise
            except Exception as e:
                self._went_away()
                if self.pubsub is not None:
                    log.warning("Redis went away (%s); listening again once it is back", _line(e))
                    try:
                        await self.pubsub.aclose()
                    except Exception:
                        pass
                    self.pubsub = None
                await asyncio.sleep(delay)
                delay = min(delay * 2, RETRY_MOST)

    def _dispatch(self, m, text: str) -> None:
        h = self.handlers
        match m:
            case Deliver():
                h["deliver"](m.cid, text)
            case Kick():
                h["kick"](m.cid, m.message, m.code, m.sender)
            case Reply():
                fut = self.pending.get(m.id)
                if fut is not None and not fut.done():
                    fut.set_result(m.answer)
            case SayHello():
                old = self.proxies.pop((m.sender, m.cid), None)
                if old is not None:  # said again (Redis came back): the socket anew, sent the state afresh
                    old.closed = True
                    h["bye"](old)
                conn = RemoteConn(self, m.sender, m.cid)
                answer = h["hello"](m.code, conn, m.hello)
                if not isinstance(answer, Refused):
                    self.proxies[(m.sender, m.cid)] = conn
                self.post(m.sender, Reply(m.id, format_answer(answer)))
            case Forward():
                conn = self.proxies.get((m.sender, m.cid))
                if conn is not None:
                    h["message"](conn, text)
            case Bye():
                conn = self.proxies.pop((m.sender, m.cid), None)
                if conn is not None:
                    conn.closed = True
                    h["bye"](conn)
            case Call():
                self.post(m.sender, Reply(m.id, format_answer(h["call"](m.code, m.method, m.args))))

    def drop_process(self, proc: str) -> list[RemoteConn]:
        """Forget the sockets of a process that died; the conns to disconnect."""
        gone = [c for (p, _), c in self.proxies.items() if p == proc]
        for c in gone:
            c.closed = True
            del self.proxies[(c.proc, c.cid)]
        return gone
