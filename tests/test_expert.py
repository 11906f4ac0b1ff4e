"""The expert bot: decides from its observation alone, reproducibly; value and defence worked by hand."""

import pickle
from dataclasses import replace

from mahjongg.bots import ExpertBot, make_bot
from mahjongg.bots.expert import danger, discard_cost, discard_value, win_chance, win_score
from mahjongg.hand import Hand, Meld, MeldKind
from mahjongg.notation import parse_tiles
from mahjongg.rules import RULESETS, Situation, Win, WinBy, get_ruleset
from mahjongg.scoring import ScoringError, score_hand
from mahjongg.table import Action, ActionKind, Game, Observation
from mahjongg.tiles import Wind, tile

from test_bots import obs


def _play(seed: int, ruleset: str, copy_observations: bool) -> list[dict]:
    """One hand, the expert at East and South, greedy elsewhere; with
    ``copy_observations`` each bot gets a pickled copy of its observation (plain
    values: nothing that can reach the game)."""
    g = Game(get_ruleset(ruleset), seed)
    bots = {Wind.EAST: make_bot("expert", 1), Wind.SOUTH: make_bot("expert", 2), Wind.WEST: make_bot("greedy", 3), Wind.NORTH: make_bot("greedy", 4)}
    while not g.is_over:
        seat = g.to_act()[0]
        o = g.observation(seat)
        if copy_observations:
            o = pickle.loads(pickle.dumps(o))
            assert isinstance(o, Observation) and "_build" not in o.__dict__
        g.apply(bots[seat].act(o, g.legal_actions(seat)))
    return g.events


def test_expert_plays_from_a_copy_of_its_observation_alike():
    # the bot's act() gets an Observation and the legal actions, nothing else: given a
    # detached copy (no reference to the game) it plays the very same hand
    for ruleset, seed in (("pung-chow", 4), ("hong-kong", 5), ("traditional-special-tiles", 6)):
        assert _play(seed, ruleset, True) == _play(seed, ruleset, False)


def test_expert_is_reproducible_for_a_seed():
    assert _play(8, "pung-chow-limit", False) == _play(8, "pung-chow-limit", False)


def test_expert_never_reads_the_game():
    # Observation's fields are all it holds; a bot built without a game plays an
    # observation made by hand
    o = obs("123b 456b 789b EE 5c 6c 9d")
    a = ExpertBot(0).act(o, [Action.discard(Wind.EAST, t) for t in sorted(set(o.concealed))])
    # discarding 9d leaves 123b 456b 789b EE 5c6c waiting on 4c or 7c (8 unseen copies);
    # any other discard leaves the hand one tile further from waiting
    assert a == Action.discard(Wind.EAST, tile("9d"))


def test_weigh_plays_as_act_and_reports_the_values_it_chose_by():
    # the hand above: 9d is the one discard that leaves it waiting, so the expert's ranking has
    # 9d first, with more expected chips than any other; weigh() plays what act() plays
    o = obs("123b 456b 789b EE 5c 6c 9d")
    legal = [Action.discard(Wind.EAST, t) for t in sorted(set(o.concealed))]
    bot = ExpertBot(0)
    action, weighed = bot.weigh(o, legal)
    assert action == ExpertBot(0).act(o, legal) == Action.discard(Wind.EAST, tile("9d"))
    ranked = weighed["discards"]
    assert ranked[0].tile == tile("9d") and {v.tile for v in ranked} == set(o.concealed)
    assert all(ranked[0].ev > v.ev for v in ranked[1:]) and "claims" not in weighed
    assert bot._weighing is None  # nothing kept for the next decision


def test_expert_discards_for_value_where_greedy_counts_tiles():
    # seat South, 12345b 123c 567d SSS (14 tiles). Three discards leave it waiting:
    #   S:  12345b 123c 567d SS waits on 3b (3 unseen) and 6b (4): 7 copies;
    #   1b: 2345b 123c 567d SSS waits on 2b and 5b (3 unseen each): 6 copies;
    #   5b: 1234b 123c 567d SSS waits on 1b and 4b (3 unseen each): 6 copies.
    # Greedy keeps the most copies (discards S). The pung of South, the seat's own
    # wind, is worth a double (seed 000 Part I, score card: "three of own wind"):
    # the scorer gives 22 for the first hand won on 3b and 56 for the others.
    # The expert keeps the pung; between 1b and 5b (equal in every count) it lets
    # go the higher tile, 5b.
    hand_s = Hand(parse_tiles("12345b 123c 567d SS 3b"))
    hand_1 = Hand(parse_tiles("2345b 123c 567d SSS 2b"))
    sit = lambda t: Situation(seat=Wind.SOUTH, win=Win(tile(t), WinBy.DISCARD))
    assert score_hand(hand_s, get_ruleset("pung-chow"), sit("3b")).score == 22
    assert score_hand(hand_1, get_ruleset("pung-chow"), sit("2b")).score == 56
    o = obs("12345b 123c 567d SSS", seat=Wind.SOUTH)
    legal = [Action.discard(Wind.SOUTH, t) for t in sorted(set(o.concealed))]
    assert make_bot("greedy", 0).act(o, legal) == Action.discard(Wind.SOUTH, tile("S"))
    assert make_bot("expert", 0).act(o, legal) == Action.discard(Wind.SOUTH, tile("5b"))
    ranked = discard_value(o)
    by_tile = {v.tile: v for v in ranked}
    assert [v.tile for v in ranked[:2]] == [tile("5b"), tile("1b")]
    assert by_tile[tile("S")].ev < by_tile[tile("1b")].ev
    assert {(str(t), u, s) for t, u, s in by_tile[tile("1b")].waits} == {("2b", 3, 56), ("5b", 3, 56)}
    assert {(str(t), u, s) for t, u, s in by_tile[tile("S")].waits} == {("3b", 3, 22), ("6b", 4, 22)}


