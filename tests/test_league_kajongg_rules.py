"""The league rules where a game hand or a rare hand scored otherwise than Kajongg
(issue 38): each expected value is worked out from Kajongg's rule (KDE, commit
469a588: ``src/predefined.py`` for the values, ``src/rulecode.py`` for the tests,
``src/hand.py`` and ``src/rule.py`` for how a hand's rules are summed), and the
engine is held to offer exactly the wins the scorer scores.
"""

from __future__ import annotations

import pytest

from mahjongg.hand import Hand, Meld, MeldKind
from mahjongg.notation import NotationError
from mahjongg.rules import BMJA, DMJL, Situation, Win, WinBy, get_ruleset
from mahjongg.rules.league import bmja
from mahjongg.scoring import ScoringError, score_hand
from mahjongg.table import Action, ActionKind, Game
from mahjongg.tiles import Tile, Wind

from table_walls import arrange, deal_front

E, S, W, N = Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH
DICE = ((3, 4), (3, 4))


def t(s: str) -> Tile:
    return Tile.parse(s)


def _won(tile: str, by=WinBy.WALL, seat=E, round_=E, **win) -> Situation:
    return Situation(seat, round_, Win(t(tile), by, **win))


def _game(ruleset, hands, draws=()):
    front = deal_front(ruleset, hands, draws)
    return Game.from_wall(arrange(ruleset, DICE, front), DICE, ruleset, claims="all")


def _passes(g):
    while g.phase == "claims":
        for s in g.to_act():
            g.apply(next(a for a in g.legal_actions(s) if a.kind is ActionKind.PASS))


# --- 1. BMJA's half-limit hands against their own points --------------------------------


def test_a_half_limit_hand_scores_its_points_when_they_are_worth_more():
    """Kajongg ``rule.py`` ``Score.total``: a fraction of the limit stands only when
    "self.limits * self.ruleset.limit >= result" (the points doubled); else the points.
    Knitting (``predefined.py``: an mjRule of 0.5 limits and no points) 1266678b
    1266678c, South in the South round, 7b drawn, all four Seasons laid out. Kajongg's
    rules that apply: Season 4 points each (16), Won with Last Tile Taken from Wall 2:
    18 points (no Standard Mah Jongg: the hand goes out by Knitting's rule); doubles Own
    Season 1 (Season 2 is South's), All Seasons 2 (BMJA), No Chow 1 (its melds are
    knitted pairs), Only Concealed Melds 1: 5. 18 x 2^5 = 576 > 500 (half of 1,000)."""
    hand = Hand.parse("1266678b 1266678c s1 s2 s3 s4")
    s = score_hand(hand, BMJA, _won("7b", seat=S, round_=S))
    assert (s.score, s.points, s.doubles, s.limit_hand) == (576, 18, 5, None)
    names = {i.name for i in s.items}
    assert {"No Chow", "Only Concealed Melds"} <= names and "Standard Mah Jongg" not in names
    # won on the discarded 7b: Kajongg exposes the knitted pair it completed (hand.py
    # __arrange), so no Only Concealed Melds and no 2 for the wall: 16 x 2^4 = 256 < 500
    s = score_hand(hand, BMJA, _won("7b", WinBy.DISCARD, seat=S, round_=S))
    assert (s.score, s.limit_hand) == (500, "Knitting")
    # without the Seasons: 2 points x 2^2 = 8, the half limit stands
    assert score_hand(Hand.parse("1266678b 1266678c"), BMJA, _won("7b", seat=S, round_=S)).score == 500


def test_all_pair_honors_scores_its_pairs():
    """All pair honors (0.5 limits) is arranged into its seven pairs (Kajongg
    ``AllPairHonors.rearrange``), each scored by the meld rules: Pair of Dragons 2
    (three of them), Pair of Own Wind 2 and of Round Wind 2 (East's EE in the East
    round: 4), South's pair nothing; Flowers 4 each (16), the wall 2: 28 points.
    Doubles: Own Flower 1 (f1, East's), All Flowers 2, No Chow 1, Only Concealed
    Melds 1, Only Terminals and Honors 1: 6. 28 x 64 = 1,792 > 500: roof off, 1,792;
    under the roof the limit caps it (1,000), not as a limit hand."""
    hand = Hand.parse("RR GG WhWh EE SS 11b 99c f1 f2 f3 f4")
    s = score_hand(hand, bmja(roof_off=True), _won("Wh"))
    assert (s.score, s.points, s.doubles, s.limit_hand) == (1792, 28, 6, None)
    s = score_hand(hand, BMJA, _won("Wh"))
    assert (s.score, s.limit_hand) == (1000, None)


