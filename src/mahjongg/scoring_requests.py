"""Score and settle requests: one function each, shared by ``mahjongg score`` /
``mahjongg settle`` and the web API (``POST /api/score``, ``POST /api/settle``).

A request is plain values -- what the command's options give, or a JSON
object's fields of the same names (:meth:`ScoreRequest.from_json`,
:meth:`SettleRequest.from_json`). The answer's ``to_dict()`` is the JSON
``--json`` prints. A request that cannot be answered raises
:class:`RequestError`, whose text is the command's one-line reason naming the
option at fault (``--win: ...``, ``--by robbed-kong: ...``).

:func:`offers` says what a ruleset can use of a request: the ways to win, the
facts of a win some rule of it reads, its bonus tiles.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Mapping

from .errors import MahjonggError
from .hand import Hand, kong_hint
from .play.scorecard import ScoreCard, score_card
from .rules import RULESETS, Situation, Win, WinBy, get_ruleset, ruleset_with
from .rules.ruleset import Ruleset, RulesetError
from .rules.sources import cite
from .scoring import ImpossibleWin, Score, score_hand
from .settlement import Settlement, check_scores
from .tiles import Tile, Wind

__all__ = [
    "BY",
    "RequestError",
    "ScoreRequest",
    "ScoreAnswer",
    "SettleRequest",
    "SettleAnswer",
    "score",
    "settle",
    "offers",
    "ruleset_for",
    "table_rules",
    "in_fields",
]

BY = {"wall": WinBy.WALL, "discard": WinBy.DISCARD, "loose": WinBy.LOOSE, "robbed-kong": WinBy.ROBBED_KONG}
"""The names of where a winning tile came from (``--by``)."""

_FACT_OPTIONS = {
    "dead": "--win with --dead",
    "by": "--by {by}",
    "original": "--original",
    "last_tile": "--last-tile",
    "after_flower": "--after-flower",
    "after_kong_on_kong": "--kong-on-kong",
    "wins_in_row": "--wins-in-row",
}
"""The options that set each fact of an :class:`~mahjongg.scoring.ImpossibleWin`."""

_WIN_FLAGS = {  # request field -> Win field
    "last_tile": "last_tile",
    "original": "original",
    "first_discard": "first_discard",
    "after_flower": "after_flower",
    "kong_on_kong": "after_kong_on_kong",
    "original_call": "original_call",
}


MOST_POINTS = 10**9
"""Far more points than any hand scores under the rulesets here (the largest
limit is 1,000; without a limit a hand's few hundred points are doubled a
dozen times at the most): a larger score given to ``settle`` is a typing slip."""


class RequestError(MahjonggError):
    """A score or settle request that cannot be answered: one line, the
    command's words, naming the option (or JSON field) at fault."""


def _option(field_name: str) -> str:
    return "--" + field_name.replace("_", "-")


_OPTION = re.compile(r"--([a-z][a-z-]*)")


def in_fields(message: str, fields: tuple[str, ...]) -> str:
    """``message`` (a :class:`RequestError`'s, in the command's words) in the
    words of a JSON request: each option that is one of ``fields`` named as
    that field, quoted (``--winner`` -> ``"winner"``, ``--kong-on-kong`` ->
    ``"kong_on_kong"``), as the web API and its page say it; other text is kept."""

    def field(m: re.Match) -> str:
        name = m.group(1).replace("-", "_")
        return f'"{name}"' if name in fields else m.group(0)

    return _OPTION.sub(field, message)


def _wind(name: str, value) -> Wind:
    try:
        return Wind.parse(value)
    except (ValueError, TypeError, AttributeError):
        raise RequestError(f"{_option(name)} takes E, S, W or N, not {value!r}") from None


def _flag(name: str, value) -> bool:
    if not isinstance(value, bool):
        raise RequestError(f"{_option(name)} takes true or false, not {value!r}")
    return value


def _fields(data, known: tuple[str, ...], command: str) -> dict:
    if not isinstance(data, Mapping):
        raise RequestError("the request must be a JSON object")
    unknown = [k for k in data if k not in known]
    if unknown:
        raise RequestError(f"no such field: {unknown[0]!r} (fields of {command}: {', '.join(known)})")
    return {k: v for k, v in data.items() if v is not None}


