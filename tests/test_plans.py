"""Faan plans (bots/plans.py): the ways a hand can still reach a faan table's minimum.

The faan counted are the Hong Kong old-style table's (seed 003, "Basic scoring", with
the standard table of docs/rules/hong-kong.md): mixed one suit 3, pure one suit 7, all
pungs 3, a dragon pung, the seat wind and the round wind 1 each, own Flower or Season 1
each, no flowers 1, self-drawn 1, concealed hand won on a discard 1; minimum 3, limit 10.
"""

from dataclasses import replace
from itertools import combinations
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from mahjongg.bots.master import plan_value
from mahjongg.bots.plans import _pungs, chow_limited, faan_values, plan_chance, plan_distance, plans
from mahjongg.hand import Meld, MeldKind
from mahjongg.notation import parse_tiles
from mahjongg.rules import RULESETS, get_ruleset
from mahjongg.shanten import shanten, useful_tiles
from mahjongg.tiles import Wind, tile

from test_bots import obs


def _counts(text: str) -> list[int]:
    c = [0] * 34
    for t in parse_tiles(text):
        c[t] += 1
    return c


# East in the East round: a pung of East is the seat wind and the round wind, 2 faan
HONORS = {int(tile("R")): 1, int(tile("G")): 1, int(tile("Wh")): 1, int(tile("E")): 2}


def test_faan_values_are_read_from_the_ruleset():
    # (mixed, pure, pungs, dragon, seat, round, own bonus, no flowers, self-drawn,
    # concealed, minimum, limit): the table above
    assert faan_values(get_ruleset("hong-kong")) == (3, 7, 3, 1, 1, 1, 1, 1, 1, 1, 3, 10)
    # without Flowers and Seasons (136 tiles) neither "own flower" nor "no flowers" exists
    hk136 = faan_values(get_ruleset("hong-kong-136"))
    assert (hk136.own_bonus, hk136.no_flowers) == (0, 0)
    assert hk136.mixed == 3 and hk136.minimum == 3


def test_plans_of_a_waiting_bamboo_hand_worked_by_hand():
    # 111b 234b 567b 88b RR, concealed, waiting on 8b or R (two of each unseen here)
    c = _counts("111b 234b 567b 88b RR")
    unseen = [4 - n for n in c]
    got = {(p.shape, p.suit, p.forced): (p.distance, p.live, p.faan) for p in plans(c, (), 4, unseen, HONORS, 0, 0.0, faan_values(get_ruleset("hong-kong")))}
    R = int(tile("R"))
    assert got == {
        # any shape: waiting (distance 1), on 8b and R; concealed 1 faan
        ("any", None, ()): (1, 4, 1),
        # one suit and honors: the same shape, 3 + 1 faan
        ("mixed", 0, ()): (1, 4, 4),
        # bamboo only: 11 of its 13 tiles fit, so 3 lack (888b and a pair of 9b, say); any
        # bamboo drawn fits too (12 of 14: 2 lack), so every bamboo copy unseen is live:
        # 1 + 6 * 3 + 2 + 4 = 25; 7 + 1 faan
        ("pure", 0, ()): (3, 25, 8),
        # all pungs: 111b, 888b (one), RRR (one), a pung from a single (two) and a pair
        # from another single (one): 5; a third 8b or R, or a second of any single 2b-7b,
        # leaves 4: 2 + 2 + 6 * 3 = 22 live; 3 + 1 faan
        ("pungs", None, ()): (5, 22, 4),
        # R made a pung: one tile (2 unseen), and the rest (111b 234b 567b 88b) is three
        # sets and a pair already; 1 + 1 faan, 5 mixed
        ("any", None, (R,)): (1, 2, 2),
        ("mixed", 0, (R,)): (1, 2, 5),
        # all pungs with R forced: R (one) and 4 lacking for the rest as above, the same
        # 22 live (R's 2 as the forced pung's, 8b's 2 and the singles' 18); 3 + 1 + 1
        ("pungs", None, (R,)): (5, 22, 5),
    }


def test_plans_that_cannot_reach_the_minimum_are_left_out():
    # the hand above with no flower laid out (chance 0.5 of none to come): "no flowers"
    # may add 1, so at_least=3 needs 2 sure faan -- the any shape's 1 (concealed) is left
    # out, the rest (mixed 4, pure 8, pungs 4, any with R forced 2, ...) are kept as they were
    c = _counts("111b 234b 567b 88b RR")
    unseen = [4 - n for n in c]
    values = faan_values(get_ruleset("hong-kong"))
    every = plans(c, (), 4, unseen, HONORS, 0, 0.5, values)
    kept = plans(c, (), 4, unseen, HONORS, 0, 0.5, values, at_least=3)
    assert kept == [p for p in every if p.faan + 1 >= 3]
    assert {(p.shape, p.forced) for p in every} - {(p.shape, p.forced) for p in kept} == {("any", ())}


