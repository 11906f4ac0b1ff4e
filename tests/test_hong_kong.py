"""Ruleset ``hong-kong``: the faan table, limit hands, the minimum and payment (issue 7).

Values: src/mahjongg/rules/hong_kong.py and docs/rules/hong-kong.md (the
standard Hong Kong old-style table; seed 003 stops before its faan table).
Points from faan by doubling: 0 faan 1, 1 -> 2, 2 -> 4, 3 -> 8, 4 -> 16,
5 -> 32, 6 -> 64, 7 -> 128, 8 -> 256, 9 -> 512, 10 (the limit) -> 1024.

Unless a case says otherwise the player sits South in the East round
(seat wind S, round wind E), and the winning tile is claimed from a discard.
Seat S's own Flower and Season are f2 and s2; f1 (East's Flower) is laid
out in many hands only to keep "no flowers" away.
"""

import pytest

from mahjongg.hand import Hand
from mahjongg.rules import HONG_KONG, RULESETS, Situation, Win, WinBy
from mahjongg.rules.faan_items import FaanTable
from mahjongg.rules.hong_kong import hong_kong, settle_faan
from mahjongg.scoring import score_hand
from mahjongg.tiles import Wind, tile

E, S, W, N = Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH
D, WALL, LOOSE, ROB = WinBy.DISCARD, WinBy.WALL, WinBy.LOOSE, WinBy.ROBBED_KONG

# the base hand: exposed [123b] and [456c], 789c, 222d and the pair 55d, three
# suits, one pung among chows, f1 (not S's flower): no faan item at all.
BASE = "[123b] [456c] 789c 222d 55d f1"


def score(text, win, by=D, seat=S, round_=E, ruleset=HONG_KONG, **kw):
    hand = Hand.parse(text)
    return score_hand(hand, ruleset, Situation(seat, round_, Win(tile(win), by, **kw)))


def faan_items(s):
    return {i.name: (True if i.limit else i.faan) for i in s.items}