# --- score ---------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class ScoreRequest:
    """What ``mahjongg score`` takes, by keyword: ``hand`` in notation; ``win``, the
    winning tile (``None``: a loser's hand), ``by`` where it came from; the
    flags of a win (``last_tile``, ``original``, ``first_discard``,
    ``after_flower``, ``kong_on_kong``) and ``dead`` (a loser's dead hand);
    ``mandarins``: a Pung Chow ruleset with its Mandarins option on (Flowers
    and Seasons 1-4 for East-North); ``original_call``: the winner had
    declared Original Call (the league rulesets); ``wins_in_row``: the
    winner is East and this is his Nth win in a row, the deal not passed
    between (0: not known; DMJL's "East won nine times in a row");
    ``special_tiles``: a set of
    special tiles the ruleset plays with instead of its own
    (:attr:`~mahjongg.rules.ruleset.Ruleset.special_tile_sets`)."""

    hand: str
    ruleset: str = "pung-chow"
    seat: Wind = Wind.EAST
    round: Wind = Wind.EAST
    win: str | None = None
    by: WinBy = WinBy.DISCARD
    last_tile: bool = False
    original: bool = False
    first_discard: bool = False
    after_flower: bool = False
    kong_on_kong: bool = False
    dead: bool = False
    mandarins: bool = False
    original_call: bool = False
    special_tiles: str | None = None
    wins_in_row: int = 0

    FIELDS = (
        "hand", "ruleset", "seat", "round", "win", "by",
        "last_tile", "original", "first_discard", "after_flower", "kong_on_kong", "dead", "mandarins",
        "original_call", "special_tiles", "wins_in_row",
    )  # fmt: skip

    @classmethod
    def from_json(cls, data) -> "ScoreRequest":
        """The request from a JSON object's fields (the names above; seats
        and ``by`` as the command's words: ``"S"``, ``"discard"``). Raises
        :class:`RequestError` for a missing hand, an unknown field or a bad value."""
        given = _fields(data, cls.FIELDS, "score")
        hand = given.get("hand")
        if hand is None:
            raise RequestError("missing hand: give the hand in notation, e.g. '123b 456c 789d EEE 55d'")
        if not isinstance(hand, str):
            raise RequestError(f"the hand is written in notation, as a string, e.g. '123b 456c 789d EEE 55d'; not {hand!r}")
        values: dict = {"hand": hand}
        for name in ("ruleset", "win", "special_tiles"):
            if name in given:
                if not isinstance(given[name], str):
                    raise RequestError(f"{_option(name)} takes a name, not {given[name]!r}")
                values[name] = given[name]
        for name in ("seat", "round"):
            if name in given:
                values[name] = _wind(name, given[name])
        if "by" in given:
            found = BY.get(str(given["by"]).strip().lower())
            if found is None:
                names = list(BY)
                raise RequestError(f"--by takes {', '.join(names[:-1])} or {names[-1]}, not {given['by']!r}")
            values["by"] = found
        for name in (*_WIN_FLAGS, "dead", "mandarins"):
            if name in given:
                values[name] = _flag(name, given[name])
        if "wins_in_row" in given:
            n = given["wins_in_row"]
            if type(n) is not int or n < 0:
                raise RequestError(f"--wins-in-row takes a whole number, 0 or more, not {n!r}")
            values["wins_in_row"] = n
        return cls(**values)


@dataclass(frozen=True)
class ScoreAnswer:
    """A scored hand: the :class:`~mahjongg.scoring.Score`, the parsed hand,
    the situation it was scored in and the ruleset."""

    score: Score
    hand: Hand
    situation: Situation
    rules: Ruleset

    def card(self) -> ScoreCard:
        """The hand's score card (:func:`mahjongg.play.scorecard.score_card`),
        which every app lays out."""
        return score_card(self.score, self.rules)

    def to_dict(self) -> dict:
        """``mahjongg score --json``: the score card as data
        (:meth:`ScoreCard.to_dict <mahjongg.play.scorecard.ScoreCard.to_dict>`:
        ``Score.to_dict()`` with the card's unit, lines, limit and, for a faan
        ruleset's winner, the minimum and whether the hand may be declared)."""
        return self.card().to_dict()


