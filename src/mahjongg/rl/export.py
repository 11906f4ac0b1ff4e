"""Export a trained Stable-Baselines3 or PyTorch policy to the file the ``policy:FILE`` bot plays.

A model trained on :class:`~.wrappers.FlatObservation` (``MlpPolicy`` of
PPO, A2C or sb3-contrib's ``MaskablePPO``), or a PyTorch ``nn.Sequential``
of ``Linear`` layers and activations from the flat planes to one logit per
action, becomes an :class:`~.mlp.MlpPolicy` file (``.npz``): the same
numbers, played with NumPy alone, so ``mahjongg arena``, ``play``,
``simulate`` and ``serve --policy`` seat it without PyTorch::

    python -m mahjongg.rl.export maskable-ppo-pung-chow.zip --ruleset pung-chow --out ppo.npz
    mahjongg arena --challenger policy:ppo.npz --field greedy

    from mahjongg.rl.export import export_policy
    export_policy(model, "ppo.npz")            # model: the SB3 model (its env names the ruleset)
    export_policy(net, "net.npz", ruleset="hong-kong")     # net: a torch.nn.Sequential

Exporting needs PyTorch (and Stable-Baselines3 to read a saved ``.zip``);
errors are :class:`~.policy.PolicyError`, one line naming what does not fit
(a features extractor other than flattening, an activation the player does
not know, sizes that are not the ruleset's planes and actions).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from ..rules import Ruleset, get_ruleset
from .actions import action_table
from .mlp import MlpError, MlpPolicy
from .policy import PolicyError

__all__ = ["export_policy", "mlp_from_torch", "load_sb3_policy"]

# PyTorch's activation modules -> the names of .mlp.ACTIVATIONS, with the settings the player assumes
_ACTIVATIONS = {"Tanh": "tanh", "ReLU": "relu", "LeakyReLU": "leaky_relu", "ELU": "elu", "Sigmoid": "sigmoid", "SiLU": "silu"}
_DEFAULTS = {"LeakyReLU": ("negative_slope", 0.01), "ELU": ("alpha", 1.0)}
_SKIPPED = {"Flatten", "Identity", "Dropout", "FlattenExtractor"}  # nothing at play time (Dropout: eval mode)


def _leaves(modules):
    for m in modules:
        if type(m).__name__ in ("Sequential", "ModuleList"):
            yield from _leaves(list(m))
        else:
            yield m


def _layers(modules) -> tuple[list, list, list[str], str | None]:
    """Weights, biases, hidden activations of a chain of torch modules, and an activation after the last Linear."""
    import numpy as np

    weights, biases, acts = [], [], []
    pending: str | None = None  # the activation after the last Linear
    for m in _leaves(modules):
        kind = type(m).__name__
        if kind in _SKIPPED:
            continue
        if kind == "Linear":
            if not weights and pending:
                raise PolicyError(f"the first layer is {pending}: a policy starts with a Linear layer on the planes")
            if weights:
                acts.append(pending or "identity")
            pending = None
            weights.append(m.weight.detach().cpu().numpy())
            biases.append(m.bias.detach().cpu().numpy() if m.bias is not None else np.zeros(m.out_features, dtype=np.float32))
        elif kind in _ACTIVATIONS:
            if pending is not None:
                raise PolicyError(f"two activations in a row ({pending}, then {kind}): the player takes one between Linear layers")
            if kind in _DEFAULTS:
                attr, value = _DEFAULTS[kind]
                if abs(float(getattr(m, attr)) - value) > 1e-12:
                    raise PolicyError(f"the player knows {kind} with {attr}={value} only, not {getattr(m, attr)}")
            pending = _ACTIVATIONS[kind]
        else:
            raise PolicyError(f"cannot export a {kind} layer: a policy is Linear layers with {', '.join(_ACTIVATIONS)} between them")
    return weights, biases, acts, pending


def _chain(obj: Any) -> list:
    """The modules from the flat planes to the logits, of an SB3 model or policy, or a torch module."""
    policy = getattr(obj, "policy", obj)  # an SB3 model -> its policy
    if hasattr(policy, "mlp_extractor") and hasattr(policy, "action_net"):  # SB3's ActorCriticPolicy (PPO, A2C, MaskablePPO)
        for name in ("features_extractor", "pi_features_extractor"):
            fx = getattr(policy, name, None)
            if fx is not None and type(fx).__name__ != "FlattenExtractor":
                raise PolicyError(
                    f"the policy's {name} is {type(fx).__name__}: only MlpPolicy (FlattenExtractor) on"
                    " FlatObservation's planes can be exported"
                )
        return [policy.mlp_extractor.policy_net, policy.action_net]
    if type(policy).__name__ in ("Sequential", "Linear"):
        return [policy]
    raise PolicyError(
        f"cannot export a {type(policy).__name__}: give a Stable-Baselines3 model with an MlpPolicy"
        " (PPO, A2C, MaskablePPO) or a torch.nn.Sequential"
    )


def mlp_from_torch(obj: Any, ruleset: str | Ruleset) -> MlpPolicy:
    """The :class:`~.mlp.MlpPolicy` computing what ``obj`` computes (an SB3 model or
    policy, or a ``torch.nn.Sequential``) for ``ruleset``'s planes and actions."""
    r = get_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
    table = action_table(r)
    weights, biases, acts, trailing = _layers(_chain(obj))
    if trailing:
        raise PolicyError(f"the last layer is followed by {trailing}: a policy ends in a Linear layer giving the logits")
    try:
        return MlpPolicy(table, weights, biases, acts)
    except MlpError as e:
        raise PolicyError(f"not a policy of {r.name} on FlatObservation's planes: {e}") from None


