"""The arena: duplicate rotations, identical walls, the interval over deals (worked by hand)."""

import json
import os

import pytest
from typer.testing import CliRunner

from mahjongg.arena import (
    ArenaError,
    DealResult,
    HandRecord,
    Report,
    arena,
    bootstrap_interval,
    check_arena,
    deal_seeds,
    play_deal,
    table_of,
)
from mahjongg.bots import BOTS, RandomBot
from mahjongg.cli import app
from mahjongg.play.journal import Journal
from mahjongg.play.seeds import bot_seed


def test_table_of_rotates_the_challenger_through_every_seat():
    # the challenger at seat r, the field from the next seat on, in order
    assert table_of("x", ("a", "b", "c"), 0) == ("x", "a", "b", "c")
    assert table_of("x", ("a", "b", "c"), 1) == ("c", "x", "a", "b")
    assert table_of("x", ("a", "b", "c"), 3) == ("a", "b", "c", "x")
    assert table_of("x", ("a", "b"), 2) == ("a", "b", "x")


def test_every_deal_is_played_with_the_challenger_in_each_seat_on_one_wall():
    seed = next(deal_seeds(11, 1))
    d = play_deal("random", ("greedy", "greedy", "greedy"), "pung-chow", 0, seed, keep_events=True)
    assert [h.seat for h in d.hands] == [0, 1, 2, 3]
    for h in d.hands:
        assert h.bots[h.seat] == "random"
        assert sorted(h.bots) == ["greedy", "greedy", "greedy", "random"]
        assert sum(h.net) == 0  # payments sum to zero
    setups = [h.events[0] for h in d.hands]
    # the same wall and dice in every rotation: the deal's luck is shared out
    assert all(s["type"] == "setup" for s in setups)
    assert len({json.dumps(s["wall"]) for s in setups}) == 1
    assert len({json.dumps(s["dice"], sort_keys=True) for s in setups}) == 1
    assert {s["seed"] for s in setups} == {seed}


def test_bot_seeds_belong_to_the_deal_and_seat(monkeypatch):
    # the play layer's rule, bot_seed(run seed, deal, seat): a seat's bot gets the same
    # seed in every rotation of a deal, whichever bot sits there
    made = []

    def spy(name):
        def factory(seed):
            made.append((name, seed))
            return RandomBot(seed)

        return factory

    monkeypatch.setitem(BOTS, "spy-a", spy("a"))
    monkeypatch.setitem(BOTS, "spy-b", spy("b"))
    seed = next(deal_seeds(7, 1))
    play_deal("spy-a", ("spy-b",) * 3, "pung-chow", 0, seed, run_seed=7)
    assert len(made) == 16  # four bots in each of four rotations
    seeds = [s for _, s in made]
    for r in range(4):
        assert seeds[4 * r : 4 * r + 4] == [bot_seed(7, 0, w) for w in range(4)]
    assert [n for n, _ in made[4:8]] == ["b", "a", "b", "b"]  # rotation 1: the challenger at South


def test_the_interval_of_two_deals_is_their_two_values():
    # Two deals of advantage 2 and 10: a resample of two deals has mean 2 (both the
    # first: 1/4), 6 (1/2) or 10 (1/4). 25% of the means lie at each end, more than the
    # 2.5% in each tail, so the 95% percentile interval is exactly [2, 10].
    assert bootstrap_interval([2.0, 10.0], seed=1) == (2.0, 10.0)


def test_the_interval_of_three_deals_worked_out():
    # Deals 0, 0, 3: the resampled mean is k (the number of 3s drawn, k ~ Binomial(3, 1/3)):
    # P(0) = 8/27 = 29.6%, P(1) = 12/27, P(2) = 6/27 = 22.2%, P(3) = 1/27 = 3.7%.
    # The 2.5% quantile is 0 (29.6% of the mass); the 97.5% quantile is 3, since only
    # 26/27 = 96.3% of the mass lies at 2 or below. (With 2000 resamples, the top 50
    # means are all 3 unless fewer than 50 of 2000 draws, expected 74, are 3s.)
    assert bootstrap_interval([0.0, 0.0, 3.0], seed=3) == (0.0, 3.0)


def _hand(deal, seat, net, winner=None):
    return HandRecord(deal, 1, seat, ("x",) * 4, tuple(net), winner, False, None, 0, False)


def test_the_interval_is_over_deals_with_their_rotations_together():
    # Each deal's four rotations swing wildly (the challenger wins 90 or loses 30), but
    # every deal's advantage is the same: rotation 0, challenger +90, field -30 each:
    # 90 - (-30) = 120; rotations 1-3, challenger -30, the field +90, -30, -30 (a mean of
    # +10): -30 - 10 = -40. The deal: (120 - 40 * 3) / 4 = 0. All deals alike: [0, 0].
    # (Over single hands the interval would be wide.)
    deals = []
    for d in range(6):
        hands = [_hand(d, 0, (90, -30, -30, -30), 0)]
        for r in (1, 2, 3):
            net = [-30] * 4
            net[(r + 1) % 4] = 90
            hands.append(_hand(d, r, net, (r + 1) % 4))
        deals.append(DealResult(d, 1, tuple(hands)))
    assert [d.advantage for d in deals] == [0.0] * 6
    report = Report("x", ("y",) * 3, "pung-chow", 4, 1)
    for d in deals:
        report.add(d)
    report.finish()
    assert report.ci95 == (0.0, 0.0)
    assert report.hands == 24
    assert report.challenger_side.wins == 6 and report.field_side.wins == 18
    # the challenger won 6 of its 24 seat-hands, the field 18 of its 72
    assert report.challenger_side.win_rate == 0.25 and report.field_side.win_rate == 0.25