CASES = [
    # (id, hand, winning tile, by, seat, round, extra Win fields, expected items, faan)
    # 1. BASE on a discard: nothing scores -> 0 faan (below the minimum of 3).
    ("nothing", BASE, "5d", D, S, E, {}, {}, 0),
    # 2. BASE drawn from the wall: self-drawn 1.
    ("self-drawn", BASE, "5d", WALL, S, E, {}, {"self-drawn": 1}, 1),
    # 3. Nothing exposed, won on a discard of 5d: concealed hand won on a discard 1
    #    (222d keeps it from all chows; f1 from no flowers).
    ("concealed", "123b 456c 789c 222d 55d f1", "5d", D, S, E, {}, {"concealed hand won on a discard": 1}, 1),
    # 4. BASE without f1: no flowers 1.
    ("no flowers", "[123b] [456c] 789c 222d 55d", "5d", D, S, E, {}, {"no flowers": 1}, 1),
    # 5. BASE with f2, South's own Flower, instead of f1: own flower 1.
    ("own flower", "[123b] [456c] 789c 222d 55d f2", "5d", D, S, E, {}, {"own flower": 1}, 1),
    # 6. BASE with s2, South's own Season, instead of f1: own season 1.
    ("own season", "[123b] [456c] 789c 222d 55d s2", "5d", D, S, E, {}, {"own season": 1}, 1),
    # 7. All four Seasons s1-s4 for seat S: all four seasons 2; the own season s2 is
    #    one of its parts ("in all": not scored besides) -> 2.
    (
        "all four seasons", "[123b] [456c] 789c 222d 55d s1 s2 s3 s4", "5d", D, S, E, {},
        {"all four seasons": 2}, 2,
    ),
    # 8. 222d of BASE made a red dragon pung RRR: dragon pung 1.
    ("dragon pung", "[123b] [456c] 789c RRR 55d f1", "5d", D, S, E, {}, {"dragon pung (red dragon)": 1}, 1),
    # 9. SSS for seat S: seat wind 1.
    ("seat wind", "[123b] [456c] 789c SSS 55d f1", "5d", D, S, E, {}, {"seat wind": 1}, 1),
    # 10. EEE in the East round for seat S: round wind 1.
    ("round wind", "[123b] [456c] 789c EEE 55d f1", "5d", D, S, E, {}, {"round wind": 1}, 1),
    # 11. EEE for seat East in the East round: seat wind 1 + round wind 1 = 2.
    (
        "seat and round wind", "[123b] [456c] 789c EEE 55d f2", "5d", D, E, E, {},
        {"seat wind": 1, "round wind": 1}, 2,
    ),
    # 12. 234d for 222d: four chows and a pair: all chows 1.
    ("all chows", "[123b] [456c] 789c 234d 55d f1", "5d", D, S, E, {}, {"all chows": 1}, 1),
    # 13. Four pungs (two exposed) and the pair won on 5d: all pungs 3.
    ("all pungs", "[111b] [444c] 777c 222d 55d f1", "5d", D, S, E, {}, {"all pungs": 3}, 3),
    # 14. Bamboo with North winds (neither S's nor the round's): mixed one suit 3.
    ("mixed one suit", "[123b] [456b] 789b NNN 55b f1", "5b", D, S, E, {}, {"mixed one suit": 3}, 3),
    # 15. Bamboo only: pure one suit 7.
    ("pure one suit", "[123b] [456b] 789b 222b 55b f1", "5b", D, S, E, {}, {"pure one suit": 7}, 7),
    # 16. [RRR] [GGG] and the pair WhWh: small three dragons 5, its two dragon pungs
    #     included -> 5 (the hand has bamboo and characters: no one suit).
    ("small three dragons", "[RRR] [GGG] 123b 456c WhWh f1", "6c", D, S, E, {}, {"small three dragons": 5}, 5),
    # 17. Pungs of all three dragons: great three dragons 8, its pungs included -> 8.
    ("great three dragons", "[RRR] [GGG] WhWhWh 123b 55c f1", "5c", D, S, E, {}, {"great three dragons": 8}, 8),
    # 18. [EEE] [SSS] WWW and the pair NN, seat S, East round: small four winds 6 with
    #     its wind pungs included (seat wind SSS, round wind EEE not scored besides);
    #     the one chow is bamboo: mixed one suit 3 -> 9.
    (
        "small four winds", "[EEE] [SSS] WWW 123b NN f1", "N", D, S, E, {},
        {"small four winds": 6, "mixed one suit": 3}, 9,
    ),
    # 19. BASE on the last tile of the wall's discard: win on the last tile 1.
    ("last tile", BASE, "5d", D, S, E, {"last_tile": True}, {"win on the last tile": 1}, 1),
    # 20. BASE with [4444c] for [456c], won on the loose tile after the kong:
    #     self-drawn 1 + win on a kong's loose tile 1 = 2.
    (
        "loose tile", "[123b] [4444c] 789c 222d 55d f1", "5d", LOOSE, S, E, {},
        {"self-drawn": 1, "win on a kong's loose tile": 1}, 2,
    ),
    # 20b. BASE won on the loose tile replacing a Flower (f1 just laid out): a loose
    #      tile, but not a kong's: self-drawn 1 only.
    ("flower loose tile", BASE, "5d", LOOSE, S, E, {"after_flower": True}, {"self-drawn": 1}, 1),
    # 21. BASE won on a 9c robbed from a kong being made (completing 789c; not 5d: the
    #     robbed tile is the kong's fourth, and BASE holds two 5d): robbing a kong 1.
    ("robbing a kong", BASE, "9c", ROB, S, E, {}, {"robbing a kong": 1}, 1),
    # --- combinations ---
    # 22. [RRR] exposed, SSS, self-drawn, no flowers: dragon pung 1 + seat wind 1 +
    #     self-drawn 1 + no flowers 1 = 4 (not concealed: [RRR] is exposed).
    (
        "dragon+wind+self-drawn", "[RRR] SSS 123b 456c 55d", "5d", WALL, S, E, {},
        {"dragon pung (red dragon)": 1, "seat wind": 1, "self-drawn": 1, "no flowers": 1}, 4,
    ),
    # 23. Concealed chows self-drawn, no flowers: self-drawn 1 + no flowers 1 + all
    #     chows 1 = 3 (concealed hand counts only on a discard).
    (
        "common hand self-drawn", "123b 456c 789c 234d 55d", "5d", WALL, S, E, {},
        {"self-drawn": 1, "no flowers": 1, "all chows": 1}, 3,
    ),
    # 24. Small three dragons with one suit: small three dragons 5 + mixed one suit 3
    #     + no flowers 1 = 9.
    (
        "small dragons one suit", "[RRR] [GGG] 123b 456b WhWh", "6b", D, S, E, {},
        {"small three dragons": 5, "mixed one suit": 3, "no flowers": 1}, 9,
    ),
    # 25. Pure bamboo pungs, one exposed: all pungs 3 + pure one suit 7 + no flowers 1
    #     = 11, capped at the limit 10.
    (
        "capped at the limit", "[111b] 333b 555b 777b 99b", "9b", D, S, E, {},
        {"all pungs": 3, "pure one suit": 7, "no flowers": 1}, 10,
    ),
    # 26. Four pungs with 222d completed by a claimed 2d (so exposed): all pungs 3 +
    #     concealed hand won on a discard 1 + no flowers 1 = 5 -- not four concealed pungs.
    (
        "claimed pung is exposed", "111b 444c 777c 222d 55d", "2d", D, S, E, {},
        {"all pungs": 3, "concealed hand won on a discard": 1, "no flowers": 1}, 5,
    ),
]


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_faan_items(case):
    _, hand, win, by, seat, round_, extra, items, faan = case
    s = score(hand, win, by, seat, round_, **extra)
    assert faan_items(s) == items
    assert s.faan == faan
    assert s.score == 2**faan  # doubling table
    assert s.limit_hand is None


