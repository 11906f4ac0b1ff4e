"""One hand of Mah-Jongg as a state machine: ``legal_actions``, ``apply``, ``observation``.

The engine knows no ruleset by name: it reads the options of the
:class:`~mahjongg.rules.Ruleset` it is given (``wall_stacks``,
``bonus_tiles``, ``reserved_tiles``, ``east_factor``, ``payment_limit``,
``settle_draws``) and scores with :func:`mahjongg.scoring.score_hand`.

Phases (:class:`~mahjongg.table.Phase`): ``TURN`` -- the seat in turn holds
14 tiles (plus one per kong) and must discard, declare a kong or go
Mah-Jongg; ``CLAIMS`` -- the claim window on a discard: every seat that could
claim it answers (claim or PASS); ``OVER``. Draws and loose-tile draws are
made by the engine.

``claims``: which seats a claim window asks. ``"able"`` (the default): only
those that could claim, and none is opened when nobody can -- fast, but who
is asked, and whether a window opens at all, follows from the others'
concealed tiles. ``"all"``: every other seat in play answers every discard
(and every tile added to a pung, and the washing window of a ruleset that
washes): a seat that cannot claim is offered PASS alone. What a seat observes
is then a function of its own tiles and the table only (docs/claims.md); a
table shared by people plays this way.

Beside this module: :mod:`.tables` (the precomputed actions, melds and seat
orders, the shuffle), :mod:`.explain` (why an action is refused),
:mod:`.ending` (the end of a hand: scoring and settling, washing the tiles, a
false Mah-Jongg).

Source: seed 000 (Pung Chow Part I), "Procedure of play" A-D, "To chow",
"To pung" (rules 1-6), "Four of a kind", "Mah-Jongg or Mah-Diao", "Settling
the scores", "Two and three-handed games"; Part II, "The procedure of play"
(the last 14 tiles are never drawn).
"""

from __future__ import annotations

import json
import random
from itertools import compress
from typing import Iterable, Iterator, Sequence

from ..decomposition import is_complete, waits
from ..errors import MahjonggError
from ..hand import Hand, Meld
from ..rules.context import Situation, Win, WinBy
from ..rules.pung_chow import PUNG_CHOW
from ..rules.ruleset import Ruleset
from ..scoring import ScoringError, score_hand
from ..tiles import NUM_KINDS, Tile, Wind
from .actions import (
    ADD_KONG,
    BONUS,
    CAPTURE,
    CHOW,
    CONCEALED_KONG,
    DISCARD,
    KONG,
    MAHJONGG,
    ORIGINAL_CALL,
    PASS,
    PUNG,
    Action,
    ActionKind,
    IllegalActionError,
    GameError,
)
from .dice import Dice, breaker, throw
from .observation import Observation, materialized
from .result import Result
from .ending import false_mahjongg, finish, may_declare_falsely, open_washing, resolve_washing
from .events import LOG_VERSION, ReplayError, from_jsonl, log_version, logged_ruleset, to_jsonl
from .log_schema import check_log
from .explain import explain, malformed, seat_problem
from .phase import CLAIMS, OVER, TURN, Phase
from .interned import (
    _ACTION_EVENTS,
    _ACTS,
    _BY_DISCARD,
    _BY_LOOSE,
    _BY_ROBBED,
    _BY_WALL,
    _CHOW_ACTS,
    _CLAIM_RANK,
    _CONCEALED_KONG_ACTS,
    _DISCARDS,
    _LETTER,
    _M_CHOW,
    _M_KONG,
    _M_PUNG,
    _NEIGHBOURS,
    _NO_WAITS,
    _SEAT_ORDER,
    _TSTR,
    _WINDS,
    _act,
    _action_event,
    _isolated,
    _meld,
    _ruleset_facts,
    _ruleset_options,
    _shuffle,
    _tiles_of,
)
from .wall import Wall, deal

__all__ = ["Game", "replay", "replay_steps", "claim_window_kinds"]

_TURN_WINDOWS: dict[tuple[bool, bool, bool], frozenset[ActionKind]] = {}


def claim_window_kinds(ruleset: Ruleset) -> frozenset[ActionKind]:
    """The actions of a seat's turn after which the others answer a claim
    window when every seat is asked (``Game(claims="all")``): a discard;
    Original Call, a discard too (``Ruleset.original_call``); a tile added
    to an exposed pung where a kong may be robbed (``Ruleset.robbing_kong``);
    a concealed kong where a limit hand may rob one (``robbing_kong`` and
    ``Ruleset.concealed_kong_robbed_for``: DMJL, BMJA). With
    ``claims="able"`` the same actions open a window only when some seat can
    claim. The engine opens its robbing windows by this set; an app that
    holds a claim pause of its own (the RL env, over an ``"able"`` engine)
    asks it instead of inferring the window from the action's kind, and
    :attr:`Game.window_opened` tells whether one did open.

    Source: the ruleset's options (robbing a kong: seed 001's limit hand
    "Scratching a Carrying Pole", Hong Kong's faan table; a concealed kong:
    Kajongg's "mayrobhiddenkong", after Millington 58)."""
    rob = bool(ruleset.robbing_kong)
    key = (bool(ruleset.original_call), rob, rob and bool(ruleset.concealed_kong_robbed_for))
    kinds = _TURN_WINDOWS.get(key)
    if kinds is None:
        kinds = _TURN_WINDOWS[key] = frozenset(
            kind for kind, on in ((DISCARD, True), (ORIGINAL_CALL, key[0]), (ADD_KONG, key[1]), (CONCEALED_KONG, key[2])) if on
        )
    return kinds


_BASE_SPECIAL = Ruleset.could_be_special
_new = object.__new__


