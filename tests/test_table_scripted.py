"""A scripted hand from a preset wall, every step checked against the book.

Source: seed 000 (Pung Chow Part I), "Procedure of play" B-D, "To chow",
"To pung" rules 1, 4 and 6, "Four of a kind", "Mah-Jongg or Mah-Diao",
"Settling the scores"; Part II "The procedure of play" (the last 14 tiles).

The dice are the book's own example (illustrations 6 and 7): East throws 7,
counting to his right with himself as one: E1 S2 W3 N4 E5 S6 W7, so West
breaks the wall. West throws 7: 7 + 7 = 14, so the wall is broken at the 14th
stack from the right end of West's side. That stack's two tiles are the
loose tiles, laid on the wall to the right of the gap. The wall is drawn from
the left of the gap: West's stacks 15, 16, 17; then the side of the player
on West's left -- South -- from its right end, stacks 1 to 17; then East's
(on South's left), then North's, and last West's stacks 1 to 13. Stack W13,
right of the gap, is the end of the wall: loose tiles are replenished from
it. Each stack is drawn top tile first.
"""

from __future__ import annotations

from collections import Counter

import pytest

from mahjongg.hand import Meld, MeldKind
from mahjongg.rules import PUNG_CHOW
from mahjongg.rules.context import WinBy
from mahjongg.table import Action, ActionKind, Game, IllegalActionError, built_index, full_set
from mahjongg.tiles import Tile, Wind, tile

E, S, W, N = Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH
K = ActionKind
DICE = ((3, 4), (3, 4))

# the stacks in draw order, worked out above
DRAW_STACKS = (
    [(W, k) for k in (15, 16, 17)]
    + [(S, k) for k in range(1, 18)]
    + [(E, k) for k in range(1, 18)]
    + [(N, k) for k in range(1, 18)]
    + [(W, k) for k in range(1, 14)]
)
assert len(DRAW_STACKS) == 67  # 68 stacks less the broken one
LOOSE_STACK = (W, 14)


