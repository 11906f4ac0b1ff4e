"""The journal's SQLite schema, and which files mahjongg may write to.

The schema (version :data:`VERSION`) is described in :mod:`mahjongg.play.journal`;
:data:`MAHJONGG_COLUMNS` lists every mahjongg table of it and of the older
schemas, which :func:`refuse_foreign` tells from another program's tables.
:func:`insert_hand` writes one finished hand (for the journal and the migration).
"""

from __future__ import annotations

import json
import sqlite3
from datetime import datetime, timezone
from pathlib import Path
from typing import Iterable, Sequence

from ..errors import MahjonggError

__all__ = [
    "VERSION",
    "SCHEMA",
    "MAHJONGG_COLUMNS",
    "MAHJONGG_TABLES",
    "OLD_TABLES",
    "SQLITE_INTEGERS",
    "JournalError",
    "refuse_foreign",
    "insert_hand",
]

VERSION = 2
"""The schema's version (``PRAGMA user_version``); files of the older schemas have 0."""

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    created TEXT NOT NULL,
    ruleset TEXT NOT NULL,
    seed INTEGER,
    players INTEGER NOT NULL,
    bots TEXT NOT NULL,
    winner TEXT,
    reason TEXT,
    net TEXT,
    events INTEGER NOT NULL,
    match_id INTEGER,
    hand INTEGER
);
CREATE TABLE IF NOT EXISTS events (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    type TEXT NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);
CREATE TABLE IF NOT EXISTS matches (
    id INTEGER PRIMARY KEY,
    created TEXT NOT NULL,
    app TEXT NOT NULL,
    code TEXT UNIQUE,
    config TEXT NOT NULL,
    status TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS match_seats (
    match_id INTEGER NOT NULL REFERENCES matches(id),
    player INTEGER NOT NULL,
    name TEXT NOT NULL,
    kind TEXT NOT NULL,
    bot TEXT,
    token_hash TEXT,
    PRIMARY KEY (match_id, player)
);
CREATE TABLE IF NOT EXISTS match_events (
    match_id INTEGER NOT NULL REFERENCES matches(id),
    hand INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (match_id, hand, seq)
);
"""

_RECORDS = {"id", "created", "ruleset", "seed", "players", "bots", "winner", "reason", "net", "events"}
MAHJONGG_COLUMNS: dict[str, frozenset[str]] = {
    # today's schema (the games table of a file of the older schema lacks match_id and hand)
    "games": frozenset(_RECORDS),
    "events": frozenset({"game_id", "seq", "type", "data"}),
    "matches": frozenset({"id", "created", "app", "code", "config", "status"}),
    "match_seats": frozenset({"match_id", "player", "name", "kind", "bot", "token_hash"}),
    "match_events": frozenset({"match_id", "hand", "seq", "data"}),
    # the older schemas, migrated when the file is opened to write
    "play_matches": frozenset({"id", "created", "settings", "hands"}),
    "play_journal": frozenset({"match_id", "seq", "data"}),
    "web_tables": frozenset({"code", "config", "status", "created"}),
    "web_seats": frozenset({"code", "player", "name", "kind", "bot", "token_hash"}),
    "web_events": frozenset({"code", "hand", "seq", "event"}),
}
"""The columns (at least) of each mahjongg table, today's and the older schemas': a table
of one of these names without its columns is another program's (a ``games`` table of some other game)."""
MAHJONGG_TABLES = frozenset(MAHJONGG_COLUMNS)
OLD_TABLES = ("play_journal", "play_matches", "web_events", "web_seats", "web_tables")

SQLITE_INTEGERS = range(-(2**63), 2**63)
"""The integers SQLite can store: an id outside them names no row (sqlite3 raises OverflowError)."""


class JournalError(MahjonggError):
    """A file that cannot be used (missing, not ours, read-only), an unknown game or match id, or an event log that is not one."""


def now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def dump(e) -> str:
    return json.dumps(e, separators=(",", ":"))


def refuse_foreign(conn: sqlite3.Connection, path: str | Path) -> None:
    """Raise :class:`JournalError` if the database open on ``conn`` (the file
    ``path``) holds a table or view that is not a mahjongg table (an index or
    trigger counts as its table's; SQLite's own ``sqlite_*`` tables aside): it
    belongs to another program, and mahjongg writes nothing into it. Call it
    before the first write.

    Only reads the schema; a file that is not SQLite raises SQLite's
    :class:`sqlite3.DatabaseError` ("file is not a database") for the caller to word."""
    names = {n for (n,) in conn.execute("SELECT DISTINCT tbl_name FROM sqlite_master")}
    foreign = sorted(n for n in names - MAHJONGG_TABLES if not n.startswith("sqlite_"))
    if not foreign:
        impostor = _impostor(conn, names)
        if impostor is None:
            return
        raise JournalError(
            f"{path} is an SQLite database of another program: its table {impostor[0]} has the columns "
            f"({', '.join(impostor[1]) or 'none'}), not mahjongg's; mahjongg will not write into it"
        )
    ours = sorted(names & MAHJONGG_TABLES)
    beside = f", beside mahjongg's ({', '.join(ours)})" if ours else ""
    raise JournalError(
        f"{path} is an SQLite database of another program (tables: {', '.join(foreign)}{beside}); "
        "mahjongg will not write into it"
    )


def _impostor(conn: sqlite3.Connection, names: set[str]) -> tuple[str, list[str]] | None:
    """The first table (or view) named as a mahjongg table that lacks its columns,
    with the columns it has; ``None`` if every such table is ours."""
    for name in sorted(names & MAHJONGG_TABLES):
        columns = [r[1] for r in conn.execute(f'PRAGMA table_info("{name}")')]
        if not MAHJONGG_COLUMNS[name] <= set(columns):
            return name, columns
    return None


def tables(conn: sqlite3.Connection) -> set[str]:
    return {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}



def seed_column(seed):
    """A hand's seed as the ``games.seed`` column holds it: a number that fits SQLite's
    64-bit INTEGER as it is, a larger one (a shared table's 128-bit secret seed) as
    hexadecimal text (``0x...``: decimal text would be stored as an inexact REAL)."""
    if isinstance(seed, int) and not -(2**63) <= seed < 2**63:
        return hex(seed)
    return seed


def seed_value(column):
    """The seed a ``games.seed`` column holds (:func:`seed_column` read back)."""
    return int(column, 16) if isinstance(column, str) else column


def insert_hand(
    conn: sqlite3.Connection, events: Sequence[dict], bots: Iterable[str], match_id: int | None = None, hand: int | None = None
) -> int:
    """Insert one finished hand's row and log (no commit); returns its id."""
    if not events or events[0].get("type") != "setup":
        raise JournalError("an event log starts with a setup event")
    setup = events[0]
    end = events[-1] if events[-1].get("type") == "end" else next((e for e in reversed(events) if e.get("type") == "end"), None)
    cur = conn.execute(
        "INSERT INTO games (created, ruleset, seed, players, bots, winner, reason, net, events, match_id, hand)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            now(),
            setup.get("ruleset", "?"),
            seed_column(setup.get("seed")),
            setup.get("players", 4),
            json.dumps(list(bots)),
            end.get("winner") if end else None,
            end.get("reason") if end else None,
            json.dumps(end.get("settlement", {}).get("net", {})) if end else "{}",
            len(events),
            match_id,
            hand,
        ),
    )
    game_id = cur.lastrowid
    conn.executemany(
        "INSERT INTO events (game_id, seq, type, data) VALUES (?, ?, ?, ?)",
        [(game_id, i, e.get("type", "?"), dump(e)) for i, e in enumerate(events)],
    )
    return game_id
