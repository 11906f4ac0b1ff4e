"""The engine's interned objects and look-ups, made once at import: every
action and meld the engine hands out (shared objects, so a bot's choice is
found by identity), the seat
order per number of players, tiles from counts, the shuffle, and per-ruleset
facts (its full set, its logged options).

These are the internals of :mod:`mahjongg.table`: :class:`~mahjongg.table.Game`
and the modules beside it use them; nothing here has state beyond its caches.
"""

from __future__ import annotations

import random
from typing import Iterable, Sequence

from ..hand import Meld, MeldKind
from ..rules.context import WinBy
from ..rules.ruleset import Ruleset
from ..tiles import NUM_KINDS, TILES, Tile, Wind
from .actions import Action, ActionKind
from .events import LOG_VERSION, logs_option

__all__ = ["full_set"]

# enum members bound once (a class look-up each time otherwise; see .actions)
_M_CHOW, _M_PUNG, _M_KONG = MeldKind.CHOW, MeldKind.PUNG, MeldKind.KONG
_BY_WALL, _BY_DISCARD, _BY_LOOSE, _BY_ROBBED = WinBy.WALL, WinBy.DISCARD, WinBy.LOOSE, WinBy.ROBBED_KONG
# the priority of a claim on a discard, by its kind's value (an Enum member hashes in Python)
_CLAIM_RANK = {"mahjongg": 0, "kong": 1, "pung": 1, "chow": 2}


def full_set(ruleset: Ruleset) -> list[Tile]:
    """Every tile of the set the ruleset plays with, sorted: four of each
    playing kind and one of each bonus tile."""
    tiles = [t for t in TILES[:NUM_KINDS] for _ in range(4)]
    tiles.extend(sorted(TILES[i] for i in ruleset.bonus_tiles))
    return tiles


