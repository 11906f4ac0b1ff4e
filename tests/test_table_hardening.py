"""Nothing from outside can break a game (issue 20).

* A seat declared dead while it alone may answer a claim window closes the
  window (it used to leave ``to_act() == []`` with the phase still claims).
* Every malformed action -- not an Action, a kind, seat or tile of the wrong
  type -- is refused with the library's error, naming what is wrong, and
  leaves the state and the log untouched.
* An observation is a plain value: walking its object graph finds no Game,
  no Wall, none of the engine's mutable state and no other seat's
  concealed tiles, under every ruleset and player count.
* Hypothesis: random legal, random garbage actions and ``declare_dead`` at
  random moments, under every ruleset and player count: the hand ends within
  a bound, every refused call raises a ``MahjonggError`` with the state and
  log unchanged, and the log replays.
"""

from __future__ import annotations

import gc
import random
import types

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mahjongg.bots import make_bot
from mahjongg.errors import MahjonggError
from mahjongg.hand import Hand
from mahjongg.rules import RULESETS, get_ruleset
from mahjongg.table import Action, ActionKind, Game, IllegalActionError, Phase, Wall
from mahjongg.table.observation import materialized
from mahjongg.tiles import TILES, Tile, Wind

E, S, W, N = Wind
NAMES = sorted(RULESETS)


def play_until(g: Game, bots: dict, n: int) -> None:
    for _ in range(n):
        s = g.to_act()[0]
        g.apply(bots[s].act(g.observation(s), g.legal_actions(s)))


def state(g: Game) -> tuple:
    return (g.snapshot(), len(g.events), repr(g.events[-1]), [g.legal_actions(s) for s in g.seats])


# --- the declare_dead hang ----------------------------------------------------------------


def test_declaring_dead_the_only_seat_that_may_answer_closes_the_claim_window():
    # pung-chow, seed 136, four random bots seeded seed*8+k (the repro): after 81
    # actions North alone may answer South's discard of 2c, with Mah-Jongg or pass.
    g = Game(get_ruleset("pung-chow"), 136, 4)
    bots = {Wind(k): make_bot("random", 136 * 8 + k) for k in range(4)}
    play_until(g, bots, 81)
    assert g.phase == Phase.CLAIMS and g.to_act() == [N]
    assert [a.kind for a in g.legal_actions(N)] == [ActionKind.MAHJONGG, ActionKind.PASS]
    g.declare_dead(N)
    # its Mah-Jongg lapses, it has nothing left to answer: the discard is dead and the
    # next player (West, after the discarder South) draws
    assert g.phase == Phase.TURN and g.to_act() == [W]
    assert N in g.dead and g.legal_actions(N) == ()
    while not g.is_over:
        play_until(g, bots, 1)
    assert Game.replay(g.events).snapshot() == g.snapshot()


def test_declaring_dead_in_a_window_that_others_still_answer_keeps_it_open():
    # pung-chow, seed 4, greedy bots seeded seed*8+k: a claim window where East and West
    # answer and West may only go Mah-Jongg or pass (found by search; the test checks it)
    g = Game(get_ruleset("pung-chow"), 4, 4)
    bots = {s: make_bot("greedy", 4 * 8 + int(s)) for s in g.seats}
    def mahjongg_or_pass(s):
        return [a.kind for a in g.legal_actions(s)] == [ActionKind.MAHJONGG, ActionKind.PASS]

    while not (g.phase == Phase.CLAIMS and len(g.to_act()) >= 2 and any(map(mahjongg_or_pass, g.to_act()))):
        play_until(g, bots, 1)
    assert g.to_act() == [E, W]
    assert [a.kind for a in g.legal_actions(W)] == [ActionKind.MAHJONGG, ActionKind.PASS]
    g.declare_dead(W)
    # West's claim lapses; East still answers, and the window stays open for him
    assert g.phase == Phase.CLAIMS and g.to_act() == [E] and g.legal_actions(W) == ()


