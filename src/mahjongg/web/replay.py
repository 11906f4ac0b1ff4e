"""Replays of a web table's finished hands, read from the journal.

A finished hand is a row of the journal's finished hands (what ``mahjongg
replay`` reads); its replay here is the hand step by step with every hand laid
open, then its score sheet. A hand still on the table has no replay: nothing of
it is shown (not that it exists beyond its number), so a replay link may be
shared at any time -- before its hand is over it says only that it is not.

:func:`history` lists a table's finished hands; :func:`hand_replay` is one of
them, as steps: the hand once dealt, then after each move (an action of the log,
or a penalty), each step with its lines in ``mahjongg replay``'s words
(:data:`~mahjongg.table.describe.REPLAY`, every draw shown, the players' names)
and every seat's concealed tiles, melds, bonus tiles and discards as they stood.
Steps whose move told nothing (a pass) are left out. The last step's ``result``
is the score sheet of the table page (:func:`~mahjongg.web.table.result_view`).

:func:`replay_routes`: the replay page ``/replay/{code}[/{hand}]`` and its API
``/api/tables/{code}/hands[/{n}]`` (a look-up by code, limited as one).
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Route

from ..errors import MahjonggError
from ..play.journal import Journal, SavedMatch
from ..play.session import rebuild_match
from ..table import Game, replay_steps
from ..table.describe import OMNISCIENT, REPLAY, describe_line
from ..tiles import Wind
from .api import STATIC, client_of, error, throttled
from .table import CLAIMS, Seat, TableConfig, TableError, meld_view, result_view, tile_list

__all__ = ["NoReplay", "history", "hand_replay", "steps", "replay_routes"]


class NoReplay(TableError):
    """No replay to show: ``status`` 404 (no such table or hand), 409 (not over yet) or
    410 (a record this server cannot read back)."""

    def __init__(self, message: str, status: int = 404) -> None:
        super().__init__(message)
        self.status = status


def _finished(journal: Journal, code: str):
    """(the match row, its seats by player, the match rebuilt from its finished hands, their logs)."""
    match_id = journal.match_id(code.upper()) if isinstance(code, str) else None
    if match_id is None:
        raise NoReplay("no table with that code")
    saved = journal.load_match(match_id, app="serve")
    seats = [Seat(d["player"], d["name"], d["kind"], d["bot"]) for d in journal.seats(match_id)]
    if saved.row.status == "lobby" or not saved.finished:
        return saved.row, seats, None, []
    try:
        table_config = TableConfig.from_dict(saved.row.config)
        config = table_config.match_config(seats)
        # the finished hands only, each dealt from the seed its log names when the table deals secret seeds
        match = rebuild_match(config, SavedMatch(saved.row, saved.hands, saved.finished, []), table_config.hand_seeds(), CLAIMS)  # as the table plays: the claim pause
    except MahjonggError as e:  # a record this server cannot read back (a bot or ruleset it no longer has)
        raise NoReplay(f"the hands of this table cannot be read back: {e}", 410) from None
    return saved.row, seats, match, saved.finished


def history(journal: Journal, code: str) -> dict:
    """The table's finished hands: ``hands`` (number, round, East, winner or ``None``, why it
    ended, each player's chips and running total), the players' ``names``, ``status``
    (``playing``, ``finished``, ...), ``playing`` (the number of the hand on the table, if
    any). Raises :class:`NoReplay` for an unknown code."""
    row, seats, match, _ = _finished(journal, code)
    names = [s.name for s in seats]
    hands = []
    for rec in match.records if match is not None else ():
        winner = rec.winner_player
        hands.append({
            "hand": rec.number,
            "round": rec.round.letter,
            "east": names[rec.east_player],
            "winner": None if winner is None else names[winner],
            "reason": rec.result.reason,
            "chips": list(rec.chips),
            "totals": list(rec.totals),
        })
    playing = len(hands) + 1 if row.status == "playing" else None
    return {"code": row.code, "status": row.status, "ruleset": row.config.get("ruleset"), "names": names,
            "hands": hands, "playing": playing}


def _seat_state(g: Game, w: Wind) -> dict:
    h = g.hand(w)
    return {
        "concealed": tile_list(h.concealed),
        "melds": [meld_view(m) for m in h.melds],
        "bonus": tile_list(h.bonus) + tile_list(getattr(h, "hidden", ())),
    }


def _step(g: Game, lines: list, kind: str | None) -> dict:
    obs = g.observation(g.seats[0])  # its public fields: every discard, who is dead, whose turn
    seats = {}
    for w in g.seats:
        s = _seat_state(g, w)
        s["discards"] = [{"tile": str(t), "taken": by is not None} for d, t, by in obs.discard_history if d == w]
        s["dead"] = w in obs.dead
        s["original_call"] = w in obs.original_call
        s["calling"] = w in obs.calling
        seats[w.letter] = s
    return {
        "lines": lines,
        "kind": kind,
        "seats": seats,
        "turn": obs.turn.letter if obs.turn is not None else None,
        "wall_count": obs.wall_count,
        "last_discard": str(obs.last_discard) if obs.last_discard is not None else None,
        "last_discarder": obs.last_discarder.letter if obs.last_discarder is not None else None,
    }


def steps(events: list[dict], names: dict[str, str], ruleset=None) -> list[dict]:
    """The steps of one hand's log (see the module docs); ``names``: by seat letter."""
    words = {w: names.get(w.letter, w.name.capitalize()) for w in Wind}
    # a Mah-Jongg on a discard is told once, as the claim that took the tile (as mahjongg replay does)
    claimed_mj = {e["seat"] for e in events if e.get("type") == "claim" and e.get("kind") == "mahjongg"}
    out, told = [], 0
    for g in replay_steps(events, ruleset):
        new = g.events[told:]
        told = len(g.events)
        lines, kind = [], None
        for e in new:
            if e.get("type") == "action" and e.get("kind") == "mahjongg" and e["seat"] in claimed_mj:
                continue
            if e.get("type") == "claim":
                kind = "claim"
            line = describe_line(e, viewer=OMNISCIENT, wording=REPLAY, names=words)
            if line is not None:
                lines.append({"text": line.text, **({"tile": line.tile} if line.tile else {})})
        if not out:
            kind = "deal"
        elif not lines:
            continue  # a pass, or the end: nothing to tell
        out.append(_step(g, lines, kind))
    return out


