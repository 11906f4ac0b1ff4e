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


def play_out(match, bots):
    """Play ``match`` to its end on the play layer's session, ``bots[p]`` playing for player ``p``."""
    from mahjongg.play.config import MatchConfig
    from mahjongg.play.session import Session

    config = MatchConfig.make(match.ruleset.name, players=["random"] * match.players, seed=match.seed,
                              hands=match.hands, rounds=match.rounds)
    return Session(config, match=match, bots=dict(enumerate(bots))).play()


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


# --- end of the hand: real games from preset walls ----------------------------------------

from collections import Counter  # noqa: E402

from mahjongg.rules.pung_chow_limit_penalties import MORE_THAN_TWO, TWO_HONORS  # noqa: E402
from mahjongg.table import Action, ActionKind, Game, IllegalActionError, Wall, deal, full_set  # noqa: E402
from mahjongg.table.dice import breaker  # noqa: E402
from mahjongg.tiles import Tile  # noqa: E402
from mahjongg.notation import parse_tiles  # noqa: E402

K = ActionKind
DICE = ((3, 4), (3, 4))  # West breaks at his 14th stack (seed 000, illustration 7)


def tiles(text: str) -> list[Tile]:
    return list(parse_tiles(text))


def preset_wall(hands: dict[Wind, str], draws=(), ruleset=PUNG_CHOW_LIMIT, dice=DICE) -> list[Tile]:
    """A built wall that deals ``hands`` (in the order the tiles are drawn,
    East's 14th last) and then gives ``draws``: ``("wall" | "loose", tile)``
    in the order the engine will take them. The rest of the set fills the
    other places in sorted order."""
    stacks = ruleset.wall_stacks
    probe = Wall(list(range(8 * stacks)), stacks, breaker(sum(dice[0])), sum(dice[0]) + sum(dice[1]))
    places = deal(probe, tuple(Wind))
    built: list[Tile | None] = [None] * (8 * stacks)
    for s, text in hands.items():
        ts = tiles(text)
        assert len(ts) == len(places[s]), (s, len(ts))
        for i, t in zip(places[s], ts):
            built[i] = t
    for source, t in draws:
        i = probe.draw_loose() if source == "loose" else probe.draw()
        built[i] = Tile.parse(t)
    rest = Counter(full_set(ruleset)) - Counter(t for t in built if t is not None)
    assert sum(rest.values()) == built.count(None), "more than four of some tile"
    fill = iter(sorted(rest.elements()))
    return [t if t is not None else next(fill) for t in built]


def act(g: Game, kind: ActionKind, seat: Wind, t: str | None = None) -> None:
    g.apply(Action(kind, seat, Tile.parse(t) if t else None))


def pass_all(g: Game) -> None:
    """Everyone with a claim on the discard under claim declines it."""
    while g.phase == "claims":
        s = g.to_act()[0]
        g.apply(next(a for a in g.legal_actions(s) if a.kind is K.PASS))


def replays(g: Game) -> None:
    again = Game.replay(g.events_jsonl())
    assert again.events == g.events and again.snapshot() == g.snapshot()


# South's original hand holds nine different heads: 1b 9b 1c 9c 1d E S W N
WASHING_HANDS = {
    Wind.EAST: "2345b 2345c 2345d 6d 7d",  # 14 tiles, no win, one head-free hand
    Wind.SOUTH: "19b 19c 1d E S W N 567d 8d",
    Wind.WEST: "6b 6b 7b 7c 8c 8b 6c 2d 3d 4d 8d 7d 6d",
    Wind.NORTH: "2b 3b 4b 2c 3c 4c 5b 5c 9d 9d R R G",
}


def test_washing_the_tiles_in_a_real_game():
    """Seed 000 Part II, "Washing the tiles": South's original 13 tiles hold 9
    different heads; before East's first discard he calls it and collects 50
    from each player, East paying single ("not collecting double when he
    washes tiles does not have to pay any of the other players double"). The
    hand ends; East keeps the box."""
    g = Game.from_wall(preset_wall(WASHING_HANDS), DICE, PUNG_CHOW_LIMIT)
    assert sorted(g.hand(Wind.SOUTH).concealed) == sorted(tiles(WASHING_HANDS[Wind.SOUTH]))
    # the washing window: only South may wash; nobody else has a decision yet
    assert g.phase == "claims" and g.to_act() == [Wind.SOUTH]
    assert g.legal_actions(Wind.SOUTH) == (Action(K.WASH, Wind.SOUTH), Action(K.PASS, Wind.SOUTH))
    assert g.legal_actions(Wind.EAST) == ()
    with pytest.raises(IllegalActionError, match="original hand"):
        act(g, K.WASH, Wind.WEST)
    obs = g.observation(Wind.SOUTH)
    assert obs.claim_window and obs.last_discard is None and obs.waiting == (Wind.SOUTH,)
    act(g, K.WASH, Wind.SOUTH)
    r = g.result
    assert g.is_over and r.reason == "washed" and r.winner is None and r.washed_by == Wind.SOUTH
    assert r.net == {Wind.EAST: -50, Wind.SOUTH: 150, Wind.WEST: -50, Wind.NORTH: -50}
    assert sum(r.net.values()) == 0
    washed = next(e for e in g.events if e["type"] == "washed")
    assert washed["seat"] == "S" and washed["each"] == 50
    assert g.events[-1]["washed_by"] == "S"
    replays(g)
    # East keeps the box (the wall is rebuilt for the next hand)
    m = Match(PUNG_CHOW_LIMIT, seed=0)
    east = m.east_player
    m.record(g)
    assert m.east_player == east and m.round == E
    assert m.records[0].chips[m.player_at(S)] == 150


def test_declining_to_wash_plays_on_and_east_discards_first():
    g = Game.from_wall(preset_wall(WASHING_HANDS), DICE, PUNG_CHOW_LIMIT)
    act(g, K.PASS, Wind.SOUTH)
    assert g.phase == "turn" and g.turn == Wind.EAST
    assert any(a.kind is K.DISCARD for a in g.legal_actions(Wind.EAST))
    act(g, K.DISCARD, Wind.EAST, "7d")
    pass_all(g)
    # washing is over once play has begun
    assert all(a.kind is not K.WASH for s in Wind for a in g.legal_actions(s))
    with pytest.raises(IllegalActionError, match="before East's first discard"):
        act(g, K.WASH, Wind.SOUTH)


def test_nine_heads_two_of_a_kind_may_not_wash():
    # 1b 1b 9b 1c 9c 1d E S W: nine heads, eight different
    hands = dict(WASHING_HANDS)
    hands[Wind.SOUTH] = "1b 1b 9b 19c 1d E S W 567d 8d"
    hands[Wind.NORTH] = "2b 3b 4b 2c 3c 4c 5b 5c 9d 9d R R N"
    g = Game.from_wall(preset_wall(hands), DICE, PUNG_CHOW_LIMIT)
    assert g.phase == "turn" and g.to_act() == [Wind.EAST]
    assert not any(e["type"] == "washing" for e in g.events)


def test_easts_original_win_has_preference_over_washing():
    """Seed 000 Part II, Limit hands 6: "East Wind winning on original draw
    from the wall. This win has preference over washing cards." """
    hands = dict(WASHING_HANDS)
    hands[Wind.EAST] = "234b 234c 234d 567d 6d 6d"  # a complete hand dealt
    hands[Wind.WEST] = "6b 6b 7b 7c 8c 8b 6c 2d 3d 4d 8d 7d 5b"
    g = Game.from_wall(preset_wall(hands), DICE, PUNG_CHOW_LIMIT)
    assert g.to_act() == [Wind.EAST, Wind.SOUTH]
    assert [a.kind for a in g.legal_actions(Wind.EAST)] == [K.MAHJONGG, K.PASS]
    act(g, K.WASH, Wind.SOUTH)
    act(g, K.MAHJONGG, Wind.EAST, "6d")
    r = g.result
    assert r.winner == Wind.EAST and r.reason == "mahjongg" and r.win.original
    assert any(i.name == "East winning on his original draw" for i in r.scores[Wind.EAST].items)
    assert r.net[Wind.EAST] == 3 * 600  # the limit, double from each
    replays(g)


def test_without_washing_the_window_never_opens():
    g = Game.from_wall(preset_wall(WASHING_HANDS), DICE, PUNG_CHOW_LIMIT.with_options(washing_allowed=False))
    assert g.phase == "turn" and g.to_act() == [Wind.EAST]
    g = Game.from_wall(preset_wall(WASHING_HANDS, ruleset=PUNG_CHOW), DICE, PUNG_CHOW)
    assert g.phase == "turn" and g.to_act() == [Wind.EAST]


# --- a false Mah-Jongg ----------------------------------------------------------------------


