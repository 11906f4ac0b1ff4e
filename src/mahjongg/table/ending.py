"""The end of a hand: scoring every hand and settling (:func:`finish`),
washing the tiles (:func:`open_washing`, :func:`resolve_washing`) and a false
Mah-Jongg (:func:`may_declare_falsely`, :func:`false_mahjongg`).

Each function takes the :class:`~mahjongg.table.Game` ``g`` whose state it
reads and ends; the state machine in :mod:`.game` calls them. The rules come
from the ruleset's hooks (``settle``, ``judge_discard``, ``washing``,
``settle_washing``, ``false_mahjongg``).

Source: seed 000 (Pung Chow Part I), "Settling the scores"; Part II,
"Washing the tiles", "Penalties" 1 and 2, "Limit hands" 6.
"""

from __future__ import annotations

from ..rules.context import Situation, Win
from ..rules.ruleset import Ruleset, Ruling
from ..scoring import score_hand
from ..settlement import Settlement
from ..tiles import Wind
from .actions import MAHJONGG, PASS, WASH, Action
from .phase import CLAIMS, OVER, TURN
from .result import Result
from .interned import _BY_DISCARD, _BY_ROBBED, _BY_WALL, _act

__all__ = ["finish", "open_washing", "resolve_washing", "may_declare_falsely", "false_mahjongg", "may_wash"]

_NO_WASHING = Ruleset.washing


def may_wash(r: Ruleset) -> bool:
    """Whether the ruleset has washing at all (overrides :meth:`Ruleset.washing`)."""
    return getattr(type(r), "washing", None) is not _NO_WASHING


def finish(
    g,
    winner: Wind | None,
    win: Win | None,
    reason: str | None = None,
    settlement: Settlement | None = None,
    rulings: tuple[Ruling, ...] = (),
    washed_by: Wind | None = None,
) -> None:
    """Score every hand and settle. ``settlement`` (washing, a false
    Mah-Jongg) replaces the settlement of the scores."""
    r = g.ruleset
    hands = {s: g.hand(s) for s in g.seats}
    scores = {}
    for s in g.seats:
        sit = Situation(seat=s, round=g.round, win=win if s == winner else None, dead=s in g._dead)
        kept = g._scored
        if kept is not None and kept[0] == sit and kept[1] == hands[s]:
            scores[s] = kept[2]
        else:
            scores[s] = score_hand(hands[s], r, sit)
    dead = frozenset(g._dead)
    # the player robbed of his kong pays as the discarder of the winning tile
    discarder = g._window_from if win is not None and win.by in (_BY_DISCARD, _BY_ROBBED) else None
    if settlement is not None:
        settled = True
    else:
        settled = winner is not None or r.settle_draws
    if settlement is None and settled:
        extra = {}
        if discarder is not None:
            # the ruleset may rule on the discard (seed 000 Part II, Penalties 2)
            ruling = r.judge_discard(
                hands[winner], win.tile, hands[discarder], discarder, winner, g.round, score=lambda h, s: score_hand(h, r, s)
            )
            if ruling is not None:
                rulings = rulings + (ruling,)
                g._log(type="ruling", **ruling.to_dict())
                if ruling.applies:
                    extra["ruling"] = ruling
        settlement = r.settle(
            {s: sc.score for s, sc in scores.items()}, winner, discarder=discarder, east=Wind.EAST, dead=dead, **extra
        )
    elif settlement is None:
        settlement = Settlement((), tuple(g.seats))
    if reason is None:
        reason = "mahjongg" if winner is not None else "wall exhausted"
    g._result = Result(winner, win, reason, hands, scores, dead, settlement, settled, tuple(rulings), washed_by, discarder)
    g._phase = OVER
    g._washing = False
    g._options, g._answers, g._legal = {}, {}, [None, None, None, None]
    g._log(type="end", **g._result.to_dict())

