"""The ``cautious`` bot: greedy, played the way the book's "Suggestions for careful playing" advise.

Seed 000 (Pung Chow Part I), "Suggestions for careful playing of hands":

    "a player should plan and play to win at all times with as high a hand
    as possible, then as the wall grows shorter and the probability of one of
    the opponents completing his hand grows larger, the player should
    reconsider ... 2. If he has just an ordinarily good hand he should stop
    playing to improve his hand and start to complete it as quickly as
    possible, i.e., form sequences and mix suits ... 3. If his hand has not
    improved at all or very little since the beginning of the game and he has
    small chance of completing his hand in any way before some other player
    does, his only plan is to hold the tiles which he thinks would help the
    other players and discard only those which he is sure they will not pung.
    These tiles can be ascertained by carefully searching the discards in the
    center of the table and the sets already exposed by the other players."

Three modes, chosen afresh at every decision from the observation alone:

``build`` (the wall is long, no opponent is near, and the hand has a one-suit
    plan or the ruleset a minimum to declare -- else it races from the start)
    Plays for a high hand. "If he has an exceptionally strong hand in any one
    suit he will play for that suit": with at least :attr:`CautiousBot.FLUSH_AT`
    of its tiles (melds included) in one suit and honors -- :attr:`CautiousBot.FLUSH_WINNER_AT`
    where the ruleset pays a one-suit hand to its winner alone (:meth:`CautiousBot.flush_at`)
    --, and no meld outside
    them, it discards tiles outside that suit even at the cost of one step of
    shanten. Among discards of equal worth it keeps pairs and pungs of dragons
    and of its own wind (they double) and concealed pungs (worth twice an
    exposed one). It claims only what keeps that plan: a pung of a doubling
    honor, a pung or chow within its suit that lowers the shanten, any claim
    that makes it wait; it leaves other chows and pungs, keeping its hand
    concealed (score card: concealed sets score double; "no sequences" 10).
``race`` (the wall is short -- :attr:`CautiousBot.RACE_AT` drawable tiles or
    fewer -- or an opponent has exposed three sets, "the slightest suspicion
    that one of these opponents is nearing the completion of his hand")
    Plays exactly like ``greedy``: fastest hand, any claim that lowers its
    shanten.
``defend`` (racing, and the hand is hopeless: shanten at least
    :attr:`CautiousBot.HOPELESS_AT`; not under a calling declaration where the
    discarder pays as the others do, :meth:`CautiousBot.folds`)
    Claims nothing but Mah-Jongg, and discards the *safest* tile: first the
    tiles no opponent's exposed sets show he needs (a player showing only one
    suit and honors collects that suit; a tile next to an exposed chow may
    extend it), then tiles already discarded in the hand ("dead") or with
    fewer than two copies unseen (nobody can hold the pair to pung them);
    the greedy choice only breaks ties. The fourth tile of an opponent's
    exposed pung is safe: a claimed fourth never goes onto an exposed pung
    (seed 000, "Four of a kind").

The shanten of every mode is the table's procedure's (greedy's
:attr:`~mahjongg.bots.greedy.GreedyBot.PROCEDURE`): under a faan minimum the nearest
plan that reaches it, so building keeps that plan and claims what brings it nearer, and
a hand two steps or more from every such plan on a short wall is given up; under BMJA's
one chow the hand with the chows it may still hold. An opponent who has declared his
hand calling (or bound it by Original Call) is a threat; one who must declare before
going out and has not is none (:func:`danger`).
"""

from __future__ import annotations

from ..hand import MeldKind
from ..table.actions import ADD_KONG, BONUS, CAPTURE, CONCEALED_KONG, DISCARD, KONG, MAHJONGG, PASS, PUNG, Action
from ..table.observation import Observation
from ..table.phase import Phase
from ..shanten import shanten
from ..rules.context import Situation
from ..scoring import ScoringError, loser_hand_score
from ..tiles import Tile, Wind
from .base import concealed_counts, unseen_counts
from .evaluation import discard_options, discard_shanten
from .greedy import GreedyBot, doubling_tile
from .payments import paid

