"""Smoke test: whole hands with random legal actions end, settle to zero and replay."""

import random

from mahjongg.table import Game


def play(seed: int, players: int = 4) -> Game:
    g = Game(seed=seed, players=players)
    rng = random.Random(seed)
    while not g.is_over:
        seat = g.to_act()[0]
        g.apply(rng.choice(g.legal_actions(seat)))
    return g


def test_random_hands_end_and_replay():
    for seed in range(30):
        g = play(seed)
        assert g.result is not None
        assert sum(g.result.net.values()) == 0
        assert Game.replay(g.events_jsonl()).snapshot() == g.snapshot()
