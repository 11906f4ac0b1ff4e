"""Engine rules the audit found untested at table level, each from a preset wall.

* pung-chow-limit: "even a loose tile cannot be drawn if there are only 14
  tiles left in the wall including the loose tiles" (seed 000 Part II /
  seed 002, "Procedure of play": "The most important change is that the last
  14 tiles in the wall are never drawn and the game ends and is a draw if it
  reaches this point without conclusion. Loose tiles may be drawn of course
  during the play, but even a loose tile cannot be drawn if there are only 14
  tiles left in the wall including the loose tiles."). The engine's reading
  (docs/rules/table.md, "Kongs"): "Every kong draws a loose tile; kongs are
  not offered when no loose tile can be drawn" -- so with 14 left no kong is
  offered (concealed, or claimed from a discard), and the hand ends a draw at
  the next draw due; with 15 left a kong is still offered and its loose tile
  is the last tile drawn.
* traditional: Moon from the Bottom of the Sea (seed 001, limit hand 12: the
  last live tile, drawn, is the one of dots) and Earthly Peace (limit hand
  11: another player goes out on East's first discard), detected from the
  game's own events (docs/rules/table.md, "Win facts": ``last_tile``,
  ``first_discard``).
* hong-kong: the engine offers Mah-Jongg only at or above the 3-faan minimum
  (seed 003, a pre-agreed minimum; docs/rules/hong-kong.md, ``minimum`` 3).

Every wall is given in full up to the reserve: the deal, then every draw, so
the test knows which seat draws the last drawable tile. Nobody claims or
declares anything but what the test says: each seat discards the tile it
drew, every claim is passed.
"""

from __future__ import annotations

from collections import Counter

import pytest

from mahjongg.rules import HONG_KONG, PUNG_CHOW_LIMIT, TRADITIONAL
from mahjongg.hand import Hand
from mahjongg.rules import Situation, Win
from mahjongg.rules.context import WinBy
from mahjongg.scoring import score_hand
from mahjongg.table import Action, ActionKind, Game, IllegalActionError, full_set
from mahjongg.tiles import Tile, Wind

from table_walls import arrange, deal_front

E, S, W, N = Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH
K = ActionKind
T = Tile.parse
DICE = ((3, 4), (3, 4))


def whole_front(ruleset, hands, last=()):
    """The live wall in draw order up to the reserve: the deal of ``hands``,
    then filler draws (the playing tiles left, in order), then ``last`` --
    the final draws before only ``reserved_tiles`` remain."""
    deal = deal_front(ruleset, hands)
    drawable = len(full_set(ruleset)) - ruleset.reserved_tiles
    left = Counter(t for t in full_set(ruleset) if not t.is_bonus) - Counter(T(t) for t in deal + list(last))
    filler = sorted(left.elements())[: drawable - len(deal) - len(last)]
    front = deal + [str(t) for t in filler] + list(last)
    assert len(front) == drawable
    return front


def snapshot_then_illegal(g, action):
    before = g.snapshot()
    with pytest.raises(IllegalActionError):
        g.apply(action)
    assert g.snapshot() == before


def pass_all(g):
    while g.phase == "claims":
        for s in g.to_act():
            g.apply(Action.pass_(s, g.last_discard[1]))


def paid(r, payer, payee) -> int:
    return sum(p.amount for p in r.settlement.payments if p.payer == payer and p.payee == payee)


def play_until(g, stop):
    """Each seat in turn discards the tile it drew, every claim is passed,
    until ``stop(g)`` is true in a turn (or the hand ends)."""
    while not g.is_over:
        if g.phase == "claims":
            pass_all(g)
            continue
        if stop(g):
            return
        seat = g.turn
        g.apply(Action.discard(seat, g.observation(seat).drawn))


# --- pung-chow-limit: no loose tile with 14 left ------------------------------------------

PCL = PUNG_CHOW_LIMIT
# No original hand has 9 different heads (no washing window). South holds four
# 9d (a concealed kong he may declare in any turn while a loose tile can be
# drawn); West holds three 1c and three 2c (a kong claimed from a discard).
PCL_HANDS = {
    E: "2b 3b 4b 5b 6b 7b 2d 3d 4d 5d 6d 7d 8d 8b",
    S: "9d 9d 9d 9d 3c 3c 4c 4c 5c 5c 6c 6c 1c",
    W: "1c 1c 1c 2c 2c 2c 7c 7c 8c 8c 9c 9c 3b",
    N: "E E E S S S W W W N N N R",
}
# 136 tiles - 14 never drawn = 122 drawable; 53 dealt; 69 draws by South, West,
# North, East, South, ...: the 68th is East's (leaving 15), the 69th and last
# South's (leaving 14). The 68th draw is 2c (the fourth), the 69th a 1b.
PCL_LAST = ["2c", "1b"]


