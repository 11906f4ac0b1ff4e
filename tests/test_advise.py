"""The discard advisor and ``mahjongg advise`` on hands worked out here."""

import json

import pytest
from typer.testing import CliRunner

from mahjongg.bots.advisor import AdviceError, advise
from mahjongg.cli import app
from mahjongg.hand import Hand
from mahjongg.hand import parse_hand
from mahjongg.notation import parse_tiles
from mahjongg.rules import Situation, Win, WinBy, get_ruleset
from mahjongg.scoring import score_hand
from mahjongg.tiles import Wind, tile

PC = get_ruleset("pung-chow")


def _by(choices, label):
    return next(c for c in choices if c.label == label)


def test_a_hand_one_discard_from_ready():
    # 123b 456b 789b EE 5c 6c 9d, with 4c 4c seen on the table.
    # Discard 9d: 123b 456b 789b EE 5c6c is ready, waiting on 4c (4 - 2 seen = 2
    # unseen) and 7c (4 unseen); each wins 20 (Mah-Jongg) + 2 (the pair of East, the
    # seat's own wind, seed 000 score card) = 22 for East.
    # Discard 5c: 123b 456b 789b EE 6c 9d is one from ready (shanten 1); it improves
    # with a second tile next to or like 6c (4c 5c 6c 7c 8c) or 9d (7d 8d 9d), or a
    # third E (then 6c or 9d waits alone). Unseen: 4c 2, 5c 3 (one discarded: the
    # advisor counts the hand's own tiles), 6c 3, 7c 4, 8c 4, 7d 4, 8d 4, 9d 3, E 2.
    choices = advise(parse_hand("123b 456b 789b EE 5c 6c 9d", sizes=None), PC, seen=parse_tiles("4c 4c"))
    best = choices[0]
    assert best.label == "discard 9d" and best.shanten == 0
    assert [(str(t), u, s) for t, u, s in best.waits] == [("4c", 2, 22), ("7c", 4, 22)]
    c5 = _by(choices, "discard 5c")
    assert c5.shanten == 1
    assert [(str(t), u) for t, u in c5.improving] == [
        ("4c", 2), ("5c", 3), ("6c", 3), ("7c", 4), ("8c", 4), ("7d", 4), ("8d", 4), ("9d", 3), ("E", 2)
    ]
    assert all(c.shanten == 1 for c in choices[1:])  # every other discard leaves shanten 1
    assert len(choices) == 13  # one per kind held (E once)
    assert choices == sorted(choices, key=lambda c: -c.ev) or choices[0].ev >= max(c.ev for c in choices[1:])


def test_the_best_discard_by_value_is_not_the_best_by_shanten():
    # South holds 12345b 123c 567d SSS (seed 000 score card: a pung of one's own wind
    # doubles). Discard S: ready on 3b/6b, 7 unseen copies -- the most, so the best by
    # shanten and then tile count -- but the hand scores 22 (20 + 2 for the pair SS).
    # Discard 5b: ready on 1b/4b (6 unseen), keeping the concealed pung of South:
    # (20 + 8) x 2 = 56 on either wait.
    choices = advise(parse_hand("12345b 123c 567d SSS", sizes=None), PC, seat=Wind.SOUTH)
    by_count = min(choices, key=lambda c: (c.shanten, -sum(u for _, u, _ in c.waits)))
    assert by_count.label == "discard S"
    assert [(str(t), u, s) for t, u, s in by_count.waits] == [("3b", 3, 22), ("6b", 4, 22)]
    assert choices[0].label in ("discard 5b", "discard 1b")
    assert {s for _, _, s in choices[0].waits} == {56}
    won = Hand(parse_tiles("1234b 123c 567d SSS 1b"))
    assert score_hand(won, PC, Situation(seat=Wind.SOUTH, win=Win(tile("1b"), WinBy.DISCARD))).score == 56
    assert choices[0].ev > by_count.ev