def coords(p: int) -> tuple[Wind, int, int]:
    """Side, stack and level (0 top, 1 bottom) of the p-th tile drawn."""
    side, stack = DRAW_STACKS[p // 2]
    return side, stack, p % 2


# The original hands, each in the order its tiles are drawn (seed 000, C):
# East takes four tiles (two stacks), South the next four, West, North; three
# times round; then one tile each in order and East one more: 14 for East.
HANDS = {
    E: "1b 2b 3b 4b 5b 6b 9b 5c 6c 7c 8c R R W",
    S: "4c 6c W 1b 2b 4b 5b 7b 1c 9c 1d 4d 8d",
    W: "5c 5c R 2b 3b 6b 8b 7c 9c 1d 3d 6d 8d",
    N: "9d 9d 9d 1c 2c 3c 2d 3d 4d 5d 6d 7d W",
}
# Then the draws of the hand, in turn: (tile, who draws it)
DRAWS = [
    ("G", S),  # 53: South (East's 5c was punged by West, West's R by East, East discarded 9b)
    ("5c", W),  # 54: West draws the fourth 5c for his exposed pung
    ("9d", N),  # 55: North draws the fourth 9d for his three concealed
    ("S", E),  # 56
    ("R", S),  # 57: the fourth red dragon, which East may not claim onto his exposed pung
    ("E", W),  # 58
    ("G", N),  # 59
    ("Wh", E),  # 60
    ("N", S),  # 61
]
LOOSE = ["Wh", "N"]  # the broken stack W14: top tile (farthest from the end), bottom tile


def deal_order() -> list[tuple[Wind, str]]:
    hands = {s: HANDS[s].split() for s in HANDS}
    order = []
    for r in range(3):
        for s in (E, S, W, N):
            order += [(s, t) for t in hands[s][4 * r : 4 * r + 4]]
    for s in (E, S, W, N):
        order.append((s, hands[s][12]))
    order.append((E, hands[E][13]))
    return order


def book_wall() -> tuple[list[Tile], list[Tile]]:
    """The built wall (East, South, West, North sides, each from its right end,
    top then bottom), and the draw order we put into it."""
    drawn = [tile(t) for _, t in deal_order()] + [tile(t) for t, _ in DRAWS]
    loose = [tile(t) for t in LOOSE]
    rest = Counter(full_set(PUNG_CHOW))
    rest.subtract(drawn + loose)
    assert all(v >= 0 for v in rest.values())
    filler = sorted(rest.elements())
    order = drawn + filler
    assert len(order) == 134
    built: list[Tile | None] = [None] * 136
    for p, t in enumerate(order):
        side, stack, level = coords(p)
        built[built_index(side, stack, level)] = t
    built[built_index(W, 14, 0)] = loose[0]
    built[built_index(W, 14, 1)] = loose[1]
    assert None not in built
    return built, order


def act(game: Game, kind: ActionKind, seat: Wind, t: str | None = None, chow: str | None = None) -> None:
    game.apply(Action(kind, seat, tile(t) if t else None, tile(chow) if chow else None))


def hand_str(game: Game, seat: Wind) -> str:
    return str(game.hand(seat))


def draws(game: Game) -> list[tuple[str, str, str]]:
    return [(e["seat"], e["tile"], e["source"]) for e in game.events if e["type"] == "draw"]


def play_to_last_discard(ruleset=PUNG_CHOW) -> Game:
    """Play the script up to South's turn after drawing tile 61."""
    built, _ = book_wall()
    g = Game.from_wall(built, DICE, ruleset)
    act(g, K.DISCARD, E, "5c")
    act(g, K.CHOW, S, "5c", "4c")
    act(g, K.PUNG, W, "5c")
    act(g, K.DISCARD, W, "R")
    act(g, K.PUNG, E, "R")
    act(g, K.DISCARD, E, "9b")
    act(g, K.DISCARD, S, "G")
    act(g, K.ADD_KONG, W, "5c")
    act(g, K.DISCARD, W, "Wh")
    act(g, K.CONCEALED_KONG, N, "9d")
    act(g, K.DISCARD, N, "N")
    act(g, K.DISCARD, E, "S")
    act(g, K.DISCARD, S, "R")
    act(g, K.DISCARD, W, "E")
    act(g, K.DISCARD, N, "G")
    act(g, K.DISCARD, E, "Wh")
    return g


def test_dice_break_and_deal():
    built, order = book_wall()
    g = Game.from_wall(built, DICE)
    setup = g.events[0]["dice"]
    # East threw 7: West breaks; West threw 7: the 14th stack of West's side
    assert g.breaker == W and setup["breaker"] == "W" and setup["thrower"] == "W"
    assert g.break_count == 14 and g.wall.broken == (W, 14)
    # the loose tiles are the broken stack's, top (farthest from the end) first
    assert g.wall.loose == [built[built_index(W, 14, 0)], built[built_index(W, 14, 1)]]
    # East's first four tiles are the two stacks left of the gap: W15 and W16
    deal = g.events[1]["hands"]
    assert deal["E"][:4] == [str(built[built_index(W, k, lvl)]) for k in (15, 16) for lvl in (0, 1)]
    # South's first four: West's last stack W17, then South's own right-end stack S1
    assert deal["S"][:4] == [str(built[built_index(*x)]) for x in ((W, 17, 0), (W, 17, 1), (S, 1, 0), (S, 1, 1))]
    for s in (E, S, W, N):
        assert deal[s.letter] == HANDS[s].split()
        assert len(deal[s.letter]) == (14 if s == E else 13)
    # 53 tiles dealt; 83 left (loose tiles included); East to discard first, without drawing
    assert g.wall_count == 136 - 53 == 83
    assert g.to_act() == [E] and g.phase == "turn"
    assert g.wall.peek() == order[53]


def test_scripted_hand():
    built, order = book_wall()
    g = Game.from_wall(built, DICE)
    # East discards 5c. South (next) may chow it with 4c 6c; West holds a pair of 5c
    act(g, K.DISCARD, E, "5c")
    assert g.phase == "claims" and g.to_act() == [S, W]
    assert set(g.legal_actions(S)) == {Action(K.CHOW, S, tile("5c"), tile("4c")), Action(K.PASS, S, tile("5c"))}
    assert set(g.legal_actions(W)) == {Action(K.PUNG, W, tile("5c")), Action(K.PASS, W, tile("5c"))}
    assert g.legal_actions(N) == ()  # North has no claim and is not asked
    # "A Pung has precedence over a Chow" (To pung, rule 4), whatever the order of the answers
    act(g, K.CHOW, S, "5c", "4c")
    assert g.to_act() == [W]
    act(g, K.PUNG, W, "5c")
    assert g.hand(W).melds == (Meld(MeldKind.PUNG, tile("5c"), True),)
    assert g.hand(S).melds == ()
    assert tile("4c") in g.hand(S).concealed and tile("6c") in g.hand(S).concealed
    # the play goes on from West, who discards without drawing: South lost his turn
    assert g.to_act() == [W] and g.wall_count == 83
    assert all(a.kind is K.DISCARD for a in g.legal_actions(W))
    act(g, K.DISCARD, W, "R")
    # East holds two red dragons: he may pung out of turn; North cannot chow an honor
    assert g.to_act() == [E]
    act(g, K.PUNG, E, "R")
    assert g.to_act() == [E]
    act(g, K.DISCARD, E, "9b")
    # nobody can use 9b: the window closes at once, the tile is dead, South draws tile 53
    assert g.to_act() == [S] and draws(g)[-1] == ("S", "G", "wall")
    assert g.observation(S).discards[E] == (tile("9b"),)
    assert g.wall_count == 82
    act(g, K.DISCARD, S, "G")
    # West draws the fourth 5c for his exposed pung: he may add it (Four of a kind)
    assert draws(g)[-1] == ("W", "5c", "wall")
    assert Action(K.ADD_KONG, W, tile("5c")) in g.legal_actions(W)
    act(g, K.ADD_KONG, W, "5c")
    # ... and draws a loose tile: the one farthest from the end (W14 top); the one
    # on the end moves up and the top tile of the end stack W13 replaces it
    assert draws(g)[-1] == ("W", "Wh", "loose")
    assert g.wall.loose == [tile("N"), built[built_index(W, 13, 0)]]
    assert g.hand(W).melds == (Meld(MeldKind.KONG, tile("5c"), True),)
    assert g.hand(W).size == 14 and len(g.hand(W).concealed) == 11  # 13 + 1 per kong + the loose tile
    assert g.wall_count == 80
    act(g, K.DISCARD, W, "Wh")
    # North draws the fourth 9d to three concealed: a concealed kong, end tiles face down
    assert draws(g)[-1] == ("N", "9d", "wall")
    assert Action(K.CONCEALED_KONG, N, tile("9d")) in g.legal_actions(N)
    act(g, K.CONCEALED_KONG, N, "9d")
    assert draws(g)[-1] == ("N", "N", "loose")
    assert g.wall.loose == [built[built_index(W, 13, 0)], built[built_index(W, 13, 1)]]
    assert g.hand(N).melds == (Meld(MeldKind.KONG, tile("9d"), False),)
    # the others see it as a kong; they never see North's concealed tiles
    seen = g.observation(E)
    assert seen.melds[N] == (Meld(MeldKind.KONG, tile("9d"), False),)
    assert seen.concealed_counts[N] == 11 and seen.concealed == g.hand(E).concealed
    assert g.wall_count == 78
    act(g, K.DISCARD, N, "N")
    assert draws(g)[-1] == ("E", "S", "wall")
    act(g, K.DISCARD, E, "S")
    assert draws(g)[-1] == ("S", "R", "wall")
    # South discards the fourth red dragon. East has an exposed pung of red dragons,
    # but may not claim a fourth onto it ("he would have to pung it ... This he has
    # not the privilege of doing"): nobody can claim, the tile is dead, West draws.
    act(g, K.DISCARD, S, "R")
    assert g.legal_actions(E) == () and g.to_act() == [W]
    before = g.snapshot()
    for kind in (K.KONG, K.PUNG):
        with pytest.raises(IllegalActionError, match="claim window"):
            act(g, kind, E, "R")
    assert g.snapshot() == before
    assert draws(g)[-1] == ("W", "E", "wall")
    act(g, K.DISCARD, W, "E")
    act(g, K.DISCARD, N, "G")
    act(g, K.DISCARD, E, "Wh")
    assert draws(g)[-1] == ("S", "N", "wall")
    assert g.wall_count == 72
    # East (123b 456b 678c W [RRR]) and North (123c 234d 567d W {9d}) both wait on W.
    act(g, K.DISCARD, S, "W")
    assert g.to_act() == [E, N]
    assert Action(K.MAHJONGG, E, tile("W")) in g.legal_actions(E)
    assert Action(K.MAHJONGG, N, tile("W")) in g.legal_actions(N)
    act(g, K.MAHJONGG, E, "W")
    act(g, K.MAHJONGG, N, "W")
    # To pung, rule 6: the claim nearest the discarder counter-clockwise wins:
    # after South come West, North, East -- North.
    assert g.is_over
    r = g.result
    assert r.winner == N and r.win.tile == tile("W") and r.win.by is WinBy.DISCARD
    assert str(r.hands[N]) == "123c 234567d WW {9999d}"
    # North: Mah-Jongg 20 + concealed kong of nines 32 + only place to win 2 = 54
    assert r.scores[N].score == 54
    # East: exposed pung of red dragons 4, doubled once for the dragons = 8
    assert r.scores[E].score == 8
    assert r.scores[W].score == 8  # exposed kong of 5c
    assert r.scores[S].score == 0
    # settling: the winner collects 54 from each, double from East (108); East (8)
    # collects 8 from South, doubled; West 8 from South; East and West are even
    assert r.net == {N: 54 * 4, E: -108 + 16, W: -54 + 8, S: -54 - 16 - 8}
    assert sum(r.net.values()) == 0
    # the whole hand replays from its log
    assert Game.replay(g.events_jsonl()).snapshot() == g.snapshot()


def test_two_mahjongg_claims_answer_order_does_not_matter():
    g = play_to_last_discard()
    act(g, K.DISCARD, S, "W")
    act(g, K.MAHJONGG, N, "W")
    act(g, K.MAHJONGG, E, "W")
    assert g.result.winner == N


def test_mahjongg_beats_nearer_pass():
    g = play_to_last_discard()
    act(g, K.DISCARD, S, "W")
    act(g, K.PASS, N, "W")
    act(g, K.MAHJONGG, E, "W")
    assert g.result.winner == E and g.result.win.tile == tile("W")


def _pass_everything(g: Game) -> list[Tile]:
    """Everyone discards what he draws and passes every claim; returns the loose tiles
    lying on the end of the wall when its live tiles ran out (if they did)."""
    loose_at_end: list[Tile] = []
    while not g.is_over:
        if g.wall.live_count == 0 and not loose_at_end:
            loose_at_end = list(g.wall.loose)
        seat = g.to_act()[0]
        if g.phase == "claims":
            act(g, K.PASS, seat, str(g.last_discard[1]))
        else:
            g.apply(Action(K.DISCARD, seat, g.observation(seat).drawn))
    return loose_at_end


def test_exhaustive_draw_at_fourteen_tiles():
    """Part II's wall (seed 000 Part II, "The procedure of play": "the last 14 tiles in
    the wall are never drawn and the game ends and is a draw if it reaches this
    point"): the hand is drawn when 14 tiles are left, loose tiles included."""
    g = play_to_last_discard(PUNG_CHOW.with_options(reserved_tiles=14))
    _, order = book_wall()
    _pass_everything(g)
    r = g.result
    assert r.winner is None and r.reason == "wall exhausted"
    assert g.wall_count == 14
    # 134 tiles were stacked behind the loose tiles; W13 (two tiles) went to replenish
    # them, so the front drew tiles 0..119 and the 12 tiles 120..131 (stacks W7-W12)
    # are left with the two loose tiles (from W13)
    assert g.wall.live() == order[120:132]
    assert [e["tile"] for e in g.events if e["type"] == "draw" and e["source"] == "wall"][-1] == str(order[119])
    assert r.settled is False and set(r.net.values()) == {0}  # pung-chow does not settle draws
    assert sum(len(g.hand(s).concealed) + 3 * len(g.hand(s).melds) for s in (E, S, W, N)) == 52


def test_part_one_draws_the_whole_wall_loose_tiles_included():
    """Part I (``pung-chow``) draws the whole wall: Part II's "most important change is
    that the last 14 tiles in the wall are never drawn" (seed 000 Part II), so in Part I
    they are. The same hand as above draws on past the 14: the front draws tiles
    120..131 too, then the two loose tiles lying on the end of the wall (the one
    farthest from the end first, as a loose tile is taken); the hand is drawn when
    no tile at all is left."""
    g = play_to_last_discard()
    _, order = book_wall()
    loose = _pass_everything(g)
    r = g.result
    assert r.winner is None and r.reason == "wall exhausted"
    assert g.wall_count == 0 and g.wall.live() == [] and g.wall.loose == []
    wall_draws = [e["tile"] for e in g.events if e["type"] == "draw" and e["source"] == "wall"]
    assert len(loose) == 2
    assert wall_draws[-14:] == [str(t) for t in order[120:132] + loose]
    assert sum(len(g.hand(s).concealed) + 3 * len(g.hand(s).melds) for s in (E, S, W, N)) == 52
    assert Game.replay(g.events).snapshot() == g.snapshot()