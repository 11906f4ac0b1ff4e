"""The table page on a phone (390×844) and a laptop (1280×800), in headless Chromium:
a whole hand from the lobby to the score sheet, asserting that your own hand, the
claim buttons with their countdown and every score-sheet button lie inside the
screen (bounding boxes, no scrolling) and can be tapped (nothing covers them),
that the sheet fits the width, that "Look at the table" has a visible way back,
that the log shows its newest line; and what the page says when the server is gone.

Screenshots of each step are saved for a person to look at: to
``$MAHJONGG_SCREENSHOTS`` if set, else ``tests/screenshots/`` (git-ignored)."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

pytest.importorskip("uvicorn")

from browser_helpers import CHROMIUM, LiveServer, close_contexts, sync_api  # noqa: E402

pytestmark = [
    pytest.mark.skipif(CHROMIUM is None or sync_api is None, reason="needs chromium and playwright"),
    pytest.mark.filterwarnings("ignore::DeprecationWarning"),
]

SHOTS = Path(os.environ.get("MAHJONGG_SCREENSHOTS") or Path(__file__).parent / "screenshots")
SIZES = {"phone": (390, 844), "laptop": (1280, 800)}


def shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))  # the screen as the player sees it, not the whole page


def on_screen(page, selector: str) -> list[str]:
    """What of the elements matching ``selector`` is not wholly on the screen, or
    is covered at its centre by something else (so a tap would miss it)."""
    return page.evaluate(
        """sel => {
        const bad = [];
        for (const el of document.querySelectorAll(sel)) {
            const r = el.getBoundingClientRect();
            const name = (el.id || el.className || el.tagName) + ' ' + (el.getAttribute('aria-label') || el.textContent).trim().slice(0, 30);
            if (r.width === 0 || r.height === 0) { bad.push(name + ': not shown'); continue; }
            if (r.left < 0 || r.top < 0 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5)
                bad.push(name + ': at ' + [r.left, r.top, r.right, r.bottom].map(Math.round) + ' outside ' + innerWidth + 'x' + innerHeight);
            else {
                const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
                if (!hit || !(el === hit || el.contains(hit))) bad.push(name + ': covered by ' + (hit && (hit.id || hit.className || hit.tagName)));
            }
        }
        return bad;
    }""",
        selector,
    )


@pytest.fixture
def live(tmp_path):
    srv = LiveServer(tmp_path / "layout.sqlite3", defaults={"bot_delay": 0.03, "claim_seconds": 60, "claim_pause_seconds": 0.1}, seed=2024)
    yield srv
    srv.stop()


@pytest.mark.parametrize("size", list(SIZES))
def test_a_whole_hand_fits_the_screen(live, size, browser):
    w, h = SIZES[size]
    page = browser.new_context(viewport={"width": w, "height": h}, has_touch=size == "phone").new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(live.base + "/")
    assert page.locator("link[rel=icon]").count() == 1
    page.fill("#create-name", "Ann")
    page.select_option("#ruleset", "pung-chow")
    page.fill("#hands", "2")
    shot(page, f"{size}-1-lobby")
    page.click("#create-button")
    page.wait_for_url("**/t/*")
    page.wait_for_selector("#start:not([hidden])")
    shot(page, f"{size}-2-waiting")
    page.click("#start")
    page.wait_for_selector("#hand button.tile")
    shot(page, f"{size}-3-table")
    assert page.evaluate("document.documentElement.scrollWidth") <= w, "the table is wider than the screen"

    claims = turns = 0
    deadline = time.monotonic() + 240
    while not page.locator("#result").is_visible():
        assert time.monotonic() < deadline, "the hand did not end in time"
        buttons = page.locator("#actions button.act")
        if buttons.count():
            kinds = [buttons.nth(i).get_attribute("data-kind") for i in range(buttons.count())]
            if "pass" in kinds:
                page.wait_for_function("() => (document.getElementById('countdown') || {}).textContent?.includes('s left')")
                bad = on_screen(page, "#hand .tile, #actions button.act, #countdown")
                assert not bad, f"{size}, a claim: {bad}"
                if claims == 0:
                    shot(page, f"{size}-4-claim")
                claims += 1
                (buttons.nth(kinds.index("mahjongg")) if "mahjongg" in kinds else buttons.nth(kinds.index("pass"))).click()
                page.wait_for_timeout(40)
                continue
            if "mahjongg" in kinds:
                buttons.nth(kinds.index("mahjongg")).click()
                continue
        tiles = page.locator("#hand button.tile:not([disabled])")
        if tiles.count():
            bad = on_screen(page, "#hand .tile, #prompt")
            assert not bad, f"{size}, your turn: {bad}"
            turns += 1
            if turns == 8:
                shot(page, f"{size}-5-playing")
            drawn = page.locator("#hand button.tile.drawn:not([disabled])")
            target = drawn if drawn.count() else tiles.last
            try:  # (short waits: a view on its way may have taken the turn away -- the human then
                # has a claim pause to answer, every discard asks him: claims="all")
                target.click(timeout=3000)
                if target.count():  # (a tile already chosen goes with one click)
                    target.click(timeout=3000)
            except sync_api.TimeoutError:
                pass
            page.wait_for_timeout(40)
            continue
        time.sleep(0.03)
    assert turns > 3 and claims > 0, (turns, claims)

    # the log: its newest line in sight without scrolling it
    # (the log is behind the score sheet now: look at it through the table view)
    shot(page, f"{size}-6-score")
    assert page.evaluate("document.querySelector('.sheet').getBoundingClientRect().right") <= w + 0.5
    assert page.evaluate("document.querySelector('.sheet').getBoundingClientRect().left") >= 0
    bad = on_screen(page, "#result .sheet-buttons button:not([hidden])")
    assert not bad, f"{size}, the score sheet: {bad}"
    assert page.locator("#next").is_visible() and page.locator("#hide-result").is_visible()

    page.click("#hide-result")
    assert page.locator("#result").is_hidden()
    bad = on_screen(page, "#show-result")
    assert not bad, f"{size}, the way back to the score sheet: {bad}"
    newest = page.evaluate("""() => { const log = document.getElementById('log'), li = log.lastElementChild;
        const a = log.getBoundingClientRect(), b = li.getBoundingClientRect();
        return b.top >= a.top - 1 && b.bottom <= a.bottom + 1 && li.textContent; }""")
    assert newest, "the newest log line is scrolled out of the log"
    shot(page, f"{size}-7-looking")
    page.click("#show-result")
    assert page.locator("#result").is_visible()
    page.click("#next")  # the next hand: the sheet goes, the new hand is on screen
    page.wait_for_function("() => !document.getElementById('result') || document.getElementById('result').hidden")
    page.wait_for_selector("#hand button.tile")
    bad = on_screen(page, "#hand .tile")
    assert not bad, f"{size}, hand 2: {bad}"
    shot(page, f"{size}-8-hand-2")
    # pictures by default; the letters are kept as an option, and glyphs
    assert page.evaluate("""() => { const t = document.querySelectorAll('#hand .tile');
        return t.length > 0 && [...t].every(x => x.querySelector('svg.mj-tile')); }""")
    page.select_option("#faces", "text")
    page.wait_for_function("() => !document.querySelector('#hand .tile svg')")
    assert page.locator("#hand .tile .face").first.inner_text().strip()
    assert page.locator("#hand .tile").first.get_attribute("aria-label")
    shot(page, f"{size}-9-letters")
    page.select_option("#faces", "glyphs")
    page.wait_for_function("() => document.querySelector('#hand .tile.glyph')")
    page.select_option("#faces", "pictures")
    page.wait_for_function("() => document.querySelector('#hand .tile svg')")
    assert not errors, errors


def test_the_page_says_when_the_server_is_gone(tmp_path, browser):
    srv = LiveServer(tmp_path / "gone.sqlite3", defaults={"bot_delay": 0.03, "claim_pause_seconds": 0.1}, seed=7)
    stopped = False
    try:
        page = browser.new_page(viewport={"width": 390, "height": 844})
        page.goto(srv.base + "/")
        assert page.evaluate("fetch('/static/favicon.svg').then(r => r.status)") == 200
        page.fill("#create-name", "Ann")
        page.click("#create-button")
        page.wait_for_selector("#start:not([hidden])")
        assert page.locator("#offline").is_hidden()
        srv.stop()
        stopped = True
        page.wait_for_selector("#offline:not([hidden])", timeout=15000)
        assert "does not answer" in page.locator("#offline").inner_text()
        assert not on_screen(page, "#offline")
        page.click("#start")  # a click while the server is away is not lost silently
        assert "Not sent" in page.locator("#error").inner_text()
        shot(page, "phone-9-offline")
    finally:
        close_contexts(browser)  # the pages before the server
        if not stopped:
            srv.stop()
