"""The engine's events in words: one line per event worth a line.

One describer for the apps that tell a hand as it goes. What differs between
them is explicit:

* ``viewer``: who reads the line, which decides what hidden information it
  may show. :data:`OMNISCIENT` (``mahjongg replay``) sees every draw, under
  the drawer's name; a seat (the terminal game's human) sees only its own
  draws, as "you draw ..."; ``None`` (a spectator of the terminal game, and
  the web table, whose log every seat shares) sees no draw at all. Every
  other line is public: the tiles in it lie face up on the table (a concealed
  kong shows its tile: its end tiles lie face up). A deal, the setup (the
  wall), a washed hand and the result have no line.
* ``wording``: a template per line, :data:`REPLAY` (the log of a finished
  hand: "discarded by", the run of a chow, "calls Mah-Jongg on"),
  :data:`TABLE` (the terminal game's table talk: shorter, and the washing and
  rulings too) or :data:`WEB` (the web table's log, its tile drawn last).
  An event's line is the template of the first of its keys the wording has,
  the most particular key first ("claim mahjongg" before "claim"); a template
  ``None`` says no line, and so does a wording with none of the keys.
* ``names``: what a seat is called, by wind; the wind's name ("East") unless
  given (the web table gives its players' names).

:func:`describe_event` gives the line as text; :func:`describe_line` the same
line as a :class:`Line`, its last tile apart (for a page that draws tiles).

A new event type: give it a key in :func:`_keys`, its fields in
:func:`_fields` if it has new ones, and a template in the wordings that show
it.

The actions in words: :data:`ACTION_WORDS`, one table of what each kind of
action is called -- on a player's choice (the terminal game's buttons:
:func:`action_label`; the web table's buttons: its words and
:func:`action_tiles`), as an entry of the RL action table
(:meth:`mahjongg.features.ActionTable.describe`) and in a reason why it is not
possible now (the terminal game's ``why_not``). A new kind of action: one row
here.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Callable, Final, Mapping, TypeAlias

from ..tiles import TILES, Tile, Wind
from .actions import Action, ActionKind

__all__ = [
    "OMNISCIENT", "REPLAY", "TABLE", "WEB", "WIND_NAMES", "Line", "describe_event", "describe_line",
    "ACTION_WORDS", "ActionWords", "action_label", "action_tiles",
]


class _Omniscient:
    def __repr__(self) -> str:
        return "OMNISCIENT"


OMNISCIENT: Final = _Omniscient()
"""The viewer who sees every seat's tiles: the replay of a finished hand."""

# who reads a line; a wording's templates by key; what the seats are called, by wind
Viewer: TypeAlias = "Wind | None | _Omniscient"
Wording: TypeAlias = "Mapping[str, str | None]"
Names: TypeAlias = "Mapping[Wind, str]"

WIND_NAMES: Final[Names] = MappingProxyType({w: w.name.capitalize() for w in Wind})
"""The seats called by their winds: "East", "South", "West", "North"."""

_VERBS = {"chow": "chows", "pung": "pungs", "kong": "kongs", "mahjongg": "goes Mah-Jongg on"}

# the lines the replay and the terminal game word alike
_SHARED = {
    "draw": "{seat} draws {tile}{loose}",
    "own draw": "you draw {tile}{loose}",
    "bonus": "{seat} lays out {tile}",
    "action discard": "{seat} discards {tile}",
    "action concealed-kong": "{seat} declares a concealed kong of {tile}",
    "action original-call": "{seat} declares Original Call and discards {tile}",
    "calling": "{seat} declares a calling hand",
    "dead_hand": "{seat}'s hand is dead: {reason}",
}

