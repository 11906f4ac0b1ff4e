"""Which process plays a table, for a server of many processes (``serve --redis``).

:class:`Hosting` answers, for a table code, a handle (``web/handles.py``): *here*
(the :class:`LiveTable` in this process, taken over from the journal if no process
holds it) or *there* (the process that owns it), and carries a socket or an HTTP request on a table
owned elsewhere to its owner through :class:`~mahjongg.web.cluster.Cluster`
(the owner's side: :meth:`hello`, :meth:`message`, :meth:`bye`, :meth:`call`).
It follows each table its sockets are on: when the owner's lease runs out the
table is taken over here, or the sockets say hello to whoever took it. When
Redis comes back after going away, each socket here on another's table says
hello to its owner again (and is sent the state afresh).

A socket's message is checked against its flood meter once, here, on the
process that holds the socket -- whether its table is played here, elsewhere,
or came here since the socket opened.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from dataclasses import dataclass, field
from typing import Any

from ..play.journal_pg import JournalUnavailable
from .cluster import Cluster, ClusterUnavailable, RemoteConn
from .commits import RECONNECTING
from .handles import LocalTable, RemoteTable
from .protocol import Bye, Forward, Hello, Refused, SayHello, Seated, Sync, Value, Watch, error_text
from .table import LiveTable, TableError

__all__ = ["Hosting", "Socket"]

log = logging.getLogger("mahjongg.web")

MOVED = "this table moved to another server process; reconnecting"
"""What a socket is told when its table's process lets the table go (its lease lost)."""
MOVED_REFUSED = "this table moved to another server process; what was done here last was not kept; reconnecting"
"""The same, when the process found out by a write the journal refused (its lease token was old)."""


@dataclass
class Socket:
    """A socket of this process on a table: played here (``table``) or at ``owner``'s."""

    code: str
    conn: Any
    hello: Hello | Watch
    cid: str = field(default_factory=lambda: secrets.token_hex(8))
    owner: str | None = None
    table: LiveTable | None = None
    player: int | None = None