def test_claim_or_pass_on_an_offered_discard():
    # 123b 456b 789b EE 5c 6c, West offers 7c: it completes 123b 456b 789b 567c EE --
    # Mah-Jongg, listed first: 20 + 2 (pair of own wind) = 22 for East.
    choices = advise(parse_hand("123b 456b 789b EE 5c 6c", sizes=None), PC, discard=tile("7c"))
    assert choices[0].action == "mahjongg" and choices[0].score == 22
    assert {c.action for c in choices} == {"mahjongg", "chow", "pass"}
    # offered E instead: pung it (then discard 5c or 6c, waiting on one tile) or pass
    # (waiting on 4c/7c, 8 unseen)
    choices = advise(parse_hand("123b 456b 789b EE 5c 6c", sizes=None), PC, discard=tile("E"))
    kinds = {c.action for c in choices}
    assert kinds == {"pung", "pass"}
    passing = _by(choices, "pass")
    assert passing.shanten == 0 and [(str(t), u) for t, u, _ in passing.waits] == [("4c", 4), ("7c", 4)]
    pung = next(c for c in choices if c.action == "pung")
    assert pung.shanten == 0 and pung.then in (tile("5c"), tile("6c"))


def test_bad_hands_are_refused_with_a_reason():
    with pytest.raises(AdviceError, match="14 tiles"):
        advise(parse_hand("123b 456b 789b EE 5c 6c", sizes=None), PC)
    with pytest.raises(AdviceError, match="13 tiles"):
        advise(parse_hand("123b 456b 789b EE 5c 6c 9d", sizes=None), PC, discard=tile("7c"))
    with pytest.raises(AdviceError, match="more than four 4c between the hand and --seen$"):
        advise(parse_hand("123b 456b 789b EE 4c 4c 9d", sizes=None), PC, seen=parse_tiles("4c 4c 4c"))
    # a fifth copy that is the offered discard: the message names --discard too
    with pytest.raises(AdviceError, match="more than four 7c between the hand, --seen and --discard"):
        advise(parse_hand("123b 456b 789b EE 5c 6c", sizes=None), PC, seen=parse_tiles("7c 7c 7c 7c"), discard=tile("7c"))


def test_cli_advise_table_json_and_errors():
    r = CliRunner().invoke(app, ["advise", "123b 456b 789b EE 5c 6c 9d", "--seen", "4c 4c"])
    assert r.exit_code == 0, r.output
    assert "discard 9d" in r.output and "4c(2:22)" in r.output
    r = CliRunner().invoke(app, ["advise", "123b 456b 789b EE 5c 6c", "--discard", "7c", "--json"])
    data = json.loads(r.output)
    assert data["choices"][0]["action"] == "mahjongg" and data["choices"][0]["score"] == 22
    r = CliRunner().invoke(app, ["advise", "123b 456b 789b EE 5c 6c"])
    assert r.exit_code != 0 and "--discard" in r.output and "Traceback" not in r.output
    r = CliRunner().invoke(app, ["advise", "123b 456b 789b EE 5c 6c", "--discard", "7c 8c"])
    assert r.exit_code != 0 and "one tile" in r.output


def test_a_bad_tile_in_an_option_names_the_option():
    # the notation's own message gives a position; without the option's name it
    # reads as a position in the hand (the hand's own tiles are all good here)
    hand13, hand14 = "123b 456b 789b EE 5c 6c", "123b 456b 789b EE 5c 6c 9d"
    for args, message in (
        ([hand14, "--seen", "zz"], "error: --seen: 'z' at position 0 is not part of any tile"),
        ([hand13, "--discard", "[7c]"], "error: --discard: '[' at position 0: brackets are not allowed here"),
        ([hand14, "--drawn", "0d"], "error: --drawn: '0d' at position 0: 0 is not a rank"),
    ):
        r = CliRunner().invoke(app, ["advise", *args])
        assert r.exit_code == 2 and message in r.output and "Traceback" not in r.output, r.output


