"""A ruleset is a value: its options and its list of scoring rules.

The engine, the scorer and the apps ask a :class:`Ruleset` questions; none of
them test a ruleset's name. Adding a ruleset is adding a value to
:data:`mahjongg.rules.RULESETS`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ..settlement import Settlement, settle as _settle
from ..tiles import Wind
from .items import ScoringRule

if TYPE_CHECKING:
    from .faan_items import FaanTable

__all__ = ["Ruleset", "RulesetError", "Ruling", "SEATINGS"]

SEATINGS = ("dice", "indicators", "count")
"""How a match seats its players and picks the first East (``Ruleset.seating``):

``"dice"`` -- every player throws, the highest is first East, ties throw
again (seed 000 Part I, Procedure of play A);
``"indicators"`` -- the wind box and the four wind indicators, two throws
(seed 000 Part II, The procedure of play);
``"count"`` -- one player throws ``seating_dice`` dice and counts round the
table anti-clockwise from himself as one; the player reached is the first
East (seed 003, (9) a).
"""


class RulesetError(ValueError):
    """An unknown ruleset or a bad option."""


@dataclass(frozen=True)
class Ruling:
    """A penalty (or an excuse from one) the ruleset rules on at the end of a hand.

    ``kind``: ``"false-mahjongg"`` or ``"discarder-pays"``. ``seat``: the
    seat penalized (or excused). ``reason``: what happened, in the book's
    words (the dangerous combination completed, ...). ``excuse``: why the
    seat is let off, ``None`` if not. :attr:`applies`: the penalty is paid.
    """

    kind: str
    seat: object  # a Wind
    reason: str
    excuse: str | None = None

    @property
    def applies(self) -> bool:
        return self.excuse is None

    def to_dict(self) -> dict:
        return {
            "kind": self.kind,
            "seat": self.seat.letter,
            "reason": self.reason,
            "excuse": self.excuse,
            "applies": self.applies,
        }


@dataclass(frozen=True)
class Ruleset:
    """Options and scoring rules of one way of playing.

    Scoring:
      ``rules`` -- scoring rules, evaluated in order on every arrangement.
      ``limit`` -- the most a hand may score (points), ``None`` for no limit;
      also what a limit hand scores.
      ``special_shapes`` -- whether winning hands that are not sets and a
      pair are read too (for limit hands such as thirteen orphans).
      ``faan`` -- a :class:`~mahjongg.rules.faan_items.FaanTable` for a
      ruleset scored in faan (minimum, limit in faan, points table,
      payment); ``None`` (the default) for points and doubles.
    Settlement (``mahjongg.settlement``):
      ``payment_limit`` -- cap on one payment (East pays/collects
      ``east_factor`` times it), ``None`` for none.
      ``east_factor`` -- East pays and collects this many times (2).
      ``settle_draws`` -- whether the hands settle among themselves when the
      wall runs out without a winner.
    Table (``mahjongg.table``):
      ``wall_stacks`` -- stacks per side of the wall (17; 18 with bonus tiles).
      ``bonus_tiles`` -- Flowers/Seasons/special tiles in the set.
      ``reserved_tiles`` -- tiles never drawn; the hand is a draw when only
      these remain (loose tiles included).
      ``chow_from`` -- who may chow: ``"left"`` (only the next player).
    Match (``mahjongg.table.match``):
      ``seating`` -- how the players are seated and the first East chosen,
      one of :data:`SEATINGS` (``"dice"``: Pung Chow Part I).
      ``seating_dice`` -- dice thrown for the seating (2; Hong Kong 3).
      ``match_rounds`` -- wind rounds a match lasts when none is asked for
      (1; four rounds make a set).
      ``starting_chips`` -- chips each player holds at the start (0: a
      running score from zero; Hong Kong 200).
    End of a hand (hooks; the defaults do nothing):
      :meth:`washing`, :meth:`settle_washing` -- washing the tiles;
      :meth:`false_mahjongg` -- the penalty for a false Mah-Jongg;
      :meth:`judge_discard` -- whether the discarder of a winning tile
      pays for all (a :class:`Ruling` passed on to :meth:`settle`);
      :meth:`keeps_deal` -- whether East keeps the deal after a hand.
    """

    name: str
    title: str
    source: str
    rules: tuple[ScoringRule, ...]
    limit: int | None = None
    special_shapes: bool = False
    payment_limit: int | None = None
    east_factor: int = 2
    settle_draws: bool = False
    wall_stacks: int = 17
    bonus_tiles: tuple[int, ...] = ()
    reserved_tiles: int = 14
    faan: "FaanTable | None" = None
    dice_count: int = 2
    dice_throws: int = 2
    loose_refill: str = "each"
    jump_deal: bool = False
    robbing_kong: bool = False
    original_through_kongs: bool = False

    # --- hooks the table engine calls ----------------------------------------
    def could_be_special(self, counts, melds=(), bonus=()) -> bool:
        """A cheap test before scoring: could a hand that is not four sets
        and a pair still be a winning special hand? ``counts``: the 34-count
        vector of the concealed tiles (the winning tile included);
        ``melds``: declared melds; ``bonus``: bonus tiles laid out.

        The default answers ``special_shapes`` (score every such hand to
        find out); a ruleset with special shapes overrides it with the test
        of its own shapes (thirteen orphans, seven pairs ...). It must never
        answer False for a hand its scoring rules would accept."""
        return self.special_shapes

    def may_hold_back(self, tile) -> bool:
        """Whether a seat may keep the bonus ``tile`` concealed
        (``Hand.hidden``) instead of laying it out at once. Default: no."""
        return False

    def capture_claimant(self, exposed, exposer, hidden, laid_out=()):
        """The seat that may capture the bonus tile ``exposed`` laid out by
        ``exposer`` (``hidden``: each seat's bonus tiles held concealed;
        ``laid_out``: bonus tiles laid out at the table), or ``None``.
        Default: no captures."""
        return None
    seating: str = "dice"
    seating_dice: int = 2
    match_rounds: int = 1
    starting_chips: int = 0

    def __post_init__(self) -> None:
        if self.seating not in SEATINGS:
            raise RulesetError(f"unknown seating {self.seating!r}; known: {', '.join(SEATINGS)}")

    def may_declare(self, score) -> bool:
        """Whether a winning hand with ``score`` may be declared (a faan
        ruleset's minimum); always true without a ``faan`` table."""
        return self.faan is None or self.faan.may_declare(score)

    # --- end-of-hand hooks (defaults: the ruleset has no such rule) -----------------
    def washing(self, hand, seat) -> int | None:
        """What ``seat`` collects from each player for washing the tiles with
        ``hand`` (its original hand, before any draw), or ``None``: it may not
        wash. The engine offers washing only when this is not ``None``."""
        return None

    def settle_washing(self, washer, hand, seats):
        """The payments when ``washer`` washes the tiles with ``hand``."""
        raise NotImplementedError(f"{self.name} has no washing the tiles")

    def false_mahjongg(self, offender, seats, east):
        """The payments when ``offender`` declares Mah-Jongg with an
        incomplete hand (a :class:`~mahjongg.settlement.Settlement`), or
        ``None``: the ruleset has no such penalty and a declaration that is not
        a winning hand is simply not allowed."""
        return None

    def judge_discard(self, winning, win_tile, discarder_hand, discarder, winner, round_) -> Ruling | None:
        """A ruling on the discard ``win_tile`` that completed ``winning``
        (the winner's whole hand, winning tile included), thrown by
        ``discarder`` (``discarder_hand``: his hand after the discard);
        ``None``: nothing to rule. A ruling that applies is passed to
        :meth:`settle`; one with an excuse is only recorded."""
        return None

    def keeps_deal(self, winner, reason: str = "mahjongg") -> bool:
        """Whether East keeps the deal after a hand won by ``winner``
        (``None``: drawn, washed, ...): he keeps it unless another player
        won (seed 000 Part I, Procedure of play A; Part II; seed 003 (8))."""
        return winner is None or winner == Wind.EAST

    def settle(self, scores, winner, *, discarder=None, east=None, dead=(), ruling=None):
        """Settle a hand under this ruleset (a :class:`~mahjongg.settlement.Settlement`).

        ``scores``: each seat's ``Score.score``; ``winner``: the winning seat or
        ``None``; ``discarder``: who discarded the winning tile (``None``:
        self-drawn); ``ruling``: a :meth:`judge_discard` ruling that applies
        (ignored here: a ruleset with such a penalty overrides this). A faan ruleset pays the winner only
        (:meth:`FaanTable.settle <mahjongg.rules.faan_items.FaanTable.settle>`;
        nothing on a draw); otherwise :func:`mahjongg.settlement.settle` with
        ``payment_limit`` and ``east_factor``.
        """
        if self.faan is not None:
            if winner is None:
                return Settlement((), tuple(sorted(scores)))
            return self.faan.settle(scores[winner], winner, discarder=discarder, seats=scores)
        return _settle(
            scores,
            winner,
            east=Wind.EAST if east is None else east,
            dead=dead,
            limit=self.payment_limit,
            east_factor=self.east_factor,
        )

    def with_options(self, **changes) -> "Ruleset":
        """A copy with some fields changed: ``PUNG_CHOW.with_options(payment_limit=300)``."""
        unknown = set(changes) - set(self.__dataclass_fields__)
        if unknown:
            raise RulesetError(f"unknown ruleset option(s): {', '.join(sorted(unknown))}")
        return replace(self, **changes)

    def describe(self) -> str:
        """The ruleset as text: every option and every scoring rule with its values."""
        lines = [f"{self.name}: {self.title}", f"  source: {self.source}"]
        for f in self.__dataclass_fields__:
            if f in ("name", "title", "source", "rules"):
                continue
            value = getattr(self, f)
            if f == "bonus_tiles":  # tile indices: shown in the notation
                from ..notation import format_tiles
                from ..tiles import TILES

                text = format_tiles([TILES[i] for i in value]) if value else "none"
            else:
                text = repr(value)
            lines.append(f"  {f}: {text}")
        lines.append("  scoring rules:")
        for rule in self.rules:
            lines.append(f"    {rule!r}")
        return "\n".join(lines)
