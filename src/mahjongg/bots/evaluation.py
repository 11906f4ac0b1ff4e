"""Every discard of a hand at once: the shanten it leaves and its live useful tiles.

``discard_options(counts, declared, candidates, unseen)`` gives, for each
candidate discard of a hand holding its drawn tile, ``(shanten after it,
unseen copies of the tiles that would then lower the shanten)`` -- the same
numbers as :func:`mahjongg.shanten.shanten` and
:func:`mahjongg.shanten.useful_tiles` on the hand less that tile (the tests
check it against them), but computed together. A greedy bot weighs a dozen
discards per turn, and this is its inner loop (``bench/bench_table.py``).

How: the hand's four groups (bamboo, characters, dots, honors) are looked up
once, with the combined cost vector ids of every two and every three of them;
a discard changes only its own group, so the shanten it leaves is one
look-up (the group's new vector with the other three combined). A group's
useful kinds, given the rest of the hand, depend only on the combined vector
id of the other three groups and on the group's *signature*: its own vector
id and the ids after adding each kind (its "successors"). Signatures are few
(groups with different counts often share one), so the useful kinds are
memoised on (signature, other groups, sets wanted) and most turns are a few
dictionary look-ups per discard. The last hand prepared is kept, so
:func:`discard_options` right after :func:`discard_shanten` on the same hand
(what the greedy bot does for tied discards) redoes nothing.

:func:`best_discard` is the greedy bot's whole choice in one call: the
hand's distance less each kind comes from one memo per group (keyed by the
vector ids of the group less each kind and the other three groups' combined
id), and the live useful tiles are summed only for the discards that tie
(the unseen counts themselves may be passed as a function, called only then).

It reads the lookup tables of :mod:`mahjongg.shanten` through its public
table API (:func:`~mahjongg.shanten.group_vector`,
:func:`~mahjongg.shanten.combine_vectors`, :func:`~mahjongg.shanten.distances`)
rather than copying them. Every table here is a cache of exact values,
cleared when it grows large: it changes the speed, never an answer.
"""

from __future__ import annotations

from ..shanten import GROUPS as _GROUPS
from ..shanten import combine_vectors, distances, group_vector
from ..tiles import TILES, Tile
from .base import BotError

__all__ = ["best_discard", "discard_options", "discard_shanten", "shanten_after_discards", "useful_draws"]

_GROUP_OF = tuple(g for g, (lo, hi, _) in enumerate(_GROUPS) for _ in range(lo, hi))
_LOCAL = tuple(t - _GROUPS[g][0] for t, g in enumerate(_GROUP_OF))
_SUITED = tuple(s for _, _, s in _GROUPS)

# the pairs of groups, numbered; _REST[g][h]: the pair of the two groups other than g and h
_PAIRS = ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3))
_REST = tuple(
    tuple(_PAIRS.index(tuple(k for k in range(4) if k != g and k != h)) if h != g else -1 for h in range(4))
    for g in range(4)
)

_LIMIT = 30_000
"""Entries each table here keeps before it is emptied (a few MB each at this size: a run of
greedy and cautious bots grew by 25 MB per 10,000 hands late on with 200,000; issue 24)."""
_PRED_LIMIT = 15_000  # its entries are the largest (a tuple per kind of the group)

# group counts (bytes) -> for each kind, (the group's vector id, its counts) less one
# of that kind, or None when none is held
_PRED: dict[bytes, tuple[tuple[int, bytes] | None, ...]] = {}

# group counts (bytes) -> (its signature id, the signature); a signature is the group's
# vector id and the ids after adding each kind (-1 for a fifth copy). Ids are never
# reused, so a memo entry stays true after the tables are cleared.
_SIG: dict[bytes, tuple[int, tuple[int, ...]]] = {}
_SIG_ID: dict[tuple[int, ...], int] = {}
_next_sig = 0
# (signature id << 40 | other three groups' vector id << 3 | sets) -> the group's useful kinds (local indices)
_USEFUL: dict[int, tuple[int, ...]] = {}


def _pred(key: bytes, suited: bool) -> tuple[tuple[int, bytes] | None, ...]:
    kb = bytearray(key)
    out: list[tuple[int, bytes] | None] = []
    for i in range(len(kb)):
        if kb[i]:
            kb[i] -= 1
            k = bytes(kb)
            kb[i] += 1
            out.append((group_vector(k, suited), k))
        else:
            out.append(None)
    r = tuple(out)
    if len(_PRED) >= _PRED_LIMIT:
        _PRED.clear()
    _PRED[key] = r
    return r