# --- 2. a loser calling for a limit hand that is also Purity ----------------------------


def test_a_loser_calling_for_a_limit_hand_scores_the_limit_alone():
    """Kajongg ``CallingHand`` asks the rules the completed hand keeps, and a full limit
    keeps its limit rule alone (``hand.py`` ``__totalScore``: "self.usedRules =
    [maxRule]"). 111b 333b 555b 777b 9b f1 s1 (East) waits on 9b: four concealed pungs
    of bamboo and a pair, Buried Treasure, so Calling for Buried Treasure (0.4 of the
    1,000 limit) and not Calling for Purity. Its points: 1b pung 8, 3b 5b 7b 4 each,
    Flower 1 and Season 1 4 each: 28, Own Flower and Own Season 2 doubles: 112 < 400:
    400, Kajongg's score. With 1b exposed the completed hand is no Buried Treasure
    (its pungs are not all concealed) and keeps Purity (3 doubles): Calling for Purity,
    24 points (exposed 1b pung 4) x 2^5 = 768."""
    s = score_hand(Hand.parse("111b 333b 555b 777b 9b f1 s1"), BMJA, Situation())
    assert (s.score, s.limit_hand) == (400, "Calling for Buried Treasure")
    s = score_hand(Hand.parse("[111b] 333b 555b 777b 9b f1 s1"), BMJA, Situation())
    assert s.score == 768 and "Calling for Purity" in {i.name for i in s.items}


# --- 3. Wriggling Snake only self-drawn ----------------------------------------------------

SNAKE = "1123456789c E S W N"


def test_wriggling_snake_is_won_only_on_a_drawn_tile():
    """Kajongg ``WrigglingSnake.appliesToHand``: "if hand.declaredMelds: return False",
    and a claimed last tile declares the meld it completes (``hand.py`` ``__arrange``):
    only a drawn last tile makes the hand. Drawn: the limit, 1,000; claimed: no win."""
    hand = Hand.parse(SNAKE)
    assert score_hand(hand, BMJA, _won("E", seat=N, round_=W)).limit_hand == "Wriggling Snake"
    with pytest.raises(ScoringError):
        score_hand(hand, BMJA, _won("E", WinBy.DISCARD, seat=N, round_=W))
    with pytest.raises(ScoringError):
        score_hand(hand, BMJA, _won("1c", WinBy.DISCARD, seat=N, round_=W))


SNAKE_DEAL = {
    E: "1b 2c 3c 4c 5c 6c 7c 8c 9c 2d 3d 4d 5d 6d",
    S: "1b 2b 3b 4b 5b 6b 7b 8b 9b E S W N",
    W: "1c 1c 1d 1d 7d 7d 8d 8d 9d 9d R R G",
    N: "2c 3c 4c 5c 6c 7c 8c 9c 2d 3d 4d 5d 6d",
}


def test_the_table_offers_the_wriggling_snake_only_on_a_drawn_tile():
    """South holds 1b 2-9b and the four winds, calling on 1b for Wriggling Snake: East's
    discarded 1b is offered to him as a chow (he is next) but not as Mah-Jongg; the same
    1b drawn from the wall is Mah-Jongg."""
    g = _game(bmja(), SNAKE_DEAL)
    g.apply(Action(ActionKind.DISCARD, E, t("1b")))
    assert g.phase == "claims"
    kinds = {a.kind for a in g.legal_actions(S)}
    assert ActionKind.CHOW in kinds and ActionKind.MAHJONGG not in kinds
    g = _game(bmja(), SNAKE_DEAL, ["1b"])
    g.apply(Action(ActionKind.DISCARD, E, t("2c")))
    _passes(g)
    assert S in g.to_act()
    assert ActionKind.MAHJONGG in {a.kind for a in g.legal_actions(S)}


# --- 4. what is a hand: the scorer reads no special hand the ruleset does not have -------------


