"""The table under both environments: episodes of one hand or one match, players, masks, rewards.

Claims: with ``claims="able"`` (the engine's own order) a claim window is
opened, and its seats asked, only when some seat can claim the discard (or
rob the kong, or wash the tiles), so *who is asked* depends on concealed
tiles: each seat's own, so what a seat is shown and when it is asked are a
function of its own view and the public table, while the joint order of the
seats' decisions is not (issue 41; the AEC env's default). With ``claims="all"`` every other seat answers every discard (every
kong that may be robbed -- the engine's :func:`~mahjongg.table.claim_window_kinds`
-- and the washing window of a ruleset that has one), in turn from the discarder's right, a
seat that cannot claim with only Pass in its mask: the order of decisions
and what each seat is shown are then a function of its own view and the
public table only (issue 23). The planes show the claim window on the tile
during that pause, for every seat alike; the engine's events after it are
read once every seat has answered.

Players are numbered ``0 .. n-1`` (the agents ``player_0`` ...). Every
episode's seed is drawn from the env's own ``random.Random(seed)`` (seeded by
``reset(seed=...)``), so the episodes after ``reset(seed=S)`` are the hands
(or matches) ``mahjongg simulate --seed S`` plays, in the same order
(:func:`mahjongg.simulate.iter_hand_seeds`):

* one hand per episode (``hands=None``): episode ``i`` after the seeding is
  :class:`~mahjongg.table.Game` ``(ruleset, seed_i, n)`` and player ``p``
  sits at wind ``(p - i) mod n`` -- East passes round the table from one
  episode to the next, as in ``mahjongg simulate``;
* a match per episode (``hands=N`` or ``rounds=N``): a
  :class:`~mahjongg.table.Match` ``(ruleset, seed_i, n, hands, rounds)``;
  its seating places the players, East's deal passes by the rules.

Bots seated by the env (:class:`~.seat_env.SeatEnv`'s opponents) follow the
play layer's one seed rule (:func:`mahjongg.play.seeds.bot_seed`), as
``mahjongg simulate`` does, afresh every hand (:meth:`EnvTable.bot_seed`): of the
run's seed, the episode's index and the player for one hand per episode; of
the match's seed, the hand's index and the player for a match.

Reward: a player's net chips from the hand's settlement
(:attr:`Result.net <mahjongg.table.Result.net>`, 0 for a drawn hand that
is not settled) times ``reward_scale``, given when the hand ends; the
rewards of one hand sum to zero.
"""

from __future__ import annotations

import random
from typing import Sequence

import numpy as np

from ..errors import MahjonggError, StateError
from ..play.journal import Journal
from ..play.seeds import bot_seed
from ..rules import Ruleset, get_ruleset
from ..table import Game, Match
from ..table.actions import Action
from ..tiles import Wind
from ..table.phase import CLAIMS
from ..table.ending import may_wash
from .actions import ActionTable, ActionTableError, action_table
from .encoding import shape
from .planes import ROBBING, WASHING, Planes


class EnvError(MahjonggError):
    """An environment asked for with options it cannot have (the number of
    players, the length of an episode, a render mode, a seat)."""

__all__ = ["EnvTable", "resolve_ruleset", "action_index"]


def action_index(action, n: int) -> int:
    """``action`` as an index of ``Discrete(n)``: a Python or NumPy integer
    scalar, or a 0-d integer array, in ``0 .. n-1``. Anything else (a float,
    a string, ``True``, ``None``, a list, a longer array) raises
    :class:`~.actions.ActionTableError` naming the value and the space: an
    action is never guessed from a value that is not one (issue 24, item 6)."""
    t = type(action)
    if t is int:
        i = action
    elif isinstance(action, np.integer):
        i = int(action)
    elif t is np.ndarray and action.ndim == 0 and action.dtype.kind in "iu":
        i = int(action)
    else:
        raise ActionTableError(f"an action is a whole number of the action space Discrete({n}), not {action!r}")
    if not 0 <= i < n:
        raise ActionTableError(f"action {i} is outside the action space Discrete({n}) (0..{n - 1})")
    return i


