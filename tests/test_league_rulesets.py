"""The league rulesets ``dmjl`` and ``bmja`` at the table and in the scorer.

Sources: Kajongg (KDE) ``src/predefined.py`` (the rulesets' values: the
limits 500 / 1000, BMJA's "number of allowed chows" 1, the fractional
limits) and ``src/rule.py`` ``Score.total`` (a fraction of the limit scores
only when worth more than the points doubled). Every hand below is worked
out in its comment. The Kajongg cases themselves: tests/test_kajongg_oracle.py;
the invariants and replays of every registered ruleset (these two included):
tests/test_table_invariants.py, tests/test_simulate.py, tests/test_rl.py.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjongg.hand import Hand
from mahjongg.rules import BMJA, DMJL, Situation, Win, WinBy, get_ruleset
from mahjongg.rules.league import bmja, dmjl
from mahjongg.scoring import ScoringError, calling, score_hand
from mahjongg.table import full_set
from mahjongg.tiles import TILES, Tile, Wind

from test_table_invariants import run


def _won(text: str, tile: str, by=WinBy.WALL, seat=Wind.EAST, **win) -> Situation:
    return Situation(seat, Wind.EAST, Win(Tile.parse(tile), by, **win))


def test_bmja_never_holds_two_chows_at_the_table():
    """BMJA: at most one chow (Kajongg "number of allowed chows" 1): random
    eager play over many deals never exposes a second chow, nor wins with
    one; the tiles stay accounted for and the hand replays."""
    chows_seen = 0
    for seed in range(40):
        g = run(seed, seed, 4, 0.95, check_every_step=False, ruleset=BMJA)
        assert Counter(g.tiles_everywhere()) == Counter(full_set(BMJA))
        for s in g.seats:
            n = sum(1 for m in g.hand(s).melds if m.is_chow)
            assert n <= 1, (seed, s, g.hand(s))
            chows_seen += n
        if g.result.winner is not None:
            score = g.result.scores[g.result.winner]
            assert sum(1 for m in score.reading.sets if m.is_chow) <= 1
        assert sum(g.result.net.values()) == 0
    assert chows_seen > 0  # the one chow is claimed


def test_dmjl_allows_chows_bmja_one():
    """The engine's question: ``may_chow(melds)``."""
    one = Hand.parse("[123b] 456c 789d EE 55d 6d").melds
    assert DMJL.may_chow(one) and DMJL.may_chow(one + one)
    assert BMJA.may_chow(()) and not BMJA.may_chow(one)
    assert not BMJA.complete_hand_wins and DMJL.complete_hand_wins


def test_two_chows_do_not_go_out_under_bmja():
    """234b 567b RRR GGG WhWh, 7b drawn: two chows. DMJL: 8 + 8 (concealed
    dragon pungs) + 2 (white pair) + 20 + 2 (from the wall) = 40 points;
    doubles: two dragon pungs, Little Three Dragons, Only Concealed Melds,
    False Color Game = 5; 40 x 32 = 1,280, capped at 500. BMJA refuses it."""
    hand = Hand.parse("234b 567b RRR GGG WhWh")
    s = score_hand(hand, DMJL, _won("", "7b"))
    assert (s.points, s.doubles, s.score) == (40, 5, 500)
    with pytest.raises(ScoringError, match="more chows than bmja allows"):
        score_hand(hand, BMJA, _won("", "7b"))


def test_a_complete_hand_wins_unscored_only_within_the_limit_on_chows():
    """``Ruleset.wins_unscored``, the engine's way past the scorer for four sets and a
    pair (BMJA: Kajongg "number of allowed chows" 1):

    * 234b 567b RRR GGG WhWh reads only as two chows: BMJA must score it (and refuses
      it, the test above); DMJL, no limit on chows and no faan minimum, takes it as it is;
    * 111b 222b 333b RRR WhWh reads as three pungs or three chows: the pungs are within
      BMJA's one chow; with the chow [123c] declared the pungs still are (one chow in
      all); with [123c] and [456c] declared nothing is;
    * Hong Kong has a faan minimum: every hand is scored to know."""
    two = Hand.parse("234b 567b RRR GGG WhWh")
    assert not BMJA.wins_unscored(two.counts(), ()) and DMJL.wins_unscored(two.counts(), ())
    pungs = Hand.parse("111222333b RRR WhWh").counts()
    assert BMJA.wins_unscored(pungs, ())
    one = Hand.parse("[123c] 111222333b WhWh")
    assert BMJA.wins_unscored(one.counts(), one.melds)
    both = Hand.parse("[123c] [456c] 111222b WhWh")
    assert not BMJA.wins_unscored(both.counts(), both.melds)
    assert not get_ruleset("hong-kong").wins_unscored(pungs, ())
    # refused as they are only when no reading is within the limit and the tiles can be
    # no special hand: 234b 567b RRR GGG WhWh holds dragons (no wriggling snake, no
    # knitting) and 2-8 tiles (no thirteen orphans, no all pair honors)
    assert BMJA.refuses_unscored(two.counts(), ()) and not DMJL.refuses_unscored(two.counts(), ())
    assert not BMJA.refuses_unscored(pungs, ()) and BMJA.refuses_unscored(both.counts(), both.melds)


