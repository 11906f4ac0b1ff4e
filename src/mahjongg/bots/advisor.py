"""The discard advisor: every choice of a hand, with its shanten, improving tiles, waits and value.

``advise(hand, ruleset, seat=..., round=..., seen=..., discard=None)`` lists
the choices of a hand from a real table, best first:

* a hand holding its drawn tile (14 tiles, one more per kong): each discard;
* a hand between turns (13, one more per kong) with ``discard`` offered by
  another player: Mah-Jongg on it (when it completes the hand and the ruleset
  lets it be declared), each pung, kong and chow it allows (each followed
  by its best discard), and passing.

For each choice: the shanten after it (:mod:`mahjongg.shanten`), the tiles
that would lower it and the copies of each still unseen (four less those in
the hand, in the hand's melds, in ``seen`` and the offered discard), the
waits when the hand is ready and the score of the hand won on each (the real
scorer, :func:`mahjongg.scoring.score_hand`, on a discard; 0 when the
ruleset would not let it be declared), and the ``expert`` bot's expected
value in chips (:func:`mahjongg.bots.expert.discard_value`: the chance of
winning from the unseen copies and the draws left, times what the win
collects). The advisor knows nothing of the other hands, so it weighs no
risk: it is the value of the player's own hand.

Source: seed 000 (Pung Chow Part I), "Suggestions for careful playing of
hands" -- "1. The condition of his own hand. 2. The discards of the other
three players".
"""

from __future__ import annotations

from dataclasses import dataclass

from ..decomposition import is_complete
from ..decomposition import waits as complete_waits
from ..errors import MahjonggError
from ..hand import Hand, Meld, MeldKind
from ..rules import Ruleset
from ..rules.context import Situation, Win, WinBy
from ..scoring import ScoringError, score_hand
from ..shanten import shanten, useful_tiles
from ..table.observation import Observation
from ..table.phase import Phase
from ..tiles import NUM_KINDS, TILES, Tile, Wind
from .expert import declared_score, discard_value

__all__ = ["AdviceError", "Choice", "advise", "advice_line", "chips", "claim_advice", "claim_advice_line", "observation_for"]

WALL_LEFT = 60
"""Drawable tiles assumed left in the wall (the advisor is not told): about mid-hand."""


class AdviceError(MahjonggError):
    """A hand the advisor cannot advise on: wrong size, or ``--discard`` on a hand to discard from."""


@dataclass(frozen=True)
class Choice:
    """One choice. ``action``: ``"discard"``, ``"mahjongg"``, ``"pung"``, ``"kong"``,
    ``"chow"`` or ``"pass"``; ``tile``: the tile discarded or claimed; ``then``:
    after a pung or chow, the discard that follows; ``chow``: the run's lowest tile.
    ``shanten``: after the choice (-1: complete). ``improving``: ``(tile, unseen copies)``
    of each tile that would lower it. ``waits``: when ready, ``(tile, unseen copies,
    score)``. ``ev``: expected chips (the expert's value)."""

    action: str
    tile: Tile | None
    shanten: int
    improving: tuple[tuple[Tile, int], ...]
    waits: tuple[tuple[Tile, int, int], ...]
    ev: float
    then: Tile | None = None
    chow: Tile | None = None
    score: int | None = None

    @property
    def label(self) -> str:
        if self.action == "discard":
            return f"discard {self.tile}"
        if self.action == "pass":
            return "pass"
        if self.action == "mahjongg":
            return f"Mah-Jongg on {self.tile}"
        run = f" {self.chow}{TILES[int(self.chow) + 1]}{TILES[int(self.chow) + 2]}" if self.chow is not None else ""
        return f"{self.action} {self.tile}{run}" + (f", then discard {self.then}" if self.then is not None else "")

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
            "ev": round(self.ev, 2),
        }


