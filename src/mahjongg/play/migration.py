"""Migrating a file of the older schemas (``mahjongg.records``, ``mahjongg play``'s
``tui/saving.py``, ``mahjongg serve``'s ``web/store.py``) to the journal's (:mod:`.schema`)."""

from __future__ import annotations

import json
import sqlite3
from datetime import datetime, timezone

from .schema import OLD_TABLES, SCHEMA, SQLITE, TABLES, VERSION, column_sql, insert_hand, tables

__all__ = ["migrate"]

def migrate(conn: sqlite3.Connection) -> None:
    """Bring a mahjongg file of an older schema to this one, in one transaction.

    * ``games`` of ``mahjongg.records`` get the columns ``match_id`` and ``hand``,
      ``matches`` of a file of version 2 ``lease`` (the columns of
      :data:`~mahjongg.play.schema.TABLES` with a ``since``).
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
        have = tables(conn)
        for table in TABLES:  # the columns this schema added to the older schemas' tables
            if table.name in have:
                cols = {r[1] for r in conn.execute(f"PRAGMA table_info({table.name})")}
                for c in table.columns:
                    if c.since and c.name not in cols:
                        conn.execute(f"ALTER TABLE {table.name} ADD COLUMN {column_sql(c, SQLITE)}")
        for stmt in SCHEMA.split(";"):
            if stmt.strip():
                conn.execute(stmt)
        if "play_matches" in have:
            _migrate_play(conn, "play_journal" in have)
        if "web_tables" in have:
            _migrate_web(conn, have)
        for t in OLD_TABLES:
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
    rows = conn.execute("SELECT code, config, status, created FROM web_tables ORDER BY created").fetchall()
    for code, config, status, created in rows:
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
        for hand, evs in sorted(hands.items()):
            events = [json.loads(e) for e in evs]
            if events[-1].get("type") == "end":
                gid = _archived(conn, events)
                if gid is None:
                    # not archived (the server failed to): stored now; who sat where is in its match,
                    # not in this row (an old web hand's seats were never stored beside it)
                    gid = insert_hand(conn, events, [])
                conn.execute("UPDATE games SET match_id = ?, hand = ? WHERE id = ?", (mid, hand, gid))
            else:
                conn.executemany(
                    "INSERT INTO match_events (match_id, hand, seq, data) VALUES (?, ?, ?, ?)",
                    [(mid, hand, i, e) for i, e in enumerate(evs)],
                )


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
