"""The journal's SQLite schema, and which files mahjongg may write to.

The schema (version :data:`VERSION`) is described in :mod:`mahjongg.play.journal` and
defined once, in no SQL dialect, in :data:`TABLES`: the SQLite journal runs
:data:`SCHEMA` (:func:`render` with :data:`SQLITE`'s types), the PostgreSQL one
:func:`render` with :data:`POSTGRES`'s;
:data:`MAHJONGG_COLUMNS` lists every mahjongg table of it and of the older
schemas, which :func:`refuse_foreign` tells from another program's tables.
:func:`insert_hand` writes one finished hand (for the journal and the migration).
"""

from __future__ import annotations

import json
import sqlite3
from datetime import datetime, timezone
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Sequence

from ..errors import MahjonggError

__all__ = [
    "VERSION",
    "TABLES",
    "GAMES",
    "SqlTable",
    "Column",
    "SQLITE",
    "POSTGRES",
    "render",
    "added_columns",
    "SCHEMA",
    "MAHJONGG_COLUMNS",
    "MAHJONGG_TABLES",
    "OLD_TABLES",
    "SQLITE_INTEGERS",
    "JournalError",
    "refuse_foreign",
    "insert_hand",
    "seat_prefs",
]

VERSION = 4
"""The schema's version (``PRAGMA user_version``); files of the schemas before the journal have 0.
Version 3 added ``matches.lease`` (a lease token that only PostgreSQL writes; a SQLite file holds 0),
version 4 ``match_seats.prefs`` (a seat's own choices at a web table, JSON: passing at once where
it cannot claim, the hint shown): :func:`migrate <mahjongg.play.migration.migrate>` adds them to a
file of an older version."""

@dataclass(frozen=True)
class Column:
    """One column of :data:`TABLES`, in no SQL dialect.

    ``type``: ``"key"`` (the table's own id, given by the database: its primary key),
    ``"ref"`` (the id of another table's row), ``"int"`` (a count, a number, a
    seat), ``"seed"`` (a hand's seed: up to 128 bits, :func:`seed_column`) or
    ``"text"`` (words, or JSON). ``required``: NOT NULL. ``unique``: no two rows
    share a value (NULL aside). ``default``: the value of a row written without it
    (SQL literal text). ``references``: ``"table(column)"`` it points at;
    ``cascade``: its rows go with the row they point at. ``since``: the schema
    version that added the column to a table the older schemas had (:func:`migrate
    <mahjongg.play.migration.migrate>` adds it; PostgreSQL: :func:`added_columns`),
    0 for a column of every version."""

    name: str
    type: str
    required: bool = False
    unique: bool = False
    default: str | None = None
    references: str | None = None
    cascade: bool = False
    since: int = 0


@dataclass(frozen=True)
class SqlTable:
    """One table of :data:`TABLES`: its columns in order, its primary key when it has
    more than one column (a ``"key"`` column is one by itself), and its indexes
    (``(name, columns)``)."""

    name: str
    columns: tuple[Column, ...]
    key: tuple[str, ...] = ()
    indexes: tuple[tuple[str, tuple[str, ...]], ...] = ()

    @property
    def column_names(self) -> tuple[str, ...]:
        return tuple(c.name for c in self.columns)


def _c(name: str, type: str = "text", **kw) -> Column:
    return Column(name, type, **kw)


