"""A match: several hands, East's deal passing round the table, running chip totals.

Players are numbered 0..n-1 in their order round the table, counter-clockwise
(each player's right-hand neighbour is the next number). Seats (winds) change
from hand to hand; players keep their numbers.

Source: seed 000 (Pung Chow Part I), "Procedure of play", A: "all players
throw once, the one throwing the highest number becoming first East Wind. In
the event of a tie, players tieing throw again ... if the player
representing East Wind wins, or if the game is a draw, he remains East Wind.
If he loses, the player to his right becomes East Wind"; Part II, "The
procedure of play": "The East Wind round is over as soon as the fourth
player to be East Wind in turn loses ... four games make up a round and four
rounds make up a set. In every case the new wind-round must commence from
the original East Wind player."
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Protocol, Sequence

from ..rules.pung_chow import PUNG_CHOW
from ..rules.ruleset import Ruleset
from ..tiles import Wind
from .actions import Action
from .dice import first_east
from .game import Game
from .observation import Observation
from .result import Result

__all__ = ["Match", "HandRecord", "Player"]


class Player(Protocol):
    """Anything that chooses an action from an observation (a bot, a UI)."""

    def act(self, observation: Observation, legal: list[Action]) -> Action: ...


@dataclass(frozen=True)
class HandRecord:
    """One finished hand of a match."""

    number: int
    round: Wind
    east_player: int
    seats: dict[int, Wind]  # player -> seat wind
    seed: int
    result: Result
    chips: tuple[int, ...]  # each player's gain this hand
    totals: tuple[int, ...]  # each player's running total after it

    @property
    def winner_player(self) -> int | None:
        if self.result.winner is None:
            return None
        return next(p for p, s in self.seats.items() if s == self.result.winner)

    def to_dict(self) -> dict:
        return {
            "number": self.number,
            "round": self.round.letter,
            "east_player": self.east_player,
            "seats": {str(p): s.letter for p, s in self.seats.items()},
            "seed": self.seed,
            "winner_player": self.winner_player,
            "chips": list(self.chips),
            "totals": list(self.totals),
            "result": self.result.to_dict(),
        }


class Match:
    """A match of ``hands`` hands, or of ``rounds`` wind rounds (one round:
    every player has held the deal and lost it), whichever is given
    (default: one round).

    ``Match(ruleset, seed=0, players=4, hands=8)``. Step it with
    :meth:`next_game` / :meth:`record`, or :meth:`play` it with one
    :class:`Player` per player number.
    """

    def __init__(
        self,
        ruleset: Ruleset = PUNG_CHOW,
        seed: int | None = None,
        players: int = 4,
        hands: int | None = None,
        rounds: int | None = None,
    ) -> None:
        if hands is None and rounds is None:
            rounds = 1
        self.ruleset = ruleset
        self.seed = seed if seed is not None else random.randrange(2**32)
        self.players = players
        self.hands = hands
        self.rounds = rounds
        self._rng = random.Random(self.seed)
        self.first_east, self.seating_throws = first_east(self._rng, players)
        self.east_player = self.first_east
        self.round = Wind.EAST
        self.rounds_completed = 0
        self._passes = 0  # times the deal has passed in this round
        self.totals = [0] * players
        self.records: list[HandRecord] = []
        self.game: Game | None = None

    # --- seats --------------------------------------------------------------
    def seat_of(self, player: int) -> Wind:
        """The wind ``player`` sits at in the current hand."""
        return Wind((player - self.east_player) % self.players)

    def player_at(self, seat: Wind) -> int:
        """The player sitting at ``seat`` in the current hand."""
        return (self.east_player + int(seat)) % self.players

    @property
    def is_over(self) -> bool:
        if self.hands is not None and len(self.records) >= self.hands:
            return True
        if self.rounds is not None and self.rounds_completed >= self.rounds:
            return True
        return False

    # --- stepping ---------------------------------------------------------------
    def next_game(self) -> Game:
        """The next hand (its seed drawn from the match's seed)."""
        if self.is_over:
            raise RuntimeError("the match is over")
        if self.game is not None and not self.game.is_over:
            raise RuntimeError("the current hand is not finished")
        self.game = Game(self.ruleset, self._rng.randrange(2**32), self.players, self.round)
        return self.game

    def record(self, game: Game | None = None) -> HandRecord:
        """Settle a finished hand: chips to the totals, then pass the deal or not."""
        game = game or self.game
        if game is None or not game.is_over:
            raise RuntimeError("record a finished hand")
        r = game.result
        seats = {p: self.seat_of(p) for p in range(self.players)}
        net = r.net
        chips = tuple(net.get(seats[p], 0) for p in range(self.players))
        for p, c in enumerate(chips):
            self.totals[p] += c
        rec = HandRecord(len(self.records) + 1, self.round, self.east_player, seats, game.seed, r, chips, tuple(self.totals))
        self.records.append(rec)
        if r.winner is not None and r.winner != Wind.EAST:
            # East lost: the deal passes to his right
            self.east_player = (self.east_player + 1) % self.players
            self._passes += 1
            if self._passes == self.players:
                self._passes = 0
                self.rounds_completed += 1
                self.round = Wind((self.round + 1) % 4)
        self.game = None
        return rec

    def play(self, players: Sequence[Player]) -> list[HandRecord]:
        """Play the whole match; ``players[p]`` decides for player ``p``."""
        if len(players) != self.players:
            raise ValueError(f"{self.players} players needed, {len(players)} given")
        while not self.is_over:
            g = self.next_game()
            while not g.is_over:
                seat = g.to_act()[0]
                p = players[self.player_at(seat)]
                g.apply(p.act(g.observation(seat), g.legal_actions(seat)))
            self.record(g)
        return self.records