def _sig(key: bytes, suited: bool) -> tuple[int, tuple[int, ...]]:
    global _next_sig
    kb = bytearray(key)
    out = [group_vector(key, suited)]
    for i in range(len(kb)):
        if kb[i] < 4:
            kb[i] += 1
            out.append(group_vector(bytes(kb), suited))
            kb[i] -= 1
        else:
            out.append(-1)
    v = tuple(out)
    if len(_SIG) >= _LIMIT or len(_SIG_ID) >= _LIMIT:
        _SIG.clear()
        _SIG_ID.clear()
        _USEFUL.clear()
    s = _SIG_ID.get(v)
    if s is None:
        s = _SIG_ID[v] = _next_sig
        _next_sig += 1
    r = _SIG[key] = (s, v)
    return r


def _useful(s: int, v: tuple[int, ...], other: int, sets: int) -> tuple[int, ...]:
    """The local indices of the kinds whose draw lowers the distance of a group of
    signature ``v`` (id ``s``), the rest of the hand (vector id ``other``) fixed."""
    base = distances(other, v[0])[sets]
    r = tuple(i for i in range(len(v) - 1) if v[i + 1] >= 0 and distances(other, v[i + 1])[sets] < base)
    if len(_USEFUL) >= _LIMIT:
        _USEFUL.clear()
    _USEFUL[(s << 40) | (other << 3) | sets] = r
    return r


class _Prepared:
    """One hand (holding its drawn tile) looked up once: its groups, their
    combinations, and the discards evaluated so far."""

    __slots__ = ("keys", "c", "pairs", "others", "sets", "after", "sigs", "dist")

    def __init__(self, b: bytes, declared: int) -> None:
        keys = self.keys = (b[0:9], b[9:18], b[18:27], b[27:34])
        c0 = group_vector(keys[0], True)
        c1 = group_vector(keys[1], True)
        c2 = group_vector(keys[2], True)
        c3 = group_vector(keys[3], False)
        self.c = (c0, c1, c2, c3)
        comb = combine_vectors
        p01 = comb(c0, c1)
        p23 = comb(c2, c3)
        self.pairs = None  # the six pairs of groups combined, when first needed (_pairs)
        # each group's other three, combined
        self.others = (comb(c1, p23), comb(c0, p23), comb(c3, p01), comb(c2, p01))
        self.sets = 4 - declared
        # discard -> (its group's vector id less it, that group's counts less it, the hand's distance less it)
        self.after: dict[int, tuple[int, bytes, int]] = {}
        self.sigs: list | None = None  # the four groups' signatures, when first needed
        self.dist: tuple[int, ...] | None = None  # the hand's distance less each kind (_dists)

    def discard(self, t: int) -> tuple[int, bytes, int]:
        """``t``'s group less ``t`` (vector id, counts) and the hand's distance less ``t``."""
        r = self.after.get(t)
        if r is None:
            g = _GROUP_OF[t]
            key = self.keys[g]
            pred = _PRED.get(key)
            if pred is None:
                pred = _pred(key, _SUITED[g])
            vk = pred[_LOCAL[t]]
            if vk is None:
                raise BotError(f"discard of kind {t}, which the hand does not hold")
            v = vk[0]
            r = self.after[t] = (v, vk[1], distances(self.others[g], v)[self.sets])
        return r


def _pairs(p: _Prepared) -> tuple[int, ...]:
    """The six pairs of ``p``'s groups (numbered as :data:`_PAIRS`), combined."""
    r = p.pairs
    if r is None:
        c0, c1, c2, c3 = p.c
        comb = combine_vectors
        r = p.pairs = (comb(c0, c1), comb(c0, c2), comb(c0, c3), comb(c1, c2), comb(c1, c3), comb(c2, c3))
    return r


