"""Bots for the web tables: the registry of :mod:`mahjongg.bots`.

``make_bot(name, seed)`` and the names in ``BOTS`` come from
:mod:`mahjongg.bots` (part of this package: always there), read when asked
(a bot registered later, ``serve --policy``, is seated too).
"""

from __future__ import annotations

from .. import bots

__all__ = ["make_bot", "bot_names", "DEFAULT_BOT"]


def bot_names() -> list[str]:
    """The bot kinds a table may seat."""
    return list(bots.BOTS)


def make_bot(name: str, seed: int | None):
    """A bot of kind ``name`` (unknown kinds raise :class:`~mahjongg.bots.BotError`)."""
    return bots.make_bot(name, seed)


DEFAULT_BOT = "greedy"


def default_bot() -> str:
    names = bot_names()
    return DEFAULT_BOT if DEFAULT_BOT in names else names[0]
