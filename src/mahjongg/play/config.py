"""One match configuration: the ruleset and its options, the length, who plays, the seed.

``MatchConfig.make(ruleset="pung-chow", hands=4, players=[None, "greedy", "cautious", "greedy"], seed=7)``
checks every field once and raises :class:`ConfigError` naming the first bad
one; ``mahjongg play``, ``mahjongg serve``, ``mahjongg simulate`` and the
library (:class:`~mahjongg.play.session.Session`) all build their matches from
it, so a field means the same and is refused with the same words everywhere.

Fields:

``ruleset``   a ruleset name (:data:`mahjongg.rules.RULESETS`)
``options``   ruleset options a match may change (:data:`OPTION_FIELDS`):
              ``limit`` / ``payment_limit`` (points, or ``None``),
              ``east_factor`` (a whole number), ``settle_draws`` (true/false),
              ``special_tiles`` (one of the ruleset's ``special_tile_sets``)
``hands``     the match's length in hands, or
``rounds``    in wind rounds (neither: the ruleset's ``match_rounds``)
``players``   one entry per player number (0, 1, ... in the order they first
              sit down): a bot name (:data:`mahjongg.bots.BOTS`), or ``None``
              for a human; two to four players
``names``     how the table calls each player (default: the bot's name, "You"
              for a human)
``seed``      the match's seed (a whole number >= 0): the same seed seats the
              players, deals the hands and seeds the bots
              (:func:`~mahjongg.play.seeds.bot_seed`) the same way
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from ..bots import BotError, check_bot, make_bot
from ..errors import MahjonggError
from ..rules import get_ruleset
from ..rules.ruleset import Ruleset, RulesetError

__all__ = ["MatchConfig", "ConfigError", "OPTION_FIELDS", "match_options", "table_ruleset"]

OPTION_FIELDS = ("limit", "payment_limit", "east_factor", "settle_draws", "draw_keeps_deal", "special_tiles")
"""Ruleset options a match may set (the others change the set of tiles or the play)."""

NO_LIMIT_OPTIONS = ("limit", "payment_limit")
"""The options of :data:`OPTION_FIELDS` that are a number or ``None`` (no limit)."""

MAX_OPTION = 1_000_000
"""The largest number a match's option may be."""


def match_options(ruleset: Ruleset) -> list[dict]:
    """The options a match on ``ruleset`` may set (:data:`OPTION_FIELDS`), as an app draws
    a control for each: ``{"option", "kind", "value", ...}`` with ``value`` the ruleset's own
    and ``kind`` one of ``"yes-no"`` (true or false), ``"number"`` (a whole number from
    ``min`` to ``max``; ``none``: ``None`` may be given, no limit) or ``"choice"`` (one of
    ``choices``, ``None`` among them for none). What :meth:`MatchConfig.make` accepts."""
    out = []
    for k in OPTION_FIELDS:
        value = getattr(ruleset, k)
        if k == "special_tiles":
            out.append({"option": k, "kind": "choice", "value": value, "choices": [None, *ruleset.special_tile_sets]})
        elif isinstance(value, bool):  # a yes-or-no option: the ruleset's own value says so
            out.append({"option": k, "kind": "yes-no", "value": value})
        else:
            none = k in NO_LIMIT_OPTIONS and _takes_none(ruleset, k)
            out.append({"option": k, "kind": "number", "value": value, "min": 1, "max": MAX_OPTION, "none": none})
    return out


@functools.lru_cache(maxsize=256)
def _takes_none(ruleset: Ruleset, k: str) -> bool:
    """Whether ``ruleset`` may be played with option ``k`` ``None`` (no limit): the ruleset
    says so (pung-chow-limit needs its limit)."""
    try:
        ruleset.with_options(**{k: None})
    except RulesetError:
        return False
    return True


HUMAN = None
"""A human player's entry in ``players``."""


class ConfigError(MahjonggError):
    """A bad field of a match configuration (the message names the field)."""


def _whole(name: str, v: Any, lo: int = 1, hi: int | None = None) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or v < lo or (hi is not None and v > hi):
        span = f"from {lo} to {hi}" if hi is not None else f"of at least {lo}"
        raise ConfigError(f"{name} must be a whole number {span}, not {v!r}")
    return v


_TABLE_RULESETS: dict = {}


def table_ruleset(name: str, options: Mapping[str, Any] | None = None) -> Ruleset:
    """The ruleset called ``name`` with ``options`` applied (:meth:`Ruleset.with_options`;
    none: the registered value), one value for the same name and options: made once
    and kept (a bounded cache), so that hand after hand, match after match, the bots
    and the scorer find what they remembered under it (their memo tables are keyed by
    the value, the scorer's by its identity). Raises as ``with_options`` does."""
    base = get_ruleset(name)
    if not options:
        return base
    key = (base.name, tuple(sorted(options.items())))
    value = _TABLE_RULESETS.get(key)
    if value is None:
        if len(_TABLE_RULESETS) >= 64:  # only a cache
            _TABLE_RULESETS.clear()
        value = _TABLE_RULESETS[key] = base.with_options(**options)
    return value


