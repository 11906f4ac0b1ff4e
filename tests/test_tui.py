"""`mahjongg play`: the Textual pilot plays a whole hand from a preset wall.

The human sits East; the three other seats are a test double that always
passes and discards the tile it drew, so the hand runs exactly as scripted:
East discards, pungs West's 5c (a claim taken), lets North's East wind go
(a claim passed: pung was offered), then draws 9b and goes Mah-Jongg. The
score screen must show what the scorer computes for the hands the engine
laid down.
"""

from __future__ import annotations

import asyncio
import io
import time
from collections import Counter

from rich.console import Console

from mahjongg.rules import PUNG_CHOW, Situation
from mahjongg.play.scorecard import score_card
from mahjongg.scoring import score_hand
from mahjongg.settlement import settle
from mahjongg.table import Action, ActionKind, Game, Wall, full_set
from mahjongg.table.dice import breaker
from mahjongg.table.wall import deal
from mahjongg.tiles import Wind, tile
from mahjongg.tui.app import PlayApp, ResultScreen
from mahjongg.play.session import Session, new_session

E, S, W, N = Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH
K = ActionKind
DICE = ((3, 4), (3, 4))

EAST_HAND = "1b 2b 3b 4b 5b 6b 7b 8b E E 5c 5c 1d 9d"
# draws after the deal, in order: S, W (5c: East pungs it), S, W, N (E: East passes), E (9b: Mah-Jongg)
DRAWS = "1c 5c 2c 3c E 9b"


def preset_wall(east: str = EAST_HAND, draws: str = DRAWS) -> list:
    """A built wall that deals ``east`` to East and then draws ``draws`` in order.

    The wall's draw order comes from the engine's own :class:`Wall` and
    :func:`deal`, run on a wall of positions instead of tiles."""
    stacks = PUNG_CHOW.wall_stacks
    pos = Wall(list(range(8 * stacks)), stacks, breaker(sum(DICE[0])), sum(DICE[0]) + sum(DICE[1]))
    dealt = deal(pos, (E, S, W, N))
    later = [pos.draw() for _ in draws.split()]
    wanted = {p: tile(t) for p, t in zip(dealt[E], east.split())}
    wanted.update({p: tile(t) for p, t in zip(later, draws.split())})
    rest = Counter(full_set(PUNG_CHOW))
    rest.subtract(wanted.values())
    assert all(v >= 0 for v in rest.values())
    # the other hands: filler that holds no E, 5c or 9b (nothing the script needs)
    filler = sorted(rest.elements(), key=lambda t: (t in (tile("E"), tile("5c"), tile("9b")), int(t)))
    built = [None] * (8 * stacks)
    for p, t in wanted.items():
        built[p] = t
    free = [p for p in range(8 * stacks) if built[p] is None]
    # positions dealt to S, W, N first, so they get the harmless filler
    first = [p for s in (S, W, N) for p in dealt[s]]
    order = first + [p for p in free if p not in set(first)]
    for p, t in zip(order, filler):
        built[p] = t
    return built


class Passer:
    """Test double: passes every claim and discards the tile it drew."""

    def act(self, obs, legal):
        for a in legal:
            if a.kind is K.PASS:
                return a
        if obs.drawn is not None:
            return Action.discard(obs.seat, obs.drawn)
        return next(a for a in legal if a.kind is K.DISCARD)


def scripted_session(**kw) -> Session:
    game = Game.from_wall(preset_wall(), DICE)
    return new_session(ruleset=PUNG_CHOW.name, bots=[Passer(), Passer(), Passer()], names=["S-bot", "W-bot", "N-bot"], seed=1, hands=2, first_game=game, **kw)


def text_of(renderable) -> str:
    out = io.StringIO()
    Console(file=out, width=140, color_system=None).print(renderable)
    return out.getvalue()


async def until(pilot, condition, what: str, seconds: float = 30.0) -> None:
    """Pause the pilot until ``condition()`` holds; fail naming ``what`` after
    ``seconds`` (generous: a loaded machine may take a while, an idle one never
    waits longer than it must). Tests wait for what they need, never a fixed pause."""
    deadline = time.monotonic() + seconds
    await pilot.pause()
    while not condition():
        assert time.monotonic() < deadline, f"not within {seconds:g} s: {what}"
        await pilot.pause(0.01)


