"""Seed 001: Seasons/Flowers and the special tiles -- scores, doubles, the capture
rule and the scoreless hand holding a special tile unexposed.

Source: ``/work/shared/seeds/001_5face85adfec383c.txt``, "The Seasons score as
follows", "additional special tiles", "The Special tiles score as follows".
Notation: Flowers ``f1``-``f4`` and Seasons ``s1``-``s4`` (1 East, 2 South, 3
West, 4 North) are laid out; ``(Cat)`` is a special tile held concealed
(``docs/notation.md``, ``docs/rules/traditional.md``).
"""

from __future__ import annotations

import pytest

from mahjongg import Hand, Wind, tile
from mahjongg.notation import NotationError
from mahjongg.rules import TRADITIONAL, TRADITIONAL_SPECIAL_TILES, RulesetError, Situation, Win, WinBy
from mahjongg.rules.special_tiles import HUNTERS, SPECIAL_SETS, capture_claimant, hunter_of, prey_of
from mahjongg.rules.traditional import traditional
from mahjongg.scoring import score_hand
from mahjongg.settlement import settle

E, S, W, N = Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH
UNLIMITED = traditional(limit=100_000)

# A loser's hand worth nothing by itself (runs, a pair of 9 characters, odd tiles):
# whatever it scores comes from its bonus tiles.
PLAIN = "123b 456c 789d 99c 57d"


def loser(bonus: str, seat=S, ruleset=UNLIMITED):
    return score_hand(Hand.parse(f"{PLAIN} {bonus}"), ruleset, Situation(seat=seat))


# --- Seasons and Flowers --------------------------------------------------------------------


def test_each_season_scores_four():
    # seed 001: "Each Season scores 4 points"; s3 and f4 are not South's own: 8, no double.
    s = loser("s3 f4")
    assert (s.points, s.doubles, s.score) == (8, 0, 8)


def test_own_season_doubles():
    # seed 001: "One of a player's own Seasons ... Double the total score"; the No. 2
    # Seasons are South's: s2 4 points, doubled = 8.
    s = loser("s2")
    assert (s.points, s.doubles, s.score) == (4, 1, 8)
    # and for East the No. 1: f1 4 x 2 = 8; f1 is not North's: 4.
    assert loser("f1", seat=E).score == 8
    assert loser("f1", seat=N).score == 4


def test_both_own_seasons_double_twice():
    # seed 001: "Both of a player's own Seasons ... Double the total score twice": f3 and
    # s3 for West, 8 points x 4 = 32.
    s = loser("f3 s3", seat=W)
    assert (s.points, s.doubles, s.score) == (8, 2, 32)


def test_all_four_of_one_colour_doubles_three_times():
    # seed 001: "All four Seasons of one color ... Double the total score three times".
    # North holds s1-s4: 16 points; own s4 once, all four Seasons three times: 16 x 16 = 256.
    s = loser("s1 s2 s3 s4", seat=N)
    assert (s.points, s.doubles, s.score) == (16, 4, 256)
    assert [i.name for i in s.items if i.doubles] == ["own Season 4", "all four Seasons"]


def test_all_eight_bonus_tiles():
    # Every double together ("in addition to any other doubling combinations"): 8 x 4 = 32
    # points; both own (2) + all Flowers (3) + all Seasons (3) = 8 doubles: 32 x 256 = 8192,
    # and under the default limit 300.
    s = loser("f1 f2 f3 f4 s1 s2 s3 s4", seat=E)
    assert (s.points, s.doubles, s.score) == (32, 8, 8192)
    assert loser("f1 f2 f3 f4 s1 s2 s3 s4", seat=E, ruleset=TRADITIONAL).score == 300


def test_seasons_count_for_the_winner_and_forfeit_the_consolation():
    # seed 001: the Seasons' "scores and doubles apply to all hands whether winning or
    # not". A winner with runs only: 20 + "No scoring combinations" 10 = 30 without a
    # Season; with f3 (not South's) 20 + 4 = 24 -- the consolation is "given only when a
    # player's score is only twenty for winning"; with s2 (own) (20 + 4) x 2 = 48.
    def win(bonus):
        return score_hand(
            Hand.parse(f"123b 456c 789d 78d 55d 9d {bonus}"),
            TRADITIONAL,
            Situation(seat=S, win=Win(tile("9d"), WinBy.DISCARD)),
        ).score

    assert (win(""), win("f3"), win("s2")) == (30, 24, 48)


# --- special tiles ---------------------------------------------------------------------------

SPECIAL = TRADITIONAL_SPECIAL_TILES.with_options(limit=100_000, payment_limit=100_000)


def test_special_tile_ruleset():
    # seed 001: "used in lieu of one set of Seasons or Flowers": the Seasons and the four
    # tiles of one special set, 8 bonus tiles, walls 18 long.
    assert TRADITIONAL_SPECIAL_TILES.bonus_tiles == tuple(int(t) for t in SPECIAL_SETS["cat-and-man"]) + tuple(
        range(38, 42)
    )
    assert traditional(special_tiles="fisherman-and-cock").bonus_tiles[:4] == tuple(range(44, 48))
    with pytest.raises(RulesetError):
        traditional(special_tiles="dragons")
    with pytest.raises(RulesetError):
        traditional(seasons=False, special_tiles="cat-and-man")


