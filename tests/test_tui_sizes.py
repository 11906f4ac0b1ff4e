"""The terminal game at 80x24 (a stock terminal), 120x40 and 200x60 (issue 28).

The table is the one the issue reproduced: ``mahjongg play --seed 7``, the
human passing every claim and discarding the tile he drew, late in hand 2
(the wall at 23 or less), when a discard can be chowed. At each size
everything the human must act on is on screen -- his tiles, the claim
choices with their countdown, the hint's advice (claim or pass) -- and his
panel's bottom border with it (nothing is pushed below the footer); the log
grows with the terminal and the last claim is in view; the header names the
ruleset and its stakes; the score screen puts the winner's card first, then
the human's, and its button covers no row.

The session is played up to that moment without the app (the same engine
calls the app makes), then the app opens on it: a test takes seconds.
"""

from __future__ import annotations

import asyncio
import re

import pytest

from mahjongg.bots.advisor import claim_advice
from mahjongg.play.session import new_session
from mahjongg.table import Action, ActionKind, Phase
from mahjongg.tiles import Wind
from mahjongg.tui.app import PlayApp, ResultScreen
from mahjongg.tui.widgets import action_label

from test_tui import until, wait_for_result

K = ActionKind
SIZES = [(80, 24), (120, 40), (200, 60)]


def rows(app) -> list[str]:
    """The terminal's rows as the app draws them now."""
    return ["".join(seg.text for seg in strip) for strip in app.screen._compositor.render_strips()]


def seed_7(ruleset: str = "pung-chow", hands: int = 3):
    return new_session(ruleset=ruleset, bots=["greedy", "cautious", "greedy"], seat=Wind.EAST, seed=7, hands=hands)


def play_until(session, want, limit: int = 5000) -> None:
    """Play as the issue did -- pass every claim, discard the tile drawn -- until
    ``want(session)`` holds when the human must act; finished hands are recorded
    and the next dealt."""
    for _ in range(limit):
        if session.game.is_over:
            if want(session):
                return
            session.next_hand()
            continue
        legal = session.human_legal()
        if not legal:
            session.step_bot()
            continue
        if want(session):
            return
        obs = session.observation()
        passes = [a for a in legal if a.kind is K.PASS]
        if passes:
            session.act(passes[0])
        elif obs.drawn is not None and Action.discard(session.human_seat, obs.drawn) in legal:
            session.act(Action.discard(session.human_seat, obs.drawn))
        else:
            session.act(next(a for a in legal if a.kind is K.DISCARD))
    raise AssertionError("the moment wanted never came")


def late_claim(session) -> bool:
    """Hand 2, the wall at 23 or less, a discard the human may claim (a chow or a pung)."""
    obs = session.observation()
    kinds = {a.kind for a in session.human_legal()}
    return session.hand_number == 2 and obs.drawable <= 23 and obs.phase == Phase.CLAIMS and kinds & {K.CHOW, K.PUNG}


def open_app(session, size, check, **kw):
    async def go():
        app = PlayApp(session, speed=0, claim_seconds=15, result_guard=0, **kw)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await check(pilot, app)

    asyncio.run(go())


def my_panel(screen: list[str]) -> tuple[int, list[str]]:
    """Where the human's panel ends (the row of its bottom border) and its rows,
    from the border above his name to the one below the hint."""
    top = max(i for i, r in enumerate(screen) if r.startswith("╭") and any("· You ·" in x for x in screen[i + 1 : i + 3]))
    bottom = next(i for i in range(top + 1, len(screen)) if screen[i].startswith("╰"))
    return bottom, screen[top : bottom + 1]