def screen_shown(app, kind, body: str) -> bool:
    """A screen of class ``kind`` is up and shown: mounted, its widget ``body``
    (a selector) in place and laid out. (``push_screen`` makes it ``app.screen``
    at once; it composes and mounts later, so a test that reads or leaves on
    ``isinstance`` alone races with it.)"""
    screen = app.screen
    if not (isinstance(screen, kind) and screen.is_mounted):
        return False
    found = screen.query(body)
    return bool(found) and found.first().size.width > 0


def result_shown(app) -> bool:
    """The score screen is shown (:func:`screen_shown`)."""
    return screen_shown(app, ResultScreen, "#result")


async def wait_for_result(pilot, app, seconds: float = 30.0) -> ResultScreen:
    """Pause until the score screen is shown (:func:`result_shown`); the screen."""
    await until(pilot, lambda: result_shown(app), "the score screen is shown", seconds)
    return app.screen


async def select(pilot, app, t: str) -> None:
    """Move the selection to tile ``t`` with the arrow keys."""
    for _ in range(20):
        if str(app._selected_tile()) == t:
            return
        await pilot.press("left")
    raise AssertionError(f"{t} not in the hand")


async def win_scripted_hand(pilot, app) -> None:
    """The human East plays the scripted hand by keys to his Mah-Jongg on 9b:
    discards 9d, pungs West's 5c, discards 1d, lets North's E go, goes Mah-Jongg."""
    await pilot.pause()
    await select(pilot, app, "9d")
    await pilot.press("enter", "p")
    await select(pilot, app, "1d")
    await pilot.press("enter", "x", "m")
    await wait_for_result(pilot, app)


def test_whole_hand_by_pilot():
    async def run():
        session = scripted_session()
        app = PlayApp(session, speed=0, claim_seconds=None, result_guard=0)
        g = session.game
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            assert session.human_seat == E
            assert g.to_act() == [E]
            # a key that means nothing now changes nothing
            n = len(g.events)
            await pilot.press("p", "c", "x", "k", "m", "1", "8")
            assert len(g.events) == n and g.to_act() == [E]
            await select(pilot, app, "9d")
            await pilot.press("enter")  # discard 9d
            await pilot.pause()
            # S and W discard; West's 5c is open to claims: pung is offered
            assert g.phase == "claims" and g.last_discard == (W, tile("5c"))
            legal = session.human_legal()
            assert {a.kind for a in legal} == {K.PUNG, K.PASS}
            assert "Pung 5c" in str(app.query_one("#act1").label)
            await pilot.press("p")  # claim taken
            await pilot.pause()
            assert [str(m) for m in g.hand(E).melds] == ["[555c]"]
            assert g.to_act() == [E]
            # discard 1d by clicking it twice (select, then discard)
            hv = app.query_one("#hand")
            idx = [str(t) for t in hv.tiles].index("1d")
            start, end, _ = hv._spans[idx]
            await pilot.click("#hand", offset=(start + 1, 0))
            await pilot.click("#hand", offset=(start + 1, 0))
            await pilot.pause()
            # ... until North discards E: pung offered, passed
            assert g.phase == "claims" and g.last_discard == (N, tile("E"))
            assert {a.kind for a in session.human_legal()} == {K.PUNG, K.PASS}
            app.action_hint()
            await pilot.press("space")  # claim passed
            await pilot.pause()
            # East draws 9b: Mah-Jongg
            assert g.to_act() == [E]
            assert any(a.kind is K.MAHJONGG for a in session.human_legal())
            await pilot.press("m")
            await wait_for_result(pilot, app)
            assert g.is_over and g.result.winner == E
            assert isinstance(app.screen, ResultScreen)
            shown = text_of(app.screen.body)
            r = g.result
            # the figures the scorer computes, for every hand laid down
            for seat in (E, S, W, N):
                sit = Situation(seat=seat, round=E, win=r.win if seat == E else None)
                sc = score_hand(r.hands[seat], PUNG_CHOW, sit)
                assert sc == r.scores[seat]
                assert score_card(sc, PUNG_CHOW).summary in shown  # "score: 22 (22 points, 0 doubles)"
                for item in sc.items:
                    assert item.name in shown
            st = settle({s: r.scores[s].score for s in (E, S, W, N)}, E)
            assert st.net == r.net
            for s in (E, S, W, N):
                assert f"{r.net[s]:+d}" in shown
            assert "Mah-Jongg on 9b, drawn from the wall" in shown
            # next hand: East won, so keeps the deal
            await pilot.press("enter")
            await pilot.pause()
            assert session.game is not g and session.human_seat == E
            assert session.match.totals[session.human] == r.net[E]

    asyncio.run(run())