def _ruleset_of(model: Any) -> str | None:
    """The ruleset of the env an SB3 model was trained on, if it still has it."""
    get_env = getattr(model, "get_env", None)
    venv = get_env() if get_env is not None else None
    if venv is None:
        return None
    try:
        r = venv.get_attr("ruleset", [0])[0]
    except (AttributeError, IndexError):
        return None
    return getattr(r, "name", None)


def export_policy(model: Any, path: str | Path, ruleset: str | Ruleset | None = None, **info) -> MlpPolicy:
    """Write ``model``'s policy as an :class:`~.mlp.MlpPolicy` file at ``path`` and return it.

    ``ruleset``: the ruleset it was trained for; by default that of the SB3
    model's env (a model loaded from a file has none: name it). ``info`` goes
    to the file's header."""
    if ruleset is None:
        ruleset = _ruleset_of(model)
        if ruleset is None:
            raise PolicyError("name the ruleset the policy was trained for (ruleset=...): the model has no env to ask")
    policy = mlp_from_torch(model, ruleset)
    info.setdefault("source", type(model).__name__)
    policy.save(path, **info)
    return policy


def load_sb3_policy(path: str | Path):
    """The torch policy of a model Stable-Baselines3 saved (``model.save``), whatever its
    algorithm (PPO, A2C, sb3-contrib's MaskablePPO): built from the class and settings
    the file records, with its weights. Needs stable-baselines3 (and sb3-contrib for
    MaskablePPO's policy)."""
    try:
        from stable_baselines3.common.save_util import load_from_zip_file
    except ImportError:
        raise PolicyError("reading a Stable-Baselines3 model needs stable-baselines3 (pip install -e '.[sb3]')") from None
    p = Path(path)
    if not p.is_file():
        raise PolicyError(f"no model file at {p}")
    try:
        data, params, _ = load_from_zip_file(p, device="cpu")
    except Exception as e:  # SB3 raises ValueError, KeyError, zipfile errors, pickle errors...
        raise PolicyError(f"{p} is not a Stable-Baselines3 model: {str(e).splitlines()[0] if str(e) else type(e).__name__}") from None
    cls = (data or {}).get("policy_class")
    if not isinstance(cls, type) or "policy" not in params:
        raise PolicyError(f"{p} does not say its policy class (a model of another library version?): load it and call export_policy")
    policy = cls(data["observation_space"], data["action_space"], lambda _: 0.0, **data.get("policy_kwargs", {}))
    policy.load_state_dict(params["policy"])
    policy.set_training_mode(False)
    return policy


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m mahjongg.rl.export", description=__doc__.splitlines()[0])
    ap.add_argument("model", help="a model Stable-Baselines3 saved (.zip)")
    ap.add_argument("--ruleset", required=True, help="the ruleset it was trained for (mahjongg rules lists them)")
    ap.add_argument("--out", required=True, help="the policy file to write (.npz)")
    args = ap.parse_args(argv)
    from ..errors import MahjonggError

    try:
        get_ruleset(args.ruleset)
        out = Path(args.out)
        if not out.parent.is_dir():
            raise PolicyError(f"the folder {out.parent} does not exist")
        policy = mlp_from_torch(load_sb3_policy(args.model), args.ruleset)
        policy.save(out, source=Path(args.model).name)
    except (MahjonggError, ValueError) as e:
        ap.exit(2, f"{ap.prog}: error: {str(e).splitlines()[0]}\n")
    sizes = " -> ".join(str(w.shape[1]) for w in policy.weights) + f" -> {len(policy.table)}"
    print(f"exported {args.model} ({args.ruleset}, layers {sizes}, {', '.join(policy.activations) or 'no hidden layer'}) to {out}")
    print(f"seat it as the bot policy:{out}, e.g. mahjongg arena --challenger policy:{out} --ruleset {args.ruleset}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
