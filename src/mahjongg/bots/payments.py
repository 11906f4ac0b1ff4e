"""What a made-up hand pays each seat, by the table's own settlement (``Ruleset.settle``).

The bots learn what a win brings or costs from the ruleset, never from its name:
they settle a made-up hand -- one seat winning with a given score (points, as
:attr:`Score.score <mahjongg.scoring.Score.score>`), the others scoring nothing or
a given score -- and read the net payments. One memo holds every answer
(``_SETTLE_CACHE``, bounded by :func:`~mahjongg.bots.base.remember`): the answers
never change, only the speed.

* :func:`chips_for_win` -- what the winner collects;
* :func:`paid` -- what one seat pays, by who discarded (or self-drawn, or the hand
  drawn): Hong Kong's discarder pays double (seed 003 (12) b), the league rulesets'
  and Pung Chow's every loser pays the winner his score;
* :func:`loser_gain` -- what a loser gains per point of his own hand (Pung Chow: the
  losers settle the difference among themselves, seed 000 Part I, "Settling the
  scores"; under a faan table nothing).
"""

from __future__ import annotations

from ..tiles import Wind
from .base import remember

__all__ = ["chips_for_win", "paid", "loser_gain"]

_SETTLE_CACHE: dict = {}


def chips_for_win(ruleset, seat: Wind, seats: tuple, score: int, discarder: Wind | None) -> int:
    """Chips ``seat`` collects winning with ``score`` (the others scoring nothing)."""
    key = (ruleset, seat, len(seats), score, discarder)
    v = _SETTLE_CACHE.get(key)
    if v is None:
        scores = {s: 0 for s in seats}
        scores[seat] = score
        v = ruleset.settle(scores, seat, discarder=discarder, east=Wind.EAST, dead=()).net.get(seat, 0)
        remember(_SETTLE_CACHE, key, v)
    return v


def paid(ruleset, me: Wind, winner: Wind, seats: tuple, score: int, by: Wind | None, ruling=None, drawn: bool = False) -> int:
    """Chips ``me`` pays (net) when ``winner`` wins with ``score`` and the others score
    nothing, off the discard of ``by`` (``None``: self-drawn) under ``ruling`` (a ruling that
    applies, or ``None``); ``drawn``: the hand not won, ``winner`` holding that score
    (nothing unless the ruleset's drawn hands settle). By the ruleset's ``settle``; cached."""
    key = ("paid", ruleset, me, winner, len(seats), score, by, None if ruling is None else (ruling.kind, ruling.seat), drawn)
    v = _SETTLE_CACHE.get(key)
    if v is None:
        scores = {s: 0 for s in seats}
        scores[winner] = score
        if drawn:
            v = -ruleset.settle(scores, None, east=Wind.EAST, dead=()).net.get(me, 0) if ruleset.settle_draws else 0
        else:
            v = -ruleset.settle(scores, winner, discarder=by, east=Wind.EAST, dead=(), ruling=ruling).net.get(me, 0)
        remember(_SETTLE_CACHE, key, v)
    return v


def loser_gain(ruleset, seat: Wind, seats: tuple) -> float:
    """Chips a loser gains per point of his own hand's score when another wins (Pung Chow:
    the other losers pay him the difference; a faan ruleset: nothing)."""
    key = ("loser", ruleset, seat, len(seats))
    v = _SETTLE_CACHE.get(key)
    if v is None:
        winner = next(s for s in seats if s != seat)
        base = {s: 0 for s in seats}
        base[winner] = 40
        more = dict(base)
        more[seat] = 10
        a = ruleset.settle(base, winner, east=Wind.EAST, dead=()).net.get(seat, 0)
        b = ruleset.settle(more, winner, east=Wind.EAST, dead=()).net.get(seat, 0)
        v = remember(_SETTLE_CACHE, key, (b - a) / 10)
    return v
