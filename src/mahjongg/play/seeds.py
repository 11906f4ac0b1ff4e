"""The one bot-seed rule, the one source of a shared table's deals, and the one policy
for a bot that answers with an illegal action.

Every app that seats bots (``Session``, ``mahjongg play``, ``serve``,
``simulate``, the RL environment, the arena) seeds each bot of each hand with
:func:`bot_seed` and checks each bot's answer with :func:`checked_bot_action`:
the same match seed deals the same hands to the same bots, whichever app plays
it, and a bot that breaks the rules stops the match with one error naming it.

A bot's seed is a pure function of the match's seed, the hand's index in the
match (from 0) and the player's number (from 0, in the order the players first
sat down): the first 8 bytes of BLAKE2b over ``"match/hand/player"``, so
neighbouring matches, hands or players share no arithmetic pattern (unlike
``seed * 4 + player``, where match 1's player 0 is match 0's player 4).

A hand's deal is reproducible from the match's seed in ``mahjongg play`` and
``simulate`` (no one else sits at those tables). A table shared with others
(``mahjongg serve``, unless its operator asks for ``--seed``) deals each hand
from :func:`secret_hand_seed` instead: 128 bits from the operating system's
CSPRNG, drawn afresh for each hand, so the seed published once a hand is over
tells nothing about any other hand (a seed drawn from a seeded generator gave
away the generator, and with it every later deal).
"""

from __future__ import annotations

import hashlib
import secrets
from typing import Sequence

from ..errors import MahjonggError
from ..table.actions import Action

__all__ = ["bot_seed", "secret_hand_seed", "SECRET_SEED_BITS", "BotMoveError", "checked_bot_action"]

SECRET_SEED_BITS = 128
"""Bits of a shared table's hand seed (:func:`secret_hand_seed`)."""


def secret_hand_seed() -> int:
    """A hand's seed for a shared table: :data:`SECRET_SEED_BITS` bits from the
    operating system's CSPRNG (:func:`secrets.randbits`), a function of nothing
    published, each hand's drawn independently of every other's."""
    return secrets.randbits(SECRET_SEED_BITS)


def bot_seed(match_seed: int, hand: int, player: int) -> int:
    """The seed of player ``player``'s bot in hand ``hand`` (from 0) of the match seeded ``match_seed``.

    A whole number in ``0 .. 2**64 - 1``; the same arguments give the same
    seed in every process and Python version (BLAKE2b, not :func:`hash`)."""
    key = f"{match_seed}/{hand}/{player}".encode()
    return int.from_bytes(hashlib.blake2b(key, digest_size=8).digest(), "big")


class BotMoveError(MahjonggError):
    """A bot answered with an action that is not legal now (the message names the bot, its seat and the action)."""

    def __init__(self, bot: str, seat, action, legal: Sequence[Action]) -> None:
        self.bot, self.seat, self.action, self.legal = bot, seat, action, tuple(legal)
        where = f" at {seat.name.capitalize()}" if hasattr(seat, "name") else ""
        shown = ", ".join(map(str, legal[:8])) + (", ..." if len(legal) > 8 else "")
        super().__init__(f"bot {bot}{where} chose {action}, which is not legal now (legal: {shown})")


def checked_bot_action(bot: str, seat, action, legal: Sequence[Action]) -> Action:
    """``action`` if it is one of ``legal``; else :class:`BotMoveError`.

    The one policy of every app: a bot's illegal answer is a bug in the bot, so
    the match stops with an error that names the bot (``bot``: its name, e.g.
    ``"greedy"``), its ``seat`` and the action, instead of playing some other
    action for it."""
    if action in legal:
        return action
    raise BotMoveError(bot, seat, action, legal)
