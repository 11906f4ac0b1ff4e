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
import signal

import pytest

# pytest-xdist starts its workers with COLUMNS=80 in their environment, and a Rich console
# made with COLUMNS set keeps that width for good: the CLI's consoles, made when mahjongg.cli
# is first imported, would print every later test's tables at 80 columns. Tests that need a
# width set COLUMNS for their own run (CliRunner's env), as on one process.
os.environ.pop("COLUMNS", None)

# The slowest files first. pytest-xdist (--dist loadfile, pyproject.toml) hands each worker a
# whole file at a time in collection order (--no-loadscope-reorder: not its default order, the
# files with the most tests first, which put the long browser files, few tests each, last).
# Longest first, a worker that finishes early takes the next long file and both end on short
# ones -- not one idle while the other runs a browser file for a minute. Roughly slowest first
# (seconds in the run that took the tests 4 min 55 s, .ci/run at load ~1, 2026-12-06; the rest
# from tests' --durations); an unlisted file runs after these, in name order. Only the order of
# the files changes, never what runs.
SLOW_FIRST = (
    "test_web_score_page.py",  # 85 s
    "test_web_layout.py",  # 66
    "test_web_replay_browser.py",  # 59
    "test_rl_planes.py",  # 52
    "test_bots_table_options.py",  # 51
    "test_table_invariants.py",
    "test_shanten.py",  # 42
    "test_web_server.py",
    "test_simulate_journal.py",
    "test_tui_score_screen.py",
    "test_web_views.py",
    "test_ray_backend.py",
    "test_rl_example.py",
    "test_web_restart.py",
    "test_rl.py",
    "test_tui_resume.py",
    "test_rl_inputs.py",
    "test_tui_keys.py",
    "test_tui_watch.py",
    "test_web_browser.py",
    "test_scorecard_browser.py",
    "test_web_hint.py",
    "test_claims_all.py",
    "test_cli.py",
    "test_decomposition.py",
    "test_table_hardening.py",
    "test_tui_kill.py",
    "test_web_csp_browser.py",
    "test_tui.py",
    "test_web_narration.py",
    "test_cli_messages.py",
    "test_play_lock.py",
    "test_table_observation_lazy.py",
    "test_scorecard.py",
    "test_tui_rulesets.py",
    "test_web_original_call_browser.py",
    "test_tui_claims_kongs.py",
    "test_rl_claims.py",
)


def pytest_collection_modifyitems(config, items):
    rank = {name: i for i, name in enumerate(SLOW_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(rank)))  # stable: a file's tests keep their order


@pytest.fixture(autouse=True)
def _sigint_left_as_found():
    """A test (or the library code it runs) must not leave Ctrl-C ignored: an ignored
    SIGINT is inherited by every command a later test starts, which then
    cannot be stopped (test_simulate_journal's Ctrl-C test played on once in a full
    run). The handler is put back, and the test that left it ignored fails, named."""
    before = signal.getsignal(signal.SIGINT)
    yield
    after = signal.getsignal(signal.SIGINT)
    if after is signal.SIG_IGN and before is not signal.SIG_IGN:
        signal.signal(signal.SIGINT, before)
        pytest.fail(f"the test left SIGINT's handler {after!r} (it was {before!r})")


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
