"""Bots: legal actions only, observations only; greedy and cautious choices worked by hand."""

import random

import pytest

from mahjongg.bots import BOTS, Bot, BotError, CautiousBot, GreedyBot, RandomBot, make_bot
from mahjongg.bots.cautious import danger
from mahjongg.bots.evaluation import best_discard, discard_options, discard_shanten, shanten_after_discards, useful_draws
from mahjongg.hand import Meld, MeldKind
from mahjongg.notation import parse_tiles
from mahjongg.rules import RULESETS
from mahjongg.shanten import shanten, useful_tiles
from mahjongg.table import Action, ActionKind, Game, Observation
from mahjongg.tiles import Wind, tile

SEATS = tuple(Wind)


def obs(concealed: str, *, melds=None, discards=None, drawable=60, seat=Wind.EAST, history=None) -> Observation:
    """An observation made by hand: ``seat`` in turn holding ``concealed``."""
    melds = {s: tuple((melds or {}).get(s, ())) for s in SEATS}
    discards = {s: tuple(parse_tiles((discards or {}).get(s, ""))) for s in SEATS}
    if history is None:
        history = tuple((s, t, None) for s in SEATS for t in discards[s])
    tiles = tuple(sorted(parse_tiles(concealed)))
    return Observation(
        seat=seat,
        seats=SEATS,
        round=Wind.EAST,
        ruleset=RULESETS["pung-chow"],
        phase="turn",
        turn=seat,
        concealed=tiles,
        drawn=tiles[-1],
        melds=melds,
        bonus={s: () for s in SEATS},
        discards=discards,
        discard_history=history,
        concealed_counts={s: (len(tiles) if s == seat else 13 - 3 * len(melds[s])) for s in SEATS},
        wall_count=drawable + 14,
        drawable=drawable,
        last_discard=None,
        last_discarder=None,
        claim_window=False,
        waiting=(),
        dead=frozenset(),
    )


def discards_of(o: Observation) -> list[Action]:
    return [Action.discard(o.seat, t) for t in sorted(set(o.concealed))]


def test_registry_and_unknown_name():
    assert set(BOTS) == {"random", "greedy", "cautious", "expert", "master", "learned"}
    for name in BOTS:
        b = make_bot(name, 1)
        assert isinstance(b, Bot) and b.name == name
    with pytest.raises(BotError, match="unknown bot 'clever'.*random, greedy, cautious, expert, master, learned"):
        make_bot("clever")


class SpyBot(Bot):
    """Wraps a bot: checks every call gets an Observation and returns a legal action."""

    def __init__(self, inner: Bot, game: Game):
        super().__init__()
        self.inner, self.game, self.calls = inner, game, 0

    def act(self, observation, legal):
        assert isinstance(observation, Observation)
        seat = observation.seat
        # the observation holds nothing of another seat's concealed tiles
        for s in observation.seats:
            if s != seat:
                assert observation.concealed_counts[s] == len(self.game.hand(s).concealed)
        assert observation.concealed == tuple(sorted(self.game.hand(seat).concealed))
        a = self.inner.act(observation, list(legal))
        assert a in legal, (a, legal)
        self.calls += 1
        return a


@pytest.mark.parametrize("mix", [("random",) * 4, ("greedy",) * 4, ("cautious", "greedy", "random", "cautious")])
def test_bots_only_take_legal_actions(mix):
    for seed in range(6):
        g = Game(seed=seed)
        bots = {s: SpyBot(make_bot(name, seed * 4 + s), g) for s, name in zip(SEATS, mix)}
        while not g.is_over:
            seat = g.to_act()[0]
            g.apply(bots[seat].act(g.observation(seat), g.legal_actions(seat)))
        assert sum(g.result.net.values()) == 0


def test_random_bot_is_seeded():
    o = obs("123b 456c 789d 34d 8d E N")
    legal = discards_of(o)
    a = [RandomBot(5).act(o, legal) for _ in range(3)]
    b = [RandomBot(5).act(o, legal) for _ in range(3)]
    assert a == b


