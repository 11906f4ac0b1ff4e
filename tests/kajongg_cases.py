"""Kajongg's scoring tests as data, and our converter from its hand strings.

The cases are Kajongg's ``src/scoringtest.py`` (KDE, GPL-2.0; extracted at
commit 469a588 into ``cases.tsv``, facts only: hands, winds and expected
scores). This module is ours: it reads Kajongg's hand-string notation (see
the README beside the cases) into a :class:`~mahjongg.hand.Hand` and a
:class:`~mahjongg.rules.Situation`, scores it under ``dmjl`` / ``bmja`` and
gives the triple Kajongg compares: (points, doubles, limits), and whether
the hand won.

Conversion:
* tiles: ``s`` stones -> our dots, ``b`` bamboo, ``c`` characters; ``we``..``wn``
  the winds, ``db`` ``dg`` ``dr`` white, green, red; ``fe``..``fn`` Flowers 1-4,
  ``ye``..``yn`` Seasons 1-4; lower case exposed, upper case concealed;
* a lower-case group of three is an exposed meld; ``b1B1B1b1`` a concealed
  kong; ``b1b1b1b1`` an exposed kong; the claimed kong ``c9c9c9C9`` (a
  discard claimed onto a concealed pung) our claimed kong ``<9999c>``;
  upper-case groups and ``R...`` are concealed tiles (our scorer arranges
  them);
* ``L<tile><meld>``: the winning tile; a lower-case one was claimed, and the
  exposed meld it completed goes back into the hand (our scorer exposes the
  set a claimed tile completes);
* ``m<source><announcements>``: ``w`` wall, ``d`` discard, ``e`` a loose
  tile, ``z`` the last tile of the wall, ``Z`` the same discarded, ``k`` a
  robbed kong, ``1`` East's dealt hand / East's first discard; ``a``
  Original Call, ``t`` Twofold Fortune (a kong on a kong);
* 14 tiles (plus one per kong) are a winner's, 13 a loser's, more a long
  (dead) hand; fewer are scored as they are (Kajongg's partial hands).
A hand our notation cannot hold (a knitted set declared) is
:class:`Unconvertible`.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from pathlib import Path

from mahjongg.hand import Hand, Meld, MeldKind
from mahjongg.rules import Situation, Win, WinBy, get_ruleset
from mahjongg.scoring import ScoringError, calling, score_hand
from mahjongg.tiles import TILES, Tile, Wind

CASES = Path(__file__).parent / "fixtures" / "kajongg" / "cases.tsv"
_GROUP_BASE = {"b": 0, "c": 9, "s": 18}
_HONORS = {"we": 27, "ws": 28, "ww": 29, "wn": 30, "dr": 31, "dg": 32, "db": 33}
_BONUS = {"f": 34, "y": 38}
_WINDS = {"e": 0, "s": 1, "w": 2, "n": 3}
_SEAT = {"E": Wind.EAST, "S": Wind.SOUTH, "W": Wind.WEST, "N": Wind.NORTH}


class Unconvertible(Exception):
    """A Kajongg hand string with no meaning in our notation."""


def kajongg_tile(text: str) -> tuple[Tile, bool]:
    """``(tile, exposed)`` for a two-character Kajongg tile: ``"s5"`` ->
    (5 dots, exposed), ``"Dr"`` -> (red dragon, concealed)."""
    g, v = text[0], text[1]
    exposed = g.islower()
    g = g.lower()
    if g in _GROUP_BASE:
        return TILES[_GROUP_BASE[g] + int(v) - 1], exposed
    if g in _BONUS:
        return TILES[_BONUS[g] + _WINDS[v]], exposed
    return TILES[_HONORS[g + v]], exposed


def kajongg_name(t: Tile) -> str:
    """Our tile in Kajongg's lower-case notation (``b3``, ``we``)."""
    i = int(t)
    if i < 27:
        return "bcs"[i // 9] + str(i % 9 + 1)
    return {v: k for k, v in _HONORS.items()}[i]


def _tiles(token: str) -> list[tuple[Tile, bool]]:
    return [kajongg_tile(token[i : i + 2]) for i in range(0, len(token), 2)]


@dataclass(frozen=True)
class Converted:
    hand: Hand
    situation: Situation
    winner: bool  # 14 tiles plus one per kong
    long: bool  # more: a long hand, dead


def convert(text: str, seat: str = "E", round_: str = "E") -> Converted:
    """Our hand and situation for Kajongg's hand string ``text``."""
    concealed: list[Tile] = []
    completed: list[Tile] = []
    melds: list[tuple[Meld, str]] = []  # with the token's tiles, lower-cased, to find the last meld
    bonus: list[Tile] = []
    last = None
    last_meld = ""
    source, announce = "", ""
    for token in text.split():
        if token[0] == "m":
            source, announce = token[1:2], token[2:]
            continue
        if token[0] == "L":
            last = kajongg_tile(token[1:3])
            last_meld = token[3:].lower()
            continue
        if token[0] == "R":
            concealed += [t for t, _ in _tiles(token[1:])]
            continue
        tiles = _tiles(token)
        if len(tiles) == 1 and tiles[0][0].is_bonus:
            bonus.append(tiles[0][0])
            continue
        kinds = [t for t, _ in tiles]
        exposed = [e for _, e in tiles]
        if not any(exposed):  # upper case: concealed tiles, for our scorer to arrange
            concealed += kinds
            continue
        if len(tiles) == 4 and len(set(kinds)) == 1:
            # b1b1b1b1 exposed, c9c9c9C9 claimed (our <9999c>: Meld.claimed), b1B1B1b1 concealed
            hidden = exposed[0] and exposed[3] and not exposed[1] and not exposed[2]
            claimed = all(exposed[:3]) and not exposed[3]
            melds.append((Meld(MeldKind.KONG, kinds[0], exposed=not hidden, claimed=claimed), token.lower()))
            continue
        if not all(exposed):
            raise Unconvertible(f"{token}: mixed case")
        if token.lower() == last_meld_of(text) and _claimed_last(text):
            # the meld a claimed winning tile completed: back into the hand, our
            # scorer exposes the set it completes (a knitted pair included)
            completed = kinds
            continue
        if len(kinds) < 3:
            concealed += kinds  # an exposed pair or single: we lay no pair on the table
            continue
        melds.append((_meld(kinds, token), token.lower()))
    winner_tile = None
    by = WinBy.WALL
    if last is None and source == "1" and concealed:
        last = (concealed[-1], False)  # East's dealt hand: no tile was drawn
    if last is None and not source:  # no last tile named: one of an exposed pair, claimed
        pair = next((t for t in text.split() if len(t) == 4 and t[0].islower() and t[:2] == t[2:]), None)
        if pair is not None:  # its tiles are among the concealed ones already
            last = kajongg_tile(pair[:2])
    if last is not None:
        winner_tile, claimed = last
        by = WinBy.DISCARD if claimed else WinBy.WALL
    declared = [m for m, _ in melds]
    size = len(concealed) + len(completed) + 3 * len(declared)
    winner = size == 14 and winner_tile is not None
    if winner and by is WinBy.DISCARD and source == "k":
        by = WinBy.ROBBED_KONG
    if not winner and completed and len(completed) >= 3:  # a loser's exposed meld after all
        melds.append((_meld(completed, last_meld), last_meld))
        completed = []
    concealed += completed
    if winner and winner_tile not in concealed:
        raise Unconvertible(f"the drawn tile {kajongg_name(winner_tile)} is not concealed")
    win = None
    if winner:
        last_tile = source in ("z", "Z")
        after_flower = False
        if source == "e":
            by = WinBy.LOOSE
            after_flower = not any(m.is_kong for m, _ in melds)  # no kong: the loose tile replaced a Flower
        if source == "t" or "t" in announce:
            by = WinBy.LOOSE
        if source == "Z":
            by = WinBy.DISCARD
        original = source == "1" and seat == "E"
        first = source == "1" and seat != "E"
        win = Win(
            winner_tile,
            by,
            last_tile=last_tile,
            original=original,
            first_discard=first,
            after_kong_on_kong="t" in announce,
            after_flower=after_flower,
            original_call="a" in announce,
        )
    if any(m.is_pair for m, _ in melds):
        raise Unconvertible("a pair declared that no claimed tile completed")
    hand = Hand(tuple(concealed), tuple(m for m, _ in melds), tuple(bonus))
    situation = Situation(_SEAT[seat], _SEAT[round_], win, dead=hand.size > 14)
    return Converted(hand, situation, winner, hand.size > 14)


def _claimed_last(text: str) -> bool:
    """Whether the ``L`` token's tile is lower case: claimed."""
    return any(token[0] == "L" and token[1].islower() for token in text.split())


def last_meld_of(text: str) -> str:
    """The meld of the ``L`` token, lower case (``""``: none)."""
    for token in text.split():
        if token[0] == "L":
            return token[3:].lower()
    return ""


def _meld(kinds: list[Tile], token: str) -> Meld:
    if len(kinds) == 3 and len(set(kinds)) == 1:
        return Meld(MeldKind.PUNG, kinds[0], exposed=True)
    if len(kinds) == 3 and kinds[0].is_suited and [int(t) - int(kinds[0]) for t in kinds] == [0, 1, 2] and kinds[0] % 9 <= 6:
        return Meld(MeldKind.CHOW, kinds[0], exposed=True)
    if len(kinds) <= 2 and len(set(kinds)) == 1:
        # an exposed pair or single: only as the last meld, completed by a claimed tile
        return Meld(MeldKind.PAIR, kinds[0], exposed=True)
    raise Unconvertible(f"{token}: no meld of ours (a knitted set?)")


@dataclass(frozen=True)
class Result:
    won: bool
    points: int
    doubles: int
    limits: float


def score(text: str, ruleset_name: str, seat: str = "E", round_: str = "E") -> Result:
    """Our score of Kajongg's hand ``text`` as Kajongg's triple."""
    ruleset = get_ruleset(ruleset_name)
    c = convert(text, seat, round_)
    if c.long:
        return Result(False, 0, 0, 0.0)
    situation = c.situation
    if c.winner:
        try:
            s = score_hand(c.hand, ruleset, situation)
        except ScoringError:
            return Result(False, 0, 0, 0.0)  # 14 tiles that do not go out score nothing (Kajongg Hand.__NotWon)
        return _result(True, s)
    if c.hand.size == 14:  # fourteen tiles, but no winning tile named
        return Result(False, 0, 0, 0.0)
    return _result(False, score_hand(c.hand, ruleset, Situation(situation.seat, situation.round)))


def _result(won: bool, s) -> Result:
    if s.limit_hand is not None:
        return Result(won, 0, 0, float(s.items[0].fraction))
    return Result(won, s.points, s.doubles, 0.0)


def calls(text: str, ruleset_name: str) -> str:
    """The tiles completing Kajongg's 13-tile hand ``text``, as Kajongg lists them
    (``b1b3``, ``-`` for none); East in an East round."""
    c = convert(text)
    hand = c.hand
    found = calling(hand, get_ruleset(ruleset_name), Situation(Wind.EAST, Wind.EAST))
    names = sorted(kajongg_name(t) for t, _ in found)
    return "".join(names) or "-"


def cases() -> list[dict]:
    with CASES.open(newline="") as f:
        return list(csv.DictReader(f, delimiter="\t"))
