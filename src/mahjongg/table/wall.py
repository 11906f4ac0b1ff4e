"""The wall: building, breaking, drawing, loose tiles, and the deal.

Source: seed 000 (Pung Chow Part I), "Procedure of play", B and C, and
"Four of a kind"; Part II, "The procedure of play" (the last 14 tiles).

Geometry (the reading this module implements; ``docs/rules/table.md``):

* Each seat builds one side in front of him, ``stacks`` stacks long and two
  high. A *built wall* is listed side by side -- East, South, West, North --
  each side from its right end (as its builder sees it; stack 1) to its left
  end, each stack top tile then bottom tile.
* The breaker counts the sum of the two throws off from the right end of his
  own side; the count runs on to the side of the player on his left if it
  is longer than his side. That stack is lifted out: its two tiles are the
  *loose tiles*, laid on top of the wall just to the right of the gap.
* The wall is drawn from the left of the gap, going left (clockwise round
  the table: from the breaker's side to that of the player on his left),
  each stack top tile first. The stack just right of the gap is the *end of
  the wall*.
* Loose tiles: "the one farthest from the end is taken, the one on the end
  moved up, and replaced by a tile from the end of the wall itself." The
  broken stack's top tile lies farthest from the end (taken first), its
  bottom tile on the end; each loose tile taken is replaced by the top,
  then the bottom tile of the stack at the end of the wall.
* ``loose_refill`` (the ruleset's): ``"each"`` as above (seed 000);
  ``"pair"`` -- the two loose tiles are replaced only when both are used,
  by the top and bottom tile of the stack at the end (seed 001: "Should both
  loose tiles be used ... the two last pieces are placed on top of end of
  wall as new loose tiles"); ``"end"`` -- no stack is lifted: the counted
  stack stays as the end of the wall, drawing starts just left of it, and
  each loose tile is the top, then bottom, tile of the stack at the very
  end (seed 003: "pick one tile from the very end of the Wall").
* :attr:`Wall.count` counts the live wall and the loose tiles together, as
  the book counts "the last 14 tiles ... including the loose tiles".
* A ruleset that draws the whole wall (Pung Chow Part I, ``reserved_tiles``
  0): once the live wall is used up, the next draws take the loose tiles
  lying on its end, the one farthest from the end first.
"""

from __future__ import annotations

from mahjongg.errors import MahjonggError

from typing import Sequence

from ..tiles import Tile, Wind

__all__ = ["Wall", "WallError", "deal", "built_index"]


class WallError(MahjonggError):
    """A wall that cannot be built (wrong number of tiles) or drawn from."""


def built_index(side: Wind, stack: int, level: int, stacks: int = 17) -> int:
    """Index in a built wall of a tile: ``side``'s ``stack`` (1 = his right
    end), ``level`` 0 (top) or 1 (bottom)."""
    return int(side) * 2 * stacks + (stack - 1) * 2 + level


