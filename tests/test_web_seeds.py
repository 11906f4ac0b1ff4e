"""No deal of a shared table can be foreseen (issue 23, section 2).

A web table deals each hand from its own seed drawn from the operating
system's CSPRNG (``secrets.randbits(128)``) when the hand is dealt. Structurally:
two tables alike in everything a player is ever shown -- the match seed, every
move, and the seed of hand 1 published on its score sheet -- deal different
second hands when the CSPRNG gives different draws: the next hand's seed is a
function of no published value. ``serve --seed`` (a testing aid) keeps its
tables predictable, ``play``/``simulate`` keep reproducible seeds, and a table
dealt from secret seeds is rebuilt after a restart from the seeds in its logs.
"""

from __future__ import annotations

import pytest

from mahjongg.play import seeds as seeds_module
from mahjongg.play.config import MatchConfig
from mahjongg.play.journal import Journal
from mahjongg.play.session import Session
from mahjongg.web.table import LiveTable, TableConfig

from test_web_table import Clock


class Draws:
    """``secrets.randbits`` as the seeds module calls it: each call's bits recorded,
    the values given from ``values`` in turn."""

    def __init__(self, values) -> None:
        self.values, self.bits = list(values), []

    def __call__(self, k: int) -> int:
        self.bits.append(k)
        return self.values.pop(0)


def bot_table(db, seed: int, hands: int = 2, deals: str = "secret"):
    """A table of one absent host (played by a stand-in bot) and three bots, with a hand-run clock."""
    clock = Clock()
    cfg = TableConfig(hands=hands, bots=["greedy"] * 3, bot_delay=0, grace_seconds=0, next_hand_seconds=1, seed=seed, deals=deals)
    t, _ = LiveTable.create(Journal(db), cfg, "Ann", clock)
    t.start(0)
    return t, clock


def play_out(t, clock, hands: int) -> None:
    for _ in range(50):
        if len(t.match.records) >= hands:
            return
        clock.run()
    raise AssertionError("the match did not end")


def test_each_hand_is_dealt_from_its_own_128_bit_draw(tmp_path, monkeypatch):
    draws = Draws([2**127 + 12345, 2**127 + 999])
    monkeypatch.setattr(seeds_module.secrets, "randbits", draws)
    t, clock = bot_table(tmp_path / "a.sqlite3", seed=7)
    play_out(t, clock, 2)
    assert [r.seed for r in t.match.records] == [2**127 + 12345, 2**127 + 999]
    assert draws.bits == [128, 128]  # one draw per hand, 128 bits each, when the hand is dealt
    assert t.result_view()["seed"] == str(2**127 + 999)  # as decimal text: no JavaScript number holds it


def test_the_next_hand_is_a_function_of_no_published_value(tmp_path, monkeypatch):
    """Two tables alike in all that is published -- match seed, hand 1's seed and every
    move of hand 1 -- deal different second hands when the CSPRNG's second draws differ."""
    logs = []
    for second in (5, 6):
        monkeypatch.setattr(seeds_module.secrets, "randbits", Draws([2**100 + 1, 2**100 + second]))
        t, clock = bot_table(tmp_path / f"{second}.sqlite3", seed=31)
        play_out(t, clock, 2)
        first, last = t.match.records
        logs.append((t.config.seed, first.seed, t.journal.load_match(t.match_id, app="serve").finished[0], last.seed,
                     t.game.events[0]["wall"]))
    (m1, s1, hand1_a, next_a, wall_a), (m2, s2, hand1_b, next_b, wall_b) = logs
    assert (m1, s1, hand1_a) == (m2, s2, hand1_b)  # everything a player saw up to hand 2
    assert next_a != next_b and wall_a != wall_b  # and yet hand 2 differs


def test_serve_seed_tables_and_play_repeat_their_deals(tmp_path):
    # a table of a server run with --seed deals from its match seed: the same seed, the same hands
    runs = []
    for k in range(2):
        t, clock = bot_table(tmp_path / f"m{k}.sqlite3", seed=99, deals="match")
        play_out(t, clock, 2)
        runs.append([r.seed for r in t.match.records])
    assert runs[0] == runs[1] and all(s < 2**32 for s in runs[0])
    # play / simulate: the match's seed repeats every deal
    config = MatchConfig.make("pung-chow", hands=2, players=["greedy"] * 4, seed=99)
    a, b = Session(config), Session(config)
    a.play(), b.play()
    assert [r.seed for r in a.match.records] == [r.seed for r in b.match.records] == runs[0]


@pytest.mark.parametrize("between", [True, False])
def test_a_table_of_secret_deals_is_rebuilt_from_its_logs(tmp_path, between):
    db = tmp_path / "r.sqlite3"
    t, clock = bot_table(db, seed=5, hands=2)
    if between:
        for _ in range(50):
            if t.game.is_over:
                break
            clock.run()
    first = t.game.events[0]["seed"]
    if between:  # the finished hand's row keeps its seed exactly (too big for SQLite's INTEGER: stored as hex text)
        (gid,) = t.session.recorder.hands
        assert Journal(db).game(gid).seed == first
    moves = len(t.game.events)
    t.close()
    row = next(r for r in Journal(db).matches("serve", ("playing",)) if r.id == t.match_id)
    again = LiveTable.rebuild(Journal(db), row, Clock())
    assert again.game.events[0]["seed"] == first and len(again.game.events) == moves
    assert again.config.deals == "secret"
