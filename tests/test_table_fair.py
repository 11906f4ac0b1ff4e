"""No player can change what is legal (issue 23, section 3), and a tile that is no tile is refused.

* ``Game.legal_actions`` hands out tuples of frozen actions: a bot that tries
  to edit every list, dict and value it is given (the legal actions, the
  actions themselves, its observation and the dicts in it) changes nothing:
  a match of such bots, through ``Session.play`` with the bot registered by
  name, plays exactly the hands that plain random bots of the same seeds play,
  under all six rulesets, every tile accounted for after every action.
* The issue's two repros: appending a discard of a tile not held, and
  clearing the claim window's actions, are impossible (tuples), and the
  forged action itself is refused with the library's error.
* ``Tile(99)``, ``Tile(2**70)``, ``Tile(-1)``: :class:`TileError`; the same
  numbers forced into a Tile (``int.__new__``) inside an Action are refused by
  ``apply`` with :class:`IllegalActionError`, the game unchanged (it raised
  ``IndexError``, and -1 read as the Pot of Gold).
"""

from __future__ import annotations

from collections import Counter

import pytest

from mahjongg.bots import BOTS, RandomBot
from mahjongg.errors import MahjonggError
from mahjongg.play.config import MatchConfig
from mahjongg.play.session import Session
from mahjongg.rules import RULESETS, get_ruleset
from mahjongg.table import Action, ActionKind, Game, IllegalActionError, Phase
from mahjongg.table.interned import full_set
from mahjongg.tiles import TILES, Tile, TileError, Wind

NAMES = sorted(RULESETS)


def _try(f) -> None:
    try:
        f()
    except (TypeError, AttributeError, KeyError, IndexError, ValueError):
        pass  # refused: what it was given cannot be changed that way


class Vandal(RandomBot):
    """A random bot that, before and after choosing, tries to change everything it is
    given: the legal actions (append a discard of a tile it does not hold, clear,
    sort, pop, assign), each action (its fields), the observation (its fields and
    every dict or list in it). It answers what the random bot of its seed answers."""

    name = "vandal"

    def act(self, observation, legal):
        choice = super().act(observation, legal)
        not_held = next(t for t in TILES[:27] if t not in observation.concealed)
        forged = Action(ActionKind.DISCARD, observation.seat, not_held)
        for f in (
            lambda: legal.append(forged),
            lambda: list.append(legal, forged),
            lambda: legal.clear(),
            lambda: legal.sort(key=str),
            lambda: legal.pop(),
            lambda: legal.__setitem__(0, forged),
            lambda: legal.insert(0, forged),
        ):
            _try(f)
        for a in legal:
            for field in ("kind", "seat", "tile", "chow"):
                _try(lambda a=a, field=field: setattr(a, field, not_held))
        for field in ("concealed", "phase", "turn", "waiting", "wall_count", "discard_history"):
            _try(lambda field=field: setattr(observation, field, ()))
        for value in list(vars(observation).values()) + [observation.melds, observation.bonus, observation.discards,
                                                          observation.concealed_counts]:
            if isinstance(value, dict):
                for k in list(value):
                    value[k] = ()
                value[Wind.EAST] = (forged,)
            elif isinstance(value, list):
                value.append(forged)
        vars(observation).pop("_raw", None)
        return choice


def census(game: Game) -> Counter:
    return Counter(game.tiles_everywhere())


@pytest.mark.parametrize("name", NAMES)
def test_a_vandal_bot_changes_nothing_through_session_play(name, monkeypatch):
    # players registered by name, as an app seats them; the same seeds deal the same hands
    monkeypatch.setitem(BOTS, "vandal", Vandal)
    vandals = MatchConfig.make(name, hands=2, players=["vandal"] * 4, seed=2323)
    plain = MatchConfig.make(name, hands=2, players=["random"] * 4, seed=2323)

    checked = []

    class Census:
        """Told of every action: the tile census holds, and whoever must act has a legal action."""

        def hand_started(self, session):
            checked.append(0)

        def action_applied(self, session):
            g = session.game
            assert census(g) == Counter(full_set(g.ruleset))
            if not g.is_over:
                assert g.to_act() and all(g.legal_actions(s) for s in g.to_act())
            checked[-1] += 1

        def hand_finished(self, session, record):
            pass

    a = Session(vandals, recorder=Census())
    a.play()
    b = Session(plain)
    b.play()
    assert [r.result.to_dict() for r in a.match.records] == [r.result.to_dict() for r in b.match.records]
    assert a.game.events == b.game.events
    assert len(checked) == 2 and all(n > 10 for n in checked)


@pytest.mark.parametrize("name", NAMES)
def test_the_issues_repros_cannot_change_the_rules(name):
    g = Game(get_ruleset(name), 23)
    seat = g.to_act()[0]
    legal = g.legal_actions(seat)
    assert isinstance(legal, tuple)
    held = g.hand(seat).concealed
    not_held = next(t for t in TILES[:27] if t not in held)
    forged = Action(ActionKind.DISCARD, seat, not_held)
    with pytest.raises(AttributeError):
        legal.append(forged)  # type: ignore[attr-defined]
    before = (g.snapshot(), len(g.events))
    with pytest.raises(IllegalActionError):
        g.apply(forged)
    assert (g.snapshot(), len(g.events)) == before
    # play on (first legal action) to a claim window: its actions cannot be cleared either
    for _ in range(400):
        if g.is_over or g.phase is Phase.CLAIMS:
            break
        s = g.to_act()[0]
        g.apply(g.legal_actions(s)[0] if g.phase is not Phase.TURN else g.legal_actions(s)[-1])
    if g.phase is Phase.CLAIMS:
        s = g.to_act()[0]
        opts = g.legal_actions(s)
        with pytest.raises(AttributeError):
            opts.clear()  # type: ignore[attr-defined]
        assert g.to_act() and g.legal_actions(s) == opts


@pytest.mark.parametrize("n", [99, 2**70, -1, 50])
def test_a_tile_index_out_of_range_is_the_librarys_error(n):
    with pytest.raises(TileError):
        Tile(n)
    assert issubclass(TileError, MahjonggError)
    g = Game(get_ruleset("pung-chow"), 1)
    forced = int.__new__(Tile, n)  # past Tile's own check
    before = (g.snapshot(), len(g.events))
    for action in (Action(ActionKind.DISCARD, Wind.EAST, forced), Action(ActionKind.CHOW, Wind.SOUTH, TILES[0], forced)):
        with pytest.raises(IllegalActionError, match=f"Tile\\({n}\\), is no tile"):
            g.apply(action)
    assert (g.snapshot(), len(g.events)) == before


def test_tile_of_an_index_is_the_one_tile_of_that_index():
    assert all(Tile(i) is TILES[i] for i in range(len(TILES)))
    for bad in (True, 1.5, "3"):
        with pytest.raises(TileError):
            Tile(bad)
