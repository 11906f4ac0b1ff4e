"""A server of many processes survives its databases (issue 42): PostgreSQL restarted
mid-play, and Redis restarted mid-play (each a throwaway server of our own, from
the installation of the shared test servers, so that restarting it disturbs no
other test), leave every table playing within 20 s, with every action any player
was told of in the journal. While PostgreSQL is away a move is answered "the
table is reconnecting" and a new table 503, in one line; once it is back the
tables go on by themselves (the bots' timers too). And a socket whose table came
to its own process is checked against its flood meter once a message, not twice."""

from __future__ import annotations

import contextlib
import json
import time

from server_helpers import (  # noqa: F401 (own_postgres, own_redis, servers: fixtures)
    Seat, away, finished, match_events, needs_postgres, needs_redis, own_postgres, own_redis, play, servers, told_is_journaled,
)

pytestmark = [needs_postgres, needs_redis]

SEED = 38
"""The servers' ``--seed`` (a testing aid): the tables' deals repeat from one run to the next."""
BACK_SECONDS = 20
"""Issue 42: once a database is back, every table plays again within this long."""
OUTAGE = 6.0
"""How long a database is away: longer than the 5 s after which the bots' timers used to stay failed."""
PAUSE, BOT_DELAY = 0.3, 0.2
"""The tables' least claim pause and the bots' delay: short, and the bots act on timers (as served)."""
REFUSED = "the table is reconnecting to its database: that was not done"
"""A move while the database is away: refused, in these words."""
AWAY = "the table is reconnecting to its database; it goes on as soon as it is back"
"""What every player is told when the owner finds its database away, unasked."""


def new_table(srv) -> tuple[str, str, str]:
    """A table made on process 0 and joined on process 1: two humans, two bots on timers."""
    status, made = srv.post(0, "/api/tables", {"name": "Ann", "hands": 1, "bot_delay": BOT_DELAY, "claim_seconds": 120,
                                               "claim_pause_seconds": PAUSE, "turn_seconds": 600, "grace_seconds": 600})
    assert status == 200, made
    status, joined = srv.post(1, f"/api/tables/{made['code']}/join", {"name": "Bob"})
    assert status == 200, joined
    return made["code"], made["token"], joined["token"]


def started_tables(srv, n: int) -> list[tuple[str, Seat, Seat]]:
    """``n`` tables, Ann's socket on process 0 (the owner's), Bob's on process 1, each hand begun."""
    tables = []
    for _ in range(n):
        code, ann_token, bob_token = new_table(srv)
        tables.append((code, Seat(srv.bases[0], code, ann_token), Seat(srv.bases[1], code, bob_token)))
    seats = [s for _, a, b in tables for s in (a, b)]
    play(seats, lambda: all(s.state is not None and s.state["seats"][1]["kind"] == "human" for s in seats), 15)
    for _, ann, _ in tables:
        ann.ws.send(json.dumps({"type": "start"}))
    return tables


@contextlib.contextmanager
def two_tables_in_play(srv):
    """Two :func:`started_tables` played until each journal holds 8 events: ``(tables,
    seats)``; every socket closed at the end, whatever happens."""
    tables = started_tables(srv, 2)
    seats = [s for _, a, b in tables for s in (a, b)]
    try:
        play(seats, lambda: all(len(match_events(srv.db, code)) >= 8 for code, _, _ in tables), 30)
        yield tables, seats
    finally:
        for s in seats:
            s.close()


def nothing_told_is_lost(srv, tables) -> None:
    """Every discard any player was shown is in the journal, in its place (the hand finished, or as far
    as it has got: one hand a table)."""
    for code, ann, bob in tables:
        done = finished(srv.db, code)
        hand = done[0] if done else match_events(srv.db, code)
        told_is_journaled(ann, hand)
        told_is_journaled(bob, hand)


def journaled(db: str, code: str) -> int:
    """How many events of table ``code`` the journal holds: its finished hands' and the one in progress."""
    return sum(len(h) for h in finished(db, code)) + len(match_events(db, code))


