"""Play many whole hands between bots and sum them up: wins, scores, chips, draws, speed.

``simulate(games=100, bots=("greedy", "greedy", "cautious", "random"), seed=7)``
plays ``games`` independent hands of :class:`~mahjongg.table.Game` and
returns a :class:`Summary`. Everything follows from ``seed``: the hands'
seeds are drawn from ``random.Random(seed)`` one after another, and each
hand's bots are made afresh, seeded by the play layer's one rule
(:func:`mahjongg.play.seeds.bot_seed` of the run's seed, the hand's index and
the player), so the same seed gives the same results whether the hands run in
one process or across ``workers`` processes (:mod:`multiprocessing`; results
are gathered in hand order). Every hand is played by a
:class:`~mahjongg.play.session.Session`, as every app plays.

The players are the bots in the order given and take turns at East: in
hand ``i`` player ``p`` sits at wind ``(p - i) mod n`` (East pays and
collects double, so each player deals as often as the others). Each bot
sees only its own :class:`~mahjongg.table.Observation`.

Player numbers: in Python a player is its position in ``bots``, from 0
(``HandOutcome.winner`` and ``.dead``, and the index into every per-player
list: ``Summary.wins``, ``.net``, ...). What is printed for people numbers
them from 1, as ``mahjongg simulate`` does in its table and its ``--json``:
the ``"player"`` field of :meth:`Summary.to_dict` is ``p + 1`` for
``bots[p]``. Per-player lists stay positional (their first entry is player 1's).

With ``matches=True`` the run plays ``games`` whole matches instead
(:class:`~mahjongg.table.Match`: seating by the ruleset's procedure, East's
deal passing round, running chip totals), each of ``match_hands`` hands or
``match_rounds`` rounds (default: the ruleset's ``match_rounds``); the
summary then counts every hand of every match, and each match's winner (the
one player with the highest total; a tie wins nobody).

Source: seed 000 (Pung Chow Part I), "Procedure of play" and "Settling the
scores" (the engine plays and settles; this module only counts).
"""

from __future__ import annotations

from mahjongg.errors import MahjonggError

import random
import time
from contextlib import closing
from dataclasses import dataclass, field, replace
from itertools import islice
from typing import Any, Callable, Iterable, Iterator, Mapping, Sequence

from .bots import BotError, check_bot
from .play.config import ConfigError, MatchConfig
from .play.session import Session, one_hand
from .play.workers import imap_ahead, too_many, useful_workers, worker_pool
from .rules import get_ruleset

__all__ = [
    "HandOutcome",
    "Summary",
    "SimulationError",
    "simulate",
    "check_run",
    "check_bots",
    "play_hand",
    "play_match",
    "hand_seeds",
    "iter_hand_seeds",
    "useful_workers",
]


class SimulationError(MahjonggError):
    """Bad simulation input: unknown bot, wrong number of bots, no games, bad worker count."""


@dataclass(frozen=True)
class HandOutcome:
    """One finished hand, by player (a player is its position in ``bots``, from 0).

    ``seats``: each player's wind letter. ``winner``: the winning player's
    position (0-based) or ``None`` (a drawn hand). ``scores``: each player's
    hand score (points). ``net``: each player's chips won (negative: paid).
    ``dead``: the positions (0-based) of the players whose hand was dead.
    ``events``: the hand's event log, kept only when asked for (to store it).
    :meth:`to_dict` keeps the same 0-based positions.
    """

    index: int
    seed: int
    seats: tuple[str, ...]
    winner: int | None
    reason: str
    scores: tuple[int, ...]
    net: tuple[int, ...]
    dead: tuple[int, ...]
    actions: int
    events: list[dict] | None = field(default=None, compare=False, repr=False)

    def to_dict(self) -> dict:
        return {
            "index": self.index,
            "seed": self.seed,
            "seats": list(self.seats),
            "winner": self.winner,
            "reason": self.reason,
            "scores": list(self.scores),
            "net": list(self.net),
            "dead": list(self.dead),
        }


