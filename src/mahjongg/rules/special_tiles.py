"""The special tiles of ``traditional``: hunters, their prey, and the capture rule.

Pure values and functions; the engine calls :func:`capture_claimant` when a
special tile is laid out, and the scoring rules use :data:`HUNTERS`.

Source: seed 001, "additional special tiles": "the Man and the Bag/Pot of
Gold, the Cat and the Mouse, or, the Fisherman, the Fish, the Cock or
Rooster, and the Worm ... they will normally only include one set or the
other ... used in lieu of one set of Seasons or Flowers ... If a player
exposes the Fish tile prior to the Fisherman being exposed, then any player
holding the Fisherman in their hand has the right to claim the Fish tile for
their own and includes both tiles as exposed tiles within their hand. This
also holds true for the Mouse and Cat tiles, the Bag/Pot of Gold and Man
tiles, the Worm and Cock/Rooster tiles." Readings: ``docs/rules/traditional.md``.
"""

from __future__ import annotations

from typing import Collection, Iterable, Mapping

from ..tiles import Tile, Wind, tile

__all__ = [
    "HUNTERS",
    "PREY",
    "SPECIAL_SETS",
    "hunter_of",
    "prey_of",
    "capture_claimant",
]

HUNTERS: Mapping[Tile, Tile] = {
    tile("Cat"): tile("Mouse"),
    tile("Fisherman"): tile("Fish"),
    tile("Cock"): tile("Worm"),
    tile("Man"): tile("Gold"),
}
"""Each hunter and the prey it may capture (a matched pair: hunter and prey)."""

PREY: Mapping[Tile, Tile] = {prey: hunter for hunter, prey in HUNTERS.items()}
"""Each prey and its hunter."""

SPECIAL_SETS: Mapping[str, tuple[Tile, ...]] = {
    "cat-and-man": (tile("Cat"), tile("Mouse"), tile("Man"), tile("Gold")),
    "fisherman-and-cock": (tile("Fisherman"), tile("Fish"), tile("Cock"), tile("Worm")),
}
"""The two sets of four special tiles a set of tiles ships with ("one set or the
other"): each has two pairs, and replaces one series of Flowers."""


def hunter_of(t: Tile) -> Tile | None:
    """The hunter that may capture ``t`` (``Cat`` for ``Mouse``), or ``None``."""
    return PREY.get(t)


def prey_of(t: Tile) -> Tile | None:
    """The prey ``t`` hunts (``Mouse`` for ``Cat``), or ``None``."""
    return HUNTERS.get(t)


def capture_claimant(
    exposed: Tile,
    exposer: Wind,
    hidden: Mapping[Wind, Iterable[Tile]],
    laid_out: Collection[Tile] = (),
) -> Wind | None:
    """Who may capture the special tile ``exposed`` that ``exposer`` has just laid out.

    ``hidden``: each seat's bonus tiles held concealed (``Hand.hidden``);
    ``laid_out``: every bonus tile already laid out at the table, any seat,
    before ``exposed``. Returns the seat holding the hunter of ``exposed``
    concealed, if the hunter has not been laid out before and that seat is
    not the exposer; otherwise ``None``.

    The claimant lays out his hunter and the prey together (both score as
    his); the exposer loses the prey (he already drew its loose tile). The
    claimant draws a loose tile for his hunter, which took a place in his
    hand while he held it (``docs/rules/traditional.md``).
    """
    hunter = hunter_of(exposed)
    if hunter is None or hunter in laid_out:
        return None
    for seat, tiles in hidden.items():
        if seat != exposer and hunter in tuple(tiles):
            return seat
    return None