LIMITS = [
    # 27. One of each one, nine, wind and dragon, a second white dragon drawn: thirteen orphans.
    ("thirteen orphans", "1b 9b 1c 9c 1d 9d E S W N R G Wh Wh", "Wh", WALL, S),
    # 28. Concealed 1112345678999 bamboo waiting on any bamboo, won on 5b: nine gates.
    ("nine gates", "1112345678999b 5b", "5b", D, S),
    # 29. Winds and dragons only: all honors (three wind pungs: not great four winds).
    ("all honors", "[EEE] [SSS] WWW RRR GG", "G", D, S),
    # 30. Ones and nines only: all terminals.
    ("all terminals", "[111b] [999b] 111c 999c 11d", "1d", D, S),
    # 31. Four kongs (one concealed) and a pair: all kongs.
    ("all kongs", "[1111b] [2222c] [3333d] {4444b} 55c", "5c", D, S),
    # 32. Four pungs held concealed, the pair 55d completed by the claimed 5d (the pungs
    #     stay concealed): four concealed pungs.
    ("four concealed pungs", "111b 444c 777c 222d 55d", "5d", D, S),
    # 33. The same hand, the last pung 222d completed from the wall: four concealed pungs.
    ("four concealed pungs", "111b 444c 777c 222d 55d", "2d", WALL, S),
    # 34. Pungs of all four winds: great four winds.
    ("great four winds", "[EEE] [SSS] WWW NNN 55b", "5b", D, S),
    # 35. All eight Flowers and Seasons with a complete hand (BASE): all eight flowers.
    ("all eight flowers", "[123b] [456c] 789c 222d 55d f1 f2 f3 f4 s1 s2 s3 s4", "5d", WALL, S),
    # 36. All eight Flowers and Seasons, the hand not complete: still the limit.
    ("all eight flowers", "123b 456c 789c 2d 4d 6d 8d 9d f1 f2 f3 f4 s1 s2 s3 s4", "9d", WALL, S),
]


@pytest.mark.parametrize("case", LIMITS, ids=[f"{c[0]}-{i}" for i, c in enumerate(LIMITS)])
def test_limit_hands_absorb_everything(case):
    name, hand, win, by, seat = case
    s = score(hand, win, by, seat)
    assert s.limit_hand == name
    assert s.faan == 10 and s.score == 1024
    assert all(i.limit for i in s.items)  # every other faan absorbed
    assert HONG_KONG.may_declare(s)


def test_heavenly_and_earthly_hands():
    # 37. Heavenly hand: East (the Jong) wins on the 14 tiles dealt -- concealed chows,
    #     would otherwise be self-drawn 1 + no flowers 1 + all chows 1 = 3.
    s = score("123b 456c 789c 234d 55d", "5d", WALL, E, original=True)
    assert s.limit_hand == "heavenly hand" and s.faan == 10 and s.score == 1024
    # 38. Earthly hand: South wins on the Jong's first discard with the hand dealt.
    s = score("123b 456c 789c 234d 55d", "5d", D, S, original=True)
    assert s.limit_hand == "earthly hand" and s.score == 1024
    # 38b. The same told as "the Jong's first discard" (Win.first_discard): earthly hand.
    s = score("123b 456c 789c 234d 55d", "5d", D, S, first_discard=True)
    assert s.limit_hand == "earthly hand"


