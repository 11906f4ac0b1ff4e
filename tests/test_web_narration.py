"""The web table's log, worded by :mod:`mahjongg.table.describe` (``WEB``): whole
hands of bots and wire clients at a web table over Starlette's TestClient, every
log line checked as the server builds each seat's message, and the lines of a
hand with the players' names and the tiles apart.

The log is one list for every seat; what a line may name is what lies face up
(discards, melds, laid-out bonus tiles) or what the reader holds: never another
seat's drawn tile, dealt tiles, concealed tiles or the wall.
"""

from __future__ import annotations

import re

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

import warnings  # noqa: E402

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402

from mahjongg.tiles import Tile, TileError  # noqa: E402
from mahjongg.web import create_app  # noqa: E402
from mahjongg.web.table import LiveTable  # noqa: E402

from test_web_server import started_table  # noqa: E402
from web_helpers import HiddenInfoCheck  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

# the players' names (Ann, P1 from started_table, "Greedy bot 3" ...): no word of
# them reads as a tile (E, S, W, N, R, G, Wh, 1b ...), so a tile found in a line's
# words is the describer's


def tiles_named(entry: dict) -> list[Tile]:
    """The tiles a log line names: the one drawn after its words, and any in the words."""
    named = [Tile.parse(entry["tile"])] if "tile" in entry else []
    for word in re.findall(r"\w+", entry["text"]):
        try:
            named.append(Tile.parse(word))
        except TileError:
            pass
    return named


class NarrationCheck:
    """Stands in for :meth:`LiveTable.view`: each state message, as the server
    builds it for a seat (in the server's thread, the game as it is then), has
    every tile its log names checked against what that seat sees. Problems are
    kept for the test to assert (an assertion in the server's thread would only
    drop a socket)."""

    def __init__(self, monkeypatch) -> None:
        self.view = LiveTable.view
        monkeypatch.setattr(LiveTable, "view", lambda table, player: self(table, player))
        self.problems: list[str] = []
        self.lines = self.tiles = 0

    def __call__(self, table: LiveTable, player: int) -> dict:
        msg = self.view(table, player)
        try:
            self.check(table, player, msg)
        except AssertionError as e:
            self.problems.append(str(e))
        return msg

    def check(self, table: LiveTable, player: int, msg: dict) -> None:
        g = table.game
        if "game" not in msg or g is None or g.is_over:
            return  # the lobby; or the hand is over and every hand is shown
        me = table.match.seat_of(player)
        h = g.hand(me)
        visible = set(h.concealed) | set(getattr(h, "hidden", ()))  # what the seat holds
        for s in g.seats:  # what lies face up
            visible.update(t for meld in g.hand(s).melds for t in meld.tiles)
            visible.update(g.hand(s).bonus)
        visible.update(t for _, t, _ in g.observation(me).discard_history)
        for entry in msg["log"]:
            named = tiles_named(entry)
            self.lines += 1
            self.tiles += len(named)
            unseen = [str(t) for t in named if t not in visible]
            assert not unseen, f"player {player} ({me.letter}) was told {entry} naming {unseen}, which it cannot see"


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(tmp_path / "t.sqlite3", rate=1000, burst=100)) as c:
        yield c


@pytest.mark.parametrize("ruleset", ["pung-chow", "traditional-special-tiles", "hong-kong"])
def test_no_log_line_names_a_tile_its_reader_cannot_see(client, monkeypatch, ruleset):
    """Two wire clients and two bots play three hands; every log line sent to
    each client names only tiles it holds or that lie face up."""
    narration = NarrationCheck(monkeypatch)
    table, players, _, stack = started_table(client, humans=2, hands=3, seed=909, ruleset=ruleset, bots=["greedy", "cautious"])
    players.check = HiddenInfoCheck(table)
    with stack:
        while not players.play_hand()["result"]["match_over"]:
            for p in players.ws:
                players.send(p, {"type": "ready"})
    assert table.hand_no == 3
    assert not narration.problems, narration.problems[:3]
    assert narration.lines > 300 and narration.tiles > 200  # the check had lines to read
    assert not any(players.errors.values())


def test_the_first_lines_of_a_hand(client):
    """Seed 11, pung-chow, Ann and three greedy bots: the log after the start and
    after Ann's first discard, line for line, as the page gets it."""
    table, players, _, stack = started_table(client, humans=1, hands=1, seed=11, ruleset="pung-chow", bots=["greedy"] * 3)
    with stack:
        pauses = 0
        while all(a["kind"] == "pass" for a in players.states[0]["legal"]):  # each discard's claim pause: Ann passes
            s = players.states[0]
            players.send(0, {"type": "act", **s["legal"][0], "v": s["v"]})
            players.drain()
            pauses += 1
        start = players.states[0]
        events = list(table.game.events)
        after = players.send(0, {"type": "act", "kind": "discard", "tile": "2c", "v": start["v"]})
    # East's discard and South's: every seat answers each (claims="all"), Ann too -- but she, the
    # only person at the table, can only pass, so her seat passes at once: she is never asked (issue 39)
    assert pauses == 0
    # the seed's seating: Ann at West, the bots (named by kind and player) round her
    assert [(x["name"], x["wind"]) for x in start["seats"]] == [
        ("Ann", "W"),
        ("Greedy bot 2", "N"),
        ("Greedy bot 3", "E"),
        ("Greedy bot 4", "S"),
    ]
    # the engine's events after the setup and the deal, up to Ann's turn: after each discard
    # every other seat answers, the bots at once (in wind order, E S W N), Ann last
    assert [e for e in events if e["type"] not in ("setup", "deal")] == [
        {"type": "action", "kind": "discard", "seat": "E", "tile": "G"},
        {"type": "action", "kind": "pass", "seat": "S", "tile": "G"},
        {"type": "action", "kind": "pass", "seat": "N", "tile": "G"},
        {"type": "action", "kind": "pass", "seat": "W", "tile": "G"},
        {"type": "draw", "seat": "S", "tile": "9b", "source": "wall"},
        {"type": "action", "kind": "discard", "seat": "S", "tile": "G"},
        {"type": "action", "kind": "pass", "seat": "E", "tile": "G"},
        {"type": "action", "kind": "pass", "seat": "N", "tile": "G"},
        {"type": "action", "kind": "pass", "seat": "W", "tile": "G"},
        {"type": "draw", "seat": "W", "tile": "2c", "source": "wall"},
    ]
    assert start["log"] == [
        # the table's own line (no event): the hand's number and who is East, by name
        {"text": "Hand 1: Greedy bot 3 is East"},
        # East's discard (action discard): the player's name, the tile apart for the page
        {"text": "Greedy bot 3 discards", "tile": "G"},
        # South drew 9b (no line: the log is every seat's, and a draw is the drawer's
        # secret), then discarded the second green dragon
        {"text": "Greedy bot 4 discards", "tile": "G"},
        # Ann's own draw of 2c has no line either: she sees it as her drawn tile
    ]
    assert start["game"]["drawn"] == "2c"
    # Ann discards the 2c she drew (action discard): her line, by her name
    assert after["log"][3] == {"text": "Ann discards", "tile": "2c"}
