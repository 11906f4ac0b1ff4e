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

from ..bots.advisor import advice_line
from ..bots.expert import discard_value
from ..decomposition import waits
from ..shanten import ShantenError, shanten, useful_tiles
from ..table import Observation
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

    def describe(self) -> str:
        if self.shanten is None:
            return "no hint for this hand"
        if self.shanten < 0:
            return "your hand is complete: declare Mah-Jongg (m)"
        parts = []
        if self.shanten == 0:
            parts.append("you are waiting (shanten 0)")
        else:
            parts.append(f"shanten {self.shanten}: {self.shanten} tile{'s' if self.shanten > 1 else ''} from waiting")
        if self.waits:
            parts.append("waiting on " + " ".join(map(str, self.waits)))
        for t, w in self.discards:
            parts.append(f"discard {t} -> waiting on {' '.join(map(str, w))}")
        if self.useful and self.shanten > 0:
            parts.append("tiles that would help: " + " ".join(map(str, self.useful)))
        if self.advice:
            parts.append(self.advice)
        return "; ".join(parts)


def hint(obs: Observation) -> Hint:
    """The hint for the observing seat's own hand."""
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
        if sh == 0:
            return Hint(sh, tuple(waits(counts, held)))
        return Hint(sh, useful=tuple(useful_tiles(counts, declared, held=held)))
    if sh < 0:
        return Hint(sh)
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
