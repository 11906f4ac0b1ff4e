"""The Gymnasium environment: one learning seat against bots.

``SeatEnv(ruleset="pung-chow", opponents=("greedy", "greedy", "greedy"), seat=0)``:
the learner is player ``seat`` (0-based; with the opponents, players
``0 .. len(opponents)``: two to four). Each ``step(action)`` plays the
learner's action, then the bots' decisions until the learner has one again
(or the episode ends). Observations are ``{"observation", "action_mask"}``
as in :mod:`.aec`; ``info["action_mask"]`` holds the same mask. Reward: the
learner's net chips of every hand that ended during the step (times
``reward_scale``); ``terminated`` when the hand (match mode: the match) is
over; never truncated. An action the mask forbids ends the episode with
``illegal_reward`` (-1; the hand is abandoned, ``info["illegal"]`` is true),
as PettingZoo's ``TerminateIllegalWrapper`` does for :mod:`.aec`.

The mask is never all zero: once the episode is over it holds Pass alone
(the learner has nothing to decide, as a seat that cannot claim in a claim
pause), so a vector env with Gymnasium's default next-step autoreset, which
hands the policy the last observation and ignores the action chosen for it,
never asks a masked policy to choose among no actions; ``step`` itself then
raises :class:`~mahjongg.errors.StateError` until ``reset()``, and so do
``step`` and ``action_masks`` before the first ``reset()``.

Seeds, seats and bot seeds follow :mod:`.core` (``mahjongg simulate``'s
rules): after ``reset(seed=S)`` the episodes are the hands ``mahjongg
simulate --seed S`` plays, the opponents seeded as it seeds its bots. A
hand in which the learner has no decision at all (a bot washes the tiles,
or wins on its first turn) is skipped and counted in
``info["skipped_hands"]`` (a Gymnasium episode needs one step).

Registered ids, one per ruleset (made on ``import mahjongg.rl``, or
``gymnasium.make("mahjongg.rl:mahjongg/PungChow-v0")`` without it):
:data:`ENV_IDS`. :func:`make_vec` steps many of them in one process
(:class:`gymnasium.vector.SyncVectorEnv`, same-step autoreset);
``gymnasium.make_vec(id, num_envs, wrappers=[...])`` makes Gymnasium's own
vector envs of them, in any mode, with its options.
"""

from __future__ import annotations

from functools import partial
from typing import Any, Sequence

import gymnasium
import numpy as np
from gymnasium import spaces

from ..bots import make_bot
from ..errors import StateError
from ..play.seeds import checked_bot_action
from ..rules import RULESETS, Ruleset
from .core import EnvError, EnvTable, action_index, resolve_ruleset

__all__ = ["SeatEnv", "ENV_IDS", "make_vec"]


def _camel(name: str) -> str:
    return "".join(part.title() for part in name.split("-"))


ENV_IDS: dict[str, str] = {name: f"mahjongg/{_camel(name)}-v0" for name in RULESETS}
"""Gymnasium id of each ruleset's :class:`SeatEnv`: ``pung-chow`` -> ``mahjongg/PungChow-v0``."""


class SeatEnv(gymnasium.Env):
    """One learner against bots (see the module's docs)."""

    metadata = {"render_modes": ["human", "ansi"], "render_fps": 1}

    def __init__(
        self,
        ruleset: str | Ruleset = "pung-chow",
        opponents: Sequence[str] = ("greedy", "greedy", "greedy"),
        seat: int = 0,
        *,
        hands: int | None = None,
        rounds: int | None = None,
        reward_scale: float = 1.0,
        illegal_reward: float = -1.0,
        db: str | None = None,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        opponents = tuple(opponents)
        n = len(opponents) + 1
        if not 2 <= n <= 4:
            raise EnvError(f"a hand is played by two, three or four players: give one to three opponents, not {len(opponents)}")
        if not isinstance(seat, int) or not 0 <= seat < n:
            raise EnvError(f"seat is the learner's player number, 0..{n - 1}, not {seat!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise EnvError(f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}")
        for b in opponents:
            make_bot(b, 0)  # an unknown bot: BotError naming the known ones, now rather than at reset
        self.render_mode = render_mode
        self.seat = seat
        self.illegal_reward = float(illegal_reward)
        self._abandoned = False
        self.names = list(opponents[:seat]) + ["learner"] + list(opponents[seat:])
        r = resolve_ruleset(ruleset, options)
        self._t = EnvTable(r, n, hands=hands, rounds=rounds, reward_scale=reward_scale, db=db, names=self.names)
        self.ruleset = r
        self.action_table = self._t.table
        k = len(self.action_table)
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, shape=self._t.obs_shape, dtype=np.float32),
                "action_mask": spaces.Box(0, 1, shape=(k,), dtype=np.int8),
            }
        )
        self.action_space = spaces.Discrete(k)
        self._bots: list = []
        self._pass_only = np.zeros(k, dtype=np.int8)
        self._pass_only[self.action_table.index_of_pass] = 1
        self._started = False
        self._t.seed(None)

    # --- the engine under it ----------------------------------------------------------
    @property
    def game(self):
        """The hand on the table (:class:`~mahjongg.table.Game`)."""
        return self._t.game

    @property
    def table(self) -> EnvTable:
        return self._t

    def _seat_bots(self) -> None:
        t = self._t
        self._bots = [None if p == self.seat else make_bot(b, t.bot_seed(p)) for p, b in enumerate(self.names)]

    def _play_bots(self) -> float:
        """Let the bots act until the learner must, or the episode ends; the learner's chips meanwhile."""
        t, me, bots = self._t, self.seat, self._bots
        reward = 0.0
        while True:
            p = t.acting()
            if p is None or p == me:
                return reward
            g = t.game
            seat = t.seat_of(p)
            legal = g.legal_actions(seat)
            # a bot's illegal answer stops the episode naming the bot (the play layer's one policy)
            chips = t.apply_action(p, checked_bot_action(self.names[p], seat, bots[p].act(g.observation(seat), legal), legal))
            if chips is not None:
                reward += chips[me]
                if not t.over:  # the match's next hand: its bots, seeded for it
                    self._seat_bots()
                    bots = self._bots

    def _check_started(self) -> None:
        if not self._started:
            raise StateError("no episode yet: call reset() first")

    def _mask(self) -> np.ndarray:
        t = self._t
        if self._abandoned or t.over:
            return self._pass_only.copy()
        return t.mask(self.seat)

    def action_masks(self) -> np.ndarray:
        """The learner's mask now: ``int8``, 1 at each legal action (Pass alone once the
        episode is over; see the module's docs). What sb3-contrib's ``MaskablePPO``
        asks the env each step. Before ``reset()``: :class:`~mahjongg.errors.StateError`."""
        self._check_started()
        return self._mask()

    def _obs(self) -> tuple[dict, dict]:
        t = self._t
        mask = self._mask()
        info = {"action_mask": mask, "seat": t.seat_of(self.seat).letter, "hand": t.hand_number + 1}
        return {"observation": t.observe(self.seat), "action_mask": mask}, info

    # --- Gymnasium ----------------------------------------------------------------------
    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        t = self._t
        if seed is not None:
            t.seed(seed)
        skipped = 0
        self._abandoned = False
        self._started = True
        while True:
            t.new_episode()
            self._seat_bots()
            self._play_bots()
            if not t.over:
                break
            skipped += 1
        obs, info = self._obs()
        info["skipped_hands"] = skipped
        return obs, info

    def step(self, action):
        self._check_started()
        t = self._t
        if t.over or self._abandoned:
            raise StateError("the episode is over: call reset()")
        action = action_index(action, len(self.action_table))  # junk: the library's error, never a guess
        if action not in t.legal(self.seat):
            self._abandoned = True
            obs, info = self._obs()
            info["illegal"] = True
            return obs, self.illegal_reward, True, False, info
        chips = t.apply(self.seat, action)
        reward = 0.0
        if chips is not None:
            reward = chips[self.seat]
            if not t.over:  # the learner's action ended a hand of the match: the next hand's bots
                self._seat_bots()
        reward += self._play_bots()
        obs, info = self._obs()
        done = t.over
        if done:
            info["result"] = t.game.result
        if self.render_mode == "human":
            self.render()
        return obs, float(reward), done, False, info

    def render(self):
        if self.render_mode is None:
            return None
        text = self._t.render()
        if self.render_mode == "human":
            print(text)
            return None
        return text


def make_vec(num_envs: int, ruleset: str | Ruleset = "pung-chow", **kwargs) -> gymnasium.vector.SyncVectorEnv:
    """``num_envs`` :class:`SeatEnv` stepped together in this process, as one
    :class:`gymnasium.vector.SyncVectorEnv` (observations batched into
    ``(num_envs, PLANES, kinds)`` and ``(num_envs, actions)`` arrays).

    An env whose episode ends is reset in the same step (Gymnasium's
    ``SAME_STEP`` autoreset: the last observation is in ``info["final_obs"]``),
    so every mask returned has a legal action. ``reset(seed=S)``: env ``i`` is
    seeded ``S + i``. ``kwargs`` go to :class:`SeatEnv`.
    """
    if not isinstance(num_envs, int) or num_envs < 1:
        raise EnvError(f"num_envs must be at least 1, not {num_envs!r}")
    return gymnasium.vector.SyncVectorEnv(
        [partial(SeatEnv, ruleset, **kwargs) for _ in range(num_envs)],
        autoreset_mode=gymnasium.vector.AutoresetMode.SAME_STEP,
    )


for _name, _id in ENV_IDS.items():
    if _id not in gymnasium.registry:
        # no vector_entry_point: Gymnasium refuses `wrappers=` in that mode (issue 41); its own
        # vector envs, with either autoreset, never see an all-zero mask (Pass alone at the end)
        gymnasium.register(id=_id, entry_point="mahjongg.rl.seat_env:SeatEnv", kwargs={"ruleset": _name})