def _greedy_to(seed: int, steps: int) -> tuple[Game, dict]:
    """pung-chow, ``seed``, greedy bots seeded seed*8+k, after ``steps`` actions."""
    g = Game(get_ruleset("pung-chow"), seed, 4)
    bots = {Wind(k): make_bot("greedy", seed * 8 + k) for k in range(4)}
    play_until(g, bots, steps)
    return g, bots


def test_a_mahjongg_answered_then_declared_dead_lapses_and_the_window_resolves():
    # seed 4 after 42 actions (the window of the test above): North discarded 2b; East may
    # pung or pass, West may go Mah-Jongg or pass. West answers Mah-Jongg, then is declared
    # dead: his answer lapses (a dead hand cannot win) and, with nothing left but PASS, he
    # answers no more. East's PASS used to close the window on West's Mah-Jongg and raise
    # ImpossibleWin (issue 43: 113 of 116 such windows stranded the hand).
    g, bots = _greedy_to(4, 42)
    assert g.last_discard == (N, Tile.parse("2b")) and g.to_act() == [E, W]
    g.apply(Action(ActionKind.MAHJONGG, W, Tile.parse("2b")))
    g.declare_dead(W)
    assert g.phase == Phase.CLAIMS and g.to_act() == [E] and g.legal_actions(W) == ()
    g.apply(Action.pass_(E, Tile.parse("2b")))
    # nobody claims: the discard is dead and the seat after the discarder North (East) draws
    assert g.phase == Phase.TURN and g.to_act() == [E] and g.events[-1]["type"] == "draw"
    while not g.is_over:
        play_until(g, bots, 1)
    assert g.result.winner != W and W in g.result.dead
    assert Game.replay(g.events).snapshot() == g.snapshot()


def test_a_lapsed_mahjongg_answer_leaves_the_dead_seat_its_other_claims():
    # seed 84 after 37 actions: East discarded 8b; South may chow or pass, North may go
    # Mah-Jongg, pung or pass. North answers Mah-Jongg and is declared dead: the answer
    # lapses and North answers again from what a dead hand may still do (it keeps playing:
    # docs/rules/table.md), pung or pass. His pung outranks South's chow.
    g, _ = _greedy_to(84, 37)
    eight = Tile.parse("8b")
    assert g.last_discard == (E, eight) and g.to_act() == [S, N]
    g.apply(Action(ActionKind.MAHJONGG, N, eight))
    g.declare_dead(N)
    assert g.to_act() == [S, N]
    assert [a.kind for a in g.legal_actions(N)] == [ActionKind.PUNG, ActionKind.PASS]
    g.apply(Action(ActionKind.PUNG, N, eight))
    g.apply(g.legal_actions(S)[0])  # South chows: the pung wins the discard
    assert g.phase == Phase.TURN and g.to_act() == [N]
    assert g.events[-1] == {"type": "claim", "seat": "N", "kind": "pung", "tile": "8b", "from": "E"}
    assert Game.replay(g.events).snapshot() == g.snapshot()


def test_every_action_refused_in_the_washing_window_is_an_illegal_action():
    # pung-chow-limit washes the tiles (seed 000 Part II); with claims="all" every seat answers
    # the washing window, a claim window on no discard. Seed 1: nobody may wash, each seat is
    # offered PASS alone. A discard or a kong here used to raise AttributeError (the refusal
    # named the discarder, and there is none), a claim named "the discard under claim None".
    g = Game(get_ruleset("pung-chow-limit"), 1, 4, claims="all")
    assert g.washing and g.to_act() == [E, S, W, N]
    t = g.hand(E).concealed[0]
    wash = "the washing window is open"
    for a, why in (
        (Action.discard(E, t), wash),
        (Action(ActionKind.CONCEALED_KONG, E, t), wash),
        (Action(ActionKind.CHOW, S, t, t), wash),
        (Action(ActionKind.PUNG, S, t), wash),
        (Action(ActionKind.MAHJONGG, S, t), wash),
        (Action.pass_(S, t), wash),  # the washing window's PASS names no tile
        (Action(ActionKind.WASH, S), "may not wash the tiles"),
    ):
        before = state(g)
        with pytest.raises(IllegalActionError, match=why) as e:
            g.apply(a)
        assert "\n" not in str(e.value) and "None" not in str(e.value)
        assert state(g) == before
    g.apply(Action(ActionKind.PASS, S))
    with pytest.raises(IllegalActionError, match="S has already answered in the washing window"):
        g.apply(Action(ActionKind.PASS, S))


