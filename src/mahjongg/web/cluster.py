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
A process that finds its lease on a table gone (it stalled longer than the
lease) lets the table go and closes its own sockets on it (code 4503; the page
reconnects).
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from typing import Any, Callable

__all__ = ["Cluster", "RemoteConn", "LEASE_SECONDS"]

log = logging.getLogger("mahjongg.web")

LEASE_SECONDS = 5.0
"""How long a table's lease lasts unless renewed: the longest a table is without owner."""
CALL_SECONDS = 2.0
"""How long a call waits for the owner's answer (at least a lease): no answer, and it is taken for dead."""

# KEYS[1]: the lease; ARGV[1]: this process; ARGV[2]: milliseconds. Renewed only if still ours.
_RENEW = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) else return 0 end
"""
_RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end
"""


class RemoteConn:
    """On the owner, a socket held by another process: what is sent to it goes to that process."""

    opened_count = 0

    def __init__(self, cluster: "Cluster", proc: str, cid: str) -> None:
        RemoteConn.opened_count += 1
        self.opened = RemoteConn.opened_count
        self.cluster, self.proc, self.cid = cluster, proc, cid
        self.closed = False
        self.strikes = 0  # the flood meter is the socket's process's

    def allow(self) -> bool:
        return True

    def send(self, msg: dict | str) -> None:
        if not self.closed:
            self.cluster.post(self.proc, {"op": "send", "cid": self.cid}, msg if isinstance(msg, str) else json.dumps(msg))

    def kick(self, message: str, code: int = 4409) -> None:
        if not self.closed:
            self.closed = True
            self.cluster.post(self.proc, {"op": "kick", "cid": self.cid, "message": message, "code": code})


