"""The engine's facts about claim windows (issue 43): which actions of a turn open
one (:func:`~mahjongg.table.claim_window_kinds`) and whether the last step did
(:attr:`Game.window_opened`) -- what the web table, the RL env and the arena
read instead of inferring a window from an action's kind.

Every ruleset: a discard; a tile added to an exposed pung where a kong may be
robbed; a concealed kong where a limit hand may rob one (DMJL, BMJA); Original
Call (DMJL, BMJA).
"""

from __future__ import annotations

import random

import pytest

from mahjongg.rules import BMJA, DMJL, RULESETS, TRADITIONAL, get_ruleset
from mahjongg.table import Action, ActionKind, Game, claim_window_kinds
from mahjongg.table.phase import Phase
from mahjongg.tiles import Tile, Wind

from test_league_rulesets import _orphans_deal
from test_table_traditional import rob_setup

K = ActionKind
E, S, W, N = Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH

# From each ruleset's book: who may rob a kong (a tile added to an exposed pung) and
# whether a concealed kong may be robbed too; which rulesets have Original Call.
#   pung-chow, pung-chow-limit (seed 000): no robbing, no Original Call
#   traditional, traditional-special-tiles (seed 001, limit hand "Scratching a Carrying
#     Pole"), hong-kong, hong-kong-136 (the faan table's "robbing a kong"): robbing only
#   dmjl, bmja (Kajongg's league rules: "mayrobhiddenkong" for Thirteen Orphans, after
#     Millington 58; "Mah Jongg with Original Call"): both, and Original Call
BOOK = {
    "pung-chow": {K.DISCARD},
    "pung-chow-limit": {K.DISCARD},
    "traditional": {K.DISCARD, K.ADD_KONG},
    "traditional-special-tiles": {K.DISCARD, K.ADD_KONG},
    "hong-kong": {K.DISCARD, K.ADD_KONG},
    "hong-kong-136": {K.DISCARD, K.ADD_KONG},
    "dmjl": {K.DISCARD, K.ADD_KONG, K.CONCEALED_KONG, K.ORIGINAL_CALL},
    "bmja": {K.DISCARD, K.ADD_KONG, K.CONCEALED_KONG, K.ORIGINAL_CALL},
}


def test_every_ruleset_is_in_the_book_table():
    assert set(BOOK) == set(RULESETS)


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_the_turns_actions_that_open_a_claim_window(name):
    assert claim_window_kinds(get_ruleset(name)) == BOOK[name]


def test_options_change_the_kinds():
    """The set follows the ruleset's options, not its name."""
    assert K.ADD_KONG not in claim_window_kinds(TRADITIONAL.with_options(robbing_kong=False))
    assert claim_window_kinds(DMJL.with_options(concealed_kong_robbed_for=())) == {K.DISCARD, K.ADD_KONG, K.ORIGINAL_CALL}
    # a concealed kong is robbed only where a kong may be robbed at all
    assert claim_window_kinds(DMJL.with_options(robbing_kong=False)) == {K.DISCARD, K.ORIGINAL_CALL}


@pytest.mark.parametrize("claims", ["able", "all"])
@pytest.mark.parametrize("name", sorted(RULESETS))
def test_window_opened_at_every_step(name, claims):
    """Random hands (2, 3 and 4 players, pungs and kongs taken whenever offered): after every step ``window_opened`` is true
    exactly when a turn's action left the hand in a claim window, and that action's
    kind is one of ``claim_window_kinds``; an answer never opens one. Under
    ``claims="all"`` each such action opens one (every other seat answers a discard;
    the live seats a kong that may be robbed). The deal opens the washing window."""
    r = get_ruleset(name)
    kinds = claim_window_kinds(r)
    rng = random.Random(f"{name}/{claims}")
    opened = {k: 0 for k in kinds}
    for h in range(12):
        n = (4, 4, 3, 2)[h % 4]
        g = Game(r, rng.randrange(2**32), n, claims=claims)
        assert g.window_opened == (g.phase is Phase.CLAIMS) == g.washing
        while not g.is_over:
            before = g.phase
            seat = g.to_act()[0]
            legal = g.legal_actions(seat)
            # random, but a pung or a kong whenever one is offered (tiles added to pungs)
            kongs = [x for x in legal if x.kind in (K.PUNG, K.ADD_KONG, K.CONCEALED_KONG)]
            a = kongs[0] if kongs else legal[rng.randrange(len(legal))]
            g.apply(a)
            assert g.window_opened == (before is Phase.TURN and g.phase is Phase.CLAIMS), (g.seed, a)
            if g.window_opened:
                assert a.kind in kinds, a
                assert g.last_discard == (seat, a.tile)
                opened[a.kind] += 1
            elif claims == "all" and before is Phase.TURN and a.kind in kinds and not g.is_over:
                # a kong that no live seat may rob (every other seat dead): nobody answers
                assert a.kind in (K.ADD_KONG, K.CONCEALED_KONG)
                assert all(s == seat or s in g.dead for s in g.seats), (g.seed, a)
    assert opened[K.DISCARD] > 50
    if claims == "all" and K.ADD_KONG in kinds:
        assert opened[K.ADD_KONG] > 0


