"""The ``greedy`` bot: discard to need as few tiles as possible, claim what brings it nearer.

Decisions, in order:

* **Mah-Jongg** whenever it is legal (on the drawn tile or a discard).
* **A bonus tile held back** (rulesets that allow it): the bot claims
  nothing and declares no kong while it holds one (its concealed tiles are
  one short).
* **Discard** the tile whose removal leaves the lowest shanten
  (:func:`mahjongg.shanten.shanten`, table-driven); ties are broken by the
  number of *useful* tiles the hand would then have
  (:func:`mahjongg.shanten.useful_tiles`, computed for all discards at once
  by :mod:`mahjongg.bots.evaluation`) counted by the copies still unseen
  (a wait on tiles already lying on the table is a poor wait), then by
  discarding the kind with the fewest unseen copies (the "deadest" tile),
  then the highest tile.
* **Kong** (concealed, or adding the drawn fourth to an exposed pung) when it
  leaves the shanten no higher than the best discard would: it scores more
  and draws a loose tile.
* **Original Call** (rulesets that have it): declared with the chosen discard
  when it is offered (the first discard, leaving the hand calling) and the
  hand then waits on two or more unseen tiles: a double for a hand that has
  only to wait.
* **Claims**: pung, chow or kong a discard only when the claim lowers the
  shanten (the claimed tile is a useful tile), or keeps it and raises the
  hand's value (a pung of dragons or of the seat's own wind doubles; a kong
  of three held). Otherwise PASS.

**The table's procedure** (:attr:`GreedyBot.PROCEDURE`, read from the observation's
``Ruleset``, never its name): under a faan table's minimum the shanten is that of the
hand's nearest plan reaching the minimum (:func:`mahjongg.bots.plans.faan_options`: one
suit, all pungs, the honor pairs made pungs), under a limit on chows (BMJA's one) the
hand's with the chows it may still hold (:func:`mahjongg.bots.plans.limited_options`):
discards and claims are weighed by it (docs/bots.md, "The table's procedure").

Shanten compares like with like: a hand between turns (13 tiles less three
per declared set) against the same hand after a claim and its discard -- a
claim that lowers it is as good as drawing a useful tile.

Source: seed 000 (Pung Chow Part I), "Summary of the game" (four sets and a
pair), "To chow", "To pung", "Four of a kind"; the score card's doubles for a
"pung of dragons" and "three of own wind".
"""

from __future__ import annotations

from ..hand import Meld, MeldKind
from ..shanten import shanten
from ..table.actions import ADD_KONG, CHOW, CONCEALED_KONG, DISCARD, KONG, MAHJONGG, PASS, PUNG, Action
from ..table.observation import Observation
from ..table.phase import Phase
from ..tiles import Tile
from .base import Bot, BotError, concealed_counts, unseen_counts, with_original_call
from .evaluation import best_discard, discard_options, discard_shanten
from .plans import procedure_options, procedure_shanten

__all__ = ["GreedyBot", "doubling_tile"]



def doubling_tile(t: Tile, obs: Observation) -> bool:
    """Whether a pung of ``t`` doubles the seat's score: a dragon or its own wind
    (seed 000, score card: "three of green, red or white dragons", "three of own wind")."""
    return t >= 31 or t == 27 + int(obs.seat)


