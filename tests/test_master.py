"""The master bot: decides from its observation alone, reproducibly, on every ruleset;
its loser's term, the tiles let pass and its faan plans worked by hand."""

import pickle
from dataclasses import replace

import pytest

from mahjongg.bots import BOTS, ExpertBot, MasterBot, make_bot
from mahjongg.table.actions import KONG, PUNG
from mahjongg.bots.expert import _threat, win_chance
from mahjongg.bots.expert import DiscardValue
from mahjongg.bots.master import distance_first, loser_term, passed_since, step_values
from mahjongg.hand import Meld, MeldKind
from mahjongg.notation import parse_tiles
from mahjongg.rules import RULESETS, get_ruleset
from mahjongg.shanten import useful_tiles
from mahjongg.table import Action, Game, Observation
from mahjongg.tiles import Wind, tile

from test_bots import obs


def _counts(text: str) -> list[int]:
    c = [0] * 34
    for t in parse_tiles(text):
        c[t] += 1
    return c


def _play(seed: int, ruleset: str, copy_observations: bool) -> list:
    """One hand, master at East and West, expert and greedy elsewhere; with
    ``copy_observations`` each bot gets a pickled copy of its observation."""
    g = Game(get_ruleset(ruleset), seed)
    names = {Wind.EAST: "master", Wind.SOUTH: "expert", Wind.WEST: "master", Wind.NORTH: "greedy"}
    bots = {s: make_bot(n, int(s)) for s, n in names.items()}
    while not g.is_over:
        seat = g.to_act()[0]
        o = g.observation(seat)
        if copy_observations:
            o = pickle.loads(pickle.dumps(o))
            assert isinstance(o, Observation)
        legal = g.legal_actions(seat)
        a = bots[seat].act(o, legal)
        assert a in legal
        g.apply(a)
    return g.events


def test_master_is_registered_with_the_others():
    assert BOTS["master"] is MasterBot
    assert isinstance(make_bot("master", 3), MasterBot)


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_master_plays_every_ruleset_from_a_copy_of_its_observation_alike(ruleset):
    # the bot asks the ruleset (by the observation's name) its questions, never tests the
    # name: every ruleset plays through; a detached copy of each observation (no
    # reference to the game) gives the very same hand, so it reads nothing else
    assert _play(3, ruleset, True) == _play(3, ruleset, False)


def test_master_is_reproducible_for_a_seed():
    assert _play(8, "hong-kong", False) == _play(8, "hong-kong", False)


def test_master_decides_in_turn_and_in_a_claim_window():
    o = obs("123b 456b 789b EE 5c 6c 9d")
    legal = [Action.discard(Wind.EAST, t) for t in sorted(set(o.concealed))]
    # discarding 9d leaves it waiting on 4c or 7c (8 unseen); any other discard leaves
    # it a step further: master, like the expert, waits
    assert MasterBot(0).act(o, legal) == Action.discard(Wind.EAST, tile("9d"))


@pytest.mark.parametrize("players", (2, 3))
def test_master_plays_a_table_of_two_or_three(players):
    # the seats in play are the observation's (obs.seats): nothing assumes four
    g = Game(get_ruleset("hong-kong"), 11, players)
    bots = {s: make_bot("master" if i % 2 == 0 else "expert", i) for i, s in enumerate(g.seats)}
    while not g.is_over:
        seat = g.to_act()[0]
        legal = g.legal_actions(seat)
        a = bots[seat].act(g.observation(seat), legal)
        assert a in legal
        g.apply(a)
    assert sum(g.result.net.values()) == 0


def test_passed_since_is_what_the_opponent_let_pass_since_his_last_discard():
    # East 1b, South 2b, West 3b, North 4b, East 5b, South 6b: South discarded last, so
    # nothing has passed him since; West's hand is the one he discarded 3b from, and he
    # let 4b, 5b and 6b go by without declaring Mah-Jongg (every bot declares it when it
    # may); North let 5b and 6b go. A seat that has not discarded yet let every tile go.
    E, S, W, N = Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH
    seq = ((E, "1b"), (S, "2b"), (W, "3b"), (N, "4b"), (E, "5b"), (S, "6b"))
    o = obs("123c", history=tuple((s, tile(t), None) for s, t in seq))
    names = lambda ts: frozenset(int(tile(t)) for t in ts)
    assert passed_since(o, S) == frozenset()
    assert passed_since(o, W) == names(("4b", "5b", "6b"))
    assert passed_since(o, N) == names(("5b", "6b"))
    # a tile claimed by another seat was let go too (Mah-Jongg comes before any claim)
    first = obs("123c", history=((E, tile("1b"), None), (S, tile("2b"), N)))
    assert passed_since(first, W) == names(("1b", "2b"))


