"""Faan plans: the ways a hand can still reach a faan table's minimum, how far each is, and what it pays.

Under a faan table (Hong Kong, seed 003, "Basic scoring": a hand is declared
only with the agreed minimum of faan) a hand two steps from waiting is not
worth its shanten: a fast hand of chows with no honor pung cannot be declared
at all. A *plan* is a shape the hand aims at and the honor pungs it keeps:

* the shape: ``any`` (four sets and a pair), ``mixed`` one suit (that suit and
  honors: "mixed one suit"), ``pure`` one suit (no honors: "pure one suit"),
  or ``pungs`` (four pungs or kongs and a pair: "all pungs");
* ``forced``: the pairs of doubling honors (dragons, the seat's and the round's
  wind) the plan makes pungs of ("dragon pung", "seat wind", "round wind").

For each plan, :func:`plans` gives its *distance* (the tiles the hand lacks,
as :func:`mahjongg.shanten.shanten` counts them for the regular shape: the
shanten is the distance less one), the *live* tiles that shorten it (their
unseen copies) and the faan it is sure of when complete -- the shape's, the
honor pungs held or forced, own Flowers and Seasons laid out, and a concealed
hand's one faan ("concealed hand won on a discard" or "self-drawn") -- with
the faan it may get besides (self-drawn for an exposed hand, "no flowers"
while none is laid out) as chances. The faan are read from the ruleset's own
faan items (by their rule type, never by a ruleset's name): a ruleset that
lacks an item gives none for it.

Pure functions of plain counts; :func:`plan_value` turns a plan into expected
chips with the bot's own chance and settlement. Used by ``master``
(:mod:`mahjongg.bots.master`).
"""

from __future__ import annotations

from itertools import combinations
from math import exp, log1p
from typing import NamedTuple

from ..hand import MeldKind
from ..rules import faan_items as fi
from ..shanten import combine_vectors, distances, group_vector, shanten
from .base import unseen_counts
from .evaluation import discard_options, discard_shanten

__all__ = [
    "Plan", "FaanValues", "faan_values", "plans", "plan_distance", "plan_chance", "plan_inputs", "chow_limited", "chows_left",
    "limited_options", "faan_options", "procedure_options", "procedure_shanten", "procedure_state",
]

_GROUPS = ((0, 9, True), (9, 18, True), (18, 27, True), (27, 34, False))
_EMPTY = (group_vector(bytes(9), True), group_vector(bytes(7), False))


class FaanValues(NamedTuple):
    """The faan of the items a plan counts, read from a ruleset (0 for an item it lacks),
    with its faan table's minimum and limit."""

    mixed: int
    pure: int
    pungs: int
    dragon: int
    seat: int
    round: int
    own_bonus: int
    no_flowers: int
    self_drawn: int
    concealed: int
    minimum: int
    limit: int


_VALUES: dict = {}


def faan_values(ruleset) -> FaanValues:
    """The faan (ints) of the items plans count, from ``ruleset.rules`` by rule type, with
    its faan table's minimum and limit; 0 for an item the ruleset lacks. Cached by the
    ruleset (the value: a table's options may change its rules)."""
    v = _VALUES.get(ruleset)
    if v is None:
        def of(kind):
            return next((int(r.faan) for r in ruleset.rules if type(r) is kind), 0)

        table = ruleset.faan
        v = FaanValues(
            of(fi.MixedOneSuit), of(fi.PureOneSuit), of(fi.AllPungs), of(fi.DragonPung), of(fi.SeatWindPung),
            of(fi.RoundWindPung), of(fi.OwnBonusTile), of(fi.NoFlowers), of(fi.SelfDrawn), of(fi.ConcealedOnDiscard),
            table.minimum, table.limit,
        )
        if len(_VALUES) >= 64:  # only a cache (rulesets made with with_options come and go)
            _VALUES.clear()
        _VALUES[ruleset] = v
    return v


class Plan(NamedTuple):
    """One plan of a hand: ``shape`` ``"any"``, ``"mixed"``, ``"pure"`` or ``"pungs"``;
    ``suit`` 0-2 for the one-suit shapes (else ``None``); ``forced`` the honor kinds (ints)
    made pungs; ``distance`` tiles lacking; ``live`` unseen copies of the tiles that
    shorten it; ``faan`` sure when complete; ``extras`` ``((faan, chance), ...)`` it may
    get besides."""

    shape: str
    suit: int | None
    forced: tuple[int, ...]
    distance: int
    live: int
    faan: int
    extras: tuple[tuple[int, float], ...]


_CACHE: dict = {}
_LIMIT = 100_000
"""The distances and shortening kinds of the shapes seen (a cache emptied when it holds more)."""


