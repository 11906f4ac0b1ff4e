"""The journal in PostgreSQL (psycopg 3), for many server processes: the same
schema and the same interface as :class:`mahjongg.play.journal.Journal`.

::

    j = PgJournal("postgresql://user@host/db")     # creates the tables if needed
    match_id = j.new_match("serve", config, code="ABCDEF", status="lobby")

The tables are those of the SQLite file, from the one definition both render
(:data:`mahjongg.play.schema.TABLES`), with ``BIGSERIAL`` ids, a ``NUMERIC``
seed (a shared table's seeds have 128 bits) and text columns holding the same JSON,
so what one backend writes the other reads alike. Every write is committed at
once (one action, one transaction), as in SQLite: a process killed at any
moment loses nothing already told to anyone, and another process reading the
database (a server taking a table over) sees it. Needs the ``server`` extra
(``psycopg``); :func:`mahjongg.play.journals.open_journal` picks this class for
a ``postgresql://`` URL.

``background=True`` (the web server's): the writes are made on a thread of
their own, in order, and committed together -- everything written while the
last commit ran goes in the next one (group commit: one durable commit of
~7.5 ms serves every table that wrote meanwhile), so a commit never blocks the
caller. A write returns at once; :attr:`PgJournal.submitted` numbers it and
``on_commit(n)`` is called (on the writer's thread) once every write up to
``n`` is committed: whoever tells anyone of a write waits for that
(``mahjongg.web.commits``). When the server goes away (restarted, unreachable)
the writer reconnects with backoff (0.1 s doubling to 2 s) and commits again
what was not committed, in order; meanwhile :attr:`PgJournal.available` is
false. Every write may be made twice (a commit whose answer was lost) and
writes the same rows again: events and seats are upserts, a finished hand is
not added twice, a match with a code is found by it. Reads are made at once on
a connection of their own, which reconnects once when it finds itself broken;
:class:`JournalUnavailable` when the server does not answer.
"""

from __future__ import annotations

import itertools
import json
import logging
import threading
import time
from collections import deque
from concurrent.futures import Future
from functools import partial
from typing import Callable, Iterable, Sequence

from ..table import Game
from .journal import GameRow, MatchRow, SavedMatch
from .schema import GAMES, POSTGRES, JournalError, dump, now, render

__all__ = ["PgJournal", "PG_SCHEMA", "JournalUnavailable"]

log = logging.getLogger("mahjongg.journal")

RETRY_FIRST, RETRY_MOST = 0.1, 2.0
"""Seconds between two tries to reach a server that went away: the first, doubling up to the most."""
BATCH = 1000
"""Writes committed together at most (group commit)."""
WAIT_SECONDS = 5.0
"""How long a write whose answer is needed (a new match's id) waits for its commit."""
CONNECT_SECONDS = 3
"""How long a (re)connection waits for the server (a read on the event loop waits as long, once)."""


class JournalUnavailable(JournalError):
    """The database does not answer now (restarting, unreachable); the journal reconnects by itself: try again."""

PG_SCHEMA = render(POSTGRES)
"""The journal's tables (:data:`mahjongg.play.schema.TABLES`) in PostgreSQL's dialect."""

_GAME_COLUMNS = ", ".join(GAMES.column_names)
_BIGINT = range(-(2**63), 2**63)


