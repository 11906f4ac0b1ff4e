"""The ``random`` bot: a uniformly random legal action, from its own seeded generator.

The baseline every other bot is measured against (``bench/bench_bots.py``).
Source: seed 000 (Pung Chow Part I), "Procedure of play" -- every action it
takes is one the rules allow, nothing more.
"""

from __future__ import annotations

from ..table.actions import Action
from ..table.observation import Observation
from .base import Bot, BotError

__all__ = ["RandomBot"]


class RandomBot(Bot):
    """Chooses uniformly among the legal actions (claims and PASS included)."""

    name = "random"

    def act(self, observation: Observation, legal: list[Action]) -> Action:
        n = len(legal)
        if n == 1:
            return legal[0]
        if not n:
            raise BotError(f"{self.name}: no legal action to choose from")
        # self.rng.choice(legal), written out: the same getrandbits calls as CPython's
        # Random._randbelow_with_getrandbits, so the same choice (the bot runs once a decision)
        getrandbits = self.rng.getrandbits
        k = n.bit_length()
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        return legal[r]