@dataclass
class Summary:
    """Totals over the hands played.

    Per player, lists in the order of ``bots`` (index 0: the first bot):
    ``wins``, ``score_total`` (sum of its hand scores), ``net`` (chips),
    ``dead`` (dead hands). ``draws``: hands nobody won. ``seconds``:
    wall-clock time of the whole run. With matches: ``matches`` played and
    ``match_wins`` per player (``games`` still counts hands). The hands
    themselves are not kept (a run's memory stays flat however long it is):
    pass ``on_hand`` to :func:`simulate` to see each one as it is played.
    """

    bots: tuple[str, ...]
    ruleset: str
    seed: int
    workers: int
    games: int = 0
    wins: list[int] = field(default_factory=list)
    score_total: list[int] = field(default_factory=list)
    net: list[int] = field(default_factory=list)
    dead: list[int] = field(default_factory=list)
    draws: int = 0
    seconds: float = 0.0
    matches: int = 0
    match_wins: list[int] = field(default_factory=list)

    def add_match(self, hands: list[HandOutcome]) -> None:
        """Add every hand of one match, and the match's winner (unique highest total)."""
        for o in hands:
            self.add(o)
        n = len(self.bots)
        if not self.match_wins:
            self.match_wins = [0] * n
        self.matches += 1
        totals = [sum(o.net[p] for o in hands) for p in range(n)]
        best = max(totals)
        if totals.count(best) == 1:
            self.match_wins[totals.index(best)] += 1

    def add(self, o: HandOutcome) -> None:
        n = len(self.bots)
        if not self.wins:
            self.wins, self.score_total, self.net, self.dead = [0] * n, [0] * n, [0] * n, [0] * n
        self.games += 1
        if o.winner is None:
            self.draws += 1
        else:
            self.wins[o.winner] += 1
        for p in range(n):
            self.score_total[p] += o.scores[p]
            self.net[p] += o.net[p]
        for p in o.dead:
            self.dead[p] += 1

    @property
    def draw_rate(self) -> float:
        return self.draws / self.games if self.games else 0.0

    @property
    def win_rate(self) -> list[float]:
        return [w / self.games if self.games else 0.0 for w in self.wins]

    @property
    def average_score(self) -> list[float]:
        return [s / self.games if self.games else 0.0 for s in self.score_total]

    @property
    def net_per_game(self) -> list[float]:
        return [c / self.games if self.games else 0.0 for c in self.net]

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0

    def results(self) -> dict:
        """Everything but the timing: what a seed must reproduce."""
        return {
            "bots": list(self.bots),
            "ruleset": self.ruleset,
            "seed": self.seed,
            "games": self.games,
            "wins": list(self.wins),
            "score_total": list(self.score_total),
            "net": list(self.net),
            "dead": list(self.dead),
            "draws": self.draws,
        }

    def to_dict(self) -> dict:
        """:meth:`results` with the timing and a ``players`` list: what ``mahjongg simulate --json`` prints.

        Each ``players`` entry's ``"player"`` is the player's number as the
        printed table shows it, from 1 (``bots[player - 1]``); the top-level
        lists (``wins``, ``net``, ...) are positional, in the order of ``bots``.
        """
        d = self.results()
        if self.matches:
            d.update(matches=self.matches, match_wins=list(self.match_wins))
        d.update(
            workers=self.workers,
            players=[
                {
                    "player": p + 1,  # numbered from 1, as the printed table does
                    "bot": b,
                    "wins": self.wins[p],
                    "win_rate": round(self.win_rate[p], 4),
                    "average_score": round(self.average_score[p], 2),
                    "net_chips": self.net[p],
                    "net_per_game": round(self.net_per_game[p], 2),
                    "dead_hands": self.dead[p],
                    **({"matches_won": self.match_wins[p]} if self.matches else {}),
                }
                for p, b in enumerate(self.bots)
            ],
            draw_rate=round(self.draw_rate, 4),
            seconds=round(self.seconds, 3),
            games_per_second=round(self.games_per_second, 2),
        )
        return d


def hand_seeds(seed: int, games: int) -> list[int]:
    """The seeds of the hands of a run: drawn from ``random.Random(seed)``."""
    return list(iter_hand_seeds(seed, games))