class PgJournal:
    """A mahjongg database in PostgreSQL at ``url`` (see the module docs).

    Raises :class:`~mahjongg.play.schema.JournalError` (one line, the URL's host
    and database named, never its password) when the server cannot be reached
    or refuses (:class:`JournalUnavailable` when it does not answer).
    ``create=False`` reads only (no table is made). ``background``: writes on a
    writer thread, committed in groups (see the module docs)."""

    def __init__(self, url: str, *, create: bool = True, background: bool = False, **_ignored) -> None:
        try:
            import psycopg
        except ImportError:  # pragma: no cover - the extra is missing
            raise JournalError("a postgresql:// database needs psycopg: pip install 'mahjongg[server]'") from None
        self._psycopg = psycopg
        self.url = url
        self.path = _safe(url)  # what error messages name (as the SQLite journal names its file)
        self.writing = create
        try:
            self.conn = psycopg.connect(url, autocommit=True)
        except psycopg.Error as exc:
            raise JournalError(f"cannot open the database {self.path}: {_first_line(exc)}") from None
        if create:
            with self.conn.transaction():
                self.conn.execute("SELECT pg_advisory_xact_lock(804152)")  # two processes starting at once
                self.conn.execute(PG_SCHEMA)
        self._writer = _Writer(self._connect, self.path) if background else None

    def _connect(self):
        return self._psycopg.connect(self.url, autocommit=True, connect_timeout=CONNECT_SECONDS)

    # --- the writer ---------------------------------------------------------------------------
    @property
    def available(self) -> bool:
        """False while the writer cannot reach the server (it is reconnecting); always True without one."""
        return self._writer is None or not self._writer.down

    @property
    def submitted(self) -> int:
        """The number of the last write handed to the writer (0 without one)."""
        return self._writer.submitted if self._writer is not None else 0

    @property
    def on_commit(self) -> Callable[[int], None] | None:
        return self._writer.on_commit if self._writer is not None else None

    @on_commit.setter
    def on_commit(self, fn: Callable[[int], None] | None) -> None:
        """``fn(n)``, called on the writer's thread once every write up to number ``n`` is committed."""
        if self._writer is not None:
            self._writer.on_commit = fn

    @property
    def on_away(self) -> Callable[[], None] | None:
        return self._writer.on_away if self._writer is not None else None

    @on_away.setter
    def on_away(self, fn: Callable[[], None] | None) -> None:
        """``fn()``, called on the writer's thread when it finds the server away (then reconnects)."""
        if self._writer is not None:
            self._writer.on_away = fn

    def flush(self, timeout: float = WAIT_SECONDS) -> bool:
        """Wait until every write made so far is committed; whether it was, within ``timeout`` seconds."""
        return self._writer is None or self._writer.wait(self._writer.submitted, timeout)

    def _write(self, job: Callable, *, wait: bool = False):
        """Make the write ``job(connection, again)`` (``again``: it may have been committed already).
        On the writer: at once, its value ``None``, unless ``wait`` (its value once committed)."""
        w = self._writer
        if w is None:
            try:
                if self.conn.closed or self.conn.broken:
                    self.conn = self._connect()
                with self.conn.transaction():
                    return job(self.conn, False)
            except self._psycopg.OperationalError as exc:
                raise self._unavailable(exc) from None
        if not wait:
            w.submit(job)
            return None
        if w.down:
            raise self._unavailable()
        _, fut = w.submit(job)
        try:
            return fut.result(WAIT_SECONDS)
        except TimeoutError:
            raise self._unavailable() from None

    def _unavailable(self, exc: Exception | None = None) -> JournalUnavailable:
        why = f": {_first_line(exc)}" if exc is not None else ""
        return JournalUnavailable(f"the database {self.path} does not answer{why}; reconnecting, try again in a moment")

    def _rows(self, sql: str, args: Sequence = ()) -> list[tuple]:
        """The rows of a query, on the reading connection (made again once if it broke); none
        while the writer finds the server away (no wait for a connection that would fail too)."""
        if self._writer is not None and self._writer.down:
            raise self._unavailable()
        try:
            return self._query(sql, args)
        except self._psycopg.OperationalError:  # the connection broke (the server restarted): once more, anew
            try:
                self.conn.close()
            except Exception:
                pass
        try:
            return self._query(sql, args)
        except self._psycopg.OperationalError as exc:
            raise self._unavailable(exc) from None

    def _query(self, sql: str, args: Sequence) -> list[tuple]:
        if self.conn.closed or self.conn.broken:
            self.conn = self._connect()
        return self.conn.execute(sql, args).fetchall()

    def _one(self, sql: str, args: Sequence = ()) -> tuple | None:
        rows = self._rows(sql, args)
        return rows[0] if rows else None

    # --- as the SQLite journal ------------------------------------------------------------
    def __enter__(self) -> "PgJournal":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        """Commit what is still to be written (a few seconds at most if the server is away), then close."""
        if self._writer is not None:
            self._writer.close(WAIT_SECONDS)
        self.conn.close()

    def tables(self) -> set[str]:
        return {r[0] for r in self._rows("SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")}

    def _row(self, r) -> GameRow:
        return GameRow(r[0], r[1], r[2], int(r[3]) if r[3] is not None else None, r[4], tuple(json.loads(r[5])), r[6], r[7], json.loads(r[8] or "{}"), r[9], r[10], r[11])

    def save_hand(self, events: Sequence[dict] | Game, *, bots: Iterable[str] = (), match_id: int | None = None, hand: int | None = None) -> int:
        if isinstance(events, Game):
            events = events.events
        hand_row = _hand_row(events, bots, match_id, hand)
        return self._write(partial(_insert_hand, hand_row=hand_row), wait=True)

    def game(self, game_id: int) -> GameRow:
        r = None
        if game_id in _BIGINT:
            r = self._one(f"SELECT {_GAME_COLUMNS} FROM games WHERE id = %s", (game_id,))
        if r is None:
            raise JournalError(f"no game {game_id} in {self.path}")
        return self._row(r)

    def games(self, limit: int | None = None) -> list[GameRow]:
        sql = f"SELECT {_GAME_COLUMNS} FROM games ORDER BY id" + (f" LIMIT {int(limit)}" if limit is not None else "")
        return [self._row(r) for r in self._rows(sql)]

    def __len__(self) -> int:
        return self._one("SELECT COUNT(*) FROM games")[0]

    def load(self, game_id: int) -> list[dict]:
        self.game(game_id)
        return [json.loads(d) for (d,) in self._rows("SELECT data FROM events WHERE game_id = %s ORDER BY seq", (game_id,))]

    def replay(self, game_id: int) -> Game:
        return Game.replay(self.load(game_id))

    def new_match(self, app: str, config: dict, *, code: str | None = None, status: str = "playing") -> int:
        """The new match's id (made at once, on the writer too: the caller needs it)."""
        return self._write(partial(_new_match, row=(now(), app, code, json.dumps(config), status)), wait=True)

    def set_match(self, match_id: int, *, config: dict | None = None, status: str | None = None) -> None:
        self._write(partial(_set_match, match_id=match_id, config=None if config is None else json.dumps(config), status=status))

    def match_id(self, code: str) -> int | None:
        r = self._one("SELECT id FROM matches WHERE code = %s", (code,))
        return r[0] if r else None

    def matches(self, app: str | None = None, statuses: Sequence[str] | None = None) -> list[MatchRow]:
        sql = ("SELECT m.id, m.created, m.app, m.code, m.config, m.status,"
               " (SELECT COUNT(*) FROM games g WHERE g.match_id = m.id) FROM matches m WHERE TRUE")
        args: list = []
        if app is not None:
            sql += " AND m.app = %s"
            args.append(app)
        if statuses is not None:
            sql += " AND m.status = ANY(%s)"
            args.append(list(statuses))
        rows = self._rows(sql + " ORDER BY m.id", args)
        return [MatchRow(i, c, a, k, json.loads(cfg), st, n) for i, c, a, k, cfg, st, n in rows]

    def put_seat(self, match_id: int, player: int, name: str, kind: str, bot: str | None, token_hash: str | None) -> None:
        self._write(partial(_put_seat, row=(match_id, player, name, kind, bot, token_hash)))

    def seats(self, match_id: int) -> list[dict]:
        rows = self._rows(
            "SELECT player, name, kind, bot, token_hash FROM match_seats WHERE match_id = %s ORDER BY player", (match_id,)
        )
        return [dict(player=p, name=n, kind=k, bot=b, token_hash=h) for p, n, k, b, h in rows]

    def append_events(self, match_id: int, hand: int, start: int, events: Sequence[dict]) -> None:
        if not events:
            return
        self._write(partial(_append_events, rows=[(match_id, hand, start + i, dump(e)) for i, e in enumerate(events)]))

    def finish_hand(self, match_id: int, hand: int, events: Sequence[dict], bots: Iterable[str]) -> int | None:
        """The finished hand's game id (``None`` on the writer: it is not waited for)."""
        return self._write(partial(_finish_hand, hand_row=_hand_row(events, bots, match_id, hand)))

    def hand_events(self, match_id: int, hand: int) -> list[dict]:
        row = self._one("SELECT id FROM games WHERE match_id = %s AND hand = %s", (match_id, hand))
        if row is not None:
            return self.load(row[0])
        return [json.loads(d) for (d,) in self._rows(
            "SELECT data FROM match_events WHERE match_id = %s AND hand = %s ORDER BY seq", (match_id, hand))]

    def load_match(self, match_id: int, app: str | None = "play") -> SavedMatch:
        rows = [m for m in self.matches(app) if m.id == match_id] if match_id in _BIGINT else []
        if not rows:
            raise JournalError(f"no match {match_id} in {self.path}")
        saved = SavedMatch(rows[0])
        saved.hands = [g for (g,) in self._rows("SELECT id FROM games WHERE match_id = %s ORDER BY hand, id", (match_id,))]
        saved.finished = [self.load(g) for g in saved.hands]
        saved.current = [json.loads(d) for (d,) in self._rows(
            "SELECT data FROM match_events WHERE match_id = %s AND hand ="
            " (SELECT MAX(hand) FROM match_events WHERE match_id = %s) ORDER BY seq", (match_id, match_id))]
        return saved


