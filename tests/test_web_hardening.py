"""The browser server in front of strangers (issue 23, section 4).

* Looking tables up by code and joining are limited per client like creating
  tables (429 + Retry-After), so six-letter codes cannot be enumerated; a
  socket opened on a code counts as a look-up.
* A client is its IPv4 address, or its IPv6 /64: rotating addresses within a
  /64 buys no fresh budget.
* Behind a proxy: ``serve --proxy-headers --forwarded-allow-ips`` hands
  uvicorn's own proxy-header handling those settings (off by default), and
  with it each forwarded client has its own budget -- from a trusted proxy only.
* A client gone in the middle of a request body is one line in the log, no
  traceback.
* Every HTTP response has the security headers (CSP without inline script,
  no framing, nosniff, no referrer).
"""

from __future__ import annotations

import asyncio
import json
import logging
import warnings

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402
from typer.testing import CliRunner  # noqa: E402

from mahjongg.web import create_app  # noqa: E402
from mahjongg.web.app import CSP, client_key  # noqa: E402

from web_helpers import create  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def app_with(tmp_path, **limits):
    clock = Clock()
    return create_app(tmp_path / "t.sqlite3", limits=limits, clock=clock), clock


def test_looking_up_codes_is_limited_per_client(tmp_path):
    app, clock = app_with(tmp_path, lookup_burst=3, lookup_every=10.0)
    with TestClient(app) as c:
        code, _ = create(c)
        codes = [code, "AAAAAA", "BBBBBB"]
        assert [c.get(f"/api/tables/{x}").status_code for x in codes] == [200, 404, 404]
        r = c.get("/api/tables/CCCCCC")
        assert r.status_code == 429 and r.headers["Retry-After"] == "10"
        assert r.json() == {"error": "too many table look-ups from you; try again in 10 s"}
        # a socket on a code is a look-up too: refused with 4429, told why
        with c.websocket_connect(f"/ws/{code}") as ws:
            assert ws.receive_json()["message"].startswith("too many table look-ups from you")
        clock.now += 10  # one more look-up has come due
        assert c.get(f"/api/tables/{code}").status_code == 200
        assert c.get(f"/api/tables/{code}").status_code == 429


def test_joining_is_limited_per_client(tmp_path):
    app, clock = app_with(tmp_path, join_burst=2, join_every=5.0)
    with TestClient(app) as c:
        code, _ = create(c)
        assert c.post(f"/api/tables/{code}/join", json={"name": "Bo"}).status_code == 200
        assert c.post("/api/tables/ZZZZZZ/join", json={"name": "Cy"}).status_code == 404
        r = c.post(f"/api/tables/{code}/join", json={"name": "Di"})
        assert r.status_code == 429 and r.headers["Retry-After"] == "5"
        clock.now += 5
        assert c.post(f"/api/tables/{code}/join", json={"name": "Di"}).status_code == 200


def test_an_ipv6_client_is_its_64():
    assert client_key("2001:db8:1:2::1") == client_key("2001:db8:1:2:ffff:ffff:ffff:fffe") == "2001:db8:1:2::/64"
    assert client_key("2001:db8:1:3::1") != client_key("2001:db8:1:2::1")  # the next /64: another site
    assert client_key("127.0.0.1") != client_key("127.0.0.2")  # IPv4: the address
    assert client_key("::ffff:10.1.2.3") == "10.1.2.3"
    assert client_key("testclient") == "testclient"  # no address: kept as it is


def test_rotating_ipv6_addresses_buys_no_fresh_budget(tmp_path):
    app, _ = app_with(tmp_path, lookup_burst=2, lookup_every=60.0)
    with TestClient(app, client=("2001:db8::1", 5000)) as a:
        assert a.get("/api/tables/AAAAAA").status_code == 404
    with TestClient(app, client=("2001:db8::2", 5000)) as b:
        assert b.get("/api/tables/AAAAAA").status_code == 404
    with TestClient(app, client=("2001:db8::3", 5000)) as c:
        assert c.get("/api/tables/AAAAAA").status_code == 429
    with TestClient(app, client=("2001:db8:0:1::3", 5000)) as d:  # another /64
        assert d.get("/api/tables/AAAAAA").status_code == 404


def test_forwarded_clients_have_their_own_budgets_only_from_a_trusted_proxy(tmp_path):
    from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

    app, _ = app_with(tmp_path, lookup_burst=1, lookup_every=60.0)
    proxied = ProxyHeadersMiddleware(app, trusted_hosts="10.0.0.1")  # what serve --proxy-headers runs
    with TestClient(proxied, client=("10.0.0.1", 4000)) as proxy:
        for player in ("192.0.2.1", "192.0.2.2"):
            assert proxy.get("/api/tables/AAAAAA", headers={"X-Forwarded-For": player}).status_code == 404
        assert proxy.get("/api/tables/AAAAAA", headers={"X-Forwarded-For": "192.0.2.1"}).status_code == 429
    with TestClient(proxied, client=("198.51.100.7", 4000)) as stranger:  # not the proxy: the header is ignored
        assert stranger.get("/api/tables/AAAAAA", headers={"X-Forwarded-For": "192.0.2.9"}).status_code == 404
        assert stranger.get("/api/tables/AAAAAA", headers={"X-Forwarded-For": "192.0.2.10"}).status_code == 429


