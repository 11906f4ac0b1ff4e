"""The session: one match driven hand by hand, for humans and bots alike.

Every app runs its matches here -- ``Session(config).play()`` in the library,
:func:`mahjongg.simulate.play_hand`/``play_match``, the terminal game
(:mod:`mahjongg.tui`), the web table (:mod:`mahjongg.web.table`):

* who must act (:meth:`Session.to_act`), the humans' legal actions
  (:meth:`Session.human_legal`), a human's action (:meth:`Session.act`);
* bots stepped from their own observations (:meth:`Session.step_bot`,
  :meth:`Session.run_bots`), each seeded per hand by
  :func:`~mahjongg.play.seeds.bot_seed`, an illegal answer stopping the
  match with :class:`~mahjongg.play.seeds.BotMoveError`;
* claim windows resolved by the engine (the session only hands each seat's
  answer to :meth:`~mahjongg.table.Game.apply`);
* each finished hand recorded in the match (:meth:`Session.finish_hand`)
  and the next one dealt (:meth:`Session.next_hand`);
* everything told to an optional :class:`Recorder` as it happens
  (:class:`JournalRecorder` writes it to a :class:`~mahjongg.play.journal.Journal`).

Seats: until the next hand is dealt, :meth:`Session.seat_of` and
:meth:`Session.player_at` answer for the hand just played (the match has
already moved East on), so an end-of-hand screen shows each player his own
hand in the seating it was played in.

A match in progress is rebuilt from its journal by :func:`rebuild_match`
(finished hands and the hand on the table replayed by the engine's one replay
function, :meth:`mahjongg.table.Game.replay`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Callable, Mapping, Protocol, Sequence

from ..bots import make_bot
from ..errors import StateError
from ..shell import command_name
from ..table import Action, Game, IllegalActionError, Observation
from ..table.match import HandRecord, Match
from ..table.seating import Seating
from ..tiles import Wind
from .config import ConfigError, MatchConfig
from .journal import Journal, JournalError, SavedMatch, play_match_ids
from .lock import MatchLock, hold_match
from .seeds import BotMoveError, bot_seed

__all__ = [
    "Session",
    "Seat",
    "Recorder",
    "JournalRecorder",
    "new_session",
    "one_hand",
    "resume_session",
    "rebuild_match",
    "distinct_names",
    "rotation",
]


@dataclass(frozen=True)
class Seat:
    """One player as a table shows him this hand: number, wind, name, human or not, chips (his running total)."""

    player: int
    wind: Wind
    name: str
    human: bool
    chips: int


class Recorder(Protocol):
    """Where a session saves itself as it goes."""

    def hand_started(self, session: "Session") -> None: ...

    def action_applied(self, session: "Session") -> None: ...

    def hand_finished(self, session: "Session", record: HandRecord) -> None: ...


def rotation(players: int, first_east: int) -> Seating:
    """Players sitting round the table in number order, ``first_east`` at East:
    player ``p`` at wind ``(p - first_east) mod players`` (``mahjongg simulate``'s single hands)."""
    return Seating("fixed", tuple((k + first_east) % players for k in range(players)))


class Session:
    """One match of the players of ``config`` (bots by name; ``None``: a human).

    ``match``: the :class:`~mahjongg.table.Match` to drive (default: a new one
    from ``config``; :func:`rebuild_match` gives one resumed from a journal).
    ``recorder``: told of every hand started, action applied and hand
    finished. ``first_game``: a game to play as the first hand instead of the
    match's own (tests deal from a preset wall this way). ``deal_seed``: the
    seed of the first hand instead of the match's own, and ``hand_index``
    the hand's index for its bots' seeds (``simulate``'s single hands: hand
    ``hand_index`` of a run seeded ``config.seed``). ``bots``: objects to
    play for some players instead of the bots ``config`` names for them
    (tests, a policy held in memory): ``{player: bot}``. ``last_game``: a
    match rebuilt between two hands keeps its last hand (this finished game)
    on the table until :meth:`next_hand`. ``hand_seeds``: where a new match's
    hand seeds come from (:class:`~mahjongg.table.Match`: a shared table's
    :func:`~mahjongg.play.seeds.secret_hand_seed`), default the match's seed.
    ``claims``: who answers a claim window in a new match's hands
    (:class:`~mahjongg.table.Game`): ``"all"`` for a table of several humans
    (every seat answers every discard, the bots at once), ``"able"`` otherwise.
    """

    def __init__(
        self,
        config: MatchConfig,
        *,
        match: Match | None = None,
        recorder: Recorder | None = None,
        first_game: Game | None = None,
        deal_seed: int | None = None,
        hand_index: int = 0,
        bots: Mapping[int, Any] | None = None,
        last_game: Game | None = None,
        hand_seeds: Callable[[], int] | None = None,
        claims: str = "able",
    ) -> None:
        self.config = config
        if match is None:
            match = Match(config.ruleset_value(), config.seed, len(config.players), config.hands, config.rounds,
                          hand_seeds=hand_seeds, claims=claims)
        if match.players != len(config.players):
            raise ConfigError(f"a match of {match.players} players needs {match.players} players, not {len(config.players)}")
        self.match = match
        self.names = distinct_names(config.names)
        self.recorder = recorder
        self.standins: dict[int, str] = {}
        """Humans played by a bot meanwhile (a web player away): player -> bot name."""
        self.last_record: HandRecord | None = None
        self._bots: dict[int, object] = {}
        self._given = dict(bots or {})
        self._first_game = first_game
        self._deal_seed = deal_seed
        self._index_offset = hand_index
        if match.game is None and last_game is not None and match.records:
            self.game = last_game  # between two hands: the last one stays on the table
            self.last_record = match.records[-1]
            self._hand_index = hand_index + len(match.records) - 1
        elif match.game is None:
            self.game: Game = self._start_hand()
        else:
            self.game = match.game
            self._hand_index = hand_index + len(match.records)

    @classmethod
    def resume(
        cls,
        saved: SavedMatch,
        *,
        config: MatchConfig | None = None,
        recorder: Recorder | None = None,
        deal: bool = True,
        hand_seeds: Callable[[], int] | None = None,
        claims: str = "able",
    ) -> "Session":
        """The session of a match read back from a journal, at its last completed action.

        ``config``: the match's configuration (default: the one stored with it).
        ``hand_seeds``: the match deals its hands from this source (a shared
        table's secret seeds): the hands played are replayed from the seeds
        in their logs, the next ones drawn from it. ``claims``: as for a new
        session, for the hands dealt from now on (each logged hand replays as
        it was played).
        ``deal``: when the match stands between two hands, deal the next one now
        (the terminal game); ``False`` keeps the last hand, finished, on the table
        until :meth:`next_hand` (the web table shows its score sheet again)."""
        config = config if config is not None else MatchConfig.from_dict(saved.row.config)
        match = rebuild_match(config, saved, hand_seeds, claims)
        last = None
        if match.game is None and saved.finished and (not deal or match.is_over):
            last = Game.replay(saved.finished[-1], config.ruleset_value())
        return cls(config, match=match, recorder=recorder, last_game=last)

    # --- hands ------------------------------------------------------------------------------
    def _start_hand(self) -> Game:
        if self._first_game is not None:
            game, self._first_game = self._first_game, None
            self.match.next_game()  # keeps the match's seed sequence as if dealt by it
            self.match.game = game
        else:
            game = self.match.next_game(self._deal_seed)
            self._deal_seed = None
        self.game = game
        self._hand_index = self._index_offset + len(self.match.records)
        self._bots = {}
        if self.recorder is not None:
            self.recorder.hand_started(self)
        return game

    @property
    def hand_number(self) -> int:
        """The number of the hand on the table (1 for the first)."""
        return self._hand_index + 1

    def finish_hand(self) -> HandRecord:
        """Record the finished hand in the match (chips, East's rotation); once."""
        if not self.game.is_over:
            raise StateError("the hand is not over")
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

    def standing(self) -> list[tuple[str, int]]:
        """``(name, running total)`` of every player, highest total first (ties in player
        order): the one order of the totals on every end screen and exit line."""
        totals = self.match.totals
        return [(self.names[p], totals[p]) for p in sorted(range(len(self.names)), key=lambda p: -totals[p])]

    def standing_text(self) -> str:
        """:meth:`standing` in words: ``You +120, greedy 1 +8, cautious -40, greedy 2 -88``."""
        return ", ".join(f"{name} {total:+d}" for name, total in self.standing())

    def play(self, on_hand: Callable[[HandRecord], None] | None = None) -> list[HandRecord]:
        """Play the match to its end (bots only: raises ``RuntimeError`` if a human must act)."""
        while True:
            self.run_bots(limit=None)
            if not self.game.is_over:
                raise StateError("a human must act: play() is for bots only")
            rec = self.finish_hand()
            if on_hand is not None:
                on_hand(rec)
            if self.match.is_over:
                return self.match.records
            self.next_hand()

    # --- seats ------------------------------------------------------------------------------
    def seat_of(self, player: int) -> Wind:
        """The wind ``player`` sits at in the hand on the table (or just played)."""
        if self.match.game is None and self.last_record is not None:
            return self.last_record.seats[player]  # the finished hand's seats, before East moves on
        return self.match.seat_of(player)

    def player_at(self, seat: Wind) -> int:
        if self.match.game is None and self.last_record is not None:
            return next(p for p, s in self.last_record.seats.items() if s == seat)
        return self.match.player_at(seat)

    def is_human(self, player: int) -> bool:
        """Whether ``player`` is a human (even if a bot plays for him meanwhile)."""
        return self.config.players[player] is None

    def bot_controlled(self, player: int) -> bool:
        return self.config.players[player] is not None or player in self.standins

    @property
    def human(self) -> int | None:
        """The first human's player number (``None``: bots only)."""
        return next((p for p, b in enumerate(self.config.players) if b is None), None)

    @property
    def human_seat(self) -> Wind | None:
        """The wind the (first) human sits at this hand (``None``: bots only)."""
        return None if self.human is None else self.seat_of(self.human)

    @property
    def viewer(self) -> Wind:
        """Whose eyes a one-human table is drawn through: the human, or East when bots only play."""
        return self.human_seat if self.human is not None else Wind.EAST

    def seat(self, wind: Wind) -> Seat:
        p = self.player_at(wind)
        return Seat(p, wind, self.names[p], self.is_human(p), self.match.holdings[p])

    def observation(self, seat: Wind | None = None) -> Observation:
        """What ``seat`` may see now (default: :attr:`viewer`)."""
        return self.game.observation(self.viewer if seat is None else seat)

    # --- acting -----------------------------------------------------------------------------
    def to_act(self) -> list[Wind]:
        """The seats with a decision to make now."""
        return self.game.to_act()

    def legal(self, seat: Wind) -> tuple[Action, ...]:
        return self.game.legal_actions(seat)

    def human_legal(self, player: int | None = None) -> list[Action]:
        """``player``'s (default: the first human's) legal actions now, if he is a human
        playing himself (else empty)."""
        if player is None:
            player = self.human
        if player is None or self.game.is_over or self.bot_controlled(player):
            return []
        return list(self.game.legal_actions(self.seat_of(player)))

    def act(self, action: Action) -> None:
        """A human's action; raises :class:`IllegalActionError` (nothing changed) if it is not legal now."""
        if self.game.is_over:
            raise IllegalActionError(f"{action}: the hand is over")
        if self.bot_controlled(self.player_at(action.seat)):
            raise IllegalActionError(f"{action}: {action.seat.name.capitalize()} is played by a bot")
        self.game.apply(action)
        if self.recorder is not None:
            self.recorder.action_applied(self)

    def bot_to_act(self) -> Wind | None:
        """A seat played by a bot with a decision to make now, if any."""
        for s in self.game.to_act():
            if self.bot_controlled(self.player_at(s)):
                return s
        return None

    def bot(self, player: int):
        """The bot playing for ``player`` this hand (seeded by :func:`bot_seed`)."""
        b = self._bots.get(player) or self._given.get(player)
        if b is None:
            name = self.config.players[player] or self.standins[player]
            b = self._bots[player] = make_bot(name, bot_seed(self.config.seed, self._hand_index, player))
        return b

    def bot_name(self, player: int) -> str:
        """The name of the bot playing for ``player`` (a bot object's own ``name`` if it was given one)."""
        if player in self._given:
            return _bot_label(self._given[player])
        return self.config.players[player] or self.standins.get(player, "?")

    def step_bot(self, seat: Wind | None = None) -> Action | None:
        """Let one bot act (the one at ``seat``, or the first with a decision); returns its action
        (``None`` if no bot has one). Raises :class:`BotMoveError` for an illegal answer."""
        if seat is None:
            seat = self.bot_to_act()
            if seat is None:
                return None
        game = self.game
        player = self.player_at(seat)
        legal = game.legal_actions(seat)
        action = self.bot(player).act(game.observation(seat), legal)
        if getattr(action, "seat", None) is not seat:
            raise BotMoveError(self.bot_name(player), seat, action, legal)
        try:
            game.apply(action)
        except IllegalActionError:
            raise BotMoveError(self.bot_name(player), seat, action, legal) from None
        if self.recorder is not None:
            self.recorder.action_applied(self)
        return action

    def run_bots(self, limit: int | None = 10_000, on_action: Callable[[Action], None] | None = None) -> int:
        """Step bots until a human must act or the hand is over; returns the number of actions.

        With every player a bot, nothing but the engine's own calls runs per action
        (``simulate``'s hot path): ``to_act``, ``legal_actions``, ``observation``, ``apply``."""
        game = self.game
        if not self.standins and None not in self.config.players and on_action is None and self.recorder is None:
            return self._run_all_bots(game, limit)
        n = 0
        while (limit is None or n < limit) and not game.is_over:
            a = self.step_bot()
            if a is None:
                break
            n += 1
            if on_action is not None:
                on_action(a)
        return n

    def _run_all_bots(self, game: Game, limit: int | None) -> int:
        by_seat = {self.match.seat_of(p): self.bot(p) for p in range(self.match.players)}
        to_act, legal_actions, observation, apply = game.to_act, game.legal_actions, game.observation, game.apply
        n = 0
        while not game.is_over and (limit is None or n < limit):
            seat = to_act()[0]
            legal = legal_actions(seat)
            action = by_seat[seat].act(observation(seat), legal)
            try:  # (a try costs nothing in CPython 3.11 until it raises)
                if action.seat is not seat:
                    raise IllegalActionError("another seat's action")
                apply(action)
            except (IllegalActionError, AttributeError) as exc:
                if isinstance(exc, AttributeError) and isinstance(action, Action):
                    raise  # a bug in the engine, not the bot's answer
                raise BotMoveError(self.bot_name(self.match.player_at(seat)), seat, action, legal) from None
            n += 1
        return n


def one_hand(config: MatchConfig, deal_seed: int, hand_index: int = 0, first_east: int = 0) -> Session:
    """A session of one hand between the bots of ``config``, dealt from
    ``deal_seed``: player ``p`` at wind ``(p - first_east) mod n`` (:func:`rotation`),
    each bot seeded as in hand ``hand_index`` of a run seeded ``config.seed``
    (:func:`~mahjongg.play.seeds.bot_seed`). ``mahjongg simulate``'s single hands
    (East passing round: ``first_east = hand_index mod n``) and the arena's
    rotations (``first_east = 0``, the challenger moved from seat to seat) are
    dealt and driven by it: ``one_hand(...).run_bots(limit=None)`` plays the hand."""
    n = len(config.players)
    match = Match(config.ruleset_value(), config.seed, n, hands=1, seating=rotation(n, first_east))
    return Session(config, match=match, deal_seed=deal_seed, hand_index=hand_index)


def _bot_label(bot: Any) -> str:
    return bot if isinstance(bot, str) else getattr(bot, "name", None) or type(bot).__name__.lower()


def new_session(
    *,
    ruleset: str = "pung-chow",
    bots: Sequence[Any] = ("greedy", "cautious", "greedy"),
    seat: Wind | None = Wind.EAST,
    seed: int | None = None,
    hands: int | None = None,
    rounds: int | None = None,
    options: Mapping[str, Any] | None = None,
    names: Sequence[str] | None = None,
    db: str | Path | None = None,
    first_game: Game | None = None,
) -> Session:
    """A new match of ``mahjongg play``: three ``bots`` and a human who sits at ``seat`` in
    the first hand, or four bots (``seat`` ``None``); saved to the journal ``db`` as it goes.

    The match's seating procedure (its dice) decides who is first East, so the human
    is put at the player number that sits at ``seat``, and the bots after him round the
    table: ``bots[0]`` on his right (the next to play after him), then across, then on
    his left. ``bots``: bot names, or bot objects (tests). ``names``: how the table
    calls the bots (default: their names, numbered when two share one, see
    :func:`distinct_names`); the human is "You". Raises
    :class:`~mahjongg.play.config.ConfigError` for a bad field, before any file is
    opened, and :class:`~mahjongg.play.journal.JournalError` for a file it may not write."""
    bots = list(bots)
    labels = [_bot_label(b) for b in bots]
    known = [b if isinstance(b, str) else "random" for b in bots]  # an object plays for a name of the config
    need = 4 if seat is None else 3
    if len(bots) != need:
        raise ConfigError(f"{'four bots watch' if seat is None else 'a human plays three bots'}: {need} bots, not {len(bots)}")
    shown = distinct_names(list(names) if names is not None else labels)
    config = MatchConfig.make(ruleset, options, hands=hands, rounds=rounds, players=known if seat is None else [None, *known],
                              names=shown if seat is None else ["You", *shown], seed=seed)
    match = Match(config.ruleset_value(), config.seed, 4, config.hands, config.rounds)
    players: list[str | None] = [None] * 4
    table_names = [""] * 4
    given: dict[int, Any] = {}
    for k in range(4):
        if seat is None:
            p, b = k, k
        else:
            p, b = match.player_at(Wind((seat + k) % 4)), k - 1  # seat + 1 is on his right
        if b < 0:
            table_names[p] = "You"
            continue
        players[p] = config.players[b + (0 if seat is None else 1)]
        table_names[p] = shown[b]
        if not isinstance(bots[b], str):
            given[p] = bots[b]
    config = replace(config, players=tuple(players), names=tuple(table_names))
    recorder = None
    if db is not None:
        recorder = JournalRecorder.new(Journal(db), "play", config.to_dict())
        recorder.lock = hold_match(db, recorder.match_id)  # a new id: nobody else can hold it yet
    return Session(config, match=match, recorder=recorder, first_game=first_game, bots=given)


def resume_session(db: str | Path, match_id: int) -> Session:
    """Match ``match_id`` of ``mahjongg play`` in the journal ``db``, as it stood at its last
    completed action, its journal open to go on writing.

    The match is looked for first by reading only (a file without it is left as it
    was), then taken for this process (:func:`~mahjongg.play.lock.hold_match`, held
    until ``session.recorder.close()`` or the process ends), then the file is opened
    to write (a file of an older schema is migrated). Raises
    :class:`~mahjongg.play.journal.JournalError`: no such match, the match is over,
    a file it may not write to, or
    :class:`~mahjongg.play.lock.MatchBusyError`: another process is playing it
    (nothing written)."""
    ids = play_match_ids(db)
    if match_id not in ids:
        known = f"matches there: {', '.join(map(str, ids))}" if ids else "it holds no saved match"
        raise JournalError(f"no match {match_id} in {db} ({known})")
    lock = hold_match(db, match_id)
    journal = None
    try:
        journal = Journal(db)
        saved = journal.load_match(match_id)
        recorder = JournalRecorder(journal, match_id, saved=len(saved.current), lock=lock)
        recorder.hands = list(saved.hands)
        try:
            config = MatchConfig.from_dict(saved.row.config)
        except ConfigError as exc:  # its message names the field, not the match or the file
            raise JournalError(f"match {match_id} in {db} is damaged: its configuration: {exc}") from None
        session = Session.resume(saved, config=config, recorder=recorder)
    except BaseException:
        if journal is not None:
            journal.close()
        lock.release()
        raise
    if session.match.game is None and session.match.is_over:
        recorder.close()
        n = len(saved.hands)
        games = f" ({game_ids(saved.hands)})" if saved.hands else ""
        raise JournalError(
            f"match {match_id} is over ({n} hand{'' if n == 1 else 's'}); replay its hands with "
            f"{command_name()} replay GAME_ID --db {db}{games}"
        )
    return session


def game_ids(ids: Sequence[int]) -> str:
    """Game ids for a message, runs of consecutive ids as ranges: ``game 4``,
    ``games 1-3``, ``games 4, 9, 12-14`` (a match's hands among a run's on a shared file)."""
    runs: list[list[int]] = []
    for i in sorted(ids):
        if runs and i == runs[-1][1] + 1:
            runs[-1][1] = i
        else:
            runs.append([i, i])
    text = ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in runs)
    return f"game{'s' if len(ids) > 1 else ''} {text}"


