"""Replays, spectators and the phone, in headless Chromium at 1280x800 and 390x844
(issue 30): the replay page steps through a finished hand forward, back, to a claim
and to the end, matching the journal, with its score sheet at the end; a spectator's
frames hold no concealed tile; one double-click (or double tap) sends one act and no
error; every touch target on the phone is at least 44 px; the laptop's score sheet
shows who pays whom and the totals without scrolling.

Screenshots are saved for a person to look at: to ``$MAHJONGG_SCREENSHOTS`` if
set, else ``tests/screenshots/`` (git-ignored)."""

from __future__ import annotations

import json
import os
import time
from collections import Counter
from pathlib import Path

import pytest

pytest.importorskip("uvicorn")

from browser_helpers import CHROMIUM, LiveServer, mark_view, sync_api, wait_for_new_view  # noqa: E402
from test_web_browser import act_kinds, click_act  # noqa: E402
from web_helpers import until  # noqa: E402

pytestmark = [
    pytest.mark.skipif(CHROMIUM is None or sync_api is None, reason="needs chromium and playwright"),
    pytest.mark.filterwarnings("ignore::DeprecationWarning"),
]

SHOTS = Path(os.environ.get("MAHJONGG_SCREENSHOTS") or Path(__file__).parent / "screenshots")
SIZES = {"phone": (390, 844), "laptop": (1280, 800)}
TOUCH = 44  # px: the smaller side of a touch target, at least

SMALL_TARGETS = """sel => {
    // every visible control matching sel whose smaller side is under 44 px (a checkbox or
    // radio counts as its label, the thing a finger taps)
    const bad = [];
    for (let el of document.querySelectorAll(sel)) {
        if ((el.type === 'checkbox' || el.type === 'radio') && el.closest('label')) el = el.closest('label');
        const r = el.getBoundingClientRect();
        if (!r.width || !r.height || getComputedStyle(el).visibility === 'hidden') continue;
        if (Math.min(r.width, r.height) < 44 - 0.5)
            bad.push((el.id || el.className || el.tagName) + ' "' + (el.getAttribute('aria-label') || el.textContent).trim().slice(0, 20) + '" ' + Math.round(r.width) + 'x' + Math.round(r.height));
    }
    return bad;
}"""
CONTROLS = "button, select, input, a[href], summary"


def shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


@pytest.fixture
def live(tmp_path):
    # grace 0: a player who leaves is played by a bot at once; the next hand waits for the players
    srv = LiveServer(tmp_path / "replay.sqlite3", defaults={"bot_delay": 0.02, "grace_seconds": 0, "next_hand_seconds": 600, "claim_pause_seconds": 0.1})
    yield srv
    srv.stop()


def seated(page, base: str, **table) -> str:
    """A table created through the API, its host's seat kept in this browser (as the lobby
    does); the page is on the table. Returns the code."""
    page.goto(base + "/")
    r = page.request.post(base + "/api/tables", data=json.dumps({"name": "Ann", "hands": 2, **table}),
                          headers={"Content-Type": "application/json"})
    assert r.ok, r.text()
    t = r.json()
    page.evaluate("t => saveToken(t.code, { token: t.token, player: t.player })", t)
    page.goto(base + "/t/" + t["code"])
    page.wait_for_selector("#start:not([hidden])")
    return t["code"]


