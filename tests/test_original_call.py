"""Original Call and the calling declaration at the table (the league rulesets).

The rules, from Kajongg (KDE; commit 469a588), whose facts we take:

* ``src/predefined.py`` "Mah Jongg with Original Call" (DMJL) / "Original Call"
  (BMJA): "Just before the first discard, a player can declare Original Call
  meaning she needs only one tile to complete the hand and announces she will
  not alter the hand in any way (except bonus tiles)", 1 double, with fewer than
  three exposed sets (``rulecode.py`` ``MahJonggWithOriginalCall``).
* ``src/client.py`` ``myAction``: Original Call is offered with a discard while
  the player has not discarded yet; ``player.py`` ``violatesOriginalCall``: a
  declarer discarding another tile than the one he drew breaks it.
* ``src/predefined.py`` "must declare calling hand" (BMJA True): "Mah Jongg is
  only allowed after having declared to have a calling hand";
  ``servertable.py`` ``_clientDiscarded3`` declares it for the player after a
  discard that leaves his hand calling, told to every player.

Every hand below is worked out in its comment; the walls are preset
(``table_walls``) so the test says what each seat draws.
"""

from __future__ import annotations

import pytest

from mahjongg.rules.league import bmja, dmjl
from mahjongg.table import Action, ActionKind, Game, replay
from mahjongg.table.describe import REPLAY, TABLE, WEB, describe_event
from mahjongg.tiles import Tile, Wind

from table_walls import arrange, deal_front

E, S, W, N = Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH
OC = ActionKind.ORIGINAL_CALL
DICE = ((3, 4), (3, 4))


def t(s: str) -> Tile:
    return Tile.parse(s)


def _game(ruleset, hands, draws=(), loose=()):
    front = deal_front(ruleset, hands, draws)
    return Game.from_wall(arrange(ruleset, DICE, front, loose), DICE, ruleset, claims="all")


def _passes(g):
    """Every seat asked in the claim window passes."""
    while g.phase == "claims":
        for s in g.to_act():
            g.apply(next(a for a in g.legal_actions(s) if a.kind is ActionKind.PASS))


def _discard(g, seat, tile):
    g.apply(Action(ActionKind.DISCARD, seat, t(tile)))
    _passes(g)


# East's 14 dealt tiles: four chows 1-2-3 bamboo, 4-5-6 characters, 7-8-9 dots,
# 2-3-4 characters, and South and North. Discarding North leaves the chows and a
# single South: calling on South (the pair). Discarding South: calling on North.
# Any other discard leaves two single winds and a broken chow: not calling.
CHOWS = {
    E: "1b 2b 3b 4c 5c 6c 7d 8d 9d 2c 3c 4c S N",
    S: "1c 1c 5b 6b 8b 9b 2d 3d 5d W Wh Wh R",
    W: "7c 8c 4b 4b 6b 7b 9b 1d 4d 6d G G R",
    N: "9c 9c 1b 5b 7b 8b 2d 3d 5d 6d W G R",
}


def test_original_call_is_offered_only_with_a_discard_that_leaves_the_hand_calling():
    g = _game(dmjl(), CHOWS)
    calls = sorted(str(a.tile) for a in g.legal_actions(E) if a.kind is OC)
    assert calls == ["N", "S"]
    # the ruleset says whether the declaration exists at all (no ruleset names in the engine)
    g2 = _game(dmjl().with_options(original_call=False), CHOWS)
    assert not [a for a in g2.legal_actions(E) if a.kind is OC]


def test_bmja_one_chow_hand_of_four_chows_is_not_calling():
    # the same fourteen tiles under BMJA: four chows, where a hand may hold one
    # (Kajongg "number of allowed chows" 1) -- South or North completes nothing
    g = _game(bmja(), CHOWS)
    assert not [a for a in g.legal_actions(E) if a.kind is OC]


def _declared(draws):
    g = _game(dmjl(), CHOWS, draws)
    g.apply(Action(OC, E, t("N")))
    _passes(g)
    return g


def test_the_declaration_is_public_logged_and_replayed():
    g = _declared(["E", "W", "S", "2b"])
    assert {"type": "action", "kind": "original-call", "seat": "E", "tile": "N"} in g.events
    for s in (E, S, W, N):
        o = g.observation(s)
        assert o.original_call == frozenset({E})
        assert o.to_dict()["original_call"] == ["E"]
    again = replay(g.events_jsonl())
    assert again.observation(S).original_call == frozenset({E})
    e = next(x for x in g.events if x.get("kind") == "original-call")
    assert describe_event(e, viewer=None, wording=TABLE) == "East declares Original Call and discards N"
    assert describe_event(e, viewer=None, wording=REPLAY) == "East declares Original Call and discards N"
    assert describe_event(e, viewer=None, wording=WEB) == "East declares Original Call and discards N"