REPLAY: Final[Wording] = MappingProxyType(
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

TABLE: Final[Wording] = MappingProxyType(
    {
        **_SHARED,
        "action add-kong": "{seat} adds {tile} to his pung",
        "action mahjongg": "{seat} declares Mah-Jongg",
        "claim": "{seat} {verb} {tile} from {taken_from}",  # a robbed kong too
        "exhausted": "the wall is down to its reserve: a drawn hand",
        "washed": "{seat} washes the tiles",
        "ruling": "ruling: {kind} {letter} {reason}",
    }
)
"""The wording of the terminal game's log: table talk while the hand goes on."""

WEB: Final[Wording] = MappingProxyType(
    {
        "bonus": "{seat} lays out a bonus tile {tile}",
        "action discard": "{seat} discards {tile}",
        "action original-call": "{seat} declares Original Call and discards {tile}",
        "calling": "{seat} declares a calling hand",
        "action concealed-kong": "{seat} declares a concealed kong {tile}",
        "action add-kong": "{seat} adds a fourth to a pung {tile}",
        # Mah-Jongg, in one's turn or on a discard or a robbed kong, is told once:
        # by the action, as soon as it is declared. "calls", not "goes": two seats
        # may call on one discard, and the one nearer in turn takes it (the score
        # sheet names the winner)
        "action mahjongg": "{seat} calls Mah-Jongg {tile}",
        "claim": "{seat} claims a {kind} {tile}",
        "claim mahjongg": None,
        "dead_hand": "{seat}'s hand is dead ({reason})",
        "exhausted": "The wall is down to its reserve: a drawn hand",
    }
)
"""The wording of the web table's log: the players' names (``names``), and
each line's tile last, for the page to draw it."""


@dataclass(frozen=True, slots=True)
class Line:
    """A line in parts: its words, and the tile it ends on (``None`` if it ends
    on none) apart, for a page that draws the tile. ``str(line)`` is the line
    as :func:`describe_event` gives it."""

    text: str
    tile: str | None = None

    def __str__(self) -> str:
        return " ".join(part for part in (self.text, self.tile) if part)


def _keys(e: dict, viewer: Viewer) -> tuple[str, ...]:
    """The keys of the wordings that may word ``e`` for ``viewer``, the most
    particular first; none for a draw the viewer may not see."""
    t = e.get("type")
    if t == "action":
        # the claims answered and the passes show as the claim that took the tile
        return (f"action {e['kind']}",)
    if t == "draw":
        if viewer is OMNISCIENT:
            return ("draw",)
        if viewer is not None and Wind.parse(e["seat"]) == viewer:
            return ("own draw",)
        return ()
    if t == "claim":
        keys = (f"claim {e.get('kind')}", "claim")
        # "claim robbed": Mah-Jongg on the tile added to an exposed pung
        return ("claim robbed", *keys) if e.get("robbed") else keys
    return (t,)


def _fields(e: dict, names: Names) -> dict:
    """The values the templates may name."""
    seat = e.get("seat", "")
    frm = e.get("from", "")
    name = {w.letter: n for w, n in names.items()}
    return {
        "seat": name.get(seat, seat),
        "letter": seat,
        "tile": e.get("tile", ""),
        "loose": " (loose tile)" if e.get("source") == "loose" else "",
        "kind": e.get("kind", ""),
        "verb": _VERBS.get(e.get("kind", ""), e.get("kind", "")),
        "taken_from": name.get(frm, frm),
        "run": f" (run from {e['chow']})" if e.get("chow") else "",
        "reason": e.get("reason", ""),
        "wall_count": e.get("wall_count", ""),
    }


def describe_line(e: dict, *, viewer: Viewer, wording: Wording, names: Names = WIND_NAMES) -> Line | None:
    """The line of :func:`describe_event` in parts (a :class:`Line`): where the
    template ends on the event's tile, the words before it and the tile."""
    template = next((wording[k] for k in _keys(e, viewer) if k in wording), None)
    if template is None:
        return None
    fields = _fields(e, names)
    words, tile, rest = template.rpartition("{tile}")
    if tile and not rest.strip() and fields["tile"]:
        return Line(words.format(**fields).strip(), fields["tile"])
    return Line(template.format(**fields).strip())


def describe_event(e: dict, *, viewer: Viewer, wording: Wording, names: Names = WIND_NAMES) -> str | None:
    """One line for the engine event ``e`` (a dict of ``Game.events``), as
    ``viewer`` may see it, in ``wording`` (:data:`REPLAY`, :data:`TABLE` or
    :data:`WEB`), the seats called by ``names``; ``None`` for an event that
    has no line there."""
    line = describe_line(e, viewer=viewer, wording=wording, names=names)
    return None if line is None else str(line)


# --- the actions in words ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ActionWords:
    """What one kind of action is called. ``label``: a player's choice, as a
    button shows it ("Add to pung"; the tile follows it, a chow's run instead).
    ``entry``: an entry of the RL action table, lower case ("add kong"; its tile
    follows, a chow's lowest). ``noun``: what a reason calls it ("no kong now";
    ``None``: no reason speaks of it)."""

    label: str
    entry: str
    noun: str | None = None


_K = ActionKind
ACTION_WORDS: Final[Mapping[ActionKind, ActionWords]] = MappingProxyType(
    {
        _K.DISCARD: ActionWords("Discard", "discard"),
        _K.CHOW: ActionWords("Chow", "chow from", "chow"),
        _K.PUNG: ActionWords("Pung", "pung", "pung"),
        _K.KONG: ActionWords("Kong", "kong", "kong"),
        _K.CONCEALED_KONG: ActionWords("Concealed kong", "concealed kong", "kong"),
        _K.ADD_KONG: ActionWords("Add to pung", "add kong", "kong"),
        _K.MAHJONGG: ActionWords("Mah-Jongg!", "mahjongg", "Mah-Jongg"),
        _K.PASS: ActionWords("Pass", "pass"),
        _K.WASH: ActionWords("Wash the tiles", "wash", "washing"),
        _K.BONUS: ActionWords("Bonus", "bonus"),
        _K.CAPTURE: ActionWords("Capture", "capture"),
        _K.ORIGINAL_CALL: ActionWords("Original Call, discarding", "original call", "Original Call"),
    }
)
"""Every kind of action in words (:class:`ActionWords`), the one table under the
terminal game's choices, the RL action table's entries and the reasons."""


def action_tiles(a: Action) -> tuple[Tile, ...]:
    """The tiles a player's choice ``a`` names after its words (:func:`action_label`):
    a chow's run, lowest first; none for a pass or an action on no tile; else its tile."""
    if a.kind is _K.CHOW:
        return tuple(TILES[a.chow + i] for i in range(3))
    if a.tile is None or a.kind is _K.PASS:
        return ()
    return (a.tile,)


def action_label(a: Action, face: Callable[[Tile], str] = str) -> str:
    """A player's choice ``a`` as a button shows it: ``Pung 5d``, ``Chow 3c 4c 5c``,
    ``Pass``: its words (:data:`ACTION_WORDS`) and its tiles (:func:`action_tiles`);
    ``face``: how a tile is drawn (default its name)."""
    return " ".join((ACTION_WORDS[a.kind].label, *map(face, action_tiles(a))))
