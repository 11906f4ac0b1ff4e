"""What an RL user trips over in Gymnasium's own API (issue 41, section 3):
``FlatObservation`` passes ``check_env`` and remakes from its spec;
``gymnasium.make_vec(id, wrappers=[FlatObservation])`` works in every mode and
never hands out an all-zero mask; ``action_masks()`` before ``reset()`` is the
library's "call reset() first" error.

Skipped without the ``rl`` packages (PettingZoo, Gymnasium, NumPy).
"""

from __future__ import annotations

import warnings

import pytest

np = pytest.importorskip("numpy")
gymnasium = pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from gymnasium.vector import AutoresetMode  # noqa: E402

from mahjongg.errors import MahjonggError, StateError  # noqa: E402
from mahjongg.rl import ENV_IDS, FlatObservation, SeatEnv, env  # noqa: E402

ID = ENV_IDS["pung-chow"]
RANDOM3 = ("random",) * 3


def _flat_env():
    return FlatObservation(gymnasium.make(ID, opponents=RANDOM3))


# --- FlatObservation and Gymnasium's spec ------------------------------------------------
def test_flat_observation_passes_check_env_on_the_wrapper_itself():
    """issue 41: check_env(FlatObservation(make(id))) raised "FlatObservation wrapper does not
    inherit from gymnasium.utils.RecordConstructorArgs"; the check recreates the env from its spec."""
    w = _flat_env()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(w, skip_render_check=True)


def test_flat_observation_remakes_from_its_spec():
    w = _flat_env()
    again = w.spec.make()
    assert isinstance(again, FlatObservation) and again.observation_space == w.observation_space
    assert [s.name for s in again.spec.additional_wrappers] == ["FlatObservation"]
    # the same env: reset(seed=S) gives the same first observation and mask
    a, info_a = w.reset(seed=3)
    b, info_b = again.reset(seed=3)
    assert (a == b).all() and (info_a["action_mask"] == info_b["action_mask"]).all()
    assert (w.action_masks() == again.action_masks()).all()


# --- gymnasium.make_vec with wrappers ----------------------------------------------------
def _count_zero_masks(v, steps: int, seed: int) -> tuple[int, int]:
    """Drive ``v`` with a masked random policy reading the masks through
    ``action_masks()`` (as sb3-contrib does); ``(all-zero masks seen, episodes ended)``."""
    v.reset(seed=seed)
    rng = np.random.default_rng(seed)
    zero = ends = 0
    for _ in range(steps):
        masks = np.array(v.call("action_masks"))
        empty = ~masks.any(axis=1)
        zero += int(empty.sum())
        actions = [0 if e else int(rng.choice(np.flatnonzero(m))) for m, e in zip(masks, empty)]
        _, _, term, trunc, _ = v.step(np.array(actions))
        ends += int(term.sum() + trunc.sum())
    v.close()
    return zero, ends


def test_make_vec_with_wrappers_in_the_default_mode():
    """issue 41: refused ("Cannot use `vector_entry_point` vectorization mode with the
    wrappers argument"); now Gymnasium's sync vector env of flat envs."""
    v = gymnasium.make_vec(ID, num_envs=2, wrappers=[FlatObservation], opponents=RANDOM3)
    assert isinstance(v, gymnasium.vector.SyncVectorEnv)
    assert v.single_observation_space.shape == (46 * 34,)
    zero, ends = _count_zero_masks(v, 300, seed=1)
    assert zero == 0 and ends >= 5


def test_make_vec_sync_without_vector_kwargs_has_no_all_zero_mask():
    """issue 41: in ``vectorization_mode="sync"`` (Gymnasium's next-step autoreset) 157 of
    2,000 steps gave an all-zero mask read through ``action_masks()``: each right after an
    episode ended. Now none in 1,000 (2 envs x 500 steps), though episodes end many times."""
    v = gymnasium.make_vec(ID, num_envs=2, vectorization_mode="sync", wrappers=[FlatObservation], opponents=RANDOM3)
    assert v.metadata["autoreset_mode"] is AutoresetMode.NEXT_STEP  # Gymnasium's default, not ours
    zero, ends = _count_zero_masks(v, 500, seed=2)
    assert zero == 0 and ends >= 20


