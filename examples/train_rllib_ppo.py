"""Train one policy for every seat with RLlib's multi-agent PPO, on one machine or across a Ray cluster.

The recipe for outgrowing one machine: RLlib (Ray's RL library) samples hands
in env runners, Ray processes spread over the machines of a cluster, and
trains one shared policy (parameter sharing: all four players are the same
learner, self-play) on the PettingZoo env ``mahjongg.rl.env`` with its
action masks.

Needs ``ray[rllib]`` and PyTorch, **in a virtualenv of their own**: RLlib
pins Gymnasium (``ray[rllib]==2.60.0`` requires ``gymnasium==1.2.2``), which
pip would otherwise force on the rest of the project's environment::

    python3 -m venv .venv-rllib
    .venv-rllib/bin/pip install -q torch --index-url https://download.pytorch.org/whl/cpu
    .venv-rllib/bin/pip install -q -e '.[rllib]'
    .venv-rllib/bin/python examples/train_rllib_ppo.py --iterations 20 --env-runners 2

Across machines (the same virtualenv and this checkout on each)::

    ray start --head --port 6379                       # on the first machine
    ray start --address HEAD_IP:6379                   # on every other machine
    .venv-rllib/bin/python examples/train_rllib_ppo.py --address auto --env-runners 30

Each env runner is one Ray actor playing hands with its copy of the policy;
the learner gathers ``--batch`` learner steps a training iteration. The
adapter below is the only code between the two libraries: RLlib's
``PettingZooEnv`` (only the agent to act gets an observation, as the AEC
model has it) with each observation turned into what RLlib's action-masking
PPO module reads, ``{"observations": planes, "action_mask": mask}``; masked
actions get a logit of minus infinity, so the policy never plays an illegal
action (the env would end the hand with -1 to the offender if it did).
The hands are zero-sum among four copies of one policy, so the mean return
says nothing of its strength: measure the exported file with ``mahjongg
arena`` (duplicate deals against a field of bots).

At the end the shared policy is exported (``--out``, :mod:`mahjongg.rl.export`)
to the NumPy file the ``policy:FILE`` bot plays::

    mahjongg arena --challenger policy:rllib-pung-chow.npz --field greedy
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path


def _at_least(least: int):
    """An argparse type: a whole number of at least ``least``."""

    def parse(text: str) -> int:
        try:
            v = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"takes a whole number, not {text!r}") from None
        if v < least:
            raise argparse.ArgumentTypeError(f"must be at least {least}, not {v}")
        return v

    return parse


def make_env_class():
    """The RLlib multi-agent env over ``mahjongg.rl.env`` (made here: RLlib is imported only when run)."""
    import gymnasium
    import numpy as np
    from ray.rllib.env.wrappers.pettingzoo_env import PettingZooEnv

    import mahjongg.rl

    class MahjonggRLlibEnv(PettingZooEnv):
        """``mahjongg.rl.env(**env_config)`` as RLlib's ``PettingZooEnv``, each observation
        ``{"observations": the planes flattened (float32), "action_mask": the mask (float32)}``."""

        def __init__(self, config: dict | None = None) -> None:
            config = dict(config or {})
            super().__init__(mahjongg.rl.env(**config))
            space = self.env.observation_space(self.env.possible_agents[0])
            size = int(np.prod(space["observation"].shape))
            n = space["action_mask"].shape[0]
            one = gymnasium.spaces.Dict({
                "action_mask": gymnasium.spaces.Box(0.0, 1.0, (n,), np.float32),
                "observations": gymnasium.spaces.Box(0.0, 1.0, (size,), np.float32),
            })
            self.observation_spaces = {a: one for a in self.possible_agents}
            self.observation_space = gymnasium.spaces.Dict(self.observation_spaces)

        @staticmethod
        def _convert(obs: dict) -> dict:
            return {a: {"action_mask": o["action_mask"].astype(np.float32), "observations": o["observation"].reshape(-1)}
                    for a, o in obs.items()}

        def reset(self, *, seed=None, options=None):
            obs, info = super().reset(seed=seed, options=options)
            return self._convert(obs), info

        def step(self, action):
            obs, rew, term, trunc, info = super().step(action)
            return self._convert(obs), rew, term, trunc, info

    return MahjonggRLlibEnv


def build_config(args):
    """RLlib's PPO config: one shared policy (``"shared"``) for every agent, masked."""
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    from ray.rllib.examples.rl_modules.classes.action_masking_rlm import ActionMaskingTorchRLModule
    from ray.tune.registry import register_env

    env_class = make_env_class()
    register_env("mahjongg", lambda cfg: env_class(cfg))
    hidden = [int(h) for h in args.hidden.split(",")]
    return (
        PPOConfig()
        .environment("mahjongg", env_config={"ruleset": args.ruleset, "reward_scale": args.reward_scale})
        .multi_agent(policies={"shared"}, policy_mapping_fn=lambda agent_id, *a, **k: "shared")
        .rl_module(rl_module_spec=MultiRLModuleSpec(rl_module_specs={"shared": RLModuleSpec(
            module_class=ActionMaskingTorchRLModule,
            model_config={"fcnet_hiddens": hidden, "fcnet_activation": "tanh", "vf_share_layers": False},
        )}))
        .env_runners(num_env_runners=args.env_runners, num_envs_per_env_runner=1, rollout_fragment_length="auto")
        .learners(num_learners=0)
        .training(train_batch_size_per_learner=args.batch, minibatch_size=min(args.batch, 256), num_epochs=args.epochs, lr=3e-4)
        .debugging(seed=args.seed)
    )


