"""Saving a match as it goes, and resuming it.

Finished hands are game records in :class:`mahjongg.records.GameStore` (one
row per hand, replayable with ``mahjongg replay ID``). What the records do
not hold yet -- which hands make up a match, the match's settings, and the
hand in progress -- lives in two small tables beside them in the same file:

::

    play_matches(id INTEGER PRIMARY KEY, created TEXT, settings TEXT (JSON),
                 hands TEXT (JSON list of game ids, in order))
    play_journal(match_id INTEGER, seq INTEGER, data TEXT (an event, JSON),
                 PRIMARY KEY (match_id, seq))

The journal holds the event log of the hand on the table; every action is
committed as soon as it is applied, so a match killed at any moment resumes
from its last completed action (the hand is rebuilt with
:meth:`mahjongg.table.Game.replay`, which checks every event). When the hand
ends it moves into the game records and the journal is emptied.

Which files ``mahjongg play --db`` writes to is the rule of all the apps (see
:mod:`mahjongg.records`): a new or empty file, or one holding only mahjongg
tables -- the game records of ``simulate``, the web tables of ``serve``, earlier
matches. Another program's SQLite database is refused with a
:class:`~mahjongg.records.RecordError` and left as it was. Reading
(:func:`load_match`, :func:`list_matches`, i.e. ``--resume``) never creates a
table: a file of game records without these two tables simply holds no match.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

from ..records import SQLITE_INTEGERS, GameStore, RecordError
from ..table import Game
from ..table.match import HandRecord, Match

__all__ = ["MatchSettings", "MatchRecorder", "SavedMatch", "load_match", "list_matches"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS play_matches (
    id INTEGER PRIMARY KEY,
    created TEXT NOT NULL,
    settings TEXT NOT NULL,
    hands TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS play_journal (
    match_id INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (match_id, seq)
);
"""


@dataclass(frozen=True)
class MatchSettings:
    """What it takes to set the match up again: the match's own arguments and who plays.

    ``players``: one entry per player number -- a bot name, or ``None`` for the human.
    ``names``: how the table shows each player."""

    ruleset: str
    seed: int
    hands: int | None
    rounds: int | None
    players: tuple[str | None, ...]
    names: tuple[str, ...]

    def to_json(self) -> str:
        return json.dumps(
            {
                "ruleset": self.ruleset,
                "seed": self.seed,
                "hands": self.hands,
                "rounds": self.rounds,
                "players": list(self.players),
                "names": list(self.names),
            }
        )

    @staticmethod
    def from_json(text: str) -> "MatchSettings":
        d = json.loads(text)
        return MatchSettings(d["ruleset"], d["seed"], d["hands"], d["rounds"], tuple(d["players"]), tuple(d["names"]))


class MatchRecorder:
    """A :class:`~mahjongg.tui.session.Recorder` writing to a SQLite file (see the module docs)."""

    def __init__(self, store: GameStore, match_id: int, settings: MatchSettings, hands: list[int] | None = None) -> None:
        self.store = store
        self.match_id = match_id
        self.settings = settings
        self.hands: list[int] = list(hands or [])
        self._saved = 0  # events of the current hand already in the journal

    @classmethod
    def create(cls, path: str | Path, settings: MatchSettings) -> "MatchRecorder":
        store = GameStore(path)
        _ensure(store)
        cur = store.conn.execute(
            "INSERT INTO play_matches (created, settings, hands) VALUES (?, ?, ?)",
            (datetime.now(timezone.utc).isoformat(timespec="seconds"), settings.to_json(), "[]"),
        )
        store.conn.commit()
        return cls(store, cur.lastrowid, settings)

    @classmethod
    def resume(cls, path: str | Path, saved: "SavedMatch") -> "MatchRecorder":
        """Go on writing match ``saved`` (its journal already holds ``saved.current``)."""
        store = GameStore(path)
        _ensure(store)
        rec = cls(store, saved.match_id, saved.settings, saved.hands)
        rec._saved = len(saved.current)
        return rec

    def close(self) -> None:
        self.store.close()

    # --- the Recorder protocol -------------------------------------------------------
    def hand_started(self, session, game: Game) -> None:
        self.store.conn.execute("DELETE FROM play_journal WHERE match_id = ?", (self.match_id,))
        self._saved = 0
        self._append(game)

    def action_applied(self, session, game: Game) -> None:
        self._append(game)

    def hand_finished(self, session, record: HandRecord) -> None:
        game = session.game
        self._append(game)
        seats = {s: p for p, s in record.seats.items()}
        who = [self.settings.players[seats[s]] or "human" for s in sorted(seats)]
        gid = self.store.save(game.events, bots=who, commit=False)
        self.hands.append(gid)
        c = self.store.conn
        c.execute("UPDATE play_matches SET hands = ? WHERE id = ?", (json.dumps(self.hands), self.match_id))
        c.execute("DELETE FROM play_journal WHERE match_id = ?", (self.match_id,))
        c.commit()
        self._saved = 0

    def _append(self, game: Game) -> None:
        new = game.events[self._saved :]
        if not new:
            return
        self.store.conn.executemany(
            "INSERT OR REPLACE INTO play_journal (match_id, seq, data) VALUES (?, ?, ?)",
            ((self.match_id, self._saved + i, json.dumps(e, separators=(",", ":"))) for i, e in enumerate(new)),
        )
        self.store.conn.commit()
        self._saved = len(game.events)