class Cluster:
    """This process's part in a server of many (see the module docs).

    ``handlers``: what the owner does with what other processes send it --
    ``hello(code, conn, hello) -> dict`` (``{"player": p}`` or ``{"error", "code"}``),
    ``message(conn, text)``, ``bye(conn)``, ``call(code, method, args) -> dict``;
    and on a socket's side ``deliver(cid, text)``, ``kick(cid, message, code)``.
    ``prefix``: of every key and channel (tests keep theirs apart)."""

    def __init__(self, url: str, handlers: dict[str, Callable], *, prefix: str = "mahjongg:", lease_seconds: float = LEASE_SECONDS) -> None:
        import redis
        import redis.asyncio

        self.url, self.prefix, self.lease_seconds = url, prefix, lease_seconds
        self.redis = redis.Redis.from_url(url)
        self.aredis = redis.asyncio.Redis.from_url(url)
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

    # --- starting and stopping -------------------------------------------------------------
    async def start(self, owned: Callable[[], list[str]], lost: Callable[[str], None], gone: Callable[[str], None]) -> None:
        """Listen to this process's inbox, and every third of a lease renew the leases of
        the tables ``owned()`` names (``lost(code)`` for one no longer ours) and this
        process's ``alive`` key, and drop the sockets of processes that died (``gone(proc)``)."""
        self.loop = asyncio.get_running_loop()
        self._alive()
        self.pubsub = self.aredis.pubsub()
        await self.pubsub.subscribe(self.inbox(self.me))
        self.tasks.append(asyncio.create_task(self._listen()))
        self.tasks.append(asyncio.create_task(self._keep(owned, lost, gone)))

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
                self._alive()
                codes = owned()
                if codes:
                    pipe = self.redis.pipeline(transaction=False)
                    for code in codes:
                        self._renew(keys=[self.lease_key(code)], args=[self.me, int(self.lease_seconds * 1000)], client=pipe)
                    for code, kept in zip(codes, pipe.execute()):
                        if not kept:
                            lost(code)
                procs = sorted({p for p, _ in self.proxies})
                if procs:
                    pipe = self.redis.pipeline(transaction=False)
                    for p in procs:
                        pipe.exists(self.alive_key(p))
                    for p, alive in zip(procs, pipe.execute()):
                        if not alive:
                            gone(p)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the leases could not be renewed")

    # --- leases ------------------------------------------------------------------------------
    def acquire(self, code: str) -> bool:
        """Take the lease on ``code`` if nobody holds it; whether this process holds it now."""
        if self.redis.set(self.lease_key(code), self.me, nx=True, px=int(self.lease_seconds * 1000)):
            return True
        return self.owner(code) == self.me

    def owner(self, code: str) -> str | None:
        v = self.redis.get(self.lease_key(code))
        return v.decode() if v is not None else None

    def release(self, code: str) -> None:
        self._release(keys=[self.lease_key(code)], args=[self.me])

    # --- messages ----------------------------------------------------------------------------
    def post(self, proc: str, head: dict, text: str | None = None) -> None:
        """Send ``head`` (and a text, e.g. a view's JSON) to process ``proc``; sent with
        everything else posted in this turn of the event loop, in order."""
        data = json.dumps(head) + ("\n" + text if text is not None else "")
        if not self._out and self.loop is not None:
            self.loop.call_soon(self.flush)
        self._out.append((self.inbox(proc), data))

    def flush(self) -> None:
        out, self._out = self._out, []
        if not out:
            return
        pipe = self.redis.pipeline(transaction=False)
        for channel, data in out:
            pipe.publish(channel, data)
        try:
            pipe.execute()
        except Exception:
            log.exception("%d messages could not be sent", len(out))

    async def call(self, proc: str, head: dict) -> dict:
        """Ask process ``proc`` (``head["op"]``) and wait for its answer; ``{"error": ...,
        "status": 503}`` if none comes within a few seconds."""
        rid = secrets.token_hex(6)
        fut = self.loop.create_future()
        self.pending[rid] = fut
        self.post(proc, {**head, "id": rid, "from": self.me})
        try:
            return await asyncio.wait_for(fut, max(CALL_SECONDS, self.lease_seconds))
        except asyncio.TimeoutError:
            return {"error": "the server holding this table does not answer; try again", "status": 503, "code": 4503}
        finally:
            self.pending.pop(rid, None)

    async def _listen(self) -> None:
        async for m in self.pubsub.listen():
            if m.get("type") != "message":
                continue
            raw = m["data"].decode() if isinstance(m["data"], bytes) else m["data"]
            head, _, text = raw.partition("\n")
            try:
                self._dispatch(json.loads(head), text)
            except Exception:
                log.exception("a message from another process failed: %s", head[:200])

    def _dispatch(self, head: dict, text: str) -> None:
        op, h = head.get("op"), self.handlers
        if op == "send":
            h["deliver"](head["cid"], text)
        elif op == "kick":
            h["kick"](head["cid"], head["message"], head["code"])
        elif op == "reply":
            fut = self.pending.get(head["id"])
            if fut is not None and not fut.done():
                fut.set_result(head["answer"])
        elif op == "hello":
            conn = RemoteConn(self, head["from"], head["cid"])
            answer = h["hello"](head["code"], conn, head["hello"])
            if "error" not in answer:
                self.proxies[(head["from"], head["cid"])] = conn
            self.post(head["from"], {"op": "reply", "id": head["id"], "answer": answer})
        elif op == "msg":
            conn = self.proxies.get((head["from"], head["cid"]))
            if conn is not None:
                h["message"](conn, text)
        elif op == "bye":
            conn = self.proxies.pop((head["from"], head["cid"]), None)
            if conn is not None:
                conn.closed = True
                h["bye"](conn)
        elif op == "call":
            answer = h["call"](head["code"], head["method"], head.get("args") or {})
            self.post(head["from"], {"op": "reply", "id": head["id"], "answer": answer})

    def drop_process(self, proc: str) -> list[RemoteConn]:
        """Forget the sockets of a process that died; the conns to disconnect."""
        gone = [c for (p, _), c in self.proxies.items() if p == proc]
        for c in gone:
            c.closed = True
            del self.proxies[(c.proc, c.cid)]
        return gone
