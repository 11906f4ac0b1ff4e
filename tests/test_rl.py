"""The RL environments (issue 15): PettingZoo's and Gymnasium's own API checks,
and the properties the issue asks for, over many seeds.

Skipped without the ``rl`` packages (PettingZoo, Gymnasium, NumPy).
"""

from __future__ import annotations

import random
import warnings

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import gymnasium  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402
from hypothesis import given, settings, strategies as st  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402

from mahjongg.bots import GreedyBot, make_bot  # noqa: E402
from mahjongg.errors import MahjonggError, StateError  # noqa: E402
from mahjongg.hand import MeldKind  # noqa: E402
from mahjongg.rl import ENV_IDS, SeatEnv, action_table, encode, env, make_vec, raw_env  # noqa: E402
from mahjongg.rl.actions import ActionTableError  # noqa: E402
from mahjongg.rl.encoding import PLANES  # noqa: E402
from mahjongg.rules import RULESETS, get_ruleset  # noqa: E402
from mahjongg.play.seeds import bot_seed  # noqa: E402
from mahjongg.simulate import play_hand, simulate  # noqa: E402
from mahjongg.table import Game  # noqa: E402
from mahjongg.tiles import NUM_KINDS, Wind  # noqa: E402

ALL = sorted(RULESETS)


@pytest.fixture(autouse=True)
def _quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the API tests warn about Dict observations, as for chess
        yield


# --- the libraries' own checks ---------------------------------------------------------
@pytest.mark.parametrize(
    "ruleset,players", [(r, 4) for r in ALL] + [("pung-chow", 3), ("pung-chow", 2)]
)
def test_pettingzoo_api(ruleset, players):
    api_test(env(ruleset, players), num_cycles=400)


@pytest.mark.parametrize("ruleset", ["pung-chow", "hong-kong", "pung-chow-limit"])
def test_pettingzoo_api_every_seat_answers_every_discard(ruleset):
    """The strict setting (``claims="all"``; the default is ``"able"``) passes too:
    chows and pungs, robbing a kong, the washing window."""
    api_test(env(ruleset, 4, claims="all"), num_cycles=400)


@pytest.mark.parametrize("ruleset", ALL)
def test_gymnasium_check_env(ruleset):
    e = gymnasium.make(ENV_IDS[ruleset])
    check_env(e.unwrapped, skip_render_check=True)
    assert e.unwrapped.ruleset.name == ruleset


@pytest.mark.parametrize("opponents", [("greedy",), ("greedy", "random")])
def test_gymnasium_check_env_two_and_three_players(opponents):
    e = SeatEnv("pung-chow", opponents=opponents, seat=len(opponents))
    check_env(e, skip_render_check=True)
    obs, info = e.reset(seed=3)
    assert e.game.players == len(opponents) + 1 and obs["action_mask"].any()


def test_registered_ids_and_vector_env():
    assert ENV_IDS["pung-chow"] == "mahjongg/PungChow-v0"
    assert ENV_IDS["hong-kong"] == "mahjongg/HongKong-v0"
    v = gymnasium.make_vec(
        "mahjongg/PungChow-v0",
        num_envs=3,
        vectorization_mode="sync",
        vector_kwargs={"autoreset_mode": gymnasium.vector.AutoresetMode.SAME_STEP},
        opponents=("random",) * 3,
    )
    _step_vec(v)
    _step_vec(make_vec(2, "hong-kong", opponents=("random",) * 3))


def _step_vec(v):
    obs, info = v.reset(seed=5)
    k = v.num_envs
    assert obs["observation"].shape[:2] == (k, PLANES)
    assert obs["action_mask"].shape == (k, v.single_action_space.n)
    rng = np.random.default_rng(0)
    for _ in range(300):
        a = [int(rng.choice(np.flatnonzero(m))) for m in obs["action_mask"]]
        obs, r, term, trunc, info = v.step(a)
        assert obs["action_mask"].sum(axis=1).min() >= 1  # autoreset keeps every env acting
    v.close()


