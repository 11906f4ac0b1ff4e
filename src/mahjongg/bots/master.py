"""The ``master`` bot: the expert's expected chips, with some of its rules mended.

It decides from its :class:`~mahjongg.table.Observation` alone, as every bot
does, and plays as ``expert`` (:mod:`mahjongg.bots.expert`) but where the
expert's play was found wanting (docs/bots.md, "The master"):

* **Kongs for their points** (:attr:`MasterBot.KONGS`; a ruleset scored in
  points). A concealed or added kong that leaves the hand no further from
  waiting is declared whatever the risk in view (a kong discards nothing; the
  expert declared one only with no risk at all), and the fourth tile of a
  concealed pung is claimed as a kong (the expert, valuing a kong by a rough
  estimate, may pung it and keep the fourth tile in hand). Four of a kind
  score twice a concealed pung, and a loser's hand is paid for them too
  (seed 000, Part I, "Combination Scores").
* **Passing weighed as claiming** (:attr:`MasterBot.STAY_LOSER`). The
  expert's value of a claim (its best discard's) counts what the hand would
  score as a loser's should another win, under a ruleset whose losers settle
  among themselves; its value of passing left that out, so it leaned to
  claims that break concealed sets. Master counts it on both sides
  (:func:`loser_term`).
* **Tiles let pass are safe** (:attr:`MasterBot.SAFE_PASSED`). A tile any
  seat discarded since an opponent's own last discard, which he let go by
  without declaring Mah-Jongg, is no win for him (:func:`passed_since`); the
  expert knew only the tiles he discarded himself. Under a ruleset scored in
  points only: under Hong Kong's faan it measured worse.
* **Faan plans** (:attr:`MasterBot.FAAN_PLANS`; a ruleset with a faan table's
  minimum). Every discard, claim and pass is valued by the hand's best plan
  (:mod:`mahjongg.bots.plans`): one suit with or without honors, all pungs,
  the doubling honor pairs made pungs, each with its distance, its live tiles
  and the faan it is sure of, a plan short of the minimum worth nothing
  (:func:`plan_value`) and, where the set has no bonus tiles, a plan worth 5 faan at
  most (:attr:`MasterBot.FAAN_PLAN_CAP`: the near plan for the minimum before a far,
  bigger one). The expert there builds by the cautious bot's one-suit
  rule and values a hand far from waiting by a rough count of its doubles, so
  half the hands were drawn. Beside the plans, only the first discard a step
  from waiting has its completions scored (:attr:`MasterBot.ONE_STEP_EXACT`), at
  its turn only: a claim window weighs the hand after the claim and the hand
  kept by their plans alone.

* **The table's procedure as data** (:attr:`MasterBot.TABLE_THREAT`,
  :attr:`MasterBot.CHOW_LIMIT`, :attr:`MasterBot.PUSH_FOLD`; docs/bots.md, "Hands
  drawn"). An opponent is weighed by what the ruleset makes public
  (:func:`table_threat`): a hand declared calling or bound by Original Call waits, one
  that must declare first and has not cannot win on a discard, and under a faan minimum
  an opponent counts by the measured chance he waits on a win he may declare and by the
  faan his declared sets leave open (:func:`shown_faan`). Under a limit on chows (BMJA's
  one) the hand is weighed by its shanten with the chows it may still hold
  (:func:`limited_options`). Under a faan table a claim and passing are weighed alike,
  neither with the risk of a discard to come, and a discard is the attack (most value)
  unless the safest tile is far better (:func:`push_or_fold`).

How it measures against three experts, and its speed: bench/README.md ("The
master rebuilt", "Claims weighed by their plans", "Faster again";
bench/bench_master.py).

Elsewhere the value of a win by the real scorer, the ruleset's minimum and settlement,
the risk of the other discards, folding and building a high hand on a long
wall are the expert's; the ruleset's own questions (``may_declare``,
``settle``, ``minimum_to_declare``, ``sets_score_points``) are asked, never its name.
Reproducible: ties go by tile order; no random numbers.

Source: seed 000 (Pung Chow Part I), "Suggestions for careful playing of
hands": "a player should plan and play to win at all times with as high a hand
as possible", and "discard only those which he is sure they will not pung.
These tiles can be ascertained by carefully searching the discards in the
center of the table".
"""

from __future__ import annotations

