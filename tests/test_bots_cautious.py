"""The cautious bot's "race" and "defend" modes on observations made by hand.

Seed 000 (Pung Chow Part I), "Suggestions for careful playing of hands"
(/work/shared/seeds/000_110d699011efd599.decoded.txt): "a player should plan
and play to win at all times with as high a hand as possible, then as the
wall grows shorter and the probability of one of the opponents completing
his hand grows larger, the player should reconsider ... 2. If he has just an
ordinarily good hand he should stop playing to improve his hand and start to
complete it as quickly as possible ... 3. If his hand has not improved at
all or very little ... his only plan is to hold the tiles which he thinks
would help the other players and discard only those which he is sure they
will not pung. These tiles can be ascertained by carefully searching the
discards in the center of the table". Also "upon the slightest suspicion that
one of these opponents is nearing the completion of his hand, should
immediately forego any thoughts of a higher hand".

``CautiousBot``: build while more than ``RACE_AT`` (30) tiles are drawable and
no opponent shows three exposed sets; otherwise race (play as greedy), or
defend when the shanten is ``HOPELESS_AT`` (2) or more.
"""

from dataclasses import replace

from mahjongg.bots import CautiousBot, GreedyBot
from mahjongg.bots.cautious import discarder_pays_more, one_suit_pays_loser
from mahjongg.bots.evaluation import discard_shanten
from mahjongg.bots.payments import paid
from mahjongg.hand import Meld, MeldKind
from mahjongg.rules import RULESETS
from mahjongg.rules.ruleset import Ruling
from mahjongg.table import Action, ActionKind, Observation
from mahjongg.tiles import Wind, tile

from test_bots import _counts, discards_of, obs

E, S, N = Wind.EAST, Wind.SOUTH, Wind.NORTH

# 14 tiles: 1234567c 9c EE RR 23b -- characters and honors (12 of 14, at least
# FLUSH_AT = 10): a one-suit plan in characters (plan_suit 1).
# Shanten 1 (two sets 123c 456c, partials 79c and 23b, pair EE, RR a second pair).
# Discards that keep shanten 1, and the live tiles (unseen copies of the tiles
# that then make the hand wait) after each:
#   3b (or 2b): 8c (4) + E (2) + R (2)            = 8   (EEE or RRR with the other pair)
#   R  (or E) : 8c (4) + 1b (4) + 4b (4)          = 12  (79c -> 789c; 23b -> 123b/234b)
#   1c, 4c, 7c, 9c also 12; 2c 3c 5c 6c cost a step (shanten 2).
# greedy: most live tiles (12), then fewest unseen copies (E and R: 2 -- two held),
#   then the highest tile: R -- it breaks the pair of red dragons.
# build: a discard off the plan first (2b, 3b leave shanten 1 too), keeping RR (a
#   doubling pair: a pung of dragons doubles); between 2b and 3b the greedy keys
#   tie (8 live, 3 unseen each) and the highest goes: 3b.
HAND = "1234567c 9c EE RR 23b"


def test_race_plays_like_greedy_when_the_wall_runs_short():
    bot = CautiousBot(0)
    long_wall = obs(HAND, drawable=70)
    assert bot.plan_suit(long_wall) == 1
    assert bot.mode(long_wall, 1) == "build"
    assert bot.act(long_wall, discards_of(long_wall)) == Action.discard(E, tile("3b"))
    # one tile above RACE_AT still builds
    o = obs(HAND, drawable=CautiousBot.RACE_AT + 1)
    assert bot.act(o, discards_of(o)) == Action.discard(E, tile("3b"))
    # at RACE_AT drawable tiles and below: race -- the greedy discard, R
    for drawable in (CautiousBot.RACE_AT, 20, 5):
        o = obs(HAND, drawable=drawable)
        assert bot.mode(o, 1) == "race"
        greedy = GreedyBot(0).act(o, discards_of(o))
        assert greedy == Action.discard(E, tile("R"))
        assert bot.act(o, discards_of(o)) == greedy


def test_race_when_an_opponent_shows_three_sets_on_a_long_wall():
    # "upon the slightest suspicion that one of these opponents is nearing the
    # completion of his hand": South has exposed three sets; the wall is long
    # (70 drawable) but the bot races -- the greedy R, not the plan's 3b.
    threat = {S: (Meld(MeldKind.PUNG, tile("1d"), True), Meld(MeldKind.PUNG, tile("5b"), True), Meld(MeldKind.CHOW, tile("6d"), True))}
    o = obs(HAND, drawable=70, melds=threat)
    bot = CautiousBot(0)
    assert bot.threatened(o) and bot.mode(o, 1) == "race"
    assert bot.act(o, discards_of(o)) == GreedyBot(0).act(o, discards_of(o)) == Action.discard(E, tile("R"))


# 14 tiles, 147b 258c 369d E S W N 5c: no two make a run or a partial run;
# the only pair is 5c 5c.
# Shanten 7 after any discard but 5c (8 after 5c: it breaks the only pair):
# hopeless (>= HOPELESS_AT) with 20 drawable -- defend. Nobody has exposed a
# set (danger 0 everywhere). South has discarded a 5c: with two held, no 5c is
# left unseen but one, nobody can hold a pair to pung it -- the one tile "he is
# sure they will not pung". Greedy keeps the pair and throws N (all singles
# tie at 7 shanten and 3 unseen; the highest goes); defend throws 5c.
HOPELESS = "147b 258c 369d E S W N 5c"


def test_defend_discards_a_tile_already_discarded_when_hopeless():
    o = obs(HOPELESS, drawable=20, discards={S: "5c"})
    c = _counts(HOPELESS)
    scored = discard_shanten(c, 0, [t for t in range(34) if c[t]])
    assert min(scored.values()) == 7 and scored[tile("5c")] == 8
    bot = CautiousBot(0)
    assert bot.mode(o, 7) == "defend"
    assert GreedyBot(0).act(o, discards_of(o)) == Action.discard(E, tile("N"))
    assert bot.act(o, discards_of(o)) == Action.discard(E, tile("5c"))
    # the same hand early in the hand (70 drawable) is not defended: no 5c thrown
    early = obs(HOPELESS, drawable=70, discards={S: "5c"})
    assert bot.act(early, discards_of(early)).tile != tile("5c")


def test_no_fold_under_a_calling_declaration_where_the_discarder_pays_as_the_others():
    # The hopeless hand above (shanten 7, 20 drawable, South's 5c dead) under BMJA. South
    # wins 8 points on West's discard, East the dealer: by BMJA's settlement (Kajongg's
    # league rules: every loser pays the winner his score) West pays 8 and North 8; by
    # Hong Kong's (the discarder pays double) West 16, North 8. Under BMJA every opponent
    # who waits is declared calling, a threat on most turns, and a fold would buy nothing
    # at the settlement: the hand races and throws greedy's N (measured, docs/bots.md,
    # "Cautious under bmja"). Under Pung Chow (no declaration) it still folds: 5c.
    assert not discarder_pays_more(RULESETS["bmja"]) and discarder_pays_more(RULESETS["hong-kong"])
    assert not discarder_pays_more(RULESETS["pung-chow"])
    o = obs(HOPELESS, drawable=20, discards={S: "5c"})
    bmja = replace(o, ruleset=RULESETS["bmja"])
    bot = CautiousBot(0)
    assert bot.folds(o.ruleset) and not bot.folds(bmja.ruleset)
    assert bot.mode(o, 7) == "defend" and bot.mode(bmja, 7) == "race"
    assert bot.act(o, discards_of(o)) == Action.discard(E, tile("5c"))
    assert bot.act(bmja, discards_of(bmja)) == GreedyBot(0).act(bmja, discards_of(bmja)) == Action.discard(E, tile("N"))


def test_only_the_declaration_tells_bmja_from_the_dmjl_where_cautious_folds():
    # CautiousBot.folds asks two questions: does the table show who waits
    # (must_declare_calling: BMJA only, Kajongg's "must declare calling hand") and does a
    # discard cost its discarder more than another loser (the settlement probe). The
    # settlement alone cannot replace the first: BMJA and the DMJL settle alike (Kajongg's
    # league settlement: every loser pays the winner his score, a drawn hand settles, the
    # Dangerous Game makes the discarder pay for all) -- the same payment for every seat,
    # winner's score below both limits (BMJA 1000, DMJL 500), discarder, ruling and a
    # drawn hand -- yet cautious folds under the DMJL and not under BMJA (docs/bots.md,
    # "Cautious under bmja": the fold dropped under bmja only, kept elsewhere).
    seats = tuple(Wind)
    grid = [
        (me, score, by, r, drawn)
        for me in seats for score in (8, 40, 300) for by in (None, Wind.WEST, E)
        for r in (None,) + ((Ruling("discarder-pays", by, "a dangerous discard"),) if by else ()) for drawn in (False, True)
    ]
    bmja, dmjl = RULESETS["bmja"], RULESETS["dmjl"]
    assert [paid(bmja, me, S, seats, sc, by, r, d) for me, sc, by, r, d in grid] == [
        paid(dmjl, me, S, seats, sc, by, r, d) for me, sc, by, r, d in grid
    ]
    bot = CautiousBot(0)
    assert {name: bot.folds(r) for name, r in RULESETS.items()} == {name: name != "bmja" for name in RULESETS}


