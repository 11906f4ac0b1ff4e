"""The journal in PostgreSQL (psycopg 3), for many server processes: the same
schema and the same interface as :class:`mahjongg.play.journal.Journal`.

::

    j = PgJournal("postgresql://user@host/db")     # creates the tables if needed
    match_id = j.new_match("serve", config, code="ABCDEF", status="lobby")

The tables are those of the SQLite file (see :mod:`mahjongg.play.journal`),
with ``BIGSERIAL`` ids, a ``NUMERIC`` seed (a shared table's seeds have 128
bits) and text columns holding the same JSON,
so what one backend writes the other reads alike. Every write is committed at
once (one action, one transaction), as in SQLite: a process killed at any
moment loses nothing already told to anyone, and another process reading the
database (a server taking a table over) sees it. Needs the ``server`` extra
(``psycopg``); :func:`mahjongg.play.journals.open_journal` picks this class for
a ``postgresql://`` URL.
"""

from __future__ import annotations

import json
from typing import Iterable, Sequence

from ..table import Game
from .journal import GameRow, MatchRow, SavedMatch
from .schema import JournalError, dump, now

__all__ = ["PgJournal", "PG_SCHEMA"]

PG_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id BIGSERIAL PRIMARY KEY, created TEXT NOT NULL, ruleset TEXT NOT NULL, seed NUMERIC(40, 0),
    players INTEGER NOT NULL, bots TEXT NOT NULL, winner TEXT, reason TEXT, net TEXT,
    events INTEGER NOT NULL, match_id BIGINT, hand INTEGER
);
CREATE INDEX IF NOT EXISTS games_match ON games (match_id, hand);
CREATE TABLE IF NOT EXISTS events (
    game_id BIGINT NOT NULL REFERENCES games(id) ON DELETE CASCADE, seq INTEGER NOT NULL,
    type TEXT NOT NULL, data TEXT NOT NULL, PRIMARY KEY (game_id, seq)
);
CREATE TABLE IF NOT EXISTS matches (
    id BIGSERIAL PRIMARY KEY, created TEXT NOT NULL, app TEXT NOT NULL, code TEXT UNIQUE,
    config TEXT NOT NULL, status TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS match_seats (
    match_id BIGINT NOT NULL REFERENCES matches(id), player INTEGER NOT NULL, name TEXT NOT NULL,
    kind TEXT NOT NULL, bot TEXT, token_hash TEXT, PRIMARY KEY (match_id, player)
);
CREATE TABLE IF NOT EXISTS match_events (
    match_id BIGINT NOT NULL REFERENCES matches(id), hand INTEGER NOT NULL, seq INTEGER NOT NULL,
    data TEXT NOT NULL, PRIMARY KEY (match_id, hand, seq)
);
"""

_GAME_COLUMNS = "id, created, ruleset, seed, players, bots, winner, reason, net, events, match_id, hand"
_BIGINT = range(-(2**63), 2**63)


class PgJournal:
    """A mahjongg database in PostgreSQL at ``url`` (see the module docs).

    Raises :class:`~mahjongg.play.schema.JournalError` (one line, the URL's host
    and database named, never its password) when the server cannot be reached
    or refuses. ``create=False`` reads only (no table is made)."""

    def __init__(self, url: str, *, create: bool = True, **_ignored) -> None:
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
            raise JournalError(f"cannot open the database {self.path}: {str(exc).strip().splitlines()[0]}") from None
        if create:
            with self.conn.transaction():
                self.conn.execute("SELECT pg_advisory_xact_lock(804152)")  # two processes starting at once
                self.conn.execute(PG_SCHEMA)

    # --- as the SQLite journal ------------------------------------------------------------
    def __enter__(self) -> "PgJournal":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        self.conn.close()

    def tables(self) -> set[str]:
        return {r[0] for r in self.conn.execute("SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")}

    def _row(self, r) -> GameRow:
        return GameRow(r[0], r[1], r[2], int(r[3]) if r[3] is not None else None, r[4], tuple(json.loads(r[5])), r[6], r[7], json.loads(r[8] or "{}"), r[9], r[10], r[11])

    def _insert_hand(self, events: Sequence[dict], bots: Iterable[str], match_id: int | None, hand: int | None) -> int:
        if not events or events[0].get("type") != "setup":
            raise JournalError("an event log starts with a setup event")
        setup = events[0]
        end = next((e for e in reversed(events) if e.get("type") == "end"), None)
        gid = self.conn.execute(
            "INSERT INTO games (created, ruleset, seed, players, bots, winner, reason, net, events, match_id, hand)"
            " VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s) RETURNING id",
            (now(), setup.get("ruleset", "?"), setup.get("seed"), setup.get("players", 4), json.dumps(list(bots)),
             end.get("winner") if end else None, end.get("reason") if end else None,
             json.dumps(end.get("settlement", {}).get("net", {})) if end else "{}", len(events), match_id, hand),
        ).fetchone()[0]
        with self.conn.cursor() as cur:
            cur.executemany(
                "INSERT INTO events (game_id, seq, type, data) VALUES (%s, %s, %s, %s)",
                [(gid, i, e.get("type", "?"), dump(e)) for i, e in enumerate(events)],
            )
        return gid

    def save_hand(self, events: Sequence[dict] | Game, *, bots: Iterable[str] = (), match_id: int | None = None, hand: int | None = None) -> int:
        if isinstance(events, Game):
            events = events.events
        with self.conn.transaction():
            return self._insert_hand(events, bots, match_id, hand)

    def game(self, game_id: int) -> GameRow:
        r = None
        if game_id in _BIGINT:
            r = self.conn.execute(f"SELECT {_GAME_COLUMNS} FROM games WHERE id = %s", (game_id,)).fetchone()
        if r is None:
            raise JournalError(f"no game {game_id} in {self.path}")
        return self._row(r)

    def games(self, limit: int | None = None) -> list[GameRow]:
        sql = f"SELECT {_GAME_COLUMNS} FROM games ORDER BY id" + (f" LIMIT {int(limit)}" if limit is not None else "")
        return [self._row(r) for r in self.conn.execute(sql)]

    def __len__(self) -> int:
        return self.conn.execute("SELECT COUNT(*) FROM games").fetchone()[0]

    def load(self, game_id: int) -> list[dict]:
        self.game(game_id)
        return [json.loads(d) for (d,) in self.conn.execute("SELECT data FROM events WHERE game_id = %s ORDER BY seq", (game_id,))]

    def replay(self, game_id: int) -> Game:
        return Game.replay(self.load(game_id))

    def new_match(self, app: str, config: dict, *, code: str | None = None, status: str = "playing") -> int:
        return self.conn.execute(
            "INSERT INTO matches (created, app, code, config, status) VALUES (%s, %s, %s, %s, %s) RETURNING id",
            (now(), app, code, json.dumps(config), status),
        ).fetchone()[0]

    def set_match(self, match_id: int, *, config: dict | None = None, status: str | None = None) -> None:
        with self.conn.transaction():
            if config is not None:
                self.conn.execute("UPDATE matches SET config = %s WHERE id = %s", (json.dumps(config), match_id))
            if status is not None:
                self.conn.execute("UPDATE matches SET status = %s WHERE id = %s", (status, match_id))

    def match_id(self, code: str) -> int | None:
        r = self.conn.execute("SELECT id FROM matches WHERE code = %s", (code,)).fetchone()
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
        rows = self.conn.execute(sql + " ORDER BY m.id", args).fetchall()
        return [MatchRow(i, c, a, k, json.loads(cfg), st, n) for i, c, a, k, cfg, st, n in rows]

    def put_seat(self, match_id: int, player: int, name: str, kind: str, bot: str | None, token_hash: str | None) -> None:
        self.conn.execute(
            "INSERT INTO match_seats (match_id, player, name, kind, bot, token_hash) VALUES (%s, %s, %s, %s, %s, %s)"
            " ON CONFLICT (match_id, player) DO UPDATE SET name = EXCLUDED.name, kind = EXCLUDED.kind,"
            " bot = EXCLUDED.bot, token_hash = EXCLUDED.token_hash",
            (match_id, player, name, kind, bot, token_hash),
        )

    def seats(self, match_id: int) -> list[dict]:
        rows = self.conn.execute(
            "SELECT player, name, kind, bot, token_hash FROM match_seats WHERE match_id = %s ORDER BY player", (match_id,)
        ).fetchall()
        return [dict(player=p, name=n, kind=k, bot=b, token_hash=h) for p, n, k, b, h in rows]

    def append_events(self, match_id: int, hand: int, start: int, events: Sequence[dict]) -> None:
        if not events:
            return
        with self.conn.transaction(), self.conn.cursor() as cur:
            cur.executemany(
                "INSERT INTO match_events (match_id, hand, seq, data) VALUES (%s, %s, %s, %s)"
                " ON CONFLICT (match_id, hand, seq) DO UPDATE SET data = EXCLUDED.data",
                [(match_id, hand, start + i, dump(e)) for i, e in enumerate(events)],
            )

    def finish_hand(self, match_id: int, hand: int, events: Sequence[dict], bots: Iterable[str]) -> int:
        with self.conn.transaction():
            gid = self._insert_hand(events, bots, match_id, hand)
            self.conn.execute("DELETE FROM match_events WHERE match_id = %s AND hand = %s", (match_id, hand))
            return gid

    def hand_events(self, match_id: int, hand: int) -> list[dict]:
        row = self.conn.execute("SELECT id FROM games WHERE match_id = %s AND hand = %s", (match_id, hand)).fetchone()
        if row is not None:
            return self.load(row[0])
        return [json.loads(d) for (d,) in self.conn.execute(
            "SELECT data FROM match_events WHERE match_id = %s AND hand = %s ORDER BY seq", (match_id, hand))]

    def load_match(self, match_id: int, app: str | None = "play") -> SavedMatch:
        rows = [m for m in self.matches(app) if m.id == match_id] if match_id in _BIGINT else []
        if not rows:
            raise JournalError(f"no match {match_id} in {self.path}")
        saved = SavedMatch(rows[0])
        saved.hands = [g for (g,) in self.conn.execute("SELECT id FROM games WHERE match_id = %s ORDER BY hand, id", (match_id,))]
        saved.finished = [self.load(g) for g in saved.hands]
        saved.current = [json.loads(d) for (d,) in self.conn.execute(
            "SELECT data FROM match_events WHERE match_id = %s AND hand ="
            " (SELECT MAX(hand) FROM match_events WHERE match_id = %s) ORDER BY seq", (match_id, match_id))]
        return saved


def _safe(url: str) -> str:
    """The URL without its password (for messages)."""
    from urllib.parse import urlsplit

    u = urlsplit(url)
    host = u.hostname or "localhost"
    return f"{u.scheme}://{u.username + '@' if u.username else ''}{host}{':' + str(u.port) if u.port else ''}{u.path}"