def test_dmjl_has_no_seven_pairs_of_honours():
    """DMJL's ways to go out (Kajongg ``ClassicalChineseDMJL`` mjRules: Standard Mah
    Jongg, Nine Gates, Thirteen Orphans, Squirming Snake) have no seven pairs: EE SS WW
    NN RR GG WhWh does not go out, so Only Honors (a winner rule) never comes to it. In
    BMJA it is All pair honors (0.5 limits) and Only Honors (1 limit): the limit."""
    hand = Hand.parse("EE SS WW NN RR GG WhWh f2")
    assert not DMJL.could_be_special(hand.counts())
    with pytest.raises(ScoringError):
        score_hand(hand, DMJL, _won("W", WinBy.DISCARD, seat=S, round_=S))
    assert BMJA.could_be_special(hand.counts())
    s = score_hand(hand, BMJA, _won("W", WinBy.DISCARD, seat=S, round_=S))
    assert (s.score, s.limit_hand) == (1000, "Only Honors")


GATES = "11123455678999b"


def test_bmja_gates_of_heaven_is_a_hand_at_the_table_too():
    """Gates of Heaven (BMJA, Kajongg ``GatesOfHeaven``: 1112345678999 of one suit and a
    pair of 2 to 8) is four sets and a pair only with two chows (111 234 55 678 999),
    more than BMJA's one: it is a special hand, which the ruleset's pre-check must know
    (``could_be_special``), or neither the scorer nor the table takes it."""
    hand = Hand.parse(GATES)
    assert BMJA.could_be_special(hand.counts())
    assert score_hand(hand, BMJA, _won("5b")).limit_hand == "Gates of Heaven"
    assert BMJA.may_call_special(Hand.parse("1112345678999b").counts())


# --- 5. Original Call with three exposed melds ------------------------------------------------


def test_original_call_counts_the_meld_the_winning_discard_completed():
    """Kajongg ``MahJonggWithOriginalCall``: "sum(x.isExposed for x in hand.melds) < 3",
    the meld a claimed last tile completed exposed among them (``hand.py``
    ``__arrange``). 11155666b [222b] [234b] f1 f4, East in the South round, 5b claimed:
    the pair 55b is the third exposed meld, no Original Call. 2b pung exposed 2, 1b
    pung concealed 8, 6b pung concealed 4, two Flowers 8, Standard Mah Jongg 20, Last
    Tile Completes Pair of 2..8 2: 44; True Color Game 3 doubles: 352, Kajongg's.
    Drawn, the pair is concealed: two exposed melds, Original Call's double (and the
    wall's 2 points): 46 x 2^4 = 736, capped at 500."""
    hand = Hand.parse("11155666b [222b] [234b] f1 f4")
    s = score_hand(hand, DMJL, _won("5b", WinBy.DISCARD, round_=S, original_call=True))
    assert (s.score, s.points, s.doubles) == (352, 44, 3)
    s = score_hand(hand, DMJL, _won("5b", round_=S, original_call=True))
    assert (s.score, s.points, s.doubles) == (500, 46, 4)
    assert "Mah Jongg with Original Call" in {i.name for i in s.items}


# --- 6. the claimed kong -------------------------------------------------------------------


def test_a_claimed_kong_is_written_and_read():
    """docs/notation.md: <5555d> is a kong claimed from a discard onto a pung held
    concealed -- exposed, and claimed."""
    hand = Hand.parse("<5555d> 123b 456c 789c EE")
    (m,) = hand.melds
    assert (m.kind, m.exposed, m.claimed) == (MeldKind.KONG, True, True)
    assert str(hand) == "123b 456789c EE <5555d>" and Hand.parse(str(hand)) == hand
    assert Meld.parse("<5555d>") == m != Meld.parse("[5555d]")
    with pytest.raises(NotationError, match="not a claimed kong"):
        Hand.parse("<555d> 123b 456c 789c EE")