# every action but a chow, made once: _ACTS[kind][seat][tile]
_ACTS = {
    k: [tuple(Action(k, w, TILES[i]) for i in range(NUM_KINDS)) for w in Wind]
    for k in ActionKind
    if k not in (ActionKind.CHOW, ActionKind.BONUS, ActionKind.CAPTURE)
}
_DISCARDS = _ACTS[ActionKind.DISCARD]
# every chow of a suited tile, made once: _CHOW_ACTS[seat][tile] = (run from tile-2, from tile-1, from tile)
_CHOW_ACTS = [
    [
        tuple(Action(ActionKind.CHOW, w, TILES[i], TILES[low]) if 0 <= low and low // 9 == i // 9 and low % 9 <= 6 else None for low in (i - 2, i - 1, i))
        if i < 27
        else ()
        for i in range(NUM_KINDS)
    ]
    for w in Wind
]
_CONCEALED_KONG_ACTS = _ACTS[ActionKind.CONCEALED_KONG]


_WINDS = tuple(Wind)


# per seat count: (next seat in play after each wind, the other seats in play after each wind)
_SEAT_ORDER = {
    n: (
        [_WINDS[(w + 1) % n] if w < n else None for w in range(4)],
        [tuple(o for o in _WINDS[:n] if o != w) for w in range(4)],
    )
    for n in (2, 3, 4)
}

# Fisher-Yates steps of a list of n items: (i, i + 1, bits of i + 1) for i = n - 1 .. 1
_SHUFFLE_STEPS: dict[int, tuple[tuple[int, int, int], ...]] = {}


def _shuffle(rng: random.Random, x: list) -> None:
    """``rng.shuffle(x)``, the same permutation from the same generator state
    (CPython's Fisher-Yates with ``_randbelow_with_getrandbits``), written out:
    a new hand shuffles 136 or 144 tiles, and the method calls cost more than the
    swaps."""
    steps = _SHUFFLE_STEPS.get(len(x))
    if steps is None:
        steps = _SHUFFLE_STEPS[len(x)] = tuple((i, i + 1, (i + 1).bit_length()) for i in range(len(x) - 1, 0, -1))
    getrandbits = rng.getrandbits
    for i, n, k in steps:
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


# the melds the engine lays out, made once each (a Meld is a frozen value; its constructor checks it)
_MELDS: dict[tuple[MeldKind, int, bool, bool], Meld] = {}


def _meld(kind: MeldKind, t: Tile, exposed: bool, claimed: bool = False) -> Meld:
    m = _MELDS.get((kind, t, exposed, claimed))
    if m is None:
        m = _MELDS[(kind, t, exposed, claimed)] = Meld(kind, TILES[t], exposed, claimed)
    return m


def _act(kind: ActionKind, seat: Wind, t: Tile) -> Action:
    return _ACTS[kind][seat][t]


# notation of every tile and letter of every wind, by index (``str(t)``, ``w.letter``)
_TSTR = tuple(str(t) for t in TILES)
_LETTER = tuple(w.letter for w in Wind)


# per group of kinds (bamboo, characters, dots, honors): its counts as bytes -> its tiles
_GROUP_TILES: tuple[dict[bytes, tuple[Tile, ...]], ...] = ({}, {}, {}, {})
_GROUP_LIMIT = 20_000


def _group_tiles(g: int, key: bytes) -> tuple[Tile, ...]:
    memo = _GROUP_TILES[g]
    r = memo.get(key)
    if r is None:
        lo = 9 * g
        r = tuple(TILES[lo + i] for i in range(len(key)) for _ in range(key[i]))
        if len(memo) >= _GROUP_LIMIT:  # only a cache: keep memory bounded
            memo.clear()
        memo[key] = r
    return r


def _tiles_of(counts: Sequence[int]) -> tuple[Tile, ...]:
    """The tiles a 34-count vector holds, sorted (four memoised look-ups, one per group)."""
    try:
        b = bytes(counts)
    except ValueError:  # a count out of range (only a broken hand): the slow way
        return tuple(TILES[i] for i in range(NUM_KINDS) for _ in range(counts[i]))
    g0, g1, g2, g3 = _GROUP_TILES
    try:
        return g0[b[0:9]] + g1[b[9:18]] + g2[b[18:27]] + g3[b[27:34]]
    except KeyError:
        return _group_tiles(0, b[0:9]) + _group_tiles(1, b[9:18]) + _group_tiles(2, b[18:27]) + _group_tiles(3, b[27:34])


def _action_event(a: Action) -> dict:
    """The ``action`` event of ``a``: ``{"type": "action", **a.to_dict()}``, made
    from a template for the engine's own (interned) actions."""
    entry = _ACTION_EVENTS.get(id(a))
    if entry is not None and entry[0] is a:
        return entry[1].copy()
    return {"type": "action", **a.to_dict()}


def _interned_actions() -> Iterable[Action]:
    for per_kind in _ACTS.values():
        for per_seat in per_kind:
            yield from per_seat
    for per_seat in _CHOW_ACTS:
        for runs in per_seat:
            yield from (a for a in runs if a is not None)


_ACTION_EVENTS = {id(a): (a, {"type": "action", **a.to_dict()}) for a in _interned_actions()}


def _isolated(counts: Sequence[int], t: int) -> bool:
    """Whether ``t`` (held once in ``counts``) can be in no set or pair: no other
    copy held and, for a suited tile, no tile of its suit within two ranks.
    Such a hand is not four sets and a pair -- a cheap test before
    :func:`~mahjongg.decomposition.is_complete`."""
    if counts[t] != 1:
        return False
    for i in _NEIGHBOURS[t]:
        if counts[i]:
            return False
    return True


# the kinds of a tile's suit within two ranks of it (none for an honor)
_NEIGHBOURS = tuple(
    tuple(i for i in range(t - 2, t + 3) if i != t and 0 <= i < 27 and i // 9 == t // 9) if t < 27 else ()
    for t in range(NUM_KINDS)
)


_NO_WAITS: frozenset[int] = frozenset()

_RULESET_CACHE: dict[int, tuple[Ruleset, list[Tile], dict]] = {}


def _ruleset_facts(r: Ruleset) -> tuple[Ruleset, list[Tile], dict]:
    """(ruleset, its full set, its logged options), worked out once per ruleset object
    (a ruleset is frozen); callers copy what they change."""
    entry = _RULESET_CACHE.get(id(r))
    if entry is None or entry[0] is not r:
        entry = (r, full_set(r), _ruleset_options(r))
        if len(_RULESET_CACHE) > 256:
            _RULESET_CACHE.clear()
        _RULESET_CACHE[id(r)] = entry
    return entry


def _ruleset_options(r: Ruleset, version: int = LOG_VERSION) -> dict:
    """The ruleset's plain options, stored in the log so a hand replays under its own rules;
    ``version``: the log's format (an option a log of it did not always hold is left out
    at its default: :data:`~mahjongg.table.events.OPTIONS_SINCE`)."""
    out = {}
    fields = r.__dataclass_fields__
    for f in fields:
        if f in ("name", "title", "source", "limit_source", "rules", "options"):
            continue
        v = getattr(r, f)
        if v == fields[f].default and not logs_option(f, version):
            continue  # at its default: not logged, as before the option existed
        if isinstance(v, tuple) and all(isinstance(x, (int, str)) for x in v):
            out[f] = list(v)
        elif v is None or isinstance(v, (bool, int, str, float)):
            out[f] = v
        # other options (a faan table, ...) come with the ruleset's name
    return out