def test_a_dead_tile_is_not_live():
    # the plan counts only copies unseen: with both other red dragons in view, the pung
    # of R forced is no shorter for R (its 2 live tiles gone), the any shape keeps 8b's 2
    c = _counts("111b 234b 567b 88b RR")
    unseen = [4 - n for n in c]
    unseen[int(tile("R"))] = 0
    assert plan_distance(c, 4, "any", None, (int(tile("R")),), unseen) == (1, 0)
    assert plan_distance(c, 4, "any", None, (), unseen) == (1, 2)


def test_below_the_minimum_every_plan_is_worth_nothing_and_a_dragon_pair_helps():
    # East has chowed 123b and 456c: no one-suit plan and no all pungs is left, so the
    # best plan is the any shape with at most self-drawn (1) and no flowers (1): 2 < 3
    melds = {Wind.EAST: (Meld(MeldKind.CHOW, tile("1b"), exposed=True), Meld(MeldKind.CHOW, tile("4c"), exposed=True))}
    o = replace(obs("789d 56d 2c N", melds=melds), ruleset=RULESETS["hong-kong"])
    assert plan_value(o, _counts("789d 56d 2c N"), 2, [4 - n for n in _counts("789d 56d 2c N 123b 456c")]) == 0.0
    # with a pair of red dragons made a pung: 1 + self-drawn + no flowers = 3, worth something
    o = replace(obs("789d 5d RR N", melds=melds), ruleset=RULESETS["hong-kong"])
    assert plan_value(o, _counts("789d 5d RR N"), 2, [4 - n for n in _counts("789d 5d RR N 123b 456c")]) > 0.0


def _brute_pungs(b, sets):
    # every kind as the pair, the ``sets`` kinds held most of the rest as the pungs
    best = 99
    for pair in range(34):
        rest = sorted(b[:pair] + b[pair + 1:], reverse=True)
        best = min(best, sum(3 - min(3, x) for x in rest[:sets]) + max(0, 2 - b[pair]))
    return best


hands = st.lists(st.integers(0, 33), min_size=13, max_size=13).filter(lambda ts: max(ts.count(t) for t in ts) <= 4)


@settings(max_examples=300, deadline=None)
@given(hands)
def test_any_shape_is_the_shanten_and_its_useful_tiles(ts):
    c = [0] * 34
    for t in ts:
        c[t] += 1
    unseen = [4 - n for n in c]
    d, live = plan_distance(c, 4, "any", None, (), unseen)
    assert d == shanten(c, 0) + 1
    assert live == sum(unseen[t] for t in useful_tiles(c, 0))
    # a one-suit shape lacks at least as much; as much when nothing lies outside it
    for s in range(3):
        dm, _ = plan_distance(c, 4, "mixed", s, (), unseen)
        assert dm >= d
        if all(c[k] == 0 for k in range(27) if k // 9 != s):
            assert dm == d
    assert plan_distance(c, 4, "pungs", None, (), unseen)[0] == _brute_pungs(c, 4)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 33), min_size=14, max_size=14).filter(lambda ts: max(ts.count(t) for t in ts) <= 4))
def test_plans_given_the_discards_shanten_and_live_tiles_are_the_plans_worked_out(ts):
    # master passes each discard's shanten and live tiles (discard_options) as the any shape's
    # distance and live tiles: the plans must be those worked out from the counts
    from mahjongg.bots.evaluation import discard_options
    from mahjongg.tiles import TILES

    c = [0] * 34
    for t in ts:
        c[t] += 1
    unseen = [4 - n for n in c]
    values = faan_values(get_ruleset("hong-kong"))
    opts = discard_options(c, 0, [TILES[t] for t in range(34) if c[t]], unseen)
    for t, (s, live) in opts.items():
        c[t] -= 1
        assert plans(c, (), 4, unseen, HONORS, 0, 0.5, values, 0, (s + 1, live)) == plans(c, (), 4, unseen, HONORS, 0, 0.5, values)
        c[t] += 1


