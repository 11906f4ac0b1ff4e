"""The bots, the advisor and the hints play the table's own ruleset, its options applied.

The observation carries the table's :class:`~mahjongg.rules.Ruleset` (issue 40 §1):
before, it carried the ruleset's name, and the bots looked the name up again, which
dropped every option the table was set up with -- under the special tiles or the
Mandarins the scorer refused most of the expert's waits (a bonus tile not of the
registered set), and a lower limit, a payment limit or East's factor changed nothing
the bots weighed. What a bot saw then is what it sees now of
``replace(obs, ruleset=<the registered ruleset>)``; the tests compare the two.
"""

from dataclasses import replace

import pytest

from mahjongg.bots import BOTS, advisor, expert, make_bot
from mahjongg.bots.advisor import claim_advice, hint_line, observation_for
from mahjongg.bots.expert import discard_value
from mahjongg.hand import parse_hand
from mahjongg.play.config import OPTION_FIELDS, MatchConfig, table_ruleset
from mahjongg.rules import Situation, Win, WinBy, get_ruleset
from mahjongg.scoring import ScoringError, score_hand
from mahjongg.table import Game
from mahjongg.table.phase import Phase
from mahjongg.tiles import Wind, tile

OPTIONS = [
    ("pung-chow", {"mandarins": True}),
    ("pung-chow-limit", {"mandarins": True}),
    ("traditional", {"special_tiles": "cat-and-man"}),
    ("traditional", {"special_tiles": "fisherman-and-cock"}),
    ("traditional-special-tiles", {"special_tiles": "fisherman-and-cock"}),
    ("traditional-special-tiles", {"special_tiles": None}),
    ("pung-chow", {"limit": 40}),
    ("pung-chow-limit", {"limit": 40}),
    ("traditional", {"limit": 40}),
    ("dmjl", {"limit": 100}),  # 200: no decision of seeds 60-199 differs since cautious builds one suit from 12 tiles under dmjl
    ("bmja", {"limit": 40}),
    ("pung-chow", {"payment_limit": 40}),
    ("traditional", {"payment_limit": 40}),
    ("dmjl", {"payment_limit": 100}),
    ("pung-chow", {"east_factor": 3}),
    ("traditional", {"east_factor": 1}),
    ("bmja", {"east_factor": 3}),
    ("pung-chow", {"settle_draws": True}),
    ("traditional", {"draw_keeps_deal": True}),
    ("hong-kong", {"draw_keeps_deal": False}),
    ("hong-kong-136", {"settle_draws": True}),
]
"""Every option a table may be set up with (:data:`~mahjongg.play.config.OPTION_FIELDS`),
and the Mandarins, on rulesets where it means something."""

TILE_OPTIONS = ("mandarins", "special_tiles")
"""The options that change the set of tiles (another deal: the play differs anyway)."""

TABLES = (("expert", "master", "cautious", "greedy"), ("random", "greedy", "master", "expert"))
"""Two tables of four that seat every bot."""


def _ids(option):
    name, changes = option
    return name + "+" + ",".join(f"{k}={v}" for k, v in changes.items())


def test_the_options_are_every_option_a_table_may_set():
    assert {k for _, changes in OPTIONS for k in changes} == set(OPTION_FIELDS) | {"mandarins"}
    # every bot but the learned one, which plays only the tables its weights were trained for
    # (the ruleset as registered: tests/test_learned.py checks it refuses the others)
    assert set(b for table in TABLES for b in table) == set(BOTS) - {"learned"}
    for name, changes in OPTIONS:
        if "mandarins" not in changes:  # a match's options (the Mandarins are a ruleset's option only)
            MatchConfig.make(name, changes, seed=0)


class Counter:
    """Counts the scorings the bots and the advisor ask for, those the scorer refuses,
    those of a hand with bonus tiles laid out, and the rulesets asked by."""

    def __init__(self, monkeypatch):
        self.scored = self.refused = self.with_bonus = 0
        self.rulesets = set()
        for module, name, rules_at, bonus_of in (
            (expert, "declared_points", 1, lambda a: a[0].bonus),
            (expert, "loser_hand_score", 3, lambda a: a[2]),
            (advisor, "score_hand", 1, lambda a: a[0].bonus),
        ):
            monkeypatch.setattr(module, name, self._counting(getattr(module, name), rules_at, bonus_of))

    def _counting(self, f, rules_at, bonus_of):
        def counted(*args, **kwargs):
            self.scored += 1
            self.rulesets.add(id(args[rules_at]))
            self.with_bonus += bool(bonus_of(args))
            try:
                return f(*args, **kwargs)
            except ScoringError:
                self.refused += 1
                raise

        return counted


