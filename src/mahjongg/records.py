"""Game records in SQLite (stdlib :mod:`sqlite3`): one table of games, one of events.

::

    with GameStore("games.sqlite3") as db:
        game_id = db.save(game.events, bots=["greedy"] * 4)
        game = db.replay(game_id)          # Game.replay of the stored log

Schema (``games``: one row per hand; ``events``: its event log, one row per
event, in order)::

    games(id INTEGER PRIMARY KEY, created TEXT, ruleset TEXT, seed INTEGER,
          players INTEGER, bots TEXT (JSON list), winner TEXT (seat letter or
          NULL), reason TEXT, net TEXT (JSON {seat: chips}), events INTEGER)
    events(game_id INTEGER, seq INTEGER, type TEXT, data TEXT (the event as JSON),
           PRIMARY KEY (game_id, seq))

The ``setup`` event holds the ruleset with its options, the built wall and
the dice, so :meth:`GameStore.replay` rebuilds the hand exactly
(:func:`mahjongg.table.replay` checks every event it produces against the
stored ones). Like Kajongg, the rules travel with the game.

Which files a ``--db`` may be (the rule of all three apps that keep SQLite
files: ``simulate``/``replay`` here, ``play`` in :mod:`mahjongg.tui.saving`,
``serve`` in :mod:`mahjongg.web.store`): a file is written to only if it is
new, empty, or holds nothing but mahjongg tables -- any of the three apps'
(:data:`MAHJONGG_TABLES`), so the apps may share one file. A file with any
other table is another program's database and is refused whole
(:func:`refuse_foreign`, :class:`RecordError` naming the file and its
tables), as are a file that is not SQLite, a folder and a file in a missing
folder. Reading (``replay``, ``play --resume``) never creates a table.
"""

from __future__ import annotations

from mahjongg.errors import MahjonggError

import json
import shlex
import sqlite3
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Iterable, Sequence

from .table import Game

__all__ = ["GameStore", "GameRow", "RecordError", "MAHJONGG_COLUMNS", "MAHJONGG_TABLES", "refuse_foreign"]

# Every table a mahjongg app makes: the game records (here), mahjongg play's
# matches (mahjongg.tui.saving) and the web tables (mahjongg.web.store). Listed
# here, not gathered from those modules, so that a file of the web app is known
# as ours without importing the web app (tests/test_db_files.py checks the list
# against the three schemas).
MAHJONGG_COLUMNS: dict[str, frozenset[str]] = {
    "games": frozenset({"id", "created", "ruleset", "seed", "players", "bots", "winner", "reason", "net", "events"}),
    "events": frozenset({"game_id", "seq", "type", "data"}),
    "play_matches": frozenset({"id", "created", "settings", "hands"}),
    "play_journal": frozenset({"match_id", "seq", "data"}),
    "web_tables": frozenset({"code", "config", "status", "created"}),
    "web_seats": frozenset({"code", "player", "name", "kind", "bot", "token_hash"}),
    "web_events": frozenset({"code", "hand", "seq", "event"}),
}
"""The columns of each mahjongg table: a table of one of these names without
its columns is another program's (a ``games`` table of some other game)."""
MAHJONGG_TABLES = frozenset(MAHJONGG_COLUMNS)

SQLITE_INTEGERS = range(-(2**63), 2**63)
"""The integers SQLite can store: an id outside them names no row (sqlite3 raises OverflowError)."""

_SCHEMA = """
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
    events INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS events (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    type TEXT NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);
"""


class RecordError(MahjonggError):
    """A missing database, an unknown game id, or an event log that is not one."""


