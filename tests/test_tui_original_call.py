"""`mahjongg play` under DMJL: Original Call with o, its mark on the table, the bound hand.

The deal is tests/test_original_call.py's (worked out there): East's dealt
123b 456c 789d 234c S N is calling after discarding South or North. The
other seats are :class:`test_tui.Passer` (they pass, and discard what they
draw: East, West, White dragon); then East draws South and goes out.
"""

from __future__ import annotations

import asyncio

from mahjongg.play.session import new_session
from mahjongg.rules.league import DMJL
from mahjongg.table import ActionKind, Game
from mahjongg.tiles import Wind, tile
from mahjongg.tui.app import PlayApp

from table_walls import arrange, deal_front
from test_original_call import CHOWS, DICE
from test_tui import Passer, select

E = Wind.EAST


def _session():
    front = deal_front(DMJL, CHOWS, ["E", "W", "Wh", "S"])
    game = Game.from_wall(arrange(DMJL, DICE, front), DICE, DMJL)
    return new_session(ruleset=DMJL.name, bots=[Passer(), Passer(), Passer()], names=["S-bot", "W-bot", "N-bot"], seed=1, hands=1, first_game=game)


def test_original_call_by_key_shown_to_all_and_won():
    async def run():
        session = _session()
        g = session.game
        app = PlayApp(session, speed=0, claim_seconds=None, result_guard=0)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            prompt = str(app.query_one("#prompt").render())
            assert "o: discard it declaring Original Call (with S, N)" in prompt
            # o on a tile that leaves the hand not calling: nothing played, the prompt says why
            await select(pilot, app, "1b")
            n = len(g.events)
            await pilot.press("o")
            await pilot.pause()
            assert len(g.events) == n
            assert "Original Call only with S, N" in str(app.query_one("#prompt").render())
            await select(pilot, app, "N")
            await pilot.press("o")
            await pilot.pause()
            assert {"type": "action", "kind": "original-call", "seat": "E", "tile": "N"} in g.events
            assert "ORIGINAL CALL" in str(app.query_one("#me-title").render())
            assert any("Original Call and discards N" in line for line in app.log_lines), app.log_lines
            # the Passers play; East draws South: Mah-Jongg, or its discard -- nothing else
            for _ in range(50):
                if session.human_legal():
                    break
                await pilot.pause(0.05)
            assert {a.kind for a in session.human_legal()} == {ActionKind.MAHJONGG, ActionKind.DISCARD}
            from mahjongg.tui.hints import hint

            # the hand is complete: the hint's first choice is Mah-Jongg, scored as the table scores it --
            # with the call's double: 224 (tests/test_original_call.py,
            # test_a_declarer_going_out_scores_original_call: 28 points x 2^3); bound, it never
            # advises another discard (issue 39: it said 112, the score without the call)
            assert hint(session.observation(), session.human_legal()).describe().startswith("best: Mah-Jongg on S (scores 224, value ")
            assert "you can go Mah-Jongg" in str(app.query_one("#prompt").render())
            # o again, bound: not offered, and the prompt says what the binding leaves
            await pilot.press("o")
            await pilot.pause()
            assert str(app.query_one("#prompt").render()).split("\n")[-1] == "you have declared Original Call: discard the tile you draw, or go Mah-Jongg with it"
            await pilot.press("m")
            await pilot.pause()
            assert g.is_over and g.result.win.original_call and g.result.win.tile == tile("S")

    asyncio.run(run())


def test_the_hint_of_a_bound_hand_names_the_drawn_tile():
    from mahjongg.tui.hints import hint

    from test_original_call import N, S, W, _declared, _discard

    g = _declared(["E", "W", "Wh", "2b"])
    for seat, tile in ((S, "E"), (W, "W"), (N, "Wh")):
        _discard(g, seat, tile)
    # 1-2-3b 4-5-6c 7-8-9d 2-3-4c S, bound: the only discard is the 2b drawn, the hand still
    # waiting on South (the pair)
    text = hint(g.observation(E), g.legal_actions(E)).describe()
    assert text.startswith("Original Call: discard the 2b you drew (ready on S, value ") and text.endswith("; the hand is bound)")


def test_o_says_why_not_at_a_first_turn_not_calling_and_after_the_first_discard():
    # DMJL offers Original Call (Kajongg ClassicalChineseDMJL) only with the first discard and
    # only one leaving the hand calling; at a first turn with no such discard, and at any later
    # turn, o plays nothing and the prompt says why (on one 80-column line)
    async def run():
        session = new_session(ruleset="dmjl", bots=["greedy", "cautious", "greedy"], seed=5, hands=1)
        app = PlayApp(session, speed=0, claim_seconds=None, result_guard=0)
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(200):
                await pilot.pause()
                if session.human_legal() and session.game.phase == "turn":
                    break
            kinds = {a.kind for a in session.human_legal()}
            assert ActionKind.DISCARD in kinds and ActionKind.ORIGINAL_CALL not in kinds  # this deal's first turn
            n = len(session.game.events)
            await pilot.press("o")
            await pilot.pause()
            line = str(app.query_one("#prompt").render()).split("\n")[-1]  # under what to do
            assert line == "no Original Call: no discard leaves your hand one tile from Mah-Jongg" and len(line) <= 78
            assert len(session.game.events) == n
            await pilot.press("enter")  # the first discard
            for _ in range(400):
                await pilot.pause(0.01)
                legal = session.human_legal()
                if session.game.is_over or (legal and session.game.phase == "turn"):
                    break
                if legal:
                    await pilot.press("x")
            assert not session.game.is_over  # East's second turn of this deal
            await pilot.press("o")
            await pilot.pause()
            assert str(app.query_one("#prompt").render()).split("\n")[-1] == "no Original Call now: it is declared with your first discard only"

    asyncio.run(run())