__all__ = ["CautiousBot", "danger", "discarder_pays_more", "one_suit_pays_loser"]



class CautiousBot(GreedyBot):
    """Greedy plus a plan (build), a race when the wall runs short, and safe discards when hopeless."""

    name = "cautious"
    _options = None  # the procedure's measure of each discard at this turn (turn, build_discard)

    RACE_AT = 30
    """Drawable tiles left at or below which the bot races (about seven more draws each)."""
    THREAT_SETS = 3
    """An opponent with this many sets exposed is "nearing the completion of his hand"."""
    HOPELESS_AT = 2
    """Shanten at or above which a racing hand is given up and played safe."""
    FLUSH_AT = 10
    """Tiles (of 14, melds counted) in one suit and honors that make a one-suit plan."""
    FLUSH_WINNER_AT = 12
    """The same where the plan pays its winner alone (:meth:`flush_at`): a ruleset whose
    one-suit doubles a loser's hand does not score, and whose plain hand may go out (the
    DMJL's False and True Color Game). Measured under ``dmjl`` (seed 16, 400 deals, each
    hand against greedy's play of the same seat on the same deal): from 10 tiles the
    plan's hands won 8.3% against greedy's 25.8% and lost 24 chips a hand; from 12, +14
    over 60 hands; never, -0.6 (docs/bots.md, "Cautious and expert under dmjl")."""
    ORIGINAL_CALL_LIVE = None
    """Never declares Original Call: a bound hand must throw every tile it draws,
    however dangerous, and cannot fold -- the opposite of this bot's defence."""

    # --- mode ---------------------------------------------------------------------------
    def threatened(self, obs: Observation) -> bool:
        """Whether an opponent shows :attr:`THREAT_SETS` exposed sets, or (with
        :attr:`~mahjongg.bots.greedy.GreedyBot.PROCEDURE`) has declared his hand calling
        (``obs.calling``: BMJA, ``Ruleset.must_declare_calling``) or bound it by Original
        Call: the table says he waits."""
        if self.PROCEDURE and any(s != obs.seat for s in obs.calling | obs.original_call):
            return True
        return any(
            sum(1 for m in obs.melds[s] if m.exposed) >= self.THREAT_SETS for s in obs.seats if s != obs.seat
        )

    def mode(self, obs: Observation, shanten_now: int) -> str:
        """``build``, ``race`` or ``defend`` (see the module docstring)."""
        if obs.drawable > self.RACE_AT and not self.threatened(obs):
            return "build" if self.builds(obs) else "race"
        if shanten_now >= self.HOPELESS_AT and self.folds(obs.ruleset):
            return "defend"
        return "race"

    def folds(self, ruleset) -> bool:
        """Whether a hopeless racing hand is given up (``defend``) under ``ruleset``.

        Two questions to the ruleset, neither its name: whether the table shows who waits
        (``Ruleset.must_declare_calling``: BMJA) and what a discard costs its discarder
        over another loser (the real settlement, :func:`discarder_pays_more`, a use of the
        expert's probe :func:`~mahjongg.bots.payments.paid`: South wins 8 on West's
        discard; BMJA West 8, North 8; Hong Kong 16 and 8). Not where the table shows
        who waits and the discard costs nothing more: there an opponent's declaration
        makes him a threat on most turns, so the bot would fold hands often and early,
        and the fold buys nothing at the settlement. Measured under ``bmja`` (seed 16,
        300 deals, three greedy): with the fold -24.5 chips a hand [-45.6, -1.7], its
        hands won 17.4%; without it -1.5 [-21.5, +20.3], won 21.2% (docs/bots.md,
        "Cautious under bmja"). Elsewhere it folds as before.

        Why the declaration stays a question of its own, not folded into the settlement's:
        the settlement does not tell BMJA from the DMJL. Both pay the winner the same from
        every loser (8 and 8 above), both settle a drawn hand, both have the Dangerous
        Game (``Ruleset.rules_on_discards``): :func:`~mahjongg.bots.payments.paid` gives
        the same for every seat, score, discarder, ruling and drawn hand. A rule on the
        settlement alone ("fold only where the discarder pays more") would stop the fold
        under ``dmjl``, ``pung-chow``, ``pung-chow-limit``, ``traditional`` and
        ``traditional-special-tiles`` as well -- a change of play measured nowhere (the
        measurement above is of the declaration's threats) -- so the behaviour is kept."""
        return not ruleset.must_declare_calling or discarder_pays_more(ruleset)

    def builds(self, obs: Observation) -> bool:
        """Whether a long wall is spent building a high hand: a one-suit plan in hand
        (:meth:`plan_suit`), or a ruleset with a minimum to declare (a faan table's),
        where a hand not built for value cannot go out at all. Otherwise the bot
        races from the start: measured in the arena, an ordinary hand kept concealed
        for value loses to greedy's speed (bench/README.md, "The ladder")."""
        if self.plan_suit(obs) is not None:
            return True
        return obs.ruleset.minimum_to_declare > 0

    def act(self, observation: Observation, legal: list[Action]) -> Action:
        if len(legal) > 1 and observation.phase != Phase.CLAIMS:
            # a bonus tile held back (a hunter, seed 001): capture its prey when it may (the
            # capture scores and a loose tile comes), else lay it out at once -- held back it
            # leaves the hand a tile short, unable to go out
            for kind in (MAHJONGG, CAPTURE, BONUS):
                for a in legal:
                    if a.kind is kind:
                        return a
        return super().act(observation, legal)

    def plan_suit(self, obs: Observation) -> int | None:
        """The suit (0 bamboo, 1 characters, 2 dots, 3 honors only) of a one-suit plan, or ``None``."""
        own = obs.melds[obs.seat]
        tiles = list(obs.concealed) + [t for m in own for t in m.tiles[:3]]
        honors = sum(1 for t in tiles if t >= 27)
        by_suit = [0, 0, 0]
        for t in tiles:
            if t < 27:
                by_suit[t // 9] += 1
        suit = max(range(3), key=lambda s: by_suit[s])
        at = self.flush_at(obs.ruleset)
        if honors >= at:
            suit = 3
        elif by_suit[suit] + honors < at:
            return None
        for m in own:
            if m.tile < 27 and (suit == 3 or m.tile // 9 != suit):
                return None
        return suit

    def flush_at(self, ruleset) -> int:
        """The tiles in one suit and honors that make a one-suit plan under ``ruleset``:
        :attr:`FLUSH_AT` where the plan pays whether or not the hand wins -- the ruleset
        has a minimum to declare (a plain hand cannot go out at all), or a loser's hand
        scores more for being of one suit (:func:`one_suit_pays_loser`: Pung Chow, whose
        losers settle their scores among themselves) -- else :attr:`FLUSH_WINNER_AT`."""
        if ruleset.minimum_to_declare > 0 or one_suit_pays_loser(ruleset):
            return self.FLUSH_AT
        return self.FLUSH_WINNER_AT

    # --- turn -------------------------------------------------------------------------------
    def turn(self, obs: Observation, legal: list[Action]) -> Action:
        counts = concealed_counts(obs)
        declared = len(obs.melds[obs.seat])
        candidates = [a.tile for a in legal if a.kind is DISCARD]
        options = self.procedure(obs)
        if options is None:
            scored = discard_shanten(counts, declared, candidates)
            self._options = None
        else:
            # the ruleset's procedure: a discard measured by the nearest hand it lets be
            # declared (a plan reaching the faan minimum, the chows it may still hold)
            self._options = options(counts, declared, candidates, unseen_counts(obs))
            scored = {t: v[0] for t, v in self._options.items()}
        now = min(scored.values())
        mode = self.mode(obs, now)
        if mode == "race":
            return super().turn(obs, legal)
        if mode == "defend":
            tile = self.safest(obs, counts, declared, scored)
            return next(a for a in legal if a.kind is DISCARD and a.tile == tile)
        # build: kongs as greedy (a kong scores more); discards by the plan
        tile = self.build_discard(obs, counts, declared, scored)
        for a in legal:
            if a.kind in (CONCEALED_KONG, ADD_KONG):
                n = 4 if a.kind is CONCEALED_KONG else 1
                counts[a.tile] -= n
                s = shanten(counts, declared + (1 if n == 4 else 0))
                counts[a.tile] += n
                if s <= scored[tile]:
                    return a
        return next(a for a in legal if a.kind is DISCARD and a.tile == tile)

    def keep_value(self, obs: Observation, counts: list[int], t: Tile) -> int:
        """How much keeping ``t`` is worth for a high hand: 3 a pair or pung of a
        doubling honor, 2 a concealed pung, 1 a pair of other honors, else 0."""
        n = counts[t]
        if n >= 2 and doubling_tile(t, obs):
            return 3
        if n >= 3:
            return 2
        if n >= 2 and t >= 27:
            return 1
        return 0

    def build_discard(self, obs: Observation, counts: list[int], declared: int, scored: dict) -> Tile:
        suit = self.plan_suit(obs)
        best = min(scored.values())

        def off_plan(t: Tile) -> bool:
            if suit is None:
                return False
            return t < 27 if suit == 3 else (t < 27 and t // 9 != suit)

        # an off-plan discard may cost one step of shanten
        effective = {t: s - (1 if off_plan(t) else 0) for t, s in scored.items()}
        floor = min(effective.values())
        tied = [t for t, e in effective.items() if e == floor and scored[t] <= best + 1]
        if len(tied) == 1:
            return tied[0]
        unseen = unseen_counts(obs)
        live = self._options or discard_options(counts, declared, tied, unseen)
        return min(
            tied,
            key=lambda t: (not off_plan(t), self.keep_value(obs, counts, t), scored[t], -live[t][1], unseen[t], -int(t)),
        )

    # --- claims ------------------------------------------------------------------------------
    def claim(self, obs: Observation, legal: list[Action]) -> Action:
        counts = concealed_counts(obs)
        declared = len(obs.melds[obs.seat])
        now = self.shanten_now(obs, counts, declared)
        mode = self.mode(obs, now)
        if mode == "defend":
            return next(a for a in legal if a.kind is PASS)
        self._mode, self._suit = mode, (self.plan_suit(obs) if mode == "build" else None)
        return super().claim(obs, legal)

    def want_claim(self, obs: Observation, a: Action, before: int, after: int) -> bool:
        if getattr(self, "_mode", "race") == "race":
            return super().want_claim(obs, a, before, after)
        # build: keep the hand concealed unless the claim serves the plan
        if after == 0 and after < before:
            return True
        if after < before and obs.ruleset.minimum_to_declare > 0 and self.procedure(obs) is not None:
            # the shanten is the nearest plan's that reaches the minimum: a claim that
            # brings it nearer serves it (its set is one of the plan's)
            return True
        if a.kind is KONG:
            return after <= before
        if a.kind is PUNG and doubling_tile(a.tile, obs):
            return after <= before
        suit = self._suit
        if suit is not None and after < before:
            in_plan = a.tile >= 27 if suit == 3 else (a.tile >= 27 or a.tile // 9 == suit)
            return in_plan and (a.kind is PUNG or suit != 3)
        return False

    # --- defence -----------------------------------------------------------------------------
    def safest(self, obs: Observation, counts: list[int], declared: int, scored: dict) -> Tile:
        """The safest discard held; the greedy key breaks ties."""
        unseen = unseen_counts(obs)
        dead = {t for (_, t, _) in obs.discard_history}
        return min(
            scored,
            key=lambda t: (danger(obs, t), t not in dead and unseen[t] >= 2, scored[t], unseen[t], -int(t)),
        )


_ONE_SUIT_PURE = (0, 0, 0, 1, 2, 3, 4, 5, 6, 6, 7, 8, 8)
"""A loser's hand of one suit: 111 234 567 66 88 of bamboo, calling (on 6 or 8)."""
_ONE_SUIT_MIXED = (0, 0, 0, 1, 2, 3, 4, 5, 6, 15, 16, 17, 17)
"""The same hand with its last four tiles in characters: 111 234 567 of bamboo, 789 9
of characters, calling (on the 9 of characters): two suits."""
_PAYS_LOSER: dict = {}


def one_suit_pays_loser(ruleset) -> bool:
    """Whether ``ruleset`` scores a loser's one-suit hand above the same hand in two
    suits, by the real scorer (:func:`~mahjongg.scoring.loser_hand_score` of
    :data:`_ONE_SUIT_PURE` against :data:`_ONE_SUIT_MIXED`, East in the East round).
    Under Pung Chow (seed 000, score card: "all one suit", every hand) the pure hand
    scores 64 against 8; under the DMJL (Kajongg: False and True Color Game, the
    winner's only) 8 against 8; under a faan table a loser scores nothing (0, 0)."""
    v = _PAYS_LOSER.get(ruleset)
    if v is None:
        situation = Situation(seat=Wind.EAST, round=Wind.EAST)
        scores = []
        for tiles in (_ONE_SUIT_PURE, _ONE_SUIT_MIXED):
            counts = [0] * 34
            for t in tiles:
                counts[t] += 1
            try:
                scores.append(loser_hand_score(counts, (), (), ruleset, situation))
            except ScoringError:
                scores.append(0)
        v = _PAYS_LOSER[ruleset] = scores[0] > scores[1]
    return v


def discarder_pays_more(ruleset) -> bool:
    """Whether ``ruleset`` makes the discarder of a winning tile pay more than another
    loser, by its real settlement (:func:`~mahjongg.bots.payments.paid`, the memo of
    ``Ruleset.settle`` the expert weighs discards by; no penalty ruling): South wins
    on West's discard (South 8, the others 0; East the dealer), West's payment against
    North's. Hong Kong: West 16, North 8 (the discarder pays double), so ``True``; the
    league rulesets and Pung Chow: 8 each (every loser pays the winner his score),
    ``False`` -- only a penalty such as the Dangerous Game makes the discarder pay more."""
    seats = tuple(Wind)
    return paid(ruleset, Wind.WEST, Wind.SOUTH, seats, 8, Wind.WEST) > paid(ruleset, Wind.NORTH, Wind.SOUTH, seats, 8, Wind.WEST)


def danger(obs: Observation, t: Tile) -> int:
    """How much the opponents' exposed sets show they need ``t`` (0: nothing shows it).

    For each opponent: 2 if all his exposed sets are of one suit (or honors)
    -- he is making a one-suit hand -- and ``t`` is of that suit, 1 if ``t``
    is an honor and his sets are one suit and honors; 1 if ``t`` is within two
    of one of his exposed chows in the same suit (he may be building runs
    there). The fourth tile of his exposed pung counts nothing: a claimed
    fourth never goes onto an exposed pung. The table's procedure, asked of the
    ruleset: an opponent who may not go out before declaring his hand calling
    (``Ruleset.may_win_undeclared``: BMJA, once he has discarded) and has not
    declared counts nothing; one who has declared it (``obs.calling``) or is
    bound by Original Call waits: 1 more for every tile but those discarded
    since his own last discard (he let them pass).
    """
    total = 0
    history = obs.discard_history
    for s in obs.seats:
        if s == obs.seat:
            continue
        if not obs.ruleset.may_win_undeclared(any(d == s for d, _, _ in history)) and s not in obs.calling:
            continue  # he may not go out before declaring his hand calling, and has not
        if s in obs.calling or s in obs.original_call:
            # he waits: any tile but one he let pass since his last discard
            last = max((i for i, (d, _, _) in enumerate(history) if d == s), default=-1)
            if all(int(x) != int(t) for d, x, _ in history[last + 1 :]):
                total += 1
        exposed = [m for m in obs.melds[s] if m.exposed]
        if not exposed:
            continue
        suits = {m.tile // 9 if m.tile < 27 else 3 for m in exposed}
        suited = suits - {3}
        if len(exposed) >= 2 and len(suited) <= 1:
            if t < 27 and t // 9 in suited:
                total += 2
            elif t >= 27:
                total += 2 if not suited else 1
        for m in exposed:
            if m.kind is MeldKind.CHOW and t < 27 and t // 9 == m.tile // 9 and m.tile - 2 <= t <= m.tile + 4:
                total += 1
    return total

