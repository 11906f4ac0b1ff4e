"""Child process for test_tui_kill: plays part of a hand of `mahjongg play`
in the Textual app (a pilot presses the keys), saves as it goes to the
database given, writes what it has played to a JSON file, says READY and
then waits, mid-hand, for the SIGKILL that the test sends it.

Usage: python tui_kill_child.py DB OUT_JSON
"""

from __future__ import annotations

import asyncio
import json
import os
import sys

from mahjongg.tiles import Wind
from mahjongg.tui.app import PlayApp
from mahjongg.play.session import new_session

KEYS = ["enter", "x", "enter", "x", "enter", "x", "enter", "x", "enter"]


def main(db: str, out: str) -> None:
    session = new_session(ruleset="pung-chow", bots=["greedy", "cautious", "random"], seat=Wind.WEST, seed=8, hands=2, db=db)

    async def run():
        app = PlayApp(session, speed=0, claim_seconds=None, result_guard=0)
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            for k in KEYS:
                await pilot.press(k)
            await pilot.pause()
            g = session.game
            state = {
                "match_id": session.recorder.match_id,
                "events": g.events,
                "over": g.is_over,
                "to_act": [w.letter for w in g.to_act()],
                "concealed": [str(t) for t in g.observation(Wind.WEST).concealed],
            }
            with open(out + ".tmp", "w") as f:
                json.dump(state, f)
                f.flush()
                os.fsync(f.fileno())
            os.replace(out + ".tmp", out)
            print("READY", flush=True)
            while True:  # the app runs on, mid-hand, until the kill
                await pilot.pause(0.05)

    asyncio.run(run())


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
