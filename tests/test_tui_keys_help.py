"""The terminal game's keys and words (issue 17, "The terminal game"): on your own
turn ``k`` and ``m`` say why they are not possible; the footer lists every key
that works now (claims included) and ``?`` shows them all; the log names the
human one way throughout; tile glyphs are shown only where the terminal draws
them as wide as they are counted (else it says so)."""

from __future__ import annotations

import asyncio
import os
import re
import sys
import threading
from collections import Counter

import pytest

from mahjongg.decomposition import is_complete
from mahjongg.table import ActionKind
from mahjongg.tiles import Wind
from mahjongg.tui.app import KeysScreen, PlayApp, describe_event
from mahjongg.tui.faces import GLYPH_SAMPLES, glyph_trouble, terminal_cell_widths
from mahjongg.play.session import new_session
from mahjongg.tui.reasons import KEYS

from test_tui import screen_shown, until

K = ActionKind


def rows(app) -> list[str]:
    return ["".join(seg.text for seg in strip) for strip in app.screen._compositor.render_strips()]


def footer(app) -> str:
    return rows(app)[-1]


def prompt(app) -> str:
    return str(app.query_one("#prompt").render())


def reason(app) -> str:
    """Why the last key did nothing: the prompt's line under what to do (issue 39: it
    replaced "your turn" and stayed); empty when there is none."""
    first, _, note = prompt(app).partition("\n")
    return note


def run(seed, check, size=(120, 40), seat=Wind.EAST, **kw):
    async def go():
        session = new_session(ruleset="pung-chow", bots=["greedy", "cautious", "greedy"], seat=seat, seed=seed, hands=1)
        app = PlayApp(session, speed=0, claim_seconds=None, result_guard=0, **kw)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await check(pilot, app, session)

    asyncio.run(go())


async def to(pilot, app, session, want, limit=400, each=None):
    """Play the human's seat simply (pass claims, discard the drawn tile) until
    ``want(session)``; ``each(app)`` after every step."""
    for _ in range(limit):
        await pilot.pause()
        if each is not None:
            each(app)
        if want(session):
            return True
        if session.game.is_over:
            return False
        legal = session.human_legal()
        if not legal:
            await pilot.pause(0.01)
        elif session.game.phase == "claims":
            await pilot.press("x")
        elif any(a.kind is K.DISCARD for a in legal):
            await pilot.press("enter")
        else:
            await pilot.press("1")
    return False


def _own_turn_without(kinds):
    def want(session):
        legal = session.human_legal()
        return session.game.phase == "turn" and legal and not ({a.kind for a in legal} & kinds)
    return want


def test_k_and_m_on_your_own_turn_say_why_not():
    async def check(pilot, app, session):
        assert await to(pilot, app, session, _own_turn_without({K.MAHJONGG, K.KONG, K.CONCEALED_KONG, K.ADD_KONG}))
        obs = session.observation()
        held = Counter(obs.concealed)
        # the hand decides the words: no four of a kind held, not complete
        assert max(held.values()) < 4
        counts = [0] * 34
        for t, n in held.items():
            counts[int(t)] = n
        assert not is_complete(counts)
        await pilot.press("k")
        await pilot.pause()
        assert reason(app).startswith("no kong: you hold no four of a kind"), prompt(app)
        assert prompt(app).startswith("your turn: choose a tile")  # what to do stays in sight
        await pilot.press("m")
        await pilot.pause()
        sets = 4 - len(obs.melds[obs.seat])
        # issue 28, item 5: what the concealed tiles still need, not what they hold
        assert reason(app) == f"no Mah-Jongg: your concealed tiles do not yet make the {sets} sets and a pair a win needs"
        # issue 28, item 10: w in a ruleset without washing says so (it did nothing)
        await pilot.press("w")
        await pilot.pause()
        assert reason(app) == "no washing: Pung Chow (Harr 1922, Part I) has no washing of the tiles"
        # o (Original Call, the league rules' declaration) said nothing at all: now it says why
        await pilot.press("o")
        await pilot.pause()
        assert reason(app) == "no Original Call: Pung Chow (Harr 1922, Part I) has no such declaration"
        assert session.human_legal() and session.game.phase == "turn"  # nothing was played
        # issue 39: the reason stood in place of "your turn" and stayed; now it goes with the next key that acts
        await pilot.press("left")
        await pilot.pause()
        assert reason(app) == "" and prompt(app).startswith("your turn: choose a tile"), prompt(app)

    run(3, check)


def test_claim_keys_say_why_when_the_discard_cannot_be_claimed():
    checked = []

    async def check(pilot, app, session):
        def claims_without_pung(s):
            kinds = {a.kind for a in s.human_legal()}
            return s.game.phase == "claims" and K.PASS in kinds and K.PUNG not in kinds
        if not await to(pilot, app, session, claims_without_pung):
            return  # not in this hand: the next seed
        obs = session.observation()
        await pilot.press("p")
        await pilot.pause()
        n = Counter(obs.concealed)[obs.last_discard]
        assert reason(app) == f"no pung of {obs.last_discard}: you hold {n} of it, a pung takes two"
        await pilot.press("k")
        await pilot.pause()
        assert reason(app) == f"no kong of {obs.last_discard}: you hold {n} of it, a kong on a discard takes three"
        assert session.game.phase == "claims"  # nothing was played
        checked.append(1)

    for seed in range(1, 13):  # a hand with a claim window (a chow, a Mah-Jongg) without a pung
        run(seed, check)
        if checked:
            break
    assert checked


