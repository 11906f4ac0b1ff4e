"""Which journal a database name opens: an SQLite file (:class:`~mahjongg.play.journal.Journal`,
the default) or a PostgreSQL URL (:class:`~mahjongg.play.journal_pg.PgJournal`, for a
server of many processes). Both have one interface."""

from __future__ import annotations

from pathlib import Path

from .journal import Journal
from .journal_pg import PgJournal

__all__ = ["open_journal", "is_url"]


def is_url(db: str | Path) -> bool:
    """Whether ``db`` names a PostgreSQL database (``postgresql://...``) rather than a file."""
    return isinstance(db, str) and db.startswith(("postgresql://", "postgres://"))


def open_journal(db: str | Path, **kwargs) -> Journal | PgJournal:
    """The journal at ``db``: a :class:`Journal` on the SQLite file, or for a
    ``postgresql://`` URL a :class:`PgJournal` (same interface; needs psycopg,
    the ``server`` extra). ``kwargs`` as for :class:`Journal` (the SQLite ones
    are ignored by PostgreSQL). Raises :class:`~mahjongg.play.schema.JournalError`."""
    if is_url(db):
        return PgJournal(str(db), **kwargs)
    return Journal(db, **kwargs)