def _remember(key, value):
    if len(_CACHE) > _LIMIT:
        _CACHE.clear()
    _CACHE[key] = value
    return value


def _regular_key(b: bytes, sets: int, groups: tuple) -> tuple:
    """The cache key of the regular shape of ``b`` over ``groups``: the groups left out play
    no part (a one-suit shape's answer is the same for every discard of another suit)."""
    if groups is _ALL_GROUPS:
        return (b, sets, True)
    suit = groups.index(True)  # one suit (index 0-2), with or without the honors
    lo = 9 * suit
    return (suit, b[lo : lo + 9], b[27:34] if groups[3] else None, sets)


def _regular_vectors(b: bytes, groups: tuple) -> list[int]:
    """The four groups' vector ids of ``b``, those not in ``groups`` empty."""
    return [group_vector(b[lo:hi], suited) if ok else _EMPTY[0 if suited else 1] for (lo, hi, suited), ok in zip(_GROUPS, groups)]


def _regular_distance(b: bytes, sets: int, groups: tuple) -> int:
    """The distance alone of :func:`_regular_kinds` (cheaper: the kinds not looked for)."""
    key = _regular_key(b, sets, groups)
    r = _CACHE.get(key)
    if r is not None:
        return r[0]
    dk = ("d",) + key
    d = _CACHE.get(dk)
    if d is None:
        v = _regular_vectors(b, groups)
        d = _remember(dk, distances(combine_vectors(v[0], v[1]), combine_vectors(v[2], v[3]))[sets])
    return d


def _regular_kinds(b: bytes, sets: int, groups: tuple) -> tuple[int, tuple[int, ...]]:
    """``(distance, kinds)`` of the regular shape (``sets`` sets and a pair) over the groups
    allowed (the others empty): the tiles lacking, and the kinds whose draw shortens it
    (each group redone with the others fixed, as :func:`mahjongg.shanten.useful_tiles`)."""
    key = _regular_key(b, sets, groups)
    r = _CACHE.get(key)
    if r is not None:
        return r
    v = _regular_vectors(b, groups)
    base = distances(combine_vectors(v[0], v[1]), combine_vectors(v[2], v[3]))[sets]
    kinds: list[int] = []
    for g, (lo, hi, suited) in enumerate(_GROUPS):
        if not groups[g]:
            continue
        o = [v[j] for j in range(4) if j != g]
        other = combine_vectors(combine_vectors(o[0], o[1]), o[2])
        kinds.extend(lo + i for i in _shortening(b[lo:hi], suited, other, sets, base))
    return _remember(key, (base, tuple(kinds)))


def _shortening(key: bytes, suited: bool, other: int, sets: int, base: int) -> tuple[int, ...]:
    """The ranks of one group (counts ``key``) whose draw brings the hand's distance below
    ``base``, the other groups' vector id being ``other`` (cached: few groups and few
    vectors occur)."""
    ck = (key, suited, other, sets, base)
    r = _CACHE.get(ck)
    if r is not None:
        return r
    k = bytearray(key)
    out = []
    for i in range(len(key)):
        if k[i] >= 4:
            continue
        k[i] += 1
        cg = group_vector(bytes(k), suited)
        k[i] -= 1
        if distances(other, cg)[sets] < base:
            out.append(i)
    return _remember(ck, tuple(out))


def _pungs(b, sets: int) -> int:
    """Tiles lacking for ``sets`` pungs and a pair."""
    n3 = n2 = n1 = 0
    for c in b:
        if c >= 3:
            n3 += 1
        elif c == 2:
            n2 += 1
        elif c == 1:
            n1 += 1
    return _pungs_by_class(n1, n2, n3, sets)


def _pungs_by_class(n1: int, n2: int, n3: int, sets: int) -> int:
    """Tiles lacking for ``sets`` pungs and a pair, holding ``n1`` kinds once, ``n2`` twice
    and ``n3`` three times or more."""
    # the sets + 1 kinds held most, one of them the pair: the pair is best a kind held twice
    # (it lacks nothing), else once (it lacks one, as its pung would lack two), else new
    need = sets + 1
    cost = 0
    pair = False
    for have, n in ((3, n3), (2, n2), (1, n1), (0, need)):
        take = min(n, need)
        if take <= 0:
            continue
        need -= take
        cost += take * (3 - have)
        if not pair and have < 3:
            cost -= 1
            pair = True
        if need == 0:
            break
    return cost  # no pair among them: one held three times gives it, lacking nothing


