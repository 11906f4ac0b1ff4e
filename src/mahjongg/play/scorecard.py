"""The score card: one layout of a scored hand, which every app prints.

:func:`score_card` turns a :class:`~mahjongg.scoring.Score` and its ruleset
into a :class:`ScoreCard`: the lines in score-card order, each with its value
(points, doubles or faan, or the words "limit" / "void"), the running total,
the limit, and the score in words. :func:`result_card` does it for every
hand of a finished :class:`~mahjongg.table.Result` and adds the settlement
grid (who pays whom) and who discarded the winning tile. ``mahjongg score``
(text and ``--json``), ``mahjongg replay``, the terminal game's score screen
and the browser's score sheet (sent as :meth:`ResultCard.to_dict`) print
these values; none of them reads a score's items itself.

Whether a ruleset counts points and doubles or faan is the ruleset's answer
(:attr:`Ruleset.unit <mahjongg.rules.ruleset.Ruleset.unit>`).

Source: seed 000 (Pung Chow Part I), "Score card": points added first, "then
doubling the sum as many times as he has doubling honors"; seed 001: a special
tile held unexposed makes the hand void; docs/rules/hong-kong.md: faan items,
the limit in faan.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from ..rules.faan_items import FaanItem
from ..rules.ruleset import Ruleset
from ..rules.sources import cite
from ..scoring import Score
from ..settlement import Settlement
from ..tiles import Wind

__all__ = [
    "Line",
    "ScoreCard",
    "SettlementGrid",
    "ResultCard",
    "score_card",
    "settlement_grid",
    "result_card",
    "VOID",
    "LIMIT",
]

VOID = "void"
"""How a void item's value reads, everywhere (seed 001: the hand scores nothing)."""

LIMIT = "limit"
"""How a limit hand's value reads, everywhere (it scores the ruleset's limit)."""

_COLUMNS = {"points": ("points", "doubles", "total"), "faan": ("faan", "total")}


def plural(n: int, word: str, words: str | None = None) -> str:
    """``n`` and the word for so many: ``"1 hand"``, ``"2 hands"`` (``words``: the plural
    where it is not ``word`` + s: ``plural(3, "match", "matches")``)."""
    return f"{n} {word if n == 1 else words or word + 's'}"


@dataclass(frozen=True)
class Line:
    """One line of a score card.

    ``name``: the item's words. ``kind``: ``"points"``, ``"doubles"``,
    ``"faan"``, ``"limit"`` or ``"void"``. ``value``: the points, doubles or
    faan of the line (``None`` for a limit or void line). ``total``: the
    running total after the line, in the card's unit (points: points added,
    then doubled once per double; faan: faan added), ``None`` for a void line.
    ``text``: the value in words ("10 points", "1 double (x2)", "1 faan",
    "limit", "void"). ``cells``: the value and total as the card's
    :attr:`ScoreCard.columns` show them.
    """

    name: str
    kind: str
    value: int | None
    total: int | None
    text: str
    cells: tuple[str, ...]

    def to_dict(self) -> dict:
        return {
            "name": self.name,
            "kind": self.kind,
            "value": self.value,
            "total": self.total,
            "text": self.text,
            "cells": list(self.cells),
        }


