"""The table's WebSocket, ``/ws/{code}``: one per seat (or spectator) and browser window.

The first message must be a hello (a seat token) or a watch (a spectator), within
``HELLO_SECONDS``; the socket is then opened on the table, here or at another process
(:meth:`~mahjongg.web.handles.LocalTable.open`, whichever handle
:meth:`Server.locate <mahjongg.web.app.Server.locate>` gives), and pumped: what the
table sends out of its :class:`Conn`'s queue, each client message in (its flood meter
read, decoded, refused with one line while the journal is away if it would change the
table: :func:`handle_message`). The messages themselves: :mod:`mahjongg.web.protocol`.
"""

from __future__ import annotations

import asyncio
import logging
import math
import time

from starlette.routing import WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from . import protocol
from .api import client_of
from .commits import RECONNECTING, CommitGate
from .handles import UNAVAILABLE
from .table import TableError

__all__ = ["Conn", "socket_routes", "admit", "handle_message", "RATE", "BURST"]

log = logging.getLogger("mahjongg.web")

RATE = 10.0  # messages per second allowed, on average
BURST = 30.0
MAX_STRIKES = 300  # messages refused for flooding before the socket is closed
MAX_QUEUE = 256
HELLO_SECONDS = 10.0


class Conn:
    """One WebSocket: a queue of messages to send, and a flood meter. ``gate``: what is sent
    waits for the journal's commit (:class:`~mahjongg.web.commits.CommitGate`; ``None``: sent at once)."""

    opened_count = 0

    def __init__(self, rate: float = RATE, burst: float = BURST, gate: CommitGate | None = None) -> None:
        Conn.opened_count += 1
        self.opened = Conn.opened_count  # the order connections were made in
        self.queue: asyncio.Queue = asyncio.Queue()
        self.rate, self.burst = rate, burst
        self.allowance = burst
        self.last = time.monotonic()
        self.strikes = 0
        self.closed = False
        self.dropped = False  # what is held for it tells of writes refused: never sent
        self.gate = gate

    def send(self, text: str, at_once: bool = False) -> None:
        """Queue one message, its JSON text (:mod:`~mahjongg.web.protocol`), once every write
        made so far is committed (the gate); ``at_once``: now (what tells of no write: the
        owner's views, gated there, and :data:`RECONNECTING`)."""
        if self.closed:
            return
        if self.gate is None or at_once:
            self._put(text)
        else:
            self.gate.after(lambda: self.dropped or self._put(text))

    def _put(self, text: str) -> None:
        if self.queue.qsize() >= MAX_QUEUE:  # a client that does not read
            self.closed = True
            self.queue.put_nowait(None)
            return
        self.queue.put_nowait(text)

    def kick(self, message: str, code: int = 4409) -> None:
        """Tell the client why, then close its socket (with ``code``)."""
        if self.closed:
            return
        self.send(protocol.error_text(message, closed=True))
        self.closed = True
        if self.gate is None:
            self.queue.put_nowait(code)
        else:
            self.gate.after(lambda: self.dropped or self.queue.put_nowait(code))

    def drop(self, message: str, code: int = 4503) -> None:
        """Its table is no longer played here (another process took it over): what is held
        for it is never sent (it may tell of writes the journal refused); tell the client why
        and close its socket, at once."""
        if self.dropped:
            return
        self.dropped = True
        if not self.closed:
            self._put(protocol.error_text(message, closed=True))
        self.closed = True
        self.queue.put_nowait(code)  # (a kick held by the gate is dropped with the rest: closed here)

    def allow(self) -> bool:
        now = time.monotonic()
        self.allowance = min(self.burst, self.allowance + (now - self.last) * self.rate)
        self.last = now
        if self.allowance < 1:
            self.strikes += 1
            return False
        self.allowance -= 1
        return True


