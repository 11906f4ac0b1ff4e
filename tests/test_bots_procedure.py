"""Greedy and cautious play the table's procedure, read from the observation's ``Ruleset``:
a faan minimum (Hong Kong's 3 faan), BMJA's one chow and its calling declaration.

Each position is worked out in the comments; the same hand under a ruleset without the
rule (``pung-chow``: no minimum, any number of chows, no declaration) is played as the
regular shanten says, so the test shows the ruleset's rule, and only it, changing the play.
Sources: seed 003 (Hong Kong, "Basic scoring": a hand is declared only with the agreed
minimum of faan; the faan of all pungs, a dragon pung, self-drawn); Kajongg's BMJA
ruleset ("number of allowed chows" 1, "must declare calling hand").
"""

from dataclasses import replace

from mahjongg.bots import CautiousBot, GreedyBot
from mahjongg.bots.plans import UNREACHABLE, procedure_options, procedure_shanten
from mahjongg.bots.base import concealed_counts, unseen_counts
from mahjongg.bots.evaluation import discard_shanten
from mahjongg.hand import Meld, MeldKind
from mahjongg.rules import RULESETS
from mahjongg.table import Action, ActionKind, Observation
from mahjongg.tiles import Wind, tile

from test_bots import discards_of, obs

E, S, W, N = Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH


def under(o: Observation, ruleset: str, **changes) -> Observation:
    return replace(o, ruleset=RULESETS[ruleset], **changes)


# East (round East) has exposed pungs of 5b and 9c and holds 11d 66d 78d 99d (8 tiles, to
# discard). No flowers under hong-kong-136.
#   9d (or 6d) leaves 11d 66d 789d: waiting on 1d or 6d -- the regular shanten's best
#   (0). But that win holds a chow (no all pungs), three suits (no one suit), no honor and
#   exposed sets (no concealed faan): at most 1 faan, self-drawn; the minimum is 3. No
#   win there can be declared.
#   The one plan that reaches 3: all pungs (3 faan). After 8d (or 7d): 11d 66d 99d 7d,
#   three pairs -- two of them made pungs (a tile each) and one the pair: 2 tiles lacking,
#   shanten 1, live 1d 6d 9d (2 unseen each: 6). After 9d: 11d 66d 7d 8d 9d -- a pair made
#   a pung (1), a single made one (2): shanten 2.
#   7d and 8d tie (6 live, 3 unseen each): the higher goes, 8d.
PUNGS_HAND = "11d 66d 78d 99d"
PUNGS_MELDS = {E: (Meld(MeldKind.PUNG, tile("5b"), exposed=True), Meld(MeldKind.PUNG, tile("9c"), exposed=True))}


def test_greedy_plays_for_the_faan_minimum():
    o = obs(PUNGS_HAND, melds=PUNGS_MELDS)
    assert GreedyBot(0).act(o, discards_of(o)) == Action.discard(E, tile("9d"))
    hk = under(o, "hong-kong-136")
    opts = procedure_options(hk)(concealed_counts(hk), 2, [tile("8d"), tile("9d")], unseen_counts(hk))
    assert opts == {tile("8d"): (1, 6), tile("9d"): (2, 12)}
    assert GreedyBot(0).act(hk, discards_of(hk)) == Action.discard(E, tile("8d"))


def test_cautious_builds_for_the_faan_minimum():
    # a long wall: under a faan minimum cautious builds, by the same measure (pung-chow: no
    # one-suit plan in dots -- 8 of 14 tiles -- so it races as greedy does)
    o = obs(PUNGS_HAND, melds=PUNGS_MELDS, drawable=60)
    assert CautiousBot(0).act(o, discards_of(o)) == Action.discard(E, tile("9d"))
    hk = under(o, "hong-kong-136")
    assert CautiousBot(0).mode(hk, 1) == "build"
    assert CautiousBot(0).act(hk, discards_of(hk)) == Action.discard(E, tile("8d"))


def test_greedy_claims_for_the_faan_minimum():
    # East holds 11d 66d 78d 2c with the pungs of 5b and 9c exposed (7 tiles); North, on
    # his left, discards 6d.
    # Regular shanten: now 1 (78d a partial set, two pairs, 2c); the chow 678d or the pung
    # 666d, each with 2c discarded, leaves a wait (0): greedy takes either.
    # Under the 3-faan minimum the hand is all pungs or nothing (see PUNGS_HAND): now 11d
    # made a pung (1), 66d the pair, a pung from 7d 8d or 2c (2): shanten 2. The chow bars
    # all pungs, and no other plan reaches 3 faan (three suits, no honor, exposed): no plan
    # at all, so it is refused. The pung 666d, 2c discarded: 11d the pair, a pung from 7d or
    # 8d (2): shanten 1 -- nearer, so claimed.
    base = obs("11d 66d 78d 2c", melds=PUNGS_MELDS)
    claim = Observation(**{**base.__dict__, "phase": "claims", "turn": N, "claim_window": True,
                           "last_discard": tile("6d"), "last_discarder": N, "drawn": None})
    chow = Action(ActionKind.CHOW, E, tile("6d"), tile("6d"))
    pung = Action(ActionKind.PUNG, E, tile("6d"))
    pass_ = Action.pass_(E, tile("6d"))
    assert GreedyBot(0).act(claim, [chow, pass_]) == chow
    hk = under(claim, "hong-kong-136")
    assert procedure_shanten(hk, concealed_counts(hk), 2) == 2
    assert GreedyBot(0).act(hk, [chow, pass_]) == pass_
    assert GreedyBot(0).act(hk, [chow, pung, pass_]) == pung


