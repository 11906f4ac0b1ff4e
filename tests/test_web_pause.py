"""The claim pause in simulated time (issue 39, section 1; docs/claims.md).

The table's timers run on a simulated clock (``LiveTable.now`` and its
``schedule``), so a whole hand plays in no time with the lobby's own timers
(claim time 15 s, a least pause of 1 s, bots 0.7 s) and every pause's length is
exact:

* One human with three bots who never presses Pass: he is never asked where he
  can only pass, and no timer but the bots' ever runs -- the hand moves at the
  bots' pace (its whole length is the bots' moves times ``bot_delay``).
* Two humans who answer at once: every pause lasts exactly
  ``claim_pause_seconds``, and what a human sees of a pause he is not asked in
  (his messages, their times, their countdowns) is the same whether the other
  human could claim or not. Only a claimant's own thinking lengthens a pause.
"""

from __future__ import annotations

import heapq
import json
import re

import pytest

from mahjongg.play.journal import Journal
from mahjongg.table.actions import ActionKind
from mahjongg.web.table import LiveTable, TableConfig

ANN, BOB = 0, 1


class SimClock:
    """Simulated time for a table: it is the table's ``schedule`` (a call), and
    :meth:`now` its clock; :meth:`run_next` moves time on to the next live timer
    and runs it. ``ran`` lists the delay of every timer run."""

    def __init__(self) -> None:
        self.t = 0.0
        self.queue: list = []
        self.ran: list[float] = []
        self.n = 0

    def now(self) -> float:
        return self.t

    def __call__(self, delay: float, fn) -> "SimTimer":
        timer = SimTimer(delay, fn)
        self.n += 1
        heapq.heappush(self.queue, (self.t + delay, self.n, timer))
        return timer

    def run_next(self) -> None:
        while self.queue:
            when, _, timer = heapq.heappop(self.queue)
            if not timer.cancelled:
                self.t = when
                self.ran.append(timer.delay)
                timer.fn()
                return
        raise AssertionError("nobody can act and no timer is set")


class SimTimer:
    def __init__(self, delay: float, fn) -> None:
        self.delay, self.fn, self.cancelled = delay, fn, False

    def cancel(self) -> None:
        self.cancelled = True


class Conn:
    """A connection that keeps each message, parsed, with the simulated time it was sent at."""

    def __init__(self, clock: SimClock) -> None:
        self.clock = clock
        self.got: list[tuple[float, dict]] = []

    def send(self, msg) -> None:
        self.got.append((self.clock.t, json.loads(msg)))


def sim_table(humans: int, seed: int, **cfg):
    """A table of ``humans`` people and bots with the lobby's timers (``TableConfig``'s
    defaults) on a simulated clock, dealt from ``seed`` (as ``serve --seed``), started."""
    clock = SimClock()
    t, _ = LiveTable.create(Journal(":memory:"), TableConfig(seed=seed, deals="match", **cfg), "Ann", clock)
    t.now = clock.now
    for i in range(1, humans):
        t.join(f"P{i}")
    conns = {p: Conn(clock) for p in range(humans)}
    for p, c in conns.items():
        t.connect(p, c)
    t.start(0)
    return t, clock, conns


def asked(t, p):
    """What ``p``'s seat may do now, as the engine has it (empty: he is not asked, or has
    answered and his answer is held to the pause's least length)."""
    if t.session.bot_controlled(p) or (t.held is not None and t.held[0] == p):
        return []
    return list(t.game.legal_actions(t.session.seat_of(p)))


def wire(a) -> dict:
    return {k: v for k, v in a.to_dict().items() if k != "seat"}


def turn_move(t, p, legal):
    """A human's turn: Mah-Jongg if he can, else discard the tile drawn (else the first he may)."""
    drawn = t.game.observation(t.session.seat_of(p)).drawn
    by = {a.kind: a for a in reversed(legal)}
    pick = by.get(ActionKind.MAHJONGG) or next((a for a in legal if a.kind is ActionKind.DISCARD and a.tile == drawn), None)
    return pick or by.get(ActionKind.DISCARD) or legal[0]