def test_a_wait_the_ruleset_does_not_let_it_declare_is_worth_nothing():
    # Hong Kong needs 3 faan (docs/rules/hong-kong.md). [777c] 123b 456b 234d 5d won on
    # 5d: "no flowers" 1 faan, nothing else on a discard (2 with "self-drawn"): below the
    # minimum either way, so the wait is worth nothing. Pung Chow has no minimum.
    seven = (Meld(MeldKind.PUNG, tile("7c"), exposed=True),)
    o = replace(obs("123b 456b 234d 5d 1d", melds={Wind.EAST: seven}), ruleset=RULESETS["hong-kong"])
    counts = [0] * 34
    for t in parse_tiles("123b 456b 234d 5d"):
        counts[t] += 1
    hk = get_ruleset("hong-kong")
    won = Hand(parse_tiles("123b 456b 234d 55d"), seven)
    for by in (WinBy.DISCARD, WinBy.WALL):
        assert not hk.may_declare(score_hand(won, hk, Situation(win=Win(tile("5d"), by))))
    assert win_score(o, counts, tile("5d")) == 0
    pc = replace(o, ruleset=RULESETS["pung-chow"])
    assert win_score(pc, counts, tile("5d")) == score_hand(won, get_ruleset("pung-chow"), Situation(win=Win(tile("5d")))).score > 0


def test_a_wait_with_too_many_chows_is_worth_nothing_without_being_scored():
    # BMJA allows at most one chow in a hand (Kajongg, ruleset Classical Chinese BMJA, "number
    # of allowed chows"; docs/rules/bmja.md). 234b 567b RRR GGG Wh waits on Wh: its only
    # arrangement has two chows and the tiles can be no special hand (dragon pungs, 2-8), so
    # the scorer refuses it and win_score, which asks the ruleset first, gives 0; under DMJL
    # (no limit on chows) the same wait scores what the scorer says.
    o = replace(obs("234b 567b RRR GGG Wh 1d"), ruleset=RULESETS["bmja"])
    counts = [0] * 34
    for t in parse_tiles("234b 567b RRR GGG Wh"):
        counts[t] += 1
    won = Hand(parse_tiles("234b 567b RRR GGG WhWh"))
    bmja = get_ruleset("bmja")
    try:
        score_hand(won, bmja, Situation(win=Win(tile("Wh"), WinBy.WALL)))
        refused = False
    except ScoringError:
        refused = True
    assert refused and bmja.refuses_unscored(won.counts(), ())
    before = list(counts)
    assert win_score(o, counts, tile("Wh")) == 0 and counts == before  # the counts given back as they were
    dmjl = replace(o, ruleset=RULESETS["dmjl"])
    assert win_score(dmjl, counts, tile("Wh")) == score_hand(won, get_ruleset("dmjl"), Situation(win=Win(tile("Wh")))).score > 0


def test_defence_keeps_the_tiles_a_one_suit_hand_in_view_wants():
    # seed 000 "Suggestions for careful playing": late in the hand, a hopeless hand
    # holds what would help the others. South shows three sets of bamboo (a one-suit
    # hand in view) and discarded N himself; 12 tiles left to draw; Pung Chow. The
    # expert's hand (1c 9c 1d 9d and single honors) is six steps from waiting: it lets go
    # the tile South discarded (N) and keeps the 5b.
    m = lambda k, t: Meld(k, tile(t), exposed=True)
    south = (m(MeldKind.PUNG, "2b"), m(MeldKind.PUNG, "4b"), m(MeldKind.CHOW, "6b"))
    o = replace(
        obs("19c 19d E S W N R G Wh 5b 2c 8d", melds={Wind.SOUTH: south}, discards={Wind.SOUTH: "N"}, drawable=12),
        ruleset=RULESETS["pung-chow"],
    )
    unseen = [4] * 34
    assert danger(o, tile("5b"), Wind.SOUTH, unseen) > danger(o, tile("2c"), Wind.SOUTH, unseen)
    assert danger(o, tile("N"), Wind.SOUTH, unseen) < danger(o, tile("E"), Wind.SOUTH, unseen)
    legal = [Action.discard(Wind.EAST, t) for t in sorted(set(o.concealed))]
    assert ExpertBot(0).act(o, legal) == Action.discard(Wind.EAST, tile("N"))
    ranked = discard_value(o)
    assert ranked[-1].tile == tile("5b")