def _play(rules, bots, seed, shadow_rules=None, hints=False):
    """Play one hand of ``bots`` under ``rules``, dealt from ``seed``; returns the actions
    taken and, with ``shadow_rules``, how many decisions a second bot of each kind would
    have made otherwise seeing ``shadow_rules`` instead (what a bot saw before: the
    registered ruleset). ``hints``: ask the advisor too, every seventh decision."""
    game = Game(rules, seed, len(bots))
    players = [make_bot(b, seed * 8 + i) for i, b in enumerate(bots)]
    shadows = [make_bot(b, seed * 8 + i) for i, b in enumerate(bots)]
    actions, differ, step = [], 0, 0
    while not game.is_over:
        seat = game.to_act()[0]
        obs, legal = game.observation(seat), game.legal_actions(seat)
        if hints and step % 7 == 0:
            if obs.phase is Phase.CLAIMS:
                claim_advice(obs, legal)
            else:
                hint_line(obs, legal)
        a = players[seat].act(obs, legal)
        if shadow_rules is not None and bots[seat] in ("expert", "master") and len(legal) > 1:
            differ += shadows[seat].act(replace(obs, ruleset=shadow_rules), legal) != a
        actions.append(a)
        game.apply(a)
        step += 1
    return actions, differ, game


@pytest.mark.parametrize("option", OPTIONS, ids=_ids)
def test_no_evaluation_is_refused_under_any_option(option, monkeypatch):
    # every bot at a table set up with the option, the advisor asked along (the hints):
    # every scoring they ask for is of the table's own ruleset, and the scorer refuses none
    name, changes = option
    rules = table_ruleset(name, changes)
    count = Counter(monkeypatch)
    for t, bots in enumerate(TABLES):
        for seed in (40 + t, 50 + t):
            _play(rules, bots, seed, hints=True)
    assert count.scored > 0 and count.refused == 0
    assert count.rulesets == {id(rules)}
    if any(k in changes for k in TILE_OPTIONS) and rules.bonus_tiles:
        assert count.with_bonus > 0  # hands with the option's tiles laid out were scored


def test_the_registered_ruleset_refuses_the_waits_of_a_table_with_special_tiles(monkeypatch):
    # the fault the table's ruleset mends, shown: the same hands seen under the registered
    # traditional (no special tiles) have waits the scorer refuses -- Fisherman, Fish,
    # Cock and Worm are no tiles of its set
    rules = table_ruleset("traditional", {"special_tiles": "fisherman-and-cock"})
    count = Counter(monkeypatch)
    for seed in range(40, 52):
        _play(rules, TABLES[0], seed, shadow_rules=get_ruleset("traditional"))
        if count.refused:
            break
    assert count.refused > 0


VALUE_OPTIONS = [o for o in OPTIONS if not {"settle_draws", "draw_keeps_deal"} & set(o[1]) and o[0][:9] != "hong-kong"]
"""The options that change what a hand is worth to the bots (a drawn hand's settlement and
who deals next are no value they weigh)."""


@pytest.mark.parametrize("option", VALUE_OPTIONS, ids=_ids)
def test_the_play_changes_where_the_option_changes_a_hands_value(option):
    # the expert's and master's decisions at a table set up with the option, beside what
    # each would decide seeing the registered ruleset (what it saw before): some differ
    name, changes = option
    rules = table_ruleset(name, changes)
    registered = get_ruleset(name)
    differ = 0
    # (bmja with a limit of 40: the first hand where a decision differs is seed 75)
    for seed in range(60, 90):
        differ += _play(rules, ("master", "expert", "master", "expert"), seed, shadow_rules=registered)[1]
        if differ:
            break
    assert differ > 0


def _fingerprint(rules, seeds):
    """Every action, every hand's scores and net payments, of hands of every bot under ``rules``."""
    out = []
    for t, bots in enumerate(TABLES):
        for seed in seeds:
            actions, _, game = _play(rules, bots, seed + t)
            r = game.result
            out.append((tuple(map(str, actions)), sorted((s, sc.score) for s, sc in r.scores.items()), sorted(r.net.items())))
    return out


