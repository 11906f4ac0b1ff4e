"""Scoring rule types of Pung Chow Part II (playing with a limit).

Small frozen values in the shape of :mod:`mahjongg.rules.items`; the ruleset
``pung-chow-limit`` (``rules/pung_chow_limit.py``) gives them their values.
Source: seed 002 (Part II as plain text) and seed 000, Part II: "Bonus
scores", "Limit hands", "Scoring values" (winning hand / other hands),
"Explanation of items", "Doubling honor scores". Readings of the book are in
``docs/rules/pung-chow-limit.md``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..hand import MeldKind
from ..tiles import Wind
from .context import WinBy
from .items import Item, PairPoints, ScoringRule, SetPoints, Wording

__all__ = [
    "HandSetPoints",
    "UncompletedPairPoints",
    "PairCompletion",
    "SequenceCompletion",
    "OwnWindSetDoubles",
    "OneSuitLimitDoubles",
    "NoSequencesDoubles",
    "LastTileDoubles",
    "LooseTileDoubles",
    "FourthTileDoubles",
    "FirstDiscardBonus",
    "LimitHand",
    "ThirteenHeads",
    "AllHeadSets",
    "FourWindSets",
    "ThreeWindSetsAndPair",
    "AllKongs",
    "EastOriginalDraw",
    "ThreeDragonSets",
]


def _drawn(r) -> bool:
    return r.win.by.self_drawn


# --- points -------------------------------------------------------------------------


@dataclass(frozen=True)
class HandSetPoints(SetPoints):
    """:class:`SetPoints` for the winning hand only (``hands="winner"``) or for
    the other hands only (``hands="others"``): Part II has one table of each."""

    hands: str = "winner"
    wording: ClassVar[Wording] = Wording("points", cases=("exposed", "concealed"), said=("hands",))

    def applies(self, r) -> bool:
        return r.is_winner == (self.hands == "winner")

    def applies_to(self, winner: bool, shape: str) -> bool | None:
        if type(self).applies is HandSetPoints.applies:
            return winner == (self.hands == "winner")
        return None


@dataclass(frozen=True)
class UncompletedPairPoints(PairPoints):
    """:class:`PairPoints`, except for a winner's pair that his winning tile
    completed: that pair scores its completion value instead
    (:class:`PairCompletion`)."""

    def evaluate(self, r, so_far):
        if r.is_winner and r.winning_meld is not None and r.winning_meld.is_pair:
            return ()
        return PairPoints.evaluate(self, r, so_far)


@dataclass(frozen=True)
class PairCompletion(ScoringRule):
    """Points when the winning tile completes the pair. Each value is
    ``(claimed, drawn)``: ``simple`` for 2-8, ``head`` for ones, nines, winds
    and dragons, ``own_wind_own_round`` for the player's own wind in its own
    round."""

    simple: tuple[int, int] = (2, 4)
    head: tuple[int, int] = (4, 6)
    own_wind_own_round: tuple[int, int] = (6, 8)
    who: ClassVar[str] = "winner"
    wording: ClassVar[Wording] = Wording(
        "points",
        cases=("claimed", "drawn"),
        labels=(
            ("simple", "pair of 2 to 8"),
            ("head", "pair of heads"),
            ("own_wind_own_round", "pair of own wind in own wind round"),
        ),
    )

    def evaluate(self, r, so_far):
        m = r.winning_meld
        if m is None or not m.is_pair:
            return
        t = m.tile
        if t.is_wind and t.wind == r.seat == r.round:
            values, words = self.own_wind_own_round, "pair of own wind in own wind round"
        elif t.is_head:
            values, words = self.head, "pair of heads"
        else:
            values, words = self.simple, "pair of 2 to 8"
        drawn = _drawn(r)
        pts = values[1] if drawn else values[0]
        if pts:
            yield Item(f"{words} ({t.name}) {'drawn' if drawn else 'punged'} to complete hand", points=pts)


@dataclass(frozen=True)
class SequenceCompletion(ScoringRule):
    """Points when the winning tile fills a sequence. Each value is
    ``(by chow, by draw)``: ``closed`` for the middle or the only open end
    (5_7, 12_, _89), ``open`` for a sequence open at both ends (78 waiting on
    6 or 9)."""

    closed: tuple[int, int] = (2, 4)
    open: tuple[int, int] = (0, 4)
    who: ClassVar[str] = "winner"
    wording: ClassVar[Wording] = Wording(
        "points",
        cases=("by chow", "by draw"),
        labels=(("closed", "middle or only open end"), ("open", "both ends open")),
    )

    def evaluate(self, r, so_far):
        m = r.winning_meld
        if m is None or not m.is_chow:
            return
        t = r.win.tile
        low = m.tile
        if t == low + 1:
            shape, values = "in the middle", self.closed
        elif (t == low and low.number == 7) or (t == low + 2 and low.number == 1):
            shape, values = "on the only open end", self.closed
        else:
            shape, values = "with both ends open", self.open
        drawn = _drawn(r)
        pts = values[1] if drawn else values[0]
        if pts:
            yield Item(f"filling a sequence {shape} by {'draw' if drawn else 'chow'}", points=pts)


@dataclass(frozen=True)
class FirstDiscardBonus(ScoringRule):
    """Points of ``fraction`` of the limit for winning on the first tile
    played: the winning tile is the first discard of the hand
    (``Win.first_discard``). ``limit`` is the ruleset's limit (kept in step
    by the ruleset)."""

    reads: ClassVar[tuple[str, ...]] = ("first_discard",)

    limit: int = 300
    fraction: tuple[int, int] = (1, 2)
    who: ClassVar[str] = "winner"
    wording: ClassVar[Wording] = Wording("points", labels=(("fraction", "fraction of the limit"),))

    def evaluate(self, r, so_far):
        w = r.win
        if w.by is WinBy.DISCARD and w.first_discard:
            num, den = self.fraction
            yield Item(self.name, points=self.limit * num // den)


# --- doubles ------------------------------------------------------------------------


@dataclass(frozen=True)
class OwnWindSetDoubles(ScoringRule):
    """Doubles for a pung or kong of the player's own wind: ``own`` times, or
    ``own_round`` times when the round is his own wind. A round wind that is
    not his own doubles nothing."""

    own: int = 1
    own_round: int = 2
    wording: ClassVar[Wording] = Wording("doubles", labels=(("own", "own wind"), ("own_round", "own wind in own wind round")))

    def evaluate(self, r, so_far):
        # a tuple, not a generator: run for every arrangement of every hand
        out = ()
        for m in r.sets:
            if m.is_pung_or_kong and m.tile.is_wind and m.tile.wind == r.seat:
                if r.round == r.seat:
                    out += (Item(f"set of own wind ({m.tile.name}) in own wind round", doubles=self.own_round),)
                else:
                    out += (Item(f"set of own wind ({m.tile.name})", doubles=self.own),)
        return out


@dataclass(frozen=True)
class OneSuitLimitDoubles(ScoringRule):
    """Doubles for a hand of one suit. ``with_honors``: one suit with winds or
    dragons, any hand. ``pure``: one suit and no honors, the winning hand.
    ``pure_other``: one suit and no honors, another hand (it is "all one
    suit except winds or dragons" too)."""

    with_honors: int = 1
    pure: int = 3
    pure_other: int = 1
    with_honors_name: str = "all one suit except winds or dragons"
    pure_name: str = "all one suit"
    wording: ClassVar[Wording] = Wording(
        "doubles", labels=(("pure", "{pure_name}, winning hand"), ("pure_other", "{pure_name}, other hands"))
    )

    def evaluate(self, r, so_far):
        if len(r.suits) != 1:
            return ()
        if r.has_honors:
            n, words = self.with_honors, self.with_honors_name
        elif r.is_winner:
            n, words = self.pure, self.pure_name
        else:
            n, words = self.pure_other, self.with_honors_name
        return (Item(words, doubles=n),) if n else ()


@dataclass(frozen=True)
class NoSequencesDoubles(ScoringRule):
    """Doubles for a winning hand with no sequence (chow) in hand or on the table."""

    doubles: int = 1
    who: ClassVar[str] = "winner"

    def evaluate(self, r, so_far):
        if r.shape == "standard" and not any(m.is_chow for m in r.sets):
            yield Item(self.name, doubles=self.doubles)


@dataclass(frozen=True)
class LastTileDoubles(ScoringRule):
    """Doubles for drawing the winning tile oneself as the last tile that may
    be drawn (``Win.last_tile``, self-drawn)."""

    reads: ClassVar[tuple[str, ...]] = ("last_tile",)

    doubles: int = 1
    who: ClassVar[str] = "winner"

    def evaluate(self, r, so_far):
        if r.win.last_tile and _drawn(r):
            yield Item(self.name, doubles=self.doubles)


@dataclass(frozen=True)
class LooseTileDoubles(ScoringRule):
    """Doubles for winning on a loose tile."""

    doubles: int = 1
    who: ClassVar[str] = "winner"

    def evaluate(self, r, so_far):
        if r.win.by is WinBy.LOOSE:
            yield Item(self.name, doubles=self.doubles)


@dataclass(frozen=True)
class FourthTileDoubles(ScoringRule):
    """Doubles when the winning tile is the fourth tile of one of the
    player's own exposed pungs (drawn or claimed, used elsewhere in the hand)."""

    doubles: int = 1
    who: ClassVar[str] = "winner"

    def evaluate(self, r, so_far):
        t = r.win.tile
        if any(m.exposed and m.kind is MeldKind.PUNG and m.tile == t for m in r.hand.melds):
            yield Item(self.name, doubles=self.doubles)


# --- limit hands --------------------------------------------------------------------


@dataclass(frozen=True)
class LimitHand(ScoringRule):
    """Base of the limit hands: a winning hand that :meth:`matches` scores the
    limit (``Item(name, limit=True)``)."""

    who: ClassVar[str] = "winner"
    wording: ClassVar[Wording] = Wording(limit=True)

    def matches(self, r) -> bool:  # pragma: no cover
        raise NotImplementedError

    def evaluate(self, r, so_far):
        if self.matches(r):
            yield Item(self.name, limit=True)


def _standard(r) -> bool:
    return r.shape == "standard" and r.pair is not None and len(r.sets) == 4


def _wind_sets(r) -> set:
    return {m.tile for m in r.sets if m.is_pung_or_kong and m.tile.is_wind}


@dataclass(frozen=True)
class ThirteenHeads(LimitHand):
    """Thirteen single heads, one of each, and a pair of another head: the
    concealed hand holds all 13 kinds of heads, one of them twice."""

    def matches(self, r):
        if r.shape != "special" or r.sets:
            return False
        tiles = r.loose
        return len(tiles) == 14 and all(t.is_head for t in tiles) and len(set(tiles)) == 13


@dataclass(frozen=True)
class AllHeadSets(LimitHand):
    """Sets of heads only, with a pair of heads."""

    def matches(self, r):
        return _standard(r) and all(m.tile.is_head and not m.is_chow for m in r.melds)


@dataclass(frozen=True)
class FourWindSets(LimitHand):
    """Four different wind sets and any pair."""

    def matches(self, r):
        return _standard(r) and len(_wind_sets(r)) == 4


@dataclass(frozen=True)
class ThreeWindSetsAndPair(LimitHand):
    """Three different wind sets and a pair of the fourth wind."""

    def matches(self, r):
        if not _standard(r):
            return False
        winds = _wind_sets(r)
        return len(winds) == 3 and r.pair.tile.is_wind and r.pair.tile not in winds


@dataclass(frozen=True)
class AllKongs(LimitHand):
    """Four kongs and any pair."""

    def matches(self, r):
        return _standard(r) and all(m.is_kong for m in r.sets)


@dataclass(frozen=True)
class EastOriginalDraw(LimitHand):
    """East winning on his original hand, drawn from the wall (the 14 dealt):
    a complete hand -- four sets and a pair -- that East was dealt."""

    reads: ClassVar[tuple[str, ...]] = ("original",)

    def matches(self, r):
        return _standard(r) and r.seat == Wind.EAST and r.win.original and _drawn(r)


@dataclass(frozen=True)
class ThreeDragonSets(LimitHand):
    """Sets of all three dragons (with any other set and pair)."""

    def matches(self, r):
        # "a winning hand containing the 3 sets of dragons": four sets and a pair
        return _standard(r) and len({m.tile for m in r.sets if m.is_pung_or_kong and m.tile.is_dragon}) == 3