@pytest.fixture(scope="module")
def late():
    """The issue's table: seed 7, late in hand 2, a claim open to the human. Played once;
    each test opens the app on a fresh copy of the session made the same way."""
    s = seed_7()
    play_until(s, late_claim)
    return s.observation().drawable, len(s.game.events)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_claim_choices_countdown_and_hint_are_on_screen(size, late):
    session = seed_7()
    play_until(session, late_claim)
    assert (session.observation().drawable, len(session.game.events)) == late  # the same deal, the same moment
    width, height = size

    async def check(pilot, app):
        legal = session.human_legal()
        await pilot.press("h")
        await until(pilot, lambda: "hint: best:" in "\n".join(rows(app)), "the hint is drawn")
        screen = rows(app)
        assert len(screen) == height and all(len(r) == width for r in screen)
        bottom, panel = my_panel(screen)
        text = "\n".join(panel)
        # every choice, numbered, and the countdown, in the human's panel
        for i, a in enumerate(app.query_one("#actions").actions, 1):
            assert f"{i} {action_label(a)}" in text, text
        assert {a for a in app.query_one("#actions").actions} == set(legal)
        assert re.search(r"discarded \S+: claim it .*  1[0-5]s", text), text
        # the hint leads with the advice: the advisor's best legal choice
        best = claim_advice(session.observation(), legal)[0]
        assert f"hint: best: {best.label}" in " ".join(" ".join(r.strip("│ ") for r in panel).split()), text
        # the panel is whole: its bottom border is the row above the footer, its right border drawn
        assert bottom == height - 2, "\n".join(screen)
        assert all(r.rstrip().endswith(("│", "╮", "╯")) for r in panel), text
        # the hand: every concealed tile's face
        hand = next(r for r in panel if re.search(r"\b1b\b|\b\d[bcd]\b", r) and "discards" not in r and "hint" not in r)
        assert hand.split("│")[1].split() == [str(t) for t in app.query_one("#hand").tiles]

    open_app(session, size, check)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_log_grows_with_the_terminal_and_keeps_the_last_claim(size, late):
    """Issue 28, item 2: the log kept 3 lines at every size; a player missed that
    East chowed his discard."""
    session = seed_7()
    play_until(session, late_claim)
    claims = [e for e in session.game.events if e.get("type") == "claim"]
    assert claims  # West chowed 8d from South before this discard (the capture)

    async def check(pilot, app):
        await pilot.pause()
        screen = rows(app)
        center = [r.strip("│ ") for r in screen if r.startswith("│") and "last discard" in r]
        top = next(i for i, r in enumerate(screen) if "last discard" in r)
        bottom = next(i for i in range(top, len(screen)) if screen[i].startswith("╰"))
        shown = [r.strip("│ ").strip() for r in screen[top:bottom]]
        assert center
        assert app.last_claim is not None and any(app.last_claim in r for r in shown), shown
        # the log fills the rows the table leaves (nearly all of them on a tall terminal)
        log_rows = len(shown) - 1
        assert log_rows == min(len(app.log_lines) + (app.last_claim not in app.log_lines[-log_rows:]), bottom - top - 1)
        if size[1] >= 40:
            assert log_rows >= size[1] - 26, shown

    open_app(session, size, check)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_score_screen_shows_the_winner_first_then_you(size):
    """Issue 28, item 3: the cards were in seat order, so winning as North put
    one's own card three pages down, and "Next hand (Enter)" covered the last
    row. Hand 1 of seed 7: South (greedy 1) wins; the human sits East."""
    session = seed_7()
    play_until(session, lambda s: s.game.is_over)
    r = session.game.result
    assert r.winner == Wind.SOUTH and session.human_seat == Wind.EAST

    async def check(pilot, app):
        screen_ = await wait_for_result(pilot, app)
        await pilot.pause()
        screen = rows(app)
        winner_row = next(i for i, row in enumerate(screen) if "South - greedy 1  MAH-JONGG" in row)
        assert winner_row < size[1] // 2, "\n".join(screen)  # on the first screen, near the top
        if size[0] < 110:  # one card under another: yours next
            assert next(row for row in screen[winner_row + 1 :] if re.search(r"│ (East|West|North) - ", row)).startswith("│ East - You")
        else:  # two a row: yours beside the winner's
            assert "East - You" in screen[winner_row]
        button = next(i for i, row in enumerate(screen) if "Next hand (Enter)" in row)
        assert button == size[1] - 3  # the row above the frame's bottom border, below the scroll area
        assert screen[button - 1].strip("│ ") == "" or not screen[button - 1].startswith("│ Next")
        assert isinstance(screen_, ResultScreen)
        # scrolled to the end, the last row of the account is above the button, not under it
        await pilot.press("end")
        await pilot.pause()
        end = rows(app)
        totals = [i for i, row in enumerate(end) if re.search(r"│ (You|greedy 1|cautious|greedy 2) +│ [ESWN] ", row)]
        assert totals and max(totals) < button

    open_app(session, size, check)


