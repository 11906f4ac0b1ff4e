"""The ``expert`` bot: plays for chips -- the chance of winning times what the hand scores, less the risk.

It decides from its :class:`~mahjongg.table.Observation` alone (its own
tiles, what lies on the table, the table's ruleset, its seat and the round);
it never receives a ``Game``. It scores hands with the real scorer
(:func:`mahjongg.scoring.score_hand`) and settles them (``Ruleset.settle``) under
the observation's ruleset -- the table's own value, its options applied (a lower
limit, the special tiles, the Mandarins ...) -- so "what a hand is worth" is what
the table would pay.

**Discards by expected value.** For every discard (:func:`discard_value`):

* the shanten it leaves and the live useful tiles (the copies of the tiles
  that would improve it that this seat cannot see), as ``greedy`` counts them;
* when it leaves the hand waiting, the waits, and for each the hand scored as
  won on it (on a discard; the ruleset's minimum applies: a wait the rules
  would not let it declare is worth nothing), weighted by the unseen copies;
  otherwise a value estimate of the hand kept (the doubles it holds or is
  building: pairs and pungs of dragons and of its own and the round's wind,
  one suit; :func:`potential`);
* the chance of winning from the live tiles and the draws left
  (:func:`win_chance`), times the chips the hand collects (``Ruleset.settle``
  on that score);
* under a ruleset whose losers settle among themselves (Pung Chow), what the
  hand kept would score as a loser's (:func:`loser_score`), should another win;
* less the *risk*: for each opponent who looks near a win (exposed sets; a
  one-suit or honors hand in view; a late wall) the chance the tile is what he
  waits on (:func:`danger`: none if every other copy is in view; less if he
  discarded it himself; more for his suit if his exposed sets are all of one
  suit), times what the discard costs over the same win otherwise, by the
  ruleset's ``settle`` (:func:`discard_cost`): the extra a discarder pays (Hong
  Kong's double; the DMJL's Dangerous Game, a tile his exposed sets plainly
  collect, for all), and for the chance he would not have won at all, his win
  over the hand drawn (nothing where drawn hands settle: the DMJL, the BMJA).

Seed 000 (Pung Chow Part I), "Suggestions for careful playing of hands":
"a player should plan and play to win at all times with as high a hand as
possible, then as the wall grows shorter and the probability of one of the
opponents completing his hand grows larger, the player should reconsider
... hold the tiles which he thinks would help the other players and discard
only those which he is sure they will not pung. These tiles can be
ascertained by carefully searching the discards in the center of the table
and the sets already exposed by the other players." The bot *folds* -- plays
the safest tile whatever its shanten -- when its own expected value is below
the risk of every discard that keeps its hand.

**Claims by the same value**: a pung, chow or kong is taken when the value
of the hand after it (its best discard's) beats the value of passing (the
hand as it stands); a claim that makes it wait on tiles worth nothing is
never taken. Mah-Jongg is always declared when legal. **Kongs** are declared
when they keep the shanten (a kong scores more and draws a loose tile);
**bonus tiles** are laid out (the engine asks only when the ruleset holds them).

Reproducible: ties are broken by tile order, never at random; the bot's own
``rng`` is unused.
"""

from __future__ import annotations

from ..decomposition import waits as complete_waits
from dataclasses import replace

from ..hand import Hand, Meld, MeldKind
from ..rules.context import Situation, Win, WinBy
from ..rules.ruleset import RulesetError
from ..scoring import ScoringError, declared_points, loser_hand_score
from ..shanten import shanten
from ..table.actions import ADD_KONG, CHOW, CONCEALED_KONG, DISCARD, KONG, PASS, PUNG, Action
from ..table.observation import Observation
from ..tiles import TILES, Tile, Wind, tiles_of
from .base import concealed_counts, remember, unseen_counts, with_original_call
from .cautious import CautiousBot
from .evaluation import discard_options, shanten_after_discards, useful_draws
from .greedy import GreedyBot
from .payments import chips_for_win, loser_gain, paid
from .plans import procedure_state

__all__ = ["ExpertBot", "declared_score", "discard_cost", "discard_value", "DiscardValue", "one_step_win", "win_chance", "win_score", "danger", "potential"]

_SCORE_CACHE: dict = {}
_RULING_CACHE: dict = {}


NOT_WON_OTHERWISE = 0.15
"""The chance (0-1) the expert gives that an opponent fed a win now would not have won
this hand otherwise (see :func:`discard_cost`)."""


