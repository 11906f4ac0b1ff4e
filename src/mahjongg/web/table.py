"""A live web table: seats, the match, bots, timers, and what each seat is sent.

The table is the only place that touches the :class:`~mahjongg.table.Game`.
Clients send intentions; :meth:`LiveTable.act` checks each one against
``legal_actions`` and applies it, or answers with an error and changes
nothing. Every event the engine logs is appended to SQLite before anyone is
told about it, so a restart rebuilds the table exactly (:meth:`LiveTable.rebuild`).

What a seat is sent is built here from ``game.observation(seat)`` only
(:meth:`LiveTable.view`): its own concealed tiles, and of the others only what
lies on the table. The log of the hand is worded by
:func:`~mahjongg.table.describe.describe_line` for no seat in particular: no
draws; PASS answers are never told to anyone (they would show who could have
claimed).

Timers (all through the ``schedule`` callable, ``loop.call_later`` in the app):
a claim window waits ``claim_seconds`` for each human who may claim, then
answers PASS for him; a human whose turn it is has ``turn_seconds`` to discard
or declare, then a bot plays that one action for him and the seat is marked
*idle* (an idle seat's turns and claims wait only ``IDLE_SECONDS``; the player
takes over again by acting, or with a ``back`` message); a human seat whose
last connection dropped is played by a stand-in bot after ``grace_seconds``
until its player reconnects; bots act after ``bot_delay`` seconds so people can
follow; the next hand starts when every connected human is ready or after
``next_hand_seconds``.

Randomness: a table's match seed (which fixes every deal, the dice and the
bots' seeds) is drawn by the server (:func:`secrets`-grade randomness, or
``serve --seed`` for a reproducible server) and never comes from a client; it
is in no message until its hand is over (the result names the hand's seed, and
the match seed once the match is over).
"""

from __future__ import annotations

from mahjongg.errors import MahjonggError

import secrets
import time
from dataclasses import asdict, dataclass, field
from typing import Any, Callable

from ..hand import Hand, Meld
from ..rules import get_ruleset
from ..table.actions import Action, ActionKind
from ..table.describe import WEB, describe_line
from ..table.match import Match
from ..tiles import Tile, Wind
from .players import default_bot, make_bot
from .store import Store, hash_token

__all__ = ["TableConfig", "LiveTable", "TableError", "OPTION_FIELDS", "new_code"]

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
PLAYERS = 4
OPTION_FIELDS = ("limit", "payment_limit", "east_factor", "settle_draws")
"""Ruleset options a table may set (the others change the set of tiles)."""
LOG_LINES = 40
IDLE_SECONDS = 3.0
"""How long an idle seat's turn or claim waits before its bot plays again."""


class TableError(MahjonggError):
    """A request the table refuses (the message is shown to the client)."""


def new_code(n: int = 6) -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(n))


@dataclass
class TableConfig:
    ruleset: str = "pung-chow"
    options: dict = field(default_factory=dict)
    hands: int | None = 1
    rounds: int | None = None
    bots: list = field(default_factory=list)  # bot kind for each player seat left empty
    claim_seconds: float = 15.0
    turn_seconds: float = 45.0  # a human's time to discard or declare on his turn
    grace_seconds: float = 30.0
    bot_delay: float = 0.7
    next_hand_seconds: float = 60.0
    seed: int | None = None

    @classmethod
    def from_dict(cls, d: dict) -> "TableConfig":
        known = set(cls.__dataclass_fields__)
        return cls(**{k: v for k, v in d.items() if k in known})

    def to_dict(self) -> dict:
        return asdict(self)

    def ruleset_value(self):
        base = get_ruleset(self.ruleset)
        return base.with_options(**self.options) if self.options else base


def validate_config(raw: dict, bot_kinds: list[str]) -> TableConfig:
    """A :class:`TableConfig` from a client's request, every field checked."""
    if not isinstance(raw, dict):
        raise TableError("the table settings must be an object")
    cfg = TableConfig()
    ruleset = raw.get("ruleset", cfg.ruleset)
    try:
        base = get_ruleset(str(ruleset))
    except ValueError as e:
        raise TableError(str(e)) from None
    cfg.ruleset = base.name
    options = raw.get("options") or {}
    if not isinstance(options, dict):
        raise TableError("options must be an object")
    for k, v in options.items():
        if k not in OPTION_FIELDS:
            raise TableError(f"unknown option {k!r}; a table may set {', '.join(OPTION_FIELDS)}")
        cur = getattr(base, k)
        if isinstance(cur, bool) or k == "settle_draws":
            if not isinstance(v, bool):
                raise TableError(f"{k} is true or false")
        elif v is None and k in ("limit", "payment_limit"):
            pass
        elif not isinstance(v, int) or isinstance(v, bool) or not 1 <= v <= 1_000_000:
            raise TableError(f"{k} must be a whole number from 1 to 1000000")
        cfg.options[k] = v
    hands, rounds = raw.get("hands"), raw.get("rounds")
    if rounds is not None:
        if not isinstance(rounds, int) or isinstance(rounds, bool) or not 1 <= rounds <= 4:
            raise TableError("rounds must be 1 to 4")
        cfg.rounds, cfg.hands = rounds, None
    else:
        hands = 1 if hands is None else hands
        if not isinstance(hands, int) or isinstance(hands, bool) or not 1 <= hands <= 64:
            raise TableError("hands must be 1 to 64")
        cfg.hands = hands
    bots = raw.get("bots") or []
    if not isinstance(bots, list) or len(bots) > PLAYERS:
        raise TableError("bots must be a list of up to four bot kinds")
    for b in bots:
        if b not in bot_kinds:
            raise TableError(f"unknown bot {b!r}; known: {', '.join(bot_kinds)}")
    cfg.bots = list(bots)
    for name, lo, hi in (("claim_seconds", 2, 120), ("turn_seconds", 5, 600), ("grace_seconds", 0, 600), ("bot_delay", 0, 5), ("next_hand_seconds", 0, 600)):
        if name in raw:
            v = raw[name]
            if not isinstance(v, (int, float)) or isinstance(v, bool) or not lo <= v <= hi:
                raise TableError(f"{name} must be a number from {lo} to {hi}")
            setattr(cfg, name, float(v))
    if "seed" in raw:
        raise TableError("a table's seed is the server's own secret; a client may not choose it")
    return cfg


def clean_name(name: Any, fallback: str) -> str:
    if not isinstance(name, str):
        return fallback
    name = " ".join(name.split())[:24]
    return "".join(ch for ch in name if ch.isprintable()) or fallback


@dataclass
class Seat:
    player: int
    name: str = ""
    kind: str = "open"  # open | human | bot
    bot: str | None = None
    token_hash: str | None = None
    conns: set = field(default_factory=set)
    standin: bool = False  # a dropped human played by a bot
    idle: bool = False  # a human whose turn ran out: played by a bot quickly until he acts
    grace: Any = None  # timer handle

    @property
    def bot_controlled(self) -> bool:
        return self.kind == "bot" or self.standin


class Timer:
    """A cancellable handle (what ``schedule`` returns must have ``cancel()``)."""


def tile_list(tiles) -> list[str]:
    return [str(t) for t in tiles]


def meld_view(m: Meld) -> dict:
    return {"kind": m.kind.value, "tiles": tile_list(m.tiles), "exposed": m.exposed}


def hand_view(h: Hand) -> dict:
    return {
        "concealed": tile_list(sorted(h.concealed)),
        "melds": [meld_view(m) for m in h.melds],
        "bonus": tile_list(h.bonus),
        "hidden": tile_list(getattr(h, "hidden", ())),
    }