# --- the writes: each ``job(connection, again)``, made inside the writer's transaction -----------------
def _hand_row(events: Sequence[dict], bots: Iterable[str], match_id: int | None, hand: int | None) -> tuple:
    """A hand's ``games`` row and its events' rows, encoded by the caller (its events are its own)."""
    if not events or events[0].get("type") != "setup":
        raise JournalError("an event log starts with a setup event")
    setup = events[0]
    end = next((e for e in reversed(events) if e.get("type") == "end"), None)
    game = (now(), setup.get("ruleset", "?"), setup.get("seed"), setup.get("players", 4), json.dumps(list(bots)),
            end.get("winner") if end else None, end.get("reason") if end else None,
            json.dumps(end.get("settlement", {}).get("net", {})) if end else "{}", len(events), match_id, hand)
    return game, [(i, e.get("type", "?"), dump(e)) for i, e in enumerate(events)]


def _insert_hand(conn, again: bool, hand_row: tuple) -> int:
    game, events = hand_row
    match_id, hand = game[-2], game[-1]
    if again and match_id is not None:  # committed already, its answer lost: not twice
        r = conn.execute("SELECT id FROM games WHERE match_id = %s AND hand = %s", (match_id, hand)).fetchone()
        if r is not None:
            return r[0]
    gid = conn.execute(
        "INSERT INTO games (created, ruleset, seed, players, bots, winner, reason, net, events, match_id, hand)"
        " VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s) RETURNING id", game,
    ).fetchone()[0]
    with conn.cursor() as cur:
        cur.executemany("INSERT INTO events (game_id, seq, type, data) VALUES (%s, %s, %s, %s)", [(gid, *e) for e in events])
    return gid


