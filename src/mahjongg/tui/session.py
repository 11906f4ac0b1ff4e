"""The play session: a :class:`~mahjongg.table.Match` driven for one human and bots.

No Textual here: the app asks the session what to show and who must act,
passes the human's choices in, and steps the bots. Everything the session
does goes through the engine's own API (``legal_actions``, ``apply``,
``observation``, ``Match.next_game`` / ``record``), and every action is
handed to the optional ``recorder`` as soon as it is applied, so a match can
be resumed from its last completed action.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Protocol, Sequence

from ..rules.ruleset import Ruleset
from ..table import Action, ActionKind, Game, IllegalActionError, Observation
from ..table.match import HandRecord, Match, Player
from ..tiles import Wind

__all__ = ["Session", "Recorder", "Seat", "seating", "distinct_names"]


class Recorder(Protocol):
    """Where a session saves itself as it goes (see :mod:`mahjongg.tui.saving`)."""

    def hand_started(self, session: "Session", game: Game) -> None: ...

    def action_applied(self, session: "Session", game: Game) -> None: ...

    def hand_finished(self, session: "Session", record: HandRecord) -> None: ...


@dataclass(frozen=True)
class Seat:
    """One player as the table shows it this hand."""

    player: int
    wind: Wind
    name: str
    human: bool
    chips: int


class Session:
    """A match between ``players`` (one per player number; ``None`` is the human).

    ``names``: how the table calls each player; two alike are told apart by
    :func:`distinct_names` ("greedy 1", "greedy 2" in player order).

    ``human_seat``: the wind the human sits at in the first hand (the match's
    first East is found by the dice, so the human is put at the player number
    that sits there). ``first_game``: a game to play as the first hand instead
    of the match's own (tests deal from a preset wall this way).
    """

    def __init__(
        self,
        match: Match,
        players: Sequence[Player | None],
        names: Sequence[str],
        *,
        recorder: Recorder | None = None,
        first_game: Game | None = None,
    ) -> None:
        if len(players) != match.players or len(names) != match.players:
            raise ValueError(f"{match.players} players and names needed")
        self.match = match
        self.players = list(players)
        self.names = distinct_names(names)
        self.recorder = recorder
        self.human: int | None = next((p for p, x in enumerate(players) if x is None), None)
        self.last_record: HandRecord | None = None
        self._first_game = first_game
        self.game: Game = self._start_hand() if match.game is None else match.game

    @classmethod
    def new(
        cls,
        ruleset: Ruleset,
        bots: Sequence[Player],
        *,
        names: Sequence[str],
        seat: Wind | None = Wind.EAST,
        seed: int | None = None,
        hands: int | None = None,
        rounds: int | None = None,
        recorder: Recorder | None = None,
        first_game: Game | None = None,
    ) -> "Session":
        """A new match: three ``bots`` and the human at ``seat``, or four bots (``seat`` None)."""
        match = Match(ruleset, seed=seed, players=4, hands=hands, rounds=rounds)
        players, all_names = seating(match, bots, names, seat)
        return cls(match, players, all_names, recorder=recorder, first_game=first_game)

    # --- hands --------------------------------------------------------------
    def _start_hand(self) -> Game:
        if self._first_game is not None:
            game, self._first_game = self._first_game, None
            self.match.next_game()  # keeps the match's seed sequence as if dealt by it
            self.match.game = game
        else:
            game = self.match.next_game()
        self.game = game
        if self.recorder is not None:
            self.recorder.hand_started(self, game)
        return game

    @property
    def hand_number(self) -> int:
        """The number of the hand on the table (1 for the first)."""
        return len(self.match.records) + (1 if self.match.game is not None else 0)

    def finish_hand(self) -> HandRecord:
        """Record the finished hand in the match (chips, East's rotation); once."""
        if not self.game.is_over:
            raise RuntimeError("the hand is not over")
        if self.last_record is not None and self.match.game is None:
            return self.last_record
        rec = self.match.record(self.game)
        self.last_record = rec
        if self.recorder is not None:
            self.recorder.hand_finished(self, rec)
        return rec

    def next_hand(self) -> Game:
        """Deal the next hand (the finished one is recorded first)."""
        self.finish_hand()
        self.last_record = None
        return self._start_hand()

    @property
    def match_over(self) -> bool:
        return self.game.is_over and self.match.game is None and self.match.is_over

    # --- seats ----------------------------------------------------------------
    @property
    def human_seat(self) -> Wind | None:
        """The wind the human sits at this hand (``None``: four bots)."""
        if self.human is None:
            return None
        return self._seat_of(self.human)

    def _seat_of(self, player: int) -> Wind:
        if self.match.game is None and self.last_record is not None:
            return self.last_record.seats[player]  # the finished hand's seats, before East moves on
        return self.match.seat_of(player)

    def player_at(self, seat: Wind) -> int:
        return next(p for p in range(self.match.players) if self._seat_of(p) == seat)

    def seat(self, wind: Wind) -> Seat:
        p = self.player_at(wind)
        return Seat(p, wind, self.names[p], self.players[p] is None, self.match.holdings[p])

    @property
    def viewer(self) -> Wind:
        """Whose eyes the table is drawn through: the human, or East when four bots play."""
        return self.human_seat if self.human is not None else Wind.EAST

    def observation(self, seat: Wind | None = None) -> Observation:
        return self.game.observation(self.viewer if seat is None else seat)

    # --- acting -------------------------------------------------------------------
    def human_legal(self) -> list[Action]:
        """The human's legal actions now (empty when he has nothing to decide)."""
        if self.human is None or self.game.is_over:
            return []
        return list(self.game.legal_actions(self.human_seat))

    def bot_to_act(self) -> Wind | None:
        """A bot seat with a decision to make now, if any."""
        for s in self.game.to_act():
            if self.players[self.player_at(s)] is not None:
                return s
        return None

    def step_bot(self) -> Action | None:
        """Let one bot act; returns its action (``None`` if no bot has a decision)."""
        s = self.bot_to_act()
        if s is None:
            return None
        bot = self.players[self.player_at(s)]
        legal = self.game.legal_actions(s)
        action = bot.act(self.game.observation(s), list(legal))
        if action not in legal:
            # a bot that answers out of turn must not stall nor break the game
            action = _fallback(legal)
        self._apply(action)
        return action

    def play(self, action: Action) -> None:
        """The human's action; raises :class:`IllegalActionError` if it is not legal now."""
        if action not in self.human_legal():
            raise IllegalActionError(f"{action} is not one of your legal actions now")
        self._apply(action)

    def _apply(self, action: Action) -> None:
        self.game.apply(action)
        if self.recorder is not None:
            self.recorder.action_applied(self, self.game)

    def run_bots(self, limit: int = 10_000, on_action: Callable[[Action], None] | None = None) -> int:
        """Step bots until the human must act or the hand is over; returns the number of actions."""
        n = 0
        while n < limit and not self.game.is_over:
            a = self.step_bot()
            if a is None:
                break
            n += 1
            if on_action is not None:
                on_action(a)
        return n


def seating(match: Match, bots: Sequence, names: Sequence[str], seat: Wind | None) -> tuple[list, list[str]]:
    """Players and names by player number: the human (``None``, "You") at the
    player number that sits at ``seat`` in the match's first hand, and the
    bots after him round the table -- ``bots[0]`` on his right (the next to
    play after him), then across, then on his left. With ``seat`` None, the
    bots in player order (four bots). Names two bots share are numbered in
    the order of ``bots`` (:func:`distinct_names`)."""
    names = distinct_names(names)
    if seat is None:
        return list(bots), names
    players: list = [None] * match.players
    out_names = [""] * match.players
    for k in range(match.players):
        p = match.player_at(Wind((seat + k) % match.players))  # seat + 1 is on his right
        players[p] = None if k == 0 else bots[k - 1]
        out_names[p] = "You" if k == 0 else names[k - 1]
    return players, out_names


def distinct_names(names: Sequence[str]) -> list[str]:
    """``names`` with each one that stands more than once numbered in order:
    ``greedy, cautious, greedy`` -> ``greedy 1, cautious, greedy 2``; names
    already distinct are kept as they are."""
    seen: dict[str, int] = {}
    for n in names:
        seen[n] = seen.get(n, 0) + 1
    taken = {n for n in names if seen[n] == 1}
    out, count = [], dict.fromkeys(seen, 0)
    for n in names:
        if seen[n] == 1:
            out.append(n)
            continue
        while True:
            count[n] += 1
            numbered = f"{n} {count[n]}"
            if numbered not in taken:
                break
        taken.add(numbered)
        out.append(numbered)
    return out


def _fallback(legal: Sequence[Action]) -> Action:
    for a in legal:
        if a.kind is ActionKind.PASS:
            return a
    for a in legal:
        if a.kind is ActionKind.DISCARD:
            return a
    return legal[0]
