"""Spectators over Starlette's TestClient: the watch socket gets the public view
after every change, built without a seat -- never a concealed tile of any seat,
bots' included, until the hand is over -- may send nothing but ``sync``, counts
within the connection limits, and the seated players see how many watch."""

from __future__ import annotations

import json

import warnings
from contextlib import ExitStack

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402
from starlette.websockets import WebSocketDisconnect  # noqa: E402

from mahjongg.tiles import Tile  # noqa: E402
from mahjongg.web import create_app  # noqa: E402

from web_helpers import WirePlayers, create, join, keys_in, tiles_in  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(tmp_path / "watch.sqlite3", rate=1000, burst=100, limits={"table_watchers": 2})) as c:
        yield c


def concealed_only(g) -> set[int]:
    """The tile kinds held concealed by some seat and lying nowhere face up: what a spectator may never be sent."""
    hidden, visible = set(), set()
    for s in g.seats:
        h = g.hand(s)
        hidden.update(int(x) for x in h.concealed)
        hidden.update(int(x) for x in getattr(h, "hidden", ()))
        visible.update(int(x) for m in h.melds for x in m.tiles)
        visible.update(int(x) for x in h.bonus)
    visible.update(int(x) for _, x, _ in g.observation(g.seats[0]).discard_history)
    return hidden - visible


@pytest.mark.parametrize("ruleset", ["traditional-special-tiles", "hong-kong"])
def test_a_spectator_sees_no_concealed_tile_and_is_counted(client, monkeypatch, ruleset):
    code, host = create(client, hands=1, seed=77, ruleset=ruleset)
    bob = join(client, code, "Bob")
    srv = client.app.state.server
    table = srv.tables[code]
    with client.websocket_connect(f"/ws/{code}") as early:  # before the start: nothing to watch yet
        early.send_json({"type": "watch"})
        assert "not started" in early.receive_json()["message"]
        with pytest.raises(WebSocketDisconnect):
            early.receive_json()
    checked = {"playing": 0, "over": 0}
    real = table._view_text

    def view_text(player):  # every public view checked as it is built (the JSON sent), against the true game
        text, same_as = real(player)
        msg = json.loads(text)
        if player is None and "game" in msg:
            g = table.game
            assert "wall" not in keys_in(msg)
            assert msg["game"]["concealed"] == [] and msg["game"]["drawn"] is None and msg["game"]["hidden"] == []
            assert msg["legal"] == [] and "hint" not in msg
            for s in msg["seats"]:
                assert "concealed" not in s and "hand" not in s
            if g.is_over:
                assert msg["result"]["hand_no"] == table.hand_no  # every hand laid open, now that it is over
                checked["over"] += 1
            else:
                assert msg.get("result") is None
                leak = {int(Tile.parse(x)) for x in tiles_in(msg)} & concealed_only(g)
                assert not leak, f"a spectator was sent {[str(Tile(i)) for i in leak]}, concealed in a hand"
                checked["playing"] += 1
        return text, same_as

    monkeypatch.setattr(table, "_view_text", view_text)
    with ExitStack() as stack:
        sockets = {}
        for p, tok in enumerate((host, bob)):
            sockets[p] = stack.enter_context(client.websocket_connect(f"/ws/{code}"))
            sockets[p].send_json({"type": "hello", "token": tok})
        players = WirePlayers(table, sockets, seed=5)
        for p in sockets:
            players.read(p)
        players.send(0, {"type": "start"})
        watcher = stack.enter_context(client.websocket_connect(f"/ws/{code}"))
        watcher.send_json({"type": "watch"})
        first = watcher.receive_json()
        assert first["type"] == "state" and first["you"] is None and first["watching"] == 1
        players.drain()
        assert players.states[0]["watching"] == 1 and players.states[1]["watching"] == 1  # the seated players see it
        watcher.send_json({"type": "act", "kind": "pass"})  # a spectator cannot act
        m = watcher.receive_json()
        while m["type"] != "error":
            m = watcher.receive_json()
        assert m["message"] == "a spectator watches: only sync may be sent"
        with client.websocket_connect(f"/ws/{code}") as second, client.websocket_connect(f"/ws/{code}") as third:
            second.send_json({"type": "watch"})
            assert second.receive_json()["watching"] == 2
            third.send_json({"type": "watch"})  # the table's cap is 2
            m = third.receive_json()
            assert m["type"] == "error" and "as many spectators as it takes (2)" in m["message"]
        final = players.play_hand()
        assert final["result"]
    # seed 77: a hand of 80 events or more, a public view after each of the humans' 20-odd moves (the bots move at once)
    assert checked["playing"] >= 15 and checked["over"] >= 1
    assert table.watchers == set() and srv.client_conns == {}


def test_spectators_count_within_a_clients_connections(tmp_path):
    with TestClient(create_app(tmp_path / "w.sqlite3", rate=1000, burst=100, limits={"client_conns": 2})) as client:
        code, host = create(client, hands=1, seed=3)
        with client.websocket_connect(f"/ws/{code}") as ws:
            ws.send_json({"type": "hello", "token": host})
            ws.receive_json()
            ws.send_json({"type": "start"})
            ws.receive_json()
            with client.websocket_connect(f"/ws/{code}") as w1:
                w1.send_json({"type": "watch"})
                assert w1.receive_json()["type"] == "state"
                with client.websocket_connect(f"/ws/{code}") as w2:  # a third socket from this client
                    m = w2.receive_json()
                    assert m["type"] == "error" and "too many connections from you (at most 2)" in m["message"]