def test_the_declarer_discards_what_he_draws():
    # South, West and North draw E, W, S and discard them (nobody claims); East draws 2b,
    # which does not complete 123b 456c 789d 234c S: he may only discard it
    g = _declared(["E", "W", "Wh", "2b"])
    for seat, tile in ((S, "E"), (W, "W"), (N, "Wh")):
        assert g.turn == seat
        _discard(g, seat, tile)
    assert g.turn == E
    legal = g.legal_actions(E)
    assert legal == (Action(ActionKind.DISCARD, E, t("2b")),)
    from mahjongg.table import IllegalActionError

    with pytest.raises(IllegalActionError, match="Original Call"):
        g.apply(Action(ActionKind.DISCARD, E, t("1b")))
    # no Original Call a second time, nor for a seat that has discarded
    assert not [a for a in legal if a.kind is OC]


def test_a_seat_that_has_discarded_may_not_declare():
    # East discards North without declaring; at his next turn his hand is calling
    # on South, but it is no longer his first discard
    g = _game(dmjl(), CHOWS, ["E", "W", "Wh", "2b"])
    _discard(g, E, "N")
    for seat, tile in ((S, "E"), (W, "W"), (N, "Wh")):
        _discard(g, seat, tile)
    assert not [a for a in g.legal_actions(E) if a.kind is OC]
    assert len([a for a in g.legal_actions(E) if a.kind is ActionKind.DISCARD]) == 14 - 1 - 1  # 12 kinds held


def test_the_declarer_claims_a_discard_only_to_go_out():
    # North discards 4b: East (next after North) holds 2b 3b and could chow it --
    # but not after Original Call (claims="all": he is offered PASS alone)
    g = _declared(["E", "W", "4b"])
    for seat, tile in ((S, "E"), (W, "W")):
        _discard(g, seat, tile)
    g.apply(Action(ActionKind.DISCARD, N, t("4b")))
    assert g.phase == "claims"
    assert g.legal_actions(E) == (Action(ActionKind.PASS, E, t("4b")),)
    # the same discard to East not bound: the chows 2-3-4 and 3-4-5? (he holds 2b 3b: the run from 2b)
    g2 = _game(dmjl(), CHOWS, ["E", "W", "4b"])
    _discard(g2, E, "N")
    for seat, tile in ((S, "E"), (W, "W")):
        _discard(g2, seat, tile)
    g2.apply(Action(ActionKind.DISCARD, N, t("4b")))
    assert Action(ActionKind.CHOW, E, t("4b"), t("2b")) in g2.legal_actions(E)


def test_a_declarer_going_out_scores_original_call():
    # East draws South: 1-2-3b 4-5-6c 7-8-9d 2-3-4c and a pair of South, all concealed,
    # drawn from the wall. Kajongg DMJL (predefined.py): Standard Mah Jongg 20, last tile
    # from the wall 2, last tile completes a pair of honours 4, last tile the only
    # possible one 2 = 28 points; doubles: Zero Point Hand 1 (no pung, no scoring pair:
    # South is neither East's wind nor the round's), Only Concealed Melds 1, Mah Jongg
    # with Original Call 1 = 3; 28 x 2^3 = 224 (under the limit of 500).
    g = _declared(["E", "W", "Wh", "S"])
    for seat, tile in ((S, "E"), (W, "W"), (N, "Wh")):
        _discard(g, seat, tile)
    mj = Action(ActionKind.MAHJONGG, E, t("S"))
    assert set(g.legal_actions(E)) == {mj, Action(ActionKind.DISCARD, E, t("S"))}
    g.apply(mj)
    res = g.result
    assert res.winner == E and res.win.original_call
    score = res.scores[E]
    names = [i.name for i in score.items]
    assert "Mah Jongg with Original Call" in names
    assert (score.points, score.doubles, score.score) == (28, 3, 224)
    assert g.events[-1]["win"]["original_call"] is True
    replay(g.events)  # the log replays to the same events, the score included


# BMJA: East's 14 tiles are three concealed pungs (1b, 9d, East), a chow 4-5-6c and
# South and North. Discarding North leaves a wait on South: calling, with one chow.
PUNGS = {
    E: "1b 1b 1b 4c 5c 6c 9d 9d 9d E E E S N",
    S: "1c 1c 5b 6b 8b 9b 2d 3d 5d W Wh Wh R",
    W: "7c 8c 4b 4b 6b 7b 9b 1d 4d 6d G G R",
    N: "9c 9c 2b 5b 7b 8b 2d 3d 5d 6d W G R",
}