def iter_hand_seeds(seed: int, games: int) -> Iterator[int]:
    """:func:`hand_seeds` one at a time, made as they are asked for (a run of
    any length starts at once): ``random.Random(seed).randrange(2**32)``, ``games`` times."""
    rng = random.Random(seed)
    for _ in range(games):
        yield rng.randrange(2**32)


def _batches(items: Iterable, size: int) -> Iterator[list]:
    """``items`` in lists of ``size`` (the last one shorter), taken as they are asked for."""
    it = iter(items)
    while batch := list(islice(it, size)):
        yield batch


AHEAD = 8
"""Hands per worker a pool may play ahead of the hand being stored (:func:`imap_ahead`): with
two, the workers waited on the order of the results (bench/README.md, "Committing each
hand"); eight a worker is well under a second of play."""


def _chunk_size(games: int, workers: int) -> int:
    """Hands a process plays before it hands them over: one, so that each hand reaches
    ``on_hand`` (``simulate --db``: a commit) as soon as it is played, and a killed run
    loses only the hands in play (with a pool, at most :data:`AHEAD` per worker: :func:`imap_ahead`).
    ``bench/bench_simulate_db.py`` measures it against the earlier chunks of up to 25
    hands in one process and 50 in a pool."""
    return 1


def _config(
    bots: Sequence[str], ruleset: str, seed: int, hands: int | None = None, rounds: int | None = None, options=None
) -> MatchConfig:
    """The match configuration of a run's hands or matches (bot names and
    ``options``, the ruleset's, already checked)."""
    return MatchConfig(ruleset, dict(options or {}), hands, rounds, tuple(bots), tuple(bots), seed)


def _outcome(session: Session, index: int, actions: int, keep_events: bool) -> HandOutcome:
    """The finished hand on ``session``'s table, recorded, as a :class:`HandOutcome`."""
    game = session.game
    rec = session.finish_hand()
    r = rec.result
    n = len(rec.seats)
    seat_of = [rec.seats[p] for p in range(n)]
    return HandOutcome(
        index=index,
        seed=game.seed,
        seats=tuple(s.letter for s in seat_of),
        winner=rec.winner_player,
        reason=r.reason,
        scores=tuple(r.scores[seat_of[p]].score for p in range(n)),
        net=tuple(rec.chips),
        dead=tuple(p for p in range(n) if seat_of[p] in r.dead),
        actions=actions,
        events=game.events if keep_events else None,
    )


def play_hand(
    bots: Sequence[str],
    seed: int,
    index: int = 0,
    ruleset: str = "pung-chow",
    keep_events: bool = False,
    run_seed: int = 0,
    options: Mapping[str, Any] | None = None,
) -> HandOutcome:
    """Play hand number ``index`` of a run (it fixes who is East: player ``index mod n``)
    dealt from ``seed`` between ``bots``, on a :class:`~mahjongg.play.session.Session`
    of one hand. The bots are seeded by :func:`~mahjongg.play.seeds.bot_seed` from
    the run's seed ``run_seed``, the hand's index and the player. ``options``:
    the ruleset's (:data:`~mahjongg.play.config.OPTION_FIELDS`)."""
    session = one_hand(_config(bots, ruleset, run_seed, hands=1, options=options), seed, index, index % len(bots))
    actions = session.run_bots(limit=None)
    return _outcome(session, index, actions, keep_events)


def play_match(
    bots: Sequence[str],
    seed: int,
    ruleset: str = "pung-chow",
    hands: int | None = None,
    rounds: int | None = None,
    keep_events: bool = False,
    first_index: int = 0,
    options: Mapping[str, Any] | None = None,
) -> list[HandOutcome]:
    """Play one whole :class:`~mahjongg.table.Match` from ``seed`` between ``bots``
    on a :class:`~mahjongg.play.session.Session` (player ``p`` is ``bots[p]``; the
    ruleset's seating places them) and return its hands in order, numbered from
    ``first_index``. ``hands``/``rounds``: the match's length (default: the
    ruleset's ``match_rounds``)."""
    session = Session(_config(bots, ruleset, seed, hands, rounds, options))
    out: list[HandOutcome] = []
    while True:
        actions = session.run_bots(limit=None)
        out.append(_outcome(session, first_index + len(out), actions, keep_events))
        if session.match.is_over:
            return out
        session.next_hand()


