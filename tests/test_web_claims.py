"""The claim pause at a web table (issue 23, section 1; docs/claims.md).

* Two humans, Ann and Bob, and two bots, one deal played twice: at the first
  discard Bob can claim and Ann cannot, Bob claims it in one run and passes in
  the other. Every message Ann is sent, from the deal to the pause's close, is
  the same in both runs; only after the close does she see the claim.
* In every pause Ann is in the same state, whether anyone can claim or not:
  her own choices (PASS alone when she cannot claim) and a countdown.
* The pause lasts ``claim_pause_seconds`` at least: the answer that would
  close it sooner is held (the answerer sees his choices gone), then applied.
* ``auto_pass``: a seat that asks for it passes at once where it cannot
  claim, and is still asked where it can.

Since issue 39 a seat passes at once by default (tests/test_web_pause.py plays
that in simulated time); these tests play the strict way too, both humans
unticking the box and answering every discard.
"""

from __future__ import annotations

import copy
import json

import pytest

from mahjongg.play.journal import Journal
from mahjongg.table.actions import ActionKind
from mahjongg.web.table import LiveTable, TableConfig

from test_web_table import Clock

ANN, BOB = 0, 1


class Conn:
    """A connection that keeps each message as it went over the wire (JSON), as sent."""

    def __init__(self) -> None:
        self.got: list[dict] = []

    def send(self, msg) -> None:
        self.got.append(json.loads(msg if isinstance(msg, str) else json.dumps(msg)))  # a view comes as its JSON text


def two_humans(seed: int, pause: float = 0.0, strict: bool = True):
    """Ann and Bob with two bots; ``strict``: both untick "Pass at once when I cannot
    claim" (the table's default is on) and answer every discard."""
    clock = Clock()
    cfg = TableConfig(hands=1, bots=["greedy", "greedy"], bot_delay=0, seed=seed, deals="match", claim_pause_seconds=pause)
    t, _ = LiveTable.create(Journal(":memory:"), cfg, "Ann", clock)
    t.join("Bob")
    for p in (ANN, BOB):
        t.handle(p, {"type": "auto_pass", "on": not strict})
    conns = {ANN: Conn(), BOB: Conn()}
    for p, c in conns.items():
        t.connect(p, c)
    t.start(0)
    return t, clock, conns


def legal_of(t, p):
    return t.game.legal_actions(t.match.seat_of(p)) if not t.session.bot_controlled(p) else ()


def claims_of(t, p):
    return [a for a in legal_of(t, p) if a.kind not in (ActionKind.PASS, ActionKind.DISCARD)]


def wire(a) -> dict:
    return {k: v for k, v in a.to_dict().items() if k != "seat"}


def step(t, clock) -> None:
    """One scripted move of the humans: pass a pause (Bob first, Ann last), or discard
    the tile drawn (else the first held); then whatever timers are due."""
    g = t.game
    for p in (BOB, ANN):
        legal = legal_of(t, p)
        if not legal or (t.held and t.held[0] == p):
            continue
        if g.phase == "claims":
            t.act(p, wire(next(a for a in legal if a.kind is ActionKind.PASS)))
        else:
            drawn = g.observation(t.match.seat_of(p)).drawn
            pick = next((a for a in legal if a.kind is ActionKind.DISCARD and a.tile == drawn), None)
            t.act(p, wire(pick or next(a for a in legal if a.kind is ActionKind.DISCARD)))
        return
    clock.run()


def first_claim_for_bob(seed: int, strict: bool = True):
    """Play the scripted humans until a pause in which Bob can claim and Ann cannot
    (strict: she is asked, with Pass alone); how many steps that took (None: not in this hand)."""
    t, clock, _ = two_humans(seed, strict=strict)
    for n in range(400):
        g = t.game
        if g.is_over:
            return None
        if g.phase == "claims" and claims_of(t, BOB) and (legal_of(t, ANN) or not strict) and not claims_of(t, ANN):
            return n
        step(t, clock)
    return None


def frames(conn) -> list[dict]:
    """What Ann was sent, each message but its countdown (wall-clock seconds left) and the
    table's code (each table gets its own)."""
    out = []
    for m in conn.got:
        m = copy.deepcopy(m)
        assert "deadline" not in m or m["deadline"] is None or m["deadline"] >= 0
        m.pop("deadline", None)
        m.pop("code", None)
        out.append(m)
    return out