def test_loser_term_under_pung_chow_worked_by_hand():
    # South holds GGG 123b 456b 78c 9d N between turns. As a loser's hand it scores the
    # concealed pung of green dragons, 8 points, doubled once for green dragons: 16
    # (seed 000, Part I, "Combination Scores": 3 of a kind of dragons 8 concealed;
    # "Doubling Honors": three green dragons, double total score once). When East wins,
    # the losers settle the difference of their scores (seed 000, "the high hand of the
    # three collecting the difference between his score and each"): South, 16 against
    # West's and North's nothing, collects 16 from each -- 2 chips a point. With no tile
    # left to draw South cannot win: the term is (1 - 0) * 0.8 * 2 * 16 = 25.6.
    o = replace(obs("GGG 123b 456b 78c 9d N", seat=Wind.SOUTH, drawable=0), phase="claims", turn=Wind.EAST)
    counts = _counts("GGG 123b 456b 78c 9d N")
    assert loser_term(o, counts, 0, 1, 0.8) == pytest.approx(25.6)
    # with draws to come the chance of its own win is taken off
    # with draws to come the chance of its own win is taken off: 40 drawable, 10 draws
    # each; the tiles that bring it nearer are 6c and 9c (4 unseen each), 9d and N (3
    # each, the fourth in its hand): 14 live of the 123 it cannot see
    live = replace(o, drawable=40)
    assert sorted(useful_tiles(counts, 0)) == sorted(tile(t) for t in ("6c", "9c", "9d", "N"))
    assert loser_term(live, counts, 0, 1, 0.8) == pytest.approx((1 - win_chance(1, 14, 123, 10)) * 25.6)
    # Hong Kong's losers do not settle among themselves: a loser's hand is worth nothing
    assert loser_term(replace(o, ruleset=RULESETS["hong-kong"]), counts, 0, 1, 0.8) == 0.0


def test_master_claims_the_kong_of_its_concealed_pung_under_pung_chow():
    # East holds 555b 234c 678c 12d 9d N and South discards the fourth 5b. As a kong on
    # the table the fives score 8 points, as the concealed pung they are 4 (seed 000,
    # Part I, "Combination Scores": 4 of a kind of fives 8 exposed; 3 of a kind 4
    # concealed), the kong keeps the shanten and a loose tile comes. Master claims the
    # kong; the expert, weighing a kong by a rough estimate, punged the fourth tile.
    o = replace(
        obs("555b 234c 678c 12d 9d N"),
        phase="claims", turn=Wind.SOUTH, last_discard=tile("5b"), last_discarder=Wind.SOUTH, claim_window=True,
    )
    legal = [Action(KONG, Wind.EAST, tile("5b")), Action(PUNG, Wind.EAST, tile("5b")), Action.pass_(Wind.EAST, tile("5b"))]
    assert MasterBot(0).act(o, legal) == legal[0]
    # under Hong Kong a kong scores no faan by itself: the rule is off there (master plays
    # as it would without it)
    hk = replace(o, ruleset=RULESETS["hong-kong"])
    no_kongs = type("NoKongs", (MasterBot,), {"KONGS": False})
    assert MasterBot(0).act(hk, legal) == no_kongs(0).act(hk, legal)


