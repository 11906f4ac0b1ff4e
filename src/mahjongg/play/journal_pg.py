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
caller. The writes that need no answer (an action's events, a seat, a match's
status, a new match whose id is drawn first: nearly all) go as one query text,
which PostgreSQL runs as one transaction: one round trip a commit, whatever
the number of writes. A write returns at once; :attr:`PgJournal.submitted`
numbers it and ``on_commit(n)`` is called (on the writer's thread) once every write up to
``n`` is committed: whoever tells anyone of a write waits for that
(``mahjongg.web.commits``). When the server goes away (restarted, unreachable)
the writer reconnects with backoff (0.1 s doubling to 2 s) and commits again
what was not committed, in order; meanwhile :attr:`PgJournal.available` is
false. Every write may be made twice (a commit whose answer was lost) and
writes the same rows again: events and seats are upserts, a finished hand is
not added twice, a match with a code is found by it. Reads are made at once on
a connection of their own, which reconnects once when it finds itself broken;
:class:`JournalUnavailable` when the server does not answer.

Lease tokens (fencing), for a server of many processes: ``matches.lease`` grows
by one at each takeover (:meth:`PgJournal.claim`, made before the new owner
reads the match), and a process writes a match under the token it made or
claimed it with, checked in the write's own transaction (``mahjongg_fence``,
:data:`PG_FENCE`). A write queued by a process that lost the table meanwhile is
refused (:class:`LeaseLost`; ``on_fenced(match_id)`` before the commit that
counts it as done): the new owner's rows are never written over, and nobody is
told of the refused write.
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
from .schema import GAMES, POSTGRES, JournalError, added_columns, dump, now, render, seat_prefs

__all__ = ["PgJournal", "PG_SCHEMA", "JournalUnavailable", "LeaseLost"]

log = logging.getLogger("mahjongg.journal")

RETRY_FIRST, RETRY_MOST = 0.1, 2.0
"""Seconds between two tries to reach a server that went away: the first, doubling up to the most."""
BATCH = 1000
"""Writes committed together at most (group commit)."""
WAIT_SECONDS = 5.0
"""How long a write whose answer is needed (a hand saved on its own, its id) waits for its commit."""
CLAIM_SECONDS = 1.0
"""How long a takeover's claim waits for a write of the last owner that holds the match's row
(a process stopped mid-commit): then :class:`JournalUnavailable`, and the takeover is tried again later."""
CONNECT_SECONDS = 3
"""How long a (re)connection waits for the server (a read on the event loop waits as long, once)."""


class JournalUnavailable(JournalError):
    """The database does not answer now (restarting, unreachable); the journal reconnects by itself: try again."""


class LeaseLost(JournalError):
    """A write for a match another process has claimed since (:meth:`PgJournal.claim`): refused."""


FENCED = "MJ001"
"""The SQLSTATE of a write refused by its match's lease token (``mahjongg_fence``)."""
PG_FENCE = f"""
CREATE OR REPLACE FUNCTION mahjongg_fence(m BIGINT, token BIGINT) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    PERFORM 1 FROM matches WHERE id = m AND lease = token FOR SHARE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'match % is played by another server process now (its lease is past %)', m, token
            USING ERRCODE = '{FENCED}';
    END IF;
END $$;
"""
"""The lease token (fencing token) of each match: ``matches.lease`` (a column of
:data:`mahjongg.play.schema.TABLES`), 0 for a new match, one more at
each takeover (:meth:`PgJournal.claim`); ``mahjongg_fence(match, token)`` -- the last statement of a
transaction that writes under a token -- locks the match's row for share and refuses (SQLSTATE
:data:`FENCED`) if the token is not the match's now. A takeover's increment waits for a write that
holds the lock (about to commit: the new owner reads it), and a write that comes to its fence after
the increment is refused."""

