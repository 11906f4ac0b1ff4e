"""A web table's timers with a hand-driven clock: claim windows time out to PASS,
a dropped seat is played by a bot after the grace period until its player returns,
a turn that runs out is played by a bot and the seat is idle until its player acts."""

from __future__ import annotations

import json

import time

import pytest

from mahjongg.table.actions import ActionKind
from mahjongg.play.journal import Journal
from mahjongg.web.table import LiveTable, TableConfig, TableError


class Clock:
    """A fake ``schedule``: timers run only when the test says so."""

    def __init__(self) -> None:
        self.timers: list[list] = []

    def __call__(self, delay, fn):
        timer = Timer(self, delay, fn)
        self.timers.append(timer)
        return timer

    def run(self, max_delay: float = 1e9) -> int:
        """Run every live timer due within ``max_delay``; how many ran."""
        due = [t for t in self.timers if not t.cancelled and t.delay <= max_delay]
        self.timers = [t for t in self.timers if t not in due]
        for t in due:
            t.fn()
        return len(due)


class Timer:
    def __init__(self, clock, delay, fn) -> None:
        self.delay, self.fn, self.cancelled = delay, fn, False

    def cancel(self) -> None:
        self.cancelled = True


class Conn:
    def __init__(self) -> None:
        self.got: list[dict] = []

    def send(self, msg) -> None:  # a view comes as its JSON text
        self.got.append(json.loads(msg) if isinstance(msg, str) else msg)


def table(humans=2, **cfg):
    clock = Clock()
    # deals from the seed, as serve --seed; a claim pause closes on the last answer (its least length: test_web_claims.py)
    cfg = {"bot_delay": 0, "seed": 5, "deals": "match", "claim_pause_seconds": 0, **cfg}
    t, _ = LiveTable.create(Journal(":memory:"), TableConfig(**cfg), "Ann", clock)
    for i in range(1, humans):
        t.join(f"P{i}")
    conns = {p: Conn() for p in range(humans)}
    for p, c in conns.items():
        t.connect(p, c)
    t.start(0)
    return t, clock, conns


def human_to_act(t):
    g = t.game
    for s in g.to_act():
        p = t.match.player_at(s)
        if t.seats[p].kind == "human":
            return p, s
    return None, None


def play_until_claim(t, clock):
    """Discard as the humans until a human has a claim to answer."""
    for _ in range(500):
        g = t.game
        if g.is_over:
            return None
        if g.phase == "claims":
            p, s = human_to_act(t)
            if p is not None:
                return p
        p, s = human_to_act(t)
        assert p is not None, "a bot should have acted already"
        legal = g.legal_actions(s)
        pick = next((a for a in legal if a.kind is ActionKind.PASS), None) or next(a for a in legal if a.kind is ActionKind.DISCARD)
        t.act(p, {"kind": pick.kind.value, "tile": str(pick.tile), "chow": str(pick.chow) if pick.chow else None})
    raise AssertionError("no claim came up")


def test_a_claim_window_times_out_to_pass():
    for seed in range(5, 40):
        t, clock, conns = table(seed=seed, claim_seconds=7)
        p = play_until_claim(t, clock)
        if p is not None:
            break
    else:
        raise AssertionError("no human had a claim in 35 hands")
    view = conns[p].got[-1]
    assert view["deadline"] is not None and 0 < view["deadline"] <= 7
    assert {a["kind"] for a in view["legal"]} >= {"pass"}
    n = len(t.game.events)
    timers = [x for x in clock.timers if not x.cancelled and x.delay == 7]
    assert timers
    clock.run(7)
    passes = [e for e in t.game.events[n:] if e.get("type") == "action" and e["kind"] == "pass"]
    assert passes and passes[0]["seat"] == t.match.seat_of(p).letter


def test_a_dropped_seat_is_played_by_a_bot_until_its_player_returns():
    t, clock, conns = table(grace_seconds=30)
    g = t.game
    # everyone leaves; nothing moves until the grace period is over
    for p, c in conns.items():
        t.disconnect(p, c)
    n = len(g.events)
    assert not any(s.standin for s in t.seats)
    clock.run(30)
    assert all(s.standin for s in t.seats if s.kind == "human")
    for _ in range(50):
        if g.is_over:
            break
        clock.run()
    assert g.is_over and len(g.events) > n, "the stand-in bots finish the hand"
    # Ann comes back: her seat is hers again
    back = Conn()
    t.connect(0, back)
    assert not t.seats[0].standin and back.got[-1]["you"] == 0


def test_a_player_who_returns_in_time_keeps_the_seat():
    t, clock, conns = table(grace_seconds=30)
    t.disconnect(1, conns[1])
    t.connect(1, Conn())
    clock.run(30)
    assert not t.seats[1].standin


