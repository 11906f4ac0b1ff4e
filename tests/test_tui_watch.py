"""`mahjongg play --bots 4`: four bots watched to the end of a match."""

from __future__ import annotations

import asyncio

from mahjongg.rules import PUNG_CHOW
from mahjongg.tui.app import PlayApp, ResultScreen
from mahjongg.tui.session import Session

from test_tui import text_of


def test_four_bots_watched_to_the_end_of_the_match():
    from mahjongg.bots import make_bot

    async def run():
        bots = [make_bot(n, i) for i, n in enumerate(("greedy", "cautious", "random", "greedy"))]
        session = Session.new(PUNG_CHOW, bots, names=["g1", "c", "r", "g2"], seat=None, seed=4, hands=2)
        app = PlayApp(session, speed=0, claim_seconds=None, auto_next=0.01, result_guard=0)
        async with app.run_test(size=(100, 32)) as pilot:
            for _ in range(200):
                await pilot.pause(0.02)
                if session.match_over:
                    break
            assert session.match_over and len(session.match.records) == 2
            assert isinstance(app.screen, ResultScreen) and app.screen.final
            shown = text_of(app.screen.body)
            assert "The match is over. Final totals:" in shown
            assert not app.screen.check_action("next", ())
            await pilot.press("enter")  # nothing more to deal
            assert isinstance(app.screen, ResultScreen)

    asyncio.run(run())