def test_a_claimed_kong_scores_exposed_and_keeps_the_hand_concealed_in_the_league_rules():
    """Kajongg ``rulecode.py``: ``OnlyConcealedMelds``, ``ConcealedTrueColorGame``,
    ``HiddenTreasure`` ask "x.isExposed and not x.isClaimedKong", ``ThreeConcealedPongs``
    "x.isConcealed or x.isClaimedKong"; the kong itself scores as exposed
    (``ExposedTerminalsKong``). Kajongg's scoringtest.py cases, in our notation:

    * <1111b> 22223456788b f1 f2 f3 f4, 3b drawn (its ``b1b1b1B1 RB2B3B4B5B6B7B8B8B2B2B2
      fe fs fn fw LB3B2B3B4``): DMJL Concealed True Color Game, the limit;
    * <1111b> <9999c> 222b 111d 44b, 2b drawn (``RB2B2B2S1S1S1B4B4 b1b1b1 c9c9c9C9
      LB2B2B2B2``): DMJL Three Concealed
      Pongs counts 222b, 111d and the claimed 9c kong;
    * under Pung Chow (seed 000, "Four of a kind": "all four face up if he punged the
      fourth") the same kong is an exposed kong and the hand is not concealed."""
    s = score_hand(Hand.parse("<1111b> 22223456788b f1 f2 f3 f4"), DMJL, _won("3b"))
    assert (s.score, s.limit_hand) == (500, "Concealed True Color Game")
    exposed = score_hand(Hand.parse("[1111b] 22223456788b f1 f2 f3 f4"), DMJL, _won("3b"))
    assert exposed.limit_hand is None
    s = score_hand(Hand.parse("[111b] <9999c> 222b 111d 44b"), DMJL, _won("2b"))
    # 1b pung exposed 4, 9c kong exposed 16, 2b pung concealed 4, 1d pung concealed 8,
    # Standard Mah Jongg 20, the wall 2: 54; No Chow 1, Three Concealed Pongs 1
    assert (s.points, s.doubles) == (54, 2) and "Three Concealed Pongs" in {i.name for i in s.items}
    assert "kong of 9 characters (exposed)" in {i.name for i in s.items}
    pc = get_ruleset("pung-chow")
    claimed = score_hand(Hand.parse("<5555d> 123b 456c 789c EE"), pc, _won("E"))
    plain = score_hand(Hand.parse("[5555d] 123b 456c 789c EE"), pc, _won("E"))
    assert (claimed.score, claimed.points, claimed.doubles) == (plain.score, plain.points, plain.doubles)


CLAIM_DEAL = {
    E: "5d 2c 3c 4c 5c 6c 7c 8c 9c 2b 3b 4b 6b 7b",
    S: "5d 5d 5d 1b 1b 9b 9b E E S S W W",
    W: "1c 1c 9c 9c N N R R G G Wh Wh 8b",
    N: "2c 3c 4c 5c 6c 7c 8c 9c 2b 3b 4b 6b 7b",
}


def test_the_table_makes_a_kong_claimed_from_a_discard_a_claimed_kong():
    """South holds three 5d and claims East's 5d for a kong: under the league rules his
    meld is a claimed kong (<5555d>), which they read; under Pung Chow, which does not
    (seed 000, "Four of a kind": "all four face up if he punged the fourth"), an
    exposed kong. Either way it is logged and replayed the same."""
    from mahjongg.table import replay

    for ruleset, written in ((DMJL, "<5555d>"), (get_ruleset("pung-chow"), "[5555d]")):
        g = _game(ruleset, CLAIM_DEAL)
        g.apply(Action(ActionKind.DISCARD, E, t("5d")))
        g.apply(Action(ActionKind.KONG, S, t("5d")))
        _passes(g)
        (m,) = g.hand(S).melds
        assert str(m) == written and m.exposed and m.claimed is (written[0] == "<")
        assert replay(g.events).hand(S).melds == (m,)


# --- 8. Nine Gates on a discard: Kajongg's description, not its code --------------------------


def test_dmjl_nine_gates_wins_on_a_discard_as_its_description_says():
    """Kajongg ``predefined.py`` describes Nine Gates (DMJL) as "A concealed hand in one
    color 1112345678999 plus last tile of this suit (from wall or discarded)"; its code
    (``NineGates.appliesToHand``) refuses any declared meld, which a discard makes of the
    last meld, and counts the ones and nines at three, which refuses a last 1 or 9. We
    follow the description (docs/rules/dmjl.md): 1112345678999c and 5c discarded, or 9c
    drawn, is the limit, 500."""
    nine = Hand.parse("11123455678999c")
    assert score_hand(nine, DMJL, _won("5c", WinBy.DISCARD)).limit_hand == "Nine Gates"
    # drawn, the hand is also a Concealed True Color Game (the card names the first limit)
    names = lambda s: {i.name for i in s.items}  # noqa: E731
    assert "Nine Gates" in names(score_hand(Hand.parse("11123456789999c"), DMJL, _won("9c")))
    # the same tiles with 5c the last: the extra tile (a fourth 9c) is not the last one
    assert "Nine Gates" not in names(score_hand(Hand.parse("11123456789999c"), DMJL, _won("5c")))