def test_a_tile_the_threat_let_pass_carries_no_risk_for_master():
    # Pung Chow. South shows three exposed sets: a threat (with 50 tiles to draw, South
    # is the only one; expert._threat). After South's last discard (9b) West discarded
    # 5c, and South did not go Mah-Jongg on it: with the hand he holds since, 5c is no
    # win for him. The expert counts a risk for 5c against South (he did not discard it
    # himself); master counts none, so its risk for 5c is the expert's less that part.
    # Another tile (8c) keeps the expert's risk.
    m = lambda k, t: Meld(k, tile(t), exposed=True)
    south = (m(MeldKind.PUNG, "2d"), m(MeldKind.PUNG, "6d"), m(MeldKind.CHOW, "6b"))
    E, S, W = Wind.EAST, Wind.SOUTH, Wind.WEST
    history = ((E, tile("1d"), None), (S, tile("9b"), None), (W, tile("5c"), None))
    o = obs("1b 4b 7b 2c 5c 8c 3d 9d E S W N G R", melds={S: south}, drawable=50, history=history)
    expert = {v.tile: v for v in ExpertBot(0).rank_discards(o, None)}
    master = {v.tile: v for v in MasterBot(0).rank_discards(o, None)}
    assert master[tile("5c")].risk < expert[tile("5c")].risk
    assert master[tile("8c")].risk == pytest.approx(expert[tile("8c")].risk)
    # under Hong Kong's 3-faan minimum South's sets (pungs of 2d and 6d, a chow of 6b: two
    # suits, a chow, no honor) leave him no way to 3 faan on a discard -- no one suit, no
    # all pungs, and one set and a pair to come hold one honor pung at most: master counts
    # no risk against him (table_threat), the expert does
    hk = replace(o, ruleset=RULESETS["hong-kong"])
    risk = lambda bot: {v.tile: v.risk for v in bot.rank_discards(hk, None)}
    assert set(risk(MasterBot(0)).values()) == {0.0}
    assert max(risk(ExpertBot(0)).values()) > 0


class PlainExpert(ExpertBot):
    """The expert measuring its hand by the regular shanten (the ruleset's procedure off:
    tests/test_bots_procedure.py), as master's own rules are compared with."""

    PROCEDURE = False


def test_master_without_its_faan_plans_plays_as_the_expert_under_hong_kong():
    # under a faan ruleset none of master's points rules applies (kongs and the loser's
    # value are points rules; the tiles let pass measured worse): with its faan plans off
    # it plays the same hand as the expert, move for move
    class NoPlans(MasterBot):
        FAAN_PLANS = False
        PROCEDURE = False

    for seed in (3, 8):
        g1, g2 = Game(get_ruleset("hong-kong"), seed), Game(get_ruleset("hong-kong"), seed)
        m = {s: NoPlans(int(s)) for s in g1.seats}
        e = {s: PlainExpert(int(s)) for s in g2.seats}
        while not g1.is_over:
            seat = g1.to_act()[0]
            a = m[seat].act(g1.observation(seat), g1.legal_actions(seat))
            assert a == e[seat].act(g2.observation(seat), g2.legal_actions(seat))
            g1.apply(a)
            g2.apply(a)


def test_under_a_faan_table_master_values_a_discard_by_its_best_plan():
    # 123b 456b 789b 11b 45c E, East, 70 tiles to draw. Discarding E waits on 3c or 6c,
    # but that hand of chows is not 3 faan on a discard (concealed 1; self-drawn, no
    # flowers and all chows make 3 only when drawn): the expert values it at a third of a
    # self-drawn win. Discarding 4c or 5c keeps the bamboo: pure one suit (7 + concealed 1
    # = 8 faan) two tiles away, worth more than that whole wait -- master's value of every
    # such discard counts it, the expert's does not
    hk = replace(obs("123b 456b 789b 11b 45c E", drawable=70), ruleset=RULESETS["hong-kong"])
    master = {v.tile: v for v in MasterBot(0).rank_discards(hk, None)}
    expert = {v.tile: v for v in PlainExpert(0).rank_discards(hk, None)}
    assert master[tile("4c")].ev > expert[tile("E")].ev > expert[tile("4c")].ev
    # under Pung Chow (no minimum, no plans) master's values are its points rules' alone
    pc = replace(hk, ruleset=RULESETS["pung-chow"])
    assert MasterBot(0).rank_discards(pc, None)[0].tile == tile("E")