def test_the_next_hand_starts_when_everyone_is_ready():
    t, clock, conns = table(hands=2, grace_seconds=30)
    for p, c in conns.items():
        t.disconnect(p, c)
    for _ in range(100):
        if t.game.is_over:
            break
        clock.run()
    assert t.game.is_over and t.hand_no == 1
    t.connect(0, conns[0])
    t.connect(1, conns[1])
    t.set_ready(0)
    assert t.hand_no == 1
    t.set_ready(1)
    assert t.hand_no == 2 and not t.game.is_over


def human_on_turn(t, clock):
    """Play (the humans passing claims, discarding the drawn tile) until a human
    has a turn to discard on; his player number."""
    for _ in range(500):
        g = t.game
        assert not g.is_over, "the hand ended before a human's turn"
        p, s = human_to_act(t)
        assert p is not None, "a bot should have acted already"
        if g.phase == "turn":
            return p
        pass_ = next(a for a in g.legal_actions(s) if a.kind is ActionKind.PASS)  # every human answers every discard
        t.act(p, {"kind": "pass", "tile": str(pass_.tile) if pass_.tile else None})
    raise AssertionError("no human's turn came")


def test_an_idle_players_turn_is_played_by_a_bot_after_the_turn_time():
    from mahjongg.web.table import IDLE_SECONDS

    t, clock, conns = table(turn_seconds=20, claim_seconds=7)
    p = human_on_turn(t, clock)
    seat = t.match.seat_of(p)
    view = conns[p].got[-1]
    assert view["deadline"] is not None and 0 < view["deadline"] <= 20 and view["turn_seconds"] == 20
    n = len(t.game.events)
    clock.run(19)  # nothing is due before the turn time
    assert len(t.game.events) == n and not t.seats[p].idle
    clock.run(20)
    played = [e for e in t.game.events[n:] if e.get("type") == "action"]
    assert played and played[0]["seat"] == seat.letter, "a bot played the idle player's action"
    assert t.seats[p].idle
    assert any("is idle" in line["text"] for line in t.log)
    assert conns[0].got[-1]["seats"][p]["idle"] is True
    # the idle seat's next turn waits only IDLE_SECONDS; the player takes over by acting
    for _ in range(500):
        g = t.game
        if g.is_over:
            raise AssertionError("the hand ended before the idle seat's next turn")
        q, s = human_to_act(t)
        if q == p and g.phase == "turn":
            break
        if g.phase == "claims":
            if q == p:  # his claims wait IDLE_SECONDS too (and pass for him: acting would end his idleness)
                assert t.deadlines[p][1] - time.monotonic() <= IDLE_SECONDS
                clock.run(IDLE_SECONDS)
                continue
            pass_ = next(a for a in g.legal_actions(s) if a.kind is ActionKind.PASS)
            t.act(q, {"kind": "pass", "tile": str(pass_.tile) if pass_.tile else None})
        else:  # the other human's turn
            d = next(a for a in g.legal_actions(s) if a.kind is ActionKind.DISCARD)
            t.act(q, {"kind": "discard", "tile": str(d.tile)})
    assert t.turn_timer is not None and t.turn_timer[0][2] == p
    assert any(x.delay == IDLE_SECONDS for x in clock.timers if not x.cancelled)
    legal = t.game.legal_actions(seat)
    pick = next(a for a in legal if a.kind is ActionKind.DISCARD)
    t.act(p, {"kind": "discard", "tile": str(pick.tile)})
    assert not t.seats[p].idle and any(line["text"].endswith("is back") for line in t.log)


def test_a_back_message_ends_idleness():
    t, clock, conns = table(turn_seconds=20)
    p = human_on_turn(t, clock)
    clock.run(20)
    assert t.seats[p].idle
    t.handle(p, {"type": "back"})
    assert not t.seats[p].idle


def test_a_copy_of_the_act_just_applied_is_ignored_without_a_word():
    """A double-click sends the discard twice from the same view: the copy changes
    nothing and is no error (it used to say "the table has moved on since that
    view; look again"); another act from that old view is still refused."""
    t, clock, conns = table(humans=4)
    p, s = human_to_act(t)
    g = t.game
    tile = next(a.tile for a in g.legal_actions(s) if a.kind is ActionKind.DISCARD)
    msg = {"kind": "discard", "tile": str(tile), "v": t.version}
    t.act(p, msg)
    events, version = len(g.events), t.version
    t.act(p, dict(msg))  # the copy: no error, nothing changes
    assert len(g.events) == events and t.version == version
    with pytest.raises(TableError):
        t.act(p, {"kind": "pass", "tile": None, "v": msg["v"]})  # not a copy: refused as before