def test_bmja_declares_a_calling_hand_after_the_discard_and_with_original_call():
    g = _game(bmja(), PUNGS, ["E", "W", "Wh", "S"])
    assert sorted(str(a.tile) for a in g.legal_actions(E) if a.kind is OC) == ["N", "S"]
    g.apply(Action(OC, E, t("N")))
    i = next(i for i, e in enumerate(g.events) if e.get("kind") == "original-call")
    assert g.events[i + 1] == {"type": "calling", "seat": "E"}
    assert describe_event(g.events[i + 1], viewer=None, wording=TABLE) == "East declares a calling hand"
    assert g.observation(W).calling == frozenset({E})
    _passes(g)
    for seat, tile in ((S, "E"), (W, "W"), (N, "Wh")):
        _discard(g, seat, tile)
    g.apply(Action(ActionKind.MAHJONGG, E, t("S")))
    assert g.result.win.original_call
    assert "Original Call" in [i.name for i in g.result.scores[E].items]
    replay(g.events)


# South holds four 5 bamboo without declaring them, and after his first discard his
# hand -- 5555b 111c 222c 7d 8d E -- is not calling (the four 5b read as a pung and a
# single: three loose tiles and a single beside the pungs). At his next turn he draws
# East, declares the concealed kong of 5 bamboo and draws the loose tile 9d: kong 5b,
# pungs 111c 222c, chow 789d and a pair of East -- four sets and a pair, with one chow.
KONG = {
    E: "1b 2b 3b 4c 5c 6c 7d 8d 9d 3c 3c 4b N N",
    S: "5b 5b 5b 5b 1c 1c 1c 2c 2c 2c 7d 8d E",
    W: "7c 8c 4b 6b 6b 7b 9b 1d 4d 6d G G R",
    N: "9c 9c 2b 3b 7b 8b 2d 3d 5d 6d W Wh R",
}


@pytest.mark.parametrize("ruleset,wins", [(dmjl(), True), (bmja(), False)])
def test_a_hand_never_declared_calling_may_not_go_out_under_bmja(ruleset, wins):
    g = _game(ruleset, KONG, ["Wh", "S", "S", "W", "E"], loose=["9d"])
    _discard(g, E, "4b")
    _discard(g, S, "Wh")  # South's first discard: 5555b 111c 222c 7d 8d E is not calling
    assert not [e for e in g.events if e["type"] == "calling" and e["seat"] == "S"]
    for seat, tile in ((W, "S"), (N, "S"), (E, "W")):
        _discard(g, seat, tile)
    assert g.turn == S
    g.apply(Action(ActionKind.CONCEALED_KONG, S, t("5b")))
    _passes(g)
    assert g.turn == S and g.observation(S).drawn == t("9d")
    mj = Action(ActionKind.MAHJONGG, S, t("9d"))
    assert (mj in g.legal_actions(S)) is wins
    if not wins:
        from mahjongg.table import IllegalActionError

        with pytest.raises(IllegalActionError, match="never declared his hand calling"):
            g.apply(mj)


def test_an_old_league_log_replays_without_the_declaration():
    # a log written before Original Call was a declaration (a log of version 1, which holds
    # the option only when on) has no original_call option in its setup: it replays with
    # the option at its default (off), to the same events
    r = dmjl().with_options(original_call=False)
    wall = arrange(r, DICE, deal_front(r, CHOWS, ["E", "W", "Wh", "2b"]), ())
    g = Game(r, wall=wall, dice=DICE, claims="all", log_version=1)
    assert "version" not in g.events[0] and "original_call" not in g.events[0]["options"]
    _discard(g, E, "N")
    events = [dict(e) for e in g.events]
    events[0]["ruleset"] = "dmjl"
    again = replay(events)
    assert not again.ruleset.original_call


