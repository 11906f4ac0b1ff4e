"""One score card (issue 13, "One score card"): ``mahjongg.play.scorecard``
lays a scored hand out once, and ``mahjongg score`` (text and --json),
``mahjongg replay``, the terminal game's score screen and the browser's score
sheet (the data the server sends) print it.

A finished Hong Kong hand, played by bots and stored with ``mahjongg simulate
--db``, is shown by ``replay``, by ``score`` (its winner's hand and win), by
the terminal game's score screen (the same game, replayed from its event
log) and by the web table (its own hand): every item shows the faan
``score_hand`` gives it. A void item reads "void" in each of them.
"""

from __future__ import annotations

import asyncio
import io
import json
import re

import pytest
from rich.console import Console
from typer.testing import CliRunner

from mahjongg.cli import app as cli_app
from mahjongg.cli.score import card_table
from mahjongg.hand import Hand
from mahjongg.play.scorecard import VOID, result_card, score_card
from mahjongg.rules import Situation, Win, WinBy, get_ruleset
from mahjongg.rules.faan_items import FaanItem
from mahjongg.scoring import score_hand
from mahjongg.table import replay as replay_events
from mahjongg.tiles import Tile, Wind
from mahjongg.tui.scorecard import score_table

runner = CliRunner()
pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning", "ignore:Using .httpx.")
HK = get_ruleset("hong-kong")


def text_of(renderable, width: int = 140) -> str:
    out = io.StringIO()
    Console(file=out, width=width, color_system=None).print(renderable)
    return out.getvalue()


# --- the card itself -------------------------------------------------------------------
def test_points_card_adds_points_then_doubles_with_running_total():
    # seed 000 Part I, "Score card": Mah-Jongg 20 + only place 2 + concealed pung of
    # East wind 8 = 30 points, doubled once for the pung of his own wind: 60.
    rules = get_ruleset("pung-chow")
    hand = Hand.parse("123b 456c 789d EEE 55d")
    sc = score_hand(hand, rules, Situation(Wind.EAST, Wind.EAST, Win(Tile.parse("5d"), WinBy.DISCARD)))
    card = score_card(sc, rules)
    assert card.unit == rules.unit == "points"
    assert card.columns == ("points", "doubles", "total")
    assert [(x.kind, x.value, x.total) for x in card.lines] == [
        ("points", 20, 20), ("points", 2, 22), ("points", 8, 30), ("doubles", 1, 60)
    ]
    assert card.lines[-1].cells == ("", "x2", "60") and card.lines[-1].text == "1 double (x2)"
    assert card.summary == "score: 60 (30 points, 1 double)" and card.score == sc.score == 60
    assert not card.capped and card.limit is None


def test_faan_card_counts_each_items_faan():
    # docs/rules/hong-kong.md: concealed hand won on a discard 1, no flowers 1, seat
    # wind 1, round wind 1 (East in the East round) = 4 faan, 16 points (1, 2, 4, 8, 16).
    hand = Hand.parse("123b 456c 789d EEE 55d")
    sc = score_hand(hand, HK, Situation(Wind.EAST, Wind.EAST, Win(Tile.parse("5d"), WinBy.DISCARD)))
    card = score_card(sc, HK)
    assert HK.unit == card.unit == "faan" and card.columns == ("faan", "total")
    assert [(x.name, x.value, x.total, x.text) for x in card.lines] == [
        (i.name, i.faan, k + 1, "1 faan") for k, i in enumerate(sc.items)
    ]
    assert card.summary == "score: 16 (4 faan)" and card.limit == HK.faan.limit
    assert card.minimum == HK.faan.minimum and card.declarable is True


