"""End to end in headless Chromium (Debian's /usr/bin/chromium, driven by Playwright), on a laptop (1280x800) and a phone (390x844):
create a table in the lobby, join it from a second browser, start, play a hand
with two humans and two bots to the score screen, and check the figures shown
against the scorer's own."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

pytest.importorskip("uvicorn")
sync_api = pytest.importorskip("playwright.sync_api", reason="the playwright package is not installed")

from mahjongg.rules import Situation  # noqa: E402
from mahjongg.scoring import score_hand  # noqa: E402
from mahjongg.tiles import Wind  # noqa: E402
from mahjongg.table.actions import ActionKind  # noqa: E402
from mahjongg.table.describe import ACTION_WORDS  # noqa: E402

from browser_helpers import ARGS, CHROMIUM, LiveServer, free_port, mark_view, wait_for_new_view  # noqa: E402,F401  (free_port: for the score page tests)

SHOTS = Path(os.environ.get("MAHJONGG_SCREENSHOTS", "")) if os.environ.get("MAHJONGG_SCREENSHOTS") else None

pytestmark = [
    pytest.mark.skipif(CHROMIUM is None, reason="no chromium found (apt-get install chromium; .ci/run installs it)"),
    pytest.mark.filterwarnings("ignore::DeprecationWarning"),
]


@pytest.fixture
def live(tmp_path):
    """The real server (uvicorn) on a loopback port, in a thread of this process."""
    srv = LiveServer(tmp_path / "e2e.sqlite3", defaults={"bot_delay": 0.05, "claim_pause_seconds": 0.1}, seed=4242)
    yield srv.base, srv.server
    srv.stop()


def shot(page, name):
    if SHOTS is not None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def act_kinds(page) -> list[str]:
    """The kinds of the action buttons on the page now, read at once (the buttons are
    drawn again with every view: counted one moment, they may be gone the next)."""
    return page.evaluate("() => [...document.querySelectorAll('#actions button.act')].map(b => b.dataset.kind)")


def act_labels(page) -> list[tuple[str, str]]:
    """Each action button's kind and its words (without the number before them and the tiles after)."""
    return page.evaluate("() => [...document.querySelectorAll('#actions button.act')].map(b => [b.dataset.kind, b.firstChild.textContent])")


def click_act(page, kind: str) -> bool:
    """Click the first action button of ``kind``; False if it went before it could be
    clicked (the claim pause closed, the table moved on)."""
    try:
        page.locator(f"#actions button.act[data-kind='{kind}']").first.click(timeout=3000)
        return True
    except sync_api.TimeoutError:
        return False


def take_turn(page, use_keys: bool) -> bool:
    """If this page has a decision, make it through the UI; whether it did (then
    :func:`~browser_helpers.wait_for_new_view` waits for the server's answer)."""
    mark_view(page)
    labels = act_labels(page)
    for n, (kind, text) in enumerate(labels, 1):  # the engine's words (table.describe.ACTION_WORDS)
        assert text == f"{n}. {ACTION_WORDS[ActionKind(kind)].label} ", text
    kinds = [kind for kind, _ in labels]
    if "mahjongg" in kinds:
        return click_act(page, "mahjongg")
    if "pass" in kinds:
        if SHOTS is not None and not (SHOTS / "4-claim.png").exists():
            page.wait_for_timeout(1200)  # the countdown ticks
            shot(page, "4-claim")
        if use_keys:
            page.keyboard.press("x")
            return True
        return click_act(page, "pass")
    tiles = page.locator("#hand button.tile:not([disabled])")
    if tiles.count():
        drawn = page.locator("#hand button.tile.drawn:not([disabled])")
        if use_keys:
            page.keyboard.press("ArrowLeft")  # selects the last tile: the drawn one, if any
            page.keyboard.press("Enter")
        else:
            target = drawn if drawn.count() else tiles.last
            # a tap selects, a tap on the selected tile discards it: a tile the page
            # shows selected already (the hand kept its selection) takes one tap
            if "selected" not in (target.get_attribute("class") or "").split():
                target.click()
            target.click()
        return True
    return False


