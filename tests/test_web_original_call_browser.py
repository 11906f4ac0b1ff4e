"""Original Call in the browser (headless Chromium via Playwright; skipped without it):
the button is offered at Ann's first turn, a tap declares it, and her seat shows
the public mark. The deal is tests/test_web_original_call.py's: DMJL, match seed
1722, Ann alone with three greedy bots; at her first turn (she sits South)
discarding 6 bamboo leaves her hand calling."""

from __future__ import annotations

import time

import pytest

pytest.importorskip("uvicorn")
sync_api = pytest.importorskip("playwright.sync_api", reason="the playwright package is not installed")

from browser_helpers import ARGS, CHROMIUM, LiveServer  # noqa: E402

pytestmark = [
    pytest.mark.skipif(CHROMIUM is None, reason="no chromium found (apt-get install chromium; .ci/run installs it)"),
    pytest.mark.filterwarnings("ignore::DeprecationWarning"),
]


def test_original_call_is_a_button_and_a_mark(tmp_path):
    srv = LiveServer(tmp_path / "oc.sqlite3", defaults={"bot_delay": 0.05, "claim_pause_seconds": 0.1})
    server = srv.server
    server.predictable = True  # as serve --seed: this table deals from its match seed
    server.new_seed = lambda: 1722
    try:
        with sync_api.sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
            try:
                ann = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
                errors = []
                ann.on("pageerror", lambda e: errors.append(str(e)))
                ann.goto(srv.base + "/")
                ann.fill("#create-name", "Ann")
                ann.select_option("#ruleset", "dmjl")
                ann.fill("#hands", "1")
                ann.click("#create-button")
                ann.wait_for_url("**/t/*")
                ann.click("#start")
                ann.wait_for_selector("#board:not([hidden])")
                deadline = time.monotonic() + 60
                oc = ann.locator("#actions button.act-original-call")
                while not oc.count():  # Ann passes every claim window until her first turn
                    assert time.monotonic() < deadline, "no Original Call button came"
                    passes = ann.locator("#actions button.act-pass")
                    if passes.count():
                        passes.first.click()
                    ann.wait_for_timeout(100)
                assert oc.count() == 1 and "Original Call, discarding" in oc.first.inner_text()
                assert oc.first.locator(".tile").first.get_attribute("aria-label")
                oc.first.click()
                ann.wait_for_selector(".seat .tag.called")
                assert ann.locator(".seat .tag.called").count() == 1
                assert ann.locator(".seat .tag.called").first.inner_text() == "Original Call"
                assert not errors, errors
                code = next(iter(server.tables))
                events = server.tables[code].game.events
                assert any(e.get("kind") == "original-call" and e.get("tile") == "6b" for e in events)
            finally:
                browser.close()
    finally:
        srv.stop()
