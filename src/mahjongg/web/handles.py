"""One handle on a table, whichever process plays it.

:meth:`Server.locate <mahjongg.web.app.Server.locate>` answers a table code with a
handle -- :class:`LocalTable` (played in this process) or :class:`RemoteTable`
(played by another process of a server of many, ``web/hosting.py``) -- or ``None``
(no such table is being played). Both do what the app asks of a table, alike:
:meth:`info` (its lobby), :meth:`join` (seat a player) and :meth:`open` (a socket
on it: a seat's with a :class:`~mahjongg.web.protocol.Hello`, a spectator's with a
:class:`~mahjongg.web.protocol.Watch`), each answered with a
:class:`~mahjongg.web.protocol.Value`, a :class:`TableSocket` or a
:class:`~mahjongg.web.protocol.Refused` (why, and the HTTP status or the socket's
close code). The app never asks which kind it holds.

``server`` is the app's :class:`~mahjongg.web.app.Server`: its tables' limits,
``journal_ready``, ``committed()`` (every write so far committed), ``handle_local``
(a message of a socket on a table played here), ``forward`` (one on a table played
elsewhere), ``locate`` and ``hosting``.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Callable

from ..play.journal_pg import JournalUnavailable
from .cluster import NO_ANSWER, ClusterUnavailable
from .commits import RECONNECTING
from .protocol import Call, Hello, Refused, Value, Watch
from .table import LiveTable, TableError

__all__ = ["LocalTable", "RemoteTable", "TableSocket", "UNAVAILABLE", "OPEN_TRIES"]

UNAVAILABLE = (JournalUnavailable, ClusterUnavailable)
"""The database or Redis does not answer now (both reconnect by themselves): 503, try again."""
OPEN_TRIES = 4
"""How many times a socket says hello to a table's owner that does not answer (it died, or
let the table go) before it is refused; between two, half a lease and the table looked up again."""


@dataclass(frozen=True)
class TableSocket:
    """A socket open on a table: ``receive(text)`` takes each client message (the error to
    send back, if any); ``gone()`` when the socket closes."""

    receive: Callable[[str | None], str | None]
    gone: Callable[[], None]


class LocalTable:
    """A table played in this process."""

    def __init__(self, server, table: LiveTable) -> None:
        self.server, self.table = server, table

    @property
    def code(self) -> str:
        return self.table.code

    async def info(self) -> Value:
        """What anyone with the code may see: the lobby."""
        return Value(self.table.public_info())

    async def join(self, name) -> Value | Refused:
        """Seat a new player: ``{code, player, token}`` once the seat is committed to the journal."""
        if not self.server.journal_ready:
            return Refused(RECONNECTING, status=503)
        seated = self.seat(name)
        if isinstance(seated, Value) and not await self.server.committed():
            return Refused(RECONNECTING, status=503)
        return seated

    def seat(self, name) -> Value | Refused:
        """Seat a new player now: ``{code, player, token}`` (his token not committed yet), or why not (409)."""
        try:
            player, token = self.table.join(name)
        except TableError as e:
            return Refused(str(e), status=409)
        return Value({"code": self.table.code, "player": player, "token": token})

    async def open(self, conn, hello: Hello | Watch) -> TableSocket | Refused:
        """``conn`` on the table: a spectator's (the public view after every change; only
        ``sync`` may be sent), or the seat whose token ``hello`` gives."""
        server, table = self.server, self.table
        if isinstance(hello, Watch):
            try:
                table.watch(conn, server.limits.table_watchers)
            except TableError as e:
                return Refused(str(e), code=4429 if table.status != "lobby" else 4404)
            return TableSocket(lambda text: server.handle_local(table, None, conn, text), lambda: table.unwatch(conn))
        player = table.auth(hello.token)
        if player is None:
            return Refused("that is not a seat token of this table", code=4401)
        table.connect(player, conn, server.limits.seat_conns)
        return TableSocket(lambda text: server.handle_local(table, player, conn, text), lambda: table.disconnect(player, conn))


class RemoteTable:
    """A table played by process ``owner`` (a server of many): asked through Redis."""

    def __init__(self, server, code: str, owner: str) -> None:
        self.server, self.code, self.owner = server, code, owner

    async def info(self) -> Value | Refused:
        return await self.server.hosting.cluster.call(self.owner, Call(self.code, "info"))

    async def join(self, name) -> Value | Refused:
        """Seat a new player: the owner seats him (and answers once the seat is committed)."""
        return await self.server.hosting.cluster.call(self.owner, Call(self.code, "join", {"name": name}))

    async def open(self, conn, hello: Hello | Watch) -> TableSocket | Refused:
        """``conn`` on the table: each of its messages goes to wherever the table is played
        (it may come here since); an owner that does not answer is asked again where the
        table is now (:data:`OPEN_TRIES` times)."""
        return await self._open(conn, hello, OPEN_TRIES)

    async def _open(self, conn, hello: Hello | Watch, tries: int) -> TableSocket | Refused:
        server, hosting = self.server, self.server.hosting
        answer = await hosting.open_remote(self.code, self.owner, conn, hello)
        if isinstance(answer, Refused) and answer.code == 4503:  # its owner does not answer (it died: its lease runs out) or let it go
            await asyncio.sleep(hosting.cluster.lease_seconds / 2)
            try:
                where = server.locate(self.code)
            except UNAVAILABLE as e:
                return Refused(str(e), code=4503)
            if isinstance(where, RemoteTable):
                return await where._open(conn, hello, tries - 1) if tries > 1 else Refused(NO_ANSWER, code=4503)
            return await where.open(conn, hello) if where is not None else Refused(NO_ANSWER, code=4503)
        if isinstance(answer, Refused):
            return Refused(answer.error, code=answer.code or 4404)
        return TableSocket(lambda text: server.forward(conn, text), lambda: hosting.closed(conn))
