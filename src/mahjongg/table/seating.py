"""Seating a match: who sits where round the table and who is the first East.

Players are numbered 0..n-1 in the order they first sat down ("the seats are
preliminarily chosen"), counter-clockwise: each player's right-hand neighbour
is the next number. A seating returns the players in their final order round
the table, counter-clockwise from the first East, and every throw and pick
made, as plain dicts for the match record.

Three procedures, chosen by ``Ruleset.seating``:

``dice`` (seed 000 Part I, "Procedure of play", A)
    "all players throw once, the one throwing the highest number becoming
    first East Wind. In the event of a tie, players tieing throw again."
    Nobody moves.

``indicators`` (seed 000 Part II, "The procedure of play", illustration 1)
    "any one of the four players throws the two dice once, the result of
    this throw deciding which player is to throw again for playing position"
    (counting counter-clockwise, the thrower as one). That player shuffles
    the four wind indicators face down, puts one on top of the wind box and
    lays them in a line, the box "in any order he pleases". "He then throws
    the two dice and the number thrown will decide which player is to pick up
    the indicator farthest from him (the first indicator) ... The player
    indicated will pick up the first indicator, the player on his right the
    second indicator, the player opposite the third and the player to his
    left the fourth. The wind box goes to the player picking up the indicator
    on top of it who then places it in front of him to mark the seat of East
    Wind." The one who drew East sits there, South to his right, West
    opposite, North to his left.

``count`` (seed 003, (9) a)
    One player throws the dice (three in Hong Kong) and counts anti-clockwise
    from himself as one: the player reached is the first Jong (East).
    Nobody moves.

Readings (``docs/rules/table.md``): the first throw is made by player 0; the
shuffle of the indicators and the place of the box are random; with fewer
than four players only the indicators of the winds in play are used and the
counts go round the players only.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..tiles import Wind
from .actions import GameError
from .dice import first_east

__all__ = ["Seating", "seat_players", "count_from", "dice_seating", "indicator_seating", "count_seating"]


@dataclass(frozen=True)
class Seating:
    """The outcome of a seating procedure.

    ``order``: the players round the table counter-clockwise, the first East
    first (``order[k]`` sits at ``Wind(k)`` in the first hand).
    ``throws``: every throw and pick, in order, as plain dicts.
    """

    procedure: str
    order: tuple[int, ...]
    throws: tuple[dict, ...] = field(default_factory=tuple)

    @property
    def first_east(self) -> int:
        return self.order[0]

    def to_dict(self) -> dict:
        return {"procedure": self.procedure, "order": list(self.order), "throws": [dict(t) for t in self.throws]}


def count_from(player: int, total: int, players: int) -> int:
    """The player reached counting ``total`` round the table counter-clockwise
    from ``player`` as one (seed 000: "counting in the usual manner one player
    at a time in counter-clockwise direction, starting with himself as 1")."""
    return (player + total - 1) % players


def _throw(rng: random.Random, dice: int) -> list[int]:
    return [rng.randint(1, 6) for _ in range(dice)]


def dice_seating(rng: random.Random, players: int, dice: int = 2) -> Seating:
    """Part I: the highest throw is first East; the seats do not change."""
    if dice == 2:
        east, throws = first_east(rng, players)
    else:  # the same procedure with another number of dice
        throws, contenders = [], list(range(players))
        while True:
            sums = {}
            for p in contenders:
                d = _throw(rng, dice)
                throws.append({"player": p, "dice": d})
                sums[p] = sum(d)
            top = max(sums.values())
            contenders = [p for p in contenders if sums[p] == top]
            if len(contenders) == 1:
                east = contenders[0]
                break
    throws = [{"step": "first East", **t} for t in throws]
    return Seating("dice", tuple((east + k) % players for k in range(players)), tuple(throws))


def count_seating(rng: random.Random, players: int, dice: int = 3, thrower: int = 0) -> Seating:
    """Seed 003 (9) a: ``thrower`` throws and counts anti-clockwise; the
    player reached is the first Jong. The seats do not change."""
    d = _throw(rng, dice)
    east = count_from(thrower, sum(d), players)
    throws = ({"step": "first East", "player": thrower, "dice": d, "count": sum(d), "reaches": east},)
    return Seating("count", tuple((east + k) % players for k in range(players)), throws)


def indicator_seating(
    rng: random.Random,
    players: int = 4,
    dice: int = 2,
    *,
    first_thrower: int = 0,
    throws: tuple[list[int], list[int]] | None = None,
    line: list[Wind] | None = None,
    box: int | None = None,
) -> Seating:
    """Part II: the wind box and the wind indicators.

    ``throws``, ``line`` (the indicators in line order, first = farthest from
    the arranger) and ``box`` (the 1-based position of the indicator on top of
    the box) may be given to replay a seating (the book's illustration 1:
    C throws 7, A throws 8, box in 2nd position); otherwise they are drawn
    from ``rng``.
    """
    winds = [Wind(i) for i in range(players)]
    t1 = list(throws[0]) if throws else _throw(rng, dice)
    arranger = count_from(first_thrower, sum(t1), players)
    if line is None:
        line = list(winds)
        rng.shuffle(line)
    else:
        line = [Wind(w) for w in line]
        if sorted(line) != winds:
            raise GameError(f"the indicators laid out must be one of each of {', '.join(w.letter for w in winds)}")
    if box is None:
        box = rng.randrange(players) + 1  # "in any order he pleases"
    if not 1 <= box <= players:
        raise GameError(f"the wind box is in one of positions 1-{players}, not {box}")
    t2 = list(throws[1]) if throws else _throw(rng, dice)
    first_pick = count_from(arranger, sum(t2), players)
    # the picker of the first indicator, then the player on his right, ...
    picks = [((first_pick + i) % players, line[i]) for i in range(players)]
    box_holder = picks[box - 1][0]
    wind_of = {p: w for p, w in picks}
    order = tuple(sorted(wind_of, key=lambda p: wind_of[p]))
    log = (
        {"step": "thrower for position", "player": first_thrower, "dice": t1, "count": sum(t1), "reaches": arranger},
        {"step": "indicators laid out", "player": arranger, "positions": players, "box": box},
        {"step": "first indicator", "player": arranger, "dice": t2, "count": sum(t2), "reaches": first_pick},
        *(
            {"step": "pick", "player": p, "position": i + 1, "indicator": w.letter, "box": i + 1 == box}
            for i, (p, w) in enumerate(picks)
        ),
        {"step": "seats", "box_holder": box_holder, "east": order[0], "order": list(order)},
    )
    return Seating("indicators", order, log)


def seat_players(procedure: str, rng: random.Random, players: int, dice: int = 2) -> Seating:
    """Seat ``players`` by ``procedure`` (``Ruleset.seating``)."""
    if procedure == "dice":
        return dice_seating(rng, players, dice)
    if procedure == "indicators":
        return indicator_seating(rng, players, dice)
    if procedure == "count":
        return count_seating(rng, players, dice)
    raise GameError(f"unknown seating procedure {procedure!r}")
