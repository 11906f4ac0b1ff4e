"""The PettingZoo environment: every seat an agent, one step per decision (the AEC model).

``mahjongg.rl.env(ruleset="pung-chow", players=4, **options)`` is the env
as PettingZoo's standard wrappers make the classic chess env, with their
checks built in rather than stacked (a third of the time of a step went to
the wrappers): an action the mask forbids ends the hand, ``illegal_reward``
-1 for the offender and 0 for the others (as
:class:`~pettingzoo.utils.wrappers.TerminateIllegalWrapper`); an action
that is not an integer of the action space is the library's
:class:`~.actions.ActionTableError` naming it (where
``AssertOutOfBoundsWrapper`` asserted); ``step``/``observe`` before
``reset`` are a :class:`~mahjongg.errors.StateError` (as
``OrderEnforcingWrapper``). :class:`raw_env` is the same env; by default
(``illegal_reward=None``) a forbidden action is an ``ActionTableError``
too, the game unchanged. The shape follows PettingZoo's classic board
games (chess, connect_four): ``metadata``, ``observation_space(agent)`` /
``action_space(agent)``, observations ``{"observation", "action_mask"}``,
and ``action_masks()`` (the selected agent's mask, as sb3-contrib's
``MaskablePPO`` asks it).

Agents ``player_0 .. player_{n-1}`` are the players (see :mod:`.core` for
where each sits). The agent selected is the seat with a decision: its turn,
or, after a discard, each seat in turn that answers it. ``claims="able"``
(the default since issue 41): only the seats that can claim the discard
answer it, from the discarder's right, every answer collected before the
engine resolves them -- a seat is asked exactly when its own tiles and the
public discard give it a choice, so each agent's own stream (its
observations, masks and rewards) is a function of its own view and the
public table; the *joint order of agents* tells a loop that reads it who
can claim. ``claims="all"``: every other seat answers every discard, with
Pass alone in its mask when it cannot claim, so the joint order tells
nothing either (about twice the steps a hand; see ``docs/rl.md``). Every
agent's ``action_mask`` is its own legal actions now (so several seats of a
claim window each see theirs); it is never all zero for the selected agent
while the hand goes on.

Options: ``hands=N`` / ``rounds=N`` make an episode a match (rewards at each
hand's end, termination at the match's end); ``reward_scale`` multiplies the
chips; ``db=FILE`` stores every finished hand's event log in a game database
(:class:`~mahjongg.play.journal.Journal`: ``mahjongg replay ID --db FILE``);
``render_mode`` ``"ansi"`` (``render()`` returns the table as text) or
``"human"`` (prints it); without a render mode ``render()`` returns ``None``. Any other keyword is a ruleset option
(:meth:`Ruleset.with_options <mahjongg.rules.Ruleset.with_options>`, e.g.
``payment_limit=300``).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import AgentSelector

from ..errors import StateError
from ..rules import Ruleset
from .actions import ActionTableError
from .core import EnvError, EnvTable, action_index, resolve_ruleset

__all__ = ["raw_env", "env"]


def env(ruleset: str | Ruleset = "pung-chow", players: int = 4, **options) -> AECEnv:
    """The Mah-Jongg AEC env as the classic PettingZoo envs are wrapped: an action
    the mask forbids ends the hand with ``illegal_reward=-1`` (see the module's docs)."""
    options.setdefault("illegal_reward", -1.0)
    return raw_env(ruleset, players, **options)


class raw_env(AECEnv):
    """The AEC env: ``raw_env(ruleset, players, *, claims="able", illegal_reward=None,
    hands, rounds, reward_scale, db, render_mode, **options)``."""

    metadata = {"render_modes": ["human", "ansi"], "name": "mahjongg_v0", "is_parallelizable": False, "render_fps": 1}

    def __init__(
        self,
        ruleset: str | Ruleset = "pung-chow",
        players: int = 4,
        *,
        claims: str = "able",
        illegal_reward: float | None = None,
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
        self._t = EnvTable(r, players, hands=hands, rounds=rounds, reward_scale=reward_scale, db=db, claims=claims)
        self.claims = claims
        self.illegal_reward = None if illegal_reward is None else float(illegal_reward)
        self.ruleset = r
        self.action_table = self._t.table
        self.possible_agents = [f"player_{p}" for p in range(players)]
        self.agents = self.possible_agents[:]
        self._player = {a: p for p, a in enumerate(self.possible_agents)}
        n = self._n = len(self.action_table)
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, shape=self._t.obs_shape, dtype=np.float32),
                "action_mask": spaces.Box(0, 1, shape=(n,), dtype=np.int8),
            }
        )
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self._t.seed(None)
        self._started = False
        self._abandoned = False  # an illegal action ended the hand
        self._dirty = False  # self.rewards holds rewards of the last step

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
        """Start the next episode. ``options={"wall": tiles, "dice": throws}`` deals
        it from that built wall (:meth:`Game.from_wall <mahjongg.table.Game.from_wall>`;
        one-hand episodes); other keys are ignored (PettingZoo's ``api_test`` passes one)."""
        if seed is not None:
            self._t.seed(seed)
        opts = options or {}
        self._t.new_episode(opts.get("wall"), opts.get("dice"))
        self._started = True
        self._abandoned = False
        self._dirty = False
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

    def _check_started(self) -> None:
        if not self._started:
            raise StateError("no episode yet: call reset() first (before step, observe, last or action_masks)")

    def last(self, observe: bool = True):
        """PettingZoo's ``last()``; before ``reset()`` a :class:`~mahjongg.errors.StateError`."""
        self._check_started()
        return super().last(observe)

    def observe(self, agent: str) -> dict:
        if not self._started:
            self._check_started()
        p = self._player[agent]
        t = self._t
        if self._abandoned:
            return {"observation": t.observe(p), "action_mask": np.zeros(self._n, dtype=np.int8)}
        return {"observation": t.observe(p), "action_mask": t.mask(p)}

    def action_masks(self, agent: str | None = None) -> np.ndarray:
        """The mask of ``agent`` (the agent selected by default): ``int8``, 1 at each legal action."""
        self._check_started()
        if self._abandoned:
            return np.zeros(self._n, dtype=np.int8)
        return self._t.mask(self._player[self.agent_selection if agent is None else agent])

    def step(self, action) -> None:
        if not self._started:
            self._check_started()
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        t = self._t
        p = self._player[agent]
        i = action_index(action, self._n)
        legal = t.legal(p)
        if i not in legal:
            if self.illegal_reward is None:
                raise ActionTableError(f"action {i} ({self.action_table.describe(i)}) is not legal for {agent} now")
            self._illegal(agent)
            return
        if self._dirty:
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._dirty = False
        self._cumulative_rewards[agent] = 0.0
        chips = t.apply(p, i, legal)
        if chips is not None:
            rewards = self.rewards
            for q, c in enumerate(chips):
                rewards[self.possible_agents[q]] = c
            self._dirty = True
            self._accumulate_rewards()
            if t.over:
                self.terminations = dict.fromkeys(self.agents, True)
        acting = t.acting()
        if acting is not None:
            self.agent_selection = self.possible_agents[acting]
        if chips is not None:  # a new hand (match mode) or the end: seats change
            self._update_infos()
        if self.render_mode == "human":
            self.render()

    def _illegal(self, agent: str) -> None:
        """An action the mask forbids, with ``illegal_reward`` set: the hand ends,
        the offender gets ``illegal_reward`` and the others 0 (as PettingZoo's
        ``TerminateIllegalWrapper``)."""
        self._abandoned = True
        self._cumulative_rewards[agent] = 0.0
        self.terminations = dict.fromkeys(self.agents, True)
        self.truncations = dict.fromkeys(self.agents, True)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.rewards[agent] = self.illegal_reward
        self._dirty = True
        self._accumulate_rewards()
        self.infos[agent] = {**self.infos[agent], "illegal": True}
        self._deads_step_first()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = self._t.render()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass
