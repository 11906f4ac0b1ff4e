"""A small NumPy policy over the env's observation, its file, and the ``policy:FILE`` bot.

:class:`LinearPolicy` scores each legal action with a linear function of
features taken from the observation array (:mod:`.encoding`) around the
action's tile, with weights shared across tile kinds (a 1-D convolution
along each suit), and picks by softmax over the legal actions only:

* a tile's *local* features: the 46 planes at the tile and at the two tiles
  each side of it in its suit (0 beyond the suit; honours have no
  neighbours), and the own count of each of those five tiles one-hot
  (0..4): ``46 * 5 + 25 = 255`` values;
* discard ``t``, concealed kong ``t``, add kong ``t``: a weight block each
  on the local features of ``t``; chow from ``t``: its block on the local
  features of the run's middle tile;
* pung, kong, Mah-Jongg, pass, wash: a block each on the local features of
  the tile claimed (or drawn) and the scalar planes 44 and 45;
* bonus, capture: a bias each.

``act`` (the bot) takes the most probable legal action; training samples.
The file (``.npz``): the weights and a JSON header naming the ruleset the
policy was trained for and the encoding it reads (:data:`FORMAT`).
:class:`PolicyBot` plays a file as a :class:`~mahjongg.bots.Bot`; the bots
registry makes one for ``policy:FILE`` (see :func:`load_policy_bot`). It
plays the files of :mod:`.mlp` too: a Stable-Baselines3 or PyTorch policy
exported by :mod:`.export`, played with NumPy alone.
"""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import numpy as np

from ..bots import Bot, BotError
from ..bots.learned import ARCH as LEARNED_FORMAT
from ..bots.learned import LearnedError, LearnedNet, net_from_arrays, read_npz
from ..rules import get_ruleset
from ..table.actions import Action, ActionKind
from ..table.observation import Observation
from ..tiles import NUM_KINDS
from .actions import ActionTable, action_table
from .encoding import PLANES, encode
from .mlp import FORMAT as MLP_FORMAT
from .mlp import MlpError, MlpPolicy

__all__ = ["LinearPolicy", "PolicyBot", "PolicyError", "load_policy", "load_policy_bot", "FORMAT"]

FORMAT = "mahjongg-linear-policy-1"
"""The file format and the encoding it reads (46 planes, :mod:`.encoding`)."""


class PolicyError(BotError):
    """A policy file that cannot be read, or one trained for another ruleset."""


