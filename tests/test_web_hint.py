"""The browser's hint (h, or the Hint button): a seat's view carries the advisor's line -- what the
master bot would do, from the seat's own observation -- in its turn and in a claim pause.

Issue 39's three cases at a web table: the deal is preset (``table_walls``) and the other seats
are :class:`test_tui.Passer` (they pass, and let go the tile they draw), so the test says what
each seat draws; at match seed 9 the host (player 0) sits East."""

from __future__ import annotations

import time

import pytest

import mahjongg.web.table as web_table
from mahjongg.bots.advisor import hint_line
from mahjongg.play.session import Session
from mahjongg.rules import DMJL, PUNG_CHOW
from mahjongg.table import Game
from mahjongg.table.actions import ActionKind
from mahjongg.tiles import Wind

from table_walls import arrange, deal_front
from test_original_call import CHOWS
from test_tui import DICE, Passer
from test_web_table import human_to_act, table

E = Wind.EAST
SEED = 9  # the match seed at which the host sits East (Match's seating, from the seed)

# East's hand of `mahjongg play --seed 615`'s first turn (issue 39): 258b 568c 12d W N and four
# White dragons, 1d drawn; the others' hands fill the set
KONG = {
    Wind.EAST: "2b 5b 8b 5c 6c 8c 1d 2d W N Wh Wh Wh Wh",
    Wind.SOUTH: "1c 1c 5b 6b 8b 9b 2d 3d 5d W G G R",
    Wind.WEST: "7c 8c 4b 4b 6b 7b 9b 3d 4d 6d G R R",
    Wind.NORTH: "9c 9c 1b 5b 7b 9b 2d 3d 5d 6d W E E",
}
# East: 1-2-3b 4-5-6c 7-8-9d East East East 5d North; lets North go, the others let go W, Wh, G,
# East draws 5d: complete
COMPLETE = {
    Wind.EAST: "1b 2b 3b 4c 5c 6c 7d 8d 9d E E E 5d N",
    Wind.SOUTH: "1c 1c 5b 6b 8b 9b 2d 3d 5d W Wh Wh R",
    Wind.WEST: "7c 8c 4b 4b 6b 7b 9b 1d 4d 6d G G R",
    Wind.NORTH: "9c 9c 1b 5b 7b 8b 2d 3d 6d 6d W G R",
}


def preset(monkeypatch, ruleset, hands, draws):
    """The web table's first hand dealt as ``hands`` then ``draws``, the bots Passers."""
    game = Game.from_wall(arrange(ruleset, DICE, deal_front(ruleset, hands, draws)), DICE, ruleset)

    def session(config, **kw):
        return Session(config, first_game=game, bots={p: Passer() for p in (1, 2, 3)}, **kw)

    monkeypatch.setattr(web_table, "Session", session)


def until_decision(t, clock, kinds, answer=None):
    """Run the table until the host may take an action of one of ``kinds``; his other
    decisions are ``answer(legal)`` (default: none expected)."""
    for _ in range(200):
        p, s = human_to_act(t)
        legal = t.game.legal_actions(s) if p is not None else ()
        if any(a.kind in kinds for a in legal):
            return p, s
        if p is not None:
            assert answer is not None, legal
            a = answer(legal)
            t.act(p, {"kind": a.kind.value, "tile": str(a.tile), "chow": None})
        else:
            clock.run()
    raise AssertionError("the decision did not come")


def hint_of(t, conns, p):
    t.handle(p, {"type": "hint", "on": True})
    return conns[p].got[-1]["hint"]