def score(request: ScoreRequest) -> ScoreAnswer:
    """Score ``request`` as ``mahjongg score`` does. Raises :class:`RequestError`
    (or another :class:`~mahjongg.errors.MahjonggError`: a bad hand, an
    unknown ruleset) with the command's one-line reason."""
    q = request
    rules = table_rules(q.ruleset, q.special_tiles, mandarins=q.mandarins)
    win_info = None
    flags = {f: getattr(q, f) for f in _WIN_FLAGS}
    if q.win is not None:
        try:
            tile = Tile.parse(q.win)
        except ValueError as exc:
            raise RequestError(f"--win: {exc}") from None
        _check_win_options(q.by, q.seat, q.first_discard, q.after_flower, q.kong_on_kong)
        win_info = Win(tile, q.by, **{_WIN_FLAGS[f]: v for f, v in flags.items()}, wins_in_row=q.wins_in_row)
    elif any(flags.values()) or q.by is not WinBy.DISCARD or q.wins_in_row:
        # the options given that need a win, by name, in the command's order
        given = (["by"] if q.by is not WinBy.DISCARD else []) + [f for f in _WIN_FLAGS if flags[f]]
        given += ["wins_in_row"] if q.wins_in_row else []
        names = [_option(f) for f in given]
        said = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        raise RequestError(
            f"{said} {'describes' if len(names) == 1 else 'describe'} a win: give the winning tile with --win"
        )
    unread = [f for f in ("kong_on_kong", "original_call") if flags[f] and f not in offers(rules)["flags"]]
    if q.wins_in_row and "wins_in_row" not in offers(rules)["counts"]:
        unread.append("wins_in_row")
    if unread:
        raise RequestError(f"{_option(unread[0])}: {rules.name} scores nothing for it (no rule of it reads it)")
    # a dead hand has the wrong number of tiles: a long hand of 15, a short one (seed 000 "Score card")
    parsed = Hand.parse(q.hand, sizes=None if q.dead and win_info is None else (13, 14))
    if win_info and parsed.size != 14:
        raise RequestError(
            f"a winning hand has 14 tiles plus one per kong; {parsed} has {parsed.tile_count}"
            f" with {parsed.kongs} kong(s): include the winning tile {win_info.tile} in the hand"
        )
    if not win_info and parsed.size != 13 and not q.dead:
        hint = kong_hint(parsed, (13,))
        raise RequestError(
            f"{parsed} has 14 tiles plus one per kong: that is a winner's hand; "
            f"name the winning tile with --win (and --by){hint}"
        )
    situation = Situation(q.seat, q.round, win_info, q.dead)
    try:
        result = score_hand(parsed, rules, situation)
    except ImpossibleWin as exc:  # the library's rule, named by the options that asked for it
        raise RequestError(f"{_FACT_OPTIONS[exc.fact].format(by=q.by.value)}: {exc}") from None
    return ScoreAnswer(result, parsed, situation, rules)


def _check_win_options(by: WinBy, seat: Wind, first_discard: bool, after_flower: bool, kong_on_kong: bool) -> None:
    """Options that contradict each other whatever the ruleset and the hand
    (the ruleset's and the hand's own refusals come from ``score_hand``)."""
    if first_discard and by is not WinBy.DISCARD:
        raise RequestError(
            f"--first-discard with --by {by.value}: East's first discard is claimed, so the win is --by discard"
        )
    if first_discard and seat is Wind.EAST:
        raise RequestError("--first-discard with --seat E: East makes the first discard, he cannot win on it")
    for given, option in ((after_flower, "--after-flower"), (kong_on_kong, "--kong-on-kong")):
        if given and by is not WinBy.LOOSE:
            raise RequestError(f"{option} with --by {by.value}: it describes a win on a loose tile: give --by loose")


# --- settle --------------------------------------------------------------------------