def test_capped_points_card_says_so():
    # tests/test_cli_impossible_wins.py: East self-draws [RRR] [EEE] 111b 999b 55b under
    # pung-chow-limit: 42 points, 5 doubles = 1,344, over the limit of 300 (seed 002).
    rules = get_ruleset("pung-chow-limit")
    hand = Hand.parse("[RRR] [EEE] 111b 999b 55b")
    sc = score_hand(hand, rules, Situation(Wind.EAST, Wind.EAST, Win(Tile.parse("5b"), WinBy.WALL)))
    card = score_card(sc, rules)
    assert card.capped and card.score == card.limit == rules.limit == 300
    assert card.lines[-1].total == 42 << 5  # the running total before the cap
    assert card.summary == "score: 300 (the limit: 42 points, 5 doubles would be 1,344)"


def test_limit_and_dead_hand_lines():
    # thirteen orphans, hong-kong's limit of 10 faan (tests/test_cli_impossible_wins.py)
    hand = Hand.parse("19b 19c 19d ESWN RGWh 1b")
    sc = score_hand(hand, HK, Situation(Wind.SOUTH, Wind.EAST, Win(Tile.parse("1b"), WinBy.WALL)))
    card = score_card(sc, HK)
    assert [(x.kind, x.text, x.total) for x in card.lines] == [("limit", "limit", 10)]
    assert card.summary == "score: 1024 (the limit, 10 faan)"
    # a dead hand scores nothing (seed 000: "his score does not count"), in faan too
    dead = score_hand(Hand.parse("RRR 123b 456c 78d EW"), HK, Situation(Wind.SOUTH, Wind.EAST, dead=True))
    assert [(x.value, x.text) for x in score_card(dead, HK).lines] == [(0, "0 faan")]


def void_card():
    # seed 001, special tiles: a hand holding one "not been exposed" when someone goes
    # Mah-Jongg "is counted as scoreless" (tests/test_traditional_cli.py).
    rules = get_ruleset("traditional-special-tiles")
    sc = score_hand(Hand.parse("RRR 123b 456c NN 5d (Cat)"), rules, Situation(Wind.SOUTH, Wind.EAST))
    return rules, sc, score_card(sc, rules)


def test_a_void_item_reads_void_everywhere():
    rules, sc, card = void_card()
    assert card.void and [(x.kind, x.text) for x in card.lines] == [("void", VOID)]
    name = sc.items[0].name
    # the CLI's table (score, replay), the terminal game's table, the browser's data
    for shown in (text_of(card_table(card)), text_of(card_table(card, compact=True)), text_of(score_table(card))):
        line = next(x for x in shown.splitlines() if name in x)
        assert re.search(rf"{re.escape(name)}\W+void\b", line), line
        assert "0 points" not in shown and "points" not in line
    sent = card.to_dict()["lines"][0]
    assert sent["text"] == "void" and sent["cells"][0] == "void"
    out = runner.invoke(cli_app, ["score", "RRR 123b 456c NN 5d (Cat)", "--ruleset", rules.name, "--seat", "S"])
    assert out.exit_code == 0, out.output
    line = next(x for x in out.output.splitlines() if name in x)
    assert re.search(rf"{re.escape(name)}\W+void\b", line), line


# --- one Hong Kong hand, everywhere --------------------------------------------------
@pytest.fixture(scope="module")
def hk_hand(tmp_path_factory):
    """A Hong Kong hand won on a discard with items of different faan, played by
    bots (``mahjongg simulate --ruleset hong-kong --seed 7 --db``): ``(db, game id,
    events, game)``; the hand is found, not assumed (the first such one stored)."""
    db = tmp_path_factory.mktemp("hk") / "hk.sqlite3"
    out = runner.invoke(cli_app, ["simulate", "--ruleset", "hong-kong", "--games", "40", "--seed", "7", "--db", str(db)])
    assert out.exit_code == 0, out.output
    fallback = None
    for gid in range(1, 41):
        got = runner.invoke(cli_app, ["replay", str(gid), "--db", str(db), "--json"])
        assert got.exit_code == 0, got.output
        events = [json.loads(x) for x in got.output.splitlines() if x.strip()]
        game = replay_events(events)
        r = game.result
        if r.winner is None:
            continue
        faan = {i.faan for i in r.scores[r.winner].items if isinstance(i, FaanItem)}
        if r.win.by is WinBy.DISCARD and len(faan) > 1:
            return db, gid, events, game
        fallback = fallback or (db, gid, events, game)
    assert fallback is not None, "no Hong Kong hand was won in 40"
    return fallback


