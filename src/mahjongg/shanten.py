"""Shanten: how far a hand is from a complete regular hand (four sets and a pair).

``shanten(counts, declared)`` is the number of tiles a player must still
exchange before he is *waiting* (one tile from Mah-Jongg): ``-1`` for a
complete hand, ``0`` for a waiting hand, ``1`` one exchange from waiting, and
so on. ``useful_tiles(counts, declared)`` lists the tile kinds whose draw
lowers it (what a bot wants to draw; for a waiting hand, its waits).

Definition (exact, not a heuristic): let a *target* be any complete hand --
``4 - declared`` sets (pungs or chows) and one pair, every tile kind at most
four times counting the tiles in the declared melds. The *distance* of the
concealed tiles to a target is the number of target tiles they lack (the
tiles to draw; the surplus is discarded on the way). Then::

    shanten = min over targets of distance - 1

so a complete hand (distance 0) is -1 and a hand that one tile completes is 0.
Because targets respect the four copies of each kind, a hand cannot "wait"
on a fifth copy: ``1111c 234b 567b 789b`` (13 tiles) is not waiting on 1c but
is 1 from waiting. This is where the usual sets/partial sets/pair formula
(``8 - 2*sets - partials - pair``, as in the ``mahjong`` package) needs
special cases; here the tables are built from the definition. On every hand
tried (random and crowded 13/14-tile hands, quads and honors included; see
``tests/test_shanten.py``) the result equals ``mahjong`` 2.1.0's
``Shanten.calculate_shanten_for_regular_hand``. That package cannot be told
about copies in declared melds; ``held=`` here can.

How: a target splits into one part per group (bamboo, characters, dots,
honors), each with some number of sets ``m`` (0-4) and at most one pair ``p``;
the distance is the sum over groups. So each group's counts are solved once
-- for every ``(m, p)`` the fewest tiles to add -- and the answer is kept in a
lookup table keyed by the group's counts as ``bytes`` (like
:mod:`mahjongg.decomposition`); a hand is four look-ups and a tiny combine
that shares the sets out among the groups and puts the pair in one of them.
Honors form pungs and pairs only, never chows or partial runs. A group's
counts seen for the first time are solved from its two halves (first four
ranks and last five; honors three and four), each half solved once for every
number of chows running across the cut, so a new pattern is three look-ups.

Few distinct cost vectors occur (about a hundred per suit in practice), so each is
interned as a small int and the combines are look-ups too: bamboo with
characters, dots with honors, then the two halves with the number of sets
wanted -- seven dictionary look-ups per hand once the tables are warm.

Source: seed 000 (Pung Chow Part I), "Summary of the game": a complete hand is
"four sets and a pair", a set being three of a kind or three in a sequence
of one suit; "Description of tiles": four of each kind. Special hands of
other rulesets (thirteen orphans, seven pairs, ...) are not counted here.
"""

from __future__ import annotations

from mahjongg.errors import MahjonggError

from .tiles import NUM_KINDS, TILES, Tile

__all__ = ["shanten", "useful_tiles", "ShantenError", "GROUPS", "group_vector", "combine_vectors", "distances"]

_INF = 99
_M = 5  # number of sets a group can hold in a target: 0..4
_LEN = 2 * _M  # cost vectors are indexed 2*m + p


class ShantenError(MahjonggError):
    """Counts that are not a concealed hand: wrong length, a count outside 0-4, a bad tile total."""


# group layout: (first index, one past last, suited)
_GROUPS = ((0, 9, True), (9, 18, True), (18, 27, True), (27, 34, False))

# cost vectors (10 costs, index 2*m + p: the fewest tiles to add so a group, or
# several, holds m sets and p pairs, every kind at most 4), interned as ints
_VECTORS: list[tuple[int, ...]] = []
_VECTOR_ID: dict[tuple[int, ...], int] = {}
# group tables: group counts (bytes) -> vector id
_SUIT_COST: dict[bytes, int] = {}
_HONOR_COST: dict[bytes, int] = {}
# the same when declared melds hold some of the group's tiles: (counts, caps, suited) -> vector id
_CAPPED_COST: dict[tuple[bytes, bytes, bool], int] = {}
# combine tables, keyed by id_a * _BIG + id_b: the two groups' combined vector id, and
# the fewest tiles to add for 0..4 sets and the pair over both halves of a hand
_BIG = 1 << 32
_COMBINED: dict[int, int] = {}
_FINISHED: dict[int, tuple[int, ...]] = {}