def test_a_robbed_kong_opens_a_window():
    """seed 001's Scratching a Carrying Pole (tests/test_table_traditional.py's deal):
    South adds the fourth 2b to his pung, West waits on it."""
    g = rob_setup()
    assert g.window_opened and g.phase is Phase.CLAIMS and g.to_act() == [W]
    g.apply(Action.pass_(W, Tile.parse("2b")))
    assert not g.window_opened and g.phase is Phase.TURN


@pytest.mark.parametrize("ruleset", [DMJL, BMJA])
def test_a_concealed_kong_that_may_be_robbed_opens_a_window(ruleset):
    """East declares four North winds concealed; South's Thirteen Orphans waits on the
    North wind (tests/test_league_rulesets.py's deal)."""
    g = _orphans_deal(ruleset)
    assert g.window_opened and g.phase is Phase.CLAIMS and g.to_act() == [S]
    assert g.last_discard == (E, Tile.parse("N"))


def test_a_concealed_kong_nobody_may_rob_opens_none():
    g = _orphans_deal(TRADITIONAL)  # traditional robs a kong made from a pung only
    assert not g.window_opened and g.phase is Phase.TURN and g.turn == E


def test_every_seat_answers_a_robbable_concealed_kong_under_claims_all():
    """The same deal under claims="all": the concealed kong opens a window that every
    other seat answers (Pass alone where it cannot rob), so that a window does not tell
    who waits on the tile."""
    from table_walls import arrange, deal_front

    hands = {
        E: "N N N N 2b 3b 4b 5c 6c 7c 2d 3d 4d 8d",
        S: "1c 1c 1c 9c 9c 9c 1d 1d 1d 9d 9d E E",  # nobody waits on the North wind
        W: "2c 2c 2c 3c 3c 3c 4c 4c 4c 5d 5d 5d 6d",
        N: "6b 6b 6b 7b 7b 7b 8b 8b 8b 5b 5b 7d 7d",
    }
    dice = ((3, 4), (3, 4))
    for claims, asked in (("all", [S, W, N]), ("able", [])):
        g = Game.from_wall(arrange(DMJL, dice, deal_front(DMJL, hands)), dice, DMJL, claims=claims)
        g.apply(Action(K.CONCEALED_KONG, E, Tile.parse("N")))
        assert g.window_opened == bool(asked) and g.to_act() == (asked or [E])
        for s in asked:
            assert g.legal_actions(s) == (Action.pass_(s, Tile.parse("N")),)


@pytest.mark.parametrize("ruleset,deal", [(DMJL, "CHOWS"), (BMJA, "PUNGS")])
def test_original_call_opens_a_window(ruleset, deal):
    """Original Call is declared with a discard: the window on that discard opens
    (claims="all": every other seat answers it). tests/test_original_call.py's deals,
    worked out there: discarding North leaves East calling (DMJL: four chows; BMJA,
    one chow at most: four pungs)."""
    import test_original_call

    g = test_original_call._game(ruleset, getattr(test_original_call, deal))
    call = Action(K.ORIGINAL_CALL, E, Tile.parse("N"))
    assert call in g.legal_actions(E)
    g.apply(call)
    assert g.window_opened and g.last_discard == (E, Tile.parse("N")) and g.to_act() == [S, W, N]
    g.apply(Action.pass_(S, Tile.parse("N")))
    assert not g.window_opened and g.phase is Phase.CLAIMS  # the same window, still open


def test_an_illegal_action_leaves_window_opened_as_it_was():
    g = Game(get_ruleset("pung-chow"), 7, claims="all")
    discard = next(a for a in g.legal_actions(E) if a.kind is K.DISCARD)
    g.apply(discard)
    assert g.window_opened
    with pytest.raises(Exception):
        g.apply(Action(K.PUNG, S, Tile.parse("Wh") if discard.tile != Tile.parse("Wh") else Tile.parse("1b")))
    assert g.window_opened
