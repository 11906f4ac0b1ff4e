"""Helpers for the web tests: tables over Starlette's TestClient, wire clients that play
from their own view, and the hidden-information check on every message."""

from __future__ import annotations

import random
import time

from mahjongg.tiles import Tile, Wind

def until(cond, seconds: float = 60) -> None:
    """Wait until ``cond()`` holds (asked every 20 ms); fail the test after ``seconds``."""
    end = time.monotonic() + seconds
    while not cond():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.02)


TILE_KEYS = {"tile", "chow", "tiles", "concealed", "drawn", "last_discard", "bonus", "hidden"}


def create(client, name="Ann", seed=None, **cfg) -> tuple[str, str]:
    """A new table; ``seed`` (the table's match seed) is set on the server side,
    never sent: a client may not choose a table's seed."""
    srv = client.app.state.server
    if seed is not None:  # this table gets exactly this seed (then the server draws again) and deals from it
        srv.new_seed = lambda: (delattr(srv, "new_seed"), seed)[1]
        srv.predictable = True  # as serve --seed: the hands follow from the seed
    cfg.setdefault("bot_delay", 0)
    cfg.setdefault("claim_seconds", 120)
    cfg.setdefault("claim_pause_seconds", 0)  # the pause closes on the last answer (its least length: test_web_claims.py)
    r = client.post("/api/tables", json={"name": name, **cfg})
    assert r.status_code == 200, r.text
    d = r.json()
    return d["code"], d["token"]


def join(client, code, name) -> str:
    r = client.post(f"/api/tables/{code}/join", json={"name": name})
    assert r.status_code == 200, r.text
    return r.json()["token"]


def tiles_in(msg, out=None, key=None) -> list[str]:
    """Every tile named in a message: the strings under tile-valued keys."""
    out = [] if out is None else out
    if isinstance(msg, dict):
        for k, v in msg.items():
            tiles_in(v, out, k)
    elif isinstance(msg, list):
        for v in msg:
            tiles_in(v, out, key)
    elif isinstance(msg, str) and key in TILE_KEYS:
        out.append(msg)
    return out


def keys_in(msg, out=None) -> set[str]:
    out = set() if out is None else out
    if isinstance(msg, dict):
        for k, v in msg.items():
            out.add(k)
            keys_in(v, out)
    elif isinstance(msg, list):
        for v in msg:
            keys_in(v, out)
    return out


class HiddenInfoCheck:
    """Checks each state message to a player against the server's own game:
    it names no tile kind that only another seat's concealed hand holds."""

    def __init__(self, table) -> None:
        self.table = table
        self.checked = 0

    def __call__(self, player: int, msg: dict) -> None:
        assert "wall" not in keys_in(msg), "the wall order must never be sent"
        t = self.table
        if msg.get("type") != "state" or "game" not in msg:
            return
        for s in msg["seats"]:
            if s["player"] != player:
                assert "concealed" not in s and "hand" not in s, s
        if msg.get("result") is not None or t.game is None or t.game.is_over or msg.get("hand_no") != t.hand_no:
            return  # at the end of a hand every hand is shown
        g, m = t.game, t.match
        me = m.seat_of(player)
        _, forbidden = _seen_by(g, me)
        named = {int(Tile.parse(x)) for x in tiles_in(msg)}
        leak = named & forbidden
        assert not leak, f"player {player} was sent {[str(Tile(i)) for i in leak]}, held only by other seats"
        mine = msg["game"]["concealed"] + ([msg["game"]["drawn"]] if msg["game"]["drawn"] else [])
        assert sorted(mine) == sorted(str(x) for x in g.hand(me).concealed) or msg["v"] != t.version
        self.checked += 1


def _seen_by(g, me) -> tuple[set[int], set[int]]:
    """(tile kinds ``me`` may know of, tile kinds only other seats hold concealed)."""
    visible = {int(x) for x in g.hand(me).concealed} | {int(x) for x in getattr(g.hand(me), "hidden", ())}
    for s in g.seats:
        h = g.hand(s)
        visible.update(int(x) for meld in h.melds for x in meld.tiles)
        visible.update(int(x) for x in h.bonus)
    visible.update(int(x) for _, x, _ in g.observation(me).discard_history)
    hidden = set()
    for s in g.seats:
        if s != me:
            hidden.update(int(x) for x in g.hand(s).concealed)
            hidden.update(int(x) for x in getattr(g.hand(s), "hidden", ()))
    return visible, hidden - visible