def _finish_hand(conn, again: bool, hand_row: tuple) -> int:
    gid = _insert_hand(conn, again, hand_row)
    conn.execute("DELETE FROM match_events WHERE match_id = %s AND hand = %s", (hand_row[0][-2], hand_row[0][-1]))
    return gid


def _new_match(conn, again: bool, row: tuple) -> int:
    code = row[2]
    if again and code is not None:  # committed already, its answer lost: the match of that code
        r = conn.execute("SELECT id FROM matches WHERE code = %s AND config = %s", (code, row[3])).fetchone()
        if r is not None:
            return r[0]
    return conn.execute(
        "INSERT INTO matches (created, app, code, config, status) VALUES (%s, %s, %s, %s, %s) RETURNING id", row
    ).fetchone()[0]


def _set_match(conn, again: bool, match_id: int, config: str | None, status: str | None) -> None:
    if config is not None:
        conn.execute("UPDATE matches SET config = %s WHERE id = %s", (config, match_id))
    if status is not None:
        conn.execute("UPDATE matches SET status = %s WHERE id = %s", (status, match_id))


def _put_seat(conn, again: bool, row: tuple) -> None:
    conn.execute(
        "INSERT INTO match_seats (match_id, player, name, kind, bot, token_hash) VALUES (%s, %s, %s, %s, %s, %s)"
        " ON CONFLICT (match_id, player) DO UPDATE SET name = EXCLUDED.name, kind = EXCLUDED.kind,"
        " bot = EXCLUDED.bot, token_hash = EXCLUDED.token_hash", row,
    )


_APPEND = ("INSERT INTO match_events (match_id, hand, seq, data) VALUES (%s, %s, %s, %s)"
           " ON CONFLICT (match_id, hand, seq) DO UPDATE SET data = EXCLUDED.data")


def _append_events(conn, again: bool, rows: list[tuple]) -> None:
    if len(rows) == 1:  # an action's events, most often: one statement (executemany's pipeline costs more)
        conn.execute(_APPEND, rows[0])
        return
    with conn.cursor() as cur:
        cur.executemany(_APPEND, rows)


