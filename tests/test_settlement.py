"""Settlement: the four layouts of Pung Chow Part I and unit tests of ``settle``.

Source: seed 000 (``/work/shared/seeds/000_110d699011efd599.decoded.txt``),
"ILLUSTRATIONS OF SCORE SETTLING" (four layouts, pages 46-54) with the ERRATA:
"Page 46 and 47. East Wind scores 480 instead of 608; West Wind scores 272
instead of 400", "Page 49. West Wind scores 2562 instead of 2816", "Page 54.
Lines 1 and 2. Read 368 instead of 304, and 184 instead of 152". Where the
errata changes a score, every payment the text names is recomputed from it.
Rules ("Settling the scores"): the winner collects his score from each player,
East pays and collects double; the others settle the differences of their
scores among themselves, East again paying or collecting double.
"""

from __future__ import annotations

import pytest

from mahjongg import Wind
from mahjongg.rules import PUNG_CHOW
from mahjongg.settlement import Payment, SettlementError, settle

E, S, W, N = Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH


def paid(settlement) -> dict[tuple[Wind, Wind], int]:
    """{(payer, payee): amount} of every payment."""
    return {(p.payer, p.payee): p.amount for p in settlement.payments}


def check_zero_sum(settlement):
    assert sum(settlement.net.values()) == 0


# --------------------------------------------------------------------------------------
# The four layouts
# --------------------------------------------------------------------------------------


def test_layout_1_east_wins_errata():
    # Layout 1: "East Wind Mah-Jongged with a total score of 608 ... This makes 1216
    # from each player"; "West Wind is the high hand and he collects 336 from South
    # Wind and 484 from North Wind"; "South Wind collecting 48 points from North".
    # Errata: East 480 (not 608), West 272 (not 400). So East collects 960 from each;
    # West collects 272 - 64 = 208 from South and 272 - 16 = 256 from North; South
    # still collects 64 - 16 = 48 from North.
    s = settle({E: 480, W: 272, S: 64, N: 16}, E, east_factor=PUNG_CHOW.east_factor)
    assert paid(s) == {
        (S, E): 960,
        (W, E): 960,
        (N, E): 960,
        (S, W): 208,
        (N, W): 256,
        (N, S): 48,
    }
    assert s.net == {E: 2880, S: -960 - 208 + 48, W: -960 + 208 + 256, N: -960 - 256 - 48}
    check_zero_sum(s)


def test_layout_2_north_wins_west_collects_most_errata():
    # Layout 2: West 2816 (errata: 2562), South 8, East 4, North 22; North wins.
    # "He collects 22 points apiece from North Wind [the transcriber: read West] and
    # South Wind. East, however, must pay him double or 44 ... a total of 88."
    # West "collects the difference between his hand and East Wind's which is 2814,
    # doubled ... 5628" -> errata: 2562 - 4 = 2558, doubled 5116; "and just the
    # difference ... from South Wind which is 2808" -> 2562 - 8 = 2554; "South Wind in
    # settling with East Wind collects the difference, 4, double or 8."
    s = settle({W: 2562, S: 8, E: 4, N: 22}, N)
    assert paid(s) == {
        (W, N): 22,
        (S, N): 22,
        (E, N): 44,
        (E, W): 5116,
        (S, W): 2554,
        (E, S): 8,
    }
    net = s.net
    assert net[N] == 88  # "North Wind Mah-Jongged and collected only 88 points"
    # "whereas West Wind collected a total of 8,436 points" -> errata 5116 + 2554
    assert sum(p.amount for p in s.payments if p.payee == W) == 7670
    assert net == {N: 88, W: 7670 - 22, S: -22 - 2554 + 8, E: -44 - 5116 - 8}
    check_zero_sum(s)


def test_layout_3_north_wins():
    # Layout 3: West 64, South 10, East 56, North 416; North wins. "North Wind then
    # takes 832 from East Wind, and 416 from West and South Winds. West Wind collects
    # 54 from South Wind and 16 from East Wind; East Wind then collects 46 doubled or
    # 92 from South Wind." (No errata.)
    s = settle({W: 64, S: 10, E: 56, N: 416}, N)
    assert paid(s) == {
        (E, N): 832,
        (W, N): 416,
        (S, N): 416,
        (S, W): 54,
        (E, W): 16,
        (S, E): 92,
    }
    assert s.net == {N: 1664, W: -416 + 54 + 16, S: -416 - 54 - 92, E: -832 - 16 + 92}
    check_zero_sum(s)


def test_layout_4_north_wins_errata():
    # Layout 4: West 64, South 48, East 80, North 152; "North Wind Mah-Jongged,
    # collects 304 from East and 152 from West and South"; errata Page 54: "Read 368
    # instead of 304, and 184 instead of 152" -> North scores 184. "East Wind
    # collects 16 doubled or 32 from West and 32 doubled or 64 from South. West Wind
    # wins 16 from South who is the loser all around."
    s = settle({W: 64, S: 48, E: 80, N: 184}, N)
    assert paid(s) == {
        (E, N): 368,
        (W, N): 184,
        (S, N): 184,
        (W, E): 32,
        (S, E): 64,
        (S, W): 16,
    }
    net = s.net
    assert net == {N: 736, E: -368 + 32 + 64, W: -184 - 32 + 16, S: -184 - 64 - 16}
    # "South who is the loser all around": he pays in every one of his settlements
    assert all(pay.payer == S for pay in s.payments if S in (pay.payer, pay.payee))
    check_zero_sum(s)


