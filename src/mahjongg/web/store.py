"""SQLite storage of the web tables: tables, seats (token hashes only) and each hand's event log.

Three tables, all prefixed ``web_`` so they can share a database file with
other records:

=============== ==============================================================
``web_tables``  code (the invite code), config (JSON: ruleset, options,
                hands/rounds, bots, timers, match seed), status (``lobby``,
                ``playing``, ``finished``), created
``web_seats``   code, player (0-3, counter-clockwise from the first seat),
                name, kind (``human`` / ``bot``), bot (the bot's kind),
                token_hash (SHA-256 of the secret seat token; the token itself
                is never stored)
``web_events``  code, hand (1, 2, ...), seq, event (one engine event as JSON)
=============== ==============================================================

A table in play is rebuilt from its config and the ``action`` events of each
hand (see :mod:`mahjongg.web.table`): nothing else is needed after a restart.

Which files ``mahjongg serve --db`` writes to is the rule of all the apps (see
:mod:`mahjongg.records`): a new or empty file, or one holding only mahjongg
tables -- the game records (the server adds its finished hands to them, so
``mahjongg replay`` reads them), ``mahjongg play``'s matches, earlier web
tables. Another program's SQLite database is refused before anything is
written, not even the switch to WAL, with :class:`sqlite3.DatabaseError` (the
error this store raises for any file it cannot use) naming the file and its
tables.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import time
from pathlib import Path

from ..records import RecordError, refuse_foreign

__all__ = ["Store", "hash_token"]

SCHEMA = """
CREATE TABLE IF NOT EXISTS web_tables (
    code TEXT PRIMARY KEY,
    config TEXT NOT NULL,
    status TEXT NOT NULL,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS web_seats (
    code TEXT NOT NULL REFERENCES web_tables(code),
    player INTEGER NOT NULL,
    name TEXT NOT NULL,
    kind TEXT NOT NULL,
    bot TEXT,
    token_hash TEXT,
    PRIMARY KEY (code, player)
);
CREATE TABLE IF NOT EXISTS web_events (
    code TEXT NOT NULL REFERENCES web_tables(code),
    hand INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    event TEXT NOT NULL,
    PRIMARY KEY (code, hand, seq)
);
"""


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Store:
    """The web tables' SQLite database (``":memory:"`` for a throwaway one).

    Raises :class:`sqlite3.DatabaseError` for a file it must not write into (see the module docs)."""

    def __init__(self, path: str | Path = ":memory:") -> None:
        self.path = str(path)
        self.db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        try:
            refuse_foreign(self.db, self.path)
        except RecordError as exc:
            self.db.close()
            raise sqlite3.DatabaseError(str(exc)) from None
        except sqlite3.Error:
            self.db.close()
            raise
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.executescript(SCHEMA)

    def close(self) -> None:
        self.db.close()

    # --- tables ---------------------------------------------------------------
    def code_exists(self, code: str) -> bool:
        return self.db.execute("SELECT 1 FROM web_tables WHERE code=?", (code,)).fetchone() is not None

    def create_table(self, code: str, config: dict) -> None:
        self.db.execute(
            "INSERT INTO web_tables (code, config, status, created) VALUES (?, ?, 'lobby', ?)",
            (code, json.dumps(config), time.time()),
        )

    def set_config(self, code: str, config: dict) -> None:
        self.db.execute("UPDATE web_tables SET config=? WHERE code=?", (json.dumps(config), code))

    def set_status(self, code: str, status: str) -> None:
        self.db.execute("UPDATE web_tables SET status=? WHERE code=?", (status, code))

    def tables(self, statuses: tuple[str, ...] = ("lobby", "playing", "finished")) -> list[tuple[str, dict, str]]:
        marks = ",".join("?" * len(statuses))
        rows = self.db.execute(
            f"SELECT code, config, status FROM web_tables WHERE status IN ({marks}) ORDER BY created", statuses
        ).fetchall()
        return [(c, json.loads(cfg), st) for c, cfg, st in rows]

    # --- seats ----------------------------------------------------------------
    def put_seat(self, code: str, player: int, name: str, kind: str, bot: str | None, token_hash: str | None) -> None:
        self.db.execute(
            "INSERT OR REPLACE INTO web_seats (code, player, name, kind, bot, token_hash) VALUES (?, ?, ?, ?, ?, ?)",
            (code, player, name, kind, bot, token_hash),
        )

    def seats(self, code: str) -> list[dict]:
        rows = self.db.execute(
            "SELECT player, name, kind, bot, token_hash FROM web_seats WHERE code=? ORDER BY player", (code,)
        ).fetchall()
        return [dict(player=p, name=n, kind=k, bot=b, token_hash=h) for p, n, k, b, h in rows]

    # --- events ---------------------------------------------------------------
    def append_events(self, code: str, hand: int, start: int, events: list[dict]) -> None:
        """Append ``events`` of hand ``hand``, numbered from ``start``, in one transaction."""
        if not events:
            return
        with self.db:
            self.db.execute("BEGIN")
            self.db.executemany(
                "INSERT INTO web_events (code, hand, seq, event) VALUES (?, ?, ?, ?)",
                [(code, hand, start + i, json.dumps(e, separators=(",", ":"))) for i, e in enumerate(events)],
            )

    def events(self, code: str) -> dict[int, list[dict]]:
        """Each hand's events, in order: ``{hand: [event, ...]}``."""
        out: dict[int, list[dict]] = {}
        for hand, ev in self.db.execute(
            "SELECT hand, event FROM web_events WHERE code=? ORDER BY hand, seq", (code,)
        ).fetchall():
            out.setdefault(hand, []).append(json.loads(ev))
        return out