def test_traditional_with_cat_and_man_plays_as_traditional_special_tiles():
    # the same ruleset under two names (seed 001's special tiles Cat, Mouse, Man, Pot of
    # Gold in place of the Flowers): the same deals are played alike, decision for decision
    a = table_ruleset("traditional", {"special_tiles": "cat-and-man"})
    b = get_ruleset("traditional-special-tiles")
    assert a != b and a.name != b.name and replace(a, name=b.name) == b
    assert _fingerprint(a, (70, 71, 72)) == _fingerprint(b, (70, 71, 72))


# --- what the option changes of one hand, worked out --------------------------------

# South holds 222b 456c 789d 55d 67b N, with seed 001's Fisherman and Fish laid out, and
# lets N go: ready on 5b and 8b (two places: no bonus for the only place), on a discard.
# Seed 001: Mah-Jongg 20, a concealed pung of simple tiles 4, each special tile 4 (the
# Fisherman, the Fish), a matched pair of special tiles doubles the total: (20 + 4 + 4 + 4)
# x 2 = 64, under the limit of 300. South (not East) collects it from each of the other
# three, East paying double: 64 + 64 + 128 = 256 chips.
FISHER = "222b 456c 789d 55d 67b N Fisherman Fish"


def _ready(rules, hand=FISHER, seat=Wind.SOUTH, discard="N"):
    values = discard_value(observation_for(parse_hand(hand, sizes=None), rules, seat, Wind.EAST))
    return next(v for v in values if str(v.tile) == discard)


def test_the_special_tiles_are_scored_where_the_registered_ruleset_refused_them():
    fisher = table_ruleset("traditional", {"special_tiles": "fisherman-and-cock"})
    v = _ready(fisher)
    assert [(str(w), s) for w, _, s in v.waits] == [("5b", 64), ("8b", 64)] and v.value == 256
    # what the bots saw before: the registered traditional has no Fisherman; its scorer
    # refuses the hand won, every wait worth nothing
    won = parse_hand("222b 456c 789d 55d 567b Fisherman Fish", sizes=None)
    with pytest.raises(ScoringError, match="not part of a traditional set"):
        score_hand(won, get_ruleset("traditional"), Situation(seat=Wind.SOUTH, win=Win(tile("5b"), WinBy.DISCARD)))
    assert score_hand(won, fisher, Situation(seat=Wind.SOUTH, win=Win(tile("5b"), WinBy.DISCARD))).score == 64


@pytest.mark.parametrize(
    "changes, score, chips",
    [
        # a limit of 40 points: the hand scores 40; East pays double: 40 + 40 + 80
        ({"limit": 40}, 40, 160),
        # a payment limit of 50: each pays at most 50, East twice that: 50 + 50 + 100
        ({"payment_limit": 50}, 64, 200),
        # East pays three times: 64 + 64 + 192
        ({"east_factor": 3}, 64, 320),
    ],
)
def test_a_limit_a_payment_limit_and_easts_factor_change_what_a_wait_is_worth(changes, score, chips):
    rules = table_ruleset("traditional-special-tiles", {"special_tiles": "fisherman-and-cock", **changes})
    v = _ready(rules)
    assert {s for _, _, s in v.waits} == {score} and v.value == chips


def test_an_own_mandarin_doubles_a_wait():
    # Harr, Pung Chow (1922), Part I, Use of the Mandarins: "the mandarin of his own wind
    # permitting him to double his score once". South holds 222b 456c 789d 55d 67b N and
    # Flower 2 (South's) laid out, lets N go, ready on 5b and 8b: Mah-Jongg 20 and the
    # concealed pung of 2 bamboo 4 (the score card) = 24, doubled 48; South collects it
    # from each of three, East paying double: 48 + 48 + 96 = 192
    rules = table_ruleset("pung-chow", {"mandarins": True})
    v = _ready(rules, "222b 456c 789d 55d 67b N f2")
    assert {s for _, _, s in v.waits} == {48} and v.value == 192
    plain = _ready(get_ruleset("pung-chow"), "222b 456c 789d 55d 67b N")
    assert {s for _, _, s in plain.waits} == {24}  # without the Mandarin: 20 + 4
