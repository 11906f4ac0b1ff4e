"""`mahjongg play --bots 4`: four bots watched to the end of a match."""

from __future__ import annotations

import asyncio
import re
import time

from textual.widgets import Button, Static

from mahjongg.rules import PUNG_CHOW
from mahjongg.table import Game
from mahjongg.tiles import Wind
from mahjongg.tui.app import PlayApp, ResultScreen, describe_event
from mahjongg.play.session import distinct_names, new_session
from mahjongg.tui.widgets import HandView

from test_tui import text_of, until, wait_for_result

MATCH_SECONDS = 120  # generous: two hands of bots take a few seconds on an idle machine


def test_four_bots_watched_to_the_end_of_the_match():
    from mahjongg.bots import make_bot

    async def run():
        bots = [make_bot(n, i) for i, n in enumerate(("greedy", "cautious", "random", "greedy"))]
        session = new_session(ruleset=PUNG_CHOW.name, bots=bots, names=["g1", "c", "r", "g2"], seat=None, seed=4, hands=2)
        app = PlayApp(session, speed=0, claim_seconds=None, auto_next=0.01, result_guard=0)
        async with app.run_test(size=(100, 32)) as pilot:
            await until(pilot, lambda: session.match_over, "the two hands are played", MATCH_SECONDS)
            assert len(session.match.records) == 2
            await wait_for_result(pilot, app)  # the last hand's screen, mounted (not only pushed)
            assert isinstance(app.screen, ResultScreen) and app.screen.final
            shown = text_of(app.screen.body)
            assert "The match is over. Final totals:" in shown
            assert not app.screen.check_action("next", ())
            await pilot.press("enter")  # nothing more to deal
            assert isinstance(app.screen, ResultScreen)

    asyncio.run(run())


YOU = re.compile(r"\byou(r|rs|rself)?\b", re.IGNORECASE)


def screen_text(app) -> str:
    """Every word the table shows now: each widget's content and border title, and the log."""
    parts = list(app.log_lines) + [app.status, str(app.sub_title), str(app.title)]
    for w in app.screen.query("*"):
        if w.border_title:
            parts.append(str(w.border_title))
        if isinstance(w, (Static, HandView, Button)):
            parts.append(str(w.render()))
    return "\n".join(parts)


def test_watch_mode_says_you_nowhere_and_tells_two_greedy_bots_apart():
    """Nobody is "you" at a table of four bots: the panels are placed from East's
    chair, no log line nor prompt nor result speaks to a player; the two greedy
    bots are "greedy 1" and "greedy 2", in the order of --bots."""

    async def run():
        session = new_session(ruleset="pung-chow", bots=["greedy", "cautious", "greedy", "random"], seat=None, seed=5, hands=2)
        assert session.names == ["greedy 1", "cautious", "greedy 2", "random"]
        app = PlayApp(session, speed=0.001, claim_seconds=None, auto_next=0.01, result_guard=0)
        seen, lines, titles = [], set(), set()
        async with app.run_test(size=(150, 45)) as pilot:
            deadline = time.monotonic() + MATCH_SECONDS  # a bound in time, not in looks: a loaded machine looks less often
            while True:
                await pilot.pause(0.005)
                seen.append(screen_text(app))
                titles.update(str(app.query_one(f"#{p}").border_title) for p in ("left", "across", "right", "me"))
                lines.update(x for e in session.game.events if (x := describe_event(e, None)))
                if session.match_over:
                    break
                assert time.monotonic() < deadline, f"the match did not end within {MATCH_SECONDS} s"
            await wait_for_result(pilot, app)  # the last hand's screen, mounted (not only pushed)
            assert isinstance(app.screen, ResultScreen) and app.screen.final
            seen.append(screen_text(app))
            shown = text_of(app.screen.body)
        assert len(seen) > 20  # the table was looked at move by move, not only at the end
        assert titles == {"on East's left", "across from East", "on East's right", "East's chair: the table is seen from here"}
        assert any("watching from East's chair" in s for s in seen)
        assert lines and not [x for x in lines if YOU.search(x)]
        for s in seen + [shown]:
            assert not YOU.search(s), YOU.search(s).string[max(0, YOU.search(s).start() - 80) : YOU.search(s).end() + 80]
        # the final totals and the chips table name each greedy bot apart
        final = shown.split("Final totals: ", 1)[1].split("\n", 1)[0]
        assert sorted(x.rsplit(" ", 1)[0] for x in final.split(", ")) == ["cautious", "greedy 1", "greedy 2", "random"]
        assert re.search(r"greedy 1 +│ [ESWN] ", shown) and re.search(r"greedy 2 +│ [ESWN] ", shown)

    asyncio.run(run())


def test_distinct_names_number_only_the_shared_ones_in_order():
    assert distinct_names(["greedy", "cautious", "greedy", "random"]) == ["greedy 1", "cautious", "greedy 2", "random"]
    assert distinct_names(["You", "x", "x", "x"]) == ["You", "x 1", "x 2", "x 3"]
    assert distinct_names(["g1", "c", "r", "g2"]) == ["g1", "c", "r", "g2"]
    assert distinct_names(["a", "a 1", "a"]) == ["a 2", "a 1", "a 3"]  # never two alike
    names = distinct_names(["greedy", "cautious", "greedy"])
    assert distinct_names(names) == names


def test_playing_against_two_bots_of_one_name_tells_them_apart_in_bots_order():
    """--bots greedy,cautious,greedy with the human East: "greedy 1" on his right
    (South), "greedy 2" on his left (North); the result screen names them so."""
    from test_tui import DICE, Passer, preset_wall, win_scripted_hand

    session = new_session(bots=[Passer(), Passer(), Passer()], names=["greedy", "cautious", "greedy"], seat=Wind.EAST,
                          seed=1, hands=1, first_game=Game.from_wall(preset_wall(), DICE))
    by_seat = {session.seat_of(p): n for p, n in enumerate(session.names)}
    assert by_seat == {Wind.EAST: "You", Wind.SOUTH: "greedy 1", Wind.WEST: "cautious", Wind.NORTH: "greedy 2"}

    async def run():
        app = PlayApp(session, speed=0, claim_seconds=None, result_guard=0)
        async with app.run_test(size=(120, 40)) as pilot:
            await win_scripted_hand(pilot, app)
            assert isinstance(app.screen, ResultScreen) and app.screen.final
            return text_of(app.screen.body)

    shown = asyncio.run(run())
    final = shown.split("Final totals: ", 1)[1].split("\n", 1)[0]
    assert sorted(x.rsplit(" ", 1)[0] for x in final.split(", ")) == ["You", "cautious", "greedy 1", "greedy 2"]
    assert "South - greedy 1" in shown and "North - greedy 2" in shown
    assert "You (East) go Mah-Jongg" in shown
