"""The journal: one SQLite file (stdlib :mod:`sqlite3`) for finished hands, matches in progress and their events.

::

    with Journal("games.sqlite3") as j:
        game_id = j.save_hand(game.events, bots=["greedy"] * 4)   # committed at once
        game = j.replay(game_id)                                 # Game.replay of the stored log

Schema (version 2, ``PRAGMA user_version``; every app writes this one)::

    games(id INTEGER PRIMARY KEY, created TEXT, ruleset TEXT, seed INTEGER,
          players INTEGER, bots TEXT (JSON list, by seat), winner TEXT (seat
          letter or NULL), reason TEXT, net TEXT (JSON {seat: chips}),
          events INTEGER, match_id INTEGER (NULL: a hand of no match), hand INTEGER)
    events(game_id INTEGER, seq INTEGER, type TEXT, data TEXT (the event as JSON),
           PRIMARY KEY (game_id, seq))
    matches(id INTEGER PRIMARY KEY, created TEXT, app TEXT (play, serve),
            code TEXT UNIQUE (a web table's invite code), config TEXT (JSON),
            status TEXT (lobby, playing, finished))
    match_seats(match_id, player, name, kind (human, bot), bot, token_hash,
                PRIMARY KEY (match_id, player))
    match_events(match_id, hand, seq, data (an event, JSON),
                 PRIMARY KEY (match_id, hand, seq))

A finished hand is a row of ``games`` with its log in ``events`` (``mahjongg
replay ID``); a hand of a match also names its match and its number in it.
The hand on a match's table has its log so far in ``match_events``; when it
ends, :meth:`Journal.finish_hand` moves it into ``games`` in one transaction.
Every write is committed at once (one hand, one action), in WAL mode, so a
process killed at any moment loses nothing already finished, and readers
(``replay``) read while a run writes. A match in progress is rebuilt by the
engine's one replay function (:meth:`mahjongg.table.Game.replay`, see
:func:`mahjongg.play.session.rebuild_match`).

The setup event of each hand holds the ruleset with its options, the built
wall and the dice, so a hand replays exactly. Like Kajongg, the rules travel
with the game.

Files of the three schemas before this one (``mahjongg.records``:
``games``/``events`` without ``match_id``; ``mahjongg play``:
``play_matches``/``play_journal``; ``mahjongg serve``: ``web_tables``/
``web_seats``/``web_events``) are migrated when opened to write
(:func:`migrate`): their finished hands keep their ids, a ``play`` match its
id, a web table its code.

Which files may be written to (the rule of every app): a file is written to
only if it is new, empty, or holds nothing but mahjongg tables
(:data:`MAHJONGG_COLUMNS`, today's and the older schemas'). A file with any
other table is another program's database and is refused whole
(:func:`refuse_foreign`, :class:`JournalError` naming the file and its
tables), as are a file that is not SQLite, a folder, a file in a missing
folder and a file or folder mahjongg may not write to. Reading
(``Journal(path, create=False)``: ``replay``, finding a match to resume)
never creates a table and never migrates.
"""

from __future__ import annotations

import json
import os
import shlex
import sqlite3
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Iterable, Sequence

from ..errors import MahjonggError
from ..table import Game

