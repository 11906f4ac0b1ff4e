"""``mahjongg score`` refuses a win that cannot happen at the table (exit 2, one
line naming the options and the rule), and its header says what the score
counted: points and doubles, faan, the limit, or why it is nothing.

Refusals that follow from the ruleset and the hand are the library's
(``score_hand`` raises :class:`~mahjongg.scoring.ImpossibleWin`); those of the
options alone are the command's."""

import pytest
from typer.testing import CliRunner

from mahjongg import Hand, Wind, tile
from mahjongg.cli import app
from mahjongg.rules import HONG_KONG, PUNG_CHOW, TRADITIONAL, TRADITIONAL_SPECIAL_TILES, Situation, Win, WinBy
from mahjongg.scoring import ImpossibleWin, ScoringError, score_hand

runner = CliRunner()
PLAIN = "123b 99b 456c 789c 555d"  # four sets and a pair, no kong, no bonus tile; won on 5d
ONE_KONG = "123b [7777c] 456d 78d 55b 9d"  # one exposed kong; won on 9d


def refused(*args) -> str:
    """The one error line of ``mahjongg score ARGS`` (exit 2, nothing on stdout)."""
    r = runner.invoke(app, ["score", *args])
    assert r.exit_code == 2, r.output
    assert r.stdout == "" and r.stderr.startswith("error: ") and r.stderr.count("\n") == 1, r.stderr
    return r.stderr


def header(*args) -> str:
    """The ``score: ...`` line of ``mahjongg score ARGS``."""
    r = runner.invoke(app, ["score", *args], env={"COLUMNS": "200"})
    assert r.exit_code == 0, r.output
    return next(line for line in r.stdout.splitlines() if line.startswith("score: "))


# --- the ruleset and the hand: the library's refusals, named by the CLI's options ------------


@pytest.mark.parametrize(
    "args, message",
    [
        # docs/rules/table.md: robbing a kong is off for Pung Chow (seed 000 Part I and II have no such
        # rule); `mahjongg rules pung-chow` prints "a kong may be robbed | no"
        ([PLAIN, "--win", "5d", "--by", "robbed-kong", "--seat", "S"],
         "--by robbed-kong: pung-chow has no robbing a kong (its option: a kong may be robbed: no)"),
        ([PLAIN, "--win", "5d", "--by", "robbed-kong", "--ruleset", "pung-chow-limit"],
         "--by robbed-kong: pung-chow-limit has no robbing a kong"),
        # a loose tile replaces a kong, or a Flower/Season laid out (seed 000: "every time a
        # player completes a set of four of a kind" he draws a loose tile); Pung Chow has no
        # Flowers or Seasons, and this hand no kong
        ([PLAIN, "--win", "5d", "--by", "loose", "--seat", "S"],
         "--by loose: a loose tile is drawn after a kong: 12399b 456789c 555d has no kong,"
         " and pung-chow has no Flowers or Seasons"),
        # Hong Kong has Flowers: a kong's loose tile still needs a kong (a Flower's is --after-flower)
        ([PLAIN, "--win", "5d", "--by", "loose", "--ruleset", "hong-kong"],
         "--by loose: a loose tile is drawn after a kong: 12399b 456789c 555d has no kong"),
        ([PLAIN, "--win", "5d", "--by", "loose", "--after-flower"],
         "--after-flower: pung-chow has no Flowers, Seasons or special tiles for a loose tile to replace"),
        # a kong on a kong: the second kong's loose tile, so two kongs in the hand
        ([ONE_KONG, "--win", "9d", "--by", "loose", "--kong-on-kong", "--ruleset", "traditional"],
         "--kong-on-kong: a kong on a kong takes two kongs: 12355b 456789d [7777c] has 1 kong"),
        # seed 000: a dead hand "must continue drawing and discarding, but ... his score does not
        # count"; seed 003 (11): "The player cannot win"
        ([PLAIN, "--win", "5d", "--dead"], "--win with --dead: a dead hand cannot win"),
        # issue 27 (the audit): the robbed tile is the kong's fourth, the other three are in the
        # robbed pung -- a winner holding another copy cannot have robbed it (under every ruleset
        # that robs a kong)
        (["[RRR] 123c 456c 789d 22b", "--win", "2b", "--by", "robbed-kong", "--seat", "W", "--ruleset", "traditional"],
         "--by robbed-kong: a robbed kong's tile is the fourth 2b: the other three are in the robbed pung,"
         " so the winner holds no other 2b, but 22b 123456c 789d [RRR] holds 2"),
        (["[RRR] 123c 456c 789d 22b", "--win", "2b", "--by", "robbed-kong", "--seat", "W", "--ruleset", "hong-kong"],
         "--by robbed-kong: a robbed kong's tile is the fourth 2b"),
        # a loose tile after a Flower with none laid out: only a captured prey explains it
        # (seed 001, special tiles); elsewhere a bonus tile laid out stays with its player
        ([PLAIN, "--win", "5d", "--by", "loose", "--after-flower", "--ruleset", "traditional"],
         "--after-flower: a loose tile after a Flower or Season: 12399b 456789c 555d lays out none"),
        ([PLAIN, "--win", "5d", "--by", "loose", "--after-flower", "--ruleset", "hong-kong"],
         "--after-flower: a loose tile after a Flower or Season"),
        ([PLAIN, "--win", "5d", "--by", "loose", "--after-flower", "--ruleset", "pung-chow", "--mandarins"],
         "--after-flower: a loose tile after a Flower or Season"),
        # Hong Kong scores no kong on a kong (no rule of hong-kong reads it): the flag is refused
        ([ONE_KONG, "--win", "9d", "--by", "loose", "--kong-on-kong", "--ruleset", "hong-kong"],
         "--kong-on-kong: hong-kong scores nothing for it (no rule of it reads it)"),
        # the checks that were there: now named by their option too
        (["[111b] 23b 456c 789d 55d 1b", "--win", "1b", "--by", "wall", "--original"],
         "--original: a hand won on the original hand has no exposed melds, but [111b] is exposed"),
    ],
)
def test_the_ruleset_and_the_hand_refuse(args, message):
    assert message in refused(*args)