def pcl_game():
    g = Game.from_wall(arrange(PCL, DICE, whole_front(PCL, PCL_HANDS, PCL_LAST)), DICE, PCL)
    assert g.reserved == 14 and g.wall_count == 136 - 53
    return g


def test_pung_chow_limit_no_kong_when_only_fourteen_remain():
    g = pcl_game()
    # East opens with 8b; while more than 14 tiles remain South is offered his kong
    g.apply(Action.discard(E, T("8b")))
    pass_all(g)
    assert g.turn == S and Action(K.CONCEALED_KONG, S, T("9d")) in g.legal_actions(S)
    play_until(g, lambda g: g.wall_count == 15)
    # East has drawn the 68th tile (2c), 15 left; he throws it: West, holding
    # three, may still claim the kong -- its loose tile can be drawn (15 > 14)
    assert g.turn == E and g.observation(E).drawn == T("2c") and g.observation(E).drawable == 1
    g.apply(Action.discard(E, T("2c")))
    assert Action(K.KONG, W, T("2c")) in g.legal_actions(W)
    pass_all(g)
    # South draws the last drawable tile (1b): 14 left, loose tiles included
    assert g.turn == S and g.wall_count == 14 and g.observation(S).drawable == 0
    draws_before = [e for e in g.events if e["type"] == "draw"]
    assert draws_before[-1] == {"type": "draw", "seat": "S", "tile": "1b", "source": "wall"}
    # his four 9d: no kong offered now -- it would need a loose tile -- and refused if tried
    assert all(a.kind is not K.CONCEALED_KONG for a in g.legal_actions(S))
    snapshot_then_illegal(g, Action(K.CONCEALED_KONG, S, T("9d")))
    # he throws 1c: West (three 1c) is offered the pung but not the kong
    g.apply(Action.discard(S, T("1c")))
    west = g.legal_actions(W)
    assert Action(K.PUNG, W, T("1c")) in west and Action(K.KONG, W, T("1c")) not in west
    snapshot_then_illegal(g, Action(K.KONG, W, T("1c")))
    pass_all(g)
    # the next draw is due with only the 14 left: a draw, no tile (loose or not) drawn
    r = g.result
    assert r.winner is None and r.reason == "wall exhausted"
    assert g.wall_count == 14
    assert [e for e in g.events if e["type"] == "draw"] == draws_before
    assert r.settled is False  # pung-chow-limit does not settle draws (docs/rules/pung-chow-limit.md)
    assert Counter(g.tiles_everywhere()) == Counter(full_set(PCL))
    assert Game.replay(g.events).snapshot() == g.snapshot()


def test_pung_chow_limit_kong_with_fifteen_left_draws_the_last_loose_tile():
    # The same wall; West claims East's 2c as a kong with 15 left: his loose
    # tile is the last tile that may be drawn (14 left after it). Once he has
    # discarded, the next draw is due and the hand is a draw.
    g = pcl_game()
    g.apply(Action.discard(E, T("8b")))
    pass_all(g)
    play_until(g, lambda g: g.wall_count == 15)
    g.apply(Action.discard(E, T("2c")))
    for s in g.to_act():
        g.apply(Action(K.KONG, W, T("2c")) if s == W else Action.pass_(s, T("2c")))
    assert g.turn == W and g.wall_count == 14
    last = [e for e in g.events if e["type"] == "draw"][-1]
    assert last["seat"] == "W" and last["source"] == "loose"
    # with 14 left no further kong: West's three 1c stay three
    assert g.hand(W).kongs == 1
    g.apply(Action.discard(W, T(last["tile"])))
    pass_all(g)
    assert g.result.reason == "wall exhausted" and g.wall_count == 14
    assert Counter(g.tiles_everywhere()) == Counter(full_set(PCL))


# --- traditional: limit hands from the game's events ----------------------------------------

TR = TRADITIONAL
TR_HANDS = {
    E: "2b 3b 4b 5b 6b 7b 2d 3d 4d 5d 6d 7d 8d 8b",
    S: "1b 2b 3b 4c 5c 6c 7d 8d 9d 3c 3c 3c 1d",  # waits on 1d (pair) -- and only 1d
    W: "1c 1c 1c 2c 2c 2c 7c 7c 8c 8c 9c 9c 9b",
    N: "E E E S S S W W W N N N R",
}


