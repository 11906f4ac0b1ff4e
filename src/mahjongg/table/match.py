"""A match: seating, several hands, East's deal passing round the table, running chip totals.

Players are numbered 0..n-1 in the order they first sat down,
counter-clockwise (each player's right-hand neighbour is the next number).
The ruleset's seating procedure (``Ruleset.seating``, :mod:`.seating`) may
move them: :attr:`Match.order` is the order they then sit in round the table.
Seats (winds) change from hand to hand; players keep their numbers.

The ruleset says how a match goes: ``seating`` and ``seating_dice`` (who is
first East), ``match_rounds`` (its length when none is asked for),
``starting_chips``, and :meth:`Ruleset.keeps_deal` (whether East keeps the
deal after a hand). Every throw, pick, hand and change of East or of round is
in :attr:`Match.events`.

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
from typing import Callable

from ..errors import StateError
from ..rules.pung_chow import PUNG_CHOW
from ..rules.ruleset import Ruleset
from ..tiles import Wind
from .actions import GameError
from .game import Game
from .result import Result
from .seating import Seating, seat_players

__all__ = ["Match", "HandRecord", "east_wins_in_row"]


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
    totals: tuple[int, ...]  # each player's running total after it (gains: sums to zero)
    holdings: tuple[int, ...] = ()  # chips each player holds after it (starting chips + totals)

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
            "holdings": list(self.holdings),
            "result": self.result.to_dict(),
        }



def east_wins_in_row(match: "Match") -> int:
    """The hands the East of the match's next hand has won in a row before it:
    the match's finished hands walked back while the same player was East in
    the same round, his wins counted and the hands nobody won (which keep the
    deal where the ruleset says so) passed over, as Kajongg counts them for
    "East won nine times in a row" (the wins of East since the winds last
    rotated). The match's history, told to the hand's scoring as data
    (:meth:`Match.next_game` -> ``Game(east_wins=...)`` -> ``Win.wins_in_row``);
    the hand's engine reads no history. ``match``: anything with ``records``,
    ``east_player`` and ``round`` as a :class:`Match` has them."""
    count = 0
    for rec in reversed(match.records):
        if rec.east_player != match.east_player or rec.round != match.round:
            break  # the deal passed since: the row is over
        if rec.result.winner == Wind.EAST:
            count += 1
    return count


class Match:
    """A match of ``hands`` hands, of ``rounds`` wind rounds, or of ``sets``
    sets of four rounds, whichever is given (default: the ruleset's
    ``match_rounds``). A round is over when the deal has gone round every
    player: each held it and lost it.

    ``Match(ruleset, seed=0, players=4, hands=8)``. Step it with
    :meth:`next_game` / :meth:`record`; :class:`mahjongg.play.session.Session`
    plays it with humans and bots. ``seating``: a :class:`Seating` to
    use instead of the ruleset's procedure (e.g. fixed throws).
    ``hand_seeds``: where each hand's seed comes from, a function of no
    argument (a shared table's :func:`mahjongg.play.seeds.secret_hand_seed`);
    default: drawn from ``random.Random(seed)``, so the match's seed repeats
    every deal. ``claims``: each hand's ``Game(claims=...)`` (``"all"``: every
    seat answers every discard, as a table of several people plays).
    """

    def __init__(
        self,
        ruleset: Ruleset = PUNG_CHOW,
        seed: int | None = None,
        players: int = 4,
        hands: int | None = None,
        rounds: int | None = None,
        *,
        sets: int | None = None,
        seating: Seating | None = None,
        hand_seeds: Callable[[], int] | None = None,
        claims: str = "able",
    ) -> None:
        if sets is not None:
            if rounds is not None:
                raise GameError("give rounds or sets, not both")
            rounds = 4 * sets
        if hands is None and rounds is None:
            rounds = ruleset.match_rounds
        self.ruleset = ruleset
        self.seed = seed if seed is not None else random.randrange(2**32)
        self.players = players
        self.hands = hands
        self.rounds = rounds
        self._rng: random.Random | None = None  # made when first needed (a match of one preset hand needs none)
        self.hand_seeds = hand_seeds
        self.claims = claims
        if seating is None:
            seating = seat_players(ruleset.seating, self._random(), players, ruleset.seating_dice)
        if sorted(seating.order) != list(range(players)):
            raise GameError(f"a seating of {players} players orders 0..{players - 1}, not {seating.order}")
        self.seating = seating
        self.order: tuple[int, ...] = seating.order
        self._pos = {p: i for i, p in enumerate(self.order)}
        self.first_east = seating.first_east
        self.seating_throws = list(seating.throws)
        self.east_player = self.first_east
        self.round = Wind.EAST
        self.rounds_completed = 0
        self._passes = 0  # times the deal has passed in this round
        self.starting_chips = ruleset.starting_chips
        self.totals = [0] * players
        self.records: list[HandRecord] = []
        self.game: Game | None = None
        self.events: list[dict] = [
            {
                "type": "match",
                "ruleset": ruleset.name,
                "seed": self.seed,
                "players": players,
                "hands": hands,
                "rounds": rounds,
                "starting_chips": self.starting_chips,
            },
            {"type": "seating", **seating.to_dict()},
        ]

    # --- seats --------------------------------------------------------------
    def seat_of(self, player: int) -> Wind:
        """The wind ``player`` sits at in the current hand."""
        return Wind((self._pos[player] - self._pos[self.east_player]) % self.players)

    def player_at(self, seat: Wind) -> int:
        """The player sitting at ``seat`` in the current hand."""
        return self.order[(self._pos[self.east_player] + int(seat)) % self.players]

    @property
    def holdings(self) -> list[int]:
        """Chips each player holds: the ruleset's ``starting_chips`` plus his total."""
        return [self.starting_chips + t for t in self.totals]

    @property
    def is_over(self) -> bool:
        if self.hands is not None and len(self.records) >= self.hands:
            return True
        if self.rounds is not None and self.rounds_completed >= self.rounds:
            return True
        return False

    # --- stepping ---------------------------------------------------------------
    def _random(self) -> random.Random:
        if self._rng is None:
            self._rng = random.Random(self.seed)
        return self._rng

    def next_game(self, seed: int | None = None, *, east_wins: int | None = None) -> Game:
        """The next hand, its seed drawn from the match's seed (``seed``: dealt from
        this one instead, and none drawn: ``mahjongg simulate``'s single hands).
        ``east_wins``: the hands this East has won in a row before it (``Game(east_wins=...)``;
        default: counted from the match's records, :func:`east_wins_in_row`)."""
        if self.is_over:
            raise StateError("the match is over")
        if self.game is not None and not self.game.is_over:
            raise StateError("the current hand is not finished")
        if seed is None:
            seed = self.hand_seeds() if self.hand_seeds is not None else self._random().randrange(2**32)
        if east_wins is None:
            east_wins = east_wins_in_row(self)
        self.game = Game(self.ruleset, seed, self.players, self.round, claims=self.claims, east_wins=east_wins)
        return self.game

    def record(self, game: Game | None = None) -> HandRecord:
        """Settle a finished hand: chips to the totals, then pass the deal or not."""
        game = game or self.game
        if game is None or not game.is_over:
            raise StateError("record a finished hand")
        r = game.result
        seats = {p: self.seat_of(p) for p in range(self.players)}
        net = r.net
        chips = tuple(net.get(seats[p], 0) for p in range(self.players))
        for p, c in enumerate(chips):
            self.totals[p] += c
        rec = HandRecord(
            len(self.records) + 1,
            self.round,
            self.east_player,
            seats,
            game.seed,
            r,
            chips,
            tuple(self.totals),
            tuple(self.holdings),
        )
        self.records.append(rec)
        self.events.append(
            {
                "type": "hand",
                "number": rec.number,
                "round": rec.round.letter,
                "east_player": rec.east_player,
                "seed": game.seed,
                "winner_player": rec.winner_player,
                "reason": r.reason,
                "chips": list(chips),
                "totals": list(self.totals),
            }
        )
        win = getattr(r, "win", None)  # (a result a test makes may have only winner and reason)
        if not self.ruleset.keeps_deal(r.winner, r.reason, wins_in_row=win.wins_in_row if win is not None else 0):
            self._pass_deal()
        self.game = None
        return rec

    def _pass_deal(self) -> None:
        """East lost: the deal (the wind box) passes to his right. When the
        last East of the round loses, the round is over and the next round
        starts from the original East (seed 000 Part II: "In every case the
        new wind-round must commence from the original East Wind player")."""
        self.east_player = self.order[(self._pos[self.east_player] + 1) % self.players]
        self._passes += 1
        if self._passes == self.players:
            self._passes = 0
            self.rounds_completed += 1
            self.round = Wind((self.round + 1) % 4)
            self.east_player = self.first_east
            self.events.append(
                {"type": "round", "round": self.round.letter, "east_player": self.east_player, "completed": self.rounds_completed}
            )
        else:
            self.events.append({"type": "deal", "east_player": self.east_player, "round": self.round.letter})