def _play_chunk(args) -> list[HandOutcome]:
    bots, ruleset, keep_events, jobs, run_seed, *options = args
    opts = options[0] if options else None
    return [play_hand(bots, s, i, ruleset, keep_events, run_seed, opts) for i, s in jobs]


def _play_matches(args) -> list[list[HandOutcome]]:
    bots, ruleset, keep_events, jobs, hands, rounds, *options = args
    opts = options[0] if options else None
    return [play_match(bots, s, ruleset, hands, rounds, keep_events, options=opts) for _, s in jobs]


def check_bots(bots: Sequence[str], players: int | None = None) -> tuple[str, ...]:
    """The bot names, checked: known names, two to four of them (or ``players``)."""
    try:  # a registry name, or KIND:ARG (policy:FILE) made once to check it
        names = tuple(check_bot(b) for b in bots)
    except BotError as exc:
        raise SimulationError(str(exc)) from None
    if players is not None and len(names) != players:
        raise SimulationError(f"{players} players need {players} bots, {len(names)} given ({', '.join(names)})")
    if not 2 <= len(names) <= 4:
        raise SimulationError(f"a hand is played by two, three or four bots, not {len(names)} ({', '.join(names)})")
    return names


def check_run(
    games: int,
    bots: Sequence[str],
    *,
    ruleset: str = "pung-chow",
    workers: int = 1,
    matches: bool = False,
    match_hands: int | None = None,
    match_rounds: int | None = None,
    options: Mapping[str, Any] | None = None,
) -> tuple[str, ...]:
    """Check the arguments of :func:`simulate` without playing; returns the bot names.

    Raises :class:`SimulationError` naming the bad argument (by its
    ``mahjongg simulate`` option), or :class:`~mahjongg.rules.RulesetError`
    for an unknown ruleset (both are ``ValueError`` s), so that a caller can
    check everything before it opens a file to store the hands in."""
    try:
        names = check_bots(bots)
    except BotError as exc:  # pragma: no cover - check_bots names the bot itself
        raise SimulationError(str(exc)) from None
    if not isinstance(games, int) or games < 1:
        raise SimulationError(f"--games must be at least 1, not {games}")
    if too_many(games, "--games"):
        raise SimulationError(too_many(games, "--games"))
    if not isinstance(workers, int) or workers < 1:
        raise SimulationError(f"--workers must be at least 1, not {workers}")
    get_ruleset(ruleset)  # an unknown ruleset: RulesetError (a ValueError) listing the known ones
    if not matches and (match_hands is not None or match_rounds is not None):
        raise SimulationError("--hands and --rounds give the length of a match: add --matches")
    if match_hands is not None and match_rounds is not None:
        raise SimulationError("a match is --hands or --rounds long, not both")
    for name, v in (("--hands", match_hands), ("--rounds", match_rounds)):
        if v is not None and (not isinstance(v, int) or v < 1):
            raise SimulationError(f"{name} must be at least 1, not {v}")
    # the match configuration every app checks the same way (ruleset, players, length)
    try:
        MatchConfig.make(ruleset, options, players=names, hands=match_hands, rounds=match_rounds, seed=0)
    except ConfigError as exc:
        raise SimulationError(str(exc).removeprefix("players: ").replace("special_tiles: ", "--special-tiles: ", 1)) from None
    return names


