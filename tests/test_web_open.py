"""The web server opened to strangers (issue 14, "Trust"): no client chooses a
table's seed, one client cannot fill the server with tables or sockets, lobby
and abandoned tables expire (a test clock), malformed bodies are one-line 400s
with nothing in the log, and a name is given once per table."""

from __future__ import annotations

import json
import logging
import warnings
from contextlib import ExitStack

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402
from starlette.websockets import WebSocketDisconnect  # noqa: E402

from mahjongg.web import create_app  # noqa: E402
from mahjongg.play.journal import Journal  # noqa: E402

from web_helpers import WirePlayers, create, join  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


class TestClock:
    """Seconds that pass only when the test says so."""

    __test__ = False

    def __init__(self, now: float = 1_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def app(tmp_path, **kw):
    kw.setdefault("rate", 1000)
    kw.setdefault("burst", 100)
    return create_app(tmp_path / "t.sqlite3", **kw)


def hello(ws, token):
    ws.send_json({"type": "hello", "token": token})
    return ws.receive_json()


# --- seeds -------------------------------------------------------------------------
@pytest.mark.parametrize("seed", [77, 0, None, "x"])
def test_a_client_sent_seed_is_refused(tmp_path, seed):
    with TestClient(app(tmp_path)) as c:
        r = c.post("/api/tables", json={"name": "Ann", "seed": seed})
        assert r.status_code == 400 and "seed" in r.json()["error"]
        assert not c.app.state.server.tables


@pytest.mark.parametrize("field", ["claim_second", "bogus", "Hands"])
def test_an_unknown_table_field_is_refused(tmp_path, field):
    # a misspelt field was silently ignored: the table was made with the default
    with TestClient(app(tmp_path)) as c:
        r = c.post("/api/tables", json={"name": "Ann", field: 5})
        assert r.status_code == 400
        assert r.json()["error"].startswith(f"no such field: {field!r} (fields of a table: name, ruleset, options,")
        assert not c.app.state.server.tables


def test_seeds_come_from_the_server_and_are_shown_only_when_the_hand_is_over(tmp_path):
    with TestClient(app(tmp_path)) as c:
        seeds = set()
        for _ in range(4):
            code, _ = create(c)
            seeds.add(c.app.state.server.tables[code].config.seed)
        assert len(seeds) == 4 and all(isinstance(s, int) and 0 <= s < 2**128 for s in seeds)
        code, host = create(c, hands=2, bots=["greedy"] * 3)
        table = c.app.state.server.tables[code]
        with c.websocket_connect(f"/ws/{code}") as ws:
            seen = [hello(ws, host)]
            players = WirePlayers(table, {0: ws}, check=lambda p, m: seen.append(m))
            players.states[0] = seen[0]
            players.send(0, {"type": "start"})
            end = players.play_hand()
            hand_seed = table.match.records[0].seed
        before = [m for m in seen if not m.get("result")]
        assert before and all(str(table.config.seed) not in json.dumps(m) for m in seen)
        assert all(str(hand_seed) not in json.dumps(m) for m in before)  # not before the hand is over
        assert end["result"]["seed"] == str(hand_seed) and "match_seed" not in end["result"]  # hand 2 still to come


def test_serve_seed_makes_the_servers_draws_repeat(tmp_path):
    drawn = []
    for run in range(2):
        with TestClient(create_app(tmp_path / f"{run}.sqlite3", seed=5)) as c:
            drawn.append([c.app.state.server.tables[create(c)[0]].config.seed for _ in range(3)])
    assert drawn[0] == drawn[1] and len(set(drawn[0])) == 3
    with pytest.raises(TypeError):
        create_app(tmp_path / "x.sqlite3", defaults={"seed": 5})


# --- creating tables -------------------------------------------------------------------
def test_a_flood_from_one_client_is_throttled_while_another_still_creates(tmp_path):
    clock = TestClock()
    a = app(tmp_path, clock=clock, limits={"create_burst": 5, "create_every": 10.0})
    with TestClient(a) as flood:
        other = TestClient(a, client=("10.0.0.2", 40000))
        codes = [flood.post("/api/tables", json={"name": "x"}) for _ in range(50)]
        assert [r.status_code for r in codes[:5]] == [200] * 5
        refused = codes[5:]
        assert all(r.status_code == 429 for r in refused)
        assert all(r.headers["retry-after"] == "10" and "try again in 10 s" in r.json()["error"] for r in refused)
        r = other.post("/api/tables", json={"name": "Bob"})
        assert r.status_code == 200, r.text
        assert len(a.state.server.tables) == 6
        clock.now += 10  # one more table's worth of time
        assert flood.post("/api/tables", json={"name": "x"}).status_code == 200
        assert flood.post("/api/tables", json={"name": "x"}).status_code == 429


def test_one_client_cannot_fill_the_server(tmp_path):
    clock = TestClock()
    a = app(tmp_path, clock=clock, limits={"create_burst": 1000, "tables_per_client": 3, "max_tables": 5})
    with TestClient(a) as flood:
        rs = [flood.post("/api/tables", json={"name": "x"}) for _ in range(6)]
        assert [r.status_code for r in rs] == [200, 200, 200, 400, 400, 400]
        assert "3 tables open already" in rs[3].json()["error"]
        others = [TestClient(a, client=(f"10.0.0.{i}", 1)).post("/api/tables", json={"name": "y"}) for i in (2, 3, 4)]
        assert [r.status_code for r in others] == [200, 200, 400]
        assert "too many tables on this server" in others[2].json()["error"]


def test_lobby_tables_that_never_start_expire(tmp_path):
    clock = TestClock()
    db = tmp_path / "t.sqlite3"
    a = create_app(db, clock=clock, limits={"lobby_seconds": 600})
    with TestClient(a) as c:
        old, host = create(c)
        clock.now += 400
        young, _ = create(c)
        clock.now += 201  # old is 601 s old, young 201 s
        with c.websocket_connect(f"/ws/{old}") as ws:  # the host still waiting in the lobby is told
            hello(ws, host)
            assert a.state.server.sweep() == [old]
            m = ws.receive_json()
            assert m["type"] == "error" and "never started" in m["message"]
            with pytest.raises(WebSocketDisconnect) as gone:
                ws.receive_json()
            assert gone.value.code == 4404
        assert c.get(f"/api/tables/{old}").status_code == 404
        assert c.post(f"/api/tables/{old}/join", json={"name": "Bob"}).status_code == 404
        assert c.get(f"/api/tables/{young}").status_code == 200
    journal = Journal(db)
    try:
        assert {row.code: row.status for row in journal.matches("serve")} == {old: "expired", young: "lobby"}
    finally:
        journal.close()
    with TestClient(create_app(db, clock=clock)) as c:  # a restart rebuilds only the live one
        assert set(c.app.state.server.tables) == {young}


def test_a_table_everyone_left_expires(tmp_path):
    clock = TestClock()
    a = app(tmp_path, clock=clock, limits={"abandoned_seconds": 900})
    with TestClient(a) as c:
        code, host = create(c, bots=["greedy"] * 3, grace_seconds=600)
        with c.websocket_connect(f"/ws/{code}") as ws:
            hello(ws, host)
            ws.send_json({"type": "start"})
            ws.receive_json()
            clock.now += 5000
            assert a.state.server.sweep() == []  # someone is at the table
        clock.now += 899
        assert a.state.server.sweep() == []
        clock.now += 2
        assert a.state.server.sweep() == [code]
        assert c.get(f"/api/tables/{code}").status_code == 404


# --- connections -------------------------------------------------------------------
def test_a_sixth_socket_on_one_seat_replaces_the_first(tmp_path):
    with TestClient(app(tmp_path)) as c, ExitStack() as stack:
        code, host = create(c)
        table = c.app.state.server.tables[code]
        socks = []
        for _ in range(5):
            ws = stack.enter_context(c.websocket_connect(f"/ws/{code}"))
            assert hello(ws, host)["you"] == 0
            socks.append(ws)
        assert len(table.seats[0].conns) == 5
        sixth = stack.enter_context(c.websocket_connect(f"/ws/{code}"))
        assert hello(sixth, host)["you"] == 0
        first = socks[0]
        while True:  # the first may have been sent the new lobby state before its goodbye
            m = first.receive_json()
            if m["type"] == "error":
                break
        assert m["closed"] is True and "another window" in m["message"]
        with pytest.raises(WebSocketDisconnect) as gone:
            first.receive_json()
        assert gone.value.code == 4409
        assert len(table.seats[0].conns) == 5
        sixth.send_json({"type": "sync"})
        assert sixth.receive_json()["you"] == 0  # the new one plays on


def test_connections_per_client_are_capped(tmp_path):
    with TestClient(app(tmp_path, limits={"client_conns": 3, "seat_conns": 5})) as c, ExitStack() as stack:
        code, host = create(c)
        open_ = [c.websocket_connect(f"/ws/{code}") for _ in range(3)]
        for ws in open_:
            stack.enter_context(ws)
            hello(ws, host)
        with c.websocket_connect(f"/ws/{code}") as ws:
            m = ws.receive_json()
            assert m["type"] == "error" and "too many connections" in m["message"]
            with pytest.raises(WebSocketDisconnect) as gone:
                ws.receive_json()
            assert gone.value.code == 4429
        open_[0].close()
        with c.websocket_connect(f"/ws/{code}") as ws:  # one left: there is room again
            assert hello(ws, host)["you"] == 0


# --- malformed bodies ----------------------------------------------------------------
BAD_BODIES = [
    b"[" * 4000 + b"]" * 4000,  # RecursionError in the parser
    b'{"a":' * 3000 + b"1" + b"}" * 3000,
    b'{"name": "Ann", "options": ' + b"[" * 3000 + b"]" * 3000 + b"}",
    b"\xff\xfe\x00garbage",  # not UTF-8
    b"{not json",
    b"null",
    b'"a string"',
    b"[1, 2]",
    b"1" * 5000,  # more digits than Python reads
    b'{"name": "' + b"x" * 9000 + b'"}',  # over the size limit
]


@pytest.mark.parametrize("body", BAD_BODIES, ids=range(len(BAD_BODIES)))
def test_a_malformed_body_is_a_400_with_one_line_and_no_traceback(tmp_path, caplog, body):
    caplog.set_level(logging.DEBUG)
    with TestClient(app(tmp_path)) as c:
        code, _ = create(c)
        for url in ("/api/tables", f"/api/tables/{code}/join", "/api/score", "/api/settle"):
            r = c.post(url, content=body, headers={"Content-Type": "application/json"})
            assert r.status_code == 400, (url, r.text)
            reason = r.json()["error"]
            assert reason and "\n" not in reason and len(reason) < 120
    assert "Traceback" not in caplog.text and not [x for x in caplog.records if x.exc_info]


def test_a_body_larger_than_the_limit_is_not_read_whole(tmp_path):
    with TestClient(app(tmp_path, limits={"max_body": 100})) as c:
        for url in ("/api/tables", "/api/score", "/api/settle"):  # the scoring API has the same limit
            r = c.post(url, content=b'{"name": "' + b"x" * 200 + b'"}')
            assert r.status_code == 400 and "at most 100 bytes" in r.json()["error"], url
        assert c.post("/api/tables", json={"name": "Ann"}).status_code == 200


# --- the scoring API (issue 18: "the same limits on body size and rate") -----------------
SCORE = {"hand": "[WhWhWh] [444b] GGG 888c 55d", "win": "8c", "by": "discard", "seat": "S"}  # README, 184
SETTLE = {"scores": "E=8,S=184,W=8,N=4", "winner": "S"}  # README's settle example


def test_a_scoring_flood_from_one_client_is_throttled_while_another_is_still_answered(tmp_path):
    # The defaults (Limits, README "Play in the browser"): a burst of 30 requests,
    # then one every 0.25 s; score and settle share the budget, tables have their own.
    clock = TestClock()
    a = app(tmp_path, clock=clock)
    with TestClient(a) as flood:
        other = TestClient(a, client=("10.0.0.2", 40000))
        answers = [flood.post("/api/score" if i % 2 else "/api/settle", json=SCORE if i % 2 else SETTLE) for i in range(45)]
        assert [r.status_code for r in answers[:30]] == [200] * 30
        assert answers[1].json()["score"] == 184
        refused = answers[30:]
        # the bucket is empty: the next request is 0.25 s away, told as a whole second
        assert all(r.status_code == 429 and r.headers["retry-after"] == "1" for r in refused)
        assert all(r.json() == {"error": "too many scoring requests from you; try again in 1 s"} for r in refused)
        r = other.post("/api/score", json=SCORE)
        assert r.status_code == 200 and r.json()["score"] == 184
        assert other.post("/api/settle", json=SETTLE).status_code == 200
        assert flood.post("/api/tables", json={"name": "x"}).status_code == 200  # its own budget
        clock.now += 0.25  # one request's worth of time
        assert flood.post("/api/score", json=SCORE).status_code == 200
        assert flood.post("/api/settle", json=SETTLE).status_code == 429
        clock.now += 1  # the Retry-After told: four more
        assert [flood.post("/api/score", json=SCORE).status_code for _ in range(5)] == [200] * 4 + [429]
        clock.now += 3600  # a long wait refills the burst, and no more
        assert [flood.post("/api/settle", json=SETTLE).status_code for _ in range(31)] == [200] * 30 + [429]


def test_the_scoring_rate_is_a_setting(tmp_path):
    clock = TestClock()
    with TestClient(app(tmp_path, clock=clock, limits={"score_burst": 2, "score_every": 10.0})) as c:
        assert [c.post("/api/score", json=SCORE).status_code for _ in range(3)] == [200, 200, 429]
        r = c.post("/api/settle", json=SETTLE)
        assert r.status_code == 429 and r.headers["retry-after"] == "10"  # 1 request at 10 s each
        clock.now += 5
        r = c.post("/api/settle", json=SETTLE)
        assert r.status_code == 429 and r.headers["retry-after"] == "5"  # half of one has come back
        clock.now += 5
        assert c.post("/api/settle", json=SETTLE).status_code == 200


# --- names ---------------------------------------------------------------------------
def test_a_name_is_given_once_per_table(tmp_path):
    with TestClient(app(tmp_path)) as c:
        code, _ = create(c, name="Ann")
        for taken in ("Ann", "ann", "  ANN "):
            r = c.post(f"/api/tables/{code}/join", json={"name": taken})
            assert r.status_code == 409 and "is called" in r.json()["error"] and "choose another name" in r.json()["error"]
        join(c, code, "Bob")
        other, _ = create(c, name="Bob")  # another table: the name is free there
        assert other != code


# --- the turn time, over the wire -----------------------------------------------------
def test_an_idle_players_turn_is_played_by_a_bot_over_the_wire(tmp_path):
    """Ann and three bots; Ann does nothing on her turn: after the turn time (5 s,
    the least a table may set) a bot discards for her, every seat is told she is
    idle, and her next action makes her seat hers again."""
    with TestClient(app(tmp_path)) as c:
        code, host = create(c, seed=11, bots=["greedy"] * 3, turn_seconds=5)
        table = c.app.state.server.tables[code]
        clock = table.schedule  # the table's timers; the turn timer (its 5 s) is run in 0.2 s of real time:
        # the test waits for what the timer does, not for the clock (the 5 s are checked in the deadline sent)
        table.schedule = lambda delay, fn: clock(0.2 if delay == 5 else delay, fn)
        with c.websocket_connect(f"/ws/{code}") as ws:
            players = WirePlayers(table, {0: ws})
            players.states[0] = hello(ws, host)
            players.send(0, {"type": "start"})
            for _ in range(200):  # pass claims until Ann has a turn
                s = players.states[0]
                kinds = {a["kind"] for a in s["legal"]}
                if "discard" in kinds:
                    break
                assert not s.get("result"), "the hand ended before Ann's turn"
                if "pass" in kinds:
                    pass_ = next(a for a in s["legal"] if a["kind"] == "pass")
                    players.send(0, {"type": "act", **pass_, "v": s["v"]})
                else:
                    players.read(0)
            turn = players.states[0]
            assert turn["deadline"] is not None and 0 < turn["deadline"] <= 5
            ann = turn["game"]["seat"]
            n = len(table.game.events)
            while not players.states[0]["seats"][0]["idle"]:  # wait for the timer
                players.read(0)
            played = [e for e in table.game.events[n:] if e.get("type") == "action"]
            assert played[0]["seat"] == ann and played[0]["kind"] == "discard"
            assert any("Ann is idle" in line["text"] for line in players.states[0]["log"])
            m = players.send(0, {"type": "back"})
            assert m["type"] == "state" and m["seats"][0]["idle"] is False
