"""Preset walls for engine tests: put given tiles where the engine will draw them.

``arrange(ruleset, dice, front, end)``: a built wall (for ``Game.from_wall``)
whose live wall starts with ``front`` (in draw order: the deal, then the
draws) and whose loose tiles, in the order they are drawn, are ``end``. The
rest of the set fills the middle of the wall, bonus tiles deepest (never
reached by a short script). The geometry is the engine's own
(:class:`mahjongg.table.Wall` built on positions instead of tiles), so a
test states *what* is drawn; the dice tests check *where* it lies with
:func:`mahjongg.table.built_index`.
"""

from __future__ import annotations

from collections import Counter

from mahjongg.table import Wall, full_set
from mahjongg.table.dice import breaker
from mahjongg.tiles import Tile


def geometry(ruleset, dice):
    """(draw order, loose-tile order) as positions in the built wall."""
    stacks = ruleset.wall_stacks
    east = dice[0]
    count = sum(east) + (sum(dice[1]) if ruleset.dice_throws > 1 else 0)
    w = Wall(list(range(8 * stacks)), stacks, breaker(sum(east)), count, ruleset.loose_refill)
    order = w.live()
    loose = list(w.loose)
    # then the stacks at the end of the wall, top tile first
    for k in range(len(order) - 2, 0, -2):
        loose += [order[k], order[k + 1]]
    return order, loose


def arrange(ruleset, dice, front, end=()):
    order, loose = geometry(ruleset, dice)
    tiles = [Tile.parse(t) if isinstance(t, str) else t for t in front]
    ends = [Tile.parse(t) if isinstance(t, str) else t for t in end]
    built: list[Tile | None] = [None] * (8 * ruleset.wall_stacks)
    for p, t in zip(order, tiles):
        built[p] = t
    for p, t in zip(loose, ends):
        assert built[p] is None, "front and end overlap"
        built[p] = t
    rest = Counter(full_set(ruleset)) - Counter(tiles) - Counter(ends)
    assert sum(rest.values()) == built.count(None), "more tiles asked for than the set holds"
    plain = sorted(t for t in rest.elements() if not t.is_bonus)
    bonus = sorted(t for t in rest.elements() if t.is_bonus)
    free = [p for p in order if built[p] is None]
    free += [p for p in range(len(built)) if built[p] is None and p not in free]
    mid = len(free) // 2
    # bonus tiles in the middle of the live wall, playing tiles around them
    slots = free[:mid] + free[mid + len(bonus) :] + free[mid : mid + len(bonus)]
    for p, t in zip(slots, plain + bonus):
        built[p] = t
    return built


def deal_front(ruleset, hands: dict, draws=()) -> list[str]:
    """The live wall's first tiles for the original hands ``hands`` (seat ->
    tiles in the order drawn; East's 14) and then ``draws``: the 4-4-4 deal,
    then one each and East one more -- or, with ``jump_deal``, East's jump."""
    from mahjongg.tiles import Wind

    seats = [w for w in Wind if w in hands]
    h = {s: hands[s].split() if isinstance(hands[s], str) else list(hands[s]) for s in seats}
    out: list[str] = []
    for r in range(3):
        for s in seats:
            out += h[s][4 * r : 4 * r + 4]
    if ruleset.jump_deal:
        # 25th stack top (East), bottom (South); 26th top (West), bottom (North); 27th top (East)
        e13, e14 = h[seats[0]][12], h[seats[0]][13]
        others = [h[s][12] for s in seats[1:]]
        out += [e13] + others[:3] + [e14]
        # the 27th stack's bottom is the next tile drawn
    else:
        for s in seats:
            out.append(h[s][12])
        out.append(h[seats[0]][13])
    return out + list(draws)
