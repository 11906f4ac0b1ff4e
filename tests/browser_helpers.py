"""What the Chromium tests share: the browser (Debian's /usr/bin/chromium, driven by
Playwright), its flags, the static files."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

try:
    from playwright import sync_api
except ImportError:  # the browser tests skip
    sync_api = None

CHROMIUM = os.environ.get("MAHJONGG_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
ARGS = [
    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-default-apps", "--disable-extensions", "--metrics-recording-only", "--mute-audio",
]
STATIC = Path(__file__).resolve().parent.parent / "src" / "mahjongg" / "web" / "static"


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LiveServer:
    """The real server (uvicorn) on a loopback port, in a thread of this process:
    ``base`` its address, ``server`` the app's :class:`~mahjongg.web.app.Server`."""

    def __init__(self, db, **app_kw) -> None:
        import threading
        import time

        import uvicorn

        from mahjongg.web import create_app

        app = create_app(db, **app_kw)
        self.port = free_port()
        self.uvicorn = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning", ws_max_size=65536))
        self.thread = threading.Thread(target=self.uvicorn.run, daemon=True)
        self.thread.start()
        for _ in range(200):
            if self.uvicorn.started:
                break
            time.sleep(0.05)
        assert self.uvicorn.started, "the server did not start"
        self.base = f"http://127.0.0.1:{self.port}"
        self.server = app.state.server

    def stop(self) -> None:
        self.uvicorn.should_exit = True
        self.thread.join(10)


def close_contexts(browser) -> None:
    """Close every context (its pages, sockets, storage) a test opened on the shared
    Chromium: what the test leaves is gone before the next one starts."""
    for context in list(browser.contexts):
        context.close()


# --- waiting on the table page (static/table.js) for what it shows, not for a time ------
# The page draws every state the server sends afresh (render(): the wall count's element
# among them, drawn nowhere else); a decision is a button in #actions, a tile that may be
# discarded, or the score sheet.
DECISION = """() => !document.getElementById('result').hidden
    || !!document.querySelector('#actions button.act, #hand button.tile:not([disabled])')"""


def mark_view(page) -> None:
    """Mark the view the page shows now (call it before acting on it)."""
    page.evaluate("() => { const w = document.getElementById('wall-count'); if (w) w.dataset.seen = '1'; }")


def wait_for_new_view(page, timeout_ms: float = 1500) -> bool:
    """Wait until the page draws a view newer than the one :func:`mark_view` marked (the
    server's answer to an act: every act is answered with a view), or shows the score
    sheet; False if none came in ``timeout_ms`` (an act the page itself kept back: it
    sends one act per view)."""
    try:
        page.wait_for_function(
            """() => { const w = document.getElementById('wall-count');
                return !w || !w.dataset.seen || !document.getElementById('result').hidden; }""",
            timeout=timeout_ms,
        )
        return True
    except sync_api.TimeoutError:
        return False


def wait_for_decision(page, timeout_ms: float = 1000) -> bool:
    """Wait until the page offers a decision or shows the score sheet; False if neither in ``timeout_ms``."""
    try:
        page.wait_for_function(DECISION, timeout=timeout_ms)
        return True
    except sync_api.TimeoutError:
        return False


# --- what a person would see: nothing cut, nothing covered ------------------------------------
LAYOUT_FAULTS = """([sel, whole]) => {
    // Each visible element matching sel that is cut -- by the screen's edges, or by a box
    // that clips what overflows it (a scroll box): sideways always, up and down only when
    // whole (what must be in sight without scrolling) -- or covered at its centre by another
    // element (a tap there would miss it, the eye would not see it).
    const bad = [], W = innerWidth, H = innerHeight, eps = 0.5;
    const label = el => (el.id ? '#' + el.id : el.tagName.toLowerCase() + (typeof el.className === 'string' && el.className ? '.' + el.className.trim().split(/\\s+/).join('.') : ''))
        + ' "' + (el.getAttribute('aria-label') || el.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 30) + '"';
    for (const el of document.querySelectorAll(sel)) {
        const r = el.getBoundingClientRect();
        if (!r.width || !r.height || !el.checkVisibility({ visibilityProperty: true })) continue;  // (in a closed <details> too)
        const box = { left: 0, right: W, top: 0, bottom: H };
        for (let a = el.parentElement; a && a !== document.documentElement; a = a.parentElement) {
            const s = getComputedStyle(a), q = a.getBoundingClientRect();
            if (s.overflowX !== 'visible') { box.left = Math.max(box.left, q.left + a.clientLeft); box.right = Math.min(box.right, q.left + a.clientLeft + a.clientWidth); }
            if (s.overflowY !== 'visible') { box.top = Math.max(box.top, q.top + a.clientTop); box.bottom = Math.min(box.bottom, q.top + a.clientTop + a.clientHeight); }
        }
        const at = ' at ' + [r.left, r.top, r.right, r.bottom].map(Math.round) + ' in ' + [box.left, box.top, box.right, box.bottom].map(Math.round);
        if (r.left < box.left - eps || r.right > box.right + eps) { bad.push(label(el) + ': cut sideways,' + at); continue; }
        if (whole && (r.top < box.top - eps || r.bottom > box.bottom + eps)) { bad.push(label(el) + ': out of sight,' + at); continue; }
        const x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
        // scrolled out of its scroll box (allowed when not whole), or half out: its centre on the
        // box's edge, where elementFromPoint finds what lies beyond the box (the hand panel below)
        if (y < box.top + eps || y > box.bottom - eps) continue;
        const hit = document.elementFromPoint(x, y);
        if (!hit || !(el === hit || el.contains(hit))) bad.push(label(el) + ': covered by ' + (hit ? label(hit) : 'nothing') + ',' + at);
    }
    if (document.documentElement.scrollWidth > W + eps) bad.push('the page is ' + document.documentElement.scrollWidth + ' px wide on a screen of ' + W);
    return bad;
}"""


def layout_faults(page, selector: str, whole: bool = True) -> list[str]:
    """What of the elements matching ``selector`` a person could not see whole: cut by the
    screen's edges or a clipping (scroll) box -- sideways always, up and down only if
    ``whole`` (all of it in sight without scrolling) -- or covered at its centre by another
    element; and whether the page is wider than the screen. An empty list: nothing."""
    return page.evaluate(LAYOUT_FAULTS, [selector, whole])
