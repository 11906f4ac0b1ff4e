"""The journal: one SQLite file (stdlib :mod:`sqlite3`) for finished hands, matches in progress and their events.

::

    with Journal("games.sqlite3") as j:
        game_id = j.save_hand(game.events, bots=["greedy"] * 4)   # committed at once
        game = j.replay(game_id)                                 # Game.replay of the stored log

Schema (version 4, ``PRAGMA user_version``; every app writes this one), defined
once for SQLite and PostgreSQL in :data:`mahjongg.play.schema.TABLES`, with an
index on ``games (match_id, hand)``::

    games(id INTEGER PRIMARY KEY, created TEXT, ruleset TEXT, seed INTEGER,
          players INTEGER, bots TEXT (JSON list, by seat), winner TEXT (seat
          letter or NULL), reason TEXT, net TEXT (JSON {seat: chips}),
          events INTEGER, match_id INTEGER (NULL: a hand of no match), hand INTEGER)
    events(game_id INTEGER, seq INTEGER, type TEXT, data TEXT (the event as JSON),
           PRIMARY KEY (game_id, seq))
    matches(id INTEGER PRIMARY KEY, created TEXT, app TEXT (play, serve),
            code TEXT UNIQUE (a web table's invite code), config TEXT (JSON),
            status TEXT (lobby, playing, finished), lease INTEGER (a server of
            many processes' lease token on PostgreSQL; 0 here, version 3))
    match_seats(match_id, player, name, kind (human, bot), bot, token_hash,
                prefs TEXT (JSON: the player's own choices at a web table --
                auto_pass, hints -- kept across a restart; version 4),
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

A match of ``mahjongg play`` is written by one process at a time: its
session holds :func:`mahjongg.play.lock.hold_match` (an OS lock on a side file
``FILE.lock-match-N``, dropped by the kernel when the process dies).

The setup event of each hand holds the ruleset with its options, the built
wall and the dice, so a hand replays exactly. Like Kajongg, the rules travel
with the game.

A file of version 2 or 3 gets ``matches.lease`` and ``match_seats.prefs`` when opened to write. Files of the
three schemas before version 2 (``mahjongg.records``:
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

A damaged file is refused, to read or to write, in one line naming it and
what SQLite finds (:func:`check_intact`, when the file is opened: whole up to
:data:`WHOLE_CHECK_PAGES` pages, beyond that every table but the hands'
logs, which are probed at both ends; damage found later, when a page is
read, is named the same way). An event log read back is held to the log's
schema (:mod:`mahjongg.table.log_schema`): a row edited or cut short is a
:class:`~mahjongg.table.ReplayError` naming the hand, the event and the field.
"""
from __future__ import annotations

import functools
import json
import os
import shlex
import sqlite3
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

from ..table import Game, ReplayError
from ..shell import command_name
from ..table.log_schema import check_log
from .migration import migrate
from .schema import (
    GAMES,
    MAHJONGG_COLUMNS,
    MAHJONGG_TABLES,
    SCHEMA,
    SQLITE_INTEGERS,
    VERSION,
    JournalError,
    _impostor,
    dump,
    insert_hand,
    seat_prefs,
    now,
    refuse_foreign,
    seed_value,
    tables,
)

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
    "play_match_ids",
    "check_intact",
    "WHOLE_CHECK_PAGES",
]


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



def _wal_without_shm_in_read_only_folder(path: Path) -> bool:
    """Whether SQLite cannot read ``path``: a file in WAL mode (its header's read version
    2) is read with a ``-shm`` file beside it, which SQLite cannot make in a read-only
    folder (it says "unable to open database file", as for a file that is no database)."""
    if Path(f"{path}-shm").exists() or not _read_only(path.parent):
        return False
    with open(path, "rb") as f:
        header = f.read(20)
    return len(header) == 20 and header.startswith(b"SQLite format 3\x00") and header[18] == 2