@pytest.mark.parametrize("size", list(SIZES))
def test_the_replay_page_steps_through_a_hand_as_the_journal_has_it(live, size, browser):
    from mahjongg.play.journal import Journal

    w, h = SIZES[size]
    page = browser.new_context(viewport={"width": w, "height": h}, has_touch=size == "phone").new_page()
    page.set_default_timeout(60_000)  # a loaded machine
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    code = seated(page, live.base)
    page.click("#start")
    page.wait_for_selector("#hand button.tile")
    page.goto("about:blank")  # Ann leaves: a bot plays her seat at once, to the end of hand 1
    table = live.server.tables[code]
    until(lambda: table.match is not None and len(table.match.records) == 1)
    # a shared link to hand 2 (not dealt, not over) shows nothing of it
    page.goto(f"{live.base}/replay/{code}/2")
    page.wait_for_function("() => document.getElementById('error').textContent")
    assert page.text_content("#error") == "hand 2 of this table is not over yet: its replay opens when it is over"
    assert page.locator("#replay").is_hidden() and page.locator(".tile").count() == 0

    # back at the table: the score sheet links to the replay of the hand
    page.goto(f"{live.base}/t/{code}")
    page.wait_for_selector("#result:not([hidden])")
    shot(page, f"{size}-score-sheet")
    if size == "laptop":  # who pays whom and the totals in sight without scrolling (item 7)
        box = page.evaluate("(() => { const r = document.querySelector('#settlement').getBoundingClientRect(); return [r.top, r.bottom]; })()")
        assert 0 <= box[0] and box[1] <= h, f"the settlement lies at {box}, below the fold of {h} px"
        assert page.locator("#settlement td[data-field=total]").count() == 4
    with page.expect_navigation(url=f"**/replay/{code}/1"):
        page.click("#replay-link")
    page.wait_for_selector("#replay:not([hidden])")
    data = page.request.get(f"{live.base}/api/tables/{code}/hands/1").json()
    steps = data["steps"]

    def seats_of(step) -> dict:
        return {w: " ".join(s["concealed"]) for w, s in step["seats"].items()}

    # what a step shows, read in one call (the step's caption, its lines, each seat's tiles)
    now = """() => { const seats = {};
        for (const s of document.querySelectorAll('#board .seat')) seats[s.dataset.wind || s.id] =
            s.querySelector('.open-hand').dataset.concealed;
        return { where: document.getElementById('where').textContent, seats,
                 lines: [...document.querySelectorAll('#lines li')].map(li =>
                    (li.firstChild.textContent + ' ' + (li.querySelector('.tile') ? li.querySelector('.tile').dataset.tile : '')).trim()) }; }"""
    lines = []
    for k, step in enumerate(steps):  # forward with the arrow key, one step at a time
        if k:
            page.keyboard.press("ArrowRight")
        seen = page.evaluate(now)
        assert seen["where"] == ("The deal" if k == 0 else f"Move {k}") + f" of {len(steps) - 1}"
        got = seen["lines"]
        lines.extend(got[1:] if k == 0 else got)
        assert sorted(seen["seats"].values()) == sorted(seats_of(step).values()), f"step {k}"
        if k == len(steps) // 2:
            shot(page, f"{size}-replay-middle")
    assert page.locator("#sheet").is_visible()  # the end: the score sheet
    shot(page, f"{size}-replay-end")
    with Journal(live.server.db, create=False) as j:
        row = next(g for g in j.games() if g.hand == 1)
        game = j.replay(row.id)
    for wind, hand in game.result.hands.items():  # every hand laid open at the end: the journal's
        assert Counter(steps[-1]["seats"][wind.letter]["concealed"]) == Counter(str(t) for t in hand.concealed)
    nets = {el.get_attribute("data-wind"): int(el.locator("td[data-field=net]").get_attribute("data-value"))
            for el in page.locator("#settlement tbody tr[data-wind]").all()}
    assert nets == {w.letter: v for w, v in game.result.settlement.net.items()}
    told = [l["text"] + (" " + l["tile"] if "tile" in l else "") for s in steps for l in s["lines"]]
    assert [" ".join(x.split()) for x in lines] == [" ".join(x.split()) for x in told]

    page.keyboard.press("ArrowLeft")  # back one
    assert page.text_content("#where") == f"Move {len(steps) - 2} of {len(steps) - 1}"
    assert page.locator("#sheet").is_hidden()
    page.keyboard.press("Home")
    assert page.text_content("#where").startswith("The deal")
    claims = [k for k, s in enumerate(steps) if s["kind"] == "claim"]
    page.click("#claim")  # to the first claim, or the end
    want = claims[0] if claims else len(steps) - 1
    assert page.text_content("#where") == f"Move {want} of {len(steps) - 1}"
    page.click("#last")
    assert page.locator("#sheet").is_visible()
    page.click("#first")
    if size == "phone":  # swipe left: forward; right: back
        swipe = """dx => { const b = document.getElementById('board'), r = b.getBoundingClientRect();
            const x = r.left + r.width / 2, y = r.top + 40;
            const t = (X) => new Touch({ identifier: 1, target: b, clientX: X, clientY: y });
            b.dispatchEvent(new TouchEvent('touchstart', { changedTouches: [t(x)], touches: [t(x)], bubbles: true }));
            b.dispatchEvent(new TouchEvent('touchend', { changedTouches: [t(x + dx)], touches: [], bubbles: true })); }"""
        page.evaluate(swipe, -120)
        page.evaluate(swipe, -120)
        assert page.text_content("#where") == f"Move 2 of {len(steps) - 1}"
        page.evaluate(swipe, 120)
        assert page.text_content("#where") == f"Move 1 of {len(steps) - 1}"
        bad = page.evaluate(SMALL_TARGETS, CONTROLS)
        assert not bad, f"touch targets under {TOUCH} px on the replay page: {bad}"
    # the table's finished hands: hand 1 listed, hand 2 not over
    page.goto(f"{live.base}/replay/{code}")
    page.wait_for_selector("#history-list li a")
    assert page.locator("#history-list li").count() == 1
    assert "Hand 2 is not over yet" in page.text_content("#history-note")
    shot(page, f"{size}-replay-history")
    with page.expect_navigation(url=f"**/replay/{code}/1"):
        page.click("#history-list li a")
    page.wait_for_selector("#replay:not([hidden])")
    assert not errors, errors