from ..shanten import shanten
from ..table.actions import ADD_KONG, CONCEALED_KONG, DISCARD, KONG, Action
from ..table.observation import Observation
from ..hand import MeldKind
from .base import concealed_counts, unseen_counts
from .evaluation import discard_shanten, useful_draws
from .expert import (
    DiscardValue, ExpertBot, _threat, _typical_score, discard_value, loser_score, one_step_win, potential, win_chance,
)
from .payments import chips_for_win, loser_gain
from .plans import chow_limited, chows_left, faan_values, limited_options, plan_chance, plan_inputs, plans

__all__ = ["MasterBot", "passed_since", "loser_term", "plan_value", "plan_setting"]


def plan_setting(obs: Observation, unseen: list[int], cap: int | None = None) -> tuple:
    """What :func:`plan_value` reads from the table besides the hand, the same for every
    discard weighed at one decision: ``(ruleset, faan values, honors, own bonus faan,
    chance of no flower, unseen total, draws left, an opponent, the most faan a plan is
    counted for, chips of a win of that many, memo)`` -- ``cap``: that most (default and
    at most the faan table's limit; :attr:`MasterBot.FAAN_PLAN_CAP`); ``memo`` what the
    plans of this decision's hands have in common, worked out once (one-suit distances,
    a plan's value: :func:`plan_value`): a setting serves one observation and one
    ``unseen``, unchanged."""
    ruleset = obs.ruleset
    seat = obs.seat
    seats = obs.seats
    values, honors, own_faan, no_flower, unseen_total, draws = plan_inputs(obs, unseen)
    other = next(x for x in seats if x != seat)
    table = ruleset.faan
    most = table.limit if cap is None else min(cap, table.limit)
    top = chips_for_win(ruleset, seat, seats, table.points_for(most), other)
    return ruleset, values, honors, own_faan, no_flower, unseen_total, draws, other, most, top, {}


def plan_value(
    obs: Observation, counts: list[int], declared: int, unseen: list[int], setting: tuple | None = None,
    regular: tuple[int, int] | None = None,
) -> float:
    """Under a faan table: the expected chips of a win with the hand ``counts`` (concealed,
    between turns; ``declared`` melds) by its best plan (:func:`mahjongg.bots.plans.plans`):
    for each plan, :func:`~mahjongg.bots.plans.plan_chance` from its distance and live
    tiles, times the chips of its faan (``Ruleset.settle`` on the faan table's points;
    nothing below the minimum; at most the setting's cap), the faan it may get besides
    weighed by their chances.
    ``setting``: :func:`plan_setting` of ``obs`` and ``unseen``, if already worked out;
    ``regular``: the hand's shanten plus one and live tiles, if known (``plans``)."""
    ruleset, values, honors, own_faan, no_flower, unseen_total, draws, other, most, top, memo = setting or plan_setting(obs, unseen)
    seat = obs.seat
    seats = obs.seats
    table = ruleset.faan
    best = 0.0
    for p in plans(counts, obs.melds[seat], 4 - declared, unseen, honors, own_faan, no_flower, values, values.minimum, regular, memo):
        if p.live <= 0:
            continue
        # a plan's value reads its distance, live tiles, faan and extras (the rest is the
        # decision's): the discards weighed at one decision share most of their plans
        key = (p.distance, p.live, p.faan, p.extras)
        cv = memo.get(key)
        if cv is not None:
            if cv > best:
                best = cv
            continue
        c = plan_chance(p.distance - 1, p.live, unseen_total, draws)
        if c * top <= best:
            continue
        v = 0.0
        n = len(p.extras)
        for mask in range(1 << n):
            pr = 1.0
            faan = p.faan
            for i, (f, ch) in enumerate(p.extras):
                if mask >> i & 1:
                    pr *= ch
                    faan += f
                else:
                    pr *= 1.0 - ch
            if faan >= values.minimum and pr > 0:
                v += pr * chips_for_win(ruleset, seat, seats, table.points_for(min(faan, most)), other)
        cv = memo[key] = c * v
        best = max(best, cv)
    return best


FAAN_THREAT = (0.03, 0.14, 0.28, 0.5)
"""Under a faan minimum: the chance that an opponent with 0, 1, 2, 3 or more exposed sets is
waiting on a win he may declare on a discard, at the wall's end (:func:`table_threat`; 0.3
of it on a full wall): the shares measured at every discard of four masters under the
Hong Kong rulesets, each opponent's hand looked at and its waits scored (docs/bots.md,
"Hands drawn"). The expert's weight (:func:`~mahjongg.bots.expert._threat`), made for
rulesets without a minimum, is several times higher there."""


