"""Washing the tiles and the penalties of Pung Chow Part II, as pure functions.

The table engine calls these with table facts (hands, seats, who discarded)
and gets plain values back: a washing payment, a :class:`Settlement`, a
:class:`DiscarderPenalty` verdict. Nothing here keeps state or knows the
engine.

Source: seed 000 Part II, "Washing the tiles" (9-13 different heads on the
original hand: 50/70/100/150/200 from each player, East neither pays nor
collects double) and "Penalties" (1: false Mah-Jongg; 2: the discarder pays
for all when the winner had one of four dangerous combinations exposed,
examples 1-4 of illustrations 8a-8d, notes (a) and (b)). Readings in
``docs/rules/pung-chow-limit.md``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Callable, Iterable, Protocol

from ..hand import Hand, Meld
from ..settlement import Payment, Settlement, SettlementError, check_scores, settle
from ..tiles import TILES, Suit, Tile, Wind
from .context import Situation, Win, WinBy
from .ruleset import Ruleset, RulesetError


class Scored(Protocol):
    """What the excuses read of a scored hand (a :class:`mahjongg.scoring.Score`;
    the scorer stands above the rules: it is passed in, never imported)."""

    doubles: int
    limit_hand: object

__all__ = [
    "WASHING_TABLE",
    "different_heads",
    "washing_payment",
    "washing_settlement",
    "false_mahjongg_settlement",
    "Danger",
    "DangerousCombination",
    "dangerous_combinations",
    "discarder_excuse",
    "DiscarderPenalty",
    "discarder_penalty",
    "discarder_pays_settlement",
    "settle_hand",
]

SEATS = tuple(Wind)

# --- washing the tiles --------------------------------------------------------------

WASHING_TABLE: dict[int, int] = {9: 50, 10: 70, 11: 100, 12: 150, 13: 200}
"""Different heads on the original hand -> points collected from each player."""


def different_heads(tiles: Iterable[Tile]) -> int:
    """How many different kinds of heads (ones, nines, winds, dragons) ``tiles`` hold."""
    return len({t for t in tiles if t.is_head})


def washing_payment(hand: Hand, seat: Wind | None = None) -> int | None:
    """What a player washing the tiles collects from each other player, or
    ``None`` if this hand may not wash.

    ``hand`` is the original hand, before any draw: 13 tiles (East 14), no
    meld. With ``seat`` the size is checked too (14 for East, 13 otherwise).
    Only *different* heads count: 9 heads of which two are the same kind are
    8 and may not wash.
    """
    if hand.melds:
        return None
    sizes = (14,) if seat == Wind.EAST else (13,) if seat is not None else (13, 14)
    if len(hand.concealed) not in sizes:
        return None
    return WASHING_TABLE.get(min(different_heads(hand.concealed), 13))


def washing_settlement(washer: Wind, hand: Hand, seats: Iterable[Wind] = SEATS) -> Settlement:
    """The payments of washing the tiles: every other seat pays the washer
    :func:`washing_payment`, East neither paying nor collecting double.
    Raises ``ValueError`` if the hand may not wash."""
    amount = washing_payment(hand, washer)
    if amount is None:
        raise SettlementError(f"{hand} may not wash the tiles: it needs 9 or more different heads on the original hand")
    seats = tuple(sorted(seats))
    return Settlement(tuple(Payment(s, washer, amount) for s in seats if s != washer), seats)


# --- penalty 1: false Mah-Jongg -----------------------------------------------------


def false_mahjongg_settlement(
    offender: Wind,
    ruleset: Ruleset,
    seats: Iterable[Wind] = SEATS,
    east: Wind = Wind.EAST,
) -> Settlement:
    """A player who announced Mah-Jongg with an incomplete hand pays each
    other player half the limit; East receives (or, as offender, pays) the
    ``east_factor`` times that -- the full limit."""
    limit = ruleset.payment_limit or ruleset.limit
    if limit is None:
        raise RulesetError(f"{ruleset.name} has no limit: the false Mah-Jongg penalty is half of it")
    seats = tuple(sorted(seats))
    half = limit // 2
    payments = tuple(
        Payment(offender, s, half * (ruleset.east_factor if east in (s, offender) else 1))
        for s in seats
        if s != offender
    )
    return Settlement(payments, seats)


# --- penalty 2: the discarder pays for all ----------------------------------------------


class Danger(Enum):
    """The four dangerous combinations a winner may have exposed."""

    ONE_SUIT = "nine or more tiles of one suit exposed"
    HEADS = "nine or more heads exposed"
    DRAGONS = "two dragon sets exposed"
    WINDS = "three wind sets exposed"


@dataclass(frozen=True, slots=True)
class DangerousCombination:
    """One dangerous combination on the table. ``suit``: the suit exposed
    (:attr:`Danger.ONE_SUIT`); ``tile``: the dragon or wind still missing
    (:attr:`Danger.DRAGONS`, :attr:`Danger.WINDS`)."""

    danger: Danger
    suit: Suit | None = None
    tile: Tile | None = None

    def feeds(self, t: Tile) -> bool:
        """Whether ``t`` is a tile of the kind this combination waits for
        (the note (a) "no choice": a hand holding only such tiles)."""
        if self.danger is Danger.ONE_SUIT:
            return t.is_suited and t.suit == self.suit
        if self.danger is Danger.HEADS:
            return t.is_head
        return t == self.tile

    def completed_by(self, winning: Hand, win_tile: Tile) -> bool:
        """Whether the discard ``win_tile`` made ``winning`` (the complete
        hand) the dangerous hand: entirely of the suit, entirely of heads,
        the third dragon set, or the fourth wind."""
        tiles = winning.all_tiles()
        if self.danger is Danger.ONE_SUIT:
            return all(t.is_suited and t.suit == self.suit for t in tiles)
        if self.danger is Danger.HEADS:
            return all(t.is_head for t in tiles)
        if self.danger is Danger.DRAGONS:
            return win_tile == self.tile and winning.all_counts()[win_tile] >= 3
        return win_tile == self.tile

    def __str__(self) -> str:
        what = self.suit.name.lower() if self.suit is not None else str(self.tile) if self.tile is not None else ""
        return f"{self.danger.value}" + (f" ({what})" if what else "")


def dangerous_combinations(melds: Iterable[Meld]) -> tuple[DangerousCombination, ...]:
    """The dangerous combinations among a player's declared melds (the sets
    on the table; kongs count four tiles)."""
    melds = tuple(melds)
    tiles = [t for m in melds for t in m.tiles]
    out = []
    for suit in (Suit.BAMBOO, Suit.CHARACTERS, Suit.DOTS):
        if sum(1 for t in tiles if t.is_suited and t.suit == suit) >= 9:
            out.append(DangerousCombination(Danger.ONE_SUIT, suit=suit))
    if sum(1 for t in tiles if t.is_head) >= 9:
        out.append(DangerousCombination(Danger.HEADS))
    dragons = {m.tile for m in melds if m.is_pung_or_kong and m.tile.is_dragon}
    if len(dragons) == 2:
        (missing,) = set(TILES[31:34]) - dragons
        out.append(DangerousCombination(Danger.DRAGONS, tile=missing))
    winds = {m.tile for m in melds if m.is_pung_or_kong and m.tile.is_wind}
    if len(winds) == 3:
        (missing,) = set(TILES[27:31]) - winds
        out.append(DangerousCombination(Danger.WINDS, tile=missing))
    return tuple(out)


NO_CHOICE = "no choice of discard"
TWO_HONORS = "held two complete doubling honors and was waiting"
MORE_THAN_TWO = "was waiting for a tile giving more than two doubling honors"


def discarder_excuse(
    discarder: Hand,
    discarded: Tile,
    combination: DangerousCombination,
    ruleset: Ruleset,
    seat: Wind,
    round_: Wind,
    score: Callable[[Hand, Situation], Scored],
) -> str | None:
    """Why the discarder is not penalized, or ``None``.

    ``discarder``: his hand after the discard (13 tiles plus kongs);
    ``discarded``: the tile he discarded. The exceptions, in the book's
    order: he held two complete doubling honors (two doubles in his hand as
    it stands) and was waiting; he was waiting for a tile that would give
    him more than two doubling honors (or a limit hand); note (a), he had no
    choice -- every tile he could discard fed the combination. ``score``:
    the scorer under ``ruleset``, ``score(hand, situation) -> Score``
    (:func:`mahjongg.scoring.score_hand` bound to it: the scorer stands above
    the rules).
    """
    from ..decomposition import waits

    waiting = waits(discarder.counts(), discarder.all_counts())
    if waiting:
        if score(discarder, Situation(seat, round_)).doubles >= 2:
            return TWO_HONORS
        for t in waiting:
            s = score(discarder.add(t), Situation(seat, round_, Win(t, WinBy.WALL)))
            if s.limit_hand is not None or s.doubles > 2:
                return MORE_THAN_TWO
    if all(combination.feeds(t) for t in discarder.concealed + (discarded,)):
        return NO_CHOICE
    return None


@dataclass(frozen=True, slots=True)
class DiscarderPenalty:
    """The verdict on a winning discard. ``combination``: the dangerous
    combination the discard completed (``None``: none). ``excuse``: why the
    discarder is let off (``None``: he is not). :attr:`applies`: he pays for
    all and every score but the winner's is cancelled."""

    combination: DangerousCombination | None = None
    excuse: str | None = None

    @property
    def applies(self) -> bool:
        return self.combination is not None and self.excuse is None