def test_the_footer_lists_the_keys_that_work_now_and_question_mark_lists_them_all():
    async def check(pilot, app, session):
        # your own turn: choose and discard
        assert await to(pilot, app, session, lambda s: s.game.phase == "turn" and bool(s.human_legal()))
        await pilot.pause()
        row = footer(app)
        assert "←→ Select" in row and "Discard" in row and "Pass" not in row and "Pung" not in row, row
        # a claim window: the claims and the number keys, no discard
        assert await to(pilot, app, session, lambda s: s.game.phase == "claims" and len(s.human_legal()) > 1)
        await pilot.pause()
        row = footer(app)
        legal = {a.kind for a in session.human_legal()}
        words = {K.PUNG: "p Pung", K.CHOW: "c Chow", K.KONG: "k Kong", K.MAHJONGG: "m Mah-Jongg", K.PASS: "x Pass"}
        for kind, label in words.items():
            assert (label in row) == (kind in legal), (label, row)
        n = len(app.query_one("#actions").actions)
        assert f"1-{n} Choose" in row and "Discard" not in row, row
        assert len(row.rstrip()) <= 120
        # ? lists every key
        await pilot.press("question_mark")
        await until(pilot, lambda: screen_shown(app, KeysScreen, "#keys"), "the keys screen is shown")
        assert isinstance(app.screen, KeysScreen)
        shown = "\n".join(rows(app))
        for key, what in KEYS:
            assert key in shown and what in shown
        for binding in PlayApp.BINDINGS:
            for key in binding.key.split(","):
                name = {"question_mark": "?", "enter": "Enter", "space": "space", "left": "←", "right": "→"}.get(key, key)
                assert name in shown, key
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, KeysScreen)

    run(3, check)


def test_the_footer_fits_80_columns():
    async def check(pilot, app, session):
        assert await to(pilot, app, session, lambda s: s.game.phase == "claims" and len(s.human_legal()) > 1)
        await pilot.pause()
        row = footer(app)
        assert "Save & quit" in row and "Keys" in row, row
        # the whole table in 24 rows at the claim: your panel closes right above the footer
        assert rows(app)[-2].startswith("╰") and rows(app)[-2].rstrip().endswith("╯"), "\n".join(rows(app))
        assert any("1 Pung" in r or "1 Chow" in r or "1 Mah-Jongg" in r or "1 Kong" in r for r in rows(app))

    run(3, check, size=(80, 24))


def test_the_log_names_the_human_one_way():
    async def check(pilot, app, session):
        seen = []
        await to(pilot, app, session, lambda s: s.game.is_over, each=lambda a: seen.extend(x for x in a.log_lines if x not in seen))
        me = session.human_seat
        lines = [describe_event(e, me) for e in session.game.events]
        lines = [x for x in lines if x]
        name = me.name.capitalize()
        mine = [x for x in lines if name in x]
        assert mine and any("draws" in x for x in mine) and any("discards" in x for x in mine)
        for x in lines + seen:
            assert not re.match(r"you\b", x), x  # not "you draw 5c" beside "East discards 5c"
            for hit in re.finditer(rf"\b{name}\b", x):
                assert x[hit.end():].startswith(" (you)"), x

    run(3, check)


# --- glyphs -----------------------------------------------------------------------------
def test_glyphs_off_where_the_terminal_draws_them_another_width():
    wide = {ch: 2 for ch in GLYPH_SAMPLES}  # a terminal drawing every tile glyph two cells wide

    async def check(pilot, app, session):
        await pilot.press("g")
        await pilot.pause()
        assert not app.glyphs
        assert reason(app).startswith("no glyphs: this terminal draws"), prompt(app)

    run(3, check, glyph_widths=wide)

    async def on(pilot, app, session):
        await pilot.press("g")
        await pilot.pause()
        assert app.glyphs
        # every row of the table is as wide as the terminal, glyphs and all
        assert all(len(r) == 120 for r in rows(app))

    from rich.cells import cell_len

    run(3, on, glyph_widths={ch: cell_len(ch) for ch in GLYPH_SAMPLES})
    assert glyph_trouble(None) is None


def test_glyph_widths_are_measured_with_the_cursor_position_report(monkeypatch):
    """A pseudo-terminal answers each ``ESC [6n`` with the column the glyph
    moved the cursor to, as a terminal drawing tile glyphs two cells wide would."""
    pytest.importorskip("termios")
    master, slave = os.openpty()
    tty_file = os.fdopen(slave, "r+b", buffering=0)
    monkeypatch.setattr(sys, "stdin", tty_file)
    monkeypatch.setattr(sys, "stdout", tty_file)
    asked = []

    def terminal():
        buf = b""
        while len(asked) < len(GLYPH_SAMPLES):
            buf += os.read(master, 64)
            while b"\x1b[6n" in buf:
                before, _, buf = buf.partition(b"\x1b[6n")
                asked.append(before)
                os.write(master, b"\x1b[5;3R")  # column 3: the glyph took two cells

    t = threading.Thread(target=terminal, daemon=True)
    t.start()
    widths = terminal_cell_widths(GLYPH_SAMPLES, timeout=2)
    t.join(2)
    os.close(master)
    tty_file.close()
    assert widths == {ch: 2 for ch in GLYPH_SAMPLES}
    assert [a.decode()[-1] for a in asked] == list(GLYPH_SAMPLES)
    assert "no glyphs" in glyph_trouble(widths)
