"""Hints on demand: shanten, the tiles a hand waits on, and which tile to let go, from the seat's own view.

Pure functions over an :class:`~mahjongg.table.Observation`; the numbers
come from :func:`mahjongg.shanten.shanten` and
:func:`mahjongg.decomposition.waits` (regular hands: four sets and a pair).
In one's turn the discards are ranked by the discard advisor's value (the
``expert`` bot's expected chips, :func:`mahjongg.bots.expert.discard_value`,
from this observation: the discards on the table and the others' exposed sets
count), the best first -- what ``mahjongg advise`` prints for a hand.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..bots.advisor import advice_line, claim_advice_line
from ..bots.expert import discard_value
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
    """In one's turn: the advisor's best discards (:class:`~mahjongg.bots.expert.DiscardValue`), best first."""
    advice: str = ""
    """The same in words (:func:`mahjongg.bots.advisor.advice_line`)."""
    claim: str = ""
    """In a claim window: claim or pass, in words (:func:`mahjongg.bots.advisor.claim_advice_line`)."""

    def describe(self) -> str:
        """The advice first, then the hand's state, short: ``best: chow 7b 789b,
        then discard 1b (ready on 4c 7c, value 63); pass: value 55 · your hand:
        shanten 1, 9 kinds of tile help``. The tiles that help are counted, not
        listed (far from ready they are 20 kinds and more)."""
        if self.shanten is None:
            return self.claim or "no hint for this hand"
        if self.shanten < 0:
            return "your hand is complete: declare Mah-Jongg (m)"
        held = len(self.discards) > 0 or bool(self.advice) or bool(self.best)  # holding a tile to discard
        if held:
            if self.advice:
                return self.advice
            if self.shanten == 0:  # one discard from ready
                return "; ".join(f"discard {t} -> waiting on {' '.join(map(str, w))}" for t, w in self.discards)
            return f"shanten {self.shanten}: {self.shanten} tile{'s' * (self.shanten > 1)} from ready after your discard"
        if self.shanten == 0:
            state = "you are ready, waiting on " + " ".join(map(str, self.waits))
        else:
            state = f"shanten {self.shanten} ({self.shanten} tile{'s' * (self.shanten > 1)} from ready); {len(self.useful)} kinds of tile would help"
        return f"{self.claim} · your hand: {state}" if self.claim else state


def hint(obs: Observation, legal=None) -> Hint:
    """The hint for the observing seat's own hand; in a claim window on a
    discard, with whether to claim it (``legal``: the seat's legal actions,
    so that only a claim it may make is advised)."""
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
        claim = claim_advice_line(obs, legal) if obs.phase == Phase.CLAIMS else ""
        if sh == 0:
            return Hint(sh, tuple(waits(counts, held)), claim=claim)
        return Hint(sh, useful=tuple(useful_tiles(counts, declared, held=held)), claim=claim)
    if sh < 0:
        return Hint(sh)
    if obs.seat in obs.original_call and obs.drawn is not None:
        # bound by Original Call: no discard to choose (Kajongg, Mah Jongg with Original Call)
        return Hint(sh, advice=f"Original Call: discard the {obs.drawn} you drew (your hand is bound)")
    best = _best_discards(obs)
    if sh > 0:
        return Hint(sh, useful=tuple(useful_tiles(counts, declared, held=held)), best=best, advice=advice_line(obs))
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
    return Hint(sh, (), tuple(out), best=best, advice=advice_line(obs))


def _best_discards(obs: Observation, n: int = 3) -> tuple:
    """The advisor's ``n`` best discards for the seat in turn (none if it cannot tell)."""
    if obs.hidden:
        return ()
    try:
        return tuple(discard_value(obs)[:n])
    except (ValueError, KeyError):
        return ()
