"""Every state of the web pages on a phone (390×844) and a laptop (1280×800), in headless
Chromium (issue 39, "Nothing covered, nothing cut"): the lobby, the waiting room, your
turn, a claim pause, the score sheet of a hand, the table looked at behind it, hand 2 (the
header's finished hands' link and a spectator), what the spectator sees, the match's end,
the replay and the scoring page /score.

In each state the test measures the elements' boxes (browser_helpers.layout_faults): nothing
is cut by the screen's edges or by a box that clips it, nothing lies over anything else, no
page is wider than the screen. On the laptop everything of the table is in sight without
scrolling: the other seats, your own melds and discards, your hand and its buttons; the
header is one line; the score sheet, the match's end with it, fits whole. On the phone your
hand, the prompt and the buttons are always in sight and never over the board, which scrolls
above them; the score sheet scrolls inside itself above its buttons, who pays whom fits its
width. The replay shows the table as the viewer sat at it: a player's own seat at the bottom,
East for anyone else. Also: what the page says when the server is gone.

Screenshots of each state are saved for a person to look at: to ``$MAHJONGG_SCREENSHOTS``
if set, else ``tests/screenshots/`` (git-ignored)."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

pytest.importorskip("uvicorn")

from browser_helpers import CHROMIUM, LiveServer, close_contexts, layout_faults, sync_api  # noqa: E402
from web_helpers import until  # noqa: E402

pytestmark = [
    pytest.mark.skipif(CHROMIUM is None or sync_api is None, reason="needs chromium and playwright"),
    pytest.mark.filterwarnings("ignore::DeprecationWarning"),
]

SHOTS = Path(os.environ.get("MAHJONGG_SCREENSHOTS") or Path(__file__).parent / "screenshots")
SIZES = {"phone": (390, 844), "laptop": (1280, 800)}

# what a person looks at in each state
TABLE = ".bar > *, .seat .seat-head > *, .seat .tile, #wall, #last, #log li:last-child, #prompt, #hand .tile, #actions .act, #hint-button, #auto-pass-box label"
MINE = "#prompt, #hand .tile, #actions .act, #hint-button, #auto-pass-box label, #countdown"
SHEET = ("#result h2, #result-how, #settlement th, #settlement td, #scores td, #scores li, #replay-link, #result-seed,"
         " #result-next, #result .sheet-buttons button")
REPLAY = ".bar > *, .replay-controls > *, .seat .seat-head > *, .seat .tile, #wall, #lines li, #sheet th, #sheet td, #sheet li, #result-seed"


def shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))  # the screen as the player sees it, not the whole page


def in_sight(page, size: str, state: str, selector: str, whole: bool = True) -> None:
    bad = layout_faults(page, selector, whole)
    assert not bad, f"{size}, {state}: {bad}"


def table_in_sight(page, size: str, state: str) -> None:
    """The table page: on the laptop all of it in sight; on the phone the hand panel, and
    the board cut by nothing sideways and scrolling above the panel, never under it."""
    if size == "laptop":
        in_sight(page, size, state, TABLE)
        bar = page.evaluate("document.querySelector('.bar').getBoundingClientRect().height")
        assert bar < 56, f"laptop, {state}: the header wraps ({bar} px high)"
        short = page.evaluate("(() => { const i = document.getElementById('info'); return i.scrollWidth - i.clientWidth; })()")
        assert short <= 0, f"laptop, {state}: the table's line is cut short by {short} px"
    else:
        in_sight(page, size, state, TABLE, whole=False)
        in_sight(page, size, state, MINE)
    if page.locator("#mine").is_visible():  # the board ends where the hand panel begins
        gap = page.evaluate("""() => document.getElementById('mine').getBoundingClientRect().top
            - document.getElementById('page-scroll').getBoundingClientRect().bottom""")
        assert gap >= -0.5, f"{size}, {state}: the hand panel lies {-gap} px over the board"


def sheet_in_sight(page, size: str, state: str) -> None:
    """The score sheet: whole on the laptop; on the phone cut by nothing sideways (it
    scrolls inside itself) and its buttons in sight."""
    in_sight(page, size, state, SHEET, whole=size == "laptop")
    in_sight(page, size, state, "#result .sheet-buttons button, #result-next")


@pytest.fixture
def live(tmp_path):
    # grace 0: a player who leaves is played by a bot at once (how the test ends a hand quickly);
    # the deals come from the match seed (serve --seed), so the hands are the same every run
    srv = LiveServer(tmp_path / "layout.sqlite3", defaults={"bot_delay": 0.02, "claim_seconds": 60, "claim_pause_seconds": 0,
                                                             "grace_seconds": 0, "next_hand_seconds": 600}, seed=2024)
    yield srv
    srv.stop()


def play_until_seen(page, size: str) -> None:
    """Play hand 1 (the drawn tile goes, every claim is passed) until a claim pause and the
    eighth turn have been looked at."""
    claims = turns = 0
    deadline = time.monotonic() + 120
    while not (claims and turns >= 8):
        assert time.monotonic() < deadline, (claims, turns)
        assert not page.locator("#result").is_visible(), f"hand 1 ended first: {claims} claims, {turns} turns"
        kinds = page.evaluate("() => [...document.querySelectorAll('#actions button.act')].map(b => b.dataset.kind)")
        if "pass" in kinds:
            if not claims:
                page.wait_for_function("() => (document.getElementById('countdown') || {}).textContent?.includes('s left')")
                shot(page, f"{size}-3-claim")
                table_in_sight(page, size, "a claim pause")
                page.check("#auto-pass")  # from now on asked only when there is a claim to make
            claims += 1
            try:
                page.locator("#actions button.act-pass").first.click(timeout=3000)
            except sync_api.TimeoutError:
                pass
            page.wait_for_timeout(30)
            continue
        tiles = page.locator("#hand button.tile:not([disabled])")
        if tiles.count():
            turns += 1
            if turns == 8:
                shot(page, f"{size}-2-your-turn")
                table_in_sight(page, size, "your turn")
            drawn = page.locator("#hand button.tile.drawn:not([disabled])")
            target = drawn if drawn.count() else tiles.last
            try:  # (short waits: a view on its way may have taken the turn away)
                target.click(timeout=3000)
                if target.count():  # (a tile already chosen goes with one click)
                    target.click(timeout=3000)
            except sync_api.TimeoutError:
                pass
            page.wait_for_timeout(30)
            continue
        time.sleep(0.03)


def leave_until_over(page, live, code: str, hands: int) -> None:
    """The player leaves; a bot plays the seat at once (grace 0) until hand ``hands`` is over."""
    page.goto("about:blank")
    table = live.server.tables[code]
    until(lambda: table.match is not None and len(table.match.records) >= hands)
    page.goto(f"{live.base}/t/{code}")
    page.wait_for_selector("#result:not([hidden])")


@pytest.mark.parametrize("size", list(SIZES))
def test_every_state_fits_the_screen(live, size, browser):
    w, h = SIZES[size]
    context = browser.new_context(viewport={"width": w, "height": h}, has_touch=size == "phone")
    page = context.new_page()
    page.set_default_timeout(30_000)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))

    # the lobby, and the waiting room
    page.goto(live.base + "/")
    assert page.locator("link[rel=icon]").count() == 1
    page.fill("#create-name", "Ann")
    page.select_option("#ruleset", "pung-chow")
    page.fill("#hands", "2")
    shot(page, f"{size}-0-lobby")
    in_sight(page, size, "the lobby", "header *, main label, main input, main select, main button, main p, main legend", whole=False)
    page.click("#create-button")
    page.wait_for_url("**/t/*")
    code = page.locator("#code").inner_text()
    page.wait_for_selector("#start:not([hidden])")
    in_sight(page, size, "waiting", ".bar > *, #lobby > *, #lobby li")
    assert page.locator("#mine").is_hidden()
    shot(page, f"{size}-1-waiting")

    # hand 1: a claim pause, your turn
    page.click("#start")
    page.wait_for_selector("#hand button.tile")
    play_until_seen(page, size)

    # a spectator, on a screen of the same size, in the middle of hand 1
    watcher = browser.new_context(viewport={"width": w, "height": h}, has_touch=size == "phone").new_page()
    watcher.on("pageerror", lambda e: errors.append(str(e)))
    watcher.goto(f"{live.base}/watch/{code}")
    watcher.wait_for_selector("#board:not([hidden]) .seat .discards .tile")
    shot(watcher, f"{size}-7-spectator")
    in_sight(watcher, size, "a spectator", TABLE, whole=size == "laptop")
    assert watcher.locator("#mine").is_hidden()

    # its score sheet, and the table behind it
    leave_until_over(page, live, code, 1)
    sheet_in_sight(page, size, "the score sheet")
    assert page.locator("#next").is_visible() and page.locator("#hide-result").is_visible()
    shot(page, f"{size}-4-result")
    page.click("#hide-result")
    assert page.locator("#result").is_hidden()
    table_in_sight(page, size, "the table after the hand")
    in_sight(page, size, "the table after the hand", "#show-result")
    newest = page.evaluate("""() => { const log = document.getElementById('log'), li = log.lastElementChild;
        const a = log.getBoundingClientRect(), b = li.getBoundingClientRect();
        return b.top >= a.top - 1 && b.bottom <= a.bottom + 1 && li.textContent; }""")
    assert newest, "the newest log line is scrolled out of the log"
    shot(page, f"{size}-5-looking")
    page.click("#show-result")
    page.click("#next")

    # hand 2: the header has the finished hands' link and a spectator
    page.wait_for_function("() => document.getElementById('result').hidden")
    page.wait_for_selector("#hand button.tile")
    page.wait_for_function("() => document.getElementById('watching').textContent === '1 watching'")
    assert page.locator("#history-link").is_visible()
    shot(page, f"{size}-6-hand-2")
    table_in_sight(page, size, "hand 2")
    # pictures by default; the letters are kept as an option, and glyphs
    assert page.evaluate("""() => { const t = document.querySelectorAll('#hand .tile');
        return t.length > 0 && [...t].every(x => x.querySelector('svg.mj-tile')); }""")
    page.select_option("#faces", "text")
    page.wait_for_function("() => !document.querySelector('#hand .tile svg')")
    assert page.locator("#hand .tile .face").first.inner_text().strip()
    assert page.locator("#hand .tile").first.get_attribute("aria-label")
    table_in_sight(page, size, "letters")
    page.select_option("#faces", "glyphs")
    page.wait_for_function("() => document.querySelector('#hand .tile.glyph')")
    page.select_option("#faces", "pictures")
    page.wait_for_function("() => document.querySelector('#hand .tile svg')")

    # the match's end: the sheet with the final chips, whole on the laptop
    leave_until_over(page, live, code, 2)
    assert page.locator("#next").is_hidden() and "The match is over" in page.locator("#result-next").inner_text()
    shot(page, f"{size}-8-match-end")
    watcher.wait_for_selector("#result:not([hidden])")
    shot(watcher, f"{size}-8-spectator-end")
    in_sight(watcher, size, "a spectator at the match's end", SHEET, whole=size == "laptop")
    sheet_in_sight(page, size, "the match's end")

    # the replay of hand 1: Ann's own seat at the bottom (South in hand 1), East for anyone else
    mine = live.server.tables[code].match.records[0].seats[0].letter
    assert mine != "E"  # (so the test tells her seat from East's)
    page.goto(f"{live.base}/replay/{code}/1")
    page.wait_for_selector("#replay:not([hidden]) .seat .tile")
    assert page.get_attribute("#seat-bottom", "data-wind") == mine
    assert page.locator("#seat-bottom .seat-head strong").inner_text() == "Ann (you)"
    for _ in range(12):
        page.keyboard.press("ArrowRight")
    shot(page, f"{size}-9-replay")
    in_sight(page, size, "the replay", REPLAY, whole=False)
    page.click("#last")
    page.wait_for_selector("#sheet:not([hidden])")
    shot(page, f"{size}-10-replay-end")
    in_sight(page, size, "the replay's score sheet", REPLAY, whole=False)
    watcher.goto(f"{live.base}/replay/{code}/1")
    watcher.wait_for_function("() => document.getElementById('error').textContent || document.querySelector('#replay:not([hidden]) .seat .tile')")
    assert watcher.text_content("#error") == ""
    assert watcher.get_attribute("#seat-bottom", "data-wind") == "E"

    # the scoring page: one hand entered
    page.goto(live.base + "/score")
    page.wait_for_selector("#palette .tile")
    page.click("#seats [data-seat=N]")
    page.fill("#notation", "[999c] 123b 456b 11d 34d")  # (tests/test_web_score_page.py's North: 4)
    page.wait_for_selector("#card-score")
    in_sight(page, size, "/score", "header *, main button, main input, main select, main label, #card td, #card p, .seat-tab", whole=False)
    tall = page.evaluate("document.documentElement.scrollHeight") / h
    shot(page, f"{size}-11-score")
    page.screenshot(path=str(SHOTS / f"{size}-11-score-whole.png"), full_page=True)
    assert tall <= (2.2 if size == "phone" else 1.6), f"{size}: /score is {tall:.1f} screens tall for one hand"
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
        assert not layout_faults(page, "#offline")
        page.click("#start")  # a click while the server is away is not lost silently
        assert "Not sent" in page.locator("#error").inner_text()
        shot(page, "phone-12-offline")
    finally:
        close_contexts(browser)  # the pages before the server
        if not stopped:
            srv.stop()
