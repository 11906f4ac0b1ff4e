"""The engine's events in words: one line per event worth a line.

One describer for the apps that tell a hand as it goes. What differs between
them is explicit:

* ``viewer``: who reads the line, which decides what hidden information it
  may show. :data:`OMNISCIENT` (``mahjongg replay``) sees every draw, under
  the drawer's name; a seat (the terminal game's human) sees only its own
  draws, as "you draw ..."; ``None`` (a spectator of the terminal game) sees
  no draw at all. Every other line is public: the tiles in it lie face up on
  the table (a concealed kong shows its tile: its end tiles lie face up).
  A deal, the setup (the wall), a washed hand and the result have no line.
* ``wording``: a template per line, :data:`REPLAY` (the log of a finished
  hand: "discarded by", the run of a chow, "calls Mah-Jongg on") or
  :data:`TABLE` (table talk: shorter, and the washing and rulings too).
  A line with no template in the wording is not shown.

A new event type: give it a key in :func:`_key`, its fields in
:func:`_fields` if it has new ones, and a template in the wordings that show
it. (The web table words its log in :mod:`mahjongg.web.table` with the
players' names, its tiles apart for the browser to draw.)
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Final, Mapping

from ..tiles import Wind

__all__ = ["OMNISCIENT", "REPLAY", "TABLE", "describe_event"]


class _Omniscient:
    def __repr__(self) -> str:
        return "OMNISCIENT"


OMNISCIENT: Final = _Omniscient()
"""The viewer who sees every seat's tiles: the replay of a finished hand."""

_SEAT_NAMES = {"E": "East", "S": "South", "W": "West", "N": "North"}
_VERBS = {"chow": "chows", "pung": "pungs", "kong": "kongs", "mahjongg": "goes Mah-Jongg on"}

# the lines both apps word alike
_SHARED = {
    "draw": "{seat} draws {tile}{loose}",
    "own draw": "you draw {tile}{loose}",
    "bonus": "{seat} lays out {tile}",
    "action discard": "{seat} discards {tile}",
    "action concealed-kong": "{seat} declares a concealed kong of {tile}",
    "dead_hand": "{seat}'s hand is dead: {reason}",
}

REPLAY: Final[Mapping[str, str]] = MappingProxyType(
    {
        **_SHARED,
        "action add-kong": "{seat} adds the drawn {tile} to his exposed pung: kong",
        "action mahjongg": "{seat} calls Mah-Jongg on {tile}",
        "claim": "{seat} {verb} {tile} discarded by {taken_from}{run}",
        "claim robbed": "{seat} goes Mah-Jongg on {tile}, robbing {taken_from}'s kong",
        "exhausted": "the wall is down to {wall_count} tiles: the hand is drawn",
    }
)
"""The wording of ``mahjongg replay``: every move of a finished hand, in full."""

TABLE: Final[Mapping[str, str]] = MappingProxyType(
    {
        **_SHARED,
        "action add-kong": "{seat} adds {tile} to his pung",
        "action mahjongg": "{seat} declares Mah-Jongg",
        "claim": "{seat} {verb} {tile} from {taken_from}",
        "claim robbed": "{seat} {verb} {tile} from {taken_from}",
        "exhausted": "the wall is down to its reserve: a drawn hand",
        "washed": "{seat} washes the tiles",
        "ruling": "ruling: {kind} {letter} {reason}",
    }
)
"""The wording of the terminal game's log: table talk while the hand goes on."""


def _key(e: dict, viewer: Wind | None | _Omniscient) -> str | None:
    """Which line ``e`` is for ``viewer``: a key of the wordings, or ``None``
    for a draw the viewer may not see."""
    t = e.get("type")
    if t == "action":
        # the claims answered and the passes show as the claim that took the tile
        return f"action {e['kind']}"
    if t == "draw":
        if viewer is OMNISCIENT:
            return "draw"
        if viewer is not None and Wind.parse(e["seat"]) == viewer:
            return "own draw"
        return None
    if t == "claim" and e.get("robbed"):
        return "claim robbed"  # Mah-Jongg on the tile added to an exposed pung
    return t


def _fields(e: dict) -> dict:
    """The values the templates may name."""
    seat = e.get("seat", "")
    frm = e.get("from", "")
    return {
        "seat": _SEAT_NAMES.get(seat, seat),
        "letter": seat,
        "tile": e.get("tile", ""),
        "loose": " (loose tile)" if e.get("source") == "loose" else "",
        "kind": e.get("kind", ""),
        "verb": _VERBS.get(e.get("kind", ""), e.get("kind", "")),
        "taken_from": _SEAT_NAMES.get(frm, frm),
        "run": f" (run from {e['chow']})" if e.get("chow") else "",
        "reason": e.get("reason", ""),
        "wall_count": e.get("wall_count", ""),
    }


def describe_event(e: dict, *, viewer: Wind | None | _Omniscient, wording: Mapping[str, str]) -> str | None:
    """One line for the engine event ``e`` (a dict of ``Game.events``), as
    ``viewer`` may see it, in ``wording`` (:data:`REPLAY` or :data:`TABLE`);
    ``None`` for an event that has no line there."""
    key = _key(e, viewer)
    template = None if key is None else wording.get(key)
    if template is None:
        return None
    return template.format(**_fields(e)).strip()
