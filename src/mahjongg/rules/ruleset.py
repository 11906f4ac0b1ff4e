"""A ruleset is a value: its options and its list of scoring rules.

The engine, the scorer and the apps ask a :class:`Ruleset` questions; none of
them test a ruleset's name. Adding a ruleset is adding a value to
:data:`mahjongg.rules.RULESETS`.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, is_dataclass, replace
from enum import Enum
from typing import TYPE_CHECKING

from ..decomposition import arrangements
from ..settlement import Settlement, check_scores, settle as _settle
from ..tiles import TILES, Tile, Wind
from .errors import RulesetError
from .items import ScoringRule, Wording
from .tally import Tally, points_tally

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
      ``limit_source`` -- the limit in its source's words (seed citations:
      :func:`~mahjongg.rules.sources.cite`), for a sheet that says a hand
      counted above it was capped; ``""`` for none given.
      ``roof_off`` -- an ordinary hand is not capped at ``limit`` (a limit
      hand still scores it): Kajongg's "Play with the roof off".
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
      ``kong_box_replenished`` -- whether the reserved tiles (the dead wall,
      the kong box) keep their number as loose tiles are drawn from them
      (True: the live wall gives up one tile per loose tile); False: the box
      shrinks and the live wall keeps its length (Kajongg's kong box).
      ``concealed_kong_robbed_for`` -- the limit hands that may rob a
      concealed kong (with ``robbing_kong``): none by default; the league
      rules: Thirteen Orphans (Kajongg, after Millington 58).
      ``special_tiles`` -- the set of special tiles in play (seed 001's
      ``"cat-and-man"`` or ``"fisherman-and-cock"``), ``None`` for none; a
      ruleset that has them lists the choices in :attr:`special_tile_sets`
      and rebuilds itself in :meth:`with_options`.
      ``max_chows`` -- the most chows a hand may hold, declared and
      concealed (``None``: no limit; BMJA 1): a chow claim beyond it is not
      offered, and a hand with more does not go out (:meth:`may_chow`).
      ``original_call`` -- whether a player may declare Original Call with
      his first discard (:meth:`may_declare_original_call`): his hand is then
      calling and bound -- he discards every tile he draws unless it makes
      him Mah-Jongg, claims a discard only to go out and declares no kong
      (Kajongg "Mah Jongg with Original Call"; docs/rules/dmjl.md).
      ``must_declare_calling`` -- a player declares his hand calling (the
      engine does, publicly, after the first discard of his that leaves it
      calling) and may go Mah-Jongg only once declared, or before his first
      discard (Kajongg "must declare calling hand", BMJA).
      ``claimed_kong_concealed`` -- a kong claimed from a discard onto a pung
      held concealed (:attr:`~mahjongg.hand.Meld.claimed`, notation
      ``<5555d>``) scores as an exposed kong but leaves the hand concealed for
      the rules that ask (nothing exposed, only concealed sets, concealed
      pungs counted): the league rules (Kajongg ``rulecode.py``,
      ``isClaimedKong`` in ``OnlyConcealedMelds``, ``ConcealedTrueColorGame``,
      ``HiddenTreasure``, ``ThreeConcealedPongs``). Off (the default): it is an
      exposed kong like any other.
    Match (``mahjongg.table.match``):
      ``seating`` -- how the players are seated and the first East chosen,
      one of :data:`SEATINGS` (``"dice"``: Pung Chow Part I).
      ``seating_dice`` -- dice thrown for the seating (2; Hong Kong 3).
      ``match_rounds`` -- wind rounds a match lasts when none is asked for
      (1; four rounds make a set).
      ``starting_chips`` -- chips each player holds at the start (0: a
      running score from zero; Hong Kong 200).
      ``draw_keeps_deal`` -- whether East keeps the deal after a hand nobody
      wins (a drawn hand, washed tiles, a false Mah-Jongg): yes in Pung Chow
      (seed 000 Part I, Procedure of play A: "if the game is a draw, he
      remains East Wind") and Hong Kong (seed 003 (9) g); no in Traditional
      (seed 001: East keeps the deal "until he fails to win a hand").
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
    limit_source: str = ""
    roof_off: bool = False
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
    max_chows: int | None = None
    special_tiles: str | None = None
    kong_box_replenished: bool = True
    concealed_kong_robbed_for: tuple[str, ...] = ()
    original_call: bool = False
    must_declare_calling: bool = False
    claimed_kong_concealed: bool = False

    def __hash__(self) -> int:
        """Hashed by the name alone (rulesets that are equal have the same name): a
        ruleset is a key of the bots' memo tables, looked up many times in a decision,
        and the fields' hash would hash every scoring rule. Two values of one name
        (``traditional`` with and without the special tiles) are told apart by ``==``.
        A subclass (a dataclass, whose decorator would write its own) says
        ``__hash__ = Ruleset.__hash__``."""
        return hash(self.name)

    # --- hooks the table engine calls ----------------------------------------
    def could_be_special(self, counts, melds=(), bonus=()) -> bool:
        """A cheap test before scoring: could a hand that is not four sets
        and a pair still be a winning special hand? ``counts``: the 34-count
        vector of the concealed tiles (the winning tile included);
        ``melds``: declared melds; ``bonus``: bonus tiles laid out.

        The default answers ``special_shapes`` (score every such hand to
        find out); a ruleset with special shapes overrides it with the test
        of its own shapes (thirteen orphans, seven pairs ...). The scorer
        reads a winning hand as a special hand only where this answers True,
        so the table and the scorer agree on what is a hand: a special hand
        its rules would score but this refuses is no hand of the ruleset."""
        return self.special_shapes

    def may_call_special(self, counts, melds=(), bonus=()) -> bool:
        """A cheaper test before :meth:`could_be_special` is asked of each tile
        that might complete a hand one tile short (``counts``: its concealed
        tiles): could any tile make it a special hand? The default answers
        whether the ruleset has special hands at all; a ruleset that knows its
        shapes answers from what every one of them needs. It must never
        answer False for a hand one tile from a special hand it scores."""
        return self.special_shapes or type(self).could_be_special is not Ruleset.could_be_special

    @property
    def special_tile_sets(self) -> tuple[str, ...]:
        """The sets of special tiles this ruleset may play with (the values of
        ``special_tiles``); none by default."""
        return ()

    @property
    def complete_hand_wins(self) -> bool:
        """Whether every hand of four sets and a pair may be declared without
        scoring it first: no faan minimum and no limit on chows."""
        return self.faan is None and self.max_chows is None

    def wins_unscored(self, counts, melds) -> bool:
        """Whether a hand whose concealed tiles (``counts``, 34 ints) are four sets and a
        pair with its declared ``melds`` may be declared without scoring it: no faan
        minimum (:attr:`complete_hand_wins`), or, with a limit on chows, an arrangement of
        the concealed tiles with at most ``max_chows`` chows, the declared ones counted.
        False means only that it must be scored to know (a faan minimum; too many chows,
        where a special hand may still score)."""
        return self.faan is None and (self.max_chows is None or self._within_chows(counts, melds))

    def refuses_unscored(self, counts, melds, bonus=()) -> bool:
        """Whether a hand whose concealed tiles (``counts``) are four sets and a pair with
        its declared ``melds`` and laid-out ``bonus`` tiles is refused without scoring it:
        every arrangement has more chows than ``max_chows``, and it could be no special
        hand (:meth:`could_be_special`) -- the scorer would find no reading to score."""
        return self.max_chows is not None and not self._within_chows(counts, melds) and not self.could_be_special(counts, melds, bonus)

    def _within_chows(self, counts, melds) -> bool:
        """Whether some arrangement of the concealed ``counts`` has, with the declared
        ``melds``' chows, at most ``max_chows`` chows (False without the limit)."""
        if self.max_chows is None:
            return False
        left = self.max_chows - sum(1 for m in melds if m.is_chow)
        return left >= 0 and any(sum(1 for m in arr if m.is_chow) <= left for arr in arrangements(counts))

    def may_rob_concealed_kong(self, score) -> bool:
        """Whether a hand scoring ``score`` (won by robbing the kong) may rob
        a *concealed* kong: its limit hand is one of ``concealed_kong_robbed_for``."""
        return score.limit_hand is not None and score.limit_hand in self.concealed_kong_robbed_for

    def may_chow(self, melds) -> bool:
        """Whether a seat with the declared ``melds`` may claim a chow:
        fewer chows than ``max_chows`` declared (always, without it)."""
        return self.max_chows is None or sum(1 for m in melds if m.is_chow) < self.max_chows

    def may_declare_original_call(self, discarded: bool) -> bool:
        """Whether a seat that has (``discarded``) or has not yet discarded in
        this hand may declare Original Call with its discard now: only with
        its first discard, under a ruleset with ``original_call`` (Kajongg:
        "just before the first discard")."""
        return self.original_call and not discarded

    def may_win_undeclared(self, discarded: bool) -> bool:
        """Whether a seat that has not declared its hand calling may go
        Mah-Jongg: always, without ``must_declare_calling``; with it only a
        seat that has not yet discarded (``discarded`` False: East's dealt
        hand, a win on a discard before one's first, which no declaration
        could come before)."""
        return not self.must_declare_calling or not discarded

    @property
    def bonus_may_be_captured(self) -> bool:
        """Whether a bonus tile a player laid out may be taken from him (so a
        hand may have drawn a loose tile for a bonus tile it no longer
        shows). Default: no."""
        return False

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
    draw_keeps_deal: bool = True

    def __post_init__(self) -> None:
        if self.seating not in SEATINGS:
            raise RulesetError(f"unknown seating {self.seating!r}; known: {', '.join(SEATINGS)}")

    @property
    def most_a_hand_scores(self) -> int | None:
        """The most any hand's score may be under this ruleset (points; a
        limit hand scores it), or ``None``: no cap (no limit, the roof off,
        or scored in faan). ``settle`` caps a hand counted above it to it, as
        the scorer caps every hand (:attr:`limit_source` says why)."""
        if self.faan is not None or self.limit is None or self.roof_off:
            return None
        return self.limit

    @property
    def unit(self) -> str:
        """What a hand's score card counts: ``"faan"`` for a ruleset scored in
        faan (a ``faan`` table), ``"points"`` (points and doubles) otherwise.
        Apps ask this, not the fields of a score's items."""
        return "points" if self.faan is None else "faan"

    @property
    def minimum_to_declare(self) -> int:
        """The faan a winning hand needs before it may be declared (a faan
        table's minimum); 0 for a ruleset with no such minimum (points)."""
        return 0 if self.faan is None else self.faan.minimum

    @property
    def sets_score_points(self) -> bool:
        """Whether a hand's sets score points of their own: then every hand is scored, a
        loser's too (the losers settle among themselves by their scores), and a kong
        scores more than the pung it was for its own sake. True for the rulesets in
        points and doubles (seed 000's score card: "For 3 of a kind of twos ... 2
        points", "For 4 of a kind ... 8 points"; Part I, "Settling the scores": "The
        remaining three players then settle among themselves the difference of their
        scores"); ``False`` under a faan table, where only the winner's hand counts, in
        faan for its patterns (seed 003 (12): the losers pay the winner; Wikipedia,
        *Mahjong*, "Old Hong Kong mahjong rules": only the winner scores). The bots ask
        this (is a kong, a loser's hand, worth points?), not :attr:`unit` (the score
        card's unit)."""
        return self.faan is None

    @property
    def least_declared_score(self) -> int | None:
        """The score (points: ``Score.score``, what :meth:`settle` pays on) of the least
        hand that may be declared, where the rules fix one: under a faan table the points
        of its minimum faan (Hong Kong: 3 faan, 8 points, the points doubling with each
        faan from 1); ``None`` where any complete hand may go out, whatever it scores
        (points and doubles: :meth:`may_declare` always holds)."""
        return None if self.faan is None else self.faan.points_for(self.faan.minimum)

    @property
    def limit_words(self) -> str:
        """The stakes in a few words, for a game's header: ``"no limit"``,
        ``"limit 300 points"``, ``"minimum 3 faan, limit 10 faan"``."""
        if self.faan is not None:
            return f"minimum {self.faan.minimum} faan, limit {self.faan.limit} faan"
        return "no limit" if self.limit is None else f"limit {self.limit} points"

    def tally(self, reading, items: list) -> Tally | None:
        """What one reading of a hand scores from the items its rules scored on it
        (in order), as a :class:`~mahjongg.rules.tally.Tally`; ``None`` for a
        special-shape reading that no limit hand accepts. A faan ruleset's faan table
        counts it (:meth:`~mahjongg.rules.faan_items.FaanTable.tally`), any other
        ruleset its points, doubles, limit and roof
        (:func:`~mahjongg.rules.tally.points_tally`). Raises :class:`RulesetError`
        for a limit hand scored under a ruleset with no limit."""
        if self.faan is not None:
            return self.faan.tally(reading, items)
        return points_tally(reading, items, self.limit, self.roof_off, self.name)

    def may_declare(self, score) -> bool:
        """Whether a winning hand with ``score`` may be declared (a faan
        ruleset's minimum); always true without a ``faan`` table."""
        return self.faan is None or self.faan.may_declare(score)

    @property
    def washes_tiles(self) -> bool:
        """Whether this ruleset has washing the tiles at all (:meth:`washing`
        may then offer it to an original hand); apps ask this to say why ``w``
        does nothing. Default: no."""
        return False

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

    @property
    def rules_on_discards(self) -> bool:
        """Whether :meth:`judge_discard` can ever rule (the ruleset has a ruling of its
        own on a discard that completed a win: the DMJL's Dangerous Game, Harr's
        penalties of Part II); ``False`` lets a caller skip asking for every tile."""
        return type(self).judge_discard is not Ruleset.judge_discard

    def judge_discard(self, winning, win_tile, discarder_hand, discarder, winner, round_, score=None) -> Ruling | None:
        """A ruling on the discard ``win_tile`` that completed ``winning``
        (the winner's whole hand, winning tile included), thrown by
        ``discarder`` (``discarder_hand``: his hand after the discard);
        ``None``: nothing to rule. A ruling that applies is passed to
        :meth:`settle`; one with an excuse is only recorded. ``score``: the
        scorer of a hand under this ruleset, ``score(hand, situation) ->
        Score`` (the table passes :func:`mahjongg.scoring.score_hand` bound to
        the ruleset; the rules layer stands below the scorer), for a ruling
        that weighs the discarder's own hand; raises
        :class:`RulesetError` when such a ruling is asked without it."""
        return None

    def keeps_deal(self, winner, reason: str = "mahjongg", wins_in_row: int = 0) -> bool:
        """Whether East keeps the deal after a hand won by ``winner``
        (``None``: drawn, washed, ...): he keeps it when he wins, loses it
        when another player wins (seed 000 Part I, Procedure of play A; Part
        II; seed 003 (8)), and on a hand nobody wins keeps it if
        ``draw_keeps_deal`` (seed 000, seed 003 (9) g; not seed 001).
        ``wins_in_row``: East's wins in a row with this one (``Win.wins_in_row``):
        a rule of the ruleset may pass the deal after so many
        (:meth:`~mahjongg.rules.items.ScoringRule.passes_deal`: DMJL's East's
        ninth win, after which "the winds rotate")."""
        if winner is None:
            return self.draw_keeps_deal
        if winner == Wind.EAST and wins_in_row and any(rule.passes_deal(wins_in_row) for rule in self.rules):
            return False
        return winner == Wind.EAST

    def settle(self, scores, winner, *, discarder=None, east=None, dead=(), ruling=None):
        """Settle a hand under this ruleset (a :class:`~mahjongg.settlement.Settlement`).

        ``scores``: each seat's ``Score.score``; ``winner``: the winning seat or
        ``None``; ``discarder``: who discarded the winning tile (``None``:
        self-drawn); ``ruling``: a :meth:`judge_discard` ruling that applies
        (ignored here: a ruleset with such a penalty overrides this). A faan ruleset pays the winner only
        (:meth:`FaanTable.settle <mahjongg.rules.faan_items.FaanTable.settle>`;
        nothing on a draw); otherwise :func:`mahjongg.settlement.settle` with
        ``payment_limit`` and ``east_factor``. Raises
        :class:`~mahjongg.settlement.SettlementError` for scores, seats or a
        discarder that cannot be settled, under every ruleset
        (:func:`~mahjongg.settlement.check_scores`).
        """
        if self.faan is not None or discarder is not None:  # else settle checks them
            check_scores(scores, winner, dead, discarder=discarder, east=east)
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
            raise RulesetError(f"unknown ruleset option(s) for {self.name}: {', '.join(sorted(unknown))}")
        special = changes.get("special_tiles")
        if special is not None and special != self.special_tiles and special not in self.special_tile_sets:
            sets = self.special_tile_sets
            has = f"its sets: {', '.join(sets)}" if sets else "it has no special tiles"
            raise RulesetError(f"{self.name} cannot play with the special tiles {special!r}: {has}")
        return replace(self, **changes)

    def to_dict(self) -> dict:
        """The ruleset as plain data, to read (``mahjongg rules --json``).

        ``name``, ``title``, ``source``; ``options``: one entry per option
        (a table such as ``faan`` one per setting, ``"faan.minimum"``), each
        ``{"option", "label", "value", "text"}`` -- the field, its meaning in
        words, its value as JSON and in words ("none", "yes", "300 points");
        ``rules``: one entry per scoring rule, ``{"name", "source", "hands",
        "limit", "void", "values", "text"}`` -- ``hands`` is whose hands it
        scores (``"all"``, ``"winner"``, ``"others"``; ``None``: it depends on
        the hand), ``values`` the rule's values, each ``{"field", "label",
        "value", "unit", "text"}`` (``unit``: ``"points"``, ``"doubles"``,
        ``"faan"`` or ``None``), ``text`` all of them in words.
        Everything is read from the option and rule fields, and from each
        rule type's :class:`~mahjongg.rules.items.Wording` (``wording``)
        where its field names do not say what its values mean.
        """
        return {
            "name": self.name,
            "title": self.title,
            "source": self.source,
            "options": _option_entries(self),
            "rules": [_rule_entry(rule, self) for rule in self.rules],
        }

    def describe(self) -> str:
        """The ruleset as text: every option and every scoring rule with its
        values in words, whose hands it scores and its source."""
        card = self.to_dict()
        lines = [f"{self.name}: {self.title}", f"  source: {self.source}", "  options:"]
        lines += [f"    {o['label']}: {o['text']}" for o in card["options"]]
        lines.append("  scoring rules:")
        for rule in card["rules"]:
            hands = _HANDS_WORDS.get(rule["hands"])
            lines.append(f"    {rule['name']}" + (f" ({hands})" if hands else "") + f": {rule['text']}")
            lines.append(f"      source: {rule['source']}")
        return "\n".join(lines)