def test_greedy_discard_worked_by_hand():
    # 123b 456c 789d 34d 1c E N: three sets, the partial 34d, three singles.
    # Discarding 1c, E or N leaves shanten 1 (complete 34d and pair a single);
    # any other discard breaks a set or the partial and leaves 2.
    # Two E lie on the table, so E can hardly pair. Useful tiles after each:
    #   discard E : 2d 5d (4+4 unseen) + 1c (3) + N (3)  = 14
    #   discard N : 2d 5d (4+4)        + 1c (3) + E (1)  = 12
    #   discard 1c: 2d 5d (4+4)        + E (1)  + N (3)  = 12
    # so greedy discards E.
    o = obs("123b 456c 789d 34d 1c E N", discards={Wind.SOUTH: "E", Wind.WEST: "E"})
    a = GreedyBot(0).act(o, discards_of(o))
    assert a == Action.discard(Wind.EAST, tile("E"))
    # with nothing on the table the three are equal on live tiles (14 each) and
    # equal on unseen copies (3 each): the highest tile goes, N
    o = obs("123b 456c 789d 34d 1c E N")
    assert GreedyBot(0).act(o, discards_of(o)) == Action.discard(Wind.EAST, tile("N"))


def test_greedy_takes_mahjongg_and_claims_only_when_nearer():
    o = obs("123b 456c 789d 345d EE")
    legal = [Action(ActionKind.MAHJONGG, Wind.EAST, tile("E"))] + discards_of(o)
    assert GreedyBot(0).act(o, legal).kind is ActionKind.MAHJONGG
    # claim window: South discards 5d; East holds 123b 456c 789d 55d 7d N (13):
    # three sets, the pair 55d, two singles -- shanten 1
    base = obs("123b 456c 789d 55d 7d N")
    claim = Observation(**{**base.__dict__, "phase": "claims", "turn": Wind.SOUTH, "claim_window": True,
                           "last_discard": tile("5d"), "last_discarder": Wind.SOUTH, "drawn": None})
    pung = Action(ActionKind.PUNG, Wind.EAST, tile("5d"))
    pass_ = Action.pass_(Wind.EAST, tile("5d"))
    # the pung makes a fourth set (discard 7d or N, wait on the other): shanten 0
    assert GreedyBot(0).act(claim, [pung, pass_]) == pung
    # a chow of 5d with 34d... East holds no 34d or 46d here; a chow from 3d needs 4d:
    # with 123b 456c 789d 55d 7d N a chow 567d (5d claimed, 6d missing) is not legal; PASS
    # is what remains when only refused claims are offered:
    chow_less = obs("123b 456c 789d 46d 7d N")
    claim = Observation(**{**chow_less.__dict__, "phase": "claims", "claim_window": True, "drawn": None,
                           "last_discard": tile("5d"), "last_discarder": Wind.NORTH})
    chow = Action(ActionKind.CHOW, Wind.EAST, tile("5d"), tile("4d"))
    # 46d + 5d = 456d: three sets and a set, singles 7d N: shanten 1 -> 0, so claimed
    assert shanten(_counts("123b 456c 789d 46d 7d N")) == 1
    assert GreedyBot(0).act(claim, [chow, Action.pass_(Wind.EAST, tile("5d"))]) == chow


def _counts(text):
    c = [0] * 34
    for t in parse_tiles(text):
        c[t] += 1
    return c


