"""The advisor: every choice of a hand, valued as the strongest bot (``master``) values it, its own choice first.

:func:`choices` takes a seat's :class:`~mahjongg.table.Observation` and its
legal actions (the terminal game's and the browser's hint) and lists what
matters among them:

* in one's turn: Mah-Jongg on the drawn tile, each kong (concealed, or the
  drawn fourth added to an exposed pung), each discard (with Original Call
  where ``master`` would declare it); a hand bound by Original Call has only
  Mah-Jongg or the drawn tile to discard;
* in a claim window: Mah-Jongg on the discard, each pung, kong and chow it
  allows (each followed by its best discard), and passing.

The first choice is what :class:`~mahjongg.bots.master.MasterBot` would
play from this observation (its ``act``), with its reason (``why``) where
that is not simply the highest value; the others follow, highest value
first. :func:`advise` does the same for a hand written out
(``mahjongg advise``), at a table it makes up: nothing in view but ``seen``,
the wall mid-hand, the discard offered by the player on the left.

For each choice: the shanten after it (:mod:`mahjongg.shanten`; -1
complete), the tiles that would lower it with the copies of each still
unseen, the waits when the hand is ready with the score of the hand won on
each (the real scorer, :func:`mahjongg.scoring.score_hand`, on a discard;
0 where the ruleset would not let it be declared), the score of a
Mah-Jongg, and the value in chips -- ``master``'s expected chips
(:meth:`~mahjongg.bots.master.MasterBot.rank_discards` for a discard, or
for a claim the best discard after it; its value of the hand kept for
passing), a Mah-Jongg the chips it collects (``Ruleset.settle``), a kong the
mean over the loose tile of the best discard's value after it (or of the
win, where the loose tile completes the hand). A seat that declared
Original Call has its wins scored with the call's double, as the table
scores them (Kajongg, "Mah Jongg with Original Call").

What an observation does not tell -- whether the drawn tile came from the
wall or was a loose tile, a win on the original hand, East's wins in a row -- a Mah-Jongg's score
leaves out (a tile drawn from the wall; the last tile when nothing is left
to draw).

Source: seed 000 (Pung Chow Part I), "Suggestions for careful playing of
hands" -- "1. The condition of his own hand. 2. The discards of the other
three players"; "Four of a kind" (a kong declared, a loose tile drawn).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..decomposition import is_complete
from ..decomposition import waits as complete_waits
from ..errors import MahjonggError
from ..hand import Hand, Meld, MeldKind
from ..rules import Ruleset
from ..rules.context import Situation, Win, WinBy
from ..scoring import ScoringError, score_hand
from ..shanten import shanten, useful_tiles
from ..table.actions import Action, ActionKind
from ..table.observation import Observation
from ..table.phase import Phase
from ..tiles import NUM_KINDS, TILES, Tile, Wind
from .base import concealed_counts, unseen_counts
from .expert import _after_claim_view, declared_score, win_chance
from .master import MasterBot
from .payments import chips_for_win

__all__ = ["AdviceError", "Choice", "advise", "choices", "chips", "claim_advice", "hint_line", "observation_for"]

WALL_LEFT = 60
"""Drawable tiles assumed left in the wall (the advisor is not told): about mid-hand."""

_K = ActionKind


class AdviceError(MahjonggError):
    """A hand the advisor cannot advise on: wrong size, ``--discard`` on a hand to discard from,
    a hand bound by Original Call that was not calling."""


@dataclass(frozen=True)
class Choice:
    """One choice. ``action``: the :class:`~mahjongg.table.ActionKind`'s value
    (``"discard"``, ``"original-call"`` -- a discard declaring it --, ``"mahjongg"``,
    ``"concealed-kong"``, ``"add-kong"``, ``"pung"``, ``"kong"``, ``"chow"``,
    ``"pass"``); ``tile``: the tile discarded, declared or claimed (``None``: a
    Mah-Jongg whose drawn tile was not named); ``then``: after a pung or chow, the
    discard that follows; ``chow``: the run's lowest tile. ``shanten``: after the
    choice (-1: complete; a kong: between turns, its loose tile to come).
    ``improving``: ``(tile, unseen copies)`` of each tile that would lower it.
    ``waits``: when ready, ``(tile, unseen copies, score)``. ``ev``: expected chips
    (``master``'s value). ``score``: a Mah-Jongg's score. ``why``: on ``master``'s own
    choice, its reason in words where that is not the highest value alone.
    ``act``: the action it is (``None`` for none of the seat's legal actions). ``kept``: the
    chips ``master``'s own ranking adds to a discard's value (a step towards ready kept where no
    discard has a chance: :meth:`~mahjongg.bots.master.MasterBot.ranking_values`); 0 elsewhere."""

    action: str
    tile: Tile | None
    shanten: int
    improving: tuple[tuple[Tile, int], ...]
    waits: tuple[tuple[Tile, int, int], ...]
    ev: float
    then: Tile | None = None
    chow: Tile | None = None
    score: int | None = None
    why: str = ""
    act: Action | None = None
    kept: float = 0.0

    @property
    def label(self) -> str:
        a, t = self.action, self.tile
        if a == "discard":
            return f"discard {t}"
        if a == "original-call":
            return f"discard {t} declaring Original Call"
        if a == "pass":
            return "pass"
        if a == "mahjongg":
            return "Mah-Jongg" if t is None else f"Mah-Jongg on {t}"
        if a == "concealed-kong":
            return f"concealed kong {t}"
        if a == "add-kong":
            return f"kong {t} (added to the exposed pung)"
        run = f" {self.chow}{TILES[int(self.chow) + 1]}{TILES[int(self.chow) + 2]}" if self.chow is not None else ""
        return f"{a} {t}{run}" + (f", then discard {self.then}" if self.then is not None else "")

    def to_dict(self) -> dict:
        return {
            "choice": self.label,
            "action": self.action,
            "tile": str(self.tile) if self.tile is not None else None,
            "then": str(self.then) if self.then is not None else None,
            "shanten": self.shanten,
            "improving": [{"tile": str(t), "unseen": u} for t, u in self.improving],
            "improving_unseen": sum(u for _, u in self.improving),
            "waits": [{"tile": str(t), "unseen": u, "score": s} for t, u, s in self.waits],
            "score": self.score,
            "ev": round(self.ev, 2) + 0.0,  # + 0.0: a value that rounds to -0.0 is 0.0
            "why": self.why,
        }


# --- the table an observation shows -----------------------------------------------------


def observation_for(
    hand: Hand, ruleset: Ruleset, seat: Wind, round: Wind, seen=(), drawable: int = WALL_LEFT, *,
    discard: Tile | None = None, drawn: Tile | None = None, original_call: bool = False,
) -> Observation:
    """The observation of a seat holding ``hand`` at a four-handed table, nothing else in
    view but ``seen`` (tiles discarded or exposed elsewhere; laid here as the seat's own
    discards, so that they count as seen). With ``discard``: the claim window on it,
    discarded by the player on the seat's left (the one it may chow from); else the
    seat's turn, ``drawn`` its drawn tile. ``original_call``: the seat declared it."""
    seats = tuple(Wind)
    melds = {s: () for s in seats}
    melds[seat] = tuple(hand.melds)
    bonus = {s: () for s in seats}
    bonus[seat] = tuple(hand.bonus)
    discards = {s: () for s in seats}
    discards[seat] = tuple(seen)
    history = tuple((seat, t, None) for t in seen)
    left = seats[(seats.index(seat) - 1) % len(seats)]
    if discard is not None:
        discards[left] = (discard,)
        history += ((left, discard, None),)
    return Observation(
        seat=seat,
        seats=seats,
        round=round,
        ruleset=ruleset,
        phase=Phase.TURN if discard is None else Phase.CLAIMS,
        turn=seat if discard is None else left,
        concealed=tuple(sorted(hand.concealed)),
        drawn=drawn,
        melds=melds,
        bonus=bonus,
        discards=discards,
        discard_history=history,
        concealed_counts={s: (len(hand.concealed) if s == seat else 13) for s in seats},
        wall_count=drawable + 14,
        drawable=drawable,
        last_discard=discard,
        last_discarder=left if discard is not None else None,
        claim_window=discard is not None,
        waiting=(seat,) if discard is not None else (),
        dead=frozenset(),
        original_call=frozenset({seat}) if original_call else frozenset(),
    )


def _bound(obs: Observation) -> bool:
    """Whether the seat declared Original Call: its hand is bound, its wins doubled."""
    return obs.seat in obs.original_call


def _held(obs: Observation, counts: list[int]) -> list[int]:
    held = list(counts)
    for m in obs.melds[obs.seat]:
        for x in m.tiles:
            held[x] += 1
    return held


def _win_score(obs: Observation, tiles: tuple, t: Tile, by: WinBy) -> int | None:
    """The score of the seat's hand of concealed ``tiles`` (the winning ``t`` among them)
    won on ``t`` by ``by``, by the real scorer, as the observation shows the win (the
    call's double if bound; the last tile if nothing is left to draw); 0 where the
    ruleset would not let it be declared, ``None`` for no win."""
    ruleset = obs.ruleset
    melds = obs.melds[obs.seat]
    win = Win(t, by, last_tile=obs.drawable <= 0 and by is not WinBy.ROBBED_KONG, original_call=_bound(obs))
    try:
        s = score_hand(Hand(tuple(sorted(tiles)), melds, obs.bonus[obs.seat]), ruleset, Situation(seat=obs.seat, round=obs.round, win=win))
    except ScoringError:
        return None
    return s.score if ruleset.may_declare(s) else 0


def _wait_scores(obs: Observation, counts: list[int]) -> tuple:
    """The waits of the hand ``counts`` (between turns) as ``(tile, unseen copies, score on
    a discard)``; a bound hand's scored with the call's double."""
    unseen = unseen_counts(obs)
    out = []
    for w in complete_waits(counts, _held(obs, counts)):
        if _bound(obs):
            counts[w] += 1
            s = _win_score(obs, tuple(TILES[i] for i in range(NUM_KINDS) for _ in range(counts[i])), w, WinBy.DISCARD) or 0
            counts[w] -= 1
        else:
            s = declared_score(obs, counts, w)
        out.append((w, unseen[w], s))
    return tuple(out)


def _improving(obs: Observation, counts: list[int], declared: int, sh: int) -> tuple:
    if sh <= 0:
        return ()
    unseen = unseen_counts(obs)
    return tuple((x, unseen[x]) for x in useful_tiles(counts, declared))


def _bound_ev(obs: Observation, waits) -> float:
    """The expected chips of a bound hand waiting on ``waits`` (it cannot change): the chance
    of one of them in the draws left (:func:`~mahjongg.bots.expert.win_chance`) times the
    chips of their mean score."""
    unseen = unseen_counts(obs)
    live = sum(u for _, u, s in waits if s > 0)
    if not live:
        return 0.0
    avg = sum(u * s for _, u, s in waits if s > 0) / live
    other = next(x for x in obs.seats if x != obs.seat)
    c = win_chance(0, live, max(1, sum(unseen)), max(0, obs.drawable // len(obs.seats)))
    return c * chips_for_win(obs.ruleset, obs.seat, obs.seats, int(avg), other)


# --- the choices -----------------------------------------------------------------------


def choices(obs: Observation, legal) -> list[Choice]:
    """The seat's choices among its ``legal`` actions (see the module docstring): what
    ``master`` would play first, with its ``why``, then the rest, highest value first.
    Empty when the seat has no decision, or holds a bonus tile back (its hand one short)."""
    legal = list(legal)
    if obs.hidden or not legal or not obs.concealed:
        return []
    bot = MasterBot(0)  # deterministic: its seed is unused (ties go by tile order)
    pick = bot.act(obs, legal)
    if obs.phase == Phase.CLAIMS:
        bot._claiming = True  # the discards after a claim weighed as master weighs them in a claim window
        out = _claim_choices(bot, obs, legal)
    else:
        out = _turn_choices(bot, obs, legal, pick)
    out = _rank(out)
    first = next((c for c in out if c.act == pick), None)
    if first is None:
        return out
    rest = [c for c in out if c is not first]
    return [replace(first, why=_why(bot, obs, first, out))] + rest


def _rank(out: list[Choice]) -> list[Choice]:
    return sorted(
        out,
        key=lambda c: (
            c.action != "mahjongg", -c.ev, c.shanten, -sum(u for _, u in c.improving), -sum(u for _, u, _ in c.waits), c.label,
        ),
    )


def _turn_choices(bot: MasterBot, obs: Observation, legal: list[Action], pick: Action) -> list[Choice]:
    seat = obs.seat
    counts = concealed_counts(obs)
    declared = len(obs.melds[seat])
    out: list[Choice] = []
    for a in legal:
        if a.kind is _K.MAHJONGG:
            out.append(_mahjongg(obs, a, WinBy.WALL, None))
    discards = {a.tile: a for a in legal if a.kind is _K.DISCARD}
    calls = {a.tile: a for a in legal if a.kind is _K.ORIGINAL_CALL}
    if discards:
        ranked = bot.rank_discards(obs, list(discards))
        for v, value in zip(ranked, bot.ranking_values(obs, ranked)):
            counts[v.tile] -= 1
            waits = _wait_scores(obs, counts) if v.shanten == 0 else ()
            improving = _improving(obs, counts, declared, v.shanten)
            counts[v.tile] += 1
            ev = _bound_ev(obs, waits) if _bound(obs) else v.ev
            out.append(Choice("discard", v.tile, v.shanten, improving, waits, ev, act=discards[v.tile], kept=value - v.ev))
            if pick.kind is _K.ORIGINAL_CALL and pick.tile == v.tile:
                # declared, the hand is bound and its wins doubled: valued so
                called = replace(obs, original_call=obs.original_call | {seat})
                counts[v.tile] -= 1
                waits = _wait_scores(called, counts)
                counts[v.tile] += 1
                out.append(Choice("original-call", v.tile, 0, (), waits, _bound_ev(called, waits), act=calls[v.tile]))
    for a in legal:
        if a.kind is _K.CONCEALED_KONG or a.kind is _K.ADD_KONG:
            c = _kong(bot, obs, a)
            if c is not None:
                out.append(c)
    return out


def _mahjongg(obs: Observation, a: Action, by: WinBy, discarder: Wind | None) -> Choice:
    """Mah-Jongg on ``a.tile`` (drawn, or the discard of ``discarder``): its score and chips;
    self-drawn where the observation names no drawn tile, shown without one."""
    tiles = tuple(obs.concealed) + ((a.tile,) if by is WinBy.DISCARD else ())
    s = _win_score(obs, tiles, a.tile, by) or 0
    chips_won = chips_for_win(obs.ruleset, obs.seat, obs.seats, s, discarder)
    shown = a.tile if by is not WinBy.WALL or obs.drawn is not None else None
    return Choice("mahjongg", shown, -1, (), (), float(chips_won), score=s, act=a)


def _kong(bot: MasterBot, obs: Observation, a: Action) -> Choice | None:
    """A kong in one's turn, valued after its loose tile (:func:`_after_kong`)."""
    seat = obs.seat
    tiles = list(obs.concealed)
    melds = list(obs.melds[seat])
    try:
        if a.kind is _K.CONCEALED_KONG:
            for _ in range(4):
                tiles.remove(a.tile)
            melds.append(Meld(MeldKind.KONG, a.tile, exposed=False))
        else:
            tiles.remove(a.tile)
            i = next(i for i, m in enumerate(melds) if m.kind is MeldKind.PUNG and m.tile == a.tile)
            melds[i] = Meld(MeldKind.KONG, a.tile, exposed=True)
    except (ValueError, StopIteration):
        return None
    all_melds = dict(obs.melds)
    all_melds[seat] = tuple(melds)
    view = replace(obs, concealed=tuple(tiles), melds=all_melds, drawn=None, drawable=max(0, obs.drawable - 1))
    return _after_kong(bot, view, a, a.kind.value)


def _after_kong(bot: MasterBot, view: Observation, a: Action, action: str) -> Choice:
    """A kong, ``view`` the seat's observation after it, its loose tile still to come: the
    shanten and improving tiles of the hand so, and its value -- for each tile it may
    draw (weighted by the unseen copies), the chips of the win if it completes the hand,
    else the value of the best discard after it (``master``'s)."""
    counts = concealed_counts(view)
    declared = len(view.melds[view.seat])
    sh = shanten(counts, declared)
    unseen = unseen_counts(view)
    acc = 0.0
    total = 0
    for x in range(NUM_KINDS):
        u = unseen[x]
        if u <= 0:
            continue
        t = TILES[x]
        drawn = replace(view, concealed=tuple(sorted(view.concealed + (t,))), drawn=t, phase=Phase.TURN, turn=view.seat)
        counts[x] += 1
        value = None
        if is_complete(counts):
            s = _win_score(drawn, drawn.concealed, t, WinBy.LOOSE)
            if s:
                value = float(chips_for_win(view.ruleset, view.seat, view.seats, s, None))
        counts[x] -= 1
        if value is None:
            ranked = bot.rank_discards(drawn, None)
            value = ranked[0].ev if ranked else 0.0
        acc += u * value
        total += u
    waits = _wait_scores(view, counts) if sh == 0 else ()
    return Choice(action, a.tile, sh, _improving(view, counts, declared, sh), waits, acc / total if total else 0.0, act=a)


def _claim_choices(bot: MasterBot, obs: Observation, legal: list[Action]) -> list[Choice]:
    t = obs.last_discard
    counts = concealed_counts(obs)
    declared = len(obs.melds[obs.seat])
    before = shanten(counts, declared)
    out: list[Choice] = []
    for a in legal:
        k = a.kind
        if k is _K.MAHJONGG:
            out.append(_mahjongg(obs, a, WinBy.ROBBED_KONG if obs.robbing else WinBy.DISCARD, obs.last_discarder))
        elif k is _K.PASS:
            waits = _wait_scores(obs, counts) if before == 0 else ()
            ev = _bound_ev(obs, waits) if _bound(obs) else bot._stay_value(obs, list(counts), declared, before)
            out.append(Choice("pass", None, before, _improving(obs, counts, declared, before), waits, ev, act=a))
        elif k is _K.PUNG or k is _K.CHOW or k is _K.KONG:
            view = _after_claim_view(obs, a)
            if view is None:
                continue
            if k is _K.KONG:
                out.append(_after_kong(bot, replace(view, drawable=max(0, obs.drawable - 1)), a, "kong"))
                continue
            ranked = bot.rank_discards(view, None, defence=True)
            if not ranked:
                continue
            # "then discard": what the bot will discard on that turn (its build rule may choose
            # other than the ranking's first), so the next turn's hint says the same
            then = bot.act(view, [Action.discard(view.seat, x) for x in sorted(set(view.concealed))])
            b = next((v for v in ranked if v.tile == then.tile), ranked[0])
            after = concealed_counts(view)
            after[b.tile] -= 1
            d = len(view.melds[view.seat])
            waits = _wait_scores(view, after) if b.shanten == 0 else ()
            out.append(Choice(k.value, t, b.shanten, _improving(view, after, d, b.shanten), waits, b.ev, then=b.tile, chow=a.chow, act=a))
    return out


def _why(bot: MasterBot, obs: Observation, c: Choice, ranked: list[Choice]) -> str:
    """``master``'s reason for its choice ``c``, in words: where a rule of its own, not the
    value alone, decides (docs/bots.md, "The master"); ``""`` where the value does."""
    a = c.action
    if a == "mahjongg":
        return "the hand is complete"
    if _bound(obs):
        return "the hand is bound"
    if a in ("concealed-kong", "add-kong", "kong"):
        if not obs.ruleset.sets_score_points:  # master's rule for kongs is where they score points; else the expert's
            return "a kong that leaves the hand no further from ready, no risk in view, brings a loose tile"
        return "a kong that leaves the hand no further from ready scores more and brings a loose tile"
    if a == "original-call":
        return "ready on enough unseen tiles: the call doubles the win, and a wait this good seldom needs changing"
    if obs.phase == Phase.CLAIMS:
        top = next((x for x in ranked if x.action != "mahjongg"), None)
        if top is None or top is c or top.ev <= c.ev:
            return ""
        now = shanten(concealed_counts(obs), len(obs.melds[obs.seat]))
        mode = bot.mode(obs, now)
        if mode == "build":
            return "building a high hand on a long wall: a claim only where it keeps the plan"
        if mode == "defend":
            return "far from ready on a short wall: claims nothing, plays safe"
        if a == "pass":
            return f"no claim brings the hand nearer to ready (shanten {now}) or is worth more than the hand kept"
        return ""
    top = next(x for x in ranked if x.action == "discard")
    if top is not c and top.ev > c.ev:
        if c.kept > 0:  # MasterBot.NO_CHANCE_MARGIN, by its own ranking's values
            return f"no discard leaves a win in reach yet by the wall's count: the step towards ready is kept for {chips(top.ev - c.ev)} chips of risk"
        return "building a high hand on a long wall (one suit, the doubling honors, concealed sets)"
    kong = next((x for x in ranked if x.action in ("concealed-kong", "add-kong")), None)
    if kong is not None and kong.ev > c.ev:
        return f"a kong leaving the hand further from ready (shanten {kong.shanten}) is not declared"
    return ""


# --- a hand written out ----------------------------------------------------------------------


def _unseen(hand: Hand, seen, discard: Tile | None = None) -> list[int]:
    """The unseen copies of each kind: four less the hand's, ``seen``'s and the offered
    ``discard``'s; raises :class:`AdviceError` naming where more than four were written."""
    if discard is not None:
        seen = tuple(seen) + (discard,)
    c = [4] * NUM_KINDS
    for t in hand.concealed:
        c[t] -= 1
    for m in hand.melds:
        for t in m.tiles:
            c[t] -= 1
    for t in seen:
        if int(t) < NUM_KINDS:
            c[t] -= 1
    if min(c) < 0:
        bad = TILES[min(range(NUM_KINDS), key=lambda i: c[i])]
        where = "the hand, --seen and --discard" if discard is not None and int(discard) == int(bad) else "the hand and --seen"
        raise AdviceError(f"more than four {bad} between {where}")
    return c


def _playing_seen(hand: Hand, ruleset: Ruleset, seen: tuple) -> tuple:
    """The playing tiles of ``seen``. A bonus tile seen elsewhere (another player's
    Flower) tells nothing of the unseen playing tiles; it is checked against the
    ruleset's set (each bonus tile is one of a kind) and left out."""
    bonus = [t for t in seen if t.is_bonus]
    if not bonus:
        return seen
    held = list(ruleset.bonus_tiles)
    for t in hand.bonus:
        if int(t) in held:
            held.remove(int(t))
    for t in bonus:
        if int(t) not in ruleset.bonus_tiles:
            raise AdviceError(f"{t} is not a tile of {ruleset.name}: its set has no such bonus tile")
        if int(t) not in held:
            raise AdviceError(f"more than one {t} between the hand and --seen: the set has one")
        held.remove(int(t))
    return tuple(t for t in seen if not t.is_bonus)


def _size(hand: Hand) -> int:
    return len(hand.concealed) + 3 * len(hand.melds)


def advise(
    hand: Hand,
    ruleset: Ruleset,
    *,
    seat: Wind = Wind.EAST,
    round: Wind = Wind.EAST,
    seen=(),
    discard: Tile | None = None,
    drawable: int = WALL_LEFT,
    drawn: Tile | None = None,
    original_call: bool = False,
) -> list[Choice]:
    """Every choice of ``hand`` (:func:`choices`), ``master``'s first.

    A hand holding its drawn tile (14 tiles, one more per kong): Mah-Jongg if it is
    complete and may be declared, each kong (four of a kind held; a fourth held of an
    exposed pung, if it is ``drawn`` or no tile is named), each discard. A hand of 13
    (one more per kong) with ``discard`` offered by the player on its left: Mah-Jongg
    on it, each pung, kong and chow it allows, passing.

    ``seen``: tiles in view elsewhere (discards, others' exposed sets). ``drawn``: the
    tile just drawn -- a Mah-Jongg is scored as won on it; without it, on the tile that
    scores least (what the hand is sure of). ``original_call``: the seat declared
    Original Call (a ruleset that has it): the hand is bound -- in its turn it goes
    Mah-Jongg on ``drawn`` or discards it, between turns it claims only Mah-Jongg --
    and its wins score the call's double. ``drawable``: the tiles still to draw (a real
    table's default: mid-hand). Raises :class:`AdviceError` for a hand of the wrong
    size for the choice, tiles more than four of a kind, a bonus tile held back
    (``Hand.hidden``: it takes a place in the hand, which cannot go out until it is
    laid out), ``drawn`` not in the hand, or Original Call where the ruleset has none,
    without ``drawn`` in one's turn, or on a hand that is not calling.
    """
    if hand.hidden:
        held = " ".join(f"({t})" for t in hand.hidden)
        raise AdviceError(
            f"the hand holds {held} back: a tile held back takes a place in the hand, which cannot go"
            " Mah-Jongg until it is laid out; the advisor weighs hands of playing tiles only"
        )
    seen = _playing_seen(hand, ruleset, tuple(seen))
    n = _size(hand)
    if any(t.is_bonus for t in hand.concealed):
        raise AdviceError("bonus tiles (Flowers, Seasons) are laid out, not held: put them after the hand's sets")
    for t in hand.bonus:  # as the scorer refuses them: a tile the ruleset's set has not
        if int(t) not in ruleset.bonus_tiles:
            what = "has no Flowers, Seasons or special tiles" if not ruleset.bonus_tiles else "does not use this tile"
            raise AdviceError(f"{t} ({t.name}) is not part of a {ruleset.name} set: the ruleset {what}")
    if original_call and not ruleset.may_declare_original_call(False):
        raise AdviceError(f"--original-call: {ruleset.name} has no Original Call (the league rulesets dmjl and bmja have)")
    if discard is None:
        if n != 14:
            raise AdviceError(
                f"a hand to discard from holds 14 tiles (a kong counting 3), not {n}; "
                "for a hand of 13 give the discard offered with --discard"
            )
        if drawn is not None and drawn not in hand.concealed:
            raise AdviceError(f"--drawn {drawn}: the hand holds no {drawn} among its concealed tiles")
        if original_call and drawn is None:
            raise AdviceError("--original-call on a hand to discard from: name the tile just drawn with --drawn (a bound hand discards it)")
        _unseen(hand, seen)
        if original_call:
            rest = list(hand.concealed)
            rest.remove(drawn)
            _calling(Hand(tuple(rest), hand.melds, hand.bonus))
        obs = observation_for(hand, ruleset, seat, round, seen, drawable, drawn=drawn, original_call=original_call)
        return choices(obs, _turn_legal(obs, hand, drawn))
    if n != 13:
        raise AdviceError(f"a hand offered a discard holds 13 tiles (a kong counting 3), not {n}")
    if discard.is_bonus:
        raise AdviceError(f"{discard} is a bonus tile: it is never discarded")
    _unseen(hand, seen, discard)
    if original_call:
        _calling(hand)
    obs = observation_for(hand, ruleset, seat, round, seen, drawable, discard=discard, original_call=original_call)
    return choices(obs, _claim_legal(obs, hand, ruleset, discard))


def _calling(hand: Hand) -> None:
    """Raises :class:`AdviceError` unless ``hand`` (between turns) waits: a hand declared
    calling with Original Call was."""
    counts = hand.counts()[:NUM_KINDS]
    sh = shanten(counts, len(hand.melds))
    if sh > 0:
        raise AdviceError(
            f"--original-call: a hand declared calling waits on a tile; this one is shanten {sh} (it needs {sh} more before it waits)"
        )


def _turn_legal(obs: Observation, hand: Hand, drawn: Tile | None) -> list[Action]:
    """The legal actions of the made-up table's turn (as the engine's: ``Game.legal_actions``)."""
    seat = obs.seat
    counts = hand.counts()[:NUM_KINDS]
    acts: list[Action] = []
    if is_complete(counts):
        wins = [t for t in ([drawn] if drawn is not None else sorted(set(hand.concealed)))]
        scored = [(s, t) for t in wins if (s := _win_score(obs, obs.concealed, t, WinBy.WALL))]
        if scored:
            acts.append(Action(_K.MAHJONGG, seat, min(scored)[1]))
    if _bound(obs):
        return acts + [Action.discard(seat, drawn)]
    if obs.drawable > 0:
        acts += [Action(_K.CONCEALED_KONG, seat, TILES[i]) for i in range(NUM_KINDS) if counts[i] == 4]
        for m in hand.melds:
            if m.kind is MeldKind.PUNG and counts[m.tile] and (drawn is None or drawn == m.tile):
                acts.append(Action(_K.ADD_KONG, seat, m.tile))
    return acts + [Action.discard(seat, TILES[i]) for i in range(NUM_KINDS) if counts[i]]


def _claim_legal(obs: Observation, hand: Hand, ruleset: Ruleset, t: Tile) -> list[Action]:
    """The legal actions of the made-up table's claim window on ``t`` (as the engine's)."""
    seat = obs.seat
    counts = hand.counts()[:NUM_KINDS]
    acts: list[Action] = []
    counts[t] += 1
    if is_complete(counts) and _win_score(obs, obs.concealed + (t,), t, WinBy.DISCARD):
        acts.append(Action(_K.MAHJONGG, seat, t))
    counts[t] -= 1
    if not _bound(obs):
        if counts[t] >= 3 and obs.drawable > 0:
            acts.append(Action(_K.KONG, seat, t))
        if counts[t] >= 2:
            acts.append(Action(_K.PUNG, seat, t))
        if t.is_suited and ruleset.may_chow(hand.melds):
            for low in (int(t) - 2, int(t) - 1, int(t)):
                if low < 0 or low // 9 != int(t) // 9 or low % 9 > 6:
                    continue
                need = [TILES[low + k] for k in range(3) if low + k != int(t)]
                if all(counts[x] >= 1 for x in need):
                    acts.append(Action(_K.CHOW, seat, t, TILES[low]))
    return acts + [Action.pass_(seat, t)]


# --- in words ----------------------------------------------------------------------------------


def chips(ev: float) -> str:
    """An expected value in chips, as the hints print it: whole chips from 10 up
    (``57``, ``-12``), tenths below (``0.4``, ``-2.5``), so that the discards of a hand
    far from ready, whose values are all under one chip, are not all "value 0";
    never ``-0`` or ``-0.0`` (a value just under zero rounded)."""
    if abs(ev) >= 9.95:
        return str(round(ev) + 0)
    text = f"{round(ev, 1) + 0.0:.1f}"
    return "0" if text in ("0.0", "-0.0") else text


def claim_advice(obs: Observation, legal) -> list[Choice]:
    """In a claim window on another player's discard: :func:`choices` of the seat's
    ``legal`` actions there (empty outside one)."""
    if obs.phase != Phase.CLAIMS or obs.last_discard is None or obs.last_discarder == obs.seat:
        return []
    return choices(obs, legal)


def _state(c: Choice) -> str:
    """A choice's hand after it, in words: ``scores 64``, ``ready on 4c 7c``,
    ``shanten 2, 31 tiles help``."""
    if c.shanten < 0:
        return f"scores {c.score}" if c.score is not None else "complete"
    if c.shanten == 0:
        return "ready on " + " ".join(str(t) for t, _, _ in c.waits) if c.waits else "ready"
    return f"shanten {c.shanten}, {sum(u for _, u in c.improving)} tiles help"


def _said(c: Choice, name: str) -> str:
    why = f"; {c.why}" if c.why else ""
    return f"{name} ({_state(c)}, value {chips(c.ev)}{why})"


def hint_line(obs: Observation, legal, n: int = 3, *, given=None) -> str:
    """The hint in one line, from the seat's own observation and ``legal`` actions
    (:func:`choices`; ``""`` when there is none):

    * in one's turn, a discard first: ``"best discards: 9d (ready on 4c 7c, value 57),
      5c (shanten 1, 31 tiles help, value 40), ..."`` (the ``n`` first);
    * else ``"best: concealed kong Wh (shanten 4, 60 tiles help, value 190; a kong
      that ...); best discard: Wh (shanten 4, ..., value 51)"``, ``"best: Mah-Jongg on
      5d (scores 64, value 384; the hand is complete)"``;
    * bound by Original Call: ``"Original Call: discard the 7d you drew (ready on 1d
      4d, value 68; your hand is bound ...)"``;
    * in a claim window: ``"best: chow 7b 789b, then discard 1b (ready on 4c 7c, value
      63); pass: value 55"``.

    ``given``: the :func:`choices` of ``obs`` and ``legal``, if already worked out."""
    try:
        cs = list(given) if given is not None else choices(obs, legal)
    except (ValueError, KeyError):  # a hand the bots cannot weigh (none the engine deals)
        return ""
    if not cs:
        return ""
    best = cs[0]
    if obs.phase == Phase.CLAIMS:
        line = "best: " + _said(best, best.label)
        passing = next((c for c in cs if c.action == "pass"), None)
        if best.action != "pass" and passing is not None:
            line += f"; pass: value {chips(passing.ev)}"
        return line
    if best.action == "discard":
        if _bound(obs):
            return _said(best, f"Original Call: discard the {best.tile} you drew")
        shown = [best] + [c for c in cs[1:] if c.action == "discard"][: n - 1]
        return "best discards: " + ", ".join(_said(c, str(c.tile)) for c in shown)
    line = "best: " + _said(best, best.label)
    if best.action != "mahjongg":
        d = next((c for c in cs if c.action == "discard"), None)
        if d is not None:
            line += "; best discard: " + _said(d, str(d.tile))
    return line
