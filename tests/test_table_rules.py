"""Illegal actions, dead hands, dummies (two and three players), the break count
running past a side, and the match (first East, East's deal, chip totals).

Source: seed 000 (Pung Chow Part I): "Procedure of play" A and B, "To chow",
"Mah-Jongg or Mah-Diao" (dead hand), "Two and three-handed games".
"""

from __future__ import annotations

import random

import pytest

from mahjongg.rules import PUNG_CHOW
from mahjongg.table import Action, ActionKind, Game, IllegalActionError
from mahjongg.table.dice import breaker
from mahjongg.table.match import Match
from mahjongg.tiles import Wind, tile

from test_table_scripted import DICE, act, book_wall, play_to_last_discard

E, S, W, N = Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH
K = ActionKind


def play_out(match, bots):
    """Play ``match`` to its end on the play layer's session, ``bots[p]`` playing for player ``p``."""
    from mahjongg.play.config import MatchConfig
    from mahjongg.play.session import Session

    config = MatchConfig.make(match.ruleset.name, players=["random"] * match.players, seed=match.seed,
                              hands=match.hands, rounds=match.rounds)
    return Session(config, match=match, bots=dict(enumerate(bots))).play()


def scripted() -> Game:
    built, _ = book_wall()
    return Game.from_wall(built, DICE)


def assert_illegal(g: Game, action: Action, match: str) -> None:
    before, n = g.snapshot(), len(g.events)
    with pytest.raises(IllegalActionError, match=match):
        g.apply(action)
    assert g.snapshot() == before and len(g.events) == n


def test_illegal_actions_raise_clear_errors_and_change_nothing():
    g = scripted()
    # wrong seat: East discards first
    assert_illegal(g, Action(K.DISCARD, S, tile("4c")), "it is E's turn, not S's")
    # a tile not held
    assert_illegal(g, Action(K.DISCARD, E, tile("9d")), "E holds no 9d")
    assert_illegal(g, Action(K.PUNG, E, tile("R")), "no discard to claim")
    assert_illegal(g, Action(K.MAHJONGG, E, tile("W")), "not a complete hand")
    assert_illegal(g, Action(K.CONCEALED_KONG, E, tile("R")), "four R")
    act(g, K.DISCARD, E, "5c")
    # chow out of turn: only South, next after East, may chow
    assert_illegal(g, Action(K.CHOW, W, tile("5c"), tile("4c")), "only S, next after E, may chow 5c")
    assert_illegal(g, Action(K.CHOW, N, tile("5c"), tile("3c")), "regular turn")
    # South may chow, but not a run he does not hold
    assert_illegal(g, Action(K.CHOW, S, tile("5c"), tile("3c")), "does not hold the other two")
    assert_illegal(g, Action(K.PUNG, N, tile("5c")), "needs a pair of 5c")
    assert_illegal(g, Action(K.PUNG, W, tile("6c")), "the discard under claim is 5c, not 6c")
    assert_illegal(g, Action(K.PUNG, E, tile("5c")), "cannot claim his own discard")
    assert_illegal(g, Action(K.DISCARD, S, tile("4c")), "claim window on 5c")
    act(g, K.PASS, S, "5c")
    assert_illegal(g, Action(K.CHOW, S, tile("5c"), tile("4c")), "already answered")
    act(g, K.PUNG, W, "5c")
    # a claim after the window: the 5c is West's now
    assert_illegal(g, Action(K.CHOW, S, tile("5c"), tile("4c")), "claim window on 5c discarded by E has closed.*taken by W")
    act(g, K.DISCARD, W, "R")
    act(g, K.PUNG, E, "R")
    act(g, K.DISCARD, E, "9b")
    # 9b lay unclaimed: it is dead
    assert_illegal(g, Action(K.PUNG, N, tile("9b")), "closed.*dead")
    act(g, K.DISCARD, S, "G")
    # West may add the drawn fourth 5c now, but not later
    act(g, K.DISCARD, W, "2b")
    assert_illegal(g, Action(K.ADD_KONG, W, tile("5c")), "it is N's turn")


def test_add_kong_only_with_the_tile_just_drawn():
    g = scripted()
    for a in [(K.DISCARD, E, "5c"), (K.PASS, S, "5c"), (K.PUNG, W, "5c"), (K.DISCARD, W, "R"), (K.PUNG, E, "R"),
              (K.DISCARD, E, "9b"), (K.DISCARD, S, "G")]:
        act(g, *a)
    # West drew the fourth 5c but discards another tile; holding it, he may no longer add it
    act(g, K.DISCARD, W, "2b")
    act(g, K.CONCEALED_KONG, N, "9d")
    act(g, K.DISCARD, N, "Wh")  # the loose tile: W14's top, as West took none
    act(g, K.DISCARD, E, "S")
    act(g, K.DISCARD, S, "R")
    assert g.to_act() == [W]
    assert not any(a.kind is K.ADD_KONG for a in g.legal_actions(W))
    assert_illegal(g, Action(K.ADD_KONG, W, tile("5c")), "only the fourth tile just drawn")


