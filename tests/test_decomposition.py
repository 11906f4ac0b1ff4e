"""Decomposition: arrangements, the win check and waits against a brute force, plus worked examples.

The brute force below knows nothing of per-group tables: it takes the lowest
tile left and tries every set or the pair that can start there, collecting
each arrangement as a sorted tuple of (kind, tile) -- so two arrangements are
the same exactly when they hold the same melds.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from mahjongg.decomposition import arrangements, is_complete, waits
from mahjongg.hand import Hand, MeldKind
from mahjongg.tiles import NUM_KINDS, TILES

PUNG, CHOW, PAIR = MeldKind.PUNG, MeldKind.CHOW, MeldKind.PAIR


def counts_of(text: str) -> list[int]:
    return Hand.parse(text, sizes=None).counts()


# --- brute force ---------------------------------------------------------------


def brute_arrangements(counts) -> set[tuple[tuple[str, int], ...]]:
    """Every multiset of concealed pungs, chows and exactly one pair using all the tiles."""
    c = list(counts)
    found: set[tuple[tuple[str, int], ...]] = set()
    acc: list[tuple[str, int]] = []

    def rec(pair: bool) -> None:
        i = next((k for k in range(NUM_KINDS) if c[k]), None)
        if i is None:
            if pair:
                found.add(tuple(sorted(acc)))
            return
        if c[i] >= 3:
            c[i] -= 3
            acc.append(("pung", i))
            rec(pair)
            acc.pop()
            c[i] += 3
        if i < 27 and i % 9 <= 6 and c[i + 1] and c[i + 2]:
            for k in (i, i + 1, i + 2):
                c[k] -= 1
            acc.append(("chow", i))
            rec(pair)
            acc.pop()
            for k in (i, i + 1, i + 2):
                c[k] += 1
        if not pair and c[i] >= 2:
            c[i] -= 2
            acc.append(("pair", i))
            rec(True)
            acc.pop()
            c[i] += 2

    rec(False)
    return found


def as_keys(arr) -> tuple[tuple[str, int], ...]:
    return tuple(sorted((m.kind.value, int(m.tile)) for m in arr))


# --- strategies ------------------------------------------------------------------


@st.composite
def complete_hands(draw):
    """Random sets (pung or chow) and one pair, never more than four of a kind.

    Returns (counts, number of sets); 0-4 sets (fewer when melds are declared).
    """
    nsets = draw(st.integers(0, 4)) if draw(st.integers(0, 3)) == 0 else 4
    c = [0] * NUM_KINDS
    pair = draw(st.integers(0, NUM_KINDS - 1))
    c[pair] += 2
    for _ in range(nsets):
        for _attempt in range(20):
            if draw(st.booleans()):  # chow: suit and start rank 1-7
                start = draw(st.integers(0, 2)) * 9 + draw(st.integers(0, 6))
                if all(c[start + k] < 4 for k in range(3)):
                    for k in range(3):
                        c[start + k] += 1
                    break
            else:
                t = draw(st.integers(0, NUM_KINDS - 1))
                if c[t] <= 1:
                    c[t] += 3
                    break
        else:  # pragma: no cover - practically unreachable: pung of an unused honor
            t = next(k for k in range(NUM_KINDS) if c[k] == 0)
            c[t] = 3
    return c, nsets


@st.composite
def crowded_complete_hands(draw):
    """Complete hands from one suit (many arrangements: 111222333, 1112345678999 ...)."""
    suit = draw(st.integers(0, 2)) * 9
    c = [0] * NUM_KINDS
    pair = suit + draw(st.integers(0, 8))
    c[pair] = 2
    n = 0
    for start in draw(st.lists(st.integers(0, 6), min_size=8, max_size=8)):
        if n == 4:
            break
        if draw(st.booleans()):
            if c[suit + start] <= 1:
                c[suit + start] += 3
                n += 1
        elif all(c[suit + start + k] < 4 for k in range(3)):
            for k in range(3):
                c[suit + start + k] += 1
            n += 1
    return c, n


@st.composite
def random_counts(draw, size):
    copies = draw(st.lists(st.integers(0, 135), min_size=size, max_size=size, unique=True))
    c = [0] * NUM_KINDS
    for x in copies:
        c[x // 4] += 1
    return c


@st.composite
def near_misses(draw):
    """A complete hand with one tile swapped for another kind."""
    c, _ = draw(st.one_of(complete_hands(), crowded_complete_hands()))
    out = draw(st.sampled_from([k for k in range(NUM_KINDS) if c[k]]))
    into = draw(st.sampled_from([k for k in range(NUM_KINDS) if c[k] < 4 and k != out]))
    c[out] -= 1
    c[into] += 1
    return c


complete = st.one_of(complete_hands(), crowded_complete_hands())


# --- properties ---------------------------------------------------------------------


@settings(max_examples=500, deadline=None)
@given(complete)
def test_arrangements_of_complete_hands(hand):
    counts, nsets = hand
    found = arrangements(counts)
    assert found, "a hand built from sets and a pair has an arrangement"
    assert is_complete(counts)
    for arr in found:
        # sets and exactly one pair, all concealed, in tile order
        assert sum(m.kind is PAIR for m in arr) == 1
        assert all(m.kind in (PUNG, CHOW, PAIR) and not m.exposed for m in arr)
        assert len(arr) == nsets + 1
        assert [m.tile for m in arr] == sorted(m.tile for m in arr)
        # exactly the hand's tiles
        used = [0] * NUM_KINDS
        for m in arr:
            for t in m.tiles:
                used[t] += 1
        assert used == counts
    keys = [as_keys(a) for a in found]
    assert len(set(keys)) == len(keys), "no arrangement listed twice"
    assert set(keys) == brute_arrangements(counts)


@settings(max_examples=400, deadline=None)
@given(st.one_of(random_counts(14), random_counts(11), near_misses()))
def test_win_check_against_brute_force(counts):
    brute = brute_arrangements(counts)
    assert is_complete(counts) == bool(brute)
    assert {as_keys(a) for a in arrangements(counts)} == brute


@st.composite
def waiting_hands(draw):
    """Complete hands less one tile (mostly waiting) and random 13-tile hands."""
    if draw(st.booleans()):
        return draw(random_counts(13))
    c, _ = draw(complete)
    out = draw(st.sampled_from([k for k in range(NUM_KINDS) if c[k]]))
    c[out] -= 1
    return c


@settings(max_examples=400, deadline=None)
@given(waiting_hands())
def test_waits_complete_the_hand_and_nothing_else(counts):
    w = waits(counts)
    assert w == sorted(w)
    for t in range(NUM_KINDS):
        if counts[t] == 4:
            assert TILES[t] not in w  # no fifth copy
            continue
        counts[t] += 1
        assert (TILES[t] in w) == bool(brute_arrangements(counts))
        counts[t] -= 1


@settings(max_examples=200, deadline=None)
@given(waiting_hands(), st.integers(0, NUM_KINDS - 1))
def test_waits_skip_kinds_held_four_with_melds(counts, melded):
    held = list(counts)
    held[melded] = 4
    assert TILES[melded] not in waits(counts, held)
    assert [t for t in waits(counts) if t != melded] == waits(counts, held)


# --- worked examples ----------------------------------------------------------------


def test_three_pungs_or_three_chows():
    # 111222333b is three pungs or three chows; with 456c and EE the hand has two arrangements.
    found = arrangements(counts_of("111222333b 456c EE"))
    assert sorted(" ".join(str(m) for m in a) for a in found) == [
        "111b 222b 333b 456c EE",
        "123b 123b 123b 456c EE",
    ]


def test_one_arrangement_each_suit():
    # 123b 456c 789d EEE WW: nothing to choose, one arrangement.
    found = arrangements(counts_of("123b 456c 789d EEE WW"))
    assert [" ".join(str(m) for m in a) for a in found] == ["123b 456c 789d EEE WW"]


def test_pair_position_choices():
    # 11123b: 111 + 23 leaves no pair and 23 is no set; 11 + 123 works -> one arrangement.
    assert [as_keys(a) for a in arrangements(counts_of("11123b"))] == [(("chow", 0), ("pair", 0))]
    # 1112345678999c + 1c: 111 123 456 789 99 only (melds listed by lowest tile,
    # a chow before a pung of the same tile).
    found = arrangements(counts_of("11112345678999c"))
    assert [" ".join(str(m) for m in a) for a in found] == ["123c 111c 456c 789c 99c"]


def test_four_held_are_not_a_kong():
    # 2222b held undeclared: a pung and a fourth tile (here in a chow), never a kong.
    found = arrangements(counts_of("222234b 567c 888d NN"))
    assert [" ".join(str(m) for m in a) for a in found] == ["234b 222b 567c 888d NN"]
    assert not is_complete(counts_of("2222b 567c 888d 999d NN"))


def test_honors_never_chow():
    assert not is_complete(counts_of("ESW 123b 456b 789b NN"))
    assert not is_complete(counts_of("RGWh 123b 456b 789b NN"))


def test_nine_gates_waits():
    # the classic nine gates waits on every character.
    assert [str(t) for t in waits(counts_of("1112345678999c"))] == [f"{r}c" for r in range(1, 10)]


def test_waits_examples():
    # 23b: open-ended partial chow waits on 1b or 4b.
    assert [str(t) for t in waits(counts_of("23b 456c 789d EEE WW"))] == ["1b", "4b"]
    # 13b: closed wait on 2b.
    assert [str(t) for t in waits(counts_of("13b 456c 789d EEE WW"))] == ["2b"]
    # two pairs: either becomes the pung (shanpon): EE or WW.
    assert [str(t) for t in waits(counts_of("123b 456c 789d EE WW"))] == ["E", "W"]
    # 1111c + three sets: the lone 1c would need a fifth copy: no wait.
    assert waits(counts_of("1111c 234b 567b 789b")) == []
    # 3n+2 tiles have no waits
    assert waits(counts_of("123b 456c 789d EEE WW")) == []


def test_declared_melds_smaller_hands():
    # with melds on the table the concealed part is just fewer sets and the pair.
    assert is_complete(counts_of("EE"))
    assert is_complete(counts_of("345d WhWh"))
    assert not is_complete(counts_of("345d"))
    assert not is_complete([0] * NUM_KINDS)
