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

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from mahjongg.rl import action_table, encode, raw_env  # noqa: E402
from mahjongg.rl.planes import Planes  # noqa: E402
from mahjongg.rules import RULESETS, get_ruleset  # noqa: E402
from mahjongg.table import Game  # noqa: E402
from mahjongg.table.observation import materialized  # noqa: E402
from mahjongg.table.phase import Phase  # noqa: E402

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
