"""Settlement: who pays whom after a hand.

Source: seed 000 (Pung Chow Part I), "Settling the scores": "The winner of
the game collects full value of his score from each of the other players ...
The remaining three players then settle among themselves the difference of
their scores ... East Wind (or banker) pays or collects double"; "Mah-Jongg
or Mah-Diao": a dead hand's "score does not count and therefore he must pay
all players". Part II (seed 002): with a limit, no payment exceeds the limit
(East: double the limit).
"""

from __future__ import annotations

from mahjongg.errors import MahjonggError

from dataclasses import dataclass
from typing import Iterable, Mapping

from .tiles import Wind

__all__ = ["Payment", "Settlement", "SettlementError", "check_scores", "settle"]


class SettlementError(MahjonggError):
    """Inconsistent settlement input (unknown seat, winner with a dead hand, ...)."""


@dataclass(frozen=True, slots=True)
class Payment:
    """``payer`` pays ``payee`` ``amount`` points (chips)."""

    payer: Wind
    payee: Wind
    amount: int

    def to_dict(self) -> dict:
        return {"from": self.payer.letter, "to": self.payee.letter, "amount": self.amount}


@dataclass(frozen=True)
class Settlement:
    """All payments of a hand.

    ``payments``: non-zero payments, one per pair of seats at most.
    ``net``: each seat's gain (negative: loss); the nets sum to zero.
    """

    payments: tuple[Payment, ...]
    seats: tuple[Wind, ...]

    @property
    def net(self) -> dict[Wind, int]:
        net = {w: 0 for w in self.seats}
        for p in self.payments:
            net[p.payer] -= p.amount
            net[p.payee] += p.amount
        return net

    def table(self) -> dict[Wind, dict[Wind, int]]:
        """4x4 table: ``table()[payer][payee]`` = amount (0 where nothing is paid)."""
        t = {a: {b: 0 for b in self.seats} for a in self.seats}
        for p in self.payments:
            t[p.payer][p.payee] += p.amount
        return t

    def to_dict(self) -> dict:
        return {
            "payments": [p.to_dict() for p in self.payments],
            "net": {"ESWN"[w]: v for w, v in self.net.items()},  # "ESWN"[w]: w.letter
        }


def check_scores(
    scores: Mapping[Wind, int],
    winner: Wind | None,
    dead: Iterable[Wind] = (),
    *,
    discarder: Wind | None = None,
    east: Wind | None = None,
) -> None:
    """Raise :class:`SettlementError` unless ``scores``, ``winner`` and ``dead``
    can be settled: two to four seats, each a :class:`~mahjongg.tiles.Wind`
    with a whole, non-negative score (points: an ``int``); the winner, every
    dead hand, the ``discarder`` and the dealer ``east`` (when given) at the
    table; the winner's hand not dead; a discarder only with a winner, and
    never the winner himself (what :func:`settle` and
    :meth:`Ruleset.settle <mahjongg.rules.Ruleset.settle>` check first;
    ``mahjongg settle`` checks a drawn hand's scores with it even when
    nothing is paid)."""
    if not isinstance(scores, Mapping):
        raise SettlementError(f"scores are a mapping of seats to points, not {type(scores).__name__}")
    if not 2 <= len(scores) <= 4:
        raise SettlementError(f"a table has two, three or four players, not {len(scores)}")
    for w, sc in scores.items():
        if type(w) is not Wind:
            raise SettlementError(f"{w!r} is not a seat: scores are keyed by Wind (E, S, W, N)")
        if type(sc) is not int:
            raise SettlementError(f"{w.letter}'s score {sc!r} is not a whole number of points")
        if sc < 0:
            raise SettlementError(f"{w.letter}'s score {sc} is negative")
    for who, role in ((winner, "winner"), (discarder, "discarder"), (east, "dealer (East)")):
        if who is not None and who not in scores:
            name = who.letter if type(who) is Wind else repr(who)
            raise SettlementError(f"the {role} {name} has no score: not at the table ({', '.join(w.letter for w in sorted(scores))})")
    if winner is not None and winner in dead:
        raise SettlementError(f"{winner.letter} cannot win with a dead hand")
    for w in dead:
        if w not in scores:
            raise SettlementError(f"dead hand {w.letter if type(w) is Wind else repr(w)} has no score")
    if discarder is not None:
        if winner is None:
            raise SettlementError(f"the discarder {discarder.letter} gave no winning tile: nobody won")
        if discarder == winner:
            raise SettlementError(f"the winner {winner.letter} cannot have discarded his own winning tile")


def settle(
    scores: Mapping[Wind, int],
    winner: Wind | None,
    *,
    east: Wind = Wind.EAST,
    dead: Iterable[Wind] = (),
    limit: int | None = None,
    east_factor: int = 2,
) -> Settlement:
    """Settle a hand between the players.

    ``scores``: each seat's score (points), keyed by seat wind; two, three or
    four seats. ``winner``: the seat that went Mah-Jongg, or ``None`` for a
    drawn hand (everyone settles differences). ``east``: the dealer, who
    pays and collects ``east_factor`` times. ``dead``: seats with a dead hand
    -- each pays every live player that player's full score and is paid by
    no one. ``limit``: cap on one payment before East's factor (East pays or
    collects ``east_factor * limit``).

    Raises :class:`SettlementError` for a winner or dealer not at the table,
    a dead winner, a score that is negative or not an int, fewer than two or
    more than four seats (:func:`check_scores`).
    """
    dead = frozenset(dead)
    check_scores(scores, winner, dead, east=east)
    seats = tuple(sorted(scores))
    payments = []
    for i, a in enumerate(seats):
        for b in seats[i + 1 :]:
            if a in dead and b in dead:
                continue
            if winner in (a, b):
                payee = winner
                payer = b if a == winner else a
                amount = scores[winner]
            elif a in dead or b in dead:
                payer, payee = (a, b) if a in dead else (b, a)
                amount = scores[payee]
            else:
                if scores[a] == scores[b]:
                    continue
                payee, payer = (a, b) if scores[a] > scores[b] else (b, a)
                amount = scores[payee] - scores[payer]
            if limit is not None:
                amount = min(amount, limit)
            if east in (a, b):
                amount *= east_factor
            if amount:
                payments.append(Payment(payer, payee, amount))
    return Settlement(tuple(payments), seats)
