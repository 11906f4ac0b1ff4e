"""Ruleset ``pung-chow-limit``: Pung Chow played with a limit (Harr 1922, Part II).

Every value comes from Part II's tables (seed 002; seed 000 "PART TWO
PLAYING WITH A LIMIT"): "Bonus scores", "Limit hands", "Scoring values"
(winning hand; other hands), "Doubling honor scores". The worked examples
1-10 ("Example of winning hands", with the ERRATA) are the tests
(``tests/test_pung_chow_limit_examples.py``); where table and examples differ
the examples decide. Every reading is in ``docs/rules/pung-chow-limit.md``.

The limit is an option: :func:`pung_chow_limit` builds the ruleset for a
Mah-Jongg bonus of 10 (limit 300, the default, :data:`PUNG_CHOW_LIMIT`) or
20 (limit 400), or any agreed limit; ``PUNG_CHOW_LIMIT.with_options(limit=600)``
moves the payment limit and the half-limit bonus with it.

Washing the tiles and the penalties are pure functions in
``rules/pung_chow_limit_penalties.py``; :class:`LimitRuleset` answers the
engine's end-of-hand hooks with them (:meth:`~LimitRuleset.washing`,
:meth:`~LimitRuleset.false_mahjongg`, :meth:`~LimitRuleset.judge_discard`,
:meth:`~LimitRuleset.settle`), each switched by an option (``washing_allowed``,
``false_mahjongg_penalty``, ``discarder_pays``). The match is seated with the
wind box and indicators and lasts sets of four rounds (``seating``,
``match_rounds``: seed 000 Part II, "The procedure of play").
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .items import DragonSetDoubles, MahJongg, NothingButMahJongg
from ..decomposition import is_thirteen_orphans
from .limit_items import (
    AllHeadSets,
    AllKongs,
    EastOriginalDraw,
    FirstDiscardBonus,
    FourthTileDoubles,
    FourWindSets,
    HandSetPoints,
    LastTileDoubles,
    LooseTileDoubles,
    NoSequencesDoubles,
    OneSuitLimitDoubles,
    OwnWindSetDoubles,
    PairCompletion,
    SequenceCompletion,
    ThirteenHeads,
    ThreeDragonSets,
    ThreeWindSetsAndPair,
    UncompletedPairPoints,
)
from . import pung_chow_limit_penalties as penalties
from .mandarins import MandarinsOption
from .ruleset import Ruleset, RulesetError, Ruling

__all__ = ["PUNG_CHOW_LIMIT", "LimitRuleset", "pung_chow_limit", "DEFAULT_LIMITS"]

BONUS = "seed 002 / seed 000 Part II, Bonus scores"
LIMITS = "seed 002 / seed 000 Part II, Limit hands"
WINNING = "seed 002 / seed 000 Part II, Scoring values, Winning hand"
OTHER = "seed 002 / seed 000 Part II, Scoring values, Other hands"
DOUBLING = "seed 000 Part II, Doubling honor scores"

DEFAULT_LIMITS = {10: 300, 20: 400}
"""The book's limit for a Mah-Jongg bonus of 10 or 20 (Part II, "The limit hand")."""


