"""One table of the actions in words (issue 43): ``table.describe.ACTION_WORDS``
under the terminal game's choices, the RL action table's entries, the reasons a
key does nothing and the score screen's lost claims -- a new kind of action is
one row there."""

from __future__ import annotations

from mahjongg.features.actions import action_table
from mahjongg.rules import DMJL, get_ruleset
from mahjongg.table import Action, ActionKind, Game
from mahjongg.table.describe import ACTION_WORDS, action_label
from mahjongg.tiles import Tile, Wind
from mahjongg.tui.scorecard import CLAIM_WORDS
from mahjongg.tui.widgets import action_label as tui_label

K = ActionKind
E = Wind.EAST
T = Tile.parse


def test_every_kind_of_action_has_its_words():
    assert set(ACTION_WORDS) == set(ActionKind)


def test_the_terminal_games_choices():
    # the buttons' words as the terminal game has always shown them (tests/test_tui_sizes.py)
    assert action_label(Action(K.ADD_KONG, E, T("5d"))) == "Add to pung 5d"
    assert action_label(Action(K.CHOW, E, T("4c"), T("3c"))) == "Chow 3c 4c 5c"
    assert action_label(Action(K.PASS, E, T("4c"))) == "Pass"  # a pass names no tile
    assert action_label(Action(K.MAHJONGG, E, T("R"))) == "Mah-Jongg! R"
    assert tui_label(Action(K.ORIGINAL_CALL, E, T("N"))) == "Original Call, discarding N"
    for k in ActionKind:
        a = Action(k, E, T("5d"), T("3c") if k is K.CHOW else None)
        assert tui_label(a).startswith(ACTION_WORDS[k].label)


def test_the_rl_action_tables_entries():
    table = action_table(DMJL)  # every kind but washing
    for i, (kind, tile) in enumerate(table.entries):
        words = ACTION_WORDS[kind].entry
        assert table.describe(i) == (f"{words} {tile}" if tile is not None else words)
    assert table.describe(table.index(Action(K.ADD_KONG, E, T("5d")))) == "add kong 5d"
    wash = action_table(get_ruleset("pung-chow-limit"))
    assert "wash" in {wash.describe(i) for i in range(len(wash))}


def test_the_reasons_and_the_lost_claims_say_the_same_words():
    from mahjongg.play.config import MatchConfig
    from mahjongg.play.session import Session
    from mahjongg.table.phase import Phase
    from mahjongg.tui.reasons import why_not

    session = Session(MatchConfig.make("pung-chow", players=(None, "greedy", "greedy", "greedy"), seed=3))
    g: Game = session.game
    while True:  # the bots play until it is the human's own turn (he passes every claim)
        session.run_bots(limit=None)
        assert not g.is_over
        if g.phase is Phase.TURN:
            break
        session.act(next(a for a in session.human_legal() if a.kind is K.PASS))
    assert why_not("pung", session).startswith("no pung now: a pung claims another player's discard")
    assert why_not("chow", session).startswith("no chow now: a chow claims another player's discard")
    assert CLAIM_WORDS == {"chow": "chow", "pung": "pung", "kong": "kong", "mahjongg": "Mah-Jongg"}
    assert {ACTION_WORDS[k].noun for k in (K.KONG, K.CONCEALED_KONG, K.ADD_KONG)} == {"kong"}  # one key, k
