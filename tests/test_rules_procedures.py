"""The table procedure as each ruleset's own book has it (issue 20).

* Pung Chow Part I draws the whole wall, loose tiles included (seed 000 Part
  II: "The most important change is that the last 14 tiles in the wall are
  never drawn" -- so in Part I they are); Part II and the other rulesets
  keep 14.
* The deal on a hand nobody wins: Traditional passes it (seed 001: East
  "retains the deal and remains 'East' until he fails to win a hand when the
  deal passes to next player on his right"); Pung Chow keeps it (seed 000
  Part I, A: "if the game is a draw, he remains East Wind") and Hong Kong too
  (seed 003 (9) g: "the game has to be repeated with the same 'Jong'").
* ``hong-kong-136``: seed 003's own game (5): 136 tiles, walls of 17
  blocks, no Flowers or Seasons; and its sum of 17 ((9) b (6)).
* The Mandarins of Pung Chow (seed 000 Part I, "Use of the Mandarins"): an
  option of both Pung Chow rulesets, off by default.

Walls, dice and deals are built by hand (tests/table_walls.py) and the
expected tiles are read off the built wall with ``built_index``.
"""

from __future__ import annotations

from collections import Counter

import pytest
from typer.testing import CliRunner

from mahjongg.cli import app
from mahjongg.hand import Hand
from mahjongg.rules import HONG_KONG, HONG_KONG_136, PUNG_CHOW, PUNG_CHOW_LIMIT, RULESETS, TRADITIONAL, Situation, Win, WinBy, get_ruleset
from mahjongg.rules.mandarins import MANDARIN_TILES
from mahjongg.rules.ruleset import RulesetError
from mahjongg.scoring import ScoringError, score_hand
from mahjongg.table import ActionKind, Game, Match, built_index, full_set
from mahjongg.tiles import Tile, Wind, tile

from table_walls import arrange, deal_front

E, S, W, N = Wind
NAMES = sorted(RULESETS)


def pass_everything(g: Game) -> None:
    """Nobody claims or wins: every claim window (washing, robbing) is passed, every
    seat discards the tile it drew (any tile after a claim it never makes)."""
    while not g.is_over:
        seat = g.to_act()[0]
        legal = g.legal_actions(seat)
        passes = [a for a in legal if a.kind is ActionKind.PASS]
        if passes:
            g.apply(passes[0])
            continue
        drawn = g.observation(seat).drawn
        discards = [a for a in legal if a.kind is ActionKind.DISCARD]
        g.apply(next((a for a in discards if a.tile == drawn), discards[0]))


# --- the end of the wall ---------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("name", NAMES)
def test_a_hand_nobody_wins_ends_where_the_ruleset_says(name, players):
    # pung-chow (Part I): no tile is left, loose tiles included; every other ruleset
    # stops at 14 (seed 000 Part II; seed 001 "Draw"; seed 003 (9) g: "14 tiles (7 blocks)")
    r = get_ruleset(name)
    g = Game(r, 7, players)
    pass_everything(g)
    assert g.result.winner is None and g.result.reason == "wall exhausted"
    # dmjl: Kajongg's kong box of 16 (src/predefined.py "Size of Kong Box"; bmja 14), which is not
    # replenished: each loose tile (here for a Flower or Season) leaves one tile fewer in it
    reserve = {"pung-chow": 0, "dmjl": 16}.get(name, 14)
    loose = sum(1 for e in g.events if e["type"] == "draw" and e["source"] == "loose")
    expected_left = reserve if r.kong_box_replenished else reserve - loose
    assert r.reserved_tiles == reserve and g.wall_count == expected_left
    assert Counter(g.tiles_everywhere()) == Counter(full_set(r))
    assert Game.replay(g.events).snapshot() == g.snapshot()