class Game:
    """One hand, from the throw of the dice to the settlement.

    ``Game(ruleset=PUNG_CHOW, seed=0, players=4, round=Wind.EAST)``: the
    tiles are shuffled and the dice thrown with ``random.Random(seed)``.
    Seats are winds; East is the dealer. With two or three ``players`` the
    seats in play are the first winds (E S / E S W); the rest are dummies
    whose sides of the wall are built but who never play. ``east_wins``:
    the hands East has won in a row before this one (the match's history:
    the match counts it, :func:`mahjongg.table.match.east_wins_in_row`); the
    engine only passes it to the scoring of East's win (``Win.wins_in_row``)
    and logs it in the setup event, so a replay scores the same.
    ``log_version``: the format version of the log it writes (``events``; the current
    one, :data:`~mahjongg.table.events.LOG_VERSION`, unless a replay writes the
    version of the log it replays, to reproduce it).

    :meth:`from_wall` starts a hand from a given built wall and dice.
    """

    def __init__(
        self,
        ruleset: Ruleset = PUNG_CHOW,
        seed: int | None = None,
        players: int = 4,
        round: Wind = Wind.EAST,
        *,
        wall: Sequence[Tile | str] | None = None,
        dice: tuple[Dice, ...] | None = None,
        allow_false_mahjongg: bool = False,
        claims: str = "able",
        east_wins: int = 0,
        log_version: int = LOG_VERSION,
    ) -> None:
        if type(players) is not int or players not in (2, 3, 4):
            raise GameError(f"Mah-Jongg is played by two, three or four players, not {players!r}")
        if claims not in ("able", "all"):
            raise GameError(f"claims is 'able' (the seats that can claim are asked) or 'all' (every seat), not {claims!r}")
        self.claims = claims
        self._ask_all = claims == "all"  # every other seat answers every claim window
        if type(east_wins) is not int or east_wins < 0:
            raise GameError(f"east_wins counts the hands East has won in a row before this one (0 or more), not {east_wins!r}")
        # the match's history, told as data (the play layer counts it): East's win here is his
        # east_wins + 1st in a row (Win.wins_in_row, which DMJL's East's ninth win reads)
        self.east_wins = east_wins
        self.ruleset = ruleset
        self.players = players
        # an app may let a player declare Mah-Jongg with any hand; the ruleset's penalty judges it
        self.allow_false_mahjongg = bool(allow_false_mahjongg)
        self._washing = False  # the washing window is open (a claim window on no discard)
        self.round = Wind(round)
        self.seats: tuple[Wind, ...] = _WINDS[:players]
        # per-seat state lives in lists indexed by the seat (hashing an IntEnum is slow)
        self._next, self._others = _SEAT_ORDER[players]
        if seed is None and wall is None:
            seed = random.randrange(2**32)
        self.seed = seed
        rng = random.Random(seed)
        stacks = ruleset.wall_stacks
        _, tile_set, options = _ruleset_facts(ruleset)
        if log_version != LOG_VERSION:  # a replay of an older log: its options as it wrote them
            if type(log_version) is not int or not 1 <= log_version < LOG_VERSION:
                raise GameError(f"log_version is an event log's format version (1 to {LOG_VERSION}), not {log_version!r}")
            options = _ruleset_options(ruleset, log_version)
        if wall is None:
            built = list(tile_set)
            if len(built) != 8 * stacks:
                raise GameError(
                    f"ruleset {ruleset.name}: {len(built)} tiles do not build four sides "
                    f"{stacks} stacks long and 2 high ({8 * stacks} tiles)"
                )
            _shuffle(rng, built)
        else:
            built = [Tile.parse(t) if isinstance(t, str) else t for t in wall]
            if sorted(built) != tile_set:
                raise GameError("the wall given is not exactly the ruleset's set of tiles")
        throws = ruleset.dice_throws
        if dice is None:
            dice = tuple(throw(rng, ruleset.dice_count) for _ in range(throws))
        dice = tuple(tuple(d) for d in dice)
        if len(dice) != throws or any(len(d) != ruleset.dice_count for d in dice):
            raise GameError(f"ruleset {ruleset.name}: {throws} throw(s) of {ruleset.dice_count} dice, not {list(map(list, dice))}")
        east_throw = dice[0]
        break_throw = dice[1] if throws > 1 else ()
        self.built: tuple[Tile, ...] = tuple(built)
        self.dice: tuple[Dice, ...] = dice
        self.breaker: Wind = breaker(sum(east_throw))
        # East acts for a dummy ("throwing the dice for it whenever indicated")
        self.break_thrower: Wind = self.breaker if self.breaker in self.seats and throws > 1 else Wind.EAST
        # one throw (seed 003): the same sum picks the wall and is counted off it
        self.break_count = sum(east_throw) + sum(break_throw)
        self.wall = Wall(self.built, stacks, self.breaker, self.break_count, ruleset.loose_refill)
        self.reserved = ruleset.reserved_tiles
        self._fixed = (self.seats, self.round, ruleset, self.reserved)  # what every observation shares

        self._counts: list[list[int]] = [[0] * NUM_KINDS, [0] * NUM_KINDS, [0] * NUM_KINDS, [0] * NUM_KINDS]
        self._melds: list[list[Meld]] = [[], [], [], []]
        self._bonus: list[list[Tile]] = [[], [], [], []]
        self._discards: list[list[Tile]] = [[], [], [], []]
        self._history: list[tuple] = []  # (seat, tile, taken_by); a claim replaces the last one
        # what an observation shares of the rarely changing public state, as immutable
        # values (each seat's melds and bonus tiles, the dead seats); None: made again
        # at the next observation (every change of a meld, a bonus tile or a dead hand)
        self._rare: tuple | None = None
        self._irregular = False  # a hand holds a wrong number of tiles (see observation)
        self._played = [False, False, False, False]  # by seat: discarded or declared a set
        self._discarded = [False, False, False, False]  # by seat: has discarded in this hand
        # by seat: declared Original Call (its hand bound since), declared its hand calling
        # (Ruleset.must_declare_calling); both public
        self._called = [False, False, False, False]
        self._calling = [False, False, False, False]
        self._dead: dict[Wind, str] = {}
        self._is_dead = [False, False, False, False]
        self._phase = TURN
        self._turn: Wind = Wind.EAST
        self._drawn: Tile | None = None
        self._drawn_from: str | None = None  # "deal" | "wall" | "loose" | "claim"
        self._drawn_completes: bool | None = None  # the drawn tile completes the hand (None: not known)
        self._kongs_in_row = 0
        self._after_flower = False  # the loose tile in hand replaced a bonus tile
        self._window_tile: Tile | None = None
        self._window_from: Wind | None = None
        self._robbing = False  # the claim window is on a tile being added to a pung
        self._robbing_concealed = False  # ... or on a concealed kong (Ruleset.may_rob_concealed_kong)
        self._windows = claim_window_kinds(ruleset)  # the turn's actions that may open a claim window
        self._opened = False  # the last step (the deal or an action) opened a claim window: window_opened
        self._options: dict[Wind, list[Action]] = {}
        self._answers: dict[Wind, Action] = {}
        self._result: Result | None = None
        self._legal: list[tuple[Action, ...] | None] = [None, None, None, None]  # by seat, made by legal_actions
        self._pending_bonus: list[list[Tile]] = [[], [], [], []]  # bonus tiles received, not laid out (held back)
        self._captures: list[tuple[Wind, Wind, Tile]] = []  # (who may capture, from whom, the prey)
        self.events: list[dict] = []
        self._scored: tuple | None = None  # (situation, hand, score) of the last winning hand scored
        # whether a hand that is not four sets and a pair may still win (Ruleset.could_be_special)
        self._maybe_special = type(ruleset).could_be_special is not _BASE_SPECIAL or ruleset.special_shapes
        # per seat, the tiles that complete its concealed tiles (decomposition.waits), worked out
        # when first asked and forgotten whenever its concealed tiles change (None: not known)
        self._wait_sets: list[frozenset[int] | None] = [None, None, None, None]

        self._log(
            type="setup",
            **({"version": log_version} if log_version > 1 else {}),  # a log of version 1 has none
            ruleset=ruleset.name,
            options={k: (v[:] if type(v) is list else v) for k, v in options.items()},
            players=players,
            round=self.round.letter,
            seed=seed,
            **({"allow_false_mahjongg": True} if self.allow_false_mahjongg else {}),
            **({"claims": claims} if self._ask_all else {}),
            **({"east_wins": east_wins} if east_wins else {}),
            stacks=stacks,
            wall=list(map(_TSTR.__getitem__, self.built)),
            dice={
                "east": list(east_throw),
                "breaker": self.breaker.letter,
                "thrower": self.break_thrower.letter,
                "break": list(break_throw),
                "count": self.break_count,
                "broken": [self.wall.broken[0].letter, self.wall.broken[1]],
            },
        )
        self._deal()
        open_washing(self)

    # --- construction ---------------------------------------------------------
    @classmethod
    def from_wall(
        cls,
        wall: Sequence[Tile | str],
        dice: tuple[Dice, ...],
        ruleset: Ruleset = PUNG_CHOW,
        players: int = 4,
        round: Wind = Wind.EAST,
        *,
        allow_false_mahjongg: bool = False,
        claims: str = "able",
    ) -> "Game":
        """A hand dealt from a preset wall.

        ``wall``: every tile of the set as built -- East's side, South's,
        West's, North's; each side from its right end (as its builder sees
        it) to its left end; each stack top tile then bottom tile (see
        :mod:`mahjongg.table.wall`). ``dice``: East's throw and the breaker's
        throw, e.g. ``((3, 4), (3, 4))`` (the book's illustration 7: West
        breaks at the 14th stack); for a ruleset with one throw
        (``dice_throws=1``) that throw alone, e.g. ``((6, 6, 5),)``.
        """
        return cls(ruleset, None, players, round, wall=wall, dice=dice, allow_false_mahjongg=allow_false_mahjongg, claims=claims)

    @classmethod
    def replay(cls, events: Iterable[dict] | str, ruleset: Ruleset | None = None) -> "Game":
        """The game an event log records, replayed action by action (:func:`replay`)."""
        return replay(events, ruleset)

    def _deal(self) -> None:
        hands = deal(self.wall, self.seats, self.ruleset.jump_deal)
        for s in self.seats:
            c, held = self._counts[s], self._pending_bonus[s]
            for t in hands[s]:  # _receive, inlined
                if t < NUM_KINDS:
                    c[t] += 1
                else:
                    held.append(t)
        self._log(type="deal", hands={_LETTER[s]: [_TSTR[t] for t in hands[s]] for s in self.seats})
        # bonus tiles dealt are laid out and replaced with loose tiles, East first
        for s in self.seats:
            while self._bonus_held(s):
                t = self._bonus_held(s)
                self._lay_bonus(s, t)
                self._offer_capture(s, t)
                if not self.wall.count:
                    break
                nt = self.wall.draw_loose()
                self._loose_drawn()
                self._log(type="draw", seat=s.letter, tile=str(nt), source="loose")
                self._receive(s, nt)
                if s == Wind.EAST:
                    hands[s].append(nt)
        for s in self.seats:
            self._check_size(s, 14 if s == Wind.EAST else 13)
        self._turn = Wind.EAST
        self._drawn = hands[Wind.EAST][-1] if not hands[Wind.EAST][-1].is_bonus else None
        self._drawn_completes = None
        self._drawn_from = "deal"

    # held bonus tiles live in a small side list until laid out
    def _receive(self, seat: Wind, t: Tile) -> None:
        if t.is_bonus:
            self._pending_bonus[seat].append(t)
        else:
            self._counts[seat][t] += 1
            self._wait_sets[seat] = None

    def _bonus_held(self, seat: Wind) -> Tile | None:
        """A bonus tile ``seat`` holds that must be laid out now (not one the
        ruleset lets him hold back)."""
        for t in self._pending_bonus[seat]:
            if not self.ruleset.may_hold_back(t):
                return t
        return None

    def _offer_capture(self, seat: Wind, t: Tile) -> None:
        """Note who may capture ``t``, just laid out by ``seat`` (the ruleset's
        :meth:`~mahjongg.rules.Ruleset.capture_claimant`): he may, in his turn."""
        laid_out = [b for s in self.seats for b in self._bonus[s] if not (s == seat and b == t)]
        hidden = {s: tuple(self._pending_bonus[s]) for s in self.seats}
        who = self.ruleset.capture_claimant(t, seat, hidden, laid_out)
        if who is not None:
            self._captures.append((who, seat, t))

    def _lay_bonus(self, seat: Wind, t: Tile) -> None:
        self._pending_bonus[seat].remove(t)
        self._bonus[seat].append(t)
        self._rare = None
        self._log(type="bonus", seat=seat.letter, tile=str(t))

    # --- public state -----------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self._phase is OVER

    @property
    def result(self) -> Result | None:
        return self._result

    @property
    def phase(self) -> Phase:
        """The phase of the hand (:class:`~mahjongg.table.Phase`, a string enum)."""
        return self._phase

    @property
    def turn(self) -> Wind | None:
        """The seat in turn (``None`` once the hand is over)."""
        return None if self._phase is OVER else self._turn

    @property
    def last_discard(self) -> tuple[Wind, Tile] | None:
        """``(discarder, tile)`` of the discard under claim, if the window is open."""
        if self._phase is CLAIMS:
            return (self._window_from, self._window_tile)
        return None

    @property
    def window_opened(self) -> bool:
        """Whether the last step opened a claim window: the action last applied
        (a discard, Original Call, a tile added to a pung that may be robbed, a
        concealed kong that may be robbed: :func:`claim_window_kinds`) and the
        engine now waits for the answers; or, before any action, the deal (the
        washing window). False after an answer (a window still open waits for
        other answers: :attr:`phase` is still ``CLAIMS``) and after
        :meth:`declare_dead`. An app that pauses on each new window (the web
        table) reads this, not the action's kind."""
        return self._opened

    @property
    def washing(self) -> bool:
        """Whether the washing window is open: before East's first discard,
        the seats that may wash the tiles answer WASH or PASS (a claim window
        on no discard; East holds his 14 tiles)."""
        return self._washing

    @property
    def wall_count(self) -> int:
        """Tiles left in the wall, loose tiles included."""
        return self.wall.count

    @property
    def dead(self) -> frozenset[Wind]:
        return frozenset(self._dead)

    def hand(self, seat: Wind) -> Hand:
        """``seat``'s whole hand (concealed tiles, melds, bonus tiles). Not for bots: use :meth:`observation`."""
        # the engine's tiles are valid by construction: no checks (Hand.trusted), bonus tiles sorted as Hand sorts them
        bonus, held = self._bonus[seat], self._pending_bonus[seat]
        return Hand.trusted(
            _tiles_of(self._counts[seat]),
            tuple(self._melds[seat]),
            tuple(sorted(bonus)) if bonus else (),
            tuple(sorted(held)) if held else (),
        )

    def to_act(self) -> list[Wind]:
        """The seats that have a decision to make now."""
        if self._phase is TURN:
            return [self._turn]
        if self._phase is CLAIMS:
            return [s for s in self._options if s not in self._answers]
        return []

    def events_jsonl(self) -> str:
        """The event log as JSON lines."""
        return to_jsonl(self.events)

    # --- legal actions --------------------------------------------------------
    def legal_actions(self, seat: Wind) -> tuple[Action, ...]:
        """Every action ``seat`` may take now (empty if it has no decision), as a
        tuple of frozen :class:`Action` values: nothing a caller does to what it is
        given changes what is legal (:meth:`apply` checks against the engine's own
        state). Raises :class:`~mahjongg.table.GameError` if ``seat`` is not a seat."""
        if type(seat) is not Wind:
            seat = self._seat(seat)
        cached = self._legal[seat]
        if cached is not None:
            return cached
        if self._phase is TURN and seat == self._turn:
            acts = tuple(self._turn_actions(seat))
        elif self._phase is CLAIMS and seat in self._options and seat not in self._answers:
            acts = tuple(self._options[seat])
        else:
            acts = ()
        self._legal[seat] = acts
        return acts

    def _can_draw(self) -> bool:
        return self.wall.count > self.reserved

    def _turn_actions(self, seat: Wind) -> list[Action]:
        c = self._counts[seat]
        b = bytes(c)  # for the searches below (a list's ``in`` compares object by object)
        acts: list[Action] = []
        drawn = self._drawn
        drawn_from = self._drawn_from
        self_drawn = drawn is not None and (drawn_from == "wall" or drawn_from == "loose" or drawn_from == "deal")
        if self._called[seat] and self_drawn and drawn_from != "deal":
            return self._bound_actions(seat, drawn)
        if self_drawn and not self._is_dead[seat]:
            known = self._drawn_completes  # True/False when the waits before the draw were known
            special = self._maybe_special
            if known is None and not special:
                known = not _isolated(c, drawn) and is_complete(b)
            if (known or special) and self._may_win(
                seat, drawn, _BY_LOOSE if drawn_from == "loose" else _BY_WALL, True if known else None
            ):
                acts.append(_ACTS[MAHJONGG][seat][drawn])
        kongs = self.wall.count > self.reserved  # _can_draw()
        if kongs:
            if 4 in b:
                quads = _CONCEALED_KONG_ACTS[seat]
                acts.extend(quads[i] for i in range(NUM_KINDS) if c[i] == 4)
            if self_drawn and drawn_from != "deal" and self._melds[seat]:
                for m in self._melds[seat]:
                    if m.kind is _M_PUNG and m.tile == drawn:
                        acts.append(_ACTS[ADD_KONG][seat][drawn])
        if acts:
            acts.extend(compress(_DISCARDS[seat], c))
        else:
            acts = list(compress(_DISCARDS[seat], c))
        if self.ruleset.may_declare_original_call(self._discarded[seat]) and not self._is_dead[seat]:
            acts.extend(self._original_calls(seat))
        if self._pending_bonus[seat] and self._can_draw():
            acts.extend(self._bonus_actions(seat))
        return acts

    def _bonus_actions(self, seat: Wind) -> Iterator[Action]:
        """Laying out each bonus tile ``seat`` holds back, and capturing each prey it may."""
        for t in sorted(set(self._pending_bonus[seat])):
            yield Action(BONUS, seat, t)
        for who, _, prey in self._captures:
            if who == seat:
                yield Action(CAPTURE, seat, prey)

    def _bound_actions(self, seat: Wind, drawn: Tile) -> list[Action]:
        """The turn of a seat that declared Original Call: Mah-Jongg on the
        drawn tile if it completes the hand, else discard it (Kajongg: the
        hand is not altered -- no other discard, no kong); bonus tiles as
        anyone's."""
        acts: list[Action] = []
        by = _BY_LOOSE if self._drawn_from == "loose" else _BY_WALL
        if not self._is_dead[seat] and self._may_win(seat, drawn, by):
            acts.append(_ACTS[MAHJONGG][seat][drawn])
        acts.append(_DISCARDS[seat][drawn])
        if self._pending_bonus[seat] and self._can_draw():
            acts.extend(self._bonus_actions(seat))
        return acts

    def _original_calls(self, seat: Wind) -> list[Action]:
        """ORIGINAL_CALL with each tile whose discard leaves ``seat``'s hand
        calling (:meth:`_is_calling`); Kajongg offers the call with any
        discard and warns that one leaving the hand not calling makes it
        unwinnable -- we do not offer that one."""
        c = self._counts[seat]
        out = []
        for i in range(NUM_KINDS):
            if c[i]:
                c[i] -= 1
                try:
                    if self._is_calling(seat):
                        out.append(_ACTS[ORIGINAL_CALL][seat][i])
                finally:
                    c[i] += 1
        return out

    def _is_calling(self, seat: Wind) -> bool:
        """Whether one more tile would let ``seat`` (holding 13 tiles, plus one
        per kong) go Mah-Jongg under the ruleset: four sets and a pair, or a
        special shape it scores; a tile it holds all four of (melds
        included) is waited on by nobody. Its tiles are left as they were."""
        c = self._counts[seat]
        held = list(c)
        for m in self._melds[seat]:
            for t in m.tiles:
                held[t] += 1
        r = self.ruleset
        melds = self._melds[seat]
        for w in waits(c, bytes(held)):
            c[w] += 1
            try:
                if not self._pending_bonus[seat] and r.wins_unscored(c, melds):
                    return True
                if self._may_win(seat, w, _BY_WALL, True, undeclared=True):
                    return True
            finally:
                c[w] -= 1
        melds, bonus = self._melds[seat], self._bonus[seat]
        if self._maybe_special and r.may_call_special(c, melds, bonus):
            for w in range(NUM_KINDS):
                if held[w] >= 4:
                    continue
                c[w] += 1
                try:
                    if r.could_be_special(c, melds, bonus) and self._may_win(seat, w, _BY_WALL, None, undeclared=True):
                        return True
                finally:
                    c[w] -= 1
        return False

    def _completes(self, seat: Wind, t: int) -> bool:
        """Whether ``t`` makes ``seat``'s concealed tiles four sets and a pair. A tile
        with no copy nor neighbour among them cannot (no look-up needed); else ``t``
        is looked up in the seat's waits (:func:`~mahjongg.decomposition.waits`),
        worked out once per change of its tiles: a seat's hand is asked about every
        other seat's discard."""
        c = self._counts[seat]
        if not c[t]:
            for i in _NEIGHBOURS[t]:
                if c[i]:
                    break
            else:
                return False
        w = self._wait_sets[seat]
        if w is None:
            w = self._wait_sets[seat] = frozenset(waits(c)) or _NO_WAITS
        return t in w

    def _claim_options(self, seat: Wind, t: Tile, discarder: Wind) -> list[Action]:
        c = self._counts[seat]
        n = c[t]
        chow = t < 27 and seat == self._next[discarder] and self.ruleset.may_chow(self._melds[seat])
        dead = self._is_dead[seat]
        if not n and not chow and dead:
            return []
        acts: list[Action] = []
        if self._called[seat]:  # bound by Original Call: a discard only to go out
            n, chow = 0, False
        if not dead and not self._pending_bonus[seat]:
            # four sets and a pair with t: a look-up in the seat's waits (its tiles
            # change once a turn, the discards it is asked about three times)
            complete = self._completes(seat, t)
            if complete or self._maybe_special:
                c[t] += 1
                try:
                    if (complete or self.ruleset.could_be_special(c, self._melds[seat], self._bonus[seat])) and self._may_win(
                        seat, t, _BY_DISCARD, complete
                    ):
                        acts.append(_ACTS[MAHJONGG][seat][t])
                finally:
                    c[t] -= 1
        if n >= 2:
            if n >= 3 and self.wall.count > self.reserved:
                acts.append(_ACTS[KONG][seat][t])
            acts.append(_ACTS[PUNG][seat][t])
        if chow:
            r = t % 9
            # the runs t completes, lowest first
            chows = _CHOW_ACTS[seat][t]
            if r >= 2 and c[t - 2] and c[t - 1]:
                acts.append(chows[0])
            if 1 <= r <= 7 and c[t - 1] and c[t + 1]:
                acts.append(chows[1])
            if r <= 6 and c[t + 1] and c[t + 2]:
                acts.append(chows[2])
        if acts:
            acts.append(_ACTS[PASS][seat][t])
        return acts

    # --- applying actions -----------------------------------------------------------
    def apply(self, action: Action) -> None:
        """Play ``action``. Raises :class:`IllegalActionError` (game and log
        unchanged) if it is not legal now, or not an action at all (a kind,
        seat or tile of the wrong type: the message names it)."""
        try:
            seat = action.seat
        except AttributeError:
            seat = None
        if seat.__class__ is not Wind:  # the rest of a malformed action is checked below, if not the engine's own
            raise IllegalActionError(malformed(action))
        phase = self._phase
        if phase is OVER:
            raise IllegalActionError(malformed(action) or f"{action}: the hand is over")
        legal = self._legal[seat] or self.legal_actions(seat)
        # the engine's actions are shared objects: a bot hands one back (identity first)
        for x in legal:
            if x is action:
                break
        else:
            problem = malformed(action)
            if problem is not None:
                raise IllegalActionError(problem)
            if action not in legal:
                if action.kind is MAHJONGG and may_declare_falsely(self, action):
                    self._legal = [None, None, None, None]
                    self._opened = False
                    self.events.append(_action_event(action))
                    false_mahjongg(self, action.seat)
                    return
                raise IllegalActionError(explain(self, action))
        self._legal = [None, None, None, None]
        self._opened = False
        entry = _ACTION_EVENTS.get(id(action))
        self.events.append(entry[1].copy() if entry is not None and entry[0] is action else _action_event(action))
        k = action.kind
        if phase is CLAIMS:
            answers = self._answers
            answers[seat] = action
            if len(answers) == len(self._options):
                self._resolve_claims()
        elif k is DISCARD:
            self._discard(seat, action.tile)
        elif k is ORIGINAL_CALL:
            self._called[seat] = True
            self._rare = None
            self._discard(seat, action.tile)
        elif k is CONCEALED_KONG:
            self._concealed_kong(action.seat, action.tile)
        elif k is ADD_KONG:
            self._add_kong(action.seat, action.tile)
        elif k is MAHJONGG:
            self._win(action.seat, self._self_drawn_by(), action.tile)
        elif k is BONUS:
            self._lay_out_held(action.seat, action.tile)
        elif k is CAPTURE:
            self._capture(action.seat, action.tile)

    def declare_dead(self, seat: Wind, reason: str = "penalty") -> None:
        """Make ``seat``'s hand dead (a penalty): it keeps playing, cannot
        win, scores nothing and pays everyone. Logged, and replayed.
        Raises :class:`IllegalActionError` for a seat not playing or a hand
        that is over."""
        if type(seat) is not Wind:
            seat = self._seat(seat)
        if type(reason) is not str:
            raise IllegalActionError(f"the reason a hand is dead is words, not {reason!r}")
        if seat not in self.seats:
            raise IllegalActionError(f"{seat.letter} is not playing")
        if self._phase is OVER:
            raise IllegalActionError("the hand is over")
        if seat not in self._dead:
            self._opened = False
            self._legal = [None, None, None, None]
            self._mark_dead(seat, reason, penalty=True)
            if self._phase is CLAIMS and seat in self._options:
                # its Mah-Jongg lapses, offered or answered: a seat that had answered it
                # answers again from what a dead hand may still do (pung, kong, chow),
                # and is asked no more when PASS is all that is left
                answers = self._answers
                answer = answers.get(seat)
                if answer is not None and answer.kind is MAHJONGG:
                    del answers[seat]
                if seat not in answers:
                    opts = [a for a in self._options[seat] if a.kind is not MAHJONGG]
                    if len(opts) <= 1:
                        del self._options[seat]
                    else:
                        self._options[seat] = opts
                # every seat left has answered -- or none is left (the dead seat was the
                # only one that could answer): the window closes
                if len(self._answers) == len(self._options):
                    self._resolve_claims()

    def _seat(self, seat) -> Wind:
        """``seat`` as a Wind (an int 0-3 names one), or :class:`IllegalActionError`."""
        problem = seat_problem(seat)
        if problem is not None:
            raise IllegalActionError(problem)
        return Wind(seat)

    # --- the flow ---------------------------------------------------------------------
    def _log(self, **event) -> None:
        self.events.append(event)

    def _size(self, seat: Wind) -> int:
        return sum(self._counts[seat]) + len(self._pending_bonus[seat]) + 3 * len(self._melds[seat])

    def _check_size(self, seat: Wind, expected: int) -> None:
        n = sum(self._counts[seat]) + len(self._pending_bonus[seat]) + 3 * len(self._melds[seat])  # _size, inlined
        if n != expected and not self._is_dead[seat]:
            self._irregular = True
            self._mark_dead(seat, f"holds {n} tiles where {expected} are due", penalty=False)

    def _loose_drawn(self) -> None:
        """A loose tile was drawn: a kong box that is not replenished
        (``Ruleset.kong_box_replenished``) is one tile smaller, so the live
        wall keeps its length (Kajongg's kong box)."""
        if not self.ruleset.kong_box_replenished and self.reserved > 0:
            self.reserved -= 1

    def _mark_dead(self, seat: Wind, reason: str, penalty: bool) -> None:
        self._dead[seat] = reason
        self._is_dead[seat] = True
        self._rare = None
        self._log(type="dead_hand", seat=seat.letter, reason=reason, penalty=penalty)

    def _draw(self, seat: Wind, loose: bool, flower: bool = False) -> bool:
        """Draw for ``seat`` (a loose tile after a kong or a bonus tile:
        ``flower``). Returns False (and ends the hand drawn) if the wall is
        down to its reserve."""
        wall = self.wall
        while True:
            if wall.count <= self.reserved:  # not _can_draw()
                self._exhausted()
                return False
            if loose:
                t = wall.draw_loose()
                self._loose_drawn()
            else:
                t = wall.draw()
            self.events.append({"type": "draw", "seat": _LETTER[seat], "tile": _TSTR[t], "source": "loose" if loose else "wall"})
            if t < NUM_KINDS:
                # whether t completes the hand, when its waits are known already
                w = self._wait_sets[seat]
                self._drawn_completes = None if w is None else t in w
                self._counts[seat][t] += 1
                self._wait_sets[seat] = None
                break
            self._receive(seat, t)
            if self.ruleset.may_hold_back(t):
                break
            self._lay_bonus(seat, t)
            self._offer_capture(seat, t)
            loose = flower = True
        self._after_flower = flower
        if t >= NUM_KINDS:  # a tile held back is no winning tile
            self._drawn = self._drawn_completes = None
        else:
            self._drawn = t
        self._drawn_from = "loose" if loose else "wall"
        return True

    def _start_turn(self, seat: Wind) -> None:
        self._phase = TURN
        self._turn = seat
        if sum(self._counts[seat]) + len(self._pending_bonus[seat]) + 3 * len(self._melds[seat]) != 14:
            self._check_size(seat, 14)

    def _discard(self, seat: Wind, t: Tile) -> None:
        counts = self._counts
        c = counts[seat]
        c[t] -= 1
        self._wait_sets[seat] = None
        self._discards[seat].append(t)
        self._history.append((seat, t, None))
        self._played[seat] = True
        self._discarded[seat] = True
        if self.ruleset.must_declare_calling and not self._calling[seat] and self._is_calling(seat):
            # Kajongg (servertable _clientDiscarded3): told to every player at once
            self._calling[seat] = True
            self._rare = None
            self.events.append({"type": "calling", "seat": _LETTER[seat]})
        self._drawn = None
        self._drawn_from = None
        self._kongs_in_row = 0
        # no size check here: every turn starts with one (the deal's, or _start_turn's: a wrong
        # size makes the hand dead there) and a discard takes exactly one tile
        options = {}
        chow_seat = self._next[seat] if t < 27 else None
        pending = self._pending_bonus
        plain = not self._maybe_special
        wait_sets = self._wait_sets
        for s in self._others[seat]:
            cs = counts[s]
            if cs[t] < 2 and s is not chow_seat:
                # no pung, kong nor chow: only Mah-Jongg, ruled out here when it plainly cannot be
                if self._is_dead[s] or pending[s]:
                    continue
                if plain:
                    w = wait_sets[s]
                    if w is None:
                        if not self._completes(s, t):
                            continue
                    elif t not in w:
                        continue
            o = self._claim_options(s, t, seat)
            if o:
                options[s] = o
        if self._ask_all:  # every other seat answers, in seat order: PASS alone if it cannot claim
            options = {s: options.get(s) or (_ACTS[PASS][s][t],) for s in self._others[seat]}
        self._window_tile, self._window_from = t, seat
        if options:
            self._answers = {}
            self._options = options
            self._phase = CLAIMS
            self._opened = True
            return
        # nobody can claim: the discard is dead at once and the next player draws
        nxt = self._next[seat]
        self._phase = TURN
        if self._draw(nxt, loose=False):
            self._start_turn(nxt)

    def _resolve_claims(self) -> None:
        if self._washing:
            resolve_washing(self)
            return
        if self._robbing:
            self._resolve_robbing()
            return
        t, d = self._window_tile, self._window_from
        claims = [a for a in self._answers.values() if a.kind is not PASS]
        self._options, self._answers = {}, {}
        if not claims:
            # the discard is dead; the next player draws
            nxt = self._next[d]
            self._phase = TURN
            if self._draw(nxt, loose=False):
                self._start_turn(nxt)
            return
        # Mah-Jongg > pung/kong > chow; among equals the nearest the discarder counter-clockwise
        a = claims[0] if len(claims) == 1 else min(claims, key=lambda x: (_CLAIM_RANK[x.kind.value], (x.seat - d) % 4))
        seat = a.seat
        self._discards[d].pop()
        self._history[-1] = (d, t, seat)
        event = {"type": "claim", "seat": _LETTER[seat], "kind": a.kind.value, "tile": _TSTR[t]}
        if a.chow is not None:  # tile 0 (1b) is a run too
            event["chow"] = _TSTR[a.chow]
        event["from"] = _LETTER[d]
        self.events.append(event)
        c = self._counts[seat]
        self._wait_sets[seat] = None
        if a.kind is MAHJONGG:
            c[t] += 1
            self._win(seat, _BY_DISCARD, t)
            return
        self._played[seat] = True
        self._kongs_in_row = 0
        self._rare = None
        if a.kind is CHOW:
            low = a.chow
            for k in range(3):
                if low + k != t:
                    c[low + k] -= 1
            self._melds[seat].append(_meld(_M_CHOW, low, True))
        elif a.kind is PUNG:
            c[t] -= 2
            self._melds[seat].append(_meld(_M_PUNG, t, True))
        else:  # KONG: a discard claimed onto a pung held concealed (Meld.claimed where the ruleset reads it)
            c[t] -= 3
            self._melds[seat].append(_meld(_M_KONG, t, True, self.ruleset.claimed_kong_concealed))
            self._turn = seat
            self._kongs_in_row = 1
            if self._draw(seat, loose=True):
                self._start_turn(seat)
            return
        self._drawn, self._drawn_from = None, "claim"
        self._start_turn(seat)

    def _concealed_kong(self, seat: Wind, t: Tile) -> None:
        self._counts[seat][t] -= 4
        self._wait_sets[seat] = None
        self._melds[seat].append(_meld(_M_KONG, t, False))
        self._rare = None
        if CONCEALED_KONG in self._windows and self._open_robbing(seat, t, concealed=True):
            return
        # seed 001 (Heavenly Peace): the original hand survives kongs "grounded"
        self._after_kong(seat, played=not self.ruleset.original_through_kongs)

    def _add_kong(self, seat: Wind, t: Tile) -> None:
        melds = self._melds[seat]
        i = next(i for i, m in enumerate(melds) if m.kind is _M_PUNG and m.tile == t)
        melds[i] = _meld(_M_KONG, t, True)
        self._rare = None
        self._counts[seat][t] -= 1
        self._wait_sets[seat] = None
        self._played[seat] = True
        if ADD_KONG in self._windows and self._open_robbing(seat, t):
            return
        self._after_kong(seat)

    def _open_robbing(self, seat: Wind, t: Tile, concealed: bool = False) -> bool:
        """Robbing the kong: before the loose tile, every other seat whose
        hand ``t`` completes may go Mah-Jongg on it (a claim window on ``t``
        offering MAHJONGG and PASS). A ``concealed`` kong only for the hands
        the ruleset lets rob one (:meth:`~mahjongg.rules.Ruleset.may_rob_concealed_kong`).
        Returns whether the window opened."""
        options = {}
        r = self.ruleset
        for s in self.seats:
            if s == seat or self._is_dead[s]:
                continue
            c = self._counts[s]
            c[t] += 1
            try:
                ok = self._may_win(s, t, _BY_ROBBED)
                if ok and concealed:
                    sit = Situation(seat=s, round=self.round, win=self._make_win(s, _BY_ROBBED, t))
                    try:
                        ok = r.may_rob_concealed_kong(score_hand(self.hand(s), r, sit))
                    except ScoringError:
                        ok = False
            finally:
                c[t] -= 1
            if ok:
                options[s] = [_act(MAHJONGG, s, t), _act(PASS, s, t)]
            elif self._ask_all:
                options[s] = [_act(PASS, s, t)]
        if not options:
            return False
        self._window_tile, self._window_from = t, seat
        self._answers = {}
        self._options = options
        self._robbing = True
        self._robbing_concealed = concealed
        self._phase = CLAIMS
        self._opened = True
        return True

    def _resolve_robbing(self) -> None:
        t, d = self._window_tile, self._window_from
        claims = [a for a in self._answers.values() if a.kind is MAHJONGG]
        self._options, self._answers = {}, {}
        concealed, self._robbing, self._robbing_concealed = self._robbing_concealed, False, False
        self._phase = TURN
        if not claims:
            self._after_kong(d, played=not (concealed and self.ruleset.original_through_kongs))
            return
        # between two, the nearest the robbed player counter-clockwise
        seat = min(claims, key=lambda x: (x.seat - d) % 4).seat
        melds = self._melds[d]
        i = next(i for i, m in enumerate(melds) if m.kind is _M_KONG and m.exposed is not concealed and m.tile == t)
        if concealed:  # the three tiles left go back into the robbed player's hand
            del melds[i]
            self._counts[d][t] += 3
            self._wait_sets[d] = None
        else:
            melds[i] = _meld(_M_PUNG, t, True)
        self._rare = None
        self._log(type="claim", seat=seat.letter, kind=MAHJONGG.value, tile=str(t), **{"from": d.letter}, robbed=True)
        self._counts[seat][t] += 1
        self._wait_sets[seat] = None
        self._win(seat, _BY_ROBBED, t)

    def _lay_out_held(self, seat: Wind, t: Tile) -> None:
        """``seat`` lays out the bonus tile he held back, and draws a loose tile."""
        self._lay_bonus(seat, t)
        r = self.ruleset
        # a hunter laid out captures nothing any more
        self._captures = [e for e in self._captures if not (e[0] == seat and r.capture_claimant(e[2], e[1], {seat: (t,)}) == seat)]
        self._offer_capture(seat, t)
        if self._draw(seat, loose=True, flower=True):
            self._start_turn(seat)

    def _capture(self, seat: Wind, prey: Tile) -> None:
        """``seat`` lays out his held-back hunter and takes ``prey`` from the
        seat that laid it out; then draws a loose tile for the hunter."""
        r = self.ruleset
        _, frm, _ = next(e for e in self._captures if e[0] == seat and e[2] == prey)
        hunter = next(h for h in self._pending_bonus[seat] if r.capture_claimant(prey, frm, {seat: (h,)}) == seat)
        self._captures = [e for e in self._captures if e[2] != prey]
        self._pending_bonus[seat].remove(hunter)
        self._bonus[frm].remove(prey)
        self._bonus[seat].extend((hunter, prey))
        self._rare = None
        self._log(type="capture", seat=seat.letter, tile=str(prey), hunter=str(hunter), **{"from": frm.letter})
        if self._draw(seat, loose=True, flower=True):
            self._start_turn(seat)

    def _after_kong(self, seat: Wind, played: bool = True) -> None:
        if played:
            self._played[seat] = True
        self._kongs_in_row += 1
        if self._draw(seat, loose=True):
            self._start_turn(seat)

    def _exhausted(self) -> None:
        self._log(type="exhausted", wall_count=self.wall.count)
        finish(self, None, None)

    def _self_drawn_by(self) -> WinBy:
        return _BY_LOOSE if self._drawn_from == "loose" else _BY_WALL

    def _make_win(self, seat: Wind, by: WinBy, t: Tile) -> Win:
        """How ``seat`` wins on ``t`` now (the tile already in its hand)."""
        if by is _BY_ROBBED:
            last_tile = False
        elif by is _BY_DISCARD:
            # the discard under claim was made after the last tile was drawn
            last_tile = self.wall.count <= self.reserved
        else:
            last_tile = self.wall.count <= self.reserved and self._drawn_from != "deal"
        return Win(
            tile=t,
            by=by,
            last_tile=last_tile,
            # concealed kongs only (``original_through_kongs``): any other meld is "played"
            original=by is not _BY_ROBBED and not self._played[seat] and not any(m.exposed for m in self._melds[seat]),
            after_kong_on_kong=by is _BY_LOOSE and self._kongs_in_row >= 2,
            after_flower=by is _BY_LOOSE and self._after_flower,
            first_discard=by is _BY_DISCARD and len(self._history) == 1 and self._history[0][0] == Wind.EAST,
            original_call=self._called[seat],
            wins_in_row=self.east_wins + 1 if seat == Wind.EAST else 0,
        )

    def _may_win(self, seat: Wind, t: Tile, by: WinBy, complete: bool | None = None, undeclared: bool = False) -> bool:
        """Whether ``seat`` (holding ``t`` among its concealed tiles) may declare
        Mah-Jongg: four sets and a pair, or a special shape the ruleset
        scores; and the ruleset's minimum (faan) if it has one. ``complete``:
        whether the concealed tiles are four sets and a pair, if known (False:
        they are not, and the ruleset's :meth:`~mahjongg.rules.Ruleset.could_be_special`
        has said yes). ``undeclared``: whether the hand would win, a calling
        hand declared or not (:meth:`~mahjongg.rules.Ruleset.may_win_undeclared`)."""
        if self._is_dead[seat] or self._pending_bonus[seat]:
            # a bonus tile held back takes a place in the hand: no Mah-Jongg with it
            return False
        r = self.ruleset
        if not undeclared and not self._calling[seat] and not r.may_win_undeclared(self._discarded[seat]):
            return False
        counts = self._counts[seat]
        if complete is None:
            # a tile that fits no set nor pair: not four sets and a pair (skip the full test)
            complete = not _isolated(counts, t) and is_complete(counts)
            if not complete and not r.could_be_special(counts, self._melds[seat], self._bonus[seat]):
                return False
        if complete:
            # four sets and a pair the ruleset takes as they are (no faan minimum; a
            # reading within its limit on chows), or refuses as they are (only readings
            # over its limit on chows, no special hand): nothing to score
            if r.wins_unscored(counts, self._melds[seat]):
                return True
            if r.refuses_unscored(counts, self._melds[seat], self._bonus[seat]):
                return False
        sit = Situation(seat=seat, round=self.round, win=self._make_win(seat, by, t))
        hand = self.hand(seat)
        try:
            score = score_hand(hand, r, sit)
        except ScoringError:
            return False
        # kept for ending.finish: the same hand winning the same way scores the same
        self._scored = (sit, hand, score)
        return r.may_declare(score)

    def _win(self, seat: Wind, by: WinBy, t: Tile) -> None:
        finish(self, seat, self._make_win(seat, by, t))

    # --- views --------------------------------------------------------------------------
    def observation(self, seat: Wind) -> Observation:
        """What ``seat`` may see now: a plain value (:class:`Observation`)
        that holds nothing of the Game -- only immutable values copied or
        shared from the public state and ``seat``'s own tiles. Its fields
        are worked out from those on first use (a bot may read nothing).
        Raises :class:`IllegalActionError` for a seat not playing."""
        if type(seat) is not Wind:
            seat = self._seat(seat)
        if seat >= self.players:
            raise IllegalActionError(f"{seat.letter} is not playing (a game of {self.players})")
        rare = self._rare
        if rare is None:
            n = self.players
            rare = self._rare = (
                tuple(map(tuple, self._melds[:n])),
                tuple(map(tuple, self._bonus[:n])),
                frozenset(self._dead),
                frozenset(s for s in self.seats if self._called[s]),
                frozenset(s for s in self.seats if self._calling[s]),
            )
        phase = self._phase
        # how many concealed tiles each seat holds: worked out from the melds and whose turn
        # it is (observation.py), but counted when that reading may not hold
        held = tuple(map(self._concealed_count, self.seats)) if phase is OVER or self._irregular else None
        obs = _new(Observation)
        d = obs.__dict__
        d["_raw"] = (
            seat,
            self._fixed,
            phase,
            self._turn,
            self._drawn,
            self._drawn_from,
            tuple(self._counts[seat]),
            rare,
            tuple(self._history),
            self.wall.count,
            self._window_tile,
            self._window_from,
            phase is CLAIMS and seat in self._options and seat not in self._answers,
            self._washing,
            held,
        )
        pending = self._pending_bonus[seat]
        d["hidden"] = tuple(pending) if pending else ()
        d["robbing"] = self._robbing
        d["original_call"] = rare[3]
        d["calling"] = rare[4]
        return obs

    def _concealed_count(self, seat: Wind) -> int:
        """The concealed tiles ``seat`` holds, a held-back bonus tile included."""
        return sum(self._counts[seat]) + len(self._pending_bonus[seat])

    def _observation_fields(self, seat: Wind) -> dict:
        """Every field of ``seat``'s observation now, worked out."""
        return dict(vars(materialized(self.observation(seat))))

    def snapshot(self) -> dict:
        """The whole state as plain values (wall order included): for tests and replays, never for a seat."""
        return {
            "phase": str(self._phase),
            "turn": self._turn.letter,
            "hands": {s.letter: str(self.hand(s)) for s in self.seats},
            "discards": {s.letter: [str(t) for t in self._discards[s]] for s in self.seats},
            "history": [[h[0].letter, str(h[1]), h[2].letter if h[2] is not None else None] for h in self._history],
            "wall": [str(t) for t in self.wall.live()],
            "loose": [str(t) for t in self.wall.loose],
            "dead": sorted(s.letter for s in self._dead),
            "drawn": str(self._drawn) if self._drawn is not None else None,
            "to_act": [s.letter for s in self.to_act()],
            "result": self._result.to_dict() if self._result else None,
        }

    def tiles_everywhere(self) -> list[Tile]:
        """Every tile of the set wherever it is (wall, loose tiles, hands, melds,
        bonus tiles, discards): for the accounting invariant."""
        out = list(self.wall.remaining())
        for s in self.seats:
            out.extend(_tiles_of(self._counts[s]))
            for m in self._melds[s]:
                out.extend(m.tiles)
            out.extend(self._bonus[s])
            out.extend(self._discards[s])
            out.extend(self._pending_bonus[s])
        return out

    def __repr__(self) -> str:
        return f"<Game {self.ruleset.name} seed={self.seed} {self._phase} turn={self._turn.letter} wall={self.wall.count}>"