# --- the action table --------------------------------------------------------------------
@pytest.mark.parametrize("ruleset", ALL)
def test_action_table(ruleset):
    r = get_ruleset(ruleset)
    t = action_table(r)
    assert len(set(t.entries)) == len(t)
    # 34 discards + 21 chows + pung + kong + 34 concealed kongs + 34 added kongs + Mah-Jongg + pass
    # (127), + wash where the ruleset washes, + a bonus and a capture entry per bonus tile,
    # + an Original Call with each of the 34 kinds where the ruleset has it (last)
    from mahjongg.rules import Ruleset

    washing = type(r).washing is not Ruleset.washing
    assert len(t) == 127 + (1 if washing else 0) + 2 * len(r.bonus_tiles) + (34 if r.original_call else 0)
    if r.original_call:
        assert t.describe(len(t) - 34) == "original call 1b" and t.describe(len(t) - 1) == "original call Wh"
    assert t.describe(0) == "discard 1b" and t.describe(34) == "chow from 1b"
    with pytest.raises(ActionTableError):
        t.describe(len(t))


# --- driving an env at random, checking each step -------------------------------------------
def _check_state(raw, hidden: bool = True):
    """Mask == legal actions for every agent; the selected agent has one; the
    encoding accounts for the tiles the seat may see, and nothing else."""
    g = raw.game
    table = raw.action_table
    pause = raw._t.pause  # claims="all": the seats still to answer the discard
    behind = raw._t.planes.pending()  # the engine went on (nobody could claim): the env shows the pause
    for a in raw.agents:
        seat = raw.seat_of(a)
        legal = g.legal_actions(seat)
        expected = sorted(table.index(x) for x in legal)
        if pause is not None:
            # a seat the engine does not ask answers with Pass alone; one that has answered, nothing
            if int(seat) not in pause:
                expected = []
            elif behind or g.phase != "claims" or seat not in g.to_act():
                expected = [table.index_of_pass]
        obs = raw.observe(a)
        mask = obs["action_mask"]
        assert mask.dtype == np.int8
        assert sorted(np.flatnonzero(mask).tolist()) == expected
        assert int(mask.sum()) == len(expected)  # one index per legal action
        if a == raw.agent_selection and not (g.is_over and pause is None):
            assert mask.any()
        if hidden and not behind:
            _check_hidden(g, seat, obs["observation"])


def _check_hidden(g: Game, seat: Wind, x) -> None:
    """The tiles the encoding of ``seat`` shows are exactly the seat's own
    concealed tiles and the tiles lying face up (melds, discards), checked
    against the true state; so for every kind, encoded + other seats'
    concealed + wall = 4: no copy in another hand or the wall is encoded."""
    seats = g.seats
    n = len(seats)
    pos = seats.index(seat)
    rel = {s: (i - pos) % n for i, s in enumerate(seats)}
    own = np.rint(x[0, :NUM_KINDS] * 4).astype(int)
    true_own = [0] * NUM_KINDS
    for t in g.hand(seat).concealed:
        true_own[t] += 1
    assert own.tolist() == true_own
    shown = own.copy()
    for s in seats:
        r = rel[s]
        exposed = [0] * NUM_KINDS
        ckong = [0] * NUM_KINDS
        for m in g.hand(s).melds:
            if m.kind is MeldKind.KONG and not m.exposed:
                ckong[m.tile] = 1
            else:
                for t in m.tiles:
                    exposed[t] += 1
        assert np.rint(x[3 + r, :NUM_KINDS] * 4).astype(int).tolist() == exposed
        assert x[7 + r, :NUM_KINDS].astype(int).tolist() == ckong
        lying = [0] * NUM_KINDS
        for t in g.observation(seat).discards[s]:
            lying[t] += 1
        assert np.rint(x[15 + r, :NUM_KINDS] * 4).astype(int).tolist() == lying
        shown += np.array(exposed) + 4 * np.array(ckong) + np.array(lying)
    hidden = [0] * NUM_KINDS
    for s in seats:
        if s != seat:
            for t in g.hand(s).concealed:
                hidden[t] += 1
    for t in g.wall.remaining():
        if t < NUM_KINDS:
            hidden[t] += 1
    assert (shown + np.array(hidden)).tolist() == [4] * NUM_KINDS