def test_the_library_gives_the_same_refusals():
    # A Python caller of score_hand gets the same ScoringError (ImpossibleWin, with the fact at fault).
    plain = Hand.parse(PLAIN)
    cases = [
        (plain, PUNG_CHOW, Situation(Wind.SOUTH, win=Win(tile("5d"), WinBy.ROBBED_KONG)), "by", "no robbing a kong"),
        (plain, PUNG_CHOW, Situation(Wind.SOUTH, win=Win(tile("5d"), WinBy.LOOSE)), "by", "has no kong"),
        (plain, HONG_KONG, Situation(Wind.SOUTH, win=Win(tile("5d"), WinBy.LOOSE)), "by", "has no kong"),
        (plain, PUNG_CHOW, Situation(win=Win(tile("5d"), WinBy.LOOSE, after_flower=True)), "after_flower", "no Flowers"),
        (Hand.parse(ONE_KONG), TRADITIONAL, Situation(win=Win(tile("9d"), WinBy.LOOSE, after_kong_on_kong=True)),
         "after_kong_on_kong", "takes two kongs"),
        (plain, PUNG_CHOW, Situation(win=Win(tile("5d")), dead=True), "dead", "a dead hand cannot win"),
    ]
    for hand, rules, situation, fact, words in cases:
        with pytest.raises(ScoringError, match=words) as caught:
            score_hand(hand, rules, situation)
        assert isinstance(caught.value, ImpossibleWin) and caught.value.fact == fact


def test_what_the_table_can_produce_still_scores():
    # Robbing where the ruleset allows it (traditional, hong-kong) -- the robbed 5d completing
    # a chow, the winner holding no other 5d; a kong's loose tile with a kong; a Flower's
    # loose tile with a Flower laid out, or, where a prey may be captured (the special
    # tiles: docs/rules/table.md), when it has left the hand; a dead loser's hand scores 0,
    # a long hand of 15 too.
    chow = Hand.parse("123b 99b 456c 789c 345d")
    assert score_hand(chow, TRADITIONAL, Situation(Wind.SOUTH, win=Win(tile("5d"), WinBy.ROBBED_KONG))).score
    assert score_hand(Hand.parse(ONE_KONG), TRADITIONAL, Situation(Wind.SOUTH, win=Win(tile("9d"), WinBy.LOOSE))).score
    flower = Situation(Wind.SOUTH, win=Win(tile("5d"), WinBy.LOOSE, after_flower=True))
    assert score_hand(Hand.parse(PLAIN + " f2"), HONG_KONG, flower).faan is not None
    assert score_hand(Hand.parse(PLAIN), TRADITIONAL_SPECIAL_TILES, flower).score
    long_hand = Hand.parse("RRR 123b 456c 789d EWN", sizes=(15,))
    assert score_hand(long_hand, TRADITIONAL, Situation(Wind.SOUTH, dead=True)).score == 0
    assert score_hand(Hand.parse("RRR 123b 456c 78d EW"), PUNG_CHOW, Situation(Wind.SOUTH, dead=True)).score == 0


def test_a_long_hand_of_15_scores_as_dead():
    # issue 27 (the audit): a "long hand" -- one tile too many -- is a dead hand by the rules
    # (seed 000, "Score card": "A player having an incorrect number of tiles ... his score does
    # not count"): with --dead the command scores it, 0; without, 15 tiles are refused.
    assert header("RRR 123b 456c 789d EWN", "--dead", "--ruleset", "traditional") == "score: 0 (dead hand: scores nothing)"
    assert "has 15 tiles" in refused("RRR 123b 456c 789d EWN", "--ruleset", "traditional")


# --- the options alone: the command's refusals ------------------------------------------------


