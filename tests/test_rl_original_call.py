"""Original Call in the RL env: its action entries, the mask, the planes, old policy files.

The hands are those of tests/test_original_call.py (worked out there): East's
dealt 123b 456c 789d 234c S N is calling after discarding South or North, so
Original Call is legal with those two tiles and no other.
"""

from __future__ import annotations

import numpy as np
import pytest

from mahjongg.rl.actions import action_table
from mahjongg.rl.encoding import encode
from mahjongg.rl.planes import Planes
from mahjongg.rl.policy import FORMAT, LinearPolicy, PolicyError, load_policy
from mahjongg.rules.league import bmja, dmjl
from mahjongg.table import Action, ActionKind
from mahjongg.table.phase import Phase
from mahjongg.tiles import Tile, Wind

from test_original_call import CHOWS, PUNGS, _game, _passes

E, S, W, N = Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH


def test_the_mask_holds_original_call_with_the_calling_discards():
    r = dmjl()
    table = action_table(r)
    g = _game(r, CHOWS)
    legal = table.indices(g.legal_actions(E))
    oc = sorted(table.describe(i) for i, a in legal.items() if a.kind is ActionKind.ORIGINAL_CALL)
    assert oc == ["original call N", "original call S"]
    # the entries come after every other: the discard of N keeps its index
    assert table.index(Action(ActionKind.DISCARD, E, Tile.parse("N"))) == 30


def _check_every_step(g, table, script):
    """Planes kept from the events equal the reference encoding for every seat, at
    every step of ``script`` (then every claim window passed)."""
    n = len(g.seats)
    planes = Planes(table, n, g.ruleset.reserved_tiles)
    planes.resync(g)

    def same():
        for s in range(n):
            waiting = g.phase is Phase.CLAIMS and s in g.to_act()
            assert np.array_equal(planes.observe(s, waiting), encode(g.observation(s), table)), (s, len(g.events))

    same()
    for a in script:
        g.apply(a)
        planes.sync()
        same()
        while g.phase == "claims":
            for s in g.to_act():
                g.apply(next(x for x in g.legal_actions(s) if x.kind is ActionKind.PASS))
                planes.sync()
                same()
    return planes


@pytest.mark.parametrize("rules,hands", [(dmjl, CHOWS), (bmja, PUNGS)])
def test_the_planes_show_the_declarations_to_every_seat(rules, hands):
    r = rules()
    table = action_table(r)
    g = _game(r, hands, ["E", "W", "Wh", "2b"])
    t = Tile.parse
    _check_every_step(
        g,
        table,
        [
            Action(ActionKind.ORIGINAL_CALL, E, t("N")),
            Action(ActionKind.DISCARD, S, t("E")),
            Action(ActionKind.DISCARD, W, t("W")),
            Action(ActionKind.DISCARD, N, t("Wh")),
        ],
    )
    # plane 45, column 20 + r: East (r = 0 for East, 1 for North, 2 for West, 3 for South)
    for s, r_east in ((E, 0), (S, 3), (W, 2), (N, 1)):
        planes = encode(g.observation(s), table)
        assert planes[45, 20 + r_east] == 1.0 and planes[45, 20:24].sum() == 1.0
        # BMJA: East's hand declared calling too (with the Original Call), and only his
        assert planes[45, 24 + r_east] == (1.0 if r.must_declare_calling else 0.0)


def test_an_old_league_policy_file_is_refused_in_one_line(tmp_path):
    # a policy saved for dmjl before Original Call had entries: 143 actions in its header
    table = action_table(dmjl())
    policy = LinearPolicy(table)
    path = tmp_path / "old.npz"
    # the header as LinearPolicy.save writes it, with the old count of actions
    import json

    header = {"format": FORMAT, "ruleset": "dmjl", "actions": 143}
    with open(path, "wb") as f:
        np.savez(f, theta=policy.theta, header=np.array(json.dumps(header)))
    with pytest.raises(PolicyError, match="trained on 143 actions of dmjl; its action table now has 177") as err:
        load_policy(path)
    assert "\n" not in str(err.value)


def test_a_policy_for_another_ruleset_keeps_its_weights():
    # the Original Call block exists only in a table with Original Call entries
    from mahjongg.rules import get_ruleset

    assert LinearPolicy(action_table(get_ruleset("traditional"))).size < LinearPolicy(action_table(dmjl())).size
    assert load_policy_example_size() == LinearPolicy(action_table(get_ruleset("pung-chow"))).size


def load_policy_example_size() -> int:
    from pathlib import Path

    policy, _ = load_policy(Path(__file__).parent.parent / "examples" / "policy-pung-chow.npz")
    return policy.size


def test_a_league_policy_bot_plays_the_declaration_state(tmp_path):
    # a policy saved for dmjl now (177 actions) loads as policy:FILE and answers from the
    # mask, Original Call entries included (zero weights: every legal action equal, the
    # first most probable)
    from mahjongg.rl.policy import load_policy_bot

    path = tmp_path / "dmjl.npz"
    LinearPolicy(action_table(dmjl())).save(path)
    bot = load_policy_bot(str(path), seed=3)
    g = _game(dmjl(), CHOWS)
    legal = g.legal_actions(E)
    assert [a for a in legal if a.kind is ActionKind.ORIGINAL_CALL]
    assert bot.act(g.observation(E), legal) in legal
