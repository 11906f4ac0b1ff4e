"""Duplicate play: a challenger bot against a field of bots, every deal played once from each seat.

``arena("expert", ("greedy",), deals=2000, seed=1)`` plays ``deals`` deals.
A deal is one seeded wall and dice (the :class:`~mahjongg.table.Game` seed,
drawn from ``random.Random(seed)`` as :func:`mahjongg.simulate.iter_hand_seeds`
does); it is played once with the challenger in each seat (East, South, ...)
and the field's bots in the other seats, in the order given, starting from
the seat on the challenger's right (the next seat in turn). So every deal's
luck -- the tiles dealt to each seat, the draws -- falls to the challenger
as often as to the field. A field of one bot fills every other seat.

The bots' own randomness is seeded per deal and seat by the play layer's one
bot-seed rule (:func:`mahjongg.play.seeds.bot_seed`): the bot at seat ``w``
(0 East .. 3 North) in deal number ``d`` of a run seeded ``seed`` is made with
``bot_seed(seed, d, w)`` -- the deal stands for the hand, the seat for the
player -- whichever bot sits there, so a rotation changes who sits where,
never the random numbers a seat gets. Each hand is played on the play
layer's one driver (:func:`mahjongg.play.session.one_hand`, as ``mahjongg
simulate`` plays its hands), so each bot's answer is checked as in every app
(:class:`~mahjongg.play.seeds.BotMoveError`).

The interval: each deal gives one number, the challenger's *advantage* --
its net chips per hand less the mean net chips per hand of a field seat,
averaged over the deal's rotations. The 95% confidence interval is the
percentile bootstrap of the mean of those numbers over deals
(:func:`bootstrap_interval`), so the rotations of a deal stay together
(their luck cancels; resampling single hands would count it as noise). The
bootstrap's own generator is seeded (``Report.bootstrap_seed``, printed),
so the interval is reproducible too.

Source: seed 000 (Pung Chow Part I), "Procedure of play" and "Settling the
scores" (the engine plays and settles; this module only seats and counts).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import islice
from math import fsum
from typing import Any, Callable, Iterable, Iterator, Mapping, Sequence

from .bots import BotError, check_bot
from .errors import MahjonggError
from .play.config import ConfigError, MatchConfig
from .play.session import one_hand
from .play.workers import too_many, useful_workers, worker_pool
from .rules import get_ruleset

__all__ = [
    "ArenaError",
    "HandRecord",
    "DealResult",
    "Side",
    "Report",
    "arena",
    "check_arena",
    "play_deal",
    "play_rotation",
    "table_of",
    "bootstrap_interval",
    "deal_seeds",
]

BOOTSTRAP_RESAMPLES = 2000
"""Resamples of the deals for the 95% interval."""


class ArenaError(MahjonggError):
    """Bad arena input: an unknown bot, a field of the wrong size, no deals, bad workers."""


def deal_seeds(seed: int, deals: int) -> Iterator[int]:
    """The deals' seeds: ``random.Random(seed).randrange(2**32)``, ``deals`` times
    (the hand seeds of ``mahjongg simulate`` for the same seed)."""
    rng = random.Random(seed)
    for _ in range(deals):
        yield rng.randrange(2**32)


def table_of(challenger: str, field: Sequence[str], rotation: int) -> tuple[str, ...]:
    """The bot at each seat (East first) in rotation ``rotation``: the challenger
    at seat ``rotation``, the field from the next seat on, in order."""
    n = 1 + len(field)
    seats = [""] * n
    seats[rotation] = challenger
    for k, name in enumerate(field):
        seats[(rotation + 1 + k) % n] = name
    return tuple(seats)


@dataclass(frozen=True)
class HandRecord:
    """One hand of a deal, the challenger at ``seat`` (0 East ..).

    ``net``: each seat's chips (East first). ``winner``: the winning seat or
    ``None``. ``self_drawn``: won on a tile from the wall or a loose tile.
    ``discarder``: the seat whose discard (or kong robbed) lost the hand.
    ``win_score``: the winner's score (points), 0 when drawn. ``limit``: the
    winner's hand is a limit hand. ``events``: the event log, when kept.
    """

    deal: int
    seed: int
    seat: int
    bots: tuple[str, ...]
    net: tuple[int, ...]
    winner: int | None
    self_drawn: bool
    discarder: int | None
    win_score: int
    limit: bool
    events: list[dict] | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class DealResult:
    """Every rotation of one deal (``hands[r]``: the challenger at seat ``r``)."""

    deal: int
    seed: int
    hands: tuple[HandRecord, ...]

    @property
    def challenger_chips(self) -> float:
        """The challenger's net chips per hand, over the rotations."""
        return sum(h.net[h.seat] for h in self.hands) / len(self.hands)

    @property
    def field_chips(self) -> float:
        """A field seat's net chips per hand, over the rotations."""
        return sum((sum(h.net) - h.net[h.seat]) / (len(h.net) - 1) for h in self.hands) / len(self.hands)

    @property
    def advantage(self) -> float:
        """The challenger's net chips per hand less a field seat's, over the rotations
        (worked out exactly, then made a float: a deal where the two sides did alike is
        0, not a rounding error's 1e-14 that an interval would read as above zero)."""
        total = Fraction(0)
        for h in self.hands:
            n = len(h.net)
            mine = h.net[h.seat]
            total += mine - Fraction(sum(h.net) - mine) / (n - 1)
        return float(total / len(self.hands))