def public_only(frame: dict) -> list[str]:
    """What of a spectator's frame is not public: any seat's concealed tiles, a draw, an offer."""
    bad = []
    g = frame.get("game")
    if g is None or frame.get("result"):
        return bad  # the lobby, or a hand over (every hand laid open)
    if g["concealed"] or g["drawn"] or g["hidden"]:
        bad.append(f"own tiles {g['concealed']} {g['drawn']} {g['hidden']}")
    if frame.get("legal") or frame.get("hint"):
        bad.append("an offer or a hint")
    for s in frame["seats"]:
        if "concealed" in s or "hand" in s:
            bad.append(f"the concealed hand of {s['name']}")
    return bad


@pytest.mark.parametrize("size", list(SIZES))
def test_one_double_click_one_discard_while_a_spectator_watches(live, size, browser):
    """Ann plays her turns by double-clicking (a phone: double-tapping) a tile; each sends
    one act and no error shows. A spectator on the other screen size sees only what lies
    on the table, and Ann sees that one is watching."""
    w, h = SIZES[size]
    other = "laptop" if size == "phone" else "phone"
    ow, oh = SIZES[other]
    page = browser.new_context(viewport={"width": w, "height": h}, has_touch=size == "phone").new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    sent, frames = [], []
    page.on("websocket", lambda ws: ws.on("framesent", lambda f: sent.append(json.loads(f))))
    code = seated(page, live.base, hands=1, claim_seconds=60)
    if size == "phone":
        bad = page.evaluate(SMALL_TARGETS, CONTROLS)
        assert not bad, f"touch targets under {TOUCH} px in the waiting room: {bad}"
    page.click("#start")
    page.wait_for_selector("#hand button.tile")

    watcher = browser.new_context(viewport={"width": ow, "height": oh}, has_touch=other == "phone").new_page()
    watcher.on("pageerror", lambda e: errors.append(str(e)))
    watcher.on("websocket", lambda ws: ws.on("framereceived", lambda f: frames.append(json.loads(f))))
    watcher.goto(f"{live.base}/watch/{code}")
    watcher.wait_for_selector("#board:not([hidden])")
    page.wait_for_function("() => document.getElementById('watching').textContent === '1 watching'")

    turns = 0
    deadline = time.monotonic() + 180
    while not page.locator("#result").is_visible():
        assert time.monotonic() < deadline, "the hand did not end in time"
        kinds = act_kinds(page)
        if "mahjongg" in kinds or "pass" in kinds:
            click_act(page, "mahjongg" if "mahjongg" in kinds else "pass")
            page.wait_for_timeout(60)
            continue
        tiles = page.locator("#hand button.tile:not([disabled])")
        if not tiles.count():
            time.sleep(0.03)
            continue
        turns += 1
        if size == "phone" and turns == 3:
            shot(page, "phone-table")
            bad = page.evaluate(SMALL_TARGETS, CONTROLS)
            assert not bad, f"touch targets under {TOUCH} px at the table: {bad}"
        if turns == 2:
            shot(watcher, f"{other}-spectator")
            if other == "phone":
                bad = watcher.evaluate(SMALL_TARGETS, CONTROLS)
                assert not bad, f"touch targets under {TOUCH} px for a spectator: {bad}"
        before = sum(1 for m in sent if m.get("type") == "act")
        target = tiles.last
        mark_view(page)
        if size == "phone":
            target.tap()
            target.tap()
        else:
            target.dblclick()
        # a copy would be sent by the second click itself, before the server's answer to the
        # first comes back, and refused right after that answer on the same socket
        wait_for_new_view(page)
        page.wait_for_timeout(50)
        acts = sum(1 for m in sent if m.get("type") == "act") - before
        assert acts == 1, f"turn {turns}: a double {'tap' if size == 'phone' else 'click'} sent {acts} acts"
        assert page.text_content("#error") == "", page.text_content("#error")
    assert turns >= 3
    if size == "phone":
        bad = page.evaluate(SMALL_TARGETS, CONTROLS)
        assert not bad, f"touch targets under {TOUCH} px on the score sheet: {bad}"
    watcher.wait_for_selector("#result:not([hidden])")
    shot(watcher, f"{other}-spectator-end")
    states = [f for f in frames if f.get("type") == "state"]
    assert len(states) > turns
    for f in states:
        assert f["you"] is None
        bad = public_only(f)
        assert not bad, f"a spectator was sent {bad}"
    # the spectator's page: no hand of its own, every seat's tiles face down
    assert watcher.locator("#mine").is_hidden() and watcher.locator("#next").is_hidden()
    assert not errors, errors


