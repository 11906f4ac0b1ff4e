"""The PettingZoo environment: every seat an agent, one step per decision (the AEC model).

``mahjongg.rl.env(ruleset="pung-chow", players=4, **options)`` is the env
with PettingZoo's standard wrappers (illegal action: the hand ends, -1 for
the offender -- :class:`~pettingzoo.utils.wrappers.TerminateIllegalWrapper`,
as the classic chess env does; an action outside the space is an error;
the order of reset/step/observe is enforced); :class:`raw_env` is the bare
env. The shape follows PettingZoo's classic board games (chess,
connect_four): ``metadata``, ``observation_space(agent)`` /
``action_space(agent)``, observations ``{"observation", "action_mask"}``.

Agents ``player_0 .. player_{n-1}`` are the players (see :mod:`.core` for
where each sits). The agent selected is the first seat with a decision:
its turn, or the first of the seats that may answer a discard -- each of
them acts in turn, and the engine resolves the claims once all have
answered. Every agent's ``action_mask`` is its own legal actions now (so
several seats of a claim window each see theirs); it is never all zero for
the selected agent while the hand goes on.

Options: ``hands=N`` / ``rounds=N`` make an episode a match (rewards at each
hand's end, termination at the match's end); ``reward_scale`` multiplies the
chips; ``db=FILE`` stores every finished hand's event log in a game database
(:class:`~mahjongg.play.journal.Journal`: ``mahjongg replay ID --db FILE``);
``render_mode`` ``"ansi"`` (``render()`` returns the table as text) or
``"human"`` (prints it). Any other keyword is a ruleset option
(:meth:`Ruleset.with_options <mahjongg.rules.Ruleset.with_options>`, e.g.
``payment_limit=300``).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import AgentSelector, wrappers

from ..rules import Ruleset
from .core import EnvError, Table, resolve_ruleset

__all__ = ["raw_env", "env"]


def env(ruleset: str | Ruleset = "pung-chow", players: int = 4, **options) -> AECEnv:
    """The Mah-Jongg AEC env with PettingZoo's standard wrappers (see the module's docs)."""
    e = raw_env(ruleset, players, **options)
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    e = wrappers.OrderEnforcingWrapper(e)
    return e


class raw_env(AECEnv):
    """The bare AEC env: ``raw_env(ruleset, players, *, hands, rounds, reward_scale, db, render_mode, **options)``."""

    metadata = {"render_modes": ["human", "ansi"], "name": "mahjongg_v0", "is_parallelizable": False}

    def __init__(
        self,
        ruleset: str | Ruleset = "pung-chow",
        players: int = 4,
        *,
        hands: int | None = None,
        rounds: int | None = None,
        reward_scale: float = 1.0,
        db: str | None = None,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise EnvError(f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}")
        self.render_mode = render_mode
        r = resolve_ruleset(ruleset, options)
        self._t = Table(r, players, hands=hands, rounds=rounds, reward_scale=reward_scale, db=db)
        self.ruleset = r
        self.action_table = self._t.table
        self.possible_agents = [f"player_{p}" for p in range(players)]
        self.agents = self.possible_agents[:]
        self._player = {a: p for p, a in enumerate(self.possible_agents)}
        n = len(self.action_table)
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, shape=self._t.obs_shape, dtype=np.float32),
                "action_mask": spaces.Box(0, 1, shape=(n,), dtype=np.int8),
            }
        )
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self._t.seed(None)

    # --- spaces ---------------------------------------------------------------------
    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    # --- the engine under it ----------------------------------------------------------
    @property
    def game(self):
        """The hand on the table (:class:`~mahjongg.table.Game`; its ``events`` are the engine's log)."""
        return self._t.game

    @property
    def match(self):
        """The match of this episode (match mode), else ``None``."""
        return self._t.match

    def seat_of(self, agent: str):
        """The wind ``agent`` sits at in the current hand."""
        return self._t.seat_of(self._player[agent])

    # --- AEC ------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self._t.seed(seed)
        self._t.new_episode()
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self._agent_selector = AgentSelector(self.agents)  # PettingZoo's convention; the engine says who acts
        self.agent_selection = self.possible_agents[self._t.acting()]
        self._update_infos()

    def _update_infos(self) -> None:
        t = self._t
        for a in self.agents:
            p = self._player[a]
            self.infos[a] = {"seat": t.seat_of(p).letter, "hand": t.hand_number + (0 if t.game.is_over else 1)}  # its wind, the hand's number

    def observe(self, agent: str) -> dict:
        p = self._player[agent]
        return {"observation": self._t.observe(p), "action_mask": self._t.mask(p)}

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        t = self._t
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        chips = t.apply(self._player[agent], action)
        if chips is not None:
            for p, c in enumerate(chips):
                self.rewards[self.possible_agents[p]] = c
            if t.over:
                self.terminations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        acting = t.acting()
        if acting is not None:
            self.agent_selection = self.possible_agents[acting]
        if chips is not None:  # a new hand (match mode) or the end: seats change
            self._update_infos()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        text = self._t.render()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass
