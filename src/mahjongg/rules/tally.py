"""A reading's tally: the items its rules scored, made into a score.

The scorer (``mahjongg.scoring``) runs a ruleset's rules over one reading of a
hand and hands the items they scored to the ruleset's tally
(:meth:`~mahjongg.rules.ruleset.Ruleset.tally`), which gives a :class:`Tally`:

* a ruleset scored in faan: :meth:`~mahjongg.rules.faan_items.FaanTable.tally`;
* every other ruleset: :func:`points_tally` -- points doubled once per double,
  a limit hand (or a fraction of the limit) absorbing the rest, the ordinary
  hand capped at the limit unless the roof is off.

So a ruleset's way of counting lives here in ``rules/``, beside its rules.
"""

from __future__ import annotations

from typing import NamedTuple

from .context import Reading
from .errors import RulesetError
from .items import Item

__all__ = ["Tally", "NOTHING", "points_tally"]


class Tally(NamedTuple):
    """What a reading scores, before the scorer makes it a ``Score`` card.

    ``score`` (points): what the hand scores -- ``points * 2 ** doubles``, the
    limit (or its share) for a limit hand, the faan table's points for a faan
    ruleset. ``points``, ``doubles``: the sums of the point and double items (0
    for a limit hand and for a faan ruleset). ``items``: the lines kept, in
    score-card order. ``limit_hand``: the name of the limit hand scored, or
    ``None``. ``faan``: a faan ruleset's faan (capped at its limit), ``None``
    otherwise.
    """

    score: int
    points: int
    doubles: int
    items: tuple[Item, ...]
    limit_hand: str | None
    faan: int | None = None


NOTHING = Tally(0, 0, 0, (), None, None)
"""The tally of a standard reading no rule scored."""


def points_tally(reading: Reading, items: list[Item], limit: int | None, roof_off: bool, ruleset_name: str) -> Tally | None:
    """The :class:`Tally` of ``items`` (the items the rules of a ruleset scored in
    points scored on ``reading``, in order); ``None`` for a special-shape reading
    that no limit hand accepts. ``limit``: the ruleset's limit in points (or
    ``None``); ``roof_off``: whether an ordinary hand may score above it;
    ``ruleset_name`` names the ruleset in the error.

    A void item makes the hand score nothing (its void items kept, to say why). A
    limit item scores the limit and absorbs every other item; of several, the first
    of the highest ``fraction``. A fraction of the limit below 1 is scored only when
    worth at least the points doubled, uncapped (Kajongg, ``rule.py``
    ``Score.total``: "self.limits * self.ruleset.limit >= result"), a special
    hand's too (its bonus tiles, pairs, doubles): else the points. An ordinary
    hand scores ``points * 2 ** doubles``, capped at the limit unless the roof is off
    (seed 000, "Score card"; the league rulesets' roof off). Raises
    :class:`~mahjongg.rules.ruleset.RulesetError` for a limit item under a ruleset
    with no limit."""
    if not items:
        return None if reading.shape != "standard" else NOTHING
    void = has_limit = False
    points = doubles = 0
    for i in items:  # one pass (run for every reading of every hand scored)
        if i.void:
            void = True
        if i.limit:
            has_limit = True
        points += i.points
        doubles += i.doubles
    if void:
        return Tally(0, 0, 0, tuple(i for i in items if i.void), None, None)
    if has_limit:
        limits = [i for i in items if i.limit]
        if limit is None:
            raise RulesetError(f"ruleset {ruleset_name} has a limit hand ({limits[0].name}) but no limit")
        best = max(limits, key=lambda i: i.fraction)  # the first of the highest
        if best.fraction >= 1:
            return Tally(limit, 0, 0, tuple(i for i in limits if i.fraction >= 1), best.name, None)
        share = round(best.fraction * limit)
        items = [i for i in items if not i.limit]
        points = sum(i.points for i in items)
        doubles = sum(i.doubles for i in items)
        if share >= points << doubles:
            return Tally(share, 0, 0, (best,), best.name, None)
    elif reading.shape != "standard":
        return None
    score = points << doubles
    if limit is not None and score > limit and not roof_off:
        score = limit
    return Tally(score, points, doubles, tuple(items), None, None)