@pytest.mark.parametrize(
    "args, message",
    [
        # East makes the first discard (docs/rules/table.md: "East discards first"): he cannot claim it
        (["--first-discard"], "--first-discard with --seat E: East makes the first discard, he cannot win on it"),
        (["--first-discard", "--seat", "S", "--by", "wall"],
         "--first-discard with --by wall: East's first discard is claimed, so the win is --by discard"),
        (["--first-discard", "--seat", "S", "--by", "loose"], "--first-discard with --by loose"),
        (["--after-flower", "--seat", "S"],
         "--after-flower with --by discard: it describes a win on a loose tile: give --by loose"),
        (["--after-flower", "--by", "wall", "--ruleset", "hong-kong"], "--after-flower with --by wall"),
        (["--kong-on-kong", "--by", "robbed-kong", "--ruleset", "traditional"],
         "--kong-on-kong with --by robbed-kong: it describes a win on a loose tile: give --by loose"),
    ],
)
def test_options_that_contradict_each_other(args, message):
    assert message in refused(PLAIN, "--win", "5d", *args)


def test_first_discard_by_another_seat_is_accepted():
    assert header(PLAIN, "--win", "5d", "--first-discard", "--seat", "S").startswith("score: ")


# --- the header: what was counted -------------------------------------------------------------


@pytest.mark.parametrize(
    "args, expected",
    [
        # README: seed 000 Example No. 8, 46 points doubled twice for the dragons = 184.
        (["[WhWhWh] [444b] GGG 888c 55d", "--win", "8c", "--seat", "S"], "score: 184 (46 points, 2 doubles)"),
        # Seed 001: Plum Blossom on the Roof (5 dots won on a kong's loose tile) is a limit hand,
        # 300 in traditional; its points and doubles are not counted (they were shown as 0 and 0).
        (["123b 456c [7777c] 333c 55d", "--ruleset", "traditional", "--win", "5d", "--by", "loose", "--seat", "S"],
         "score: 300 (the limit)"),
        # Seed 002: thirteen single heads and a pair, pung-chow-limit's limit 300.
        (["19b 19c 19d ESWN RGWh 1b", "--ruleset", "pung-chow-limit", "--win", "1b", "--by", "wall", "--seat", "S"],
         "score: 300 (the limit)"),
        # Pung-chow-limit, East self-draws [RRR] [EEE] 111b 999b 55b: 42 points, 5 doubles =
        # 42 x 32 = 1,344, over the limit of 300: the hand scores 300 (seed 002).
        (["[RRR] [EEE] 111b 999b 55b", "--ruleset", "pung-chow-limit", "--win", "5b", "--by", "wall"],
         "score: 300 (the limit: 42 points, 5 doubles would be 1,344)"),
        # docs/rules/hong-kong.md: [RRR] SSS 123b 456c 55d self-drawn by South: self-drawn 1 +
        # no flowers 1 + dragon pung 1 + seat wind 1 = 4 faan = 2**4 = 16 points.
        (["[RRR] SSS 123b 456c 55d", "--ruleset", "hong-kong", "--win", "5d", "--by", "wall", "--seat", "S"],
         "score: 16 (4 faan)"),
        # Thirteen orphans in hong-kong: a limit hand, the limit of 10 faan = 1024 points.
        (["19b 19c 19d ESWN RGWh 1b", "--ruleset", "hong-kong", "--win", "1b", "--by", "wall", "--seat", "S"],
         "score: 1024 (the limit, 10 faan)"),
        # A dead loser's hand (seed 000: "his score does not count").
        (["RRR 123b 456c 78d EW", "--dead", "--seat", "S"], "score: 0 (dead hand: scores nothing)"),
        # Seed 001: a special tile held unexposed makes the hand "scoreless".
        (["RRR 123b 456c NN 5d (Cat)", "--ruleset", "traditional-special-tiles", "--seat", "S"],
         "score: 0 (Cat held unexposed: scores nothing)"),
    ],
)
def test_the_header_says_what_was_counted(args, expected):
    assert header(*args) == expected


@pytest.mark.parametrize(
    "flags, message",
    [
        # the last tile of the wall is drawn at the end of the hand; the original hand (seed 000,
        # score card: "winning on original hand") and East's first discard (seed 001: Earthly
        # Peace) are at its start, the whole wall to draw: one win cannot be both
        (["--original", "--by", "wall"], "--last-tile: the last tile of the wall is drawn at the end of the hand, a win on the original hand"),
        (["--first-discard"], "--last-tile: the last tile of the wall is drawn at the end of the hand, a win on East's first discard"),
        (["--original", "--first-discard"], "--last-tile: "),
    ],
)
def test_the_last_tile_is_not_the_first(flags, message):
    assert message in refused(PLAIN, "--win", "5d", "--seat", "S", "--last-tile", *flags)
    with pytest.raises(ImpossibleWin, match="not both"):
        by = WinBy.WALL if "wall" in flags else WinBy.DISCARD
        win = Win(tile("5d"), by, last_tile=True, original="--original" in flags, first_discard="--first-discard" in flags)
        score_hand(Hand.parse(PLAIN), PUNG_CHOW, Situation(Wind.SOUTH, win=win))
    # each alone is a win the table can produce
    assert header(PLAIN, "--win", "5d", "--seat", "S", "--last-tile").startswith("score: ")