PG_SCHEMA = render(POSTGRES) + added_columns(POSTGRES, after=2)
"""The journal's tables (:data:`mahjongg.play.schema.TABLES`) in PostgreSQL's dialect; the columns
added since version 2 (PostgreSQL's first: ``matches.lease``) added to a database made before."""

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
                self.conn.execute(PG_FENCE)
        self.leases: dict[int, int] = {}  # match id -> the lease token this process writes it under (claim)
        self.fencing = False  # whether a match made here is written under its first token (0): a server of many processes
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

    @property
    def on_fenced(self) -> Callable[[int, int], None] | None:
        return self._writer.on_fenced if self._writer is not None else None

    @on_fenced.setter
    def on_fenced(self, fn: Callable[[int, int], None] | None) -> None:
        """``fn(match_id, token)``, called on the writer's thread when a write of ``match_id`` made
        under lease token ``token`` was refused because another process claimed the match since
        (:class:`LeaseLost`); before the ``on_commit`` that counts the refused write as done."""
        if self._writer is not None:
            self._writer.on_fenced = fn

    def claim(self, match_id: int) -> int:
        """Take match ``match_id`` over (its Redis lease is ours now): its lease token one more,
        committed at once, and every later write of it made under that token; the token.
        Call it before reading the match to rebuild it: a write of the previous owner is
        then either committed before (and read) or refused after. :class:`JournalError`
        for no such match."""
        try:
            if self.conn.closed or self.conn.broken:
                self.conn = self._connect()
            with self.conn.transaction():  # a write of the last owner under way holds the row: wait for it, not for ever
                self.conn.execute(f"SET LOCAL lock_timeout = '{int(CLAIM_SECONDS * 1000)}ms'")
                row = self.conn.execute("UPDATE matches SET lease = lease + 1 WHERE id = %s RETURNING lease", (match_id,)).fetchone()
        except (self._psycopg.OperationalError, self._psycopg.errors.LockNotAvailable) as exc:
            raise self._unavailable(exc) from None
        if row is None:
            raise JournalError(f"no match {match_id} in {self.path}")
        self.leases[match_id] = row[0]
        return row[0]

    def release(self, match_id: int) -> None:
        """This process no longer writes match ``match_id`` (finished and let go): forget its token.
        (Not for a match lost to another process: kept, its token refuses a late write of it.)"""
        self.leases.pop(match_id, None)

    def flush(self, timeout: float = WAIT_SECONDS) -> bool:
        """Wait until every write made so far is committed; whether it was, within ``timeout`` seconds."""
        return self._writer is None or self._writer.wait(self._writer.submitted, timeout)

    def _write(self, job: Callable, *, wait: bool = False, match_id: int | None = None):
        """Make the write ``job(connection, again)`` (``again``: it may have been committed already),
        of match ``match_id`` under this process's lease token of it if it has one (:meth:`claim`;
        refused, :class:`LeaseLost`, if another process claimed the match since).
        On the writer: at once, its value ``None``, unless ``wait`` (its value once committed)."""
        token = self.leases.get(match_id) if match_id is not None else None
        fence = (match_id, token) if token is not None else None
        w = self._writer
        if w is None:
            try:
                if self.conn.closed or self.conn.broken:
                    self.conn = self._connect()
                with self.conn.transaction():
                    value = job(self.conn, False)
                    if fence is not None:
                        self.conn.execute(_FENCE, fence)
                    return value
            except self._psycopg.OperationalError as exc:
                raise self._unavailable(exc) from None
            except self._psycopg.Error as exc:
                if exc.sqlstate == FENCED:
                    raise LeaseLost(_first_line(exc)) from None
                raise
        if not wait:
            w.submit(job, fence)
            return None
        if w.down:
            raise self._unavailable()
        _, fut = w.submit(job, fence)
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
        return self._write(partial(_insert_hand, hand_row=hand_row), wait=True, match_id=match_id)

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
        """The new match's id. On the writer: the id drawn from the table's sequence at once (a read,
        no commit waited for) and the row written with the other writes, as they are."""
        row = (now(), app, code, json.dumps(config), status)
        if self._writer is None:
            mid = self._write(partial(_new_match, row=row))
        else:
            mid = self._one("SELECT nextval(pg_get_serial_sequence('matches', 'id'))")[0]
            self._write(_Sql(((_NEW_MATCH, (mid, *row)),)))
        if self.fencing:
            self.leases[mid] = 0  # a new match's token: any process that takes it over makes it 1
        return mid

    def set_match(self, match_id: int, *, config: dict | None = None, status: str | None = None) -> None:
        self._write(_set_match(match_id, None if config is None else json.dumps(config), status), match_id=match_id)

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
        self._write(_Sql(((_PUT_SEAT, (match_id, player, name, kind, bot, token_hash)),)), match_id=match_id)

    def put_seat_prefs(self, match_id: int, player: int, prefs) -> None:
        self._write(_Sql((("UPDATE match_seats SET prefs = %s WHERE match_id = %s AND player = %s",
                           (dump(dict(prefs)), match_id, player)),)), match_id=match_id)

    def seats(self, match_id: int) -> list[dict]:
        rows = self._rows(
            "SELECT player, name, kind, bot, token_hash, prefs FROM match_seats WHERE match_id = %s ORDER BY player", (match_id,)
        )
        return [dict(player=p, name=n, kind=k, bot=b, token_hash=h, prefs=seat_prefs(f)) for p, n, k, b, h, f in rows]

    def append_events(self, match_id: int, hand: int, start: int, events: Sequence[dict]) -> None:
        if not events:
            return
        self._write(_append_events([(match_id, hand, start + i, dump(e)) for i, e in enumerate(events)]), match_id=match_id)

    def finish_hand(self, match_id: int, hand: int, events: Sequence[dict], bots: Iterable[str]) -> int | None:
        """The finished hand's game id (``None`` on the writer: it is not waited for)."""
        return self._write(partial(_finish_hand, hand_row=_hand_row(events, bots, match_id, hand)), match_id=match_id)

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