def observation_for(
    hand: Hand, ruleset: Ruleset, seat: Wind, round: Wind, seen=(), drawable: int = WALL_LEFT
) -> Observation:
    """The observation of a seat holding ``hand`` at a four-handed table, nothing else in
    view but ``seen`` (tiles discarded or exposed elsewhere; laid here as the seat's own
    discards, so that they count as seen)."""
    seats = tuple(Wind)
    melds = {s: () for s in seats}
    melds[seat] = tuple(hand.melds)
    bonus = {s: () for s in seats}
    bonus[seat] = tuple(hand.bonus)
    discards = {s: () for s in seats}
    discards[seat] = tuple(seen)
    return Observation(
        seat=seat,
        seats=seats,
        round=round,
        ruleset=ruleset,
        phase=Phase.TURN,
        turn=seat,
        concealed=tuple(sorted(hand.concealed)),
        drawn=None,
        melds=melds,
        bonus=bonus,
        discards=discards,
        discard_history=tuple((seat, t, None) for t in seen),
        concealed_counts={s: (len(hand.concealed) if s == seat else 13) for s in seats},
        wall_count=drawable + 14,
        drawable=drawable,
        last_discard=None,
        last_discarder=None,
        claim_window=False,
        waiting=(),
        dead=frozenset(),
    )


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


def _discards(obs: Observation, unseen: list[int]) -> list[Choice]:
    out = []
    for v in discard_value(obs, defence=False, fold=False):
        counts = [0] * NUM_KINDS
        for t in obs.concealed:
            counts[t] += 1
        counts[v.tile] -= 1
        declared = len(obs.melds[obs.seat])
        improving = tuple((t, unseen[t]) for t in useful_tiles(counts, declared)) if v.shanten >= 0 else ()
        waits = tuple((t, u, declared_score(obs, counts, t)) for t, u, _ in v.waits)  # the score, not the bot's worth
        out.append(Choice("discard", v.tile, v.shanten, improving, waits, v.ev))
    return out