_LIMIT = 100_000
"""Entries each table of group counts or vector ids keeps before it is emptied (only caches:
memory stays bounded in a long run, 10 MB or less each; the answers never change, and the
interned vectors they name, a few hundred, are kept)."""

_FOUR9 = bytes([4] * 9)
_FOUR7 = bytes([4] * 7)


def _intern(v: tuple[int, ...]) -> int:
    i = _VECTOR_ID.get(v)
    if i is None:
        i = _VECTOR_ID[v] = len(_VECTORS)
        _VECTORS.append(v)
    return i


def _rank_step(states: dict, have: int, cap: int, can_chow: bool) -> dict:
    """One rank of the forward programme of :func:`_solve`: the states after a rank
    holding ``have`` tiles, whose target may hold ``cap``, chows starting there if
    ``can_chow``. A state is (a, b, sets so far, pair used) -> fewest tiles added."""
    new: dict[tuple[int, int, int, int], int] = {}
    get = new.get
    for (a, b, m, p), cost in states.items():
        base = a + b
        if base > cap:
            continue
        kmax = min(cap - base, 4 - m, 2) if can_chow else 0  # three equal chows = three pungs
        for k in range(kmax + 1):
            for u in (0, 1):
                m2 = m + k + u
                if m2 > 4:
                    break
                for q in ((0, 1) if not p else (0,)):
                    t = base + k + 3 * u + 2 * q
                    if t > cap:
                        break
                    c = cost + (t - have if t > have else 0)
                    key = (b, k, m2, p | q)
                    old = get(key)
                    if old is None or c < old:
                        new[key] = c
    return new


def _solve(h: bytes, caps: bytes, suited: bool) -> tuple[int, ...]:
    """Cost vector of one group: for each (m sets, p pairs) the fewest tiles to add.

    ``h``: the group's counts (9 ranks, or 7 honors); ``caps``: how many of each
    kind a target may hold (4 less the copies in declared melds). A forward
    dynamic programme over the ranks; the state is (a, b, sets so far, pair
    used), ``a`` the chows started two ranks back, ``b`` those started one
    rank back. A kind's target count is ``a + b + new chows + 3*pung + 2*pair``
    (a second pung of a kind would need six tiles, so at most one). Used for
    groups with caps; uncapped groups use the memoised :func:`_tail`.
    """
    n = len(h)
    # state (a, b, m, p) -> cost; a = chows covering this rank and the previous two,
    # b = chows started at the previous rank
    states = {(0, 0, 0, 0): 0}
    for i in range(n):
        states = _rank_step(states, h[i], caps[i], suited and i <= n - 3)
    out = [_INF] * _LEN
    for (a, b, m, p), cost in states.items():
        if a == 0 and b == 0:
            j = 2 * m + p
            if cost < out[j]:
                out[j] = cost
    return tuple(out)


_TAIL_LIMIT = 100_000
_TAILS: tuple[dict[tuple[bytes, int, int], tuple[int, ...]], ...] = ({}, {})  # honors, suits
_TAIL_VECTORS: dict[tuple[int, ...], tuple[int, ...]] = {}
_EMPTY_TAIL = (0,) + (_INF,) * (_LEN - 1)


