"""The web server over Starlette's TestClient: lobby, tokens, hostile messages,
hidden information on the wire, reconnecting, and rebuilding after a restart."""

from __future__ import annotations

import json
import time

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

import warnings  # noqa: E402

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402
from starlette.websockets import WebSocketDisconnect  # noqa: E402

from mahjongg.table import Game  # noqa: E402
from mahjongg.web import create_app  # noqa: E402
from mahjongg.web.app import MAX_MESSAGE  # noqa: E402

from web_helpers import HiddenInfoCheck, SentCheck, WirePlayers, create, join  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture
def db(tmp_path):
    return tmp_path / "tables.sqlite3"


@pytest.fixture
def client(db):
    with TestClient(create_app(db, rate=1000, burst=100)) as c:
        yield c


def server(client):
    return client.app.state.server


def hello(ws, token):
    ws.send_json({"type": "hello", "token": token})
    return ws.receive_json()


def started_table(client, humans=2, **cfg):
    """A started table with ``humans`` connected seats; returns (table, {player: ws}, tokens, exit stack)."""
    from contextlib import ExitStack

    cfg.setdefault("seed", 11)
    code, host = create(client, **cfg)
    tokens = [host] + [join(client, code, f"P{i}") for i in range(1, humans)]
    stack = ExitStack()
    sockets, first = {}, {}
    for p, tok in enumerate(tokens):
        ws = stack.enter_context(client.websocket_connect(f"/ws/{code}"))
        first[p] = hello(ws, tok)
        assert first[p]["you"] == p
        sockets[p] = ws
    table = server(client).tables[code]
    players = WirePlayers(table, sockets)
    players.states.update(first)
    players.drain()
    m = players.send(0, {"type": "start"})
    assert m["type"] == "state" and m["status"] == "playing"
    players.drain()
    return table, players, tokens, stack


# --- lobby ------------------------------------------------------------------------
def test_create_join_and_the_lobby(client):
    code, token = create(client, name="Ann", hands=2, ruleset="pung-chow-limit", options={"payment_limit": 500})
    assert len(code) == 6 and code.isalnum()
    for name in ("Bob", "Cy", "Di"):
        join(client, code, name)
    r = client.post(f"/api/tables/{code}/join", json={"name": "Ed"})
    assert r.status_code == 409 and "full" in r.json()["error"]
    info = client.get(f"/api/tables/{code.lower()}").json()
    assert [s["name"] for s in info["seats"]] == ["Ann", "Bob", "Cy", "Di"]
    assert info["ruleset"] == "pung-chow-limit" and info["options"] == {"payment_limit": 500}
    assert token not in json.dumps(info) and "token" not in json.dumps(info)
    assert client.get("/api/tables/NOPE00").status_code == 404


@pytest.mark.parametrize(
    "body",
    [
        {"ruleset": "no-such-rules"},
        {"options": {"wall_stacks": 3}},
        {"options": {"payment_limit": -5}},
        {"hands": 0},
        {"rounds": 9},
        {"rounds": 1, "hands": 2},
        {"bots": ["nobody"]},
        {"claim_seconds": 1e9},
        {"seed": "x"},
    ],
)
def test_bad_settings_are_refused(client, body):
    r = client.post("/api/tables", json={"name": "Ann", **body})
    assert r.status_code == 400 and r.json()["error"]


def test_hands_and_rounds_together_are_refused_in_one_line(client):
    """A table is so many hands or so many rounds long: both at once was taken as
    rounds, hands silently dropped."""
    r = client.post("/api/tables", json={"name": "Ann", "rounds": 1, "hands": 4})
    assert r.status_code == 400
    assert r.json()["error"] == "a table plays so many hands or so many rounds, not both: send hands or rounds"


def test_unticking_east_keeps_the_deal_creates_the_table(client):
    """The lobby's checkbox sends ``draw_keeps_deal: false``: a table is made with it."""
    r = client.post("/api/tables", json={"name": "Ann", "hands": 2, "options": {"draw_keeps_deal": False}})
    assert r.status_code == 200, r.text
    assert client.get(f"/api/tables/{r.json()['code']}").json()["options"] == {"draw_keeps_deal": False}


def test_bad_requests_are_refused(client):
    assert client.post("/api/tables", content=b"{not json").status_code == 400
    assert client.post("/api/tables", content=b"[1,2]").status_code == 400
    assert client.post("/api/tables", content=b"x" * 20000).status_code == 400


