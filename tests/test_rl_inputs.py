"""What a training loop feeds the RL envs (issue 24, item 6; issue 25, section 2):
junk actions are the library's error naming the value and the action space,
never a guessed action; ``gymnasium.make_vec`` never hands out an all-zero mask.

Skipped without the ``rl`` packages (PettingZoo, Gymnasium, NumPy).
"""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")
gymnasium = pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from mahjongg.rl import SeatEnv, env, raw_env  # noqa: E402
from mahjongg.rl.actions import ActionTableError  # noqa: E402

# issue 24 item 6: 3.7, '3', True and np.float64(2.0) were played as 3, 3, 1 and 2;
# None, a list, a dict, a complex number, a 2-element array raised TypeError; NaN and
# 'x' ValueError; inf OverflowError
JUNK = [3.7, "3", True, np.float64(2.0), None, [1], {"a": 1}, 1j, np.array([1, 2]), float("nan"), "x", float("inf"),
        np.bool_(True), np.array(2.0), np.array([3])]


def _legal(mask) -> int:
    return int(np.flatnonzero(mask)[0])


@pytest.mark.parametrize("junk", JUNK, ids=repr)
def test_seat_env_refuses_junk_naming_value_and_space(junk):
    e = SeatEnv("pung-chow", opponents=("random",) * 3)
    obs, _ = e.reset(seed=1)
    before = [dict(x) for x in e.game.events]
    with pytest.raises(ActionTableError, match=r"Discrete\(127\)") as err:
        e.step(junk)
    assert repr(junk) in str(err.value) and "\n" not in str(err.value)
    assert e.game.events == before  # nothing played
    e.step(_legal(obs["action_mask"]))  # the episode goes on


@pytest.mark.parametrize("make", [raw_env, env], ids=["raw_env", "env"])
@pytest.mark.parametrize("junk", JUNK, ids=repr)
def test_aec_env_refuses_junk_naming_value_and_space(make, junk):
    e = make("hong-kong", 4)
    e.reset(seed=2)
    agent = e.agent_selection
    before = list(e.game.events)
    with pytest.raises(ActionTableError, match=r"Discrete\(143\)") as err:
        e.step(junk)
    assert repr(junk) in str(err.value)
    assert e.game.events == before and e.agent_selection == agent and not any(e.terminations.values())
    e.step(_legal(e.observe(agent)["action_mask"]))


@pytest.mark.parametrize("good", [np.int64(0), np.int8(0), np.uint16(0), np.array(0), np.array(0, dtype=np.uint8), 0])
def test_integer_scalars_and_0d_integer_arrays_are_actions(good):
    e = SeatEnv("pung-chow", opponents=("random",) * 3)
    obs, _ = e.reset(seed=1)
    i = _legal(obs["action_mask"])
    kind = type(good)
    a = np.array(i, dtype=good.dtype) if kind is np.ndarray else (i if kind is int else kind(i))
    e.step(a)  # accepted: the same as int(i)
    f = SeatEnv("pung-chow", opponents=("random",) * 3)
    f.reset(seed=1)
    f.step(i)
    assert e.game.events == f.game.events


@pytest.mark.parametrize("bad", [127, -1, 10**30, np.int64(-3)])
def test_integers_outside_the_space_are_refused(bad):
    e = SeatEnv("pung-chow", opponents=("random",) * 3)
    e.reset(seed=1)
    with pytest.raises(ActionTableError, match=r"outside the action space Discrete\(127\)"):
        e.step(bad)


def test_gymnasium_make_vec_never_gives_an_all_zero_mask():
    """issue 25: ``gymnasium.make_vec(id, num_envs=16)`` used Gymnasium's default
    next-step autoreset, and 131 of 1,600 steps gave an all-zero mask (each right
    after an episode ended). Now an ended episode's mask is Pass alone (issue 41:
    the ids have no vector entry point, so ``wrappers=`` is taken): 16 envs x 400
    steps of a masked random policy, every mask has a legal action, and episodes
    do end meanwhile."""
    v = gymnasium.make_vec("mahjongg/PungChow-v0", num_envs=16, opponents=("random",) * 3)
    obs, _ = v.reset(seed=7)
    rng = np.random.default_rng(7)
    ends = 0
    for _ in range(400):
        masks = obs["action_mask"]
        assert masks.sum(axis=1).min() >= 1
        obs, r, term, trunc, info = v.step([int(rng.choice(np.flatnonzero(m))) for m in masks])
        ends += int(term.sum())
    assert obs["action_mask"].sum(axis=1).min() >= 1
    assert ends >= 16  # the autoreset was exercised many times
    v.close()
