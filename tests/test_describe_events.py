"""The engine's events in words (:mod:`mahjongg.table.describe`): every event type
the engine emits, in the replay's words (``mahjongg replay``), the table's
(the terminal game's log) and the web table's, and what a viewer at the table
may not see.

The events are written as the engine writes them (``Game._log`` and the
templates in ``mahjongg/table/game.py``; ``Match.events`` in ``match.py``).
Each expected line says which event it is for and why it reads so; the
strings are the ones ``cli/replay_view.describe`` and ``tui/app.describe_event``
printed before they shared one describer, but for the replay's line for a
robbed kong, which called the tile a discard.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import mahjongg.table
from mahjongg.cli.replay_view import describe as replay_line
from mahjongg.simulate import hand_seeds, play_hand
from mahjongg.table import Action, ActionKind
from mahjongg.table.describe import OMNISCIENT, REPLAY, TABLE, WEB, Line, describe_event, describe_line
from mahjongg.tiles import Wind, tile
from mahjongg.tui.app import describe_event as table_line

E, S, W, N = Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH

# (name, event, the replay's line, the table's line) -- the table's as any seat
# reads it: these events are public, the same line for every viewer. Draws, the
# one event a viewer may or may not see, are in DRAWS below.
PUBLIC = [
    # setup: the replay prints its own header and the dice (render_replay, dice_line);
    # the table says nothing. The wall it carries is hidden from every player.
    (
        "setup",
        {
            "type": "setup",
            "ruleset": "pung-chow",
            "options": {},
            "players": 4,
            "round": "E",
            "seed": 1,
            "stacks": 17,
            "wall": ["1b", "2b", "3b"],
            "dice": {"east": [3, 4], "breaker": "W", "thrower": "W", "break": [3, 4], "count": 14, "broken": ["W", 14]},
        },
        None,
        None,
    ),
    # the deal: the replay prints the four hands in a block of its own (render_replay
    # skips the event); at the table each seat's hand is its own secret.
    ("deal", {"type": "deal", "hands": {"E": ["1b"] * 14, "S": ["2b"] * 13, "W": ["3b"] * 13, "N": ["4b"] * 13}}, None, None),
    # a Flower or Season laid out lies face up: both name it
    ("bonus", {"type": "bonus", "seat": "S", "tile": "f2"}, "South lays out f2", "South lays out f2"),
    ("action discard", {"type": "action", "kind": "discard", "seat": "W", "tile": "7d"}, "West discards 7d", "West discards 7d"),
    # the answers in a claim window (chow, pung, kong, Mah-Jongg on a discard) and the
    # passes have no line: the claim event that takes the tile tells who got it
    ("action chow", {"type": "action", "kind": "chow", "seat": "S", "tile": "3b", "chow": "1b"}, None, None),
    ("action pung", {"type": "action", "kind": "pung", "seat": "W", "tile": "5c"}, None, None),
    ("action kong", {"type": "action", "kind": "kong", "seat": "N", "tile": "2d"}, None, None),
    ("action pass", {"type": "action", "kind": "pass", "seat": "E"}, None, None),
    # a concealed kong is laid with its end tiles face up (test_table_scripted: the
    # others see {9999d}), so its tile is public at the table too
    (
        "action concealed-kong",
        {"type": "action", "kind": "concealed-kong", "seat": "N", "tile": "9d"},
        "North declares a concealed kong of 9d",
        "North declares a concealed kong of 9d",
    ),
    # the fourth tile added to an exposed pung: the replay says where it came from
    # and what it makes; the table says it short
    (
        "action add-kong",
        {"type": "action", "kind": "add-kong", "seat": "W", "tile": "5c"},
        "West adds the drawn 5c to his exposed pung: kong",
        "West adds 5c to his pung",
    ),
    # Mah-Jongg in one's own turn: the replay names the winning tile; the table
    # shows the hand on the score screen that follows
    (
        "action mahjongg",
        {"type": "action", "kind": "mahjongg", "seat": "E", "tile": "9b"},
        "East calls Mah-Jongg on 9b",
        "East declares Mah-Jongg",
    ),
    # Original Call (the league rulesets): declared with a discard, face up, public
    (
        "action original-call",
        {"type": "action", "kind": "original-call", "seat": "E", "tile": "N"},
        "East declares Original Call and discards N",
        "East declares Original Call and discards N",
    ),
    # a calling hand declared (BMJA: the engine declares it after the discard)
    ("calling", {"type": "calling", "seat": "W"}, "West declares a calling hand", "West declares a calling hand"),
    # asking to wash the tiles: the washed event tells whether anyone did
    ("action wash", {"type": "action", "kind": "wash", "seat": "S"}, None, None),
    # laying out a bonus tile held back: the bonus event that follows names it
    ("action bonus", {"type": "action", "kind": "bonus", "seat": "W", "tile": "s3"}, None, None),
    # capturing a laid-out bonus tile: neither app has a line for it (nor for the
    # capture event below); the bonus tiles on the table show the result
    ("action capture", {"type": "action", "kind": "capture", "seat": "N", "tile": "f1"}, None, None),
    # the claim that took a discard: the replay says who discarded it and, for a
    # chow, the run's lowest tile; the table says only from whom
    (
        "claim chow",
        {"type": "claim", "seat": "S", "kind": "chow", "tile": "3b", "chow": "1b", "from": "E"},
        "South chows 3b discarded by East (run from 1b)",
        "South chows 3b from East",
    ),
    (
        "claim pung",
        {"type": "claim", "seat": "W", "kind": "pung", "tile": "5c", "from": "S"},
        "West pungs 5c discarded by South",
        "West pungs 5c from South",
    ),
    (
        "claim kong",
        {"type": "claim", "seat": "N", "kind": "kong", "tile": "2d", "from": "W"},
        "North kongs 2d discarded by West",
        "North kongs 2d from West",
    ),
    (
        "claim mahjongg",
        {"type": "claim", "seat": "N", "kind": "mahjongg", "tile": "W", "from": "S"},
        "North goes Mah-Jongg on W discarded by South",
        "North goes Mah-Jongg on W from South",
    ),
    # robbing a kong (game.py _resolve_robbing: robbed=True, "from" the kong's owner):
    # the tile was added to East's exposed pung, not discarded, and the replay says
    # so (it said "discarded by East"); the table's "from East" is true as it is
    (
        "claim mahjongg robbed",
        {"type": "claim", "seat": "W", "kind": "mahjongg", "tile": "5c", "from": "E", "robbed": True},
        "West goes Mah-Jongg on 5c, robbing East's kong",
        "West goes Mah-Jongg on 5c from East",
    ),
    ("capture", {"type": "capture", "seat": "N", "tile": "f1", "hunter": "s1", "from": "E"}, None, None),
    # a dead hand (declare_dead): the same words in both
    (
        "dead_hand",
        {"type": "dead_hand", "seat": "S", "reason": "penalty", "penalty": True},
        "South's hand is dead: penalty",
        "South's hand is dead: penalty",
    ),
    # the wall down to its reserve: the replay gives the count, the table the outcome
    (
        "exhausted",
        {"type": "exhausted", "wall_count": 14},
        "the wall is down to 14 tiles: the hand is drawn",
        "the wall is down to its reserve: a drawn hand",
    ),
    # the washing window opening: the table's prompt asks the human, no log line
    ("washing", {"type": "washing", "seats": ["E", "S"]}, None, None),
    # the tiles washed: the table says who (never the hand the event carries); the
    # replay has no line -- its result line says "drawn (washed)"
    (
        "washed",
        {"type": "washed", "seat": "S", "hand": "123b 456c 789d 11d 23c 5b", "each": 10},
        None,
        "South washes the tiles",
    ),
    # a penalty ruled on: the table prints the Ruling's kind, seat letter and reason
    # as they are; the replay has no line (its result and settlement show the outcome)
    (
        "ruling",
        {
            "type": "ruling",
            "kind": "false-mahjongg",
            "seat": "W",
            "reason": "declared Mah-Jongg with 123b 456c 789d 11d 23c, not a winning hand",
            "excuse": None,
            "applies": True,
        },
        None,
        "ruling: false-mahjongg W declared Mah-Jongg with 123b 456c 789d 11d 23c, not a winning hand",
    ),
    # the end: the replay prints the result and the score cards itself; the table
    # opens its score screen
    ("end", {"type": "end", "winner": "E", "hands": {"E": "...", "S": "..."}}, None, None),
    # Match.events (match.py), never Game.events: no line in either
    ("match", {"type": "match", "ruleset": "pung-chow", "seed": 1, "players": 4}, None, None),
    ("seating", {"type": "seating", "order": [0, 1, 2, 3]}, None, None),
    ("hand", {"type": "hand", "index": 0, "game_seed": 1}, None, None),
    ("round", {"type": "round", "round": "S", "east_player": 0, "completed": 1}, None, None),
    ("match deal", {"type": "deal", "east_player": 1, "round": "E"}, None, None),
]

# (name, event, the replay's line, the drawer's own line at the table). At the
# table nobody else, and no spectator, has a line for it: the tile is hidden.
DRAWS = [
    ("draw from the wall", {"type": "draw", "seat": "S", "tile": "5c", "source": "wall"}, "South draws 5c", "you draw 5c"),
    # a loose tile after a kong or a bonus tile (test_tui_claims_kongs asserts the TUI's)
    (
        "loose-tile draw",
        {"type": "draw", "seat": "E", "tile": "9c", "source": "loose"},
        "East draws 9c (loose tile)",
        "you draw 9c (loose tile)",
    ),
    # a bonus tile drawn: laid out at once (then the bonus event names it) or, where the
    # ruleset lets a seat hold it back, kept hidden -- either way the draw is hidden
    ("bonus tile drawn", {"type": "draw", "seat": "W", "tile": "s3", "source": "wall"}, "West draws s3", "you draw s3"),
]

VIEWERS = (None, E, S, W, N)


@pytest.mark.parametrize("name, event, replay, table", PUBLIC, ids=[c[0] for c in PUBLIC])
def test_public_events(name, event, replay, table):
    assert describe_event(event, viewer=OMNISCIENT, wording=REPLAY) == replay
    assert replay_line(event) == replay
    for viewer in VIEWERS:
        assert describe_event(event, viewer=viewer, wording=TABLE) == table
        # the terminal game names its human one way throughout: "East (you)" (issue 17)
        assert table_line(event, viewer) == _as_seen_by(table, viewer)


@pytest.mark.parametrize("name, event, replay, own", DRAWS, ids=[c[0] for c in DRAWS])
def test_draws(name, event, replay, own):
    assert describe_event(event, viewer=OMNISCIENT, wording=REPLAY) == replay
    assert replay_line(event) == replay
    drawer = Wind.parse(event["seat"])
    for viewer in VIEWERS:
        expected = own if viewer == drawer else None
        assert describe_event(event, viewer=viewer, wording=TABLE) == expected
        # the game's log: "South (you) draws 5c", as it says "South (you) discards 5c"
        seen = None if expected is None else replay.replace(drawer.name.capitalize(), f"{drawer.name.capitalize()} (you)", 1)
        assert table_line(event, viewer) == seen


def _as_seen_by(line: str | None, viewer) -> str | None:
    """A public line as the terminal game's human at ``viewer`` reads it: his seat "East (you)"."""
    if viewer is None or line is None:
        return line
    name = viewer.name.capitalize()
    return re.sub(rf"\b{name}\b", f"{name} (you)", line)


