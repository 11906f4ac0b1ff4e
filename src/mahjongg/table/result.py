"""The outcome of one hand: winner, every hand scored, dead hands, the settlement."""

from __future__ import annotations

from dataclasses import dataclass

from ..hand import Hand
from ..rules.context import Win
from ..scoring import Score
from ..settlement import Settlement
from ..tiles import Wind

__all__ = ["Result"]


@dataclass(frozen=True)
class Result:
    """How a hand ended.

    ``winner``: the seat that went Mah-Jongg, ``None`` for a drawn hand.
    ``win``: how (winning tile, from where). ``reason``: ``"mahjongg"``,
    ``"wall exhausted"``, ``"washed"`` (``washed_by`` washed the tiles: the
    settlement is the washing payments) or ``"false mahjongg"`` (the
    settlement is the penalty). ``hands``: every seat's final hand (the winner's
    concealed tiles include the winning tile). ``scores``: each seat's
    :class:`~mahjongg.scoring.Score` (a dead hand scores 0). ``dead``: seats
    with a dead hand. ``settlement``: the payments; empty when a drawn hand is
    not settled (``settled`` false). ``rulings``: the penalties ruled at the
    end of the hand, paid or excused (:class:`~mahjongg.rules.ruleset.Ruling`:
    a false Mah-Jongg; the discarder paying for all, which cancels every
    score but the winner's). ``discarder``: the seat that discarded the
    winning tile, or whose kong was robbed (``None``: self-drawn, or no
    winner); the log says it too, as the ``from`` of the winning claim (it
    is not among the fields of :meth:`to_dict`, which the log's ``end``
    event holds).
    """

    winner: Wind | None
    win: Win | None
    reason: str
    hands: dict[Wind, Hand]
    scores: dict[Wind, Score]
    dead: frozenset[Wind]
    settlement: Settlement
    settled: bool
    rulings: tuple = ()
    washed_by: Wind | None = None
    discarder: Wind | None = None

    @property
    def is_draw(self) -> bool:
        return self.winner is None

    @property
    def net(self) -> dict[Wind, int]:
        """Each seat's gain in chips (negative: loss); sums to zero."""
        return self.settlement.net

    def to_dict(self) -> dict:
        win = self.win
        out = {
            "winner": _LETTER[self.winner] if self.winner is not None else None,
            "reason": self.reason,
            "win": None
            if win is None
            else {
                "tile": str(win.tile),
                "by": win.by.value,
                "last_tile": win.last_tile,
                "original": win.original,
                "after_kong_on_kong": win.after_kong_on_kong,
                # only when declared: a log written before Original Call was declared has no such key
                **({"original_call": True} if win.original_call else {}),
                # only for a row of two or more: East's first win in a row is every East win
                # of a log written before the row was counted
                **({"wins_in_row": win.wins_in_row} if win.wins_in_row > 1 else {}),
            },
            "hands": {_LETTER[w]: str(h) for w, h in self.hands.items()},
            "scores": {_LETTER[w]: s.to_dict() for w, s in self.scores.items()},
            "dead": sorted([_LETTER[w] for w in self.dead]) if self.dead else [],
            "settled": self.settled,
            "settlement": self.settlement.to_dict(),
        }
        if self.washed_by is not None:
            out["washed_by"] = _LETTER[self.washed_by]
        if self.rulings:
            out["rulings"] = [r.to_dict() for r in self.rulings]
        return out


_LETTER = "ESWN"  # a seat's letter by its Wind (Wind.letter without the property call)