def advise(
    hand: Hand,
    ruleset: Ruleset,
    *,
    seat: Wind = Wind.EAST,
    round: Wind = Wind.EAST,
    seen=(),
    discard: Tile | None = None,
    drawable: int = WALL_LEFT,
) -> list[Choice]:
    """Every choice of ``hand``, best (highest expected value) first; ties by lower
    shanten, then more unseen improving copies.

    ``seen``: tiles in view elsewhere (discards, others' exposed sets).
    ``discard``: a tile another player discarded, for a hand between turns.
    ``drawable``: the tiles still to draw from the wall, where the table
    knows it (the terminal game's hint); a real table's default is mid-hand.
    Raises :class:`AdviceError` for a hand of the wrong size for the choice
    (14 to discard from, 13 with ``discard``; one more per kong), tiles
    more than four of a kind, or a bonus tile held back (``Hand.hidden``: it
    takes a place in the hand, which cannot go out until it is laid out; the
    terminal game's hint says nothing then either).
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
    if discard is None:
        if n != 14:
            raise AdviceError(
                f"a hand to discard from holds 14 tiles (a kong counting 3), not {n}; "
                "for a hand of 13 give the discard offered with --discard"
            )
        unseen = _unseen(hand, seen)
        return _rank(_discards(observation_for(hand, ruleset, seat, round, seen, drawable), unseen))
    if n != 13:
        raise AdviceError(f"a hand offered a discard holds 13 tiles (a kong counting 3), not {n}")
    if discard.is_bonus:
        raise AdviceError(f"{discard} is a bonus tile: it is never discarded")
    unseen = _unseen(hand, seen, discard)
    return _rank(_claims(hand, ruleset, seat, round, seen, discard, unseen, drawable))


def _rank(choices: list[Choice]) -> list[Choice]:
    return sorted(
        choices,
        key=lambda c: (
            c.action != "mahjongg",
            -c.ev,
            c.shanten,
            -sum(u for _, u in c.improving),
            -(sum(u for _, u, _ in c.waits)),
            c.label,
        ),
    )


def _claims(hand: Hand, ruleset: Ruleset, seat: Wind, round: Wind, seen, t: Tile, unseen, drawable: int = WALL_LEFT) -> list[Choice]:
    counts = hand.counts()[:NUM_KINDS]
    declared = len(hand.melds)
    out: list[Choice] = []
    held = list(counts)
    for m in hand.melds:
        for x in m.tiles:
            held[x] += 1
    # Mah-Jongg on the discard
    counts[t] += 1
    if is_complete(counts):
        tiles = tuple(sorted(hand.concealed + (t,)))
        try:
            s = score_hand(Hand(tiles, hand.melds, hand.bonus), ruleset, Situation(seat=seat, round=round, win=Win(t, WinBy.DISCARD)))
            if ruleset.may_declare(s):
                from .expert import _chips_for_win

                chips = _chips_for_win(ruleset, seat, tuple(Wind), s.score, next(w for w in Wind if w != seat))
                out.append(Choice("mahjongg", t, -1, (), (), float(chips), score=s.score))
        except ScoringError:
            pass
    counts[t] -= 1
    # pass: the hand as it stands (its waits, or its improving tiles)
    base = observation_for(hand, ruleset, seat, round, seen + (t,), drawable)
    sh = shanten(counts, declared)
    if sh == 0:
        from .expert import win_score

        ws = tuple((w, unseen[w], win_score(base, counts, w)) for w in complete_waits(counts, held))
        shown = tuple((w, u, declared_score(base, counts, w)) for w, u, _ in ws)
        out.append(Choice("pass", None, 0, (), shown, _pass_ev(base, counts, declared, ws, unseen)))
    else:
        imp = tuple((x, unseen[x]) for x in useful_tiles(counts, declared))
        out.append(Choice("pass", None, sh, imp, (), _pass_ev(base, counts, declared, (), unseen)))
    # the claims, each followed by its best discard
    options = []
    if counts[t] >= 2:
        options.append(("pung", Meld(MeldKind.PUNG, t, exposed=True), (t, t), None))
    if counts[t] >= 3:
        options.append(("kong", Meld(MeldKind.KONG, t, exposed=True), (t, t, t), None))
    if t.is_suited:
        for low in (int(t) - 2, int(t) - 1, int(t)):
            if low < 0 or low // 9 != int(t) // 9 or low % 9 > 6:
                continue
            need = [TILES[low + k] for k in range(3) if low + k != int(t)]
            if all(counts[x] >= (1 + (need.count(x) > 1)) for x in need):
                options.append(("chow", Meld(MeldKind.CHOW, TILES[low], exposed=True), tuple(need), TILES[low]))
    for kind, meld, used, chow in options:
        tiles = list(hand.concealed)
        for x in used:
            tiles.remove(x)
        after = Hand(tuple(tiles), tuple(hand.melds) + (meld,), hand.bonus)
        if kind == "kong":
            c = after.counts()[:NUM_KINDS]
            s = shanten(c, declared + 1)  # between turns: the loose tile is still to come
            imp = tuple((x, unseen[x]) for x in useful_tiles(c, declared + 1))
            obs = observation_for(after, ruleset, seat, round, seen, drawable)
            ev = _pass_ev(obs, c, declared + 1, (), unseen)
            out.append(Choice("kong", t, s, imp, (), ev))
            continue
        obs = observation_for(after, ruleset, seat, round, seen, drawable)
        best = _discards(obs, unseen)
        if not best:
            continue
        b = _rank(best)[0]
        out.append(Choice(kind, t, b.shanten, b.improving, b.waits, b.ev, then=b.tile, chow=chow))
    return out


def _pass_ev(obs: Observation, counts, declared: int, waits, unseen) -> float:
    """The expected chips of the hand as it stands (13 tiles), valued as the expert values
    the hand left by a discard (:func:`~mahjongg.bots.expert.discard_value`)."""
    from .expert import ExpertBot

    return ExpertBot(0)._stay_value(obs, list(counts), declared, shanten(counts, declared))


def advice_line(obs: Observation, n: int = 3) -> str:
    """The ``n`` best discards of the seat in turn, in one line, from its own observation
    (the discards on the table and the others' exposed sets count, so the risk too):
    ``"best discards: 9d (ready on 4c 7c, value 57), 5c (shanten 1, 31 tiles help, value
    40), ..."``; ``""`` when the seat has no discard to make (a hand one short: a bonus
    tile held back)."""
    if obs.hidden or not obs.concealed or (len(obs.concealed) + 3 * len(obs.melds[obs.seat])) % 3 != 2:
        return ""
    try:
        ranked = discard_value(obs)[:n]
    except (ValueError, KeyError):
        return ""
    shown = []
    for v in ranked:
        if v.shanten == 0:
            what = "ready on " + " ".join(str(t) for t, _, _ in v.waits)
        else:
            what = f"shanten {v.shanten}, {v.live} tiles help"
        shown.append(f"{v.tile} ({what}, value {chips(v.ev)})")
    return "best discards: " + ", ".join(shown)


def chips(ev: float) -> str:
    """An expected value in whole chips, as the hints print it: ``57``, ``0``
    (never ``-0``, which a value just under zero rounded to)."""
    return str(round(ev) + 0)


def claim_advice(obs: Observation, legal=None) -> list[Choice]:
    """In a claim window on another player's discard: the advisor's choices
    (:func:`advise` with ``discard``), best first, from the seat's own
    observation -- every discard lying on the table and the others' exposed
    sets count as seen, the wall as it is. ``legal``: the seat's legal
    actions; a choice they do not hold (a chow offered to a seat that is not
    the next, a claim the ruleset refuses) is left out. Empty when there is
    no discard to claim or the hand cannot be advised (a bonus tile held back)."""
    t = obs.last_discard
    if obs.hidden or obs.phase != Phase.CLAIMS or t is None or obs.last_discarder is None or obs.last_discarder == obs.seat:
        return []
    seen = [x for ds in obs.discards.values() for x in ds]
    if t in seen:
        seen.remove(t)  # the offered discard: advise counts it itself
    for s, melds in obs.melds.items():
        if s != obs.seat:
            seen += [x for m in melds for x in m.tiles]
    try:
        choices = advise(obs.hand, obs.ruleset, seat=obs.seat, round=obs.round, seen=seen, discard=t, drawable=obs.drawable)
    except MahjonggError:
        return []
    if legal is None:
        return choices
    allowed = {(a.kind.value, a.chow if a.kind.value == "chow" else None) for a in legal}
    return [c for c in choices if (c.action, c.chow if c.action == "chow" else None) in allowed]


def claim_advice_line(obs: Observation, legal=None) -> str:
    """:func:`claim_advice` in one short line, the best first:
    ``"best: chow 7b 789b, then discard 1b (ready on 4c 7c, value 63); pass: value 55"``;
    ``""`` when there is none."""
    choices = claim_advice(obs, legal)
    if not choices:
        return ""
    best = choices[0]
    line = f"best: {best.label} ({_state(best)}, value {chips(best.ev)})"
    if best.action != "pass":
        passing = next((c for c in choices if c.action == "pass"), None)
        if passing is not None:
            line += f"; pass: value {chips(passing.ev)}"
    return line


def _state(c: Choice) -> str:
    """A choice's hand after it, in words: ``complete``, ``ready on 4c 7c``, ``shanten 2``."""
    if c.shanten < 0:
        return f"scores {c.score}" if c.score is not None else "complete"
    if c.shanten == 0:
        return "ready on " + " ".join(str(t) for t, _, _ in c.waits) if c.waits else "ready"
    return f"shanten {c.shanten}"
