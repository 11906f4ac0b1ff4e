"""Only what the ruleset can hold back may be written held back ``(...)`` (issue 20).

Seed 001, special tiles: the hunters -- Cat, Fisherman, Cock, Man -- may be kept
in the hand (``Ruleset.may_hold_back``); every other bonus tile (a Season, a
Flower, a prey such as the Mouse) is laid out when drawn. So ``(s1)`` under
``traditional`` and ``(Mouse)`` under ``traditional-special-tiles`` are hands
the table never produces: refused, not scored (they scored 2 and 0 before).
"""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from mahjongg.cli import app
from mahjongg.hand import Hand
from mahjongg.rules import RULESETS, Situation, get_ruleset
from mahjongg.scoring import ScoringError, score_hand
from mahjongg.tiles import Wind

LOSER = "123b 456c 789d EE 5d"


@pytest.mark.parametrize(
    "ruleset,held",
    [("traditional", "s1"), ("traditional", "f2"), ("traditional-special-tiles", "Mouse"), ("traditional-special-tiles", "s3"), ("traditional-special-tiles", "Gold")],
)
def test_a_tile_the_ruleset_lays_out_cannot_be_written_held_back(ruleset, held):
    with pytest.raises(ScoringError, match=rf"\({held}\).*lays it out when drawn"):
        score_hand(Hand.parse(f"{LOSER} ({held})"), get_ruleset(ruleset), Situation(Wind.EAST, Wind.EAST))


@pytest.mark.parametrize("held", ["Cat", "Man"])
def test_a_hunter_held_back_still_scores(held):
    # seed 001: a special tile held in the hand and not exposed scores nothing
    score = score_hand(Hand.parse(f"{LOSER} ({held})"), get_ruleset("traditional-special-tiles"), Situation(Wind.EAST, Wind.EAST))
    assert score.score == 0


def test_every_ruleset_refuses_or_allows_each_held_back_tile_as_its_table_does():
    for r in RULESETS.values():
        for i in r.bonus_tiles:
            from mahjongg.tiles import TILES

            t = TILES[i]
            hand = Hand.parse(f"{LOSER} ({t})")
            if r.may_hold_back(t):
                score_hand(hand, r, Situation(Wind.EAST, Wind.EAST))
            else:
                with pytest.raises(ScoringError):
                    score_hand(hand, r, Situation(Wind.EAST, Wind.EAST))


def test_mahjongg_score_refuses_them_with_one_line():
    runner = CliRunner()
    out = runner.invoke(app, ["score", f"{LOSER} (s1)", "--ruleset", "traditional"])
    assert out.exit_code == 2 and "(s1)" in out.output and "no bonus tile may be held back" in out.output
    out = runner.invoke(app, ["score", f"{LOSER} (Mouse)", "--ruleset", "traditional-special-tiles"])
    assert out.exit_code == 2 and "only (Cat), (Man) may be held back" in out.output


def test_a_hand_holding_a_tile_back_cannot_go_mahjongg():
    # A hunter held back takes a place in the hand (docs/rules/traditional.md, after seed
    # 001's special tiles): 123b 456b 789b EE 5c 7c (Cat) won on 7c has 13 playing tiles,
    # not four sets and a pair. It was scored 0 as "won on 7c"; now refused, as the table
    # never offers Mah-Jongg to a seat holding a tile back
    from mahjongg.rules import Win, WinBy
    from mahjongg.tiles import tile

    ruleset = get_ruleset("traditional-special-tiles")
    hand = Hand.parse("123b 456b 789b EE 5c 7c (Cat)")
    won = Situation(Wind.SOUTH, Wind.EAST, Win(tile("7c"), WinBy.DISCARD))
    with pytest.raises(ScoringError, match=r"holds \(Cat\) back: .*a playing tile too few to go Mah-Jongg"):
        score_hand(hand, ruleset, won)
    result = CliRunner().invoke(
        app, ["score", "123b 456b 789b EE 5c 7c (Cat)", "--win", "7c", "--by", "discard", "--ruleset", "traditional-special-tiles"]
    )
    assert result.exit_code == 2 and "holds (Cat) back" in result.output and "Traceback" not in result.output
    # the loser holding it back still scores nothing (seed 001: "your hand is counted as scoreless")
    assert score_hand(Hand.parse("123b 456b 789b EE 5c (Cat)"), ruleset, Situation(Wind.SOUTH, Wind.EAST)).score == 0


@pytest.mark.parametrize("args", [["123b 456b 789b EE 5c 6c 9d (Cat)"], ["123b 456b 789b EE 5c 6c (Cat)"], ["123b 456b 789b EE 5c 6c (Cat)", "--discard", "7c"]])
def test_advise_refuses_a_hand_holding_a_tile_back(args):
    # the advisor counted a hand without its held-back tile: it advised 15 tiles and offered
    # Mah-Jongg on a discard to a hand that cannot go out; the terminal game's hint says
    # nothing for such a hand, and advise now says why
    result = CliRunner().invoke(app, ["advise", *args, "--ruleset", "traditional-special-tiles"])
    assert result.exit_code == 2 and "holds (Cat) back" in result.output and "Traceback" not in result.output