@dataclass(frozen=True)
class SettleRequest:
    """What ``mahjongg settle`` takes: ``scores`` as the command's text
    (``"E=480,S=64,W=272,N=16"``) or a mapping of seats to points;
    ``winner`` (``None``: a drawn hand), ``discarder`` (``None``: self-drawn),
    ``limit`` (one payment's cap, instead of the ruleset's), ``settle_draws``,
    ``dead`` (seats with a dead hand), ``special_tiles`` (as :class:`ScoreRequest`)."""

    scores: str | Mapping
    winner: Wind | None = None
    discarder: Wind | None = None
    ruleset: str = "pung-chow"
    limit: int | None = None
    settle_draws: bool = False
    dead: tuple[Wind, ...] = field(default=())
    special_tiles: str | None = None

    FIELDS = ("scores", "winner", "discarder", "ruleset", "limit", "settle_draws", "dead", "special_tiles")

    @classmethod
    def from_json(cls, data) -> "SettleRequest":
        """The request from a JSON object's fields (the names above; ``dead``
        a list of seats). Raises :class:`RequestError` for a bad field."""
        given = _fields(data, cls.FIELDS, "settle")
        if "scores" not in given:
            raise RequestError("missing --scores: each seat's score, e.g. E=480,S=64,W=272,N=16")
        if not isinstance(given["scores"], (str, Mapping)):
            raise RequestError("--scores takes SEAT=POINTS text (E=480,S=64) or an object {\"E\": 480, ...}")
        values: dict = {"scores": given["scores"]}
        for name in ("winner", "discarder"):
            if name in given:
                values[name] = _wind(name, given[name])
        for name in ("ruleset", "special_tiles"):
            if name in given:
                if not isinstance(given[name], str):
                    raise RequestError(f"{_option(name)} takes a name, not {given[name]!r}")
                values[name] = given[name]
        if "limit" in given:
            limit = given["limit"]
            if isinstance(limit, bool) or not isinstance(limit, int):
                raise RequestError(f"--limit takes a whole number, not {limit!r}")
            if limit < 1:
                raise RequestError(f"--limit must be at least 1, not {limit}")
            values["limit"] = limit
        if "settle_draws" in given:
            values["settle_draws"] = _flag("settle_draws", given["settle_draws"])
        if "dead" in given:
            dead = given["dead"]
            if not isinstance(dead, (list, tuple)):
                dead = [dead]
            values["dead"] = tuple(_wind("dead", d) for d in dead)
        return cls(**values)


@dataclass(frozen=True)
class SettleAnswer:
    """A settled hand: the :class:`~mahjongg.settlement.Settlement` (no
    payments when nothing is settled), whether the ruleset settles it, why
    not (the option as ``mahjongg rules`` prints it), the ruleset, and
    ``capped``: ``(seat, count)`` for each seat whose count was above the most
    a hand scores (:attr:`~mahjongg.rules.Ruleset.most_a_hand_scores`), in
    seat order -- it was settled at the limit."""

    settlement: Settlement
    settled: bool
    rules: Ruleset
    why: str | None = None
    capped: tuple[tuple[Wind, int], ...] = ()

    @property
    def capped_note(self) -> str | None:
        """What was capped and why, in words, citing the ruleset's source for
        its limit (the book and section); ``None`` when nothing was:
        ``S counted 500, settled as 300 (the limit of pung-chow-limit): Harr, ...``."""
        if not self.capped:
            return None
        cap = self.rules.most_a_hand_scores
        counted = ", ".join(f"{seat.letter} counted {points:,}" for seat, points in self.capped)
        note = f"{counted}, settled as {cap:,} (the limit of {self.rules.name})"
        return f"{note}: {cite(self.rules.limit_source)}" if self.rules.limit_source else note

    def to_dict(self) -> dict:
        """``mahjongg settle --json``; with ``capped`` (seat letter: its count) and
        ``capped_note`` (:attr:`capped_note`) when a count was capped."""
        data = {**self.settlement.to_dict(), "settled": self.settled}
        if not self.settled:
            data["why"] = self.why
        if self.capped:
            data["capped"] = {seat.letter: points for seat, points in self.capped}
            data["capped_note"] = self.capped_note
        return data


def parse_scores(text: str) -> dict[Wind, int]:
    """``E=480,S=64,...`` as seats and points (at least two seats, each once)."""
    scores: dict[Wind, int] = {}
    for part in text.split(","):
        if not part.strip():
            continue
        if "=" not in part:
            raise RequestError(f"{part.strip()!r} in --scores is not SEAT=POINTS (e.g. E=480)")
        if part.count("=") > 1:  # "E=480 S=64": seats apart by spaces, or by ; or /
            raise RequestError(f"{part.strip()!r} in --scores holds more than one seat: separate the seats with commas, e.g. E=480,S=64")
        seat_text, value = part.split("=", 1)
        _add_score(scores, seat_text, value)
    return _enough(scores)