@pytest.mark.parametrize(
    "ruleset, stakes",
    [("pung-chow", "no limit"), ("pung-chow-limit", "limit 300 points"), ("hong-kong", "minimum 3 faan, limit 10 faan")],
)
def test_the_header_names_the_ruleset_and_its_stakes(ruleset, stakes):
    """Issue 28, item 4: a hong-kong table looked like Pung Chow. At 80 columns the
    ruleset's name stands for a title too long to fit."""
    from mahjongg.rules import get_ruleset

    rules = get_ruleset(ruleset)
    for size in ((80, 24), (200, 60)):
        session = seed_7(ruleset, hands=1)

        async def check(pilot, app, size=size):
            await pilot.pause()
            header = rows(app)[0].strip()
            titled = f"{rules.title} · {stakes} · Hand 1 · East round · wall "
            if not header.startswith(titled):  # the title does not fit: the name stands for it
                assert header.startswith(f"{rules.name} · {stakes} · Hand 1 · East round · wall "), header
                assert len(titled) + len("144 (130 to draw)") > size[0] - 2, header

        open_app(session, size, check)


def test_the_countdown_runs_on_under_the_keys_screen():
    """``?`` during a claim's countdown: the table's widgets are queried on the
    table's own screen (``App.query_one`` looks only at the screen on top, so a
    tick under the keys screen raised NoMatches and took the game down)."""
    from mahjongg.tui.app import KeysScreen

    session = seed_7()
    play_until(session, late_claim)

    async def check(pilot, app):
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, KeysScreen), "the keys screen is up")
        left = app._claim_left
        await until(pilot, lambda: app._claim_left <= left - 0.5, "two ticks of the countdown")
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, KeysScreen), "the keys screen is closed")
        # the countdown is shown in whole seconds rounded up: 14.5 s left still reads 15s
        await until(pilot, lambda: re.search(r"claim it .*  1[0-4]s", "\n".join(rows(app))), "the countdown shown past 15 s")
        text = "\n".join(rows(app))
        assert "Pass" in text, text
        assert session.observation().phase == Phase.CLAIMS and not app.errors

    open_app(session, (80, 24), check)


def test_the_score_screen_order_winner_then_you_then_the_rest():
    """Issue 28, item 3, as reported: West wins, you sit North -- West's card,
    then yours, then East and South in seat order."""
    from mahjongg.tui.scorecard import card_order

    E, S, W, N = Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH
    assert card_order([E, S, W, N], W, N) == [W, N, E, S]
    assert card_order([E, S, W, N], N, N) == [N, E, S, W]  # you won: yours first, once
    assert card_order([E, S, W, N], None, S) == [S, E, W, N]  # a drawn hand: yours first


def test_discards_that_do_not_fit_are_summarised_not_cut():
    """Issue 28, item 1: what does not fit is summarised. Twenty discards in two
    lines of 22 cells: the latest that fit, in order, after ``…N more`` (N the
    ones left out), and no line wider than the panel."""
    from rich.text import Text

    from mahjongg.tiles import TILES
    from mahjongg.tui.faces import flow_latest

    tiles = [str(TILES[i % 27]) for i in range(20)]
    lines = flow_latest(Text("discards:"), [Text(t) for t in tiles], 22, 2)
    words = " ".join(line.plain for line in lines).split()
    assert len(lines) == 2 and all(line.cell_len <= 22 for line in lines)
    assert words[:2] == ["discards:", words[1]] and re.fullmatch(r"…\d+", words[1]) and words[2] == "more"
    left_out = int(words[1][1:])
    assert words[3:] == tiles[left_out:]  # the latest, none cut
    # one more tile left in would not fit: the fewest are left out
    from mahjongg.tui.faces import _lead

    assert len(_lead(Text("discards:"), [Text(t) for t in tiles], left_out - 1, 22)) > 2


def panel_texts(screen: list[str]) -> list[str]:
    """The opponents' three panels side by side, each read as one line of text (their
    inner rows joined), from the row of their top borders down to their bottom borders."""
    top = next(i for i, r in enumerate(screen) if r.count("╭") == 3)
    starts = [m.start() for m in re.finditer("╭", screen[top])]
    ends = [m.start() for m in re.finditer("╮", screen[top])]
    out = []
    for a, b in zip(starts, ends):
        rows_ = []
        for r in screen[top + 1 :]:
            if r[a] == "╰":
                break
            rows_.append(r[a + 1 : b].strip(" │"))
        out.append(" ".join(rows_))
    return out


