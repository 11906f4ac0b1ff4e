"""Rulesets: values holding options and scoring rules.

``RULESETS`` maps each ruleset's name to its value; :func:`get_ruleset`
looks one up with a clear error.
"""

from .context import Reading, Situation, Win, WinBy
from .items import Item, ScoringRule, Wording
from .hong_kong import HONG_KONG
from .hong_kong_136 import HONG_KONG_136
from .league import BMJA, DMJL
from .pung_chow import PUNG_CHOW
from .pung_chow_limit import PUNG_CHOW_LIMIT
from .ruleset import Ruleset, RulesetError
from .traditional import TRADITIONAL, TRADITIONAL_SPECIAL_TILES

RULESETS: dict[str, Ruleset] = {
    r.name: r for r in (PUNG_CHOW, HONG_KONG, HONG_KONG_136, PUNG_CHOW_LIMIT, TRADITIONAL, TRADITIONAL_SPECIAL_TILES, DMJL, BMJA)
}


def get_ruleset(name: str) -> Ruleset:
    """The ruleset called ``name``, in either case (``PUNG-CHOW`` is ``pung-chow``,
    as seats are ``e`` or ``E``); raises :class:`RulesetError` listing the known ones."""
    try:
        return RULESETS[name.strip().lower() if isinstance(name, str) else name]
    except KeyError:
        raise RulesetError(f"unknown ruleset {name!r}; known: {', '.join(sorted(RULESETS))}") from None


def ruleset_with(name: str, *, special_tiles: str | None = None) -> Ruleset:
    """The ruleset called ``name``, with the set of special tiles
    ``special_tiles`` (``None``: as registered); raises :class:`RulesetError`
    for an unknown name or a set the ruleset does not play
    (:attr:`Ruleset.special_tile_sets`)."""
    r = get_ruleset(name)
    return r if special_tiles is None else r.with_options(special_tiles=special_tiles)


__all__ = ["RULESETS", "get_ruleset", "ruleset_with", "Ruleset", "RulesetError", "PUNG_CHOW", "TRADITIONAL", "TRADITIONAL_SPECIAL_TILES", "HONG_KONG", "HONG_KONG_136", "PUNG_CHOW_LIMIT", "DMJL", "BMJA", "Reading", "Situation", "Win", "WinBy", "Item", "ScoringRule", "Wording"]