def test_false_mahjongg_in_turn_pays_half_the_limit_to_each():
    """Seed 000 Part II, Penalties 1: "the player making the error must pay to
    each of the other 3 players half of the limit. East Wind receiving full
    limit or paying full limit as the case may be." Here East errs: he pays
    the full limit, 300, to each. The hand ends there (docs/rules/table.md)."""
    wall = preset_wall(WASHING_HANDS)
    g = Game.from_wall(wall, DICE, PUNG_CHOW_LIMIT, allow_false_mahjongg=True)
    act(g, K.PASS, Wind.SOUTH)
    # never among the legal actions: bots cannot choose it
    assert all(a.kind is not K.MAHJONGG for a in g.legal_actions(Wind.EAST))
    act(g, K.MAHJONGG, Wind.EAST, "7d")
    r = g.result
    assert r.reason == "false mahjongg" and r.winner is None
    assert r.net == {Wind.EAST: -900, Wind.SOUTH: 300, Wind.WEST: 300, Wind.NORTH: 300}
    (ruling,) = r.rulings
    assert ruling.kind == "false-mahjongg" and ruling.seat == Wind.EAST and ruling.applies
    assert g.events[-2]["type"] == "ruling" and g.events[-1]["rulings"][0]["kind"] == "false-mahjongg"
    replays(g)


def test_false_mahjongg_on_a_discard_by_a_player_not_east():
    g = Game.from_wall(preset_wall(WASHING_HANDS), DICE, PUNG_CHOW_LIMIT, allow_false_mahjongg=True)
    act(g, K.PASS, Wind.SOUTH)
    act(g, K.DISCARD, Wind.EAST, "7d")
    assert g.phase == "claims"
    act(g, K.MAHJONGG, Wind.NORTH, "7d")  # North has no claim on 7d at all
    r = g.result
    # half the limit (150) to South and West, the full limit (300) to East
    assert r.net == {Wind.EAST: 300, Wind.SOUTH: 150, Wind.WEST: 150, Wind.NORTH: -600}
    assert "7d (discarded by E)" in r.rulings[0].reason
    replays(g)


def test_false_mahjongg_needs_the_app_option_and_a_ruleset_penalty():
    g = Game.from_wall(preset_wall(WASHING_HANDS), DICE, PUNG_CHOW_LIMIT)
    act(g, K.PASS, Wind.SOUTH)
    with pytest.raises(IllegalActionError, match="not a complete hand"):
        act(g, K.MAHJONGG, Wind.EAST, "7d")
    g = Game.from_wall(preset_wall(WASHING_HANDS, ruleset=PUNG_CHOW), DICE, PUNG_CHOW, allow_false_mahjongg=True)
    with pytest.raises(IllegalActionError):
        act(g, K.MAHJONGG, Wind.EAST, "7d")
    # not out of turn either
    g = Game.from_wall(preset_wall(WASHING_HANDS), DICE, PUNG_CHOW_LIMIT, allow_false_mahjongg=True)
    act(g, K.PASS, Wind.SOUTH)
    with pytest.raises(IllegalActionError):
        act(g, K.MAHJONGG, Wind.WEST, "7d")
    assert not g.is_over


# --- the discarder pays for all ----------------------------------------------------------------

# South lays two concealed kongs of dragons (red, green) and waits on white dragons
# with a pair of 5d; West discards a white dragon.
DANGER_EAST = "1b 1b 5b 6b 7b 2d 3d 4d 6d 7d 8d 3c 3c N"
DANGER_SOUTH = "R R R R G G G G Wh Wh 2b 3b 4b"
DANGER_NORTH = "2c 2c 6c 6c 7b 8b 3d 3d 4d 6d 8c 8c 9d"
DANGER_DRAWS = [("wall", "5d"), ("loose", "5d"), ("loose", "9b"), ("wall", "9c")]


def _danger_game(west: str) -> Game:
    wall = preset_wall(
        {Wind.EAST: DANGER_EAST, Wind.SOUTH: DANGER_SOUTH, Wind.WEST: west, Wind.NORTH: DANGER_NORTH}, DANGER_DRAWS
    )
    g = Game.from_wall(wall, DICE, PUNG_CHOW_LIMIT)
    assert g.phase == "turn" and g.turn == Wind.EAST
    act(g, K.DISCARD, Wind.EAST, "N")
    pass_all(g)
    assert g.turn == Wind.SOUTH
    act(g, K.CONCEALED_KONG, Wind.SOUTH, "R")
    act(g, K.CONCEALED_KONG, Wind.SOUTH, "G")
    act(g, K.DISCARD, Wind.SOUTH, "9b")
    pass_all(g)
    assert g.turn == Wind.WEST
    act(g, K.DISCARD, Wind.WEST, "Wh")
    assert Action(K.MAHJONGG, Wind.SOUTH, Tile.parse("Wh")) in g.legal_actions(Wind.SOUTH)
    act(g, K.MAHJONGG, Wind.SOUTH, "Wh")
    pass_all(g)
    assert g.is_over and g.result.winner == Wind.SOUTH
    return g