# --- the ruleset in words (to_dict, describe, ``mahjongg rules``) --------------------

_OPTION_LABELS = {
    "limit": "limit on a hand's score",
    "roof_off": "roof off: an ordinary hand is not capped at the limit",
    "special_shapes": "special hands (not four sets and a pair)",
    "payment_limit": "limit on one payment",
    "east_factor": "East pays and collects (times the others)",
    "settle_draws": "losers settle on a drawn hand",
    "wall_stacks": "stacks per side of the wall",
    "bonus_tiles": "Flowers, Seasons and special tiles",
    "reserved_tiles": "tiles never drawn (a draw when only these remain)",
    "faan": "faan table",
    "faan.minimum": "faan: minimum to declare a hand",
    "faan.limit": "faan: limit",
    "faan.points": "faan: points for 0, 1, 2 ... faan",
    "faan.patterns_include_parts": "faan: a pattern's faan include its parts",
    "faan.bonus_counts_to_minimum": "faan: Flower/Season faan count to the minimum",
    "faan.discarder_pays": "faan: on a discard the discarder pays (times the points)",
    "faan.others_pay": "faan: on a discard each other loser pays (times the points)",
    "faan.self_drawn_pays": "faan: on a self-drawn win each loser pays (times the points)",
    "dice_count": "dice per throw",
    "dice_throws": "throws to break the wall",
    "loose_refill": "loose tiles",
    "jump_deal": "East's jump pick in the deal",
    "robbing_kong": "a kong may be robbed",
    "original_through_kongs": "an original hand survives concealed kongs",
    "max_chows": "most chows in a hand",
    "kong_box_replenished": "the tiles never drawn keep their number as loose tiles are drawn",
    "concealed_kong_robbed_for": "a concealed kong may be robbed for",
    "original_call": "Original Call may be declared with the first discard",
    "must_declare_calling": "a calling hand is declared before it may go Mah-Jongg",
    "claimed_kong_concealed": "a kong claimed onto a concealed pung leaves the hand concealed",
    "special_tiles": "special tiles in place of the Flowers",
    "seating": "seating and the first East",
    "seating_dice": "dice thrown for the seating",
    "match_rounds": "wind rounds in a match",
    "starting_chips": "chips each player starts with",
    "draw_keeps_deal": "East keeps the deal when nobody wins",
    "mandarins": "the Mandarins (Flowers and Seasons, numbered East to North)",
}
"""The options' meaning in words; an option not here (a subclass's) is
shown by its field name, underscores as spaces."""

_OPTION_UNITS = {"limit": "points", "payment_limit": "points", "faan.minimum": "faan", "faan.limit": "faan"}

_OPTION_WORDS = {
    "seating": {
        "dice": "each player throws the dice, the highest is East",
        "indicators": "the wind box and the four wind indicators",
        "count": "one player throws and counts round the table",
    },
    "reserved_tiles": {0: "none: the whole wall is drawn, loose tiles included"},
    "loose_refill": {
        "each": "each one taken is replaced from the end of the wall",
        "pair": "both are replaced when both are used",
        "end": "taken from the very end of the wall",
    },
}
"""Words for the values of the options that take one of a few names
(:data:`SEATINGS`; ``loose_refill``: :mod:`mahjongg.table.wall`)."""

_UNITS = {"points": "point", "doubles": "double", "faan": "faan"}
"""A rule's fields named after a unit count in it (the value: singular)."""

_HANDS = {(True, True): "all", (True, False): "winner", (False, True): "others", (False, False): "none"}
_HANDS_WORDS = {"all": "all hands", "winner": "winning hand", "others": "other hands", "none": "no hand"}


def _words(field: str) -> str:
    return field.replace(".", ": ").replace("_", " ")


def _count(n: int, unit: str) -> str:
    return f"{n:,} {_UNITS.get(unit, unit) if n == 1 else unit}"