@pytest.mark.parametrize("rules,hands", [(dmjl, CHOWS), (bmja, PUNGS)])
def test_random_play_after_the_declaration_keeps_the_binding_and_the_tiles(rules, hands):
    # invariants over 12 hands of random answers by every seat once East has declared:
    # every tile of the set is somewhere, the declarer is never offered a claim but
    # Mah-Jongg nor a discard but his drawn tile, every log replays, and a win of his
    # is scored with Original Call
    import random
    from collections import Counter

    from mahjongg.table import full_set

    for seed in range(12):
        rng = random.Random(seed)
        g = _game(rules(), hands)
        g.apply(Action(OC, E, t("N")))
        while not g.is_over:
            s = g.to_act()[0]
            legal = g.legal_actions(s)
            if s == E:
                kinds = {a.kind for a in legal}
                if g.phase == "claims":
                    assert kinds <= {ActionKind.MAHJONGG, ActionKind.PASS}
                else:
                    assert kinds <= {ActionKind.MAHJONGG, ActionKind.DISCARD}
                    assert [a.tile for a in legal if a.kind is ActionKind.DISCARD] == [g.observation(E).drawn]
            a = next((x for x in legal if x.kind is ActionKind.MAHJONGG), None) if rng.random() < 0.8 else None
            g.apply(a or rng.choice(legal))
            assert Counter(g.tiles_everywhere()) == Counter(full_set(g.ruleset))
        replay(g.events)
        if g.result.winner == E:
            assert g.result.win.original_call
        assert sum(g.result.net.values()) == 0


# one example of each special hand of the league rulesets (Kajongg predefined.py /
# rulecode.py): every 13 tiles left by taking one out must still be seen as possibly
# calling for it (Ruleset.may_call_special never rules out what is one tile away)
SPECIAL = {
    "thirteen orphans": "1b 9b 1c 9c 1d 9d E S W N R G Wh Wh",
    "wriggling snake": "1b 1b 2b 3b 4b 5b 6b 7b 8b 9b E S W N",
    "knitting": "1b 1c 2b 2c 4b 4c 5b 5c 7b 7c 8b 8c 9b 9c",
    "triple knitting": "1b 1c 1d 3b 3c 3d 5b 5c 5d 7b 7c 7d 9b 9c",
    "all pair honors": "1b 1b 9c 9c 1d 1d E E S S R R Wh Wh",
}


@pytest.mark.parametrize("name", sorted(SPECIAL))
def test_a_hand_one_tile_from_a_special_hand_may_call_it(name):
    from mahjongg.tiles import NUM_KINDS

    r = bmja()
    counts = [0] * NUM_KINDS
    for x in SPECIAL[name].split():
        counts[t(x)] += 1
    assert r.could_be_special(counts)
    for i in range(NUM_KINDS):
        if counts[i]:
            counts[i] -= 1
            assert r.may_call_special(counts), (name, i)
            counts[i] += 1


def test_a_mixed_hand_calls_no_special_hand():
    # a 2-8 tile, an honour and two suits: none of the league's special hands can come of it
    from mahjongg.tiles import NUM_KINDS

    counts = [0] * NUM_KINDS
    for x in CHOWS[E].split()[:13]:
        counts[t(x)] += 1
    assert not bmja().may_call_special(counts) and not dmjl().may_call_special(counts)


def test_a_refused_declaration_says_why():
    from mahjongg.table import IllegalActionError

    g = _game(dmjl(), CHOWS, ["E", "W", "Wh", "2b"])
    with pytest.raises(IllegalActionError, match="does not leave E's hand calling"):
        g.apply(Action(OC, E, t("1b")))
    g2 = _game(dmjl().with_options(original_call=False), CHOWS)
    with pytest.raises(IllegalActionError, match="has no Original Call"):
        g2.apply(Action(OC, E, t("N")))
    _discard(g, E, "N")
    for seat, tile in ((S, "E"), (W, "W"), (N, "Wh")):
        _discard(g, seat, tile)
    with pytest.raises(IllegalActionError, match="first discard.*E has discarded already"):
        g.apply(Action(OC, E, t("S")))
    assert len(g.events) == len(replay(g.events).events)  # refused actions leave no trace


def test_a_claim_before_the_first_discard_leaves_original_call_open():
    # Kajongg's MahJonggWithOriginalCall.selectable: "one tile may be claimed before
    # declaring OC". South pungs East's first discard, North, and holds 1-2-3b 4-5-6c
    # 7-8-9d, West and White: discarding West leaves a wait on White (the pair), or
    # discarding White one on West -- his first discard, so Original Call is offered
    hands = {**CHOWS, S: "N N 1b 2b 3b 4c 5c 6c 7d 8d 9d W Wh"}
    g = _game(dmjl(), hands)
    g.apply(Action(ActionKind.DISCARD, E, t("N")))
    for s in g.to_act():
        g.apply(Action(ActionKind.PUNG if s == S else ActionKind.PASS, s, t("N")))
    assert g.turn == S and g.observation(S).melds[S]
    assert sorted(str(a.tile) for a in g.legal_actions(S) if a.kind is OC) == ["W", "Wh"]
    g.apply(Action(OC, S, t("W")))
    assert g.observation(E).original_call == frozenset({S})
