"""`mahjongg play` cannot be crashed from the keyboard: random keys for a few
hundred steps, then the game is still consistent (every tile accounted for,
the event log replays to the same game, chips sum to zero)."""

from __future__ import annotations

import asyncio
import random

from textual import events

from mahjongg.bots import make_bot
from mahjongg.rules import PUNG_CHOW
from mahjongg.table import Game, full_set
from mahjongg.tiles import Wind
from mahjongg.tui.app import PlayApp
from mahjongg.play.session import Session, new_session

# every key the app binds but q (which saves and leaves: not a crash), and some it does not
KEYS = ["enter", "d", "left", "right", "m", "p", "c", "k", "x", "space", "h", "question_mark", "g", "n",
        "escape", "tab", "up", "down", "1", "2", "3", "4", "5", "8", "9", "0", "a", "z", "f1", "backspace", "home"]


def consistent(session: Session) -> None:
    g = session.game
    assert sorted(g.tiles_everywhere()) == full_set(PUNG_CHOW)
    replayed = Game.replay(g.events)  # raises if the log does not replay to the same events
    assert replayed.snapshot() == g.snapshot()
    assert sum(session.match.totals) == 0


def test_random_keys_never_break_the_game(seed=3):
    async def run():
        rng = random.Random(seed)
        bots = [make_bot(n, seed + i) for i, n in enumerate(("greedy", "cautious", "random"))]
        session = new_session(ruleset=PUNG_CHOW.name, bots=bots, names=["greedy", "cautious", "random"], seat=Wind.SOUTH, seed=seed, hands=3)
        app = PlayApp(session, speed=0, claim_seconds=None, result_guard=0)
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            for step in range(60):
                # five keys at a time, as fast as a user could mash them, then a look at the table
                for key in rng.choices(KEYS, k=5):
                    app.post_message(events.Key(key, key if len(key) == 1 else None))
                await pilot.pause()
                if step % 8 == 0:  # a click anywhere but the footer (whose "q" leaves)
                    await pilot.click(offset=(rng.randrange(100), rng.randrange(31)))
                consistent(session)
            assert app.errors == []
            assert app.is_running
        consistent(session)
        # the keys did play: some hands were finished or many tiles drawn
        assert session.match.records or len(session.game.events) > 20

    asyncio.run(run())
