"""A late write of a table's previous owner (issue 42), with the real PostgreSQL and Redis:
process A owns a table (its Redis lease), stalls until the lease runs out, process B
takes the lease and claims the match (its lease token one more, in the database) before
reading it to rebuild the table; a write A still had queued is then refused in its
own transaction (the token it was made under is not the match's now) -- nothing A had
committed is lost, and B's write at the same place is not written over. A write that
A's writer had under way before the claim is committed first, and B reads it.

A "process" here is a background journal (its writer thread, as the web server's) and
its Redis lease (``Cluster``), without a web server around them: what is tested is the
database's and Redis's part. A's writer is held mid-write, where a stalled process is,
by a lock a third connection takes on the match's row, so the order of A's write and B's
claim is the test's, not the machine's."""

from __future__ import annotations

import threading
import time

import psycopg
import pytest

from mahjongg.play.journal_pg import LeaseLost, PgJournal
from mahjongg.web.cluster import Cluster

from server_helpers import REDIS, fresh_postgres, fresh_redis_prefix, needs_postgres, needs_redis

pytestmark = [needs_postgres, needs_redis]

LEASE = 0.5
"""The tables' Redis lease in seconds (short: A's runs out while the test waits)."""


def event(seq: int, by: str) -> dict:
    return {"type": "setup" if seq == 0 else "action", "seq": seq, "by": by}


def waiting_for_locks(url: str) -> int:
    """How many sessions of the database wait for a lock now."""
    with psycopg.connect(url, autocommit=True) as c:
        return c.execute("SELECT COUNT(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()").fetchone()[0]


def until(cond, seconds: float = 10.0) -> None:
    end = time.monotonic() + seconds
    while not cond():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.02)


@pytest.fixture
def two_processes():
    """``(url, a, b, lease_a, lease_b, code, match_id)``: A made match ``code``, holds its lease
    (not renewed), and committed its hand 1's events 0-3; B is the other process."""
    url = fresh_postgres()
    prefix = fresh_redis_prefix()
    a, b = PgJournal(url, background=True), PgJournal(url, background=True)
    a.fencing = b.fencing = True  # as a server of many processes sets them
    lease_a = Cluster(REDIS, {}, prefix=prefix, lease_seconds=LEASE)
    lease_b = Cluster(REDIS, {}, prefix=prefix, lease_seconds=LEASE)
    code = "FENCED"
    mid = a.new_match("serve", {"x": 1}, code=code, status="playing")
    assert lease_a.acquire(code) and not lease_b.acquire(code)
    for seq in range(4):
        a.append_events(mid, 1, seq, [event(seq, "A")])
    assert a.flush()
    try:
        yield url, a, b, lease_a, lease_b, code, mid
    finally:
        a.close(), b.close()
        lease_a.redis.close(), lease_b.redis.close()


def hold_the_row(url: str, mid: int) -> psycopg.Connection:
    """A third connection's transaction holding match ``mid``'s row (roll it back to let go)."""
    x = psycopg.connect(url)
    x.execute("SELECT id FROM matches WHERE id = %s FOR UPDATE", (mid,))
    return x


def test_a_write_queued_by_the_owner_that_lost_its_lease_is_refused_and_nothing_is_lost(two_processes):
    url, a, b, lease_a, lease_b, code, mid = two_processes
    fenced = []
    a.on_fenced = fenced.append
    x = hold_the_row(url, mid)
    time.sleep(LEASE + 0.1)  # A stalls past its lease
    assert lease_b.acquire(code) and lease_b.owner(code) == lease_b.me
    claimed = []
    claim = threading.Thread(target=lambda: claimed.append(b.claim(mid)))
    claim.start()
    until(lambda: waiting_for_locks(url) == 1)  # B's claim waits for the row
    a.append_events(mid, 1, 4, [event(4, "A")])  # A, not knowing yet: its write queued after B's claim
    until(lambda: waiting_for_locks(url) == 2)
    x.rollback()
    claim.join(10)
    assert claimed == [1]  # the match's second token: 0 was A's, as it made the match
    assert a.flush() and fenced == [mid]  # A's write done with, refused; A is told which match it lost
    rebuilt = b.hand_events(mid, 1)  # what B rebuilds the table from
    assert [(e["seq"], e["by"]) for e in rebuilt] == [(0, "A"), (1, "A"), (2, "A"), (3, "A")]
    b.append_events(mid, 1, 4, [event(4, "B")])
    assert b.flush()
    a.append_events(mid, 1, 5, [event(5, "A")])  # A again, later: refused again, B's rows untouched
    assert a.flush() and fenced == [mid, mid]
    with pytest.raises(LeaseLost):  # and a write A waits for says why it was refused
        a.save_hand([event(0, "A")], match_id=mid, hand=1)
    assert [(e["seq"], e["by"]) for e in b.hand_events(mid, 1)] == [(0, "A"), (1, "A"), (2, "A"), (3, "A"), (4, "B")]
    assert b.games() == []
    x.close()


def test_a_write_under_way_before_the_claim_is_committed_and_read_by_the_new_owner(two_processes):
    url, a, b, lease_a, lease_b, code, mid = two_processes
    fenced = []
    a.on_fenced = fenced.append
    x = hold_the_row(url, mid)
    a.append_events(mid, 1, 4, [event(4, "A")])  # A's writer under way: it waits for the row first
    until(lambda: waiting_for_locks(url) == 1)
    time.sleep(LEASE + 0.1)
    assert lease_b.acquire(code)
    claim = threading.Thread(target=b.claim, args=(mid,))
    claim.start()
    until(lambda: waiting_for_locks(url) == 2)
    x.rollback()
    claim.join(10)
    assert a.flush() and fenced == []  # committed under A's token, before B's claim
    assert [(e["seq"], e["by"]) for e in b.hand_events(mid, 1)] == [(0, "A"), (1, "A"), (2, "A"), (3, "A"), (4, "A")]
    x.close()