def play_rotation(
    challenger: str,
    field: Sequence[str],
    ruleset: str,
    deal: int,
    seed: int,
    rotation: int,
    keep_events: bool = False,
    run_seed: int = 0,
    options: Mapping[str, Any] | None = None,
) -> HandRecord:
    """Play deal number ``deal`` (dealt from ``seed``) of the run seeded ``run_seed``
    once, the challenger at seat ``rotation``; ``options``: the ruleset's
    (:data:`~mahjongg.play.config.OPTION_FIELDS`)."""
    names = table_of(challenger, field, rotation)
    # player w at wind w (East first), the bots seeded as hand `deal` of the run: the play
    # layer's one driver of a hand (the claim windows resolved by the engine)
    session = one_hand(MatchConfig(ruleset, dict(options or {}), 1, None, names, names, run_seed), seed, deal)
    session.run_bots(limit=None)
    game = session.game
    seats = game.seats
    r = game.result
    net = r.net
    winner = None if r.winner is None else int(r.winner)
    score = r.scores[r.winner] if r.winner is not None else None
    return HandRecord(
        deal=deal,
        seed=seed,
        seat=rotation,
        bots=names,
        net=tuple(net.get(s, 0) for s in seats),
        winner=winner,
        self_drawn=r.win is not None and r.discarder is None,
        discarder=None if r.discarder is None else int(r.discarder),
        win_score=score.score if score is not None else 0,
        limit=score is not None and score.limit_hand is not None,
        events=game.events if keep_events else None,
    )


def play_deal(
    challenger: str,
    field: Sequence[str],
    ruleset: str,
    deal: int,
    seed: int,
    keep_events: bool = False,
    run_seed: int = 0,
    options: Mapping[str, Any] | None = None,
) -> DealResult:
    """Play deal number ``deal`` (dealt from ``seed``) with the challenger in each seat."""
    n = 1 + len(field)
    return DealResult(
        deal,
        seed,
        tuple(play_rotation(challenger, field, ruleset, deal, seed, r, keep_events, run_seed, options) for r in range(n)),
    )


def _play_deals(args) -> list[DealResult]:
    challenger, field, ruleset, keep_events, jobs, run_seed, *options = args
    opts = options[0] if options else None
    return [play_deal(challenger, field, ruleset, i, s, keep_events, run_seed, opts) for i, s in jobs]


def bootstrap_interval(
    values: Sequence[float], seed: int, resamples: int = BOOTSTRAP_RESAMPLES, level: float = 0.95
) -> tuple[float, float]:
    """The percentile bootstrap interval of the mean of ``values`` (one per deal).

    ``resamples`` means of ``len(values)`` values drawn with replacement by
    ``random.Random(seed)``; the interval is their ``(1 - level) / 2`` and
    ``(1 + level) / 2`` quantiles (the sorted means at those ranks, rounded
    down and up), each mean summed exactly (:func:`math.fsum`). Raises :class:`ArenaError` for no values.
    """
    n = len(values)
    if n == 0:
        raise ArenaError("no deals to compute an interval over")
    rng = random.Random(seed)
    rand = rng.random
    means = []
    for _ in range(resamples):
        # summed exactly (math.fsum): a resample whose values cancel has mean 0, not a
        # rounding error's 1e-14 that would read as an interval above zero
        means.append(fsum([values[int(rand() * n)] for _ in range(n)]) / n)
    means.sort()
    tail = (1 - level) / 2
    lo = means[int(tail * (resamples - 1))]
    hi = means[-int(tail * (resamples - 1)) - 1]
    return lo, hi


