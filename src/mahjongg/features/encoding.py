"""The observation encoding: one seat's :class:`~mahjongg.table.Observation` as a NumPy array.

:func:`encode` is a pure function of the observation (and the ruleset's
:class:`~.actions.ActionTable`, which fixes the columns): it reads nothing
else, so it holds only what the seat may see -- its own concealed tiles and
what lies face up on the table, never another seat's concealed tiles nor the
wall order.

The array is ``float32``, shape ``(PLANES, kinds)``, every value in [0, 1].
``kinds`` = 34 tile kinds (1b..9b, 1c..9c, 1d..9d, E S W N, R G Wh: the order
of :data:`~mahjongg.tiles.TILES`) + the ruleset's bonus tiles (sorted; 0 or
8). Seats are *relative*: ``r = 0`` is the seat itself, ``r = 1`` the seat
on its right (the next to play), then across, then on its left (with two or
three players the missing seats' planes stay 0).

=========  ===============================================================
plane      value at column ``t``
=========  ===============================================================
0          own concealed tiles of kind ``t`` / 4 (the drawn tile included)
1          1 at the tile just drawn (wall or loose tile)
2          own bonus tiles held back (``Observation.hidden``): 1
3 + r      exposed sets of seat ``r`` (chows, pungs, exposed kongs): copies of ``t`` / 4
7 + r      concealed kongs of seat ``r``: 1 at the kong's kind
11 + r     bonus tiles laid out by seat ``r``: 1
15 + r     discards lying in front of seat ``r``: copies of ``t`` / 4
19 + 6r+k  seat ``r``'s discards in order: 1 at its (k+1)-th latest discard
           (k = 0..5; claimed discards included)
43         the discard being claimed (claim window open), or the tile being
           added to a pung (robbing the kong): 1
44         scalars: columns 0-3 own seat wind, 4-7 round wind (one-hot E S W N);
           8-12 phase one-hot: own turn, another seat's turn, claim window on
           a discard, robbing a kong, washing window; 13 tiles left in the
           wall / tiles in the set; 14 tiles that may still be drawn / tiles
           in the set; 15-17 players 2/3/4 one-hot; 18 hand over
45         per seat ``r``: column r concealed tiles held / 14; 4+r dead hand;
           8+r whose turn (one-hot); 12+r who made the last discard
           (one-hot); 16+r own seat still to answer the claim window (r=0);
           20+r seat ``r`` declared Original Call; 24+r seat ``r`` declared
           its hand calling (``Observation.original_call``, ``calling``)
=========  ===============================================================

:func:`encode_batch` encodes many observations into one preallocated
``(n, PLANES, kinds)`` array (for vectorised stepping).
"""

from __future__ import annotations

import numpy as np

from ..hand import MeldKind
from ..table.observation import Observation
from ..table.phase import Phase
from ..tiles import NUM_KINDS
from .actions import ActionTable

__all__ = ["PLANES", "RECENT", "encode", "encode_into", "encode_batch", "shape"]

RECENT = 6
"""Latest discards of each seat encoded one plane each (planes 19..42)."""
PLANES = 46
"""Planes of the encoding."""

_OWN, _DRAWN, _HIDDEN, _EXPOSED, _CKONG, _BONUS, _DISCARDS, _RECENT = 0, 1, 2, 3, 7, 11, 15, 19
_CLAIMED, _SCALARS, _SEATS = 43, 44, 45
_PHASE = {"own": 8, "other": 9, "claims": 10, "robbing": 11, "washing": 12}
_KONG, _CHOW = MeldKind.KONG, MeldKind.CHOW


def shape(table: ActionTable) -> tuple[int, int]:
    """``(PLANES, kinds)`` for a ruleset's action table."""
    return (PLANES, NUM_KINDS + len(table.bonus))


def _columns(table: ActionTable) -> dict[int, int]:
    cols = table.__dict__.get("_columns")
    if cols is None:
        cols = {i: i for i in range(NUM_KINDS)}
        cols.update({int(t): NUM_KINDS + j for j, t in enumerate(table.bonus)})
        object.__setattr__(table, "_columns", cols)
    return cols


def encode(obs: Observation, table: ActionTable) -> np.ndarray:
    """The encoding of ``obs`` (a new ``float32`` array of :func:`shape`)."""
    obs.__getstate__()  # a lazy observation's fields all at once (cheaper than one by one)
    kinds = NUM_KINDS + len(table.bonus)
    seats = obs.seats
    n = len(seats)
    pos = seats.index(obs.seat)
    rel = {s: (i - pos) % n for i, s in enumerate(seats)}
    flat = np.bincount(_indices(obs, table, kinds, rel), minlength=PLANES * kinds).astype(np.float32)
    flat *= _scale(kinds)
    _scalars(obs, table, flat, kinds, rel)
    return flat.reshape(PLANES, kinds)