def test_the_same_seed_gives_the_same_report_with_any_worker_count():
    one = arena("greedy", ("random",), deals=4, seed=9)
    two = arena("greedy", ("random",), deals=4, seed=9, workers=2)
    assert one.results() == two.results()
    assert one.hands == 16
    other = arena("greedy", ("random",), deals=4, seed=10)
    assert other.results() != one.results()
    # asked for more processes than the machine's CPUs or the deals' chunks, the report
    # says how many were started (as simulate's summary does), not how many were asked
    many = arena("greedy", ("random",), deals=4, seed=9, workers=1000)
    assert many.results() == one.results()
    assert 1 <= many.workers <= min(os.cpu_count() or 1, 4) and many.to_dict()["workers"] == many.workers


def test_arena_refuses_bad_input_naming_the_option():
    with pytest.raises(ArenaError, match="--challenger"):
        check_arena("nobody", ("greedy",), deals=1, ruleset="pung-chow", workers=1)
    with pytest.raises(ArenaError, match="--field"):
        check_arena("greedy", ("a", "b", "c", "d"), deals=1, ruleset="pung-chow", workers=1)
    with pytest.raises(ArenaError, match="--deals"):
        check_arena("greedy", ("greedy",), deals=0, ruleset="pung-chow", workers=1)
    assert check_arena("Greedy", ("random",), deals=1, ruleset="pung-chow", workers=1) == (
        "greedy",
        ("random", "random", "random"),
    )


def test_cli_arena_json_and_db(tmp_path):
    db = tmp_path / "a.sqlite3"
    r = CliRunner().invoke(
        app, ["arena", "--challenger", "greedy", "--field", "random", "--deals", "2", "--seed", "3", "--json", "--db", str(db)]
    )
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    for key in ("challenger", "field", "ruleset", "deals", "hands", "chips_per_hand", "ci95", "win_rate", "deal_in_rate"):
        assert key in data
    assert data["deals"] == 2 and data["hands"] == 8 and len(data["ci95"]) == 2
    assert data["ci95"][0] <= data["advantage"] <= data["ci95"][1]
    with Journal(db, create=False) as store:
        ids = range(data["game_ids"][0], data["game_ids"][1] + 1)
        assert len(ids) == 8
        assert all(store.load(i)[0]["type"] == "setup" for i in ids)


def test_cli_arena_table_and_errors():
    r = CliRunner().invoke(app, ["arena", "--challenger", "greedy", "--field", "random", "--deals", "1"])
    assert r.exit_code == 0, r.output
    words = " ".join(r.output.split())  # the prose is wrapped at word boundaries (issue 28)
    assert "95% interval" in words and "bootstrap over deals, seed 0" in words
    assert all(len(line) <= 80 for line in r.output.splitlines())
    r = CliRunner().invoke(app, ["arena", "--challenger", "nobody"])
    assert r.exit_code != 0
    assert "unknown bot 'nobody'" in r.output and "Traceback" not in r.output


def test_cli_arena_refuses_an_address_without_the_ray_backend(tmp_path):
    # as simulate does: without --backend ray the address would be ignored and the deals run here
    db = tmp_path / "a.sqlite3"
    r = CliRunner().invoke(app, ["arena", "--challenger", "greedy", "--deals", "1", "--address", "ray://head:10001", "--db", str(db)])
    assert r.exit_code == 2
    assert r.stderr == "error: --address 'ray://head:10001' is a Ray cluster's address: give it with --backend ray\n"
    assert not db.exists()  # refused before the file is made


def test_a_deal_where_both_sides_did_alike_has_advantage_0_exactly():
    # master against greedy, deal seed -1 (a new user's run): the first deal's four
    # rotations net the challenger exactly what a field seat nets, so its advantage is 0;
    # summed in floats it came out 1.4e-14, and the interval [+1.4e-14, +4.00] printed as
    # "[+0.00, +4.00] ... the challenger is ahead"
    report = arena("master", ("greedy",), deals=2, seed=-1)
    first = report.deals[0]
    from fractions import Fraction

    exact = sum(Fraction(h.net[h.seat]) - Fraction(sum(h.net) - h.net[h.seat], len(h.net) - 1) for h in first.hands) / len(first.hands)
    assert first.advantage == float(exact)
    assert report.ci95[0] == min(d.advantage for d in report.deals) == 0.0
    result = CliRunner().invoke(app, ["arena", "--challenger", "master", "--deals", "2", "--seed", "-1"])
    assert "not distinguishable" in result.output and "ahead" not in result.output
