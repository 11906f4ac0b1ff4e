"""A live web table: seats, the match, bots, timers, and what each seat is sent.

The table is the only place that touches the :class:`~mahjongg.table.Game`.
Clients send intentions; :meth:`LiveTable.act` checks each one against
``legal_actions`` and applies it, or answers with an error and changes
nothing. The match itself is run by the play layer's
:class:`~mahjongg.play.session.Session` (bots, claims, hands, the next hand)
and written by it to the :class:`~mahjongg.play.journal.Journal` -- every
event before anyone is told about it -- so a restart rebuilds the table
exactly (:meth:`LiveTable.rebuild`, through the engine's one replay function).
What is left here: seats and connections, timers, and what each seat is sent.

What a seat is sent is built here from ``game.observation(seat)`` only
(:meth:`LiveTable.view`): its own concealed tiles, and of the others only what
lies on the table; a spectator's (``view(None)``) is the seat-less public
view. After each change the part every seat and spectator sees alike is built
and encoded once, the seat's own part per seat, only for seats with a socket
and only sent when it differs from what the seat was sent last; the advisor's
hint is worked out only for a player who asked for it (``hint`` message). The log of the hand is worded by
:func:`~mahjongg.table.describe.describe_line` for no seat in particular: no
draws; PASS answers are never told to anyone (they would show who could have
claimed).

The claim pause (docs/claims.md): the match is played with ``claims="all"``
(:class:`~mahjongg.table.Game`): after every discard every other seat answers,
the bots at once. A human who can claim is asked (his claims and PASS) and may
hold the pause by thinking; a human who can only pass is not asked -- his seat
passes at once (``auto_pass``, on by default) -- so nobody clicks for nothing.
With several humans the pause closes when every human has answered, but not
before ``claim_pause_seconds`` from the discard (the answer that would close it
sooner is held until then): every pause lasts that least length whoever could
claim, and only a claimant's own deliberation lengthens it, as hesitation shows
at a real table. A seat not asked sees the pause without a countdown (its end
is nobody's business but the claimant's). With one human at the table
(:meth:`LiveTable.lone`) nothing about another seat can leak to anyone through
timing: his seat passes at once whatever his box says and there is no least
length, so the hand moves at the bots' pace. A player may untick the box
(``{"type": "auto_pass", "on": false}``) to answer every discard himself (a
strict tournament's way: every player unticks it); that makes only his own
pauses longer.

Timers (all through the ``schedule`` callable, ``loop.call_later`` in the app):
a claim window waits ``claim_seconds`` for each human, then answers PASS for
him (the pause's timers: :class:`~mahjongg.web.pause.ClaimPause`); a human whose turn it is has ``turn_seconds`` to discard
or declare, then a bot plays that one action for him and the seat is marked
*idle* (an idle seat's turns and claims wait only ``IDLE_SECONDS``; the player
takes over again by acting, or with a ``back`` message); a human seat whose
last connection dropped is played by a stand-in bot after ``grace_seconds``
until its player reconnects; bots act after ``bot_delay`` seconds so people can
follow; the next hand starts when every connected human is ready or after
``next_hand_seconds``.

Randomness: a table's match seed (the seating and the bots' seeds) is drawn
by the server and never comes from a client. Each hand is dealt from its own
seed: 128 bits of the operating system's CSPRNG drawn for that hand alone
(``deals == "secret"``: :func:`~mahjongg.play.seeds.secret_hand_seed`), so the
seed the score sheet shows once a hand is over says nothing of the next one;
or, on a server run with ``serve --seed`` (a testing aid), from the match
seed (``deals == "match"``: every deal repeats, and can be foreseen by whoever
knows the seed). No seed is in any message until its hand is over (the result
names the hand's seed, and the match seed once the match is over), sent as
decimal text (a 128-bit number does not fit a JavaScript number).
"""

from __future__ import annotations

from mahjongg.errors import MahjonggError

import functools
import hashlib
import json
import secrets
import time
from dataclasses import asdict, dataclass, field
from typing import Any, Callable

from ..bots.advisor import hint_line
from ..hand import Hand, Meld
from ..play.config import OPTION_FIELDS, ConfigError, MatchConfig
from ..play.journal import Journal, MatchRow
from ..play.scorecard import result_card
from ..play.seeds import BotMoveError, secret_hand_seed
from ..play.session import JournalRecorder, Session
from ..table import HandRecord
from ..table.actions import Action, ActionKind
from ..table.phase import Phase
from ..table.describe import ACTION_WORDS, WEB, action_tiles, describe_line
from ..tiles import Tile, Wind
from . import protocol
from .pause import ClaimPause
from .players import default_bot

