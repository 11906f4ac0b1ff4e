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

    assert (chips(-0.03), chips(0.04), chips(-0.0), chips(57.2)) == ("0", "0", "0", "57")


def test_a_value_under_ten_chips_is_shown_in_tenths():
    """A hand three tiles from ready under pung-chow: every discard's expected value is
    under one chip, and the hint read "value 0" for each (a session's closing note).
    Below ten chips the hint shows tenths, so the ranking it gives can be read; from
    ten up whole chips, as before."""
    from mahjongg.bots.advisor import chips

    assert [chips(v) for v in (0.4, -0.3, -0.6, 2.46, 9.94, 9.96, -12.4, 57.5)] == [
        "0.4", "-0.3", "-0.6", "2.5", "9.9", "10", "-12", "58"]


# --- issue 39: the three hint cases, by keys, in the terminal game ------------------------------

import asyncio  # noqa: E402

from mahjongg.play.session import new_session  # noqa: E402
from mahjongg.rules import PUNG_CHOW  # noqa: E402
from mahjongg.table import ActionKind as K  # noqa: E402
from mahjongg.tui.app import PlayApp  # noqa: E402

from table_walls import arrange, deal_front  # noqa: E402
from test_tui import select, until  # noqa: E402


def _hint_shown(app) -> str:
    """The hint line as drawn (its rows joined)."""
    return " ".join(str(app._table.query_one("#hint").render()).split())


async def _press_h(pilot, app, starts: str) -> str:
    await pilot.press("h")
    await until(pilot, lambda: _hint_shown(app).startswith("hint: "), "the hint is drawn")
    text = _hint_shown(app)
    assert text.startswith("hint: " + starts), text
    return text


def _run(session, check, size=(200, 50)) -> None:
    async def run():
        app = PlayApp(session, speed=0, claim_seconds=None, result_guard=0)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await check(pilot, app)

    asyncio.run(run())


def test_the_hint_declares_the_concealed_kong_it_once_broke():
    """Issue 39: ``mahjongg play --seed 615 --hands 1``, East's first turn: 258b 568c 12d W N
    and four White dragons, "Concealed kong" offered; h said discard Wh. The kong keeps the
    hand at shanten 4, as the best discard does (worked out in tests/test_advise.py,
    test_a_concealed_kong_is_weighed_beside_the_discards_and_comes_first): master declares
    it, and the hint says so first, the best discard after."""
    session = new_session(seed=615, hands=1, bots=("greedy", "cautious", "greedy"))

    async def check(pilot, app):
        await until(pilot, lambda: any(a.kind is K.CONCEALED_KONG for a in session.human_legal()), "East's first turn")
        text = await _press_h(pilot, app, "best: concealed kong Wh (shanten 4, ")
        assert "; best discard: " in text and "scores more and brings a loose tile" in text

    _run(session, check)


def test_the_hint_offers_mah_jongg_on_a_complete_hand_with_its_score():
    """Issue 39: a complete hand was told what to discard. East is dealt 1-2-3b 4-5-6c
    7-8-9d East East East 5d North, lets North go, the others (Passers) let go what they
    draw (W, Wh, G: nothing East may claim), and East draws 5d: 123b 456c 789d EEE 55d,
    64 as worked out in tests/test_advise.py (seed 000 score card: 20 + drawing the winning
    piece 2 + the only place to win 2 + East concealed 8 = 32, doubled for own wind)."""
    hands = {
        Wind.EAST: "1b 2b 3b 4c 5c 6c 7d 8d 9d E E E 5d N",
        Wind.SOUTH: "1c 1c 5b 6b 8b 9b 2d 3d 5d W Wh Wh R",
        Wind.WEST: "7c 8c 4b 4b 6b 7b 9b 1d 4d 6d G G R",
        Wind.NORTH: "9c 9c 1b 5b 7b 8b 2d 3d 6d 6d W G R",
    }
    front = deal_front(PUNG_CHOW, hands, ["W", "Wh", "G", "5d"])
    game = Game.from_wall(arrange(PUNG_CHOW, DICE, front), DICE, PUNG_CHOW)
    session = new_session(bots=[Passer(), Passer(), Passer()], names=["S-bot", "W-bot", "N-bot"], seed=1, hands=1, first_game=game)

    async def check(pilot, app):
        await pilot.pause()
        await select(pilot, app, "N")
        await pilot.press("enter")
        await until(pilot, lambda: any(a.kind is K.MAHJONGG for a in session.human_legal()), "East draws 5d")
        await _press_h(pilot, app, "best: Mah-Jongg on 5d (scores 64, value ")

    _run(session, check)


def test_the_hint_scores_a_win_with_original_call_as_the_card_does():
    """Issue 39: dmjl, ``--seed 559``: East declares Original Call with 3c (o), leaving
    234666c 1234789d s2 waiting on 1d and 4d, then lets every tile he draws go (bound);
    on the 1d discarded, the hint said "scores 32", the card 64 -- Kajongg's DMJL values,
    worked out in tests/test_advise.py (test_original_call_binds_the_hand_and_doubles_its_win):
    32 points, doubled by Mah Jongg with Original Call."""
    session = new_session(ruleset="dmjl", seed=559, hands=1, bots=("greedy", "cautious", "greedy"))

    async def check(pilot, app):
        await until(pilot, lambda: any(a.kind is K.ORIGINAL_CALL for a in session.human_legal()), "East's first turn")
        await select(pilot, app, "3c")
        await pilot.press("o")
        for _ in range(40):
            await until(pilot, lambda: session.human_legal() or session.game.is_over, "East's next decision")
            legal = session.human_legal()
            if any(a.kind is K.MAHJONGG for a in legal):
                break
            # bound: the tile drawn is the only discard (the hint says so)
            assert [a.kind for a in legal] == [K.DISCARD], legal
            await _press_h(pilot, app, f"Original Call: discard the {legal[0].tile} you drew (ready on 1d 4d, ")
            await pilot.press("h")
            await select(pilot, app, str(legal[0].tile))
            await pilot.press("enter")
            await until(pilot, lambda: session.human_legal() != legal, "the discard is played")
        assert session.observation().last_discard == tile("1d")
        await _press_h(pilot, app, "best: Mah-Jongg on 1d (scores 64, value ")

    _run(session, check)
