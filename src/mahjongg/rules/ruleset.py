"""A ruleset is a value: its options and its list of scoring rules.

The engine, the scorer and the apps ask a :class:`Ruleset` questions; none of
them test a ruleset's name. Adding a ruleset is adding a value to
:data:`mahjongg.rules.RULESETS`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from .items import ScoringRule

if TYPE_CHECKING:
    from .faan_items import FaanTable

__all__ = ["Ruleset", "RulesetError"]


class RulesetError(ValueError):
    """An unknown ruleset or a bad option."""


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

    def may_declare(self, score) -> bool:
        """Whether a winning hand with ``score`` may be declared (a faan
        ruleset's minimum); always true without a ``faan`` table."""
        return self.faan is None or self.faan.may_declare(score)

    def settle(self, scores, winner, *, discarder=None, east=None, dead=()):
        """Settle a hand under this ruleset (a :class:`~mahjongg.settlement.Settlement`).

        ``scores``: each seat's ``Score.score``; ``winner``: the winning seat or
        ``None``; ``discarder``: who discarded the winning tile (``None``:
        self-drawn). A faan ruleset pays the winner only
        (:meth:`FaanTable.settle <mahjongg.rules.faan_items.FaanTable.settle>`;
        nothing on a draw); otherwise :func:`mahjongg.settlement.settle` with
        ``payment_limit`` and ``east_factor``.
        """
        from ..settlement import Settlement, settle
        from ..tiles import Wind

        if self.faan is not None:
            if winner is None:
                return Settlement((), tuple(sorted(scores)))
            return self.faan.settle(scores[winner], winner, discarder=discarder, seats=scores)
        return settle(
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
            lines.append(f"  {f}: {getattr(self, f)!r}")
        lines.append("  scoring rules:")
        for rule in self.rules:
            lines.append(f"    {rule!r}")
        return "\n".join(lines)