@dataclass
class Side:
    """Totals for the challenger (one seat a hand) or the field (the other seats).

    ``seat_hands``: hands times seats counted (the field's is hands x seats).
    ``net``: chips. ``wins``, ``self_drawn``, ``dealt_in`` (its discard lost
    the hand), ``limit_hands``; ``won_score``: sum of the scores of its wins.
    """

    seat_hands: int = 0
    net: int = 0
    wins: int = 0
    self_drawn: int = 0
    dealt_in: int = 0
    won_score: int = 0
    limit_hands: int = 0

    def add(self, h: HandRecord, seats: Iterable[int]) -> None:
        for s in seats:
            self.seat_hands += 1
            self.net += h.net[s]
            if h.winner == s:
                self.wins += 1
                self.self_drawn += h.self_drawn
                self.won_score += h.win_score
                self.limit_hands += h.limit
            if h.discarder == s:
                self.dealt_in += 1

    def _rate(self, k: int) -> float:
        return k / self.seat_hands if self.seat_hands else 0.0

    @property
    def chips_per_hand(self) -> float:
        return self._rate(self.net)

    @property
    def win_rate(self) -> float:
        return self._rate(self.wins)

    @property
    def self_drawn_rate(self) -> float:
        return self._rate(self.self_drawn)

    @property
    def deal_in_rate(self) -> float:
        return self._rate(self.dealt_in)

    @property
    def mean_win_score(self) -> float:
        return self.won_score / self.wins if self.wins else 0.0

    def to_dict(self) -> dict:
        return {
            "chips_per_hand": round(self.chips_per_hand, 3),
            "net": self.net,
            "win_rate": round(self.win_rate, 4),
            "self_drawn_rate": round(self.self_drawn_rate, 4),
            "deal_in_rate": round(self.deal_in_rate, 4),
            "mean_win_score": round(self.mean_win_score, 2),
            "limit_hands": self.limit_hands,
        }


@dataclass
class Report:
    """What an arena run found. ``deals``: each deal's result, in order."""

    challenger: str
    field: tuple[str, ...]
    ruleset: str
    seed: int
    workers: int
    deals: list[DealResult] = field(default_factory=list, repr=False)
    challenger_side: Side = field(default_factory=Side)
    field_side: Side = field(default_factory=Side)
    hands: int = 0
    draws: int = 0
    seconds: float = 0.0
    ci95: tuple[float, float] | None = None
    ci95_sides: dict | None = None

    @property
    def bootstrap_seed(self) -> int:
        """The seed of the bootstrap's generator (from the run's seed)."""
        return self.seed

    def add(self, d: DealResult) -> None:
        self.deals.append(d)
        for h in d.hands:
            self.hands += 1
            if h.winner is None:
                self.draws += 1
            self.challenger_side.add(h, (h.seat,))
            self.field_side.add(h, (s for s in range(len(h.net)) if s != h.seat))

    def finish(self) -> None:
        """Work out the interval (after the last deal)."""
        self.ci95 = bootstrap_interval([d.advantage for d in self.deals], self.bootstrap_seed)
        # each side's chips per hand, over the same resamples of the deals (the same seed)
        self.ci95_sides = {
            "challenger": bootstrap_interval([d.challenger_chips for d in self.deals], self.bootstrap_seed),
            "field": bootstrap_interval([d.field_chips for d in self.deals], self.bootstrap_seed),
        }

    @property
    def advantage(self) -> float:
        """The challenger's chips per hand less a field seat's (the interval's centre)."""
        return self.challenger_side.chips_per_hand - self.field_side.chips_per_hand

    @property
    def draw_rate(self) -> float:
        return self.draws / self.hands if self.hands else 0.0

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.seconds if self.seconds > 0 else 0.0

    def results(self) -> dict:
        """Everything but the timing: what the seed reproduces."""
        c, f = self.challenger_side, self.field_side
        return {
            "challenger": self.challenger,
            "field": list(self.field),
            "ruleset": self.ruleset,
            "seed": self.seed,
            "bootstrap_seed": self.bootstrap_seed,
            "deals": len(self.deals),
            "hands": self.hands,
            "chips_per_hand": {"challenger": round(c.chips_per_hand, 3), "field": round(f.chips_per_hand, 3)},
            "advantage": round(self.advantage, 3),
            "ci95": [round(v, 3) for v in self.ci95] if self.ci95 is not None else None,
            "chips_per_hand_ci95": {k: [round(v, 3) for v in ci] for k, ci in self.ci95_sides.items()}
            if self.ci95_sides is not None
            else None,
            "win_rate": {"challenger": round(c.win_rate, 4), "field": round(f.win_rate, 4)},
            "deal_in_rate": {"challenger": round(c.deal_in_rate, 4), "field": round(f.deal_in_rate, 4)},
            "draw_rate": round(self.draw_rate, 4),
            "sides": {"challenger": c.to_dict(), "field": f.to_dict()},
        }

    def to_dict(self) -> dict:
        d = self.results()
        d.update(workers=self.workers, seconds=round(self.seconds, 3), hands_per_second=round(self.hands_per_second, 2))
        return d


