"""The browser's score sheet of a Hong Kong hand, in headless Chromium (issue 13,
"One score card"): each item of the winner's row reads "NAME: N faan" with the
faan ``score_hand`` gives it (it read "undefined points"), and the score reads as
the score card's summary. Driven as tests/test_web_browser.py drives a hand."""

from __future__ import annotations

import time

import pytest

pytest.importorskip("uvicorn")
pytest.importorskip("playwright.sync_api", reason="the playwright package is not installed")

from mahjongg.rules import Situation, get_ruleset  # noqa: E402
from mahjongg.scoring import score_hand  # noqa: E402
from mahjongg.tiles import Wind  # noqa: E402
from browser_helpers import LiveServer, wait_for_decision, wait_for_new_view  # noqa: E402
from test_web_browser import CHROMIUM, take_turn  # noqa: E402

pytestmark = [
    pytest.mark.skipif(CHROMIUM is None, reason="no chromium found (apt-get install chromium; .ci/run installs it)"),
    pytest.mark.filterwarnings("ignore::DeprecationWarning"),
]


@pytest.fixture
def live(tmp_path):
    """The real server, as tests/test_web_browser.py starts it, but with bots that move at
    once and no least claim pause: this test plays up to eight hands for one that is won
    (with seed 2 the first hand is: North wins it)."""
    srv = LiveServer(tmp_path / "e2e.sqlite3", defaults={"bot_delay": 0, "claim_pause_seconds": 0}, seed=2)
    yield srv.base, srv.server
    srv.stop()


def test_hong_kong_score_sheet_shows_each_items_faan(live, browser):
    base, server = live
    hk = get_ruleset("hong-kong")
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(base + "/")
    page.fill("#create-name", "Ann")
    page.select_option("#ruleset", "hong-kong")
    page.fill("#hands", "8")
    page.click("#create-button")
    page.wait_for_url("**/t/*")
    code = page.locator("#code").inner_text()
    page.click("#start")
    page.wait_for_selector("#hand button.tile")
    table = server.tables[code]
    # Ann, the only person at the table, is asked only when she can claim (her seat passes at
    # once elsewhere): the box that would choose otherwise is not shown
    assert page.locator("#auto-pass-box").is_hidden()
    deadline = time.monotonic() + 240
    for hand in range(8):
        while not page.locator("#result").is_visible():
            assert time.monotonic() < deadline, "the hands did not end in time"
            if take_turn(page, use_keys=False):
                wait_for_new_view(page)
            else:
                wait_for_decision(page)
        rec = table.match.records[-1]
        if rec.result.winner is not None:
            break
        page.click("#next")
        page.wait_for_function("() => document.getElementById('result').hidden")
    r = rec.result
    assert r.winner is not None, "no hand of eight was won"
    assert not errors, errors
    w = r.winner
    sc = score_hand(r.hands[w], hk, Situation(w, rec.round, r.win))
    row = page.locator(f"#scores tbody tr[data-wind={w.letter}]")
    items = row.locator("td[data-field=items] li")
    assert [items.nth(k).inner_text() for k in range(items.count())] == [f"{i.name}: {i.faan} faan" for i in sc.items]
    score = row.locator("td[data-field=score]")
    assert score.inner_text() == f"score: {sc.score} ({sc.faan} faan)"
    assert int(score.get_attribute("data-value")) == sc.score
    assert "undefined" not in page.locator("#result").inner_text()