def _as_list(events) -> list:
    """A log given as any iterable, as a list (:class:`ReplayError` for what is none)."""
    if isinstance(events, list):
        return events
    try:
        return list(events)
    except TypeError:
        raise ReplayError(f"an event log is a list of events, not {type(events).__name__}") from None


def replay_steps(events: Sequence[dict], ruleset: Ruleset | None = None) -> Iterator["Game"]:
    """The game a log records, step by step: the same :class:`Game` yielded once
    dealt, then again after each action (and penalty) of the log is applied to it
    -- a replay page reads each step's hands and events before asking for the
    next. ``events``: the list of dicts; ``ruleset`` as for :func:`replay`
    (which is this, run to the end and checked). Raises :class:`ReplayError`
    for a log that is not one of :mod:`~mahjongg.table.log_schema` (naming the
    event and the field), and for an event the engine refuses (naming it)."""
    events = _as_list(events)
    check_log(events)  # every event's fields and their types (log_schema); ReplayError naming them
    setup = events[0]
    try:
        game = Game(
            logged_ruleset(setup, ruleset),
            setup["seed"],
            setup["players"],
            Wind.parse(setup["round"]),
            wall=setup["wall"],
            allow_false_mahjongg=setup.get("allow_false_mahjongg", False),
            claims=setup.get("claims", "able"),
            east_wins=setup.get("east_wins", 0),
            dice=(tuple(setup["dice"]["east"]),) + ((tuple(setup["dice"]["break"]),) if setup["dice"]["break"] else ()),
            log_version=log_version(setup),
        )
    except MahjonggError as exc:  # an unknown ruleset, a wall not of its set, bad dice, ...
        raise ReplayError(f"event 0 (setup): {exc}") from None
    yield game
    for i, e in enumerate(events[1:], 1):
        t = e["type"]
        if t != "action" and not (t == "dead_hand" and e["penalty"]):
            continue
        try:
            if t == "action":
                game.apply(Action.from_dict(e))
            else:
                game.declare_dead(Wind.parse(e["seat"]), e["reason"])
        except MahjonggError as exc:  # not legal now, the hand over, ...
            raise ReplayError(f"event {i} ({t}): {exc}") from None
        yield game