def test_a_discard_costs_what_the_ruleset_settles_over_the_same_win_otherwise():
    # The position above (East to discard, twelve tiles left to draw; South shows pungs of
    # 2b and 4b and a chow 678b), under Pung Chow and under the DMJL. Say South goes out on
    # the tile with 40 points (the expert's typical score). East pays double in either book.
    # Pung Chow ("Settling the scores"): East pays South 80 whoever discarded and 80
    # self-drawn, and a drawn hand pays nothing: the discard costs 0 over the same win
    # otherwise, and 0.15 (the chance South would not have won at all) x 80 = 12.
    # DMJL (docs/rules/dmjl.md, "Procedure and settlement"): the same 80 on a win, but a
    # drawn hand settles too (every pair the difference of their scores: 80 again), so a
    # plain discard costs 0. South's three exposed sets are all bamboo with nine bamboo in
    # view: a bamboo discard he wins on is the Dangerous Game, its discarder pays for all,
    # four times the score: 160, 80 over the same win otherwise.
    m = lambda k, t: Meld(k, tile(t), exposed=True)
    south = (m(MeldKind.PUNG, "2b"), m(MeldKind.PUNG, "4b"), m(MeldKind.CHOW, "6b"))
    seats = tuple(Wind)
    pung_chow, dmjl = get_ruleset("pung-chow"), get_ruleset("dmjl")
    assert discard_cost(pung_chow, Wind.EAST, Wind.SOUTH, seats, 40) == 0.15 * 80
    assert discard_cost(dmjl, Wind.EAST, Wind.SOUTH, seats, 40) == 0
    east = Hand(tuple(parse_tiles("19c 19d E S W N R G Wh 2c 8d")))  # after discarding 5b
    ruling = dmjl.judge_discard(Hand((), south), tile("5b"), east, Wind.EAST, Wind.SOUTH, Wind.EAST)
    assert ruling is not None and ruling.applies
    assert dmjl.judge_discard(Hand((), south), tile("2c"), east, Wind.EAST, Wind.SOUTH, Wind.EAST) is None
    assert discard_cost(dmjl, Wind.EAST, Wind.SOUTH, seats, 40, ruling) == 160 - 80
    # so in the position every discard carries a risk under Pung Chow (all three
    # opponents may win on a late wall), and under the DMJL only the 5b, weighted by the
    # Dangerous Game's 80 where Pung Chow weighs it by 12
    position = obs("19c 19d E S W N R G Wh 5b 2c 8d", melds={Wind.SOUTH: south}, discards={Wind.SOUTH: "N"}, drawable=12)
    by_pc = {v.tile: v.risk for v in discard_value(replace(position, ruleset=pung_chow))}
    by_dmjl = {v.tile: v.risk for v in discard_value(replace(position, ruleset=dmjl))}
    assert all(r > 0 for r in by_pc.values())
    assert {t for t, r in by_dmjl.items() if r > 0} == {tile("5b")}
    assert by_dmjl[tile("5b")] > by_pc[tile("5b")]


def test_win_chance_grows_with_live_tiles_and_draws_and_falls_with_shanten():
    assert win_chance(0, 0, 100, 10) == 0.0
    assert win_chance(0, 8, 100, 10) < win_chance(0, 12, 100, 10) < 0.5
    assert win_chance(0, 8, 100, 5) < win_chance(0, 8, 100, 10)
    assert win_chance(2, 20, 100, 10) < win_chance(1, 20, 100, 10) < win_chance(0, 20, 100, 10)


def test_expert_lays_out_a_held_back_hunter():
    # Traditional with special tiles: a hunter held back leaves the hand a tile short
    # (seed 001); the expert lays it out (BONUS) rather than discarding
    o = replace(obs("123b 456b 789b EE 5c 6c 9d"), hidden=(tile("5c"),))  # any held-back tile stands in
    legal = [Action.discard(Wind.EAST, t) for t in sorted(set(o.concealed))] + [Action(ActionKind.BONUS, Wind.EAST, tile("5c"))]
    assert ExpertBot(0).act(o, legal).kind is ActionKind.BONUS


def test_the_expert_asks_for_a_ruling_only_where_the_ruleset_has_one():
    """``Ruleset.rules_on_discards``: the rulesets with a ruling of their own on the discard
    that completed a win -- Harr's penalties (pung-chow-limit, *Pung Chow* (1922), Part
    II) and the leagues' Dangerous Game (dmjl, bmja as Kajongg defines them) -- and
    none elsewhere, so the expert does not weigh a ruling for every tile there."""
    from mahjongg.rules import get_ruleset

    have = {n for n in ("pung-chow", "pung-chow-limit", "traditional", "traditional-special-tiles",
                        "hong-kong", "hong-kong-136", "dmjl", "bmja") if get_ruleset(n).rules_on_discards}
    assert have == {"pung-chow-limit", "dmjl", "bmja"}
