"""The web table after a hand: the board behind the score sheet is the hand just played.

Issue 13: the view was taken after the match had moved the seats on
(``Match.record`` passes the deal when East loses, seed 000 Part II "If he loses,
the player to his right becomes East Wind"), so each player saw another
player's tiles and melds as his own and the East marker had moved. The table's
session answers for the hand just played until the next one is dealt."""

from __future__ import annotations

import pytest

from mahjongg.play.journal import Journal
from mahjongg.table import Action, ActionKind
from mahjongg.tiles import Tile, Wind
from mahjongg.web.table import LiveTable, TableConfig
from test_web_table import Clock, Conn


def finished_table(seed: int):
    """Two humans (players 0 and 1, playing their first legal action) and two bots, one hand of two."""
    clock = Clock()
    t, _ = LiveTable.create(Journal(":memory:"), TableConfig(hands=2, bots=["greedy", "greedy"], bot_delay=0, seed=seed, deals="match",
                                                              claim_pause_seconds=0),
                            "Ann", clock)
    t.join("Bob")
    conns = {p: Conn() for p in (0, 1)}
    for p, c in conns.items():
        t.connect(p, c)
    t.start(0)
    while not t.game.is_over:
        p = next(p for p in (0, 1) if t.session.human_legal(p))
        t.act(p, t.session.human_legal(p)[0].to_dict())
    return t, conns


def test_the_board_behind_the_score_sheet_is_the_hand_just_played():
    for seed in range(60):
        t, conns = finished_table(seed)
        rec = t.session.last_record
        if rec.result.winner not in (None, Wind.EAST):
            break  # East lost: the match has passed the deal on
    else:  # pragma: no cover
        pytest.fail("no seed of 60 where East loses the first hand")
    assert t.match.seat_of(rec.east_player) != Wind.EAST  # the match's own seats have moved on
    r = rec.result
    for p in (0, 1):
        view = t.view(p)
        seat = rec.seats[p]
        assert view["game"]["seat"] == seat.letter  # his own seat in the hand just played
        own = sorted(str(x) for x in r.hands[seat].concealed)
        assert sorted(view["game"]["concealed"] + ([view["game"]["drawn"]] if view["game"]["drawn"] else [])) == own
        for sv in view["seats"]:
            w = rec.seats[sv["player"]]
            assert sv["wind"] == w.letter and sv["east"] == (sv["player"] == rec.east_player)
            assert [m["tiles"] for m in sv["melds"]] == [[str(x) for x in m.tiles] for m in r.hands[w].melds]
        assert view["result"]["hand_no"] == 1
        assert view["result"]["names"][seat.letter] == t.seats[p].name
    t._next_hand()  # the next hand: now the new seating
    for p in (0, 1):
        assert t.view(p)["game"]["seat"] == t.match.seat_of(p).letter


def test_a_bot_answering_an_illegal_action_stops_the_table_naming_it():
    class Cheater:
        name = "cheater"

        def act(self, observation, legal):
            held = set(observation.concealed)
            return Action(ActionKind.DISCARD, observation.seat, next(Tile(i) for i in range(27) if Tile(i) not in held))

    clock = Clock()
    t, _ = LiveTable.create(Journal(":memory:"), TableConfig(hands=1, bots=["greedy"] * 3, bot_delay=0, seed=2, deals="match", claim_pause_seconds=0),
                            "Ann", clock)
    conn = Conn()
    t.connect(0, conn)
    t.start(0)
    bot = next(p for p in (1, 2, 3))
    t.session._given[bot] = Cheater()  # a bot of this table that breaks the rules
    t.session._bots.pop(bot, None)
    for _ in range(200):
        if t.status != "playing":
            break
        legal = t.session.human_legal(0)
        if legal:
            t.act(0, legal[0].to_dict())
    assert t.status == "finished"
    last = t.log[-1]["text"]
    assert last.startswith("The table stops: bot cheater at ") and "not legal now" in last
