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
    h = hint(g.observation(E), g.legal_actions(E))  # [555c] 1-8b E E 1d: discard 1d and wait
    assert h.shanten == 0
    assert dict(h.discards)[tile("1d")] == (tile("3b"), tile("6b"), tile("9b"))
    # issue 28, item 8: the advice first (the advisor's best discards), not "you are waiting" with 14 tiles
    assert h.describe().startswith("best discards: ") and "1d (ready on 3b 6b 9b, value " in h.describe()
    assert "waiting" not in h.describe()
    g.apply(Action.discard(E, tile("1d")))
    h = hint(g.observation(E))
    assert h.shanten == 0 and h.waits == (tile("3b"), tile("6b"), tile("9b"))
    assert h.describe() == "you are ready, waiting on 3b 6b 9b"  # 13 tiles: now it is waiting
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
    h = hint(g.observation(E), g.legal_actions(E))
    assert {v.tile for v in h.best[:2]} == {tile("1d"), tile("9d")}
    assert all(v.shanten == 1 for v in h.best[:2])
    assert "best discards: " in h.describe()


def test_a_claim_window_hint_says_claim_or_pass_first():
    """Issue 28, item 8: the hint gave no claim-or-pass advice in a claim window,
    though ``mahjongg advise --discard`` does. On West's 5c (the scripted deal:
    East holds 5c 5c, so pung or pass; East is not West's next player, so no
    chow) the hint leads with the advisor's best legal choice, its value as
    ``advise`` computes it from what East sees, and the value of passing."""
    from mahjongg.bots.advisor import advise, chips, claim_advice
    from mahjongg.rules import PUNG_CHOW

    g = Game.from_wall(preset_wall(), DICE)
    g.apply(Action.discard(E, tile("9d")))
    p = Passer()
    while not (g.phase == "claims" and g.last_discard == (Wind.WEST, tile("5c"))):
        s = g.to_act()[0]
        g.apply(p.act(g.observation(s), g.legal_actions(s)))
    obs, legal = g.observation(E), g.legal_actions(E)
    choices = claim_advice(obs, legal)
    assert {c.action for c in choices} == {"pung", "pass"}
    seen = [t for ds in obs.discards.values() for t in ds]
    seen.remove(tile("5c"))
    direct = advise(obs.hand, PUNG_CHOW, seat=E, round=E, seen=seen, discard=tile("5c"), drawable=obs.drawable)
    assert [(c.label, c.ev) for c in choices] == [(c.label, c.ev) for c in direct if c.action in ("pung", "pass")]
    text = hint(obs, legal).describe()
    best, passing = choices[0], next(c for c in choices if c.action == "pass")
    assert text.startswith(f"best: {best.label} (")
    if best.action != "pass":
        assert f"; pass: value {chips(passing.ev)}" in text
    assert text.endswith("your hand: shanten 1 (1 tile from ready); " + f"{len(hint(obs).useful)} kinds of tile would help")


def test_a_value_just_under_zero_is_shown_as_0_not_minus_0():
    """Issue 28, item 8: "value -0" under Hong Kong (an expected value of -0.3 chips)."""
    from mahjongg.bots.advisor import chips

    assert (chips(-0.3), chips(0.4), chips(-0.6), chips(57.2)) == ("0", "0", "-1", "57")