def test_two_humans_and_two_bots_play_a_hand_in_the_browser(live, browser):
    base, server = live
    ann = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()  # a laptop
    bob = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True).new_page()  # a phone
    errors = []
    for page in (ann, bob):
        page.on("pageerror", lambda e: errors.append(str(e)))

    # Ann creates a table in the lobby
    ann.goto(base + "/")
    ann.fill("#create-name", "Ann")
    ann.select_option("#ruleset", "pung-chow")
    ann.fill("#hands", "1")
    shot(ann, "1-lobby")
    ann.click("#create-button")
    ann.wait_for_url("**/t/*")
    code = ann.locator("#code").inner_text()
    assert len(code) == 6
    assert ann.locator("#invite").input_value().endswith("/t/" + code)

    # Bob opens the invite link in another browser and takes a seat
    bob.goto(base + "/t/" + code)
    bob.fill("#join-name", "Bob")
    bob.click("#join-button")
    bob.wait_for_selector("#lobby-seats li.you")
    ann.wait_for_function("() => document.querySelectorAll('#lobby-seats li')[1].textContent.includes('Bob')")
    shot(ann, "2-waiting")
    assert bob.locator("#start").is_hidden()

    ann.click("#start")
    for page in (ann, bob):
        page.wait_for_selector("#board:not([hidden])")
        page.wait_for_selector("#hand button.tile")
    shot(ann, "3-table")
    # four seats, winds, the East marker, the wall count
    assert ann.locator(".seat .east-marker").count() == 1
    assert "Wall:" in ann.locator("#wall-count").inner_text()
    assert ann.locator("#hand button.tile").first.get_attribute("aria-label")

    table = server.tables[code]
    deadline = time.monotonic() + 240
    moves = 0
    while not (ann.locator("#result").is_visible() and bob.locator("#result").is_visible()):
        assert time.monotonic() < deadline, "the hand did not end in time"
        acted = False
        for i, page in enumerate((ann, bob)):
            if not page.locator("#result").is_visible() and take_turn(page, use_keys=(moves % 3 == 1)):
                acted = True
                moves += 1
                if moves == 6:
                    shot(page, "4-playing")
                wait_for_new_view(page)
        if not acted:
            time.sleep(0.02)
    assert moves > 0
    shot(ann, "5-score")
    assert not errors, errors

    # the figures on the score screen are the scorer's
    rec = table.match.records[0]
    result = rec.result
    ruleset = table.match.ruleset
    for page in (ann, bob):
        rows = page.locator("#scores tbody tr")
        assert rows.count() == 4
        for i in range(4):
            row = rows.nth(i)
            w = Wind.parse(row.get_attribute("data-wind"))
            shown = int(row.locator("td[data-field=score]").get_attribute("data-value"))
            sit = Situation(seat=w, round=rec.round, win=result.win if w == result.winner else None, dead=w in result.dead)
            expected = score_hand(result.hands[w], ruleset, sit)
            assert shown == expected.score == result.scores[w].score
            items = row.locator("td[data-field=items] li")
            assert items.count() == len(expected.items)
            for k, item in enumerate(expected.items):
                assert items.nth(k).inner_text().startswith(item.name)
            assert int(row.locator("td[data-field=chips]").get_attribute("data-value")) == result.net[w]
            name = row.locator("td[data-field=name]").inner_text()
            assert name == table.seats[table.match.player_at(w)].name
        nets = page.locator("#settlement td[data-field=net]")
        shown_net = {Wind.parse(nets.nth(i).locator("xpath=..").get_attribute("data-wind")): int(nets.nth(i).get_attribute("data-value")) for i in range(nets.count())}
        assert shown_net == result.settlement.net
        for p in result.settlement.payments:
            cell = page.locator(f"#settlement tr[data-wind={p.payer.letter}] td[data-to={p.payee.letter}]")
            assert int(cell.get_attribute("data-value")) == p.amount


@pytest.mark.parametrize("kept", ["5", '{"player": 1}', '{"token": 7}', '"abc"', '{"token": "x", "pl'])
def test_a_kept_seat_of_another_shape_is_no_seat(live, kept, browser):
    """A seat kept in the browser that is not {token, player} (edited, cut off) was
    used as one (``seat.token`` undefined sent to the server): the page offers to sit
    down instead, as for a newcomer."""
    base, _server = live
    page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(base + "/")
    code = page.evaluate(
        "async () => (await (await fetch('/api/tables', {method: 'POST', body: JSON.stringify({name: 'Ann'})})).json()).code"
    )
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", ["mahjongg:seat:" + code, kept])
    page.goto(base + "/t/" + code)
    page.wait_for_selector("#join-form:not([hidden])")
    assert page.text_content("#conn") == "not seated"
    assert errors == []