def test_defend_claims_nothing_but_mahjongg():
    # 13 tiles 147b 258c 369d E S RR, 20 drawable: shanten 7. North discards R:
    # the pung of red dragons (a doubling set) lowers it to 6, and greedy takes
    # it; defending, the bot passes ("discard only ..." -- it plays for a draw,
    # not a hand).
    base = obs("147b 258c 369d E S RR", drawable=20)
    claim = Observation(**{**base.__dict__, "phase": "claims", "turn": N, "claim_window": True, "drawn": None,
                           "last_discard": tile("R"), "last_discarder": N})
    pung, pass_ = Action(ActionKind.PUNG, E, tile("R")), Action.pass_(E, tile("R"))
    assert GreedyBot(0).act(claim, [pung, pass_]) == pung
    assert CautiousBot(0).act(claim, [pung, pass_]) == pass_
    # Mah-Jongg is still taken
    mj = Action(ActionKind.MAHJONGG, E, tile("R"))
    assert CautiousBot(0).act(claim, [mj, pung, pass_]) == mj


# A worked DMJL position (issue 40, "the ladder"): 1234567c 9c EE R 234b, East in
# turn on a long wall, nobody exposed. Characters and honors: 8 + 3 = 11 of 14.
# Discarding R leaves 123c 456c 234b, 79c and the pair EE: waiting on 8c (4 unseen).
# Discarding a bamboo (2b, 3b or 4b) breaks the set 234b: shanten 1, but all one suit.
# Under Pung Chow 11 tiles make a one-suit plan (FLUSH_AT 10), and the plan pays
# whether or not the hand wins: the score card's "all one suit" doubles every hand,
# a loser's too, and the losers settle their scores among themselves (the probe hand
# 111 234 567 66 88 of bamboo scores 8 x 2^3 = 64 as a loser's, the same hand with its
# last four tiles in characters 8). So cautious gives up the wait for the plan.
# Under the DMJL False and True Color Game are the winner's only (Kajongg
# ClassicalChinese; the probe scores 8 against 8): the plan pays only when the hand
# wins, a double for a hand that then wins a third as often (measured, docs/bots.md),
# so it needs FLUSH_WINNER_AT = 12 tiles; with 11 the bot races, as greedy: R.
DMJL_HAND = "1234567c 9c EE R 234b"


def test_one_suit_plan_needs_more_tiles_where_only_the_winner_scores_it():
    bot = CautiousBot(0)
    pung_chow = obs(DMJL_HAND, drawable=70)
    dmjl = replace(pung_chow, ruleset=RULESETS["dmjl"])
    assert one_suit_pays_loser(RULESETS["pung-chow"]) and not one_suit_pays_loser(RULESETS["dmjl"])
    assert bot.flush_at(pung_chow.ruleset) == CautiousBot.FLUSH_AT == 10
    assert bot.flush_at(dmjl.ruleset) == CautiousBot.FLUSH_WINNER_AT == 12
    # Pung Chow: the plan in characters, a bamboo goes (the wait given up)
    assert bot.plan_suit(pung_chow) == 1 and bot.mode(pung_chow, 0) == "build"
    a = bot.act(pung_chow, discards_of(pung_chow))
    assert a.tile in (tile("2b"), tile("3b"), tile("4b"))
    # DMJL: no plan at 11 tiles, the race: greedy's discard, R, waiting on 8c
    assert bot.plan_suit(dmjl) is None and bot.mode(dmjl, 0) == "race"
    assert bot.act(dmjl, discards_of(dmjl)) == GreedyBot(0).act(dmjl, discards_of(dmjl)) == Action.discard(E, tile("R"))
    # the 12-tile hand of the tests above is a plan under both
    assert bot.plan_suit(replace(obs(HAND, drawable=70), ruleset=RULESETS["dmjl"])) == 1