def _tail(h: bytes, a: int, b: int, suited: bool) -> tuple[int, ...]:
    """Cost vector of the ranks ``h`` (a group's last ranks), ``a`` + ``b`` chows running into
    its first rank (``b`` of them into the second too); four copies of each kind.

    The same dynamic programme as :func:`_solve`, run backwards and kept per
    (ranks left, a, b), so patterns sharing their last ranks share the work.
    At most two chows start at one rank: three equal chows hold the same tiles
    as three pungs.
    """
    memo = _TAILS[suited]
    key = (h, a, b)
    r = memo.get(key)
    if r is not None:
        return r
    if not h:
        return _EMPTY_TAIL
    have = h[0]
    rest = h[1:]
    base = a + b
    out = [_INF] * _LEN
    for k in range(min(2, 4 - base) + 1 if suited and len(h) >= 3 else 1):
        v = _tail(rest, b, k, suited)
        for u in (0, 1):
            shift = k + u
            for q in (0, 1):
                t = base + k + 3 * u + 2 * q
                if t > 4:
                    break
                extra = t - have if t > have else 0
                for m in range(_M - shift):
                    j = 2 * (m + shift)
                    c = v[2 * m] + extra
                    if q:
                        if c < out[j + 1]:
                            out[j + 1] = c
                    else:
                        if c < out[j]:
                            out[j] = c
                        c = v[2 * m + 1] + extra
                        if c < out[j + 1]:
                            out[j + 1] = c
    v = tuple(out)
    r = _TAIL_VECTORS.setdefault(v, v)
    if len(memo) >= _TAIL_LIMIT:  # only a cache: keep memory bounded in long runs
        memo.clear()
    memo[key] = r
    return r


# A group's vector from its two halves. The dynamic programme runs along the ranks
# with the chows running over a rank boundary as its only state, so a suit's vector is
# the least, over the chows crossing between ranks 4 and 5 (``a`` started at rank 3,
# ``b`` at rank 4, at most two each), of its first four ranks' vector (those chows
# started there) combined with its last five ranks' vector (:func:`_tail` with those
# chows running in). Honors (no chows) split 3 + 4 with nothing crossing. A half is
# summed up by the vectors it has for each crossing (its *signature*); halves are few
# (5**4 and 5**5 patterns) and their signatures fewer, so a group seen for the first
# time costs three look-ups: its two halves' signatures and the pair of them.
_SPLIT = {True: 4, False: 3}
_CROSSINGS = {True: tuple((a, b) for a in range(3) for b in range(3)), False: ((0, 0),)}
_HALF_ID: dict[tuple[int, ...], int] = {}  # half vectors, interned apart from the group vectors
_HALVES: list[tuple[int, ...]] = []
_SIG_ID: dict[tuple[int, ...], int] = {}  # half signatures: a half id (-1: none) per crossing
_SIGS: list[tuple[int, ...]] = []
_HEADS: tuple[dict[bytes, int], ...] = ({}, {})  # first ranks -> signature id
_ENDS: tuple[dict[bytes, int], ...] = ({}, {})  # last ranks -> signature id
_JOINED: dict[int, int] = {}  # head signature * _BIG + end signature -> the group's vector id
_HALF_PAIRS: dict[int, tuple[int, ...]] = {}  # half id * _BIG + half id -> the two combined
_JOIN_LIMIT = 50_000


def _half(v: tuple[int, ...]) -> int:
    i = _HALF_ID.get(v)
    if i is None:
        i = _HALF_ID[v] = len(_HALVES)
        _HALVES.append(v)
    return i


def _signature(halves: tuple[int, ...]) -> int:
    i = _SIG_ID.get(halves)
    if i is None:
        i = _SIG_ID[halves] = len(_SIGS)
        _SIGS.append(halves)
    return i


def _head(h: bytes, suited: bool) -> int:
    """The signature of a group's first ranks ``h``: for each crossing (a, b) --
    chows started at its second-last and last rank, running on -- the half id of
    its cost vector (sets started in ``h``, tiles lacking in ``h``), -1 if none."""
    if not suited:
        return _signature((_half(_tail(h, 0, 0, False)),))
    # the forward programme of _solve, caps 4, chows may start at every rank here
    states = {(0, 0, 0, 0): 0}
    for have in h:
        states = _rank_step(states, have, 4, True)
    vecs: dict[tuple[int, int], list[int]] = {}
    for (a, b, m, p), cost in states.items():
        out = vecs.get((a, b))
        if out is None:
            out = vecs[(a, b)] = [_INF] * _LEN
        j = 2 * m + p
        if cost < out[j]:
            out[j] = cost
    return _signature(tuple(_half(tuple(vecs[ab])) if ab in vecs else -1 for ab in _CROSSINGS[True]))


