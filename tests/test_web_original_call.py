"""The web table and Original Call: offered in the view, sent over the wire as an act,
shown to every seat; the declarer's hand bound from then on.

The deal: DMJL, match seed 1722 dealt from the seed (as ``serve --seed``), Ann
alone with three greedy bots. Found by trying seeds in order (the first of
0..3999 where the human's first turn offers Original Call): Ann sits South and
at her first turn holds 116b 23789c 123678d; discarding 6 bamboo leaves 11b
23c 789c 123d 678d, waiting on 1c or 4c -- any other discard leaves it two
tiles short (tests/test_original_call.py has the engine's worked hands).
"""

from __future__ import annotations

from mahjongg.table.actions import ActionKind

from test_web_table import human_to_act, table

# Original Call with the 6 Bamboo, as Ann is offered it: its button's words from the engine's
# one table of the actions in words (table.describe.ACTION_WORDS), the tile after them
OFFER = {"kind": "original-call", "tile": "6b", "label": "Original Call, discarding", "label_tiles": ["6b"]}


def _ann_at_her_first_turn():
    t, clock, conns = table(humans=1, ruleset="dmjl", seed=1722, bots=["greedy", "greedy", "greedy"])
    g = t.game
    for _ in range(50):  # the bots play; Ann passes every claim window (claims="all": she is asked each)
        p, s = human_to_act(t)
        if p is None:
            clock.run()
            continue
        if g.phase == "turn":
            break
        t.act(p, {"kind": "pass", "tile": str(g.last_discard[1]), "chow": None})
    assert p == 0 and g.phase == "turn"
    return t, clock, conns


def test_the_view_offers_original_call_and_the_act_declares_it():
    t, clock, conns = _ann_at_her_first_turn()
    view = conns[0].got[-1]
    offered = [a for a in view["legal"] if a["kind"] == "original-call"]
    assert offered == [OFFER]
    t.act(0, {"kind": "original-call", "tile": "6b", "chow": None, "v": view.get("v")})
    g = t.game
    seat = t.match.seat_of(0)
    assert {"type": "action", "kind": "original-call", "seat": seat.letter, "tile": "6b"} in g.events
    last = conns[0].got[-1]
    mine = [s for s in last["seats"] if s.get("wind") == seat.letter]
    assert mine and mine[0]["original_call"] is True
    assert all(s["original_call"] is False for s in last["seats"] if s.get("wind") != seat.letter)
    assert any("declares Original Call and discards" in (line.get("text", "") if isinstance(line, dict) else str(line)) for line in last["log"])
    # from then on Ann's turns offer the discard of the tile drawn (and Mah-Jongg) only
    for _ in range(200):
        if g.is_over:
            break
        p, s = human_to_act(t)
        if p is None:
            clock.run()
            continue
        legal = g.legal_actions(s)
        if g.phase == "turn":
            kinds = {a.kind for a in legal}
            assert kinds <= {ActionKind.DISCARD, ActionKind.MAHJONGG}
            assert len([a for a in legal if a.kind is ActionKind.DISCARD]) == 1
        assert not [a for a in legal if a.kind in (ActionKind.PUNG, ActionKind.CHOW, ActionKind.KONG)]
        pick = next((a for a in legal if a.kind is ActionKind.MAHJONGG), legal[-1])
        t.act(p, {"kind": pick.kind.value, "tile": str(pick.tile) if pick.tile is not None else None, "chow": None})
    assert g.is_over
    if g.result.winner == seat:
        assert g.result.win.original_call


def test_the_replay_page_marks_the_declarer():
    from mahjongg.web.replay import steps
    from test_original_call import _declared

    g = _declared(["E", "W", "Wh", "2b"])
    st = steps(g.events, {"E": "Ann"})
    i = next(i for i, s in enumerate(st) if any("Original Call" in x["text"] for x in s["lines"]))
    line = next(x for x in st[i]["lines"] if "Original Call" in x["text"])
    assert line == {"text": "Ann declares Original Call and discards", "tile": "N"}
    assert st[i]["seats"]["E"]["original_call"] is True and not st[i - 1]["seats"]["E"]["original_call"]
    assert not any(st[i]["seats"][w]["original_call"] for w in "SWN")


def test_original_call_over_the_websocket(tmp_path):
    # the same deal through the server: Ann's views come over her socket, she passes each
    # claim window, declares with the act the view offers, and the next view marks her seat
    import pytest

    pytest.importorskip("httpx")
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # starlette: httpx is deprecated in its test client
        from starlette.testclient import TestClient
    from mahjongg.web import create_app
    from web_helpers import create

    with TestClient(create_app(tmp_path / "oc.sqlite3", rate=1000, burst=100)) as client:
        code, token = create(client, ruleset="dmjl", hands=1, bots=["greedy", "greedy", "greedy"], seed=1722)
        with client.websocket_connect(f"/ws/{code}") as ws:
            ws.send_json({"type": "hello", "token": token})
            ws.receive_json()
            ws.send_json({"type": "start"})
            declared = None
            for _ in range(400):
                view = ws.receive_json()
                legal = view.get("legal") or []
                if declared is None:
                    offer = [a for a in legal if a["kind"] == "original-call"]
                    if offer:
                        assert offer == [OFFER]
                        ws.send_json({"type": "act", **offer[0], "v": view["v"]})
                        declared = view["game"]["seat"]
                    elif [a for a in legal if a["kind"] == "pass"]:
                        ws.send_json({"type": "act", **next(a for a in legal if a["kind"] == "pass"), "v": view["v"]})
                elif "seats" in view and any(s.get("wind") == declared and s.get("original_call") for s in view["seats"]):
                    marks = {s["wind"]: s["original_call"] for s in view["seats"]}
                    assert marks == {w: w == declared for w in "ESWN"}
                    break
            else:
                raise AssertionError("no view marked the declaration")