def test_an_action_the_engine_hands_out_cannot_be_changed_by_any_setattr():
    # the engine hands every game the same Action objects (made once per process): one
    # object.__setattr__ on one of them changed every later game (issue 43: 38 of 38 crashed).
    # Each way in is refused and a game played afterwards is the game played before.
    def hand(seed):
        g = Game(get_ruleset("pung-chow"), seed, 4)
        bots = {s: make_bot("random", seed * 8 + int(s)) for s in g.seats}
        while not g.is_over:
            play_until(g, bots, 1)
        return g.events

    before = hand(11)
    g = Game(get_ruleset("pung-chow"), 11, 4)
    a = g.legal_actions(E)[0]
    assert a is Game(get_ruleset("pung-chow"), 11, 4).legal_actions(E)[0]  # shared indeed

    class Other(tuple):  # a class of the same layout: CPython would accept it as __class__
        __slots__ = ()

    for name, value in (("kind", ActionKind.PASS), ("seat", W), ("tile", None), ("chow", a.tile), ("__class__", Other), ("__dict__", {}), ("x", 1)):
        with pytest.raises((AttributeError, TypeError)):
            object.__setattr__(a, name, value)
        with pytest.raises((AttributeError, TypeError)):
            object.__delattr__(a, name)
    assert type(a) is Action and a.kind is ActionKind.DISCARD and a.seat is E
    assert hand(11) == before


def test_an_action_is_equal_only_to_an_action():
    # a value as the frozen dataclass was: equal to an Action of the same fields (hashed
    # alike), never to the plain tuple of its fields, and unordered
    a, b = Action.discard(E, Tile.parse("5b")), Action(ActionKind.DISCARD, E, Tile.parse("5b"))
    assert a == b and not a != b and hash(a) == hash(b) and len({a, b}) == 1
    t = (ActionKind.DISCARD, E, Tile.parse("5b"), None)
    assert a != t and t != a and not a == t and not t == a and t not in {a}
    with pytest.raises(TypeError):
        a < b  # noqa: B015
    assert Action.from_dict(a.to_dict()) == a and repr(a) == "Action('E discard 5b')"


# --- malformed actions ------------------------------------------------------------------------


def _malformed(g: Game) -> list:
    seat = g.to_act()[0]
    legal = g.legal_actions(seat)[0]
    t = legal.tile
    return [
        None,
        "E discard 1b",
        3.0,
        (ActionKind.DISCARD, seat, t),
        {"kind": "discard", "seat": "E", "tile": str(t)},
        Action(legal.kind, seat, int(t)),  # equals the legal action; 0 is no tile
        Action(legal.kind, seat, float(t)),
        Action(legal.kind, int(seat), t),
        Action(legal.kind, -4, t),
        Action(legal.kind, 7, t),
        Action(legal.kind, None, t),
        Action(legal.kind, "E", t),
        Action(legal.kind.value, seat, t),
        Action(None, seat, t),
        Action(legal.kind, seat, str(t)),
        Action(legal.kind, seat, t, t),  # a chow's run on a discard
        Action(legal.kind, seat, TILES[34]),  # a Flower named by a discard
    ]


@pytest.mark.parametrize("name", NAMES)
def test_every_malformed_action_is_refused_with_the_librarys_error(name):
    g = Game(get_ruleset(name), 5, 4)
    bots = {s: make_bot("random", int(s)) for s in g.seats}
    for moment in range(3):  # in a turn, and later (a claim window may be open)
        before = state(g)
        for a in _malformed(g):
            with pytest.raises(IllegalActionError) as err:
                g.apply(a)
            msg = str(err.value)
            assert "\n" not in msg and msg
            assert state(g) == before, a
        play_until(g, bots, 7)
        if g.is_over:
            break