TABLES: tuple[SqlTable, ...] = (
    SqlTable("games", (
        _c("id", "key"), _c("created", required=True), _c("ruleset", required=True), _c("seed", "seed"),
        _c("players", "int", required=True), _c("bots", required=True), _c("winner"), _c("reason"), _c("net"),
        _c("events", "int", required=True), _c("match_id", "ref", since=2), _c("hand", "int", since=2),
    ), indexes=(("games_match", ("match_id", "hand")),)),
    SqlTable("events", (
        _c("game_id", "ref", required=True, references="games(id)", cascade=True), _c("seq", "int", required=True),
        _c("type", required=True), _c("data", required=True),
    ), key=("game_id", "seq")),
    SqlTable("matches", (
        _c("id", "key"), _c("created", required=True), _c("app", required=True), _c("code", unique=True),
        _c("config", required=True), _c("status", required=True),
        # the match's lease token (fencing token) in a server of many processes: one more at each
        # takeover, every write checked against it (play/journal_pg.py); a SQLite file holds 0
        _c("lease", "int", required=True, default="0", since=3),
    )),
    SqlTable("match_seats", (
        _c("match_id", "ref", required=True, references="matches(id)"), _c("player", "int", required=True),
        _c("name", required=True), _c("kind", required=True), _c("bot"), _c("token_hash"),
        # the player's own choices at the table (JSON: auto_pass, hints), kept across a restart
        _c("prefs", required=True, default="'{}'", since=4),
    ), key=("match_id", "player")),
    SqlTable("match_events", (
        _c("match_id", "ref", required=True, references="matches(id)"), _c("hand", "int", required=True),
        _c("seq", "int", required=True), _c("data", required=True),
    ), key=("match_id", "hand", "seq")),
)
"""The journal's tables (schema :data:`VERSION`), once for every database: each journal
renders them in its SQL dialect (:func:`render`; :data:`SQLITE`, :data:`POSTGRES`)."""

GAMES = TABLES[0]
"""The finished hands' table (``games``): :class:`~mahjongg.play.journal.GameRow` reads its columns in order."""

SQLITE = {"key": "INTEGER PRIMARY KEY", "ref": "INTEGER", "int": "INTEGER", "seed": "INTEGER", "text": "TEXT"}
"""The column types in SQLite (a seed beyond 64 bits is stored as text: :func:`seed_column`)."""
POSTGRES = {"key": "BIGSERIAL PRIMARY KEY", "ref": "BIGINT", "int": "INTEGER", "seed": "NUMERIC(40, 0)", "text": "TEXT"}
"""The column types in PostgreSQL (a shared table's seeds have 128 bits)."""


def column_sql(column: Column, types: dict[str, str]) -> str:
    """``column`` as SQL of the dialect whose types are ``types`` (:data:`SQLITE`, :data:`POSTGRES`)."""
    sql = f"{column.name} {types[column.type]}"
    if column.required:
        sql += " NOT NULL"
    if column.unique:
        sql += " UNIQUE"
    if column.default is not None:
        sql += f" DEFAULT {column.default}"
    if column.references:
        sql += f" REFERENCES {column.references}" + (" ON DELETE CASCADE" if column.cascade else "")
    return sql


def render(types: dict[str, str]) -> str:
    """:data:`TABLES` (and their indexes) as the SQL script of the dialect whose types are
    ``types``: statements that make what is missing (``IF NOT EXISTS``), ``;`` after each."""
    out = []
    for t in TABLES:
        lines = [column_sql(c, types) for c in t.columns]
        if t.key:
            lines.append(f"PRIMARY KEY ({', '.join(t.key)})")
        out.append(f"CREATE TABLE IF NOT EXISTS {t.name} (\n    " + ",\n    ".join(lines) + "\n);\n")
        out += [f"CREATE INDEX IF NOT EXISTS {name} ON {t.name} ({', '.join(cols)});\n" for name, cols in t.indexes]
    return "".join(out)


def added_columns(types: dict[str, str], after: int) -> str:
    """The columns of :data:`TABLES` added by a schema version after ``after``, as statements
    that add each to a table made before it if it lacks it (``ADD COLUMN IF NOT EXISTS``:
    PostgreSQL's; SQLite's files are migrated, :func:`~mahjongg.play.migration.migrate`)."""
    return "".join(f"ALTER TABLE {t.name} ADD COLUMN IF NOT EXISTS {column_sql(c, types)};\n"
                   for t in TABLES for c in t.columns if c.since > after)


SCHEMA = render(SQLITE)
"""The SQLite script of :data:`TABLES`."""

MAHJONGG_COLUMNS: dict[str, frozenset[str]] = {
    # today's schema, less the columns it added to the older schemas' tables (the games
    # table of a file of mahjongg.records lacks match_id and hand)
    **{t.name: frozenset(c.name for c in t.columns if not c.since) for t in TABLES},
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


def seat_prefs(text) -> dict:
    """A seat's ``prefs`` column read (:data:`TABLES`): its JSON object, or ``{}`` when it is not
    one (the defaults: a player's choices, nothing the game depends on)."""
    try:
        v = json.loads(text) if text else {}
    except (TypeError, ValueError):
        return {}
    return v if isinstance(v, dict) else {}


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
