"""Hints on demand: shanten, the tiles a hand waits on, and which tile to let go, from the seat's own view.

Pure functions over an :class:`~mahjongg.table.Observation` and the seat's
legal actions; the numbers come from :func:`mahjongg.shanten.shanten` and
:func:`mahjongg.decomposition.waits` (regular hands: four sets and a pair).
The advice is the advisor's (:func:`mahjongg.bots.advisor.choices`): what the
``master`` bot would play from this observation -- Mah-Jongg, a kong, a
discard (with Original Call), a claim or passing -- with its value and its
reason, then the other choices by value; the same line the browser's hint
shows, and what ``mahjongg advise`` prints for a hand.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..bots.advisor import choices, hint_line
from ..decomposition import waits
from ..shanten import ShantenError, shanten, useful_tiles
from ..table import Observation, Phase
from ..tiles import TILES, Tile

__all__ = ["Hint", "hint"]


@dataclass(frozen=True)
class Hint:
    """``shanten``: -1 complete, 0 waiting, n exchanges from waiting (``None``: cannot tell).
    ``waits``: what completes the hand now (between turns). ``discards``: in
    one's turn, each discard that leaves the hand waiting, with its waits."""

    shanten: int | None
    waits: tuple[Tile, ...] = ()
    discards: tuple[tuple[Tile, tuple[Tile, ...]], ...] = ()
    useful: tuple[Tile, ...] = ()
    best: tuple = ()
    """In one's turn: the advisor's choices (:class:`~mahjongg.bots.advisor.Choice`), ``master``'s first."""
    advice: str = ""
    """The same in words (:func:`mahjongg.bots.advisor.hint_line`)."""
    claim: str = ""
    """In a claim window: claim or pass, in words (:func:`mahjongg.bots.advisor.hint_line`)."""

    def describe(self) -> str:
        """The advice first, then the hand's state, short: ``best: chow 7b 789b,
        then discard 1b (ready on 4c 7c, value 63); pass: value 55 · your hand:
        shanten 1, 9 kinds of tile help``. The tiles that help are counted, not
        listed (far from ready they are 20 kinds and more)."""
        if self.shanten is None:
            return self.claim or "no hint for this hand"
        if self.advice:
            return self.advice
        if self.shanten < 0:
            return "your hand is complete: declare Mah-Jongg (m)"
        held = len(self.discards) > 0 or bool(self.best)  # holding a tile to discard
        if held:
            if self.shanten == 0:  # one discard from ready
                return "; ".join(f"discard {t} -> waiting on {' '.join(map(str, w))}" for t, w in self.discards)
            return f"shanten {self.shanten}: {self.shanten} tile{'s' * (self.shanten > 1)} from ready after your discard"
        if self.shanten == 0:
            state = "you are ready, waiting on " + " ".join(map(str, self.waits))
        else:
            state = f"shanten {self.shanten} ({self.shanten} tile{'s' * (self.shanten > 1)} from ready); {len(self.useful)} kinds of tile would help"
        return f"{self.claim} · your hand: {state}" if self.claim else state


def hint(obs: Observation, legal=()) -> Hint:
    """The hint for the observing seat's own hand: in its turn and in a claim window on a
    discard, the advisor's choices among its ``legal`` actions (none given: the hand's
    state only)."""
    hand = obs.hand
    counts = hand.counts()
    declared = len(hand.melds)
    held = hand.all_counts()[:34]
    try:
        sh = shanten(counts, declared, held=held)
    except ShantenError:
        return Hint(None)
    n = sum(counts) + 3 * declared
    if n == 13:
        claim = hint_line(obs, legal) if obs.phase == Phase.CLAIMS and legal else ""
        if sh == 0:
            return Hint(sh, tuple(waits(counts, held)), claim=claim)
        return Hint(sh, useful=tuple(useful_tiles(counts, declared, held=held)), claim=claim)
    best = _choices(obs, legal)
    advice = hint_line(obs, legal, given=best) if best else ""
    if sh < 0:
        return Hint(sh, best=best, advice=advice)
    if sh > 0:
        return Hint(sh, useful=tuple(useful_tiles(counts, declared, held=held)), best=best, advice=advice)
    # holding the drawn tile, one discard from waiting
    out = []
    for i in range(34):
        if counts[i]:
            counts[i] -= 1
            held[i] -= 1
            w = tuple(waits(counts, held))
            counts[i] += 1
            held[i] += 1
            if w:
                out.append((TILES[i], w))
    return Hint(sh, (), tuple(out), best=best, advice=advice)


def _choices(obs: Observation, legal) -> tuple:
    """The advisor's choices for the seat in turn (none if it cannot tell)."""
    if obs.hidden or not legal:
        return ()
    try:
        return tuple(choices(obs, legal))
    except (ValueError, KeyError):
        return ()