def test_an_action_equal_to_a_legal_one_but_of_the_wrong_types_names_what_is_wrong():
    g = Game(get_ruleset("pung-chow"), 5, 4)
    t = g.legal_actions(E)[0].tile
    with pytest.raises(IllegalActionError, match="is not a Tile"):
        g.apply(Action(ActionKind.DISCARD, E, int(t)))
    with pytest.raises(IllegalActionError, match="is not a Wind"):
        g.apply(Action(ActionKind.DISCARD, -4, t))
    with pytest.raises(IllegalActionError, match="not an ActionKind"):
        g.apply(Action("discard", E, t))
    with pytest.raises(IllegalActionError, match="is not an Action"):
        g.apply(None)
    # and the log stays replayable: only the real action is logged
    g.apply(Action(ActionKind.DISCARD, E, t))
    assert g.events[-1]["tile"] == str(t) if g.events[-1]["type"] == "action" else True
    assert Game.replay(g.events).snapshot() == g.snapshot()


@pytest.mark.parametrize("bad", [-4, -1, 4, 7, None, "E", 1.0, True])
def test_a_seat_that_is_no_seat_is_refused_everywhere_and_writes_nowhere(bad):
    g = Game(get_ruleset("pung-chow"), 5, 4)
    before = state(g)
    for call in (g.legal_actions, g.observation, g.declare_dead):
        with pytest.raises(MahjonggError):
            call(bad)
        assert state(g) == before
    # East's own moves are still his (legal_actions(-4) used to write into East's slot)
    assert g.legal_actions(E) and g.to_act() == [E]
    g.apply(g.legal_actions(E)[0])


def test_observing_a_dummy_seat_is_refused():
    g = Game(get_ruleset("pung-chow"), 5, 3)
    with pytest.raises(IllegalActionError, match="not playing"):
        g.observation(N)
    assert g.legal_actions(N) == ()


# --- an observation is a plain value -------------------------------------------------------

_CODE = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType, types.MethodType, types.CodeType)


def _reachable(root) -> list:
    """Every object reachable from ``root`` through its data (not through classes,
    modules or functions: the code every value shares)."""
    seen: dict[int, object] = {}
    todo = [root]
    while todo:
        o = todo.pop()
        if id(o) in seen:
            continue
        seen[id(o)] = o
        if isinstance(o, _CODE):
            continue
        todo.extend(gc.get_referents(o))
    return list(seen.values())


def _engine_state(g: Game) -> dict[int, str]:
    """The Game's mutable state, by id: none of it may be reachable from an observation."""
    out = {id(g): "the Game", id(g.wall): "the Wall", id(g.events): "the event log"}
    for name, value in vars(g).items():
        if isinstance(value, (list, dict, set)):
            out[id(value)] = f"Game.{name}"
            for x in value if isinstance(value, list) else ():
                if isinstance(x, (list, dict)):
                    out[id(x)] = f"an item of Game.{name}"
    for name in g.wall.__slots__:
        value = getattr(g.wall, name, None)
        if isinstance(value, list):
            out[id(value)] = f"Wall.{name}"
    return out


def check_plain(g: Game, seat: Wind, obs) -> None:
    forbidden = _engine_state(g)
    others = {w: g.hand(w) for w in g.seats if w != seat}
    secret = set()
    for w, h in others.items():
        if len(h.concealed) > 1:
            secret.add(tuple(h.concealed))
            secret.add(tuple(g._counts[w]))
        if h.hidden:
            secret.add(tuple(h.hidden))
    own = tuple(g._counts[seat])
    for o in _reachable(obs):
        assert not isinstance(o, (Game, Wall, random.Random)), type(o)
        assert id(o) not in forbidden, forbidden.get(id(o))
        if isinstance(o, Hand):
            assert o == g.hand(seat), "another seat's hand"
        if isinstance(o, (tuple, list)) and o != own and len(o) > 1:
            assert tuple(o) not in secret, f"another seat's concealed tiles: {o}"


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("name", NAMES)
def test_an_observation_reaches_nothing_hidden(name, players):
    g = Game(get_ruleset(name), 21 + players, players)
    bots = {s: make_bot("greedy", int(s)) for s in g.seats}
    step = 0
    while True:
        for s in g.seats:
            obs = g.observation(s)
            check_plain(g, s, obs)  # as handed out, its fields not yet worked out
            if step % 4 == 0:
                check_plain(g, s, materialized(g.observation(s)))  # every field worked out
        if g.is_over:
            break
        seat = g.to_act()[0]
        g.apply(bots[seat].act(g.observation(seat), g.legal_actions(seat)))
        step += 1