def _ensure(store: GameStore) -> None:
    """Add the two tables (writing: ``store`` was opened to write, so the file is ours)."""
    store.conn.executescript(_SCHEMA)


def _has_matches(store: GameStore) -> bool:
    """Whether the file has the two tables (reading only): a file of ``mahjongg
    simulate`` or of the web app has none, and holds no match."""
    return {"play_matches", "play_journal"} <= store.tables()


@dataclass
class SavedMatch:
    """A match read back: its settings, the finished hands' game ids and logs, and the hand in progress."""

    match_id: int
    settings: MatchSettings
    hands: list[int]
    finished: list[list[dict]] = field(default_factory=list)
    current: list[dict] = field(default_factory=list)


def list_matches(path: str | Path) -> list[tuple[int, str, MatchSettings, int]]:
    """``(id, created, settings, hands finished)`` of every match in the file."""
    with GameStore(path, create=False) as store:
        if not _has_matches(store):
            return []
        rows = store.conn.execute("SELECT id, created, settings, hands FROM play_matches ORDER BY id").fetchall()
    return [(i, c, MatchSettings.from_json(s), len(json.loads(h))) for i, c, s, h in rows]


def load_match(path: str | Path, match_id: int) -> SavedMatch:
    """Read match ``match_id``; raises :class:`~mahjongg.records.RecordError` if there is none."""
    with GameStore(path, create=False) as store:
        has = _has_matches(store)
        query = "SELECT settings, hands FROM play_matches WHERE id = ?"
        row = store.conn.execute(query, (match_id,)).fetchone() if has and match_id in SQLITE_INTEGERS else None
        if row is None:
            ids = [r[0] for r in store.conn.execute("SELECT id FROM play_matches ORDER BY id")] if has else []
            known = f"matches there: {', '.join(map(str, ids))}" if ids else "it holds no saved match"
            raise RecordError(f"no match {match_id} in {path} ({known})")
        saved = SavedMatch(match_id, MatchSettings.from_json(row[0]), json.loads(row[1]))
        saved.finished = [store.load(g) for g in saved.hands]
        saved.current = [
            json.loads(d)
            for (d,) in store.conn.execute("SELECT data FROM play_journal WHERE match_id = ? ORDER BY seq", (match_id,))
        ]
    return saved


def rebuild_match(saved: SavedMatch, ruleset) -> Match:
    """The :class:`Match` as it stood at the last completed action: finished hands
    recorded (chips, East's rotation), the hand in progress replayed onto the table.

    The match's own seed sequence is advanced hand by hand as it was in play,
    so the hands after the resumed one are dealt as they would have been."""
    s = saved.settings
    match = Match(ruleset, seed=s.seed, players=len(s.players), hands=s.hands, rounds=s.rounds)
    for events in saved.finished:
        match.next_game()
        match.record(Game.replay(events, ruleset))
    if saved.current:
        match.next_game()
        match.game = Game.replay(saved.current, ruleset)
    return match