def test_a_value_that_rounds_to_zero_is_never_shown_negative():
    # discarding E of the pair EE gives up a step of shanten (1 after it, 0
    # after discarding 9d): the bot's fold, valued -risk - 1e-6 * shanten =
    # -1e-06 with no risk on an empty table (bots/expert.py), which "{:.1f}"
    # prints as "-0.0" and round(..., 2) keeps as -0.0 in the JSON: both 0.0
    hand = "123b 456b 789b EE 5c 6c 9d"
    r = CliRunner().invoke(app, ["advise", hand, "--seen", "4c 4c"])
    row = next(line for line in r.output.splitlines() if "discard E " in line)
    assert "-0.0" not in row and " 0.0 " in row, row
    r = CliRunner().invoke(app, ["advise", hand, "--seen", "4c 4c", "--json"])
    ev = next(c["ev"] for c in json.loads(r.output)["choices"] if c["choice"] == "discard E")
    assert ev == 0.0 and str(ev) == "0.0"


def test_bonus_tiles_seen_elsewhere_change_nothing_but_are_checked():
    """Issue 24, item 3: ``--seen "f1"`` gave an IndexError. A Flower, Season or
    special tile another player laid out is in view but is no playing tile: the
    advice is the same as without it. The Traditional rules' set holds one of each
    bonus tile (seed 001: four Flowers, four Seasons; the special-tiles game Cat,
    Mouse, Man and Pot of Gold in place of the Flowers), so a second Cat cannot be
    seen; Pung Chow's set (seed 000) has no Flowers."""
    hand = "123b 456b 789b EE 5c 6c 9d"
    for ruleset, seen in (("hong-kong", "f1 s3"), ("traditional-special-tiles", "Cat Mouse")):
        rules = get_ruleset(ruleset)
        plain = advise(parse_hand(hand, sizes=None), rules, seen=parse_tiles("4c 4c"))
        with_bonus = advise(parse_hand(hand, sizes=None), rules, seen=parse_tiles("4c 4c " + seen))
        assert with_bonus == plain
    with pytest.raises(AdviceError, match="more than one Cat"):
        advise(parse_hand(hand, sizes=None), get_ruleset("traditional-special-tiles"), seen=parse_tiles("Cat Cat"))
    with pytest.raises(AdviceError, match="f1 is not a tile of pung-chow"):
        advise(parse_hand(hand, sizes=None), PC, seen=parse_tiles("f1"))
    r = CliRunner().invoke(app, ["advise", hand, "--ruleset", "traditional-special-tiles", "--seen", "Cat Cat"])
    assert r.exit_code != 0 and r.output.strip().count("\n") == 0 and "more than one Cat" in r.output, r.output
    r = CliRunner().invoke(app, ["advise", hand, "--ruleset", "hong-kong", "--seen", "f1", "--json"])
    assert r.exit_code == 0 and json.loads(r.output)["choices"][0]["choice"] == "discard 9d", r.output


def test_a_bonus_tile_of_the_hand_not_in_the_ruleset_s_set_is_refused_as_score_refuses_it():
    # Pung Chow's set (seed 000) and Hong Kong's 136 tiles have no Flowers: a hand laying out
    # f1 is not a hand of theirs. The advice once went on with it (every wait valued 0 chips)
    # while `score` refused the same hand; traditional (seed 001: four Flowers) advises it.
    hand = "f1 123b 456b 789b EE 5c 6c 9d"
    for ruleset in ("pung-chow", "hong-kong-136"):
        with pytest.raises(AdviceError, match=rf"^f1 \(Flower 1\) is not part of a {ruleset} set: the ruleset has no Flowers"):
            advise(parse_hand(hand, sizes=None), get_ruleset(ruleset))
        r = CliRunner().invoke(app, ["advise", hand, "--ruleset", ruleset])
        assert r.exit_code == 2 and r.output.count("\n") == 1 and "f1 (Flower 1) is not part of" in r.output, r.output
    assert advise(parse_hand(hand, sizes=None), get_ruleset("traditional"))