def test_each_special_tile_scores_four():
    # seed 001: "Each Special tile scores 4 points": Cat and Man, no pair: 8.
    s = loser("Cat Man", ruleset=SPECIAL)
    assert (s.points, s.doubles, s.score) == (8, 0, 8)


@pytest.mark.parametrize("hunter, prey", [(str(h), str(p)) for h, p in HUNTERS.items()])
def test_each_matched_pair_doubles(hunter, prey):
    # seed 001: "A Matched pair of Special tiles ... Double the total score": 8 x 2 = 16,
    # for each of the four pairs (both sets of special tiles).
    rules = traditional(special_tiles="cat-and-man" if hunter in ("Cat", "Man") else "fisherman-and-cock", limit=10_000)
    s = loser(f"{hunter} {prey}", ruleset=rules)
    assert (s.points, s.doubles, s.score) == (8, 1, 16)


def test_both_pairs_double_twice():
    # seed 001: "Both pairs of Special tiles ... Double the total score twice": 16 x 4 = 64.
    s = loser("Cat Mouse Man Gold", ruleset=SPECIAL)
    assert (s.points, s.doubles, s.score) == (16, 2, 64)


def test_hidden_special_tile_scores_nothing():
    # seed 001: "if any player goes Mah Jong while one of these tiles are being held in
    # your hand and not been exposed, then your hand is counted as scoreless." The hand
    # holds a concealed pung of red dragons (8 points, doubled: 16) and a Season, but also
    # the Cat held back, written (Cat): it takes a place among the 13 tiles; scores 0.
    hand = Hand.parse("RRR 123b 456c NN 5d s1 (Cat)")
    assert hand.size == 13 and hand.hidden == (tile("Cat"),) and hand.bonus == (tile("s1"),)
    s = score_hand(hand, SPECIAL, Situation(seat=S))
    assert (s.score, s.points, s.doubles) == (0, 0, 0)
    assert [i.to_dict() for i in s.items] == [{"name": "Cat held unexposed: scores nothing", "void": True}]
    # the same hand with the Cat laid out (and a 13th tile in its place) scores:
    # 8 (RRR) + 4 (s1) + 4 (Cat) = 16, doubled for the dragons = 32.
    assert score_hand(Hand.parse("RRR 123b 456c NN 5d 7d s1 Cat"), SPECIAL, Situation(seat=S)).score == 32


def test_scoreless_hand_pays_and_receives_as_zero():
    # seed 001: "You then pay and receive points as if your hand is worth 0 points":
    # W held the Cat (0); S won 30; E 8, N 4. W pays S 30, E 2 x 8 = 16, N 4.
    t = settle({E: 8, S: 30, W: 0, N: 4}, S, limit=300).table()
    assert (t[W][S], t[W][E], t[W][N]) == (30, 16, 4)


def test_hidden_notation():
    # docs/notation.md: (...) holds bonus tiles held concealed; it round-trips.
    h = Hand.parse("RRR 123b 456c NN 5d (Cat)")
    assert str(h) == "123b 456c 5d NN RRR (Cat)"
    assert Hand.parse(str(h)) == h
    with pytest.raises(NotationError, match=r"\(\.\.\.\) holds only"):
        Hand.parse("RRR 123b 456c NN (5d) Cat")


# --- capture: the hunter's holder may claim the prey ---------------------------------------


@pytest.mark.parametrize("hunter, prey", [("Cat", "Mouse"), ("Fisherman", "Fish"), ("Cock", "Worm"), ("Man", "Gold")])
def test_capture_each_pair(hunter, prey):
    # seed 001: "If a player exposes the Fish tile prior to the Fisherman being exposed,
    # then any player holding the Fisherman in their hand has the right to claim the Fish
    # tile ... This also holds true for the Mouse and Cat tiles, the Bag/Pot of Gold and
    # Man tiles, the Worm and Cock/Rooster tiles."
    h, p = tile(hunter), tile(prey)
    assert hunter_of(p) == h and prey_of(h) == p
    hidden = {E: [], S: [], W: [h], N: []}
    # S lays out the prey; W holds the hunter concealed: W may claim it.
    assert capture_claimant(p, S, hidden) == W
    # once the hunter has been laid out, the prey is safe
    assert capture_claimant(p, S, hidden, laid_out=[h]) is None
    # nobody holds the hunter: no claim
    assert capture_claimant(p, S, {E: [], S: [], W: [], N: []}) is None
    # the exposer cannot capture from himself
    assert capture_claimant(p, W, hidden) is None
    # the hunter is never captured by its prey
    assert capture_claimant(h, S, {E: [], S: [], W: [p], N: []}) is None


def test_capture_is_not_for_seasons():
    assert capture_claimant(tile("s1"), E, {S: [tile("f1")]}) is None
    assert hunter_of(tile("f1")) is None