def refuse_foreign(conn: sqlite3.Connection, path: str | Path) -> None:
    """Raise :class:`RecordError` if the database open on ``conn`` (the file
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
        raise RecordError(
            f"{path} is an SQLite database of another program: its table {impostor[0]} has the columns "
            f"({', '.join(impostor[1]) or 'none'}), not mahjongg's; mahjongg will not write into it"
        )
    ours = sorted(names & MAHJONGG_TABLES)
    beside = f", beside mahjongg's ({', '.join(ours)})" if ours else ""
    raise RecordError(
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


@dataclass(frozen=True)
class GameRow:
    """One stored game (without its events)."""

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
        }


class GameStore:
    """A SQLite file of game records.

    ``GameStore(path)`` creates the file and its tables if needed, and raises
    :class:`RecordError` for a file it must not write into (see the module
    docs: another program's database, not SQLite, a folder, a missing folder);
    ``GameStore(path, create=False)`` (for reading) changes nothing: it raises
    :class:`RecordError` if the file does not exist, or is not a game
    database (not SQLite, empty, or without the ``games`` and ``events``
    tables). Use as a context manager, or call :meth:`close`.
    """

    def __init__(self, path: str | Path, *, create: bool = True) -> None:
        self.path = Path(path)
        if self.path.is_dir():
            raise RecordError(f"{self.path} is a folder, not a game database")
        if not create and not self.path.is_file():
            raise RecordError(f"no game database at {self.path}: the file does not exist")
        parent = self.path.parent
        if not parent.is_dir():
            raise RecordError(f"cannot make a game database at {self.path}: the folder {parent} does not exist")
        try:
            self.conn = sqlite3.connect(str(self.path))
        except sqlite3.Error as exc:
            raise RecordError(f"cannot open {self.path} as a game database: {exc}") from None
        try:
            if create:
                refuse_foreign(self.conn, self.path)
                self.conn.executescript(_SCHEMA)
            else:
                tables = self.tables()
                missing = {"games", "events"} - tables
                if missing:
                    raise RecordError(f"{self.path} is not a game database: " + self._why_not(missing))
                impostor = _impostor(self.conn, tables)
                if impostor is not None:
                    raise RecordError(
                        f"{self.path} is not a game database: its table {impostor[0]} has the columns "
                        f"({', '.join(impostor[1]) or 'none'}), not mahjongg's"
                    )
        except sqlite3.DatabaseError as exc:
            self.conn.close()
            raise RecordError(f"{self.path} is not a game database: {exc}") from None
        except RecordError:
            self.conn.close()
            raise

    def tables(self) -> set[str]:
        """The names of the tables in the file (reading only)."""
        return {r[0] for r in self.conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}

    def _why_not(self, missing: set[str]) -> str:
        if self.path.stat().st_size == 0:
            return "the file is empty"
        names = [t for t in ("games", "events") if t in missing]
        return f"it is an SQLite file without the {' and '.join(names)} table{'s' if len(names) > 1 else ''}"

    def __enter__(self) -> "GameStore":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        self.conn.close()

    # --- writing -----------------------------------------------------------------
    def save(self, events: Sequence[dict] | Game, *, bots: Iterable[str] = (), commit: bool = True) -> int:
        """Store one game's event log (or a :class:`Game`'s); returns its id."""
        if isinstance(events, Game):
            events = events.events
        events = list(events)
        if not events or events[0].get("type") != "setup":
            raise RecordError("an event log starts with a setup event")
        setup = events[0]
        end = next((e for e in reversed(events) if e.get("type") == "end"), None)
        cur = self.conn.execute(
            "INSERT INTO games (created, ruleset, seed, players, bots, winner, reason, net, events)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                datetime.now(timezone.utc).isoformat(timespec="seconds"),
                setup.get("ruleset", "?"),
                setup.get("seed"),
                setup.get("players", 4),
                json.dumps(list(bots)),
                end.get("winner") if end else None,
                end.get("reason") if end else None,
                json.dumps(end.get("settlement", {}).get("net", {})) if end else "{}",
                len(events),
            ),
        )
        game_id = cur.lastrowid
        self.conn.executemany(
            "INSERT INTO events (game_id, seq, type, data) VALUES (?, ?, ?, ?)",
            ((game_id, i, e.get("type", "?"), json.dumps(e, separators=(",", ":"))) for i, e in enumerate(events)),
        )
        if commit:
            self.conn.commit()
        return game_id

    def commit(self) -> None:
        self.conn.commit()

    # --- reading ------------------------------------------------------------------
    def _row(self, r) -> GameRow:
        return GameRow(r[0], r[1], r[2], r[3], r[4], tuple(json.loads(r[5])), r[6], r[7], json.loads(r[8] or "{}"), r[9])

    _COLUMNS = "id, created, ruleset, seed, players, bots, winner, reason, net, events"

    def game(self, game_id: int) -> GameRow:
        """The stored game ``game_id``; raises :class:`RecordError` if there is none."""
        if game_id not in SQLITE_INTEGERS:
            raise RecordError(f"no game {game_id} in {self.path}: {self._contents()}")
        r = self.conn.execute(f"SELECT {self._COLUMNS} FROM games WHERE id = ?", (game_id,)).fetchone()
        if r is None:
            raise RecordError(f"no game {game_id} in {self.path}: {self._contents()}")
        return self._row(r)

    def _contents(self) -> str:
        """What the file holds, for an error message: its finished hands, and any game in progress."""
        lo, hi, n = self.conn.execute("SELECT MIN(id), MAX(id), COUNT(*) FROM games").fetchone()
        if not n:
            held = "it holds no finished hand"
        elif n == 1:
            held = f"it holds 1 game (a finished hand), id {lo}"
        else:
            held = f"it holds {n} games (finished hands), ids {lo}-{hi}"
        return held + self._in_progress()

    def _in_progress(self) -> str:
        """The matches of ``mahjongg play`` with a hand in progress, and how to go on with them.

        ``mahjongg play`` keeps the hand on the table in its own table of the
        same file (``play_journal``, see :mod:`mahjongg.tui.saving`); the hand
        becomes a game here only when it is finished."""
        if "play_journal" not in self.tables():
            return ""
        ids = [m for (m,) in self.conn.execute("SELECT DISTINCT match_id FROM play_journal ORDER BY match_id")]
        if not ids:
            return ""
        db = shlex.quote(str(self.path))
        if len(ids) == 1:
            return (
                f"; match {ids[0]} of mahjongg play has a hand in progress, not replayable until it is finished: "
                f"go on with it with  mahjongg play --resume {ids[0]} --db {db}"
            )
        return (
            f"; matches {', '.join(map(str, ids))} of mahjongg play have a hand in progress, not replayable until "
            f"it is finished: go on with one with  mahjongg play --resume MATCH_ID --db {db}"
        )

    def games(self, limit: int | None = None) -> list[GameRow]:
        """The stored games, oldest first."""
        sql = f"SELECT {self._COLUMNS} FROM games ORDER BY id"
        if limit is not None:
            sql += f" LIMIT {int(limit)}"
        return [self._row(r) for r in self.conn.execute(sql)]

    def __len__(self) -> int:
        return self.conn.execute("SELECT COUNT(*) FROM games").fetchone()[0]

    def load(self, game_id: int) -> list[dict]:
        """The event log of game ``game_id``, in order."""
        self.game(game_id)
        return [
            json.loads(d)
            for (d,) in self.conn.execute("SELECT data FROM events WHERE game_id = ? ORDER BY seq", (game_id,))
        ]

    def replay(self, game_id: int) -> Game:
        """Game ``game_id`` replayed from its stored log (checked event by event)."""
        return Game.replay(self.load(game_id))
