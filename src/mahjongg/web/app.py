"""The web app (Starlette): lobby and table pages, a small JSON API, one WebSocket per seat.

HTTP:
  ``GET /``                         the lobby page (create or join a table)
  ``GET /t/{code}``                 the table page
  ``GET /api/rulesets``             rulesets, the options a table may set, bot kinds
  ``POST /api/tables``              create: ``{name, ruleset, options, hands|rounds, bots, ...}``
                                    -> ``{code, player, token}``
  ``GET /api/tables/{code}``        the lobby of a table (names and kinds of seats)
  ``POST /api/tables/{code}/join``  ``{name}`` -> ``{player, token}``
  ``GET /score``, ``POST /api/score``, ``POST /api/settle``: the scoring page
                                    and its API (``web/scoring.py``)

WebSocket ``/ws/{code}``: the first message must be ``{"type": "hello",
"token": ...}`` (a seat token; anything else closes the socket with 4401).
Then the client sends ``act`` (``kind``, ``tile``, ``chow``, optional ``v``),
``start``, ``ready`` or ``sync``; the server sends ``state`` (the seat's whole
view, after every change) and ``error`` messages. Oversized, malformed,
illegal or too frequent messages get an ``error`` and change nothing.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..rules import RULESETS
from .players import bot_names, default_bot
from ..play.journal import Journal
from .scoring import scoring_routes
from .table import OPTION_FIELDS, LiveTable, TableError, validate_config

__all__ = ["create_app", "Server", "MAX_MESSAGE"]

log = logging.getLogger("mahjongg.web")

MAX_MESSAGE = 2048
"""Longest client message accepted (characters)."""
MAX_BODY = 8192
RATE = 10.0  # messages per second allowed, on average
BURST = 30.0
MAX_STRIKES = 300  # messages refused for flooding before the socket is closed
MAX_QUEUE = 256
HELLO_SECONDS = 10.0
MAX_TABLES = 2000
FORGET_SECONDS = 3600.0  # a finished table is kept in memory this long

STATIC = Path(str(resources.files("mahjongg.web") / "static"))


class Conn:
    """One WebSocket: a queue of messages to send, and a flood meter."""

    def __init__(self, rate: float = RATE, burst: float = BURST) -> None:
        self.queue: asyncio.Queue = asyncio.Queue()
        self.rate, self.burst = rate, burst
        self.allowance = burst
        self.last = time.monotonic()
        self.strikes = 0
        self.closed = False

    def send(self, msg: dict) -> None:
        if self.closed:
            return
        if self.queue.qsize() >= MAX_QUEUE:  # a client that does not read
            self.closed = True
            self.queue.put_nowait(None)
            return
        self.queue.put_nowait(json.dumps(msg, separators=(",", ":")))

    def allow(self) -> bool:
        now = time.monotonic()
        self.allowance = min(self.burst, self.allowance + (now - self.last) * self.rate)
        self.last = now
        if self.allowance < 1:
            self.strikes += 1
            return False
        self.allowance -= 1
        return True


class Server:
    """The tables in memory and their store."""

    def __init__(self, db: str | Path = ":memory:") -> None:
        self.db = str(db)
        self.store: Journal | None = None
        self.tables: dict[str, LiveTable] = {}
        self.loop: asyncio.AbstractEventLoop | None = None

    def schedule(self, delay: float, fn):
        def run() -> None:
            try:
                fn()
            except Exception:  # a timer must never kill the loop
                log.exception("timer failed")

        return self.loop.call_later(delay, run)

    def open(self) -> None:
        self.loop = asyncio.get_running_loop()
        # the journal: tables, seats, the hands in progress and the finished hands (mahjongg replay reads them)
        self.store = Journal(self.db, check_same_thread=False)
        for row in self.store.matches("serve", ("lobby", "playing")):
            try:
                self.add(LiveTable.rebuild(self.store, row, self.schedule))
            except Exception:
                log.exception("table %s could not be rebuilt", row.code)

    def add(self, table: LiveTable) -> None:
        self.tables[table.code] = table
        table.finished = self.forget_later

    def forget_later(self, table: LiveTable) -> None:
        """A finished table stays for its score sheet, then leaves memory (not the database)."""

        def forget() -> None:
            if self.tables.get(table.code) is table:
                table.close()
                del self.tables[table.code]

        self.schedule(FORGET_SECONDS, forget)

    def close(self) -> None:
        for t in self.tables.values():
            t.close()
        if self.store is not None:
            self.store.close()

    def table(self, code: str) -> LiveTable | None:
        return self.tables.get(code.upper()) if isinstance(code, str) else None


def _error(message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


async def _body(request: Request) -> dict:
    raw = await request.body()
    if len(raw) > MAX_BODY:
        raise TableError("request too large")
    try:
        data = json.loads(raw or b"{}")
    except ValueError:
        raise TableError("the request is not JSON") from None
    if not isinstance(data, dict):
        raise TableError("the request must be a JSON object")
    return data


def create_app(db: str | Path = ":memory:", *, rate: float = RATE, burst: float = BURST, defaults: dict | None = None) -> Starlette:
    """The app, its tables stored in the SQLite file ``db``. ``rate``, ``burst``:
    messages a second each socket may send on average, and at once.
    ``defaults``: table settings used where a request gives none (e.g.
    ``{"bot_delay": 0.1}``)."""
    server = Server(db)

    @asynccontextmanager
    async def lifespan(app):
        server.open()
        yield
        server.close()

    async def page(request: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    async def table_page(request: Request) -> Response:
        return FileResponse(STATIC / "table.html")

    async def rulesets(request: Request) -> Response:
        return JSONResponse(
            {
                "rulesets": [
                    {"name": r.name, "title": r.title, "options": {k: getattr(r, k) for k in OPTION_FIELDS}}
                    for r in RULESETS.values()
                ],
                "bots": bot_names(),
                "default_bot": default_bot(),
            }
        )

    async def create(request: Request) -> Response:
        try:
            data = await _body(request)
            if len(server.tables) >= MAX_TABLES:
                raise TableError("too many tables on this server")
            config = validate_config({**(defaults or {}), **data}, bot_names())
            table, token = LiveTable.create(server.store, config, data.get("name"), server.schedule)
        except TableError as e:
            return _error(str(e))
        server.add(table)
        return JSONResponse({"code": table.code, "player": 0, "token": token})

    async def info(request: Request) -> Response:
        table = server.table(request.path_params["code"])
        if table is None:
            return _error("no table with that code", 404)
        return JSONResponse(table.public_info())

    async def join(request: Request) -> Response:
        table = server.table(request.path_params["code"])
        if table is None:
            return _error("no table with that code", 404)
        try:
            data = await _body(request)
            player, token = table.join(data.get("name"))
        except TableError as e:
            return _error(str(e), 409)
        return JSONResponse({"code": table.code, "player": player, "token": token})

    async def play(ws: WebSocket) -> None:
        await ws.accept()
        conn = Conn(rate, burst)
        table = server.table(ws.path_params["code"])

        async def refuse(message: str, code: int) -> None:
            await ws.send_text(json.dumps({"type": "error", "message": message}))
            await ws.close(code)

        if table is None:
            return await refuse("no table with that code", 4404)
        try:
            first = await asyncio.wait_for(ws.receive(), HELLO_SECONDS)
        except asyncio.TimeoutError:
            return await refuse("say hello with your seat token first", 4401)
        text = first.get("text")
        try:
            hello = json.loads(text) if text is not None and len(text) <= MAX_MESSAGE else None
        except (ValueError, RecursionError):  # RecursionError: nested too deep for the parser
            hello = None
        if first.get("type") == "websocket.disconnect":
            return
        if not isinstance(hello, dict) or hello.get("type") != "hello":
            return await refuse("say hello with your seat token first", 4401)
        player = table.auth(hello.get("token"))
        if player is None:
            return await refuse("that is not a seat token of this table", 4401)

        async def sender() -> None:
            while True:
                msg = await conn.queue.get()
                if msg is None:
                    await ws.close(4408)
                    return
                await ws.send_text(msg)

        task = asyncio.create_task(sender())
        table.connect(player, conn)
        try:
            while not conn.closed:
                m = await ws.receive()
                if m["type"] == "websocket.disconnect":
                    break
                reply = _handle(table, player, conn, m.get("text"), m.get("bytes"))
                if reply is not None:
                    conn.send({"type": "error", "message": reply})
                if conn.strikes > MAX_STRIKES:
                    conn.send({"type": "error", "message": "too many messages; goodbye"})
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
            table.disconnect(player, conn)
            if closing and not task.done():
                try:
                    await asyncio.wait_for(task, 1.0)
                except Exception:
                    pass
            task.cancel()

    app = Starlette(
        routes=[
            Route("/", page),
            Route("/t/{code}", table_page),
            Route("/api/rulesets", rulesets),
            Route("/api/tables", create, methods=["POST"]),
            Route("/api/tables/{code}", info),
            Route("/api/tables/{code}/join", join, methods=["POST"]),
            WebSocketRoute("/ws/{code}", play),
            *scoring_routes(STATIC, _body),  # /score and /api/score, /api/settle (web/scoring.py)
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ],
        lifespan=lifespan,
    )
    app.state.server = server
    return app


def _handle(table: LiveTable, player: int, conn: Conn, text: str | None, data: bytes | None) -> str | None:
    """Check and pass on one client message; the error to send back, if any."""
    if not conn.allow():
        return "too many messages; slow down" if conn.strikes % 20 == 1 else None
    if text is None:
        return "send JSON text messages, not binary ones"
    if len(text) > MAX_MESSAGE:
        return f"message too long ({len(text)} characters; at most {MAX_MESSAGE})"
    try:
        msg = json.loads(text)
    except (ValueError, RecursionError):  # RecursionError: nested too deep for the parser
        return "that is not JSON"
    if not isinstance(msg, dict):
        return "a message is a JSON object with a type"
    try:
        table.handle(player, msg)
    except TableError as e:
        return str(e)
    except Exception:  # never let one message break the table
        log.exception("table %s: message %r failed", table.code, text[:200])
        return "that message could not be handled"
    return None