def test_the_lobby_shows_an_error_where_the_user_looks_and_has_large_targets(live, browser):
    w, h = SIZES["phone"]
    page = browser.new_context(viewport={"width": w, "height": h}, has_touch=True).new_page()
    page.goto(live.base + "/")
    page.wait_for_selector("#opt-draw_keeps_deal")
    # every option the API lists for a ruleset is drawn, in its words (issue 43: lobby.js names
    # none itself; a choice of one, no special tiles, is no choice)
    for r in page.request.get(live.base + "/api/rulesets").json()["rulesets"]:
        page.select_option("#ruleset", r["name"])
        for o in r["options"]:
            control = page.locator(f"#opt-{o['option']}")
            if o["kind"] == "choice" and len(o["choices"]) < 2:
                assert control.count() == 0
                continue
            assert control.locator("xpath=ancestor::label").inner_text().strip().lower().startswith(o["label"].lower()), (r["name"], o["option"])
            if o["kind"] == "yes-no":
                assert control.is_checked() == o["value"]
            else:
                assert control.input_value() == ("" if o["value"] is None else str(o["value"]))
    page.select_option("#ruleset", "pung-chow")
    bad = page.evaluate(SMALL_TARGETS, CONTROLS)
    assert not bad, f"touch targets under {TOUCH} px in the lobby: {bad}"
    page.fill("#create-name", "Ann")
    page.uncheck("#opt-draw_keeps_deal")  # item 5: this made Create table fail
    page.fill("#hands", "2")
    page.click("#create-button")
    page.wait_for_url("**/t/*")
    code = page.url.rsplit("/", 1)[1]
    assert live.server.tables[code].config.options == {"draw_keeps_deal": False}
    page.goto(live.base + "/")
    page.wait_for_selector("#opt-draw_keeps_deal")
    # the table made is among "your tables", with the way to its finished hands
    assert page.locator(f"#my-tables a[href='/replay/{code}']").count() == 1
    bad = page.evaluate(SMALL_TARGETS, CONTROLS)
    assert not bad, f"touch targets under {TOUCH} px in the lobby: {bad}"
    page.fill("#create-name", "Ann")
    page.fill("#hands", "65")  # too many: the server says so, beside the button
    page.evaluate("document.getElementById('hands').removeAttribute('max')")
    page.click("#create-button")
    page.wait_for_function("() => document.getElementById('create-error').textContent")
    assert "hands must be a whole number from 1 to 64" in page.text_content("#create-error")
    r = page.evaluate("(() => { const r = document.getElementById('create-error').getBoundingClientRect(); return [r.top, r.bottom]; })()")
    assert 0 <= r[0] and r[1] <= h, f"the error lies at {r}, out of sight"