def test_pages_and_static_files_are_served(client):
    assert "Create a table" in client.get("/").text
    assert "table.js" in client.get("/t/ABCDEF").text
    js = client.get("/static/table.js")
    assert js.status_code == 200 and "WebSocket" in js.text
    assert "http://" not in client.get("/static/app.css").text  # nothing fetched from elsewhere


# --- tokens ------------------------------------------------------------------------
def test_wrong_or_missing_token_is_refused(client):
    code, token = create(client)
    other, other_token = create(client, name="Zed")
    for first in ({"type": "hello", "token": "not-a-token"}, {"type": "hello"}, {"type": "hello", "token": other_token},
                  {"type": "act", "kind": "discard", "tile": "5d"}, {"type": "hello", "token": ["x"]}):
        with client.websocket_connect(f"/ws/{code}") as ws:
            ws.send_json(first)
            assert ws.receive_json()["type"] == "error"
            with pytest.raises(WebSocketDisconnect) as e:
                ws.receive_json()
            assert e.value.code == 4401
    with client.websocket_connect(f"/ws/{code}") as ws:
        ws.send_text("garbage")
        assert ws.receive_json()["type"] == "error"
    with client.websocket_connect("/ws/NOPE00") as ws:
        assert ws.receive_json()["type"] == "error"
    with client.websocket_connect(f"/ws/{code}") as ws:
        assert hello(ws, token)["you"] == 0


def test_only_the_host_starts(client):
    code, host = create(client)
    bob = join(client, code, "Bob")
    with client.websocket_connect(f"/ws/{code}") as ws:
        hello(ws, bob)
        ws.send_json({"type": "start"})
        m = ws.receive_json()
        while m["type"] != "error":
            m = ws.receive_json()
        assert "host" in m["message"]
    assert server(client).tables[code].status == "lobby"


# --- playing ---------------------------------------------------------------------------
def _consistent(table, db):
    """The table's game is what its stored event log replays to."""
    from mahjongg.play.journal import Journal

    with Journal(db, create=False) as j:
        events = j.hand_events(table.match_id, table.hand_no)
    assert events == json.loads(json.dumps(table.game.events))
    assert Game.replay(events).snapshot() == table.game.snapshot()


def test_out_of_turn_and_illegal_actions_change_nothing(client, db):
    table, players, _, stack = started_table(client, humans=2, bot_delay=0)
    with stack:
        g = table.game
        for _ in range(50):  # every human answers every discard (the claim pause): pass until a human's turn
            if any(not players.states[p]["legal"] for p in (0, 1)):
                break
            p = next(p for p in (0, 1) if any(a["kind"] == "pass" for a in players.states[p]["legal"]))
            pass_ = next(a for a in players.states[p]["legal"] if a["kind"] == "pass")
            players.send(p, {"type": "act", **pass_, "v": players.states[p]["v"]})
            players.drain()
        before, n = g.snapshot(), len(g.events)
        idle = next(p for p in (0, 1) if not players.states[p]["legal"])
        busy = 1 - idle if players.states[1 - idle]["legal"] else None
        tile = players.states[idle]["game"]["concealed"][0]
        m = players.send(idle, {"type": "act", "kind": "discard", "tile": tile})
        assert m["type"] == "error" and "not your turn" in m["message"]
        if busy is not None:
            s = players.states[busy]
            m = players.send(busy, {"type": "act", "kind": "discard", "tile": "Cat"})
            assert m["type"] == "error"
            m = players.send(busy, {"type": "act", "kind": "mahjongg", "tile": s["game"]["concealed"][0]})
            assert m["type"] == "error"
            # from a view older than the one that first offered these choices
            m = players.send(busy, {"type": "act", **s["legal"][-1], "v": table.offers[busy][1] - 1})
            assert m["type"] == "error" and "moved on" in m["message"]
        assert g.snapshot() == before and len(g.events) == n
        _consistent(table, db)