def replay(events: Iterable[dict] | str, ruleset: Ruleset | None = None, *, check: bool = True):
    """The :class:`~mahjongg.table.Game` the log records, replayed.

    ``events``: the list of dicts or the JSON-lines text. ``ruleset``: the
    ruleset to use if the log's ruleset name is not a known one (its options
    from the log are applied to it). Raises :class:`ReplayError` for a log
    that is not one (:func:`replay_steps`) and, with ``check``, if the replay
    does not produce the same events (naming the first event and field that differ).
    """
    if isinstance(events, str):
        events = from_jsonl(events)
    events = _as_list(events)
    game = None
    for game in replay_steps(events, ruleset):
        pass
    if check:
        mine = json.loads(json.dumps(game.events))
        try:  # a log built in Python may hold tuples where JSON has lists
            theirs = json.loads(json.dumps(events))
        except (TypeError, ValueError) as exc:
            raise ReplayError(f"the event log holds a value JSON cannot hold: {exc}") from None
        if mine != theirs:
            mine, theirs = _unworded(mine), _unworded(theirs)
            if mine != theirs:
                raise ReplayError(_first_difference(mine, theirs))
    return game


def _unworded(events: list[dict]) -> list[dict]:
    """``events`` with the names of the end event's score items left out: their
    wording is the scorer's words at the time the log was written ("pung of 1
    dots" before, "pung of 1 dot" now), not a fact of the hand; the items'
    points, doubles and faan, and every other field, are still compared."""
    out = []
    for e in events:
        if e.get("type") == "end" and isinstance(e.get("scores"), dict):
            e = dict(e, scores={
                seat: dict(card, items=[{k: v for k, v in item.items() if k != "name"} for item in card["items"]])
                if isinstance(card, dict) and isinstance(card.get("items"), list) and all(isinstance(i, dict) for i in card["items"]) else card
                for seat, card in e["scores"].items()
            })
        out.append(e)
    return out


def _first_difference(mine: list[dict], theirs: list[dict]) -> str:
    """The first event where a replay (``mine``) and its log (``theirs``) part, and the field."""
    for i, (a, b) in enumerate(zip(mine, theirs)):
        if a == b:
            continue
        if a["type"] != b["type"]:
            return f"event {i} is a {b['type']} event in the log, a {a['type']} event on replay"
        for k in sorted(set(a) | set(b)):
            if a.get(k, _ABSENT) != b.get(k, _ABSENT):
                shown = {x: "absent" if v is _ABSENT else json.dumps(v)[:60] for x, v in (("log", b.get(k, _ABSENT)), ("replay", a.get(k, _ABSENT)))}
                return f"event {i} ({b['type']}): field {k} is {shown['log']} in the log, {shown['replay']} on replay"
    if len(mine) > len(theirs):
        return f"the log stops after event {len(theirs) - 1}; the replay goes on with a {mine[len(theirs)]['type']} event"
    return f"the replay ends after event {len(mine) - 1}; the log goes on with a {theirs[len(mine)]['type']} event"


_ABSENT = object()
