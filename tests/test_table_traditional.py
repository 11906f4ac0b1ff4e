"""Seed 001's procedures on the table: Seasons declared in seat order with
chained loose tiles and loose tiles refilled in pairs, robbing a kong,
capturing a special tile, and the game facts of the limit hands.

Dice ((3, 4), (3, 4)) as in seed 001's "Opening the Wall": 7 -> West takes
the dice; 7 + 7 = 14 -> West's 14th stack (18-stack walls with Seasons) is
lifted: its top tile, then its bottom tile, are the two loose tiles; when
both are used "the two last pieces are placed on top of end of wall as new
loose tiles" -- West's 13th stack, top then bottom (docs/rules/table.md).
"""

from __future__ import annotations

from collections import Counter

from mahjongg.rules import TRADITIONAL, TRADITIONAL_SPECIAL_TILES
from mahjongg.rules.context import WinBy
from mahjongg.table import Action, ActionKind, Game, full_set
from mahjongg.tiles import Tile, Wind

from table_walls import arrange, deal_front

E, S, W, N = Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH
K = ActionKind
DICE = ((3, 4), (3, 4))
T = Tile.parse


def game(ruleset, hands, draws=(), end=()):
    return Game.from_wall(arrange(ruleset, DICE, deal_front(ruleset, hands, draws), end), DICE, ruleset)


def pass_all(g):
    while g.phase == "claims":
        for s in g.to_act():
            g.apply(next(a for a in g.legal_actions(s) if a.kind is K.PASS))


def sizes_ok(g):
    assert Counter(g.tiles_everywhere()) == Counter(full_set(g.ruleset))
    for s in g.seats:
        h = g.hand(s)
        want = 14 if (g.phase == "turn" and s == g.turn) else 13
        assert h.size == want, (s, str(h))


def test_seasons_declared_in_seat_order_with_a_chain_and_pair_refill():
    # East holds f1; South s2 and s3; West none; North none.
    # Loose tiles: W14 top (5d) -> East for f1; W14 bottom (f4) -> South for
    # s2; both used -> W13 (top 7b, bottom 8b) become the loose tiles: 7b for
    # s3 (South declares what he holds first), then the chain: f4, drawn as a
    # loose tile, is laid out and replaced by 8b.
    hands = {
        E: "f1 1b 2b 3b 4b 5b 6b 7c 8c 9c 1d 2d 4d 9d",
        S: "s2 1c 1c 1c 2c 2c 2c 3c 3c 3c 4c 4c s3",
        W: "5c 5c 5c 6c 6c 6c 7d 7d 7d 8d 8d 8d 9d",
        N: "E E E S S S W W W N N N R",
    }
    g = game(TRADITIONAL, hands, draws=["s4", "6d"], end=["5d", "f4", "7b", "8b", "9b"])
    bonus = [(e["seat"], e["tile"]) for e in g.events if e["type"] == "bonus"]
    assert bonus == [("E", "f1"), ("S", "s2"), ("S", "s3"), ("S", "f4")]
    loose = [(e["seat"], e["tile"]) for e in g.events if e["type"] == "draw"]
    assert loose == [("E", "5d"), ("S", "f4"), ("S", "7b"), ("S", "8b")]
    # 144 - 53 dealt - 4 loose; the loose tiles now: W13's bottom was taken,
    # so the pair was refilled once (7b, 8b) and both are used: W12 is next
    assert g.wall_count == 144 - 53 - 4
    assert [str(t) for t in g.wall.loose] == ["9b", str(g.wall.loose[1])]
    sizes_ok(g)
    # East discards; South draws s4 from the wall: exposed at once, replaced
    g.apply(Action.discard(E, T("9d")))
    pass_all(g)
    assert g.hand(S).bonus == (T("f4"), T("s2"), T("s3"), T("s4"))
    assert [e for e in g.events if e["type"] == "draw"][-2:] == [
        {"type": "draw", "seat": "S", "tile": "s4", "source": "wall"},
        {"type": "draw", "seat": "S", "tile": "9b", "source": "loose"},
    ]
    assert g.wall_count == 144 - 53 - 4 - 2
    sizes_ok(g)