def table_threat(obs: Observation, opponent, short: tuple = (1.0, 0.3, 0.05)) -> float:
    """The chance-like weight (0-1) that ``opponent`` may win on a discard now, from what
    the table's procedure makes public, asked of the ruleset (never its name); 0 for an
    opponent not to be weighed at all:

    * a hand declared calling (``obs.calling``, ``Ruleset.must_declare_calling``) or bound
      by Original Call (``obs.original_call``) waits: 1;
    * a player who may not go out before declaring his hand calling
      (``Ruleset.may_win_undeclared``: BMJA, once he has discarded) and has not: 0;
    * under a faan minimum (``Ruleset.minimum_to_declare``) the measured chance
      (:data:`FAAN_THREAT`, by his exposed sets, ``(0.3 + 0.7 x late)`` of it, ``late`` 0
      on a wall of 70 drawable tiles or more, 1 at its end) times ``short[k]``, ``k`` the faan
      (0-2) his declared sets leave him short of the minimum at best (:func:`shown_faan`:
      a hand of chows in two suits with no honor pung needs honor pungs held concealed);
      counted above 0.02;
    * otherwise the expert's weight (:func:`~mahjongg.bots.expert._threat`), counted above 0.2."""
    if opponent in obs.calling or opponent in obs.original_call:
        return 1.0
    ruleset = obs.ruleset
    if not ruleset.may_win_undeclared(any(s == opponent for s, _, _ in obs.discard_history)):
        return 0.0
    minimum = ruleset.minimum_to_declare
    if minimum > 0 and ruleset.faan is not None:
        exposed = sum(1 for m in obs.melds[opponent] if m.exposed)
        late = 1.0 - min(1.0, obs.drawable / 70)
        th = FAAN_THREAT[min(3, exposed)] * (0.3 + 0.7 * late) * short[min(2, max(0, minimum - shown_faan(obs, opponent)))]
        return th if th > 0.02 else 0.0
    th = _threat(obs, opponent)
    return th if th > 0.2 else 0.0


