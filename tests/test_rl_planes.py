"""The planes the envs hand out, kept up to date from the engine's events
(:mod:`mahjongg.rl.planes`), against the reference encoding
(:func:`mahjongg.rl.encode` of the seat's Observation): the same array, for
every seat, at every step (issue 25: the fast path kept equal to the pure
reference). Thousands of hands by hand: ``bench/bench_rl.py --check-planes``.

Skipped without the ``rl`` packages.
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from mahjongg.rl import action_table, encode, raw_env  # noqa: E402
from mahjongg.rl.planes import WASHING, Planes  # noqa: E402
from mahjongg.rules import RULESETS, get_ruleset  # noqa: E402
from mahjongg.table import Game  # noqa: E402
from mahjongg.table.observation import materialized  # noqa: E402
from mahjongg.table.phase import Phase  # noqa: E402
from mahjongg.tiles import Wind  # noqa: E402

ALL = sorted(RULESETS)


@pytest.mark.parametrize("ruleset", ALL)
def test_planes_equal_the_reference_encoding(ruleset):
    """25 random hands per ruleset (2, 3 and 4 players), every seat after every action."""
    r = get_ruleset(ruleset)
    table = action_table(r)
    rng = random.Random(ruleset)
    compared = 0
    for h in range(25):
        n = (4, 4, 3, 2)[h % 4]
        g = Game(r, rng.randrange(2**32), n)
        planes = Planes(table, n, r.reserved_tiles)
        planes.resync(g)
        while True:
            for s in range(n):
                waiting = g.phase is Phase.CLAIMS and s in g.to_act()
                assert np.array_equal(planes.observe(s, waiting), encode(g.observation(s), table)), (g.seed, n, s, len(g.events))
                compared += 1
            if g.is_over:
                break
            s = g.to_act()[0]
            legal = g.legal_actions(s)
            g.apply(legal[rng.randrange(len(legal))])
            planes.sync()
    assert compared > 6_000


@pytest.mark.parametrize("ruleset", ["pung-chow", "hong-kong", "traditional-special-tiles"])
def test_claim_pause_planes_are_the_claim_window_on_the_discard(ruleset):
    """Under ``claims="all"`` a seat answering a discard is shown the claim window
    on it whether or not the engine opened one (it may have drawn the next tile
    already): the reference is the seat's observation before the discard with the
    discard made and the window open -- phase CLAIMS, the tile under claim and its
    discarder, the discard lying and in the history, the discarder holding one tile
    fewer, the seat itself still to answer if it has not. Every other step: the
    engine's own observation."""
    e = raw_env(ruleset, 4, claims="all")
    table = e.action_table
    rng = random.Random(7)
    paused = 0
    for episode in range(12):
        e.reset(seed=100 + episode)
        before = None
        while not e.terminations[e.agent_selection]:
            g = e.game
            t = e._t
            agent = e.agent_selection
            if t.pause is None:
                for a in e.agents:
                    ref = encode(g.observation(e.seat_of(a)), table)
                    assert np.array_equal(e.observe(a)["observation"], ref)
                before = {a: materialized(g.observation(e.seat_of(a))) for a in e.agents}
            elif before is not None and t.planes.window_from is not None and t._pause_phase is None and g.events[t.planes.pos - 1]["kind"] == "discard":
                d, tile = t.planes.window_from, t.planes.window
                for a in e.agents:
                    o = before[a]
                    seat = e.seat_of(a)
                    if seat == d:
                        continue
                    counts = dict(o.concealed_counts)
                    counts[d] -= 1
                    discards = dict(o.discards)
                    discards[d] = discards[d] + (tile,)
                    expected = dataclasses.replace(
                        o, phase=Phase.CLAIMS, drawn=None, discards=discards, concealed_counts=counts,
                        discard_history=o.discard_history + ((d, tile, None),), last_discard=tile,
                        last_discarder=d, claim_window=True, waiting=(seat,) if int(seat) in t.pause else (),
                    )
                    assert np.array_equal(e.observe(a)["observation"], encode(expected, table)), (episode, a, len(g.events))
                paused += 1
            mask = e.observe(agent)["action_mask"]
            e.step(rng.choice(np.flatnonzero(mask).tolist()))
    assert paused > 500


