"""Bots for the web tables: the registry of :mod:`mahjongg.bots`.

``make_bot(name, seed)`` and the names in ``BOTS`` come from
:mod:`mahjongg.bots`; without that package a plain bot that plays legally
(Mah-Jongg when it can, never claims, discards the drawn tile) keeps the
tables running.
"""

from __future__ import annotations

import random

from ..bots.base import BotError
from ..table.actions import Action, ActionKind

__all__ = ["make_bot", "bot_names", "DEFAULT_BOT"]


class _PlainBot:
    name = "plain"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, observation, legal: list[Action]) -> Action:
        for a in legal:
            if a.kind is ActionKind.MAHJONGG:
                return a
        for a in legal:
            if a.kind is ActionKind.PASS:
                return a
        drawn = observation.drawn
        for a in legal:
            if a.kind is ActionKind.DISCARD and a.tile == drawn:
                return a
        discards = [a for a in legal if a.kind is ActionKind.DISCARD]
        return self.rng.choice(discards or legal)


def _registry():
    try:
        from .. import bots

        return bots.make_bot, list(bots.BOTS)
    except (ImportError, AttributeError):
        return None, None


def bot_names() -> list[str]:
    """The bot kinds a table may seat."""
    _, names = _registry()
    if names is not None:
        if names:
            return names
    return ["plain"]


DEFAULT_BOT = "greedy"


def make_bot(name: str, seed: int | None):
    """A bot of kind ``name`` (unknown kinds raise :class:`~mahjongg.bots.BotError`)."""
    make, _ = _registry()
    if make is not None:
        return make(name, seed)
    if name in ("plain", DEFAULT_BOT):
        return _PlainBot(seed)
    raise BotError(f"unknown bot {name!r}; known: {', '.join(bot_names())}")


def default_bot() -> str:
    names = bot_names()
    return DEFAULT_BOT if DEFAULT_BOT in names else names[0]