def test_under_a_faan_table_only_the_first_step_discard_has_its_completions_scored():
    # 123b 456c RRR 78d 1b 9c N, East, 70 to draw: discarding N, 9c or 1b leaves the hand
    # a step from waiting (123b, 456c, RRR, 78d and two singles: a pair and the chow's
    # end to come); N and 9c alike (17 live tiles), 1b with fewer (14), worth less.
    # With ONE_STEP_EXACT 1 only the
    # first of them by the plans (9c, the tile order breaking the plans' tie) has its
    # completions scored (expert.one_step_win: the real scorer on every wait of every
    # step), its value the one scoring every discard gives; N and 1b keep their plans'
    # value, below that; the discard chosen is worth what the best one is
    hk = replace(obs("123b 456c RRR 78d 1b 9c N", drawable=70), ruleset=RULESETS["hong-kong"])

    class Every(MasterBot):
        ONE_STEP_EXACT = None

    first = MasterBot(0).rank_discards(hk, None)
    every = {v.tile: v for v in Every(0).rank_discards(hk, None)}
    one = {v.tile: v for v in first}
    steps = [tile("N"), tile("9c"), tile("1b")]
    assert all(one[t].shanten == 1 for t in steps)
    assert every[tile("N")].ev == every[tile("9c")].ev > every[tile("1b")].ev
    assert first[0].tile == tile("9c") and one[tile("9c")].ev == every[tile("9c")].ev
    assert one[tile("N")].ev < every[tile("N")].ev and one[tile("1b")].ev < every[tile("1b")].ev
    assert first[0].ev == max(v.ev for v in every.values())


def test_in_a_claim_window_a_hand_a_step_from_waiting_is_weighed_by_its_plans(monkeypatch):
    # The hand of the test above, weighed in a claim window (ONE_STEP_EXACT scores
    # completions at a turn only): 9c, whose completions a turn scores, keeps its plans' value there, below the
    # turn's value of it (the plans weigh it as they weigh 1b, a discard they do not score
    # either); every other discard is valued as at a turn
    hk = replace(obs("123b 456c RRR 78d 1b 9c N", drawable=70), ruleset=RULESETS["hong-kong"])
    bot = MasterBot(0)
    turn = {v.tile: v for v in bot.rank_discards(hk, None)}
    bot._claiming = True
    claim = {v.tile: v for v in bot.rank_discards(hk, None)}
    assert claim[tile("9c")].ev == turn[tile("1b")].ev < turn[tile("9c")].ev
    assert all(claim[t] == turn[t] for t in turn if t != tile("9c"))
    # East holds 123b 456c RR 78d 1b 9c N and South discards R: the pung of R leaves the
    # hand a step from waiting (123b 456c [RRR] 78d and two singles after a discard), from
    # two steps. Master weighs the claim and passing without scoring completions (no
    # one_step_win)
    import mahjongg.bots.master as master_module

    o = replace(
        obs("123b 456c RR 78d 1b 9c N", drawable=70), ruleset=RULESETS["hong-kong"],
        phase="claims", turn=Wind.SOUTH, last_discard=tile("R"), last_discarder=Wind.SOUTH, claim_window=True,
    )
    legal = [Action(PUNG, Wind.EAST, tile("R")), Action.pass_(Wind.EAST, tile("R"))]
    calls = []
    real = master_module.one_step_win
    monkeypatch.setattr(master_module, "one_step_win", lambda *a: calls.append(a) or real(*a))
    assert MasterBot(0).act(o, legal) in legal
    assert calls == []


def test_table_threat_reads_the_calling_declaration_and_the_faan_minimum():
    from mahjongg.bots.master import shown_faan, table_threat

    E, S, W, N = Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH
    history = ((S, tile("9b"), None), (W, tile("5c"), None))
    o = replace(obs("1b 4b 7b 2c 5c 8c 3d 9d E S W N G R", history=history, drawable=20), ruleset=RULESETS["bmja"])
    # BMJA (a calling hand is declared before it may go out): South and West have discarded
    # and not declared -- no win on a discard for them; North has not discarded yet (he may
    # win undeclared); a declared hand waits
    assert table_threat(o, S) == 0.0 and table_threat(o, W) == 0.0
    th = _threat(o, N)
    assert table_threat(o, N) == (th if th > 0.2 else 0.0)
    assert table_threat(replace(o, calling=frozenset({S})), S) == 1.0
    # Original Call binds a calling hand (dmjl): it waits
    assert table_threat(replace(o, ruleset=RULESETS["dmjl"], original_call=frozenset({W})), W) == 1.0
    # Pung Chow: the expert's weight, counted above 0.2
    pc = replace(o, ruleset=RULESETS["pung-chow"])
    th = _threat(pc, S)
    assert table_threat(pc, S) == (th if th > 0.2 else 0.0)
    # Hong Kong (3 faan): South shows the pung of red dragons (1 faan) and a chow of 6b:
    # mixed one suit (3) is still open, so 4 at best -- the measured chance with one set
    # exposed, 20 tiles to draw: 0.14 x (0.3 + 0.7 x 5/7) = 0.112
    m = lambda k, t: Meld(k, tile(t), exposed=True)
    hk = replace(o, ruleset=RULESETS["hong-kong"], melds={**o.melds, S: (m(MeldKind.PUNG, "R"),)})
    assert shown_faan(hk, S) == 1 + 3
    assert table_threat(hk, S) == pytest.approx(0.14 * (0.3 + 0.7 * 5 / 7))
    # a chow of 6b and a pung of 2d: two suits and a chow, no honor -- nothing shown, three
    # faan short: 0.28 x 0.8 x 0.05 = 0.0112, not counted (0.02 or less)
    hk2 = replace(hk, melds={**o.melds, S: (m(MeldKind.CHOW, "6b"), m(MeldKind.PUNG, "2d"))})
    assert shown_faan(hk2, S) == 0
    assert table_threat(hk2, S) == 0.0