def _data(value):
    """``value`` as JSON: tiles in the notation, enums by name, tuples as lists."""
    if value is None or isinstance(value, (bool, str, float)):
        return value
    if isinstance(value, Tile):
        return str(value)
    if isinstance(value, Enum):
        return value.name.lower()
    if isinstance(value, int):
        return int(value)
    if isinstance(value, (tuple, list)):
        return [_data(v) for v in value]
    if is_dataclass(value):
        return {f.name: _data(getattr(value, f.name)) for f in fields(value)}
    return str(value)


def _plain(value) -> str:
    """``value`` in words: ``None`` "none", booleans "yes"/"no", tiles in the
    notation, enums by name, tuples as a list."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (tuple, list)):
        return ", ".join(_plain(v) for v in value) if value else "none"
    return str(_data(value))


def _option_entry(key: str, value, text: str | None = None) -> dict:
    if text is None:
        unit = _OPTION_UNITS.get(key)
        words = _OPTION_WORDS.get(key, {})
        if unit and type(value) is int:
            text = _count(value, unit)
        elif isinstance(value, (str, int)) and value in words:
            text = words[value]
        else:
            text = _plain(value)
    return {"option": key, "label": _OPTION_LABELS.get(key, _words(key)), "value": _data(value), "text": text}


def _option_entries(ruleset: Ruleset) -> list[dict]:
    """The options for :meth:`Ruleset.to_dict`: every field but the name,
    title, sources and rules, a table of settings (``faan``) one row each."""
    out = []
    for f in fields(ruleset):
        if f.name in ("name", "title", "source", "limit_source", "rules"):
            continue
        value = getattr(ruleset, f.name)
        if f.name == "bonus_tiles":  # tile indices: shown in the notation
            from ..notation import format_tiles

            tiles = tuple(TILES[i] for i in value)
            out.append(_option_entry(f.name, tiles, format_tiles(tiles) if tiles else "none"))
        elif is_dataclass(value) and not isinstance(value, type):  # a table of settings (faan)
            out += [_option_entry(f"{f.name}.{g.name}", getattr(value, g.name)) for g in fields(value)]
        else:
            out.append(_option_entry(f.name, value))
    return out


def _hands(rule: ScoringRule) -> str | None:
    winner, other = rule.applies_to(True, "standard"), rule.applies_to(False, "standard")
    if winner is None or other is None:
        return None
    return _HANDS[bool(winner), bool(other)]


def _limit_value(ruleset: Ruleset) -> dict:
    """What a limit hand scores: the ruleset's limit in faan or points."""
    if ruleset.faan is not None:
        value, unit = ruleset.faan.limit, "faan"
    else:
        value, unit = ruleset.limit, "points" if ruleset.limit is not None else None
    text = f"the limit: {_count(value, unit)}" if value is not None else "the limit"
    return {"field": None, "label": "", "value": value, "unit": unit, "text": text}


