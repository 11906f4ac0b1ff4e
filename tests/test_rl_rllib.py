"""Training across machines: ``examples/train_rllib_ppo.py``, RLlib's multi-agent PPO on the
PettingZoo env with its action masks (issue 41, section 3).

``ray[rllib]`` pins Gymnasium, so it lives in a virtualenv of its own (see the example's
docs) and CI's ``.[test]`` has no RLlib: there the recipe's run is skipped, and what is
tested is that the example says in one line what it needs. Run the whole test where
RLlib is installed, e.g. ``.venv-rllib/bin/python -m pytest tests/test_rl_rllib.py``.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

SCRIPT = Path(__file__).resolve().parent.parent / "examples" / "train_rllib_ppo.py"


def _has_rllib() -> bool:
    if importlib.util.find_spec("torch") is None or importlib.util.find_spec("ray") is None:
        return False
    try:
        from ray.rllib.algorithms.ppo import PPOConfig  # noqa: F401
    except ImportError:  # ray without the rllib extra's packages (dm_tree, ...)
        return False
    return True


HAS_RLLIB = _has_rllib()


def _run(*args, timeout=600, cwd=None):
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=timeout, cwd=cwd)


@pytest.mark.skipif(not HAS_RLLIB, reason="needs ray[rllib] and torch (a virtualenv of their own: RLlib pins gymnasium)")
def test_rllib_ppo_trains_on_an_env_runner_and_exports_a_seatable_policy(tmp_path):
    """One training iteration with one env runner (a Ray actor, as on a cluster), then the
    shared policy exported: the file chooses the module's masked greedy action at every one
    of 200 turns, and seats as policy:FILE in simulate."""
    out = tmp_path / "rllib.npz"
    r = _run("--iterations", "1", "--batch", "200", "--epochs", "1", "--env-runners", "1", "--hidden", "16", "--out", str(out))
    assert r.returncode == 0, r.stderr[-3000:]
    assert "iteration 1: " in r.stdout and "steps," in r.stdout
    assert "exported 1564 -> 16 -> 127" in r.stdout
    assert "export checked: the file chooses RLlib's action at 200 of 200 turns" in r.stdout
    from mahjongg.rl.policy import load_policy
    from mahjongg.simulate import simulate

    _, header = load_policy(out)
    assert header["source"] == "RLlib PPO" and header["ruleset"] == "pung-chow"
    s = simulate(2, (f"policy:{out}", "random", "random", "random"), seed=1)
    assert s.games == 2 and sum(s.net) == 0


@pytest.mark.skipif(HAS_RLLIB, reason="RLlib is installed: the recipe runs instead")
def test_without_rllib_the_example_says_what_it_needs(tmp_path):
    r = _run("--iterations", "1", timeout=120, cwd=tmp_path)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert "needs ray[rllib] and torch in a virtualenv of their own" in r.stderr.strip().splitlines()[-1]


@pytest.mark.parametrize("args, why", [
    (["--iterations", "0"], "argument --iterations: must be at least 1, not 0"),
    (["--env-runners", "-1"], "argument --env-runners: must be at least 0, not -1"),
])
def test_bad_options_are_one_line(tmp_path, args, why):
    r = _run(*args, timeout=120, cwd=tmp_path)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert why in r.stderr.strip().splitlines()[-1]