def simulate(
    games: int,
    bots: Sequence[str] = ("greedy", "greedy", "greedy", "greedy"),
    *,
    ruleset: str = "pung-chow",
    seed: int = 0,
    workers: int = 1,
    keep_events: bool = False,
    progress: Callable[[int, int], None] | None = None,
    on_hand: Callable[[HandOutcome], None] | None = None,
    matches: bool = False,
    match_hands: int | None = None,
    match_rounds: int | None = None,
    backend: str = "local",
    address: str | None = None,
    options: Mapping[str, Any] | None = None,
) -> Summary:
    """Play ``games`` hands between ``bots`` and return the :class:`Summary`.

    ``backend="ray"``: the hands as Ray tasks (:mod:`mahjongg.ray_backend`;
    ``address``: a cluster's), the same summary as the local run's.

    ``bots``: one bot name per player (two to four; see
    :data:`mahjongg.bots.BOTS`). ``workers``: processes to play in (1: this
    process). ``keep_events``: keep each hand's event log in its outcome
    (to store it in a :class:`~mahjongg.play.journal.Journal`). ``progress(done, total)`` is called as
    hands finish; ``on_hand(outcome)`` for each hand, in order.
    ``matches``: play ``games`` whole matches of ``match_hands`` hands or
    ``match_rounds`` rounds (default: the ruleset's); ``progress`` then
    counts matches. Raises :class:`SimulationError` for bad input
    (:func:`check_run`). Players are positions in ``bots``, from 0 (see the
    module's docs; ``Summary.to_dict()`` numbers them from 1). ``options``:
    the ruleset's options a match may set (``{"special_tiles": ...}``,
    :data:`~mahjongg.play.config.OPTION_FIELDS`).
    """
    names = check_run(
        games,
        bots,
        ruleset=ruleset,
        workers=workers,
        matches=matches,
        match_hands=match_hands,
        match_rounds=match_rounds,
        options=options,
    )
    opts = dict(options or {})
    if backend not in ("local", "ray") or (backend == "ray" and matches):
        raise SimulationError(f"--backend: local or ray (ray plays single hands, not --matches), not {backend!r}")
    # (index, seed) of every hand (or match), made as they are played: a run of
    # any length shows its first progress at once
    jobs = enumerate(iter_hand_seeds(seed, games))
    workers = useful_workers(workers, games)
    summary = Summary(names, ruleset, seed, workers)
    start = time.perf_counter()

    def take(outcomes: list[HandOutcome]) -> None:
        for o in outcomes:
            summary.add(o)
            if on_hand is not None:
                on_hand(o)
        if progress is not None:
            progress(summary.games, games)

    if matches:
        numbered = 0

        def take_matches(played: list[list[HandOutcome]]) -> None:
            nonlocal numbered
            for hands in played:
                hands = [replace(o, index=numbered + i) for i, o in enumerate(hands)]
                numbered += len(hands)
                summary.add_match(hands)
                if on_hand is not None:
                    for o in hands:
                        on_hand(o)
            if progress is not None:
                progress(summary.matches, games)

        chunks = ((names, ruleset, keep_events, [job], match_hands, match_rounds, opts) for job in jobs)
        if workers == 1:
            for chunk in chunks:
                take_matches(_play_matches(chunk))
        else:
            with worker_pool(workers) as pool, closing(imap_ahead(pool, _play_matches, chunks, 2 * workers)) as played_:
                for played in played_:
                    take_matches(played)
        summary.seconds = time.perf_counter() - start
        return summary
    if backend == "ray":  # the same chunks as the local pool's, as Ray tasks (mahjongg.ray_backend)
        from .ray_backend import ray_map

        size = max(1, min(50, games // (workers * 8) or 1))
        chunks = ((names, ruleset, keep_events, batch, seed, opts) for batch in _batches(jobs, size))
        for outcomes in ray_map(_play_chunk, chunks, address=address, workers=workers):
            take(outcomes)
    elif workers == 1:
        for batch in _batches(jobs, _chunk_size(games, 1)):
            take(_play_chunk((names, ruleset, keep_events, batch, seed, opts)))
    else:
        size = _chunk_size(games, workers)
        # Pool.imap takes the chunks as the workers free up (a pipe's worth ahead), not all first
        chunks = ((names, ruleset, keep_events, batch, seed, opts) for batch in _batches(jobs, size))
        # at most AHEAD hands per worker in flight (playing, or played and not yet handed over:
        # what a killed run loses)
        with worker_pool(workers) as pool, closing(imap_ahead(pool, _play_chunk, chunks, AHEAD * workers)) as results:
            for outcomes in results:
                take(outcomes)
    summary.seconds = time.perf_counter() - start
    return summary