def test_a_wait_shows_the_score_on_a_discard_and_0_where_it_may_not_be_declared():
    # A new user's case: under Hong Kong (3 faan to declare, docs/rules/hong-kong.md),
    # 123b 456b 789b 11b 5c 6c offered 7c may chow it (5c6c7c) and discard 9b, leaving
    # 123b 456b 78b 11b [567c]: six waits (2b 3b 5b 6b 8b 9b). Won on a discard of 3b it
    # scores 2 faan (no flowers 1, all chows 1: `mahjongg score "123345678b 11b [567c]"
    # --win 3b`, "may not be declared"), below the minimum as every wait is: each shows 0 -- not the expert's
    # own third of the self-drawn score, its estimate of the wait's worth. Passing keeps the hand
    # concealed: 123b 456b 789b 11b 5c 6c waits on 4c and 7c, each shown at the scorer's
    # score on a discard.
    hk = get_ruleset("hong-kong")
    hand = Hand(tuple(sorted(parse_tiles("123b 456b 789b 11b 5c 6c"))))
    choices = advise(hand, hk, discard=tile("7c"))
    chow = next(c for c in choices if c.action == "chow" and c.then == tile("9b"))
    assert [str(t) for t, _, _ in chow.waits] == ["2b", "3b", "5b", "6b", "8b", "9b"]
    assert all(score == 0 for _, _, score in chow.waits)
    won = parse_hand("123345678b 11b [567c]")
    s = score_hand(won, hk, Situation(win=Win(tile("3b"), WinBy.DISCARD)))
    assert not hk.may_declare(s)
    passing = next(c for c in choices if c.action == "pass")
    for w, _, score in passing.waits:
        full = Hand(tuple(sorted(parse_tiles("123b 456b 789b 11b 5c 6c") + (w,))))
        s = score_hand(full, hk, Situation(win=Win(w, WinBy.DISCARD)))
        assert score == (s.score if hk.may_declare(s) else 0)
    assert any(score > 0 for _, _, score in passing.waits)


# --- issue 39: the hint weighs kongs, Mah-Jongg and Original Call, as master plays ---------------


def test_a_concealed_kong_is_weighed_beside_the_discards_and_comes_first():
    """Issue 39: ``advise "258b 568c 12d W N WhWhWhWh"`` said discard Wh (breaking the four).

    Worked out: discarding Wh leaves 258b 568c 12d W N WhWhWh: one set (the pung of White),
    two partial sets (5-6c, 1-2d), no pair: shanten 8 - 2x1 - 2 = 4, and no discard does
    better (the other tiles are lone, or in those partial sets). Declaring the kong leaves
    258b 568c 12d W N beside [WhWhWhWh]: the same set and partial sets, shanten 4 -- no
    further from ready -- and master declares such a kong (docs/bots.md, "The master":
    kongs for their points; four White dragons concealed score 32 against the pung's 8,
    seed 000 score card, "Combination Scores"). Its hand is the one discarding Wh leaves,
    with the fourth tile scoring as a kong and a loose tile drawn besides: worth more."""
    choices = advise(parse_hand("258b 568c 12d W N WhWhWhWh", sizes=None), PC)
    first = choices[0]
    assert first.label == "concealed kong Wh" and first.shanten == 4
    assert "kong" in first.why and "loose tile" in first.why
    assert min(c.shanten for c in choices if c.action == "discard") == 4
    assert first.ev > _by(choices, "discard Wh").ev
    r = CliRunner().invoke(app, ["advise", "258b 568c 12d W N WhWhWhWh", "--json"])
    assert json.loads(r.output)["choices"][0]["choice"] == "concealed kong Wh", r.output


def test_the_fourth_tile_of_an_exposed_pung_is_added_as_a_kong_only_when_drawn():
    # 258b 568c 12d W N Wh beside an exposed [WhWhWh]: adding the drawn Wh keeps shanten 4
    # (the worked-out hand above, its kong exposed): master adds it. The engine offers the
    # addition only with the tile just drawn (Game.legal_actions): named as 1d, no kong.
    hand = parse_hand("258b 568c 12d W N Wh [WhWhWh]", sizes=None)
    assert advise(hand, PC)[0].label == "kong Wh (added to the exposed pung)"
    assert advise(hand, PC, drawn=tile("Wh"))[0].label == "kong Wh (added to the exposed pung)"
    assert all(c.action == "discard" for c in advise(hand, PC, drawn=tile("1d")))