# --------------------------------------------------------------------------------------
# Unit tests
# --------------------------------------------------------------------------------------


def test_table_and_to_dict_agree_with_payments():
    s = settle({E: 10, S: 30, W: 0, N: 20}, S)
    t = s.table()
    for p in s.payments:
        assert t[p.payer][p.payee] == p.amount
    assert s.to_dict()["net"] == {w.letter: v for w, v in s.net.items()}
    assert Payment(N, S, 30).to_dict() == {"from": "N", "to": "S", "amount": 30}


def test_dead_hand_pays_everyone_and_is_paid_by_no_one():
    # "A player having an incorrect number of tiles ... his score does not count and
    # therefore he must pay all players": North is dead (its 0 score, whatever it held).
    s = settle({E: 40, S: 100, W: 30, N: 0}, S, dead=[N])
    p = paid(s)
    assert p[(N, S)] == 100  # the winner's score
    assert p[(N, E)] == 80  # East's full score, doubled
    assert p[(N, W)] == 30
    assert not any(pay.payee == N for pay in s.payments)
    # the others settle as usual
    assert p[(E, S)] == 200 and p[(W, S)] == 100 and p[(W, E)] == 20
    check_zero_sum(s)


def test_dead_hand_with_high_score_still_pays():
    s = settle({E: 0, S: 20, W: 500, N: 10}, S, dead=[W])
    p = paid(s)
    assert p[(W, S)] == 20 and p[(W, N)] == 10
    assert (W, E) not in p  # East's score is 0: nothing to pay
    assert not any(pay.payee == W for pay in s.payments)
    check_zero_sum(s)


def test_two_dead_hands_do_not_pay_each_other():
    s = settle({E: 0, S: 50, W: 30, N: 20}, S, dead=[W, N])
    p = paid(s)
    assert (W, N) not in p and (N, W) not in p
    assert p == {(E, S): 100, (W, S): 50, (N, S): 50}
    check_zero_sum(s)


def test_dead_winner_is_an_error():
    with pytest.raises(SettlementError):
        settle({E: 0, S: 50, W: 0, N: 0}, S, dead=[S])


def test_limit_caps_each_payment_and_east_pays_double_the_limit():
    s = settle({E: 40, S: 1000, W: 10, N: 0}, S, limit=300)
    p = paid(s)
    assert p[(E, S)] == 600  # double the limit
    assert p[(W, S)] == 300 and p[(N, S)] == 300
    assert p[(W, E)] == 60 and p[(N, E)] == 80 and p[(N, W)] == 10
    check_zero_sum(s)


def test_limit_caps_east_winner_at_double_the_limit():
    s = settle({E: 5000, S: 0, W: 0, N: 0}, E, limit=500)
    assert paid(s) == {(S, E): 1000, (W, E): 1000, (N, E): 1000}


def test_limit_applies_to_differences_between_losers():
    s = settle({E: 0, S: 10, W: 2000, N: 0}, S, limit=500)
    p = paid(s)
    assert p[(E, W)] == 1000 and p[(N, W)] == 500
    assert p[(W, S)] == 10  # the winner collects his own score from the high hand


def test_drawn_hand_settles_differences():
    # winner=None: no Mah-Jongg, every pair settles the difference, East double
    s = settle({E: 30, S: 50, W: 10, N: 10}, None)
    assert paid(s) == {
        (E, S): 40,
        (W, E): 40,
        (N, E): 40,
        (W, S): 40,
        (N, S): 40,
    }  # W and N are equal: no payment
    assert s.net == {E: 40, S: 120, W: -80, N: -80}
    check_zero_sum(s)


def test_drawn_hand_all_equal_pays_nothing():
    assert settle({E: 8, S: 8, W: 8, N: 8}, None).payments == ()


def test_three_player_table():
    # Part II, "Two and Three-Handed Games": the same settlement among three seats
    s = settle({E: 20, S: 100, W: 40}, S)
    assert s.seats == (E, S, W)
    assert paid(s) == {(E, S): 200, (W, S): 100, (E, W): 40}
    check_zero_sum(s)


def test_two_player_table():
    s = settle({E: 64, S: 10}, E)
    assert paid(s) == {(S, E): 128}
    assert s.net == {E: 128, S: -128}
    s = settle({E: 64, S: 10}, S)
    assert paid(s) == {(E, S): 20}


def test_dealer_other_than_east_seat():
    # the dealer is whoever holds East; ``east`` names the seat paying double
    s = settle({E: 0, S: 50, W: 0, N: 0}, S, east=W)
    assert paid(s) == {(E, S): 50, (W, S): 100, (N, S): 50}


def test_east_factor_option():
    s = settle({E: 0, S: 50, W: 0, N: 0}, S, east_factor=1)
    assert paid(s) == {(E, S): 50, (W, S): 50, (N, S): 50}


@pytest.mark.parametrize(
    "kwargs",
    [
        dict(scores={E: 0, S: 10}, winner=W),
        dict(scores={E: 0, S: 10}, winner=S, dead=[N]),
        dict(scores={E: 0, S: -1}, winner=E),
    ],
)
def test_bad_input(kwargs):
    with pytest.raises(SettlementError):
        settle(**kwargs)
