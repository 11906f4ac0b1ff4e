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

from mahjongg.bots import CautiousBot, GreedyBot
from mahjongg.bots.evaluation import discard_shanten
from mahjongg.hand import Meld, MeldKind
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