def _end(h: bytes, suited: bool) -> int:
    """The signature of a group's last ranks ``h``: for each crossing (a, b) -- chows
    running into its first rank, ``b`` of them into the second -- the half id of its
    cost vector."""
    return _signature(tuple(_half(_tail(h, a, b, suited)) for a, b in _CROSSINGS[suited]))


def _group_cost(key: bytes, suited: bool) -> int:
    """The vector id of a group (four copies of each kind), from its two halves; the
    vector equals ``_tail(key, 0, 0, suited)``."""
    n = _SPLIT[suited]
    first, rest = key[:n], key[n:]
    heads = _HEADS[suited]
    i = heads.get(first)
    if i is None:
        i = heads[first] = _head(first, suited)
    ends = _ENDS[suited]
    j = ends.get(rest)
    if j is None:
        j = ends[rest] = _end(rest, suited)
    k = i * _BIG + j
    r = _JOINED.get(k)
    if r is None:
        vs = []
        for x, y in zip(_SIGS[i], _SIGS[j]):
            if x >= 0:
                xy = x * _BIG + y
                v = _HALF_PAIRS.get(xy)
                if v is None:
                    v = _HALF_PAIRS[xy] = _combine_vectors(_HALVES[x], _HALVES[y])
                vs.append(v)
        if len(_JOINED) >= _JOIN_LIMIT:  # only caches: keep memory bounded
            _JOINED.clear()
            _HALF_PAIRS.clear()
        r = _JOINED[k] = _intern(tuple(map(min, *vs)) if len(vs) > 1 else vs[0])
    return r


def _suit_cost(key: bytes) -> int:
    r = _SUIT_COST.get(key)
    if r is None:
        if len(_SUIT_COST) >= _LIMIT:
            _SUIT_COST.clear()
        r = _SUIT_COST[key] = _group_cost(key, True)
    return r


def _honor_cost(key: bytes) -> int:
    r = _HONOR_COST.get(key)
    if r is None:
        if len(_HONOR_COST) >= _LIMIT:
            _HONOR_COST.clear()
        r = _HONOR_COST[key] = _group_cost(key, False)
    return r


def _capped_cost(key: bytes, caps: bytes, suited: bool) -> int:
    k = (key, caps, suited)
    r = _CAPPED_COST.get(k)
    if r is None:
        if len(_CAPPED_COST) >= _LIMIT:
            _CAPPED_COST.clear()
        r = _CAPPED_COST[k] = _intern(_solve(key, caps, suited))
    return r


def _combine_vectors(x: tuple[int, ...], y: tuple[int, ...]) -> tuple[int, ...]:
    """Cost vector of two groups together: sets shared out, at most one pair."""
    out = [_INF] * _LEN
    for m1 in range(_M):
        x0 = x[2 * m1]
        x1 = x[2 * m1 + 1]
        for m2 in range(_M - m1):
            y0 = y[2 * m2]
            y1 = y[2 * m2 + 1]
            j = 2 * (m1 + m2)
            c = x0 + y0
            if c < out[j]:
                out[j] = c
            c = x0 + y1
            if x1 + y0 < c:
                c = x1 + y0
            if c < out[j + 1]:
                out[j + 1] = c
    return tuple(out)


def _combine(a: int, b: int) -> int:
    """Id of the combined vector of vector ids ``a`` and ``b``."""
    k = a * _BIG + b
    r = _COMBINED.get(k)
    if r is None:
        if len(_COMBINED) >= _LIMIT:
            _COMBINED.clear()
        r = _COMBINED[k] = _intern(_combine_vectors(_VECTORS[a], _VECTORS[b]))
    return r


def _finish(a: int, b: int) -> tuple[int, ...]:
    """For 0..4 sets: the fewest tiles to add for that many sets and one pair over ids ``a``, ``b``."""
    k = a * _BIG + b
    r = _FINISHED.get(k)
    if r is None:
        x = _VECTORS[a]
        y = _VECTORS[b]
        out = []
        for sets in range(_M):
            best = _INF
            for m1 in range(sets + 1):
                m2 = sets - m1
                best = min(best, x[2 * m1] + y[2 * m2 + 1], x[2 * m1 + 1] + y[2 * m2])
            out.append(best)
        if len(_FINISHED) >= _LIMIT:
            _FINISHED.clear()
        r = _FINISHED[k] = tuple(out)
    return r