def test_loose_tile_after_a_flower_is_a_setting():
    # With after_flower=True the Flower's loose tile counts too: self-drawn 1 +
    # win on a kong's loose tile 1 = 2 (BASE otherwise scores nothing).
    from dataclasses import replace

    rules = tuple(
        replace(r, after_flower=True) if r.name == "win on a kong's loose tile" else r for r in HONG_KONG.rules
    )
    s = score(BASE, "5d", LOOSE, ruleset=HONG_KONG.with_options(rules=rules), after_flower=True)
    assert s.faan == 2


def test_nine_gates_needs_the_nine_gates_wait():
    # 1112345678999b + 5b is nine gates; 1123456789999b + 1b (before the 1b:
    # 1 1 2 3 4 5 6 7 8 9 9 9 9 -- not 1112345678999) is only pure one suit 7 +
    # concealed hand won on a discard 1 + no flowers 1 = 9.
    s = score("1112345678999b 9b", "1b", D, S)
    assert s.limit_hand is None
    assert faan_items(s) == {"pure one suit": 7, "concealed hand won on a discard": 1, "no flowers": 1}
    assert s.faan == 9 and s.score == 512


def test_below_minimum_may_not_be_declared():
    # BASE without f1, self-drawn: self-drawn 1 + no flowers 1 = 2 < 3: the score is
    # still reported (2 faan, 4 points) but the hand may not be declared.
    s = score("[123b] [456c] 789c 222d 55d", "5d", WALL)
    assert s.faan == 2 and s.score == 4
    assert not HONG_KONG.may_declare(s)
    # With a dragon pung instead of 222d: 3 faan, the minimum: may be declared.
    s = score("[123b] [456c] 789c RRR 55d", "5d", WALL)
    assert s.faan == 3 and s.score == 8 and HONG_KONG.may_declare(s)


def test_bonus_faan_toward_the_minimum_is_a_setting():
    # [RRR], SSS for seat S and f2 (own flower): dragon pung 1 + seat wind 1 + own
    # flower 1 = 3. By default Flower faan count toward the minimum: may be declared;
    # with bonus_counts_to_minimum=False only 2 count: may not.
    hand = "[RRR] [456c] 789c SSS 55d f2"
    s = score(hand, "5d")
    assert s.faan == 3 and HONG_KONG.may_declare(s)
    strict = hong_kong(bonus_counts_to_minimum=False)
    s = score(hand, "5d", ruleset=strict)
    assert s.faan == 3 and not strict.may_declare(s)


# --- a pattern's faan includes its parts: both settings --------------------------

APART = hong_kong(patterns_include_parts=False)


def test_parts_included_small_three_dragons():
    # Included (default): small three dragons 5. Apart: 5 + two dragon pungs 1 + 1 = 7.
    hand, win = "[RRR] [GGG] 123b 456c WhWh f1", "6c"
    assert score(hand, win).faan == 5
    s = score(hand, win, ruleset=APART)
    assert s.faan == 7 and s.score == 128
    assert faan_items(s) == {"small three dragons": 5, "dragon pung (red dragon)": 1, "dragon pung (green dragon)": 1}


def test_parts_included_great_three_dragons():
    # Included: great three dragons 8 -> 256. Apart: 8 + 3 dragon pungs = 11, capped at 10 -> 1024.
    hand, win = "[RRR] [GGG] WhWhWh 123b 55c f1", "5c"
    assert score(hand, win).score == 256
    s = score(hand, win, ruleset=APART)
    assert s.faan == 10 and s.score == 1024 and len(s.items) == 4


def test_parts_included_small_four_winds():
    # Included: small four winds 6 + mixed one suit 3 = 9. Apart: + seat wind (SSS) 1
    # + round wind (EEE) 1 = 11, capped at 10.
    hand, win = "[EEE] [SSS] WWW 123b NN f1", "N"
    assert score(hand, win).faan == 9
    s = score(hand, win, ruleset=APART)
    assert faan_items(s)["seat wind"] == 1 and faan_items(s)["round wind"] == 1 and s.faan == 10


def test_parts_included_all_four_flowers():
    # f1-f4 for seat S: included: all four flowers 2. Apart: 2 + own flower (f2) 1 = 3.
    hand = "[123b] [456c] 789c 222d 55d f1 f2 f3 f4"
    assert faan_items(score(hand, "5d")) == {"all four flowers": 2}
    s = score(hand, "5d", ruleset=APART)
    assert faan_items(s) == {"all four flowers": 2, "own flower": 1} and s.faan == 3


# --- every value changeable ---------------------------------------------------------


