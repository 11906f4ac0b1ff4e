"""The :class:`Bot` interface and what a bot may compute from its observation.

A bot sees one :class:`~mahjongg.table.Observation` (its own concealed tiles
and what lies on the table, never another seat's concealed tiles or the wall
order) and the tuple of its legal actions, and returns one of them::

    action = bot.act(game.observation(seat), game.legal_actions(seat))

The helpers below turn an observation into count vectors for
:mod:`mahjongg.shanten`: :func:`concealed_counts` (own concealed tiles),
:func:`visible_counts` (every tile this seat can see: its own hand, every
seat's melds, the discards lying on the table) and :func:`unseen_counts`
(4 less the visible ones: copies that may still be drawn or claimed).

Source: seed 000 (Pung Chow Part I), "Suggestions for careful playing of
hands": a player judges his hand by "1. The condition of his own hand. 2. The
discards of the other three players" -- exactly what an observation holds.
"""

from __future__ import annotations

import random
from itertools import chain

from ..errors import MahjonggError
from ..decomposition import waits
from ..table.actions import ORIGINAL_CALL, Action
from ..table.observation import Observation
from ..tiles import NUM_KINDS


class BotError(MahjonggError):
    """A bot that cannot be made (an unknown name, a bad policy file) or that
    cannot choose (no legal action, an observation its hand does not match)."""


__all__ = ["Bot", "concealed_counts", "visible_counts", "unseen_counts", "calling_live", "with_original_call"]


class Bot:
    """A player that chooses one legal action from what its seat may see.

    ``name``: the registry name (``random``, ``greedy``, ``cautious``).
    ``seed``: seeds the bot's own ``random.Random`` (``self.rng``), so a bot
    that breaks ties or chooses at random does so reproducibly.
    """

    name = "bot"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def check_table(self, ruleset) -> None:
        """Raise :class:`BotError` (one line) if this bot cannot play a table of ``ruleset`` (a
        :class:`~mahjongg.rules.Ruleset`, the table's options applied): every app's match
        configuration asks it before a hand is dealt. Every bot plays every table but the
        ``learned`` one, which plays the rulesets its weights were trained for."""

    def act(self, observation: Observation, legal: tuple[Action, ...]) -> Action:
        """One of ``legal`` (never empty; a tuple of frozen actions: nothing a bot
        does to it or to the observation changes the game): the bot's decision."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r} seed={self.seed}>"


def concealed_counts(obs: Observation) -> list[int]:
    """34 counts of the seat's own concealed tiles (the drawn tile included)."""
    c = [0] * NUM_KINDS
    for t in obs.concealed:
        c[t] += 1
    return c


_CACHE_LIMIT = 100_000
"""The most entries a bot's memo (:func:`remember`) holds before it is emptied."""


def remember(cache: dict, key, value):
    """Store ``value`` under ``key`` in a memo ``cache`` that is emptied when
    it holds more than ``_CACHE_LIMIT`` entries (memory stays bounded); returns it."""
    if len(cache) > _CACHE_LIMIT:
        cache.clear()
    cache[key] = value
    return value


_chain = chain.from_iterable

_MELD_TILES: dict = {}  # Meld -> its tiles as ints (a few hundred melds exist)


def _meld_tiles(m) -> tuple[int, ...]:
    r = _MELD_TILES.get(m)
    if r is None:
        r = _MELD_TILES[m] = tuple(int(t) for t in m.tiles)
    return r


def _add_table(c: list[int], obs: Observation, step: int = 1) -> None:
    """Add ``step`` to ``c`` for every tile of every meld on the table and every
    discard lying there (``step=-1``: take them away)."""
    get = _MELD_TILES.get
    for melds in obs.melds.values():
        for m in melds:
            ts = get(m)
            if ts is None:
                ts = _meld_tiles(m)
            for t in ts:
                c[t] += step
    for t in _chain(obs.discards.values()):
        c[t] += step


def visible_counts(obs: Observation) -> list[int]:
    """34 counts of every tile the seat can see: its concealed tiles, all
    melds on the table (concealed kongs too: their kind shows) and every
    discard lying on the table (claimed discards are in the melds)."""
    c = concealed_counts(obs)
    _add_table(c, obs)
    return c


def unseen_counts(obs: Observation) -> list[int]:
    """34 counts of the copies this seat cannot see (in the wall or in
    other hands): the tiles it may still draw or be discarded."""
    # counted down from 4 in one pass (no second list of visible counts)
    c = [4] * NUM_KINDS
    for t in obs.concealed:
        c[t] -= 1
    _add_table(c, obs, -1)
    return c if min(c) >= 0 else [v if v > 0 else 0 for v in c]




def calling_live(obs: Observation, discard: int) -> int:
    """The unseen copies of the tiles that complete ``obs``'s hand as four sets
    and a pair once it discards ``discard`` (0 if it does not then wait):
    how many tiles could still make it Mah-Jongg."""
    c = concealed_counts(obs)
    c[discard] -= 1
    unseen = unseen_counts(obs)
    return sum(unseen[w] for w in waits(c))


def with_original_call(obs: Observation, legal, discard: Action, min_live: int | None) -> Action:
    """``discard``, or the ORIGINAL_CALL with its tile when it is legal and the hand
    then waits on at least ``min_live`` unseen tiles (:func:`calling_live`); a bot's
    rule for declaring (``None``: never). Source: Kajongg, "Mah Jongg with Original
    Call" (1 double; the hand is bound from then on)."""
    if min_live is None:
        return discard
    t = discard.tile
    for a in legal:
        if a.kind is ORIGINAL_CALL and a.tile == t:
            return a if calling_live(obs, t) >= min_live else discard
    return discard