# --- the tables, for callers that evaluate many hands at once ----------------------------
GROUPS: tuple[tuple[int, int, bool], ...] = _GROUPS
"""The four groups of kinds: ``(first index, one past the last, suited)`` --
bamboo, characters, dots, honors."""


def group_vector(key: bytes, suited: bool) -> int:
    """The id of one group's cost vector (no declared melds: four copies of each kind).

    ``key``: the group's counts as ``bytes`` (9 ranks of a suit, or the 7
    honors); ``suited``: a suit (chows allowed) or the honors. The id stands
    for the fewest tiles to add so that the group holds ``m`` sets (0-4) and
    ``p`` pairs (0-1); equal vectors share an id. Combine ids with
    :func:`combine_vectors`, read distances with :func:`distances`.
    """
    r = (_SUIT_COST if suited else _HONOR_COST).get(key)
    if r is None:
        r = _suit_cost(key) if suited else _honor_cost(key)
    return r


def combine_vectors(a: int, b: int) -> int:
    """The id of the cost vector of two groups (or combined groups) together:
    the sets shared out between them, at most one pair."""
    r = _COMBINED.get(a * _BIG + b)
    return _combine(a, b) if r is None else r


def distances(a: int, b: int) -> tuple[int, ...]:
    """For 0..4 sets: the fewest tiles to add to the groups of ids ``a`` and
    ``b`` (together the whole hand) for that many sets and one pair.

    With ``a`` and ``b`` the combined ids of bamboo+characters and
    dots+honors, ``distances(a, b)[4 - declared] - 1`` is :func:`shanten`.
    """
    r = _FINISHED.get(a * _BIG + b)
    return _finish(a, b) if r is None else r


def _distance(c: list[int], sets: int) -> int:
    """Fewest tiles to draw for ``sets`` sets and a pair, from the four groups' vector ids."""
    return _finish(_combine(c[0], c[1]), _combine(c[2], c[3]))[sets]


def _check(counts, declared: int) -> bytes:
    """The counts as bytes after checking them; raises :class:`ShantenError`."""
    try:
        b = bytes(counts)
    except (ValueError, TypeError):
        raise ShantenError("counts must be 34 integers 0-4 (copies of each tile kind held)") from None
    total = sum(b)
    if (
        len(b) != NUM_KINDS
        or max(b) > 4
        or not (total == 13 - 3 * declared or total == 14 - 3 * declared)
        or not 0 <= declared <= 4
    ):
        _explain(b, declared)
    return b


def _explain(b: bytes, declared) -> None:
    """Raise the :class:`ShantenError` that says what is wrong with ``b``/``declared``."""
    if not (isinstance(declared, int) and 0 <= declared <= 4):
        raise ShantenError(f"declared={declared!r}: a hand declares 0 to 4 melds")
    if len(b) != NUM_KINDS:
        raise ShantenError(f"counts has {len(b)} entries; it needs one per tile kind ({NUM_KINDS})")
    i = max(range(NUM_KINDS), key=b.__getitem__)
    if b[i] > 4:
        raise ShantenError(f"counts holds {b[i]} copies of {TILES[i]}; there are only 4")
    need = 13 - 3 * declared
    raise ShantenError(
        f"{sum(b)} concealed tiles with {declared} declared meld(s); "
        f"expected {need} (waiting) or {need + 1} (with the drawn tile)"
    )


def _caps(b: bytes, held) -> bytes | None:
    """Per-kind target caps (4 less the copies in declared melds), or None if all 4."""
    if held is None:
        return None
    try:
        hb = bytes(held)
    except (ValueError, TypeError):
        hb = b""
    if len(hb) != NUM_KINDS or max(hb) > 4 or any(x < y for x, y in zip(hb, b)):
        raise ShantenError("held must be 34 counts 0-4, each at least the concealed count")
    if hb == b:
        return None
    return bytes(4 - h + c for h, c in zip(hb, b))