def test_master_under_bmja_weighs_its_discards_with_one_chow():
    # BMJA allows one chow. 123b 456b 789b 123c 5d 9d waits as four chows and a pair
    # (regular shanten 0 after 9d), but no such win may be declared: with one chow it lacks
    # 7 tiles (test_plans). Master counts the hand's shanten with one chow (as the expert
    # does now, by the ruleset's procedure); the regular shanten is 0
    o = replace(obs("123b 456b 789b 123c 5d 9d"), ruleset=RULESETS["bmja"])
    master = {v.tile: v for v in MasterBot(0).rank_discards(o, None)}
    expert = {v.tile: v for v in PlainExpert(0).rank_discards(o, None)}
    assert expert[tile("9d")].shanten == 0
    assert {v.tile: v for v in ExpertBot(0).rank_discards(o, None)}[tile("9d")].shanten == 6
    assert master[tile("9d")].shanten == 6
    # a pung hand is not affected: 111b 222c 333d 44d 5d 6d 9d -- the regular shanten after 9d
    o = replace(obs("111b 222c 333d 44d 5d 6d 9d"), ruleset=RULESETS["bmja"])
    master = {v.tile: v for v in MasterBot(0).rank_discards(o, None)}
    assert master[tile("9d")].shanten == 0


def test_push_or_fold_attacks_with_the_most_value_unless_the_safest_tile_is_far_better():
    from mahjongg.bots.expert import DiscardValue
    from mahjongg.bots.master import push_or_fold

    def dv(t, s, live, value, risk):
        return DiscardValue((tile(t), s, live, (), value, 1.0, risk, value - risk))

    # three discards: 5d of most value (2.0) but risky (0.5), 9b worth 1.9 with a
    # hundredth of a chip of risk, N safe and worth 1.0. The blend (value less risk) plays
    # 9b; push_or_fold plays 5d: N's 1.0 is not more than 5d's 1.5 plus a share of 2.0
    ranked = sorted([dv("5d", 1, 10, 2.0, 0.5), dv("9b", 1, 8, 1.9, 0.01), dv("N", 2, 4, 1.0, 0.0)], key=lambda v: -v.ev)
    assert ranked[0].tile == tile("9b")
    assert push_or_fold(ranked, 1.0)[0].tile == tile("5d")
    # equal values: the least shanten, then the most live tiles, not the least risk
    tied = [dv("5d", 1, 10, 2.0, 0.02), dv("9b", 1, 12, 2.0, 0.01), dv("N", 2, 4, 2.0, 0.0)]
    assert push_or_fold(sorted(tied, key=lambda v: -v.ev), 1.0)[0].tile == tile("9b")
    # the fold: with a risk of 3.0 5d's ev is -1.0, and the safe N's 1.0 is not more than
    # -1.0 plus the margin (1.0 times 5d's value 2.0): attack; with a risk of 3.5 (ev -1.5)
    # N's 1.0 is more than -1.5 + 2.0 = 0.5: fold
    assert push_or_fold([dv("N", 2, 4, 1.0, 0.0), dv("5d", 1, 10, 2.0, 3.0)], 1.0)[0].tile == tile("5d")
    assert push_or_fold([dv("N", 2, 4, 1.0, 0.0), dv("5d", 1, 10, 2.0, 3.5)], 1.0)[0].tile == tile("N")