def socket_routes(server, rate: float = RATE, burst: float = BURST) -> list:
    """``/ws/{code}`` on ``server``'s tables; each socket may send ``rate`` messages a second
    on average and ``burst`` at once."""

    async def play(ws: WebSocket) -> None:
        await ws.accept()
        client = client_of(ws)

        async def refuse(message: str, code: int) -> None:
            await ws.send_text(protocol.error_text(message))
            await ws.close(code)

        if server.client_conns.get(client, 0) >= server.limits.client_conns:
            return await refuse(f"too many connections from you (at most {server.limits.client_conns})", 4429)
        wait = server.may_look_up(client)  # a socket on a code is a look-up of it
        if wait > 0:
            return await refuse(f"too many table look-ups from you; try again in {math.ceil(wait)} s", 4429)
        server.client_conns[client] = server.client_conns.get(client, 0) + 1
        try:
            await _play(ws, refuse)
        finally:
            n = server.client_conns.get(client, 1) - 1
            if n > 0:
                server.client_conns[client] = n
            else:
                server.client_conns.pop(client, None)

    async def _play(ws: WebSocket, refuse) -> None:
        conn = Conn(rate, burst, server.gate)
        try:
            table = server.locate(ws.path_params["code"])
        except UNAVAILABLE as e:
            return await refuse(str(e), 4503)
        if table is None:
            return await refuse("no table with that code", 4404)
        try:
            first = await asyncio.wait_for(ws.receive(), HELLO_SECONDS)
        except asyncio.TimeoutError:
            return await refuse("say hello with your seat token first", 4401)
        hello = protocol.parse_hello(first.get("text"))
        if first.get("type") == "websocket.disconnect":
            return
        if hello is None:
            return await refuse("say hello with your seat token first", 4401)
        socket = await table.open(conn, hello)  # a seat's socket, or a spectator's
        if isinstance(socket, protocol.Refused):
            return await refuse(socket.error, socket.code)
        await pump(ws, conn, socket.receive, socket.gone)

    return [WebSocketRoute("/ws/{code}", play)]


async def pump(ws: WebSocket, conn: Conn, handle, gone) -> None:
    """Pump one socket: ``conn``'s queue out, each message in through ``handle(text)``
    (its reply, if any, sent back as an error); ``gone()`` when it ends."""

    async def sender() -> None:
        while True:
            msg = await conn.queue.get()
            if msg is None or isinstance(msg, int):
                await ws.close(4408 if msg is None else msg)
                return
            await ws.send_text(msg)

    task = asyncio.create_task(sender())
    try:
        while not conn.closed:
            receiving = asyncio.ensure_future(ws.receive())
            await asyncio.wait({receiving, task}, return_when=asyncio.FIRST_COMPLETED)
            if not receiving.done():  # the sender closed the socket (kicked, or a client that does not read)
                receiving.cancel()
                break
            m = receiving.result()
            if m["type"] == "websocket.disconnect":
                break
            reply = handle(m.get("text"))
            if reply is not None:
                conn.send(protocol.error_text(reply), at_once=reply == RECONNECTING)
            if conn.strikes > MAX_STRIKES:
                conn.send(protocol.error_text("too many messages; goodbye"))
                conn.closed = True
                conn.queue.put_nowait(None)
                break
    except WebSocketDisconnect:
        pass
    finally:
        # the server closing (a flood, a client that does not read): let the
        # sender flush its goodbye and close; the client gone: just stop it
        closing = conn.closed
        conn.closed = True
        gone()
        if closing and not task.done():
            try:
                await asyncio.wait_for(task, 1.0)
            except Exception:
                pass
        task.cancel()


def admit(conn: Conn, text: str | None) -> tuple[bool, str | None]:
    """Whether a client message may go on (the flood meter, text, size), and the error to send back."""
    if not conn.allow():
        return False, ("too many messages; slow down" if conn.strikes % 20 == 1 else None)
    refusal = protocol.text_refusal(text)
    return refusal is None, refusal


def handle_message(handle, player: int | None, conn: Conn, text: str | None, *, admitted: bool = False, ready=None) -> str | None:
    """Check one client message (its flood meter too, unless ``admitted``) and pass it on to
    ``handle(player, msg)``; the error to send back, if any. ``ready()``: whether the journal
    takes writes now -- if not, a message that would change the table is refused (:data:`RECONNECTING`)."""
    ok, reply = (True, None) if admitted else admit(conn, text)
    if not ok:
        return reply
    try:
        msg = protocol.decode(text)
        if ready is not None and isinstance(msg.get("type"), str) and msg["type"] in protocol.CHANGES and not ready():
            return RECONNECTING
        handle(player, msg)
    except (protocol.ProtocolError, TableError) as e:
        return str(e)
    except UNAVAILABLE:
        return RECONNECTING
    except Exception:  # never let one message break the table
        log.exception("message %r failed", text[:200])
        return "that message could not be handled"
    return None