def check_arena(
    challenger: str, field: Sequence[str], *, deals: int, ruleset: str, workers: int, options: Mapping[str, Any] | None = None
) -> tuple[str, tuple[str, ...]]:
    """Check the arguments of :func:`arena`; returns the names (lower case).

    A field of one bot fills the three other seats; two or three bots take
    the other seats of a three- or four-handed table. Raises
    :class:`ArenaError` naming the option, or ``RulesetError``; ``options``:
    the ruleset's, checked as a match's (:class:`~mahjongg.play.config.MatchConfig`)."""
    try:
        c = check_bot(challenger)
    except BotError as exc:
        raise ArenaError(f"--challenger: {exc}") from None
    try:
        names = tuple(check_bot(b) for b in field)
    except BotError as exc:
        raise ArenaError(f"--field: {exc}") from None
    if len(names) == 1:
        names = names * 3
    if not 2 <= len(names) <= 3:
        raise ArenaError(f"--field: one, two or three bots (the other seats), not {len(names)}")
    if not isinstance(deals, int) or deals < 1:
        raise ArenaError(f"--deals must be at least 1, not {deals}")
    if too_many(deals, "--deals"):
        raise ArenaError(too_many(deals, "--deals"))
    if not isinstance(workers, int) or workers < 1:
        raise ArenaError(f"--workers must be at least 1, not {workers}")
    get_ruleset(ruleset)
    try:  # the options, checked as a match's, and every bot able to play the table (the learned bot's weights)
        MatchConfig.make(ruleset, options or {}, players=(c, *names), seed=0)
    except ConfigError as exc:
        raise ArenaError(str(exc).removeprefix("players: ").replace("special_tiles: ", "--special-tiles: ", 1)) from None
    return c, names


def _batches(items: Iterable, size: int) -> Iterator[list]:
    it = iter(items)
    while batch := list(islice(it, size)):
        yield batch


def arena(
    challenger: str,
    field: Sequence[str] = ("greedy",),
    *,
    deals: int = 500,
    ruleset: str = "pung-chow",
    seed: int = 0,
    workers: int = 1,
    keep_events: bool = False,
    progress: Callable[[int, int], None] | None = None,
    on_deal: Callable[[DealResult], None] | None = None,
    backend: str = "local",
    address: str | None = None,
    options: Mapping[str, Any] | None = None,
) -> Report:
    """Play ``deals`` deals, each once with ``challenger`` in every seat; the :class:`Report`.

    ``field``: the bots of the other seats (one name fills them all).
    ``workers``: processes (1: this one). ``progress(done, total)`` counts
    deals; ``on_deal`` gets each deal's result in order. ``backend="ray"``
    plays the deals as Ray tasks (:mod:`mahjongg.ray_backend`; ``address``:
    a cluster's, else a local instance) -- the same report for the same seed.
    ``options``: the ruleset's options a match may set (``{"special_tiles": ...}``).
    """
    c, names = check_arena(challenger, field, deals=deals, ruleset=ruleset, workers=workers, options=options)
    opts = dict(options or {})
    report = Report(c, names, ruleset, seed, workers)
    jobs = enumerate(deal_seeds(seed, deals))
    size = max(1, min(10, deals // (workers * 8) or 1))
    chunks = ((c, names, ruleset, keep_events, batch, seed, opts) for batch in _batches(jobs, size))
    start = time.perf_counter()

    def take(results: list[DealResult]) -> None:
        for d in results:
            report.add(d)
            if on_deal is not None:
                on_deal(d)
        if progress is not None:
            progress(len(report.deals), deals)

    if backend == "ray":
        from .ray_backend import ray_map

        for results in ray_map(_play_deals, chunks, address=address, workers=workers):
            take(results)
    elif backend != "local":
        raise ArenaError(f"--backend: local or ray, not {backend!r}")
    elif workers == 1:
        for chunk in chunks:
            take(_play_deals(chunk))
    else:
        # the processes started (no more than the CPUs nor the chunks), as the report says
        report.workers = useful_workers(workers, -(-deals // size))
        with worker_pool(report.workers) as pool:
            for results in pool.imap(_play_deals, chunks):
                take(results)
    report.seconds = time.perf_counter() - start
    report.finish()
    return report