__all__ = ["TableConfig", "LiveTable", "TableError", "OPTION_FIELDS", "new_code", "hash_token"]

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
PLAYERS = 4
LOG_LINES = 40
MAX_HANDS, MAX_ROUNDS = 64, 4
CLAIMS = "all"
"""Who answers a claim window at a web table: every other seat, in the claim pause (see the module docs)."""
IDLE_SECONDS = 3.0
"""How long an idle seat's turn or claim waits before its bot plays again."""


def hash_token(token: str) -> str:
    """What is stored of a seat's secret token: its SHA-256 (the token itself never is)."""
    return hashlib.sha256(token.encode()).hexdigest()


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
    claim_pause_seconds: float = 1.0  # the least a claim pause lasts (0: it closes on the last answer)
    turn_seconds: float = 45.0  # a human's time to discard or declare on his turn
    grace_seconds: float = 30.0
    bot_delay: float = 0.7
    next_hand_seconds: float = 60.0
    seed: int | None = None
    deals: str = "secret"  # "secret": each hand's seed from the CSPRNG; "match": from the seed (serve --seed)

    @classmethod
    def from_dict(cls, d: dict) -> "TableConfig":
        known = set(cls.__dataclass_fields__)
        return cls(**{k: v for k, v in d.items() if k in known})

    def to_dict(self) -> dict:
        return asdict(self)

    def hand_seeds(self):
        """Where this table's hand seeds come from (``Session(hand_seeds=...)``): the
        CSPRNG, hand by hand (:func:`~mahjongg.play.seeds.secret_hand_seed`), or
        ``None``: the match seed (``serve --seed``)."""
        return secret_hand_seed if self.deals != "match" else None

    def match_config(self, seats: list["Seat"]) -> MatchConfig:
        """The match of this table with these seats (humans, and bots by kind), checked."""
        return MatchConfig.make(
            self.ruleset,
            self.options,
            hands=self.hands,
            rounds=self.rounds,
            players=[None if s.kind == "human" else s.bot for s in seats],
            names=[s.name for s in seats],
            seed=self.seed,
        )


TABLE_FIELDS = (
    "name", "ruleset", "options", "hands", "rounds", "bots",
    "claim_seconds", "claim_pause_seconds", "turn_seconds", "grace_seconds", "bot_delay", "next_hand_seconds", "seed",
)
"""The fields a request to create a table may have (``seed`` only to be refused)."""


def validate_config(raw: dict, bot_kinds: list[str]) -> TableConfig:
    """A :class:`TableConfig` from a client's request, every field checked: the match's
    fields by :meth:`MatchConfig.make <mahjongg.play.config.MatchConfig.make>` (the one
    check of every app, here with the server's caps of 64 hands or 4 rounds), the
    table's own (bots for empty seats, timers) here."""
    if not isinstance(raw, dict):
        raise TableError("the table settings must be an object")
    unknown = [k for k in raw if k not in TABLE_FIELDS]
    if unknown:  # a misspelt field was silently ignored: the table got the default
        raise TableError(f"no such field: {unknown[0]!r} (fields of a table: {', '.join(TABLE_FIELDS)})")
    cfg = TableConfig()
    rounds = raw.get("rounds")
    if rounds is not None and raw.get("hands") is not None:
        raise TableError("a table plays so many hands or so many rounds, not both: send hands or rounds")
    hands = None if rounds is not None else (1 if raw.get("hands") is None else raw.get("hands"))
    options = raw.get("options") or {}
    if not isinstance(options, dict):
        raise TableError("options must be an object")
    if "seed" in raw:
        raise TableError("a table's seed is the server's own secret; a client may not choose it")
    try:
        checked = MatchConfig.make(
            str(raw.get("ruleset", cfg.ruleset)), options, hands=hands, rounds=rounds,
            players=[None] * PLAYERS, seed=0, max_hands=MAX_HANDS, max_rounds=MAX_ROUNDS,
        )
    except ConfigError as e:
        raise TableError(str(e)) from None
    cfg.ruleset, cfg.options, cfg.hands, cfg.rounds = checked.ruleset, dict(checked.options), checked.hands, checked.rounds
    bots = raw.get("bots") or []
    if not isinstance(bots, list) or len(bots) > PLAYERS:
        raise TableError("bots must be a list of up to four bot kinds")
    for b in bots:
        if b not in bot_kinds:
            raise TableError(f"unknown bot {b!r}; known: {', '.join(bot_kinds)}")
    cfg.bots = list(bots)
    for name, lo, hi in (("claim_seconds", 2, 120), ("claim_pause_seconds", 0, 2), ("turn_seconds", 5, 600), ("grace_seconds", 0, 600), ("bot_delay", 0, 5), ("next_hand_seconds", 0, 600)):
        if name in raw:
            v = raw[name]
            if not isinstance(v, (int, float)) or isinstance(v, bool) or not lo <= v <= hi:
                raise TableError(f"{name} must be a number from {lo} to {hi}")
            setattr(cfg, name, float(v))
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
    auto_pass: bool = True  # pass at once in a claim pause where he cannot claim (his own choice; off: he answers every discard)
    grace: Any = None  # timer handle
    hints: bool = False  # the player asked for the advisor's hint (h) in his views

    @property
    def bot_controlled(self) -> bool:
        return self.kind == "bot" or self.standin