def _emitted_types() -> set[str]:
    """The event types the engine's modules write: ``type="x"`` and ``"type": "x"``."""
    src = Path(mahjongg.table.__file__).parent
    text = "".join(path.read_text() for path in sorted(src.glob("*.py")))
    return set(re.findall(r'type="(\w+)"', text)) | set(re.findall(r'"type": "(\w+)"', text))


def test_every_event_type_and_action_kind_is_covered():
    # a new event type or action kind fails here until it is given its words (or
    # none) above -- and in mahjongg.table.describe if it has any
    covered = {e["type"] for _, e, _, _ in PUBLIC + DRAWS}
    emitted = _emitted_types()
    assert emitted >= {"setup", "deal", "draw", "bonus", "action", "claim", "end"}  # the grep works
    assert emitted <= covered, emitted - covered
    kinds = {e["kind"] for _, e, _, _ in PUBLIC if e["type"] == "action"}
    assert kinds == {k.value for k in ActionKind}


@pytest.mark.parametrize("ruleset", ["pung-chow", "traditional-special-tiles", "hong-kong"])
def test_the_table_shows_no_hidden_tile(ruleset):
    # whole bot hands: at the table a draw shows only to its drawer ("you draw"),
    # the setup, the deal and the end never, the washed hand never; every other line
    # is public: the same whoever reads it
    bonus_drawn = 0
    for i, seed in enumerate(hand_seeds(11, 8)):
        bots = ("random", "greedy", "cautious", "greedy") if i % 2 else ("greedy",) * 4
        events = play_hand(bots, seed, i, ruleset, keep_events=True).events
        for e in events:
            lines = {v: describe_event(e, viewer=v, wording=TABLE) for v in VIEWERS}
            t = e["type"]
            if t == "draw":
                drawer = Wind.parse(e["seat"])
                assert lines[drawer].startswith(f"you draw {e['tile']}")
                assert all(line is None for v, line in lines.items() if v != drawer)
                bonus_drawn += e["tile"][0] in "fs"
            elif t in ("setup", "deal", "end"):
                assert set(lines.values()) == {None}
            else:
                assert len(set(lines.values())) == 1, e
                if t == "washed":
                    assert lines[None].endswith(" washes the tiles")
    if ruleset == "traditional-special-tiles":
        assert bonus_drawn  # bonus tiles were drawn (some held back), and their draws hidden