def test_master_values_a_claim_without_the_risk_of_its_discard_under_a_faan_minimum_only():
    # the claim's value and passing's are weighed alike under Hong Kong (neither counts the
    # risk of a discard to come); elsewhere master keeps the expert's claim
    o = obs("1b 4b 7b 2c 5c 8c 3d 9d E S W N G")
    assert MasterBot(0).claim_defence(o) and ExpertBot(0).claim_defence(o)
    hk = replace(o, ruleset=RULESETS["hong-kong"])
    assert not MasterBot(0).claim_defence(hk) and ExpertBot(0).claim_defence(hk)


def test_under_a_faan_table_a_plan_is_valued_at_five_faan_at_most():
    # 123b 456b 78b 11b 45c RR E, East, hong-kong-136, 70 tiles to draw. Discarding R keeps
    # the bamboo for pure one suit (7 faan, up to the limit of 10 with the concealed
    # hand's and its extras: the Hong Kong faan table of docs/rules/hong-kong.md, since
    # seed 003 stops before its table) at the price of the dragon pair; discarding 4c
    # keeps the pair for a dragon pung with mixed one suit (1 + 3 faan), the nearer plan.
    # Valued up to the limit, throwing R is worth as much as the best discard
    # (the far pure hand's value swamps the rest); with each plan valued at 5 faan at most
    # (MasterBot.FAAN_PLAN_CAP, issue 40: four masters drew 42.5% of their hands under
    # hong-kong-136 without it), the near plan wins and R is kept
    hk = replace(obs("123b 456b 78b 11b 45c RR E", drawable=70), ruleset=RULESETS["hong-kong-136"])

    class Uncapped(MasterBot):
        FAAN_PLAN_CAP = None

    assert MasterBot.FAAN_PLAN_CAP == 5
    uncapped = {v.tile: v.ev for v in Uncapped(0).rank_discards(hk, None)}
    capped = {v.tile: v.ev for v in MasterBot(0).rank_discards(hk, None)}
    assert uncapped[tile("R")] == max(uncapped.values())
    assert capped[tile("R")] < capped[tile("4c")] == max(capped.values())
    # a plan's value never rises with the cap
    assert all(capped[t] <= uncapped[t] + 1e-9 for t in capped)
    # under hong-kong, whose set has Flowers and Seasons (bonus faan), no cap: the plans
    # are valued up to the limit there (MasterBot.plan_cap), as the uncapped bot values them
    full = replace(hk, ruleset=RULESETS["hong-kong"])
    assert MasterBot(0).plan_cap(full) is None and MasterBot(0).plan_cap(hk) == 5
    assert [(v.tile, v.ev) for v in MasterBot(0).rank_discards(full, None)] == [
        (v.tile, v.ev) for v in Uncapped(0).rank_discards(full, None)
    ]


def test_a_step_is_not_given_up_for_a_fraction_of_a_chip_of_risk():
    # From a hand where master lost chips to the expert (bench/arena/divergence.py, pung-chow,
    # seed 40, deal 219): East holds 1137b 1255679c 247d with 60 tiles to draw; South has an
    # exposed pung of red dragons and discarded 2d and 4d. Discarding 9c keeps three steps
    # from waiting: 567c a set, 11b the pair, 12c and 24d towards sets (8 - 2x1 - 2 - 1 = 3);
    # discarding 2d or 4d leaves four (567c, 11b, 12c and singles: 8 - 2 - 1 - 1 = 4).
    # Three steps out on 60 tiles the expert's measure sees no chance of a win at all, so
    # every discard is valued by its risk alone: 2d and 4d, which South let go himself, less
    # than 9c. The expert gives up the step for that difference; master (NO_CHANCE_MARGIN,
    # 1 chip) keeps the step and discards a nearest tile.
    melds = {Wind.SOUTH: [Meld(MeldKind.PUNG, tile("R"), exposed=True)]}
    o = obs("1137b 1255679c 247d", melds=melds, discards={Wind.SOUTH: "2d 4d"})
    cands = sorted(set(o.concealed))
    by_tile = {str(v.tile): v for v in ExpertBot(0).rank_discards(o, cands)}
    assert (by_tile["9c"].shanten, by_tile["2d"].shanten, by_tile["4d"].shanten) == (3, 4, 4)
    assert all(v.chance == 0 for v in by_tile.values())
    gap = by_tile["9c"].risk - by_tile["2d"].risk
    assert 0 < gap < MasterBot.NO_CHANCE_MARGIN
    assert str(ExpertBot(0).rank_discards(o, cands)[0].tile) in ("2d", "4d")
    assert MasterBot(0).rank_discards(o, cands)[0].shanten == 3
    # a margin below the gap: the risk is worth more than the step, master folds as the expert
    careful = MasterBot(0)
    careful.NO_CHANCE_MARGIN = gap / 2
    assert str(careful.rank_discards(o, cands)[0].tile) in ("2d", "4d")


