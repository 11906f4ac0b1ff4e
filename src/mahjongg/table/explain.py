"""Why an action is refused: the one-line message of an
:class:`~mahjongg.table.IllegalActionError`, worked out from the state of the
:class:`~mahjongg.table.Game` only when an action is refused (never on the
engine's path for a legal action).

Source of the rules quoted: seed 000 (Pung Chow Part I), "To chow", "Four of
a kind"; Part II, "Washing the tiles".
"""

from __future__ import annotations

from ..tiles import TILES, Tile, Wind
from .actions import ADD_KONG, CHOW, CLAIM_KINDS, CONCEALED_KONG, DISCARD, KONG, MAHJONGG, ORIGINAL_CALL, PASS, PUNG, WASH, Action, ActionKind
from .phase import TURN
from .interned import _M_PUNG

__all__ = ["explain", "malformed", "seat_problem"]


_OC = "Kajongg, Mah Jongg with Original Call"


def explain(g, a: Action) -> str:
    """Why ``a`` is not legal in the game ``g`` now: one line naming what is wrong (the
    message of :class:`~mahjongg.table.IllegalActionError`)."""
    seat, t = a.seat, a.tile
    who = seat.letter
    if seat not in g.seats:
        return f"{a}: {who} is a dummy seat and does not play"
    if a.kind is WASH:
        if g._washing:
            return f"{a}: {who}'s original hand may not wash the tiles under {g.ruleset.name}"
        return f"{a}: the tiles are washed on the original hands, before East's first discard (seed 000 Part II, Washing the tiles)"
    if g._phase is TURN:
        if seat != g._turn:
            if a.kind in CLAIM_KINDS or a.kind is MAHJONGG:
                last = g._history[-1] if g._history else None
                if last is not None:
                    lt = f"{last[1]} discarded by {last[0].letter}"
                    fate = f"taken by {last[2].letter}" if last[2] is not None else "dead"
                    return (
                        f"{a}: no claim window is open -- the claim window on {lt} has closed "
                        f"(the tile is {fate}); it is {g._turn.letter}'s turn"
                    )
                return f"{a}: there is no discard to claim; it is {g._turn.letter}'s turn"
            return f"{a}: it is {g._turn.letter}'s turn, not {who}'s"
        if a.kind in CLAIM_KINDS:
            return f"{a}: there is no discard to claim; {who} is in turn and must discard or declare"
        c = g._counts[seat]
        if a.kind is DISCARD or a.kind is ORIGINAL_CALL:
            if t is None or not t.is_playing or not c[t]:
                return f"{a}: {who} holds no {t} (holds {g.hand(seat)})"
        if a.kind is ORIGINAL_CALL:
            if not g.ruleset.original_call:
                return f"{a}: {g.ruleset.name} has no Original Call"
            if g._called[seat]:
                return f"{a}: {who} has declared Original Call already"
            if g._discarded[seat]:
                return f"{a}: Original Call is declared with one's first discard ({_OC}); {who} has discarded already"
            return f"{a}: discarding {t} does not leave {who}'s hand calling, so no Original Call ({_OC})"
        if g._called[seat] and a.kind in (DISCARD, CONCEALED_KONG, ADD_KONG):
            return (
                f"{a}: {who} declared Original Call and may not alter his hand: he discards the tile he drew"
                f" ({g._drawn}) unless it makes him Mah-Jongg ({_OC})"
            )
        if a.kind is CONCEALED_KONG:
            if t is None or not t.is_playing or c[t] != 4:
                return f"{a}: a concealed kong needs four {t} held in the hand; {who} holds {c[t] if t is not None and t.is_playing else 0}"
            return f"{a}: no loose tile can be drawn (only {g.wall.count} tiles are left), so no kong"
        if a.kind is ADD_KONG:
            if not any(m.kind is _M_PUNG and m.tile == t for m in g._melds[seat]):
                return f"{a}: {who} has no exposed pung of {t}"
            return (
                f"{a}: only the fourth tile just drawn from the wall may be added to an exposed pung "
                f"(seed 000, Four of a kind); {who} drew {g._drawn if g._drawn_from in ('wall', 'loose') else 'nothing'}"
            )
        if a.kind is MAHJONGG:
            if seat in g._dead:
                return f"{a}: {who}'s hand is dead and cannot win"
            if g._drawn_from == "claim":
                return f"{a}: {who} claimed a discard this turn; Mah-Jongg on a discard is claimed in the claim window"
            if t != g._drawn:
                return f"{a}: Mah-Jongg on a drawn tile names the tile drawn ({g._drawn})"
            if not g._calling[seat] and not g.ruleset.may_win_undeclared(g._discarded[seat]):
                return f"{a}: {who} never declared his hand calling, so may not go Mah-Jongg (Kajongg, must declare calling hand)"
            return f"{a}: {g.hand(seat)} is not a complete hand"
        return f"{a} is not legal now"
    # claim window
    if g._washing:  # a claim window on no discard: no discarder, no tile under claim
        if seat in g._answers:
            return f"{a}: {who} has already answered in the washing window"
        may = " or ".join(x.kind.value for x in g._options.get(seat, ()))
        return (
            f"{a}: the washing window is open, before East's first discard (seed 000 Part II, "
            f"Washing the tiles); {who} " + (f"may answer {may}" if may else "has nothing to answer")
        )
    d, dt = g._window_from, g._window_tile
    if g._robbing and seat != d and seat not in g._answers:
        return (
            f"{a}: {d.letter} is adding {dt} to his exposed pung; {who} may only go Mah-Jongg "
            f"on {dt} (robbing the kong) or pass"
        )
    if seat == d:
        return f"{a}: {who} discarded {dt} and cannot claim his own discard"
    if seat in g._answers:
        return f"{a}: {who} has already answered the claim on {dt}"
    if a.kind in (DISCARD, CONCEALED_KONG, ADD_KONG, ORIGINAL_CALL):
        return f"{a}: the claim window on {dt} (discarded by {d.letter}) is open; nobody may play until it closes"
    if t != dt:
        return f"{a}: the discard under claim is {dt}, not {t}"
    if a.kind is CHOW and seat != g._next[d]:
        return (
            f"{a}: only {g._next[d].letter}, next after {d.letter}, may chow {dt} "
            "(seed 000, To chow: a player may chow only in his regular turn)"
        )
    if seat not in g._options and a.kind is PASS:
        return f"{a}: {who} has no claim on {dt} and need not answer"
    if g._called[seat] and a.kind in (CHOW, PUNG, KONG):
        return f"{a}: {who} declared Original Call and claims a discard only to go Mah-Jongg ({_OC})"
    if a.kind is CHOW:
        return f"{a}: {who} does not hold the other two tiles of a run from {a.chow} with {dt}"
    if a.kind is PUNG:
        return f"{a}: {who} needs a pair of {dt} in the hand to pung it"
    if a.kind is KONG:
        return (
            f"{a}: {who} needs three {dt} concealed in the hand to kong a discard "
            "(a claimed fourth never goes onto an exposed pung: seed 000, Four of a kind)"
        )
    if a.kind is MAHJONGG:
        if seat in g._dead:
            return f"{a}: {who}'s hand is dead and cannot win"
        if not g._calling[seat] and not g.ruleset.may_win_undeclared(g._discarded[seat]):
            return f"{a}: {who} never declared his hand calling, so may not go Mah-Jongg (Kajongg, must declare calling hand)"
        return f"{a}: {dt} does not complete {who}'s hand"
    return f"{a} is not legal now"


