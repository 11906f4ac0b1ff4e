"""What a web table sends after each change (issue 29, a fast server): each seat's
(and the spectators') view is the JSON of :meth:`LiveTable.view`, the part every seat shares built once
per change, nothing built for a seat with no socket, nothing sent to a seat whose
view did not change, and the advisor's hint worked out only for who asked for it."""

from __future__ import annotations

import json
import random

from mahjongg.table.actions import ActionKind
from mahjongg.table.describe import ACTION_WORDS, action_tiles

from test_web_table import Conn, human_to_act, table
from web_helpers import same_view


def play_hand(t, rng, on_step):
    """Play the hand as the humans (a random legal action each), calling ``on_step`` after each."""
    for _ in range(2000):
        g = t.game
        if g.is_over:
            return
        p, s = human_to_act(t)
        assert p is not None, "a bot should have acted already"
        a = rng.choice(g.legal_actions(s))
        t.act(p, {"kind": a.kind.value, "tile": str(a.tile) if a.tile is not None else None, "chow": str(a.chow) if a.chow is not None else None})
        on_step()
    raise AssertionError("the hand did not end")


class TextConn(Conn):
    """A socket that keeps the text it is sent, as the server's sockets do."""

    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []

    def send(self, msg) -> None:
        if isinstance(msg, str):
            self.texts.append(msg)
        super().send(msg)


def test_each_seat_is_sent_the_json_of_its_view_all_hand_long():
    for seed in (5, 6):
        t, clock, conns = table(humans=4, seed=seed)
        texts = {p: TextConn() for p in range(4)}
        for p, c in texts.items():
            t.connect(p, c)
        texts[None] = TextConn()  # a spectator: the public view, one for all who watch
        t.watch(texts[None])

        def check():
            for p, c in texts.items():
                last = json.loads(c.texts[-1])
                # what the seat holds is what the table would show it now (but the seconds left)
                assert same_view(last, t.view(p)), p
                assert last["you"] == p and last["v"] <= t.version

        play_hand(t, random.Random(seed), check)
        assert t.game.is_over and all("result" in json.loads(c.texts[-1]) for c in texts.values())


def test_a_pass_is_sent_to_the_passer_only():
    """Passes are told to nobody (they would show who could have claimed): the other
    seats' views do not change, so they are sent nothing."""
    for seed in range(5, 60):
        t, clock, conns = table(humans=4, seed=seed)
        rng = random.Random(seed)
        for _ in range(300):
            g = t.game
            if g.is_over:
                break
            waiting = [t.match.player_at(s) for s in g.to_act()]
            if g.phase == "claims" and len(waiting) > 1:
                p = waiting[0]
                before = {q: len(c.got) for q, c in conns.items()}
                pass_ = next(a for a in g.legal_actions(t.match.seat_of(p)) if a.kind is ActionKind.PASS)
                t.act(p, {"kind": "pass", "tile": str(pass_.tile), "chow": None})
                after = {q: len(c.got) - before[q] for q, c in conns.items()}
                assert after[p] == 1 and conns[p].got[-1]["legal"] == []
                assert all(after[q] == 0 for q in conns if q != p), after
                return
            p, s = human_to_act(t)
            legal = g.legal_actions(s)
            a = next((x for x in legal if x.kind is ActionKind.PASS), None) or rng.choice([x for x in legal if x.kind is ActionKind.DISCARD])
            t.act(p, {"kind": a.kind.value, "tile": str(a.tile), "chow": None})
    raise AssertionError("no claim window with two humans to answer came up")


def test_no_view_is_built_for_a_seat_without_a_socket():
    t, clock, conns = table(humans=4, seed=5)
    built = []
    own = t._own
    t._own = lambda p: (built.append(p), own(p))[1]
    for c in list(t.seats[3].conns):
        t.disconnect(3, c)
    built.clear()
    play_hand(t, random.Random(1), lambda: None)
    assert built and 3 not in built


def test_the_hint_is_worked_out_only_for_who_asked_and_once_a_position(monkeypatch):
    import mahjongg.web.table as web_table

    calls = []
    real = web_table.hint_line
    monkeypatch.setattr(web_table, "hint_line", lambda obs, legal: (calls.append((obs.seat, len(t.game.events))), real(obs, legal))[1])
    t, clock, conns = table(humans=4, seed=5)
    play_hand(t, random.Random(2), lambda: None)
    assert calls == []  # nobody asked
    t, clock, conns = table(humans=4, seed=5)
    t.handle(0, {"type": "hint", "on": True})
    seen = []

    def step():
        t.view(0), t.view(0)  # a view asked for twice does not work the hint out twice
        v = conns[0].got[-1]
        if v.get("hint"):
            seen.append(v["hint"])
        for q in (1, 2, 3):
            assert "hint" not in conns[q].got[-1]

    play_hand(t, random.Random(2), step)
    assert seen and calls
    assert len(calls) == len(set(calls))  # once a position
    assert {seat for seat, _ in calls} == {t.session.seat_of(0)}  # only for who asked


def test_a_seats_own_part_is_its_legal_actions_and_tiles_as_the_engine_has_them():
    """The seat's own part is encoded field by field (not by ``json.dumps`` of a dict): after every
    change it parses to the engine's own values -- the seat's legal actions (their ``to_dict``,
    without the seat, and their button's words and tiles, table.describe's), its concealed tiles with the drawn one apart, its seat letter."""
    for seed in (5, 6):
        t, clock, conns = table(humans=4, seed=seed)
        texts = {p: TextConn() for p in range(4)}
        for p, c in texts.items():
            t.connect(p, c)
        checked = 0

        def check():
            nonlocal checked
            g = t.game
            for p, c in texts.items():
                view = json.loads(c.texts[-1])
                if view["v"] != t.version or g.is_over:
                    continue  # not sent again: the view did not change (test above)
                seat = t.match.seat_of(p)
                legal = [{**{k: v for k, v in a.to_dict().items() if k != "seat"},
                          "label": ACTION_WORDS[a.kind].label, "label_tiles": [str(x) for x in action_tiles(a)]}
                         for a in g.legal_actions(seat)]
                assert view["legal"] == legal and view["auto_pass"] is True  # (the box's default)
                hand = sorted(str(x) for x in g.hand(seat).concealed)
                mine = view["game"]["concealed"] + ([view["game"]["drawn"]] if view["game"]["drawn"] else [])
                assert sorted(mine) == hand and view["game"]["seat"] == seat.letter
                checked += 1

        play_hand(t, random.Random(seed), check)
        assert checked > 100