def test_the_view_in_ones_turn_carries_the_advisors_line():
    t, clock, conns = table(humans=1)
    for _ in range(200):
        g = t.game
        p, s = human_to_act(t)
        if p is not None and any(a.kind is ActionKind.DISCARD for a in g.legal_actions(s)):
            break
        if p is not None:  # a claim to answer: pass
            t.act(p, {"kind": "pass", "tile": str(g.legal_actions(s)[0].tile), "chow": None})
        else:
            clock.run()
    assert "hint" not in t.view(p)  # worked out only for a player who asks for it (h)
    t.handle(p, {"type": "hint", "on": True})
    view = conns[p].got[-1]  # sent at once
    assert {k: x for k, x in view.items() if k != "deadline"} == {k: x for k, x in t.view(p).items() if k != "deadline"}
    # the same line mahjongg play's h shows, from this seat's observation and legal actions only
    assert view["hint"] == hint_line(g.observation(s), g.legal_actions(s))
    assert view["hint"].startswith(("best discards: ", "best: "))


def test_the_hint_declares_the_concealed_kong(monkeypatch):
    # issue 39: the kong keeps shanten 4, as the best discard does (worked out in
    # tests/test_advise.py, test_a_concealed_kong_is_weighed_beside_the_discards_and_comes_first)
    preset(monkeypatch, PUNG_CHOW, KONG, [])
    t, clock, conns = table(humans=1, seed=SEED)
    p, s = until_decision(t, clock, {ActionKind.CONCEALED_KONG})
    assert s == E
    assert hint_of(t, conns, p).startswith("best: concealed kong Wh (shanten 4, ")


def test_the_hint_offers_mah_jongg_on_a_complete_hand(monkeypatch):
    # 123b 456c 789d EEE 55d drawn as 5d: 64 (seed 000 score card, worked out in
    # tests/test_advise.py, test_a_complete_hand_is_offered_mah_jongg_first_with_its_score)
    preset(monkeypatch, PUNG_CHOW, COMPLETE, ["W", "Wh", "G", "5d"])
    t, clock, conns = table(humans=1, seed=SEED)
    p, s = until_decision(t, clock, {ActionKind.DISCARD})
    t.act(p, {"kind": "discard", "tile": "N", "chow": None})
    p, s = until_decision(t, clock, {ActionKind.MAHJONGG})
    assert hint_of(t, conns, p).startswith("best: Mah-Jongg on 5d (scores 64, value ")


def original_call_table(monkeypatch):
    """DMJL: East dealt 1-2-3b 4-5-6c 7-8-9d 2-3-4c South North (tests/test_original_call.py's
    deal) declares Original Call with North, waiting on South alone; South draws the other South
    and lets it go: a claim pause on it, where East may go Mah-Jongg."""
    preset(monkeypatch, DMJL, CHOWS, ["S"])
    t, clock, conns = table(humans=1, seed=SEED, ruleset="dmjl")
    p, s = until_decision(t, clock, {ActionKind.ORIGINAL_CALL})
    t.act(p, {"kind": "original-call", "tile": "N", "chow": None})
    p, s = until_decision(t, clock, {ActionKind.MAHJONGG})
    return t, clock, conns, p


def test_the_hint_in_a_claim_pause_scores_original_call(monkeypatch):
    """Issue 39: the browser showed no hint in a claim pause, and the hint scored a win
    without the call's double. Won on South's discard: 1-2-3b 2-3-4c 4-5-6c 7-8-9d and the
    pair of South -- Kajongg's DMJL values (docs/rules/dmjl.md): Standard Mah Jongg 20, last
    tile completes a pair of honours 4, the only possible tile 2 = 26 points; Zero Point
    Hand 1 double (no pung, no scoring pair: South is neither East's wind nor the round's),
    Mah Jongg with Original Call 1 (the pair completed by a claimed tile is exposed: no
    Only Concealed Melds): 26 x 2 x 2 = 104."""
    t, clock, conns, p = original_call_table(monkeypatch)
    assert t.game.phase == "claims"
    assert hint_of(t, conns, p).startswith("best: Mah-Jongg on S (scores 104, value ")


# --- in Chromium: the Hint button, readable, on a phone -----------------------------------------

from browser_helpers import CHROMIUM, LiveServer, close_contexts  # noqa: E402