def test_serve_hands_the_proxy_settings_to_uvicorn(tmp_path, monkeypatch):
    import uvicorn

    from mahjongg.cli import serve as serve_module
    from mahjongg.cli.app import app as cli

    runs = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: runs.append(kw))
    monkeypatch.setattr(serve_module, "_check_listen", lambda host, port: None)
    db = str(tmp_path / "t.sqlite3")
    runner = CliRunner()
    assert runner.invoke(cli, ["serve", "--db", db]).exit_code == 0
    r = runner.invoke(cli, ["serve", "--db", db, "--proxy-headers", "--forwarded-allow-ips", "10.0.0.1,10.0.1.0/24"])
    assert r.exit_code == 0, r.output
    assert "X-Forwarded-For on requests from 10.0.0.1,10.0.1.0/24" in r.output
    assert runs[0]["proxy_headers"] is False  # off unless asked for (uvicorn's own default trusts 127.0.0.1)
    assert runs[1]["proxy_headers"] is True and runs[1]["forwarded_allow_ips"] == "10.0.0.1,10.0.1.0/24"
    # the trusted proxies without --proxy-headers would trust nobody: refused in one line, nothing served
    r = runner.invoke(cli, ["serve", "--db", db, "--forwarded-allow-ips", "1.2.3.4"])
    assert r.exit_code == 2 and r.output.count("\n") == 1 and "give --proxy-headers with it" in r.output, r.output
    assert len(runs) == 2
    assert runner.invoke(cli, ["serve", "--db", db, "--proxy-headers"]).exit_code == 0
    assert runs[2]["forwarded_allow_ips"] == "127.0.0.1"  # the default proxy: this machine


def test_a_client_gone_mid_body_is_one_line_in_the_log(tmp_path, caplog):
    app = create_app(tmp_path / "t.sqlite3")
    sent = []

    async def run() -> None:
        messages = iter([
            {"type": "http.request", "body": b'{"name": "An', "more_body": True},
            {"type": "http.disconnect"},
        ])

        async def receive():
            return next(messages)

        async def send(message):
            sent.append(message)

        scope = {
            "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST", "scheme": "http",
            "path": "/api/tables", "raw_path": b"/api/tables", "query_string": b"", "root_path": "",
            "headers": [(b"content-type", b"application/json"), (b"content-length", b"40")],
            "client": ("127.0.0.1", 5000), "server": ("127.0.0.1", 8000), "app": app, "state": {},
        }
        await app.router.lifespan_context(app).__aenter__()
        await app(scope, receive, send)

    with caplog.at_level(logging.DEBUG):
        asyncio.run(run())
    ours = [r for r in caplog.records if r.levelno >= logging.INFO]
    assert len(ours) == 1 and ours[0].exc_info is None, [r.getMessage() for r in ours]
    assert "went away before sending the whole request" in ours[0].getMessage()
    assert "\n" not in ours[0].getMessage()


@pytest.mark.parametrize("path", ["/", "/t/ABCDEF", "/score", "/static/table.js", "/static/tiles.html", "/api/rulesets", "/api/tables/NOSUCH"])
def test_every_response_has_the_security_headers(tmp_path, path):
    with TestClient(create_app(tmp_path / "t.sqlite3")) as c:
        r = c.get(path)
        assert r.headers["Content-Security-Policy"] == CSP
        assert "script-src 'self'" in CSP and "unsafe-inline" not in CSP and "frame-ancestors 'none'" in CSP
        assert r.headers["X-Frame-Options"] == "DENY"
        assert r.headers["X-Content-Type-Options"] == "nosniff"
        assert r.headers["Referrer-Policy"] == "no-referrer"


def test_no_page_has_an_inline_script_or_style():
    """What the CSP forbids, the pages do not have: every <script> has a src, no
    <style> element, no style= or on...= attribute in the HTML."""
    import re

    from browser_helpers import STATIC

    for page in sorted(STATIC.glob("*.html")):
        html = page.read_text()
        for tag in re.findall(r"<script\b[^>]*>", html):
            assert "src=" in tag, (page.name, tag)
        assert "<style" not in html, page.name
        assert not re.search(r"\s(style|on[a-z]+)\s*=", html), page.name
        json.dumps(html)  # (read as text)
