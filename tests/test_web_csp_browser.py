"""Every page works in Chromium under the server's Content-Security-Policy (issue 23,
section 4): the lobby creates a table, the table page connects over its WebSocket and
shows the hand, the scoring page scores and exports its CSV, the tiles page draws every
tile -- and Chromium reports no CSP violation and no script error on any of them.
The CSV export writes a player called ``=HYPERLINK(...)`` as text, not as a formula
(OWASP, "CSV Injection": a cell starting with = + - @ gets a leading ')."""

from __future__ import annotations

import csv
import io

import pytest

pytest.importorskip("uvicorn")
sync_api = pytest.importorskip("playwright.sync_api", reason="the playwright package is not installed")

from browser_helpers import CHROMIUM, LiveServer, close_contexts  # noqa: E402

pytestmark = [
    pytest.mark.skipif(CHROMIUM is None, reason="no chromium found (apt-get install chromium)"),
    pytest.mark.filterwarnings("ignore::DeprecationWarning"),
]


def watch(page, problems: list) -> None:
    page.on("pageerror", lambda e: problems.append(f"error: {e}"))
    # (a 400 the scoring page gets for a hand still being typed is the page at work, not a problem)
    page.on("console", lambda m: problems.append(m.text) if "Content Security Policy" in m.text else None)


def test_every_page_works_under_the_csp(tmp_path, browser):
    srv = LiveServer(tmp_path / "csp.sqlite3", defaults={"bot_delay": 0.05, "claim_pause_seconds": 0.1}, seed=77)
    try:
        problems: list[str] = []
        page = browser.new_context(viewport={"width": 1280, "height": 800}, accept_downloads=True).new_page()
        watch(page, problems)
        # the lobby: create a table (its script runs, its API answers)
        page.goto(srv.base + "/")
        page.wait_for_selector("#ruleset option", state="attached")
        page.fill("#create-name", "Ann")
        page.click("#create-button")
        page.wait_for_url("**/t/*")
        # the table page: over its WebSocket, start with three bots and see the hand
        page.wait_for_selector("#start:not([hidden])")
        page.click("#start")
        page.wait_for_selector("#hand .tile")
        assert page.locator("#hand .tile").count() >= 13
        # the scoring page: a hand scored, and the CSV of a player named as a formula
        page.goto(srv.base + "/score")
        page.wait_for_selector("#palette .tile")
        page.click("#players-box summary")
        for i, name in enumerate(["=HYPERLINK(\"http://x\")", "+1", "@me", "Di"]):
            page.fill(f"#player-{i}", name)
        page.fill("#notation", "[WhWhWh] [444b] GGG 888c 55d")
        with page.expect_download() as download:
            page.click("#csv")
        rows = list(csv.reader(io.StringIO(open(download.value.path(), encoding="utf-8").read())))
        assert rows[0][5:] == [
            "'=HYPERLINK(\"http://x\") score", "'=HYPERLINK(\"http://x\") net", "'=HYPERLINK(\"http://x\") total",
            "'+1 score", "'+1 net", "'+1 total", "'@me score", "'@me net", "'@me total",
            "Di score", "Di net", "Di total",
        ]
        # the tiles page: every face drawn by its (now external) script
        page.goto(srv.base + "/static/tiles.html")
        page.wait_for_selector("#tiles figure")
        assert page.locator("#tiles figure svg").count() == page.locator("#tiles figure").count() > 40
        assert problems == []
    finally:
        close_contexts(browser)  # the pages before the server
        srv.stop()


def test_two_humans_see_the_same_claim_pause_in_the_browser(tmp_path, browser):
    """After a discard both humans are in the claim pause: the same words on both pages,
    each with its own choices -- none (and no countdown) where he cannot claim, for his
    seat passes at once (issue 39). The "pass at once when I cannot claim" box is shown
    (two people at the table), ticked, says what it does, and unticking it tells the server."""
    import json

    srv = LiveServer(tmp_path / "pause.sqlite3", defaults={"bot_delay": 0.3, "claim_pause_seconds": 0.5}, seed=8)
    try:
        problems: list[str] = []
        pages = [browser.new_context(viewport={"width": 1280, "height": 800}).new_page() for _ in range(2)]
        for page in pages:
            watch(page, problems)
            page.goto(srv.base + "/")
        ann, bob = pages
        made = ann.request.post(srv.base + "/api/tables", data=json.dumps({"name": "Ann", "bots": ["greedy", "greedy"]}),
                                headers={"Content-Type": "application/json"}).json()
        code = made["code"]
        joined = bob.request.post(srv.base + f"/api/tables/{code}/join", data=json.dumps({"name": "Bob"}),
                                  headers={"Content-Type": "application/json"}).json()
        for page, seat in ((ann, made), (bob, joined)):
            page.evaluate("([c, t]) => saveToken(c, { token: t.token, player: t.player })", [code, seat])
            page.goto(srv.base + "/t/" + code)
        ann.wait_for_selector("#start:not([hidden])")
        ann.click("#start")
        table = srv.server.tables[code]
        both = None
        for _ in range(400):  # play on (pass, or discard the tile drawn) until both are in one pause unasked
            texts = [p.text_content("#prompt") or "" for p in pages]
            if all(t.startswith("Claim pause on") for t in texts) and not any(p.locator("#actions button.act").count() for p in pages):
                both = texts
                break
            for p in pages:
                if p.locator("#actions button.act-pass").count() and p.text_content("#prompt").startswith("Claim pause"):
                    p.locator("#actions button.act-pass").click()
                elif p.locator("#hand button.tile.drawn:not([disabled])").count():
                    p.locator("#hand button.tile.drawn").click()
                    p.locator("#hand button.tile.drawn").click()
            ann.wait_for_timeout(50)
        assert both is not None, "no pause found with both humans in it"
        assert both[0] == both[1] and both[0].endswith("(waiting for the table)") and " s left" not in both[0], both
        assert ann.locator("#auto-pass-box").is_visible() and ann.is_checked("#auto-pass")
        assert "asked only when you can claim" in ann.text_content("#auto-pass-box")
        ann.uncheck("#auto-pass")
        for _ in range(50):
            if not table.seats[0].auto_pass:
                break
            ann.wait_for_timeout(100)
        assert not table.seats[0].auto_pass
        assert problems == []
    finally:
        close_contexts(browser)  # the pages before the server
        srv.stop()