def _run(raw, seed: int, steps: int = 10_000, check=True, hidden=True) -> list:
    """Play one episode with random masked actions; returns what happened."""
    rng = random.Random(seed)
    raw.reset(seed=seed)
    trace = []
    hand_rewards = {a: 0.0 for a in raw.agents}
    for _ in range(steps):
        agent = raw.agent_selection
        if raw.terminations[agent]:
            break
        if check:
            _check_state(raw, hidden)
        mask = raw.observe(agent)["action_mask"]
        a = rng.choice(np.flatnonzero(mask).tolist())
        trace.append((agent, a))
        raw.step(a)
        if any(raw.rewards.values()) or raw.game.is_over or any(raw.terminations.values()):
            if any(raw.rewards.values()):
                assert abs(sum(raw.rewards.values())) < 1e-9  # one hand's rewards sum to zero
                for k, v in raw.rewards.items():
                    hand_rewards[k] += v
    trace.append(("events", raw.game.events))
    return trace


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), ruleset=st.sampled_from(ALL), players=st.sampled_from([2, 3, 4]))
def test_random_episodes_keep_the_invariants(seed, ruleset, players):
    raw = raw_env(ruleset, players)
    _run(raw, seed)
    assert all(raw.terminations.values())
    r = raw.game.result
    assert sum(r.net.values()) == 0
    # the reward each agent got is its seat's net chips
    assert {a: raw._cumulative_rewards[a] for a in raw.agents} == {a: float(r.net.get(raw.seat_of(a), 0)) for a in raw.agents}


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), ruleset=st.sampled_from(ALL))
def test_reset_with_a_seed_replays_the_episode(seed, ruleset):
    raw = raw_env(ruleset, 4)
    first = _run(raw, seed, check=False)
    second = _run(raw, seed, check=False)
    assert first == second
    other = raw_env(ruleset, 4)
    assert _run(other, seed, check=False) == first  # another env, the same seed: the same episode


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_match_mode_rewards_every_hand(seed):
    raw = raw_env("pung-chow", 4, hands=3, reward_scale=0.5)
    rng = random.Random(seed)
    raw.reset(seed=seed)
    hands = 0
    while not raw.terminations[raw.agent_selection]:
        mask = raw.observe(raw.agent_selection)["action_mask"]
        assert mask.any()
        raw.step(rng.choice(np.flatnonzero(mask).tolist()))
        if raw.match.records and len(raw.match.records) > hands:
            hands = len(raw.match.records)
            rec = raw.match.records[-1]
            assert [raw.rewards[f"player_{p}"] for p in range(4)] == [0.5 * c for c in rec.chips]
    assert hands == 3 and raw.match.is_over


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_another_seats_concealed_tiles_do_not_change_the_encoding(seed):
    """Swap two tiles of the built wall that end up in the hands of South and
    West (or the wall): East's hand and the table are the same, South's
    differs, and East's encoding is the same array."""
    r = get_ruleset("pung-chow")
    g = Game(r, seed)
    rng = random.Random(seed)
    table = action_table(r)
    before = encode(g.observation(Wind.EAST), table)
    built = list(g.built)
    for _ in range(500):
        i, j = rng.randrange(len(built)), rng.randrange(len(built))
        if built[i] == built[j]:
            continue
        w = built[:]
        w[i], w[j] = w[j], w[i]
        h = Game.from_wall(w, g.dice, r)
        if h.hand(Wind.EAST) == g.hand(Wind.EAST) and h.hand(Wind.SOUTH) != g.hand(Wind.SOUTH):
            assert (encode(h.observation(Wind.EAST), table) == before).all()
            return
    pytest.skip("no such swap found")  # pragma: no cover