@pytest.mark.parametrize("box", [True, False], ids=["box-on", "box-off"])
def test_a_lone_human_who_never_passes_plays_at_the_bots_pace(box):
    """``box``: his "Pass at once when I cannot claim" as it is by default, or unticked --
    alone at the table he is never waited on either way (the page does not show the box)."""
    cfg = TableConfig()
    for seed in (3, 4) if box else (3,):
        t, clock, conns = sim_table(1, seed)
        t.handle(ANN, {"type": "auto_pass", "on": box})
        only_pass = claimed = 0
        while not t.game.is_over:
            legal = asked(t, ANN)
            if not legal:
                clock.run_next()
            elif t.game.phase == "claims":
                # asked in a pause: he can claim (he is never asked to pass alone); he takes it
                assert any(a.kind is not ActionKind.PASS for a in legal), legal
                t.act(ANN, wire(next(a for a in legal if a.kind is not ActionKind.PASS)))
                claimed += 1
            else:
                t.act(ANN, wire(turn_move(t, ANN, legal)))
        me = t.session.seat_of(ANN).letter
        only_pass = sum(1 for e in t.game.events if e.get("type") == "action" and e["kind"] == "pass" and e["seat"] == me)
        assert only_pass > 10  # his seat passed at once, a dozen times and more
        # no view ever offered him Pass alone, and none showed him a countdown of a pause he was not in
        for _, m in conns[ANN].got:
            kinds = [a["kind"] for a in m.get("legal", [])]
            assert kinds != ["pass"], m
            if m.get("game") and m["game"]["claim_window"] and not kinds:
                assert m["deadline"] is None
        # only the bots' steps took time: no claim time ran out, no least pause, no turn timer
        assert clock.ran and set(clock.ran) == {cfg.bot_delay}, sorted(set(clock.ran))
        assert abs(clock.t - len(clock.ran) * cfg.bot_delay) < 1e-9


def pauses_of(conn: Conn) -> list[list[tuple[float, dict]]]:
    """A seat's messages cut into claim pauses: each from the message that opened one (its
    time) to the one that closed it, inclusive."""
    out, cur = [], None
    for at, m in conn.got:
        g = m.get("game")
        open_ = bool(g and g["claim_window"])
        if open_ and cur is None:
            cur = [(at, m)]
        elif cur is not None:
            cur.append((at, m))
            if not open_:
                out.append(cur)
                cur = None
    return out


def play_two(seed: int, think: float = 0.0):
    """Ann and Bob with two bots, the lobby's timers: each discards the tile drawn on his turn;
    asked in a pause (he can claim), Ann passes at once, Bob after ``think`` seconds.
    Returns the table, the clock and, for each pause Ann was not asked in (she discarded,
    or could not claim), whether Bob was asked in it and what Ann was sent."""
    t, clock, conns = sim_table(2, seed)
    bob_asked: dict[int, bool] = {}  # pause (t.window) -> Bob could claim in it
    ann_asked: set[int] = set()
    thinking = None
    while not t.game.is_over:
        g = t.game
        if g.phase == "claims":
            if asked(t, ANN):
                ann_asked.add(t.window)
            bob_asked.setdefault(t.window, False)
            if asked(t, BOB):
                bob_asked[t.window] = True
        legal_ann, legal_bob = asked(t, ANN), asked(t, BOB)
        if legal_ann:
            if g.phase == "claims":
                t.act(ANN, wire(next(a for a in legal_ann if a.kind is ActionKind.PASS)))
            else:
                t.act(ANN, wire(turn_move(t, ANN, legal_ann)))
        elif legal_bob and g.phase != "claims":
            t.act(BOB, wire(turn_move(t, BOB, legal_bob)))
        elif legal_bob and thinking != t.window:
            thinking = t.window
            bob_pass = wire(next(a for a in legal_bob if a.kind is ActionKind.PASS))
            if think:
                clock(think, lambda a=bob_pass: t.act(BOB, a) if asked(t, BOB) else None)
            else:
                t.act(BOB, bob_pass)
        else:
            clock.run_next()
    pauses = pauses_of(conns[ANN])
    windows = sorted(bob_asked)
    assert len(pauses) == len(windows)  # every pause on the table reached Ann, each once
    unasked = [(bob_asked[w], p) for w, p in zip(windows, pauses) if w not in ann_asked]
    return t, clock, unasked