def test_a_robbed_kong_in_the_replay():
    # test_table_traditional's hand: South adds the fourth 2b to his exposed pung and
    # West, waiting on 2b, robs the kong ("Scratching a Carrying Pole")
    from test_table_traditional import rob_setup

    g = rob_setup()
    g.apply(Action(ActionKind.MAHJONGG, W, tile("2b")))
    lines = [line for e in g.events if (line := replay_line(e)) is not None]
    assert lines[-3:] == [
        "South adds the drawn 2b to his exposed pung: kong",
        "West calls Mah-Jongg on 2b",  # render_replay leaves this one out: the claim says it
        "West goes Mah-Jongg on 2b, robbing South's kong",
    ]
    claim = next(e for e in g.events if e["type"] == "claim" and e.get("robbed"))
    assert describe_event(claim, viewer=E, wording=TABLE) == "West goes Mah-Jongg on 2b from South"


# The web table's log (mahjongg.web.table): one log for every seat, so worded for
# no seat (viewer=None), the players called by their names, each line's tile apart
# for the page to draw after the words. The words are the ones the web table's own
# describer (web/table.py _narrate) wrote before it used this one.
NAMES = {E: "Ann", S: "Bob", W: "Cy", N: "Di"}
WEB_LINES = {
    # the setup (the wall) and the deal (every hand): never on the page
    "setup": None,
    "deal": None,
    # a bonus tile laid out lies face up: the page shows it
    "bonus": Line("Bob lays out a bonus tile", "f2"),
    "action discard": Line("Cy discards", "7d"),
    # the answers in a claim window and the passes: the claim event tells who got
    # the tile; a pass is never told (it would show who could have claimed)
    "action chow": None,
    "action pung": None,
    "action kong": None,
    "action pass": None,
    # a concealed kong's end tiles lie face up: its tile is public
    "action concealed-kong": Line("Di declares a concealed kong", "9d"),
    # Original Call is public, with the tile discarded; so is a calling hand declared
    "action original-call": Line("Ann declares Original Call and discards", "N"),
    "calling": Line("Cy declares a calling hand"),
    # the tile added to an exposed pung is face up in the kong
    "action add-kong": Line("Cy adds a fourth to a pung", "5c"),
    # Mah-Jongg (here in one's own turn) is told once, by the declaration, with
    # the winning tile: the hands are shown on the score sheet at once
    # ("calls": on a discard a second seat may call too, and lose it to the
    # seat nearer in turn -- the sheet names who went out)
    "action mahjongg": Line("Ann calls Mah-Jongg", "9b"),
    # washing, a bonus tile held back laid out, a capture: no line on the page
    # (the bonus event names a tile laid out; the table shows the rest)
    "action wash": None,
    "action bonus": None,
    "action capture": None,
    # the claim that took a discard: who and what, the tile drawn after the words
    "claim chow": Line("Bob claims a chow", "3b"),
    "claim pung": Line("Cy claims a pung", "5c"),
    "claim kong": Line("Di claims a kong", "2d"),
    # Mah-Jongg on a discard or on a robbed kong: the declaration said it already
    # ("... calls Mah-Jongg" when it was made), so the claim has no second line
    "claim mahjongg": None,
    "claim mahjongg robbed": None,
    "capture": None,
    # a dead hand: the reason in brackets, as the page always wrote it
    "dead_hand": Line("Bob's hand is dead (penalty)"),
    # the wall down to its reserve: the outcome, capitalised as a page's line
    "exhausted": Line("The wall is down to its reserve: a drawn hand"),
    # the washing window, the tiles washed, a ruling (whose reason may name the
    # tiles of a hand), the end, and Match.events: no line on the page
    "washing": None,
    "washed": None,
    "ruling": None,
    "end": None,
    "match": None,
    "seating": None,
    "hand": None,
    "round": None,
    "match deal": None,
    # draws: the page's log is every seat's, so no draw is on it, not even one's own
    "draw from the wall": None,
    "loose-tile draw": None,
    "bonus tile drawn": None,
}