def test_actions_after_the_hand_is_over():
    g = play_to_last_discard()
    act(g, K.DISCARD, S, "W")
    act(g, K.MAHJONGG, E, "W")
    act(g, K.MAHJONGG, N, "W")
    assert g.is_over and g.to_act() == [] and g.legal_actions(E) == ()
    with pytest.raises(IllegalActionError, match="the hand is over"):
        g.apply(Action(K.DISCARD, S, tile("1b")))


def test_dead_hand_keeps_playing_cannot_win_scores_nothing_and_pays_everyone():
    g = scripted()
    g.declare_dead(N, "penalty for a test")
    assert g.dead == {N}
    for a in [(K.DISCARD, E, "5c"), (K.CHOW, S, "5c", "4c"), (K.PUNG, W, "5c"), (K.DISCARD, W, "R"), (K.PUNG, E, "R"),
              (K.DISCARD, E, "9b"), (K.DISCARD, S, "G"), (K.ADD_KONG, W, "5c"), (K.DISCARD, W, "Wh")]:
        act(g, *a)
    # North plays on: he still declares his kong
    act(g, K.CONCEALED_KONG, N, "9d")
    for a in [(K.DISCARD, N, "N"), (K.DISCARD, E, "S"), (K.DISCARD, S, "R"), (K.DISCARD, W, "E"), (K.DISCARD, N, "G"),
              (K.DISCARD, E, "Wh"), (K.DISCARD, S, "W")]:
        act(g, *a)
    # North waits on W too, but a dead hand cannot win: only East is asked
    assert g.to_act() == [E]
    assert_illegal(g, Action(K.MAHJONGG, N, tile("W")), "dead")
    act(g, K.MAHJONGG, E, "W")
    r = g.result
    assert r.winner == E and r.dead == {N}
    assert r.scores[N].score == 0
    # East: Mah-Jongg 20 + exposed red dragons 4 + only place to win 2 = 26, doubled for the dragons: 52
    assert r.scores[E].score == 52
    # East collects double (104) from each; North, dead, pays West his 8; South pays West 8
    assert r.net == {E: 312, S: -104 - 8, W: -104 + 8 + 8, N: -104 - 8}
    assert Game.replay(g.events).snapshot() == g.snapshot()


def test_wrong_number_of_tiles_makes_a_hand_dead():
    g = scripted()
    act(g, K.DISCARD, E, "5c")
    act(g, K.PASS, S, "5c")
    act(g, K.PASS, W, "5c")
    g._counts[W][tile("1b")] += 1  # a slip: West picks up a tile too many (as a bug would)
    act(g, K.DISCARD, S, "G")  # South drew G; West then draws and holds 15
    assert W in g.dead
    assert [e for e in g.events if e["type"] == "dead_hand"][0]["reason"] == "holds 15 tiles where 14 are due"


def test_break_count_runs_past_the_side():
    # East throws 12: E1 S2 W3 N4 ... 12 -> North; North throws 12: 24 -> past North's 17 stacks,
    # the count runs on to the side of the player on his left (West): West's 7th stack
    g = Game(seed=1, dice=((6, 6), (6, 6)), wall=Game(seed=1).built)
    assert g.breaker == N and g.break_count == 24 and g.wall.broken == (W, 7)
    assert [breaker(n) for n in range(2, 13)] == [S, W, N, E, S, W, N, E, S, W, N]


def test_three_players_dummy_north():
    built = Game(seed=5).built
    # East throws 4 (E1 S2 W3 N4): the dummy's side; East throws for the dummy
    g = Game.from_wall(built, ((1, 3), (2, 2)), players=3)
    assert g.seats == (E, S, W)
    assert g.breaker == N and g.break_thrower == E and g.wall.broken == (N, 8)
    assert g.events[0]["dice"]["thrower"] == "E"
    assert g.wall_count == 136 - 40  # 13 each, East one more
    assert [len(g.hand(s).concealed) for s in g.seats] == [14, 13, 13]
    rng = random.Random(5)
    order = []
    while not g.is_over:
        seat = g.to_act()[0]
        assert seat != N
        if g.phase == "turn":
            order.append(seat)
        a = rng.choice(g.legal_actions(seat))
        g.apply(a)
    assert set(g.result.scores) == {E, S, W}
    assert sum(g.result.net.values()) == 0
    # without claims the turn goes E S W E S W ...: North's turn omitted
    g2 = Game.from_wall(built, ((1, 3), (2, 2)), players=3)
    turns = []
    while not g2.is_over and len(turns) < 12:
        seat = g2.to_act()[0]
        if g2.phase == "claims":
            g2.apply(Action(K.PASS, seat, g2.last_discard[1]))
        else:
            turns.append(seat)
            g2.apply(next(a for a in g2.legal_actions(seat) if a.kind is K.DISCARD))
    assert turns == [E, S, W] * 4


