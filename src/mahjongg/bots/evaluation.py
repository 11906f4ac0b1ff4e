"""Every discard of a hand at once: the shanten it leaves and its live useful tiles.

``discard_options(counts, declared, candidates, unseen)`` gives, for each
candidate discard of a hand holding its drawn tile, ``(shanten after it,
unseen copies of the tiles that would then lower the shanten)`` -- the same
numbers as :func:`mahjongg.shanten.shanten` and
:func:`mahjongg.shanten.useful_tiles` on the hand less that tile (the tests
check it against them), but computed together: the hand's four groups
(bamboo, characters, dots, honors) are looked up once, a discard changes only
its own group, and the useful tiles of one group given the rest of the hand
(its counts and the combined cost vector id of the other three groups) are
memoised, so most turns are a few dictionary look-ups per group. A greedy bot weighs a dozen discards per turn, and
this is its inner loop (``bench/bench_table.py``).

It reads the lookup tables of :mod:`mahjongg.shanten` through its public
table API (:func:`~mahjongg.shanten.group_vector`,
:func:`~mahjongg.shanten.combine_vectors`, :func:`~mahjongg.shanten.distances`)
rather than copying them.
"""

from __future__ import annotations

from ..shanten import GROUPS as _GROUPS
from ..shanten import combine_vectors, distances, group_vector
from ..tiles import Tile

__all__ = ["discard_options", "discard_shanten"]

_GROUP_OF = [g for g, (lo, hi, _) in enumerate(_GROUPS) for _ in range(lo, hi)]


_cost = group_vector


def _distance(c: list[int], sets: int) -> int:
    return distances(combine_vectors(c[0], c[1]), combine_vectors(c[2], c[3]))[sets]


def _base(counts) -> tuple[bytes, list[bytes], list[int]]:
    b = bytes(counts)
    keys = [b[lo:hi] for lo, hi, _ in _GROUPS]
    return b, keys, [_cost(k, s) for k, (_, _, s) in zip(keys, _GROUPS)]


def _minus(keys: list[bytes], t: int) -> tuple[int, bytes]:
    g = _GROUP_OF[t]
    lo = _GROUPS[g][0]
    k = bytearray(keys[g])
    k[t - lo] -= 1
    return g, bytes(k)


def discard_shanten(counts, declared: int, candidates) -> dict[Tile, int]:
    """``{tile: shanten after discarding it}`` for each distinct candidate (a hand
    of 14 tiles less three per declared set; every candidate held)."""
    _, keys, costs = _base(counts)
    sets = 4 - declared
    out: dict[Tile, int] = {}
    for t in candidates:
        if t in out:
            continue
        g, k = _minus(keys, t)
        c = list(costs)
        c[g] = _cost(k, _GROUPS[g][2])
        out[t] = _distance(c, sets) - 1
    return out


def discard_options(counts, declared: int, candidates, unseen) -> dict[Tile, tuple[int, int]]:
    """``{tile: (shanten after discarding it, live useful tiles)}`` for each distinct candidate.

    ``live useful tiles``: the sum of ``unseen[x]`` over the kinds ``x`` whose
    draw would lower the shanten of the hand less ``tile`` (its ukeire,
    counting only the copies the player cannot see).
    """
    _, keys, costs = _base(counts)
    sets = 4 - declared
    out: dict[Tile, tuple[int, int]] = {}
    combine = combine_vectors
    for t in candidates:
        if t in out:
            continue
        g, k = _minus(keys, t)
        c = list(costs)
        c[g] = _cost(k, _GROUPS[g][2])
        live = 0
        for h, (i, j, m) in enumerate(_OTHERS):
            other = combine(combine(c[i], c[j]), c[m])
            memo = (h, other, k if h == g else keys[h], sets)
            useful = _USEFUL.get(memo)
            if useful is None:
                useful = _useful_in_group(*memo)
            for x in useful:
                live += unseen[x]
        out[t] = (_distance(c, sets) - 1, live)
    return out


# for each group, the other three (in order)
_OTHERS = ((1, 2, 3), (0, 2, 3), (0, 1, 3), (0, 1, 2))

# (group, id of the other three groups' combined vector, the group's counts, sets) -> useful kinds
_USEFUL: dict[tuple[int, int, bytes, int], tuple[int, ...]] = {}
_USEFUL_LIMIT = 500_000


def _useful_in_group(h: int, other: int, key: bytes, sets: int) -> tuple[int, ...]:
    """The kinds of group ``h`` whose draw lowers the distance, the rest of the hand fixed."""
    lo, hi, suited = _GROUPS[h]
    finish = distances
    base = finish(other, _cost(key, suited))[sets]
    found = []
    kb = bytearray(key)
    for i in range(hi - lo):
        if kb[i] >= 4:
            continue
        kb[i] += 1
        cg = _cost(bytes(kb), suited)
        kb[i] -= 1
        if finish(other, cg)[sets] < base:
            found.append(lo + i)
    r = tuple(found)
    if len(_USEFUL) < _USEFUL_LIMIT:
        _USEFUL[(h, other, key, sets)] = r
    return r
