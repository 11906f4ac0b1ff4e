"""`mahjongg play`: the prompts the whole-hand pilot test does not reach.

* a claim where several chow runs fit: one numbered choice per run, and the
  number chosen makes exactly that chow;
* a concealed kong and a kong added to an exposed pung, declared on the
  human's turn with ``k``, each followed by the loose tile;
* the claim countdown switched on: left alone, it runs out, the human passes
  and the hand goes on.

Every hand comes from a preset wall (:mod:`table_walls`: the engine's own
wall geometry, so the tiles named are the tiles drawn) and the three other
seats are :class:`test_tui.Passer` (always pass, discard what they drew), so
the script is exact.
"""

from __future__ import annotations

import asyncio

from mahjongg.rules import PUNG_CHOW
from mahjongg.table import ActionKind, Game
from mahjongg.tiles import Wind, tile
from mahjongg.tui.app import PlayApp
from mahjongg.play.session import Session, new_session

from table_walls import arrange, deal_front
from test_tui import DICE, Passer, select

E, S, W, N = Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH
K = ActionKind

# the other seats hold only dots and bamboo East's scripts never need, so the
# Passers' discards (the tiles they draw) are the only tiles put in play
SOUTH = "1d 2d 3d 4d 5d 6d 7d 8d 9d 1d 2d 3d 4d"
WEST = "5d 6d 7d 8d 9d 1d 2d 3d 4d 5d 6d 7d 8d"
NORTH = "2b 3b 4b 5b 6b 7b 8b 2b 3b 4b 5b 6b 7b"


def session_for(east: str, draws: str, loose: str = "") -> Session:
    front = deal_front(PUNG_CHOW, {E: east, S: SOUTH, W: WEST, N: NORTH}, draws.split())
    game = Game.from_wall(arrange(PUNG_CHOW, DICE, front, loose.split()), DICE)
    assert [str(t) for t in sorted(game.observation(E).concealed)] == sorted(east.split(), key=lambda t: int(tile(t)))
    return new_session(ruleset=PUNG_CHOW.name, bots=[Passer(), Passer(), Passer()], names=["S-bot", "W-bot", "N-bot"], seed=1, hands=1, first_game=game)


# East holds 3c 4c 6c 7c: North's 5c fits three runs, 3-4-5, 4-5-6 and 5-6-7.
# Draws: South 8b, West 9d (nothing East can claim), North 5c, East 5b.
CHOW_EAST = "3c 4c 6c 7c 1b 1b 1b 9b 9b 9b S S W N"
CHOW_DRAWS = "8b 9d 5c 5b"


def test_claim_with_three_chow_runs_offers_each_and_makes_the_one_chosen():
    async def run():
        session = session_for(CHOW_EAST, CHOW_DRAWS)
        g = session.game
        app = PlayApp(session, speed=0, claim_seconds=None, result_guard=0)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await select(pilot, app, "N")
            await pilot.press("enter")
            await pilot.pause()
            assert g.phase == "claims" and g.last_discard == (N, tile("5c"))
            # exactly the legal claims: three chows (one per run) and pass
            legal = session.human_legal()
            chows = sorted(str(a.chow) for a in legal if a.kind is K.CHOW)
            assert chows == ["3c", "4c", "5c"] and {a.kind for a in legal} == {K.CHOW, K.PASS}
            labels = [str(app.query_one(f"#act{i}").label) for i in range(1, 5)]
            # one numbered button per run (and pass), in the engine's order
            assert sorted(lbl.split(" ", 1)[1] for lbl in labels) == ["Chow 3c 4c 5c", "Chow 4c 5c 6c", "Chow 5c 6c 7c", "Pass"]
            assert [lbl.split()[0] for lbl in labels] == ["1", "2", "3", "4"]
            # c alone cannot choose: it asks which run, naming the keys
            n = len(g.events)
            await pilot.press("c")
            await pilot.pause()
            assert len(g.events) == n and g.phase == "claims"
            prompt = str(app.query_one("#prompt").render())
            assert "3 ways: press" in prompt
            # the key shown beside 4c 5c 6c makes exactly that chow
            key = next(lbl.split()[0] for lbl in labels if lbl.endswith("Chow 4c 5c 6c"))
            assert f"press {' or '.join(l.split()[0] for l in labels if 'Chow' in l)}" in prompt
            await pilot.press(key)
            await pilot.pause()
            assert [str(m) for m in g.hand(E).melds] == ["[456c]"]
            claim = [e for e in g.events if e.get("type") == "claim"][-1]
            assert (claim["seat"], claim["kind"], claim["tile"], claim["from"]) == ("E", "chow", "5c", "N")
            # 3c and 7c stay concealed; East must now discard (no draw after a claim)
            conc = [str(t) for t in g.observation(E).concealed]
            assert "3c" in conc and "7c" in conc and "4c" not in conc and "6c" not in conc and "5c" not in conc
            assert g.to_act() == [E] and g.phase == "turn"

    asyncio.run(run())