def test_moon_from_the_bottom_of_the_sea_on_the_last_drawable_tile():
    # 144 tiles (Seasons and Flowers lie beyond the drawable tiles, never
    # drawn) - 14 never drawn = 130; 53 dealt; 77 draws, South's first and
    # every fourth: the 77th, the last, is South's, and it is 1d. South waits
    # on 1d: 123b 456c 789d 333c + 1d 1d. Seed 001, limit hand 12 "Moon from
    # the Bottom of the Sea": the last tile of the wall, drawn, is the one of
    # dots and completes the hand. A limit hand scores the limit, 300; South
    # is not East: East pays him double, 600, the others 300 (seed 001, "the
    # limit ... 300, East 600"; docs/rules/traditional.md).
    front = whole_front(TR, TR_HANDS, ["1d"])
    # the other three 1d must not be drawn by South before: they are fillers
    # drawn by whoever; South throws what he draws, so the wait is untouched
    g = Game.from_wall(arrange(TR, DICE, front), DICE, TR)
    g.apply(Action.discard(E, T("8b")))
    play_until(g, lambda g: g.wall_count == 14)
    assert g.turn == S and g.observation(S).drawn == T("1d")
    assert Action(K.MAHJONGG, S, T("1d")) in g.legal_actions(S)
    g.apply(Action(K.MAHJONGG, S, T("1d")))
    r = g.result
    assert r.winner == S and r.win.by is WinBy.WALL and r.win.last_tile and not r.win.first_discard
    assert r.scores[S].limit_hand == "Moon from the Bottom of the Sea"
    assert r.scores[S].score == TR.limit == 300
    assert r.net[S] == 600 + 300 + 300
    assert paid(r, E, S) == 600 and paid(r, W, S) == paid(r, N, S) == 300
    assert Game.replay(g.events).snapshot() == g.snapshot()


def test_a_one_of_dots_drawn_before_the_last_tile_is_no_moon():
    # near miss: the same hand completed by a 1d drawn with the wall still
    # long (South's first draw): a self-drawn win, not the limit
    front = deal_front(TR, TR_HANDS, ["1d"])
    g = Game.from_wall(arrange(TR, DICE, front), DICE, TR)
    g.apply(Action.discard(E, T("8b")))
    pass_all(g)
    g.apply(Action(K.MAHJONGG, S, T("1d")))
    r = g.result
    assert r.win.by is WinBy.WALL and not r.win.last_tile
    assert r.scores[S].limit_hand is None and r.scores[S].score < TR.limit


def test_earthly_peace_on_easts_first_discard():
    # East's first discard is 1d, South's wait: he claims it before anyone has
    # drawn. Seed 001, limit hand 11 "Earthly Peace": a player other than East
    # goes out on East's first discard -- the limit, 300, East paying 600.
    g = Game.from_wall(arrange(TR, DICE, deal_front(TR, {**TR_HANDS, E: "2b 3b 4b 5b 6b 7b 2d 3d 4d 5d 6d 7d 8d 1d"})), DICE, TR)
    g.apply(Action.discard(E, T("1d")))
    assert Action(K.MAHJONGG, S, T("1d")) in g.legal_actions(S)
    for s in g.to_act():
        g.apply(Action(K.MAHJONGG, S, T("1d")) if s == S else Action.pass_(s, T("1d")))
    r = g.result
    assert r.winner == S and r.win.by is WinBy.DISCARD and r.win.first_discard
    assert r.scores[S].limit_hand == "Earthly Peace" and r.scores[S].score == 300
    assert r.net[S] == 600 + 300 + 300 and paid(r, E, S) == 600
    assert Game.replay(g.events).snapshot() == g.snapshot()


def test_a_win_on_a_later_discard_is_no_earthly_peace():
    # near miss: East's first discard passes; South draws 8c and throws it;
    # West throws his drawn tile, 1d, and South goes out on it: not East's
    # first discard
    east = "2b 3b 4b 5b 6b 7b 2d 3d 4d 5d 6d 7d 8d 8b"
    g = Game.from_wall(arrange(TR, DICE, deal_front(TR, {**TR_HANDS, E: east}, ["8c", "1d"])), DICE, TR)
    g.apply(Action.discard(E, T("8b")))
    pass_all(g)
    g.apply(Action.discard(S, T("8c")))
    pass_all(g)
    g.apply(Action.discard(W, T("1d")))
    for s in g.to_act():
        g.apply(Action(K.MAHJONGG, S, T("1d")) if s == S else Action.pass_(s, T("1d")))
    r = g.result
    assert r.winner == S and r.win.by is WinBy.DISCARD and not r.win.first_discard
    assert r.scores[S].limit_hand is None