def _group_costs(b: bytes, caps: bytes | None) -> list[int]:
    """The four groups' vector ids."""
    if caps is None:
        return [_suit_cost(b[0:9]), _suit_cost(b[9:18]), _suit_cost(b[18:27]), _honor_cost(b[27:34])]
    out = []
    for lo, hi, suited in _GROUPS:
        key = b[lo:hi]
        cap = caps[lo:hi]
        if cap == (_FOUR9 if suited else _FOUR7):
            out.append(_suit_cost(key) if suited else _honor_cost(key))
        else:
            out.append(_capped_cost(key, cap, suited))
    return out


def shanten(counts, declared: int = 0, *, held=None) -> int:
    """Shanten number of a regular hand: -1 complete, 0 waiting, n exchanges from waiting.

    ``counts``: 34 counts (list, tuple or bytes; index = :class:`~mahjongg.tiles.Tile`)
    of the concealed tiles -- 13 or 14 less three per declared meld (a kong
    counts three). ``declared``: melds already laid on the table (exposed sets
    and concealed kongs), 0-4. ``held``: optional 34 counts of every tile the
    player holds, melds included (as in :func:`mahjongg.decomposition.waits`);
    copies in his melds cannot be drawn again. Without it, four copies of each
    kind are assumed available.

    Returns an int from -1 to 8 (8: thirteen unrelated tiles). Only the regular
    shape (sets and one pair) is counted. Raises :class:`ShantenError` (a
    ``ValueError``) for a wrong length, a count outside 0-4 or a tile total
    that does not match ``declared``.
    """
    b = _check(counts, declared)
    if held is None:
        s = _SUIT_COST
        try:
            return (
                _FINISHED[
                    _COMBINED[s[b[0:9]] * _BIG + s[b[9:18]]] * _BIG
                    + _COMBINED[s[b[18:27]] * _BIG + _HONOR_COST[b[27:34]]]
                ][4 - declared]
                - 1
            )
        except KeyError:  # a pattern or combination seen for the first time
            return _distance(_group_costs(b, None), 4 - declared) - 1
    return _distance(_group_costs(b, _caps(b, held)), 4 - declared) - 1


def useful_tiles(counts, declared: int = 0, *, held=None) -> list[Tile]:
    """The tile kinds that lower the shanten when drawn (ukeire kinds), in tile order.

    Same arguments as :func:`shanten`. For a hand between turns (13 tiles less
    three per declared meld): the kinds whose draw leaves a hand of lower
    shanten -- for a waiting hand, its waits. For a hand holding its drawn tile
    (one more): the kinds that, drawn in exchange for one of its tiles, lower
    its shanten. Kinds the player holds all four of (melds included, when
    ``held`` is given) are never listed; a complete hand has none.
    """
    b = _check(counts, declared)
    caps = _caps(b, held)
    sets = 4 - declared
    if sum(b) == 13 - 3 * declared:
        return _useful13(b, caps, sets)
    # a hand holding its drawn tile: union over the discards that keep the shanten
    s = _distance(_group_costs(b, caps), sets)
    if s == 0:
        return []
    found: set[int] = set()
    lst = bytearray(b)
    for x in range(NUM_KINDS):
        if not b[x]:
            continue
        lst[x] -= 1
        bx = bytes(lst)
        lst[x] += 1
        if _distance(_group_costs(bx, caps), sets) == s:
            found.update(t for t in _useful13(bx, caps, sets) if t != x)
    return [TILES[t] for t in sorted(found)]


def _useful13(b: bytes, caps: bytes | None, sets: int) -> list[Tile]:
    """Tiles whose draw lowers the distance of a 3n+1 hand; each group redone with the others fixed."""
    c = _group_costs(b, caps)
    base = _distance(c, sets)
    out: list[Tile] = []
    for g, (lo, hi, suited) in enumerate(_GROUPS):
        o = [c[j] for j in range(4) if j != g]
        other = _combine(_combine(o[0], o[1]), o[2])
        key = bytearray(b[lo:hi])
        cap = None if caps is None else caps[lo:hi]
        for i in range(hi - lo):
            if key[i] >= (4 if cap is None else cap[i]):
                continue
            key[i] += 1
            k = bytes(key)
            key[i] -= 1
            if cap is None:
                cg = _suit_cost(k) if suited else _honor_cost(k)
            else:
                cg = _capped_cost(k, cap, suited)
            if _finish(other, cg)[sets] < base:
                out.append(TILES[lo + i])
    return out
