"""What researchers' libraries need of the envs (issue 25, section 2):
``action_masks()`` on both envs, :class:`mahjongg.rl.FlatObservation` for
``MlpPolicy``, ``render()`` without a render mode, ``render_fps``; and
``examples/train_maskable_ppo.py`` runs (only where sb3-contrib is installed:
CI installs ``.[test]``, which has no PyTorch).
"""

from __future__ import annotations

import subprocess
import sys
import warnings
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")
gymnasium = pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from mahjongg.rl import ENV_IDS, FlatObservation, SeatEnv, env  # noqa: E402

SCRIPT = Path(__file__).resolve().parent.parent / "examples" / "train_maskable_ppo.py"


def test_seat_env_action_masks_is_the_observation_mask():
    e = SeatEnv("hong-kong", opponents=("random",) * 3)
    obs, info = e.reset(seed=4)
    rng = np.random.default_rng(4)
    for _ in range(200):
        m = e.action_masks()
        assert m.dtype == np.int8 and (m == obs["action_mask"]).all() and m.any()
        obs, r, done, _, info = e.step(int(rng.choice(np.flatnonzero(m))))
        if done:
            obs, info = e.reset()


def test_aec_action_masks_per_agent():
    e = env("pung-chow", 4)
    e.reset(seed=2)
    rng = np.random.default_rng(2)
    for _ in range(300):
        if e.terminations[e.agent_selection]:
            break
        for a in e.agents:
            assert (e.action_masks(a) == e.observe(a)["action_mask"]).all()
        m = e.action_masks()  # the selected agent's
        assert m.any()
        e.step(int(rng.choice(np.flatnonzero(m))))


def test_flat_observation_for_mlp_policies():
    w = FlatObservation(gymnasium.make(ENV_IDS["pung-chow"], opponents=("random",) * 3))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(w.unwrapped, skip_render_check=True)
    obs, info = w.reset(seed=1)
    assert obs.shape == (46 * 34,) and obs.dtype == np.float32 and w.observation_space.contains(obs)
    plain = SeatEnv("pung-chow", opponents=("random",) * 3)
    ref, _ = plain.reset(seed=1)
    assert (obs == ref["observation"].reshape(-1)).all()  # the planes row after row
    m = w.action_masks()
    assert m.dtype == bool and (m == info["action_mask"].astype(bool)).all()


def test_render_without_a_mode_is_none_and_fps_is_set():
    e = SeatEnv("pung-chow", opponents=("random",) * 3)
    e.reset(seed=1)
    assert e.render() is None and e.metadata["render_fps"] == 1
    a = env("pung-chow")
    a.reset(seed=1)
    assert a.render() is None and a.metadata["render_fps"] == 1
    b = env("pung-chow", render_mode="ansi")
    b.reset(seed=1)
    assert "to act: player_" in b.render()


def test_hong_kong_136_is_registered_with_127_actions():
    e = gymnasium.make(ENV_IDS["hong-kong-136"])
    assert ENV_IDS["hong-kong-136"] == "mahjongg/HongKong136-v0" and e.action_space.n == 127


def test_maskable_ppo_example_runs(tmp_path):
    pytest.importorskip("sb3_contrib")
    r = subprocess.run(
        [sys.executable, str(SCRIPT), "--timesteps", "64", "--n-steps", "64", "--deals", "1", "--out", str(tmp_path / "m.zip")],
        capture_output=True, text=True, timeout=600,
    )
    assert r.returncode == 0, r.stderr
    assert "trained MaskablePPO on mahjongg/PungChow-v0" in r.stdout
    assert "model  vs 3 random" in r.stdout and "model  vs 3 greedy" in r.stdout and "95% CI" in r.stdout
    assert (tmp_path / "m.zip").stat().st_size > 0
    from mahjongg.rl.policy import load_policy

    policy, header = load_policy(tmp_path / "m.npz")  # the exported policy, for policy:FILE
    assert header["ruleset"] == "pung-chow" and header["source"] == "MaskablePPO" and header["timesteps"] == 64


def test_maskable_ppo_example_bad_option_is_one_line(tmp_path):
    r = subprocess.run([sys.executable, str(SCRIPT), "--timesteps", "0"], capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert "argument --timesteps: must be at least 1, not 0" in r.stderr.strip().splitlines()[-1]