def shown_faan(obs: Observation, opponent) -> int:
    """The most faan ``opponent``'s hand may hold on a discard win, from what lies in view
    and the ruleset's faan items (:func:`~mahjongg.bots.plans.faan_values`): the honor pungs
    and kongs he declared (a dragon, his seat's and the round's wind), his own Flowers and
    Seasons laid out, a concealed hand's faan when he declared nothing exposed, and the
    best shape his declared sets leave open (one suit with honors or alone, all pungs)."""
    values = faan_values(obs.ruleset)
    melds = obs.melds[opponent]
    seat_wind, round_wind = 27 + int(opponent), 27 + int(obs.round)
    faan = 0
    suits = set()
    chow = exposed = False
    for m in melds:
        t = int(m.tile)
        exposed = exposed or m.exposed
        suits.add(t // 9 if t < 27 else 3)
        if m.kind is MeldKind.CHOW:
            chow = True
        elif t >= 31:
            faan += values.dragon
        else:
            faan += (values.seat if t == seat_wind else 0) + (values.round if t == round_wind else 0)
    faan += values.own_bonus * sum(1 for t in obs.bonus[opponent] if t.wind == opponent)
    if not exposed:
        faan += values.concealed
    shape = values.pungs if not chow else 0
    if len(suits - {3}) <= 1:
        shape = max(shape, values.pure if 3 not in suits and values.pure else 0, values.mixed)
    return faan + shape


def push_or_fold(ranked: list, margin: float) -> list:
    """``ranked`` (:class:`~mahjongg.bots.expert.DiscardValue` s, best first by ``ev``, the
    value less the risk) with the discard played first: the *attack* -- the discard of most
    value (``ev + risk``), then least shanten, most live tiles -- unless the safest discard
    (least risk, then most ``ev``) has an ``ev`` higher by more than ``margin`` of the
    attack's value: the fold. A blend of value and risk (the expert's) lets a risk of a
    hundredth of a chip choose among discards a plan's value does not tell apart -- a plan
    reads its own shape alone, and the first by shanten and live tiles keeps the others."""
    attack = min(ranked, key=lambda v: (-(v.ev + v.risk), v.shanten, -v.live, v.risk))
    safe = min(ranked, key=lambda v: (v.risk, -v.ev))
    first = safe if safe.ev > attack.ev + margin * max(0.0, attack.ev + attack.risk) else attack
    if first is ranked[0]:
        return ranked
    return [first] + [v for v in ranked if v is not first]


def passed_since(obs: Observation, opponent) -> frozenset:
    """The tile kinds ``opponent`` cannot be waiting on to win on a discard: every tile
    discarded (by any seat) since his own last discard -- all of them if he has not
    discarded yet. His hand has not changed since that discard (he changes it only on
    his turn or by a claim, and both end in a discard of his), and a win on any of those
    tiles was his to take: a player who may declare Mah-Jongg does (every bot here
    does). Worked out from ``obs.discard_history`` alone."""
    history = obs.discard_history
    last = -1
    for i in range(len(history) - 1, -1, -1):
        if history[i][0] == opponent:
            last = i
            break
    return frozenset(int(t) for s, t, _ in history[last + 1 :] if s != opponent)


def loser_term(obs: Observation, counts: list[int], declared: int, shanten_now: int, scale: float = 0.8) -> float:
    """The chips the hand ``counts`` (between turns) is worth as a loser's, should another
    win: ``(1 - chance) * scale * gain * score`` -- ``chance`` of its own win
    (:func:`~mahjongg.bots.expert.win_chance` from its live tiles), ``gain`` the chips a
    loser collects per point of his own score (``Ruleset.settle``: 2 at a table of four
    under Pung Chow, whose losers pay each other the difference; 0 under Hong Kong) and
    ``score`` the hand's score as it stands (the real scorer). The same term
    :func:`~mahjongg.bots.expert.discard_value` gives every discard (its ``risk`` less it),
    so a claim's value and passing's are weighed alike."""
    ruleset = obs.ruleset
    gain = loser_gain(ruleset, obs.seat, obs.seats)
    if not gain:
        return 0.0
    unseen = unseen_counts(obs)
    live = sum(unseen[t] for t in useful_draws(counts, declared))
    c = win_chance(shanten_now, live, max(1, sum(unseen)), max(0, obs.drawable // len(obs.seats)))
    return (1.0 - c) * scale * gain * loser_score(obs, counts)


def distance_first(ranked: list[DiscardValue], margin: float) -> list[DiscardValue]:
    """``ranked`` (:func:`~mahjongg.bots.expert.discard_value`, best first) by distance first
    where none of its nearest discards (least shanten) has any chance of a win and the best of
    them is worth no more than ``margin`` chips below the best discard; else ``ranked`` as it is.
    Within a distance the order by value stands (the sort is stable). :attr:`MasterBot.NO_CHANCE_MARGIN`."""
    best = _hopeless_nearest(ranked)
    if best is None or ranked[0].ev - max(v.ev for v in ranked if v.shanten == best) > margin:
        return ranked
    return sorted(ranked, key=lambda v: v.shanten)


def _hopeless_nearest(ranked: list[DiscardValue]) -> int | None:
    """The least shanten of ``ranked`` where none of its discards at that distance has any
    chance of a win; ``None`` where one has (or ``ranked`` is empty): where master's
    ``NO_CHANCE_MARGIN`` plays (:func:`distance_first`, :func:`step_values`)."""
    if not ranked:
        return None
    best = min(v.shanten for v in ranked)
    return None if any(v.chance > 0 for v in ranked if v.shanten == best) else best


def step_values(ranked: list[DiscardValue], margin: float) -> list[float]:
    """The values :func:`distance_first` ranks ``ranked`` by (best first by ``ev``), in chips: where
    none of the nearest discards has any chance of a win, each nearest discard's ``ev`` plus
    ``margin`` (the step towards ready is worth that much to the rule); else each ``ev``. The
    first of ``distance_first(ranked, margin)`` is valued highest (a tie at most, where the best
    is exactly ``margin`` above the best nearest)."""
    best = _hopeless_nearest(ranked)
    return [float(v.ev) + (margin if v.shanten == best else 0.0) for v in ranked]


class MasterBot(ExpertBot):
    """The expert with kongs kept for their points, passing weighed as claiming, the tiles let pass known
    safe, a step towards ready kept where no discard has a chance by its measure (rulesets in
    points) and faan plans (rulesets with a faan table's minimum)."""

    name = "master"
    PROCEDURE = True
    """Greedy's measure of the ruleset's procedure (:meth:`procedure`) where master's play
    is the expert's: the claims a claim window weighs (those that bring the hand allowed
    no further from waiting), the hand kept there, the cautious build mode and a declared
    calling hand as a threat -- but not under a faan table with :attr:`FAAN_PLANS`, whose
    plans value every discard, claim and pass. Its discards are valued by its own rules
    (:attr:`CHOW_LIMIT`, :attr:`TABLE_THREAT`). Without it master lost to the expert that
    has it under bmja; with it under hong-kong too it measured lower (docs/bots.md,
    "Master against the expert that plays the procedure")."""

    def procedure(self, obs: Observation, melds=None):
        """Greedy's :meth:`~mahjongg.bots.greedy.GreedyBot.procedure`, but ``None`` under a
        faan table's minimum with :attr:`FAAN_PLANS` (the plans weigh it there)."""
        if self.FAAN_PLANS and obs.ruleset.faan is not None and obs.ruleset.minimum_to_declare > 0:
            return None
        return ExpertBot.procedure(self, obs, melds)
    SAFE_PASSED = True
    """Whether a tile an opponent let pass since his last discard is safe against him
    (:func:`passed_since`; the expert knows only the tiles he discarded himself), under
    a ruleset scored in points: under Hong Kong's faan it measured worse than the
    expert (bench/README.md, "Master against three experts")."""
    NO_CHANCE_MARGIN: float | None = 1.0
    """Under a ruleset scored in points: on a turn where none of the discards nearest a win
    has any chance of one by the expert's measure (:func:`~mahjongg.bots.expert.win_chance`
    is 0 for a hand three or four steps out on most of the wall: 31% of master's turns
    under pung-chow), the discards rank by their distance first (shanten), by value
    within a distance -- a step towards the win is not given up for a fraction of a
    chip of risk -- unless the best-valued discard is worth more than this many chips
    above the best of the nearest (a real risk: the hand folds as before). ``None``: the
    expert's order by value. Measured against the master without it (docs/bots.md,
    "A step is not given up for a chip")."""
    RISK_SCALE = 0.3
    """The weight of a discard's risk (:func:`~mahjongg.bots.expert.discard_value`; the expert's 0.3)."""
    LOSER_SCALE = 0.8
    """The weight of the loser's score of the hand kept, under a ruleset whose losers
    settle among themselves (:func:`~mahjongg.bots.expert.discard_value`; the expert's 0.8)."""
    KONGS = True
    """Whether kongs are declared and claimed whenever they keep the shanten, under a
    ruleset scored in points (:meth:`turn`, :meth:`claim`)."""
    STAY_LOSER = True
    """Whether passing a claim counts the loser's value of the hand kept, as the claim's
    value (its best discard's, :func:`~mahjongg.bots.expert.discard_value`) counts it for
    the hand after the claim; the expert's passing leaves it out, so the expert leans to
    claims under rulesets whose losers settle among themselves."""
    ONE_STEP_EXACT: int | None = 1
    """Under a faan table with :attr:`FAAN_PLANS`: how many of the discards one step from
    waiting, the first the plans rank, have their completions scored (the real scorer
    on every wait of every step; :func:`~mahjongg.bots.expert.one_step_win`), at a turn
    only; ``None``: every one, as the expert does. One was not told apart from every one
    against three experts, and scoring those completions took a third of master's time
    (bench/README.md, "One play change: one step exact for the first discard only").
    A claim window scores none: the hand after the claim and the hand kept are weighed
    by their plans alone, both sides alike (bench/README.md, "Claims weighed by their
    plans")."""
    FAAN_PLANS = True
    """Under a faan table (a minimum to declare): every discard, claim and pass valued by the
    hand's best faan plan (:func:`plan_value`) -- its shape (one suit, all pungs), the honor
    pungs it keeps -- beside the expert's exact value of a hand waiting or a step from it;
    the expert instead builds by the cautious bot's one-suit rule there."""

    TABLE_THREAT = True
    """Whether an opponent's threat is read from what the table's procedure makes public
    (:func:`table_threat`: a calling declaration, Original Call, a faan minimum his
    declared sets cannot reach) rather than the expert's exposed sets and wall alone."""

    def _threat_rule(self, obs: Observation):
        """The threat function :func:`~mahjongg.bots.expert.discard_value` weighs opponents by:
        :func:`table_threat` with :attr:`TABLE_THREAT` (under a faan table only with
        :attr:`FAAN_PLANS`, whose play it was measured with), else the expert's."""
        if not self.TABLE_THREAT or not (self.FAAN_PLANS or self._kongs_score(obs)):
            return None
        return table_threat

    CHOW_LIMIT = True
    """Under a ruleset's limit on chows (BMJA: one): discards and the hand kept weighed by
    the hand's shanten and live tiles with at most the chows it may still hold
    (:func:`limited_options`), not the regular shape's, which counts any number of chows."""

    def _chow_rule(self, obs: Observation) -> dict:
        """The arguments :func:`~mahjongg.bots.expert.discard_value` takes for the ruleset's
        limit on chows (with :attr:`CHOW_LIMIT`): the limited options, and a hand a step from
        waiting valued as a farther one (its completions are the regular shape's)."""
        if not self.CHOW_LIMIT:
            return {}
        options = limited_options(obs)
        return {} if options is None else {"options": options, "one_step": False}

    CLAIM_RISK_FREE = True
    """Under a faan table with :attr:`FAAN_PLANS`: a claim is valued, as passing is, without
    the risk of the discard it leads to (the hand kept discards too, a turn later); the
    expert subtracts that risk from the claim alone, which leans to passing whenever an
    opponent looks near."""

    PUSH_FOLD = 1.0
    """Under a faan table with :attr:`FAAN_PLANS`: attack or fold, not a blend of the two
    (:func:`push_or_fold`): the discard of most value, unless the safest is better, its risk
    counted, by more than this share of that value (a fold). ``0``: the expert's blend (each
    discard's value less its risk): four masters then folded most hands into a draw
    (docs/bots.md, "Hands drawn")."""
    FAAN_RISK_SCALE = 0.1
    """Under a faan table with :attr:`FAAN_PLANS`: the weight of a discard's risk (the
    expert's 0.3, :attr:`RISK_SCALE`, elsewhere): the threat there is the measured chance
    that an opponent waits (:data:`FAAN_THREAT`), and :func:`~mahjongg.bots.expert.danger`
    times 0.3 is more than the share of the kinds a waiting hand wants (docs/bots.md,
    "Hands drawn"; 0.15 before the plan's cap, :attr:`FAAN_PLAN_CAP`: with it, 0.1 drew
    fewer hands with four masters)."""
    FAAN_PLAN_CAP: int | None = 5
    """Under a faan table with :attr:`FAAN_PLANS` and no bonus tiles in the set (no faan
    for Flowers and Seasons: :meth:`plan_cap`): the most faan a plan is valued for
    (:func:`plan_setting`; ``None``: the table's limit). A plan worth more is valued as if
    worth that much, so a near plan for the minimum beats a far, bigger one: with the
    limit (10 faan under Hong Kong rules) four masters drew 42.5% and 41.8% of 1,000 hands
    under hong-kong-136 (seeds 1, 2), most seats left at the wall's end with a hand no
    plan could still make declarable; with 5 (and :attr:`FAAN_RISK_SCALE` 0.1), 32.5% and
    34.5%. Where the set has Flowers and Seasons (hong-kong) the cap cost master 19 chips
    a hand against three experts (1,000 deals, seed 2: +0.9 with it, +20.1 without) and
    the hands drawn were under 35% without it (docs/bots.md, "A plan valued at five faan
    at most")."""

    def plan_cap(self, obs: Observation) -> int | None:
        """:attr:`FAAN_PLAN_CAP` where the ruleset's set has no bonus tiles
        (``Ruleset.bonus_tiles``), else ``None`` (the faan table's limit)."""
        return None if obs.ruleset.bonus_tiles else self.FAAN_PLAN_CAP

    def claim_defence(self, obs: Observation) -> bool:
        """The expert's, but not under a faan table with :attr:`CLAIM_RISK_FREE`."""
        return not (self.CLAIM_RISK_FREE and self.FAAN_PLANS and not self._kongs_score(obs))

    def builds(self, obs: Observation) -> bool:
        """The expert's build mode, but not under a faan table with :attr:`FAAN_PLANS`: the
        plans value building there."""
        if self.FAAN_PLANS and not self._kongs_score(obs):
            return False
        return ExpertBot.builds(self, obs)

    def _faan_ranked(self, obs, candidates, defence):
        """:meth:`rank_discards` under a faan table with :attr:`FAAN_PLANS`: each discard's
        best plan (:func:`plan_value`), or the expert's exact value of a hand waiting (its
        waits scored) -- and, for the :attr:`ONE_STEP_EXACT` discards one step from waiting
        the plans rank first, of a hand a step from it (its completions scored,
        :func:`~mahjongg.bots.expert.one_step_win`) -- where that is worth more."""
        ranked = discard_value(
            obs, candidates, defence=defence, risk_scale=self.FAAN_RISK_SCALE, loser_scale=self.LOSER_SCALE,
            one_step=self.ONE_STEP_EXACT is None, estimate=False, threat=self._threat_rule(obs),
        )
        if not ranked:
            return ranked
        counts = concealed_counts(obs)
        declared = len(obs.melds[obs.seat])
        unseen = unseen_counts(obs)
        best_s = min(v.shanten for v in ranked)
        setting = plan_setting(obs, unseen, self.plan_cap(obs))
        out = []
        for v in ranked:
            counts[v.tile] -= 1
            # the any shape's distance and live tiles are the discard's shanten and live tiles
            pe = plan_value(obs, counts, declared, unseen, setting, (v.shanten + 1, v.live))
            counts[v.tile] += 1
            # the expert's value of a hand waiting or a step from it, where it worked it out
            # (the discards of the least shanten); the plans' otherwise
            exact = v.chance * v.value if v.shanten == best_s and (v.shanten == 0 or v.shanten == 1 and self.ONE_STEP_EXACT is None) else 0.0
            out.append(DiscardValue((v.tile, v.shanten, v.live, v.waits, v.value, v.chance, v.risk, max(exact, pe) - v.risk)))
        out.sort(key=lambda v: (-v[7], v[1], -v[2], unseen[v[0]], -int(v[0])))
        if best_s == 1 and self.ONE_STEP_EXACT and not self._claiming:
            # the completions of the first few discards a step from waiting, scored
            held = list(counts)
            for m in obs.melds[obs.seat]:
                for t in m.tiles:
                    held[t] += 1
            steps = [i for i, v in enumerate(out) if v.shanten == 1][: self.ONE_STEP_EXACT]
            for i in steps:
                v = out[i]
                counts[v.tile] -= 1
                value, chance = one_step_win(obs, counts, declared, held, unseen, v.live)
                counts[v.tile] += 1
                if chance * value - v.risk > v.ev:
                    out[i] = DiscardValue((v.tile, v.shanten, v.live, v.waits, value, chance, v.risk, chance * value - v.risk))
            out.sort(key=lambda v: (-v[7], v[1], -v[2], unseen[v[0]], -int(v[0])))
        if self.PUSH_FOLD and defence and len(out) > 1:
            out = push_or_fold(out, self.PUSH_FOLD)
        return out

    def turn(self, obs: Observation, legal: list[Action]) -> Action:
        """The expert's turn, but with :attr:`KONGS` a concealed or added kong that leaves
        the hand no further from waiting than its best discard is declared whatever the
        risk (a kong discards nothing: the expert declares one only with no risk in view)."""
        if self.KONGS and not obs.hidden and self._kongs_score(obs):
            kongs = [a for a in legal if a.kind is CONCEALED_KONG or a.kind is ADD_KONG]
            if kongs:
                counts = concealed_counts(obs)
                declared = len(obs.melds[obs.seat])
                cands = [a.tile for a in legal if a.kind is DISCARD]
                best = min(discard_shanten(counts, declared, cands).values()) if cands else 99
                for a in kongs:
                    n = 4 if a.kind is CONCEALED_KONG else 1
                    counts[a.tile] -= n
                    s = shanten(counts, declared + (1 if n == 4 else 0))
                    counts[a.tile] += n
                    if s <= best:
                        return a
        return ExpertBot.turn(self, obs, legal)

    def claim(self, obs: Observation, legal: list[Action]) -> Action:
        """The expert's claim, but with :attr:`KONGS` a kong on a discard that keeps the
        shanten is claimed (an exposed kong scores twice the concealed pung it was, and
        a loose tile comes)."""
        if self.KONGS and self._kongs_score(obs):
            counts = concealed_counts(obs)
            declared = len(obs.melds[obs.seat])
            for a in legal:
                if a.kind is KONG:
                    after = self.after_claim(counts, declared, a)
                    if after is not None and after <= shanten(counts, declared):
                        return a
        self._claiming = True
        try:
            return ExpertBot.claim(self, obs, legal)
        finally:
            self._claiming = False

    _claiming = False
    """Whether the bot is deciding a claim window now (:attr:`ONE_STEP_EXACT`: a turn only)."""

    @staticmethod
    def _kongs_score(obs: Observation) -> bool:
        """Whether a hand's sets score points of their own (``Ruleset.sets_score_points``:
        the rulesets in points, not a faan table): a kong is then worth declaring for its
        own sake (its points count for a loser's hand too), and the tiles let pass are
        weighed (:attr:`SAFE_PASSED`)."""
        return obs.ruleset.sets_score_points

    def rank_discards(self, obs, candidates, defence=None):
        """The expert's ranking (:func:`~mahjongg.bots.expert.discard_value`) with master's
        weights and, under a ruleset scored in points, the tiles let pass safe
        (:attr:`SAFE_PASSED`); under a faan table its plans (:meth:`_faan_ranked`)."""
        if self.FAAN_PLANS and not self._kongs_score(obs):
            return self._faan_ranked(obs, candidates, self.DEFENCE if defence is None else defence)
        ranked = discard_value(
            obs,
            candidates,
            defence=self.DEFENCE if defence is None else defence,
            safe=passed_since if self.SAFE_PASSED and self._kongs_score(obs) else None,
            risk_scale=self.RISK_SCALE,
            loser_scale=self.LOSER_SCALE,
            threat=self._threat_rule(obs),
            **self._chow_rule(obs),
        )
        if self.NO_CHANCE_MARGIN is not None and self._kongs_score(obs):
            return distance_first(ranked, self.NO_CHANCE_MARGIN)
        return ranked

    def ranking_values(self, obs, ranked):
        """The expert's values (``ev``), but under a ruleset scored in points with
        :attr:`NO_CHANCE_MARGIN` the step it keeps valued at that margin (:func:`step_values`):
        the values its ranking's first is best by."""
        if self.NO_CHANCE_MARGIN is not None and self._kongs_score(obs):
            return step_values(ranked, self.NO_CHANCE_MARGIN)
        return ExpertBot.ranking_values(self, obs, ranked)

    def _stay_value(self, obs, counts, declared, before):
        """The hand kept in a claim window, weighed as :meth:`rank_discards` weighs a discard:
        with :attr:`STAY_LOSER`, the loser's value of the hand kept counted as a claim's
        value counts it (:func:`loser_term`)."""
        if self.FAAN_PLANS and not self._kongs_score(obs):
            return self._faan_stay(obs, counts, declared, before)
        left = chows_left(obs) if self.CHOW_LIMIT else None
        if left is not None:
            v = self._limited_stay(obs, counts, declared, left)
        else:
            v = ExpertBot._stay_value(self, obs, counts, declared, before)
        if self.STAY_LOSER:
            v += loser_term(obs, counts, declared, before, self.LOSER_SCALE)
        return v

    def _limited_stay(self, obs, counts, declared, left):
        """The expected chips of a win with the hand kept in a claim window under a limit on
        chows: as the expert's (its waits scored when waiting, else its live tiles and the
        doubles it holds), by the shanten and live tiles with at most ``left`` chows."""
        unseen = unseen_counts(obs)
        d, live = chow_limited(counts, 4 - declared, left, unseen)
        if d <= 1:
            return ExpertBot._stay_value(self, obs, counts, declared, 0)
        chance = win_chance(d - 1, live, max(1, sum(unseen)), max(0, obs.drawable // len(obs.seats)))
        ruleset = obs.ruleset
        plain = chips_for_win(ruleset, obs.seat, obs.seats, _typical_score(ruleset), next(x for x in obs.seats if x != obs.seat))
        return chance * plain * (2 ** potential(obs, counts)) / 2

    def _faan_stay(self, obs, counts, declared, before):
        """The hand kept in a claim window under a faan table, valued as :meth:`_faan_ranked`
        values a discard in a claim window: the expert's exact value waiting, or its best plan."""
        unseen = unseen_counts(obs)
        base = ExpertBot._stay_value(self, obs, counts, declared, before) if before == 0 else 0.0
        return max(base, plan_value(obs, counts, declared, unseen, plan_setting(obs, unseen, self.plan_cap(obs))))