@dataclass(frozen=True)
class LimitRuleset(MandarinsOption):
    """A :class:`Ruleset` whose limit-dependent values follow its ``limit``:
    the half-limit bonus (:class:`FirstDiscardBonus`) always uses it, and
    :meth:`with_options` moves ``payment_limit`` with ``limit`` unless both
    are given.

    ``washing_allowed``, ``false_mahjongg_penalty``, ``discarder_pays``: whether
    washing the tiles and the two penalties of Part II are played (all three
    by default). ``mandarins``: the Mandarins option of Part I, off
    (:mod:`~mahjongg.rules.mandarins`).
    """

    __hash__ = Ruleset.__hash__  # by the name (Ruleset.__hash__), not every scoring rule

    washing_allowed: bool = True
    false_mahjongg_penalty: bool = True
    discarder_pays: bool = True

    # --- the engine's end-of-hand hooks (seed 000 Part II) ---------------------
    def could_be_special(self, counts, melds=(), bonus=()) -> bool:
        """The thirteen heads (nothing declared) is the one winning hand that
        is not four sets and a pair."""
        return not melds and is_thirteen_orphans(counts)

    @property
    def washes_tiles(self) -> bool:
        return self.washing_allowed

    def washing(self, hand, seat):
        """Washing the tiles: 50/70/100/150/200 from each player for 9-13
        different heads on the original hand (``washing_payment``)."""
        if not self.washing_allowed:
            return None
        return penalties.washing_payment(hand, seat)

    def settle_washing(self, washer, hand, seats):
        return penalties.washing_settlement(washer, hand, seats)

    def false_mahjongg(self, offender, seats, east):
        """Penalty 1: half the limit to each player, East the full limit."""
        if not self.false_mahjongg_penalty:
            return None
        return penalties.false_mahjongg_settlement(offender, self, seats, east)

    def judge_discard(self, winning, win_tile, discarder_hand, discarder, winner, round_, score=None):
        """Penalty 2: the discard completed a dangerous combination the winner
        had exposed; the discarder pays for all unless excused (the excuses
        score the discarder's hand: ``score`` as for :meth:`Ruleset.judge_discard`)."""
        if not self.discarder_pays:
            return None
        if score is None:
            raise RulesetError("judging a discard under Penalty 2 scores the discarder's hand: pass score=")
        verdict = penalties.discarder_penalty(winning, win_tile, discarder_hand, self, discarder, round_, score)
        if verdict.combination is None:
            return None
        return Ruling("discarder-pays", discarder, str(verdict.combination), verdict.excuse)

    def settle(self, scores, winner, *, discarder=None, east=None, dead=(), ruling=None):
        """As :meth:`Ruleset.settle`; when a discarder-pays ``ruling`` applies
        the discarder pays the winner for all and every other score is
        cancelled (``discarder_pays_settlement``)."""
        if ruling is not None and ruling.applies and ruling.kind == "discarder-pays" and winner is not None:
            from ..tiles import Wind

            return penalties.discarder_pays_settlement(
                scores, winner, ruling.seat, self, Wind.EAST if east is None else east
            )
        return super().settle(scores, winner, discarder=discarder, east=east, dead=dead)

    def __post_init__(self) -> None:
        parent = getattr(super(), "__post_init__", None)
        if parent is not None:
            parent()
        if self.limit is None:
            raise RulesetError(f"{self.name} needs a limit")
        rules = tuple(
            replace(r, limit=self.limit) if isinstance(r, FirstDiscardBonus) else r for r in self.rules
        )
        object.__setattr__(self, "rules", rules)

    def with_options(self, **changes) -> "Ruleset":
        if "limit" in changes and "payment_limit" not in changes:
            changes["payment_limit"] = changes["limit"]
        return super().with_options(**changes)