def test_discarder_pays_for_all():
    """Seed 000 Part II, Penalties 2 (3): "When two sets of dragons are exposed
    and the discard of the other kind of dragon gives the third set of dragon
    in a winning hand" (illustration 8c: a white dragon). West was not
    waiting: he "must bear the entire losses of all other players", and (b)
    "all scores except that of the winning hand are canceled"."""
    g = _danger_game("S S 1c 4c 7c 2d 9d 8b 4b 5b 6c 9c Wh")
    r = g.result
    (ruling,) = r.rulings
    assert ruling.kind == "discarder-pays" and ruling.seat == Wind.WEST and ruling.applies
    assert "two dragon sets" in ruling.reason
    won = r.scores[Wind.SOUTH].score
    # what East (double), West and North would each have paid South, all from West
    expected = min(2 * won, 600) + 2 * min(won, 300)
    assert r.net == {Wind.EAST: 0, Wind.SOUTH: expected, Wind.WEST: -expected, Wind.NORTH: 0}
    assert [(p.payer, p.payee) for p in r.settlement.payments] == [(Wind.WEST, Wind.SOUTH)]
    assert any(e["type"] == "ruling" and e["applies"] for e in g.events)
    replays(g)


def test_the_discarder_waiting_with_two_doubling_honors_is_excused():
    """Penalties 2: "unless the discarder himself had two complete doubling
    honors and was waiting for the winning tile". West, after discarding the
    white dragon, holds his own wind's set and a hand of one suit with honors
    (two doubles) and waits on 9c: he is excused and the hand settles as
    usual."""
    g = _danger_game("W W W 1c 1c 1c 2c 3c 4c 5c 6c 7c Wh")
    r = g.result
    (ruling,) = r.rulings
    assert ruling.seat == Wind.WEST and not ruling.applies and ruling.excuse in (TWO_HONORS, MORE_THAN_TWO)
    assert ruling.excuse == TWO_HONORS
    usual = PUNG_CHOW_LIMIT.settle({s: sc.score for s, sc in r.scores.items()}, Wind.SOUTH)
    assert r.net == usual.net and sum(r.net.values()) == 0
    assert r.net[Wind.EAST] != 0
    replays(g)


def test_a_discard_completing_nothing_dangerous_is_not_ruled_on():
    g = Game.from_wall(preset_wall(WASHING_HANDS, ruleset=PUNG_CHOW), DICE, PUNG_CHOW)
    assert g.phase == "turn"
    assert PUNG_CHOW.judge_discard(None, None, None, Wind.WEST, Wind.SOUTH, Wind.EAST) is None
    assert PUNG_CHOW.false_mahjongg(Wind.EAST, tuple(Wind), Wind.EAST) is None
    assert PUNG_CHOW.washing(g.hand(Wind.SOUTH), Wind.SOUTH) is None


# --- invariants through the new procedures ---------------------------------------------------

WASHING_SEEDS = (80, 88, 167, 396)  # pung-chow-limit deals with a hand that may wash


@pytest.mark.parametrize("seed", WASHING_SEEDS)
@pytest.mark.parametrize("choice", [0, 1, 2])
def test_random_play_through_a_washing_window_keeps_the_invariants(seed, choice):
    g = Game(PUNG_CHOW_LIMIT, seed=seed)
    assert g.washing
    rng = random.Random(choice)
    while not g.is_over:
        assert Counter(g.tiles_everywhere()) == Counter(full_set(PUNG_CHOW_LIMIT))
        seat = rng.choice(g.to_act())
        legal = g.legal_actions(seat)
        wash = [a for a in legal if a.kind is K.WASH]
        g.apply(wash[0] if wash and choice == 0 else rng.choice(legal))
    assert sum(g.result.net.values()) == 0
    if choice == 0:
        assert g.result.reason == "washed" and g.result.washed_by is not None
    replays(g)


def test_a_match_of_bots_keeps_the_deal_on_a_wash_and_sums_to_zero():
    make_bot = pytest.importorskip("mahjongg.bots").make_bot

    for name in ("random", "greedy", "cautious"):
        m = Match(PUNG_CHOW_LIMIT, seed=11, hands=12)
        play_out(m, [make_bot(name) for _ in range(4)])
        for before, after in zip(m.records, m.records[1:]):
            keeps = before.result.winner is None or before.result.winner == E
            assert (after.east_player == before.east_player) == keeps or after.round != before.round
        assert sum(m.totals) == 0 and all(sum(r.chips) == 0 for r in m.records)