def _rule_value(field: str, value, label: str, wording: Wording) -> dict:
    """One value of a rule: its number in its unit, a pair of numbers in its
    two cases, a fraction, or in plain words."""
    unit = None
    number = type(value) is int
    if number and field in _UNITS:
        unit, text = field, _count(value, field)
    elif number and wording.unit:
        unit, text = wording.unit, _count(value, wording.unit)
    elif wording.cases and _pair_of_ints(value):
        unit = wording.unit
        (a, b), (one, other) = value, wording.cases
        text = f"{_count(a, unit) if unit else f'{a:,}'} {one} / {b:,} {other}"
        value = {one: a, other: b}
    elif field == "fraction" and _pair_of_ints(value):
        text = f"{value[0]}/{value[1]}"
    else:
        text = _plain(value)
    return {
        "field": field,
        "label": label,
        "value": value if isinstance(value, dict) else _data(value),
        "unit": unit,
        "text": f"{label}: {text}" if label else text,
    }


def _pair_of_ints(value) -> bool:
    return isinstance(value, tuple) and len(value) == 2 and all(type(v) is int for v in value)


def _rule_entry(rule: ScoringRule, ruleset: Ruleset) -> dict:
    """One scoring rule for :meth:`Ruleset.to_dict`, read from its fields
    and its type's :class:`~mahjongg.rules.items.Wording`."""
    wording = rule.wording
    data = {f.name: getattr(rule, f.name) for f in fields(rule) if f.name not in ("name", "source")}
    labels = dict(wording.labels)
    # a field ``X_name`` is the item's name for the value ``X`` (OneSuitDoubles)
    names = {f[: -len("_name")]: v for f, v in data.items() if f.endswith("_name") and f[: -len("_name")] in data}
    values = [_limit_value(ruleset)] if wording.limit else []
    if wording.void:
        values.append({"field": None, "label": "", "value": None, "unit": None, "text": "the hand scores nothing"})
    for field, value in data.items():
        if field in wording.said or field in {f"{n}_name" for n in names} or value == ():
            continue
        if field in labels:
            label = labels[field].format(**data)
        else:  # a field named after its unit needs no label ("20 points")
            label = names.get(field, "" if field in _UNITS else _words(field))
        values.append(_rule_value(field, value, label, wording))
    return {
        "name": rule.name,
        "source": rule.source,
        "hands": _hands(rule),
        "limit": wording.limit,
        "void": wording.void,
        "values": values,
        "text": "; ".join(v["text"] for v in values),
    }