def pung_chow_limit(limit: int | None = None, mah_jongg: int = 10) -> LimitRuleset:
    """The ``pung-chow-limit`` ruleset for a Mah-Jongg bonus of ``mah_jongg``
    points and a limit of ``limit`` points (default: 300 for a bonus of 10,
    400 for 20, as the book says). East pays and collects double the limit."""
    if limit is None:
        if mah_jongg not in DEFAULT_LIMITS:
            raise RulesetError(f"no usual limit for a Mah-Jongg bonus of {mah_jongg}: give the limit")
        limit = DEFAULT_LIMITS[mah_jongg]
    if limit <= 0:
        raise RulesetError(f"the limit must be positive, not {limit}")
    return LimitRuleset(
        name="pung-chow-limit",
        # the limit is not in the title: Ruleset.limit_words says it (an option may change it)
        title=f"Pung Chow with a limit (Harr 1922, Part II), Mah-Jongg {mah_jongg}",
        source="seed 000 Part II (with its errata); seed 002 (Part II as plain text)",
        rules=(
            # Bonus scores (winner)
            MahJongg("Mah-Jongg", BONUS + " 1: for Mah-Jongg 10 points (20 if agreed)", points=mah_jongg),
            # Winning hand: sets (winner) -- on table / in hand
            HandSetPoints(
                "sets of the winning hand",
                WINNING + ": three of a kind 2-8 2/6, heads 4/10; four of a kind 2-8 8/16, heads 16/32",
                simple_pung=(2, 6),
                head_pung=(4, 10),
                simple_kong=(8, 16),
                head_kong=(16, 32),
                hands="winner",
            ),
            # Other hands: sets
            HandSetPoints(
                "sets of the other hands",
                OTHER + ": three of a kind 2-8 2/4, heads 4/8; four of a kind 2-8 8/16, heads 16/32",
                simple_pung=(2, 4),
                head_pung=(4, 8),
                simple_kong=(8, 16),
                head_kong=(16, 32),
                hands="others",
            ),
            # Pairs: "Other hands" values, which the examples give the winner too (ex. 8)
            UncompletedPairPoints(
                "pair",
                OTHER + ": pair of any dragon 2, own wind 2, round wind 2, own wind in own wind round 4"
                " (winner too: example 8)",
                dragons=2,
                seat_wind=2,
                round_wind=2,
            ),
            PairCompletion(
                "completing the pair",
                WINNING + ": pair of 2-8 punged 2 / drawn 4; of heads 4 / 6;"
                " of own wind in own wind round 6 / 8 (Explanation of items 1-6)",
                simple=(2, 4),
                head=(4, 6),
                own_wind_own_round=(6, 8),
            ),
            SequenceCompletion(
                "filling a sequence",
                WINNING + ": middle or only open end by chow 2; by draw 4 (examples 8, 10);"
                " both ends open by draw 4 (Explanation of items 7)",
                closed=(2, 4),
                open=(0, 4),
            ),
            # last of the point rules for the hand's tiles: it looks at all of them
            NothingButMahJongg(
                "no other score than Mah-Jongg",
                WINNING + ": no other score in hand or on table than Mah-Jong 10 points; " + BONUS + " 2",
                points=10,
            ),
            FirstDiscardBonus(
                "winning on the first tile played",
                BONUS + " 5: to win on first card played a bonus of half the limit",
                limit=limit,
                fraction=(1, 2),
            ),
            # Doubling honors
            OwnWindSetDoubles(
                "own wind set", DOUBLING + " 1-2: own wind once, in own wind round twice", own=1, own_round=2
            ),
            DragonSetDoubles("dragon set", DOUBLING + " 3-5: a set of red / green / white dragons once", doubles=1),
            OneSuitLimitDoubles(
                "one suit",
                DOUBLING + " 6: all one suit except winds or dragons once; 8: a winning hand entirely of one"
                " suit three times",
                with_honors=1,
                pure=3,
                pure_other=1,
            ),
            NoSequencesDoubles("no sequences", DOUBLING + " 7: a winning hand with no sequences once", doubles=1),
            # Bonus doubles for the manner of winning
            LastTileDoubles(
                "winning on the last tile drawn", BONUS + " 3: the last tile which may be drawn, double once", doubles=1
            ),
            LooseTileDoubles("winning on a loose tile", BONUS + " 4: winning on a loose tile, double once", doubles=1),
            FourthTileDoubles(
                "winning with the fourth tile of an exposed set",
                BONUS + " 6: completing the hand with the fourth tile of an exposed three of a kind, double once",
                doubles=1,
            ),
            # Limit hands
            ThirteenHeads("thirteen single heads and a pair", LIMITS + " 1"),
            AllHeadSets("sets of heads only", LIMITS + " 2"),
            FourWindSets("four wind sets (the four happinesses)", LIMITS + " 3"),
            ThreeWindSetsAndPair("three wind sets and a pair of the fourth wind", LIMITS + " 4"),
            AllKongs("all four of a kind", LIMITS + " 5"),
            EastOriginalDraw("East winning on his original draw", LIMITS + " 6"),
            ThreeDragonSets("three dragon sets (the three Doctors of Literature)", LIMITS + " 7"),
        ),
        limit=limit,
        limit_source=(
            'seed 000 Part II, The limit hand: "the system of setting a limit as to the number of points that can be'
            ' scored in a hand ... To non-winners settling their scores, settle the difference in the score up to the'
            ' limit if neither is East Wind, and up to double the limit if either is East Wind"'
        ),
        special_shapes=True,
        payment_limit=limit,
        east_factor=2,
        settle_draws=False,
        wall_stacks=17,
        reserved_tiles=14,
        seating="indicators",  # Part II: the wind box and indicators
        match_rounds=4,  # "four rounds make up a set"; the number of sets agreed at the start
    )


PUNG_CHOW_LIMIT = pung_chow_limit()
"""``pung-chow-limit`` with the book's usual values: Mah-Jongg 10, limit 300."""