@dataclass(frozen=True)
class ScoreCard:
    """One hand's score card.

    ``unit``: ``"points"`` (points and doubles) or ``"faan"``, as the ruleset
    says. ``columns``: the column headings after the item's name
    (``("points", "doubles", "total")`` or ``("faan", "total")``). ``lines``:
    the :class:`Line` s, in order: a points card adds the points, then
    applies the doubles. ``score``: the hand's score in points (what it is
    paid on). ``counted``: what the score counts, in words
    (:attr:`Score.counted <mahjongg.scoring.Score.counted>`). ``faan``: the
    faan counted (a faan card), else ``None``. ``limit``: the ruleset's limit
    in the card's unit (``None``: no limit). ``limit_hand``: the limit hand
    scored, or ``None``. ``capped``: the score is the limit though no limit
    hand was made. ``void``: the hand is void. ``arrangement``: the
    arrangement scored, in notation. ``minimum``, ``declarable``: for a
    winner's faan card, the faan needed to declare the hand and whether it
    has them (``None`` otherwise). ``notes``: sentences to print under the
    card (why a hand may not be declared). ``score_data``: the
    :meth:`Score.to_dict <mahjongg.scoring.Score.to_dict>` the card was made
    from (kept in :meth:`to_dict`). ``source``: the book and section the
    ruleset's scoring comes from, as a player reads it (``Ruleset.source``
    with :func:`~mahjongg.rules.sources.cite`: "Harr, *Pung Chow* (1922),
    Part I ..."; titles in ``*asterisks*``).
    """

    unit: str
    columns: tuple[str, ...]
    lines: tuple[Line, ...]
    score: int
    counted: str
    faan: int | None
    limit: int | None
    limit_hand: str | None
    capped: bool
    void: bool
    arrangement: str
    minimum: int | None = None
    declarable: bool | None = None
    notes: tuple[str, ...] = ()
    score_data: Mapping | None = None
    source: str = ""

    @property
    def summary(self) -> str:
        """The score in one line, as every app prints it: ``"score: 16 (4 faan)"``."""
        return f"score: {self.score} ({self.counted})"

    def to_dict(self) -> dict:
        """``Score.to_dict()`` (score, points, doubles, items, limit_hand,
        arrangement, faan) with the card's own fields: unit, columns, lines
        (:meth:`Line.to_dict`), counted, summary, limit, capped, void,
        minimum_faan and may_declare (a winner's faan card), notes, source."""
        out = dict(self.score_data or {})
        out.update(
            {
                "unit": self.unit,
                "columns": list(self.columns),
                "lines": [line.to_dict() for line in self.lines],
                "counted": self.counted,
                "summary": self.summary,
                "limit": self.limit,
                "limit_hand": self.limit_hand,
                "capped": self.capped,
                "void": self.void,
                "notes": list(self.notes),
                "source": self.source,
            }
        )
        if self.minimum is not None:
            out["minimum_faan"] = self.minimum
            out["may_declare"] = self.declarable
        return out


def _points_lines(score: Score) -> list[Line]:
    """Points first (an item with neither points nor doubles among them), then
    the doubles, each line with the running total (seed 000 Part I, Score card)."""
    lines = []
    running = 0
    for item in score.items:
        if item.void:
            lines.append(Line(item.name, "void", None, None, VOID, (VOID, "", "")))
        elif item.limit:  # a limit hand absorbs every other item
            lines.append(Line(item.name, "limit", None, score.score, LIMIT, (LIMIT, "", str(score.score))))
        elif item.points or not item.doubles:
            running += item.points
            lines.append(Line(item.name, "points", item.points, running, plural(item.points, "point"), (str(item.points), "", str(running))))
    for item in score.items:
        if item.doubles and not item.limit and not item.void:
            running <<= item.doubles
            times = f"x{2 ** item.doubles}"
            text = f"{plural(item.doubles, 'double')} ({times})"
            lines.append(Line(item.name, "doubles", item.doubles, running, text, ("", times, str(running))))
    return lines


def _faan_lines(score: Score) -> list[Line]:
    """Each item's faan and the faan so far; a limit item scores the limit."""
    lines = []
    running = 0
    for item in score.items:
        if item.void:
            lines.append(Line(item.name, "void", None, None, VOID, (VOID, "")))
        elif item.limit:
            total = score.faan or 0
            lines.append(Line(item.name, "limit", None, total, LIMIT, (LIMIT, str(total))))
        else:
            # only a dead hand's one line is not a faan item: it scores nothing
            faan = item.faan if isinstance(item, FaanItem) else 0
            running += faan
            lines.append(Line(item.name, "faan", faan, running, f"{faan} faan", (str(faan), str(running))))
    return lines


def score_card(score: Score, ruleset: Ruleset) -> ScoreCard:
    """The :class:`ScoreCard` of ``score``, scored under ``ruleset``."""
    unit = ruleset.unit
    void = any(i.void for i in score.items)
    if unit == "faan":
        lines = _faan_lines(score)
        limit = ruleset.faan.limit
        capped = score.limit_hand is None and score.faan is not None and sum(
            line.value or 0 for line in lines if line.kind == "faan"
        ) > limit
    else:
        lines = _points_lines(score)
        limit = ruleset.limit
        capped = score.limit_hand is None and not void and (score.points << score.doubles) != score.score
    minimum = declarable = None
    notes: tuple[str, ...] = ()
    if unit == "faan" and score.faan is not None and score.reading is not None and score.reading.is_winner:
        minimum = ruleset.faan.minimum
        declarable = ruleset.may_declare(score)
        if not declarable:
            counted = ruleset.faan.counted_faan(score)
            notes = (f"this hand may not be declared: {counted} faan, the minimum is {minimum}",)
    return ScoreCard(
        unit=unit,
        columns=_COLUMNS[unit],
        lines=tuple(lines),
        score=score.score,
        counted=score.counted,
        faan=score.faan,
        limit=limit,
        limit_hand=score.limit_hand,
        capped=capped,
        void=void,
        arrangement=score.arrangement,
        minimum=minimum,
        declarable=declarable,
        notes=notes,
        score_data=score.to_dict(),
        source=cite(ruleset.source),
    )


