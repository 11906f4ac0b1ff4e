"""The replay of a web table's finished hands over Starlette's TestClient, checked
against the journal: the steps tell every line ``mahjongg replay`` tells, in order;
at every step every tile of the set is accounted for (hands, melds, bonus tiles,
discards lying, the wall); the last step holds the journal's final hands and the
score sheet is the play layer's score card; a hand still on the table has no
replay and nothing of it is shown."""

from __future__ import annotations

import warnings
from collections import Counter

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402

from mahjongg.play.journal import Journal  # noqa: E402
from mahjongg.play.scorecard import result_card  # noqa: E402
from mahjongg.table import full_set  # noqa: E402
from mahjongg.table.describe import OMNISCIENT, REPLAY, describe_event  # noqa: E402
from mahjongg.tiles import Wind  # noqa: E402
from mahjongg.web import create_app  # noqa: E402

from web_helpers import WirePlayers, create, join  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def journal_lines(events: list[dict], names: dict[Wind, str]) -> list[str]:
    """The lines of ``mahjongg replay`` (cli/replay_view.render_replay) with the players' names."""
    claimed = {e["seat"] for e in events if e.get("type") == "claim" and e.get("kind") == "mahjongg"}
    out = []
    for e in events[1:]:
        if e.get("type") == "action" and e.get("kind") == "mahjongg" and e["seat"] in claimed:
            continue
        line = describe_event(e, viewer=OMNISCIENT, wording=REPLAY, names=names)
        if line is not None:
            out.append(line)
    return out


@pytest.mark.parametrize("ruleset, seed", [("pung-chow", 2024), ("traditional-special-tiles", 31)])
def test_a_finished_hand_replays_as_the_journal_has_it(tmp_path, ruleset, seed):
    db = tmp_path / "replay.sqlite3"
    with TestClient(create_app(db, rate=1000, burst=100)) as client:
        code, host = create(client, hands=2, seed=seed, ruleset=ruleset)
        bob = join(client, code, "Bob")
        table = client.app.state.server.tables[code]
        r = client.get(f"/api/tables/{code}/hands/1")
        assert r.status_code == 404  # a lobby has no hand
        with client.websocket_connect(f"/ws/{code}") as a, client.websocket_connect(f"/ws/{code}") as b:
            a.send_json({"type": "hello", "token": host})
            b.send_json({"type": "hello", "token": bob})
            players = WirePlayers(table, {0: a, 1: b}, seed=1)
            for p in (0, 1):
                players.read(p)
            players.send(0, {"type": "start"})
            players.drain()
            # hand 1 on the table: its link says so, and shows nothing of it
            r = client.get(f"/api/tables/{code}/hands/1")
            assert r.status_code == 409
            assert r.json() == {"error": "hand 1 of this table is not over yet: its replay opens when it is over"}
            h = client.get(f"/api/tables/{code}/hands").json()
            assert h["hands"] == [] and h["playing"] == 1
            players.play_hand()
        history = client.get(f"/api/tables/{code}/hands").json()
        replay = client.get(f"/api/tables/{code}/hands/1").json()
        assert client.get(f"/api/tables/{code}/hands/2").status_code == 409
        assert client.get(f"/api/tables/{code}/hands/3").status_code == 404
        assert client.get(f"/api/tables/{code}/hands/x").status_code == 404
        assert client.get("/api/tables/NOPE00/hands/1").status_code == 404
    with Journal(db, create=False) as j:
        row = j.games()[0]
        events = j.load(row.id)
        game = j.replay(row.id)
    rec = table.match.records[0]
    names = {w: table.seats[p].name for p, w in rec.seats.items()}
    assert replay["names"] == {w.letter: n for w, n in names.items()}
    assert [h["hand"] for h in history["hands"]] == [1] and history["playing"] == 2
    steps = replay["steps"]
    assert steps[0]["kind"] == "deal"
    told = [l["text"] + (" " + l["tile"] if "tile" in l else "") for s in steps for l in s["lines"]]
    assert told == journal_lines(events, names)  # every line of the journal's hand, in order
    size = len(full_set(game.ruleset))
    for k, s in enumerate(steps):  # every tile of the set is somewhere at every step
        lying = sum(len(v["concealed"]) + sum(len(m["tiles"]) for m in v["melds"]) + len(v["bonus"])
                    + sum(not d["taken"] for d in v["discards"]) for v in s["seats"].values())
        assert lying + s["wall_count"] == size, f"step {k}: {lying} + {s['wall_count']} != {size}"
    last = steps[-1]["seats"]
    for w, h in game.result.hands.items():  # the final hands: the journal's
        assert Counter(last[w.letter]["concealed"]) == Counter(str(t) for t in h.concealed)
        assert [m["tiles"] for m in last[w.letter]["melds"]] == [[str(t) for t in m.tiles] for m in h.melds]
    card = result_card(game.result, game.ruleset).to_dict()
    assert replay["result"]["card"] == card
    assert sum(replay["result"]["chips"].values()) == 0
    assert any(s["kind"] == "claim" for s in steps) == any(e.get("type") == "claim" for e in events)


def test_a_record_that_cannot_be_read_back_is_one_line(tmp_path):
    """A table stored with a bot this server no longer has: its finished hands are
    refused in one line (410), not a traceback."""
    import sqlite3

    db = tmp_path / "odd.sqlite3"
    with TestClient(create_app(db, rate=1000, burst=100)) as client:
        code, host = create(client, hands=1, seed=5)
        with client.websocket_connect(f"/ws/{code}") as ws:
            ws.send_json({"type": "hello", "token": host})
            players = WirePlayers(client.app.state.server.tables[code], {0: ws}, seed=2)
            players.read(0)
            players.send(0, {"type": "start"})
            players.play_hand()
        with sqlite3.connect(db) as conn:
            conn.execute("UPDATE match_seats SET bot = 'wizard' WHERE kind = 'bot'")
        r = client.get(f"/api/tables/{code}/hands")
        assert r.status_code == 410
        error = r.json()["error"]
        assert error.startswith("the hands of this table cannot be read back: ") and "wizard" in error and "\n" not in error