def test_a_complete_hand_is_offered_mah_jongg_first_with_its_score():
    """Issue 39: ``advise "123b 456c 789d EEE 55d"`` listed discards.

    Seed 000 (Pung Chow Part I), score card: Mah-Jong 20, drawing the winning piece 2, three
    of a kind of winds concealed 8 = 30 points; "three (or four) of own wind" (East's East)
    doubles once: 60. Drawn as 5d, the tile that completes the pair and nothing else, it
    also fills "the only place to win" (2): 32 points, 64. Without --drawn the advisor
    scores it on the tile that scores least (60)."""
    hand = parse_hand("123b 456c 789d EEE 55d", sizes=None)
    first = advise(hand, PC)[0]
    assert (first.label, first.shanten, first.score) == ("Mah-Jongg", -1, 60)
    first = advise(hand, PC, drawn=tile("5d"))[0]
    assert (first.label, first.score) == ("Mah-Jongg on 5d", 64)
    r = CliRunner().invoke(app, ["advise", "123b 456c 789d EEE 55d", "--drawn", "5d"])
    assert r.exit_code == 0 and "Mah-Jongg on 5d" in r.output and "scores 64" in r.output, r.output
    row = next(line for line in r.output.splitlines() if "Mah-Jongg" in line)
    assert row.split("│")[1].strip() == "1"


def test_original_call_binds_the_hand_and_doubles_its_win():
    """Issue 39: under dmjl, East declared Original Call on 2334666c 1234789d s2 (discarding
    3c); on 1d the hint said "scores 32", the card 64.

    Won on the discarded 1d: 234c 666c 234d 789d 11d s2. Kajongg's DMJL values
    (docs/rules/dmjl.md): concealed pung of sixes 4, Season 4, Standard Mah Jongg 20, last
    tile completes a pair of terminals 4 = 32 points; Mah Jongg with Original Call 1
    double: 64. Not bound, 32. Bound, the hand claims nothing but Mah-Jongg (Kajongg: the
    hand is not altered), and in its turn it discards the tile it drew."""
    dmjl = get_ruleset("dmjl")
    hand = parse_hand("234666c 1234789d s2", sizes=None)
    bound = advise(hand, dmjl, discard=tile("1d"), original_call=True)
    assert [c.label for c in bound] == ["Mah-Jongg on 1d", "pass"] and bound[0].score == 64
    assert advise(hand, dmjl, discard=tile("1d"))[0].score == 32
    # in its turn, holding the 7d it drew: the only choice is to let it go, still waiting on
    # 1d (64 as above) and 4d (234c 666c 123d 789d 44d: 20, pung 4, Season 4, last tile
    # completes a pair of 2..8 2 = 30 points, x2 = 60; two waits, so neither is "the only
    # possible one")
    drawn = parse_hand("234666c 1234789d 7d s2", sizes=None)
    choices = advise(drawn, dmjl, drawn=tile("7d"), original_call=True)
    assert [c.label for c in choices] == ["discard 7d"]
    assert [(str(t), s) for t, _, s in choices[0].waits] == [("1d", 64), ("4d", 60)]
    r = CliRunner().invoke(app, ["advise", "234666c 1234789d s2", "--ruleset", "dmjl", "--original-call", "--discard", "1d"])
    assert r.exit_code == 0 and "scores 64" in r.output, r.output
    for args, why in (
        (["234666c 1234789d 7d s2", "--ruleset", "dmjl", "--original-call"], "--drawn"),
        (["234666c 1234789d 7d", "--original-call", "--drawn", "7d"], "pung-chow has no Original Call"),
        (["234666c 1234789d 7d s2", "--ruleset", "dmjl", "--original-call", "--discard", "1d"], "13 tiles"),
        (["123c 666c 1259d 789d", "--ruleset", "dmjl", "--original-call", "--discard", "1d"], "shanten 1"),
    ):
        r = CliRunner().invoke(app, ["advise", *args])
        assert r.exit_code == 2 and why in r.output and r.output.count("\n") <= 2 and "Traceback" not in r.output, r.output


