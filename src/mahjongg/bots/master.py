"""The ``master`` bot: the expert's expected chips, with three of its rules mended.

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
  (:func:`plan_value`). The expert there builds by the cautious bot's one-suit
  rule and values a hand far from waiting by a rough count of its doubles, so
  half the hands were drawn. Beside the plans, only the first discard a step
  from waiting has its completions scored (:attr:`MasterBot.ONE_STEP_EXACT`), at
  its turn only: a claim window weighs the hand after the claim and the hand
  kept by their plans alone.

How it measures against three experts, and its speed: bench/README.md ("The
master rebuilt", "Claims weighed by their plans", "Faster again";
bench/bench_master.py).

Elsewhere the value of a win by the real scorer, the ruleset's minimum and settlement,
the risk of the other discards, folding and building a high hand on a long
wall are the expert's; the ruleset's own questions (``may_declare``,
``settle``, ``minimum_to_declare``, ``unit``) are asked, never its name.
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
from .base import concealed_counts, unseen_counts
from .evaluation import discard_shanten, useful_draws
from .expert import DiscardValue, ExpertBot, _chips_for_win, _loser_gain, discard_value, loser_score, one_step_win, win_chance
from .plans import faan_values, plan_chance, plans

__all__ = ["MasterBot", "passed_since", "loser_term", "plan_value", "plan_setting"]


def plan_setting(obs: Observation, unseen: list[int]) -> tuple:
    """What :func:`plan_value` reads from the table besides the hand, the same for every
    discard weighed at one decision: ``(ruleset, faan values, honors, own bonus faan,
    chance of no flower, unseen total, draws left, an opponent, chips of a limit win,
    memo)`` -- ``memo`` what the plans of this decision's hands have in common, worked
    out once (one-suit distances, a plan's value: :func:`plan_value`): a setting serves
    one observation and one ``unseen``, unchanged."""
    ruleset = obs.ruleset
    values = faan_values(ruleset)
    seat = obs.seat
    seats = obs.seats
    honors: dict[int, int] = {}
    for t, f in ((31, values.dragon), (32, values.dragon), (33, values.dragon), (27 + int(seat), values.seat), (27 + int(obs.round), values.round)):
        if f:
            honors[t] = honors.get(t, 0) + f
    own = obs.bonus[seat]
    own_faan = values.own_bonus * sum(1 for t in own if t.wind == seat)
    unseen_total = max(1, sum(unseen))
    draws = max(0, obs.drawable // len(seats))
    if own:
        no_flower = 0.0
    else:
        b = len(ruleset.bonus_tiles) - sum(len(v) for v in obs.bonus.values())
        no_flower = (1.0 - b / (unseen_total + b)) ** draws if b > 0 else 1.0
    other = next(x for x in seats if x != seat)
    table = ruleset.faan
    top = _chips_for_win(ruleset, seat, seats, table.points_for(table.limit), other)
    return ruleset, values, honors, own_faan, no_flower, unseen_total, draws, other, top, {}


def plan_value(
    obs: Observation, counts: list[int], declared: int, unseen: list[int], setting: tuple | None = None,
    regular: tuple[int, int] | None = None,
) -> float:
    """Under a faan table: the expected chips of a win with the hand ``counts`` (concealed,
    between turns; ``declared`` melds) by its best plan (:func:`mahjongg.bots.plans.plans`):
    for each plan, :func:`~mahjongg.bots.plans.plan_chance` from its distance and live
    tiles, times the chips of its faan (``Ruleset.settle`` on the faan table's points;
    nothing below the minimum), the faan it may get besides weighed by their chances.
    ``setting``: :func:`plan_setting` of ``obs`` and ``unseen``, if already worked out;
    ``regular``: the hand's shanten plus one and live tiles, if known (``plans``)."""
    ruleset, values, honors, own_faan, no_flower, unseen_total, draws, other, top, memo = setting or plan_setting(obs, unseen)
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
                v += pr * _chips_for_win(ruleset, seat, seats, table.points_for(min(faan, table.limit)), other)
        cv = memo[key] = c * v
        best = max(best, cv)
    return best


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
    gain = _loser_gain(ruleset, obs.seat, obs.seats)
    if not gain:
        return 0.0
    unseen = unseen_counts(obs)
    live = sum(unseen[t] for t in useful_draws(counts, declared))
    c = win_chance(shanten_now, live, max(1, sum(unseen)), max(0, obs.drawable // len(obs.seats)))
    return (1.0 - c) * scale * gain * loser_score(obs, counts)


class MasterBot(ExpertBot):
    """The expert with kongs kept for their points, passing weighed as claiming, the tiles let pass known
    safe (rulesets in points) and faan plans (rulesets with a faan table's minimum)."""

    name = "master"
    SAFE_PASSED = True
    """Whether a tile an opponent let pass since his last discard is safe against him
    (:func:`passed_since`; the expert knows only the tiles he discarded himself), under
    a ruleset scored in points: under Hong Kong's faan it measured worse than the
    expert (bench/README.md, "Master against three experts")."""
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
            obs, candidates, defence=defence, risk_scale=self.RISK_SCALE, loser_scale=self.LOSER_SCALE,
            one_step=self.ONE_STEP_EXACT is None, estimate=False,
        )
        if not ranked:
            return ranked
        counts = concealed_counts(obs)
        declared = len(obs.melds[obs.seat])
        unseen = unseen_counts(obs)
        best_s = min(v.shanten for v in ranked)
        setting = plan_setting(obs, unseen)
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
        """Whether the ruleset scores in points, not in faan: a kong is then worth declaring
        for its own sake (its points count for a loser's hand too), and the tiles let
        pass are weighed (:attr:`SAFE_PASSED`)."""
        return obs.ruleset.unit != "faan"

    def rank_discards(self, obs, candidates, defence=None):
        """The expert's ranking (:func:`~mahjongg.bots.expert.discard_value`) with master's
        weights and, under a ruleset scored in points, the tiles let pass safe
        (:attr:`SAFE_PASSED`); under a faan table its plans (:meth:`_faan_ranked`)."""
        if self.FAAN_PLANS and not self._kongs_score(obs):
            return self._faan_ranked(obs, candidates, self.DEFENCE if defence is None else defence)
        return discard_value(
            obs,
            candidates,
            defence=self.DEFENCE if defence is None else defence,
            safe=passed_since if self.SAFE_PASSED and self._kongs_score(obs) else None,
            risk_scale=self.RISK_SCALE,
            loser_scale=self.LOSER_SCALE,
        )

    def _stay_value(self, obs, counts, declared, before):
        """The hand kept in a claim window, weighed as :meth:`rank_discards` weighs a discard:
        with :attr:`STAY_LOSER`, the loser's value of the hand kept counted as a claim's
        value counts it (:func:`loser_term`)."""
        if self.FAAN_PLANS and not self._kongs_score(obs):
            return self._faan_stay(obs, counts, declared, before)
        v = ExpertBot._stay_value(self, obs, counts, declared, before)
        if self.STAY_LOSER:
            v += loser_term(obs, counts, declared, before, self.LOSER_SCALE)
        return v

    def _faan_stay(self, obs, counts, declared, before):
        """The hand kept in a claim window under a faan table, valued as :meth:`_faan_ranked`
        values a discard in a claim window: the expert's exact value waiting, or its best plan."""
        unseen = unseen_counts(obs)
        base = ExpertBot._stay_value(self, obs, counts, declared, before) if before == 0 else 0.0
        return max(base, plan_value(obs, counts, declared, unseen))