def resolve_ruleset(ruleset: str | Ruleset, options: dict) -> Ruleset:
    """A ruleset by name (or value) with ``options`` applied (:meth:`Ruleset.with_options`)."""
    r = get_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
    return r.with_options(**options) if options else r


class EnvTable:
    """One env's table: the current hand (or match), who acts, masks, rewards."""

    def __init__(
        self,
        ruleset: Ruleset,
        players: int = 4,
        *,
        hands: int | None = None,
        rounds: int | None = None,
        reward_scale: float = 1.0,
        db: str | None = None,
        names: Sequence[str] | None = None,
        claims: str = "able",
    ) -> None:
        if players not in (2, 3, 4):
            raise EnvError(f"a hand is played by two, three or four players, not {players}")
        if hands is not None and rounds is not None:
            raise EnvError("an episode is a match of hands or of rounds, not both")
        for name, v in (("hands", hands), ("rounds", rounds)):
            if v is not None and (not isinstance(v, int) or v < 1):
                raise EnvError(f"{name} must be a whole number of at least 1, not {v!r}")
        self.ruleset = ruleset
        self.players = players
        self.hands = hands
        self.rounds = rounds
        self.match_mode = hands is not None or rounds is not None
        self.reward_scale = float(reward_scale)
        self.table: ActionTable = action_table(ruleset)
        self.obs_shape = shape(self.table)
        self._actions = len(self.table)
        self._zeros = bytes(self._actions)
        if claims not in ("all", "able"):
            raise EnvError(f"claims is 'all' (every seat answers every discard) or 'able' (only seats that can claim), not {claims!r}")
        self.claims_all = claims == "all"
        self.planes = Planes(self.table, players, ruleset.reserved_tiles)
        self._pass = self.table.index_of_pass
        self._washing = self.claims_all and may_wash(ruleset)
        self.pause: list[int] | None = None  # claims="all": the seats (winds) still to answer the pause
        self._answers: dict[int, int] = {}
        self._pause_phase: int | None = None
        self.db = db
        self.names = list(names) if names is not None else [f"player_{p}" for p in range(players)]
        self._rng = random.Random()
        self._index = 0
        self.game: Game | None = None
        self.match: Match | None = None
        self.episode_seed: int | None = None
        self.hand_number = 0  # hands finished in this episode
        self._legal: dict | None = None  # player -> {index: Action} in the current state

    # --- episodes -------------------------------------------------------------------
    def seed(self, seed: int | None) -> None:
        """Seed the episodes (``None``: from the system's randomness)."""
        self._rng = random.Random(seed)
        self._index = 0
        self.run_seed = seed

    def new_episode(self, wall=None, dice=None) -> None:
        """Start the next episode: a hand, or a match and its first hand.
        ``wall``/``dice``: deal this hand from a built wall instead
        (:meth:`Game.from_wall <mahjongg.table.Game.from_wall>`; one-hand episodes only)."""
        s = self.episode_seed = self._rng.randrange(2**32)
        self.hand_number = 0
        if wall is not None:
            if self.match_mode:
                raise EnvError("a preset wall deals one hand: not in match mode (hands= or rounds=)")
            if dice is None:
                raise EnvError("a preset wall needs its dice (options={'wall': ..., 'dice': ...})")
            self.match = None
            self.game = Game.from_wall(wall, tuple(map(tuple, dice)), self.ruleset, self.players)
            self._east = self._index % self.players
        elif self.match_mode:
            self.match = Match(self.ruleset, s, self.players, hands=self.hands, rounds=self.rounds)
            self.game = self.match.next_game()
        else:
            self.match = None
            self.game = Game(self.ruleset, s, self.players)
            self._east = self._index % self.players  # the player at East: player p sits at (p - i) mod n
        self._index += 1
        self._new_hand()

    def _new_hand(self) -> None:
        self._legal = None
        m, n = self.match, self.players
        if m is not None:
            self._seat_of = [m.seat_of(p) for p in range(n)]
        else:
            self._seat_of = [Wind((p - self._east) % n) for p in range(n)]
        self._player_at = [0] * n
        for p, s in enumerate(self._seat_of):
            self._player_at[s] = p
        self.planes.resync(self.game)
        self.pause = None
        if self._washing:  # every seat answers the washing window, whoever may wash
            self._open_pause(list(self.game.seats), WASHING)

    def bot_seed(self, player: int) -> int:
        """The seed of ``player``'s bot in the hand on the table (see the module docs)."""
        if self.match is not None:
            return bot_seed(self.episode_seed, self.hand_number, player)
        return bot_seed(self.run_seed, self._index - 1, player)

    @property
    def over(self) -> bool:
        """The episode is over (its hand, or its match's last hand, finished)."""
        return self.game is None or (
            self.game.is_over and not self.pause and (self.match is None or self.match.is_over)
        )

    def seat_of(self, player: int) -> Wind:
        """The wind ``player`` sits at in the hand on the table."""
        return self._seat_of[player]

    def player_at(self, seat: Wind) -> int:
        """The player at wind ``seat`` in the hand on the table."""
        return self._player_at[seat]

    def acting(self) -> int | None:
        """The player to act next (the first of the seats with a decision), ``None`` when over."""
        if self.pause:
            return self.player_at(self.pause[0])
        g = self.game
        if g is None or g.is_over:
            return None
        return self.player_at(g.to_act()[0])

    # --- the claim pause (claims="all") ---------------------------------------------------
    def _open_pause(self, seats: list, phase: int | None = None) -> None:
        self.pause = [int(s) for s in seats]
        self._answers = {}
        self._pause_phase = phase
        self._legal = None

    def _after_action(self) -> None:
        """Read the engine's new events; under ``claims="all"`` hold a claim
        pause after each action that opens a claim window when every seat answers
        (the planes stop there: :func:`~mahjongg.table.claim_window_kinds`)."""
        planes = self.planes
        if not self.claims_all:
            planes.sync()
            return
        if planes.sync(pause=True):
            d = planes.window_from
            order = self.game.seats
            n = len(order)
            self._open_pause([order[(d + k) % n] for k in range(1, n)])

    def _close_pause(self) -> None:
        """Every seat has answered: hand the engine the answers of the seats it
        asked, then read on."""
        answers, self.pause = self._answers, None
        self._legal = None
        planes = self.planes
        g = self.game
        if not planes.pending() and g.phase is CLAIMS:
            for seat in list(g.to_act()):
                action = self.legal(self.player_at(seat)).get(answers[int(seat)])
                g.apply(action)
                self._legal = None
        self._after_action()

    # --- what a player sees and may do ------------------------------------------------
    def legal(self, player: int) -> dict[int, Action | None]:
        """``{action index: engine action}`` for ``player`` now (empty: no decision).
        In a claim pause, a seat the engine does not ask has Pass alone (``None``
        for the engine action: nothing is handed to the engine)."""
        cache = self._legal
        if cache is None:
            cache = self._legal = {}
        hit = cache.get(player)
        if hit is None:
            g = self.game
            seat = self.seat_of(player)
            pause = self.pause
            if g is None or (g.is_over and not pause):
                hit = {}
            elif pause is not None:
                if int(seat) not in pause:
                    hit = {}
                elif not self.planes.pending() and g.phase is CLAIMS and seat in g.to_act():
                    hit = self.table.indices(g.legal_actions(seat))
                else:
                    hit = {self._pass: None}
            else:
                hit = self.table.indices(g.legal_actions(seat))
            cache[player] = hit
        return hit

    def mask(self, player: int) -> np.ndarray:
        """``int8`` of the table's length, 1 at each legal action of ``player`` (a new array each call)."""
        m = bytearray(self._zeros)  # a byte at a time, then one array: a third of the time of numpy's fancy indexing
        for i in self.legal(player):
            m[i] = 1
        return np.frombuffer(m, dtype=np.int8)

    def observe(self, player: int) -> np.ndarray:
        """``player``'s 46 planes (:mod:`.encoding`), kept up to date from the
        engine's events (:mod:`.planes`): equal to ``encode(game.observation(seat))``."""
        if self.game is None:
            return np.zeros(self.obs_shape, dtype=np.float32)
        seat = int(self.seat_of(player))
        pause = self.pause
        if pause is not None:
            return self.planes.observe(seat, seat in pause, self._pause_phase)
        g = self.game
        return self.planes.observe(seat, g.phase is CLAIMS and g.to_act().count(seat) > 0)

    # --- acting ----------------------------------------------------------------------
    def apply_action(self, player: int, action: Action) -> list[float] | None:
        """Play an engine action for ``player``; the hand's rewards (per player) if it ended."""
        g = self.game
        g.apply(action)
        self._legal = None
        self._after_action()
        if self.pause or not g.is_over:
            return None
        return self._hand_over()

    def apply(self, player: int, index: int, legal: dict | None = None) -> list[float] | None:
        """Play action ``index`` of the table for ``player`` (:class:`ActionTableError` if not legal).
        ``legal``: :meth:`legal` of ``player`` now, if the caller has it."""
        if legal is None:
            index = action_index(index, len(self.table))
            legal = self.legal(player)
        i = index
        if i not in legal:
            raise ActionTableError(f"action {i} ({self.table.describe(i)}) is not legal for player_{player} now")
        if self.pause is None:
            return self.apply_action(player, legal[i])
        # claims="all": the answer is kept until every seat has answered
        seat = int(self.seat_of(player))
        if self.pause[0] != seat:
            raise StateError(f"player_{player} answers the claim pause in turn: player_{self.acting()} first")
        self.pause.pop(0)
        self._answers[seat] = i
        self._legal = None
        if self.pause:
            return None
        self._close_pause()
        g = self.game
        if self.pause or not g.is_over:
            return None
        return self._hand_over()

    def _hand_over(self) -> list[float]:
        g = self.game
        self.hand_number += 1
        if self.db is not None:
            with Journal(self.db) as store:
                store.save_hand(g.events, bots=self.names)
        if self.match is not None:
            chips = list(self.match.record(g).chips)
            if not self.match.is_over:
                self.game = self.match.next_game()
                self._new_hand()
        else:
            net = g.result.net
            chips = [net.get(self.seat_of(p), 0) for p in range(self.players)]
        scale = self.reward_scale
        return [c * scale for c in chips]

    # --- text ------------------------------------------------------------------------
    def render(self) -> str:
        """The table as text: each seat's melds, bonus tiles, discards; whose turn."""
        from ..notation import format_tiles

        g = self.game
        if g is None:
            return "(no hand: call reset())"
        lines = [f"{self.ruleset.name}, round {g.round.name.title()}, hand {self.hand_number + 1}"
                 + (f" of the match (seed {self.episode_seed})" if self.match else f" (seed {self.episode_seed})")
                 + f"; {g.wall_count} tiles in the wall"]
        for s in g.seats:
            p = self.player_at(s)
            h = g.hand(s)
            o = g.observation(s)
            melds = " ".join(str(m) for m in h.melds)
            bonus = " ".join(str(t) for t in h.bonus)
            lines.append(
                f"player_{p} {s.name.title():5} {format_tiles(h.concealed)}"
                + (f"  {melds}" if melds else "")
                + (f"  bonus {bonus}" if bonus else "")
                + f"  | discards {' '.join(str(t) for t in o.discards[s]) or '-'}"
            )
        if g.is_over:
            r = g.result
            who = "drawn" if r.winner is None else f"won by player_{self.player_at(r.winner)} ({r.winner.name.title()})"
            lines.append(f"hand over: {who}; chips " + ", ".join(f"player_{self.player_at(s)} {c:+d}" for s, c in r.net.items()))
        else:
            acting = self.acting()
            lines.append(f"to act: player_{acting} ({self.seat_of(acting).name.title()}), phase {g.phase}")
        return "\n".join(lines)