_SETS = [(k, k, k) for k in range(34)] + [(k, k + 1, k + 2) for s in range(3) for k in range(9 * s, 9 * s + 7)]


@given(st.lists(st.sampled_from(_SETS), min_size=4, max_size=4), st.integers(0, 33), st.sampled_from(["bmja", "dmjl"]))
@settings(max_examples=150, deadline=None)
def test_the_unscored_verdicts_are_the_scorers(sets, pair, name):
    """Whatever four sets and a pair ``wins_unscored`` lets the engine declare without
    scoring, the scorer scores (self-drawn, no ScoringError), and whatever
    ``refuses_unscored`` refuses, the scorer refuses: the engine's fast paths agree with it."""
    kinds = [k for m in sets for k in m] + [pair, pair]
    counts = [kinds.count(k) for k in range(34)]
    if max(counts) > 4:
        return
    hand = Hand(tuple(TILES[k] for k in sorted(kinds)))
    r = get_ruleset(name)
    if r.wins_unscored(counts, ()):
        score_hand(hand, r, _won("", str(TILES[pair])))
    if r.refuses_unscored(counts, ()):
        with pytest.raises(ScoringError):
            score_hand(hand, r, _won("", str(TILES[pair])))


def test_calling_finds_the_special_hands_past_the_cheap_test():
    """:func:`calling` asks ``may_call_special`` of the 13 tiles before trying each tile
    for a special hand: thirteen orphans (19b 19c 19d ESWN RG Wh) calls its 13 kinds,
    and 1b 2345678b 9b ESWN, one tile from the wriggling snake, calls that tile."""
    orphans = Hand.parse("19b 19c 19d ESWN RG Wh")
    assert len(calling(orphans, BMJA)) == 13
    # the wriggling snake 11b 2345678b 9b ESWN (tests/test_original_call.py, Kajongg
    # "Wriggling Snake") less one 1b: no four sets and a pair can come of it
    snake = Hand.parse("1b 2345678b 9b ESWN")
    assert any(str(t) == "1b" and s.limit_hand for t, s in calling(snake, BMJA))


def test_roof_off_lifts_the_cap_not_the_limit_hands():
    """The hand above with the roof off scores 1,280; Thirteen Orphans still
    scores one limit."""
    hand = Hand.parse("234b 567b RRR GGG WhWh")
    assert score_hand(hand, dmjl(roof_off=True), _won("", "7b")).score == 1280
    orphans = Hand.parse("19b 19c 19d ESWN RG WhWh")
    assert score_hand(orphans, dmjl(roof_off=True), _won("", "Wh")).score == 500


def test_half_a_limit_only_when_worth_more():
    """Knitting (BMJA, half a limit): 2-7 of bamboo and of dots paired rank
    by rank, and 9b 9d: 500 of the 1000 limit. Its points (Kajongg: the wall 2;
    No Chow and Only Concealed Melds 2 doubles: 8) are worth less even under a
    limit of 20: the fraction stands, 10 (the points winning:
    tests/test_league_kajongg_rules.py).

    A loser's calling hand against its points: EEE SSS WWW NN 11b waits on N
    (Four Blessings, 0.4 of the limit) and 1b. Its points: three concealed
    wind pungs 8 + 8 + 8 = 24, East's pung doubled for own and round wind:
    24 x 4 = 96. Under a limit of 1000, 400 > 96: the fraction; under a
    limit of 20, 8 < 20 (96 capped): the points, 20."""
    hand = Hand.parse("234567b 234567d 9b 9d")
    s = score_hand(hand, BMJA, _won("", "9b"))
    assert (s.score, s.limit_hand, s.items[0].fraction) == (500, "Knitting", 0.5)
    assert s.counted == "0.5 of the limit"
    assert score_hand(hand, bmja(limit=20), _won("", "9b")).score == 10
    loser = Hand.parse("EEE SSS WWW NN 11b")
    s = score_hand(loser, BMJA, Situation())
    assert (s.score, s.limit_hand) == (400, "Calling for Four Blessings Hovering over the Door")
    s = score_hand(loser, bmja(limit=20), Situation())
    assert (s.limit_hand, s.points, s.doubles, s.score) == (None, 24, 2, 20)