def test_every_event_has_its_web_line():
    # a new event in PUBLIC or DRAWS fails here until its line on the web page is decided
    assert set(WEB_LINES) == {name for name, *_ in PUBLIC + DRAWS}


@pytest.mark.parametrize("name, event", [(c[0], c[1]) for c in PUBLIC + DRAWS], ids=[c[0] for c in PUBLIC + DRAWS])
def test_web_lines(name, event):
    line = describe_line(event, viewer=None, wording=WEB, names=NAMES)
    assert line == WEB_LINES[name]
    assert describe_event(event, viewer=None, wording=WEB, names=NAMES) == (None if line is None else str(line))
    if event["type"] != "draw":  # a public line is the same whoever reads it
        for viewer in VIEWERS:
            assert describe_line(event, viewer=viewer, wording=WEB, names=NAMES) == line


@pytest.mark.parametrize("name, event", [(c[0], c[1]) for c in PUBLIC + DRAWS], ids=[c[0] for c in PUBLIC + DRAWS])
def test_a_line_in_parts_is_the_same_line(name, event):
    # describe_line is describe_event's line with the tile it ends on apart: joined
    # again, the same text in every wording, for every viewer
    for wording, viewers in ((REPLAY, (OMNISCIENT,)), (TABLE, VIEWERS), (WEB, VIEWERS)):
        for viewer in viewers:
            text = describe_event(event, viewer=viewer, wording=wording)
            line = describe_line(event, viewer=viewer, wording=wording)
            assert (None if line is None else str(line)) == text
            if line is not None and line.tile is not None:
                assert text.endswith(" " + line.tile) and line.tile == event["tile"]