def _expected(game):
    """The winner's items and faan as score_hand gives them from the hand laid down."""
    r = game.result
    sc = score_hand(r.hands[r.winner], HK, Situation(r.winner, game.round, r.win))
    assert sc.items == r.scores[r.winner].items and sc.items
    return sc


def _faan_shown(text: str, sc) -> None:
    """Each item's line shows its faan (and the running total), none shows 0."""
    running = 0
    for item in sc.items:
        running += item.faan
        line = next((x for x in text.splitlines() if item.name in x), None)
        assert line is not None, f"{item.name!r} not shown in\n{text}"
        assert re.search(rf"{re.escape(item.name)}[\s│|]+{item.faan}[\s│|]+{running}\b", line), line
    assert f"score: {sc.score} ({sc.faan} faan)" in text


def test_replay_of_a_hong_kong_hand_shows_each_items_faan(hk_hand):
    db, gid, events, game = hk_hand
    sc = _expected(game)
    out = runner.invoke(cli_app, ["replay", str(gid), "--db", str(db)])
    assert out.exit_code == 0, out.output
    winner = {"E": "East", "S": "South", "W": "West", "N": "North"}[game.result.winner.letter]
    block = out.output[out.output.index(f"\n{winner}: ") :]
    _faan_shown(block, sc)
    discarder = next(e["from"] for e in events if e.get("type") == "claim" and e.get("kind") == "mahjongg")
    if game.result.win.by is WinBy.DISCARD:
        assert f"discarded by {dict(E='East', S='South', W='West', N='North')[discarder]}" in out.output


def _score_args(game) -> list[str]:
    r = game.result
    w = r.win
    args = ["score", str(r.hands[r.winner]), "--ruleset", "hong-kong", "--win", str(w.tile), "--by", w.by.value]
    args += ["--seat", r.winner.letter, "--round", game.round.letter]
    for flag, on in (("--last-tile", w.last_tile), ("--original", w.original), ("--after-flower", w.after_flower),
                     ("--kong-on-kong", w.after_kong_on_kong), ("--first-discard", w.first_discard)):
        if on:
            args.append(flag)
    return args


def test_score_command_on_the_hong_kong_winner_shows_each_items_faan(hk_hand):
    _, _, _, game = hk_hand
    sc = _expected(game)
    out = runner.invoke(cli_app, _score_args(game))
    assert out.exit_code == 0, out.output
    _faan_shown(out.output, sc)
    data = json.loads(runner.invoke(cli_app, [*_score_args(game), "--json"]).output)
    assert [(x["name"], x["value"], x["text"]) for x in data["lines"]] == [(i.name, i.faan, f"{i.faan} faan") for i in sc.items]
    assert data["unit"] == "faan" and data["faan"] == sc.faan


def test_terminal_score_screen_of_the_hong_kong_hand_shows_each_items_faan(hk_hand):
    from mahjongg.tui.app import PlayApp, ResultScreen
    from test_tui import wait_for_result
    from mahjongg.play.session import new_session

    _, _, events, game = hk_hand
    sc = _expected(game)
    finished = replay_events(events)  # the same hand, as the app's first (finished) hand

    async def run():
        session = new_session(ruleset="hong-kong", bots=["greedy"] * 4, seat=None, seed=7, hands=2, first_game=finished)
        app = PlayApp(session, speed=0, claim_seconds=None, result_guard=0, auto_next=3600)
        async with app.run_test(size=(160, 50)) as pilot:
            await wait_for_result(pilot, app)  # the finished hand's screen, mounted (not only pushed)
            assert isinstance(app.screen, ResultScreen)
            _faan_shown(text_of(app.screen.body, 160), sc)

    asyncio.run(run())


