"""Decomposition: arrangements of a hand into sets and a pair, the win check, waits.

Pure functions over 34-count vectors (``counts[tile] = copies held``), in the
style of the ``mahjong`` package. Each group -- bamboo, characters, dots,
honors -- is solved once per pattern of counts and the answer kept in a
lookup table keyed by the group's counts as ``bytes``; a hand is then four
table lookups. Nothing here knows any ruleset.

Source: seed 000 (Pung Chow Part I), "Summary of the game": a complete hand is
"four sets and a pair", a set being "three of a kind, four of a kind or three
in a sequence"; "Four of a kind" -- four held undeclared in the hand is not a
kong (so the concealed part is split into pungs, chows and one pair only).
"""

from __future__ import annotations

from itertools import product

from .hand import Meld, MeldKind
from .tiles import NUM_KINDS, TILES, Tile

__all__ = ["is_complete", "arrangements", "waits", "Arrangement"]

Arrangement = tuple[Meld, ...]
"""Sets and the pair covering a hand's concealed tiles, in tile order."""

_GROUPS = ((0, 9, True), (9, 18, True), (18, 27, True), (27, 34, False))

# status tables: pattern -> -1 (no arrangement), 0 (sets only), 1 (sets and one pair)
_SUIT_STATUS: dict[bytes, int] = {}
_HONOR_STATUS: dict[bytes, int] = {}
# arrangement tables, one per group: pattern -> tuple of (melds, has_pair)
_ARRANGEMENTS: tuple[dict[bytes, tuple[tuple[tuple[Meld, ...], bool], ...]], ...] = ({}, {}, {}, {})


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
    table = _SUIT_STATUS if suited else _HONOR_STATUS
    r = table.get(pattern)
    if r is None:
        total = sum(pattern)
        if total % 3 == 1:
            r = -1
        else:
            want_pair = total % 3 == 2
            r = -1
            for _, has_pair in _solve(pattern, suited):
                if has_pair == want_pair:
                    r = int(has_pair)
                    break
        table[pattern] = r
    return r


def is_complete(counts) -> bool:
    """True if the tiles form sets and exactly one pair (no tiles left over).

    ``counts``: 34 counts (list, tuple or bytes) of the concealed tiles; the
    number of sets is whatever the tiles make (4 less one per declared meld
    for a real hand). Kongs are never found in the hand: four held
    undeclared are a pung and one more tile.
    """
    b = bytes(counts)
    pairs = 0
    for lo, hi, suited in _GROUPS:
        key = b[lo:hi]
        r = (_SUIT_STATUS if suited else _HONOR_STATUS).get(key)
        if r is None:
            r = _status(key, suited)
        if r < 0:
            return False
        pairs += r
    return pairs == 1


def _group_arrangements(g: int, key: bytes) -> tuple[tuple[tuple[Meld, ...], bool], ...]:
    table = _ARRANGEMENTS[g]
    found = table.get(key)
    if found is None:
        lo, _, suited = _GROUPS[g]
        want_pair = sum(key) % 3 == 2
        found = tuple(
            (tuple(Meld(kind, TILES[lo + i]) for kind, i in melds), has_pair)
            for melds, has_pair in _solve(key, suited)
            if has_pair == want_pair
        )
        table[key] = found
    return found


def arrangements(counts) -> list[Arrangement]:
    """Every arrangement of the tiles into concealed sets and exactly one pair.

    ``counts``: 34 counts of the concealed tiles (3n + 2 of them). Returns a
    list of tuples of :class:`~mahjongg.hand.Meld` (all concealed), empty if
    the tiles are not complete. Distinct arrangements differ as multisets of
    melds (``111222333b`` gives three pungs, or three chows).
    """
    b = bytes(counts)
    per_group = []
    pairs = 0
    for g, (lo, hi, _) in enumerate(_GROUPS):
        key = b[lo:hi]
        total = sum(key)
        if total == 0:
            continue
        mod = total % 3
        if mod == 1:
            return []
        pairs += mod == 2
        found = _group_arrangements(g, key)
        if not found:
            return []
        per_group.append(found)
    if pairs != 1:
        return []
    if len(per_group) == 1:
        return [melds for melds, _ in per_group[0]]
    return [sum((melds for melds, _ in combo), ()) for combo in product(*per_group)]


def waits(counts, held=None) -> list[Tile]:
    """The tiles that would complete a waiting hand (3n + 1 concealed tiles).

    ``counts``: 34 counts of the concealed tiles. ``held``: 34 counts of every
    tile the player holds, melds included (defaults to ``counts``); a tile
    he holds all four of cannot be waited on. Returns the tiles, in order.
    """
    c = list(counts)
    h = held if held is not None else c
    out = []
    for i in range(NUM_KINDS):
        if h[i] >= 4:
            continue
        c[i] += 1
        if is_complete(c):
            out.append(TILES[i])
        c[i] -= 1
    return out
