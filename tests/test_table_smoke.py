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


def test_every_chow_claim_names_its_run_even_from_1b():
    """A claim event of a chow names the run's lowest tile ("chow"), also for
    the run from 1b -- tile 0 of the index, which a truth test once dropped.

    The run is read back from the claimant's new exposed meld: the claim's
    "chow" must be that meld's lowest tile, and the claimed tile inside it.
    """
    runs_from = set()
    for seed in range(200):
        g = play(seed)
        for e in g.events:
            if e["type"] == "claim" and e["kind"] == "chow":
                assert "chow" in e, e
                low = e["chow"]
                suit, rank = low[-1], int(low[:-1])
                assert e["tile"] in {f"{rank + k}{suit}" for k in range(3)}, e
                runs_from.add(low)
        if "1b" in runs_from:
            break
    assert "1b" in runs_from  # the case that once lost its key was met