ROB_HANDS = {
    E: "2b 9c 9c 9c 1d 2d 3d 4d 5d 6d 7d 8d 9d E",
    S: "2b 2b 4c 5c 6c 7c 8c 9c N N N W W",
    W: "1b 3b 1c 1c 1c 5b 5b 5b 7b 7b 7b G G",
    N: "3c 3c 6d 6d 8b 8b 9b 9b R R Wh Wh S",
}


def rob_setup():
    # E discards 2b, S pungs it and discards W; W, N, E draw 6b and throw it;
    # S draws the fourth 2b and adds it to his pung: West waits on 2b.
    g = game(TRADITIONAL, ROB_HANDS, draws=["6b", "6b", "6b", "2b"])
    g.apply(Action.discard(E, T("2b")))
    g.apply(Action.pass_(W, T("2b")))  # West could go out on it; he waits
    for s in g.to_act():
        if s == S:
            g.apply(Action(K.PUNG, S, T("2b")))
        else:
            g.apply(Action.pass_(s, T("2b")))
    g.apply(Action.discard(S, T("W")))
    pass_all(g)
    for s in (W, N, E):
        g.apply(Action.discard(s, T("6b")))
        pass_all(g)
    assert g.turn == S and Action(K.ADD_KONG, S, T("2b")) in g.legal_actions(S)
    g.apply(Action(K.ADD_KONG, S, T("2b")))
    return g


def test_robbing_a_kong_scratching_a_carrying_pole():
    g = rob_setup()
    assert g.phase == "claims" and g.observation(W).robbing
    assert set(a.kind for a in g.legal_actions(W)) == {K.MAHJONGG, K.PASS}
    sizes_ok(g)
    g.apply(Action(K.MAHJONGG, W, T("2b")))
    r = g.result
    assert r.winner == W and r.win.by is WinBy.ROBBED_KONG
    assert r.scores[W].limit_hand == "Scratching a Carrying Pole"
    assert str(g.hand(S).melds[0]) == "[222b]"  # the kong is robbed back to a pung
    assert Counter(g.tiles_everywhere()) == Counter(full_set(TRADITIONAL))
    assert Game.replay(g.events).snapshot() == g.snapshot()


def test_a_kong_not_robbed_draws_its_loose_tile():
    g = rob_setup()
    g.apply(Action.pass_(W, T("2b")))
    assert g.turn == S and g.phase == "turn" and g.hand(S).kongs == 1
    assert [e for e in g.events if e["type"] == "draw"][-1]["source"] == "loose"
    sizes_ok(g)


def test_no_robbing_in_pung_chow():
    from mahjongg.rules import PUNG_CHOW

    assert not PUNG_CHOW.robbing_kong and TRADITIONAL.robbing_kong


def test_capture_of_a_special_tile():
    # traditional-special-tiles (Cat, Mouse, Man, Gold): South is dealt the Cat
    # and holds it back (Hand.hidden); West is dealt the Mouse and lays it out
    # (loose tile 5d). In his turn South captures it: Cat and Mouse laid out
    # as his, a loose tile (6d) for the Cat.
    r = TRADITIONAL_SPECIAL_TILES
    hands = {
        E: "1b 2b 3b 4b 5b 6b 7b 8b 9b 1c 2c 3c 4c 9d",
        S: "Cat 1d 1d 1d 2d 2d 2d 3d 3d 3d 4d 4d 4d",
        W: "Mouse 5c 5c 5c 6c 6c 6c 7c 7c 7c 8c 8c 8c",
        N: "E E E S S S W W W N N N R",
    }
    g = game(r, hands, draws=["G"], end=["5d", "6d"])
    assert g.hand(S).hidden == (T("Cat"),) and g.hand(W).bonus == (T("Mouse"),)
    assert g.observation(S).hidden == (T("Cat"),)
    sizes_ok(g)
    g.apply(Action.discard(E, T("9d")))
    pass_all(g)
    assert Action(K.CAPTURE, S, T("Mouse")) in g.legal_actions(S)
    assert all(a.kind is not K.MAHJONGG for a in g.legal_actions(S))  # not while holding the Cat
    g.apply(Action(K.CAPTURE, S, T("Mouse")))
    assert g.hand(S).bonus == (T("Cat"), T("Mouse")) and g.hand(S).hidden == ()
    assert g.hand(W).bonus == ()
    assert [e["tile"] for e in g.events if e["type"] == "draw"][-1] == "6d"
    assert g.turn == S
    sizes_ok(g)
    assert Game.replay(g.events).snapshot() == g.snapshot()