class Hosting:
    """The tables of ``server`` in a server of many processes on Redis at ``url``."""

    def __init__(self, server, url: str, *, prefix: str = "mahjongg:", lease_seconds: float | None = None) -> None:
        from .cluster import LEASE_SECONDS

        self.server = server
        self.sockets: dict[str, Socket] = {}  # socket id -> our socket on a table played elsewhere (or moved here)
        self.cluster = Cluster(
            url,
            {"hello": self.hello, "message": self.message, "bye": self.bye, "call": self.call, "deliver": self._deliver, "kick": self._kick,
             "reconnected": self._reconnected},
            prefix=prefix,
            lease_seconds=lease_seconds or LEASE_SECONDS,
        )
        self.task: asyncio.Task | None = None
        self.hellos: asyncio.Task | None = None

    async def start(self) -> None:
        self.cluster.gate = self.server.gate  # what the owner tells waits for its journal's commit
        if hasattr(self.server.store, "claim"):  # each table made here written under its lease token (0)
            self.server.store.fencing = True
        await self.cluster.start(lambda: list(self.server.tables), self._lost, self._gone)
        self.task = asyncio.create_task(self._follow())

    async def stop(self) -> None:
        for task in (self.task, self.hellos):
            if task is not None:
                task.cancel()
        for code in list(self.server.tables):
            self.cluster.release(code)
        await self.cluster.stop()

    # --- where a table is played ----------------------------------------------------------
    def locate(self, code: str) -> LocalTable | RemoteTable | None:
        """A handle on table ``code``: played here (taken over from the journal if nobody
        holds it), or by the process that holds its lease; ``None``: no such table is being played."""
        code = code.upper()
        t = self.server.tables.get(code)
        if t is not None:
            return LocalTable(self.server, t)
        owner = self.cluster.owner(code)
        if owner is not None and owner != self.cluster.me:
            return RemoteTable(self.server, code, owner)
        return self.take_over(code)

    def take_over(self, code: str) -> LocalTable | RemoteTable | None:
        """Table ``code`` rebuilt here from the journal, under this process's lease (or the
        process that took the lease first)."""
        store = self.server.store
        mid = store.match_id(code)
        if mid is None:
            return None
        row = store.load_match(mid, app="serve").row
        if row.status not in ("lobby", "playing"):
            return None
        if not self.cluster.settled():  # Redis just came back empty: the owner, alive, is taking its lease again
            raise ClusterUnavailable("the server processes are finding each other again; try again in a moment")
        if not self.cluster.acquire(code):
            owner = self.cluster.owner(code)
            return RemoteTable(self.server, code, owner) if owner is not None else None
        try:
            if hasattr(store, "claim"):  # its lease token one more before it is read: a late write of the last owner is refused
                store.claim(mid)
            table = LiveTable.rebuild(store, row, self.server.schedule)
        except Exception:  # not taken over after all: the lease let go (someone comes again)
            self.cluster.release(code)
            if hasattr(store, "release"):
                store.release(mid)
            raise
        self.server.add(table)
        log.info("table %s taken over from the journal", code)
        return LocalTable(self.server, table)

    def created(self, table: LiveTable) -> None:
        try:
            self.cluster.acquire(table.code)
        except ClusterUnavailable:  # Redis away: the next renewal takes the lease (nobody holds it)
            log.warning("table %s: made while Redis is away; its lease is taken when Redis is back", table.code)

    def forgotten(self, code: str, match_id: int | None = None) -> None:
        self.cluster.release(code)
        if match_id is not None and hasattr(self.server.store, "release"):
            self.server.store.release(match_id)

    # --- a socket here on a table played there ------------------------------------------------
    async def open_remote(self, code: str, owner: str, conn, hello: Hello | Watch) -> Seated | Refused:
        """Say ``hello`` to ``owner`` for ``conn``; its answer."""
        s = Socket(code, conn, hello, owner=owner)
        self.sockets[s.cid] = s
        answer = await self.cluster.call(owner, SayHello(code, s.cid, hello))
        if isinstance(answer, Refused):
            self.sockets.pop(s.cid, None)
        conn.cid = s.cid
        return answer

    def forward(self, conn, text: str) -> str | None:
        """A client message of a socket here: to its table, here or at its owner's."""
        s = self.sockets.get(getattr(conn, "cid", None))
        if s is None:
            return "this socket is closed"
        if s.table is not None:  # taken over here since: its flood meter was read already (Server.forward)
            return self.server.handle_local(s.table, s.player, conn, text, admitted=True)
        self.cluster.post(s.owner, Forward(s.cid, self.cluster.me), text, at_once=True)
        return None

    def closed(self, conn) -> None:
        s = self.sockets.pop(getattr(conn, "cid", None), None)
        if s is None:
            return
        if s.table is not None:
            (s.table.unwatch(conn) if s.player is None else s.table.disconnect(s.player, conn))
        else:
            self.cluster.post(s.owner, Bye(s.cid, self.cluster.me), at_once=True)

    def _deliver(self, cid: str, text: str) -> None:
        s = self.sockets.get(cid)
        if s is not None:
            s.conn.send(text, at_once=True)  # held by the owner until its journal committed

    def _kick(self, cid: str, message: str, code: int, sender: str | None = None) -> None:
        """The owner ``sender`` closes our socket ``cid``; not if its table is no longer the sender's
        (a process that lost the table lets it go late: the socket follows the new owner)."""
        s = self.sockets.get(cid)
        if s is not None and (sender is None or (s.table is None and s.owner == sender)):
            s.conn.kick(message, code)

    async def _follow(self) -> None:
        """Every third of a lease: the sockets here on a table whose owner changed follow it."""
        while True:
            await asyncio.sleep(self.cluster.lease_seconds / 3)
            try:
                await self._follow_once()
            except asyncio.CancelledError:
                raise
            except (ClusterUnavailable, JournalUnavailable) as e:
                log.warning("following the tables' owners: %s", e)
            except Exception:
                log.exception("following the tables' owners failed")

    def _reconnected(self) -> None:
        """Redis is back: what was published meanwhile is lost. Each socket of another process
        on our tables is sent its state afresh, and each socket here on another's table says
        hello again (its owner sends it the state), again until the owner answers -- it may
        listen again a moment after us."""
        for conn in list(self.cluster.proxies.values()):
            t = getattr(conn, "table", None)
            try:
                if t is not None:
                    (t.handle_watcher(conn, Sync()) if conn.player is None else t.handle(conn.player, Sync()))
            except TableError:
                pass
        if self.hellos is None or self.hellos.done():
            self.hellos = asyncio.create_task(self._hello_again())

    async def _hello_again(self, tries: int = 5) -> None:
        async def hello(s: Socket) -> None:
            for _ in range(tries):
                answer = await self.cluster.call(s.owner, SayHello(s.code, s.cid, s.hello))
                if not _no_owner(answer) or s.cid not in self.sockets or s.table is not None:
                    break
                await asyncio.sleep(self.cluster.lease_seconds / 3)  # no answer (yet), or moved: _follow finds where
            _kick_if_refused(s, answer)

        # (a table whose owner changed meanwhile: _follow finds it)
        await asyncio.gather(*(hello(s) for s in list(self.sockets.values()) if s.table is None and s.owner is not None))

    async def _follow_once(self) -> None:
        by_code: dict[str, list[Socket]] = {}
        for s in self.sockets.values():
            if s.table is None:
                by_code.setdefault(s.code, []).append(s)
        for code, socks in by_code.items():
            holder = self.cluster.owner(code)
            if holder is not None and all(s.owner == holder for s in socks):
                continue
            where = self.locate(code)
            for s in socks:
                if isinstance(where, LocalTable):
                    self._attach(s, where.table)
                elif isinstance(where, RemoteTable):
                    s.owner = where.owner
                    _kick_if_refused(s, await self.cluster.call(where.owner, SayHello(code, s.cid, s.hello)))
                else:
                    s.conn.kick("this table is not played any more", 4404)

    def _attach(self, s: Socket, table: LiveTable) -> None:
        """A socket here on a table taken over here: now one of the table's own."""
        s.table = table
        if isinstance(s.hello, Watch):
            try:
                table.watch(s.conn)
            except TableError as e:
                s.conn.kick(str(e), 4404)
            return
        s.player = table.auth(s.hello.token)
        if s.player is None:
            s.conn.kick("that is not a seat token of this table", 4401)
            return
        table.connect(s.player, s.conn, self.server.limits.seat_conns)

    # --- the owner's side ----------------------------------------------------------------------
    def hello(self, code: str, conn: RemoteConn, hello: Hello | Watch) -> Seated | Refused:
        t = self.server.tables.get(code)
        if t is None:
            return Refused("this table moved; reconnect", code=4503)
        conn.table = t
        if isinstance(hello, Watch):
            try:
                t.watch(conn, self.server.limits.table_watchers)
            except TableError as e:
                return Refused(str(e), code=4429 if t.status != "lobby" else 4404)
            conn.player = None
            return Seated(None)
        player = t.auth(hello.token)
        if player is None:
            return Refused("that is not a seat token of this table", code=4401)
        conn.player = player
        t.connect(player, conn, self.server.limits.seat_conns)
        return Seated(player)

    def message(self, conn: RemoteConn, text: str) -> None:
        reply = self.server.handle_local(conn.table, conn.player, conn, text)
        if reply is not None:
            conn.send(error_text(reply), at_once=reply == RECONNECTING)

    def bye(self, conn: RemoteConn) -> None:
        t = conn.table
        (t.unwatch(conn) if conn.player is None else t.disconnect(conn.player, conn))

    def call(self, code: str, method: str, args: dict) -> Value | Refused:
        t = self.server.tables.get(code)
        if t is None:
            return Refused("this table moved; try again", status=503)
        if method == "info":
            return Value(t.public_info())
        if method == "join":  # answered once the seat is committed: the reply waits for the journal (Cluster.post)
            return LocalTable(self.server, t).seat(args.get("name"))
        return Refused(f"no such call {method!r}", status=400)

    def _lost(self, code: str, message: str = MOVED) -> None:
        """Our lease on ``code`` ran out (we stalled): let the table go, close its sockets here
        (nothing held for them is sent: it may tell of a write refused by the lease token)."""
        t = self.server.tables.pop(code, None)
        if t is None:
            return
        log.warning("table %s: its lease was lost; another process plays it now", code)
        t.close()  # (its lease token kept: a late write of it is refused)
        for conn in [c for seat in t.seats for c in seat.conns] + list(t.watchers):
            conn.drop(message, 4503)

    def fenced(self, match_id: int, token: int) -> None:
        """A write of match ``match_id`` under lease token ``token`` was refused (another process
        took the table over while we did not know): let the table go as when its lease is found
        lost -- unless the table here is written under a newer token (taken back since)."""
        if getattr(self.server.store, "leases", {}).get(match_id, token) != token:
            return
        code = next((c for c, t in self.server.tables.items() if t.match_id == match_id), None)
        if code is not None:
            self._lost(code, MOVED_REFUSED)

    def _gone(self, proc: str) -> None:
        """Process ``proc`` died: its sockets on our tables are gone."""
        for conn in self.cluster.drop_process(proc):
            t = getattr(conn, "table", None)
            if t is not None:
                (t.unwatch(conn) if conn.player is None else t.disconnect(conn.player, conn))


def _no_owner(answer) -> bool:
    """Whether an owner's answer says nobody plays the table there (no answer, or it let the table go)."""
    return isinstance(answer, Refused) and answer.code == 4503


def _kick_if_refused(s: Socket, answer) -> None:
    """A socket whose hello the owner refused (not for want of an owner) is told why and closed."""
    if isinstance(answer, Refused) and answer.code != 4503:
        s.conn.kick(answer.error, answer.code or 4404)
