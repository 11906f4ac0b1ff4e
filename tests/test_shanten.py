"""Shanten and useful tiles: properties, a cross-check with the ``mahjong`` package, worked examples.

Cross-check: for random hands our ``shanten`` equals the ``mahjong`` package's
``Shanten.calculate_shanten_for_regular_hand`` (its tiles are man/pin/sou/honors,
ours bamboo/characters/dots/honors: for shanten the order of the suits does
not matter, honors are 27-33 in both). Our shanten is computed from the
definition (fewest tiles to draw to reach any complete hand holding at most
four of a kind, minus one); the package uses the sets/partial-sets/pair
formula with special cases for four held of a kind. On ~10^5 random and
deliberately tile-concentrated hands (quads, honors, few kinds) while writing
this module the two never disagreed, so the test asserts equality for every
hand, quads included.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mahjongg.decomposition import is_complete, waits
from mahjongg.hand import Hand
from mahjongg.shanten import ShantenError, shanten, useful_tiles
from mahjongg.tiles import NUM_KINDS, TILES


def counts_of(text: str) -> list[int]:
    return Hand.parse(text, sizes=None).counts()


def names(tiles) -> list[str]:
    return [str(t) for t in tiles]


# --- strategies ---------------------------------------------------------------

WALL = tuple(range(136))  # four copies of each of the 34 kinds: copy // 4 is the kind


def _to_counts(copies) -> list[int]:
    c = [0] * NUM_KINDS
    for x in copies:
        c[x // 4] += 1
    return c


@st.composite
def random_hands(draw, sizes=(13, 14)):
    """A hand drawn from a shuffled set: (counts, declared); size 13/14 less 3 per declared meld."""
    declared = draw(st.integers(0, 4)) if draw(st.booleans()) else 0
    size = draw(st.sampled_from(sizes)) - 3 * declared
    copies = draw(st.lists(st.sampled_from(WALL), min_size=size, max_size=size, unique=True))
    return _to_counts(copies), declared


@st.composite
def crowded_hands(draw, sizes=(13, 14)):
    """Hands from few kinds, so quads, pungs and honors pile up (the edge cases)."""
    declared = draw(st.integers(0, 4)) if draw(st.booleans()) else 0
    size = draw(st.sampled_from(sizes)) - 3 * declared
    kinds = draw(st.lists(st.integers(0, NUM_KINDS - 1), min_size=(size + 3) // 4, max_size=6, unique=True))
    c = [0] * NUM_KINDS
    picks = draw(st.lists(st.sampled_from(kinds), min_size=size * 3, max_size=size * 3))
    n = 0
    for k in picks:
        if n == size:
            break
        if c[k] < 4:
            c[k] += 1
            n += 1
    if n < size:  # top up deterministically
        for k in range(NUM_KINDS):
            while c[k] < 4 and n < size:
                c[k] += 1
                n += 1
    return c, declared


any_hand = st.one_of(random_hands(), crowded_hands())


# --- cross-check with the mahjong package ----------------------------------------


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(any_hand)
def test_shanten_equals_mahjong_package(hand):
    mshanten = pytest.importorskip("mahjong.shanten")
    counts, declared = hand
    theirs = mshanten.Shanten.calculate_shanten_for_regular_hand(counts)
    assert shanten(counts, declared) == theirs


# --- properties -------------------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(any_hand)
def test_complete_iff_minus_one(hand):
    counts, declared = hand
    s = shanten(counts, declared)
    assert -1 <= s <= 8
    if sum(counts) % 3 == 2:
        assert (s == -1) == is_complete(counts)
    else:
        assert s >= 0  # 3n+1 tiles are never complete


@settings(max_examples=300, deadline=None)
@given(any_hand)
def test_waiting_iff_waits(hand):
    counts, declared = hand
    if sum(counts) % 3 != 1:
        return
    assert (shanten(counts, declared) == 0) == bool(waits(counts))


@settings(max_examples=300, deadline=None)
@given(any_hand)
def test_useful_tiles_by_definition(hand):
    """13-tile hands: useful = the kinds (not held four) whose draw lowers the shanten."""
    counts, declared = hand
    if sum(counts) % 3 != 1:
        return
    s = shanten(counts, declared)
    expect = []
    for t in range(NUM_KINDS):
        if counts[t] == 4:
            continue
        counts[t] += 1
        assert s - 1 <= shanten(counts, declared) <= s  # one tile moves it at most one step
        if shanten(counts, declared) < s:
            expect.append(TILES[t])
        counts[t] -= 1
    assert useful_tiles(counts, declared) == expect
    if s == 0:
        assert useful_tiles(counts, declared) == waits(counts)


@settings(max_examples=100, deadline=None)
@given(any_hand)
def test_useful_tiles_of_drawn_hand(hand):
    """14-tile hands: t is useful iff exchanging some other tile x for t lowers the shanten."""
    counts, declared = hand
    if sum(counts) % 3 != 2:
        return
    s = shanten(counts, declared)
    expect = set()
    for x in range(NUM_KINDS):
        if not counts[x]:
            continue
        counts[x] -= 1
        for t in range(NUM_KINDS):
            if t != x and counts[t] < 4:
                counts[t] += 1
                if shanten(counts, declared) < s:
                    expect.add(t)
                counts[t] -= 1
        counts[x] += 1
    assert useful_tiles(counts, declared) == [TILES[t] for t in sorted(expect)]


@settings(max_examples=200, deadline=None)
@given(any_hand)
def test_discard_never_lowers(hand):
    """Removing a tile from a 14-tile hand never lowers its shanten, and some discard keeps it."""
    counts, declared = hand
    if sum(counts) % 3 != 2:
        return
    s = shanten(counts, declared)
    after = []
    for x in range(NUM_KINDS):
        if counts[x]:
            counts[x] -= 1
            after.append(shanten(counts, declared))
            counts[x] += 1
    assert min(after) == max(s, 0)  # a complete hand (-1) drops to waiting (0)
    assert all(a >= s for a in after)


# --- worked examples --------------------------------------------------------------


def test_nine_gates():
    # 1112345678999c, the classic "nine gates": any character completes it,
    # e.g. +1c: 11 123 456 789 999; +5c: 111 234 55 678 999; +9c: 111 234 567 99 789.
    c = counts_of("1112345678999c")
    assert shanten(c) == 0
    assert names(useful_tiles(c)) == [f"{r}c" for r in range(1, 10)]
    assert useful_tiles(c) == waits(c)


def test_single_wait_on_the_pair():
    # three sets of different suits and a pung of East are done; the lone West
    # needs its twin: waiting (0) on W only.
    c = counts_of("123b 456c 789d EEE W")
    assert shanten(c) == 0
    assert names(useful_tiles(c)) == ["W"]
    c = counts_of("123b 456c 789d EEE WW")  # ... and with it, complete
    assert shanten(c) == -1


def test_drawn_hand_exchanges():
    # 14 tiles, waiting: drawing W (throwing S) or S (throwing W) completes it.
    c = counts_of("123b 456c 789d EEE WS")
    assert shanten(c) == 0
    assert names(useful_tiles(c)) == ["S", "W"]


def test_no_fifth_copy():
    # 1111c + three sets: the formula "four sets, one tile for the pair" says
    # waiting on 1c, but all four 1c are in the hand. Keep 111c, swap the lone
    # 1c for another tile and pair it: one exchange from waiting.
    c = counts_of("1111c 234b 567b 789b")
    assert shanten(c) == 1
    assert waits(c) == []
    assert "1c" not in names(useful_tiles(c))
    # the same with four East winds
    assert shanten(counts_of("EEEE 123b 456b 789b")) == 1


def test_declared_meld_copies():
    # [555d] on the table and 5d in the hand: the pair 5d would need a fifth
    # copy. Without `held` four copies are assumed available (waiting);
    # with it the hand is one exchange away.
    hand = Hand.parse("5d 123b 456b 789b [555d]")
    c = hand.counts()
    assert shanten(c, declared=1) == 0
    assert shanten(c, declared=1, held=hand.all_counts()) == 1
    assert names(waits(c, hand.all_counts())) == []
    assert "5d" not in names(useful_tiles(c, declared=1, held=hand.all_counts()))
    assert names(useful_tiles(c, declared=1)) == ["5d"]


def test_honor_pairs_are_not_seven_pairs():
    # seven pairs of honors: regular shape only -- one pair stays, four pairs
    # become pungs (4 draws), two pairs are thrown away: 4 draws, shanten 3.
    c = counts_of("EE SS WW NN RR GG WhWh")
    assert shanten(c) == 3


def test_thirteen_unrelated_tiles():
    # no two tiles within two ranks of each other, honors all different: each
    # of the five units (4 sets + pair) can keep one tile, 9 draws -> shanten 8.
    assert shanten(counts_of("147b 258c 369d ESWN")) == 8


def test_complete_with_declared_melds():
    # two melds on the table, 8 concealed tiles: two sets and a pair.
    c = counts_of("123b 999c RR")
    assert shanten(c, declared=2) == -1
    c = counts_of("13b 999c RR")  # 7 tiles: kanchan wait on 2b
    assert shanten(c, declared=2) == 0
    assert names(useful_tiles(c, declared=2)) == ["2b"]


def test_one_away_counts_partial_sets():
    # 13 tiles: 123b 456b sets, 78c and 35d partial sets, EE pair, and N lone:
    # sets 2, partials 2, pair 1 -> 8 - 4 - 2 - 1 = 1.
    assert shanten(counts_of("123456b 78c 35d EE N")) == 1


@pytest.mark.parametrize(
    "counts, declared, msg",
    [
        ([0] * 33, 0, "entries"),
        ([5] + [0] * 33, 0, "only 4"),
        ([1] * 12 + [0] * 22, 0, "expected 13"),
        ([1] * 13 + [0] * 21, 1, "expected 10"),
        ([1] * 13 + [0] * 21, 5, "0 to 4"),
    ],
)
def test_errors(counts, declared, msg):
    with pytest.raises(ShantenError, match=msg):
        shanten(counts, declared)
    with pytest.raises(ValueError):
        useful_tiles(counts, declared)


# --- internals: the two group solvers agree; caps from declared melds vs brute force ---------


def _group_key(suited: bool, copies: list[int]) -> bytes:
    """A group's counts (9 ranks of a suit, 7 honors) from distinct copies 0-35
    (copy x is of rank x // 4; copies of ranks beyond the group are dropped)."""
    n = 9 if suited else 7
    c = [0] * n
    for x in copies:
        if x // 4 < n:
            c[x // 4] += 1
    return bytes(c)


@settings(max_examples=300, deadline=None)
@given(st.booleans(), st.lists(st.integers(0, 35), max_size=14, unique=True))
def test_group_solvers_agree(suited, copies):
    """The memoised backward solver (uncapped groups) equals the forward one (capped groups)."""
    from mahjongg.shanten import _FOUR7, _FOUR9, _solve, _tail

    key = _group_key(suited, copies)
    assert _tail(key, 0, 0, suited) == _solve(key, _FOUR9 if suited else _FOUR7, suited)


def _all_sets():
    out = [[k] * 3 for k in range(NUM_KINDS)]
    out += [[s * 9 + r, s * 9 + r + 1, s * 9 + r + 2] for s in range(3) for r in range(7)]
    return out


def brute_shanten(counts, declared, held):
    """min over every target (sets + pair, held melds' copies counted) of the tiles missing, less 1."""
    from itertools import combinations_with_replacement

    melded = [h - c for h, c in zip(held, counts)]
    best = 99
    r = range(NUM_KINDS)
    for sets in combinations_with_replacement(_all_sets(), 4 - declared):
        t = list(melded)  # the target plus the melds' copies: at most 4 of a kind
        for s in sets:
            for k in s:
                t[k] += 1
        if max(t) > 4:
            continue
        missing = sum(max(0, t[k] - melded[k] - counts[k]) for k in r)
        for pair in r:
            if t[pair] + 2 <= 4:
                own = t[pair] - melded[pair]
                best = min(best, missing - max(0, own - counts[pair]) + max(0, own + 2 - counts[pair]))
    return best - 1


@st.composite
def hands_with_melds(draw, declared_range=(3, 4)):
    """Declared melds (as held counts) and the concealed tiles, from one shuffled set."""
    declared = draw(st.integers(*declared_range))
    size = draw(st.sampled_from((13, 14))) - 3 * declared
    held = [0] * NUM_KINDS
    sets = draw(st.lists(st.sampled_from(_all_sets()), min_size=declared, max_size=declared))
    for s in sets:
        for k in s:
            held[k] += 1
    # concealed tiles crowd around the melds' kinds to make the caps matter
    near = sorted({min(NUM_KINDS - 1, max(0, k + d)) for s in sets for k in s for d in (-1, 0, 1)})
    counts = [0] * NUM_KINDS
    picks = draw(st.lists(st.one_of(st.sampled_from(near), st.integers(0, NUM_KINDS - 1)), min_size=40, max_size=40))
    n = 0
    for k in picks:
        if n < size and held[k] < 4:
            held[k] += 1
            counts[k] += 1
            n += 1
    if n < size or max(held) > 4:
        from hypothesis import assume

        assume(False)
    return counts, declared, held


_SLOW = [HealthCheck.filter_too_much, HealthCheck.too_slow]


@settings(max_examples=100, deadline=None, suppress_health_check=_SLOW)
@given(hands_with_melds())
def test_held_melds_against_brute_force(hand):
    counts, declared, held = hand
    assert shanten(counts, declared, held=held) == brute_shanten(counts, declared, held)
    assert shanten(counts, declared) == brute_shanten(counts, declared, counts)


@settings(max_examples=8, deadline=None, suppress_health_check=_SLOW)
@given(hands_with_melds((2, 2)))
def test_held_melds_against_brute_force_two_declared(hand):
    """Two sets and a pair to find: ~50,000 targets per hand, so few examples."""
    counts, declared, held = hand
    assert shanten(counts, declared, held=held) == brute_shanten(counts, declared, held)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(random_hands(), crowded_hands()))
def test_public_table_api_gives_shanten(hand):
    # the table API the bots use (GROUPS, group_vector, combine_vectors, distances) agrees with shanten()
    from mahjongg.shanten import GROUPS, combine_vectors, distances, group_vector

    counts, declared = hand
    b = bytes(counts)
    ids = [group_vector(b[lo:hi], suited) for lo, hi, suited in GROUPS]
    d = distances(combine_vectors(ids[0], ids[1]), combine_vectors(ids[2], ids[3]))
    assert d[4 - declared] - 1 == shanten(counts, declared)


@settings(max_examples=300, deadline=None)
@given(st.booleans(), st.lists(st.integers(0, 35), max_size=15, unique=True))
def test_group_vector_from_halves(suited, copies):
    """A group's vector looked up from its two halves equals the whole group's programme."""
    from mahjongg.shanten import _FOUR7, _FOUR9, _VECTORS, _group_cost, _solve, _tail

    key = _group_key(suited, copies)
    v = _VECTORS[_group_cost(key, suited)]
    assert v == _tail(key, 0, 0, suited) == _solve(key, _FOUR9 if suited else _FOUR7, suited)


def test_group_vector_from_halves_small_suits():
    """Every suit of up to five tiles (1,993 of them): halves agree with the whole."""
    import itertools

    from mahjongg.shanten import _VECTORS, _group_cost, _tail

    seen = 0
    for n in range(6):
        for ranks in itertools.combinations_with_replacement(range(9), n):
            c = [0] * 9
            for r in ranks:
                c[r] += 1
            if max(c, default=0) > 4:
                continue
            key = bytes(c)
            assert _VECTORS[_group_cost(key, True)] == _tail(key, 0, 0, True), c
            seen += 1
    assert seen == 1993
