"""Bots: players that choose an action from what their seat may see.

``make_bot("greedy", seed=1)`` builds one by name; :data:`BOTS` lists them:

``random``    a uniformly random legal action (the baseline)
``greedy``    lowest shanten, most live useful tiles; claims that bring it nearer
``cautious``  greedy played as seed 000's "Suggestions for careful playing" advise
``expert``    expected chips: chance of winning x the real score, less the risk of the discard
``master``    the expert with kongs kept for their points, passing weighed as claiming, tiles let pass safe (see :mod:`.master`)
``learned``   a network trained on the master's play, run with NumPy (see :mod:`.learned`; the rulesets whose weights ship)

Every bot implements :class:`Bot`: ``act(observation, legal) -> Action``.

Bot kinds from outside this package are named ``KIND:ARG`` and found
through the ``mahjongg.bots`` entry points (``policy:FILE``: a trained
policy, from the ``rl`` extra, :mod:`mahjongg.rl.policy`); an entry point is
a function ``(arg, seed) -> Bot``. :func:`register_bot` adds a named bot to
:data:`BOTS` (``mahjongg serve --policy NAME=FILE`` registers
``policy:NAME``: the web tables offer only the bots in :data:`BOTS`).
Source: seed 000 (Pung Chow Part I).
"""

from __future__ import annotations

from importlib.metadata import entry_points
from typing import Callable

from .base import Bot, BotError, concealed_counts, unseen_counts, visible_counts
from .cautious import CautiousBot
from .expert import ExpertBot
from .greedy import GreedyBot
from .learned import LearnedBot
from .master import MasterBot
from .random_bot import RandomBot

__all__ = [
    "Bot",
    "BOTS",
    "BotError",
    "make_bot",
    "check_bot",
    "register_bot",
    "RandomBot",
    "GreedyBot",
    "CautiousBot",
    "ExpertBot",
    "MasterBot",
    "LearnedBot",
    "concealed_counts",
    "visible_counts",
    "unseen_counts",
]

BOTS: dict[str, Callable[[int | None], Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "cautious": CautiousBot,
    "expert": ExpertBot,
    "master": MasterBot,
    "learned": LearnedBot,
}
"""The bots by name: each makes a bot from a seed."""


def make_bot(name: str, seed: int | None = None) -> Bot:
    """The bot called ``name`` (see :data:`BOTS`, or ``KIND:ARG``: an entry
    point of the ``mahjongg.bots`` group), seeded with ``seed``.

    Raises :class:`BotError` (a ``ValueError``) naming the known bots.
    """
    if not isinstance(name, str):
        raise BotError(f"a bot is named by a string, not {name!r}")
    key = name.strip()
    factory = BOTS.get(key.lower())
    if factory is not None:
        return factory(seed)
    kind, sep, arg = key.partition(":")
    if sep:
        return _plugin(kind.strip().lower())(arg.strip(), seed)
    raise BotError(f"unknown bot {name!r}; known bots: {', '.join(BOTS)}, policy:FILE")


def check_bot(name: str) -> str:
    """``name`` as :func:`make_bot` takes it (trimmed; a registry name in lower
    case), after making the bot once: :class:`BotError` if it cannot be made
    (an unknown name, a policy file that is missing or not a policy)."""
    make_bot(name, 0)
    key = name.strip()
    return key.lower() if key.lower() in BOTS else key


def register_bot(name: str, factory: Callable[[int | None], Bot]) -> None:
    """Add ``name`` (lower case) to :data:`BOTS`: ``factory(seed)`` makes the bot."""
    BOTS[name.strip().lower()] = factory


_PLUGINS: dict[str, Callable] = {}


def _plugin(kind: str) -> Callable:
    hit = _PLUGINS.get(kind)
    if hit is not None:
        return hit
    found = [ep for ep in entry_points(group="mahjongg.bots") if ep.name == kind]
    if not found:
        known = sorted({ep.name for ep in entry_points(group="mahjongg.bots")})
        raise BotError(f"unknown bot kind {kind!r}; known: {', '.join(BOTS)}" + "".join(f", {k}:..." for k in known))
    try:
        hit = found[0].load()
    except ImportError as exc:
        raise BotError(f"{kind}: bots need the rl extra: pip install 'mahjongg[rl]' ({exc})") from None
    _PLUGINS[kind] = hit
    return hit