# group counts (bytes) -> id of its predecessors' vector ids (the group's id less one of
# each kind, -1 when none is held); _PID_IDS: id -> those ids. Cleared together with
# _GROUP_DIST (which the ids key), so a reused id never meets a stale entry.
_PID: dict[bytes, int] = {}
_PID_OF: dict[tuple[int, ...], int] = {}
_PID_IDS: list[tuple[int, ...]] = []
# (predecessors id << 40 | other three groups' vector id << 3 | sets) -> the hand's
# distance less each kind of the group (_NONE when none is held)
_GROUP_DIST: dict[int, tuple[int, ...]] = {}
_NONE = 99


def _pid(key: bytes, suited: bool) -> int:
    pred = _PRED.get(key)
    if pred is None:
        pred = _pred(key, suited)
    ids = tuple(-1 if vk is None else vk[0] for vk in pred)
    if len(_PID) >= _LIMIT or len(_PID_IDS) >= _LIMIT:
        _PID.clear()
        _PID_OF.clear()
        _PID_IDS.clear()
        _GROUP_DIST.clear()
    i = _PID_OF.get(ids)
    if i is None:
        i = _PID_OF[ids] = len(_PID_IDS)
        _PID_IDS.append(ids)
    _PID[key] = i
    return i


def _dists(p: _Prepared) -> tuple[int, ...]:
    """The hand's distance less each kind (34 values, _NONE for kinds not held)."""
    r = p.dist
    if r is None:
        sets = p.sets
        parts = []
        for g in range(4):
            key = p.keys[g]
            i = _PID.get(key)
            if i is None:
                i = _pid(key, _SUITED[g])
            other = p.others[g]
            mk = (i << 40) | (other << 3) | sets
            d = _GROUP_DIST.get(mk)
            if d is None:
                d = tuple(_NONE if v < 0 else distances(other, v)[sets] for v in _PID_IDS[i])
                if len(_GROUP_DIST) >= _LIMIT:
                    _GROUP_DIST.clear()
                _GROUP_DIST[mk] = d
            parts.append(d)
        r = p.dist = parts[0] + parts[1] + parts[2] + parts[3]
    return r


_last: tuple[bytes, int, _Prepared] | None = None


def _prepared(counts, declared: int) -> _Prepared:
    """The hand ``counts`` prepared (the last one is kept: the greedy bot asks twice)."""
    global _last
    b = bytes(counts)
    last = _last
    if last is not None and last[0] == b and last[1] == declared:
        return last[2]
    p = _Prepared(b, declared)
    _last = (b, declared, p)
    return p


def discard_shanten(counts, declared: int, candidates) -> dict[Tile, int]:
    """``{tile: shanten after discarding it}`` for each distinct candidate (a hand
    of 14 tiles less three per declared set; every candidate held)."""
    p = _prepared(counts, declared)
    after = p.after
    out: dict[Tile, int] = {}
    for t in candidates:
        if t in out:
            continue
        r = after.get(t)
        out[t] = (p.discard(t) if r is None else r)[2] - 1
    return out


def shanten_after_discards(counts, declared: int) -> tuple[int, ...]:
    """The shanten after discarding each kind from a hand holding its drawn tile (34
    values, lowest kind first; 98 for a kind not held): :func:`discard_shanten` of every
    kind at once, from the per-group memo :func:`best_discard` reads."""
    p = _prepared(counts, declared)
    dist = p.dist
    if dist is None:
        dist = _dists(p)
    return tuple(d - 1 for d in dist)


def _live_useful(p: "_Prepared", sigs: list, pairs: tuple, parts: tuple, t: int, v: int, key: bytes) -> int:
    """The live useful tiles of ``p``'s hand less ``t`` (``v``, ``key``: the vector id and
    counts of ``t``'s group less ``t``): for each group, the kinds whose draw lowers the
    distance given the other three (memoised by signature), counted by ``parts``
    (the unseen counts cut into the four groups)."""
    g = _GROUP_OF[t]
    rest = _REST[g]
    others = p.others
    sets = p.sets
    comb = combine_vectors
    memo = _USEFUL.get
    live = 0
    for h in range(4):
        if h == g:
            sv = _SIG.get(key)
            if sv is None:
                sv = _sig(key, _SUITED[g])
            other = others[g]
        else:
            sv = sigs[h]
            other = comb(v, pairs[rest[h]])
        s = sv[0]
        useful = memo((s << 40) | (other << 3) | sets)
        if useful is None:
            useful = _useful(s, sv[1], other, sets)
        u = parts[h]
        for i in useful:
            live += u[i]
    return live


