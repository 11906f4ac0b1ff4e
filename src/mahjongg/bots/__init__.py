"""Bots: players that choose an action from what their seat may see.

``make_bot("greedy", seed=1)`` builds one by name; :data:`BOTS` lists them:

``random``    a uniformly random legal action (the baseline)
``greedy``    lowest shanten, most live useful tiles; claims that bring it nearer
``cautious``  greedy played as seed 000's "Suggestions for careful playing" advise
``expert``    expected chips: chance of winning x the real score, less the risk of the discard

Every bot implements :class:`Bot`: ``act(observation, legal) -> Action``.
Source: seed 000 (Pung Chow Part I).
"""

from __future__ import annotations

from mahjongg.errors import MahjonggError

from .base import Bot, concealed_counts, unseen_counts, visible_counts
from .cautious import CautiousBot
from .expert import ExpertBot
from .greedy import GreedyBot
from .random_bot import RandomBot

__all__ = [
    "Bot",
    "BOTS",
    "BotError",
    "make_bot",
    "RandomBot",
    "GreedyBot",
    "CautiousBot",
    "ExpertBot",
    "concealed_counts",
    "visible_counts",
    "unseen_counts",
]

BOTS: dict[str, type[Bot]] = {"random": RandomBot, "greedy": GreedyBot, "cautious": CautiousBot, "expert": ExpertBot}
"""The bots by name."""


class BotError(MahjonggError):
    """An unknown bot name."""


def make_bot(name: str, seed: int | None = None) -> Bot:
    """The bot called ``name`` (see :data:`BOTS`), seeded with ``seed``.

    Raises :class:`BotError` (a ``ValueError``) naming the known bots.
    """
    try:
        cls = BOTS[name.strip().lower()]
    except (KeyError, AttributeError):
        raise BotError(f"unknown bot {name!r}; known bots: {', '.join(BOTS)}") from None
    return cls(seed)