class _Writer:
    """A :class:`PgJournal`'s writes on a thread of their own, committed in order and in groups
    (see the module docs). ``connect()``: a new connection; ``path``: the database, for the log."""

    def __init__(self, connect: Callable, path: str) -> None:
        import psycopg

        self._psycopg = psycopg
        self._connect, self.path = connect, path
        self.cv = threading.Condition()
        self.jobs: deque = deque()  # (number, job, future), the uncommitted writes in order
        self.submitted = 0  # the number of the last write handed in
        self.committed = 0  # every write up to this number is committed
        self.down = False  # the server does not answer: reconnecting
        self.closing = False
        self.give_up = float("inf")  # closing: when to stop trying a server that went away
        self.on_commit: Callable[[int], None] | None = None
        self.on_away: Callable[[], None] | None = None
        self.conn = None
        self.thread = threading.Thread(target=self._run, name="journal-writer", daemon=True)
        self.thread.start()

    def submit(self, job: Callable) -> tuple[int, Future]:
        fut: Future = Future()
        with self.cv:
            self.submitted += 1
            self.jobs.append((self.submitted, job, fut))
            self.cv.notify_all()
            return self.submitted, fut

    def wait(self, n: int, timeout: float) -> bool:
        """Whether every write up to number ``n`` is committed within ``timeout`` seconds."""
        end = time.monotonic() + timeout
        with self.cv:
            while self.committed < n:
                left = end - time.monotonic()
                if left <= 0:
                    return False
                self.cv.wait(left)
        return True

    def close(self, timeout: float) -> None:
        with self.cv:
            self.closing = True
            self.give_up = time.monotonic() + timeout
            self.cv.notify_all()
        self.thread.join(timeout + 1)
        if self.conn is not None and not self.thread.is_alive():
            self.conn.close()

    def _run(self) -> None:
        delay, again = RETRY_FIRST, False
        while True:
            with self.cv:
                while not self.jobs and not self.closing:
                    self.cv.wait()
                if not self.jobs:
                    return
                batch = list(itertools.islice(self.jobs, BATCH))
            try:
                results = self._commit(batch, again)
            except self._psycopg.Error as exc:  # the server went away: reconnect, and commit the batch again
                was_down, self.down, again = self.down, True, True
                if not was_down:
                    log.warning("the database %s went away (%s); reconnecting", self.path, _first_line(exc))
                    if self.on_away is not None:
                        try:
                            self.on_away()
                        except Exception:
                            log.exception("on_away failed")
                self._drop()
                with self.cv:
                    if self.closing and time.monotonic() > self.give_up:
                        lost = len(self.jobs)
                        for _, _, fut in self.jobs:
                            fut.set_exception(JournalUnavailable(f"the database {self.path} does not answer"))
                        self.jobs.clear()
                        log.error("closing: %d writes could not be committed (nobody was told of them)", lost)
                        return
                    self.cv.wait(delay)
                delay = min(delay * 2, RETRY_MOST)
                continue
            if self.down:
                log.warning("the database %s is back: %d writes committed", self.path, len(batch))
            delay, again, self.down = RETRY_FIRST, False, False
            with self.cv:
                for _ in batch:
                    self.jobs.popleft()
                self.committed = batch[-1][0]
                self.cv.notify_all()
            for (_, _, fut), r in zip(batch, results):
                fut.set_exception(r) if isinstance(r, BaseException) else fut.set_result(r)
            if self.on_commit is not None:
                try:
                    self.on_commit(self.committed)
                except Exception:
                    log.exception("on_commit failed")

    def _commit(self, batch: list, again: bool) -> list:
        """The batch in one transaction; a write the server refuses (not a lost connection): each on its own."""
        if self.conn is None:
            self.conn = self._connect()
        try:
            with self.conn.transaction():
                return [job(self.conn, again) for _, job, _ in batch]
        except Exception as exc:
            if self._lost(exc):
                raise
        out: list = []
        for _, job, _ in batch:
            try:
                with self.conn.transaction():
                    out.append(job(self.conn, again))
            except Exception as exc:
                if self._lost(exc):
                    raise
                log.error("a write to the journal was refused: %s", _first_line(exc))
                out.append(JournalError(f"{self.path} refused a write: {_first_line(exc)}"))
        return out

    def _lost(self, exc: Exception) -> bool:
        """Whether ``exc`` is the connection lost (try again), not a write refused."""
        return isinstance(exc, self._psycopg.Error) and (self.conn.closed or self.conn.broken or isinstance(exc, self._psycopg.OperationalError))

    def _drop(self) -> None:
        if self.conn is not None:
            try:
                self.conn.close()
            except Exception:
                pass
        self.conn = None


def _first_line(exc: BaseException) -> str:
    return (str(exc).strip().splitlines() or [type(exc).__name__])[0]


def _safe(url: str) -> str:
    """The URL without its password (for messages)."""
    from urllib.parse import urlsplit

    u = urlsplit(url)
    host = u.hostname or "localhost"
    return f"{u.scheme}://{u.username + '@' if u.username else ''}{host}{':' + str(u.port) if u.port else ''}{u.path}"