def _neighbours() -> np.ndarray:
    nb = np.full((NUM_KINDS, 5), NUM_KINDS, dtype=np.intp)  # NUM_KINDS: the zero column
    for t in range(NUM_KINDS):
        for j, d in enumerate((-2, -1, 0, 1, 2)):
            u = t + d
            if d == 0 or (t < 27 and 0 <= u < 27 and u // 9 == t // 9):
                nb[t, j] = u
    return nb


_NB = _neighbours()
LOCAL = PLANES * 5 + 25
_TILE_BLOCKS = (ActionKind.DISCARD, ActionKind.CONCEALED_KONG, ActionKind.ADD_KONG, ActionKind.CHOW)
_PLAIN_BLOCKS = (ActionKind.PUNG, ActionKind.KONG, ActionKind.MAHJONGG, ActionKind.PASS, ActionKind.WASH)
_BIASES = (ActionKind.BONUS, ActionKind.CAPTURE)
# a block of its own only for a table that has the action (the league rulesets): the
# weights of a policy for any other ruleset are as they were before it existed
_IF_IN_TABLE = (ActionKind.ORIGINAL_CALL,)


class LinearPolicy:
    """Softmax over legal actions of linear scores (see the module's docs).

    ``LinearPolicy(table)`` starts with zero weights (uniform over the legal
    actions); ``theta`` is one flat ``float64`` vector.
    """

    def __init__(self, table: ActionTable, theta: np.ndarray | None = None) -> None:
        self.table = table
        self.kinds = NUM_KINDS + len(table.bonus)
        self.glob = LOCAL + 2 * self.kinds
        # parameter offset of each action kind's block
        off, self.offset = 0, {}
        for k in _TILE_BLOCKS:
            self.offset[k] = off
            off += LOCAL
        for k in _PLAIN_BLOCKS:
            self.offset[k] = off
            off += self.glob + 1
        for k in _BIASES:
            self.offset[k] = off
            off += 1
        kinds_in_table = {kind for kind, _ in table.entries}
        for k in _IF_IN_TABLE:
            if k in kinds_in_table:  # a discard: a tile block
                self.offset[k] = off
                off += LOCAL
        self.size = off
        self.theta = np.zeros(off) if theta is None else np.asarray(theta, dtype=np.float64)
        if self.theta.shape != (off,):
            raise PolicyError(f"a policy for {table.ruleset} has {off} weights, not {self.theta.shape}")
        self._entries = table.entries

    def features(self, obs: np.ndarray, legal: list[int]) -> np.ndarray:
        """``(len(legal), size)``: each legal action's feature vector (mostly zeros)."""
        own = obs[0, :NUM_KINDS]
        padded = np.concatenate([obs[:, :NUM_KINDS], np.zeros((PLANES, 1), obs.dtype)], axis=1)
        counts = np.rint(np.append(own, 0.0) * 4).astype(np.intp).clip(0, 4)
        phi = np.zeros((len(legal), self.size))
        cache: dict[int, np.ndarray] = {}

        def local(t: int) -> np.ndarray:
            v = cache.get(t)
            if v is None:
                cols = _NB[t]
                onehot = np.zeros((5, 5))
                onehot[np.arange(5), counts[cols]] = 1.0
                onehot[cols == NUM_KINDS] = 0.0
                v = cache[t] = np.concatenate([padded[:, cols].reshape(-1), onehot.reshape(-1)])
            return v

        focus = None
        for row, i in enumerate(legal):
            kind, t = self._entries[i]
            o = self.offset[kind]
            if kind in _BIASES:
                phi[row, o] = 1.0
            elif kind is ActionKind.CHOW:
                phi[row, o : o + LOCAL] = local(int(t) + 1)
            elif t is not None:
                phi[row, o : o + LOCAL] = local(int(t))
            else:
                if focus is None:
                    hit = np.flatnonzero(obs[43, :NUM_KINDS]) if obs[43, :NUM_KINDS].any() else np.flatnonzero(obs[1, :NUM_KINDS])
                    focus = np.concatenate([local(int(hit[0])) if len(hit) else np.zeros(LOCAL), obs[44], obs[45]])
                phi[row, o : o + self.glob] = focus
                phi[row, o + self.glob] = 1.0
        return phi

    def probabilities(self, phi: np.ndarray) -> np.ndarray:
        z = phi @ self.theta
        z -= z.max()
        p = np.exp(z)
        return p / p.sum()

    def choose(self, obs: np.ndarray, mask: np.ndarray, rng: np.random.Generator | None = None):
        """``(action index, features, probabilities, position)``: sampled with ``rng``, else the most probable."""
        legal = np.flatnonzero(mask).tolist()
        phi = self.features(obs, legal)
        p = self.probabilities(phi)
        j = int(rng.choice(len(legal), p=p)) if rng is not None else int(np.argmax(p))
        return legal[j], phi, p, j

    # --- files ------------------------------------------------------------------------
    def save(self, path: str | Path, **info) -> None:
        """Write the policy as ``.npz`` (``info``: anything to keep in its header, e.g. the training seed)."""
        header = {"format": FORMAT, "ruleset": self.table.ruleset, "actions": len(self.table), **info}
        with open(path, "wb") as f:
            np.savez(f, theta=self.theta, header=np.array(json.dumps(header)))


def _read_npz(p: Path) -> tuple[dict, dict[str, np.ndarray]]:
    """The header and arrays of the policy file ``p``; :class:`PolicyError` saying what the file lacks."""

    def refuse(why: str) -> PolicyError:
        return PolicyError(f"{p} is not a trained policy (an .npz file of weights and a header): {why}")

    if zipfile.is_zipfile(p):
        with zipfile.ZipFile(p) as z:
            names = set(z.namelist())
        if {"data", "policy.pth"} <= names:  # what Stable-Baselines3's model.save writes
            raise PolicyError(
                f"{p} is a Stable-Baselines3 model: export it first, "
                f"python -m mahjongg.rl.export {p} --ruleset RULESET --out POLICY.npz"
            )
    arrays = read_npz(p, "a trained policy (an .npz file of weights and a header)", PolicyError)
    if "header" not in arrays:
        raise refuse("it has no header array")
    try:
        header = json.loads(str(arrays.pop("header")))
    except ValueError:
        raise refuse("its header is not JSON") from None
    if not isinstance(header, dict):
        raise refuse("its header is not a JSON object")
    if header.get("format") == FORMAT and "theta" not in arrays:
        raise refuse("it has no theta array")
    return header, arrays


class LearnedPolicy:
    """A network of the ``learned`` bot's kind read from its own file (one
    :func:`mahjongg.rl.imitation.fit` wrote), played as a policy: the legal action of highest score,
    as the ``learned`` bot plays its shipped weights. ``table``: the ruleset's action table."""

    def __init__(self, net: LearnedNet) -> None:
        self.net = net
        self.table = net.table

    def choose(self, obs: np.ndarray, mask: np.ndarray, rng: np.random.Generator | None = None):
        """``(action index, None, None, None)``: the legal action the network scores highest (``rng`` unused)."""
        logits, _ = self.net.forward(obs[None])
        return int(np.argmax(np.where(mask.astype(bool), logits[0], -np.inf))), None, None, None


def load_policy(path: str | Path) -> tuple[LinearPolicy | MlpPolicy | LearnedPolicy, dict]:
    """``(policy, header)`` from a file :meth:`LinearPolicy.save`, :meth:`MlpPolicy.save
    <.mlp.MlpPolicy.save>` (:mod:`.export`) or :func:`mahjongg.rl.imitation.fit` (the learned
    bot's network: :class:`LearnedPolicy`) wrote; :class:`PolicyError` otherwise."""
    p = Path(path)
    if not p.is_file():
        raise PolicyError(f"no policy file at {p}")
    header, arrays = _read_npz(p)
    if header.get("format") == LEARNED_FORMAT:  # weights of the learned bot's network (imitation.fit)
        try:
            return LearnedPolicy(net_from_arrays(header, arrays, p)), header
        except (LearnedError, KeyError, ValueError) as e:
            raise PolicyError(f"{p}: {e}") from None
    if header.get("format") not in (FORMAT, MLP_FORMAT):
        raise PolicyError(
            f"{p} is not a policy of this version (format {header.get('format')!r}, not {FORMAT!r}, {MLP_FORMAT!r}"
            f" or {LEARNED_FORMAT!r})"
        )
    try:
        table = action_table(get_ruleset(header["ruleset"]))
    except (KeyError, ValueError):
        raise PolicyError(f"{p}: the policy names an unknown ruleset {header.get('ruleset')!r}") from None
    n = header.get("actions")
    if n is not None and n != len(table):
        raise PolicyError(
            f"{p} was trained on {n} actions of {table.ruleset}; its action table now has {len(table)}"
            " (Original Call was added to the league rulesets): train it again"
        )
    if header["format"] == MLP_FORMAT:
        try:
            return MlpPolicy.from_arrays(table, header, arrays), header
        except MlpError as e:
            raise PolicyError(f"{p} is not a policy of {table.ruleset}: {e}") from None
    return LinearPolicy(table, arrays["theta"]), header


_LOADED: dict[tuple[str, float], tuple[LinearPolicy | MlpPolicy | LearnedPolicy, dict]] = {}


def _cached(path: str) -> tuple[LinearPolicy | MlpPolicy | LearnedPolicy, dict]:
    p = Path(path).resolve()
    try:
        key = (str(p), p.stat().st_mtime)
    except OSError:
        raise PolicyError(f"no policy file at {path}") from None
    hit = _LOADED.get(key)
    if hit is None:
        hit = _LOADED[key] = load_policy(p)
    return hit


class PolicyBot(Bot):
    """Plays a policy file: the most probable legal action of :class:`LinearPolicy`,
    or of :class:`~.mlp.MlpPolicy` (a model exported by :mod:`.export`).

    Reads only its own observation (encoded by :func:`~.encoding.encode`).
    Raises :class:`PolicyError` if the hand is played under another ruleset
    than the one the policy was trained for, or under options of it that
    change its actions (the special tiles, the Mandarins: another set of tiles).
    """

    name = "policy"

    def __init__(self, seed: int | None = None, *, path: str | Path) -> None:
        super().__init__(seed)
        self.path = str(path)
        self.name = f"policy:{self.path}"  # what make_bot takes back (a saved match's bots are named so)
        self.policy, self.header = _cached(self.path)
        self._fits = None  # the last ruleset found to have the policy's actions
        # a learned network's file plays as the learned bot plays (its look-ahead planes under the
        # table's own ruleset, options applied)
        self._learned = None
        if isinstance(self.policy, LearnedPolicy):
            from ..bots.learned import LearnedBot

            self._learned = LearnedBot(seed, net=self.policy.net)

    def act(self, observation: Observation, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        table = self.policy.table
        rules = observation.ruleset
        if rules is not self._fits:
            # the table's own ruleset (its options applied): the policy's, and with its actions
            if rules.name != table.ruleset:
                raise PolicyError(f"the policy {self.path} was trained for {table.ruleset}, not {rules.name}")
            own = action_table(rules)
            if own.entries != table.entries or own.bonus != table.bonus:
                raise PolicyError(
                    f"the policy {self.path} was trained for {table.ruleset} as registered: this table's"
                    " options change its set of tiles and actions"
                )
            self._fits = rules
        if self._learned is not None:
            return self._learned.act(observation, legal)
        by_index = table.indices(legal)
        mask = np.zeros(len(table), dtype=np.int8)
        mask[list(by_index)] = 1
        i, *_ = self.policy.choose(encode(observation, table), mask)
        return by_index[i]


def load_policy_bot(arg: str, seed: int | None = None) -> PolicyBot:
    """The bot for ``policy:FILE`` (the ``policy`` entry of the ``mahjongg.bots`` entry points)."""
    if not arg:
        raise PolicyError("policy:FILE needs the file of a trained policy, e.g. policy:pung-chow.npz")
    return PolicyBot(seed, path=arg)