def rebuild_match(
    config: MatchConfig, saved: SavedMatch, hand_seeds: Callable[[], int] | None = None, claims: str = "able"
) -> Match:
    """The :class:`Match` of ``config`` as it stood at the last completed action: finished
    hands recorded (chips, East's rotation), the hand in progress replayed onto the table.

    The match's own seed sequence is advanced hand by hand as it was in play, so the hands
    after the resumed one are dealt as they would have been; each hand's log must start as
    the match deals it (else :class:`~mahjongg.play.journal.JournalError`). With
    ``hand_seeds`` (a match dealt from secret seeds) each hand is dealt from the seed
    its log names, and the hands after it from ``hand_seeds``."""
    ruleset = config.ruleset_value()
    match = Match(ruleset, seed=config.seed, players=len(config.players), hands=config.hands, rounds=config.rounds,
                  hand_seeds=hand_seeds, claims=claims)
    logs = list(saved.finished) + ([saved.current] if saved.current else [])
    for k, events in enumerate(logs):
        logged = events[0].get("seed") if events and events[0].get("type") == "setup" else None
        dealt = match.next_game(logged if hand_seeds is not None and logged is not None else None)
        seed = logged if events and events[0].get("type") == "setup" else dealt.seed + 1
        if seed is not None and seed != dealt.seed:  # (None: a hand dealt from a preset wall, in tests)
            raise JournalError(f"match {saved.match_id}: hand {k + 1} does not start as the match deals it")
        game = Game.replay(events, ruleset)
        if k < len(saved.finished):
            match.record(game)
        else:
            match.game = game
    return match