def goes_on_after(srv, tables, before: dict[str, int], back: float) -> None:
    """Within :data:`BACK_SECONDS` of ``back``, each table plays again: its journal grew past
    ``before`` and each player (Bob's socket on the process that does not own the table too) was
    sent a new state -- or its hand is over, every player sent the result."""
    seen = {id(s): len(s.states) for _, a, b in tables for s in (a, b)}

    def going(code, ann, bob) -> bool:
        if all(s.state and s.state.get("result") for s in (ann, bob)):
            return True
        return journaled(srv.db, code) > before[code] and all(len(s.states) > seen[id(s)] for s in (ann, bob))

    play([s for _, a, b in tables for s in (a, b)], lambda: all(going(*t) for t in tables), BACK_SECONDS)
    assert time.monotonic() - back < BACK_SECONDS


def test_postgres_restarted_mid_play_every_table_goes_on_and_nothing_told_is_lost(servers, own_postgres):
    srv = servers(2, seed=SEED, postgres=own_postgres.url)
    with two_tables_in_play(srv) as (tables, seats):
        with away(own_postgres) as outage:
            stopped = time.monotonic()
            # a new table is refused in one line (before: a 500), on the owner and on the other process alike
            for i in (0, 1):
                status, body = srv.post(i, "/api/tables", {"name": "Cy"})
                assert status == 503 and "does not answer" in body["error"] and "\n" not in body["error"], body
            # a move while the database is away is answered "reconnecting" (and not made), whichever process holds the socket
            while not all(any(REFUSED in e for e in s.errors) for s in seats) and time.monotonic() - stopped < OUTAGE:
                for s in seats:
                    s.ws.send(json.dumps({"type": "act", "kind": "pass", "v": 0}))
                    s.pump(0.1)
            assert all(any(REFUSED in e for e in s.errors) for s in seats), [s.errors for s in seats]
            assert all(AWAY in s.errors for s in seats), [s.errors for s in seats]  # and each was told, unasked
            while time.monotonic() - stopped < OUTAGE:
                for s in seats:
                    s.pump()
        before = {code: journaled(srv.db, code) for code, _, _ in tables}
        goes_on_after(srv, tables, before, outage["back"])
        assert srv.post(0, "/api/tables", {"name": "Cy"})[0] == 200  # and a table can be made again
        nothing_told_is_lost(srv, tables)


def test_redis_restarted_mid_play_every_table_goes_on_and_the_other_process_serves_again(servers, own_redis):
    srv = servers(2, seed=SEED, redis=own_redis.url)
    with two_tables_in_play(srv) as (tables, seats):
        with away(own_redis) as outage:  # back empty: no lease, no inbox listened to, no process alive
            stopped = time.monotonic()
            # looking a table up through the process that does not own it: 503 in one line while Redis is away
            status, body = srv.get(1, f"/api/tables/{tables[0][0]}")
            assert status == 503 and "try again" in body["error"], body
            while time.monotonic() - stopped < OUTAGE:
                for s in seats:
                    s.pump()
            before = {code: journaled(srv.db, code) for code, _, _ in tables}
        goes_on_after(srv, tables, before, outage["back"])
        for code, _, _ in tables:  # the other process finds each table's owner again
            status, body = srv.get(1, f"/api/tables/{code}")
            assert status == 200 and body["code"] == code, body
        nothing_told_is_lost(srv, tables)


def test_a_socket_whose_table_came_to_its_process_is_metered_once_a_message(servers):
    """Burst 10, and almost no refill: ten messages go through, whichever process the table is on. The
    table moves to Bob's process under his open socket (its owner killed); his ten syncs are all
    answered -- read twice a message, the meter let five through (issue 42)."""
    srv = servers(2, rate=0.001, burst=10)
    status, made = srv.post(0, "/api/tables", {"name": "Ann"})
    assert status == 200, made
    status, joined = srv.post(1, f"/api/tables/{made['code']}/join", {"name": "Bob"})
    assert status == 200, joined
    bob = Seat(srv.bases[1], made["code"], joined["token"])  # on process 1: the table is process 0's
    try:
        play([bob], lambda: bob.state is not None, 10)
        srv.kill(0)
        sent = len(bob.states)
        play([bob], lambda: len(bob.states) > sent, 15)  # taken over by process 1: Bob's socket is sent the lobby
        sent = len(bob.states)
        for _ in range(10):
            bob.ws.send(json.dumps({"type": "sync"}))
        play([bob], lambda: len(bob.states) >= sent + 10 or bob.errors, 10)
        assert bob.errors == [] and len(bob.states) == sent + 10
    finally:
        bob.close()