def _add_score(scores: dict[Wind, int], seat_text, value) -> None:
    try:
        seat = Wind.parse(seat_text)
    except (ValueError, TypeError, AttributeError) as exc:
        raise RequestError(f"--scores: {exc}") from None
    if seat in scores:
        raise RequestError(f"seat {seat.letter} appears twice in --scores")
    if isinstance(value, bool) or isinstance(value, float):
        raise RequestError(f"{value!r} for seat {seat.letter} in --scores is not a whole number of points")
    try:
        scores[seat] = int(value)
    except (TypeError, ValueError):
        shown = value.strip() if isinstance(value, str) else value
        raise RequestError(f"{shown!r} for seat {seat.letter} in --scores is not a whole number of points") from None


def _enough(scores: dict[Wind, int]) -> dict[Wind, int]:
    if len(scores) < 2:
        raise RequestError("--scores needs at least two seats, e.g. E=480,S=64,W=272,N=16")
    return scores


def _scores(given: str | Mapping) -> dict[Wind, int]:
    if isinstance(given, str):
        return parse_scores(given)
    scores: dict[Wind, int] = {}
    for seat_text, value in given.items():
        _add_score(scores, seat_text, value)
    return _enough(scores)


def settle(request: SettleRequest) -> SettleAnswer:
    """Settle ``request`` as ``mahjongg settle`` does (as the engine settles a
    finished hand). Raises :class:`RequestError` (or another
    :class:`~mahjongg.errors.MahjonggError`) with the command's one-line reason."""
    q = request
    rules = ruleset_for(q.ruleset, q.special_tiles)
    scores = _scores(q.scores)
    dead = list(q.dead)
    for i, seat in enumerate(dead):
        if seat in dead[:i]:
            raise RequestError(f"--dead {seat.letter} is given twice: name each seat with a dead hand once")
    if q.discarder is not None:
        _check_discarder(q.discarder, q.winner, scores)
    rules = rules.with_options(**_settle_options(rules, q.limit, q.settle_draws, q.winner))
    check_scores(scores, q.winner, dead)
    for seat, points in scores.items():
        if points > MOST_POINTS:
            raise RequestError(f"--scores: {seat.letter}={points} is more than any hand scores (at most {MOST_POINTS:,} points)")
    # a hand counted above the limit is capped, as the scorer caps every hand (the books: a
    # table counts a hand's points and the limit caps what it scores and pays)
    cap = rules.most_a_hand_scores
    capped = tuple((seat, points) for seat, points in sorted(scores.items()) if cap is not None and points > cap)
    if capped:
        scores = {seat: min(points, cap) for seat, points in scores.items()}
    if q.winner is None and not rules.settle_draws:
        option = next(o for o in rules.to_dict()["options"] if o["option"] == "settle_draws")
        why = f"{rules.name}: {option['label']}: {option['text']}"
        return SettleAnswer(Settlement((), tuple(sorted(scores))), False, rules, why, capped)
    # as the engine settles a finished hand (mahjongg.table.game, Game._finish)
    result = rules.settle(scores, q.winner, discarder=q.discarder, east=Wind.EAST, dead=frozenset(dead))
    return SettleAnswer(result, True, rules, None, capped)


def _check_discarder(discarder: Wind, winner: Wind | None, scores: Mapping[Wind, int]) -> None:
    """``--discarder`` names another seat at the table, and only with ``--winner``."""
    if winner is None:
        raise RequestError(f"--discarder {discarder.letter}: a drawn hand has no winning tile; give the winner with --winner")
    if discarder == winner:
        raise RequestError(f"--discarder {discarder.letter} is the winner: omit --discarder for a self-drawn win")
    if discarder not in scores:
        raise RequestError(f"--discarder {discarder.letter} has no score in --scores")


def _settle_options(rules: Ruleset, limit: int | None, settle_draws: bool, winner: Wind | None) -> dict:
    """The ruleset options ``--limit`` and ``--settle-draws`` change; neither
    means anything to a faan ruleset, which pays the winner only."""
    changes = {}
    if limit is not None:
        if rules.unit == "faan":
            raise RequestError(
                f"--limit: {rules.name} has no limit on one payment: it pays the winner by his hand's points"
                f" (its limit is {rules.faan.limit} faan)"
            )
        changes["payment_limit"] = limit
    if settle_draws:
        if winner is not None:
            raise RequestError("--settle-draws is for a drawn hand: leave out --winner")
        if not rules.sets_score_points:
            raise RequestError(f"--settle-draws: {rules.name} pays only a winner: a loser's hand scores nothing")
        changes["settle_draws"] = True
    return changes