def test_a_loser_calling_for_a_limit_hand():
    """BMJA: 19b 19c 19d ESWN RG Wh, waiting on any of its 13 kinds (Thirteen
    Orphans): 0.4 of the limit = 400. :func:`calling` lists the 13 tiles."""
    hand = Hand.parse("19b 19c 19d ESWN RG Wh")
    called = calling(hand, BMJA)
    assert len(called) == 13 and all(s.limit_hand == "The 13 Unique Wonders" for _, s in called)
    s = score_hand(hand, BMJA, Situation())
    assert (s.score, s.limit_hand) == (400, "Calling for The 13 Unique Wonders")
    assert score_hand(hand, DMJL, Situation()).score == 0  # DMJL has no calling rules


# --- settlement: the Dangerous Game, drawn hands (Kajongg game.py __payHand) --------------------

W, S, E, N = Wind.WEST, Wind.SOUTH, Wind.EAST, Wind.NORTH


def test_the_dangerous_game_discarder_pays_for_all():
    """South has exposed pungs of 1, 5 and 9 bamboo (nine bamboo in view: "he may
    try a True Color Game", Kajongg findDangerousTiles); West throws the 4b South
    wins on. South's hand [111b] [555b] [999b] 234b 66b: exposed pungs 4 + 2 + 4,
    Mah-Jongg 20 = 30 points; True Color Game 3 doubles: 240. West pays for all,
    four times the score (South is not East): 960, and nobody else pays."""
    winning = Hand.parse("[111b] [555b] [999b] 234b 66b")
    s = score_hand(winning, DMJL, Situation(S, E, Win(Tile.parse("4b"), WinBy.DISCARD)))
    assert (s.points, s.doubles, s.score) == (30, 3, 240)
    west = Hand.parse("123c 456c 789c EE 5d 6d", sizes=(13,))
    ruling = DMJL.judge_discard(winning, Tile.parse("4b"), west, W, S, E)
    assert ruling.applies and ruling.seat == W and "True Color Game" in ruling.reason
    settled = DMJL.settle({E: 8, S: 240, W: 4, N: 0}, S, discarder=W, east=E, ruling=ruling)
    assert settled.net == {E: 0, S: 960, W: -960, N: 0}
    # an East winner is paid six times (Kajongg: "score * 6 if winner.wind == East")
    assert BMJA.settle({E: 240, S: 8, W: 4, N: 0}, E, discarder=W, east=E, ruling=ruling).net[E] == 1440


def test_no_choice_excuses_the_dangerous_discard():
    """West holds only bamboo (every tile as dangerous): he had no choice, the
    ruling is recorded with its excuse and does not apply; a tile that is not
    dangerous (a dot) gets no ruling at all."""
    winning = Hand.parse("[111b] [555b] [999b] 234b 66b")
    west = Hand.parse("223344b 667788b 8b", sizes=(13,))
    ruling = DMJL.judge_discard(winning, Tile.parse("4b"), west, W, S, E)
    assert not ruling.applies and "no choice" in ruling.excuse
    plain = Hand.parse("[111b] [555b] [EEE] 234d 66b")
    assert DMJL.judge_discard(plain, Tile.parse("4d"), west, W, S, E) is None


def test_a_drawn_hand_is_settled_between_the_players():
    """Kajongg pays every pair of players on a drawn hand too: each pays the other
    the difference, East double. Scores E 40, S 10, W 0, N 20: E collects 60 from
    S, 80 from W, 40 from N; S collects 10 from W and pays N 10; N collects 20
    from W."""
    assert DMJL.settle_draws and BMJA.settle_draws
    net = DMJL.settle({E: 40, S: 10, W: 0, N: 20}, None, east=E).net
    assert net == {E: 180, S: -60, W: -110, N: -10}


def test_the_kong_box_is_not_replenished():
    """Kajongg's kong box (16 tiles, DMJL; 14, BMJA) gives the loose tiles and
    is not refilled from the live wall: in every hand nobody wins, the tiles
    drawn from the live wall number 144 - 53 dealt - 16 = 75 (BMJA 77),
    however many loose tiles were drawn; the box left holds 16 less them."""
    for rules, box in ((DMJL, 16), (BMJA, 14)):
        drawn_hands = loose_seen = 0
        for seed in range(30):
            g = run(seed, seed, 4, 0.95, check_every_step=False, ruleset=rules)
            if g.result.winner is not None:
                continue
            draws = [e for e in g.events if e["type"] == "draw"]
            loose = sum(1 for e in draws if e["source"] == "loose")
            assert sum(1 for e in draws if e["source"] == "wall") == 144 - 53 - box
            assert g.wall_count == g.reserved == box - loose
            drawn_hands += 1
            loose_seen += loose
        assert drawn_hands and loose_seen


