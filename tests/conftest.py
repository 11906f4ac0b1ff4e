"""Fixtures every test module may ask for by name.

``browser``: headless Chromium (Debian's, driven by Playwright; flags in
browser_helpers.py). One Chromium is started per test module and shared by its
tests -- starting one took about a second a test -- and every context a test
opens (its pages, sockets, cookies and storage) is closed when the test ends,
so no test sees another's. Ask for ``browser`` after the fixture of the server
the test talks to: fixtures end in the reverse order, the pages before the
server. Skips without Chromium or Playwright."""

from __future__ import annotations

import os

import pytest

# pytest-xdist starts its workers with COLUMNS=80 in their environment, and a Rich console
# made with COLUMNS set keeps that width for good: the CLI's consoles, made when mahjongg.cli
# is first imported, would print every later test's tables at 80 columns. Tests that need a
# width set COLUMNS for their own run (CliRunner's env), as on one process.
os.environ.pop("COLUMNS", None)


@pytest.fixture(scope="module")
def chromium():
    from browser_helpers import ARGS, CHROMIUM, sync_api

    if CHROMIUM is None or sync_api is None:
        pytest.skip("needs chromium and playwright (apt-get install chromium; .ci/run installs it)")
    with sync_api.sync_playwright() as pw:
        shared = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        try:
            yield shared
        finally:
            shared.close()


@pytest.fixture
def browser(chromium):
    from browser_helpers import close_contexts

    yield chromium
    close_contexts(chromium)