def ruleset_for(name: str, special_tiles: str | None = None) -> Ruleset:
    """A command's ruleset: ``name`` with ``--special-tiles`` applied; a set the
    ruleset cannot play is a :class:`RequestError` naming the option (an
    unknown name: the ruleset's own error)."""
    rules = get_ruleset(name)
    if special_tiles is None:
        return rules
    try:
        return ruleset_with(name, special_tiles=special_tiles)
    except MahjonggError as exc:
        raise RequestError(f"--special-tiles: {exc}") from None


def table_rules(
    name: str,
    special_tiles: str | None = None,
    *,
    mandarins: bool = False,
    limit: int | None = None,
    payment_limit: int | None = None,
    east_factor: int | None = None,
) -> Ruleset:
    """A command's ruleset with the table's options it was given, as a table set up
    with them plays: ``--special-tiles`` (:func:`ruleset_for`), ``--mandarins`` (the
    Pung Chow rulesets' Flowers and Seasons numbered East to North), ``--limit``
    (the most a hand scores, points; the Pung Chow limit moves the payment limit with
    it), ``--payment-limit`` (the most one payment is, East's the ``east_factor`` times
    it) and ``--east-factor`` (East pays and collects so many times). A ruleset
    without the option is a :class:`RequestError` naming it: the Mandarins outside
    Pung Chow, the limits and East's factor under a faan ruleset (it pays the winner
    by his faan)."""
    rules = ruleset_for(name, special_tiles)
    if mandarins:
        try:
            rules = rules.with_options(mandarins=True)
        except RulesetError:  # the ruleset has no such option
            raise RequestError(f"--mandarins: {rules.name} has no Mandarins (an option of the Pung Chow rulesets: seed 000 Part I, Use of the Mandarins)") from None
    changes = {}
    for option, field, value in (("--limit", "limit", limit), ("--payment-limit", "payment_limit", payment_limit), ("--east-factor", "east_factor", east_factor)):
        if value is None:
            continue
        if rules.unit == "faan":
            raise RequestError(
                f"{option}: {rules.name} is scored in faan, its limit {rules.faan.limit} faan, and pays the winner by his faan"
            )
        changes[field] = value
    return rules.with_options(**changes) if changes else rules


# --- what a ruleset can use ------------------------------------------------------------


def offers(rules: Ruleset) -> dict:
    """What ``rules`` can use of a score request, as data for a form: ``by``,
    the ways a winning tile may come (``robbed-kong`` only where a kong may
    be robbed); ``flags``, the facts of a win some rule of it reads (and
    ``after_flower`` wherever it has bonus tiles a loose tile may replace);
    ``counts``, the whole-number facts of a win some rule reads
    (``wins_in_row``: East's wins in a row);
    ``bonus_tiles``, its Flowers, Seasons and special tiles in notation;
    ``faan``: whether it scores in faan; ``east_keeps_deal``: by the
    winner's seat (``"draw"``: nobody won), whether East deals again
    (:meth:`~mahjongg.rules.ruleset.Ruleset.keeps_deal`)."""
    read = {f for r in rules.rules for f in type(r).reads}
    if rules.bonus_tiles:
        read.add("after_flower")
    flags = [f for f, win_field in _WIN_FLAGS.items() if win_field in read]
    counts = [f for f in ("wins_in_row",) if f in read]
    by = [name for name, how in BY.items() if how is not WinBy.ROBBED_KONG or rules.robbing_kong]
    return {
        "name": rules.name,
        "title": rules.title,
        "by": by,
        "flags": flags,
        "counts": counts,
        "bonus_tiles": [str(Tile(t)) for t in rules.bonus_tiles],
        "faan": rules.unit == "faan",
        "east_keeps_deal": {**{w.letter: rules.keeps_deal(w) for w in Wind}, "draw": rules.keeps_deal(None)},
    }


def all_offers() -> list[dict]:
    """:func:`offers` of every registered ruleset, by name."""
    return [offers(RULESETS[name]) for name in sorted(RULESETS)]
