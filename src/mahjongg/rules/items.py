"""Scoring rule types: small frozen values, each one line of a score card.

A ruleset is a tuple of these (``rules/pung_chow.py``). Every rule has a
``name`` (the score card's words), a ``source`` (seed file and section), and
``evaluate(reading, so_far)`` returning the :class:`Item` s it scores for one
arrangement; ``so_far`` holds the items the rules before it scored, for the
few rules that depend on them ("no score but Mah-Jongg"). ``who`` says
whether the line is a winner's bonus (``"winner"``) or applies to every hand
(``"all"``) -- seed 000, "Score card": bonus scores only for the winner,
combination scores and doubling honors for all four hands.

Units: ``points`` are the book's points; ``doubles`` double the total of
points once each.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Iterable

from ..hand import Meld, MeldKind
from ..tiles import Wind
from .context import Reading, WinBy

__all__ = [
    "Item",
    "Wording",
    "ScoringRule",
    "MahJongg",
    "NoChows",
    "NothingButMahJongg",
    "WinningTileDrawn",
    "WinOnLooseTile",
    "OnlyPlaceToWin",
    "SetPoints",
    "PairPoints",
    "DragonSetDoubles",
    "WindSetDoubles",
    "OneSuitDoubles",
    "AllHonorsDoubles",
    "OriginalHandDoubles",
]


@dataclass(frozen=True, slots=True)
class Item:
    """One scored line: ``points`` added, or ``doubles`` applied to the total,
    or ``limit``: a limit hand, which scores the ruleset's limit and absorbs
    every other item, or ``void``: the hand scores nothing at all (seed 001:
    a special tile held unexposed when someone goes Mah-Jongg).
    ``fraction``: for a limit item, the share of the limit it scores (1; the
    league rules' half limits and BMJA's 0.4 and 0.2 for calling hands): a
    fraction below 1 is scored only when it is worth more than the hand's
    points doubled (Kajongg, ``rule.py`` ``Score.total``)."""

    name: str
    points: int = 0
    doubles: int = 0
    limit: bool = False
    void: bool = False
    fraction: float = 1.0

    def to_dict(self) -> dict:
        if self.void:
            return {"name": self.name, "void": True}
        if self.limit:
            if self.fraction != 1:
                return {"name": self.name, "limit": True, "fraction": self.fraction}
            return {"name": self.name, "limit": True}
        if self.doubles:
            return {"name": self.name, "doubles": self.doubles}
        return {"name": self.name, "points": self.points}


@dataclass(frozen=True)
class Wording:
    """How a score card (:meth:`Ruleset.to_dict <mahjongg.rules.ruleset.Ruleset.to_dict>`,
    ``mahjongg rules``) reads a rule type's values where its field names do
    not say. A rule type sets it as its class attribute
    :attr:`ScoringRule.wording`; a subclass takes its base's. The default
    says nothing: each field reads "field name: value", a field named
    ``points``, ``doubles`` or ``faan`` as a number in that unit.

    ``unit``: the unit of the rule's whole numbers and pairs of them
    (``"points"``, ``"doubles"``), where the field names do not give it;
    ``cases``: the two cases of a pair of numbers, in the pair's order
    (:class:`SetPoints`: ``("exposed", "concealed")``);
    ``labels``: ``(field, words)`` pairs, the words to show for a field
    instead of its name (``str.format`` with the rule's fields:
    ``"{pure_name}, winning hand"``);
    ``said``: fields the score card says already as whose hands the rule
    scores, not shown again (``HandSetPoints.hands``);
    ``limit``: the rule scores the limit (limit hands), shown as the
    ruleset's limit;
    ``void``: the rule makes the hand score nothing.
    """

    unit: str | None = None
    cases: tuple[str, str] | None = None
    labels: tuple[tuple[str, str], ...] = ()
    said: tuple[str, ...] = ()
    limit: bool = False
    void: bool = False


@dataclass(frozen=True)
class ScoringRule:
    """Base of every scoring rule. Subclasses set ``who`` and implement
    :meth:`evaluate`; a subclass whose values need words beyond its field
    names sets ``wording`` (a :class:`Wording`). ``reads``: the facts of a
    win beyond its tile and where it came from that the rule reads
    (:class:`~mahjongg.rules.context.Win` fields ``last_tile``, ``original``,
    ``first_discard``, ``after_flower``, ``after_kong_on_kong``): an app
    offers a fact where some rule of the ruleset reads it. ``reads_calls``:
    the rule reads a loser's :attr:`Reading.calls
    <mahjongg.rules.context.Reading.calls>` and scores only from them (the
    scorer works them out only for a ruleset with such a rule, and leaves the
    rule out of a hand calling for nothing). ``reads_singles``: whether the rule,
    on a loser's reading, may read more of his concealed tiles than its sets and
    pairs (the tiles in no pung and no pair: ``loose`` beyond its pairs, ``tiles``,
    ``suits``, ``has_honors``, ``hand.concealed``); a class that reads only the
    sets, the pairs, the bonus tiles, the calls and the seat and round winds says
    ``False`` on itself (read off the class that sets it: a subclass, which may read
    more, says so again; :func:`reads_singles`), and the scorer may then score alike
    every loser's hand with the same melds, pungs, pairs, bonus tiles and calls
    (:func:`~mahjongg.scoring.loser_hand_score`)."""

    name: str
    source: str = ""
    who: ClassVar[str] = "all"
    wording: ClassVar[Wording] = Wording()
    reads: ClassVar[tuple[str, ...]] = ()
    reads_calls: ClassVar[bool] = False
    reads_singles: ClassVar[bool] = True

    def evaluate(self, r: Reading, so_far: list[Item]) -> Iterable[Item]:  # pragma: no cover
        raise NotImplementedError

    def passes_deal(self, wins_in_row: int) -> bool:
        """Whether East, winning his ``wins_in_row``-th hand in a row, passes the
        deal all the same (:meth:`Ruleset.keeps_deal
        <mahjongg.rules.ruleset.Ruleset.keeps_deal>`); no rule but East's ninth
        win says so."""
        return False

    def applies(self, r: Reading) -> bool:
        return self.who == "all" or r.is_winner

    def applies_to(self, winner: bool, shape: str) -> bool | None:
        """What :meth:`applies` answers for every reading of the winner's hand
        (``winner``) or of another hand with ``shape``, when that alone
        decides; ``None`` when :meth:`applies` must see each reading. The
        scorer asks once per ruleset. A subclass that overrides
        :meth:`applies` gets ``None`` here unless it overrides this too."""
        if type(self).applies is ScoringRule.applies:
            return self.who == "all" or winner
        return None


def reads_singles(rule: ScoringRule) -> bool:
    """``rule.reads_singles`` as the rule's own class sets it, ``True`` where that class
    does not (:attr:`ScoringRule.reads_singles`)."""
    return type(rule).__dict__.get("reads_singles", True)


def _memo(rule: ScoringRule) -> dict:
    """The items ``rule`` has scored so far, by what they depend on (a meld,
    a tile and seat ...): items are immutable values, so a rule scoring the
    same line again hands out the same :class:`Item`. Kept in the rule's
    ``__dict__``, outside its fields (equality, hash and repr do not see it)."""
    d = rule.__dict__
    memo = d.get("_memo")
    if memo is None:
        memo = d["_memo"] = {}
    return memo


def _memo_lines(rule: ScoringRule, key, make) -> tuple:
    """The items ``make()`` gives ``rule`` for ``key`` (what they depend on: the bonus
    tiles, the seat ...), made once and kept in :func:`_memo` (bounded: only a cache)."""
    memo = _memo(rule)
    lines = memo.get(key)
    if lines is None:
        if len(memo) > 4096:
            memo.clear()
        lines = memo[key] = make()
    return lines


def _own_line(rule: ScoringRule, points: int = 0, doubles: int = 0) -> tuple[Item]:
    """``(Item(rule.name, points, doubles),)``, made once per rule (the rule's
    values do not change)."""
    memo = _memo(rule)
    line = memo.get("_own")
    if line is None:
        line = memo["_own"] = (Item(rule.name, points=points, doubles=doubles),)
    return line


# Rules return a tuple of items (``()`` for none) rather than yielding them:
# evaluate may return any iterable, and the scorer calls these for every
# arrangement of every hand.


# --- winner's bonus scores -------------------------------------------------------


@dataclass(frozen=True)
class MahJongg(ScoringRule):
    """Points for going out."""

    points: int = 20
    who: ClassVar[str] = "winner"

    def evaluate(self, r, so_far):
        return _own_line(self, points=self.points)


@dataclass(frozen=True)
class NoChows(ScoringRule):
    """Points for a winning hand with no chow (sequence) in hand or on the table."""

    points: int = 10
    who: ClassVar[str] = "winner"

    def evaluate(self, r, so_far):
        if not any(m.is_chow for m in r.sets):
            return _own_line(self, points=self.points)
        return ()


@dataclass(frozen=True)
class WinningTileDrawn(ScoringRule):
    """Points for drawing the winning tile (from the wall or the loose tiles).

    A win on an original hand dealt complete (East's) draws no tile.
    """

    reads: ClassVar[tuple[str, ...]] = ("original",)

    points: int = 2
    who: ClassVar[str] = "winner"

    def evaluate(self, r, so_far):
        w = r.win
        if w.by.self_drawn and not (w.original and r.seat == Wind.EAST):
            return _own_line(self, points=self.points)
        return ()


@dataclass(frozen=True)
class WinOnLooseTile(ScoringRule):
    """Points for a win on a loose tile drawn after a kong."""

    points: int = 10
    who: ClassVar[str] = "winner"

    def evaluate(self, r, so_far):
        if r.win.by is WinBy.LOOSE:
            return _own_line(self, points=self.points)
        return ()


@dataclass(frozen=True)
class OnlyPlaceToWin(ScoringRule):
    """Points when exactly one tile kind could complete the hand and it did.

    The waits are those of the hand without the winning tile; a tile the
    player holds all four of is not a wait. East's dealt original hand was
    never waiting, so it does not score this.
    """

    reads: ClassVar[tuple[str, ...]] = ("original",)

    points: int = 2
    who: ClassVar[str] = "winner"

    def evaluate(self, r, so_far):
        w = r.win
        if w.original and r.seat == Wind.EAST and w.by.self_drawn:
            return ()
        if tuple(r.waits) == (w.tile,):
            return _own_line(self, points=self.points)
        return ()


@dataclass(frozen=True)
class NothingButMahJongg(ScoringRule):
    """Points when no other rule scored points (doubles do not forfeit it).

    Evaluate it after every other point rule.
    """

    points: int = 10
    who: ClassVar[str] = "winner"
    besides: int = 1  # how many point items may be present (the Mah-Jongg itself)
    wording: ClassVar[Wording] = Wording(labels=(("besides", "other point items allowed"),))

    def evaluate(self, r, so_far):
        if sum(1 for i in so_far if i.points) <= self.besides:
            return _own_line(self, points=self.points)
        return ()


# --- combination scores (all hands) ---------------------------------------------


def _set_words(m: Meld) -> str:
    return f"{_WORDS[m.kind]} of {m.tile.name}"


_WORDS = {MeldKind.PUNG: "pung", MeldKind.KONG: "kong", MeldKind.CHOW: "chow", MeldKind.PAIR: "pair"}


@dataclass(frozen=True)
class SetPoints(ScoringRule):
    """Points for each pung and kong, by kind and exposure.

    Each value is ``(exposed, concealed)``: ``simple_*`` for twos to eights,
    ``head_*`` for ones, nines, winds and dragons. Chows score nothing.
    """

    reads_singles: ClassVar[bool] = False  # a loser's sets, pairs, bonus tiles, calls, winds

    simple_pung: tuple[int, int] = (2, 4)
    head_pung: tuple[int, int] = (4, 8)
    simple_kong: tuple[int, int] = (8, 16)
    head_kong: tuple[int, int] = (16, 32)
    wording: ClassVar[Wording] = Wording("points", cases=("exposed", "concealed"))

    def evaluate(self, r, so_far):
        memo = _memo(self)
        out = ()
        for m in r.sets:
            key = (m.kind, m.tile, m.exposed)  # hashed in C, unlike the meld
            try:
                item = memo[key]
            except KeyError:
                item = memo[key] = self._item(m)
            if item is not None:
                out += (item,)
        return out

    def _item(self, m: Meld) -> Item | None:
        if not m.is_pung_or_kong:
            return None
        head = m.tile.is_head
        if m.is_kong:
            values = self.head_kong if head else self.simple_kong
        else:
            values = self.head_pung if head else self.simple_pung
        pts = values[0] if m.exposed else values[1]
        return Item(f"{_set_words(m)} ({'exposed' if m.exposed else 'concealed'})", points=pts)


@dataclass(frozen=True)
class PairPoints(ScoringRule):
    """Points for the pair when it is of dragons, the seat wind or the round wind.

    A pair of a wind that is both seat and round wind scores
    ``seat_wind + round_wind``.
    """

    reads_singles: ClassVar[bool] = False  # a loser's sets, pairs, bonus tiles, calls, winds

    dragons: int = 2
    seat_wind: int = 2
    round_wind: int = 0
    wording: ClassVar[Wording] = Wording("points")

    def evaluate(self, r, so_far):
        p = r.pair
        if p is None:
            return ()
        t = p.tile
        if t < 27:  # a suited pair scores nothing
            return ()
        s = r.situation
        key = (t, s.seat, s.round)
        memo = _memo(self)
        try:
            return memo[key]
        except KeyError:
            line = memo[key] = self._line(t, s.seat, s.round)
            return line

    def _line(self, t, seat, round_) -> tuple[Item, ...]:
        pts = 0
        if t.is_dragon:
            pts = self.dragons
        elif t.is_wind:
            pts = (self.seat_wind if t.wind == seat else 0) + (self.round_wind if t.wind == round_ else 0)
        return (Item(f"pair of {t.name}", points=pts),) if pts else ()


# --- doubling honors (all hands) -------------------------------------------------


@dataclass(frozen=True)
class DragonSetDoubles(ScoringRule):
    """Doubles for each pung or kong of dragons."""

    reads_singles: ClassVar[bool] = False  # a loser's sets, pairs, bonus tiles, calls, winds

    doubles: int = 1

    def evaluate(self, r, so_far):
        out = ()
        for m in r.sets:
            if m.tile >= 31 and m.is_pung_or_kong:  # dragons
                memo = _memo(self)
                key = (m.kind, m.tile)
                item = memo.get(key)
                if item is None:
                    item = memo[key] = Item(f"{_set_words(m)}", doubles=self.doubles)
                out += (item,)
        return out


@dataclass(frozen=True)
class WindSetDoubles(ScoringRule):
    """Doubles for a pung or kong of the seat wind and/or of the round wind."""

    reads_singles: ClassVar[bool] = False  # a loser's sets, pairs, bonus tiles, calls, winds

    seat_wind: int = 1
    round_wind: int = 0
    wording: ClassVar[Wording] = Wording("doubles")

    def evaluate(self, r, so_far):
        out = ()
        for m in r.sets:
            if not (27 <= m.tile < 31 and m.is_pung_or_kong):  # winds
                continue
            s = r.situation
            key = (m.kind, m.tile, s.seat, s.round)
            memo = _memo(self)
            items = memo.get(key)
            if items is None:
                items = memo[key] = self._items(m, s.seat, s.round)
            out += items
        return out

    def _items(self, m: Meld, seat, round_) -> tuple[Item, ...]:
        out = []
        if self.seat_wind and m.tile.wind == seat:
            out.append(Item(f"{_set_words(m)} (own wind)", doubles=self.seat_wind))
        if self.round_wind and m.tile.wind == round_:
            out.append(Item(f"{_set_words(m)} (round wind)", doubles=self.round_wind))
        return tuple(out)


@dataclass(frozen=True)
class OneSuitDoubles(ScoringRule):
    """Doubles for a hand of one suit: ``with_honors`` (one suit and winds or
    dragons) or ``pure`` (one suit only). A hand with no tiles scores neither."""

    with_honors: int = 1
    pure: int = 3
    with_honors_name: str = "all one suit except honors"
    pure_name: str = "all one suit"
    wording: ClassVar[Wording] = Wording("doubles")

    def evaluate(self, r, so_far):
        if len(r.suits) != 1:
            return ()
        honors = r.has_honors
        memo = _memo(self)
        line = memo.get(honors)
        if line is None:
            if honors:
                line = (Item(self.with_honors_name, doubles=self.with_honors),) if self.with_honors else ()
            else:
                line = (Item(self.pure_name, doubles=self.pure),) if self.pure else ()
            memo[honors] = line
        return line


@dataclass(frozen=True)
class AllHonorsDoubles(ScoringRule):
    """Doubles for a hand of winds and dragons only."""

    doubles: int = 3

    def evaluate(self, r, so_far):
        if r.tiles and not r.suits:
            return _own_line(self, doubles=self.doubles)
        return ()


@dataclass(frozen=True)
class OriginalHandDoubles(ScoringRule):
    """Doubles for winning on the original hand."""

    reads: ClassVar[tuple[str, ...]] = ("original",)

    doubles: int = 3
    who: ClassVar[str] = "winner"

    def evaluate(self, r, so_far):
        if r.win.original:
            return _own_line(self, doubles=self.doubles)
        return ()