def _declare_original_call(page):
    page.wait_for_selector("#actions button.act-original-call")
    page.locator("#actions button.act-original-call", has=page.locator('[aria-label^="North"]')).first.click()
    page.wait_for_selector("#actions button.act-mahjongg", timeout=20000)  # the claim pause on South


def _discard_north(page):
    page.wait_for_selector("#hand button.tile:not([disabled])")
    north = page.locator('#hand button.tile[aria-label^="North"]').first
    north.click()
    north.click()  # a tile tapped twice is discarded
    page.wait_for_selector("#actions button.act-mahjongg", timeout=20000)  # 5d drawn


def _first_turn(page):
    page.wait_for_selector("#actions button.act-concealed-kong")


# the deal, what the player does before the hint, and its first words (worked out above)
BROWSER_CASES = {
    "kong": (PUNG_CHOW, KONG, [], _first_turn, "Hint: best: concealed kong Wh (shanten 4, "),
    "complete": (PUNG_CHOW, COMPLETE, ["W", "Wh", "G", "5d"], _discard_north, "Hint: best: Mah-Jongg on 5d (scores 64, value "),
    "original-call": (DMJL, CHOWS, ["S"], _declare_original_call, "Hint: best: Mah-Jongg on S (scores 104, value "),
}


@pytest.mark.skipif(CHROMIUM is None, reason="no chromium found (apt-get install chromium; .ci/run installs it)")
@pytest.mark.filterwarnings("ignore::DeprecationWarning")
@pytest.mark.parametrize("case", list(BROWSER_CASES))
def test_a_phone_asks_for_the_hint_with_its_button(tmp_path, monkeypatch, case, browser):
    """On a phone (390 x 844) there is no H key: the Hint button beside the prompt shows the
    hint -- in one's turn (the kong, the complete hand) and in a claim pause (the Mah-Jongg on
    South scored with the call's double, 104) -- in dark ink on a light panel, inside the
    screen; the first choice is the one worked out for the web table above."""
    pytest.importorskip("uvicorn")
    ruleset, hands, draws, before, expected = BROWSER_CASES[case]
    preset(monkeypatch, ruleset, hands, draws)
    srv = LiveServer(tmp_path / "hint.sqlite3", defaults={"bot_delay": 0.05, "claim_pause_seconds": 0.1, "claim_seconds": 600})
    srv.server.predictable = True  # as serve --seed: the table deals from its match seed
    srv.server.new_seed = lambda: SEED
    try:
        ann = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True).new_page()
        errors = []
        ann.on("pageerror", lambda e: errors.append(str(e)))
        ann.goto(srv.base + "/")
        ann.fill("#create-name", "Ann")
        ann.select_option("#ruleset", ruleset.name)
        ann.fill("#hands", "1")
        ann.click("#create-button")
        ann.wait_for_url("**/t/*")
        ann.click("#start")
        before(ann)
        assert ann.locator("#hint").is_hidden()
        ann.click("#hint-button")
        ann.wait_for_function("() => document.getElementById('hint').textContent.includes('value')")
        text = ann.locator("#hint").inner_text()
        assert text.startswith(expected), text
        assert ann.locator("#hint-button").get_attribute("aria-pressed") == "true"
        style = ann.evaluate(
            """() => { const s = getComputedStyle(document.getElementById('hint'));
                const r = document.getElementById('hint').getBoundingClientRect();
                return [s.color, s.backgroundColor, r.left, r.right]; }"""
        )
        assert style[0] == "rgb(27, 27, 27)" and style[1] == "rgb(255, 251, 230)", style  # dark ink, light panel
        assert style[2] >= 0 and style[3] <= 390, style
        box = ann.locator("#hint-button").bounding_box()
        assert box["height"] >= 44 and box["x"] + box["width"] <= 390, box  # a touch target, on screen
        ann.click("#hint-button")  # and off again
        assert ann.locator("#hint").is_hidden()
        assert not errors, errors
    finally:
        close_contexts(browser)  # the pages before the server
        srv.stop()