@dataclass(frozen=True)
class SettlementGrid:
    """Who pays whom after a hand: ``pays[i][j]`` is what ``seats[i]`` pays
    ``seats[j]`` (chips; 0 where nothing is paid), ``net[i]`` the gain of
    ``seats[i]`` (the nets sum to zero). ``settled``: false for a drawn hand
    the ruleset does not settle (every payment is then 0)."""

    seats: tuple[Wind, ...]
    pays: tuple[tuple[int, ...], ...]
    net: tuple[int, ...]
    settled: bool

    def cells(self) -> tuple[tuple[str, ...], ...]:
        """The grid as every app prints it: a payment's chips, and a blank
        where nothing is paid -- a seat and itself, and a 0 alike (the winner's
        row was all 0 beside blank cells)."""
        return tuple(tuple(str(v) if v and a != b else "" for b, v in zip(self.seats, row)) for a, row in zip(self.seats, self.pays))

    def to_dict(self) -> dict:
        """``{"seats": ["E", ...], "pays": {"E": {"S": 0, ...}, ...}, "net": {"E": 8, ...}, "settled"}``."""
        letters = [s.letter for s in self.seats]
        return {
            "seats": letters,
            "pays": {a: dict(zip(letters, row)) for a, row in zip(letters, self.pays)},
            "net": dict(zip(letters, self.net)),
            "settled": self.settled,
        }


def settlement_grid(s: Settlement, settled: bool = True) -> SettlementGrid:
    """The :class:`SettlementGrid` of a :class:`~mahjongg.settlement.Settlement`
    (``settled``: false for a drawn hand left unsettled, :attr:`Result.settled
    <mahjongg.table.Result>`)."""
    seats = tuple(s.seats)
    table = s.table()
    net = s.net
    return SettlementGrid(seats, tuple(tuple(table[a][b] for b in seats) for a in seats), tuple(net[a] for a in seats), settled)


@dataclass(frozen=True)
class ResultCard:
    """Every hand of a finished hand on its score card, and the settlement.

    ``unit``: the ruleset's unit. ``winner``: the winning seat (``None``:
    no winner). ``win_tile``, ``win_by``: the winning tile (notation) and
    where it came from (``"wall"``, ``"discard"``, ``"loose"``,
    ``"robbed-kong"``), ``None`` without a winner. ``discarder``: who
    discarded the winning tile (or had his kong robbed), ``None`` if it was
    drawn. ``reason``: how the hand ended (:class:`~mahjongg.table.Result`).
    ``cards``: each seat's :class:`ScoreCard`, in seat order. ``dead``: the
    seats with a dead hand. ``settlement``: the :class:`SettlementGrid`.
    """

    unit: str
    winner: Wind | None
    win_tile: str | None
    win_by: str | None
    discarder: Wind | None
    reason: str
    cards: dict[Wind, ScoreCard]
    dead: frozenset[Wind]
    settlement: SettlementGrid

    def to_dict(self) -> dict:
        return {
            "unit": self.unit,
            "winner": self.winner.letter if self.winner is not None else None,
            "win_tile": self.win_tile,
            "win_by": self.win_by,
            "discarder": self.discarder.letter if self.discarder is not None else None,
            "reason": self.reason,
            "cards": {s.letter: c.to_dict() for s, c in self.cards.items()},
            "dead": sorted(s.letter for s in self.dead),
            "settlement": self.settlement.to_dict(),
        }


def result_card(result, ruleset: Ruleset) -> ResultCard:
    """The :class:`ResultCard` of ``result`` (a :class:`~mahjongg.table.Result`)
    scored under ``ruleset``."""
    win = result.win
    return ResultCard(
        unit=ruleset.unit,
        winner=result.winner,
        win_tile=str(win.tile) if win is not None else None,
        win_by=win.by.value if win is not None else None,
        discarder=result.discarder,
        reason=result.reason,
        cards={s: score_card(result.scores[s], ruleset) for s in sorted(result.scores)},
        dead=frozenset(result.dead),
        settlement=settlement_grid(result.settlement, result.settled),
    )