def test_pungs_distance_is_the_brute_force_one_on_hands_of_every_size():
    rng = random.Random(7)
    for _ in range(3000):
        n = rng.choice([13, 10, 7, 4, 1])
        b = [0] * 34
        while sum(b) < n:
            k = rng.randrange(34)
            if b[k] < 4:
                b[k] += 1
        assert _pungs(b, (n - 1) // 3) == _brute_pungs(b, (n - 1) // 3)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 8), st.integers(1, 100), st.integers(1, 40))
def test_plan_chance_falls_with_the_shanten_and_rises_with_live_tiles_and_draws(s, live, draws):
    unseen = 110
    p = plan_chance(s, live, unseen, draws)
    assert 0.0 < p < 1.0
    assert plan_chance(s + 1, live, unseen, draws) <= p
    assert plan_chance(s, live + 1, unseen, draws) >= p
    assert plan_chance(s, live, unseen, draws + 1) >= p
    assert plan_chance(s, 0, unseen, draws) == 0.0 and plan_chance(s, live, unseen, 0) == 0.0


def _brute_limited(b, sets, chows):
    """Tiles lacking for ``sets`` sets and a pair with at most ``chows`` (0 or 1) chows: all
    pungs, or each of the 21 chows (its tiles held taken out, its missing tiles counted)
    and pungs of the rest -- and the kinds whose draw makes it less."""
    def lacking(b):
        best = _brute_pungs(b, sets)
        if chows and sets:
            for c in (9 * s + r for s in range(3) for r in range(7)):
                rest, miss = list(b), 0
                for k in range(c, c + 3):
                    if rest[k]:
                        rest[k] -= 1
                    else:
                        miss += 1
                best = min(best, miss + _brute_pungs(rest, sets - 1))
        return best

    base = lacking(b)
    kinds = [x for x in range(34) if b[x] < 4 and lacking([n + (k == x) for k, n in enumerate(b)]) < base]
    return base, kinds


def test_chow_limited_worked_by_hand():
    # 123b 456b 789b 123c 5d is waiting (a single wait on 5d) as four chows and a pair; with
    # one chow at most (BMJA) it keeps 123c, and 1b..9b and 5d, each held once, make three
    # pungs and a pair: 2 + 2 + 2 + 1 = 7 tiles lacking
    c = _counts("123b 456b 789b 123c 5d")
    assert shanten(c, 0) == 0
    assert chow_limited(c, 4, 1, [4] * 34)[0] == 7
    # 111b 222c 333d 44d 5d 6d: pungs of 1b, 2c, 3d, the chow 456d and a 4d to pair -- one
    # tile lacking with a chow; with none, 44d a pair and 5d, 6d singles: two
    # (a 5d or 6d twice)
    c = _counts("111b 222c 333d 44d 5d 6d")
    # a 4d (the chow 456d and the pair 44d) or a 7d (the chow 567d and the pair 44d)
    # completes it: 8 unseen
    assert chow_limited(c, 4, 1, [4] * 34) == (1, 8)
    assert chow_limited(c, 4, 0, [4] * 34)[0] == 2


def test_chow_limited_is_the_brute_force_one():
    # 500 hands (each some 60 ms of brute force: 35 hands x 22 shapes x 34 pairs); 1,500 when
    # chow_limited was written, all equal, and the suite's longest test at 150 s
    rng = random.Random(11)
    for _ in range(500):
        sets = rng.choice([4, 3, 2, 1])
        chows = rng.choice([0, 1])
        b = [0] * 34
        while sum(b) < 3 * sets + 1:
            k = rng.randrange(34)
            if b[k] < 4:
                b[k] += 1
        unseen = [rng.randrange(0, 5 - n) for n in b]
        base, kinds = _brute_limited(b, sets, chows)
        assert chow_limited(b, sets, chows, unseen) == (base, sum(unseen[x] for x in kinds))
        # never less than the regular shape's distance (a chow limit only takes shapes away)
        assert base >= shanten(b, 4 - sets) + 1


_NEAR_HANDS = st.one_of(
    st.lists(st.integers(0, 33), min_size=14, max_size=14),
    # the third suit and the honors only: honor pairs to force, one-suit plans near
    st.lists(st.integers(18, 33), min_size=14, max_size=14),
).filter(lambda ts: max(ts.count(t) for t in ts) <= 4)


@settings(max_examples=150, deadline=None)
@given(_NEAR_HANDS, st.sampled_from(["hong-kong", "hong-kong-136", "bmja"]), st.booleans(), st.integers(0, 3))
def test_the_nearest_only_measure_chooses_as_the_full_measure(ts, ruleset, exposed, seen):
    # greedy asks the procedure's measure for its nearest discards only (best=True): a plan is
    # never nearer than the regular shape, so discards are skipped, never chosen otherwise.
    # Every discard the full measure puts at the least (shanten, -live) and only those.
    from mahjongg.bots.plans import procedure_options
    from mahjongg.tiles import TILES

    melds = {}
    if exposed:  # an exposed pung of 1b laid out: the hand 11 tiles, the extras change
        ts = ts[:11]
        melds = {Wind.EAST: (Meld(MeldKind.PUNG, tile("1b"), exposed=True),)}
    c = [0] * 34
    for t in ts:
        c[t] += 1
    if exposed and c[int(tile("1b"))] > 1:
        return
    unseen = [max(0, 4 - n - seen * (i % 2)) for i, n in enumerate(c)]
    o = replace(obs("1b", melds=melds), ruleset=get_ruleset(ruleset))
    options = procedure_options(o)
    candidates = [TILES[t] for t in range(34) if c[t]]
    declared = len(melds.get(Wind.EAST, ()))
    full = options(list(c), declared, candidates, unseen)
    least = min((s, -live) for s, live in full.values())
    nearest = options(list(c), declared, candidates, unseen, best=True)
    assert nearest == {t: v for t, v in full.items() if (v[0], -v[1]) == least}