def shape(pause) -> tuple:
    """What a seat could tell of a pause from its messages: when each came while it was open
    (from its opening), with its countdown and the seat's own choices; and when it closed."""
    t0 = pause[0][0]
    return tuple((round(at - t0, 6), m["deadline"], tuple(a["kind"] for a in m["legal"])) for at, m in pause[:-1]), round(pause[-1][0] - t0, 6)


def test_two_humans_see_the_same_pauses_whatever_the_other_could_do():
    pause = TableConfig().claim_pause_seconds
    for seed in (1, 2):  # hands with pauses Ann sits in unasked where Bob could claim (4 each), and many where he could not
        t, clock, unasked = play_two(seed)
        shapes = {True: set(), False: set()}
        for bob_could, p in unasked:
            shapes[bob_could].add(shape(p))
        assert shapes[True] and shapes[False], "pauses both where Bob could claim and where he could not"
        # one shape for all: one message as it opened (no countdown, no choice), closed the least pause later
        assert shapes[True] == shapes[False] == {(((0.0, None, ()),), pause)}
        # no claim time ran out: nobody was waited on for nothing
        assert TableConfig().claim_seconds not in clock.ran


def test_only_a_claimants_own_thinking_lengthens_the_pause():
    cfg = TableConfig()
    t, clock, unasked = play_two(1, think=4.0)
    lengths = {True: set(), False: set()}
    for bob_could, p in unasked:
        lengths[bob_could].add(round(p[-1][0] - p[0][0], 6))
    assert lengths[False] == {cfg.claim_pause_seconds}  # Bob not asked: the least pause
    assert lengths[True] == {4.0}  # Bob asked, and thinking four seconds: hesitation shows


def test_the_lobby_explains_the_pause_and_the_claim_time_in_a_line_each():
    from pathlib import Path

    import mahjongg.web

    page = (Path(mahjongg.web.__file__).parent / "static" / "index.html").read_text(encoding="utf-8")  # the lobby, served at /
    lines = {k: re.search(rf'<p class="hint" id="{k}">([^<]*)</p>', page) for k in ("pause-note", "claim-note")}
    assert all(lines.values()), lines
    pause, claim = (m.group(1) for m in lines.values())
    assert "pauses for claims" in pause and "asked only when you can claim" in pause and "\n" not in pause
    assert "who can claim may think" in claim and "\n" not in claim


def test_a_concealed_kong_that_may_be_robbed_opens_a_pause():
    # dmjl and bmja let a concealed kong be robbed for Thirteen Orphans (Kajongg's
    # "mayrobhiddenkong", Millington 58: Ruleset.concealed_kong_robbed_for), so under
    # claims="all" every concealed kong opens a claim window on its tile, as a discard
    # does: the web table must count it as a pause of its own (its least length, its
    # held answer), not as the tail of the pause on the discard before it.
    found = []
    for seed in range(1, 40):
        t, clock, conns = sim_table(1, seed, ruleset="dmjl")
        applied = t._applied

        def checked(action, t=t, applied=applied):
            window = t.window
            applied(action)
            if action.kind is ActionKind.CONCEALED_KONG and t.game.phase == "claims":
                found.append(t.window == window + 1)

        t._applied = checked
        while not t.game.is_over:
            legal = asked(t, ANN)
            if not legal:
                clock.run_next()
            elif t.game.phase == "claims":
                t.act(ANN, wire(next(a for a in legal if a.kind is ActionKind.PASS)))
            else:
                kong = next((a for a in legal if a.kind is ActionKind.CONCEALED_KONG), None)
                t.act(ANN, wire(kong or turn_move(t, ANN, legal)))
        if found:
            break
    assert found == [True] * len(found) and found, found
