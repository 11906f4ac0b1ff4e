"""Every table the engine and the bots keep while they play is bounded (issue 24, item 7).

``simulate --db`` grew from 75 to 158 MB over 20,000 hands of greedy and cautious
bots (flat with random ones): the lookup tables behind shanten, the discard
evaluation and the win check kept every pattern of tiles they had seen, some
without any limit, others with limits of 200,000 to 500,000 entries (hundreds
of MB). Each is now a cache with a limit of at most 100,000 entries, emptied
when full (the answers never change: only the speed; bench/bench_memory.py
measures both bot mixes). Here every limit is set to 80 and bots play hands
of three rulesets: every module-level table of the package that grows is either
one of those caches, holding no more than its limit, or one whose size the game
itself bounds (listed below with the bound and why) -- a new table that grows
without a limit fails this test.
"""

import sys

import pytest

import mahjongg.bots.base as base
import mahjongg.bots.evaluation as evaluation
import mahjongg.bots.plans as plans
import mahjongg.decomposition as decomposition
import mahjongg.scoring as scoring
import mahjongg.shanten as shanten
import mahjongg.table.interned as interned
from mahjongg.simulate import play_hand

LOW = 80
LIMITS = [
    (decomposition, "_LIMIT"), (decomposition, "_AFTER_ONE_LIMIT"),
    (shanten, "_LIMIT"), (shanten, "_TAIL_LIMIT"), (shanten, "_JOIN_LIMIT"),
    (evaluation, "_LIMIT"), (evaluation, "_PRED_LIMIT"),
    (interned, "_GROUP_LIMIT"), (base, "_CACHE_LIMIT"), (plans, "_LIMIT"), (scoring, "_LOSERS_KEPT"),
]
"""The limits of the caches, each set to LOW here."""

CACHES = {
    "mahjongg.decomposition": {"_SUIT_STATUS", "_HONOR_STATUS", "_ARRANGEMENTS", "_T0", "_T1", "_T2", "_T3", "_AFTER_ONE"},
    "mahjongg.shanten": {"_SUIT_COST", "_HONOR_COST", "_CAPPED_COST", "_COMBINED", "_FINISHED", "_TAILS", "_JOINED"},
    "mahjongg.bots.evaluation": {"_PRED", "_SIG", "_SIG_ID", "_USEFUL", "_PID", "_PID_OF", "_PID_IDS", "_GROUP_DIST"},
    "mahjongg.table.interned": {"_GROUP_TILES"},
    "mahjongg.bots.expert": {"_SCORE_CACHE", "_RULING_CACHE", "_STEP_CACHE"},
    "mahjongg.bots.payments": {"_SETTLE_CACHE"},
    "mahjongg.bots.plans": {"_CACHE"},
    "mahjongg.scoring": {"_LOSER_SCORES"},
}
"""The caches with a limit: each holds at most LOW + 1 entries here."""