def hand_replay(journal: Journal, code: str, hand: int) -> dict:
    """Hand ``hand`` (from 1) of the table, step by step, with its score sheet (``result``);
    ``names`` by seat letter, ``winds``: each player's seat letter in this hand, by player
    number (public: who sat where), so a player's page puts his own seat at the bottom.
    Raises :class:`NoReplay`: 404 for no such table or hand, 409 for the hand on the table."""
    if not isinstance(hand, int) or isinstance(hand, bool) or hand < 1:
        raise NoReplay("a hand is numbered from 1")
    row, seats, match, logs = _finished(journal, code)
    if hand > len(logs):
        if hand == len(logs) + 1 and row.status == "playing":
            raise NoReplay(f"hand {hand} of this table is not over yet: its replay opens when it is over", 409)
        raise NoReplay(f"this table has no finished hand {hand} (it has {len(logs)})")
    rec, events = match.records[hand - 1], logs[hand - 1]
    names = [s.name for s in seats]
    by_seat = {w.letter: names[p] for p, w in rec.seats.items()}
    result = result_view(rec, names, match.ruleset)
    result["match_over"] = match.is_over and hand == len(logs)
    return {
        "code": row.code,
        "hand": hand,
        "hands": len(logs),
        "ruleset": row.config.get("ruleset"),
        "round": rec.round.letter,
        "names": by_seat,
        "winds": [rec.seats[p].letter for p in sorted(rec.seats)],
        "steps": steps(events, by_seat, match.ruleset),
        "result": result,
    }


def replay_routes(server) -> list:
    """The replay page and its API on ``server``'s journal (:meth:`Server.replay
    <mahjongg.web.app.Server.replay>` keeps each hand's replay)."""

    async def replay_page(request: Request) -> Response:
        return FileResponse(STATIC / "replay.html")

    def replay_limit(request: Request) -> Response | None:
        """None if this client may look a table's finished hands up now, else its 429 (a look-up by code)."""
        wait = server.may_look_up(client_of(request))
        return throttled("too many table look-ups from you", wait) if wait > 0 else None

    async def hands(request: Request) -> Response:
        refused = replay_limit(request)
        if refused is not None:
            return refused
        try:
            return JSONResponse(history(server.store, request.path_params["code"]))
        except NoReplay as e:
            return error(str(e), e.status)

    async def hand(request: Request) -> Response:
        refused = replay_limit(request)
        if refused is not None:
            return refused
        n = request.path_params["hand"]
        try:
            if not n.isdigit() or len(n) > 6:
                raise NoReplay("a hand is numbered from 1")
            return JSONResponse(server.replay(request.path_params["code"], int(n)))
        except NoReplay as e:
            return error(str(e), e.status)

    return [
        Route("/replay/{code}", replay_page),  # the table's finished hands
        Route("/replay/{code}/{hand}", replay_page),  # one of them, step by step
        Route("/api/tables/{code}/hands", hands),
        Route("/api/tables/{code}/hands/{hand}", hand),
    ]