@pytest.mark.parametrize("strict", [True, False], ids=["strict", "pass-at-once"])
def test_the_non_claimants_frames_are_the_same_whether_the_other_human_claims_or_passes(strict):
    seed, n = next((s, n) for s in range(1, 80) if (n := first_claim_for_bob(s, strict)) is not None)
    runs = {}
    for bob_claims in (False, True):
        t, clock, conns = two_humans(seed, strict=strict)
        for _ in range(n):
            step(t, clock)
        assert claims_of(t, BOB) and not claims_of(t, ANN)
        before = len(conns[ANN].got)
        bob = claims_of(t, BOB)[0] if bob_claims else next(a for a in legal_of(t, BOB) if a.kind is ActionKind.PASS)
        t.act(BOB, wire(bob))
        if strict:
            after_bob = len(conns[ANN].got)  # what Bob's answer sent Ann (her view is as it was: nothing)
            assert t.game.phase == "claims", "Ann has still to answer: the pause is open"
            t.act(ANN, wire(legal_of(t, ANN)[0]))  # her pass closes it
        else:
            after_bob = before  # Ann passed at once: Bob's answer, the last, closes the pause
        runs[bob_claims] = (frames(conns[ANN]), before, t.game.events[-3:], after_bob)
    (passed, before, _, after), (claimed, before2, events, after2) = runs[False], runs[True]
    assert before == before2 and after == after2 and len(passed) == len(claimed)
    # every message up to the pause's close is the same, and what came with Bob's answer too
    assert passed[:after] == claimed[:after]
    # in the pause, Ann was offered her pass alone (strict), or nothing (she passed at once),
    # as at any pause where she cannot claim
    pause = claimed[before - 1]
    assert pause["game"]["claim_window"] and [a["kind"] for a in pause["legal"]] == (["pass"] if strict else [])
    # once it closed, the claim is on the table for everyone
    assert any(e.get("type") == "claim" and e["seat"] == t.match.seat_of(BOB).letter for e in events)
    assert passed[-1] != claimed[-1]


@pytest.mark.parametrize("strict", [True, False], ids=["strict", "pass-at-once"])
def test_every_pause_looks_the_same_to_a_seat_that_cannot_claim(strict):
    t, clock, conns = two_humans(3, strict=strict)
    shapes = set()
    for _ in range(300):
        if t.game.is_over:
            break
        g = t.game
        if g.phase == "claims" and (legal_of(t, ANN) or not strict) and not claims_of(t, ANN):
            view = t.view(ANN)
            shapes.add((view["game"]["claim_window"], tuple(a["kind"] for a in view["legal"]), view["deadline"] is not None,
                        tuple(sorted(view)), tuple(sorted(view["game"]))))
        step(t, clock)
    assert len(shapes) == 1, shapes
    (shape,) = shapes
    # strict: asked, Pass alone, with the claim time's countdown; else not asked, and no countdown
    assert shape[:3] == ((True, ("pass",), True) if strict else (True, (), False))


def test_the_pause_lasts_its_least_length():
    t, clock, conns = two_humans(5, pause=1.0)
    for _ in range(300):  # to a pause where both humans answer
        if t.game.phase == "claims" and legal_of(t, ANN) and legal_of(t, BOB):
            break
        step(t, clock)
    g = t.game
    t.act(BOB, wire(next(a for a in legal_of(t, BOB) if a.kind is ActionKind.PASS)))
    n = len(g.events)
    ann = next(a for a in legal_of(t, ANN) if a.kind is ActionKind.PASS)
    t.act(ANN, wire(ann))  # the last answer, well within a second of the discard: held
    assert t.held == (ANN, ann) and len(g.events) == n and g.phase == "claims"
    assert conns[ANN].got[-1]["legal"] == [] and conns[ANN].got[-1]["deadline"] is None  # answered: no countdown of his
    due = [x for x in clock.timers if not x.cancelled and 0 < x.delay <= 1.0]
    assert due, "the held answer is applied when the pause has lasted a second"
    clock.run(1.0)
    assert t.held is None and g.events[n]["type"] == "action" and g.events[n]["kind"] == "pass"


def test_auto_pass_passes_where_the_seat_cannot_claim_only():
    t, clock, conns = two_humans(1)  # strict: both answer every discard ...
    t.handle(ANN, {"type": "auto_pass", "on": True})  # ... until Ann ticks the box
    asked = 0
    ann = t.match.seat_of(ANN)
    for _ in range(400):
        g = t.game
        if g.is_over:
            break
        if g.phase == "claims" and legal_of(t, ANN):
            assert claims_of(t, ANN), "Ann is asked only where she can claim"
            asked += 1  # (and the script passes for her)
        step(t, clock)
    passes = [e for e in t.game.events if e.get("type") == "action" and e["kind"] == "pass" and e["seat"] == ann.letter]
    assert len(passes) - asked > 5  # passed at once, without being asked
    assert conns[ANN].got[-1]["auto_pass"] is True


