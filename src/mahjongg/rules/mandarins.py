"""The Mandarins (Flowers and Seasons) in Pung Chow: an option, off by default.

Seed 000 (Pung Chow Part I), "Use of the Mandarins (Flowers and Seasons)":
"They may be eliminated from the set and are not usually used in the play
... If they are used, each side of the wall is increased by two tiles, making
each side a double tiered row of 18 tiles side by side. Then, if a player
draws one of his own wind mandarins, he exposes it on the table and draws a
loose tile, the mandarin of his own wind permitting him to double his score
once. If then he draws the other mandarin of his own wind he repeats the
above process and may double his total score again. Where Seasons and
Flowers are used instead of mandarins the numbers on them, 1, 2, 3 and 4,
represent East, South, West and North winds respectively ... One's own
Season will double the value of his hand, as will his own Flower. Both of
them will double the value twice."

The set's eight Mandarins are the Flowers f1-f4 and Seasons s1-s4 (number 1
East ... 4 North). :class:`MandarinsOption` is the ``mandarins`` field of
both Pung Chow rulesets: ``PUNG_CHOW.with_options(mandarins=True)`` plays the
144 tiles in walls of 18 stacks and scores the own-wind doubles (every hand:
they are doubling honors, which "all four players may use"); off, the set,
the wall and the scoring rules are those of the book's usual game. Any
Mandarin drawn is laid out and replaced with a loose tile (the engine does
so for every bonus tile); only one's own two double. The option never
changes the engine: it sets ``bonus_tiles`` and ``wall_stacks``, which the
engine reads, and adds the scoring rule.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..tiles import TILES
from .ruleset import Ruleset, RulesetError
from .traditional_items import OwnSeasonDoubles

__all__ = ["MandarinsOption", "MANDARIN_TILES", "MANDARIN_STACKS", "OWN_MANDARIN"]

MANDARIN_TILES: tuple[int, ...] = tuple(int(t) for t in TILES[34:42])
"""The Flowers f1-f4 and Seasons s1-s4, as tile indices (``Ruleset.bonus_tiles``)."""

MANDARIN_STACKS = 18
"""Stacks per side of the wall with the Mandarins ("increased by two tiles ... 18 tiles")."""

USUAL_STACKS = 17

SOURCE = "seed 000 Part I, Use of the Mandarins"

OWN_MANDARIN = OwnSeasonDoubles(
    "own mandarin",
    SOURCE + ": the mandarin of his own wind (Season or Flower 1 East ... 4 North) doubles once; both, twice",
    one=1,
    both=2,
)
"""The scoring rule the option adds: one own-wind Mandarin doubles once, both twice."""


@dataclass(frozen=True)
class MandarinsOption(Ruleset):
    """A Pung Chow ruleset with the ``mandarins`` option (off by default).

    ``with_options(mandarins=True)`` also sets ``bonus_tiles`` to the eight
    Mandarins and ``wall_stacks`` to 18 (``False``: none, 17) unless they are
    given; the ``own mandarin`` scoring rule is in ``rules`` exactly when the
    option is on. Raises :class:`RulesetError` for a set that does not match
    the option.
    """

    __hash__ = Ruleset.__hash__  # by the name (Ruleset.__hash__), not every scoring rule

    mandarins: bool = False

    def __post_init__(self) -> None:
        super().__post_init__()
        if type(self.mandarins) is not bool:
            raise RulesetError(f"mandarins is yes or no (True/False), not {self.mandarins!r}")
        tiles, stacks = (MANDARIN_TILES, MANDARIN_STACKS) if self.mandarins else ((), USUAL_STACKS)
        if tuple(self.bonus_tiles) != tiles or self.wall_stacks != stacks:
            state = "on" if self.mandarins else "off"
            raise RulesetError(
                f"{self.name}: with the Mandarins {state} the set has {len(tiles)} Flowers and Seasons "
                f"in walls of {stacks} stacks (Harr, Pung Chow (1922), Part I, Use of the Mandarins), "
                f"not {len(self.bonus_tiles)} in walls of {self.wall_stacks}"
            )
        rules = tuple(r for r in self.rules if r.name != OWN_MANDARIN.name)
        if self.mandarins:
            rules += (OWN_MANDARIN,)
        object.__setattr__(self, "rules", rules)

    def with_options(self, **changes) -> "Ruleset":
        if "mandarins" in changes:
            on = changes["mandarins"]
            changes.setdefault("bonus_tiles", MANDARIN_TILES if on is True else ())
            changes.setdefault("wall_stacks", MANDARIN_STACKS if on is True else USUAL_STACKS)
        return super().with_options(**changes)