def discard_options(counts, declared: int, candidates, unseen) -> dict[Tile, tuple[int, int]]:
    """``{tile: (shanten after discarding it, live useful tiles)}`` for each distinct candidate.

    ``live useful tiles``: the sum of ``unseen[x]`` over the kinds ``x`` whose
    draw would lower the shanten of the hand less ``tile`` (its ukeire,
    counting only the copies the player cannot see).
    """
    p = _prepared(counts, declared)
    sigs = p.sigs
    if sigs is None:
        sg = _SIG.get
        sigs = p.sigs = [sg(k) or _sig(k, s) for k, s in zip(p.keys, _SUITED)]
    pairs = _pairs(p)
    get = p.after.get
    parts = (unseen[0:9], unseen[9:18], unseen[18:27], unseen[27:34])
    out: dict[Tile, tuple[int, int]] = {}
    for t in candidates:
        if t in out:
            continue
        r = get(t)
        v, key, d = p.discard(t) if r is None else r
        out[t] = (d - 1, _live_useful(p, sigs, pairs, parts, t, v, key))
    return out


def best_discard(counts, declared: int, candidates, unseen) -> tuple[Tile, int]:
    """The greedy bot's discard among ``candidates`` and the shanten it leaves: the
    lowest shanten, then the most live useful tiles (as :func:`discard_options`),
    then the fewest ``unseen`` copies of the tile, then the highest tile.

    The same choice as ranking :func:`discard_options` by
    ``(shanten, -live, unseen[t], -t)``, in one call. ``unseen`` may also be a
    function of no arguments returning the counts: it is then called only when
    discards tie on shanten.
    """
    p = _prepared(counts, declared)
    dist = p.dist
    if dist is None:
        dist = _dists(p)
    best = _NONE + 1
    tied: list = []
    for t in candidates:
        d = dist[t]
        if d < best:
            if d == _NONE:
                raise BotError(f"discard of kind {t}, which the hand does not hold")
            best = d
            tied = [t]
        elif d == best:
            if t not in tied:
                tied.append(t)
        elif d == _NONE:
            raise BotError(f"discard of kind {t}, which the hand does not hold")
    if len(tied) == 1:
        return tied[0], best - 1
    keys = p.keys
    sigs = p.sigs
    if sigs is None:
        sg = _SIG.get
        sigs = p.sigs = [sg(k) or _sig(k, s) for k, s in zip(keys, _SUITED)]
    if callable(unseen):
        unseen = unseen()
    pairs = _pairs(p)
    parts = (unseen[0:9], unseen[9:18], unseen[18:27], unseen[27:34])
    choice = None
    choice_key = None
    for t in tied:
        g = _GROUP_OF[t]
        pred = _PRED.get(keys[g])
        if pred is None:
            pred = _pred(keys[g], _SUITED[g])
        v, key = pred[_LOCAL[t]]
        k = (-_live_useful(p, sigs, pairs, parts, t, v, key), unseen[t], -t)
        if choice_key is None or k < choice_key:
            choice, choice_key = t, k
    return choice, best - 1


def useful_draws(counts, declared: int) -> list[Tile]:
    """The kinds whose draw lowers the shanten of a hand between turns (``counts``: 13
    tiles less three per declared meld), in tile order: :func:`mahjongg.shanten.useful_tiles`
    without ``held`` (a kind held four times is never one), from the memoised group
    signatures of :func:`discard_options` (the tests check it against it)."""
    b = bytes(counts)
    keys = (b[0:9], b[9:18], b[18:27], b[27:34])
    sg = _SIG.get
    sigs = [sg(k) or _sig(k, s) for k, s in zip(keys, _SUITED)]
    c0, c1, c2, c3 = (sv[1][0] for sv in sigs)  # each group's own vector id
    comb = combine_vectors
    p01 = comb(c0, c1)
    p23 = comb(c2, c3)
    others = (comb(c1, p23), comb(c0, p23), comb(c3, p01), comb(c2, p01))
    sets = 4 - declared
    memo = _USEFUL.get
    out: list[Tile] = []
    for g in range(4):
        s, v = sigs[g]
        other = others[g]
        useful = memo((s << 40) | (other << 3) | sets)
        if useful is None:
            useful = _useful(s, v, other, sets)
        lo = _GROUPS[g][0]
        out.extend(TILES[lo + i] for i in useful)
    return out
