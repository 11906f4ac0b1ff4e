"""A multilayer perceptron policy read and played with NumPy alone (the ``policy:FILE`` bot).

What Stable-Baselines3's ``MlpPolicy`` (PPO, A2C, sb3-contrib's
``MaskablePPO``) computes for its actions, on the observation of
:class:`~.wrappers.FlatObservation` (the 46 planes row after row, ``46 *
kinds`` values in [0, 1]): layers ``x -> act(W x + b)``, the last one
without activation giving one logit per action of the ruleset's action
table (:mod:`.actions`). The bot takes the legal action with the highest
logit, as ``model.predict(obs, action_masks=mask, deterministic=True)``
does; training-like sampling takes ``rng``.

:mod:`.export` writes such a file from a trained model (PyTorch needed only
there); playing it needs NumPy only. The file (``.npz``): arrays ``W0, b0,
W1, b1, ...`` (``W`` as PyTorch stores a ``Linear``: ``(out, in)``,
``float32``) and a JSON ``header``: :data:`FORMAT`, the ruleset, the number
of actions, the input size, the activation of each hidden layer, and where
the weights came from.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Sequence

import numpy as np

from ..errors import MahjonggError
from .actions import ActionTable
from .encoding import shape

__all__ = ["MlpPolicy", "FORMAT", "ACTIVATIONS", "MlpError"]

FORMAT = "mahjongg-mlp-policy-1"
"""The file format: an MLP on the flat planes (:class:`~.wrappers.FlatObservation`)."""


def _leaky_relu(x: np.ndarray) -> np.ndarray:
    return np.where(x > 0, x, np.float32(0.01) * x)


def _elu(x: np.ndarray) -> np.ndarray:
    return np.where(x > 0, x, np.expm1(np.minimum(x, 0)))


def _sigmoid(x: np.ndarray) -> np.ndarray:
    return 1.0 / (1.0 + np.exp(-x))


ACTIVATIONS = {
    "tanh": np.tanh,
    "relu": lambda x: np.maximum(x, 0),
    "leaky_relu": _leaky_relu,  # PyTorch's default slope, 0.01
    "elu": _elu,  # alpha 1
    "sigmoid": _sigmoid,
    "silu": lambda x: x * _sigmoid(x),
    "identity": lambda x: x,  # two Linear layers in a row
}
"""The hidden layers' activations a file may name (PyTorch's ``nn.Tanh``, ``nn.ReLU``, ...)."""


class MlpError(MahjonggError):
    """Weights that do not make a policy of this table (the policy loader turns it into a PolicyError)."""


class MlpPolicy:
    """``MlpPolicy(table, weights, biases, activations)``: see the module's docs.

    ``weights[i]`` is ``(out, in)``, ``biases[i]`` ``(out,)``; ``activations``
    names one activation of :data:`ACTIVATIONS` per hidden layer (one fewer
    than the layers). The first layer takes ``46 * kinds`` inputs, the last
    gives ``len(table)`` logits; :class:`MlpError` otherwise."""

    def __init__(self, table: ActionTable, weights: Sequence[np.ndarray], biases: Sequence[np.ndarray], activations: Sequence[str]) -> None:
        self.table = table
        self.weights = [np.ascontiguousarray(w, dtype=np.float32) for w in weights]
        self.biases = [np.ascontiguousarray(b, dtype=np.float32) for b in biases]
        self.activations = list(activations)
        n_in = int(np.prod(shape(table)))
        if not self.weights or len(self.biases) != len(self.weights):
            raise MlpError(f"an MLP needs one bias per weight matrix and at least one layer, not {len(self.weights)} and {len(self.biases)}")
        if len(self.activations) != len(self.weights) - 1:
            raise MlpError(f"{len(self.weights)} layers need {len(self.weights) - 1} hidden activations, not {len(self.activations)}")
        unknown = [a for a in self.activations if a not in ACTIVATIONS]
        if unknown:
            raise MlpError(f"unknown activation {unknown[0]!r} (known: {', '.join(ACTIVATIONS)})")
        w0 = self.weights[0]
        if w0.ndim != 2 or w0.shape[1] != n_in:
            planes, kinds = shape(table)
            got = w0.shape[1] if w0.ndim == 2 else w0.shape
            raise MlpError(f"the first layer takes {got} inputs; {table.ruleset}'s planes are {n_in} ({planes} x {kinds})")
        width = n_in
        for i, (w, b) in enumerate(zip(self.weights, self.biases)):
            if w.ndim != 2 or w.shape[1] != width or b.shape != (w.shape[0],):
                raise MlpError(f"layer {i} takes {width} inputs: weights (out, {width}) and bias (out,), not {w.shape} and {b.shape}")
            width = w.shape[0]
        if width != len(table):
            raise MlpError(f"the last layer gives {width} logits; {table.ruleset} has {len(table)} actions")
        self._acts = [ACTIVATIONS[a] for a in self.activations]

    @property
    def inputs(self) -> int:
        return self.weights[0].shape[1]

    def logits(self, obs: np.ndarray) -> np.ndarray:
        """``(actions,)`` ``float32`` logits of the planes ``obs`` (``(46, kinds)`` or flat), or
        ``(batch, actions)`` of a batch ``(batch, 46, kinds)`` / ``(batch, 46 * kinds)``."""
        x = np.asarray(obs, dtype=np.float32)
        x = x.reshape(-1, self.inputs) if x.size != self.inputs else x.reshape(self.inputs)
        for w, b, act in zip(self.weights, self.biases, self._acts):
            x = act(x @ w.T + b)
        x = x @ self.weights[-1].T + self.biases[-1]
        return x

    def choose(self, obs: np.ndarray, mask: np.ndarray, rng: np.random.Generator | None = None):
        """``(action index, logits, probabilities over the legal actions, position)``:
        sampled with ``rng``, else the legal action of highest logit."""
        legal = np.flatnonzero(mask)
        z = self.logits(obs)
        zl = z[legal].astype(np.float64)
        p = np.exp(zl - zl.max())
        p /= p.sum()
        j = int(rng.choice(len(legal), p=p)) if rng is not None else int(np.argmax(zl))
        return int(legal[j]), z, p, j

    # --- files ------------------------------------------------------------------------
    def header(self, **info) -> dict:
        return {
            "format": FORMAT, "ruleset": self.table.ruleset, "actions": len(self.table), "inputs": self.inputs,
            "activations": self.activations, **info,
        }

    def save(self, path: str | Path, **info) -> None:
        """Write the policy as ``.npz`` (``info``: anything to keep in its header, e.g. where it came from)."""
        arrays = {f"W{i}": w for i, w in enumerate(self.weights)} | {f"b{i}": b for i, b in enumerate(self.biases)}
        with open(path, "wb") as f:
            np.savez(f, header=np.array(json.dumps(self.header(**info))), **arrays)

    @classmethod
    def from_arrays(cls, table: ActionTable, header: dict, arrays: dict[str, np.ndarray]) -> "MlpPolicy":
        """The policy of a file's arrays (:meth:`save`); :class:`MlpError` if a layer is missing."""
        acts = header.get("activations")
        if not isinstance(acts, list):
            raise MlpError("its header names no activations")
        layers = len(acts) + 1
        missing = [k for i in range(layers) for k in (f"W{i}", f"b{i}") if k not in arrays]
        if missing:
            raise MlpError(f"it has no {missing[0]} array")
        return cls(table, [arrays[f"W{i}"] for i in range(layers)], [arrays[f"b{i}"] for i in range(layers)], acts)