def seat_problem(seat) -> str | None:
    """What is wrong with ``seat`` as a seat (``None``: it is a
    :class:`~mahjongg.tiles.Wind`, or a plain int 0-3 naming one)."""
    if type(seat) is Wind:
        return None
    if type(seat) is int and 0 <= seat <= 3:
        return None
    return f"{seat!r} is not a seat: a seat is a Wind (Wind.EAST ... Wind.NORTH, or 0-3)"


def malformed(a) -> str | None:
    """What makes ``a`` not an action at all, or ``None``: an :class:`Action`
    whose kind is an :class:`ActionKind`, whose seat is a
    :class:`~mahjongg.tiles.Wind` and whose tile and chow are ``None`` or a
    :class:`~mahjongg.tiles.Tile` (``Action(DISCARD, E, 0)`` equals the
    action with the tile 1b, but 0 is no tile: its log could not be replayed)."""
    if type(a) is not Action:
        return f"{a!r} is not an Action (Action(kind, seat, tile, chow) of mahjongg.table)"
    for name, t in (("tile", a.tile), ("chow", a.chow)):
        # a Tile made from an int out of range (Tile.__new__ refuses one; int.__new__ does not):
        # formatted as a plain number, since it has no notation
        if type(t) is Tile and not 0 <= t < len(TILES):
            return f"the {name} of the action, Tile({int(t)}), is no tile: tiles are numbered 0-{len(TILES) - 1}"
    what = f"Action(kind={a.kind!r}, seat={a.seat!r}, tile={a.tile!r}, chow={a.chow!r})"
    if type(a.kind) is not ActionKind:
        return f"{what}: the kind {a.kind!r} is not an ActionKind"
    if type(a.seat) is not Wind:
        return f"{what}: the seat {a.seat!r} is not a Wind (Wind.EAST ... Wind.NORTH)"
    for name, t in (("tile", a.tile), ("chow", a.chow)):
        if t is not None and type(t) is not Tile:
            return f"{what}: the {name} {t!r} is not a Tile (use mahjongg.tiles.tile('5d'))"
    if a.chow is not None and a.kind is not CHOW:
        return f"{what}: only a chow names the run's lowest tile (chow)"
    if a.tile is not None and not a.tile.is_playing and a.kind is not ActionKind.BONUS and a.kind is not ActionKind.CAPTURE:
        return f"{what}: {a.tile} is a bonus tile; only BONUS and CAPTURE name one"
    return None