# East is dealt four 1b (a concealed kong on his first turn) and two 5c: he
# pungs West's 5c and later draws the fourth 5c (added to the pung). The two
# loose tiles are 9c and 8c, in that order.
# Draws: South 8b, West 5c (East pungs), South 2c, West 3c, North 4c (no claim
# for East: his 5c are in the pung), East 5c.
KONG_EAST = "1b 1b 1b 1b 5b 6b 7b 8b E E 5c 5c 1d 9d"
KONG_DRAWS = "8b 5c 2c 3c 4c 5c"
KONG_LOOSE = "9c 8c"


def last_draw(g) -> dict:
    return [e for e in g.events if e.get("type") == "draw"][-1]


def test_concealed_kong_and_added_kong_from_the_keyboard_draw_loose_tiles():
    async def run():
        session = session_for(KONG_EAST, KONG_DRAWS, KONG_LOOSE)
        g = session.game
        app = PlayApp(session, speed=0, claim_seconds=None, result_guard=0)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            legal = session.human_legal()
            assert [(a.kind, str(a.tile)) for a in legal if a.kind is not K.DISCARD] == [(K.CONCEALED_KONG, "1b")]
            assert "Concealed kong 1b" in str(app.query_one("#act1").label)
            await pilot.press("k")
            await pilot.pause()
            assert [str(m) for m in g.hand(E).melds] == ["{1111b}"]  # braces: a concealed kong
            d = last_draw(g)
            assert (d["seat"], d["tile"], d.get("source")) == ("E", "9c", "loose")
            assert g.observation(E).drawn == tile("9c") and "East (you) draws 9c (loose tile)" in app.log_lines
            assert g.to_act() == [E] and g.phase == "turn"
            # 13 tiles in hand besides the kong: 14 - 4 + the loose tile
            assert len(g.observation(E).concealed) == 11
            await select(pilot, app, "9d")
            await pilot.press("enter")
            await pilot.pause()
            assert g.phase == "claims" and g.last_discard == (W, tile("5c"))
            await pilot.press("p")
            await pilot.pause()
            assert [str(m) for m in g.hand(E).melds] == ["{1111b}", "[555c]"]
            await select(pilot, app, "1d")
            await pilot.press("enter")
            await pilot.pause()
            # South, West, North discard 2c, 3c, 4c; East draws the fourth 5c
            assert g.to_act() == [E] and g.observation(E).drawn == tile("5c")
            legal = session.human_legal()
            assert [(a.kind, str(a.tile)) for a in legal if a.kind is not K.DISCARD] == [(K.ADD_KONG, "5c")]
            await pilot.press("k")
            await pilot.pause()
            # the others may rob the kong (they pass), then East draws the next loose tile
            assert [str(m) for m in g.hand(E).melds] == ["{1111b}", "[5555c]"]
            assert any(e.get("type") == "action" and e.get("kind") == "add-kong" and e.get("tile") == "5c" for e in g.events)
            d = last_draw(g)
            assert (d["seat"], d["tile"], d.get("source")) == ("E", "8c", "loose")
            assert g.observation(E).drawn == tile("8c") and g.to_act() == [E]
            assert sum(1 for line in app.log_lines if "(loose tile)" in line) == 2

    asyncio.run(run())


def test_claim_countdown_runs_out_to_a_pass_and_the_hand_goes_on():
    """With a 2 s claim window (instead of ``None``, which every other test
    uses) the prompt shows the seconds left and, left alone, passes for the
    human: North's 5c goes unclaimed and East draws his next tile, 5b.
    (2 s, not less, so a busy CI machine still sees the window open.)"""

    async def run():
        session = session_for(CHOW_EAST, CHOW_DRAWS)
        g = session.game
        app = PlayApp(session, speed=0, claim_seconds=2.0, result_guard=0)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            # no countdown on the human's own turn
            assert not app.query_one("#timer").display
            await select(pilot, app, "N")
            await pilot.press("enter")
            await pilot.pause()
            assert g.phase == "claims" and g.last_discard == (N, tile("5c"))
            assert app.query_one("#timer").display
            assert str(app.query_one("#prompt").render()).endswith(("1s", "2s"))  # seconds left, rounded up
            for _ in range(200):  # the window closes after 2 s: wait at most 10 s
                await pilot.pause(0.05)
                if g.phase != "claims":
                    break
            assert g.phase == "turn" and g.to_act() == [E]
            assert not any(e.get("type") == "claim" for e in g.events)
            assert "time is up: East (you) passes" in app.log_lines
            assert list(g.hand(E).melds) == []
            d = last_draw(g)
            assert (d["seat"], d["tile"]) == ("E", "5b") and g.observation(E).drawn == tile("5b")
            assert not app.query_one("#timer").display

    asyncio.run(run())