# --- robbing a concealed kong: only for Thirteen Orphans (Kajongg hand.py, "Millington 58") ------

def _orphans_deal(ruleset):
    """East is dealt four North winds and declares them a concealed kong at once;
    South holds one of each head but North and a second White: Thirteen Orphans
    waiting on the North wind -- the kong's fourth tile."""
    from mahjongg.table import Game

    from table_walls import arrange, deal_front

    hands = {
        E: "N N N N 2b 3b 4b 5c 6c 7c 2d 3d 4d 8d",
        S: "1b 9b 1c 9c 1d 9d E S W R G Wh Wh",
        W: "2c 2c 2c 3c 3c 3c 4c 4c 4c 5d 5d 5d 6d",
        N: "6b 6b 6b 7b 7b 7b 8b 8b 8b 5b 5b 7d 7d",
    }
    dice = ((3, 4), (3, 4))
    g = Game.from_wall(arrange(ruleset, dice, deal_front(ruleset, hands)), dice, ruleset)
    from mahjongg.table import Action, ActionKind

    g.apply(Action(ActionKind.CONCEALED_KONG, E, Tile.parse("N")))
    return g


def test_thirteen_orphans_robs_a_concealed_kong():
    from mahjongg.table import Action, ActionKind, Game

    for rules in (DMJL, BMJA):
        g = _orphans_deal(rules)
        assert g.phase == "claims" and g.to_act() == [S]
        assert {a.kind for a in g.legal_actions(S)} == {ActionKind.MAHJONGG, ActionKind.PASS}
        g.apply(Action(ActionKind.MAHJONGG, S, Tile.parse("N")))
        r = g.result
        assert r.winner == S and r.win.by is WinBy.ROBBED_KONG
        assert r.scores[S].limit_hand in ("Thirteen Orphans", "The 13 Unique Wonders")
        assert not g.hand(E).melds and g.hand(E).concealed.count(Tile.parse("N")) == 3  # the kong is undone
        assert Counter(g.tiles_everywhere()) == Counter(full_set(rules))
        assert Game.replay(g.events).snapshot() == g.snapshot()


def test_no_other_ruleset_robs_a_concealed_kong():
    """Traditional robs a kong being made from a pung only: East's concealed kong
    draws its loose tile, South is offered nothing."""
    from mahjongg.rules import TRADITIONAL

    g = _orphans_deal(TRADITIONAL)
    assert g.phase == "turn" and g.turn == E and g.hand(E).kongs == 1
    # and a passed robbing window under dmjl draws East's loose tile
    from mahjongg.table import Action

    g = _orphans_deal(DMJL)
    g.apply(Action.pass_(S, Tile.parse("N")))
    assert g.phase == "turn" and g.turn == E and g.hand(E).kongs == 1


# --- the special hands' tests on counts, against their first form ---------------------------
# The league's special hands (Kajongg's mjRules: WrigglingSnake, Knitting, TripleKnitting,
# AllPairHonors) were first tested on the hand's tiles with Counters; they are now tested on
# the 34 counts (the engine asks them of every hand at every discard). The first forms are
# kept here as the reference, and the two must agree on every hand.


