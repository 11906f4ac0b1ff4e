"""A Gymnasium wrapper for libraries whose policies take one flat vector.

``FlatObservation(env)`` turns :class:`~.seat_env.SeatEnv`'s dict observation
``{"observation": (46, kinds), "action_mask": (actions,)}`` into the planes
alone as one ``float32`` vector of ``46 * kinds`` values in [0, 1] (the
planes row after row, :mod:`.encoding`), as a multilayer perceptron
(Stable-Baselines3's ``MlpPolicy``) takes it; the mask stays available as
``action_masks()`` (what sb3-contrib's ``MaskablePPO`` asks the env each
step) and in ``info["action_mask"]``::

    import gymnasium, mahjongg.rl
    from mahjongg.rl import FlatObservation
    env = FlatObservation(gymnasium.make("mahjongg/PungChow-v0", opponents=("random",) * 3))
    # sb3_contrib.MaskablePPO("MlpPolicy", env).learn(50_000)

``examples/train_maskable_ppo.py`` trains and measures such a policy.
"""

from __future__ import annotations

import gymnasium
import numpy as np
from gymnasium import spaces

__all__ = ["FlatObservation"]


class FlatObservation(gymnasium.ObservationWrapper, gymnasium.utils.RecordConstructorArgs):
    """``env``'s planes as one flat ``float32`` vector; ``action_masks()`` the mask.

    It records its (no) arguments, as Gymnasium's own wrappers do, so an env
    made by ``gymnasium.make`` and wrapped keeps a spec that makes it again
    (``env.spec.make()``, ``check_env``) and ``gymnasium.make_vec(id,
    wrappers=[FlatObservation])`` takes it."""

    def __init__(self, env: gymnasium.Env) -> None:
        gymnasium.utils.RecordConstructorArgs.__init__(self)
        gymnasium.ObservationWrapper.__init__(self, env)
        box = env.observation_space["observation"]
        self.observation_space = spaces.Box(0.0, 1.0, shape=(int(np.prod(box.shape)),), dtype=np.float32)

    def observation(self, observation: dict) -> np.ndarray:
        return observation["observation"].reshape(-1)

    def action_masks(self) -> np.ndarray:
        """The learner's mask now: ``bool``, True at each legal action (``MaskablePPO``'s form)."""
        return self.env.unwrapped.action_masks().astype(bool)