# --- the same hands as mahjongg simulate ---------------------------------------------------
@pytest.mark.parametrize("claims", ["all", "able"])
@pytest.mark.parametrize("ruleset", ["pung-chow", "hong-kong", "traditional-special-tiles", "pung-chow-limit"])
def test_greedy_choices_reproduce_simulate(ruleset, claims):
    """Every agent of the AEC env played by greedy bots seeded by the play layer's rule
    (bot_seed(run seed, hand index, player)): the same hands, event for event, as
    ``simulate(bots=greedy x 4, seed=S)``. Under ``claims="all"`` a seat the engine
    does not ask passes (Pass is its mask's one action): the engine's log is the same."""
    seed, games = 11, 6
    hands = []
    simulate(games, ("greedy",) * 4, ruleset=ruleset, seed=seed, keep_events=True, on_hand=hands.append)
    raw = raw_env(ruleset, 4, claims=claims)
    table = raw.action_table
    raw.reset(seed=seed)
    for i, outcome in enumerate(hands):
        if i:
            raw.reset()
        hand_seed = raw.game.seed
        assert hand_seed == outcome.seed
        bots = [GreedyBot(bot_seed(seed, i, p)) for p in range(4)]
        while not raw.terminations[raw.agent_selection]:
            agent = raw.agent_selection
            p = int(agent.split("_")[1])
            seat = raw.seat_of(agent)
            g = raw.game
            mask = raw.observe(agent)["action_mask"]
            if raw._t.planes.pending() or g.phase != "claims" and raw._t.pause or not g.legal_actions(seat):
                assert mask.tolist() == [int(i == table.index_of_pass) for i in range(len(table))]
                raw.step(table.index_of_pass)
                continue
            choice = bots[p].act(g.observation(seat), g.legal_actions(seat))
            raw.step(table.index(choice))
        assert raw.game.events == outcome.events
        assert tuple(raw._cumulative_rewards[f"player_{p}"] for p in range(4)) == outcome.net


def test_seat_env_with_greedy_learner_reproduces_simulate():
    """SeatEnv: the learner's actions chosen by a greedy bot (seeded as simulate
    seeds player 1's), three greedy opponents: simulate's hands, and the
    learner's rewards are player 1's chips."""
    seed, games = 3, 5
    hands = []
    simulate(games, ("greedy",) * 4, ruleset="pung-chow", seed=seed, keep_events=True, on_hand=hands.append)
    e = SeatEnv("pung-chow", opponents=("greedy",) * 3, seat=0)
    obs, info = e.reset(seed=seed)
    for i, outcome in enumerate(hands):
        if i:
            obs, info = e.reset()
        g = e.game
        me = GreedyBot(bot_seed(seed, i, 0))
        total, done = 0.0, False
        while not done:
            seat = e.table.seat_of(0)
            assert (obs["action_mask"] == info["action_mask"]).all()
            choice = me.act(g.observation(seat), g.legal_actions(seat))
            obs, r, done, trunc, info = e.step(e.action_table.index(choice))
            total += r
        assert g.events == outcome.events
        assert total == outcome.net[0]


def test_seat_env_illegal_action_ends_the_episode():
    e = SeatEnv("pung-chow", opponents=("random",) * 3)
    obs, info = e.reset(seed=1)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    obs, r, done, trunc, info = e.step(bad)
    assert done and r == -1.0 and info["illegal"]
    with pytest.raises(StateError):
        e.step(0)