# --- hong-kong: Mah-Jongg offered only at the minimum -------------------------------------

HK = HONG_KONG
HK_DICE = ((1, 1, 2),)
HK_OTHERS = {
    E: "2b 3b 4b 5b 6b 7b 2d 3d 4d 5d 6d 7d 8d 8b",
    S: "E E E S S S W W W N N N R",
    N: "1c 1c 1c 7c 7c 7c 9b 9b 9b 9c 9c G G",
}


def hk_game(west):
    # East throws 8b; South, West, North, East each draw a tile and throw it
    # (8c, 1b, 1b, 1b) -- West has discarded, so a win now is no "earthly hand"
    # (a limit hand: faan_items.EarthlyHand, a win on the Jong's first discard
    # or with the dealt hand); then South draws 5d and throws it, and West
    # claims it. (Flowers and Seasons lie in the middle of the wall, never
    # reached: West has none -- "no flowers" 1 faan.)
    draws = ["8c", "1b", "1b", "1b", "5d"]
    g = Game.from_wall(arrange(HK, HK_DICE, deal_front(HK, {**HK_OTHERS, W: west}, draws)), HK_DICE, HK)
    g.apply(Action.discard(E, T("8b")))
    pass_all(g)
    play_until(g, lambda g: g.turn == S and g.observation(S).drawn == T("5d"))
    assert [e["tile"] for e in g.events if e["type"] == "draw"] == draws
    g.apply(Action.discard(S, T("5d")))
    return g


def test_hong_kong_withholds_mahjongg_below_the_minimum():
    # West: 123b 456c 678d 222c + 5d, waiting on 5d for the pair. Complete on
    # South's 5d (123b 456c 678d 222c 55d), but worth only 2 faan: concealed
    # hand won on a discard 1 + no flowers 1 (the pung of 2c: not all chows;
    # no honors; three suits). Below the 3-faan minimum: West, next after
    # South, is asked only about the chow 5d-6d-7d; MAHJONGG is not offered,
    # and is refused if tried, the game unchanged.
    g = hk_game("1b 2b 3b 4c 5c 6c 6d 7d 8d 2c 2c 2c 5d")
    west = g.legal_actions(W)
    assert all(a.kind is not K.MAHJONGG for a in west)
    assert west == (Action(K.CHOW, W, T("5d"), T("5d")), Action.pass_(W, T("5d")))
    snapshot_then_illegal(g, Action(K.MAHJONGG, W, T("5d")))
    # the scorer agrees: 2 faan, may not be declared
    sc = score_hand(Hand.parse("123b 456c 678d 222c 55d"), HK, Situation(W, E, Win(T("5d"), WinBy.DISCARD)))
    assert sc.faan == 2 and not HK.may_declare(sc)


def test_hong_kong_offers_mahjongg_at_the_minimum():
    # West: 123b 456c 678d 234c + 5d -- the same hand with a chow of 234c for
    # the pung of 2c: all chows 1 + concealed on a discard 1 + no flowers 1 =
    # 3 faan, the minimum: MAHJONGG offered and won; South, the discarder,
    # pays double the points, the others once (seed 003 (12b)).
    g = hk_game("1b 2b 3b 4c 5c 6c 6d 7d 8d 2c 3c 4c 5d")
    assert Action(K.CHOW, W, T("5d"), T("5d")) in g.legal_actions(W)
    assert Action(K.MAHJONGG, W, T("5d")) in g.legal_actions(W)
    for s in g.to_act():
        g.apply(Action(K.MAHJONGG, W, T("5d")) if s == W else Action.pass_(s, T("5d")))
    r = g.result
    assert r.winner == W and r.win.by is WinBy.DISCARD
    assert r.scores[W].faan == 3 and r.scores[W].limit_hand is None
    assert {i.name: i.faan for i in r.scores[W].items} == {
        "concealed hand won on a discard": 1, "no flowers": 1, "all chows": 1}
    # 3 faan = 8 points (1, 2, 4, 8 for 0..3 faan): South 16, East and North 8 each
    assert r.scores[W].score == 8
    assert r.net[S] == -16 and r.net[E] == r.net[N] == -8 and r.net[W] == 32