def test_part_one_draws_every_tile_of_the_wall():
    # nobody claims: every tile not dealt is drawn, the two loose tiles last
    g = Game(PUNG_CHOW, 11)
    pass_everything(g)
    draws = [e for e in g.events if e["type"] == "draw"]
    # 136 tiles: 53 dealt, every other one drawn from the wall
    assert len(draws) == 136 - 53
    assert g.wall.loose == [] and g.wall.live() == []


# --- the deal when nobody wins -----------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_a_match_of_drawn_hands_passes_the_deal_only_under_traditional(name):
    r = get_ruleset(name)
    m = Match(r, seed=3, players=4, hands=4)
    easts = []
    while not m.is_over:
        easts.append(m.east_player)
        g = m.next_game()
        pass_everything(g)
        m.record(g)
    assert all(rec.result.winner is None for rec in m.records)
    first = m.first_east
    if r.draw_keeps_deal:
        # seed 000 Part I, A; seed 003 (9) g: the same East every hand
        assert easts == [first] * 4 and m.round == Wind.EAST
    else:
        # seed 001: each drawn hand passes the deal to the right; after four the round is over
        order = m.order
        i = order.index(first)
        assert easts == [order[(i + k) % 4] for k in range(4)]
        assert m.rounds_completed == 1 and m.round == Wind.SOUTH and m.east_player == first
    assert r.draw_keeps_deal == (not name.startswith("traditional"))


def test_the_deal_rule_is_an_option_with_each_rulesets_default():
    assert PUNG_CHOW.draw_keeps_deal and PUNG_CHOW_LIMIT.draw_keeps_deal and HONG_KONG.draw_keeps_deal
    assert not TRADITIONAL.draw_keeps_deal and not get_ruleset("traditional-special-tiles").draw_keeps_deal
    assert TRADITIONAL.with_options(draw_keeps_deal=True).keeps_deal(None)
    assert not PUNG_CHOW.with_options(draw_keeps_deal=False).keeps_deal(None)
    # a win decides the same way everywhere: East keeps the deal only when he wins
    for r in RULESETS.values():
        assert r.keeps_deal(E) and not r.keeps_deal(S) and not r.keeps_deal(N)


# --- hong-kong-136 -------------------------------------------------------------------------


def at(g: Game, side, stack, level) -> Tile:
    return g.built[built_index(side, stack, level, g.ruleset.wall_stacks)]


def test_hong_kong_136_is_seed_003s_set_and_wall():
    # seed 003 (5): "136 tiles only excluding 4 flower tiles and 4 season titles ... each
    # consists of 34 tiles (17 blocks)"
    r = HONG_KONG_136
    assert len(full_set(r)) == 136 and r.bonus_tiles == () and r.wall_stacks == 17
    assert "hong-kong-136" in RULESETS and get_ruleset("hong-kong-136") is r
    # everything else is hong-kong's: three dice once, the jump, the end of the wall
    for option in ("dice_count", "dice_throws", "jump_deal", "loose_refill", "reserved_tiles", "faan", "seating", "draw_keeps_deal"):
        assert getattr(r, option) == getattr(HONG_KONG, option), option


def test_hong_kong_136_scores_no_flower_faan():
    # no Flowers or Seasons in the set: none of the faan items that count them. A
    # concealed hand won on a discard scores "no flowers" under hong-kong (144 tiles),
    # where a hand without a flower is worth a faan; under hong-kong-136 it cannot be.
    hand = Hand.parse("123b 456c 678d 222c 55d")
    sit = Situation(W, E, Win(tile("5d"), WinBy.DISCARD))
    with_flowers = {i.name for i in score_hand(hand, HONG_KONG, sit).items}
    without = {i.name for i in score_hand(hand, HONG_KONG_136, sit).items}
    assert "no flowers" in with_flowers and "no flowers" not in without
    assert with_flowers - without == {"no flowers"}
    names = {rule.name for rule in HONG_KONG_136.rules}
    assert not names & {"no flowers", "own flower", "own season", "all four flowers", "all four seasons", "all eight flowers"}
    with pytest.raises(ScoringError, match="not part of a hong-kong-136 set"):
        score_hand(Hand.parse("123b 456c 678d 222c 55d f1"), HONG_KONG_136, sit)