class JournalRecorder:
    """A :class:`Recorder` writing a match to a :class:`~mahjongg.play.journal.Journal` as it goes:
    every action committed as soon as it is applied (in ``match_events``), every finished hand
    moved into the finished hands (``games``) in one transaction. ``lock``: this process's
    hold on the match (:func:`~mahjongg.play.lock.hold_match`), let go by :meth:`close`."""

    def __init__(self, journal: Journal, match_id: int, saved: int = 0, lock: MatchLock | None = None) -> None:
        self.journal = journal
        self.match_id = match_id
        self.lock = lock
        self.hands: list[int] = []  # game ids of the hands finished, in order
        self._saved = saved  # events of the current hand already written

    @classmethod
    def new(cls, journal: Journal, app: str, config: dict, *, code: str | None = None) -> "JournalRecorder":
        return cls(journal, journal.new_match(app, config, code=code))

    def close(self) -> None:
        """Close the journal and let the match go (another process may resume it now)."""
        self.journal.close()
        if self.lock is not None:
            self.lock.release()

    def hand_started(self, session: Session) -> None:
        self._saved = 0
        self._append(session)

    def action_applied(self, session: Session) -> None:
        self._append(session)

    def _append(self, session: Session) -> None:
        events = session.game.events
        if len(events) > self._saved:
            self.journal.append_events(self.match_id, session.hand_number, self._saved, events[self._saved :])
            self._saved = len(events)

    def hand_finished(self, session: Session, record: HandRecord) -> None:
        by_seat = {s: p for p, s in record.seats.items()}
        who = [
            ("human" if session.is_human(by_seat[s]) else session.bot_name(by_seat[s]))
            for s in sorted(by_seat)
        ]
        gid = self.journal.finish_hand(self.match_id, record.number, session.game.events, who)
        self.hands.append(gid)
        self._saved = 0


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