def _expected(e, agent, before):
    """``agent``'s planes built from scratch (the reference encoding of its observation),
    or ``None`` where no observation of the engine is the env's (a claim pause on a kong
    the engine let go: it has drawn the loose tile already). In a claim pause
    (``claims="all"``): the engine's own window when it opened one, the seat shown
    waiting while the pause has still to ask it; the window on a discard the engine let
    go: the observation before it with the discard made (as the test above); the washing
    window the engine did not open: the deal's observation in that window."""
    t, g = e._t, e.game
    table = e.action_table
    seat = e.seat_of(agent)
    pause = t.pause
    if pause is None:
        return encode(g.observation(seat), table)
    waiting = (seat,) if int(seat) in pause else ()
    o = materialized(g.observation(seat))
    if not t.planes.pending() and g.phase is Phase.CLAIMS:
        return encode(dataclasses.replace(o, waiting=waiting), table)
    if t._pause_phase == WASHING:
        return encode(dataclasses.replace(o, phase=Phase.CLAIMS, last_discard=None, robbing=False, drawn=None, waiting=waiting), table)
    last = g.events[t.planes.pos - 1]
    declared = last["type"] == "calling"  # a calling hand declared with the discard (BMJA)
    act = g.events[t.planes.pos - 2] if declared else last
    if act.get("kind") in ("discard", "original-call") and before is not None:
        d, tile = t.planes.window_from, t.planes.window
        o = before[agent]
        counts = dict(o.concealed_counts)
        counts[d] -= 1
        discards = dict(o.discards)
        discards[d] = discards[d] + (tile,)
        calling = o.calling | ({Wind(d)} if declared else set())
        original = o.original_call | ({Wind(d)} if act["kind"] == "original-call" else set())
        concealed = list(o.concealed)
        if seat == d:  # the discarder's own tile leaves its hand
            concealed.remove(tile)
        expected = dataclasses.replace(
            o, phase=Phase.CLAIMS, drawn=None, discards=discards, concealed_counts=counts,
            discard_history=o.discard_history + ((d, tile, None),), last_discard=tile,
            last_discarder=d, claim_window=True, robbing=False, waiting=waiting,
            calling=frozenset(calling), original_call=frozenset(original), concealed=tuple(concealed),
        )
        return encode(expected, table)
    return None


@pytest.mark.parametrize("claims", ["able", "all"])
@pytest.mark.parametrize("ruleset", ["pung-chow", "hong-kong", "dmjl", "bmja", "pung-chow-limit"])
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([4, 4, 3, 2]))
def test_env_planes_after_every_step_equal_planes_from_scratch(ruleset, claims, seed, players):
    """The property (issue 41: the planes kept from events, their writes batched): after
    every step of the env, every seat's planes -- the selected agent's and every other's --
    equal its planes built from scratch (:func:`_expected`). DMJL and BMJA rob a concealed
    kong (the env's window on it), pung-chow-limit washes the tiles (its window at the
    deal); every claim setting; 2-4 players. The dealt concealed kong, which random hands
    seldom reach, is the next test."""
    e = raw_env(ruleset, players, claims=claims)
    e.reset(seed=seed)
    compared = _every_step_from_scratch(e, random.Random(seed))
    # a hand played out compares every seat's planes many times; one washed at the deal
    # (pung-chow-limit, a random seat choosing to wash: seed 10061) ends at once
    assert compared >= (players if e.game.result.reason == "washed" else players * 10)


@pytest.mark.parametrize("claims", ["able", "all"])
@pytest.mark.parametrize("ruleset", ["dmjl", "bmja"])
@pytest.mark.parametrize("seed", range(4))
def test_env_planes_from_scratch_after_a_robbable_concealed_kong(ruleset, claims, seed):
    """The same property from the deal of tests/test_rl_concealed_kong_window.py: East
    declares his four North winds a concealed kong that South's Thirteen Orphans may rob
    (the window the env shows on it), then random play to the end."""
    from test_rl_concealed_kong_window import DICE, HANDS, NORTH
    from table_walls import arrange, deal_front
    from mahjongg.table import Action, ActionKind

    r = get_ruleset(ruleset)
    e = raw_env(r, 4, claims=claims)
    e.reset(seed=seed, options={"wall": arrange(r, DICE, deal_front(r, HANDS)), "dice": DICE})
    e.step(e.action_table.index(Action(ActionKind.CONCEALED_KONG, Wind.EAST, NORTH)))
    assert e.observe("player_0")["observation"][44, 11] == 1.0  # robbing the kong
    assert _every_step_from_scratch(e, random.Random(seed)) >= 4


def _every_step_from_scratch(e, rng) -> int:
    """Play ``e``'s hand to its end with random legal actions, checking every seat's
    planes against :func:`_expected` before each step and at the end; the planes compared."""
    before = None
    compared = 0
    while True:
        if e._t.pause is None:
            before = {a: materialized(e.game.observation(e.seat_of(a))) for a in e.agents}
        for a in e.agents:
            ref = _expected(e, a, before)
            if ref is not None:
                assert np.array_equal(e.observe(a)["observation"], ref), (e.ruleset.name, e.claims, e.game.seed, a, len(e.game.events))
                compared += 1
        if e.terminations[e.agent_selection]:
            return compared
        mask = e.observe(e.agent_selection)["action_mask"]
        e.step(rng.choice(np.flatnonzero(mask).tolist()))