def test_cautious_defends_with_safe_discards():
    # Late in the hand (12 drawable tiles), East's hand is hopeless (shanten >= 2).
    # South has exposed two bamboo pungs: he is making bamboo; the bamboo East
    # holds (2b 5b) is dangerous. 9c was discarded by North earlier: dead, safe.
    hand = "25b 19c 4d 7d E S W N R G Wh 9c"  # 14 tiles, 9c twice
    o = obs(
        hand,
        melds={Wind.SOUTH: (Meld(MeldKind.PUNG, tile("3b"), True), Meld(MeldKind.PUNG, tile("7b"), True))},
        discards={Wind.NORTH: "9c"},
        drawable=12,
    )
    assert danger(o, tile("2b")) == 2 and danger(o, tile("9c")) == 0
    bot = CautiousBot(0)
    c = _counts(hand)
    assert bot.mode(o, min(discard_shanten(c, 0, [t for t in range(34) if c[t]]).values())) == "defend"
    a = bot.act(o, discards_of(o))
    assert a == Action.discard(Wind.EAST, tile("9c"))


def test_cautious_holds_what_an_exposed_chow_needs():
    # North shows chows of 345d and 678d; East (hopeless, wall short) holds 2d and 9d next to them.
    hand = "2d 9d 1b 5b 9b 1c 5c E S W N R G Wh"
    o = obs(
        hand,
        melds={Wind.NORTH: (Meld(MeldKind.CHOW, tile("3d"), True), Meld(MeldKind.CHOW, tile("6d"), True))},
        discards={Wind.SOUTH: "E E", Wind.WEST: "R"},
        drawable=10,
    )
    a = CautiousBot(0).act(o, discards_of(o))
    # North shows two dots sets: he collects dots (and may use honors); East keeps
    # every dot and every honor and throws a tile nothing on the table shows he needs
    assert danger(o, tile("2d")) == 3 and danger(o, tile("E")) == 1
    assert a.tile not in (tile("2d"), tile("9d"))
    assert danger(o, a.tile) == 0 and a.tile < 18


def test_cautious_chases_one_suit_early():
    # 10 characters + honors of 14 early in the hand: the off-suit 2b and 7d go first
    hand = "112345678c 2b 7d EE"
    o = obs(hand, drawable=70)
    bot = CautiousBot(0)
    assert bot.plan_suit(o) == 1
    a = bot.act(o, discards_of(o))
    assert a.tile in (tile("2b"), tile("7d"))


def test_discard_options_agree_with_shanten_module():
    rng = random.Random(3)
    wall = [i for i in range(34) for _ in range(4)]
    for _ in range(300):
        rng.shuffle(wall)
        d = rng.randrange(3)
        c = [0] * 34
        for t in wall[: 14 - 3 * d]:
            c[t] += 1
        unseen = [rng.randrange(5) for _ in range(34)]
        cands = [t for t in range(34) if c[t]]
        opts = discard_options(c, d, cands, unseen)
        sh = discard_shanten(c, d, cands)
        every = shanten_after_discards(c, d)  # every kind at once: the same, 98 for a kind not held
        assert [every[t] for t in cands] == [sh[t] for t in cands] and all(every[t] == 98 for t in range(34) if not c[t])
        for t in cands:
            c[t] -= 1
            assert shanten(c, d) == opts[t][0] == sh[t]
            assert sum(unseen[x] for x in useful_tiles(c, d)) == opts[t][1]
            assert useful_draws(c, d) == useful_tiles(c, d)  # the bots' memoised form, the same kinds
            c[t] += 1


def test_best_discard_ranks_as_discard_options():
    """best_discard picks the min of (shanten, -live, unseen[t], -t) over discard_options."""
    rng = random.Random(5)
    wall = [i for i in range(34) for _ in range(4)]
    for _ in range(400):
        rng.shuffle(wall)
        d = rng.randrange(4)
        c = [0] * 34
        for t in wall[: 14 - 3 * d]:
            c[t] += 1
        unseen = [rng.randrange(5) for _ in range(34)]
        cands = [t for t in range(34) if c[t]]
        rng.shuffle(cands)
        if rng.random() < 0.5:
            cands = cands[: rng.randrange(1, len(cands) + 1)]
        opts = discard_options(c, d, cands, unseen)
        want = min(cands, key=lambda t: (opts[t][0], -opts[t][1], unseen[t], -t))
        assert best_discard(c, d, cands, unseen) == (want, opts[want][0])
