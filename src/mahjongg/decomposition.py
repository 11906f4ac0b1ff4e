"""Decomposition: arrangements of a hand into sets and a pair, the win check, waits.

Pure functions over 34-count vectors (``counts[tile] = copies held``), in the
style of the ``mahjong`` package. Each group -- bamboo, characters, dots,
honors -- is solved once per pattern of counts and the answer kept in a
lookup table keyed by the group's counts as ``bytes``; a hand is then four
table lookups (the arrangements' :class:`~mahjongg.hand.Meld` tuples are made
once per group pattern and shared). Nothing here knows any ruleset.

Source: seed 000 (Pung Chow Part I), "Summary of the game": a complete hand is
"four sets and a pair", a set being "three of a kind, four of a kind or three
in a sequence"; "Four of a kind" -- four held undeclared in the hand is not a
kong (so the concealed part is split into pungs, chows and one pair only).
"""

from __future__ import annotations

from .hand import Meld, MeldKind
from .tiles import NUM_KINDS, TILES, Tile

__all__ = ["is_complete", "arrangements", "waits", "Arrangement", "is_thirteen_orphans", "is_seven_pairs", "HEADS"]

Arrangement = tuple[Meld, ...]
"""Sets and the pair covering a hand's concealed tiles, in tile order."""

_GROUPS = ((0, 9, True), (9, 18, True), (18, 27, True), (27, 34, False))

# Status of a group's counts: 0 = sets only, 1 = sets and one pair, 2 = no
# arrangement. Statuses add up: a hand is complete exactly when its four
# groups' statuses sum to 1 (any 2 makes the sum at least 2).
_NONE = 2
# status tables: pattern -> status (suits share one table: a suit's shape does not depend on the suit)
_SUIT_STATUS: dict[bytes, int] = {}
_HONOR_STATUS: dict[bytes, int] = {}
_LIMIT = 100_000
"""Entries a table here keeps before it is emptied (only caches: memory stays bounded in a long
run, about 7 MB each at this size; the answers never change). ``_ARRANGEMENTS`` keeps a fifth."""
# arrangement tables, one per group: pattern -> (status, arrangements, the only
# arrangement or None); the arrangements are tuples of Meld (made once, shared
# by every hand), ``((),)`` for an empty group and ``()`` for a pattern with none.
_ARRANGEMENTS: tuple[dict[bytes, tuple], ...] = ({}, {}, {}, {})


def _solve(pattern: bytes, suited: bool) -> list[tuple[tuple[tuple[MeldKind, int], ...], bool]]:
    """Every way to split one group's counts into sets and at most one pair.

    Returns a list of (sorted (kind, rank index) tuple, has_pair), all tiles used.
    """
    counts = list(pattern)
    n = len(counts)
    found: set[tuple[tuple[tuple[MeldKind, int], ...], bool]] = set()
    acc: list[tuple[MeldKind, int]] = []

    def rec(i: int, pair: bool) -> None:
        while i < n and counts[i] == 0:
            i += 1
        if i == n:
            found.add((tuple(sorted(acc, key=lambda m: (m[1], m[0].value))), pair))
            return
        if counts[i] >= 3:
            counts[i] -= 3
            acc.append((MeldKind.PUNG, i))
            rec(i, pair)
            acc.pop()
            counts[i] += 3
        if suited and i + 2 < n and counts[i + 1] and counts[i + 2]:
            counts[i] -= 1
            counts[i + 1] -= 1
            counts[i + 2] -= 1
            acc.append((MeldKind.CHOW, i))
            rec(i, pair)
            acc.pop()
            counts[i] += 1
            counts[i + 1] += 1
            counts[i + 2] += 1
        if not pair and counts[i] >= 2:
            counts[i] -= 2
            acc.append((MeldKind.PAIR, i))
            rec(i, True)
            acc.pop()
            counts[i] += 2

    rec(0, False)
    return sorted(found, key=repr)


def _status(pattern: bytes, suited: bool) -> int:
    """Status of one group's counts (0 sets only, 1 with the pair, 2 none), kept in its table."""
    table = _SUIT_STATUS if suited else _HONOR_STATUS
    r = table.get(pattern)
    if r is None:
        total = sum(pattern)
        r = _NONE
        if total % 3 != 1:
            want_pair = total % 3 == 2
            for _, has_pair in _solve(pattern, suited):
                if has_pair == want_pair:
                    r = int(has_pair)
                    break
        if len(table) >= _LIMIT:
            table.clear()
        table[pattern] = r
    return r


def _is_complete_slow(b: bytes) -> bool:
    return (
        _status(b[0:9], True) + _status(b[9:18], True) + _status(b[18:27], True) + _status(b[27:34], False)
    ) == 1


def is_complete(counts) -> bool:
    """True if the tiles form sets and exactly one pair (no tiles left over).

    ``counts``: 34 counts (list, tuple or bytes) of the concealed tiles; the
    number of sets is whatever the tiles make (4 less one per declared meld
    for a real hand). Kongs are never found in the hand: four held
    undeclared are a pung and one more tile.
    """
    b = bytes(counts)
    s = _SUIT_STATUS
    try:  # statuses add up to 1 exactly when complete; stop as soon as the sum passes 1
        r = _HONOR_STATUS[b[27:34]]  # honors first: a lone or fourth honor fails at once
        if r > 1:
            return False
        r += s[b[0:9]]
        if r > 1:
            return False
        r += s[b[9:18]]
        if r > 1:
            return False
        return r + s[b[18:27]] == 1
    except KeyError:  # a pattern seen for the first time
        return _is_complete_slow(b)