def test_sum_17_under_hong_kong_136_starts_on_north_wall_as_the_seed_states():
    # seed 003 (9) b (6): 6+6+5 = 17, "Counts from Jong (East) anti-clockwise up to 17, the
    # starting Wall is in front of Jong (East). b) From right hand side of the East Wall
    # counting to the end are 17, then the starting point is from the Upper Player (North)
    # where the Jong will pick up two blocks (4 tiles)": East's first four tiles are the
    # first two stacks of North's wall; South takes North's 3rd and 4th.
    r = HONG_KONG_136
    g = Game.from_wall(full_set(r), ((6, 6, 5),), r)
    assert g.breaker == E and g.break_count == 17
    hands = g.events[1]["hands"]
    assert hands["E"][:4] == [str(at(g, N, 1, 0)), str(at(g, N, 1, 1)), str(at(g, N, 2, 0)), str(at(g, N, 2, 1))]
    assert hands["S"][:4] == [str(at(g, N, 3, 0)), str(at(g, N, 3, 1)), str(at(g, N, 4, 0)), str(at(g, N, 4, 1))]
    # the counted stacks stay: East's 17th stack is the very end of the wall, where a
    # kong's tile is taken "from the very end of the Wall" (9 d 3)
    assert g.wall.live()[-2:] == [at(g, E, 17, 0), at(g, E, 17, 1)]


def test_sum_17_under_hong_kong_with_walls_of_18():
    # the same count on 18-stack walls (144 tiles) leaves East's 18th stack: the Jong's
    # first two blocks are East's 18th and North's 1st (docs/rules/hong-kong.md)
    r = HONG_KONG
    g = Game.from_wall(arrange(r, ((6, 6, 5),), []), ((6, 6, 5),), r)
    hands = g.events[1]["hands"]
    assert hands["E"][:4] == [str(at(g, E, 18, 0)), str(at(g, E, 18, 1)), str(at(g, N, 1, 0)), str(at(g, N, 1, 1))]


def test_hong_kong_136_is_listed_wherever_rulesets_are():
    runner = CliRunner()
    out = runner.invoke(app, ["rules", "hong-kong-136"])
    assert out.exit_code == 0 and "hong-kong-136" in out.output and "stacks per side of the wall" in out.output
    listing = runner.invoke(app, ["rules"])
    assert "hong-kong-136" in listing.output
    scored = runner.invoke(app, ["score", "123b 456c 678d 222c 55d", "--ruleset", "hong-kong-136", "--win", "5d", "--seat", "W"])
    assert scored.exit_code == 0 and "no flowers" not in scored.output
    bad = runner.invoke(app, ["score", "123b 456c", "--ruleset", "nosuch"])
    assert "hong-kong-136" in bad.output


# --- the Mandarins ---------------------------------------------------------------------------


@pytest.mark.parametrize("base", [PUNG_CHOW, PUNG_CHOW_LIMIT], ids=lambda r: r.name)
def test_mandarins_are_an_option_off_by_default(base):
    # seed 000: "They may be eliminated from the set and are not usually used in the play"
    assert base.mandarins is False and base.bonus_tiles == () and base.wall_stacks == 17
    m = base.with_options(mandarins=True)
    # "each side of the wall is increased by two tiles, making each side a double tiered
    # row of 18 tiles": 144 tiles, the Flowers and Seasons 1-4
    assert m.bonus_tiles == MANDARIN_TILES and m.wall_stacks == 18 and len(full_set(m)) == 144
    assert "own mandarin" in {r.name for r in m.rules} and "own mandarin" not in {r.name for r in base.rules}
    assert m.with_options(mandarins=False) == base
    with pytest.raises(RulesetError, match="Use of the Mandarins"):
        base.with_options(mandarins=True, wall_stacks=17)
    with pytest.raises(RulesetError):
        HONG_KONG.with_options(mandarins=True)