class Timer:
    """A cancellable handle (what ``schedule`` returns must have ``cancel()``)."""


@dataclass(frozen=True)
class _Shared:
    """The part of one version of the table's views that every seat sees alike:
    ``top`` and ``game`` as dicts and ``text``, their JSON (``game`` left open for
    the seat's own fields); ``rev`` changes only when ``text`` does."""

    version: int
    rev: int
    top: dict
    game: dict | None
    text: str


def _inner(d: dict) -> str:
    """A dict's JSON without its braces (to join with another's)."""
    return json.dumps(d, separators=(",", ":"))[1:-1]


def tile_list(tiles) -> list[str]:
    return [str(t) for t in tiles]


@functools.lru_cache(maxsize=None)  # one entry per tile kind and flower (a few dozen)
def _tile_json(tile: Tile) -> str:
    return json.dumps(str(tile))


def _tiles_json(tiles) -> str:
    """The JSON of a list of tiles, without its brackets."""
    return ",".join(map(_tile_json, tiles))


@functools.lru_cache(maxsize=4096)  # the actions are the engine's shared values: a few thousand kinds
def _action_json(action: Action) -> str:
    """An action as a seat is offered it, as JSON text: its fields (no seat: it is his
    own) and its button -- ``label``, the words of the one table of the actions in words
    (:data:`~mahjongg.table.describe.ACTION_WORDS`), and ``label_tiles``, the tiles
    drawn after them (:func:`~mahjongg.table.describe.action_tiles`: a chow's run)."""
    d = {k: v for k, v in action.to_dict().items() if k != "seat"}
    d["label"] = ACTION_WORDS[action.kind].label
    d["label_tiles"] = tile_list(action_tiles(action))
    return json.dumps(d, separators=(",", ":"))


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
        journal: Journal,
        schedule: Callable[[float, Callable[[], None]], Any],
        status: str = "lobby",
        match_id: int | None = None,
    ) -> None:
        self.code = code
        self.config = config
        self.journal = journal
        self.match_id = match_id
        self.schedule = schedule
        self.status = status
        self.seats = [Seat(p) for p in range(PLAYERS)]
        self.session: Session | None = None
        self.told = 0  # events of the hand on the table already in the log
        self.version = 0
        self.log: list[dict] = []
        self.bot_timer = None
        self.next_timer = None
        self.ready: set[int] = set()
        self.offers: dict[int, tuple] = {}  # player -> (legal actions offered, version first offered at)
        self.applied: dict[int, tuple] = {}  # player -> (view, kind, tile, chow) of his last act applied
        self.now = time.monotonic  # the timers' clock (a simulated one in tests: test_web_pause.py)
        self.pause = ClaimPause(schedule, lambda: self.now())  # the claim pause's timers (web/pause.py)
        self.watchers: set = set()  # the spectators' connections (the public view, no seat)
        self.clock = time.time  # the server's clock (a test clock in tests)
        self.created = self.clock()
        self.seen = self.created  # when someone last connected, left or acted
        self.turn_timer = None  # (key, when, timer) of the human whose turn it is
        self.finished = None  # finished(table): the match is over (the server forgets it later)
        self.sent: dict[int, tuple] = {}  # player -> what tells apart the view he was sent last
        self._shared_cache: _Shared | None = None
        self._hint_cache: tuple = (None, None)
        self._result_cache: tuple = (None, None)

    @property
    def window(self) -> int:
        """The claim pause on the table now (or last), counted from 1 (:class:`~mahjongg.web.pause.ClaimPause`)."""
        return self.pause.window

    @property
    def held(self) -> tuple[int, Action] | None:
        """``(player, action)``: the answer that closes the claim pause, held to its least length."""
        return self.pause.held

    @property
    def deadlines(self) -> dict[int, tuple[int, float, Any]]:
        """Player -> (pause, when, timer): each asked human's claim time in the pause."""
        return self.pause.deadlines

    @property
    def match(self):
        """The :class:`~mahjongg.table.Match` being played (``None`` in the lobby)."""
        return self.session.match if self.session is not None else None

    @property
    def game(self):
        """The hand on the table (or just played), ``None`` in the lobby."""
        return self.session.game if self.session is not None else None

    @property
    def hand_no(self) -> int:
        return self.session.hand_number if self.session is not None else 0

    # --- lobby ------------------------------------------------------------------
    @classmethod
    def create(cls, journal: Journal, config: TableConfig, host_name: str, schedule) -> tuple["LiveTable", str]:
        code = new_code()
        while journal.match_id(code) is not None:
            code = new_code()
        match_id = journal.new_match("serve", config.to_dict(), code=code, status="lobby")
        table = cls(code, config, journal, schedule, match_id=match_id)
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
        self.journal.put_seat(self.match_id, seat.player, seat.name, "human", None, seat.token_hash)
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
                self.journal.put_seat(self.match_id, s.player, s.name, "bot", kind, None)
        if self.config.seed is None:  # tables made before the server drew seeds at creation
            self.config.seed = secret_hand_seed()
        self.status = "playing"
        self.journal.set_match(self.match_id, config=self.config.to_dict(), status="playing")
        recorder = JournalRecorder(self.journal, self.match_id)
        # deals the first hand
        self.session = Session(self.config.match_config(self.seats), recorder=recorder, hand_seeds=self.config.hand_seeds(),
                               claims=CLAIMS)
        for s in self.seats:
            if s.kind == "human" and not s.conns:
                self._drop(s)
        self._hand_started()

    # --- rebuilding after a restart -----------------------------------------------
    @classmethod
    def rebuild(cls, journal: Journal, row: MatchRow, schedule) -> "LiveTable":
        """The table as it was: seats from the journal, the match rebuilt from its hands
        (:meth:`Session.resume <mahjongg.play.session.Session.resume>`: the engine's one
        replay function); between two hands, the last one stays on the table."""
        table = cls(row.code, TableConfig.from_dict(row.config), journal, schedule, row.status, row.id)
        for seat in journal.seats(row.id):
            s = table.seats[seat["player"]]
            s.name, s.kind, s.bot, s.token_hash = seat["name"], seat["kind"], seat["bot"], seat["token_hash"]
            prefs = seat.get("prefs", {})
            s.auto_pass = prefs.get("auto_pass", s.auto_pass) is not False
            s.hints = prefs.get("hints", s.hints) is True
        if row.status == "lobby":
            return table
        saved = journal.load_match(row.id, app="serve")
        recorder = JournalRecorder(journal, row.id, saved=len(saved.current))
        table.session = Session.resume(
            saved, config=table.config.match_config(table.seats), recorder=recorder, deal=False, hand_seeds=table.config.hand_seeds(), claims=CLAIMS
        )
        g = table.game
        table.log = []
        table._public(f"Hand {table.hand_no}: {table._name(Wind.EAST)} is East")
        table._narrate(g.events)
        table.told = len(g.events)
        for s in table.seats:
            if s.kind == "human":
                table._drop(s)  # nobody is connected yet: the grace period starts now
        if g.is_over:
            table._hand_over()
        else:
            if g.phase == Phase.CLAIMS:  # a claim window (the washing window, a discard) was open: a pause afresh
                table.pause.open()
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
        self.sent.pop(player, None)  # the new socket is sent the view even if the seat's others have it
        self.touch()
        if s.grace is not None:
            s.grace.cancel()
            s.grace = None
        if s.standin:
            s.standin = False
            if self.session is not None:
                self.session.standins.pop(player, None)
            self._public(f"{s.name} is back")
        self._advance()

    def watch(self, conn, limit: int | None = None) -> None:
        """A spectator's connection: sent the public view (:meth:`view` of no seat) after
        every change. Raises :class:`TableError` before the table starts, or when
        ``limit`` spectators watch already; the seated players see how many watch."""
        if self.status == "lobby":
            raise TableError("this table has not started yet; watch it once it plays")
        if limit is not None and len(self.watchers) >= limit:
            raise TableError(f"this table has as many spectators as it takes ({limit}); try again later")
        self.watchers.add(conn)
        self.sent.pop(None, None)  # the new spectator is sent the view even if the others have it
        self._changed()

    def unwatch(self, conn) -> None:
        if conn in self.watchers:
            self.watchers.discard(conn)
            self._changed()

    def handle_watcher(self, conn, msg: "dict | protocol.Sync") -> None:
        """A spectator's message (parsed, or its decoded JSON): only ``sync`` (send the view
        again); raises :class:`~mahjongg.web.protocol.ProtocolError` for any other."""
        if isinstance(msg, dict):
            protocol.parse_watcher(msg)
        conn.send(self._view_text(None)[0])

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
                self.session.standins[s.player] = default_bot()
                self._public(f"{s.name} is away: a bot plays for them")
                self._advance()

        s.grace = self.schedule(self.config.grace_seconds, take_over)

    def touch(self) -> None:
        self.seen = self.clock()

    def humans_present(self) -> bool:
        return any(s.conns for s in self.seats if s.kind == "human")

    # --- intentions ---------------------------------------------------------------
    def handle(self, player: int, msg) -> None:
        """One client message: a :mod:`~mahjongg.web.protocol` message, or its decoded JSON
        (read by :func:`~mahjongg.web.protocol.parse_client`); raises :class:`TableError`
        (or :class:`~mahjongg.web.protocol.ProtocolError`) to refuse it."""
        m = protocol.parse_client(msg) if isinstance(msg, dict) else msg
        match m:
            case protocol.Act():
                self.act(player, m)
            case protocol.Start():
                self.start(player)
            case protocol.Ready():
                self.set_ready(player)
            case protocol.Sync():
                self._send(player, force=True)
            case protocol.Back():
                self._back(player)
            case protocol.Hint(on=on):
                self.seats[player].hints = on
                self._keep_prefs(player)
                self._send(player)
            case protocol.AutoPass(on=on):
                self._auto_pass(player, on)

    def _auto_pass(self, player: int, on: bool) -> None:
        """The player's own setting: pass at once in a claim pause where he cannot claim."""
        self.seats[player].auto_pass = on
        self._keep_prefs(player)
        self._advance()

    def _keep_prefs(self, player: int) -> None:
        """The player's own choices written to the journal (the seat's ``prefs``), so a table
        rebuilt after a restart (:meth:`rebuild`) keeps them."""
        s = self.seats[player]
        if s.kind == "human":
            self.journal.put_seat_prefs(self.match_id, player, {"auto_pass": s.auto_pass, "hints": s.hints})

    def lone(self) -> bool:
        """One human at the table, the others bots: nothing about another seat can leak to
        anyone through the claim pause's timing (the bots answer at once), so it has no least
        length and never waits on him where he can only pass."""
        return sum(s.kind == "human" for s in self.seats) <= 1

    def least_pause(self) -> float:
        """The least a claim pause lasts, in seconds: ``claim_pause_seconds``, for every
        discard alike -- or 0 at a table of one human (:meth:`lone`)."""
        return 0.0 if self.lone() else self.config.claim_pause_seconds

    def passes_at_once(self, player: int) -> bool:
        """Whether ``player``'s seat passes without being asked where PASS is its only
        choice: his own setting (``auto_pass``, on by default), and always at a table
        where he is the only human (:meth:`lone`)."""
        return self.seats[player].auto_pass or self.lone()

    def _back(self, player: int) -> None:
        """The player is at the table again: his seat is no longer idle."""
        s = self.seats[player]
        if s.idle:
            s.idle = False
            self._public(f"{s.name} is back")
            self._advance()

    def act(self, player: int, msg: "protocol.Act | dict") -> None:
        """A human's intention (:class:`~mahjongg.web.protocol.Act`, or its message's dict),
        checked against the legal actions and applied; :class:`TableError` to refuse it."""
        if isinstance(msg, dict):
            msg = protocol.Act.of(msg)
        g = self.game
        v = msg.v
        copy = msg.key
        if v is not None and self.applied.get(player) == copy:
            return  # the act just applied, sent again from the same view (a double-click): nothing to do, nothing to say
        if self.status != "playing" or g is None or g.is_over:
            raise TableError("no hand is being played")
        offered = self.offers.get(player, (None, self.version))[1]
        if v is not None and (not isinstance(v, int) or isinstance(v, bool) or not offered <= v <= self.version):
            raise TableError("the table has moved on since that view; look again")
        seat = self.match.seat_of(player)
        action = msg.action(seat)
        legal = g.legal_actions(seat)
        if self.pause.holds(player):
            raise TableError("you have answered this claim pause already")
        if not legal:
            raise TableError("it is not your turn, and you have no claim to answer")
        if action not in legal:
            raise TableError(f"{action} is not legal now; you may: {', '.join(str(a) for a in legal)}")
        self.touch()
        if self.seats[player].idle:
            self.seats[player].idle = False
            self._public(f"{self.seats[player].name} is back")
        self.applied[player] = copy
        self._answer(player, action)

    def _answer(self, player: int, action: Action) -> None:
        """A human seat's legal action, applied -- unless it is the answer that would
        close the claim pause before ``claim_pause_seconds``: that one is held, and
        applied when the pause has lasted its least (the others see no difference)."""
        g = self.game
        if g.phase == Phase.CLAIMS and g.to_act() == [action.seat]:
            if self.pause.hold(player, action, self.least_pause(), self._release_held):
                self._arm_turn()  # the discarder's turn is over: his turn's countdown with it
                self._changed()  # (else only his own view changes: his choices are gone)
                return
        self.session.act(action)
        self._applied(action)
        self._advance()

    def _release_held(self) -> None:
        held = self.pause.take_held()
        g = self.game
        if held is None or g is None or g.is_over or self.status != "playing":
            return
        if held[1] in g.legal_actions(held[1].seat) and not self.session.bot_controlled(held[0]):
            self.session.act(held[1])
            self._applied(held[1])
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
    def _applied(self, action: Action) -> None:
        """After the session applied ``action``: the log, the claim window's count, the end of the hand."""
        g = self.game
        new = g.events[self.told :]
        self.told = len(g.events)
        self._narrate(new)
        if g.window_opened:
            self.pause.open()  # the engine opened a claim window (a discard, a kong that may be robbed): a new pause
        if g.is_over:
            self.session.finish_hand()  # the seats stay those of the hand just played until the next is dealt
            self._hand_over()

    def _next_hand(self) -> None:
        if self.next_timer is not None:
            self.next_timer.cancel()
            self.next_timer = None
        if self.match.is_over:
            return
        self.ready = set()
        self.log = []  # each hand's log starts afresh (old discards would only confuse)
        self.session.next_hand()
        self._hand_started()

    def _hand_started(self) -> None:
        self.told = 0
        self._public(f"Hand {self.hand_no}: {self._name(Wind.EAST)} is East")
        self._narrate(self.game.events)
        self.told = len(self.game.events)
        if self.game.window_opened:  # the deal opened the washing window, before East's first discard
            self.pause.open()
        self._advance()

    def _hand_over(self) -> None:
        self._cancel_deadlines()
        if self.match.is_over:
            self._finish("The match is over")
        elif self.config.next_hand_seconds > 0:
            self.next_timer = self.schedule(self.config.next_hand_seconds, self._next_hand)
        self._changed()

    def _finish(self, why: str) -> None:
        self.status = "finished"
        self.journal.set_match(self.match_id, status="finished")
        self._public(why)
        if self.finished is not None:
            self.finished(self)

    def _advance(self) -> None:
        """Let the bots act (now, or after ``bot_delay``), arm the claim timers, tell everyone."""
        g = self.game
        while g is not None and not g.is_over and self.status == "playing":
            movers = [s for s in g.to_act() if self.session.bot_controlled(self.session.player_at(s))]
            if not movers:
                break
            seat = movers[0]
            if g.phase == Phase.TURN and self.config.bot_delay > 0:
                if self.bot_timer is None:
                    self.bot_timer = self.schedule(self.config.bot_delay, self._bot_step)
                break
            self._bot_act(seat)
        if g is not None and not g.is_over and g.phase == Phase.CLAIMS and self.status == "playing":
            for s in g.to_act():
                p = self.session.player_at(s)
                legal = g.legal_actions(s)
                if self.passes_at_once(p) and len(legal) == 1 and legal[0].kind is ActionKind.PASS and self.pause.held is None:
                    return self._answer(p, legal[0])  # (which advances again)
        self._arm_deadlines()
        self._changed()

    def _bot_step(self) -> None:
        self.bot_timer = None
        g = self.game
        if g is None or g.is_over:
            return
        seat = self.session.bot_to_act()
        if seat is not None:
            self._bot_act(seat)
        self._advance()

    def _bot_act(self, seat: Wind) -> None:
        """One bot's move, through the session. A bot that answers with an illegal action
        stops the match (the play layer's one policy): everyone is told which bot and what."""
        try:
            action = self.session.step_bot(seat)
        except BotMoveError as exc:
            self._cancel_deadlines()
            self._finish(f"The table stops: {exc}")
            self._changed()
            return
        self._applied(action)

    def _arm_turn(self) -> None:
        """The turn timer: a human on his turn has ``turn_seconds`` (an idle seat
        ``IDLE_SECONDS``); then a bot plays that one action and the seat is idle."""
        g = self.game
        mover = None
        if g is not None and not g.is_over and g.phase == Phase.TURN and self.status == "playing":
            movers = [self.session.player_at(w) for w in g.to_act()]
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
            self._bot_act_for(mover)
            self._advance()

        self.turn_timer = (key, self.now() + wait, self.schedule(wait, expire))

    def _bot_act_for(self, player: int) -> None:
        """One action of ``player``'s (a human's) seat played by a bot, through the session."""
        had = player in self.session.standins
        self.session.standins.setdefault(player, default_bot())
        try:
            self._bot_act(self.session.seat_of(player))
        finally:
            if not had:
                self.session.standins.pop(player, None)

    def _arm_deadlines(self) -> None:
        self._arm_turn()
        g = self.game
        if g is None or g.is_over or g.phase != Phase.CLAIMS:
            self.pause.cancel()
            return
        self.pause.arm({self.match.player_at(s) for s in g.to_act()}, self._claim_seconds, self._claim_time_out)

    def _claim_seconds(self, player: int) -> float | None:
        """A human's claim time in a pause (an idle seat's ``IDLE_SECONDS``); ``None``: a bot plays the seat."""
        s = self.seats[player]
        if s.bot_controlled:
            return None
        return IDLE_SECONDS if s.idle else self.config.claim_seconds

    def _claim_time_out(self, player: int) -> None:
        """``player``'s claim time ran out in the pause: his seat passes."""
        g = self.game
        if g is None or g.is_over or g.phase != Phase.CLAIMS:
            return
        for a in g.legal_actions(self.match.seat_of(player)):
            if a.kind is ActionKind.PASS:
                return self._answer(player, a)
        self._advance()

    def _cancel_deadlines(self) -> None:
        self.pause.cancel()
        if self.turn_timer is not None:
            self.turn_timer[2].cancel()
            self.turn_timer = None

    def close(self) -> None:
        """Cancel every timer (the server is stopping)."""
        self._cancel_deadlines()
        self.pause.close()
        for t in (self.bot_timer, self.next_timer, *(s.grace for s in self.seats)):
            if t is not None:
                t.cancel()

    # --- telling -------------------------------------------------------------------
    def _name(self, seat: Wind) -> str:
        return self.seats[self.session.player_at(seat)].name

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
        """Something changed: tell each seat with a socket whose view changed (no work
        for seats nobody is connected to, none for a seat whose view is as last sent)."""
        self.version += 1
        for s in self.seats:
            if s.conns:
                self._send(s.player)
        if self.watchers:  # one public view for every spectator
            self._send(None)

    def _send(self, player: int | None, force: bool = False) -> None:
        """Send ``player``'s view to each of his sockets (``None``: the spectators'), as JSON text, unless it is
        what was sent last (``force``: send all the same, e.g. a ``sync``). Only
        the version and the seconds left may differ from the last one sent: the
        version an intention names may be any since its actions were offered."""
        text, same_as = self._view_text(player)
        if not force and self.sent.get(player) == same_as:
            return
        self.sent[player] = same_as
        for conn in list(self.seats[player].conns if player is not None else self.watchers):
            conn.send(text)

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

    # What every seat sees alike is built once per change (:meth:`_shared`), what
    # only one seat sees (its tiles, its actions, its hint, its deadline) per seat
    # (:meth:`_own`); the view is the two together.
    def _shared(self) -> "_Shared":
        """The part of the view every seat shares, and its JSON, built once per version."""
        cached = self._shared_cache
        if cached is not None and cached.version == self.version:
            return cached
        top: dict = {"log": self.log, **self.public_info()}
        top["claim_seconds"] = self.config.claim_seconds
        top["turn_seconds"] = self.config.turn_seconds
        top["watching"] = len(self.watchers)
        for sv, s in zip(top["seats"], self.seats):
            sv["connected"] = bool(s.conns)
            sv["standin"] = s.standin
            sv["idle"] = s.idle
        game = None
        m, g = self.match, self.game
        if m is not None:
            top["hand_no"] = self.hand_no
            top["ready"] = sorted(self.ready)
            for sv, s in zip(top["seats"], self.seats):
                sv["chips"] = m.totals[s.player]
        if g is not None:
            obs = g.observation(self.session.seat_of(0))  # only what lies on the table is taken from it
            for sv, s in zip(top["seats"], self.seats):
                w = self.session.seat_of(s.player)
                sv["wind"] = w.letter
                sv["east"] = w == Wind.EAST
                sv["concealed_count"] = obs.concealed_counts[w]
                sv["melds"] = [meld_view(x) for x in obs.melds[w]]
                sv["bonus"] = tile_list(obs.bonus[w])
                sv["discards"] = [{"tile": str(t), "taken": by is not None} for d, t, by in obs.discard_history if d == w]
                sv["dead"] = w in obs.dead
                # public declarations (the league rulesets): Original Call, a calling hand (BMJA)
                sv["original_call"] = w in obs.original_call
                sv["calling"] = w in obs.calling
            game = {
                "phase": obs.phase,
                "round": obs.round.letter,
                "turn": obs.turn.letter if obs.turn is not None else None,
                "wall_count": obs.wall_count,
                "drawable": obs.drawable,
                "last_discard": str(obs.last_discard) if obs.last_discard is not None else None,
                "last_discarder": obs.last_discarder.letter if obs.last_discarder is not None else None,
                "claim_window": obs.claim_window,
                "robbing": bool(getattr(obs, "robbing", False)),
            }
            if g.is_over and m.records:
                top["result"] = self._result()
        text = _inner(top) + (',"game":{' + _inner(game) if game is not None else "")
        rev = cached.rev if cached is not None and cached.text == text else (cached.rev + 1 if cached else 0)
        self._shared_cache = _Shared(self.version, rev, top, game, text)
        return self._shared_cache

    def _own(self, player: int | None) -> tuple[str, str | None]:
        """What only ``player`` sees, as JSON text without braces: (top-level fields,
        fields of ``game``, ``None`` in the lobby); for a spectator (``None``) no tile
        and no action. Encoded here field by field (each action's and tile's JSON kept:
        :func:`_action_json`, :func:`_tiles_json`), as ``json.dumps`` would with
        ``separators=(",", ":")`` -- built for every seat with a socket at every change."""
        g = self.game
        if g is None:
            return '"you":%s' % ("null" if player is None else player), None
        if player is None:
            return '"you":null,"legal":[]', '"seat":null,"concealed":[],"drawn":null,"hidden":[]'
        seat = self.session.seat_of(player)  # after a hand: its seating, not the next hand's
        obs = g.observation(seat)
        concealed = list(obs.concealed)
        if obs.drawn is not None:
            concealed.remove(obs.drawn)
        game = '"seat":"%s","concealed":[%s],"drawn":%s,"hidden":[%s]' % (
            seat.letter, _tiles_json(concealed), "null" if obs.drawn is None else _tile_json(obs.drawn),
            _tiles_json(getattr(obs, "hidden", ())),  # own bonus tiles held back
        )
        legal = self.session.human_legal(player) if self.status == "playing" else []
        if self.pause.holds(player):
            legal = []  # answered: held until the pause has lasted its least
        key = (self.hand_no, tuple(legal))
        if self.offers.get(player, (None,))[0] != key:
            self.offers[player] = (key, self.version)  # an intention sent from any view since then still stands
        top = '"you":%d,"legal":[%s],"auto_pass":%s' % (player, ",".join(map(_action_json, legal)), "true" if self.seats[player].auto_pass else "false")
        if self.seats[player].hints and legal:
            # the hint (h), for a player who asked for it: in his turn and in a claim pause he may answer
            top += ',"hint":' + json.dumps(self._hint(obs, legal))
        return top, game

    def _hint(self, obs, legal) -> str:
        """The advisor's line for this observation and these legal actions (what the master
        bot would do, :func:`~mahjongg.bots.advisor.hint_line`), worked out once per position."""
        key = (self.hand_no, len(self.game.events), obs.seat)
        if self._hint_cache[0] != key:
            self._hint_cache = (key, hint_line(obs, legal))
        return self._hint_cache[1]

    def _deadline(self, player: int | None) -> float | None:
        """Seconds left of ``player``'s own timer: his turn, or his answer in a claim pause.
        A seat not asked in a pause (the discarder, a seat that has answered or passed at
        once) has none: when the pause ends depends on whether another seat can claim."""
        if player is None:
            return None
        when = self.pause.deadline(player)
        if when is None and self.turn_timer is not None and self.turn_timer[0][2] == player:
            when = self.turn_timer[1]
        if self.pause.holds(player):
            when = None  # answered: held until the pause has lasted its least
        return max(0.0, round(when - self.now(), 1)) if when is not None else None

    def _view_text(self, player: int | None) -> tuple[str, tuple]:
        """``player``'s view as JSON text (the shared part's JSON reused as it is), and
        what tells it from another view but the version and the seconds left."""
        shared = self._shared()
        own, own_game = self._own(player)
        text = protocol.state_text(self.version, self._deadline(player), own, shared.text, own_game if shared.game is not None else None)
        return text, (shared.rev, own, own_game or "")

    def view(self, player: int | None) -> dict:
        """Everything ``player`` may see now, as one message (the dict of the JSON
        text each of his sockets is sent). Built from the player's own observation
        and what lies on the table: no other seat's concealed tiles, no wall.
        ``player`` ``None``: a spectator's view, the seat-less public view --
        what lies on the table and the counts, no concealed tile of any seat
        (until the hand is over and every hand is laid open)."""
        return json.loads(self._view_text(player)[0])

    def _result(self) -> dict:
        """The last hand's outcome, laid out once per hand (every seat sees the same)."""
        key = (self.hand_no, len(self.match.records), self.match.is_over)
        if self._result_cache[0] != key:
            self._result_cache = (key, self.result_view())
        return self._result_cache[1]

    def result_view(self) -> dict:
        """The last hand's outcome: every hand itemized, the settlement, chips."""
        m = self.match
        rec = self.session.last_record or m.records[-1]
        out = result_view(rec, [s.name for s in self.seats], m.ruleset)
        out["match_over"] = m.is_over
        if m.is_over:
            out["match_seed"] = str(self.config.seed)  # decimal text, as the hand's seed
        return out


def result_view(rec: HandRecord, names: list[str], ruleset) -> dict:
    """A finished hand's outcome (the score sheet and the replay's last step): every hand
    laid open and itemized (``card``: the play layer's score card and settlement grid),
    the seats' ``names`` (by player), chips this hand and running totals by seat letter,
    its number and the seed it was dealt from."""
    r = rec.result
    out = r.to_dict()
    out["hands"] = {w.letter: hand_view(h) for w, h in r.hands.items()}
    out["names"] = {w.letter: names[p] for p, w in rec.seats.items()}
    out["hand_no"] = rec.number
    out["chips"] = {rec.seats[p].letter: c for p, c in enumerate(rec.chips)}
    out["totals"] = {rec.seats[p].letter: c for p, c in enumerate(rec.totals)}
    # the deal of this hand, now that it is over (mahjongg replay shows it too), as decimal text:
    # a shared table's 128-bit seed does not fit a JavaScript number
    out["seed"] = str(rec.seed)
    # the score sheet: every hand's score card and the settlement grid, laid out once (play.scorecard)
    out["card"] = result_card(r, ruleset).to_dict()
    return out