class GreedyBot(Bot):
    """Lowest shanten first, then the most live useful tiles; claims that lower shanten."""

    name = "greedy"
    ORIGINAL_CALL_LIVE: int | None = 2
    """Declare Original Call (the league rulesets) with the chosen discard when it is
    offered and the hand then waits on this many unseen tiles or more; ``None``: never."""

    # --- the decision -------------------------------------------------------------
    def act(self, observation: Observation, legal: list[Action]) -> Action:
        if not legal:
            raise BotError(f"{self.name}: no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        for a in legal:
            if a.kind is MAHJONGG:
                return a
        if observation.phase == Phase.CLAIMS:
            if observation.hidden:
                # a bonus tile held back (Ruleset.may_hold_back) takes a place in the hand
                # and bars Mah-Jongg: the concealed tiles are one short, claim nothing
                return next(a for a in legal if a.kind is PASS)
            return self.claim(observation, legal)
        if observation.hidden:
            # likewise no kong: the shanten of a hand one tile short is not defined
            legal = [a for a in legal if a.kind is not CONCEALED_KONG and a.kind is not ADD_KONG]
        return self.turn(observation, legal)

    def turn(self, obs: Observation, legal: list[Action]) -> Action:
        """In turn: a kong if it costs nothing, else the best discard."""
        counts = concealed_counts(obs)
        declared = len(obs.melds[obs.seat])
        discards = []
        kongs = None
        for a in legal:
            k = a.kind
            if k is DISCARD:
                discards.append(a)
            elif k is CONCEALED_KONG or k is ADD_KONG:
                if kongs is None:
                    kongs = []
                kongs.append(a)
        candidates = [a.tile for a in discards]
        cls = type(self)
        options = self.procedure(obs)
        if options is not None:
            # the ruleset's procedure (a faan minimum, a limit on chows): the discard nearest a
            # hand it lets be declared; a kong still weighed by the regular shape's shanten
            if not candidates:
                raise BotError(f"{self.name}: no discard among the legal actions")
            unseen = unseen_counts(obs)
            tile = procedure_discard(options(counts, declared, candidates, unseen, best=True), unseen)
            after = min(discard_shanten(counts, declared, candidates).values()) if kongs is not None else 0
        elif cls.choose_discard is _GREEDY_CHOOSE and cls.tie_key is _GREEDY_TIE_KEY:
            # choose_discard below in one call; the unseen counts worked out only for a tie
            if not candidates:
                raise BotError(f"{self.name}: no discard among the legal actions")
            tile, after = best_discard(counts, declared, candidates, lambda: unseen_counts(obs))
        else:
            unseen = unseen_counts(obs)
            tile, after = self.choose_discard(obs, counts, declared, unseen, candidates)
        if kongs is not None:
            for a in kongs:
                if a.kind is CONCEALED_KONG:
                    counts[a.tile] -= 4
                    s = shanten(counts, declared + 1)
                    counts[a.tile] += 4
                else:
                    counts[a.tile] -= 1
                    s = shanten(counts, declared)
                    counts[a.tile] += 1
                if self.take_kong(obs, a, s, after):
                    return a
        return with_original_call(obs, legal, discards[candidates.index(tile)], self.ORIGINAL_CALL_LIVE)

    PROCEDURE = True
    """Whether discards and claims are weighed by the ruleset's procedure (:meth:`procedure`):
    under a faan table's minimum by the nearest plan that reaches it, under a limit on chows
    by the hand with the chows it may still hold; without either by the regular shanten."""

    def procedure(self, obs: Observation, melds=None):
        """The measure of a discard under the ruleset's procedure, read from the table's
        ``Ruleset`` value (:func:`~mahjongg.bots.plans.procedure_options`: ``(counts, declared,
        candidates, unseen)`` to ``{tile: (shanten, live)}``), or ``None``: the regular
        shape's (no faan minimum, no limit on chows, or :attr:`PROCEDURE` off). ``melds``:
        the seat's declared melds, by default the observation's."""
        return procedure_options(obs, melds) if self.PROCEDURE else None

    def take_kong(self, obs: Observation, action: Action, after_kong: int, after_discard: int) -> bool:
        """Declare the kong if the hand is no further from Mah-Jongg than after the best discard."""
        return after_kong <= after_discard

    def claim(self, obs: Observation, legal: list[Action]) -> Action:
        """In a claim window: the best claim that :meth:`want_claim` accepts, else PASS."""
        counts = concealed_counts(obs)
        declared = len(obs.melds[obs.seat])
        before = None  # the shanten now, worked out when a claim is weighed
        best, best_key = None, None
        procedure = self.procedure(obs) is not None
        for a in legal:
            if procedure:
                after = self.after_claim_procedure(obs, counts, declared, a)
            else:
                after = self.after_claim(counts, declared, a)
            if after is None:
                continue
            if before is None:
                before = self.shanten_now(obs, counts, declared)
            if not self.want_claim(obs, a, before, after):
                continue
            key = (after, _CLAIM_ORDER[a.kind])
            if best_key is None or key < best_key:
                best, best_key = a, key
        if best is not None:
            return best
        return next(a for a in legal if a.kind is PASS)

    def shanten_now(self, obs: Observation, counts: list[int], declared: int) -> int:
        """The shanten of the hand ``counts`` between turns: by the ruleset's procedure
        (:func:`~mahjongg.bots.plans.procedure_shanten`) where :meth:`procedure` gives a
        measure, else the regular shape's."""
        if self.procedure(obs) is None:
            return shanten(counts, declared)
        return procedure_shanten(obs, counts, declared)

    def after_claim_procedure(self, obs: Observation, counts: list[int], declared: int, a: Action) -> int | None:
        """The shanten after claim ``a`` by the ruleset's procedure (:meth:`procedure`, the
        claimed set among the melds): a pung or chow and its best discard, a kong before its
        loose tile; ``None`` for PASS."""
        meld = claimed_meld(a)
        if meld is None:
            return None
        t = a.tile
        if a.kind is CHOW:
            taken = [x for x in meld.tiles if x != t]
        else:
            taken = [t] * (3 if a.kind is KONG else 2)
        for x in taken:
            counts[x] -= 1
        try:
            if min(counts) < 0:
                return None
            melds = tuple(obs.melds[obs.seat]) + (meld,)
            options = self.procedure(obs, melds)
            unseen = unseen_counts(obs)
            if a.kind is KONG:
                return procedure_shanten(obs, counts, declared + 1, melds)
            held = [x for x in range(len(counts)) if counts[x]]
            return min(s for s, _ in options(counts, declared + 1, held, unseen, best=True).values())
        finally:
            for x in taken:
                counts[x] += 1

    @staticmethod
    def after_claim(counts: list[int], declared: int, a: Action) -> int | None:
        """The shanten after claim ``a`` (``None`` for PASS): a pung or chow leaves a
        hand that must discard, a kong one that draws a loose tile."""
        t = a.tile
        if a.kind is PUNG:
            counts[t] -= 2
            s = shanten(counts, declared + 1)
            counts[t] += 2
            return s
        if a.kind is KONG:
            counts[t] -= 3
            s = shanten(counts, declared + 1)
            counts[t] += 3
            return s
        if a.kind is CHOW:
            others = [a.chow + k for k in range(3) if a.chow + k != t]
            for o in others:
                counts[o] -= 1
            s = shanten(counts, declared + 1)
            for o in others:
                counts[o] += 1
            return s
        return None

    def want_claim(self, obs: Observation, a: Action, before: int, after: int) -> bool:
        """Greedy: a claim that lowers the shanten; a kong, or a doubling pung, that keeps it."""
        if after < before:
            return True
        if after == before:
            if a.kind is KONG:
                return True
            if a.kind is PUNG and doubling_tile(a.tile, obs):
                return True
        return False

    # --- discards -------------------------------------------------------------------
    def choose_discard(
        self,
        obs: Observation,
        counts: list[int],
        declared: int,
        unseen: list[int],
        candidates: list[Tile],
    ) -> tuple[Tile, int]:
        """The discard among ``candidates`` and the shanten it leaves."""
        if type(self).tie_key is _GREEDY_TIE_KEY:
            # the key below, in one call (evaluation.best_discard ranks by the same key)
            return best_discard(counts, declared, candidates, unseen)
        scored = discard_shanten(counts, declared, candidates)
        best = min(scored.values())
        tied = [t for t, s in scored.items() if s == best]
        if len(tied) == 1:
            return tied[0], best
        live = {t: v[1] for t, v in discard_options(counts, declared, tied, unseen).items()}
        return min(tied, key=lambda t: self.tie_key(obs, counts, unseen, t, live[t])), best

    def tie_key(self, obs: Observation, counts: list[int], unseen: list[int], t: Tile, live: int) -> tuple:
        """Among discards leaving the same shanten: most live useful tiles kept, then
        the deadest tile (fewest unseen copies), then the highest."""
        return (-live, unseen[t], -int(t))


def procedure_discard(options: dict, unseen: list[int]) -> Tile:
    """The discard of ``options`` (``{tile: (shanten, live)}`` by the ruleset's procedure):
    the least shanten, then the most live tiles, the fewest unseen copies, the highest tile
    (greedy's key)."""
    return min(options, key=lambda t: (options[t][0], -options[t][1], unseen[t], -int(t)))


def claimed_meld(a: Action) -> Meld | None:
    """The exposed set a pung, chow or kong claim ``a`` lays out (``None`` for another action)."""
    if a.kind is PUNG:
        return Meld(MeldKind.PUNG, a.tile, exposed=True)
    if a.kind is KONG:
        return Meld(MeldKind.KONG, a.tile, exposed=True)
    if a.kind is CHOW:
        return Meld(MeldKind.CHOW, a.chow, exposed=True)
    return None


_GREEDY_TIE_KEY = GreedyBot.tie_key
_GREEDY_CHOOSE = GreedyBot.choose_discard

_CLAIM_ORDER = {KONG: 0, PUNG: 1, CHOW: 2}
