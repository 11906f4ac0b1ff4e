"""`mahjongg play --ruleset pung-chow-limit` and `--ruleset hong-kong`: a
whole hand played in the app for each, to the score screen, whose figures
must be the scorer's.

The session is built by :func:`mahjongg.tui.launch.new_session`, exactly
what ``mahjongg play --ruleset R --seat E`` builds (the CLI adds only the
argument checks). The pilot plays the human's seat with a simple policy
(Mah-Jongg when it can, pass every claim, discard the tile just drawn, and
choose the first numbered option for anything else, e.g. laying out a
bonus tile) while the bots play the others. Each seat's score is then
recomputed with :func:`mahjongg.scoring.score_hand` from the hand the engine
laid down -- independently of the engine's own scoring -- and every figure
on the screen (each score line and item, each net payment) must match.
"""

from __future__ import annotations

import asyncio

import pytest

from mahjongg.rules import Situation, get_ruleset
from mahjongg.scoring import score_hand
from mahjongg.table import ActionKind
from mahjongg.tiles import Wind
from mahjongg.tui.app import PlayApp, ResultScreen
from mahjongg.tui.launch import new_session
from mahjongg.tui.scorecard import score_line

from test_tui import text_of

K = ActionKind


async def play_to_the_score_screen(pilot, app, session, limit=400):
    for _ in range(limit):
        await pilot.pause()
        if isinstance(app.screen, ResultScreen):
            return
        legal = session.human_legal()
        kinds = {a.kind for a in legal}
        if not legal:
            await pilot.pause(0.01)
        elif K.MAHJONGG in kinds:
            await pilot.press("m")
        elif session.game.phase == "claims":
            await pilot.press("x")
        elif K.DISCARD in kinds:
            await pilot.press("enter")
        else:
            await pilot.press("1")
    raise AssertionError("the hand did not end")


# seeds whose first hand ends in a Mah-Jongg (so there is a winner's card to check)
@pytest.mark.parametrize("ruleset,seed", [("pung-chow-limit", 5), ("hong-kong", 5)])
def test_whole_hand_in_the_app_for_the_ruleset_scores_as_the_scorer(ruleset, seed):
    rules = get_ruleset(ruleset)

    async def run():
        session = new_session(ruleset=ruleset, bots=["greedy", "cautious", "greedy"], seat=Wind.EAST, seed=seed, hands=2)
        app = PlayApp(session, speed=0, claim_seconds=None, result_guard=0)
        async with app.run_test(size=(120, 40)) as pilot:
            await play_to_the_score_screen(pilot, app, session)
            g = session.game
            r = g.result
            assert g.is_over and r.winner is not None, r.reason
            assert app.sub_title == getattr(rules, "title", app.sub_title)
            shown = text_of(app.screen.body)
            for seat in Wind:
                sit = Situation(seat=seat, round=g.round, win=r.win if seat == r.winner else None, dead=seat in r.dead)
                sc = score_hand(r.hands[seat], rules, sit) if seat not in r.dead else r.scores[seat]
                assert sc.score == r.scores[seat].score and sc.items == r.scores[seat].items
                assert score_line(sc) in shown
                for item in sc.items:
                    assert item.name in shown
            for s in Wind:
                assert f"{r.settlement.net[s]:+d}" in shown
            assert f"Mah-Jongg on {r.win.tile}" in shown
            # the match goes on to its second hand from the score screen
            await pilot.press("enter")
            await pilot.pause()
            assert session.hand_number == 2 and not session.game.is_over
            assert sum(session.match.totals) == 0

    asyncio.run(run())
