"""Dice: first East, the wall breaker and the break point.

Source: seed 000 (Pung Chow Part I), "Procedure of play", A: "all players
throw once, the one throwing the highest number becoming first East Wind. In
the event of a tie, players tieing throw again." B: "East Wind always throws
the dice. The number thrown will indicate the player who is to break the
wall ... East Wind counting around the table to the right, starting with
himself as one"; the breaker "then throws the dice ..., adding this throw to
East Wind. This sum will indicate the tile at which the wall is to be
broken". "Two and three-handed games": "East Wind acts for the dummy,
throwing the dice for it whenever indicated."

Seed 003 (Hong Kong), (9) b: one throw of three dice; "counting
anti-clockwise from the Jong (East)" with the Jong as one picks the wall
(the same count as :func:`breaker`), and the same sum is counted off from
the right of that wall.
"""

from __future__ import annotations

import random
from typing import Sequence

from ..tiles import Wind

__all__ = ["Dice", "throw", "breaker", "first_east"]

Dice = tuple[int, ...]
"""One throw of the dice (two; three in Hong Kong, seed 003)."""


def throw(rng: random.Random, n: int = 2) -> Dice:
    """``n`` dice thrown with ``rng``."""
    return tuple(rng.randint(1, 6) for _ in range(n))


def breaker(east_throw: int) -> Wind:
    """The wind that breaks the wall when East throws ``east_throw``.

    East counts to the right (counter-clockwise) starting with himself as
    one: 7 -> E1 S2 W3 N4 E5 S6 W7 -> West (the book's illustration 6). The
    count goes round all four sides, dummies included.
    """
    return Wind((east_throw - 1) % 4)


def first_east(rng: random.Random, players: int) -> tuple[int, list[dict]]:
    """Every player throws once; the highest becomes first East, ties throw again.

    Returns the index of the player who is first East and the throws made,
    as ``[{"player": p, "dice": [a, b]}, ...]`` in order.
    """
    throws: list[dict] = []
    contenders: Sequence[int] = range(players)
    while True:
        best = -1
        top: list[int] = []
        for p in contenders:
            d = throw(rng)
            throws.append({"player": p, "dice": list(d)})
            s = sum(d)
            if s > best:
                best, top = s, [p]
            elif s == best:
                top.append(p)
        if len(top) == 1:
            return top[0], throws
        contenders = top