def test_make_vec_async_with_wrappers():
    v = gymnasium.make_vec(ID, num_envs=2, vectorization_mode="async", wrappers=[FlatObservation], opponents=RANDOM3)
    zero, ends = _count_zero_masks(v, 150, seed=3)
    assert zero == 0 and ends >= 2


def test_next_step_autoreset_shows_the_end_then_the_next_hand():
    """Gymnasium's next-step autoreset: the step that ends the hand returns its last
    observation (the "hand over" value, plane 44 column 18, is 1) with Pass alone in the
    mask; the action chosen for it is ignored and the next step starts a hand."""
    v = gymnasium.make_vec(ID, num_envs=1, opponents=RANDOM3)
    obs, _ = v.reset(seed=4)
    rng = np.random.default_rng(4)
    pass_index = SeatEnv().action_table.index_of_pass
    ended = 0
    for _ in range(400):
        a = int(rng.choice(np.flatnonzero(obs["action_mask"][0])))
        obs, r, term, _, _ = v.step(np.array([a]))
        if term[0]:
            ended += 1
            assert obs["observation"][0, 44, 18] == 1.0
            assert np.flatnonzero(obs["action_mask"][0]).tolist() == [pass_index]
            obs, r, term, _, _ = v.step(np.array([pass_index]))  # ignored: the reset step
            assert not term[0] and r[0] == 0.0 and obs["observation"][0, 44, 18] == 0.0
    v.close()
    assert ended >= 3


def test_make_vec_takes_the_users_vector_kwargs():
    """No setting of ours overrides what the user asks of Gymnasium's vector env."""
    v = gymnasium.make_vec(
        ID, num_envs=2, vectorization_mode="sync", vector_kwargs={"autoreset_mode": AutoresetMode.SAME_STEP},
        wrappers=[FlatObservation], opponents=RANDOM3,
    )
    assert v.metadata["autoreset_mode"] is AutoresetMode.SAME_STEP
    zero, ends = _count_zero_masks(v, 200, seed=5)
    assert zero == 0 and ends >= 5


# --- before reset() ------------------------------------------------------------------------
@pytest.mark.parametrize(
    "masks",
    [lambda: SeatEnv().action_masks, lambda: _flat_env().action_masks, lambda: gymnasium.make(ID).unwrapped.action_masks],
    ids=["SeatEnv", "FlatObservation", "make-unwrapped"],
)
def test_action_masks_before_reset_says_call_reset_first(masks):
    """issue 41: ``SeatEnv().action_masks()`` raised AttributeError ('Table' object has no
    attribute '_seat_of'); now the library's StateError (a MahjonggError)."""
    with pytest.raises(StateError, match=r"^no episode yet: call reset\(\) first$"):
        masks()()
    assert issubclass(StateError, MahjonggError)


def test_step_before_reset_says_call_reset_first():
    with pytest.raises(StateError, match=r"^no episode yet: call reset\(\) first$"):
        SeatEnv().step(0)


def test_after_the_end_the_mask_is_pass_alone_and_step_says_reset():
    e = SeatEnv("pung-chow", opponents=RANDOM3)
    obs, _ = e.reset(seed=6)
    rng = np.random.default_rng(6)
    done = False
    while not done:
        obs, r, done, _, info = e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    only_pass = [e.action_table.index_of_pass]
    assert np.flatnonzero(obs["action_mask"]).tolist() == only_pass == np.flatnonzero(e.action_masks()).tolist()
    with pytest.raises(StateError, match=r"the episode is over: call reset\(\)"):
        e.step(only_pass[0])


def test_aec_last_before_reset_says_call_reset_first():
    """PettingZoo's ``last()`` read ``agent_selection`` before it existed (AttributeError)."""
    a = env("pung-chow")
    for call in (a.last, a.action_masks, lambda: a.observe("player_0"), lambda: a.step(0)):
        with pytest.raises(StateError, match=r"call reset\(\) first"):
            call()