def _not_a_file(path: Path) -> str | None:
    """What ``path`` (which exists and is no folder) is when it is not a regular file: ``"a FIFO"``, ..."""
    mode = path.stat().st_mode
    if stat.S_ISREG(mode):
        return None
    for test, word in ((stat.S_ISFIFO, "a FIFO (a named pipe)"), (stat.S_ISCHR, "a character device"),
                       (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return word
    return "not a regular file"


# --- damaged files ------------------------------------------------------------------------

WHOLE_CHECK_PAGES = 4096
"""A file of at most this many pages (16 MiB at SQLite's 4 KiB) is checked whole when opened
(``PRAGMA quick_check``: a few hundredths of a second); a bigger one, every table whole but the
two that grow with every hand (``games``, ``events``), which are probed at both ends."""

_GROWING = {"games": ("id", "id"), "events": ("rowid", "game_id")}
"""The tables that grow with every hand, and the keys their probes read at both ends."""

_INTACT: dict[str, tuple[int, int, int, int]] = {}
"""Files this process found intact, or wrote and closed, by real path: (device, inode, size,
mtime) then. A file unchanged since is not checked again (an app may open one file often)."""


def _stat_key(path: Path) -> tuple[str, tuple[int, int, int, int]] | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return str(path.resolve()), (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)


def _is_damage(exc: sqlite3.DatabaseError) -> bool:
    """Whether SQLite's error says the file is damaged (SQLITE_CORRUPT; SQLITE_NOTADB once open)."""
    return getattr(exc, "sqlite_errorcode", 0) & 0xFF in (11, 26) or type(exc) is sqlite3.DatabaseError


def _damaged(path: Path, problems: Sequence[str]) -> JournalError:
    """The one-line refusal of a damaged file, with SQLite's first finding."""
    first = next((ln.strip() for p in problems for ln in str(p).splitlines() if ln.strip() and not ln.startswith("***")), "?")
    n = len(problems) - 1
    more = f", and {n} more problem{'s' if n > 1 else ''}" if n else ""
    return JournalError(
        f"{path} is damaged (SQLite finds: {first}{more}); mahjongg will not use it: "
        "restore a copy, or use another file"
    )


def _unreadable_tables(conn: sqlite3.Connection) -> list[str]:
    """``table NAME: SQLite's error`` for each table SQLite cannot check (its pages damaged)."""
    out = []
    try:
        names = sorted(tables(conn))
    except sqlite3.DatabaseError as exc:
        return [f"its list of tables: {exc}"]
    for name in names:
        try:
            found = [r[0] for r in conn.execute(f'PRAGMA quick_check("{name}")') if r[0] != "ok"]
        except sqlite3.DatabaseError as exc:
            found = [str(exc)]
        out += [f"table {name}: {f}" for f in found]
    return out


def check_intact(conn: sqlite3.Connection, path: Path) -> None:
    """Raise :class:`JournalError` (one line naming the file and SQLite's finding) if the
    SQLite file ``path`` open on ``conn`` is damaged: checked whole when it has at most
    :data:`WHOLE_CHECK_PAGES` pages, else every table but ``games`` and ``events``
    whole and those two at both ends of their keys (cheap on a big file; damage inside
    them is found when read, and :class:`Journal` names it the same way). A file that
    is not SQLite raises :class:`sqlite3.DatabaseError` (``file is not a database``)
    for the caller to word; a file this process found intact and that has not changed
    since is not read again."""
    key = _stat_key(path)
    if key is not None and _INTACT.get(key[0]) == key[1]:
        return
    try:
        if conn.execute("PRAGMA page_count").fetchone()[0] <= WHOLE_CHECK_PAGES:
            found = [r[0] for r in conn.execute("PRAGMA quick_check")]
        else:
            names = tables(conn)
            found = []
            for name in sorted(names - set(_GROWING)):
                found += [r[0] for r in conn.execute(f'PRAGMA quick_check("{name}")')]
            for name in sorted(names & set(_GROWING)):
                for column in _GROWING[name]:
                    for end in ("MIN", "MAX"):
                        conn.execute(f'SELECT {end}({column}) FROM "{name}"').fetchone()
    except sqlite3.DatabaseError as exc:
        if getattr(exc, "sqlite_errorcode", 0) & 0xFF != 11:  # not SQLITE_CORRUPT: not SQLite, locked, ...
            raise
        found = _unreadable_tables(conn) or [str(exc)]
    problems = [f for f in found if f != "ok"]
    if problems:
        raise _damaged(path, problems)
    if key is not None:
        _INTACT[key[0]] = key[1]


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
            kind = _not_a_file(self.path) if self.path.exists() else None
            if kind is not None:  # /dev/null, a FIFO: SQLite would fail on them in words of its own
                raise JournalError(f"{self.path} is not a game database: it is {kind}, not a file")
            if not create and not self.path.is_file():
                raise JournalError(f"no game database at {self.path}: the file does not exist")
            if not create and _wal_without_shm_in_read_only_folder(self.path):
                raise JournalError(
                    f"cannot read {self.path}: SQLite reads a file in WAL mode, as mahjongg keeps it, only with a -shm "
                    f"file beside it, and the folder {self.path.parent} is read-only: copy the file to a folder you may write to"
                )
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
            if not memory:
                check_intact(self.conn, self.path)
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
        return tables(self.conn)

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
        if self.writing:  # what this process wrote is intact: no need to check it when reopened
            key = _stat_key(self.path)
            if key is not None and key[0] in _INTACT:
                _INTACT[key[0]] = key[1]

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
            return insert_hand(self.conn, events, bots, match_id, hand)

    def _row(self, r) -> GameRow:
        try:
            bots, net = json.loads(r[5]), json.loads(r[8] or "{}")
            if not isinstance(bots, list) or not isinstance(net, dict):
                raise TypeError("not a list and an object")
        except (TypeError, ValueError):
            raise JournalError(f"game {r[0]} in {self.path} is damaged: its bots or net are not the JSON mahjongg writes") from None
        return GameRow(r[0], r[1], r[2], seed_value(r[3]), r[4], tuple(bots), r[6], r[7], net, r[9], *(r[10:12] if len(r) > 10 else ()))

    def _log(self, rows, what: str) -> list[dict]:
        """The events of ``rows`` (``(seq, data)``), decoded and held to the log's schema
        (:func:`~mahjongg.table.log_schema.check_log`); :class:`ReplayError` naming ``what``
        (``game 5``), the event and its field otherwise."""
        out = []
        for i, (seq, d) in enumerate(rows):
            try:
                out.append(json.loads(d))
            except (TypeError, ValueError) as exc:
                raise ReplayError(f"{what} in {self.path}: event {i} (seq {seq}) is not JSON: {exc}") from None
        if out:
            try:
                check_log(out)
            except ReplayError as exc:
                raise ReplayError(f"{what} in {self.path}: {exc}") from None
        return out

    def _columns(self) -> str:
        """The columns of ``games`` that :class:`GameRow` reads, of those the file has
        (a file of ``mahjongg.records``, read only, lacks ``match_id`` and ``hand``)."""
        has = {r[1] for r in self.conn.execute("PRAGMA table_info(games)")}
        return ", ".join(c for c in GAMES.column_names if c in has)

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
        cmd = command_name()
        if len(ids) == 1:
            return (
                f"; match {ids[0]} of mahjongg play has a hand in progress, not replayable until it is finished: "
                f"go on with it with {cmd} play --resume {ids[0]} --db {db}"
            )
        return (
            f"; matches {', '.join(map(str, ids))} of mahjongg play have a hand in progress, not replayable until "
            f"it is finished: go on with one with {cmd} play --resume MATCH_ID --db {db}"
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
        rows = self.conn.execute("SELECT seq, data FROM events WHERE game_id = ? ORDER BY seq", (game_id,)).fetchall()
        if not rows:
            raise ReplayError(f"game {game_id} in {self.path} has no events")
        return self._log(rows, f"game {game_id}")

    def replay(self, game_id: int) -> Game:
        """Hand ``game_id`` replayed from its stored log (checked event by event)."""
        events = self.load(game_id)
        try:
            return Game.replay(events)
        except ReplayError as exc:
            raise ReplayError(f"game {game_id} in {self.path}: {exc}") from None

    # --- matches ----------------------------------------------------------------------------
    def new_match(self, app: str, config: dict, *, code: str | None = None, status: str = "playing") -> int:
        """A new match row (committed); returns its id."""
        with self._write():
            return self.conn.execute(
                "INSERT INTO matches (created, app, code, config, status) VALUES (?, ?, ?, ?, ?)",
                (now(), app, code, json.dumps(config), status),
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
        out = []
        for i, c, a, k, cfg, st, n in rows:
            try:
                config = json.loads(cfg)
            except (TypeError, ValueError):
                raise JournalError(f"match {i} in {self.path} is damaged: its configuration is not JSON") from None
            out.append(MatchRow(i, c, a, k, config, st, n))
        return out

    def put_seat(self, match_id: int, player: int, name: str, kind: str, bot: str | None, token_hash: str | None) -> None:
        with self._write():
            self.conn.execute(
                "INSERT OR REPLACE INTO match_seats (match_id, player, name, kind, bot, token_hash) VALUES (?, ?, ?, ?, ?, ?)",
                (match_id, player, name, kind, bot, token_hash),
            )

    def put_seat_prefs(self, match_id: int, player: int, prefs: Mapping[str, Any]) -> None:
        """Keep a seated player's own choices at the table (``prefs``: JSON values by name, e.g.
        ``{"auto_pass": False, "hints": True}``), read back by :meth:`seats`."""
        with self._write():
            self.conn.execute(
                "UPDATE match_seats SET prefs = ? WHERE match_id = ? AND player = ?", (dump(dict(prefs)), match_id, player)
            )

    def seats(self, match_id: int) -> list[dict]:
        rows = self.conn.execute(
            "SELECT player, name, kind, bot, token_hash, prefs FROM match_seats WHERE match_id = ? ORDER BY player", (match_id,)
        ).fetchall()
        return [dict(player=p, name=n, kind=k, bot=b, token_hash=h, prefs=seat_prefs(f)) for p, n, k, b, h, f in rows]

    def append_events(self, match_id: int, hand: int, start: int, events: Sequence[dict]) -> None:
        """Append ``events`` of hand ``hand`` in progress, numbered from ``start``, committed at once."""
        if not events:
            return
        with self._write():
            self.conn.executemany(
                "INSERT OR REPLACE INTO match_events (match_id, hand, seq, data) VALUES (?, ?, ?, ?)",
                [(match_id, hand, start + i, dump(e)) for i, e in enumerate(events)],
            )

    def finish_hand(self, match_id: int, hand: int, events: Sequence[dict], bots: Iterable[str]) -> int:
        """Hand ``hand`` of the match is over: its log becomes a finished hand (``games``) and
        leaves ``match_events``, in one transaction; returns its game id."""
        with self._write():
            gid = insert_hand(self.conn, events, bots, match_id, hand)
            self.conn.execute("DELETE FROM match_events WHERE match_id = ? AND hand = ?", (match_id, hand))
            return gid

    def hand_events(self, match_id: int, hand: int) -> list[dict]:
        """The log of hand ``hand`` (from 1) of the match: finished or still on the table ([] if neither)."""
        row = self.conn.execute("SELECT id FROM games WHERE match_id = ? AND hand = ?", (match_id, hand)).fetchone()
        if row is not None:
            return self.load(row[0])
        return self._log(self.conn.execute(
            "SELECT seq, data FROM match_events WHERE match_id = ? AND hand = ? ORDER BY seq", (match_id, hand)).fetchall(),
            f"hand {hand} of match {match_id}")

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
        saved.current = self._log(
            self.conn.execute(
                "SELECT seq, data FROM match_events WHERE match_id = ? AND hand = "
                "(SELECT MAX(hand) FROM match_events WHERE match_id = ?) ORDER BY seq",
                (match_id, match_id),
            ).fetchall(),
            f"the hand in progress of match {match_id}",
        )
        return saved


def _named_damage(method):
    """``method`` of :class:`Journal`, SQLite's "database disk image is malformed" (damage
    found when a page is read) raised as a one-line :class:`JournalError` naming the file."""

    @functools.wraps(method)
    def checked(self, *args, **kwargs):
        try:
            return method(self, *args, **kwargs)
        except sqlite3.DatabaseError as exc:
            if not _is_damage(exc):
                raise
            _INTACT.pop(str(self.path.resolve()), None)
            raise _damaged(self.path, [str(exc)]) from None

    return checked


for _name in ("tables", "save_hand", "game", "games", "__len__", "load", "replay", "new_match", "set_match",
              "match_id", "matches", "put_seat", "put_seat_prefs", "seats", "append_events", "finish_hand", "hand_events", "load_match"):
    setattr(Journal, _name, _named_damage(getattr(Journal, _name)))


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
