"""The phases of a hand: :class:`Phase`.

``Phase.TURN`` -- the seat in turn holds 14 tiles (plus one per kong) and
must discard, declare a kong or go Mah-Jongg; ``Phase.CLAIMS`` -- a claim
window: on a discard, every seat that could claim it answers (a claim or
PASS); also the window for robbing a kong and the washing window before East's
first discard; ``Phase.OVER`` -- the hand has ended.

A :class:`Phase` is a :class:`~enum.StrEnum`: ``Phase.TURN == "turn"``, so
code written against the strings the engine used before keeps working, and
the event log and ``Observation.to_dict()`` carry the plain strings.

Source: seed 000 (Pung Chow Part I), "Procedure of play" A-D.
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["Phase", "TURN", "CLAIMS", "OVER"]


class Phase(StrEnum):
    TURN = "turn"
    CLAIMS = "claims"
    OVER = "over"


# the members as module constants, for the engine's inner loops (a class look-up each time otherwise)
TURN = Phase.TURN
CLAIMS = Phase.CLAIMS
OVER = Phase.OVER
