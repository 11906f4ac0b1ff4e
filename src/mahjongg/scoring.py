"""Score a hand under a ruleset: every arrangement read, the best one kept.

``score_hand(hand, ruleset, situation)`` -> :class:`Score`, an itemized
account (points, doubles, limit) like the book's examples. The score is the
hand's own: points doubled once per double, capped at the ruleset's
``limit`` if it has one. East's double and caps on payments belong to the
settlement (``mahjongg.settlement``), as in seed 000's settlement layouts.

Source: seed 000 (Pung Chow Part I), "Score card": the winner "starts at the
top with twenty (20) points for Mah-Jongg ... adding to these whatever scores
he obtains from combinations ... and doubling the sum as many times as he has
doubling honors"; the hands of the other players score combinations and
doubling honors only. "A player having an incorrect number of tiles ... his
score does not count" (dead hand).
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass, field
from typing import NamedTuple

from .decomposition import arrangements, waits
from .hand import Hand, HandError, Meld, MeldKind
from .rules.context import Reading, Situation, Win, WinBy
from .rules.items import Item, reads_singles
from .rules.ruleset import Ruleset
from .rules.tally import Tally
from .tiles import NUM_KINDS, TILES, Suit, Wind, tiles_of

__all__ = ["ImpossibleWin", "Score", "ScoringError", "calling", "declared_points", "hand_score", "loser_hand_score", "score_hand", "readings"]


class ScoringError(HandError):
    """A hand that cannot be scored as given (not complete, winning tile missing, ...)."""


class ImpossibleWin(ScoringError):
    """A win that cannot happen at the table: a dead hand's, a robbed kong
    where the ruleset has no robbing, a loose tile with no kong to replace ...
    ``fact``: the field at fault -- ``"dead"`` (:class:`Situation`), or the
    :class:`Win` field ``"by"``, ``"original"``, ``"after_flower"`` or
    ``"after_kong_on_kong"``."""

    def __init__(self, fact: str, message: str) -> None:
        super().__init__(message)
        self.fact = fact


@dataclass(frozen=True)
class Score:
    """An itemized score.

    ``score`` (points): ``points * 2 ** doubles``, or the limit.
    ``points``: sum of the point items. ``doubles``: sum of the double items.
    ``items``: each line, in score-card order. ``limit_hand``: the name of
    the limit hand scored, or ``None``. ``arrangement``: the arrangement
    scored, in notation. ``reading``: that arrangement as the rules saw it.
    ``faan``: for a ruleset scored in faan (``Ruleset.faan``), the hand's
    faan (capped at the limit); ``score`` is then the points the faan table
    gives them and ``points``/``doubles`` are 0. ``None`` otherwise.
    """

    score: int
    points: int
    doubles: int
    items: tuple[Item, ...]
    limit_hand: str | None
    arrangement: str
    reading: Reading | None = field(default=None, compare=False, repr=False)
    faan: int | None = None

    @property
    def counted(self) -> str:
        """What the score counts, in words (``mahjongg score``'s header): "the
        limit" for a limit hand ("the limit, 10 faan" in a faan ruleset), "3
        faan", "46 points, 2 doubles", an ordinary score over the limit
        "the limit: 42 points, 5 doubles would be 1,344", or why it is nothing (a dead
        hand, a void one)."""
        nothing = [i.name for i in self.items if i.void]  # a void hand's item says why
        if self.reading is None and not self.score and self.items:  # a dead hand's one item
            nothing.append(self.items[0].name)
        if nothing:
            return nothing[0]
        if self.limit_hand is not None:
            share = self.items[0].fraction if self.items else 1
            if share != 1:
                return f"{share:g} of the limit"
            return "the limit" if self.faan is None else f"the limit, {self.faan} faan"
        if self.faan is not None:
            return f"{self.faan} faan"
        counted = f"{self.points} points, {self.doubles} double{'s' * (self.doubles != 1)}"
        full = self.points << self.doubles
        return counted if full == self.score else f"the limit: {counted} would be {full:,}"

    def to_dict(self) -> dict:
        """The JSON shape of ``mahjongg score --json`` (``faan`` only for a faan ruleset)."""
        out = {
            "score": self.score,
            "points": self.points,
            "doubles": self.doubles,
            "items": [i.to_dict() for i in self.items],
            "limit_hand": self.limit_hand,
            "arrangement": self.arrangement,
        }
        if self.faan is not None:
            out["faan"] = self.faan
        return out


_new = object.__new__
_PUNGS = tuple(Meld(MeldKind.PUNG, TILES[i]) for i in range(NUM_KINDS))
_PAIRS = tuple(Meld(MeldKind.PAIR, TILES[i]) for i in range(NUM_KINDS))
_KIND_VALUE = {k: k.value for k in MeldKind}  # MeldKind.value without the enum property
_SUITS = tuple(frozenset(Suit(k) for k in range(3) if mask >> k & 1) for mask in range(8))  # by bit mask
_set_attr = object.__setattr__


class _Facts(NamedTuple):
    """What every reading of a hand shares: :attr:`Reading.tiles`, ``suits``, ``has_honors``."""

    tiles: tuple
    suits: frozenset
    has_honors: bool


def _facts(hand: Hand) -> _Facts:
    """What every reading of ``hand`` shares (its tiles are the hand's playing
    tiles whatever the arrangement), computed once for all of them."""
    tiles = hand.all_tiles() if hand.melds else hand.concealed  # both sorted
    # sorted: bamboo below 9, characters below 18, dots below 27, then honors
    b = bisect_left(tiles, 9)
    c = bisect_left(tiles, 18, b)
    d = bisect_left(tiles, 27, c)
    suits = _SUITS[(b > 0) | (c > b) << 1 | (d > c) << 2]
    return _Facts(tiles, suits, d < len(tiles))


def _reading(facts, hand, situation, sets, pair=None, loose=(), winning_meld=None, waits=(), shape="standard") -> Reading:
    """``Reading(hand, situation, sets, ...)`` made without the frozen
    dataclass's ``__init__`` (Reading has no ``__post_init__``), with the
    hand's shared :func:`_facts` filled in."""
    r = _new(Reading)
    _set_attr(
        r,
        "__dict__",
        {
            "hand": hand,
            "situation": situation,
            "sets": sets,
            "pair": pair,
            "loose": loose,
            "winning_meld": winning_meld,
            "waits": waits,
            "shape": shape,
            "tiles": facts.tiles,
            "suits": facts.suits,
            "has_honors": facts.has_honors,
        },
    )
    return r


def _winner_readings(
    hand: Hand, situation: Situation, special: bool = False, facts: _Facts | None = None, max_chows: int | None = None
) -> list[Reading]:
    win = situation.win
    declared = len(hand.melds)
    if hand.size != 14:
        raise ScoringError(
            f"a winning hand has 14 tiles plus one per kong; {hand} has {hand.tile_count} with {hand.kongs} kong(s)"
        )
    if win.tile not in hand.concealed:
        if win.tile.is_bonus:
            raise ScoringError(
                f"the winning tile {win.tile} is a bonus tile ({win.tile.name}): it is laid out and replaced,"
                " never the tile that completes a hand"
            )
        if any(win.tile in m.tiles for m in hand.melds):
            raise ScoringError(
                f"the winning tile {win.tile} must be among the concealed tiles of {hand} "
                "(write it in the hand, not in a bracketed meld)"
            )
        raise ScoringError(f"the winning tile {win.tile} is not in the hand {hand}: write the hand with it")
    counts = hand.counts()
    found = arrangements(counts)
    if max_chows is not None and found:
        declared_chows = sum(1 for m in hand.melds if m.is_chow)
        allowed = [arr for arr in found if declared_chows + sum(1 for m in arr if m.is_chow) <= max_chows]
        if not allowed and not special:
            return []  # it goes out only with more chows than allowed: no reading (score_hand says so)
        found = allowed
    if not found and not special:
        raise ScoringError(f"{hand} is not a complete hand: its concealed tiles do not form {4 - declared} sets and a pair")
    if facts is None:
        facts = _facts(hand)
    before = list(counts)
    before[win.tile] -= 1
    held = hand.all_counts()
    held[win.tile] -= 1
    waiting = tuple(waits(before, held))
    claimed = win.by in (WinBy.DISCARD, WinBy.ROBBED_KONG)
    out = []
    for arr in found:
        seen: set[Meld] = set()
        for m in arr:
            if win.tile not in m.tiles or m in seen:
                continue
            seen.add(m)
            completed = m.with_exposed(True) if claimed else m
            rest = list(arr)
            rest.remove(m)
            rest.append(completed)
            sets = hand.melds + tuple(sorted((x for x in rest if x.is_set), key=lambda x: (x.tile, _KIND_VALUE[x.kind])))
            pair = next(x for x in rest if x.is_pair)
            out.append(_reading(facts, hand, situation, sets, pair, (), completed, waiting))
    if special:
        out.append(_reading(facts, hand, situation, hand.melds, None, hand.concealed, None, waiting, "special"))
    return out


def _loser_readings(hand: Hand, situation: Situation, facts: _Facts | None = None, calls: tuple = ()) -> list[Reading]:
    """Pungs found in the hand count as concealed (four held count as three);
    at most one pair counts, as in a complete hand's four sets and a pair.
    ``calls``: :attr:`Reading.calls`, given to every reading."""
    if facts is None:
        facts = _facts(hand)
    concealed = hand.concealed  # sorted
    # equal neighbours: a tile listed once here is held twice (a pair), twice or more three or four times (a pung)
    repeats = [a for a, b in zip(concealed, concealed[1:]) if a == b]
    if not repeats:  # no pung, no pair: one reading, every tile loose
        out = [_reading(facts, hand, situation, hand.melds, None, concealed)]
        return _with_calls(out, calls)
    pungs = ()
    pairs = []
    loose = concealed
    for t in dict.fromkeys(repeats):  # in tile order
        c = repeats.count(t) + 1  # copies held
        if c >= 3:
            pungs += (_PUNGS[t],)
            if loose is concealed:
                loose = list(concealed)
            i = loose.index(t)
            del loose[i : i + 3]
            c -= 3
        if c >= 2:
            pairs.append(t)
    loose = tuple(loose)
    sets = hand.melds + pungs
    out = [_reading(facts, hand, situation, sets, None, loose)]
    for p in pairs:
        rest = list(loose)
        i = rest.index(p)
        del rest[i : i + 2]
        out.append(_reading(facts, hand, situation, sets, _PAIRS[p], tuple(rest)))
    return _with_calls(out, calls)


def _with_calls(out: list[Reading], calls: tuple) -> list[Reading]:
    if calls:
        for r in out:
            r.__dict__["calls"] = calls
    return out


def calling(hand: Hand, ruleset: Ruleset, situation: Situation = Situation()) -> tuple:
    """What a waiting hand (13 tiles plus one per kong) calls for under
    ``ruleset``: one ``(tile, score)`` per tile that would complete it, the
    completed hand scored as won with that tile drawn from the wall
    (special hands included). A tile the hand holds all four of is not
    called for. Source: Kajongg, ``hand.py`` (calling hands): the BMJA's
    losers' "calling for" a limit hand reads them."""
    if hand.size != 13 or situation.dead:
        return ()
    counts = hand.counts()
    held = counts
    if hand.melds:
        held = list(counts)
        for m in hand.melds:
            for t in m.tiles:
                held[t] += 1
    candidates = set(waits(counts, held))
    # may_call_special: a cheap test of the 13 tiles before could_be_special is asked of
    # each tile (it never answers False for a hand one tile from a special hand)
    if ruleset.special_shapes and ruleset.may_call_special(counts, hand.melds, hand.bonus):
        for t in range(NUM_KINDS):
            if t in candidates or held[t] >= 4:
                continue
            counts[t] += 1
            if ruleset.could_be_special(counts, hand.melds, hand.bonus):
                candidates.add(TILES[t])
            counts[t] -= 1
    out = []
    for t in sorted(candidates):
        tile = TILES[t]
        won = Situation(situation.seat, situation.round, Win(tile, WinBy.WALL))
        try:
            s = score_hand(hand.add(tile), ruleset, won)
        except ScoringError:
            continue
        out.append((tile, s))
    return tuple(out)


def readings(hand: Hand, situation: Situation, special_shapes: bool = False, max_chows: int | None = None) -> list[Reading]:
    """Every arrangement of ``hand`` the scorer considers, as :class:`Reading` s.

    For a winner: every arrangement into sets and a pair, and for a claimed
    winning tile every set it could have completed (that set exposed); with
    ``special_shapes`` also one ``"special"`` reading of the whole hand.
    Raises :class:`ScoringError` if a winner's hand is not complete (and
    ``special_shapes`` is off). ``max_chows``: a ruleset's most chows
    (:attr:`Ruleset.max_chows`): arrangements with more are not read (a hand
    with no other has no reading).
    """
    if situation.win is not None:
        return _winner_readings(hand, situation, special_shapes, max_chows=max_chows)
    return _loser_readings(hand, situation)


class _Rules(NamedTuple):
    """What the scorer keeps of one ruleset (:func:`_rules_of`). ``loser``, ``winner``:
    the rules of each side by reading shape (filled in as shapes come:
    :func:`_rules_for`); ``bonus``: the bonus tiles allowed; ``reads_calls``: whether a
    rule reads a loser's calls; ``by_sets``: whether a loser's score reads only his
    pungs and pairs (:func:`loser_hand_score`)."""

    ruleset: Ruleset
    loser: dict
    winner: dict
    bonus: frozenset
    reads_calls: bool
    by_sets: bool


_RULES: dict[int, _Rules] = {}


def _rules_of(ruleset: Ruleset) -> _Rules:
    """The scorer's :class:`_Rules` of ``ruleset``, made once per ruleset."""
    entry = _RULES.get(id(ruleset))
    if entry is not None and entry.ruleset is ruleset:
        return entry
    if len(_RULES) >= 64:  # only a cache (rulesets made with with_options come and go)
        _RULES.clear()
        _LOSER_SCORES.clear()  # keyed on the ids of the rulesets _RULES held
    calls = any(rule.reads_calls for rule in ruleset.rules)
    # whether a loser's score reads of his concealed tiles only their pungs and pairs: every
    # rule that may score a loser's reading says it reads no single tile, and no faan table
    # (which tallies the whole reading) counts the items
    by_sets = ruleset.faan is None and not any(
        reads_singles(rule) for rule in ruleset.rules if rule.applies_to(False, "standard") is not False
    )
    entry = _RULES[id(ruleset)] = _Rules(ruleset, {}, {}, frozenset(ruleset.bonus_tiles), calls, by_sets)
    return entry


def _rules_for(ruleset: Ruleset, winner: bool, shape: str, calls: bool = True) -> tuple:
    """The rules to run on a reading of the winner's hand (``winner``) or of
    another hand, of ``shape``, in order, as ``(evaluate, applies)`` pairs:
    a rule whose :meth:`~ScoringRule.applies_to` answers for every such
    reading is left out (False) or kept with ``applies`` ``None`` (True);
    otherwise ``applies`` is its :meth:`~ScoringRule.applies`, asked per reading.
    Without ``calls`` (a hand calling for nothing) the rules that score only from
    them (:attr:`~ScoringRule.reads_calls`) are left out."""
    entry = _rules_of(ruleset)
    side = entry.winner if winner else entry.loser
    key = shape if calls else (shape, False)
    rules = side.get(key)
    if rules is None:
        out = []
        for rule in ruleset.rules:
            if not calls and rule.reads_calls:
                continue
            static = rule.applies_to(winner, shape)
            if static is None:
                out.append((rule.evaluate, rule.applies))
            elif static:
                out.append((rule.evaluate, None))
        rules = side[key] = tuple(out)
    return rules


def evaluate(reading: Reading, ruleset: Ruleset) -> Score | None:
    """Score one reading under ``ruleset``; ``None`` for a special-shape
    reading that no limit hand accepts. A limit hand scores the limit."""
    found = _evaluate(reading, ruleset)
    return None if found is None else _score(found, reading)


def _evaluate(reading: Reading, ruleset: Ruleset, rules: tuple | None = None) -> Tally | None:
    """:func:`evaluate` without making the :class:`Score` (nor the arrangement's
    notation): the ruleset's :class:`~mahjongg.rules.tally.Tally` of the items its
    rules score (:meth:`Ruleset.tally`), or ``None``. ``rules``: :func:`_rules_for`
    this reading, if the caller has them."""
    if rules is None:
        rules = _rules_for(ruleset, reading.situation.win is not None, reading.shape)
    return ruleset.tally(reading, _items(reading, rules))


def _items(reading: Reading, rules: tuple) -> list[Item]:
    """Every item ``rules`` (:func:`_rules_for`) score on ``reading``, in order, before a
    limit absorbs the others."""
    items: list[Item] = []
    for evaluate_rule, applies in rules:
        if applies is None or applies(reading):
            items.extend(evaluate_rule(reading, items))
    return items


def _call_names(won: Score, ruleset: Ruleset) -> frozenset:
    """The names of what a hand won on a tile it calls for scores (:attr:`Reading.calls`):
    the items on its card -- for a limit hand the limit alone, which absorbs the rest, so
    a loser's "Calling for Purity" (BMJA) does not read Purity of a hand that completes
    Buried Treasure; and for a special hand whose points beat its fraction of the limit,
    that limit hand too. As Kajongg's ``CallingHand`` asks the rules the completed hand
    keeps (``hand.py`` ``__totalScore``: a limit leaves ``usedRules`` the limit rule
    alone; points that beat a fraction leave every rule, the fraction's among them)."""
    names = frozenset(i.name for i in won.items)
    if won.limit_hand is None and won.reading is not None and won.reading.shape != "standard":
        rules = _rules_for(ruleset, True, won.reading.shape)
        names |= {i.name for i in _items(won.reading, rules) if i.limit}
    return names


def _score(found: Tally, reading: Reading, arrangement: str | None = None) -> Score:
    """The :class:`Score` of :func:`_evaluate`'s ``found`` on ``reading``; ``arrangement``:
    its notation, if not the reading's (``""`` for a Score only weighed, never shown)."""
    # Score(score, points, doubles, items, limit_hand, text, reading, faan=faan)
    # without the frozen dataclass's __init__ (Score has no __post_init__)
    s = _new(Score)
    _set_attr(
        s,
        "__dict__",
        {
            "score": found.score,
            "points": found.points,
            "doubles": found.doubles,
            "items": found.items,
            "limit_hand": found.limit_hand,
            "arrangement": reading.arrangement_text() if arrangement is None else arrangement,
            "reading": reading,
            "faan": found.faan,
        },
    )
    return s


def _check_tiles(hand: Hand, ruleset: Ruleset) -> None:
    """Bonus tiles must belong to the ruleset's set of tiles."""
    if not hand.bonus and not hand.hidden:
        return
    allowed = _rules_of(ruleset).bonus
    for t in hand.bonus + hand.hidden:
        if int(t) not in allowed:
            what = "has no Flowers, Seasons or special tiles" if not allowed else "does not use this tile"
            raise ScoringError(f"{t} ({t.name}) is not part of a {ruleset.name} set: the ruleset {what}")
    for t in hand.hidden:
        # only what the ruleset lets a player keep concealed may be written in (...)
        if not ruleset.may_hold_back(t):
            held = sorted({TILES[i] for i in allowed if ruleset.may_hold_back(TILES[i])})
            may = f"only {', '.join(f'({x})' for x in held)} may be" if held else "no bonus tile may be"
            raise ScoringError(
                f"({t}): the {t.name} is written held back, but {ruleset.name} lays it out when drawn; {may} held back"
            )


def _check_win(hand: Hand, ruleset: Ruleset, situation: Situation) -> None:
    """A win the table can produce under ``ruleset``: a dead hand plays on but
    never wins; a kong is robbed only where the ruleset allows it; a loose
    tile replaces a kong the hand holds (two for a kong on a kong), or a
    bonus tile the ruleset has; a win on the original hand has nothing
    exposed, and East's was dealt, not claimed; the last tile of the wall is not
    the original hand's nor East's first discard; a hand holding a bonus tile back
    (``Hand.hidden``) has a playing tile too few to go out. The engine never asks
    for another (docs/rules/table.md)."""
    win = situation.win
    if hand.hidden:
        held = " ".join(f"({t})" for t in hand.hidden)
        raise ScoringError(
            f"{hand} holds {held} back: a tile held back takes a place in the hand, which then has a"
            " playing tile too few to go Mah-Jongg; lay it out (and draw its loose tile) first"
        )
    if situation.dead:
        raise ImpossibleWin(
            "dead",
            "a dead hand cannot win: it plays on, scores nothing and pays every live hand"
            " (the table's rule under every ruleset, from seed 000, seed 003 (11))",
        )
    if win.by is WinBy.ROBBED_KONG and not ruleset.robbing_kong:
        raise ImpossibleWin("by", f"{ruleset.name} has no robbing a kong (its option: a kong may be robbed: no)")
    if win.by is WinBy.ROBBED_KONG and hand.all_counts()[win.tile] > 1:
        raise ImpossibleWin(
            "by",
            f"a robbed kong's tile is the fourth {win.tile}: the other three are in the robbed pung,"
            f" so the winner holds no other {win.tile}, but {hand} holds {hand.all_counts()[win.tile]}",
        )
    if win.by is WinBy.LOOSE:
        _check_loose(hand, ruleset, win)
    if win.wins_in_row < 0 or (win.wins_in_row and situation.seat != Wind.EAST):
        raise ImpossibleWin(
            "wins_in_row",
            "only East wins hands in a row: the deal passes when another player wins"
            if win.wins_in_row > 0
            else f"wins in a row are counted 1 or more (0: not known), not {win.wins_in_row}",
        )
    if win.wins_in_row > 1:
        # a rule that passes the deal after East's previous win in a row leaves no more
        n = win.wins_in_row
        passing = next((r for r in ruleset.rules if r.passes_deal(n - 1)), None)
        if passing is not None:
            after = next((k for k in range(1, min(n - 1, 1000) + 1) if passing.passes_deal(k)), n - 1)
            raise ImpossibleWin(
                "wins_in_row",
                f"East cannot win {n:,} hands in a row under {ruleset.name}: the deal passes after"
                f" his win number {after:,} in a row ({passing.name})",
            )
    if win.last_tile and (win.original or win.first_discard):
        # the last tile of the wall ends the hand; the original hand and East's first discard
        # come at its start, with the whole wall still to draw
        said = "on the original hand" if win.original else "on East's first discard"
        raise ImpossibleWin(
            "last_tile",
            f"the last tile of the wall is drawn at the end of the hand, a win {said} at its start: not both",
        )
    if not win.original:
        return
    exposed = [m for m in hand.melds if m.exposed]
    if exposed:
        raise ImpossibleWin("original", f"a hand won on the original hand has no exposed melds, but {exposed[0]} is exposed")
    if situation.seat == Wind.EAST and not win.by.self_drawn:
        raise ImpossibleWin("original", "East's original hand is dealt complete: it is won from the wall, not on a discard")


def _check_loose(hand: Hand, ruleset: Ruleset, win: Win) -> None:
    """A loose tile replaces a kong (``after_flower`` False) or a bonus tile
    laid out (True): the hand lays one out, or the ruleset lets another
    player capture it (``Ruleset.bonus_may_be_captured``)."""
    if win.after_flower:
        if not ruleset.bonus_tiles:
            raise ImpossibleWin(
                "after_flower", f"{ruleset.name} has no Flowers, Seasons or special tiles for a loose tile to replace"
            )
        if not hand.bonus and not ruleset.bonus_may_be_captured:
            raise ImpossibleWin(
                "after_flower",
                f"a loose tile after a Flower or Season: {hand} lays out none (under {ruleset.name} a bonus tile"
                " laid out stays with its player)",
            )
    elif not hand.kongs:
        where = "" if ruleset.bonus_tiles else f", and {ruleset.name} has no Flowers or Seasons"
        raise ImpossibleWin("by", f"a loose tile is drawn after a kong: {hand} has no kong{where}")
    if win.after_kong_on_kong and hand.kongs < 2:
        raise ImpossibleWin(
            "after_kong_on_kong", f"a kong on a kong takes two kongs: {hand} has {hand.kongs or 'no'} kong{'s' * (hand.kongs != 1)}"
        )


def score_hand(hand: Hand, ruleset: Ruleset, situation: Situation = Situation()) -> Score:
    """The best score of ``hand`` under ``ruleset`` (:class:`Score`, points).

    A dead hand scores 0. Raises :class:`ScoringError` if a winning hand is
    not complete or does not hold its winning tile, or if the hand holds a
    bonus tile the ruleset's set does not have; :class:`ImpossibleWin` (a
    ``ScoringError``) for a win the table cannot produce: a dead hand's, a
    robbed kong where the ruleset has no robbing, a loose tile with no kong
    (or bonus tile) to replace, a kong on a kong with fewer than two kongs,
    a win on the original hand with exposed melds (or East's, on a discard).
    """
    found, reading = _best(hand, ruleset, situation)
    if found is None:  # a dead hand
        return Score(0, 0, 0, (Item("dead hand: scores nothing"),), None, str(hand))
    return _score(found, reading)


def hand_score(hand: Hand, ruleset: Ruleset, situation: Situation = Situation()) -> int:
    """``score_hand(hand, ruleset, situation).score`` (points), without making the
    :class:`Score` (its card and the arrangement's notation): for a caller that weighs
    many hands by their points alone (the bots). Raises as :func:`score_hand` does."""
    found, _ = _best(hand, ruleset, situation)
    return 0 if found is None else found.score


# a kind's count -> what a loser's reading makes of it: 0 (none, or a single tile),
# 2 (a pair), 3 (a pung; four held count as a pung and a single)
_BY_SETS = bytes([0, 0, 2, 3, 3]) + bytes(251)
_LOSER_SCORES: dict = {}
""":func:`loser_hand_score`'s answers, by the ruleset's id (held in ``_RULES``: emptied
with it) and what the score reads of the hand."""
_LOSERS_KEPT = 50_000  # the most losers' scores kept (only a cache)


def loser_hand_score(counts, melds: tuple, bonus: tuple, ruleset: Ruleset, situation: Situation = Situation()) -> int:
    """``hand_score(Hand(tiles_of(counts), melds, bonus), ruleset, situation)`` for a
    hand that has not won (``situation.win`` ``None``): its points as a loser's,
    remembered (a bounded cache). ``counts``: 34 counts of its concealed
    tiles, a hand the table can hold (at most four of a kind with its melds: not
    checked); ``melds``, ``bonus``: as :class:`Hand` takes them.

    For the bots, which weigh what every discard would leave. Where every rule that
    may score a loser reads of his concealed tiles only their pungs and pairs (each
    says so: :attr:`~mahjongg.rules.items.ScoringRule.reads_singles`; the BMJA's and
    the DMJL's do, Pung Chow's "one suit" does not), and no tile completes the hand
    (it calls for nothing), hands alike in melds, pungs, pairs, bonus tiles and winds
    score alike: the score of one is remembered for all. Raises as :func:`score_hand`
    does (a bonus tile not of the ruleset's set), and :class:`ScoringError` for a winner."""
    if situation.win is not None:
        raise ScoringError("loser_hand_score scores a hand that has not won: situation.win must be None")
    entry = _rules_of(ruleset)
    if entry.by_sets and not waits(counts) and not (ruleset.special_shapes and ruleset.may_call_special(counts, melds, bonus)):
        key = (id(ruleset), True, bytes(counts).translate(_BY_SETS), melds, bonus, situation.seat, situation.round, situation.dead)
    else:  # a rule reading single tiles, or a hand that may call for something: its own
        key = (id(ruleset), False, bytes(counts), melds, bonus, situation.seat, situation.round, situation.dead)
    v = _LOSER_SCORES.get(key)
    if v is None:
        v = hand_score(Hand(tuple(tiles_of(counts)), melds, bonus), ruleset, situation)
        if len(_LOSER_SCORES) >= _LOSERS_KEPT:
            _LOSER_SCORES.clear()
        _LOSER_SCORES[key] = v
    return v


def declared_points(hand: Hand, ruleset: Ruleset, situation: Situation) -> int:
    """The points of a win (``situation.win`` set) as it may be declared: its
    :func:`hand_score`, but 0 where the ruleset would not let it be declared
    (:meth:`~mahjongg.rules.ruleset.Ruleset.may_declare`: a faan minimum), without making
    the :class:`Score`'s card. For the bots, which weigh every wait. Raises as
    :func:`score_hand` does (an incomplete hand: :class:`ScoringError`)."""
    found, reading = _best(hand, ruleset, situation)
    if found is None:  # a dead hand
        return 0
    # the Score may_declare reads (its items, faan and limit hand), without the arrangement's notation
    return found.score if ruleset.may_declare(_score(found, reading, "")) else 0


def _best(hand: Hand, ruleset: Ruleset, situation: Situation) -> tuple:
    """The checks of :func:`score_hand` and its best reading: ``(found, reading)``, ``found``
    :func:`_evaluate`'s :class:`~mahjongg.rules.tally.Tally`; ``(None, None)`` for a dead hand (it scores 0)."""
    _check_tiles(hand, ruleset)
    if situation.win is not None:
        _check_win(hand, ruleset, situation)
    if situation.dead:
        return None, None
    if not ruleset.claimed_kong_concealed and any(m.claimed for m in hand.melds):
        # a claimed kong is an exposed kong like any other under this ruleset
        hand = Hand(hand.concealed, tuple(Meld(m.kind, m.tile, m.exposed) for m in hand.melds), hand.bonus, hand.hidden)
    # the best reading (the first of equals): the higher score; at equal score a limit hand
    # (a capped ordinary score equal to the limit is not one), then more faan, then more
    # points. Only its Score is made.
    best = best_rank = best_reading = None
    facts = _facts(hand)
    winner = situation.win is not None
    if winner:
        # a special reading only of a hand the ruleset says could be one (Ruleset.could_be_special,
        # which the table asks before it offers such a win): the scorer and the table agree
        special = ruleset.special_shapes and ruleset.could_be_special(hand.counts(), hand.melds, hand.bonus)
        found_readings = _winner_readings(hand, situation, special, facts, ruleset.max_chows)
    else:
        calls = ()
        if _rules_of(ruleset).reads_calls:
            calls = tuple((t, _call_names(s, ruleset)) for t, s in calling(hand, ruleset, situation))
        found_readings = _loser_readings(hand, situation, facts, calls)
    shape = rules = None
    has_calls = winner or bool(calls)
    for r in found_readings:
        if r.shape is not shape:
            shape = r.shape
            rules = _rules_for(ruleset, winner, shape, has_calls)
        found = _evaluate(r, ruleset, rules)
        if found is not None:
            rank = (found.score, found.limit_hand is not None, found.faan or 0, found.points)
            if best is None or rank > best_rank:
                best, best_rank, best_reading = found, rank, r
    if best is None:
        if winner and ruleset.max_chows is not None and arrangements(hand.counts()):
            raise ScoringError(
                f"{hand} goes out only with more chows than {ruleset.name} allows (at most {ruleset.max_chows})"
            )
        raise ScoringError(f"{hand} is not a complete hand under {ruleset.name}: no arrangement and no special hand")
    return best, best_reading
