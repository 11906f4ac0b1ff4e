"""Hints: shanten and waits of the seat's own hand, from its observation (the scripted hand of test_tui)."""

from __future__ import annotations

from mahjongg.table import Action, ActionKind, Game
from mahjongg.tiles import Wind, tile
from mahjongg.tui.hints import hint

from test_tui import DICE, Passer, preset_wall

E = Wind.EAST


def bots_until_east(g: Game) -> None:
    p = Passer()
    while not g.is_over and E not in g.to_act():
        s = g.to_act()[0]
        g.apply(p.act(g.observation(s), g.legal_actions(s)))


def test_hints_through_the_scripted_hand():
    g = Game.from_wall(preset_wall(), DICE)
    h = hint(g.observation(E))  # 1-8b E E 5c 5c 1d 9d: two tiles short of four sets and a pair
    assert h.shanten == 1 and not h.discards
    assert tile("9b") in h.useful and tile("5c") in h.useful
    g.apply(Action.discard(E, tile("9d")))
    bots_until_east(g)
    g.apply(Action(ActionKind.PUNG, E, tile("5c")))
    bots_until_east(g)  # the others answer the claim window; East's pung wins it
    assert [str(m) for m in g.hand(E).melds] == ["[555c]"]
    h = hint(g.observation(E))  # [555c] 1-8b E E 1d: discard 1d and wait
    assert h.shanten == 0
    assert dict(h.discards)[tile("1d")] == (tile("3b"), tile("6b"), tile("9b"))
    assert "discard 1d -> waiting on 3b 6b 9b" in h.describe()
    g.apply(Action.discard(E, tile("1d")))
    h = hint(g.observation(E))
    assert h.shanten == 0 and h.waits == (tile("3b"), tile("6b"), tile("9b"))
    bots_until_east(g)  # North's E: pung or pass
    g.apply(Action.pass_(E, tile("E")))
    bots_until_east(g)
    h = hint(g.observation(E))  # drew 9b
    assert h.shanten == -1 and "Mah-Jongg" in h.describe()


def test_hint_in_turn_names_the_best_discards_by_value():
    # the opening hand of the scripted deal (above): 1-8b E E 5c 5c 1d 9d, shanten 1.
    # Letting go 1d or 9d keeps shanten 1 (the lone dots are in no set); the advisor
    # ranks those first and says so, with its value (mahjongg advise's numbers)
    g = Game.from_wall(preset_wall(), DICE)
    h = hint(g.observation(E))
    assert {v.tile for v in h.best[:2]} == {tile("1d"), tile("9d")}
    assert all(v.shanten == 1 for v in h.best[:2])
    assert "best discards: " in h.describe()