def test_bad_arguments_are_clear_errors():
    with pytest.raises(MahjonggError, match="two, three or four"):
        raw_env("pung-chow", 5)
    with pytest.raises(MahjonggError, match="unknown ruleset"):
        raw_env("riichi")
    with pytest.raises(MahjonggError, match="unknown ruleset option"):
        raw_env("pung-chow", colour="red")
    with pytest.raises(MahjonggError, match="unknown bot"):
        SeatEnv("pung-chow", opponents=("greedy", "genius", "greedy"))
    with pytest.raises(MahjonggError, match="seat"):
        SeatEnv("pung-chow", seat=4)


def test_options_reach_the_ruleset():
    raw = raw_env("pung-chow", payment_limit=300)
    assert raw.ruleset.payment_limit == 300


def test_render_and_events_replay(tmp_path):
    from mahjongg.play.journal import Journal

    db = tmp_path / "rl.sqlite3"
    raw = raw_env("pung-chow", 4, db=str(db), render_mode="ansi")
    _run(raw, 4, check=False)
    text = raw.render()
    assert "player_0" in text and "hand over" in text
    with Journal(db, create=False) as store:
        assert len(store) == 1
        replayed = store.replay(1)
    assert replayed.events == raw.game.events


def test_seat_env_match_mode_reproduces_simulate_matches():
    """Match mode (hands=3): the learner driven by a greedy bot seeded for each
    hand by the play layer's rule (bot_seed(match seed, hand index, player)),
    greedy opponents: the same hands as ``simulate(matches=True,
    match_hands=3)``, and the rewards are player 1's chips."""
    seed = 8
    hands = []
    simulate(2, ("greedy",) * 4, seed=seed, keep_events=True, matches=True, match_hands=3, on_hand=hands.append)
    e = SeatEnv("pung-chow", opponents=("greedy",) * 3, seat=0, hands=3)
    obs, info = e.reset(seed=seed)
    played, events = [], []
    for m in range(2):
        if m:
            obs, info = e.reset()
        done, total, game, me = False, 0.0, None, None
        while not done:
            g = e.game
            if g is not game:  # a new hand of the match: the learner's bot seeded for it
                if game is not None:
                    events.append(game.events)
                game, me = g, GreedyBot(bot_seed(e.table.episode_seed, e.table.hand_number, 0))
            seat = e.table.seat_of(0)
            choice = me.act(g.observation(seat), g.legal_actions(seat))
            obs, r, done, trunc, info = e.step(e.action_table.index(choice))
            total += r
        events.append(e.game.events)
        played.append(total)
        assert len(e.table.match.records) == 3
    assert events == [o.events for o in hands]
    assert played == [sum(o.net[0] for o in hands[:3]), sum(o.net[0] for o in hands[3:])]


def test_stored_hands_replay_with_the_cli(tmp_path):
    from typer.testing import CliRunner

    from mahjongg.cli import app

    db = tmp_path / "rl.sqlite3"
    e = SeatEnv("pung-chow", opponents=("random",) * 3, db=str(db))
    obs, info = e.reset(seed=2)
    done = False
    rng = random.Random(0)
    while not done:
        obs, r, done, _, info = e.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    result = CliRunner().invoke(app, ["replay", "1", "--db", str(db)])
    assert result.exit_code == 0, result.output
    assert "learner" in result.output or "East" in result.output


def test_a_bot_that_breaks_the_rules_stops_the_episode_naming_it(monkeypatch):
    """The play layer's one policy (play.seeds.checked_bot_action): an illegal
    answer of an opponent is a BotMoveError naming the bot, not some other action."""
    from mahjongg.bots import RandomBot
    from mahjongg.play.seeds import BotMoveError
    from mahjongg.table.actions import Action, ActionKind

    monkeypatch.setattr(RandomBot, "act", lambda self, obs, legal: Action(ActionKind.WASH, obs.seat))
    e = SeatEnv("pung-chow", opponents=("random",) * 3, seat=0)
    obs, info = e.reset(seed=1)  # East is player 0 in the first hand: the learner acts first
    with pytest.raises(BotMoveError, match="bot random"):
        e.step(int(np.flatnonzero(obs["action_mask"])[0]))