def test_a_seats_own_choices_outlive_a_restart(tmp_path):
    # "Pass at once when I cannot claim" unticked by Ann and the hint asked for by Bob are kept
    # in the journal (the seat's prefs); the table rebuilt after a restart has them as they were
    # (before: every seat the defaults, passing at once and no hint). Cy keeps the defaults.
    db = tmp_path / "p.sqlite3"
    cfg = TableConfig(hands=1, bot_delay=0, seed=3, deals="match", bots=["greedy"])
    t, _ = LiveTable.create(Journal(db), cfg, "Ann", Clock())
    t.join("Bob")
    t.join("Cy")
    t.handle(ANN, {"type": "auto_pass", "on": False})
    t.handle(BOB, {"type": "hint", "on": True})
    t.start(0)
    t.close()
    row = next(r for r in Journal(db).matches("serve", ("playing",)) if r.id == t.match_id)
    again = LiveTable.rebuild(Journal(db), row, Clock())
    assert [(s.auto_pass, s.hints) for s in again.seats[:3]] == [(False, False), (True, True), (True, False)]
    assert Journal(db).seats(t.match_id)[0]["prefs"] == {"auto_pass": False, "hints": False}


def test_the_washing_window_is_a_pause_of_its_own():
    # pung-chow-limit washes (seed 000 Part II): with claims="all" the deal opens the washing
    # window, every seat answering (Game.window_opened after the deal); the table pauses on it
    # as on a discard -- the first pause of the hand -- and East's first discard opens the second
    clock = Clock()
    cfg = TableConfig(ruleset="pung-chow-limit", hands=1, bot_delay=0, seed=5, deals="match", claim_pause_seconds=0)
    t, _ = LiveTable.create(Journal(":memory:"), cfg, "Ann", clock)
    for name in ("Bob", "Cy", "Di"):
        t.join(name)
    conns = {p: Conn() for p in range(4)}
    for p, c in conns.items():
        t.handle(p, {"type": "auto_pass", "on": False})  # each is asked, not passed at once
        t.connect(p, c)
    t.start(0)
    g = t.game
    assert g.washing and t.window == 1
    for p, c in conns.items():
        view = c.got[-1]
        assert view["game"]["claim_window"] and view["game"]["last_discard"] is None
        assert "pass" in [a["kind"] for a in view["legal"]]
    for p in range(4):  # all pass: the window closes, East discards
        t.act(p, wire(next(a for a in legal_of(t, p) if a.kind is ActionKind.PASS)))
    clock.run(max_delay=0)  # (East's turn timer, 45 s, not)
    assert not g.washing and g.phase == "turn" and t.window == 1
    east = t.match.player_at(g.turn)
    t.act(east, wire(next(a for a in legal_of(t, east) if a.kind is ActionKind.DISCARD)))
    assert t.window == 2


def test_a_table_rebuilt_in_the_washing_window_pauses_on_it_afresh(tmp_path):
    # The washing window of the test above is open when the server stops; the table rebuilt
    # from its journal (LiveTable.rebuild, as after a restart) is in that window and pauses
    # on it again: the pause counted (window 1) and its least length (a second) from the
    # rebuild, so the answer that closes it -- the last of the four passes -- is held to it, as in any pause; before,
    # the rebuilt table had no pause open and applied every answer at once. Each seat's own
    # choice (every discard answered, not passed at once) is as it was before the restart
    db = tmp_path / "w.sqlite3"
    clock = Clock()
    cfg = TableConfig(ruleset="pung-chow-limit", hands=1, bot_delay=0, seed=5, deals="match", claim_pause_seconds=1.0)
    t, _ = LiveTable.create(Journal(db), cfg, "Ann", clock)
    for name in ("Bob", "Cy", "Di"):
        t.join(name)
    for p in range(4):
        t.handle(p, {"type": "auto_pass", "on": False})
    t.start(0)
    assert t.game.washing and t.window == 1
    t.close()
    row = next(r for r in Journal(db).matches("serve", ("playing",)) if r.id == t.match_id)
    clock2 = Clock()
    again = LiveTable.rebuild(Journal(db), row, clock2)
    g = again.game
    assert g.washing and g.phase == "claims" and again.window == 1
    assert not any(s.auto_pass for s in again.seats) and again.held is None  # nobody passed at once
    for p in range(4):
        again.act(p, wire(next(a for a in legal_of(again, p) if a.kind is ActionKind.PASS)))
    assert again.held is not None and g.washing  # held to the pause's second, not applied
    held = [x for x in clock2.timers if not x.cancelled and 0 < x.delay <= 1.0]
    assert held, "the held answer is applied when the pause has lasted its second"
    n = len(g.events)
    clock2.run(1.0)
    assert again.held is None and len(g.events) > n and g.events[n]["kind"] == "pass"