def test_result_card_of_the_hong_kong_hand(hk_hand):
    _, _, events, game = hk_hand
    sc = _expected(game)
    r = game.result
    card = result_card(r, HK)
    data = card.to_dict()
    assert data["unit"] == "faan" and data["winner"] == r.winner.letter
    assert [(x["name"], x["value"]) for x in data["cards"][r.winner.letter]["lines"]] == [(i.name, i.faan) for i in sc.items]
    grid = data["settlement"]
    assert grid["net"] == {w.letter: v for w, v in r.settlement.net.items()}
    assert sum(grid["net"].values()) == 0
    for p in r.settlement.payments:
        assert grid["pays"][p.payer.letter][p.payee.letter] == p.amount
    if r.win.by is WinBy.DISCARD:
        assert card.discarder is not None and card.discarder != r.winner


def test_the_browser_receives_the_hong_kong_score_card(tmp_path):
    """The web table's score sheet data: a Hong Kong match played over the test
    client until a hand is won; each item's line carries the faan of score_hand."""
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from mahjongg.web import create_app
    from web_helpers import WirePlayers, create

    with TestClient(create_app(tmp_path / "t.sqlite3", rate=1000, burst=100)) as client:
        code, host = create(client, hands=8, seed=5, ruleset="hong-kong")
        table = client.app.state.server.tables[code]
        with client.websocket_connect(f"/ws/{code}") as ws:
            ws.send_json({"type": "hello", "token": host})
            players = WirePlayers(table, {0: ws}, seed=1)
            players.read(0)
            players.send(0, {"type": "start"})
            for _ in range(8):
                final = players.play_hand()
                sent = final["result"]
                if sent["winner"] is not None:
                    break
                players.send(0, {"type": "ready"})
            assert sent["winner"] is not None, "no hand of eight was won"
            rec = table.match.records[-1]
            r = rec.result
            w = Wind.parse(sent["winner"])
            sc = score_hand(r.hands[w], HK, Situation(w, rec.round, r.win))
            lines = sent["card"]["cards"][w.letter]["lines"]
            assert [(x["name"], x["value"], x["text"]) for x in lines] == [(i.name, i.faan, f"{i.faan} faan") for i in sc.items]
            assert "undefined" not in json.dumps(sent["card"])
            assert sent["card"]["cards"][w.letter]["summary"] == f"score: {sc.score} ({sc.faan} faan)"


def test_the_score_page_api_sends_the_score_card(tmp_path):
    """``POST /api/score`` (the browser's /score page) answers with the same card as
    ``mahjongg score --json``: the void hand's line reads "void"."""
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from mahjongg.web import create_app

    rules, sc, card = void_card()
    with TestClient(create_app(tmp_path / "t.sqlite3")) as client:
        r = client.post("/api/score", json={"hand": "RRR 123b 456c NN 5d (Cat)", "ruleset": rules.name, "seat": "S"})
    assert r.status_code == 200, r.text
    assert r.json() == json.loads(json.dumps(card.to_dict()))
    assert [(x["kind"], x["text"]) for x in r.json()["lines"]] == [("void", "void")]


def test_the_score_page_api_cites_books_in_its_errors(tmp_path):
    # seed 000 / seed 003 (11): a dead hand never wins; the page shows the books' names
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from mahjongg.web import create_app

    with TestClient(create_app(tmp_path / "t.sqlite3")) as client:
        r = client.post("/api/score", json={"hand": "RRR 123b 456c 78d EW 1b", "win": "1b", "dead": True})
    assert r.status_code == 400
    error = r.json()["error"]
    assert "seed 0" not in error and "Harr, *Pung Chow* (1922)" in error, error