def _ruling(obs: Observation, opponent: Wind, t: int, counts: list[int]):
    """The ruleset's ruling (:meth:`~mahjongg.rules.ruleset.Ruleset.judge_discard`) on my
    discard ``t`` (``counts``: my concealed tiles, ``t`` among them) should ``opponent`` win on it, as far
    as his exposed sets tell (the DMJL's Dangerous Game: a tile his exposed sets plainly
    collect); ``None`` when there is none, it does not apply (excused), or it would weigh a
    hand by the scorer (Harr's Penalty 2, Part II, weighs hands not in view: not modelled)."""
    if not obs.ruleset.rules_on_discards:
        return None
    exposed = tuple(m for m in obs.melds[opponent] if m.exposed)
    if not exposed:
        return None
    key = (obs.ruleset, exposed, t, bytes(min(1, n) for n in counts), obs.seat, opponent, obs.round)
    if key in _RULING_CACHE:
        return _RULING_CACHE[key]
    ruling = None
    counts[t] -= 1
    after = Hand.trusted(tuple(tiles_of(counts)), obs.melds[obs.seat])
    counts[t] += 1
    try:
        r = obs.ruleset.judge_discard(Hand.trusted((), exposed), TILES[t], after, obs.seat, opponent, obs.round)
        if r is not None and r.applies:
            ruling = r
    except RulesetError:
        pass
    return remember(_RULING_CACHE, key, ruling)


def discard_cost(ruleset, me: Wind, winner: Wind, seats: tuple, score: int, ruling=None) -> float:
    """The chips a discard of ``me``'s costs should ``winner`` win on it with ``score``, over
    what the same hand would cost ``me`` won otherwise (the ruleset's ``settle``, never its
    name): what I pay off my discard (under ``ruling``, a :meth:`judge_discard` ruling that
    applies: the DMJL's Dangerous Game makes the discarder pay for all) less the least of
    what I pay off another's discard and self-drawn (Hong Kong: the discarder pays double;
    at a table of two, where no third seat discards, self-drawn), plus, for the
    :data:`NOT_WON_OTHERWISE` chance that he would not have won the hand at all, what his
    win off my discard costs me over the hand drawn with his score (nothing where drawn
    hands settle, as the DMJL's and the BMJA's do: he collects the same then; elsewhere
    all of it). Chips, 0 or more."""
    other = next((s for s in seats if s != me and s != winner), None)
    theirs = paid(ruleset, me, winner, seats, score, None)
    if other is not None:
        theirs = min(theirs, paid(ruleset, me, winner, seats, score, other))
    mine = paid(ruleset, me, winner, seats, score, me)
    ruled = mine if ruling is None else paid(ruleset, me, winner, seats, score, me, ruling)
    unwon = max(0, mine - paid(ruleset, me, winner, seats, score, None, drawn=True))
    return max(0, ruled - theirs) + NOT_WON_OTHERWISE * unwon


def _typical_score(ruleset) -> int:
    """A typical winning score under ``ruleset`` (points): the least hand that may be
    declared where the rules fix one (``Ruleset.least_declared_score``: a faan table's
    minimum), else a plain hand with one double (40)."""
    least = ruleset.least_declared_score
    return 40 if least is None else least


def declared_score(obs: Observation, counts: list[int], w: Tile, by: WinBy = WinBy.DISCARD) -> int:
    """The score of the hand ``counts`` (13 - 3 per set, waiting, with the seat's melds
    and bonus tiles) won on ``w`` by ``by``, by the real scorer (points); 0 when the
    ruleset would not let it be declared so (a faan minimum; too many chows, asked of
    :meth:`~mahjongg.rules.ruleset.Ruleset.refuses_unscored` before scoring) or it is
    no win. Cached."""
    return max(0, _declared(obs, counts, w, by))


def _declared(obs: Observation, counts: list[int], w: Tile, by: WinBy) -> int:
    """:func:`declared_score`, but -1 for no win at all (refused, or not complete)."""
    seat = obs.seat
    melds = obs.melds[seat]
    bonus = obs.bonus[seat]
    key = (obs.ruleset, bytes(counts), int(w), melds, bonus, seat, obs.round, by)
    v = _SCORE_CACHE.get(key)
    if v is not None:
        return v
    if counts[w] >= 4:  # there is no fifth tile to win on
        return -1
    ruleset = obs.ruleset
    counts[w] += 1
    # every arrangement over the ruleset's limit on chows, and no special hand: refused unscored
    refused = ruleset.refuses_unscored(counts, melds, bonus)
    # the tiles sorted (tiles_of) and valid, the melds and bonus tiles the table's (the
    # bonus tiles in the order laid out: sorted, as Hand sorts them): no checks
    hand = None if refused else Hand.trusted(tuple(tiles_of(counts)), melds, tuple(sorted(bonus)) if len(bonus) > 1 else bonus)
    counts[w] -= 1
    v = -1
    if hand is not None:
        try:
            v = declared_points(hand, ruleset, _situation(seat, obs.round, w, by))
        except ScoringError:
            pass
    return remember(_SCORE_CACHE, key, v)


