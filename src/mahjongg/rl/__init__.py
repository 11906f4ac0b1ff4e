"""Reinforcement learning: a PettingZoo env for every ruleset, a Gymnasium env for one seat.

Needs the ``rl`` extra (``pip install 'mahjongg[rl]'``: PettingZoo,
Gymnasium, NumPy)::

    from mahjongg.rl import env, SeatEnv
    e = env("hong-kong", players=4)          # PettingZoo AECEnv, agents player_0..player_3
    s = SeatEnv("pung-chow", opponents=("greedy",) * 3, seat=0)   # Gymnasium env
    import gymnasium; gymnasium.make("mahjongg/PungChow-v0")     # registered on import

The action table (:mod:`.actions`), the observation planes
(:mod:`.encoding`) and the reward are documented in ``docs/rl.md``.
"""

from __future__ import annotations

from .actions import ActionTable, ActionTableError, action_table
from .aec import env, raw_env
from .encoding import PLANES, encode, encode_batch
from .seat_env import ENV_IDS, SeatEnv, make_vec
from .wrappers import FlatObservation

__all__ = [
    "env",
    "raw_env",
    "SeatEnv",
    "make_vec",
    "FlatObservation",
    "ENV_IDS",
    "ActionTable",
    "ActionTableError",
    "action_table",
    "encode",
    "encode_batch",
    "PLANES",
]