class _Sql(tuple):
    """A write that needs no answer: its statements ``((sql, args), ...)``, each the same whether it
    was committed already or not. The writer sends the ones of a batch as one query (one round
    trip, one transaction); called as a job, it executes them one by one."""

    __slots__ = ()

    def __call__(self, conn, again: bool) -> None:
        for sql, args in self:
            conn.execute(sql, args)


def _set_match(match_id: int, config: str | None, status: str | None) -> _Sql:
    return _Sql(((f"UPDATE matches SET {col} = %s WHERE id = %s", (value, match_id))
                 for col, value in (("config", config), ("status", status)) if value is not None))


_FENCE = "SELECT mahjongg_fence(%s, %s)"
_NEW_MATCH = ("INSERT INTO matches (id, created, app, code, config, status) VALUES (%s, %s, %s, %s, %s, %s)"
              " ON CONFLICT (id) DO NOTHING")  # its id drawn before: the same if made twice

_PUT_SEAT = ("INSERT INTO match_seats (match_id, player, name, kind, bot, token_hash) VALUES (%s, %s, %s, %s, %s, %s)"
             " ON CONFLICT (match_id, player) DO UPDATE SET name = EXCLUDED.name, kind = EXCLUDED.kind,"
             " bot = EXCLUDED.bot, token_hash = EXCLUDED.token_hash, prefs = EXCLUDED.prefs")  # (a new player: the defaults)


def _append_events(rows: list[tuple]) -> _Sql:
    """An action's events: one statement of as many rows (upserts: the same if made twice)."""
    values = ", ".join(["(%s, %s, %s, %s)"] * len(rows))
    return _Sql(((f"INSERT INTO match_events (match_id, hand, seq, data) VALUES {values}"
                  " ON CONFLICT (match_id, hand, seq) DO UPDATE SET data = EXCLUDED.data", tuple(v for r in rows for v in r)),))