def test_a_line_that_does_not_end_on_its_tile_keeps_it_in_the_words():
    claim = next(e for name, e, *_ in PUBLIC if name == "claim chow")
    # the table's claim names the tile mid-line ("... 3b from East"): nothing apart
    assert describe_line(claim, viewer=E, wording=TABLE) == Line("South chows 3b from East")
    # the table's discard ends on its tile: apart
    discard = next(e for name, e, *_ in PUBLIC if name == "action discard")
    assert describe_line(discard, viewer=E, wording=TABLE) == Line("West discards", "7d")


def test_names_call_the_seats_in_every_wording():
    claim = next(e for name, e, *_ in PUBLIC if name == "claim pung")
    # West pungs South's 5c: both seats by the names given, in the replay's words...
    assert describe_event(claim, viewer=OMNISCIENT, wording=REPLAY, names=NAMES) == "Cy pungs 5c discarded by Bob"
    # ...and the table's
    assert describe_event(claim, viewer=N, wording=TABLE, names=NAMES) == "Cy pungs 5c from Bob"
    # a draw seen by the replay: the drawer by name
    draw = DRAWS[0][1]
    assert describe_event(draw, viewer=OMNISCIENT, wording=REPLAY, names=NAMES) == "Bob draws 5c"
    # a ruling names the seat by its letter, whatever the names
    ruling = next(e for name, e, *_ in PUBLIC if name == "ruling")
    assert describe_event(ruling, viewer=None, wording=TABLE, names=NAMES).startswith("ruling: false-mahjongg W ")