def _group_arrangements(g: int, key: bytes) -> tuple:
    """(status, arrangements, the only arrangement or None) of group ``g``'s counts, kept in its table."""
    table = _ARRANGEMENTS[g]
    found = table.get(key)
    if found is None:
        lo, _, suited = _GROUPS[g]
        status = _status(key, suited)
        if status == _NONE:
            found = (_NONE, (), None)
        else:
            want_pair = bool(status)
            arrs = tuple(
                tuple(Meld(kind, TILES[lo + i]) for kind, i in melds)
                for melds, has_pair in _solve(key, suited)
                if has_pair == want_pair
            )
            found = (status, arrs, arrs[0] if len(arrs) == 1 else None)
        if len(table) >= _LIMIT // 5:
            table.clear()
        table[key] = found
    return found


def _arrangements_slow(b: bytes) -> list[Arrangement]:
    parts = [_group_arrangements(g, b[lo:hi]) for g, (lo, hi, _) in enumerate(_GROUPS)]
    if sum(p[0] for p in parts) != 1:
        return []
    return [w + x + y + z for w in parts[0][1] for x in parts[1][1] for y in parts[2][1] for z in parts[3][1]]


_T0, _T1, _T2, _T3 = _ARRANGEMENTS


def arrangements(counts) -> list[Arrangement]:
    """Every arrangement of the tiles into concealed sets and exactly one pair.

    ``counts``: 34 counts of the concealed tiles (3n + 2 of them). Returns a
    list of tuples of :class:`~mahjongg.hand.Meld` (all concealed), empty if
    the tiles are not complete. Distinct arrangements differ as multisets of
    melds (``111222333b`` gives three pungs, or three chows).
    """
    b = bytes(counts)
    try:
        s0, a0, o0 = _T0[b[0:9]]
        s1, a1, o1 = _T1[b[9:18]]
        s2, a2, o2 = _T2[b[18:27]]
        s3, a3, o3 = _T3[b[27:34]]
    except KeyError:  # a pattern seen for the first time
        return _arrangements_slow(b)
    if s0 + s1 + s2 + s3 != 1:
        return []
    if o0 is None or o1 is None or o2 is None or o3 is None:
        return [w + x + y + z for w in a0 for x in a1 for y in a2 for z in a3]
    return [o0 + o1 + o2 + o3]


def waits(counts, held=None) -> list[Tile]:
    """The tiles that would complete a waiting hand (3n + 1 concealed tiles).

    ``counts``: 34 counts of the concealed tiles. ``held``: 34 counts of every
    tile the player holds, melds included (defaults to ``counts``); a tile
    he holds all four of cannot be waited on. Returns the tiles, in order.
    """
    b = bytes(counts)
    h = b if held is None else held
    s = _SUIT_STATUS
    try:
        s0, s1, s2, s3 = s[b[0:9]], s[b[9:18]], s[b[18:27]], _HONOR_STATUS[b[27:34]]
    except KeyError:  # a pattern seen for the first time
        s0, s1, s2, s3 = (_status(b[lo:hi], suited) for lo, hi, suited in _GROUPS)
    total = s0 + s1 + s2 + s3
    out: list[Tile] = []
    if total > 3:  # every group's others add up to 2 or more: nothing completes the hand
        return out
    for g, st in enumerate((s0, s1, s2, s3)):
        others = total - st
        if others > 1:  # another group has no arrangement, or two have pairs
            continue
        want = 1 - others
        lo, hi, suited = _GROUPS[g]
        key = b[lo:hi]
        after = _AFTER_ONE[g == 3].get(key)
        if after is None:
            after = _after_one(key, suited)
        for i in after[want]:
            if h[lo + i] < 4:
                out.append(TILES[lo + i])
    return out


# per group (suited, honors): its counts -> (ranks whose addition leaves sets only, ranks
# whose addition leaves sets and the pair): what waits reads for one group
_AFTER_ONE: tuple[dict[bytes, tuple[tuple[int, ...], tuple[int, ...]]], ...] = ({}, {})
_AFTER_ONE_LIMIT = 50_000


def _after_one(key: bytes, suited: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
    found: tuple[list[int], list[int]] = ([], [])
    k = bytearray(key)
    for i in range(len(key)):
        if k[i] >= 4:
            continue
        k[i] += 1
        r = _status(bytes(k), suited)
        k[i] -= 1
        if r != _NONE:
            found[r].append(i)
    memo = _AFTER_ONE[not suited]
    if len(memo) >= _AFTER_ONE_LIMIT:  # only a cache: keep memory bounded
        memo.clear()
    r = memo[key] = (tuple(found[0]), tuple(found[1]))
    return r


# --- special shapes: cheap tests on 34-count vectors --------------------------------

HEADS = tuple(i for i in range(NUM_KINDS) if TILES[i].is_head)
"""The thirteen heads (ones, nines, winds, dragons) as indices."""

_HEADS = frozenset(HEADS)


def is_thirteen_orphans(counts) -> bool:
    """Fourteen tiles: one of each of the thirteen heads and a second of one
    of them (thirteen orphans, Thirteen Unique Wonders, the thirteen heads)."""
    pairs = 0
    for i, n in enumerate(counts):
        if n:
            if i not in _HEADS or n > 2:
                return False
            pairs += n == 2
    return pairs == 1 and sum(counts) == 14


def is_seven_pairs(counts, distinct: bool = True) -> bool:
    """Fourteen tiles in seven pairs (``distinct``: seven different kinds;
    otherwise four alike count as two pairs)."""
    if sum(counts) != 14:
        return False
    if distinct:
        return all(n in (0, 2) for n in counts)
    return all(n in (0, 2, 4) for n in counts)
