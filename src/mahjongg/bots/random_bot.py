"""The ``random`` bot: a uniformly random legal action, from its own seeded generator.

The baseline every other bot is measured against (``bench/bench_bots.py``).
Source: seed 000 (Pung Chow Part I), "Procedure of play" -- every action it
takes is one the rules allow, nothing more.
"""

from __future__ import annotations

from ..table.actions import Action
from ..table.observation import Observation
from .base import Bot

__all__ = ["RandomBot"]


class RandomBot(Bot):
    """Chooses uniformly among the legal actions (claims and PASS included)."""

    name = "random"

    def act(self, observation: Observation, legal: list[Action]) -> Action:
        if not legal:
            raise ValueError(f"{self.name}: no legal action to choose from")
        return legal[0] if len(legal) == 1 else self.rng.choice(legal)