HOSTILE = [
    "{not json",
    "[]",
    "null",
    "42",
    json.dumps({"type": "nuke"}),
    json.dumps({"no": "type"}),
    json.dumps({"type": "act"}),
    json.dumps({"type": "act", "kind": "steal", "tile": "Cat"}),
    json.dumps({"type": "act", "kind": "discard", "tile": "99z"}),
    json.dumps({"type": "act", "kind": "discard", "tile": {"a": 1}}),
    json.dumps({"type": "act", "kind": ["discard"], "tile": "Cat"}),
    json.dumps({"type": "act", "kind": "chow", "tile": "Cat", "chow": 7}),
    json.dumps({"type": "act", "kind": "pass", "tile": None}),
    json.dumps({"type": "act", "kind": "discard", "tile": "Cat", "seat": "E"}),
    json.dumps({"type": "act", "kind": "discard", "tile": "Cat", "v": "x"}),
    json.dumps({"type": "start"}),
    json.dumps({"type": "ready"}),
    json.dumps({"type": "hello", "token": "x"}),
    json.dumps({"type": "act", "kind": "discard", "tile": "Cat" * 2000}),
    "x" * (MAX_MESSAGE + 1),
    json.dumps({"type": "act", "kind": "discard", "tile": "Cat", "pad": "y" * 5000}),
    "\u0000",
]


def test_hostile_messages_get_errors_and_change_nothing(db):
    with TestClient(create_app(db)) as client:
        _hostile(client, db)


def _hostile(client, db):
    table, players, _, stack = started_table(client, humans=2, bot_delay=0)
    with stack:
        g = table.game
        before, n, v = g.snapshot(), len(g.events), table.version
        for p in (0, 1):
            for text in HOSTILE:
                players.ws[p].send_text(text)
                m = players.read(p)
                assert m["type"] == "error", (text, m)
            players.ws[p].send_bytes(b"\x00\x01binary")
            assert players.read(p)["type"] == "error"
        assert g.snapshot() == before and len(g.events) == n and table.version == v
        # a flood: most are refused; none changes anything
        for _ in range(200):
            players.ws[0].send_text(json.dumps({"type": "act", "kind": "discard", "tile": "Cat"}))
        time.sleep(0.5)  # the flood meter refills
        players.ws[0].send_text(json.dumps({"type": "sync"}))
        errors = 0
        while True:
            m = players.read(0)
            if m["type"] == "state":
                break
            errors += 1
        assert any("slow down" in e for e in players.errors[0])
        assert g.snapshot() == before and len(g.events) == n
        _consistent(table, db)
        # the table plays on for everyone
        players.drain()
        assert players.step()
        assert len(g.events) > n
        _consistent(table, db)


@pytest.mark.parametrize("ruleset", ["pung-chow", "traditional-special-tiles", "hong-kong"])
def test_a_whole_game_sends_no_seat_another_seats_concealed_tiles(client, db, ruleset, monkeypatch):
    """Four wire clients play two hands; every message is checked on arrival
    against the server's game (no tile kind held only by other seats), and
    every view as it is built, across the end of hand 1 and the start of hand 2."""
    code, host = create(client, hands=2, seed=2024, ruleset=ruleset)
    tokens = [host] + [join(client, code, n) for n in ("Bob", "Cy", "Di")]
    table = server(client).tables[code]
    check = HiddenInfoCheck(table)
    sent = SentCheck(table, monkeypatch)
    from contextlib import ExitStack

    with ExitStack() as stack:
        sockets = {}
        for p, tok in enumerate(tokens):
            sockets[p] = stack.enter_context(client.websocket_connect(f"/ws/{code}"))
            sockets[p].send_json({"type": "hello", "token": tok})
        players = WirePlayers(table, sockets, check, seed=3)
        for p in sockets:
            players.read(p)
        players.drain()
        players.send(0, {"type": "start"})
        hands = 0
        while True:
            final = players.play_hand()
            hands += 1
            _consistent(table, db)
            r = final["result"]
            assert sum(r["chips"].values()) == 0
            assert r["hand_no"] == hands
            if r["match_over"]:
                break
            for p in sockets:
                players.send(p, {"type": "ready"})
        assert hands == 2 and table.status == "finished"
        totals = [s["chips"] for s in players.states[0]["seats"]]
        assert totals == table.match.totals and sum(totals) == 0
    assert check.checked > 100
    assert sent.by_hand[1] > 100 and sent.by_hand[2] > 100  # views of both hands were checked
    assert sent.results[1] >= 4 and sent.results[2] >= 4  # and the results, to every seat
    assert not any(players.errors.values())
    from mahjongg.play.journal import Journal

    with Journal(db, create=False) as store:  # finished hands are game records (mahjongg replay), in the match
        assert len(store) == 2 and [g.hand for g in store.games()] == [1, 2]
        assert store.replay(store.games()[0].id).is_over


