"""The web pages' words come from one place each (issue 43, section 2).

* The lobby draws the options a table may set from ``GET /api/rulesets``: each
  option of ``play.config.OPTION_FIELDS`` with the rule card's words
  (``Ruleset.to_dict``), its kind and the ruleset's value; ``lobby.js`` names
  no option itself, so a new option appears in the lobby with no change there.
  What the API offers is what a table accepts (``MatchConfig.make``). The
  browser side (every listed option drawn) is checked in
  tests/test_web_replay_browser.py's lobby test.
* The table's action buttons: each legal action a seat is sent carries its
  button's words from the engine's one table (``table.describe.ACTION_WORDS``)
  and the tiles drawn after them (``action_tiles``: a chow's run); ``table.js``
  keeps no words of its own.
"""

from __future__ import annotations

import re

import pytest
from starlette.testclient import TestClient

from mahjongg.play.config import OPTION_FIELDS, ConfigError, MatchConfig
from mahjongg.rules import RULESETS
from mahjongg.table.actions import Action, ActionKind
from mahjongg.table.describe import ACTION_WORDS, action_tiles
from mahjongg.tiles import Tile
from mahjongg.web import create_app
from mahjongg.web.api import STATIC

from test_web_claims import ANN, BOB, step, two_humans


@pytest.fixture(scope="module")
def api(tmp_path_factory):
    with TestClient(create_app(tmp_path_factory.mktemp("words") / "t.sqlite3", rate=1000, burst=100)) as client:
        yield client.get("/api/rulesets").json()


def test_the_api_lists_every_option_a_table_may_set_in_the_rule_cards_words(api):
    assert {r["name"] for r in api["rulesets"]} == set(RULESETS)
    for r in api["rulesets"]:
        rules = RULESETS[r["name"]]
        card = {o["option"]: o for o in rules.to_dict()["options"]}
        assert [o["option"] for o in r["options"]] == list(OPTION_FIELDS), r["name"]
        for o in r["options"]:
            assert o["label"] == card[o["option"]]["label"] and o["text"] == card[o["option"]]["text"]
            assert o["value"] == getattr(rules, o["option"])
    # worked examples: pung-chow-limit's limit is 300 points and it cannot do without one
    # (rules/pung_chow_limit.py: "needs a limit"); its payment limit may be none
    limits = {o["option"]: o for o in next(r for r in api["rulesets"] if r["name"] == "pung-chow-limit")["options"]}
    assert limits["limit"] == {"option": "limit", "kind": "number", "value": 300, "min": 1, "max": 1_000_000, "none": False,
                               "label": "limit on a hand's score", "text": "300 points"}
    assert limits["payment_limit"]["none"] is True
    traditional = next(r for r in api["rulesets"] if r["name"] == "traditional")
    special = next(o for o in traditional["options"] if o["option"] == "special_tiles")
    assert special["kind"] == "choice" and special["choices"] == [None, "cat-and-man", "fisherman-and-cock"]  # seed 001's sets


def test_a_table_without_the_limit_its_ruleset_needs_is_refused_in_one_line(tmp_path):
    # pung-chow-limit cannot do without its limit: the lobby once let the field be emptied
    # and the server failed (500); now the API says so ("none": false) and the request is refused
    with TestClient(create_app(tmp_path / "t.sqlite3", rate=1000, burst=100)) as client:
        r = client.post("/api/tables", json={"name": "Ann", "ruleset": "pung-chow-limit", "options": {"limit": None}})
        assert r.status_code == 400 and r.json()["error"] == "limit must be a whole number from 1 to 1000000, not None"


def _given_and_refused(o: dict) -> tuple[list, list]:
    """Values of an option's kind as the API describes it, and values outside it."""
    if o["kind"] == "yes-no":
        return [True, False], [0, "yes", None]
    if o["kind"] == "choice":
        return list(o["choices"]), ["no-such-set", 1]
    given = [o["min"], o["max"]] + ([None] if o["none"] else [])
    return given, [o["min"] - 1, o["max"] + 1, True] + ([] if o["none"] else [None])


def test_what_the_api_offers_is_what_a_table_accepts(api):
    for r in api["rulesets"]:
        for o in r["options"]:
            given, refused = _given_and_refused(o)
            for v in given:
                assert MatchConfig.make(r["name"], {o["option"]: v}, seed=1).options == {o["option"]: v}
            for v in refused:
                with pytest.raises(ConfigError, match=o["option"]):
                    MatchConfig.make(r["name"], {o["option"]: v}, seed=1)


def test_the_lobby_page_names_no_option():
    js = (STATIC / "lobby.js").read_text()
    for name in OPTION_FIELDS:
        assert name not in js, f"lobby.js names the option {name}: draw it from /api/rulesets"
    for o in next(iter(RULESETS.values())).to_dict()["options"]:
        assert o["label"] not in js


def test_the_table_page_keeps_no_words_of_the_actions():
    js = (STATIC / "table.js").read_text()
    for words in ACTION_WORDS.values():
        assert f'"{words.label}"' not in js, f"table.js words {words.label!r} itself"
    assert not re.search(r'case "(pung|chow|kong|pass|mahjongg|add-kong|concealed-kong)": return "', js)


def test_each_legal_action_a_seat_is_sent_carries_its_words():
    # two humans and two bots (tests/test_web_claims.py's table); the humans pass every
    # claim and discard what they draw, so each is offered passes, claims and discards
    t, clock, conns = two_humans(seed=5)
    for _ in range(400):
        if t.game.is_over:
            break
        step(t, clock)
    offered = {}
    for p in (ANN, BOB):
        for m in conns[p].got:
            if m.get("type") != "state" or not m.get("legal"):
                continue
            seat = m["game"]["seat"]
            for e in m["legal"]:
                a = Action.from_dict({**{k: v for k, v in e.items() if k in ("kind", "tile", "chow")}, "seat": seat})
                assert e["label"] == ACTION_WORDS[a.kind].label
                assert e["label_tiles"] == [str(x) for x in action_tiles(a)]
                offered[a.kind] = e
    assert {ActionKind.DISCARD, ActionKind.PASS} <= set(offered)
    assert offered[ActionKind.PASS]["label_tiles"] == []  # a pass names no tile
    discard = offered[ActionKind.DISCARD]
    assert discard["label"] == "Discard" and discard["label_tiles"] == [discard["tile"]]


def test_a_chows_button_shows_its_run():
    # a chow of 3c-4c-5c on a discarded 4 Characters shows the run, lowest first
    from mahjongg.tiles import Wind
    from mahjongg.web.table import _action_json
    import json

    e = json.loads(_action_json(Action(ActionKind.CHOW, Wind.SOUTH, Tile.parse("4c"), Tile.parse("3c"))))
    assert e == {"kind": "chow", "tile": "4c", "chow": "3c", "label": "Chow", "label_tiles": ["3c", "4c", "5c"]}
    e = json.loads(_action_json(Action(ActionKind.ADD_KONG, Wind.SOUTH, Tile.parse("5d"))))
    assert e == {"kind": "add-kong", "tile": "5d", "label": "Add to pung", "label_tiles": ["5d"]}