__all__ = [
    "Journal",
    "JournalError",
    "GameRow",
    "SavedMatch",
    "MatchRow",
    "MAHJONGG_COLUMNS",
    "MAHJONGG_TABLES",
    "SCHEMA",
    "VERSION",
    "refuse_foreign",
    "migrate",
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
_OLD_TABLES = ("play_journal", "play_matches", "web_events", "web_seats", "web_tables")

SQLITE_INTEGERS = range(-(2**63), 2**63)
"""The integers SQLite can store: an id outside them names no row (sqlite3 raises OverflowError)."""


class JournalError(MahjonggError):
    """A file that cannot be used (missing, not ours, read-only), an unknown game or match id, or an event log that is not one."""


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def _dump(e) -> str:
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


def _tables(conn: sqlite3.Connection) -> set[str]:
    return {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}


def _read_only(path: Path) -> bool:
    """Whether ``path`` may not be written: this process lacks the right, or nobody has it
    (no write bit at all: a file made read-only on purpose, refused even to root)."""
    return not os.access(path, os.W_OK) or not path.stat().st_mode & 0o222


def _writable(path: Path) -> None:
    """Refuse, before anything is written, a file or folder that may not be written to
    (SQLite writes the file and, in WAL mode, a -wal and a -shm file beside it)."""
    if path.exists() and _read_only(path):
        raise JournalError(f"cannot write to {path}: the file is read-only")
    if _read_only(path.parent):
        raise JournalError(f"cannot write to {path}: the folder {path.parent} is read-only")


# --- migration ----------------------------------------------------------------------------


def migrate(conn: sqlite3.Connection) -> None:
    """Bring a mahjongg file of an older schema to this one, in one transaction.

    * ``games`` of ``mahjongg.records`` get the columns ``match_id`` and ``hand``.
    * ``play_matches``/``play_journal`` (``mahjongg play``): each match keeps its
      id (``play --resume ID`` goes on working), its settings become a match
      configuration (:class:`~mahjongg.play.config.MatchConfig` as data), its
      finished games are linked to it, and the hand in its journal moves to
      ``match_events``.
    * ``web_tables``/``web_seats``/``web_events`` (``mahjongg serve``): each
      table becomes a match (app ``serve``, the same invite code and settings),
      its seats move, its finished hands are linked to the game records the
      server archived (or stored there if they are missing), its hand in
      progress moves to ``match_events``.

    The older tables are then dropped. ``conn`` must be in autocommit mode
    (``isolation_level=None``) on a file :func:`refuse_foreign` accepted."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        have = _tables(conn)
        if "games" in have:
            cols = {r[1] for r in conn.execute("PRAGMA table_info(games)")}
            for c in ("match_id", "hand"):
                if c not in cols:
                    conn.execute(f"ALTER TABLE games ADD COLUMN {c} INTEGER")
        for stmt in SCHEMA.split(";"):
            if stmt.strip():
                conn.execute(stmt)
        if "play_matches" in have:
            _migrate_play(conn, "play_journal" in have)
        if "web_tables" in have:
            _migrate_web(conn, have)
        for t in _OLD_TABLES:
            if t in have:
                conn.execute(f"DROP TABLE {t}")
        conn.execute(f"PRAGMA user_version = {VERSION}")
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise


def _migrate_play(conn: sqlite3.Connection, has_journal: bool) -> None:
    rows = conn.execute("SELECT id, created, settings, hands FROM play_matches ORDER BY id").fetchall()
    for mid, created, settings, hands in rows:
        s = json.loads(settings)
        config = {
            "ruleset": s["ruleset"],
            "options": {},
            "hands": s.get("hands"),
            "rounds": s.get("rounds"),
            "players": list(s["players"]),
            "names": list(s["names"]),
            "seed": s["seed"],
        }
        conn.execute(
            "INSERT INTO matches (id, created, app, code, config, status) VALUES (?, ?, 'play', NULL, ?, 'playing')",
            (mid, created, json.dumps(config)),
        )
        ids = json.loads(hands)
        for k, gid in enumerate(ids):
            conn.execute("UPDATE games SET match_id = ?, hand = ? WHERE id = ?", (mid, k + 1, gid))
        if has_journal:
            conn.execute(
                "INSERT INTO match_events (match_id, hand, seq, data)"
                " SELECT match_id, ?, seq, data FROM play_journal WHERE match_id = ?",
                (len(ids) + 1, mid),
            )


def _migrate_web(conn: sqlite3.Connection, have: set[str]) -> None:
    tables = conn.execute("SELECT code, config, status, created FROM web_tables ORDER BY created").fetchall()
    for code, config, status, created in tables:
        when = datetime.fromtimestamp(created, timezone.utc).isoformat(timespec="seconds")
        mid = conn.execute(
            "INSERT INTO matches (created, app, code, config, status) VALUES (?, 'serve', ?, ?, ?)",
            (when, code, config, status),
        ).lastrowid
        if "web_seats" in have:
            conn.execute(
                "INSERT INTO match_seats (match_id, player, name, kind, bot, token_hash)"
                " SELECT ?, player, name, kind, bot, token_hash FROM web_seats WHERE code = ?",
                (mid, code),
            )
        if "web_events" not in have:
            continue
        hands: dict[int, list[str]] = {}
        for hand, ev in conn.execute("SELECT hand, event FROM web_events WHERE code = ? ORDER BY hand, seq", (code,)):
            hands.setdefault(hand, []).append(ev)
        kinds = [("human" if k == "human" else b) for k, b in conn.execute(
            "SELECT kind, bot FROM web_seats WHERE code = ? ORDER BY player", (code,))] if "web_seats" in have else []
        for hand, evs in sorted(hands.items()):
            events = [json.loads(e) for e in evs]
            if events[-1].get("type") == "end":
                gid = _archived(conn, events)
                if gid is None:
                    gid = _insert_hand(conn, events, _bots_by_seat(json.loads(config), kinds, hand))
                conn.execute("UPDATE games SET match_id = ?, hand = ? WHERE id = ?", (mid, hand, gid))
            else:
                conn.executemany(
                    "INSERT INTO match_events (match_id, hand, seq, data) VALUES (?, ?, ?, ?)",
                    [(mid, hand, i, e) for i, e in enumerate(evs)],
                )


def _bots_by_seat(config: dict, kinds: list[str], hand: int) -> list[str]:
    return list(kinds)  # by player: the seats of a hand of an old web table are not stored beside it


def _archived(conn: sqlite3.Connection, events: list[dict]) -> int | None:
    """The game record the server archived for this finished web hand (same log), if any."""
    setup = events[0]
    for (gid,) in conn.execute(
        "SELECT id FROM games WHERE match_id IS NULL AND seed IS ? AND events = ? ORDER BY id",
        (setup.get("seed"), len(events)),
    ).fetchall():
        stored = [json.loads(d) for (d,) in conn.execute("SELECT data FROM events WHERE game_id = ? ORDER BY seq", (gid,))]
        if stored == json.loads(json.dumps(events)):
            return gid
    return None


def _insert_hand(
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
            _now(),
            setup.get("ruleset", "?"),
            setup.get("seed"),
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
        [(game_id, i, e.get("type", "?"), _dump(e)) for i, e in enumerate(events)],
    )
    return game_id


# --- rows ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class GameRow:
    """One stored finished hand (without its events). ``match_id``/``hand``: its match and number in it, if any."""

    id: int
    created: str
    ruleset: str
    seed: int | None
    players: int
    bots: tuple[str, ...]
    winner: str | None
    reason: str | None
    net: dict[str, int]
    events: int
    match_id: int | None = None
    hand: int | None = None

    def to_dict(self) -> dict:
        return {
            "id": self.id,
            "created": self.created,
            "ruleset": self.ruleset,
            "seed": self.seed,
            "players": self.players,
            "bots": list(self.bots),
            "winner": self.winner,
            "reason": self.reason,
            "net": dict(self.net),
            "events": self.events,
            "match_id": self.match_id,
            "hand": self.hand,
        }


@dataclass(frozen=True)
class MatchRow:
    """One stored match: ``app`` (``play``, ``serve``), ``code`` (a web table's), ``config`` (the app's JSON), ``status``."""

    id: int
    created: str
    app: str
    code: str | None
    config: dict
    status: str
    hands: int = 0  # finished hands


@dataclass
class SavedMatch:
    """A match read back: its row, the finished hands' game ids and logs (in order), the hand in progress."""

    row: MatchRow
    hands: list[int] = field(default_factory=list)
    finished: list[list[dict]] = field(default_factory=list)
    current: list[dict] = field(default_factory=list)

    @property
    def match_id(self) -> int:
        return self.row.id


# --- the journal --------------------------------------------------------------------------


class Journal:
    """A mahjongg SQLite file (see the module docs).

    ``Journal(path)`` (to write) creates the file and its tables if needed,
    migrates a file of an older schema, switches it to WAL, and raises
    :class:`JournalError` for a file it must not write into (another
    program's database, not SQLite, a folder, a missing folder, a read-only
    file or folder). ``Journal(path, create=False)`` (to read) changes
    nothing: it raises :class:`JournalError` if the file does not exist or is
    not a game database (not SQLite, empty, or without the ``games`` and
    ``events`` tables); ``need_games=False`` accepts a file of matches only.
    Use as a context manager, or call :meth:`close`. ``check_same_thread``:
    ``False`` for the web server (one connection used from its event loop)."""

    def __init__(self, path: str | Path, *, create: bool = True, need_games: bool = True, check_same_thread: bool = True) -> None:
        self.path = Path(path)
        self.writing = create
        memory = str(path) == ":memory:"
        if not memory:
            if self.path.is_dir():
                raise JournalError(f"{self.path} is a folder, not a game database")
            if not create and not self.path.is_file():
                raise JournalError(f"no game database at {self.path}: the file does not exist")
            parent = self.path.parent
            if not parent.is_dir():
                raise JournalError(f"cannot make a game database at {self.path}: the folder {parent} does not exist")
            if create:
                _writable(self.path)
        try:
            # reading opens read-write all the same (and writes nothing): the last connection to close
            # a WAL file removes its -wal and -shm files, which a read-only one would leave behind
            self.conn = sqlite3.connect(str(self.path), isolation_level=None, check_same_thread=check_same_thread)
        except sqlite3.Error as exc:
            raise JournalError(f"cannot open {self.path} as a game database: {exc}") from None
        try:
            if create:
                refuse_foreign(self.conn, self.path)
                if self.conn.execute("PRAGMA user_version").fetchone()[0] != VERSION or not {"matches", "games"} <= self.tables():
                    migrate(self.conn)
                if not memory:
                    self.conn.execute("PRAGMA journal_mode=WAL")
                self.conn.execute("PRAGMA synchronous=NORMAL")
            else:
                tables = self.tables()
                missing = {"games", "events"} - tables
                if missing and need_games:
                    raise JournalError(f"{self.path} is not a game database: " + self._why_not(missing))
                impostor = _impostor(self.conn, tables)
                if impostor is not None:
                    raise JournalError(
                        f"{self.path} is not a game database: its table {impostor[0]} has the columns "
                        f"({', '.join(impostor[1]) or 'none'}), not mahjongg's"
                    )
        except sqlite3.OperationalError as exc:
            self.conn.close()
            if "readonly" in str(exc):
                raise JournalError(f"cannot write to {self.path}: the file is read-only") from None
            raise JournalError(f"{self.path} is not a game database: {exc}") from None
        except sqlite3.DatabaseError as exc:
            self.conn.close()
            raise JournalError(f"{self.path} is not a game database: {exc}") from None
        except JournalError:
            self.conn.close()
            raise

    def tables(self) -> set[str]:
        """The names of the tables in the file (reading only)."""
        return _tables(self.conn)

    def _why_not(self, missing: set[str]) -> str:
        if self.path.stat().st_size == 0:
            return "the file is empty"
        names = [t for t in ("games", "events") if t in missing]
        return f"it is an SQLite file without the {' and '.join(names)} table{'s' if len(names) > 1 else ''}"

    def __enter__(self) -> "Journal":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        self.conn.close()

    def _write(self):
        """A transaction, committed on leaving (rolled back on an error)."""
        return _Transaction(self.conn)

    # --- finished hands -------------------------------------------------------------------
    def save_hand(self, events: Sequence[dict] | Game, *, bots: Iterable[str] = (),
                  match_id: int | None = None, hand: int | None = None) -> int:
        """Store one finished hand's event log (or a :class:`Game`'s), committed at once; returns its id.

        ``bots``: who played each seat, East first (a bot name or ``"human"``)."""
        if isinstance(events, Game):
            events = events.events
        with self._write():
            return _insert_hand(self.conn, events, bots, match_id, hand)

    def _row(self, r) -> GameRow:
        return GameRow(r[0], r[1], r[2], r[3], r[4], tuple(json.loads(r[5])), r[6], r[7], json.loads(r[8] or "{}"),
                       r[9], *(r[10:12] if len(r) > 10 else ()))

    def _columns(self) -> str:
        cols = "id, created, ruleset, seed, players, bots, winner, reason, net, events"
        has = {r[1] for r in self.conn.execute("PRAGMA table_info(games)")}
        return cols + (", match_id, hand" if "match_id" in has else "")

    def game(self, game_id: int) -> GameRow:
        """The stored hand ``game_id``; raises :class:`JournalError` if there is none."""
        if game_id not in SQLITE_INTEGERS:
            raise JournalError(f"no game {game_id} in {self.path}: {self._contents()}")
        r = self.conn.execute(f"SELECT {self._columns()} FROM games WHERE id = ?", (game_id,)).fetchone()
        if r is None:
            raise JournalError(f"no game {game_id} in {self.path}: {self._contents()}")
        return self._row(r)

    def _contents(self) -> str:
        """What the file holds, for an error message: its finished hands, and any match in progress."""
        lo, hi, n = self.conn.execute("SELECT MIN(id), MAX(id), COUNT(*) FROM games").fetchone()
        if not n:
            held = "it holds no finished hand"
        elif n == 1:
            held = f"it holds 1 game (a finished hand), id {lo}"
        else:
            held = f"it holds {n} games (finished hands), ids {lo}-{hi}"
        return held + self._in_progress()

    def _in_progress(self) -> str:
        """The matches of ``mahjongg play`` with a hand in progress, and how to go on with them."""
        ids = _play_ids_in_progress(self.conn, self.tables())
        if not ids:
            return ""
        db = shlex.quote(str(self.path))
        if len(ids) == 1:
            return (
                f"; match {ids[0]} of mahjongg play has a hand in progress, not replayable until it is finished: "
                f"go on with it with mahjongg play --resume {ids[0]} --db {db}"
            )
        return (
            f"; matches {', '.join(map(str, ids))} of mahjongg play have a hand in progress, not replayable until "
            f"it is finished: go on with one with mahjongg play --resume MATCH_ID --db {db}"
        )

    def games(self, limit: int | None = None) -> list[GameRow]:
        """The stored hands, oldest first."""
        sql = f"SELECT {self._columns()} FROM games ORDER BY id"
        if limit is not None:
            sql += f" LIMIT {int(limit)}"
        return [self._row(r) for r in self.conn.execute(sql)]

    def __len__(self) -> int:
        return self.conn.execute("SELECT COUNT(*) FROM games").fetchone()[0]

    def load(self, game_id: int) -> list[dict]:
        """The event log of hand ``game_id``, in order."""
        self.game(game_id)
        return [
            json.loads(d)
            for (d,) in self.conn.execute("SELECT data FROM events WHERE game_id = ? ORDER BY seq", (game_id,))
        ]

    def replay(self, game_id: int) -> Game:
        """Hand ``game_id`` replayed from its stored log (checked event by event)."""
        return Game.replay(self.load(game_id))

    # --- matches ----------------------------------------------------------------------------
    def new_match(self, app: str, config: dict, *, code: str | None = None, status: str = "playing") -> int:
        """A new match row (committed); returns its id."""
        with self._write():
            return self.conn.execute(
                "INSERT INTO matches (created, app, code, config, status) VALUES (?, ?, ?, ?, ?)",
                (_now(), app, code, json.dumps(config), status),
            ).lastrowid

    def set_match(self, match_id: int, *, config: dict | None = None, status: str | None = None) -> None:
        with self._write():
            if config is not None:
                self.conn.execute("UPDATE matches SET config = ? WHERE id = ?", (json.dumps(config), match_id))
            if status is not None:
                self.conn.execute("UPDATE matches SET status = ? WHERE id = ?", (status, match_id))

    def match_id(self, code: str) -> int | None:
        """The match of a web table's invite code, if any."""
        r = self.conn.execute("SELECT id FROM matches WHERE code = ?", (code,)).fetchone()
        return r[0] if r else None

    def matches(self, app: str | None = None, statuses: Sequence[str] | None = None) -> list[MatchRow]:
        """The stored matches (of ``app``, with one of ``statuses``), oldest first; none in a file without them."""
        if "matches" not in self.tables():
            return []
        sql = ("SELECT m.id, m.created, m.app, m.code, m.config, m.status,"
               " (SELECT COUNT(*) FROM games g WHERE g.match_id = m.id) FROM matches m WHERE 1=1")
        args: list = []
        if app is not None:
            sql += " AND m.app = ?"
            args.append(app)
        if statuses is not None:
            sql += f" AND m.status IN ({','.join('?' * len(statuses))})"
            args.extend(statuses)
        rows = self.conn.execute(sql + " ORDER BY m.id", args).fetchall()
        return [MatchRow(i, c, a, k, json.loads(cfg), st, n) for i, c, a, k, cfg, st, n in rows]

    def put_seat(self, match_id: int, player: int, name: str, kind: str, bot: str | None, token_hash: str | None) -> None:
        with self._write():
            self.conn.execute(
                "INSERT OR REPLACE INTO match_seats (match_id, player, name, kind, bot, token_hash) VALUES (?, ?, ?, ?, ?, ?)",
                (match_id, player, name, kind, bot, token_hash),
            )

    def seats(self, match_id: int) -> list[dict]:
        rows = self.conn.execute(
            "SELECT player, name, kind, bot, token_hash FROM match_seats WHERE match_id = ? ORDER BY player", (match_id,)
        ).fetchall()
        return [dict(player=p, name=n, kind=k, bot=b, token_hash=h) for p, n, k, b, h in rows]

    def append_events(self, match_id: int, hand: int, start: int, events: Sequence[dict]) -> None:
        """Append ``events`` of hand ``hand`` in progress, numbered from ``start``, committed at once."""
        if not events:
            return
        with self._write():
            self.conn.executemany(
                "INSERT OR REPLACE INTO match_events (match_id, hand, seq, data) VALUES (?, ?, ?, ?)",
                [(match_id, hand, start + i, _dump(e)) for i, e in enumerate(events)],
            )

    def finish_hand(self, match_id: int, hand: int, events: Sequence[dict], bots: Iterable[str]) -> int:
        """Hand ``hand`` of the match is over: its log becomes a finished hand (``games``) and
        leaves ``match_events``, in one transaction; returns its game id."""
        with self._write():
            gid = _insert_hand(self.conn, events, bots, match_id, hand)
            self.conn.execute("DELETE FROM match_events WHERE match_id = ? AND hand = ?", (match_id, hand))
            return gid

    def hand_events(self, match_id: int, hand: int) -> list[dict]:
        """The log of hand ``hand`` (from 1) of the match: finished or still on the table ([] if neither)."""
        row = self.conn.execute("SELECT id FROM games WHERE match_id = ? AND hand = ?", (match_id, hand)).fetchone()
        if row is not None:
            return self.load(row[0])
        return [json.loads(d) for (d,) in self.conn.execute(
            "SELECT data FROM match_events WHERE match_id = ? AND hand = ? ORDER BY seq", (match_id, hand))]

    def load_match(self, match_id: int, app: str | None = "play") -> SavedMatch:
        """Match ``match_id`` (of ``app``) read back; raises :class:`JournalError` if there is none."""
        rows = [m for m in self.matches(app) if m.id == match_id] if match_id in SQLITE_INTEGERS else []
        if not rows:
            ids = [m.id for m in self.matches(app)]
            known = f"matches there: {', '.join(map(str, ids))}" if ids else "it holds no saved match"
            raise JournalError(f"no match {match_id} in {self.path} ({known})")
        saved = SavedMatch(rows[0])
        saved.hands = [g for (g,) in self.conn.execute("SELECT id FROM games WHERE match_id = ? ORDER BY hand, id", (match_id,))]
        saved.finished = [self.load(g) for g in saved.hands]
        saved.current = [
            json.loads(d)
            for (d,) in self.conn.execute(
                "SELECT data FROM match_events WHERE match_id = ? AND hand = "
                "(SELECT MAX(hand) FROM match_events WHERE match_id = ?) ORDER BY seq",
                (match_id, match_id),
            )
        ]
        return saved


def _play_ids_in_progress(conn: sqlite3.Connection, tables: set[str]) -> list[int]:
    """The ``mahjongg play`` matches with a hand on the table, in today's schema or the older one (reading only)."""
    ids: set[int] = set()
    if "match_events" in tables:
        ids.update(m for (m,) in conn.execute(
            "SELECT DISTINCT e.match_id FROM match_events e JOIN matches m ON m.id = e.match_id WHERE m.app = 'play'"))
    if "play_journal" in tables:
        ids.update(m for (m,) in conn.execute("SELECT DISTINCT match_id FROM play_journal"))
    return sorted(ids)


def play_match_ids(path: str | Path) -> list[int]:
    """The ids of the ``mahjongg play`` matches in a file, of today's schema or an older one; reading only
    (a file of another app, or of no match, holds none)."""
    with Journal(path, create=False) as j:
        tables = j.tables()
        ids = [m.id for m in j.matches("play")]
        if "play_matches" in tables:
            ids += [i for (i,) in j.conn.execute("SELECT id FROM play_matches")]
    return sorted(set(ids))


class _Transaction:
    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def __enter__(self) -> None:
        self.conn.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind, exc, tb) -> None:
        self.conn.execute("COMMIT" if kind is None else "ROLLBACK")