def test_changing_an_observation_changes_neither_the_game_nor_another_observation():
    g = Game(get_ruleset("traditional"), 4, 4)
    a, b = g.observation(E), g.observation(S)
    before = g.snapshot()
    a.melds[S] = ("junk",)
    a.concealed_counts[W] = 99
    a.discards.clear()
    assert g.snapshot() == before
    assert b.melds[S] == () and b.concealed_counts[W] == 13 and g.observation(E).concealed_counts[W] == 13


# --- Hypothesis: anything at any moment --------------------------------------------------------

KINDS = list(ActionKind)


def _garbage(rng: random.Random, g: Game):
    """A random call from outside: garbage, or a well-typed action that is likely illegal."""
    seat = rng.choice(list(Wind))
    t = rng.choice(TILES)
    pick = rng.randrange(8)
    if pick == 0:
        return rng.choice([None, "pass", 3.0, -4, object(), (ActionKind.PASS, seat)])
    if pick == 1:
        return Action(rng.choice(KINDS), rng.choice([-4, 7, None, "E", 1.5]), t)
    if pick == 2:
        return Action(rng.choice(KINDS), seat, rng.choice([0, 3.0, "1b", -1, 99]))
    if pick == 3:
        return Action(rng.choice(["discard", None, 3]), seat, t)
    return Action(rng.choice(KINDS), seat, rng.choice([t, None]), rng.choice([None, None, t]))


BOUND = 3000  # calls that change the state; a hand takes a few hundred at most


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from(NAMES),
    players=st.sampled_from([2, 3, 4]),
    seed=st.integers(0, 2**32 - 1),
    garbage=st.floats(0, 0.5),
    deaths=st.floats(0, 0.03),
)
def test_random_and_garbage_calls_at_random_moments(name, players, seed, garbage, deaths):
    rng = random.Random(seed)
    g = Game(get_ruleset(name), seed, players)
    changes = 0
    while not g.is_over:
        assert changes < BOUND, "the hand does not end"
        movers = g.to_act()
        assert movers, f"nobody may act in phase {g.phase}"  # the declare_dead hang
        r = rng.random()
        before = state(g)
        if r < deaths:
            seat = rng.choice(list(Wind) + [-1, 7, None])
            try:
                g.declare_dead(seat, rng.choice(["penalty", "a wrong discard"]))
            except MahjonggError:
                assert state(g) == before
            else:
                assert seat in g.seats and Wind(seat) in g.dead
                changes += 1
            continue
        if r < deaths + garbage:
            a = _garbage(rng, g)
            was_legal = any(a == x for s in g.seats for x in g.legal_actions(s))
            try:
                g.apply(a)
            except MahjonggError as e:
                assert isinstance(e, IllegalActionError) and str(e) and "\n" not in str(e)
                assert state(g) == before
            else:
                # only a well-typed action equal to a legal one is accepted
                assert type(a) is Action and type(a.seat) is Wind and (a.tile is None or type(a.tile) is Tile)
                assert was_legal
                changes += 1
            continue
        seat = rng.choice(movers)
        g.apply(rng.choice(g.legal_actions(seat)))
        changes += 1
    assert g.to_act() == []
    assert Game.replay(g.events).snapshot() == g.snapshot()
    assert sum(g.result.net.values()) == 0