# --- washing the tiles and a false Mah-Jongg (ruleset hooks) ---------------------
def open_washing(g) -> None:
    """Before East's first discard, every seat whose original hand the
    ruleset lets wash (``Ruleset.washing``) answers WASH or PASS, all at
    once, like a claim window on no discard. East's original win has
    preference over washing (seed 000 Part II, Limit hands 6): if his
    dealt hand wins, he may declare it in the window."""
    r = g.ruleset
    if not may_wash(r):
        return
    washers = [s for s in g.seats if not g._is_dead[s] and r.washing(g.hand(s), s) is not None]
    if not washers and not g._ask_all:
        return
    options: dict[Wind, list[Action]] = {}
    east = Wind.EAST
    drawn = g._drawn
    for s in washers:
        options[s] = [Action(WASH, s), Action(PASS, s)]
    if g._ask_all:  # every seat answers (claims="all"): PASS alone if it may not wash
        for s in g.seats:
            options.setdefault(s, [Action(PASS, s)])
    if drawn is not None and g._may_win(east, drawn, _BY_WALL):
        options[east] = [_act(MAHJONGG, east, drawn)] + [a for a in options.get(east, ()) if a.kind is WASH] + [
            Action(PASS, east)
        ]
    g._log(type="washing", seats=[s.letter for s in g.seats if s in options])
    g._phase = CLAIMS
    g._opened = True
    g._washing = True
    g._window_tile, g._window_from = None, None
    g._options, g._answers = {s: options[s] for s in g.seats if s in options}, {}

def resolve_washing(g) -> None:
    answers = g._answers
    g._options, g._answers = {}, {}
    g._washing = False
    g._phase = TURN
    g._turn = Wind.EAST
    kinds = {s: a.kind for s, a in answers.items()}
    if kinds.get(Wind.EAST) is MAHJONGG:
        g._win(Wind.EAST, _BY_WALL, g._drawn)
        return
    # among several, the seat nearest East counter-clockwise (East first) washes
    washer = next((s for s in g.seats if kinds.get(s) is WASH), None)
    if washer is None:
        return
    r = g.ruleset
    hand = g.hand(washer)
    amount = r.washing(hand, washer)
    g._log(type="washed", seat=washer.letter, hand=str(hand), each=amount)
    finish(g, None, None, "washed", r.settle_washing(washer, hand, g.seats), washed_by=washer)

def may_declare_falsely(g, a: Action) -> bool:
    """Whether ``a`` (a MAHJONGG that is not legal) is a false Mah-Jongg the
    game accepts: the app allows it, the ruleset penalizes it, and the
    seat could announce Mah-Jongg now (in turn, or on the discard under
    claim before answering)."""
    seat = a.seat
    if not g.allow_false_mahjongg or seat not in g.seats or g._phase is OVER:
        return False
    if g.ruleset.false_mahjongg(seat, g.seats, Wind.EAST) is None:
        return False
    if g._phase is TURN:
        return seat == g._turn and (a.tile is None or (a.tile.is_playing and g._counts[seat][a.tile] > 0))
    return (
        not g._washing
        and seat != g._window_from
        and seat not in g._answers
        and a.tile == g._window_tile
    )

def false_mahjongg(g, seat: Wind) -> None:
    """Seed 000 Part II, Penalties 1: the offender pays; the hand ends
    there (his hand is exposed), nothing else is settled (docs/rules/table.md)."""
    hand = g.hand(seat)
    if g._phase is CLAIMS and g._window_tile is not None:
        shown = f"{hand} with {g._window_tile} (discarded by {g._window_from.letter})"
    else:
        shown = str(hand)
    ruling = Ruling("false-mahjongg", seat, f"declared Mah-Jongg with {shown}, not a winning hand")
    g._log(type="ruling", **ruling.to_dict())
    settlement = g.ruleset.false_mahjongg(seat, g.seats, Wind.EAST)
    finish(g, None, None, "false mahjongg", settlement, (ruling,))