def win_score(obs: Observation, counts: list[int], w: Tile, by: WinBy = WinBy.DISCARD) -> int:
    """What the bots count a wait of the hand ``counts`` on ``w`` worth (points):
    :func:`declared_score`, but a win the ruleset would not let be declared on a
    discard (a faan minimum) counts a third of its score when self-drawn, if that may
    be declared (about a third of the chances to win are draws)."""
    v = _declared(obs, counts, w, by)
    if v == 0 and by is WinBy.DISCARD:
        v = _declared(obs, counts, w, WinBy.WALL) // 3
    return max(0, v)


LOSER_VALUE = True
"""Whether a discard's value counts the loser's score of the hand kept (see :func:`discard_value`)."""


def loser_score(obs: Observation, counts: list[int]) -> int:
    """The score of the seat's hand (``counts``, between turns, with its melds and bonus
    tiles) as a loser's, by the real scorer (:func:`~mahjongg.scoring.loser_hand_score`,
    which remembers it); 0 for a hand it cannot score."""
    seat = obs.seat
    try:
        return loser_hand_score(counts, obs.melds[seat], obs.bonus[seat], obs.ruleset, _situation(seat, obs.round))
    except ScoringError:
        return 0


def _situation(seat: Wind, round_: Wind, w: int | None = None, by: WinBy = WinBy.DISCARD) -> Situation:
    """``Situation(seat=seat, round=round_)``, with ``w`` the win on that tile (a kind)
    by ``by``: one per seat, round wind and win."""
    key = (seat, round_, w, by)
    s = _SITUATIONS.get(key)
    if s is None:
        s = _SITUATIONS[key] = Situation(seat=seat, round=round_, win=None if w is None else Win(TILES[w], by))
    return s


_SITUATIONS: dict = {}


