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


def test_what_waits_for_a_write_refused_by_its_lease_token_is_never_sent():
    """The journal refuses a write of a table another process took over (its lease token) and
    says so (``on_fenced``) before the commit that counts the write as done: the server lets the
    table go (``drop``), and the view held for that write is never sent -- the client is told
    the table moved, and its socket closes."""
    async def run():
        journal = Journal()
        journal.on_fenced = None
        gate = CommitGate(asyncio.get_running_loop(), journal)
        conn, other = Conn(gate=gate), Conn(gate=gate)
        gate.fenced_listeners.append(lambda match_id, token: conn.drop(f"match {match_id} moved", 4503))
        journal.write()  # the refused write
        conn.send("tells of the refused write")
        other.send("another table's view, behind it")
        journal.on_fenced(7, 0)  # as the writer's thread calls them, in this order
        journal.on_commit(journal.submitted)
        await asyncio.sleep(0)
        assert queued(conn) == ['{"type":"error","message":"match 7 moved","closed":true}', 4503]
        assert queued(other) == ["another table's view, behind it"]
        conn.send("anything later")
        assert queued(conn) == []

    asyncio.run(run())


def test_a_socket_kicked_then_dropped_is_closed_at_once():
    """A kick held by the gate, then the table lost: the kick's message goes with what was held
    (never sent), and the socket is closed at once with the drop's code."""
    async def run():
        journal = Journal()
        gate = CommitGate(asyncio.get_running_loop(), journal)
        conn = Conn(gate=gate)
        journal.write()
        conn.kick("bye", 4404)
        conn.drop("moved", 4503)
        assert queued(conn) == [4503]
        gate.committed(journal.submitted)
        assert queued(conn) == []

    asyncio.run(run())
