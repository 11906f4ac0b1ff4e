"""The terminal game's score screen (issue 17, "The terminal game"): readable at
80x24 -- every item's number on screen or reachable by scrolling, nothing cut,
no fragment of the table at its edges -- and at 160x50; it names who discarded
the winning tile, and says when the human's claim on it lost to a higher one.

The hands are real: bots play them (``mahjongg simulate --db``), and the app
shows one as its first, finished hand (its event log replayed by the engine).
"""

from __future__ import annotations

import asyncio
import json
import re

import pytest
from typer.testing import CliRunner

from mahjongg.cli import app as cli_app
from mahjongg.play.scorecard import score_card
from mahjongg.rules import get_ruleset
from mahjongg.rules.context import WinBy
from mahjongg.table import replay
from mahjongg.tiles import Wind
from mahjongg.tui.app import PlayApp, ResultScreen
from mahjongg.play.session import new_session
from mahjongg.tui.scorecard import lost_claims

from test_tui import wait_for_result

runner = CliRunner()


def stored_hands(tmp_path_factory, ruleset: str, games: int, seed: int) -> list[list[dict]]:
    """The event logs of ``games`` hands played by bots under ``ruleset``."""
    db = tmp_path_factory.mktemp(ruleset) / "hands.sqlite3"
    out = runner.invoke(cli_app, ["simulate", "--ruleset", ruleset, "--games", str(games), "--seed", str(seed), "--db", str(db)])
    assert out.exit_code == 0, out.output
    logs = []
    for gid in range(1, games + 1):
        got = runner.invoke(cli_app, ["replay", str(gid), "--db", str(db), "--json"])
        logs.append([json.loads(x) for x in got.output.splitlines() if x.strip()])
    return logs


@pytest.fixture(scope="module")
def many_items(tmp_path_factory):
    """The traditional hand of 60 (seed 11) whose winner scored the most items."""
    best = None
    for events in stored_hands(tmp_path_factory, "traditional", 60, 11):
        r = replay(events).result
        if r.winner is not None and (best is None or len(r.scores[r.winner].items) > best[0]):
            best = (len(r.scores[r.winner].items), events)
    assert best is not None and best[0] >= 6, best and best[0]
    return best[1]


def screen_lines(app) -> list[str]:
    """The terminal's rows as the app draws them now."""
    return ["".join(seg.text for seg in strip) for strip in app.screen._compositor.render_strips()]


async def every_row(pilot, app) -> list[str]:
    """Every row the score screen shows, scrolled from the top to the end a page at a time."""
    await pilot.press("home")
    await pilot.pause()
    seen = []
    scroller = app.screen.query_one("#result-scroll")
    for _ in range(40):
        seen += screen_lines(app)
        before = scroller.scroll_y
        await pilot.press("pagedown")
        await pilot.pause()
        if scroller.scroll_y == before:
            break
    return seen


def show(events, size, seat=Wind.EAST, check=None):
    """Open the app on the finished hand ``events`` at ``size``, human at ``seat``; ``check(pilot, app)``."""
    game = replay(events)
    ruleset = events[0]["ruleset"]

    async def run():
        session = new_session(ruleset=ruleset, bots=["greedy"] * 3, seat=seat, seed=1, hands=2, first_game=game)
        app = PlayApp(session, speed=0, claim_seconds=None, result_guard=0, auto_next=3600)
        async with app.run_test(size=size) as pilot:
            await wait_for_result(pilot, app)  # the finished hand's screen, mounted (not only pushed)
            assert isinstance(app.screen, ResultScreen)
            await check(pilot, app, game)

    asyncio.run(run())


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
def test_every_number_of_a_long_score_card_can_be_read(many_items, size):
    async def check(pilot, app, game):
        rows = await every_row(pilot, app)
        width = size[0]
        first = screen_lines(app)
        # the score screen covers the table: a border from edge to edge, no panel of the table
        assert first[0].startswith("╭") and first[0].rstrip().endswith("╮") and len(first[0].rstrip()) == width
        text = "\n".join(rows)
        assert "on your left" not in text and "to draw)" not in text  # the table's panels: "wall 58 (44 to draw)"
        assert "…" not in text  # no cell cut short
        r = game.result
        rules = get_ruleset("traditional")
        for seat in Wind:
            card = score_card(r.scores[seat], rules)
            assert card.summary in text
            for line in card.lines:
                value = [c for c in line.cells[:-1] if c][0] if any(line.cells[:-1]) else ""
                pattern = rf"{re.escape(line.name)}\s+{re.escape(value)}\s+{re.escape(line.cells[-1])}(\s|$)"
                assert any(re.search(pattern, row) for row in rows), f"{line.name} {line.cells} not readable"
        for s in Wind:
            assert f"{r.settlement.net[s]:+d}" in text

    show(many_items, size, check=check)