def test_heavenly_peace_through_a_flower():
    # East's 13 playing tiles and f1; the loose tile 9d completes the hand.
    hands = {
        E: "f1 1b 1b 1b 2c 3c 4c 5d 6d 7d E E E 9d",
        S: "2b 2b 3b 3b 4b 4b 5b 5b 6b 6b 7b 7b 8b",
        W: "1c 1c 5c 5c 6c 6c 7c 7c 8c 8c 9c 9c 2d",
        N: "S S S W W W N N N R R G G",
    }
    g = game(TRADITIONAL, hands, end=["9d"])
    g.apply(Action(K.MAHJONGG, E, T("9d")))
    assert g.result.win.original and g.result.scores[E].limit_hand == "Heavenly Peace"


def _east_kongs(loose):
    hands = {
        E: "1b 1b 1b 1b 9c 9c 9c 9c 5d 6d 7d E E E",
        S: "2b 2b 3b 3b 4b 4b 5b 5b 6b 6b 7b 7b 8b",
        W: "1c 1c 5c 5c 6c 6c 7c 7c 8c 8c 2c 3c 2d",
        N: "S S S W W W N N N R R G G",
    }
    return game(TRADITIONAL, hands, end=loose)


def test_kong_on_kong_and_original_through_concealed_kongs():
    # East declares 1b, draws a loose tile 2c; declares 9c, draws 2c: complete
    # (1111b 9999c 567d EEE 2c2c) -- before his first discard, so still original
    g = _east_kongs(["2c", "2c"])
    g.apply(Action(K.CONCEALED_KONG, E, T("1b")))
    g.apply(Action(K.CONCEALED_KONG, E, T("9c")))
    g.apply(Action(K.MAHJONGG, E, T("2c")))
    w = g.result.win
    assert w.by is WinBy.LOOSE and w.after_kong_on_kong and not w.after_flower and w.original


def test_plum_blossom_after_a_kong_not_after_a_flower():
    # a kong's loose tile 5d completes the hand: Plum Blossom's facts
    hands = {
        E: "1b 1b 1b 1b 5d 6d 7d 7d 8d 9d E E E 2c",
        S: "2b 2b 3b 3b 4b 4b 5b 5b 6b 6b 7b 7b 8b",
        W: "1c 1c 5c 5c 6c 6c 7c 7c 8c 8c 9c 9c 2d",
        N: "S S S W W W N N N R R G G",
    }
    g = game(TRADITIONAL, hands, end=["2c"])
    g.apply(Action(K.CONCEALED_KONG, E, T("1b")))
    g.apply(Action(K.MAHJONGG, E, T("2c")))
    assert g.result.win.by is WinBy.LOOSE and not g.result.win.after_flower


def test_plum_blossom_on_a_flowers_loose_tile_is_not_one():
    # South draws f3 from the wall; its loose tile 5d completes his hand
    hands = {
        E: "1b 2b 3b 4b 5b 6b 7b 8b 9b 1c 2c 3c 4c 9c",
        S: "1d 2d 3d 4d 5d 6d 7d 8d 9d E E E 5d",
        W: "5c 5c 5c 6c 6c 6c 7c 7c 7c 8c 8c 8c G",
        N: "S S S W W W N N N R R R G",
    }
    g = game(TRADITIONAL, hands, draws=["f3"], end=["5d"])
    g.apply(Action.discard(E, T("9c")))
    pass_all(g)
    assert g.hand(S).bonus == (T("f3"),)
    g.apply(Action(K.MAHJONGG, S, T("5d")))
    w = g.result.win
    assert w.by is WinBy.LOOSE and w.after_flower
    assert g.result.scores[S].limit_hand != "Plum Blossom on the Roof"