def discarder_penalty(
    winning: Hand,
    win_tile: Tile,
    discarder: Hand,
    ruleset: Ruleset,
    discarder_seat: Wind,
    round_: Wind,
    score: Callable[[Hand, Situation], Scored],
) -> DiscarderPenalty:
    """Judge a discard that let another player win.

    ``winning``: the winner's complete hand (the winning tile among its
    concealed tiles, its declared melds those exposed when the tile was
    discarded); ``discarder``: the discarder's hand after discarding
    ``win_tile``. The first combination the discard completed decides; if
    the discarder has an excuse for it he is not penalized. ``score``: as
    for :func:`discarder_excuse`.
    """
    for combo in dangerous_combinations(winning.melds):
        if combo.completed_by(winning, win_tile):
            return DiscarderPenalty(
                combo, discarder_excuse(discarder, win_tile, combo, ruleset, discarder_seat, round_, score)
            )
    return DiscarderPenalty()


def discarder_pays_settlement(
    scores: dict[Wind, int],
    winner: Wind,
    discarder: Wind,
    ruleset: Ruleset,
    east: Wind = Wind.EAST,
) -> Settlement:
    """The discarder bears the entire losses of all the other players: he
    pays the winner what every loser would have paid him (East's double and
    the limit included), and all the other scores are cancelled."""
    check_scores(scores, winner, discarder=discarder, east=east)
    only_winner = {w: (s if w == winner else 0) for w, s in scores.items()}
    normal = settle(
        only_winner, winner, east=east, limit=ruleset.payment_limit, east_factor=ruleset.east_factor
    )
    total = sum(p.amount for p in normal.payments)
    # nothing to pay (a winner's score of 0) is no payment, as in settle
    return Settlement((Payment(discarder, winner, total),) if total else (), normal.seats)


def settle_hand(
    scores: dict[Wind, int],
    winner: Wind | None,
    ruleset: Ruleset,
    *,
    east: Wind = Wind.EAST,
    penalty: DiscarderPenalty | None = None,
    discarder: Wind | None = None,
) -> Settlement:
    """Settle a hand under the ruleset's limit: the discarder pays for all
    when ``penalty`` applies, the usual settlement otherwise."""
    if penalty is not None and penalty.applies and winner is not None and discarder is not None:
        return discarder_pays_settlement(scores, winner, discarder, ruleset, east)
    return settle(scores, winner, east=east, limit=ruleset.payment_limit, east_factor=ruleset.east_factor)
