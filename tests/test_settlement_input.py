"""Settlement refuses what cannot be settled, the same way under every ruleset (issue 20).

Before: under Hong Kong a winner missing from the scores raised KeyError (the
other rulesets SettlementError), negative scores were accepted and a dead
winner was paid; ``settle`` accepted float scores, an empty table, and a
discarder who is the winner or not at the table; Pung Chow limit's
"discarder pays for all" listed a payment of 0 chips.
"""

from __future__ import annotations

import pytest

from mahjongg.errors import MahjonggError
from mahjongg.rules import PUNG_CHOW_LIMIT, RULESETS
from mahjongg.rules.pung_chow_limit_penalties import discarder_pays_settlement
from mahjongg.settlement import SettlementError, settle
from mahjongg.tiles import Wind

E, S, W, N = Wind
NAMES = sorted(RULESETS)
GOOD = {E: 20, S: 40, W: 10, N: 0}

BAD = [
    # (scores, winner, keywords, what the message names)
    ({E: 20, S: 40, W: 10}, N, {}, "winner N has no score"),
    ({E: 20, S: -40, W: 10, N: 0}, S, {}, "negative"),
    ({E: 20, S: 40, W: 10, N: 0}, S, {"dead": frozenset({S})}, "cannot win with a dead hand"),
    ({E: 20, S: 40.0, W: 10, N: 0}, S, {}, "not a whole number"),
    ({E: 20, S: True, W: 10, N: 0}, S, {}, "not a whole number"),
    ({E: 20, S: "40", W: 10, N: 0}, S, {}, "not a whole number"),
    ({}, None, {}, "two, three or four players, not 0"),
    ({E: 20}, E, {}, "not 1"),
    ({E: 20, S: 40, W: 10, N: 0}, S, {"discarder": S}, "cannot have discarded his own winning tile"),
    ({E: 20, S: 40, W: 10}, S, {"discarder": N}, "discarder N has no score"),
    ({E: 20, S: 40, W: 10, N: 0}, None, {"discarder": W}, "nobody won"),
    ({E: 20, S: 40, W: 10, N: 0}, S, {"dead": frozenset({7})}, "has no score"),
    ({0: 20, 1: 40}, None, {}, "is not a seat"),
    ([20, 40, 10, 0], None, {}, "mapping"),
]


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("scores,winner,kw,message", BAD)
def test_every_ruleset_refuses_what_cannot_be_settled(name, scores, winner, kw, message):
    with pytest.raises(SettlementError, match=message) as err:
        RULESETS[name].settle(scores, winner, east=E, **kw)
    assert isinstance(err.value, MahjonggError) and "\n" not in str(err.value)


@pytest.mark.parametrize("scores,winner,kw,message", [b for b in BAD if "discarder" not in b[2]])
def test_settle_refuses_the_same(scores, winner, kw, message):
    with pytest.raises(SettlementError, match=message):
        settle(scores, winner, **kw)


def test_the_dealer_must_be_at_the_table():
    with pytest.raises(SettlementError, match="dealer"):
        settle({S: 10, W: 0}, S, east=E)


@pytest.mark.parametrize("name", NAMES)
def test_good_scores_still_settle_and_sum_to_zero(name):
    for winner, discarder in ((S, W), (S, None), (None, None)):
        s = RULESETS[name].settle(dict(GOOD), winner, discarder=discarder, east=E)
        assert sum(s.net.values()) == 0
        assert all(p.amount > 0 for p in s.payments)


def test_discarder_pays_for_all_lists_no_payment_of_nothing():
    # Part II, Penalties 2: the discarder pays the winner what every loser would have
    # paid. A winner's score of 0 (a table may settle such scores by hand) is nothing
    # to pay: no payment, as settle lists none.
    s = discarder_pays_settlement({E: 0, S: 0, W: 10, N: 0}, S, W, PUNG_CHOW_LIMIT)
    assert s.payments == ()
    # South 40: each of the three would pay 40, East double (80): West pays 160
    s = discarder_pays_settlement({E: 8, S: 40, W: 10, N: 0}, S, W, PUNG_CHOW_LIMIT)
    assert [(p.payer, p.payee, p.amount) for p in s.payments] == [(W, S, 160)]
    with pytest.raises(SettlementError):
        discarder_pays_settlement({E: 8, S: 40, W: 10, N: 0}, S, S, PUNG_CHOW_LIMIT)
