"""What a seat observes is a function of its own tiles and the table only, when every
seat answers every discard (``Game(claims="all")``; issue 23, section 1; docs/claims.md).

Hypothesis: deal a hand, then deal it again with two tiles swapped between the
concealed hands of two other seats (tiles seat S never sees). The other seats play
a script that reads only what they drew (discard the tile drawn, pass every claim),
S a random bot from its own observations. With ``claims="all"`` S's whole stream of
observations -- one after every action of the hand -- is the same in both deals,
under every ruleset. With ``claims="able"`` it is not always: a seat that can pung,
chow or win on a discard opens a claim window the others see (the channel closed).
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mahjongg.bots import RandomBot
from mahjongg.rules import RULESETS, get_ruleset
from mahjongg.table import ActionKind, Game
from mahjongg.table.observation import materialized
from mahjongg.table.wall import Wall, deal
from mahjongg.tiles import Wind

NAMES = sorted(RULESETS)


def script(obs, legal):
    """A seat that reads nothing but its draw: pass every claim window; in its turn,
    discard the tile just drawn, else lay out a held bonus tile, else the first
    tile it may discard."""
    if obs.phase == "claims":
        return next(a for a in legal if a.kind is ActionKind.PASS)
    for a in legal:
        if a.kind is ActionKind.DISCARD and a.tile == obs.drawn:
            return a
    for kind in (ActionKind.BONUS, ActionKind.DISCARD):
        for a in legal:
            if a.kind is kind:
                return a
    return legal[0]


def stream(game: Game, me: Wind, seed: int) -> list[dict]:
    """``me``'s observation after every action of the hand, ``me`` playing a random bot."""
    bot = RandomBot(seed)
    seen = [materialized(game.observation(me)).to_dict()]
    for _ in range(2000):
        if game.is_over:
            return seen
        s = game.to_act()[0]
        legal = game.legal_actions(s)
        game.apply(bot.act(game.observation(s), legal) if s == me else script(game.observation(s), legal))
        seen.append(materialized(game.observation(me)).to_dict())
    raise AssertionError("the hand did not end")


def dealt_positions(game: Game) -> dict[Wind, list[int]]:
    """Which places of the built wall each seat's original hand came from (the same
    wall built of place numbers, broken and dealt alike)."""
    w = game.wall
    places = Wall(list(range(len(game.built))), w.stacks, w.breaker, w.break_count, w.refill)
    return deal(places, game.seats, game.ruleset.jump_deal)


def swapped_deal(name: str, seed: int, me: Wind, pick: int, claims: str):
    """(the hand as dealt, the same hand with one tile of each of two other seats'
    original hands swapped), or None if no such pair differs; both with ``claims``."""
    ruleset = get_ruleset(name)
    plain = Game(ruleset, seed, claims=claims)
    hands = dealt_positions(plain)
    others = [s for s in plain.seats if s != me]
    a, b = others[pick % len(others)], others[(pick + 1) % len(others)]
    built = list(plain.built)
    # not East's last tile: he discards it first, in sight of all
    last = hands[Wind.EAST][-1]
    for i in hands[a]:
        for j in hands[b]:
            if i != last and j != last and built[i] != built[j] and not built[i].is_bonus and not built[j].is_bonus:
                built[i], built[j] = built[j], built[i]
                other = Game.from_wall(built, plain.dice, ruleset, claims=claims)
                return Game.from_wall(plain.built, plain.dice, ruleset, claims=claims), other
    return None


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(NAMES), st.integers(0, 10_000), st.sampled_from(list(Wind)), st.integers(0, 2))
def test_a_seat_sees_the_same_whatever_the_others_hold(name, seed, me, pick):
    games = swapped_deal(name, seed, me, pick, "all")
    if games is None:
        return
    one, two = games
    assert one.snapshot()["hands"] != two.snapshot()["hands"]  # the deals do differ
    assert stream(one, me, seed) == stream(two, me, seed)


def test_with_claims_able_the_others_hands_show():
    """The channel the pause closes: under ``claims="able"`` some deal of the same kind
    gives ``me`` another stream (a window opens, or not, on what others hold)."""
    for seed in range(200):
        games = swapped_deal("pung-chow", seed, Wind.SOUTH, 0, "able")
        if games is not None and stream(games[0], Wind.SOUTH, seed) != stream(games[1], Wind.SOUTH, seed):
            break
    else:
        raise AssertionError("no deal of 200 showed the others' tiles under claims='able'")
    # the same deals under claims="all" show nothing
    one, two = swapped_deal("pung-chow", seed, Wind.SOUTH, 0, "all")
    assert stream(one, Wind.SOUTH, seed) == stream(two, Wind.SOUTH, seed)


def test_claims_is_logged_and_replayed_and_checked():
    g = Game(get_ruleset("hong-kong"), 4, claims="all")
    assert g.events[0]["claims"] == "all" and "claims" not in Game(get_ruleset("hong-kong"), 4).events[0]
    bots = {s: RandomBot(s) for s in g.seats}
    while not g.is_over:
        s = g.to_act()[0]
        g.apply(bots[s].act(g.observation(s), g.legal_actions(s)))
    again = Game.replay(g.events)
    assert again.claims == "all" and again.events == g.events
    import pytest

    from mahjongg.table import GameError

    with pytest.raises(GameError, match="claims is 'able'"):
        Game(get_ruleset("hong-kong"), 4, claims="some")
