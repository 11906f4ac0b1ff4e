"""Hong Kong faan: mixed terminals (混么九, "mixed orphans", Wan Dai Yiu) -- issue 19.

The named table (docs/rules/hong-kong.md [T]): TileBuddy, *Mixed Terminals
(混么九)*, <https://tilebuddy.app/wiki/mixed-terminals/> -- terminals and
honors only, 4 faan, "its 4-faan score includes the 3 faan that would
otherwise come from All Triplets" (all pungs not added besides); it stacks
with concealed hand, self-pick and the wind pungs; all terminals and all
honors are the limit (10 faan). The rest of the table as in
tests/test_hong_kong.py: no flowers 1, dragon pung 1 each, seat wind 1,
round wind 1, self-drawn 1, concealed hand won on a discard 1, own flower 1;
points double per faan (n faan -> 2**n points).

Unless a case says otherwise: seat South, East round, won on a discard.
"""

import json

import pytest
from typer.testing import CliRunner

from mahjongg.cli import app
from mahjongg.hand import Hand
from mahjongg.rules import HONG_KONG, Situation, Win, WinBy
from mahjongg.rules.hong_kong import hong_kong
from mahjongg.scoring import score_hand
from mahjongg.tiles import Wind, tile

E, S = Wind.EAST, Wind.SOUTH
D, WALL = WinBy.DISCARD, WinBy.WALL
MT = "mixed terminals"


def score(text, win, by=D, seat=S, round_=E, ruleset=HONG_KONG):
    return score_hand(Hand.parse(text), ruleset, Situation(seat, round_, Win(tile(win), by)))


def items(s):
    return {i.name: (True if i.limit else i.faan) for i in s.items}


CASES = [
    # (id, hand, winning tile, by, seat, expected items, faan)
    # The example: 1b 9c 9d terminals, E and R honors. No flowers 1 + red
    # dragon pung 1 + round wind (EEE in the East round; seat South: no seat wind) 1 +
    # mixed terminals 4 (all pungs' 3 in it) = 7 faan -> 128 points (was 6, all pungs 3).
    (
        "issue example", "111b 999c [EEE] RRR 99d", "9d", D, S,
        {"no flowers": 1, "dragon pung (red dragon)": 1, "round wind": 1, MT: 4}, 7,
    ),
    # No dragon or wind pung: the only honors are the pair EE (a pair scores nothing
    # here). Three suits. No flowers 1 + mixed terminals 4 = 5 faan -> 32.
    ("no honor pung", "[111b] 999b [111d] 999c EE", "E", D, S, {"no flowers": 1, MT: 4}, 5),
    # An exposed kong of 1b, a red dragon pung, a pung of North (neither S's wind nor
    # the round's): no flowers 1 + dragon pung 1 + mixed terminals 4 = 6 faan -> 64.
    ("exposed kong", "[1111b] 999c [RRR] NNN 11d", "1d", D, S, {"no flowers": 1, "dragon pung (red dragon)": 1, MT: 4}, 6),
    # A concealed kong {9999c} (no other kong: not all kongs; [EEE] exposed: not four
    # concealed pungs): no flowers 1 + round wind 1 + mixed terminals 4 = 6 -> 64.
    ("concealed kong", "111b {9999c} [EEE] NNN 99d", "9d", D, S, {"no flowers": 1, "round wind": 1, MT: 4}, 6),
    # Bonus tiles f2 (South's own Flower) and s3 (West's Season): own flower 1, no "no
    # flowers"; + mixed terminals 4 = 5 faan -> 32. Bonus tiles are not in the hand's
    # tiles: they do not spoil the pattern.
    ("bonus tiles", "[111b] 999b [111d] 999c EE f2 s3", "E", D, S, {"own flower": 1, MT: 4}, 5),
    # The example self-drawn (9d from the wall): self-drawn 1 + no flowers 1 +
    # dragon pung 1 + round wind 1 + mixed terminals 4 = 8 faan -> 256.
    (
        "self-drawn", "111b 999c [EEE] RRR 99d", "9d", WALL, S,
        {"self-drawn": 1, "no flowers": 1, "dragon pung (red dragon)": 1, "round wind": 1, MT: 4}, 8,
    ),
    # Nothing exposed, East wins on a discarded 1b (the pung it completes is exposed:
    # not four concealed pungs): concealed hand won on a discard 1 + no flowers 1 +
    # dragon pung 1 + seat wind 1 + round wind 1 + mixed terminals 4 = 9 faan -> 512.
    (
        "concealed on a discard", "111b 999c EEE RRR 99d", "1b", D, E,
        {
            "concealed hand won on a discard": 1, "no flowers": 1, "dragon pung (red dragon)": 1,
            "seat wind": 1, "round wind": 1, MT: 4,
        },
        9,
    ),
    # Near miss: one 2-8 tile (the pair 88d): no mixed terminals; no flowers 1 + dragon
    # pung 1 + round wind 1 + all pungs 3 = 6 faan -> 64 (today's total).
    (
        "one 2-8 tile", "111b 999c [EEE] RRR 88d", "8d", D, S,
        {"no flowers": 1, "dragon pung (red dragon)": 1, "round wind": 1, "all pungs": 3}, 6,
    ),
]


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_mixed_terminals(case):
    _, hand, win, by, seat, expected, faan = case
    s = score(hand, win, by, seat)
    assert items(s) == expected
    assert s.faan == faan and s.score == 2**faan
    assert s.limit_hand is None