def _pungs_kinds(b: bytes, sets: int) -> tuple[int, tuple[int, ...]]:
    """``(distance, kinds)`` of all pungs: the tiles lacking and the kinds whose draw shortens it.
    Not cached by the hand (each hand's own: they would crowd the shapes' entries out of the
    cache), only by its classes."""
    # the distance reads only how many kinds are held once, twice, three times or more;
    # a draw shortens it or not by the count of the kind drawn (a new kind never does:
    # a kind held once is as good)
    n1, n2 = b.count(1), b.count(2)
    n3 = len(b) - b.count(0) - n1 - n2
    classes = (n1, n2, n3, sets)
    found = _CACHE.get(classes)
    if found is None:
        base = _pungs_by_class(n1, n2, n3, sets)
        found = _remember(classes, (base, n1 > 0 and _pungs_by_class(n1 - 1, n2 + 1, n3, sets) < base, n2 > 0 and _pungs_by_class(n1, n2 - 1, n3 + 1, sets) < base))
    base, one, two = found
    if one and two:
        return base, tuple([i for i, c in enumerate(b) if c == 1 or c == 2])
    if one or two:
        want = 1 if one else 2
        return base, tuple([i for i, c in enumerate(b) if c == want])
    return base, ()


_FIXED = "fixed"  # plans' memo key of what one decision's melds and values decide
_ALL_GROUPS = (True, True, True, True)
_ONE_SUIT_GROUPS = {
    (shape, suit): tuple(i == suit for i in range(3)) + (shape == "mixed",) for shape in ("mixed", "pure") for suit in range(3)
}


def plan_distance(counts, sets: int, shape: str, suit, forced, unseen) -> tuple[int, int]:
    """``(distance, live)`` of one plan for the concealed ``counts`` (34 ints) with
    ``sets`` sets still to make (4 less the declared melds): the forced honor pairs
    made pungs (one tile each), the rest shaped as ``shape``; live counts the unseen
    copies of the tiles that shorten the distance (the forced pairs' third tiles among them)."""
    return _distance(bytes(counts), sets, shape, suit, forced, unseen)


def _distance(held: bytes, sets: int, shape: str, suit, forced, unseen, live_too: bool = True) -> tuple[int, int]:
    """:func:`plan_distance` of the counts ``held`` as bytes (made once for every plan of a
    hand); ``live_too=False``: the distance alone (live 0: the kinds that shorten it not looked for)."""
    extra = 0
    live = 0
    b = held
    if forced:
        b = bytearray(held)
        for f in forced:
            extra += 3 - min(3, b[f])
            live += unseen[f] if b[f] < 3 else 0
            b[f] = 0
        b = bytes(b)
    rest = sets - len(forced)
    if rest < 0:
        return 99, 0
    if shape == "pungs":
        if not live_too:
            n1, n2 = b.count(1), b.count(2)
            return _pungs_memo(n1, n2, len(b) - b.count(0) - n1 - n2, rest) + extra, 0
        d, kinds = _pungs_kinds(b, rest)
    else:
        groups = _ALL_GROUPS if shape == "any" else _ONE_SUIT_GROUPS[shape, suit]
        if not live_too:
            return _regular_distance(b, rest, groups) + extra, 0
        d, kinds = _regular_kinds(b, rest, groups)
    for k in kinds:
        live += unseen[k]
    return d + extra, live


_SUIT_AND_HONORS = ({0, 3}, {1, 3}, {2, 3})
_SUIT_ONLY = ({0}, {1}, {2})
_MELDS: list = [None]  # (the last melds read, the honors, what was read of them)


