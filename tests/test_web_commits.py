"""The commit gate (issue 42): what the server sends waits until every write of the journal made
before it is committed, in the order sent; with nothing left to commit it goes at once; a
journal without a writer (SQLite) never holds anything."""

from __future__ import annotations

import asyncio

from mahjongg.web.app import Conn
from mahjongg.web.commits import CommitGate


class Journal:
    """The part of a background journal the gate reads: the writes made, and who to tell of commits."""

    def __init__(self) -> None:
        self.submitted = 0
        self.on_commit = None

    def write(self) -> int:
        self.submitted += 1
        return self.submitted


def queued(conn: Conn) -> list[str]:
    out = []
    while not conn.queue.empty():
        out.append(conn.queue.get_nowait())
    return out


def test_a_send_waits_for_the_writes_made_before_it_and_keeps_its_order():
    async def run():
        journal = Journal()
        gate = CommitGate(asyncio.get_running_loop(), journal)
        conn = Conn(gate=gate)
        conn.send("before any write")  # nothing to commit: at once
        assert queued(conn) == ['before any write']
        first = journal.write()
        conn.send("tells of write 1")
        second = journal.write()
        conn.send("tells of write 2")
        conn.send("an error that tells of nothing", at_once=True)
        assert queued(conn) == ["an error that tells of nothing"] and gate.held == 2
        gate.committed(first)
        assert queued(conn) == ["tells of write 1"]
        conn.send("after write 2, before its commit")
        assert queued(conn) == []  # behind write 2's, in order
        journal.on_commit(second)  # as the writer's thread calls it: brought to the loop
        assert queued(conn) == []
        await asyncio.sleep(0)
        assert queued(conn) == ["tells of write 2", "after write 2, before its commit"]
        assert await gate.flushed(0.1)
        journal.write()
        assert not await gate.flushed(0.05)  # a commit that does not come: the answer is not sent

    asyncio.run(run())


def test_a_kick_waits_behind_the_views_before_it():
    async def run():
        journal = Journal()
        gate = CommitGate(asyncio.get_running_loop(), journal)
        conn = Conn(gate=gate)
        conn.send("view")
        journal.write()
        conn.kick("bye", 4404)
        assert conn.closed and queued(conn) == ["view"]
        gate.committed(journal.submitted)
        assert queued(conn) == ['{"type":"error","message":"bye","closed":true}', 4404]

    asyncio.run(run())


def test_a_journal_without_a_writer_holds_nothing():
    async def run():
        gate = CommitGate(asyncio.get_running_loop(), object())
        conn = Conn(gate=gate)
        conn.send("view")
        assert queued(conn) == ["view"] and gate.written == 0

    asyncio.run(run())