LIMITS = [
    # Ones and nines only: all terminals, the limit; it absorbs mixed terminals.
    ("all terminals", "[111b] [999b] 111c 999c 11d", "1d", D, S),
    # Winds and dragons only: all honors, the limit.
    ("all honors", "[EEE] [SSS] WWW RRR GG", "G", D, S),
    # One of each terminal and honor and a second white dragon: thirteen orphans.
    ("thirteen orphans", "1b 9b 1c 9c 1d 9d E S W N R G Wh Wh", "Wh", WALL, S),
]


@pytest.mark.parametrize("case", LIMITS, ids=[c[0] for c in LIMITS])
def test_limit_hands_absorb_mixed_terminals(case):
    name, hand, win, by, seat = case
    s = score(hand, win, by, seat)
    assert s.limit_hand == name
    assert items(s) == {name: True}
    assert s.faan == 10 and s.score == 1024


def test_the_value_and_the_convention_are_fields():
    example = ("111b 999c [EEE] RRR 99d", "9d")
    # The beginner tables' convention (issue 19: 1 faan where "Wan Dai Yiu" is listed,
    # as in [B] of docs/rules/hong-kong.md), counted on top of all pungs: 1 + 1 + 1 +
    # all pungs 3 + mixed terminals 1 = 7, the same total as the default.
    on_top = hong_kong(faan={MT: 1}, includes={MT: ()})
    s = score(*example, ruleset=on_top)
    assert items(s) == {"no flowers": 1, "dragon pung (red dragon)": 1, "round wind": 1, "all pungs": 3, MT: 1}
    assert s.faan == 7
    # With "in all" off, all pungs is added to the 4: 1 + 1 + 1 + 4 + 3 = 10.
    s = score(*example, ruleset=hong_kong(patterns_include_parts=False))
    assert items(s)["all pungs"] == 3 and items(s)[MT] == 4 and s.faan == 10
    with pytest.raises(ValueError, match="names what it includes"):
        hong_kong(includes={"all pungs": ()})


runner = CliRunner()


def test_cli_example_and_rules():
    # The command: 7 faan -> 128 points (worked out in CASES above).
    args = ["score", "111b 999c [EEE] RRR 99d", "--ruleset", "hong-kong", "--win", "9d", "--by", "discard"]
    result = runner.invoke(app, args + ["--seat", "S", "--round", "E", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["faan"] == 7 and data["score"] == 128
    assert {"name": MT, "faan": 4} in data["items"]
    assert all(i["name"] != "all pungs" for i in data["items"])
    shown = runner.invoke(app, ["rules", "hong-kong"])
    assert shown.exit_code == 0, shown.output
    line = next(line for line in shown.output.splitlines() if MT in line)
    assert "4 faan" in line
    assert "its faan include: all pungs" in shown.output