@dataclass(frozen=True)
class MatchConfig:
    """A checked match configuration (build it with :meth:`make`; see the module docs)."""

    ruleset: str = "pung-chow"
    options: Mapping[str, Any] = field(default_factory=dict)
    hands: int | None = None
    rounds: int | None = None
    players: tuple[str | None, ...] = ("greedy", "greedy", "greedy", "greedy")
    names: tuple[str, ...] = ()
    seed: int = 0

    @classmethod
    def make(
        cls,
        ruleset: str = "pung-chow",
        options: Mapping[str, Any] | None = None,
        *,
        hands: int | None = None,
        rounds: int | None = None,
        players: Sequence[str | None] = ("greedy", "greedy", "greedy", "greedy"),
        names: Sequence[str] | None = None,
        seed: int | None = None,
        max_hands: int | None = None,
        max_rounds: int | None = None,
    ) -> "MatchConfig":
        """A checked configuration; raises :class:`ConfigError` naming the first bad field.

        ``seed`` ``None``: one is drawn at random (and kept, so the match can be
        replayed and resumed). ``max_hands``, ``max_rounds``: an app's own caps
        (the web server takes at most 64 hands or 4 rounds)."""
        if not isinstance(ruleset, str):
            raise ConfigError(f"ruleset must be a ruleset name, not {ruleset!r}")
        try:
            base = get_ruleset(ruleset)
        except MahjonggError as exc:
            raise ConfigError(f"ruleset: {exc}") from None
        options = {} if options is None else options
        if not isinstance(options, Mapping):
            raise ConfigError("options must be a mapping of option names to values")
        checked: dict[str, Any] = {}
        controls = {o["option"]: o for o in match_options(base)}
        for k, v in options.items():
            o = controls.get(k)
            if o is None:
                raise ConfigError(f"unknown option {k!r}; a match may set {', '.join(OPTION_FIELDS)}")
            if o["kind"] == "choice":
                if v not in o["choices"]:
                    sets = base.special_tile_sets
                    has = f"one of {', '.join(sets)}" if sets else f"{base.name} has no special tiles"
                    raise ConfigError(f"special_tiles: {has}, not {v!r}")
            elif o["kind"] == "yes-no":
                if not isinstance(v, bool):
                    raise ConfigError(f"{k} is true or false, not {v!r}")
            elif not (v is None and o["none"]):
                _whole(k, v, o["min"], o["max"])
            checked[k] = v
        if hands is not None and rounds is not None:
            raise ConfigError("a match is so many hands or so many rounds long, not both")
        if hands is not None:
            _whole("hands", hands, 1, max_hands)
        if rounds is not None:
            _whole("rounds", rounds, 1, max_rounds)
        if hands is None and rounds is None and max_hands is not None:
            hands = 1
        if isinstance(players, str) or not isinstance(players, Sequence):
            raise ConfigError("players must be a list: a bot name or None (a human) per player")
        players = tuple(players)
        if not 2 <= len(players) <= 4:
            raise ConfigError(f"a match is played by two, three or four players, not {len(players)}")
        known: list[str | None] = []
        for p in players:
            if p is None:
                known.append(None)
                continue
            if not isinstance(p, str):
                raise ConfigError(f"a player is a bot name or None (a human), not {p!r}")
            try:
                known.append(check_bot(p))  # a registry name (in lower case) or KIND:ARG (policy:FILE), made once
            except BotError as exc:
                raise ConfigError(f"players: {exc}") from None
        try:
            rules = table_ruleset(base.name, checked)
        except RulesetError as exc:  # a value the ruleset cannot take (pung-chow-limit without a limit)
            raise ConfigError(f"options: {exc}") from None
        for p in dict.fromkeys(k for k in known if k is not None):
            try:
                make_bot(p, 0).check_table(rules)  # (the learned bot: a ruleset it has weights for)
            except BotError as exc:
                raise ConfigError(f"players: {exc}") from None
        if names is None:
            names = tuple("You" if p is None else p for p in known)
        names = tuple(names)
        if len(names) != len(players) or not all(isinstance(n, str) and n.strip() for n in names):
            raise ConfigError(f"names must be {len(players)} names, one per player, not {list(names)!r}")
        if seed is None:
            seed = random.randrange(2**32)
        _whole("seed", seed, 0)
        return cls(base.name, checked, hands, rounds, tuple(known), names, seed)

    # --- reading ---------------------------------------------------------------------
    def ruleset_value(self) -> Ruleset:
        """The ruleset with the options applied (:func:`table_ruleset`)."""
        return table_ruleset(self.ruleset, self.options)

    @property
    def humans(self) -> tuple[int, ...]:
        """The player numbers of the humans."""
        return tuple(p for p, b in enumerate(self.players) if b is None)

    def to_dict(self) -> dict:
        return {
            "ruleset": self.ruleset,
            "options": dict(self.options),
            "hands": self.hands,
            "rounds": self.rounds,
            "players": list(self.players),
            "names": list(self.names),
            "seed": self.seed,
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "MatchConfig":
        """A configuration read back (from a journal), checked again."""
        if not isinstance(d, Mapping):
            raise ConfigError("a match configuration is an object")
        return cls.make(
            d.get("ruleset", "pung-chow"),
            d.get("options") or {},
            hands=d.get("hands"),
            rounds=d.get("rounds"),
            players=d.get("players", ()),
            names=d.get("names"),
            seed=d.get("seed"),
        )