@pytest.fixture(scope="module")
def discarded_wins(tmp_path_factory):
    """Pung Chow hands won on a discard, from 80 played by bots (seed 5)."""
    found = []
    for events in stored_hands(tmp_path_factory, "pung-chow", 80, 5):
        win = replay(events).result.win
        if win is not None and win.by is WinBy.DISCARD:
            found.append(events)
    assert found
    return found


def _whose(app, seat: Wind) -> str:
    """How the score screen names the player at ``seat``: ``You (East)``, ``greedy 1 (South)``."""
    rec = app.session.last_record
    name = next(app.session.names[p] for p, w in rec.seats.items() if w == seat)
    return f"{name} ({seat.name.capitalize()})"


def test_the_score_screen_names_who_discarded_the_winning_tile(discarded_wins):
    events = discarded_wins[0]
    frm = Wind.parse(next(e["from"] for e in events if e.get("type") == "claim" and e.get("kind") == "mahjongg"))

    async def check(pilot, app, game):
        head = " ".join(x.strip(" │") for x in screen_lines(app)[1:4])
        assert f"discarded by {_whose(app, frm)}" in head, head

    show(events, (80, 24), check=check)


def _lost_on_the_winning_tile(events) -> Wind | None:
    """A seat that claimed the winning discard too (pung, chow, kong or Mah-Jongg) and lost it to the winner."""
    end = max(i for i, e in enumerate(events) if e.get("type") == "claim" and e.get("kind") == "mahjongg")
    start = max(i for i in range(end) if events[i].get("type") == "action" and events[i].get("kind") == "discard")
    winner = events[end]["seat"]
    for e in events[start + 1 : end]:
        if e.get("type") == "action" and e.get("kind") in ("chow", "pung", "kong", "mahjongg") and e["seat"] != winner:
            return Wind.parse(e["seat"])
    return None


def test_the_score_screen_says_when_your_claim_lost_to_a_higher_one(discarded_wins):
    found = next(((e, s) for e in discarded_wins if (s := _lost_on_the_winning_tile(e)) is not None), None)
    assert found is not None, "no hand of 80 where a claim on the winning tile lost"
    events, seat = found
    kind, tile, taker, _ = lost_claims(events, seat)[-1]

    async def check(pilot, app, game):
        assert app.session.human_seat == seat
        head = " ".join(x.strip(" │") for x in screen_lines(app)[1:5])
        claim = {"mahjongg": "Mah-Jongg"}.get(kind, kind)
        assert f"your {claim} of {tile} lost to {_whose(app, taker)}'s Mah-Jongg, a higher claim" in head, head

    show(events, (80, 24), seat=seat, check=check)

    async def nobody(pilot, app, game):  # a seat that did not claim it reads no such line
        assert "lost to" not in "\n".join(screen_lines(app))

    others = [w for w in Wind if w != seat and not lost_claims(events, w)]
    show(events, (80, 24), seat=others[0], check=nobody)


def test_lost_claims_read_from_the_event_log():
    # a window: E discards 5d; S claims pung, W claims Mah-Jongg; W takes it (docs/rules/table.md:
    # Mah-Jongg beats a pung)
    events = [
        {"type": "action", "kind": "discard", "seat": "E", "tile": "5d"},
        {"type": "action", "kind": "pung", "seat": "S", "tile": "5d"},
        {"type": "action", "kind": "mahjongg", "seat": "W", "tile": "5d"},
        {"type": "claim", "kind": "mahjongg", "seat": "W", "tile": "5d", "from": "E"},
        {"type": "action", "kind": "discard", "seat": "N", "tile": "2b"},
        {"type": "action", "kind": "pung", "seat": "S", "tile": "2b"},
        {"type": "claim", "kind": "pung", "seat": "S", "tile": "2b", "from": "N"},
    ]
    assert lost_claims(events, Wind.SOUTH) == [("pung", "5d", Wind.WEST, "mahjongg")]
    assert lost_claims(events, Wind.WEST) == []