class Wall:
    """A broken wall.

    ``built``: the tiles as built (see the module docs); ``stacks``: stacks
    per side; ``breaker``: whose side is broken; ``count``: the stack number
    from the right end of the breaker's side where it is broken.
    """

    __slots__ = ("stacks", "breaker", "break_count", "broken", "refill", "_order", "_front", "_back", "_end_half", "loose", "count")

    def __init__(self, built: Sequence[Tile], stacks: int, breaker: Wind, count: int, refill: str = "each") -> None:
        if refill not in ("each", "pair", "end"):
            raise WallError(f"loose tiles are refilled 'each', 'pair' or from the 'end', not {refill!r}")
        if len(built) != 8 * stacks:
            raise WallError(f"a wall of four sides {stacks} stacks long and 2 high holds {8 * stacks} tiles, not {len(built)}")
        if not 1 <= count <= 4 * stacks:
            raise WallError(f"cannot break the wall at stack {count}")
        self.stacks = stacks
        self.refill = refill
        self.breaker = breaker
        self.break_count = count
        # the tiles stack by stack (top, bottom) in clockwise order from the breaker's right end
        side_len = 2 * stacks
        flat: list[Tile] = []
        for k in range(4):
            base = ((breaker - k) % 4) * side_len
            flat += built[base : base + side_len]
        g = count - 1
        side_k, pos = divmod(g, stacks)
        self.broken = (Wind((breaker - side_k) % 4), pos + 1)
        top, bottom = flat[2 * g], flat[2 * g + 1]
        # the stacks after the broken one, then those before it ("end": the counted
        # stack stays, the last stack of the wall)
        self._order = flat[2 * g + 2 :] + flat[: 2 * (g + (refill == "end"))]
        self._front = 0
        self._back = len(self._order)
        self._end_half = False
        self.loose: list[Tile] = [] if refill == "end" else [top, bottom]
        self.count: int = self._back - self._front + len(self.loose)
        """Tiles left: the live wall and the loose tiles (kept up to date by every draw:
        the engine reads it after each one)."""

    @property
    def live_count(self) -> int:
        return self._back - self._front

    def peek(self) -> Tile:
        return self._order[self._front]

    def draw(self) -> Tile:
        """The next tile from the front of the wall; once the live wall is
        used up, the loose tiles lying on its end (a ruleset that draws the
        whole wall: ``reserved_tiles`` below 2)."""
        if self._front >= self._back:
            if self.loose:
                self.count -= 1
                return self.loose.pop(0)
            raise WallError("the wall is empty")
        t = self._order[self._front]
        self._front += 1
        self.count -= 1
        return t

    def draw_many(self, n: int) -> list[Tile]:
        """The next ``n`` tiles from the front of the wall, in order (the deal)."""
        if self._back - self._front < n:
            raise WallError(f"the wall holds {self._back - self._front} live tiles, not {n}")
        f = self._front
        self._front = f + n
        self.count -= n
        return self._order[f : f + n]

    def pick(self, index: int) -> Tile:
        """Take the live tile ``index`` places after the next one (0: the
        next tile) out of the wall: the Hong Kong "jump" (seed 003)."""
        if not 0 <= index < self._back - self._front:
            raise WallError(f"no live tile {index} places on")
        t = self._order.pop(self._front + index)
        self._back -= 1
        self.count -= 1
        return t

    def draw_loose(self) -> Tile:
        """A loose tile: the one farthest from the end, replenished from the
        end of the wall as ``refill`` says; with ``"end"``, the tile at the
        very end of the wall."""
        if self.refill == "end":
            if self._back <= self._front:
                raise WallError("the wall is empty")
            self.count -= 1
            return self._take_end()
        if not self.loose:
            raise WallError("no loose tile left")
        self.count -= 1
        t = self.loose.pop(0)
        if self.refill == "each":
            if self._back > self._front:
                self.loose.append(self._take_end())
        elif not self.loose:
            for _ in range(2):
                if self._back > self._front:
                    self.loose.append(self._take_end())
        return t

    def _take_end(self) -> Tile:
        o = self._order
        if not self._end_half and self._back - self._front >= 2:
            # top of the last stack; its bottom moves into its place
            t = o[self._back - 2]
            o[self._back - 2] = o[self._back - 1]
            self._back -= 1
            self._end_half = True
        else:
            t = o[self._back - 1]
            self._back -= 1
            self._end_half = False
        return t

    def remaining(self) -> list[Tile]:
        """Every tile still in the wall (live and loose), for accounting."""
        return self._order[self._front : self._back] + self.loose

    def live(self) -> list[Tile]:
        """The live wall in draw order (tests and replays; never shown to a seat)."""
        return self._order[self._front : self._back]

    def state(self) -> tuple:
        return (tuple(self.live()), tuple(self.loose), self._end_half)


def deal(wall: Wall, seats: Sequence[Wind], jump: bool = False) -> dict[Wind, list[Tile]]:
    """Draw the original hands: four tiles (two stacks) each, three times
    round, then one each in turn, and East (``seats[0]``) one more.

    ``jump`` (seed 003 (9) b (4)): after the three rounds of four, "the Jong
    (East) take one tile from top tier, skips 1 block and take one tile on
    top, the succeeding players will take one tile in turn": East takes the
    top tiles of the next stack and of the third stack; South, West and North
    then take the next tiles in order -- the first stack's bottom, the second
    stack's top and bottom; the third stack's bottom is the next tile drawn.

    Seed 000, C: "East Wind starts the drawing by taking the first four tiles
    ... the player on his right the next four and so on around the table
    three times ... Then one tile apiece is drawn in regular order ... except
    East Wind who draws an extra tile". Returns each seat's tiles in the order
    drawn.
    """
    hands: dict[Wind, list[Tile]] = {s: [] for s in seats}
    for _ in range(3):
        for s in seats:
            hands[s] += wall.draw_many(4)
    if jump:
        hands[seats[0]].append(wall.pick(0))
        hands[seats[0]].append(wall.pick(3))
        for s in seats[1:]:
            hands[s].append(wall.draw())
        return hands
    for s in seats:
        hands[s].append(wall.draw())
    hands[seats[0]].append(wall.draw())
    return hands