def _ref_wriggling_snake(tiles) -> bool:
    winds = [t for t in tiles if t.is_wind]
    suited = [t for t in tiles if t.is_suited]
    if len(set(winds)) != 4 or len(winds) + len(suited) != 14 or len({t // 9 for t in suited}) != 1:
        return False
    ranks = Counter(t % 9 + 1 for t in suited)
    return len(winds) == 4 and ranks[1] == 2 and len(ranks) == 9


def _ref_triple_knitting(tiles) -> bool:
    if any(not t.is_suited for t in tiles):
        return False
    c = Counter(tiles)
    triples = 0
    for rank in range(9):
        while all(c[s * 9 + rank] for s in range(3)):
            for s in range(3):
                c[s * 9 + rank] -= 1
            triples += 1
    rest = sorted(c.elements())
    return triples == 4 and len(rest) == 2 and rest[0] % 9 == rest[1] % 9 and rest[0] // 9 != rest[1] // 9


def _ref_knitting(tiles) -> bool:
    if any(not t.is_suited for t in tiles):
        return False
    suits = Counter(t // 9 for t in tiles)
    if len(suits) != 2:
        return False
    a, b = sorted(suits)
    c = Counter(tiles)
    return all(c[a * 9 + rank] == c[b * 9 + rank] for rank in range(9))


def _ref_all_pair_honors(tiles) -> bool:
    c = Counter(tiles)
    return all(t.is_head for t in c) and set(c.values()) == {2}


_SHAPES = (
    (_ref_wriggling_snake, "is_wriggling_snake"),
    (_ref_triple_knitting, "is_triple_knitting"),
    (_ref_knitting, "is_knitting"),
    (_ref_all_pair_honors, "is_all_pair_honors"),
)


def _fourteen(kinds: list[int]):
    """Fourteen playing tiles from a list of kinds (at most four of each), or None."""
    c = Counter(kinds)
    if len(kinds) != 14 or max(c.values()) > 4:
        return None
    return tuple(sorted(TILES[k] for k in kinds))


# one hand of each shape, in the order of _SHAPES (Kajongg's examples of each); the property
# test starts from these with a few tiles changed (random hands are never one)
_SHAPE_HANDS = [
    [0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 27, 28, 29, 30],  # 11b 2345678b 9b ESWN: the wriggling snake
    [0, 9, 18, 1, 10, 19, 2, 11, 20, 3, 12, 21, 4, 13],  # four knitted triples and a knitted pair
    [0, 9, 1, 10, 2, 11, 3, 12, 4, 13, 5, 14, 6, 15],  # seven knitted pairs
    [0, 0, 8, 8, 9, 9, 27, 27, 28, 28, 31, 31, 33, 33],  # seven pairs of heads
]
_NEAR = st.sampled_from(_SHAPE_HANDS)


@settings(max_examples=400, deadline=None)
@given(_NEAR, st.lists(st.tuples(st.integers(0, 13), st.integers(0, 33)), max_size=3), st.lists(st.integers(0, 33), min_size=14, max_size=14), st.booleans())
def test_the_special_hands_on_counts_agree_with_their_first_form(near, changes, other, random_hand):
    from mahjongg.rules import league_items as li

    kinds = list(other) if random_hand else list(near)
    for i, k in changes:
        kinds[i] = k
    tiles = _fourteen(kinds)
    if tiles is None:
        return
    hand = Hand(tiles)
    for ref, name in _SHAPES:
        assert getattr(li, name)(hand) == ref(tiles), (name, hand)
    # and the league rulesets' pre-check of a special hand gives what the tests give
    for ruleset in (BMJA, DMJL):
        counts = hand.counts()
        expect = any(
            ref(tiles) for ref, name in _SHAPES
            if name.removeprefix("is_").replace("_", "-") in ruleset.shapes
        ) or ("thirteen-orphans" in ruleset.shapes and sorted(set(tiles)) == sorted({TILES[i] for i in (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)}) and len(set(tiles)) == 13)
        assert ruleset.could_be_special(counts) == expect, (ruleset.name, hand)


def test_the_shapes_of_the_reference_hands_are_found():
    # each first hand of _NEAR is its shape (the property test's starting points are right)
    from mahjongg.rules import league_items as li

    for kinds, (ref, name) in zip(_SHAPE_HANDS, _SHAPES):
        hand = Hand(_fourteen(kinds))
        assert getattr(li, name)(hand) and ref(hand.concealed), name
        # and no other shape
        assert [n for _, n in _SHAPES if getattr(li, n)(hand)] == [name]


@settings(max_examples=300, deadline=None)
@given(_NEAR, st.lists(st.tuples(st.integers(0, 13), st.integers(0, 33)), max_size=2), st.integers(0, 13))
def test_the_cheap_test_of_thirteen_tiles_never_rules_out_a_special_hand(near, changes, drop):
    # Ruleset.may_call_special's contract (rules/ruleset.py): it never answers False for 13
    # tiles one tile from a special hand the ruleset scores; the engine's calling check and
    # the scorer's calling both skip trying every tile on its False. Hands from the special
    # shapes with a tile or two changed and one left out.
    kinds = list(near)
    for i, k in changes:
        kinds[i] = k
    del kinds[drop]
    counts = [kinds.count(k) for k in range(34)]
    if max(counts) > 4:
        return
    for ruleset in (BMJA, DMJL):
        one_away = False
        for t in range(34):
            if counts[t] < 4:
                counts[t] += 1
                one_away = one_away or ruleset.could_be_special(counts)
                counts[t] -= 1
        if one_away:
            assert ruleset.may_call_special(counts), (ruleset.name, kinds)