def test_values_are_changeable():
    # all pungs 2 instead of 3: case 13 scores 2 faan (4 points).
    r = hong_kong(faan={"all pungs": 2})
    assert score("[111b] [444c] 777c 222d 55d f1", "5d", ruleset=r).faan == 2
    # limit 8 faan: the table doubles up to 256; a limit hand scores 256.
    r = hong_kong(limit=8)
    assert r.faan.points == (1, 2, 4, 8, 16, 32, 64, 128, 256)
    assert score("1112345678999b 5b", "5b", ruleset=r).score == 256
    # minimum 1: BASE self-drawn (1 faan) may be declared.
    r = hong_kong(minimum=1)
    assert r.may_declare(score(BASE, "5d", WALL, ruleset=r))
    with pytest.raises(ValueError, match="no faan item"):
        hong_kong(faan={"chicken hand": 0})
    with pytest.raises(ValueError, match="points table"):
        FaanTable(limit=10, points=(1, 2, 4))


def test_registered_and_described():
    assert RULESETS["hong-kong"] is HONG_KONG
    assert HONG_KONG.faan.minimum == 3 and HONG_KONG.faan.limit == 10
    assert HONG_KONG.faan.points == tuple(2**n for n in range(11))
    assert HONG_KONG.wall_stacks == 18 and len(HONG_KONG.bonus_tiles) == 8
    assert "all pungs" in HONG_KONG.describe()


def test_only_the_winner_scores():
    # A loser's hand with a dragon pung scores nothing in faan.
    s = score_hand(Hand.parse("[RRR] 123b 456c 789d 5d"), HONG_KONG, Situation(S, E))
    assert s.faan == 0 and s.score == 0 and s.items == ()


# --- payment (seed 003, Basic scoring) -----------------------------------------------


def test_payment_on_a_discard():
    # Case 22's shape won on a discard instead: [RRR] SSS 123b 456c 55d, South wins on
    # West's 5d: dragon pung 1 + seat wind 1 + no flowers 1 = 3 faan -> 8 points.
    # West (the discarder) pays double, 16; East and North pay 8 each; South +32.
    s = score("[RRR] SSS 123b 456c 55d", "5d", D, S)
    assert s.faan == 3 and s.score == 8
    st = settle_faan(s.score, S, discarder=W)
    assert st.table()[W][S] == 16 and st.table()[E][S] == 8 and st.table()[N][S] == 8
    assert st.net == {E: -8, S: 32, W: -16, N: -8}
    chips = {w: 200 + st.net[w] for w in Wind}  # 200 chips each at the start
    assert chips == {E: 192, S: 232, W: 184, N: 192}


def test_payment_on_a_self_drawn_win():
    # Case 22: 4 faan -> 16 points, self-drawn by South: East, West and North each pay
    # double, 32; South +96.
    s = score("[RRR] SSS 123b 456c 55d", "5d", WALL, S)
    assert s.faan == 4 and s.score == 16
    st = settle_faan(s.score, S, table=HONG_KONG.faan)
    assert [(p.payer, p.payee, p.amount) for p in st.payments] == [(E, S, 32), (W, S, 32), (N, S, 32)]
    assert st.net == {E: -32, S: 96, W: -32, N: -32}


def test_payment_factors_are_settings():
    st = settle_faan(8, E, discarder=N, table=FaanTable(discarder_pays=3, others_pay=0))
    assert st.net == {E: 24, S: 0, W: 0, N: -24}
    from mahjongg.settlement import SettlementError

    with pytest.raises(SettlementError):
        settle_faan(8, E, discarder=E)


def test_ruleset_settle_hook():
    # The engine settles through the ruleset: HONG_KONG pays the winner only.
    # South wins 8 points on West's discard: W 16, E 8, N 8 (losers' scores ignored).
    st = HONG_KONG.settle({E: 0, S: 8, W: 0, N: 0}, S, discarder=W)
    assert st.net == {E: -8, S: 32, W: -16, N: -8}
    # self-drawn: each pays 16
    assert HONG_KONG.settle({E: 0, S: 8, W: 0, N: 0}, S).net == {E: -16, S: 48, W: -16, N: -16}
    # a drawn game: nothing paid
    assert HONG_KONG.settle({E: 0, S: 0, W: 0, N: 0}, None).payments == ()
    # pung-chow keeps its settlement: S collects 30 from each (East pays double, 60);
    # West and North pay East the difference 10, doubled: E -60+20+20, W -30-20, N -30-20.
    from mahjongg.rules import PUNG_CHOW

    assert PUNG_CHOW.settle({E: 10, S: 30, W: 0, N: 0}, S).net == {E: -20, S: 120, W: -50, N: -50}