def win_chance(shanten_after: int, live: float, unseen_total: int, draws_left: int, next_live: float = 6) -> float:
    """The chance (0-1) of completing a hand ``shanten_after`` from waiting with
    ``live`` unseen copies of the tiles that improve it, ``draws_left`` own draws
    to come (each with about one discard of another player to claim).

    Waiting (0): ``1 - (1 - q) ** (2 * draws)`` with ``q = live / unseen`` (a
    draw or a claim each turn), halved for the race with the other hands.
    Each step further: the chance of a useful tile in time, then the next step
    from what is left of the wall (after the ``1 / q`` tries a useful tile takes
    on average) with 6 live tiles (a two-sided wait, some of it in view), and
    0.7 for the uncertainty of how good that wait will be. ``next_live``: the live tiles
    of the next step, if known (6 otherwise; ``master`` counts them).
    """
    if unseen_total <= 0 or draws_left <= 0 or live <= 0:
        return 0.0
    q = min(1.0, live / unseen_total)
    tries = 2 * draws_left
    if shanten_after <= 0:
        return 0.5 * (1.0 - (1.0 - q) ** tries)
    rest = tries - 1.0 / q
    if rest <= 0:
        return 0.0
    step = 1.0 - (1.0 - q) ** tries
    return 0.7 * step * win_chance(shanten_after - 1, next_live, unseen_total, int(rest // 2))


def potential(obs: Observation, counts: list[int]) -> float:
    """How many doubles the hand kept holds or is building (a value estimate for a hand
    not yet waiting): a pung of a dragon or of the seat's or round's wind 1, a pair of
    one 0.4; most tiles (melds counted) of one suit and honors 1, of one suit only 2."""
    seat_wind = 27 + int(obs.seat)
    round_wind = 27 + int(obs.round)
    d = 0.0
    for t in range(27, 34):
        n = counts[t]
        if n >= 2 and (t >= 31 or t == seat_wind or t == round_wind):
            d += 1.0 if n >= 3 else 0.4
    for m in obs.melds[obs.seat]:
        t = int(m.tile)
        if t >= 31 or t == seat_wind or t == round_wind:
            if m.kind.value != "chow":
                d += 1.0
    suits = [0, 0, 0, 0]
    total = 0
    for t, n in enumerate(counts):
        if n:
            suits[3 if t >= 27 else t // 9] += n
            total += n
    for m in obs.melds[obs.seat]:
        t = int(m.tile)
        suits[3 if t >= 27 else t // 9] += 3
        total += 3
    top = max(suits[:3])
    if total and top + suits[3] >= total - 1:
        d += 2.0 if suits[3] == 0 else 1.0
    return d


def danger(obs: Observation, t: int, opponent: Wind, unseen: list[int], passed=None) -> float:
    """The chance-like weight (0-1) that ``opponent`` waits on ``t``, from what is in view:
    0 with no other copy unseen; an honor with one copy unseen can only be a pair wait;
    less if he discarded ``t`` himself; more if his exposed sets are all of ``t``'s suit
    (or honors), less if all of another suit. ``passed``: the tiles he discarded (worked
    out from ``obs`` when not given)."""
    u = unseen[t]
    if u <= 0:
        return 0.0
    if t >= 27:
        base = (0.15, 0.35, 0.5)[min(u, 3) - 1]
    else:
        rank = t % 9
        base = 0.5 if rank in (0, 8) else 0.8
        if u == 1:
            base *= 0.7
    if passed is None:
        passed = _passed(obs, opponent)
    if t in passed:
        base *= 0.2
    exposed = [m for m in obs.melds[opponent] if m.exposed]
    if len(exposed) >= 2:
        suits = {int(m.tile) // 9 if m.tile < 27 else 3 for m in exposed} - {3}
        if len(suits) == 1:
            base *= 2.0 if (t >= 27 or t // 9 in suits) else 0.15
        elif not suits:
            base *= 2.0 if t >= 27 else 0.3
    return min(1.0, base)


def _passed(obs: Observation, opponent: Wind) -> frozenset:
    """The tile kinds ``opponent`` discarded this hand (claimed by another or not)."""
    return frozenset(int(d) for s, d, _ in obs.discard_history if s == opponent)


def _threat(obs: Observation, opponent: Wind) -> float:
    """The chance-like weight (0-1) that ``opponent`` is waiting: his exposed sets and the wall."""
    exposed = sum(1 for m in obs.melds[opponent] if m.exposed)
    late = 1.0 - min(1.0, obs.drawable / 70)
    return min(1.0, 0.08 + 0.18 * exposed + 0.45 * late * late)


def procedure_threat(obs: Observation, opponent: Wind) -> float:
    """The expert's weight of ``opponent`` (:func:`_threat`, counted above 0.2) with what
    the table's procedure makes public: a hand declared calling (``obs.calling``) or bound
    by Original Call waits (1); a player who may not go out before declaring his hand
    calling (``Ruleset.may_win_undeclared``: BMJA, once he has discarded) and has not
    declared cannot win on a discard (0)."""
    if opponent in obs.calling or opponent in obs.original_call:
        return 1.0
    if not obs.ruleset.may_win_undeclared(any(s == opponent for s, _, _ in obs.discard_history)):
        return 0.0
    th = _threat(obs, opponent)
    return th if th > 0.2 else 0.0


class DiscardValue(tuple):
    """``(tile, shanten, live, waits, value, chance, risk, ev)`` of one discard (see :func:`discard_value`)."""

    __slots__ = ()
    tile = property(lambda s: s[0])
    shanten = property(lambda s: s[1])
    live = property(lambda s: s[2])
    waits = property(lambda s: s[3])
    value = property(lambda s: s[4])
    chance = property(lambda s: s[5])
    risk = property(lambda s: s[6])
    ev = property(lambda s: s[7])


def one_step_win(obs: Observation, counts: list[int], declared: int, held: list[int], unseen: list[int], live: int) -> tuple[float, float]:
    """``(value, chance)`` of a hand one step from waiting (``counts``, between turns; ``held``
    with its melds' tiles; ``live`` unseen copies of the tiles that bring it to waiting):
    the chips of its likely wins (their mean score by the real scorer,
    :func:`_one_step_value`) and :func:`win_chance` of one step times the share of the
    improving draws that lead to a wait worth something."""
    avg, valid = _one_step_value(obs, counts, declared, held, unseen)
    if not avg:
        value = 0
    else:
        ruleset = obs.ruleset
        value = chips_for_win(ruleset, obs.seat, obs.seats, int(avg), next(x for x in obs.seats if x != obs.seat))
    chance = win_chance(1, live, max(1, sum(unseen)), max(0, obs.drawable // len(obs.seats))) * valid
    return value, chance


def waiting_win(obs: Observation, counts: list[int], held: list[int], unseen: list[int], unseen_total: int, draws_left: int) -> tuple:
    """``(waits, value, chance)`` of a waiting hand ``counts`` (between turns; ``held`` with its
    melds' tiles): each wait ``(tile, unseen copies, score)`` by the real scorer
    (:func:`win_score`), the chips of their mean score over the unseen copies of the waits that
    score, and :func:`win_chance` on those copies (``unseen_total`` unseen tiles,
    ``draws_left`` own draws to come)."""
    me, seats = obs.seat, obs.seats
    ws = tuple((TILES[w], unseen[w], win_score(obs, counts, w)) for w in complete_waits(counts, held))
    live_valid = sum(u for _, u, sc in ws if sc > 0)
    value = 0
    if live_valid:
        avg = sum(u * sc for _, u, sc in ws if sc > 0) / live_valid
        value = chips_for_win(obs.ruleset, me, seats, int(avg), next(x for x in seats if x != me))
    return ws, value, win_chance(0, live_valid, unseen_total, draws_left)


def discard_value(
    obs: Observation, candidates=None, *, defence: bool = True, fold: bool = True, safe=None, risk_scale: float = 0.3,
    loser_scale: float = 0.8, one_step: bool = True, estimate: bool = True, threat=None, options=None,
) -> list[DiscardValue]:
    """Every discard of the seat's hand valued, best first.

    Each :class:`DiscardValue`: ``shanten`` after it, ``live`` (unseen copies
    of the tiles that would lower it), ``waits`` (when waiting: ``(tile,
    unseen copies, score)`` of each), ``value`` (chips the win would collect,
    estimated), ``chance`` (:func:`win_chance`), ``risk`` (chips the discard
    may cost: :func:`danger` times the opponents' threat), ``ev`` (chips:
    ``chance * value - risk``). ``candidates``: the tiles to weigh (default:
    every kind held). ``fold``: a discard raising the shanten above the best is
    valued as a fold (``-risk``: it keeps the hand's safety, not its value);
    without, every discard is valued alike. ``safe``: for an opponent, the tile
    kinds he cannot be waiting on (a function of the observation and his seat;
    ``master``'s :func:`~mahjongg.bots.master.passed_since`), their danger 0;
    ``risk_scale``: the weight of the risk (the expert's 0.3); ``loser_scale``: the
    weight of the loser's score of the hand kept (the expert's 0.8); ``one_step``: whether
    a hand one step from waiting is valued by its completions scored (:func:`one_step_win`;
    without, as a farther hand is); ``estimate``: whether a farther hand's value is
    estimated (:func:`potential`; without, its ``value`` is 0: for a caller that values
    such hands itself, as ``master``'s faan plans do); ``threat``: the chance-like weight
    (0-1) that an opponent may win on a discard now (a function of the observation and his
    seat; an opponent counts when it is above 0), by default the expert's :func:`_threat`,
    an opponent counted above 0.2; ``options``: the function giving each
    candidate's ``(shanten, live)`` (:func:`~mahjongg.bots.evaluation.discard_options` by
    default, with its arguments; ``master``'s counts a ruleset's limit on chows). Raises
    ``ValueError`` for a hand that is not one to discard from.
    """
    counts = concealed_counts(obs)
    declared = len(obs.melds[obs.seat])
    if candidates is None:
        candidates = [TILES[i] for i, n in enumerate(counts) if n]
    unseen = unseen_counts(obs)
    opts = (options or discard_options)(counts, declared, candidates, unseen)
    ruleset = obs.ruleset
    seats = obs.seats
    me = obs.seat
    n = len(seats)
    unseen_total = max(1, sum(unseen))
    draws_left = max(0, obs.drawable // n)
    typical = _typical_score(ruleset)
    plain_chips = chips_for_win(ruleset, me, seats, typical, next(s for s in seats if s != me))
    held = list(counts)
    for m in obs.melds[me]:
        for x in m.tiles:
            held[x] += 1
    best_s = min(v[0] for v in opts.values())
    threats = []
    if defence:
        for o in seats:
            if o == me or o in obs.dead:
                continue
            # the expert's weight counts above 0.2; a threat function given says itself whom
            # it counts (more than 0)
            th = _threat(obs, o) if threat is None else threat(obs, o)
            if th > (0.2 if threat is None else 0.0):
                # what the discard costs over the same win otherwise, by the ruleset's settle
                # (discard_cost); a tile the ruleset would rule on (the DMJL's Dangerous Game)
                # costs what the ruling settles
                threats.append(
                    (o, th, discard_cost(ruleset, me, o, seats, typical), _passed(obs, o), safe(obs, o) if safe is not None else ())
                )
    gain = loser_gain(ruleset, me, seats) if LOSER_VALUE else 0.0
    out = []
    for t, (s, live) in opts.items():
        counts[t] -= 1
        ws = ()
        if s == 0:
            ws, value, chance = waiting_win(obs, counts, held, unseen, unseen_total, draws_left)
        elif s == 1 and one_step and (s == best_s or not fold):
            # one step from waiting: the likely completions, scored (each improving draw, then
            # the discard that leaves the best wait)
            value, chance = one_step_win(obs, counts, declared, held, unseen, live)
        elif not estimate:
            value = 0.0
            chance = win_chance(s, live, unseen_total, draws_left)
        else:
            d = potential(obs, counts)
            if ruleset.least_declared_score is not None:
                # a least hand to declare (a faan minimum): the share of it the doubles reach
                value = plain_chips * min(1.0, (d + 1) / max(1, ruleset.minimum_to_declare))
            else:
                value = plain_chips * (2**d) / 2
            chance = win_chance(s, live, unseen_total, draws_left)
        counts[t] += 1
        risk = 0.0
        for o, th, cost, passed, no_wait in threats:
            if t not in no_wait:
                ruling = _ruling(obs, o, t, counts)
                if ruling is not None:
                    cost = discard_cost(ruleset, me, o, seats, typical, ruling)
                risk += th * danger(obs, t, o, unseen, passed) * cost * risk_scale
        if gain:
            # the hand kept, should another win: a ruleset whose losers settle among themselves
            # (Pung Chow) pays a loser for every point his own hand scores
            counts[t] -= 1
            kept = loser_score(obs, counts)
            counts[t] += 1
            risk -= (1.0 - chance) * loser_scale * gain * kept
        # a discard that gives up a step of shanten is a fold: it keeps no value, only safety
        ev = chance * value - risk if s == best_s or not fold else -risk - 1e-6 * s
        out.append(DiscardValue((t, s, live, ws, value, chance, risk, ev)))
    out.sort(key=lambda v: (-v[7], v[1], -v[2], unseen[v[0]], -int(v[0])))
    return out


_STEP_CACHE: dict = {}


def _one_step_table(obs: Observation, counts: list[int], declared: int, held: list[int]) -> tuple:
    """For each improving draw ``x`` of a hand one step from waiting: the discards after it
    that leave it waiting, each with its waits and their scores -- ``((x, ((y, ((w, score),
    ...)), ...)), ...)``. What the unseen tiles do not change, kept across turns."""
    seat = obs.seat
    key = (obs.ruleset, bytes(counts), obs.melds[seat], obs.bonus[seat], seat, obs.round)
    r = _STEP_CACHE.get(key)
    if r is not None:
        return r
    out = []
    for x in useful_draws(counts, declared):
        counts[x] += 1
        held[x] += 1
        after = shanten_after_discards(counts, declared)
        ys = []
        for y in range(34):
            if after[y] != 0 or y == x:
                continue
            counts[y] -= 1
            ys.append((TILES[y], tuple((w, win_score(obs, counts, w)) for w in complete_waits(counts, held))))
            counts[y] += 1
        counts[x] -= 1
        held[x] -= 1
        out.append((x, tuple(ys)))
    r = tuple(out)
    return remember(_STEP_CACHE, key, r)


def _one_step_value(obs: Observation, counts: list[int], declared: int, held: list[int], unseen: list[int]) -> tuple[float, float]:
    """For a hand one step from waiting (``counts``, between turns): the mean score of its
    likely wins and the share of its improving draws that lead to a wait worth something.

    For each improving draw (weighted by its unseen copies), the discard after it that
    leaves the waits of most value (unseen copies x score), and those waits' mean score."""
    total_w = 0
    valid_w = 0
    score_sum = 0.0
    for x, ys in _one_step_table(obs, counts, declared, held):
        u = unseen[x]
        if u <= 0:
            continue
        total_w += u
        best_num, best_mean = 0, 0.0
        for _, ws in ys:
            num = 0
            den = 0
            for w, sc in ws:
                if sc > 0 and unseen[w] > 0:
                    num += unseen[w] * sc
                    den += unseen[w]
            if den and num > best_num:
                best_num, best_mean = num, num / den
        if best_num > 0:
            valid_w += u
            score_sum += u * best_mean
    if not valid_w:
        return 0.0, 0.0
    return score_sum / valid_w, valid_w / total_w


class ExpertBot(CautiousBot):
    """Discards and claims by expected chips (value times chance, less the risk); folds when behind."""

    name = "expert"
    DEFENCE = True
    ORIGINAL_CALL_LIVE = 4
    """Declares Original Call (a double) with its best discard when that leaves the
    hand waiting on four or more unseen tiles: a wait that good is seldom improved,
    so binding the hand costs little but the chance to fold (cautious never declares)."""

    def turn(self, obs: Observation, legal: list[Action]) -> Action:
        discards = {a.tile: a for a in legal if a.kind is DISCARD}
        if not discards or obs.hidden:
            # a bonus tile held back leaves the hand one short: greedy's way (no kong)
            return GreedyBot.turn(self, obs, legal)
        ranked = self.rank_discards(obs, list(discards))
        if self._weighing is not None:
            self._weighing.setdefault("discards", ranked)
        best = ranked[0]
        if best.shanten >= 2 and self.mode(obs, best.shanten) == "build":
            # far from waiting on a long wall, with a one-suit plan or under a faan minimum:
            # build a high hand (one suit, doubling honors, concealed) as the book's careful
            # player does (CautiousBot's build mode)
            return CautiousBot.turn(self, obs, legal)
        for a in legal:
            if a.kind is CONCEALED_KONG or a.kind is ADD_KONG:
                counts = concealed_counts(obs)
                declared = len(obs.melds[obs.seat])
                if a.kind is CONCEALED_KONG:
                    counts[a.tile] -= 4
                    s = shanten(counts, declared + 1)
                else:
                    counts[a.tile] -= 1
                    s = shanten(counts, declared)
                if s <= best.shanten and best.risk <= 0.0 or s < best.shanten:
                    return a
        return with_original_call(obs, legal, discards[best.tile], self.ORIGINAL_CALL_LIVE)

    _weighing: dict | None = None
    """What the decision :meth:`weigh` asks about has valued so far (``None``: no one asks)."""

    def weigh(self, obs: Observation, legal) -> tuple[Action, dict]:
        """``(action, weighed)``: the action :meth:`act` plays for ``obs`` and ``legal``, and what the
        bot valued to choose it, in chips: ``"discards"``, its ranking of the turn's discards
        (:class:`DiscardValue` items, best first: expected chips less the risk); ``"claims"``
        (``{claim action: the expected chips of the hand after it and its best discard}``) and
        ``"stay"`` (the hand kept, passing) where a claim window weighed claims against passing.
        A key is absent where the decision was not made by those values (a build mode, a kong
        taken by rule, a single legal action); the action may still differ from the values' best
        (a kong before the ranked discard; master's ``NO_CHANCE_MARGIN``, a step kept for less
        than a chip of risk: its ranking's order says so, and :meth:`ranking_values` gives the
        values that order is best by). What an imitation learner is taught
        (:func:`mahjongg.rl.imitation.record`)."""
        self._weighing = {}
        try:
            return self.act(obs, legal), self._weighing
        finally:
            self._weighing = None

    def ranking_values(self, obs: Observation, ranked: list[DiscardValue]) -> list[float]:
        """The value, in chips, the bot's own rule gives each discard of ``ranked`` (its
        :meth:`rank_discards` for ``obs``, best first): the first is valued highest (a tie at
        most). The expert's: each discard's expected chips less the risk (``ev``). What an
        imitation learner is taught as the value of a discard (:func:`mahjongg.rl.imitation.record`)."""
        return [float(v.ev) for v in ranked]

    def rank_discards(self, obs: Observation, candidates, defence: bool | None = None) -> list[DiscardValue]:
        """The discards of ``obs``'s hand among ``candidates`` (``None``: every kind held),
        best first, as :func:`discard_value` ranks them (``defence``: weigh the risk;
        default :attr:`DEFENCE`). A bot built on the expert may rank them otherwise."""
        return discard_value(obs, candidates, defence=self.DEFENCE if defence is None else defence, **self._procedure_rule(obs))

    def _procedure_rule(self, obs: Observation) -> dict:
        """The arguments :func:`discard_value` takes for the ruleset's procedure (with
        :attr:`~mahjongg.bots.greedy.GreedyBot.PROCEDURE`): each discard's shanten and live
        tiles by :meth:`procedure` (the nearest plan reaching a faan minimum, the chows the
        hand may still hold), and a hand a step from waiting valued as a farther one (its
        completions are the regular shape's)."""
        options = self.procedure(obs)
        rule = {} if options is None else {"options": options, "one_step": False}
        if self.PROCEDURE and (obs.ruleset.must_declare_calling or obs.original_call):
            rule["threat"] = procedure_threat
        return rule

    def claim(self, obs: Observation, legal: list[Action]) -> Action:
        counts = concealed_counts(obs)
        declared = len(obs.melds[obs.seat])
        pass_action = next(a for a in legal if a.kind is PASS)
        procedure = self.procedure(obs) is not None
        before = self.shanten_now(obs, counts, declared) if procedure else shanten(counts, declared)
        if before >= 2 and self.mode(obs, before) == "build":
            return CautiousBot.claim(self, obs, legal)
        best, best_ev = pass_action, None
        for a in legal:
            if a.kind not in (PUNG, CHOW, KONG):
                continue
            after = self.after_claim_procedure(obs, counts, declared, a) if procedure else self.after_claim(counts, declared, a)
            if after is None or after > before:
                continue
            if after == before and a.kind is CHOW:
                continue
            ev = self._claim_value(obs, a)
            if ev is None:
                continue
            if self._weighing is not None:
                self._weighing.setdefault("claims", {})[a] = ev
            if best_ev is None or ev > best_ev:
                best, best_ev = a, ev
        if best is pass_action:
            return pass_action
        # passing: the hand as it stands, valued as if it discarded its least useful tile later
        stay = self._stay_value(obs, counts, declared, before)
        if self._weighing is not None:
            self._weighing.setdefault("stay", stay)
        return best if best_ev >= stay else pass_action

    def _claim_value(self, obs: Observation, a: Action) -> float | None:
        """The expected chips of the hand after claim ``a`` and its best discard (a kong: the
        hand with its loose tile to come, valued by its shanten)."""
        view = _after_claim_view(obs, a)
        if view is None:
            return None
        if a.kind is KONG:
            counts = concealed_counts(view)
            s = shanten(counts, len(view.melds[view.seat]))
            ruleset = obs.ruleset
            unseen = unseen_counts(view)
            return win_chance(s + 1, 8, max(1, sum(unseen)), max(0, obs.drawable // len(obs.seats))) * chips_for_win(
                ruleset, obs.seat, obs.seats, _typical_score(ruleset), next(x for x in obs.seats if x != obs.seat)
            ) * 1.3
        ranked = self.rank_discards(view, None, defence=self.claim_defence(obs))
        return ranked[0].ev if ranked else None

    def claim_defence(self, obs: Observation) -> bool:
        """Whether a claim's value weighs the risk of the discard after it (the expert's: yes;
        passing weighs none, the hand kept discarding later)."""
        return True

    def _stay_value(self, obs: Observation, counts: list[int], declared: int, before: int) -> float:
        """The expected chips of the hand ``counts`` as it stands between turns (shanten
        ``before``): its waits scored when ready, else its live tiles and the doubles it holds."""
        ruleset = obs.ruleset
        unseen = unseen_counts(obs)
        n = len(obs.seats)
        state = procedure_state(obs, counts, declared) if before != 0 and self.procedure(obs) is not None else None
        if state is None:
            live = sum(unseen[t] for t in useful_draws(counts, declared))
        else:  # the ruleset's procedure: the nearest hand it lets be declared
            before, live = state
        chance = win_chance(before, live, max(1, sum(unseen)), max(0, obs.drawable // n))
        if before == 0:
            held = list(counts)
            for m in obs.melds[obs.seat]:
                for x in m.tiles:
                    held[x] += 1
            ws = [(w, unseen[w], win_score(obs, counts, w)) for w in complete_waits(counts, held)]
            lv = sum(u for _, u, sc in ws if sc > 0)
            if not lv:
                return 0.0
            avg = sum(u * sc for _, u, sc in ws if sc > 0) / lv
            return win_chance(0, lv, max(1, sum(unseen)), obs.drawable // n) * chips_for_win(
                ruleset, obs.seat, obs.seats, int(avg), next(x for x in obs.seats if x != obs.seat)
            )
        plain = chips_for_win(ruleset, obs.seat, obs.seats, _typical_score(ruleset), next(x for x in obs.seats if x != obs.seat))
        return chance * plain * (2 ** potential(obs, counts)) / 2


def _after_claim_view(obs: Observation, a: Action) -> Observation | None:
    """The seat's observation as it would be after claim ``a`` (its own hand changed; the
    rest as now), to value the hand with its next discard."""
    tiles = list(obs.concealed)
    t = a.tile
    try:
        if a.kind is PUNG:
            for _ in range(2):
                tiles.remove(t)
            meld = Meld(MeldKind.PUNG, t, exposed=True)
        elif a.kind is KONG:
            for _ in range(3):
                tiles.remove(t)
            meld = Meld(MeldKind.KONG, t, exposed=True)
        elif a.kind is CHOW:
            for k in range(3):
                x = TILES[int(a.chow) + k]
                if x != t:
                    tiles.remove(x)
            meld = Meld(MeldKind.CHOW, a.chow, exposed=True)
        else:
            return None
    except ValueError:
        return None
    melds = dict(obs.melds)
    melds[obs.seat] = tuple(melds[obs.seat]) + (meld,)
    discards = dict(obs.discards)
    d = obs.last_discarder
    if d is not None and discards.get(d) and discards[d][-1] == t:
        discards[d] = discards[d][:-1]
    return replace(obs, concealed=tuple(tiles), melds=melds, discards=discards, phase="turn", turn=obs.seat, drawn=None)
