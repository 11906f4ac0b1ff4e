"""The observation planes kept up to date from the engine's events (the fast path).

:func:`~.encoding.encode` builds a seat's 46 planes from its
:class:`~mahjongg.table.Observation` afresh: the reference, a pure function of
what the seat may see. :class:`Planes` gives the same arrays, element for
element, without building an observation at every step: it reads the events
the engine logs (``Game.events``, public moves and each seat's own draws) as
they come, and updates

* per seat, its own planes (0 concealed tiles, 2 bonus tiles held back);
* per seat *as seen by everyone* (absolute, not relative), the public planes:
  exposed sets, concealed kongs, bonus tiles laid out, discards lying, the
  six latest discards;
* the few numbers of the scalar planes (wall count, tiles each seat holds,
  the phase, whose turn, the last discarder, the tile under claim).

:meth:`Planes.observe` puts them together for one seat: its own planes, the
public planes rotated to its point of view (``r = 0`` itself, 1 on its
right, ...), the scalars. A seat's planes hold what its observation holds,
so they cannot hold another seat's concealed tiles: the draw events of
another seat only change that seat's own planes and the counts.

The common events (a discard, a draw from the wall or a loose tile, a
chow, pung or kong claimed, a concealed or added kong, a pass) are applied
one by one. Any other (the deal, a bonus tile laid out or captured, a dead
hand, washing, the end of the hand) makes the planes again from the
observations (:meth:`Planes.resync`), which the engine's state at that
moment gives; such events are a few a hand.

``tests/test_rl_planes.py`` checks that :meth:`Planes.observe` equals
``encode(game.observation(seat))`` for every seat at every step of
hundreds of random hands of every ruleset (and thousands by hand:
``bench/bench_rl.py --check-planes``).

The claim pause (``claims="all"`` in :mod:`.aec`): after an action that opens
a claim window when every seat answers (a discard; a tile added to a pung or a
concealed kong, where the ruleset lets it be robbed: the engine's
:func:`~mahjongg.table.claim_window_kinds`) the env may stop
reading events right after that one (:meth:`Planes.sync` with ``pause``):
the planes then show the claim window on that tile whether or not the
engine opened one (the engine may have drawn the next tile already), the
same for every seat, until the env reads on.
"""

from __future__ import annotations

import numpy as np

from ..table.game import claim_window_kinds
from ..table.observation import materialized
from ..tiles import NUM_KINDS, TILES
from .actions import ActionTable
from .encoding import RECENT, _columns

__all__ = ["Planes", "TURN", "CLAIMS", "ROBBING", "WASHING", "OVER"]

TURN, CLAIMS, ROBBING, WASHING, OVER = range(5)
"""The phase the planes show: a seat's turn; the claim window on a discard;
robbing a kong (the window on a tile added to a pung); the washing window;
the hand over."""

_TILE = {str(t): int(t) for t in TILES}
_SEAT = {"E": 0, "S": 1, "W": 2, "N": 3}
# public groups (per absolute seat): exposed sets, concealed kongs, bonus laid out, discards lying
_EXP, _CKONG, _BONUS, _DISC = range(4)
# phase one-hot columns of plane 44 (see encoding): own turn, other's turn, claims, robbing, washing; 18 over
_PHASE_COL = {CLAIMS: 10, ROBBING: 11, WASHING: 12, OVER: 18}
# the event kinds applied one by one; any other event makes the planes again
_ANSWERS = frozenset({"pass", "chow", "pung", "kong", "mahjongg"})