def tiles_read(words: list[str]) -> list[str]:
    """Tiles as the panel writes them, one by one (``5d``) or by suit (``1559d``)."""
    out = []
    for w in words:
        m = re.fullmatch(r"([1-9]+)([bcd])", w)
        out.extend([r + m.group(2) for r in m.group(1)] if m else [w])
    return out


def test_every_opponent_discard_is_on_screen_at_80x24(late):
    """Issue 39: at 80x24 the opponents' discards were cut to "…6 more 2d", so what is safe
    to let go could not be read. Late in hand 2 of the issue 28 table (seed 7, the wall at
    23 or less) every discard of each opponent is on screen, by suit when one by one they
    do not fit -- the same tiles as the observation's -- and the human's own panel with it."""
    session = seed_7()
    play_until(session, late_claim)
    obs = session.observation()
    me = session.human_seat

    async def check(pilot, app):
        screen = rows(app)
        assert len(screen) == 24 and all(len(r) == 80 for r in screen)
        assert "more" not in "\n".join(screen)
        bottom, _ = my_panel(screen)
        assert bottom < 23, "the human's panel is pushed under the footer"
        seen = {}
        for text in panel_texts(screen):
            wind = next(w for w in Wind if text.lstrip("▶ ").startswith(w.name.capitalize()))
            head, _, discards = text.partition("discards")
            seen[wind] = sorted(tiles_read(discards.removeprefix(" by suit").removeprefix(":").split()))
        want = {w: sorted(str(t) for t in obs.discards[w]) for w in Wind if w != me}
        assert seen == want
        assert any(len(v) > 12 for v in want.values())  # (more than fit one by one: the by-suit form is read)

    open_app(session, (80, 24), check)


def test_discards_one_by_one_else_by_suit_else_the_latest():
    """discard_lines: the discards one by one (in the order they came) when they fit the
    room; else all of them by suit in the hand notation, the open discard reversed; with
    ``cut`` (your own line, which must leave your tiles on screen) and too little room even
    for that, the latest after ``…N more``. Twenty discards (the 27 suit tiles in order,
    from 1b) in lines of 22 cells."""
    from types import SimpleNamespace

    from mahjongg.tiles import TILES
    from mahjongg.tui.widgets import discard_lines

    tiles = [TILES[i % 27] for i in range(20)]
    obs = SimpleNamespace(discards={Wind.WEST: tiles}, last_discarder=Wind.WEST, last_discard=tiles[-1])

    def words(lines):
        return " ".join(line.plain for line in lines).split()

    one_by_one = discard_lines(obs, Wind.WEST, False, 22, 9)
    assert words(one_by_one) == ["discards:"] + [str(t) for t in tiles] and len(one_by_one) <= 9
    assert len(discard_lines(obs, Wind.WEST, False, 22, 4)) == 4  # one by one: 4 + 7 + 7 + 2 tiles
    by_suit = discard_lines(obs, Wind.WEST, False, 22, 3)
    assert words(by_suit)[:3] == ["discards", "by", "suit:"]
    assert sorted(tiles_read(words(by_suit)[3:])) == sorted(str(t) for t in tiles)
    assert len(by_suit) <= 3 and all(line.cell_len <= 22 for line in by_suit)
    # the open discard (the last, 2d) reversed, once
    reversed_ = [by_suit[k].plain[s.start:s.end] for k in range(len(by_suit)) for s in by_suit[k].spans if "reverse" in str(s.style)]
    assert reversed_ == ["2"]
    # no room for all: without cut all the same (an opponent's panel grows), with cut the latest
    assert sorted(tiles_read(words(discard_lines(obs, Wind.WEST, False, 22, 1))[3:])) == sorted(str(t) for t in tiles)
    latest = words(discard_lines(obs, Wind.WEST, False, 22, 1, cut=True))
    assert latest[0] == "discards:" and re.fullmatch(r"…\d+", latest[1]) and latest[2] == "more"
    assert latest[3:] == [str(t) for t in tiles[int(latest[1][1:]):]]