class LiveTable:
    """One table: lobby, then a :class:`~mahjongg.table.Match` played by humans and bots."""

    def __init__(
        self,
        code: str,
        config: TableConfig,
        store: Store,
        schedule: Callable[[float, Callable[[], None]], Any],
        status: str = "lobby",
    ) -> None:
        self.code = code
        self.config = config
        self.store = store
        self.schedule = schedule
        self.status = status
        self.seats = [Seat(p) for p in range(PLAYERS)]
        self.match: Match | None = None
        self.game = None
        self.hand_no = 0
        self.saved = 0  # events of the current hand already in the store
        self.version = 0
        self.log: list[dict] = []
        self.bots: dict[int, Any] = {}
        self.deadlines: dict[int, tuple[int, float, Any]] = {}  # player -> (window, when, timer)
        self.window = 0
        self.bot_timer = None
        self.next_timer = None
        self.ready: set[int] = set()
        self.offers: dict[int, tuple] = {}  # player -> (legal actions offered, version first offered at)
        self.clock = time.time  # the server's clock (a test clock in tests)
        self.created = self.clock()
        self.seen = self.created  # when someone last connected, left or acted
        self.turn_timer = None  # (key, when, timer) of the human whose turn it is
        self.finished = None  # finished(table): the match is over (the server forgets it later)
        self.archive = None  # archive(game, kinds by seat): a finished hand for the game records

    # --- lobby ------------------------------------------------------------------
    @classmethod
    def create(cls, store: Store, config: TableConfig, host_name: str, schedule) -> tuple["LiveTable", str]:
        code = new_code()
        while store.code_exists(code):
            code = new_code()
        store.create_table(code, config.to_dict())
        table = cls(code, config, store, schedule)
        token = table.join(host_name)[1]
        return table, token

    def join(self, name: Any) -> tuple[int, str]:
        """Seat a new player; returns ``(player, secret token)``."""
        if self.status != "lobby":
            raise TableError("this table has started; no seat is free")
        free = [s for s in self.seats if s.kind == "open"]
        if not free:
            raise TableError("this table is full")
        seat = free[0]
        name = clean_name(name, f"Player {seat.player + 1}")
        if any(s.kind != "open" and s.name.casefold() == name.casefold() for s in self.seats):
            raise TableError(f"someone at this table is called {name!r} already; choose another name")
        token = secrets.token_urlsafe(24)
        seat.kind, seat.name, seat.token_hash = "human", name, hash_token(token)
        self.store.put_seat(self.code, seat.player, seat.name, "human", None, seat.token_hash)
        self._changed()
        return seat.player, token

    def auth(self, token: Any) -> int | None:
        """The player a token belongs to, or ``None``."""
        if not isinstance(token, str) or not token or len(token) > 200:
            return None
        h = hash_token(token)
        for s in self.seats:
            if s.token_hash is not None and secrets.compare_digest(s.token_hash, h):
                return s.player
        return None

    def start(self, player: int) -> None:
        if self.status != "lobby":
            raise TableError("the table has already started")
        if player != 0:
            raise TableError("only the host (who made the table) may start it")
        bots = list(self.config.bots)
        for s in self.seats:
            if s.kind == "open":
                kind = bots.pop(0) if bots else default_bot()
                name = f"{kind.capitalize()} bot {s.player + 1}"
                taken = {x.name.casefold() for x in self.seats if x is not s}
                while name.casefold() in taken:
                    name += "*"
                s.kind, s.bot, s.name = "bot", kind, name
                self.store.put_seat(self.code, s.player, s.name, "bot", kind, None)
        if self.config.seed is None:  # tables made before the server drew seeds at creation
            self.config.seed = secrets.randbits(32)
        self.store.set_config(self.code, self.config.to_dict())
        self.status = "playing"
        self.store.set_status(self.code, "playing")
        self.match = Match(self.config.ruleset_value(), self.config.seed, PLAYERS, self.config.hands, self.config.rounds)
        for s in self.seats:
            if s.kind == "human" and not s.conns:
                self._drop(s)
        self._next_hand()

    # --- rebuilding after a restart -----------------------------------------------
    @classmethod
    def rebuild(cls, store: Store, code: str, config: dict, status: str, schedule) -> "LiveTable":
        """The table as it was: seats from the store, the match replayed from the event log."""
        table = cls(code, TableConfig.from_dict(config), store, schedule, status)
        for row in store.seats(code):
            s = table.seats[row["player"]]
            s.name, s.kind, s.bot, s.token_hash = row["name"], row["kind"], row["bot"], row["token_hash"]
        if status == "lobby":
            return table
        table.match = Match(table.config.ruleset_value(), table.config.seed, PLAYERS, table.config.hands, table.config.rounds)
        for hand, events in sorted(store.events(code).items()):
            g = table.match.next_game()
            if events[0].get("type") != "setup" or events[0].get("seed") != g.seed:
                raise RuntimeError(f"table {code}: hand {hand} does not start as the match deals it")
            for e in events[1:]:
                if e.get("type") == "action":
                    g.apply(Action.from_dict(e))
                elif e.get("type") == "dead_hand" and e.get("penalty"):
                    g.declare_dead(Wind.parse(e["seat"]), e.get("reason", "penalty"))
            if len(g.events) != len(events):
                raise RuntimeError(f"table {code}: hand {hand} replays to {len(g.events)} events, the log has {len(events)}")
            table.game, table.hand_no, table.saved = g, hand, len(g.events)
            table.log = []
            table._public(f"Hand {hand}: {table.seats[table.match.player_at(Wind.EAST)].name} is East")
            table._narrate(g.events)
            if g.is_over:
                table.match.record(g)
        for s in table.seats:
            if s.kind == "human":
                table._drop(s)  # nobody is connected yet: the grace period starts now
        if table.game is not None and table.game.is_over:
            table._hand_over()
        else:
            table._advance()
        return table

    # --- connections ------------------------------------------------------------
    def connect(self, player: int, conn, limit: int | None = None) -> None:
        """A new connection for ``player``'s seat. With ``limit`` connections open
        already, the oldest is closed (``conn.kick(message)``, told why)."""
        s = self.seats[player]
        while limit is not None and len(s.conns) >= limit:
            oldest = min(s.conns, key=lambda c: getattr(c, "opened", 0))
            s.conns.discard(oldest)
            oldest.kick(f"your seat was opened in another window (at most {limit} at once); this one is closed")
        s.conns.add(conn)
        self.touch()
        if s.grace is not None:
            s.grace.cancel()
            s.grace = None
        if s.standin:
            s.standin = False
            self._public(f"{s.name} is back")
        self._advance()

    def disconnect(self, player: int, conn) -> None:
        s = self.seats[player]
        s.conns.discard(conn)
        self.touch()
        if not s.conns and self.status == "playing":
            self._drop(s)
        self._changed()

    def _drop(self, s: Seat) -> None:
        if s.grace is not None or s.standin:
            return

        def take_over() -> None:
            s.grace = None
            if not s.conns and self.status == "playing":
                s.standin = True
                self._public(f"{s.name} is away: a bot plays for them")
                self._advance()

        s.grace = self.schedule(self.config.grace_seconds, take_over)

    def touch(self) -> None:
        self.seen = self.clock()

    def humans_present(self) -> bool:
        return any(s.conns for s in self.seats if s.kind == "human")

    # --- intentions ---------------------------------------------------------------
    def handle(self, player: int, msg: dict) -> None:
        """One client message (already parsed); raises :class:`TableError` to refuse it."""
        kind = msg.get("type")
        if kind == "act":
            self.act(player, msg)
        elif kind == "start":
            self.start(player)
        elif kind == "ready":
            self.set_ready(player)
        elif kind == "sync":
            self._send(player)
        elif kind == "back":
            self._back(player)
        else:
            raise TableError(f"unknown message type {kind!r}; send act, start, ready, back or sync")

    def _back(self, player: int) -> None:
        """The player is at the table again: his seat is no longer idle."""
        s = self.seats[player]
        if s.idle:
            s.idle = False
            self._public(f"{s.name} is back")
            self._advance()

    def act(self, player: int, msg: dict) -> None:
        g = self.game
        if self.status != "playing" or g is None or g.is_over:
            raise TableError("no hand is being played")
        v = msg.get("v")
        offered = self.offers.get(player, (None, self.version))[1]
        if v is not None and (not isinstance(v, int) or isinstance(v, bool) or not offered <= v <= self.version):
            raise TableError("the table has moved on since that view; look again")
        seat = self.match.seat_of(player)
        try:
            kind = ActionKind(msg.get("kind"))
        except ValueError:
            raise TableError(f"unknown action {msg.get('kind')!r}") from None
        try:
            t = Tile.parse(msg["tile"]) if msg.get("tile") is not None else None
            chow = Tile.parse(msg["chow"]) if msg.get("chow") is not None else None
        except (ValueError, TypeError, AttributeError):
            raise TableError("not a tile") from None
        action = Action(kind, seat, t, chow)
        legal = g.legal_actions(seat)
        if not legal:
            raise TableError("it is not your turn, and you have no claim to answer")
        if action not in legal:
            raise TableError(f"{action} is not legal now; you may: {', '.join(str(a) for a in legal)}")
        self.touch()
        if self.seats[player].idle:
            self.seats[player].idle = False
            self._public(f"{self.seats[player].name} is back")
        self._apply(action)
        self._advance()

    def set_ready(self, player: int) -> None:
        if self.game is None or not self.game.is_over or self.match.is_over:
            raise TableError("there is no next hand to get ready for")
        self.ready.add(player)
        if all(s.player in self.ready or not s.conns or s.kind != "human" for s in self.seats):
            self._next_hand()
        else:
            self._changed()

    # --- the flow ------------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        g = self.game
        g.apply(action)
        new = g.events[self.saved :]
        self.store.append_events(self.code, self.hand_no, self.saved, new)
        self.saved = len(g.events)
        self._narrate(new)
        if g.phase == "claims" and action.kind is ActionKind.DISCARD:
            self.window += 1
        if g.is_over:
            self.match.record(g)
            if self.archive is not None:
                self.archive(g, [self._kind_at(w) for w in g.seats])
            self._hand_over()

    def _next_hand(self) -> None:
        if self.next_timer is not None:
            self.next_timer.cancel()
            self.next_timer = None
        if self.match.is_over:
            return
        self.ready = set()
        self.log = []  # each hand's log starts afresh (old discards would only confuse)
        self.game = self.match.next_game()
        self.hand_no += 1
        self.saved = 0
        self.store.append_events(self.code, self.hand_no, 0, self.game.events)
        self.saved = len(self.game.events)
        east = self.seats[self.match.player_at(Wind.EAST)]
        self._public(f"Hand {self.hand_no}: {east.name} is East")
        self._narrate(self.game.events)
        self._advance()

    def _hand_over(self) -> None:
        self._cancel_deadlines()
        if self.match.is_over:
            self.status = "finished"
            self.store.set_status(self.code, "finished")
            self._public("The match is over")
            if self.finished is not None:
                self.finished(self)
        elif self.config.next_hand_seconds > 0:
            self.next_timer = self.schedule(self.config.next_hand_seconds, self._next_hand)
        self._changed()

    def _kind_at(self, seat: Wind) -> str:
        s = self.seats[self.match.player_at(seat)]
        return s.bot if s.kind == "bot" else "human"

    def _bot(self, player: int):
        b = self.bots.get(player)
        if b is None:
            s = self.seats[player]
            kind = s.bot if s.kind == "bot" else default_bot()
            b = self.bots[player] = make_bot(kind, (self.config.seed or 0) * 7 + player)
        return b

    def _advance(self) -> None:
        """Let the bots act (now, or after ``bot_delay``), arm the claim timers, tell everyone."""
        g = self.game
        while g is not None and not g.is_over and self.status == "playing":
            movers = [s for s in g.to_act() if self.seats[self.match.player_at(s)].bot_controlled]
            if not movers:
                break
            seat = movers[0]
            if g.phase == "turn" and self.config.bot_delay > 0:
                if self.bot_timer is None:
                    self.bot_timer = self.schedule(self.config.bot_delay, self._bot_step)
                break
            self._bot_act(seat)
        self._arm_deadlines()
        self._changed()

    def _bot_step(self) -> None:
        self.bot_timer = None
        g = self.game
        if g is None or g.is_over:
            return
        for seat in g.to_act():
            if self.seats[self.match.player_at(seat)].bot_controlled:
                self._bot_act(seat)
                break
        self._advance()

    def _bot_act(self, seat: Wind) -> None:
        g = self.game
        legal = g.legal_actions(seat)
        action = self._bot(self.match.player_at(seat)).act(g.observation(seat), legal)
        if action not in legal:  # a bot's mistake must not stop the table
            action = legal[-1]
        self._apply(action)

    def _arm_turn(self) -> None:
        """The turn timer: a human on his turn has ``turn_seconds`` (an idle seat
        ``IDLE_SECONDS``); then a bot plays that one action and the seat is idle."""
        g = self.game
        mover = None
        if g is not None and not g.is_over and g.phase == "turn" and self.status == "playing":
            movers = [self.match.player_at(w) for w in g.to_act()]
            if len(movers) == 1 and not self.seats[movers[0]].bot_controlled:
                mover = movers[0]
        key = (self.hand_no, len(g.events) if g is not None else 0, mover)
        if self.turn_timer is not None:
            if self.turn_timer[0] == key:
                return
            self.turn_timer[2].cancel()
            self.turn_timer = None
        if mover is None:
            return
        seat = self.seats[mover]
        wait = IDLE_SECONDS if seat.idle else self.config.turn_seconds

        def expire() -> None:
            if self.turn_timer is None or self.turn_timer[0] != key:
                return
            self.turn_timer = None
            g = self.game
            if g is None or g.is_over or (self.hand_no, len(g.events), mover) != key:
                return
            if not seat.idle:
                seat.idle = True
                self._public(f"{seat.name} is idle: a bot plays for them until they act")
            self._bot_act(self.match.seat_of(mover))
            self._advance()

        self.turn_timer = (key, time.monotonic() + wait, self.schedule(wait, expire))

    def _arm_deadlines(self) -> None:
        self._arm_turn()
        g = self.game
        if g is None or g.is_over or g.phase != "claims":
            self._cancel_claim_deadlines()
            return
        waiting = {self.match.player_at(s) for s in g.to_act()}
        for p in list(self.deadlines):
            if p not in waiting or self.deadlines[p][0] != self.window:
                self.deadlines.pop(p)[2].cancel()
        for p in waiting:
            if p not in self.deadlines and not self.seats[p].bot_controlled:
                window = self.window

                def expire(p=p, window=window) -> None:
                    self.deadlines.pop(p, None)
                    g = self.game
                    if g is None or g.is_over or g.phase != "claims" or self.window != window:
                        return
                    seat = self.match.seat_of(p)
                    for a in g.legal_actions(seat):
                        if a.kind is ActionKind.PASS:
                            self._apply(a)
                            break
                    self._advance()

                wait = IDLE_SECONDS if self.seats[p].idle else self.config.claim_seconds
                self.deadlines[p] = (window, time.monotonic() + wait, self.schedule(wait, expire))

    def _cancel_claim_deadlines(self) -> None:
        for _, _, timer in self.deadlines.values():
            timer.cancel()
        self.deadlines.clear()

    def _cancel_deadlines(self) -> None:
        self._cancel_claim_deadlines()
        if self.turn_timer is not None:
            self.turn_timer[2].cancel()
            self.turn_timer = None

    def close(self) -> None:
        """Cancel every timer (the server is stopping)."""
        self._cancel_deadlines()
        for t in (self.bot_timer, self.next_timer, *(s.grace for s in self.seats)):
            if t is not None:
                t.cancel()

    # --- telling -------------------------------------------------------------------
    def _name(self, seat: Wind) -> str:
        return self.seats[self.match.player_at(seat)].name

    def _public(self, text: str, **extra) -> None:
        self.log.append({"text": text, **extra})
        del self.log[:-LOG_LINES]

    def _narrate(self, events: list[dict]) -> None:
        """Log lines for new engine events, in :data:`~mahjongg.table.describe.WEB`'s
        words with the players' names. The log is one for every seat, so it is
        worded for no seat (``viewer=None``): no draw, no concealed tile."""
        names = {w: self._name(w) for w in Wind}
        for e in events:
            line = describe_line(e, viewer=None, wording=WEB, names=names)
            if line is not None:
                self._public(line.text, **({"tile": line.tile} if line.tile else {}))

    def _changed(self) -> None:
        self.version += 1
        for s in self.seats:
            if s.conns:
                self._send(s.player)

    def _send(self, player: int) -> None:
        view = self.view(player)
        for conn in list(self.seats[player].conns):
            conn.send(view)

    def public_info(self) -> dict:
        """What anyone with the invite code may see: the lobby."""
        return {
            "code": self.code,
            "status": self.status,
            "ruleset": self.config.ruleset,
            "options": self.config.options,
            "hands": self.config.hands,
            "rounds": self.config.rounds,
            "seats": [{"player": s.player, "name": s.name, "kind": s.kind, "bot": s.bot} for s in self.seats],
        }

    def view(self, player: int) -> dict:
        """Everything ``player`` may see now, as one message. Built from the
        player's own observation: no other seat's concealed tiles, no wall."""
        out: dict = {"type": "state", "v": self.version, "you": player, "log": self.log, **self.public_info()}
        out["claim_seconds"] = self.config.claim_seconds
        out["turn_seconds"] = self.config.turn_seconds
        for sv, s in zip(out["seats"], self.seats):
            sv["connected"] = bool(s.conns)
            sv["standin"] = s.standin
            sv["idle"] = s.idle
        if self.match is None:
            return out
        m = self.match
        out["hand_no"] = self.hand_no
        out["ready"] = sorted(self.ready)
        for sv, s in zip(out["seats"], self.seats):
            sv["chips"] = m.totals[s.player]
        g = self.game
        if g is None:
            return out
        seat = m.seat_of(player)
        obs = g.observation(seat)
        for sv, s in zip(out["seats"], self.seats):
            w = m.seat_of(s.player)
            sv["wind"] = w.letter
            sv["east"] = w == Wind.EAST
            sv["concealed_count"] = obs.concealed_counts[w]
            sv["melds"] = [meld_view(x) for x in obs.melds[w]]
            sv["bonus"] = tile_list(obs.bonus[w])
            sv["discards"] = [{"tile": str(t), "taken": by is not None} for d, t, by in obs.discard_history if d == w]
            sv["dead"] = w in obs.dead
        concealed = list(obs.concealed)
        if obs.drawn is not None:
            concealed.remove(obs.drawn)
        out["game"] = {
            "phase": obs.phase,
            "round": obs.round.letter,
            "turn": obs.turn.letter if obs.turn is not None else None,
            "wall_count": obs.wall_count,
            "drawable": obs.drawable,
            "last_discard": str(obs.last_discard) if obs.last_discard is not None else None,
            "last_discarder": obs.last_discarder.letter if obs.last_discarder is not None else None,
            "claim_window": obs.claim_window,
            "seat": seat.letter,
            "concealed": tile_list(concealed),
            "drawn": str(obs.drawn) if obs.drawn is not None else None,
            "hidden": tile_list(getattr(obs, "hidden", ())),  # own bonus tiles held back
            "robbing": bool(getattr(obs, "robbing", False)),
        }
        legal = g.legal_actions(seat) if not self.seats[player].standin else []
        key = (self.hand_no, tuple(legal))
        if self.offers.get(player, (None,))[0] != key:
            self.offers[player] = (key, self.version)  # an intention sent from any view since then still stands
        out["legal"] = [{k: v for k, v in a.to_dict().items() if k != "seat"} for a in legal]
        d = self.deadlines.get(player)
        if d is None and self.turn_timer is not None and self.turn_timer[0][2] == player:
            d = self.turn_timer
        out["deadline"] = max(0.0, round(d[1] - time.monotonic(), 1)) if d else None
        if g.is_over and m.records:
            out["result"] = self.result_view()
        return out

    def result_view(self) -> dict:
        """The last hand's outcome: every hand itemized, the settlement, chips."""
        m = self.match
        rec = m.records[-1]
        r = rec.result
        names = {w.letter: self.seats[p].name for p, w in rec.seats.items()}
        out = r.to_dict()
        out["hands"] = {w.letter: hand_view(h) for w, h in r.hands.items()}
        out["names"] = names
        out["hand_no"] = rec.number
        out["chips"] = {rec.seats[p].letter: c for p, c in enumerate(rec.chips)}
        out["totals"] = {rec.seats[p].letter: c for p, c in enumerate(rec.totals)}
        out["match_over"] = m.is_over
        out["seed"] = rec.seed  # the deal of this hand, now that it is over (mahjongg replay shows it too)
        if m.is_over:
            out["match_seed"] = self.config.seed
        return out