def test_reconnecting_restores_the_seat_and_view(client):
    table, players, tokens, stack = started_table(client, humans=2, bot_delay=0)
    with stack:
        players.drain()
        view = players.states[1]
    with client.websocket_connect(f"/ws/{table.code}") as ws:
        m = hello(ws, tokens[1])
        assert m["you"] == 1
        assert m["game"]["concealed"] == view["game"]["concealed"]
        assert m["game"]["wall_count"] == view["game"]["wall_count"]
        assert m["seats"][1]["connected"]


def test_restart_loses_nothing(db):
    """Play part of a hand, stop the server, start a new one on the same
    database, reconnect with the tokens, finish the hand; the log is complete."""
    from contextlib import ExitStack

    with TestClient(create_app(db, rate=1000)) as c1:
        table, players, tokens, stack = started_table(c1, humans=2, bot_delay=0, seed=77)
        with stack:
            for _ in range(12):
                players.step()
            players.drain()
            before = {p: players.states[p] for p in (0, 1)}
            snap, n = table.game.snapshot(), len(table.game.events)
            code = table.code
    with TestClient(create_app(db, rate=1000)) as c2:
        t2 = server(c2).tables[code]
        assert t2.game.snapshot() == snap and len(t2.game.events) == n
        with ExitStack() as stack:
            sockets = {}
            for p in (0, 1):
                sockets[p] = stack.enter_context(c2.websocket_connect(f"/ws/{code}"))
                sockets[p].send_json({"type": "hello", "token": tokens[p]})
            players = WirePlayers(t2, sockets)
            players.drain()
            for p in (0, 1):
                assert players.states[p]["game"]["concealed"] == before[p]["game"]["concealed"]
                assert players.states[p]["game"]["drawn"] == before[p]["game"]["drawn"]
                plays = [(x["text"], x.get("tile")) for x in players.states[p]["log"] if "tile" in x]
                assert plays and plays == [(x["text"], x.get("tile")) for x in before[p]["log"] if "tile" in x][-len(plays):]
            final = players.play_hand()
            assert final["result"]
        from mahjongg.play.journal import Journal

        with Journal(db, create=False) as j:
            events = j.hand_events(j.match_id(code), 1)
        assert events[-1]["type"] == "end"
        replayed = Game.replay(events)
        assert replayed.is_over and replayed.result.to_dict() == t2.match.records[0].result.to_dict()


def test_a_dropped_seat_is_played_by_a_bot_and_given_back(client):
    """With no grace period, Bob's seat is played by a bot as soon as he leaves;
    Ann plays the hand to its end alone; Bob comes back to his seat."""
    table, players, tokens, stack = started_table(client, humans=2, bot_delay=0, grace_seconds=0)
    with stack:
        players.ws[1].close()
        del players.ws[1], players.states[1]
        for _ in range(200):  # the event loop runs the zero-second timer
            if table.seats[1].standin:
                break
            time.sleep(0.01)
        assert table.seats[1].standin
        time.sleep(0.1)  # the stand-in's first moves are made
        final = players.play_hand()
        assert final["result"] and final["seats"][1]["standin"]
    with client.websocket_connect(f"/ws/{table.code}") as ws:
        m = hello(ws, tokens[1])
        assert m["you"] == 1 and not m["seats"][1]["standin"] and m["result"]


def test_a_flood_that_goes_on_is_cut_off_and_the_table_plays_on(db):
    with TestClient(create_app(db)) as client:
        table, players, tokens, stack = started_table(client, humans=2, bot_delay=0)
        with stack:
            before, n = table.game.snapshot(), len(table.game.events)
            for _ in range(400):
                players.ws[1].send_text("{}")
            with pytest.raises(WebSocketDisconnect) as e:
                while True:
                    players.ws[1].receive_json()
            assert e.value.code == 4408
            assert table.game.snapshot() == before and len(table.game.events) == n
            del players.ws[1], players.states[1]
        # the flooder may come back, slower
        with client.websocket_connect(f"/ws/{table.code}") as ws:
            assert hello(ws, tokens[1])["you"] == 1