def test_two_players_alternate():
    g = Game(seed=3, players=2)
    assert g.seats == (E, S) and g.wall_count == 136 - 27
    turns = []
    while not g.is_over and len(turns) < 10:
        seat = g.to_act()[0]
        if g.phase == "claims":
            g.apply(Action(K.PASS, seat, g.last_discard[1]))
        else:
            turns.append(seat)
            g.apply(next(a for a in g.legal_actions(seat) if a.kind is K.DISCARD))
    assert turns[:6] == [E, S, E, S, E, S]


def test_same_seed_same_game():
    a, b = Game(seed=42), Game(seed=42)
    assert a.built == b.built and a.dice == b.dice and a.events == b.events
    assert Game(seed=43).built != a.built


class FirstLegal:
    def act(self, observation, legal):
        keen = [x for x in legal if x.kind is K.MAHJONGG]
        return keen[0] if keen else legal[-1]


class Rand:
    def __init__(self, seed):
        self.rng = random.Random(seed)

    def act(self, observation, legal):
        keen = [x for x in legal if x.kind not in (K.DISCARD, K.PASS)]
        return self.rng.choice(keen) if keen and self.rng.random() < 0.9 else self.rng.choice(legal)


def test_match_rotation_and_totals():
    m = Match(PUNG_CHOW, seed=7, players=4, hands=30)
    records = play_out(m, [Rand(i) for i in range(4)])
    assert len(records) == 30 and m.is_over
    east = m.first_east
    for rec in records:
        assert rec.east_player == east
        assert rec.seats[east] == E
        assert sum(rec.chips) == 0
        w = rec.result.winner
        if w is not None and w != E:
            east = (east + 1) % 4  # the deal passes to East's right: South becomes East
    assert m.totals == [sum(r.chips[p] for r in records) for p in range(4)]
    assert tuple(m.totals) == records[-1].totals
    assert any(r.result.winner not in (None, E) for r in records)


def test_match_of_rounds():
    m = Match(PUNG_CHOW, seed=3, players=3, rounds=1)
    play_out(m, [Rand(i) for i in range(3)])
    # one round: the deal passed three times (each player held it and lost it)
    passes = sum(1 for r in m.records if r.result.winner not in (None, E))
    assert passes == 3 and m.rounds_completed == 1 and m.round == S


def test_first_east_ties_throw_again():
    from mahjongg.table.dice import first_east

    for seed in range(50):
        p, throws = first_east(random.Random(seed), 4)
        first_round = throws[:4]
        top = max(sum(t["dice"]) for t in first_round)
        leaders = [t["player"] for t in first_round if sum(t["dice"]) == top]
        assert p in leaders
        if len(leaders) == 1:
            assert len(throws) == 4
        else:
            assert len(throws) > 4 and {t["player"] for t in throws[4 : 4 + len(leaders)]} == set(leaders)


def test_the_result_names_the_discarder_of_the_winning_tile():
    # Result.discarder: the seat the winning Mah-Jongg claim took its tile from (a discard,
    # or a kong robbed), as the log's claim event says ("from"); None for a self-drawn win or
    # no winner. Greedy bots, every ruleset, seeds 1-12: wins of both kinds occur.
    from mahjongg.bots import make_bot
    from mahjongg.rules import RULESETS, get_ruleset

    kinds = set()
    for name in sorted(RULESETS):
        for seed in range(1, 13):
            g = Game(get_ruleset(name), seed, 4)
            bots = {s: make_bot("greedy", seed * 8 + int(s)) for s in g.seats}
            while not g.is_over:
                s = g.to_act()[0]
                g.apply(bots[s].act(g.observation(s), g.legal_actions(s)))
            claim = [e for e in g.events if e["type"] == "claim" and e["kind"] == "mahjongg"]
            r = g.result
            assert r.discarder == (Wind.parse(claim[0]["from"]) if claim else None)
            if r.winner is not None:
                kinds.add("discard" if claim else "self-drawn")
                assert r.discarder != r.winner
    assert kinds == {"discard", "self-drawn"}