def test_no_plan_reaches_the_minimum():
    # a concealed hand of chows in three suits with no honor: concealed (1) is all it is sure
    # of, and a chow bars all pungs: only a one-suit plan is left, far off but not unreachable
    o = under(obs("123b 456c 789d 234b 5c"), "hong-kong-136")
    assert UNREACHABLE > procedure_shanten(o, concealed_counts(o), 0) >= 3


# BMJA, East holds 555b 6c 8c 234d 456d NNN (14 tiles, to discard).
#   N (or 5b) leaves 555b 68c 234d 456d NN: waiting on 7c by the regular shape (0) -- with
#   two chows, 234d and 456d, where BMJA allows one: no win. Under the limit N breaks the
#   pung NNN: one chow 234d, pungs 555b, the pair NN made a pung (1), a pung from the
#   singles (2) and a pair (1): shanten 3.
#   6d (or 6c 8c 2d 3d 5d) keeps 555b NNN and one chow: a pung (2) and a pair (1) from the
#   rest: shanten 2, 25 live; 4d also 2 but 18 live. Among the ties (3 unseen each) the
#   highest goes: 6d.
ONE_CHOW_HAND = "555b 6c 8c 234d 456d NNN"


def test_greedy_holds_at_most_one_chow_under_bmja():
    o = obs(ONE_CHOW_HAND)
    assert GreedyBot(0).act(o, discards_of(o)) == Action.discard(E, tile("N"))
    bmja = under(o, "bmja")
    opts = procedure_options(bmja)(concealed_counts(bmja), 0, [tile("N"), tile("6d"), tile("4d")], unseen_counts(bmja))
    assert opts == {tile("N"): (3, 33), tile("6d"): (2, 25), tile("4d"): (2, 18)}
    assert GreedyBot(0).act(bmja, discards_of(bmja)) == Action.discard(E, tile("6d"))


def test_cautious_holds_at_most_one_chow_under_bmja():
    o = obs(ONE_CHOW_HAND, drawable=60)
    assert CautiousBot(0).act(o, discards_of(o)) == Action.discard(E, tile("N"))
    bmja = under(o, "bmja")
    assert CautiousBot(0).act(bmja, discards_of(bmja)) == Action.discard(E, tile("6d"))


def test_cautious_reads_the_calling_declaration():
    # BMJA, a long wall, East's hand hopeless (no two tiles together). South discarded 9b,
    # then West 3c and North 7d; all three have discarded, so none may go out on a discard
    # before declaring his hand calling. Nobody declared: no threat, and with no one-suit
    # plan cautious races as greedy (R: an isolated honor, the highest).
    # South declared: he waits, and every tile is a danger but those let pass since his
    # last discard (3c and 7d; East holds 3c): its safest discard is 3c. West and North,
    # undeclared, count nothing. It races rather than folds: BMJA's discarder pays as the
    # others do (CautiousBot.folds; test_bots_cautious), so the discard is greedy's, R.
    o = obs("1b 4b 7b 2c 3c 8c 1d 5d 9d E S W N R", discards={S: "9b", W: "3c", N: "7d"})
    quiet = under(o, "bmja")
    assert not CautiousBot(0).threatened(quiet)
    assert CautiousBot(0).act(quiet, discards_of(quiet)) == Action.discard(E, tile("R"))
    called = under(o, "bmja", calling=frozenset({S}))
    bot = CautiousBot(0)
    assert bot.threatened(called) and bot.mode(called, 7) == "race"
    c = concealed_counts(called)
    scored = discard_shanten(c, 0, [t for t in range(34) if c[t]])
    assert bot.safest(called, c, 0, scored) == tile("3c")
    assert bot.act(called, discards_of(called)) == Action.discard(E, tile("R"))


def test_expert_reads_the_calling_declaration():
    # BMJA, a late wall (10 tiles to draw): South has discarded and has not declared his hand
    # calling, so he may not go out on a discard -- no threat at all; declared, he waits (1).
    # Under pung-chow (no declaration) the expert's own weight of the late wall: 0.08 +
    # 0.45 x (1 - 10/70)^2 = 0.41, above the 0.2 it counts from.
    from mahjongg.bots.expert import procedure_threat

    o = obs("1b 4b 7b 2c 3c 8c 1d 5d 9d E S W N R", discards={S: "9b", W: "3c", N: "7d"}, drawable=10)
    assert abs(procedure_threat(o, S) - (0.08 + 0.45 * (1 - 10 / 70) ** 2)) < 1e-9
    assert procedure_threat(under(o, "bmja"), S) == 0.0
    assert procedure_threat(under(o, "bmja", calling=frozenset({S})), S) == 1.0
