"""The fixed action table of a ruleset: one ``Discrete`` index per kind of decision.

Every decision the engine offers a seat (:meth:`Game.legal_actions
<mahjongg.table.Game.legal_actions>`) is one index of the ruleset's table;
the table depends only on the ruleset (its bonus tiles, whether it has
washing), never on the state, so one ``Discrete(n)`` space serves every
step. Claims need no tile in the table: the claim window is on one discard
(``Observation.last_discard``), so "pung" is "pung that discard".

=================  ======  ==========================================================
entries            count   the engine's action
=================  ======  ==========================================================
discard ``t``      34      ``DISCARD`` of kind ``t`` (1b .. Wh, the order of :data:`~mahjongg.tiles.TILES`)
chow from ``t``    21      ``CHOW`` of the discard into the run whose lowest tile is ``t`` (1-7 of each suit)
pung               1       ``PUNG`` of the discard
kong               1       ``KONG`` of the discard (three concealed and the discard)
concealed kong     34      ``CONCEALED_KONG`` of four held ``t``
add kong           34      ``ADD_KONG``: the drawn fourth ``t`` added to an exposed pung
Mah-Jongg          1       ``MAHJONGG`` on the drawn tile, the discard or the tile robbed
pass               1       ``PASS`` (decline every claim; decline washing)
wash               0 or 1  ``WASH`` (rulesets with washing only)
bonus ``b``        0 or 8  ``BONUS``: lay out the held-back bonus tile ``b`` (rulesets with bonus tiles)
capture ``b``      0 or 8  ``CAPTURE`` of the prey ``b`` (rulesets with bonus tiles)
original call      0 or 34 ``ORIGINAL_CALL``: discard ``t`` declaring Original Call
``t``                      (rulesets with ``original_call``: the league rulesets)
=================  ======  ==========================================================

Pung Chow: 127 actions (128 with a limit: that ruleset has washing);
Traditional, Traditional with special tiles and Hong Kong (eight bonus tiles
each): 143; DMJL and BMJA (eight bonus tiles, Original Call): 177. The
entries a ruleset adds come last, so the indices before them never move.
``docs/rl.md`` has the table with every index. A false Mah-Jongg is not in
the table: it is never legal (see :mod:`mahjongg.table.actions`).

Source: seed 000 (Pung Chow Part I), "To chow", "To pung", "Four of a kind",
"Mah-Jongg or Mah-Diao"; Part II, "Washing the tiles".
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import MahjonggError
from ..rules.ruleset import Ruleset
from ..table.actions import Action, ActionKind
from ..table.describe import ACTION_WORDS
from ..tiles import NUM_KINDS, TILES, Tile

__all__ = ["ActionTable", "ActionTableError", "action_table", "CHOW_LOWS"]

CHOW_LOWS: tuple[Tile, ...] = tuple(TILES[s * 9 + r] for s in range(3) for r in range(7))
"""The lowest tile of every run: 1-7 of bamboo, characters, dots (21)."""


class ActionTableError(MahjonggError):
    """An action index outside the table, or not legal now."""


@dataclass(frozen=True)
class ActionTable:
    """The actions of one ruleset, by index.

    ``entries[i]``: ``(kind, tile)`` -- the kind of the engine's action and the
    tile that tells it apart (the discarded / konged / bonus tile, a chow's
    lowest tile), ``None`` for pung, kong, Mah-Jongg, pass and wash.
    ``bonus``: the ruleset's bonus tiles (the columns after the 34 kinds in
    the observation, see :mod:`.encoding`).
    """

    ruleset: str
    entries: tuple[tuple[ActionKind, Tile | None], ...]
    bonus: tuple[Tile, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "_index", {e: i for i, e in enumerate(self.entries)})
        object.__setattr__(self, "_by_id", {})  # id(action) -> index, for the actions in _kept: see indices
        object.__setattr__(self, "_kept", [])

    @property
    def index_of_pass(self) -> int:
        """The index of PASS (every table has one)."""
        return self._index[(ActionKind.PASS, None)]  # type: ignore[attr-defined]

    def __len__(self) -> int:
        return len(self.entries)

    def key(self, action: Action) -> tuple[ActionKind, Tile | None]:
        """The table entry of an engine action."""
        k = action.kind
        if k is ActionKind.CHOW:
            return (k, action.chow)
        if k in _TILED:
            return (k, action.tile)
        return (k, None)

    def index(self, action: Action) -> int:
        """The index of an engine action (raises :class:`ActionTableError` if it has none)."""
        try:
            return self._index[self.key(action)]  # type: ignore[attr-defined]
        except KeyError:
            raise ActionTableError(f"{action} has no index in the action table of {self.ruleset}") from None

    def indices(self, legal) -> dict[int, Action]:
        """``{index: action}`` for a seat's legal actions (one index each: the table tells them apart).

        The engine hands out the same action objects again and again (its
        tables of actions): their indices are remembered by identity, the
        table keeping each such action (so its identity is never reused;
        at most :data:`_REMEMBERED` of them)."""
        try:
            out = dict(zip(map(self._by_id.__getitem__, map(id, legal)), legal))  # type: ignore[attr-defined]
        except KeyError:
            return self._indices(legal)
        if len(out) != len(legal):
            return self._indices(legal)  # names the action without an index of its own
        return out

    def _indices(self, legal) -> dict[int, Action]:
        by_id, keep = self._by_id, self._kept  # type: ignore[attr-defined]
        get = self._index.get  # type: ignore[attr-defined]
        out = {}
        for a in legal:
            i = by_id.get(id(a))
            if i is None:
                k = a.kind
                i = get((k, a.chow) if k is ActionKind.CHOW else (k, a.tile) if k in _TILED else (k, None))
                if i is not None and len(keep) < _REMEMBERED:
                    keep.append(a)  # kept alive: id(a) stays its own
                    by_id[id(a)] = i
            if i is None or i in out:
                raise ActionTableError(f"{a} has no index of its own in the action table of {self.ruleset}")
            out[i] = a
        return out

    def describe(self, i: int) -> str:
        """An entry in words: ``discard 5d``, ``chow from 3c``, ``pung``."""
        if not 0 <= i < len(self.entries):
            raise ActionTableError(f"action {i} is outside the table of {self.ruleset} (0..{len(self.entries) - 1})")
        kind, t = self.entries[i]
        name = ACTION_WORDS[kind].entry  # the one table of the actions in words
        return f"{name} {t}" if t is not None else name


_TILED = frozenset(
    {ActionKind.DISCARD, ActionKind.CONCEALED_KONG, ActionKind.ADD_KONG, ActionKind.BONUS, ActionKind.CAPTURE, ActionKind.ORIGINAL_CALL}
)

_REMEMBERED = 8192
"""How many action objects an :class:`ActionTable` remembers the index of
(the engine's own shared actions are a few thousand)."""

_TABLES: dict[int, tuple[Ruleset, ActionTable]] = {}


def _has_washing(r: Ruleset) -> bool:
    return getattr(type(r), "washing", None) is not Ruleset.washing


def action_table(ruleset: Ruleset) -> ActionTable:
    """The action table of ``ruleset`` (made once per ruleset value)."""
    hit = _TABLES.get(id(ruleset))
    if hit is not None and hit[0] is ruleset:
        return hit[1]
    K = ActionKind
    entries: list[tuple[ActionKind, Tile | None]] = [(K.DISCARD, TILES[i]) for i in range(NUM_KINDS)]
    entries += [(K.CHOW, t) for t in CHOW_LOWS]
    entries += [(K.PUNG, None), (K.KONG, None)]
    entries += [(K.CONCEALED_KONG, TILES[i]) for i in range(NUM_KINDS)]
    entries += [(K.ADD_KONG, TILES[i]) for i in range(NUM_KINDS)]
    entries += [(K.MAHJONGG, None), (K.PASS, None)]
    if _has_washing(ruleset):
        entries.append((K.WASH, None))
    bonus = tuple(sorted({TILES[i] for i in ruleset.bonus_tiles}))
    entries += [(K.BONUS, t) for t in bonus]
    entries += [(K.CAPTURE, t) for t in bonus]
    if ruleset.original_call:
        entries += [(K.ORIGINAL_CALL, TILES[i]) for i in range(NUM_KINDS)]
    table = ActionTable(ruleset.name, tuple(entries), bonus)
    if len(_TABLES) > 64:
        _TABLES.clear()
    _TABLES[id(ruleset)] = (ruleset, table)
    return table
