"""The RL env and a concealed kong that may be robbed (DMJL, BMJA: Thirteen Orphans
robs one, Kajongg's "mayrobhiddenkong" after Millington 58).

Before issue 43 the env's planes read a concealed kong as the end of nothing: they
showed East's turn while the engine stood in the robbing window (``claims="able"``),
and under ``claims="all"`` no claim pause was held, so only the seat that could rob
was asked -- the order of agents told who waited on the tile. The env now asks the
engine which actions open a window (:func:`mahjongg.table.claim_window_kinds`).

The deal is tests/test_league_rulesets.py's: East is dealt four North winds and
declares them a concealed kong at once; South holds Thirteen Orphans waiting on
the North wind. Skipped without the ``rl`` packages.
"""

from __future__ import annotations

import dataclasses

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from mahjongg.rl import encode, raw_env  # noqa: E402
from mahjongg.rules import BMJA, DMJL, TRADITIONAL  # noqa: E402
from mahjongg.rules.context import WinBy  # noqa: E402
from mahjongg.table import Action, ActionKind  # noqa: E402
from mahjongg.table.observation import materialized  # noqa: E402
from mahjongg.tiles import Tile, Wind  # noqa: E402

from table_walls import arrange, deal_front  # noqa: E402

E, S, W, N = Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH
DICE = ((3, 4), (3, 4))
HANDS = {
    E: "N N N N 2b 3b 4b 5c 6c 7c 2d 3d 4d 8d",
    S: "1b 9b 1c 9c 1d 9d E S W R G Wh Wh",  # Thirteen Orphans, waiting on the North wind
    W: "2c 2c 2c 3c 3c 3c 4c 4c 4c 5d 5d 5d 6d",
    N: "6b 6b 6b 7b 7b 7b 8b 8b 8b 5b 5b 7d 7d",
}
NORTH = Tile.parse("N")


def _kong(ruleset, claims):
    """The env after East's concealed kong (player p sits at wind p in the first episode)."""
    e = raw_env(ruleset, 4, claims=claims)
    e.reset(seed=0, options={"wall": arrange(ruleset, DICE, deal_front(ruleset, HANDS)), "dice": DICE})
    assert e.agent_selection == "player_0" and e.seat_of("player_0") == E
    e.step(e.action_table.index(Action(ActionKind.CONCEALED_KONG, E, NORTH)))
    return e


def _reference(e, agent, waiting: bool):
    """``agent``'s planes by the reference encoding: its observation, shown waiting to
    answer while the env's pause has still to ask it (the engine asks only the seat
    that may rob, and hears its answer when the pause closes)."""
    seat = e.seat_of(agent)
    o = dataclasses.replace(materialized(e.game.observation(seat)), waiting=(seat,) if waiting else ())
    return encode(o, e.action_table)


@pytest.mark.parametrize("ruleset", [DMJL, BMJA])
def test_claims_all_holds_a_pause_on_a_robbable_concealed_kong(ruleset):
    e = _kong(ruleset, "all")
    pause = e._t.pause
    assert pause == [S, W, N]  # every other seat, from East's right
    table = e.action_table
    mahjongg, pass_ = table.index(Action(ActionKind.MAHJONGG, S, NORTH)), table.index_of_pass
    for agent, seat in (("player_1", S), ("player_2", W), ("player_3", N)):
        assert e.agent_selection == agent
        mask = np.flatnonzero(e.observe(agent)["action_mask"]).tolist()
        assert mask == ([mahjongg, pass_] if seat == S else [pass_])  # Pass alone where it cannot rob
        for a in e.agents:  # the window on the North wind, the same for every seat
            planes = e.observe(a)["observation"]
            assert planes[44, 11] == 1.0 and planes[43, int(NORTH)] == 1.0  # robbing a kong, on N
            assert np.array_equal(planes, _reference(e, a, int(e.seat_of(a)) in e._t.pause)), a
        e.step(mahjongg if seat == S else pass_)
    r = e.game.result
    assert r.winner == S and r.win.by is WinBy.ROBBED_KONG and r.discarder == E
    for a in e.agents:  # the kong undone: East holds three North winds again
        assert np.array_equal(e.observe(a)["observation"], encode(e.game.observation(e.seat_of(a)), table)), a


@pytest.mark.parametrize("ruleset", [DMJL, BMJA])
def test_claims_able_planes_show_the_robbing_window(ruleset):
    e = _kong(ruleset, "able")
    assert e._t.pause is None and e.agent_selection == "player_1"  # only South may rob
    for a in e.agents:
        assert np.array_equal(e.observe(a)["observation"], _reference(e, a, a == "player_1")), a
    e.step(e.action_table.index_of_pass)  # South lets it go: East draws his loose tile
    assert e.agent_selection == "player_0" and e.game.hand(E).kongs == 1
    for a in e.agents:
        assert np.array_equal(e.observe(a)["observation"], encode(e.game.observation(e.seat_of(a)), e.action_table)), a


def test_a_concealed_kong_nobody_may_rob_holds_no_pause():
    """Traditional robs a kong made from a pung only: East draws his loose tile at once."""
    e = _kong(TRADITIONAL, "all")
    assert e._t.pause is None and e.agent_selection == "player_0"
    draws = [ev for ev in e.game.events if ev["type"] == "draw"]
    assert e.game.hand(E).kongs == 1 and draws[-1]["seat"] == "E" and draws[-1]["source"] == "loose"