class Planes:
    """The planes of every seat of one :class:`~mahjongg.table.Game`, kept up to date.

    ``Planes(table, players, reserve)``; :meth:`resync` at each new hand,
    :meth:`sync` after each action, :meth:`observe` a seat's ``float32``
    ``(46, kinds)`` array (a new array each call).
    """

    def __init__(self, table: ActionTable, players: int, reserve: int) -> None:
        self.players = n = players
        self.reserve = reserve
        self.kinds = k = NUM_KINDS + len(table.bonus)
        self.total = 4 * NUM_KINDS + len(table.bonus)
        self.col = _columns(table)
        # one buffer of rows, so that a seat's 46 planes are one take() of its rows;
        # seat index 4: a seat that is not at the table (its planes stay 0)
        self.buf = buf = np.zeros((15 + 20 + 5 * RECENT + 15, k), dtype=np.float32)
        self.own = buf[0:15].reshape(5, 3, k)  # planes 0-2 of each seat
        self.pub = buf[15:35].reshape(4, 5, k)  # public group, absolute seat
        self.rec = buf[35 : 35 + 5 * RECENT].reshape(5, RECENT, k)  # latest discards, absolute seat
        self.static = buf[35 + 5 * RECENT :].reshape(5, 3, k)  # planes 43-45 that do not change in a hand
        rot = [[(s + r) % n if r < n else 4 for r in range(4)] for s in range(n)]
        self.rows = [
            np.array(
                [3 * s + i for i in range(3)]
                + [15 + 5 * g + rot[s][r] for g in range(4) for r in range(4)]
                + [35 + RECENT * rot[s][r] + i for r in range(4) for i in range(RECENT)]
                + [35 + 5 * RECENT + 3 * s + i for i in range(3)]
            )
            for s in range(n)
        ]
        self.rel = [[(s - p) % n for s in range(n)] for p in range(n)]  # rel[viewer][seat]
        self.flat = buf.reshape(-1)
        self._onehot = np.eye(k, dtype=np.float32)
        self._own0 = [3 * s * k for s in range(5)]  # plane 0 of seat s
        self._exp, self._ckong, self._disc = ([(15 + 5 * g + s) * k for s in range(5)] for g in (_EXP, _CKONG, _DISC))
        self.game = None
        self.pos = 0  # events read
        self.counts = [0, 0, 0, 0]
        self.wall = 0
        self.phase = OVER
        self.turn = 0
        self.drawn: int | None = None
        self.window: int | None = None
        self.window_from: int | None = None
        self.last_from: int | None = None
        self.windows: frozenset[str] = frozenset()  # the event kinds of the actions that open a window

    # --- from the observations --------------------------------------------------------
    def resync(self, game) -> None:
        """Make every plane again from the observations of ``game`` now (and read
        its events so far)."""
        self.game = game
        # the turn's actions after which the hand stands in a claim window when every
        # seat answers (the engine's one table of them), as the events name them
        self.windows = frozenset(k.value for k in claim_window_kinds(game.ruleset))
        self.pos = len(game.events)
        n, col = self.players, self.col
        self.buf[:] = 0
        first = None
        for s in range(n):
            o = materialized(game.observation(s))
            own = self.own[s]
            for t in o.concealed:
                own[0, t] += 0.25
            for t in o.hidden:
                own[2, col[t]] = 1.0
            st = self.static[s]
            st[1, s] = 1.0
            st[1, 4 + o.round] = 1.0
            st[1, 13 + n] = 1.0
            for d in o.dead:
                st[2, 4 + self.rel[s][d]] = 1.0
            for d in o.original_call:
                st[2, 20 + self.rel[s][d]] = 1.0
            for d in o.calling:
                st[2, 24 + self.rel[s][d]] = 1.0
            if first is None:
                first = o
            if o.phase == "turn" and o.turn == s:
                self.drawn = None if o.drawn is None else int(o.drawn)
        o = first
        pub = self.pub
        for s, melds in o.melds.items():
            for m in melds:
                if m.kind.name == "KONG" and not m.exposed:
                    pub[_CKONG, s, m.tile] = 1.0
                else:
                    for t in m.tiles:
                        pub[_EXP, s, t] += 0.25
        for s, tiles in o.bonus.items():
            for t in tiles:
                pub[_BONUS, s, col[t]] = 1.0
        for s, tiles in o.discards.items():
            for t in tiles:
                pub[_DISC, s, t] += 0.25
        seen = [0, 0, 0, 0]
        for s, t, _ in reversed(o.discard_history):
            if seen[s] < RECENT:
                self.rec[s, seen[s], t] = 1.0
                seen[s] += 1
        self.last_from = int(o.discard_history[-1][0]) if o.discard_history else None
        self.counts = [0, 0, 0, 0]
        for s, c in o.concealed_counts.items():
            self.counts[s] = c
        self.wall = o.wall_count
        phase = str(o.phase)
        self.window = self.window_from = None
        if phase == "turn":
            self.phase, self.turn = TURN, int(o.turn)
        elif phase == "claims":
            if o.robbing:
                self.phase = ROBBING
            elif o.last_discard is None:
                self.phase = WASHING
            else:
                self.phase = CLAIMS
            if self.phase != WASHING:
                self.window, self.window_from = int(o.last_discard), int(o.last_discarder)
        else:
            self.phase = OVER
        if self.phase != TURN:
            self.drawn = None

    # --- from the events --------------------------------------------------------------
    def sync(self, pause: bool = False) -> bool:
        """Read the events logged since the last call. With ``pause``, stop right
        after an action that opens a claim window (:func:`~mahjongg.table.claim_window_kinds`:
        a discard, a kong that may be robbed; the env
        holds a claim pause there, :meth:`pending` tells whether events are left):
        returns whether it stopped there."""
        game = self.game
        events = game.events
        end = len(events)
        pos = self.pos
        if pos == end:
            return False
        # flat offsets (one index into the buffer is a third of the time of three)
        f, own, exp, ckong, disc, rec = self.flat, self._own0, self._exp, self._ckong, self._disc, self.rec
        counts = self.counts
        while pos < end:
            e = events[pos]
            pos += 1
            kind = e["type"]
            if kind == "draw":
                t = _TILE[e["tile"]]
                if t >= NUM_KINDS:
                    return self._resync(game)
                s = _SEAT[e["seat"]]
                f[own[s] + t] += 0.25
                counts[s] += 1
                self.wall -= 1
                self.phase, self.turn, self.drawn = TURN, s, t
            elif kind == "action":
                a = e["kind"]
                if a == "discard" or a == "original-call":
                    s, t = _SEAT[e["seat"]], _TILE[e["tile"]]
                    if a == "original-call":  # public: plane 45, column 20 + r, for every seat
                        self._declared(s, 20)
                    f[own[s] + t] -= 0.25
                    counts[s] -= 1
                    f[disc[s] + t] += 0.25
                    r = rec[s]
                    r[1:] = r[:-1]
                    r[0] = self._onehot[t]
                    self.last_from = s
                    self.phase, self.window, self.window_from, self.drawn = CLAIMS, t, s, None
                    if pos < end and events[pos]["type"] == "calling":  # declared with the discard (BMJA)
                        self._declared(_SEAT[events[pos]["seat"]], 24)
                        pos += 1
                    if pause:
                        self.pos = pos
                        return True
                elif a in _ANSWERS:
                    if self.phase == WASHING:  # the washing window closed
                        return self._resync(game)
                elif a == "concealed-kong" or a == "add-kong":
                    s, t = _SEAT[e["seat"]], _TILE[e["tile"]]
                    if a == "add-kong":
                        f[own[s] + t] -= 0.25
                        counts[s] -= 1
                        f[exp[s] + t] += 0.25
                    else:
                        f[own[s] + t] = 0.0
                        counts[s] -= 4
                        f[ckong[s] + t] = 1.0
                    self.drawn = None
                    if a in self.windows:  # a kong that may be robbed: the window on its tile
                        self.phase, self.window, self.window_from = ROBBING, t, s
                        if pause:
                            self.pos = pos
                            return True
                else:  # bonus, capture, wash
                    return self._resync(game)
            elif kind == "claim":
                k = e["kind"]
                c, d, t = _SEAT[e["seat"]], _SEAT[e["from"]], _TILE[e["tile"]]
                if k == "mahjongg":  # the winner takes the tile (the end follows)
                    if e.get("robbed"):
                        if f[ckong[d] + t]:  # a concealed kong robbed: its three tiles go back into the hand
                            return self._resync(game)
                        f[exp[d] + t] -= 0.25  # the kong goes back to a pung
                    else:
                        f[disc[d] + t] -= 0.25
                    f[own[c] + t] += 0.25
                    counts[c] += 1
                    continue
                if k == "chow":
                    low = e.get("chow")
                    if low is None:  # logs written before 2026-12 had no "chow" for a run from 1b (tile 0): read the state
                        return self._resync(game)
                    f[disc[d] + t] -= 0.25
                    low = _TILE[low]
                    for x in (low, low + 1, low + 2):
                        f[exp[c] + x] += 0.25
                        if x != t:
                            f[own[c] + x] -= 0.25
                    counts[c] -= 2
                elif k == "pung":
                    f[disc[d] + t] -= 0.25
                    f[exp[c] + t] += 0.75
                    f[own[c] + t] -= 0.5
                    counts[c] -= 2
                else:  # kong
                    f[disc[d] + t] -= 0.25
                    f[exp[c] + t] += 1.0
                    f[own[c] + t] -= 0.75
                    counts[c] -= 3
                self.phase, self.turn, self.drawn = TURN, c, None
            elif kind == "calling":
                self._declared(_SEAT[e["seat"]], 24)
            elif kind == "end":
                self.phase, self.drawn = OVER, None
            elif kind == "exhausted":
                pass
            else:
                return self._resync(game)
        self.pos = pos
        return False

    def _declared(self, s: int, column: int) -> None:
        """Seat ``s`` declared (Original Call: ``column`` 20; a calling hand: 24):
        plane 45, column ``column + r`` of every seat, ``r`` where it sees ``s``."""
        for v in range(self.players):
            self.static[v][2, column + self.rel[v][s]] = 1.0

    def _resync(self, game) -> bool:
        self.resync(game)
        return False

    def pending(self) -> bool:
        """Whether events are left to read (a claim pause holds them)."""
        return self.pos < len(self.game.events)

    # --- one seat's planes --------------------------------------------------------------
    def observe(self, seat: int, waiting: bool = False, phase: int | None = None) -> np.ndarray:
        """``seat``'s planes now: ``float32`` ``(46, kinds)``, equal to
        ``encode(game.observation(seat))`` when the planes have read every event.
        ``waiting``: the seat is still to answer the claim window (plane 45,
        column 16). ``phase``: show this phase instead (the env's washing pause)."""
        out = self.buf.take(self.rows[seat], axis=0)  # one take: a tenth of fancy indexing's time
        if phase is None:
            phase = self.phase
        rel = self.rel[seat]
        if phase == TURN:
            turn = self.turn
            if turn == seat:
                out[44, 8] = 1.0
                if self.drawn is not None:
                    out[1, self.col[self.drawn]] = 1.0
            else:
                out[44, 9] = 1.0
            out[45, 8 + rel[turn]] = 1.0
        else:
            out[44, _PHASE_COL[phase]] = 1.0
            if phase == CLAIMS or phase == ROBBING:
                out[43, self.window] = 1.0
        last = self.window_from if phase == CLAIMS or phase == ROBBING else self.last_from
        if last is not None:
            out[45, 12 + rel[last]] = 1.0
        wall = self.wall
        out[44, 13] = wall / self.total
        out[44, 14] = max(0, wall - self.reserve) / self.total
        counts = self.counts
        for s in range(self.players):
            c = counts[s]
            out[45, rel[s]] = (c if c < 14 else 14) / 14
        if waiting:
            out[45, 16] = 1.0
        return out