def test_distance_first_reorders_only_where_no_nearest_discard_has_a_chance():
    # (tile, shanten, live, waits, value, chance, risk, ev), best first by ev
    far = DiscardValue((tile("2d"), 4, 20, 0, 0.0, 0.0, 0.2, -0.2))
    near = DiscardValue((tile("9c"), 3, 16, 0, 0.0, 0.0, 0.7, -0.7))
    assert distance_first([far, near], 1.0) == [near, far]  # 0.5 chips of risk: the step is kept
    assert distance_first([far, near], 0.4) == [far, near]  # more than the margin: folds
    hope = DiscardValue((tile("9c"), 3, 16, 0, 40.0, 0.01, 0.7, -0.3))
    assert distance_first([far, hope], 1.0) == [far, hope]  # a chance: valued as the expert values it
    assert distance_first([], 1.0) == []


def test_the_values_master_ranks_by_put_its_first_discard_best():
    # step_values: with no chance of a win at the nearest distance the nearest discards are
    # worth their ev plus the margin, so the first of distance_first is valued best -- what a
    # recording teaches (imitation.record). The figures of the distance_first test above:
    far = DiscardValue((tile("2d"), 4, 20, 0, 0.0, 0.0, 0.2, -0.2))
    near = DiscardValue((tile("9c"), 3, 16, 0, 0.0, 0.0, 0.7, -0.7))
    assert step_values([far, near], 1.0) == [-0.2, -0.7 + 1.0]  # 0.3 > -0.2: the step first
    assert step_values([far, near], 0.4) == [-0.2, -0.7 + 0.4]  # -0.3 < -0.2: folds, as ranked
    hope = DiscardValue((tile("9c"), 3, 16, 0, 40.0, 0.01, 0.7, -0.3))
    assert step_values([far, hope], 1.0) == [-0.2, -0.3]  # a chance: the expert's values
    # the divergence hand: master's own values rank its first discard (a step kept) best,
    # the expert's values rank the expert's first best
    melds = {Wind.SOUTH: [Meld(MeldKind.PUNG, tile("R"), exposed=True)]}
    o = obs("1137b 1255679c 247d", melds=melds, discards={Wind.SOUTH: "2d 4d"})
    cands = sorted(set(o.concealed))
    for bot in (MasterBot(0), ExpertBot(0)):
        ranked = bot.rank_discards(o, cands)
        values = bot.ranking_values(o, ranked)
        assert values[0] == max(values)
    ranked = MasterBot(0).rank_discards(o, cands)
    assert MasterBot(0).ranking_values(o, ranked)[0] == ranked[0].ev + MasterBot.NO_CHANCE_MARGIN


def test_the_advisor_says_why_master_keeps_the_step():
    # the hand of test_a_step_is_not_given_up_for_a_fraction_of_a_chip_of_risk: master's
    # choice is first, worth less than 2d or 4d by their risk alone, and the advice says so
    from mahjongg.bots.advisor import choices

    melds = {Wind.SOUTH: [Meld(MeldKind.PUNG, tile("R"), exposed=True)]}
    o = obs("1137b 1255679c 247d", melds=melds, discards={Wind.SOUTH: "2d 4d"})
    out = choices(o, [Action.discard(Wind.EAST, t) for t in sorted(set(o.concealed))])
    first, best = out[0], max(out, key=lambda c: c.ev)
    assert first.shanten == 3 and best.shanten == 4 and first.ev < best.ev
    assert "the step towards ready is kept" in first.why
    assert not any(c.why for c in out[1:])
    # the reason is read from master's own ranking (its values: the rule's chip on the step), not
    # from the choice's effect: the margin on the step kept, on no other discard
    assert first.kept == MasterBot.NO_CHANCE_MARGIN and not any(c.kept for c in out[1:] if c.shanten != first.shanten)
