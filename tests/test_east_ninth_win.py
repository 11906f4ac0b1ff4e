"""East's ninth win in a row (issue 27), a DMJL limit hand: Kajongg's
``EastWonNineTimesInARow`` (src/predefined.py, ``ClassicalChinese``: "East won
nine times in a row", 1 limit, "If that happens, East gets a limit score and the
winds rotate"; deleted from ``ClassicalChineseBMJA``). Kajongg counts East's
wins since the winds last rotated (src/rulecode.py: ``Point.notRotated`` hands,
drawn ones too, and the wins among them of the player who is East), so a drawn
hand, which keeps the deal, neither breaks the row nor counts in it.

The count is the match's history: the play layer works it out
(:func:`mahjongg.play.session.east_wins`) and tells the hand as data
(``Game(east_wins=...)`` -> ``Win.wins_in_row``); ``mahjongg score
--wins-in-row N`` gives it for a hand scored alone."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest
from typer.testing import CliRunner

from mahjongg.cli import app
from mahjongg.hand import Hand
from mahjongg.play.config import MatchConfig
from mahjongg.play.session import Session, rotation
from mahjongg.table.match import east_wins_in_row as east_wins
from mahjongg.rules import BMJA, DMJL, Situation, Win, WinBy
from mahjongg.scoring import ImpossibleWin, score_hand
from mahjongg.table import Game
from mahjongg.table.match import Match
from mahjongg.tiles import Tile, Wind

NINTH = "East won nine times in a row"
runner = CliRunner()


def history(*hands):
    """A match's finished hands as :func:`east_wins` reads them: ``(east_player,
    round, winner seat)`` each, the winner ``None`` for a drawn hand."""
    return [SimpleNamespace(east_player=p, round=r, result=SimpleNamespace(winner=w)) for p, r, w in hands]


def test_the_row_is_counted_from_the_match_with_drawn_hands_passed_over():
    """Worked by hand. Player 0 is East and wins hands 1 and 2; hand 3 is drawn
    (he keeps the deal); he wins hand 4: three wins in a row before hand 5. South
    wins hand 5: the deal passes to player 1, whose row starts at 0; he wins hand 6:
    1 before hand 7."""
    E, S = Wind.EAST, Wind.SOUTH
    hands = [(0, E, E), (0, E, E), (0, E, None), (0, E, E)]
    assert east_wins(SimpleNamespace(records=history(*hands), east_player=0, round=E)) == 3
    hands.append((0, E, S))
    assert east_wins(SimpleNamespace(records=history(*hands), east_player=1, round=E)) == 0
    hands.append((1, E, E))
    assert east_wins(SimpleNamespace(records=history(*hands), east_player=1, round=E)) == 1
    # the same player East again in the next round starts a new row
    assert east_wins(SimpleNamespace(records=history((0, E, E)), east_player=0, round=S)) == 0
    assert east_wins(SimpleNamespace(records=[], east_player=0, round=E)) == 0


# Four greedy bots play DMJL hands dealt from these seeds; greedy has no randomness, so
# each hand plays the same whatever came before it. Found by trying seeds 0-59 with player
# 0 East (tests/test_east_ninth_win.py checks each outcome again below): East wins the
# hands of seeds 1 2 13 15 17 20 21 25 32 33; South wins seed 0's.
EAST_WINS = [1, 2, 13, 15, 17, 20, 21, 25, 32, 33]
SOUTH_WINS = 0


def test_a_match_in_which_east_wins_nine_hands_in_a_row():
    """Hands 1-8 East (player 0) wins, each his next win in a row; hand 9, his ninth
    win, scores the limit (500) with the one item, and the deal passes all the same
    (the winds rotate): player 1 is East of hand 10, whose win is his first."""
    seeds = iter(EAST_WINS)
    config = MatchConfig("dmjl", {}, 10, None, ("greedy",) * 4, ("greedy",) * 4, 0)
    match = Match(DMJL, 0, 4, hands=10, seating=rotation(4, 0), hand_seeds=lambda: next(seeds))
    session = Session(config, match=match)
    for hand in range(1, 11):
        session.run_bots(limit=None)
        game = session.game
        rec = session.finish_hand()
        r = rec.result
        assert r.winner == Wind.EAST, f"hand {hand}: the premise (East wins the hand of seed {game.seed})"
        east = rec.east_player
        names = [i.name for i in r.scores[Wind.EAST].items]
        if hand <= 9:
            assert east == 0 and r.win.wins_in_row == hand and game.east_wins == hand - 1
        if hand < 9:
            assert NINTH not in names and match.east_player == 0  # he keeps the deal
        elif hand == 9:
            assert names == [NINTH] and r.scores[Wind.EAST].score == DMJL.limit == 500
            assert match.east_player == 1  # the winds rotate after the ninth
            # the hand's log holds the count: its replay scores the same
            again = Game.replay(game.events)
            assert again.result.scores[Wind.EAST].score == 500 and again.result.win.wins_in_row == 9
        else:
            assert east == 1 and r.win.wins_in_row == 1 and NINTH not in names
        if hand < 10:
            session.next_hand()


def test_only_the_ninth_scores_and_only_under_dmjl():
    hand = Hand.parse("123b 456b 789b EEE 55d")
    for n, limit in ((8, False), (9, True)):
        win = Win(Tile.parse("5d"), WinBy.WALL, wins_in_row=n)
        s = score_hand(hand, DMJL, Situation(Wind.EAST, Wind.EAST, win))
        assert (NINTH in [i.name for i in s.items]) is limit
    one_chow = Hand.parse("123b 444c 777d EEE 55d")  # (BMJA allows one chow a hand)
    s = score_hand(one_chow, BMJA, Situation(Wind.EAST, Wind.EAST, Win(Tile.parse("5d"), WinBy.WALL, wins_in_row=9)))
    assert NINTH not in [i.name for i in s.items]  # ClassicalChineseBMJA deletes the rule
    with pytest.raises(ImpossibleWin):  # only East wins hands in a row
        score_hand(hand, DMJL, Situation(Wind.SOUTH, Wind.EAST, Win(Tile.parse("5d"), WinBy.WALL, wins_in_row=9)))


def test_game_refuses_a_count_that_is_not_one():
    from mahjongg.errors import MahjonggError

    for bad in (-1, 1.5, "9"):
        with pytest.raises(MahjonggError, match="east_wins"):
            Game(DMJL, 1, east_wins=bad)


def test_mahjongg_score_takes_the_wins_in_a_row():
    """``--wins-in-row 9`` on East's win: the limit, 500 (the hand alone: 272)."""
    base = ["score", "123b 456b 789b EEE 55d", "--win", "5d", "--by", "wall", "--seat", "E", "--ruleset", "dmjl"]
    out = runner.invoke(app, [*base, "--wins-in-row", "9", "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["score"] == 500 and [i["name"] for i in data["items"]] == [NINTH]
    out = runner.invoke(app, [*base, "--wins-in-row", "8", "--json"])
    assert json.loads(out.output)["score"] != 500
    for args, words in (
        (["--wins-in-row", "9", "--seat", "S"], "only East wins hands in a row"),
        (["--wins-in-row", "9", "--ruleset", "bmja"], "bmja scores nothing for it"),
        (["--wins-in-row", "-1"], "--wins-in-row must be at least 0"),
        # the deal passes after the ninth ("the winds rotate"): there is no tenth (a new
        # user gave 10, and 10^20, and was scored the limit)
        (["--wins-in-row", "10"], "the deal passes after his win number 9 in a row (East won nine times in a row)"),
        (["--wins-in-row", "99999999999999999999"], "East cannot win 99,999,999,999,999,999,999 hands in a row under dmjl"),
    ):
        out = runner.invoke(app, [*base, *args])
        assert out.exit_code != 0 and words in out.output and "Traceback" not in out.output, out.output
        out = runner.invoke(app, ["score", "123b 456b 789b EEE 5d", "--ruleset", "dmjl", "--wins-in-row", "9"])
        assert out.exit_code != 0 and "give the winning tile with --win" in out.output


def test_the_scoring_api_takes_the_wins_in_a_row():
    """The scoring page's API takes the CLI's fields: ``wins_in_row`` as a whole number."""
    from mahjongg.scoring_requests import RequestError, ScoreRequest, score

    fields = {"hand": "123b 456b 789b EEE 55d", "win": "5d", "by": "wall", "seat": "E", "ruleset": "dmjl"}
    assert score(ScoreRequest.from_json({**fields, "wins_in_row": 9})).score.score == 500
    for bad in ("9", -1, True):
        with pytest.raises(RequestError, match="wins-in-row|wins_in_row"):
            ScoreRequest.from_json({**fields, "wins_in_row": bad})
