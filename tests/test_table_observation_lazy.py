"""An observation is a snapshot: held across ``apply`` it still shows the state it was made in."""

import copy
import pickle

from mahjongg.bots import make_bot
from mahjongg.rules import RULESETS, get_ruleset
from mahjongg.table import Game
from mahjongg.table.observation import Observation


def _eager(game, seat) -> Observation:
    return Observation(**game._observation_fields(seat))


def test_observation_held_across_apply_keeps_its_state():
    for name in sorted(RULESETS):
        game = Game(get_ruleset(name), seed=11)
        bots = {s: make_bot("random", int(s)) for s in game.seats}
        held = []
        while not game.is_over and len(held) < 200:
            seat = game.to_act()[0]
            views = {s: (game.observation(s), _eager(game, s)) for s in game.seats}
            held.extend(views.values())
            game.apply(bots[seat].act(game.observation(seat), game.legal_actions(seat)))
        for lazy, eager in held:
            assert lazy == eager
            assert repr(lazy) == repr(eager)
            assert lazy.to_dict() == eager.to_dict()


def test_lazy_observation_copies_and_pickles_whole():
    game = Game(seed=3)
    obs = game.observation(game.to_act()[0])
    for other in (copy.copy(obs), copy.deepcopy(obs), pickle.loads(pickle.dumps(obs))):
        assert other == obs and type(other) is Observation
        assert "_raw" not in vars(other)
    assert "_raw" not in vars(obs)