BOUNDED_BY_THE_GAME = {
    # interned cost vectors and the half-group signatures built from them: a few hundred occur
    # (shanten's docs); a half group is one of 5**4 or 5**5 count patterns
    "mahjongg.shanten": {"_VECTORS": 5000, "_VECTOR_ID": 5000, "_TAIL_VECTORS": 5000, "_HALVES": 5000, "_HALF_ID": 5000,
                         "_SIGS": 5000, "_SIG_ID": 5000, "_HEADS": 5**4, "_ENDS": 5**5,
                         "_HALF_PAIRS": 9 * LOW + 5000},  # emptied with _JOINED; at most 9 per entry of it
    # a meld is a kind, a tile and exposed or not: 6 * 50 * 2
    "mahjongg.hand": {"_MELD_TEXT": 600},
    "mahjongg.bots.base": {"_MELD_TILES": 600},
    # one Situation per seat and round wind, and win (none, or a kind by one of four ways): 4 * 4 * (1 + 34 * 4)
    "mahjongg.bots.expert": {"_SITUATIONS": 16 * 137},
    "mahjongg.table.interned": {"_MELDS": 600, "_RULESET_CACHE": 257, "_SHUFFLE_STEPS": 200},
    # limits of their own, fixed
    "mahjongg.notation": {"_FORMATTED": 10_000},
    "mahjongg.scoring": {"_RULES": 64},
    # the faan values of each ruleset a plan was made under; the pungs' distance by a hand's
    # classes -- kinds held once (-1..15: a class shifted by one draw), twice (-1..8), three
    # times or more (0..5) of at most 14 tiles -- and the sets to make (0-4)
    "mahjongg.bots.plans": {"_VALUES": 64, "_PUNG_MEMO": 17 * 10 * 6 * 5, "_ROWS": 17 * 10 * 6 * 5},
    # whether each ruleset a cautious bot played under pays a loser's one-suit hand
    "mahjongg.bots.cautious": {"_PAYS_LOSER": 64},
    # the claim windows of a turn, keyed by three yes-or-no options of the ruleset
    "mahjongg.table.game": {"_TURN_WINDOWS": 2**3},
}
"""Tables that grow without a limit of their own, and the most entries each can hold."""


def _tables() -> dict[str, int]:
    out = {}
    for name, module in list(sys.modules.items()):
        if name != "mahjongg" and not name.startswith("mahjongg."):
            continue
        for attr, v in vars(module).items():
            if isinstance(v, (dict, list, set)):
                out[f"{name}.{attr}"] = len(v)
            elif isinstance(v, tuple) and v and all(isinstance(x, (dict, list)) for x in v):
                out[f"{name}.{attr}"] = max(len(x) for x in v)  # a table per group
    return out


def test_every_table_that_grows_while_bots_play_is_bounded(monkeypatch):
    for module, name in LIMITS:
        monkeypatch.setattr(module, name, LOW)
    for module_name, names in CACHES.items():  # what earlier tests left in them: only caches
        for name in names:
            table = getattr(sys.modules[module_name], name)
            for t in table if isinstance(table, tuple) else (table,):
                if isinstance(t, dict):
                    t.clear()
    bots = ["greedy", "cautious", "expert", "master"]
    play_hand(bots, 1)  # every module imported, its fixed tables built
    before = _tables()
    most: dict[str, int] = {}
    for i in range(2):
        for ruleset in ("pung-chow", "hong-kong", "traditional-special-tiles"):
            play_hand(bots, 100 + i, index=i, ruleset=ruleset)
            for k, n in _tables().items():
                most[k] = max(most.get(k, 0), n)
    grew = {k: n for k, n in most.items() if n > before.get(k, 0)}
    assert grew, "the hands filled no table: the test sees nothing"
    for key, n in sorted(grew.items()):
        module, _, attr = key.rpartition(".")
        if attr in CACHES.get(module, ()):
            assert n <= LOW + 1, f"{key}: {n} entries, its limit set to {LOW}"
        else:
            bound = BOUNDED_BY_THE_GAME.get(module, {}).get(attr)
            assert bound is not None, f"{key} grew from {before.get(key, 0)} to {n} entries while bots played, and has no limit"
            assert n <= bound, f"{key}: {n} entries, more than {bound}"
    # the caches filled up and were emptied: each reached its limit
    full = [k for k in grew if k.rpartition(".")[2] in CACHES.get(k.rpartition(".")[0], ()) and most[k] >= LOW - 1]
    # how many reach it depends on what earlier tests of the same process left in the
    # interned tables the caches key on (5 when run alone, 1 after the whole suite): at
    # least one filling up and being emptied shows the limits at work
    assert len(full) >= 1, full


def test_the_limits_bound_the_memory():
    """At most 100,000 entries per table (about 10 MB at the largest entries measured:
    bench/README.md, "Memory of a long run")."""
    for module, name in LIMITS:
        assert getattr(module, name) <= 100_000, (module.__name__, name)