def test_drawn_is_checked():
    # --drawn names a tile of the hand, in one's turn; a hand offered a discard drew nothing
    for args, why in (
        (["123b 456c 789d EEE 55d", "--drawn", "9b"], "--drawn 9b: the hand holds no 9b"),
        (["123b 456c 789d EEE 55d", "--drawn", "5d 5d"], "--drawn: one tile"),
        (["123b 456c 789d EEE 5d", "--discard", "5d", "--drawn", "5d"], "give one of them"),
    ):
        r = CliRunner().invoke(app, ["advise", *args])
        assert r.exit_code == 2 and why in r.output and r.output.count("\n") <= 2 and "Traceback" not in r.output, r.output


def _advise_json(*args):
    r = CliRunner().invoke(app, ["advise", *args, "--json"])
    assert r.exit_code == 0, r.output
    return json.loads(r.output)


def test_cli_advise_scores_and_pays_under_the_tables_options():
    # South holds 222b 456c 789d 55d 67b N with the Fisherman and the Fish laid out (seed
    # 001's special tiles); discard N: ready on 5b and 8b. Seed 001: Mah-Jongg 20, the
    # concealed pung of simple tiles 4, each special tile 4, the matched pair doubles the
    # total: (20 + 4 + 4 + 4) x 2 = 64 on either wait. --limit 40: each wait scores 40.
    hand = "222b 456c 789d 55d 67b N Fisherman Fish"
    common = ("--ruleset", "traditional", "--special-tiles", "fisherman-and-cock", "--seat", "S")
    plain = _advise_json(hand, *common)
    assert plain["options"] == {"special_tiles": "fisherman-and-cock"}
    best = plain["choices"][0]
    assert best["choice"] == "discard N" and [w["score"] for w in best["waits"]] == [64, 64]
    capped = _advise_json(hand, *common, "--limit", "40")
    assert capped["options"] == {"special_tiles": "fisherman-and-cock", "limit": 40}
    assert [w["score"] for w in capped["choices"][0]["waits"]] == [40, 40]
    # a payment limit or East's factor pays the same waits otherwise: their value moves
    paid = {o: _advise_json(hand, *common, o, n)["choices"][0]["ev"] for o, n in (("--payment-limit", "50"), ("--east-factor", "3"))}
    assert paid["--payment-limit"] < best["ev"] < paid["--east-factor"]
    # the Mandarins (Harr, Pung Chow (1922), Part I, Use of the Mandarins): South's own
    # Flower 2 doubles once -- Mah-Jongg 20 and the concealed pung 4 = 24, doubled 48
    mandarin = _advise_json("222b 456c 789d 55d 67b N f2", "--mandarins", "--seat", "S")
    assert [w["score"] for w in mandarin["choices"][0]["waits"]] == [48, 48]


@pytest.mark.parametrize(
    "args, message",
    [
        (("--ruleset", "hong-kong", "--limit", "40"), "--limit: hong-kong is scored in faan"),
        (("--ruleset", "hong-kong", "--east-factor", "3"), "--east-factor: hong-kong is scored in faan"),
        (("--ruleset", "traditional", "--mandarins"), "--mandarins: traditional has no Mandarins"),
        (("--payment-limit", "0"), "--payment-limit must be at least 1, not 0"),
    ],
)
def test_cli_advise_refuses_an_option_the_ruleset_has_not(args, message):
    r = CliRunner().invoke(app, ["advise", "123b 456b 789b EE 5c 6c 9d", *args])
    assert r.exit_code != 0 and message in r.output and "Traceback" not in r.output