def export_shared(algo, ruleset: str, out: Path, **info):
    """The shared policy's actor (encoder then logits head) as a ``policy:FILE`` file."""
    import torch

    from mahjongg.rl.export import export_policy

    module = algo.get_module("shared")
    actor = module.encoder.actor_encoder.net.mlp  # torch.nn.Sequential: Linear, Tanh, ...
    head = module.pi.net.mlp
    return export_policy(torch.nn.Sequential(actor, head), out, ruleset=ruleset, source="RLlib PPO", **info)


def check_export(algo, policy, ruleset: str, observations: int = 200, seed: int = 0) -> int:
    """How many of ``observations`` learner turns (a masked random player's, all four seats)
    the exported file chooses the action RLlib's module does (its masked greedy action)."""
    import numpy as np
    import torch

    from mahjongg.rl import env as make_env

    module = algo.get_module("shared")
    e = make_env(ruleset)
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    same = 0
    for _ in range(observations):
        obs = e.observe(e.agent_selection)
        mask = obs["action_mask"]
        batch = {"obs": {"action_mask": torch.as_tensor(mask[None].astype(np.float32)),
                         "observations": torch.as_tensor(obs["observation"].reshape(1, -1))}}
        with torch.no_grad():
            logits = module.forward_inference(batch)["action_dist_inputs"][0].numpy()
        same += int(np.argmax(logits) == policy.choose(obs["observation"], mask)[0])
        e.step(int(rng.choice(np.flatnonzero(mask))))
        if all(e.terminations.values()):
            e.reset()
    return same


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ruleset", default="pung-chow")
    ap.add_argument("--iterations", type=_at_least(1), default=20, help="PPO training iterations")
    ap.add_argument("--batch", type=_at_least(1), default=4000, help="learner steps per iteration")
    ap.add_argument("--epochs", type=_at_least(1), default=5, help="passes over each batch")
    ap.add_argument("--env-runners", type=_at_least(0), default=2, help="Ray actors sampling hands (0: in the driver)")
    ap.add_argument("--hidden", default="128,128", help="hidden layer sizes, comma-separated")
    ap.add_argument("--reward-scale", type=float, default=0.01)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--address", default=None, help="a Ray cluster to join (auto: the one `ray start` made here)")
    ap.add_argument("--out", type=Path, default=Path("rllib-pung-chow.npz"), help="the exported policy (.npz)")
    args = ap.parse_args(argv)
    try:
        import ray
        import torch  # noqa: F401
        from ray.rllib.algorithms.ppo import PPOConfig  # noqa: F401
    except ImportError as e:
        ap.error(f"needs ray[rllib] and torch in a virtualenv of their own (see this script's docs): {e}")
    from mahjongg.errors import MahjonggError
    from mahjongg.rules import get_ruleset

    try:
        get_ruleset(args.ruleset)
        [int(h) for h in args.hidden.split(",")]
    except (MahjonggError, ValueError) as e:
        ap.error(str(e).splitlines()[0])
    if not args.out.parent.is_dir():
        ap.error(f"argument --out: the folder {args.out.parent} does not exist")

    ray.init(address=args.address, include_dashboard=False, log_to_driver=False,
             **({} if args.address else {"num_cpus": max(2, args.env_runners + 1)}))
    try:
        algo = build_config(args).build_algo()
        start = time.perf_counter()
        for i in range(1, args.iterations + 1):
            r = algo.train()
            runners = r.get("env_runners", {})
            learner = r.get("learners", {}).get("shared", {})
            # the hands are zero-sum among four copies of one policy: its strength shows in arena, not here
            print(f"iteration {i}: {int(runners.get('num_env_steps_sampled_lifetime', 0)):,} steps, "
                  f"{int(runners.get('num_episodes_lifetime', 0)):,} hands, "
                  f"policy entropy {float(learner.get('entropy', float('nan'))):.3f}, "
                  f"{time.perf_counter() - start:.0f} s", flush=True)
        policy = export_shared(algo, args.ruleset, args.out, seed=args.seed, iterations=args.iterations)
        sizes = " -> ".join(str(w.shape[1]) for w in policy.weights) + f" -> {len(policy.table)}"
        print(f"trained RLlib PPO (one shared policy, {args.env_runners} env runners) on {args.ruleset}: "
              f"{args.iterations} iterations in {time.perf_counter() - start:.0f} s; exported {sizes} to {args.out}")
        n = 200
        print(f"export checked: the file chooses RLlib's action at {check_export(algo, policy, args.ruleset, n)} of {n} turns")
        print(f"seat it: mahjongg arena --challenger policy:{args.out} --ruleset {args.ruleset} --field greedy")
        algo.stop()
    finally:
        ray.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
