"""A late write of a table's previous owner (issue 42), with the real PostgreSQL and Redis:
process A owns a table (its Redis lease), stalls until the lease runs out, process B
takes the lease and claims the match (its lease token one more, in the database) before
reading it to rebuild the table; a write A still had queued is then refused in its
own transaction (the token it was made under is not the match's now) -- nothing A had
committed is lost, and B's write at the same place is not written over. A write of A's
racing the claim is either committed before it, and B reads it, or refused.

First with a "process" that is a background journal (its writer thread, as the web
server's) and its Redis lease (``Cluster``), A's writer held mid-write by a lock a third
connection takes, so that the order of A's write and B's claim is the test's; then with two real server processes, the owner stopped (SIGSTOP) past its lease
with a player's move on its way to it, and started again once the other process plays
the table: the move is refused, its player told the table moved, and the hand goes on
at the other process from the journal as it was."""

from __future__ import annotations

import json
import os
import signal
import threading
import time

import psycopg
import pytest

from mahjongg.play.journal_pg import LeaseLost, PgJournal
from mahjongg.web.cluster import Cluster

from server_helpers import (  # noqa: F401 (servers: a fixture)
    REDIS, Seat, decided, finished, fresh_postgres, fresh_redis_prefix, match_events, needs_postgres, needs_redis, play, servers,
    told_is_journaled,
)
from web_helpers import choose, until

pytestmark = [needs_postgres, needs_redis]

LEASE = 0.5
"""The tables' Redis lease in seconds (short: A's runs out while the test waits)."""


def event(seq: int, by: str) -> dict:
    return {"type": "setup" if seq == 0 else "action", "seq": seq, "by": by}


def waiting_for_locks(url: str, _conns: dict = {}) -> int:  # noqa: B006 (one connection a database, kept)
    """How many sessions of the database wait for a lock now."""
    if url not in _conns:
        _conns[url] = psycopg.connect(url, autocommit=True)
    return _conns[url].execute(
        "SELECT COUNT(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()").fetchone()[0]


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


def test_a_write_queued_by_the_owner_that_lost_its_lease_is_refused_and_nothing_is_lost(two_processes):
    url, a, b, lease_a, lease_b, code, mid = two_processes
    fenced = []
    a.on_fenced = lambda match_id, token: fenced.append(match_id)
    x = psycopg.connect(url)  # the hand's table held by a third connection: A's next write waits for it
    x.execute("LOCK TABLE match_events IN SHARE MODE")
    a.append_events(mid, 1, 4, [event(4, "A")])  # A's write, under way
    until(lambda: waiting_for_locks(url) == 1)
    time.sleep(LEASE + 0.1)  # A stalls past its lease
    assert lease_b.acquire(code) and lease_b.owner(code) == lease_b.me
    assert b.claim(mid) == 1  # the match's second token (0 was A's, as it made the match), before B reads it
    rebuilt = b.hand_events(mid, 1)  # what B rebuilds the table from
    x.rollback()  # A's write goes on, to its fence
    assert a.flush() and fenced == [mid]  # done with, refused; A is told which match it lost
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


def test_a_write_racing_the_claim_is_committed_and_read_by_the_new_owner_or_refused(two_processes):
    """A's write and B's claim wait for the same row (held by a third connection), A's first;
    let go, either may come first in the database: A's write is then either committed before
    the claim, and B reads it, or refused -- never committed behind B's back."""
    url, a, b, lease_a, lease_b, code, mid = two_processes
    fenced = []
    a.on_fenced = lambda match_id, token: fenced.append(match_id)
    x = psycopg.connect(url)
    x.execute("SELECT id FROM matches WHERE id = %s FOR UPDATE", (mid,))
    a.append_events(mid, 1, 4, [event(4, "A")])
    until(lambda: waiting_for_locks(url) == 1)
    time.sleep(LEASE + 0.1)
    assert lease_b.acquire(code)
    claimed = []
    claim = threading.Thread(target=lambda: claimed.append(b.claim(mid)))
    claim.start()
    until(lambda: waiting_for_locks(url) == 2)
    x.rollback()
    claim.join(10)
    assert claimed == [1] and a.flush()
    read = [(e["seq"], e["by"]) for e in b.hand_events(mid, 1)]  # B reads after its claim
    assert read == [(0, "A"), (1, "A"), (2, "A"), (3, "A")] + ([] if fenced else [(4, "A")])
    assert fenced in ([], [mid])
    x.close()


SEED = 38
"""The servers' ``--seed`` (a testing aid): the table's deal repeats from one run to the next."""
WEB_LEASE = 1.5
"""The server processes' lease: the owner stopped a little longer is taken for stalled."""


def lease_token(db: str, code: str) -> int:
    with psycopg.connect(db) as c:
        return c.execute("SELECT lease FROM matches WHERE code = %s", (code,)).fetchone()[0]