class SentCheck:
    """Checks every view the table builds for a seat, at the moment it is built
    (so against the true state it was built from, across the end of a hand and
    the start of the next): during a hand it names no tile kind held only by
    other seats, and the seat's own tiles exactly; after it, the result shows
    exactly the hands of the hand just over and nothing of the next deal.
    ``by_hand[hand_no]`` counts the views checked during each hand,
    ``results[hand_no]`` the result views."""

    def __init__(self, table, monkeypatch) -> None:
        self.table = table
        self.by_hand: dict[int, int] = {}
        self.results: dict[int, int] = {}
        real = table.view

        def view(player: int) -> dict:
            msg = real(player)
            self.check(player, msg)
            return msg

        monkeypatch.setattr(table, "view", view)

    def check(self, player: int, msg: dict) -> None:
        t = self.table
        assert "wall" not in keys_in(msg), "the wall order must never be sent"
        for s in msg["seats"]:
            if s["player"] != player:
                assert "concealed" not in s and "hand" not in s, s
        if "game" not in msg:
            return
        g, m = t.game, t.match
        me = m.seat_of(player)
        assert msg["hand_no"] == t.hand_no
        if g.is_over:
            r = msg["result"]
            assert r["hand_no"] == t.hand_no and r["seed"] == str(g.seed)
            for w, h in g.result.hands.items():
                shown = r["hands"][w.letter]
                assert sorted(shown["concealed"]) == sorted(str(x) for x in h.concealed)
            self.results[t.hand_no] = self.results.get(t.hand_no, 0) + 1
        else:
            assert msg.get("result") is None, "a result is shown only after its hand"
            assert str(g.seed) not in json_text(msg), "the hand's seed is shown only after it"
            visible, forbidden = _seen_by(g, me)
            leak = {int(Tile.parse(x)) for x in tiles_in(msg)} & forbidden
            assert not leak, f"player {player} was sent {[str(Tile(i)) for i in leak]}, held only by other seats"
            mine = msg["game"]["concealed"] + ([msg["game"]["drawn"]] if msg["game"]["drawn"] else [])
            assert sorted(mine) == sorted(str(x) for x in g.hand(me).concealed)
            self.by_hand[t.hand_no] = self.by_hand.get(t.hand_no, 0) + 1


def same_view(a: dict, b: dict) -> bool:
    """Two views alike but for the version and the seconds left."""
    skip = ("v", "deadline")
    return {k: v for k, v in a.items() if k not in skip} == {k: v for k, v in b.items() if k not in skip}


def json_text(msg) -> str:
    import json

    return json.dumps(msg)


def choose(state: dict, rng: random.Random) -> dict | None:
    """A wire client's decision from its own view: Mah-Jongg when it can, claims
    now and then (so melds show), else discard the drawn tile or another."""
    legal = state.get("legal") or []
    if not legal:
        return None
    by = {}
    for a in legal:
        by.setdefault(a["kind"], []).append(a)
    for kind in ("mahjongg",):
        if kind in by:
            return by[kind][0]
    for kind in ("kong", "pung", "concealed-kong", "add-kong", "chow", "bonus", "capture"):
        if kind in by and rng.random() < 0.5:
            return by[kind][0]
    if "pass" in by:
        return by["pass"][0]
    drawn = state["game"]["drawn"]
    ds = by.get("discard", [])
    if drawn and rng.random() < 0.6:
        for a in ds:
            if a["tile"] == drawn:
                return a
    return rng.choice(ds) if ds else legal[0]


class WirePlayers:
    """Seats played over TestClient WebSockets, one message at a time, every
    message passed to ``check``."""

    def __init__(self, table, sockets: dict[int, object], check=None, seed: int = 0) -> None:
        self.table = table
        self.ws = sockets
        self.check = check or (lambda p, m: None)
        self.states: dict[int, dict] = {p: None for p in sockets}
        self.errors: dict[int, list[str]] = {p: [] for p in sockets}
        self.messages = 0
        self.rng = random.Random(seed)

    def read(self, p: int) -> dict:
        m = self.ws[p].receive_json()
        self.messages += 1
        self.check(p, m)
        if m["type"] == "state":
            self.states[p] = m
        else:
            self.errors[p].append(m["message"])
        return m

    def drain(self) -> None:
        """Read until each seat holds the view the table would send it now (a seat is
        sent a view only when it differs from its last one but for ``v`` and ``deadline``)."""
        for p in self.ws:
            while self.states[p] is None or not same_view(self.states[p], self.table.view(p)):
                self.read(p)

    def send(self, p: int, msg: dict) -> dict:
        """Send one message and wait for its answer (an error, or the new state)."""
        old = self.states[p]["v"] if self.states[p] else -1
        self.ws[p].send_json(msg)
        while True:
            m = self.read(p)
            if m["type"] == "error" or m["v"] > old:
                return m

    def step(self) -> bool:
        """One decision by some seat that has one; False if nobody has."""
        self.drain()
        for p, s in self.states.items():
            a = choose(s, self.rng)
            if a is not None:
                m = self.send(p, {"type": "act", **a, "v": s["v"]})
                assert m["type"] == "state", m
                return True
        return False

    def play_hand(self, max_steps: int = 2000) -> dict:
        """Play until the hand is over; the final state of player 0."""
        for _ in range(max_steps):
            self.drain()
            if any(s.get("result") for s in self.states.values()):
                return next(iter(self.states.values()))
            if not self.step():
                raise AssertionError("nobody can act and the hand is not over")
        raise AssertionError("the hand did not end")


def wind(x: str) -> Wind:
    return Wind.parse(x)