def _of_melds(melds, honors: dict) -> tuple:
    """``(exposed, suits, chow, faan)`` of declared ``melds``: whether any is exposed, the
    suits among them (3: honors), whether one is a chow, and the faan of their honor
    pungs and kongs (``honors``). The last asked is kept (every discard weighed at one
    decision has the same melds)."""
    last = _MELDS[0]  # one tuple, replaced whole (bots in threads never see half of one)
    if last is not None and last[0] is melds and last[1] == honors:
        return last[2]
    exposed = chow = False
    suits = set()
    faan = 0
    for m in melds:
        t = int(m.tile)
        if m.exposed:
            exposed = True
        suits.add(t // 9 if t < 27 else 3)
        if m.kind is MeldKind.CHOW:
            chow = True
        else:
            faan += honors.get(t, 0)
    r = (exposed, suits, chow, faan)
    _MELDS[0] = (melds, dict(honors), r)
    return r


def plans(
    counts, melds, sets: int, unseen, honors: dict, own_bonus: int, no_flower_chance: float, values: FaanValues, at_least: int = 0,
    regular: tuple[int, int] | None = None, memo: dict | None = None,
) -> list[Plan]:
    """Every plan of the hand ``counts`` (34 ints, concealed, between turns) with its
    declared ``melds`` (:class:`~mahjongg.hand.Meld`) and ``sets`` sets to make.

    ``honors``: faan a pung of each doubling honor kind (int) is worth (a dragon 1, the
    seat's and round's wind 1 each, 2 when they are the same); ``own_bonus``: faan of
    the Flowers and Seasons laid out; ``no_flower_chance``: the chance none will be
    laid out by the end (0 when one is). Plans whose shape the melds exclude (a chow
    for ``pungs``, another suit for the one-suit shapes) are not listed, nor those that
    cannot reach ``at_least`` faan with every faan they may get besides (a faan table's
    minimum: such a plan cannot be declared; its distance is not worked out).
    ``regular``: ``(distance, live)`` of the ``any`` shape with no pair forced, when the
    caller has them (the shanten plus one and the live tiles of
    :func:`~mahjongg.bots.evaluation.discard_options`, the same counts). ``memo``: the
    one-suit shapes' distances and live tiles worked out for other hands with the same
    ``unseen`` (the discards weighed at one decision), by the tiles they read (their suit,
    and the honors for ``mixed``), and what the melds, honors, bonus faan and values
    decide: filled in and read (the same melds, honors, bonus faan, values and unseen
    tiles at every call with one memo)."""
    fixed = _fixed(melds, honors, own_bonus, no_flower_chance, values, at_least, memo)
    extras = fixed[1]
    out = []
    held = bytes(counts)
    for shape, suit, forced, total in _specs(counts, sets, unseen, honors, fixed, values, None):
        if regular is not None and shape == "any" and not forced:
            d, live = regular
        elif memo is not None and suit is not None:
            # a one-suit shape reads its suit (and the honors, mixed): the same for
            # every discard of another suit
            lo = 9 * suit
            key = (shape, suit, forced, sets, held[lo : lo + 9], held[27:34] if shape == "mixed" else None)
            found = memo.get(key)
            if found is None:
                found = memo[key] = _distance(held, sets, shape, suit, forced, unseen)
            d, live = found
        else:
            d, live = _distance(held, sets, shape, suit, forced, unseen)
        if d >= 99:
            continue
        out.append(Plan(shape, suit, forced, d, live, total, extras))
    return out


def _fixed(melds, honors: dict, own_bonus: int, no_flower_chance: float, values: FaanValues, at_least: int, memo) -> tuple:
    """What the melds, the honors, the bonus tiles and the faan values decide for
    :func:`plans` (the same for every hand of one decision: kept in ``memo``): ``(sure faan,
    extras, the sure faan a plan needs, the suits a one-suit shape may take (with whether
    pure may), the all-pungs shape if the melds allow it)``."""
    fixed = None if memo is None else memo.get(_FIXED)
    if fixed is None:
        exposed, meld_suits, chow, meld_faan = _of_melds(melds, honors)
        sure = own_bonus + meld_faan + (0 if exposed else values.concealed)
        extras = []
        if exposed and values.self_drawn:
            extras.append((values.self_drawn, 1 / 3))
        if values.no_flowers and no_flower_chance > 0:
            extras.append((values.no_flowers, no_flower_chance))
        extras = tuple(extras)
        reach = at_least - sum(f for f, _ in extras)  # the sure faan a plan needs
        suits = tuple((s, meld_suits <= _SUIT_ONLY[s]) for s in range(3) if meld_suits <= _SUIT_AND_HONORS[s])
        pungs = () if chow or not values.pungs else (("pungs", None, values.pungs),)
        fixed = (sure, extras, reach, suits, pungs)
        if memo is not None:
            memo[_FIXED] = fixed
    return fixed


def _specs(counts, sets: int, unseen, honors: dict, fixed: tuple, values: FaanValues, cutoff: int | None) -> list:
    """The plans :func:`plans` weighs for the hand ``counts``, in its order: ``(shape, suit,
    forced, faan when complete)`` of every shape and choice of honor pairs made pungs whose
    faan reach the minimum (``fixed``: :func:`_fixed`), the one-suit shapes surely further
    than ``cutoff`` left out."""
    sure, _, reach, suits, pungs = fixed
    held_pungs = [t for t in honors if counts[t] >= 3]
    pairs = [t for t in honors if counts[t] == 2 and unseen[t] > 0]
    shapes = [("any", None, 0)]
    # a one-suit shape uses only the tiles of its suit (and the honors, mixed): it lacks
    # at least the rest of the 3 * sets + 2 tiles of a complete hand
    need = 3 * sets + 2
    honor_tiles = sum(counts[27:34])
    for s, pure in suits:
        lo = s * 9
        n = sum(counts[lo : lo + 9])
        if n >= 4:
            if cutoff is None or need - n - honor_tiles <= cutoff:
                shapes.append(("mixed", s, values.mixed))
            if n >= 7 and pure and (cutoff is None or need - n <= cutoff):
                shapes.append(("pure", s, values.pure))
    shapes.extend(pungs)
    out = []
    held_faan = sum(honors[t] for t in held_pungs)
    for r in range(min(len(pairs), 3) + 1):
        for forced in combinations(pairs, r):
            honor = sum(honors[t] for t in forced) + held_faan
            for shape, suit, faan in shapes:
                if shape == "pure" and (forced or held_pungs):
                    continue
                total = min(values.limit, sure + faan + honor)
                if total >= reach:
                    out.append((shape, suit, forced, total))
    return out


def _nearest(counts, melds, sets: int, unseen, honors: dict, own_bonus: int, no_flower_chance: float, values: FaanValues,
             at_least: int, memo, cutoff: int | None) -> tuple[int | None, list]:
    """``(distance, plans)`` of the nearest of :func:`plans` (its arguments): the least
    distance and the ``(shape, suit, forced)`` of every plan at it; ``(None, [])`` if none
    is as near as ``cutoff``. The distances alone, each plan weighed only while it may be
    as near as the nearest found."""
    fixed = _fixed(melds, honors, own_bonus, no_flower_chance, values, at_least, memo)
    held = bytes(counts)
    best = None
    at: list = []
    for shape, suit, forced, _ in _specs(counts, sets, unseen, honors, fixed, values, cutoff):
        d = _distance(held, sets, shape, suit, forced, unseen, False)[0]
        if d >= 99 or (cutoff is not None and d > cutoff):
            continue
        if best is None or d < best:
            best = cutoff = d
            at = []
        at.append((shape, suit, forced))
    return best, at


PLAN_CHANCE = (-1.987, -2.4722, 1.5442, 0.2175, 1.8687, 0.4283, -0.3448)
"""The weights of :func:`plan_chance`, fitted (logistic regression, ``bench/arena/fit_plan_chance.py``) to
9,652 discards of four ``expert`` bots in 250 hands of ``pung-chow`` (deal seeds 1000-1249):
whether the seat that discarded went on to win, from its shanten after the discard, its live
tiles, the unseen tiles and its draws left."""


def plan_chance(shanten: int, live: int, unseen_total: int, draws_left: int) -> float:
    """The chance (0-1) of winning with a hand ``shanten`` steps from waiting (a plan's
    distance less one) with ``live`` unseen copies of the tiles that shorten it,
    ``unseen_total`` tiles unseen and ``draws_left`` own draws to come, at a table of
    four racing to go out: ``1 / (1 + exp(-z))`` with ``z`` the weights
    :data:`PLAN_CHANCE` times ``(1, s, d / 20, live / unseen, s * d / 20, log(1 + live),
    (d / 20) ** 2)`` (``s`` the shanten, at most 6; ``d`` the draws left, at most 20: the
    range it was fitted on; so the chance falls with the shanten, rises with the live
    tiles and the draws, at every table size). Measured
    against the hands it was fitted to, its mean is within 0.04 of the share won in
    every band of shanten and of the wall holding more than 300 discards but one (a hand
    waiting early: 0.46 against 0.56; bench/README.md, "Faan plans")."""
    if unseen_total <= 0 or draws_left <= 0 or live <= 0:
        return 0.0
    w = PLAN_CHANCE
    s = min(shanten, 6)
    d = min(draws_left, 20) / 20  # the range fitted (a table of four draws at most 19)
    z = w[0] + w[1] * s + w[2] * d + w[3] * live / unseen_total + w[4] * s * d + w[5] * log1p(live) + w[6] * d * d
    return 1.0 / (1.0 + exp(-z))


_CHOW_STARTS = tuple(9 * s + r for s in range(3) for r in range(7))
_COVER = tuple(tuple(i for i, c in enumerate(_CHOW_STARTS) if c <= x < c + 3) for x in range(34))
"""For each tile kind, the chows (indices into :data:`_CHOW_STARTS`) it is a tile of."""
_PUNG_MEMO: dict = {}


def _pungs_memo(n1: int, n2: int, n3: int, sets: int) -> int:
    """:func:`_pungs_by_class`, remembered (a few thousand classes occur)."""
    key = (n1, n2, n3, sets)
    d = _PUNG_MEMO.get(key)
    if d is None:
        d = _PUNG_MEMO[key] = _pungs_by_class(n1, n2, n3, sets)
    return d


_ROWS: dict = {}


def _row(n1: int, n2: int, n3: int, sets: int) -> tuple[int, int, int, int, int]:
    """The pungs' distance (:func:`_pungs_memo`) of the classes ``(n1, n2, n3)`` and, for ``k``
    = 0..3, of those classes with a kind held ``k`` times drawn once more (``k`` = 3: the
    classes unchanged), at index ``1 + k``; remembered (one lookup in place of five)."""
    key = (n1, n2, n3, sets)
    r = _ROWS.get(key)
    if r is None:
        p = _pungs_memo(n1, n2, n3, sets)
        r = _ROWS[key] = (p, _pungs_memo(n1 + 1, n2, n3, sets), _pungs_memo(n1 - 1, n2 + 1, n3, sets),
                          _pungs_memo(n1, n2 - 1, n3 + 1, sets), p)
    return r


def _chow_parts(b: bytes, n: list[int]) -> list[tuple[int, int, list[int]]]:
    """``(start, missing, classes of the rest)`` of every chow the counts ``b`` (classes ``n``)
    could make: its tiles held taken out, the tiles it lacks counted."""
    out = []
    for c in _CHOW_STARTS:
        x, y, z = b[c], b[c + 1], b[c + 2]
        m = n[:]
        for k in (x, y, z):
            if k:
                m[k if k < 3 else 3] -= 1
                k -= 1
                m[k if k < 3 else 3] += 1
        out.append((c, (x == 0) + (y == 0) + (z == 0), m))
    return out


def chow_limited(counts, sets: int, chows: int, unseen) -> tuple[int, int]:
    """``(distance, live)`` of the concealed ``counts`` (34 ints, between turns) to ``sets``
    sets and a pair with at most ``chows`` chows among them (a ruleset's ``max_chows``
    less the chows declared; BMJA: one in all), the others pungs: the tiles lacking (all
    pungs, or the best chow -- its tiles held taken out, its missing tiles counted -- and
    pungs of the rest), and the unseen copies of the kinds whose draw shortens it. The
    regular shape's shanten counts any number of chows: under such a limit a hand of runs
    waits on wins the ruleset refuses. Special hands (Thirteen Orphans ...) are not counted."""
    b = bytes(counts)
    key = ("chows", b, sets, chows)
    found = _CACHE.get(key)
    if found is None:
        n = [0, 0, 0, 0]
        for c in b:
            n[c if c < 3 else 3] += 1
        parts = _chow_parts(b, n) if chows > 0 and sets > 0 else []
        base = _pungs_memo(n[1], n[2], n[3], sets)
        for _, missing, m in parts:
            if missing < base:
                base = min(base, missing + _pungs_memo(m[1], m[2], m[3], sets - 1))
        # a draw of x shifts the pungs' classes by x's count k; a chow with x in it lacks one
        # tile less (x not held) or leaves x's count in its rest as it was (x held); outside
        # the chow it shifts the rest's classes by k alone. What depends on a class alone is
        # looked up once: the pungs' distance with a kind of class k drawn (index k; 3: as
        # it is), and each chow's rest's
        by_class = _row(n[1], n[2], n[3], sets)[1:]
        rest = [_row(m[1], m[2], m[3], sets - 1)[1:] if missing <= base else None for _, missing, m in parts]
        # the chows (indices) a draw outside them shortens, for a drawn kind of each class; a
        # kind x shortens the hand through one if any of them is not among the three x is in
        shorter = [{i for i, ((_, missing, _), r) in enumerate(zip(parts, rest)) if missing < base and missing + r[k] < base}
                   for k in range(4)]
        kinds = []
        for x in range(34):
            k = b[x]
            if k >= 4:
                continue
            some = shorter[k]
            if by_class[k] < base or (some and len(some) > sum(1 for i in _COVER[x] if i in some)):
                kinds.append(x)
                continue
            for i in (_COVER[x] if parts else ()):
                c, missing, m = parts[i]
                if missing - (k == 0) < base:
                    r = rest[i]
                    d = missing - 1 + r[3] if k == 0 else missing + r[k - 1]
                    if d < base:
                        kinds.append(x)
                        break
        found = _remember(key, (base, tuple(kinds)))
    base, kinds = found
    return base, sum(unseen[x] for x in kinds)


def plan_inputs(obs, unseen) -> tuple:
    """What :func:`plans` reads from the table besides the hand, for the seat of ``obs``
    (an :class:`~mahjongg.table.Observation`) with ``unseen`` (34 ints) the copies it cannot
    see: ``(values, honors, own bonus faan, chance of no flower, unseen total, draws left)``
    -- :func:`faan_values` of its ruleset; the faan a pung of each doubling honor is worth
    (a dragon, the seat's and the round's wind, added where they are the same wind); the
    faan of its own Flowers and Seasons laid out; the chance that no bonus tile is laid out
    by the end (0 once one is; each of its draws left may bring one of those unseen); the
    unseen tiles (at least 1) and its own draws to come."""
    ruleset = obs.ruleset
    values = faan_values(ruleset)
    seat = obs.seat
    honors: dict[int, int] = {}
    for t, f in ((31, values.dragon), (32, values.dragon), (33, values.dragon), (27 + int(seat), values.seat), (27 + int(obs.round), values.round)):
        if f:
            honors[t] = honors.get(t, 0) + f
    own = obs.bonus[seat]
    own_faan = values.own_bonus * sum(1 for t in own if t.wind == seat)
    unseen_total = max(1, sum(unseen))
    draws = max(0, obs.drawable // len(obs.seats))
    if own:
        no_flower = 0.0
    else:
        b = len(ruleset.bonus_tiles) - sum(len(v) for v in obs.bonus.values())
        no_flower = (1.0 - b / (unseen_total + b)) ** draws if b > 0 else 1.0
    return values, honors, own_faan, no_flower, unseen_total, draws


def chows_left(obs, melds=None) -> int | None:
    """The chows the seat's hand may still hold under the ruleset's limit (``max_chows``
    less those among its declared ``melds``, by default ``obs``'s; BMJA: one in all),
    ``None`` without a limit."""
    most = obs.ruleset.max_chows
    if most is None:
        return None
    if melds is None:
        melds = obs.melds[obs.seat]
    return max(0, most - sum(1 for m in melds if m.kind is MeldKind.CHOW))


def limited_options(obs, melds=None):
    """Under a ruleset's limit on chows: a function as
    :func:`~mahjongg.bots.evaluation.discard_options` (``(counts, declared, candidates,
    unseen)`` to ``{tile: (shanten, live)}``) whose shanten and live tiles are the hand's
    with at most :func:`chows_left` chows (:func:`chow_limited`), never below the regular
    shape's; ``None`` without a limit. ``melds``: the seat's declared melds, by default
    ``obs``'s (a claim weighed: with the claimed set). The function's ``best=True``: only
    the nearest discards (every one at the least shanten, then the most live tiles), the
    others left out unweighed (what a bot choosing one needs: the same choice, faster)."""
    left = chows_left(obs, melds)
    if left is None:
        return None

    def options(counts, declared, candidates, unseen, best=False):
        if not best:
            out = {}
            for t, (s, live) in discard_options(counts, declared, candidates, unseen).items():
                counts[t] -= 1
                d, lv = chow_limited(counts, 4 - declared, left, unseen)
                counts[t] += 1
                out[t] = (max(s, d - 1), lv)
            return out
        # the nearest only: never nearer than the regular shape, so weighed from the nearest
        # regular shape on, until that is further than the nearest found
        lower = discard_shanten(counts, declared, candidates)
        out = {}
        found_best = None
        for t in sorted(lower, key=lower.__getitem__):
            s = lower[t]
            if found_best is not None and s > found_best[0]:
                break
            counts[t] -= 1
            d, lv = chow_limited(counts, 4 - declared, left, unseen)
            counts[t] += 1
            near = (max(s, d - 1), -lv)
            if found_best is None or near < found_best:
                found_best = near
                out = {}
            if near == found_best:
                out[t] = (near[0], lv)
        return out

    return options


UNREACHABLE = 9
"""The shanten :func:`faan_options` gives a discard after which no plan reaches the minimum
(more than any hand's: 8 at most)."""


def faan_options(obs, melds=None):
    """Under a faan table's minimum (``Ruleset.minimum_to_declare`` above 0): a function as
    :func:`~mahjongg.bots.evaluation.discard_options` whose shanten and live tiles are those
    of the hand's nearest plan that reaches the minimum (:func:`plans`: least distance, then
    most live tiles; its distance less one), so a fast hand of chows no faan item pays for
    is as far as the honor pungs, one suit or all pungs it still lacks; :data:`UNREACHABLE`
    when no plan reaches it. ``None`` without a minimum. ``melds``: the seat's declared
    melds, by default ``obs``'s (a claim weighed: with the claimed set). The function's
    ``best=True``: only the nearest discards (every one at the least distance, then the
    most live tiles; every discard when none reaches the minimum), the others left out
    unweighed -- a plan is never nearer than the regular shape, so a discard whose regular
    shape is further than the nearest plan found is not weighed."""
    ruleset = obs.ruleset
    if ruleset.faan is None or ruleset.minimum_to_declare <= 0:
        return None
    if melds is None:
        melds = obs.melds[obs.seat]

    def options(counts, declared, candidates, unseen, best=False):
        values, honors, own, no_flower, _, _ = plan_inputs(obs, unseen)
        memo: dict = {}
        sets = 4 - declared
        if not best:
            regular = discard_options(counts, declared, candidates, unseen)
            out = {}
            for t, (s, live) in regular.items():
                counts[t] -= 1
                found = plans(counts, melds, sets, unseen, honors, own, no_flower, values, values.minimum, (s + 1, live), memo)
                counts[t] += 1
                near = min(((p.distance, -p.live) for p in found), default=None)
                out[t] = (UNREACHABLE, 0) if near is None else (near[0] - 1, -near[1])
            return out
        # the nearest only: every plan of a discard is at least as far as the regular shape
        # after it (its shanten plus one), so the discards are weighed from the nearest
        # regular shape on, and those whose regular shape is further than the nearest plan
        # found are not weighed at all
        # (first the distances alone, then the live tiles of the nearest plans only)
        lower = discard_shanten(counts, declared, candidates)
        nearest: int | None = None
        at: list = []  # the discards whose nearest plans are at that distance, with those plans
        for t in sorted(lower, key=lower.__getitem__):
            if nearest is not None and lower[t] + 1 > nearest:
                break
            counts[t] -= 1
            d, specs = _nearest(counts, melds, sets, unseen, honors, own, no_flower, values, values.minimum, memo, nearest)
            counts[t] += 1
            if d is None:
                continue
            if nearest is None or d < nearest:
                nearest, at = d, []
            at.append((t, specs))
        if nearest is None:  # no discard leaves a plan that reaches the minimum
            return {t: (UNREACHABLE, 0) for t in lower}
        out = {}
        most = -1
        for t, specs in at:
            counts[t] -= 1
            held = bytes(counts)
            counts[t] += 1
            live = max(_plan_live(held, sets, spec, unseen, memo) for spec in specs)
            if live > most:
                most, out = live, {}
            if live == most:
                out[t] = (nearest - 1, live)
        return out

    return options


def _plan_live(held: bytes, sets: int, spec: tuple, unseen, memo: dict) -> int:
    """The live tiles of the plan ``spec`` (``(shape, suit, forced)``) of the counts
    ``held``; a one-suit shape's kept in ``memo`` by the tiles it reads, as :func:`plans` does."""
    shape, suit, forced = spec
    if suit is None:
        return _distance(held, sets, shape, suit, forced, unseen)[1]
    lo = 9 * suit
    key = ("live", shape, suit, forced, sets, held[lo : lo + 9], held[27:34] if shape == "mixed" else None)
    live = memo.get(key)
    if live is None:
        live = memo[key] = _distance(held, sets, shape, suit, forced, unseen)[1]
    return live


def procedure_options(obs, melds=None):
    """The ruleset's procedure as a discard's measure: :func:`faan_options` under a faan
    table's minimum, else :func:`limited_options` under a limit on chows, else ``None``
    (the regular shape's shanten is the measure). Asked of the ruleset's values
    (``minimum_to_declare``, ``max_chows``), never its name."""
    found = faan_options(obs, melds)
    return found if found is not None else limited_options(obs, melds)


def procedure_shanten(obs, counts, declared: int, melds=None) -> int | None:
    """The shanten of the hand ``counts`` (34 ints, concealed, between turns; ``declared``
    melds, ``melds`` by default ``obs``'s) by the ruleset's procedure, as
    :func:`procedure_options` measures a discard: the nearest plan reaching a faan minimum
    (:data:`UNREACHABLE` if none does), or the hand with the chows it may still hold;
    ``None`` without either."""
    found = procedure_state(obs, counts, declared, melds)
    return None if found is None else found[0]


def procedure_state(obs, counts, declared: int, melds=None) -> tuple[int, int] | None:
    """``(shanten, live)`` of the hand ``counts`` by the ruleset's procedure
    (:func:`procedure_shanten`; live: the unseen copies of the tiles that bring it nearer);
    ``None`` without a faan minimum or a limit on chows."""
    ruleset = obs.ruleset
    if melds is None:
        melds = obs.melds[obs.seat]
    if ruleset.faan is not None and ruleset.minimum_to_declare > 0:
        unseen = unseen_counts(obs)
        values, honors, own, no_flower, _, _ = plan_inputs(obs, unseen)
        found = plans(counts, melds, 4 - declared, unseen, honors, own, no_flower, values, values.minimum)
        best = min(((p.distance, -p.live) for p in found), default=(UNREACHABLE + 1, 0))
        return best[0] - 1, -best[1]
    left = chows_left(obs, melds)
    if left is None:
        return None
    d, live = chow_limited(counts, 4 - declared, left, unseen_counts(obs))
    return max(shanten(counts, declared), d - 1), live
