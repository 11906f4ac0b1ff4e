"""Match and end-of-hand procedures of pung-chow-limit (issue 5) and hong-kong (issue 7).

The round and seat procedure is checked hand by hand against expectations
worked out from the book (seed 000 Part II, "The procedure of play"; seed
003, (6)-(9)); washing the tiles, a false Mah-Jongg and the discarder paying
for all are played in real games from preset walls and replayed from their
event logs.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from mahjongg.rules import HONG_KONG, PUNG_CHOW, PUNG_CHOW_LIMIT
from mahjongg.settlement import Settlement
from mahjongg.tiles import Wind
from mahjongg.table import Match
from mahjongg.table.seating import count_from, count_seating, dice_seating, indicator_seating, seat_players

E, S, W, N = Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH
A, B, C, D = 0, 1, 2, 3  # the book's players, counter-clockwise: B sits on A's right


# --- seating -------------------------------------------------------------------------


def test_counting_round_the_table_starts_with_the_thrower_as_one():
    # seed 000 Part II, illustration 1: "C first threw the dice; the number was
    # seven, deciding A" -- C1 D2 A3 B4 C5 D6 A7; "He then throws with the dice,
    # an 8; this designates D" -- A1 B2 C3 D4 A5 B6 C7 D8
    assert count_from(C, 7, 4) == A
    assert count_from(A, 8, 4) == D
    assert count_from(A, 1, 4) == A and count_from(A, 2, 4) == B


def test_indicator_seating_of_the_books_illustration():
    """Seed 000 Part II, illustration 1: C throws 7 -> A lays out the
    indicators, the box in 2nd position; A throws 8 -> D takes the first
    indicator, A the second (also the wind box), B the third, C the fourth.
    With the indicators S E N W face down in that order, A draws East (and the
    box): East A, South D (first to his right), West C (opposite), North B."""
    st = indicator_seating(random.Random(0), 4, first_thrower=C, throws=([3, 4], [5, 3]), line=[S, E, N, W], box=2)
    assert st.order == (A, D, C, B)
    assert st.first_east == A
    steps = st.throws
    assert steps[0] == {"step": "thrower for position", "player": C, "dice": [3, 4], "count": 7, "reaches": A}
    assert steps[1] == {"step": "indicators laid out", "player": A, "positions": 4, "box": 2}
    assert steps[2] == {"step": "first indicator", "player": A, "dice": [5, 3], "count": 8, "reaches": D}
    picks = [(s["player"], s["position"], s["indicator"], s["box"]) for s in steps[3:7]]
    assert picks == [(D, 1, "S", False), (A, 2, "E", True), (B, 3, "N", False), (C, 4, "W", False)]
    assert steps[7] == {"step": "seats", "box_holder": A, "east": A, "order": [A, D, C, B]}


def test_the_box_marks_easts_seat_whoever_draws_east():
    # same throws, East's indicator in 4th place: C draws it and sits where the
    # box was put (A's seat); the others seat themselves round him
    st = indicator_seating(random.Random(0), 4, first_thrower=C, throws=([3, 4], [5, 3]), line=[S, N, W, E], box=2)
    assert st.order == (C, D, B, A)  # E C, S D, W B, N A
    assert st.throws[-1]["box_holder"] == A


def test_indicator_seating_from_the_match_rng_is_logged_and_a_permutation():
    for seed in range(30):
        m = Match(PUNG_CHOW_LIMIT, seed=seed)
        assert sorted(m.order) == [0, 1, 2, 3]
        assert m.events[1]["type"] == "seating" and m.events[1]["procedure"] == "indicators"
        picks = [t for t in m.seating_throws if t["step"] == "pick"]
        assert sorted(p["indicator"] for p in picks) == ["E", "N", "S", "W"]
        east = next(p["player"] for p in picks if p["indicator"] == "E")
        assert m.first_east == east == m.player_at(E)
        for p in range(4):
            wind = next(x["indicator"] for x in picks if x["player"] == p)
            assert m.seat_of(p).letter == wind


def test_dice_seating_is_part_ones_and_count_seating_is_hong_kongs():
    st = dice_seating(random.Random(5), 4)
    first = st.throws[:4]
    top = max(sum(t["dice"]) for t in first)
    assert sum(next(t for t in st.throws[::-1] if t["player"] == st.first_east)["dice"]) >= top
    assert st.order == tuple((st.first_east + k) % 4 for k in range(4))
    # seed 003 (9) a: "If (a) throws the dice and the sum is 4: counting anti-clockwise from (a) to 4"
    st = count_seating(random.Random(1), 4, 3)
    (t,) = st.throws
    assert len(t["dice"]) == 3 and t["reaches"] == (t["count"] - 1) % 4 == st.first_east
    assert seat_players("count", random.Random(1), 4, 3) == st
    assert Match(HONG_KONG, seed=1).seating.procedure == "count"
    assert Match(PUNG_CHOW, seed=1).seating.procedure == "dice"


# --- rounds and the deal, over scripted hands --------------------------------------------


@dataclass
class _Result:
    winner: Wind | None
    reason: str
    net: dict

    def to_dict(self):
        return {"winner": self.winner.letter if self.winner else None, "reason": self.reason}


class _Hand:
    """A finished hand, as far as the match looks at it: who won, and the chips."""

    is_over = True

    def __init__(self, winner, reason="mahjongg", seed=0):
        self.seed = seed
        net = {w: 0 for w in Wind}
        if winner is not None:
            for w in Wind:
                net[w] = 30 if w == winner else -10
        self.result = _Result(winner, reason, net)


def _script(match: Match, outcomes):
    """Record each outcome (a winning seat, None for a draw, or (None, reason))
    and return (round, East player) of the hand played next, after each."""
    after = []
    for o in outcomes:
        winner, reason = (o, "mahjongg" if o is not None else "wall exhausted") if not isinstance(o, tuple) else o
        match.record(_Hand(winner, reason))
        after.append((match.round.letter, match.east_player))
    return after


def test_pung_chow_limit_rounds_and_the_wind_box_over_a_set():
    """Seed 000 Part II, "The procedure of play", seated as in illustration 1
    (East A, South D, West C, North B): "The East Wind player retains the box
    until he loses a hand. When this occurs the box goes to the right to the
    player who was South ... The East Wind round is over as soon as the fourth
    player to be East Wind in turn loses ... hands the box to the original East
    Wind who now becomes the first East Wind of the South Wind round ... four
    rounds make up a set." A draw and washing the tiles leave the box where it
    is (Part I, Procedure of play A, "if the game is a draw, he remains East
    Wind", which Part II keeps; Washing the tiles: "East Wind retains the
    Cheung")."""
    seating = indicator_seating(random.Random(0), 4, first_thrower=C, throws=([3, 4], [5, 3]), line=[S, E, N, W], box=2)
    m = Match(PUNG_CHOW_LIMIT, seed=0, sets=1, seating=seating)
    assert m.rounds == 4 and (m.round, m.east_player) == (E, A)
    east_round = _script(m, [E, None, (None, "washed"), S, E, W, N, S])
    assert east_round == [
        ("E", A),  # A (East) wins: he keeps the box
        ("E", A),  # a draw: he keeps it
        ("E", A),  # washed: he keeps it
        ("E", D),  # South wins: the box goes to his right, to D (who was South)
        ("E", D),  # D as East wins
        ("E", C),  # West wins: to C, the second East's right
        ("E", B),  # North wins: to B, the fourth East of the round
        ("S", A),  # B loses: the East Wind round is over; South round from the original East A
    ]
    assert [(r.round.letter, r.east_player) for r in m.records] == [("E", A)] * 4 + [("E", D)] * 2 + [("E", C), ("E", B)]
    # the seats of each hand follow the box: B East, then A South, D West, C North
    assert m.records[-1].seats == {B: E, A: S, D: W, C: N}
    # the South, West and North rounds: East loses every hand
    rest = _script(m, [S] * 12)
    assert rest[:4] == [("S", D), ("S", C), ("S", B), ("W", A)]
    assert rest[4:8] == [("W", D), ("W", C), ("W", B), ("N", A)]
    assert rest[8:11] == [("N", D), ("N", C), ("N", B)]
    assert m.is_over and m.rounds_completed == 4  # one set
    kinds = [e["type"] for e in m.events]
    assert kinds[:2] == ["match", "seating"] and kinds.count("hand") == 20 and kinds.count("round") == 4


def test_the_number_of_sets_is_chosen_at_the_start():
    assert Match(PUNG_CHOW_LIMIT, seed=0, sets=2).rounds == 8
    assert Match(PUNG_CHOW_LIMIT, seed=0).rounds == 4  # one set by default
    assert Match(PUNG_CHOW, seed=0).rounds == 1  # Part I: one round unless asked
    with pytest.raises(ValueError):
        Match(PUNG_CHOW_LIMIT, seed=0, rounds=4, sets=1)


def test_hong_kong_jong_rotation_and_rounds():
    """Seed 003: (8) b "When one player (except the Jong) wins ... the Lower
    Player will become Jong"; c "If the Jong wins ... the position remains the
    same"; (9) g a game reaching 14 tiles "has to be repeated with the same
    Jong"; (6) "When East Round goes through East, South, West and North
    Position and the Jong returns to the East position player, this round will
    become South Round"; (12) a "Each player has 200 chips to start"."""
    m = Match(HONG_KONG, seed=3)
    first = m.first_east
    assert m.rounds == 4 and m.holdings == [200] * 4 and m.totals == [0] * 4
    right = [(first + k) % 4 for k in range(4)]  # the Jong, then each lower player
    after = _script(m, [E, None, N, S, None, W, E, E, S])
    assert after == [
        ("E", right[0]),  # the Jong wins: stays
        ("E", right[0]),  # drawn: replayed with the same Jong
        ("E", right[1]),  # North (the upper player) wins: the lower player becomes Jong
        ("E", right[2]),  # South wins
        ("E", right[2]),  # drawn
        ("E", right[3]),  # West wins
        ("E", right[3]),  # the Jong wins, twice
        ("E", right[3]),
        ("S", right[0]),  # South wins: the deal returns to the first Jong -- South round
    ]
    # positions rotate: the old Jong becomes North
    assert m.records[2].seats[right[0]] == E and m.records[3].seats[right[0]] == N
    rec = m.records[0]
    assert rec.holdings[rec.winner_player] == 230 and sum(rec.holdings) == 800 and sum(rec.totals) == 0
    assert m.holdings == [200 + t for t in m.totals]
    # three more rounds, every Jong losing: the match (four rounds) is over
    _script(m, [S] * 12)
    assert m.is_over and m.round == E and m.rounds_completed == 4