@pytest.mark.parametrize("base", [PUNG_CHOW, PUNG_CHOW_LIMIT], ids=lambda r: r.name)
def test_own_wind_mandarins_double_once_each(base):
    # South's losing hand 123b 456c 789d EEE 5d: chows score nothing, a concealed pung of
    # East wind (a head) 8 (both score cards), the single 5d nothing: 8 points. "the
    # mandarin of his own wind permitting him to double his score once. If then he draws
    # the other mandarin of his own wind he ... may double his total score again"; the
    # Seasons and Flowers "1, 2, 3 and 4, represent East, South, West and North": for
    # South f2 and s2. So f2: 16; f2 s2: 32; East's f1 and a Season 3 nothing: 8.
    m = base.with_options(mandarins=True)
    sit = Situation(S, E)
    score = lambda text: score_hand(Hand.parse("123b 456c 789d EEE 5d " + text), m, sit).score
    assert score("") == 8
    assert score("f2") == 16 and score("s2") == 16
    assert score("f2 s2") == 32
    assert score("f1 s3") == 8
    # off (the default) the set has no Mandarins
    with pytest.raises(ScoringError, match="has no Flowers, Seasons"):
        score_hand(Hand.parse("123b 456c 789d EEE 5d f2 s2"), base, sit)


def test_a_mandarin_drawn_is_exposed_and_replaced_by_a_loose_tile():
    # seed 000: "if a player draws one of his own wind mandarins, he exposes it on the
    # table and draws a loose tile". South is dealt f2 (his own) among his 13: he lays it
    # out and draws a loose tile -- the first loose tile -- before play starts.
    m = PUNG_CHOW.with_options(mandarins=True)
    dice = ((3, 4), (3, 4))
    east = "1b 2b 3b 4b 5b 6b 7b 8b 9b 1c 2c 3c 4c 5c".split()
    south = "f2 1d 2d 3d 4d 5d 6d 7d 8d 9d E E E".split()
    west = "6c 7c 8c 9c 1c 2c 3c 4c S S S W W".split()
    north = "6c 7c 8c 9c 1d 2d 3d 4d N N N R R".split()
    front = deal_front(m, {E: east, S: south, W: west, N: north})
    g = Game.from_wall(arrange(m, dice, front, end=["G"]), dice, m)
    assert [(e["seat"], e["tile"]) for e in g.events if e["type"] == "bonus"] == [("S", "f2")]
    assert [(e["seat"], e["tile"], e["source"]) for e in g.events if e["type"] == "draw"] == [("S", "G", "loose")]
    assert g.hand(S).bonus == (tile("f2"),) and len(g.hand(S).concealed) == 13
    assert len(g.built) == 144 and g.wall.stacks == 18
    assert Counter(g.tiles_everywhere()) == Counter(full_set(m))
    assert Game.replay(g.events).snapshot() == g.snapshot()


def test_mahjongg_score_takes_the_mandarins_option():
    runner = CliRunner()
    args = ["score", "123b 456c 789d EEE 5d f2 s2", "--ruleset", "pung-chow-limit", "--seat", "S"]
    refused = runner.invoke(app, args)
    assert refused.exit_code != 0 and "has no Flowers, Seasons or special tiles" in refused.output
    scored = runner.invoke(app, args + ["--mandarins"])
    assert scored.exit_code == 0 and "score: 32" in scored.output  # worked out above
    for name in ("pung-chow", "pung-chow-limit"):
        card = runner.invoke(app, ["rules", name])
        assert "the Mandarins" in card.output and "East keeps the deal when nobody wins" in card.output
    assert "the whole wall is drawn" in runner.invoke(app, ["rules", "pung-chow"]).output
