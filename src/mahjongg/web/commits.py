"""Nothing is told before it is in the journal: the gate every message of the server passes.

A PostgreSQL journal opened in the background (:class:`~mahjongg.play.journal_pg.PgJournal`,
``background=True``) returns from a write at once and commits it on its writer
thread, many writes in one commit. What the server sends -- a view to a socket
(:class:`~mahjongg.web.sockets.Conn`), a message to another process
(:meth:`~mahjongg.web.cluster.Cluster.post`), the answer to a request -- goes
through :meth:`CommitGate.after`: at once if every write made so far is
committed, else held, in order, until it is (the journal's ``on_commit``,
brought to the event loop). So a player is told of an action only once it is
committed, whoever's write it waits behind, and the event loop never waits for
a commit. A journal without a writer (SQLite, or PostgreSQL written at once)
is always committed: the gate is open.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from typing import Callable

__all__ = ["CommitGate", "RECONNECTING", "AWAY"]

log = logging.getLogger("mahjongg.web")

RECONNECTING = "the table is reconnecting to its database: that was not done; do it again in a moment"
"""What a message that would change a table is answered while its journal is away (it changes
nothing); sent at once, past the gate: it tells of no write."""
AWAY = "the table is reconnecting to its database; it goes on as soon as it is back"
"""What every socket is told, at once, when the journal finds its database away (what was done
just before is done once it is back; nothing is told of it before)."""


class CommitGate:
    """The event loop's side of a journal's commits (see the module docs).

    ``journal``: anything with ``submitted`` (the number of the last write made)
    and a settable ``on_commit(n)`` (called on any thread once every write up to
    ``n`` is committed); without them the gate is always open."""

    def __init__(self, loop: asyncio.AbstractEventLoop, journal=None) -> None:
        self.loop = loop
        self.journal = journal if hasattr(journal, "on_commit") and hasattr(journal, "submitted") else None
        self.done = 0  # every write up to this number is committed (as the loop has heard)
        self.waiting: deque[tuple[int, Callable[[], None]]] = deque()
        self.listeners: list[Callable[[], None]] = []  # called on the loop after each commit
        self.away_listeners: list[Callable[[], None]] = []  # called on the loop when the journal finds its server away
        self.fenced_listeners: list[Callable[[int, int], None]] = []  # called on the loop: (match, token) of a write refused
        if self.journal is not None:
            self.journal.on_commit = lambda n: self._from_thread(self.committed, n)
            if hasattr(self.journal, "on_away"):
                self.journal.on_away = lambda: self._from_thread(self._away)
            if hasattr(self.journal, "on_fenced"):  # called before the on_commit that counts the refused write
                self.journal.on_fenced = lambda match_id, token: self._from_thread(self._fenced, match_id, token)

    def _from_thread(self, fn, *args) -> None:
        try:
            self.loop.call_soon_threadsafe(fn, *args)
        except RuntimeError:  # the loop is closed: the server stopped
            pass

    def _away(self) -> None:
        for listener in self.away_listeners:
            listener()

    def _fenced(self, match_id: int, token: int) -> None:
        """A write of match ``match_id`` under lease token ``token`` was refused: another process
        took the match over. The listeners drop what waits to tell of it (``drop`` on the table's
        sockets), before the commit that counts the refused write as done lets it go."""
        for listener in self.fenced_listeners:
            listener(match_id, token)

    @property
    def written(self) -> int:
        """The number of the last write made (0: none, or a journal without a writer)."""
        return self.journal.submitted if self.journal is not None else 0

    @property
    def held(self) -> int:
        """How many sends wait for a commit."""
        return len(self.waiting)

    def after(self, fn: Callable[[], None]) -> None:
        """``fn()`` now if every write made so far is committed, else once it is (in the order asked)."""
        n = self.written
        if n <= self.done and not self.waiting:
            fn()
        else:
            self.waiting.append((n, fn))

    def committed(self, n: int) -> None:
        """On the loop: every write up to ``n`` is committed; run what waited for them."""
        if n <= self.done:
            return
        self.done = n
        while self.waiting and self.waiting[0][0] <= n:
            fn = self.waiting.popleft()[1]
            try:
                fn()
            except Exception:  # one send that fails must not hold the others
                log.exception("a send after a commit failed")
        for listener in self.listeners:
            listener()

    async def flushed(self, timeout: float) -> bool:
        """Wait until every write made so far is committed; whether it was within ``timeout`` seconds."""
        if self.written <= self.done and not self.waiting:
            return True
        fut = self.loop.create_future()
        self.after(lambda: fut.done() or fut.set_result(True))
        try:
            return await asyncio.wait_for(fut, timeout)
        except asyncio.TimeoutError:
            return False