class _Writer:
    """A :class:`PgJournal`'s writes on a thread of their own, committed in order and in groups
    (see the module docs). ``connect()``: a new connection; ``path``: the database, for the log."""

    def __init__(self, connect: Callable, path: str) -> None:
        import psycopg

        self._psycopg = psycopg
        self._connect, self.path = connect, path
        self.cv = threading.Condition()
        self.jobs: deque = deque()  # (number, job, future, fence), the uncommitted writes in order
        self.submitted = 0  # the number of the last write handed in
        self.committed = 0  # every write up to this number is committed
        self.down = False  # the server does not answer: reconnecting
        self.closing = False
        self.give_up = float("inf")  # closing: when to stop trying a server that went away
        self.on_commit: Callable[[int], None] | None = None
        self.on_away: Callable[[], None] | None = None
        self.on_fenced: Callable[[int, int], None] | None = None
        self.conn = None
        self._client = None  # a client-side binding cursor of conn: what quotes a batch's arguments into one query
        self.thread = threading.Thread(target=self._run, name="journal-writer", daemon=True)
        self.thread.start()

    def submit(self, job: Callable, fence: tuple[int, int] | None = None) -> tuple[int, Future]:
        """Hand in ``job``; ``fence``: ``(match id, lease token)`` it is made under. Its number and its future."""
        fut: Future = Future()
        with self.cv:
            self.submitted += 1
            self.jobs.append((self.submitted, job, fut, fence))
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
                        for _, _, fut, _ in self.jobs:
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
            fenced = {fence for (_, _, _, fence), r in zip(batch, results) if isinstance(r, LeaseLost)}
            for match_id, token in sorted(fenced):  # before the writes count as done: what waits for the refused ones is dropped first
                log.warning("match %s: its writes were refused: another process took it over", match_id)
                if self.on_fenced is not None:
                    try:
                        self.on_fenced(match_id, token)
                    except Exception:
                        log.exception("on_fenced failed")
            with self.cv:
                for _ in batch:
                    self.jobs.popleft()
                self.committed = batch[-1][0]
                self.cv.notify_all()
            for (_, _, fut, _), r in zip(batch, results):
                fut.set_exception(r) if isinstance(r, BaseException) else fut.set_result(r)
            if self.on_commit is not None:
                try:
                    self.on_commit(self.committed)
                except Exception:
                    log.exception("on_commit failed")

    def _commit(self, batch: list, again: bool) -> list:
        """The batch in one transaction, the fence of each match it writes (once) at its end, just
        before the commit; if the server refuses it (not a lost connection): each write on its own,
        a refused one's result its error (:class:`LeaseLost` if fenced). (At the end: a write that
        waits for a lock holds no lock of its match's row meanwhile, so a takeover's claim never
        waits for it -- it is refused.)"""
        if self.conn is None:
            self.conn = self._connect()
            self._client = self._psycopg.ClientCursor(self.conn)
        fences = list(dict.fromkeys(fence for _, _, _, fence in batch if fence is not None))
        try:
            if all(isinstance(job, _Sql) for _, job, _, _ in batch):  # one query, one round trip: PostgreSQL runs it as one transaction
                self._execute([job for _, job, _, _ in batch], fences, at_once=True)
                return [None] * len(batch)
            with self.conn.transaction():  # the writes that need an answer at their turn; the others run together
                out: list = []
                for is_sql, group in itertools.groupby((job for _, job, _, _ in batch), lambda job: isinstance(job, _Sql)):
                    group = list(group)
                    if is_sql:
                        self._execute(group)
                        out += [None] * len(group)
                    else:
                        out += [job(self.conn, again) for job in group]
                self._execute([], fences)
                return out
        except Exception as exc:
            if self._lost(exc):
                raise
        out = []
        for _, job, _, fence in batch:
            try:
                with self.conn.transaction():
                    value = job(self.conn, again)
                    self._execute([], [fence] if fence is not None else [])
                out.append(value)
            except Exception as exc:
                if self._lost(exc):
                    raise
                if getattr(exc, "sqlstate", None) == FENCED:
                    out.append(LeaseLost(_first_line(exc)))
                    continue
                log.error("a write to the journal was refused: %s", _first_line(exc))
                out.append(JournalError(f"{self.path} refused a write: {_first_line(exc)}"))
        return out

    def _execute(self, jobs: list[_Sql], fences: Sequence[tuple[int, int]] = (), at_once: bool = False) -> None:
        """The statements of ``jobs``, then the ``fences`` ``(match id, lease token)``, as one query
        text (one round trip), their arguments quoted by psycopg (client-side binding); outside a
        transaction block PostgreSQL makes it one transaction. ``at_once``: by libpq's blocking
        ``PQexec``, which waits for the answer without the GIL and takes it back once: the thread
        does not wait for the event loop's turn at each step of the exchange (psycopg's own wait
        does, up to the interpreter's switch interval each, 5 ms)."""
        mogrify = self._client.mogrify
        statements = [mogrify(sql, args) for job in jobs for sql, args in job] + [mogrify(_FENCE, fence) for fence in fences]
        text = ";\n".join(statements)
        if not text:
            return
        if not at_once:
            self.conn.execute(text)
            return
        pgconn = self.conn.pgconn
        result = pgconn.exec_(text.encode())
        if result.status == self._psycopg.pq.ExecStatus.FATAL_ERROR:
            raise self._psycopg.errors.error_from_result(result, encoding=pgconn._encoding)

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