def answer_until_asked_to_discard(ann: Seat, others: list[Seat], seconds: float = 60) -> dict:
    """Ann's state once she is to discard: meanwhile she answers every claim (as a wire client
    does) and the ``others`` play; her discard is not sent."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        for s in others:
            s.pump()
        try:
            m = json.loads(ann.ws.recv(timeout=0.05))
        except TimeoutError:
            continue
        if m["type"] != "state":
            continue
        ann.state = m
        ann.states.append(m)
        legal = m.get("legal") or []
        if any(a["kind"] == "discard" for a in legal) and not m.get("result"):
            return m
        if legal and not m.get("result"):
            ann.ws.send(json.dumps({"type": "act", **choose(m, decided(m)), "v": m["v"]}))
    raise AssertionError("Ann was not asked to discard")


def read_until_closed(seat: Seat, seconds: float = 20) -> list[dict]:
    """Every message ``seat`` gets until its socket is closed."""
    from websockets.exceptions import ConnectionClosed

    got, end = [], time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            got.append(json.loads(seat.ws.recv(timeout=0.2)))
        except TimeoutError:
            continue
        except ConnectionClosed:
            return got
    raise AssertionError(f"the socket was not closed: {got}")


def test_a_stopped_owner_s_late_move_is_refused_and_the_hand_goes_on_at_the_other_process(servers, capfd):
    srv = servers(2, seed=SEED, lease=WEB_LEASE)
    status, made = srv.post(0, "/api/tables", {"name": "Ann", "hands": 1, "bot_delay": 0.2, "claim_seconds": 120,
                                               "claim_pause_seconds": 0.3, "turn_seconds": 600, "grace_seconds": 600})
    assert status == 200, made
    code = made["code"]
    status, joined = srv.post(1, f"/api/tables/{code}/join", {"name": "Bob"})
    assert status == 200, joined
    ann, bob = Seat(srv.bases[0], code, made["token"]), Seat(srv.bases[1], code, joined["token"])  # Ann's on the owner
    seats = [ann, bob]
    try:
        play(seats, lambda: all(s.state is not None and s.state["seats"][1]["kind"] == "human" for s in seats), 15)
        ann.ws.send(json.dumps({"type": "start"}))
        play(seats, lambda: len(match_events(srv.db, code)) >= 8, 30)
        asked = answer_until_asked_to_discard(ann, [bob])
        before = match_events(srv.db, code)
        x = psycopg.connect(srv.db)  # the hand's table held: Ann's discard is written, and waits there uncommitted
        x.execute("LOCK TABLE match_events IN SHARE MODE")
        discard = next(a for a in asked["legal"] if a["kind"] == "discard")
        ann.ws.send(json.dumps({"type": "act", **discard, "v": asked["v"]}))
        until(lambda: waiting_for_locks(srv.db) == 1)
        os.kill(srv.procs[0].pid, signal.SIGSTOP)  # and the owner stalls
        try:
            until(lambda: lease_token(srv.db, code) == 1)  # Bob's process took the table over: its claim
            x.rollback()  # the owner's write goes on in the database, to its fence: refused
            stopped = len(bob.states)  # the owner stopped sends nothing: a state now is from Bob's process
            play([bob], lambda: len(bob.states) > stopped, 15)  # which sent Bob the table as it stands
        finally:
            os.kill(srv.procs[0].pid, signal.SIGCONT)
            x.close()
        told = read_until_closed(ann)  # the owner, going on, lets the table go: Ann is told it moved
        ann.states += [m for m in told if m["type"] == "state"]
        assert any(m["type"] == "error" and "moved to another server process" in m["message"] for m in told), told
        assert all(m["type"] != "state" or m["v"] <= asked["v"] for m in told), told  # never a state telling of her discard
        log = []  # the owner's log: the journal refused its write (it may let the table go first, its lease found lost)
        until(lambda: log.append(capfd.readouterr().err) or "its writes were refused" in "".join(log))
        assert match_events(srv.db, code) == before  # not in the journal: Bob's process plays on from what was there
        again = Seat(srv.bases[0], code, made["token"])  # the page reconnects (to its process; the table is the other's)
        seats = [again, bob]
        play(seats, lambda: len(match_events(srv.db, code)) > len(before) + 4 or bool(finished(srv.db, code)), 30)
        done = finished(srv.db, code)
        now = done[0] if done else match_events(srv.db, code)
        assert now[: len(before)] == before  # what the owner committed is kept, in place; after it, Bob's process's
        for s in (ann, again, bob):  # and every discard anyone was shown, before and after, is the journal's
            told_is_journaled(s, now)
        seats.append(ann)
    finally:
        for s in seats:
            s.close()