def encode_batch(observations, table: ActionTable, out: np.ndarray | None = None) -> np.ndarray:
    """Encode a sequence of observations into ``out`` (``(n, PLANES, kinds)``; made if ``None``)."""
    n = len(observations)
    if out is None:
        out = np.zeros((n, *shape(table)), dtype=np.float32)
    for i, obs in enumerate(observations):
        encode_into(obs, table, out[i])
    return out


def encode_into(obs: Observation, table: ActionTable, out: np.ndarray) -> None:
    """Write the encoding of ``obs`` into ``out`` (shape :func:`shape`)."""
    out[...] = encode(obs, table)


_SCALES: dict[int, np.ndarray] = {}


def _scale(kinds: int) -> np.ndarray:
    """Per element: 1/4 on the planes that count copies, 1 elsewhere."""
    v = _SCALES.get(kinds)
    if v is None:
        rows = np.ones(PLANES, dtype=np.float32)
        rows[[_OWN, *range(_EXPOSED, _EXPOSED + 4), *range(_DISCARDS, _DISCARDS + 4)]] = 0.25
        v = _SCALES[kinds] = np.repeat(rows, kinds)
    return v


def _indices(obs: Observation, table: ActionTable, kinds: int, rel: dict) -> list[int]:
    """The flat index of every tile the planes count (an index twice: two copies)."""
    cols = _columns(table)
    n = len(rel)
    ix = list(obs.concealed)  # plane 0: own tiles are playing kinds (bonus tiles are laid out or held back)
    add = ix.append
    if obs.drawn is not None:
        add(_DRAWN * kinds + cols[obs.drawn])
    for t in obs.hidden:
        add(_HIDDEN * kinds + cols[t])
    for s, melds in obs.melds.items():
        r = rel[s]
        for m in melds:
            if m.kind is _KONG and not m.exposed:
                add((_CKONG + r) * kinds + m.tile)
            else:
                ix.extend(map(((_EXPOSED + r) * kinds).__add__, m.tiles))
    for s, tiles in obs.bonus.items():
        if tiles:
            base = (_BONUS + rel[s]) * kinds
            ix.extend(base + cols[t] for t in tiles)
    for s, tiles in obs.discards.items():
        ix.extend(map(((_DISCARDS + rel[s]) * kinds).__add__, tiles))  # in C: discards are most of the tiles
    seen = [0, 0, 0, 0]
    history = obs.discard_history
    left = RECENT * n
    for i in range(len(history) - 1, -1, -1):
        s, t, _ = history[i]
        r = rel[s]
        k = seen[r]
        if k < RECENT:
            add((_RECENT + RECENT * r + k) * kinds + t)
            seen[r] = k + 1
            left -= 1
            if not left:
                break
    return ix


def _scalars(obs: Observation, table: ActionTable, flat: np.ndarray, kinds: int, rel: dict) -> None:
    """Planes 43-45: the tile claimed, the scalars, the per-seat values."""
    cols = _columns(table)
    seat = obs.seat
    n = len(rel)
    phase = obs.phase
    window = obs.claim_window and phase == Phase.CLAIMS
    if window and obs.last_discard is not None:
        flat[_CLAIMED * kinds + cols[obs.last_discard]] = 1.0
    b = _SCALARS * kinds
    flat[b + seat] = 1.0
    flat[b + 4 + obs.round] = 1.0
    if phase == Phase.TURN:
        flat[b + (_PHASE["own"] if obs.turn == seat else _PHASE["other"])] = 1.0
    elif phase == Phase.CLAIMS:
        key = "robbing" if obs.robbing else ("claims" if obs.last_discard is not None else "washing")
        flat[b + _PHASE[key]] = 1.0
    else:
        flat[b + 18] = 1.0
    total = 4 * NUM_KINDS + len(table.bonus)
    flat[b + 13] = obs.wall_count / total
    flat[b + 14] = obs.drawable / total
    flat[b + 13 + n] = 1.0  # 15, 16, 17 for 2, 3, 4 players
    b = _SEATS * kinds
    for s, c in obs.concealed_counts.items():
        flat[b + rel[s]] = min(c, 14) / 14
    for s in obs.dead:
        flat[b + 4 + rel[s]] = 1.0
    if obs.turn is not None and phase == Phase.TURN:
        flat[b + 8 + rel[obs.turn]] = 1.0
    if obs.last_discarder is not None:
        flat[b + 12 + rel[obs.last_discarder]] = 1.0
    if seat in obs.waiting:
        flat[b + 16] = 1.0
    for s in obs.original_call:
        flat[b + 20 + rel[s]] = 1.0
    for s in obs.calling:
        flat[b + 24 + rel[s]] = 1.0
