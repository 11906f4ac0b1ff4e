"""Hand notation: parse and print tiles, melds and hands.

The grammar (see ``docs/notation.md``)::

    hand    := group*                       spaces between groups optional
    group   := tiles | "[" tiles "]" | "{" tiles "}" | "(" bonus+ ")"
    tiles   := (suited | honor | bonus)+
    suited  := digit+ ("b" | "c" | "d")     123b = 1b 2b 3b
    honor   := "E" | "S" | "W" | "N" | "R" | "G" | "Wh"
    bonus   := "f1".."f4" | "s1".."s4" | Cat | Mouse | Fisherman | Fish
               | Cock | Worm | Man | Gold

``[...]`` is an exposed meld (chow, pung or kong), ``{...}`` a concealed kong
laid on the table; everything else is concealed in the hand; bonus tiles are
laid out wherever they are written (never inside ``[]`` or ``{}``), except
inside ``(...)``: ``(Cat)`` is a bonus tile held concealed, not laid out
(``Hand.hidden``; ruleset ``traditional``'s special tiles).

Errors are :class:`NotationError` and name the offending text and its
0-based character position.
"""

from __future__ import annotations

import re
from collections import Counter
from itertools import groupby

from .hand import Hand, HandError, Meld, MeldKind
from .tiles import TILES, Tile

__all__ = ["NotationError", "parse_tiles", "parse_meld", "parse_hand", "format_tiles", "format_hand", "kong_hint"]


class NotationError(HandError):
    """Bad hand notation; the message names the token and its position."""


_TOKEN = re.compile(
    r"""
    (?P<space>\s+)
  | (?P<open>[\[{(])
  | (?P<close>[\]})])
  | (?P<special>Fisherman|Fish|Mouse|Cock|Worm|Gold|Cat|Man)
  | (?P<bonus>[fs][0-9]+)
  | (?P<suited>[0-9]+[A-Za-z]?)
  | (?P<honor>Wh|[ESWNRG])
  | (?P<bad>.)
    """,
    re.VERBOSE,
)
_HONORS = {"E": 27, "S": 28, "W": 29, "N": 30, "R": 31, "G": 32, "Wh": 33}
_SPECIALS = {"Cat": 42, "Mouse": 43, "Fisherman": 44, "Fish": 45, "Cock": 46, "Worm": 47, "Man": 48, "Gold": 49}


def _tokens(text: str):
    """Yield (kind, tiles, token_text, position) for every token of ``text``."""
    for m in _TOKEN.finditer(text):
        kind = m.lastgroup
        tok = m.group()
        pos = m.start()
        if kind == "space":
            continue
        if kind in ("open", "close"):
            yield kind, (), tok, pos
        elif kind == "special":
            yield "tiles", (TILES[_SPECIALS[tok]],), tok, pos
        elif kind == "honor":
            yield "tiles", (TILES[_HONORS[tok]],), tok, pos
        elif kind == "bonus":
            n = int(tok[1:])
            if not 1 <= n <= 4:
                raise NotationError(f"{tok!r} at position {pos}: Flowers and Seasons are numbered 1-4")
            base = 34 if tok[0] == "f" else 38
            yield "tiles", (TILES[base + n - 1],), tok, pos
        elif kind == "suited":
            letter = tok[-1] if tok[-1].isalpha() else ""
            if letter not in ("b", "c", "d"):
                what = f"{letter!r} is not a suit" if letter else "the suit letter is missing"
                raise NotationError(
                    f"{tok!r} at position {pos}: {what} (suits are b bamboo, c characters, d dots)"
                )
            base = "bcd".index(letter) * 9
            for k, digit in enumerate(tok[:-1]):
                if digit == "0":
                    raise NotationError(f"{tok!r} at position {pos + k}: 0 is not a rank (ranks are 1-9)")
                # one token per digit, so errors point at the very tile
                yield "tiles", (TILES[base + int(digit) - 1],), tok, pos + k
        elif tok == "+":  # copied from a printed arrangement, where it leads the tiles outside its sets
            raise NotationError(
                f"'+' at position {pos} is not part of any tile: an arrangement prints it before the tiles"
                " outside its sets; leave it out to write the hand"
            )
        else:
            raise NotationError(f"{tok!r} at position {pos} is not part of any tile")


def parse_tiles(text: str) -> tuple[Tile, ...]:
    """Parse a plain list of tiles (no brackets): ``"123b EE"`` -> 5 tiles.

    Raises :class:`NotationError` naming the offending token and position.
    """
    out: list[Tile] = []
    for kind, tiles, tok, pos in _tokens(text):
        if kind != "tiles":
            raise NotationError(f"{tok!r} at position {pos}: brackets are not allowed here")
        out.extend(tiles)
    return tuple(out)


def _meld_from(tiles: tuple[Tile, ...], concealed_kong: bool, tok: str, pos: int) -> Meld:
    """The meld in brackets; error names the group and its position."""
    where = f"{tok!r} at position {pos}"
    if any(t.is_bonus for t in tiles):
        raise NotationError(f"{where}: Flowers, Seasons and special tiles are never part of a meld")
    n = len(tiles)
    same = all(t == tiles[0] for t in tiles)
    if concealed_kong:
        if n == 4 and same:
            return Meld(MeldKind.KONG, tiles[0], exposed=False)
        raise NotationError(f"{where} is not a concealed kong: {{...}} holds four identical tiles")
    if n == 4 and same:
        return Meld(MeldKind.KONG, tiles[0], exposed=True)
    if n == 3 and same:
        return Meld(MeldKind.PUNG, tiles[0], exposed=True)
    if n == 3:
        ts = sorted(tiles)
        if any(t.is_honor for t in ts):
            raise NotationError(f"{where} is not a meld: winds and dragons cannot form a chow")
        if len({t.suit for t in ts}) > 1:
            raise NotationError(f"{where} is not a meld: a chow is three tiles of one suit")
        if ts[1] == ts[0] + 1 and ts[2] == ts[1] + 1:
            return Meld(MeldKind.CHOW, ts[0], exposed=True)
        raise NotationError(
            f"{where} is not a meld: a chow is three consecutive tiles "
            f"({', '.join(str(t) for t in tiles)} are not)"
        )
    raise NotationError(f"{where} is not a meld: {_why_no_meld(tiles)}")


def _why_no_meld(tiles: tuple[Tile, ...]) -> str:
    """Why a bracketed group of other than three tiles (or four identical) is no meld."""
    n = len(tiles)
    ts = sorted(tiles)
    names = ", ".join(str(t) for t in tiles)
    same_suit = all(not t.is_honor for t in ts) and len({t.suit for t in ts}) == 1
    if n == 4 and same_suit and all(b == a + 1 for a, b in zip(ts, ts[1:])):
        low, high = Meld(MeldKind.CHOW, ts[0]), Meld(MeldKind.CHOW, ts[1])
        return (
            f"a chow is three tiles in a row; four in a row is no meld "
            f"(write the chow [{low}] or [{high}] and the fourth tile outside the brackets)"
        )
    if n == 4:
        return f"a kong is four identical tiles ({names} are not), a chow or pung three"
    if n == 2 and ts[0] == ts[1]:
        return "a pair is never exposed: write it without brackets (an exposed meld is a chow, pung or kong)"
    if n > 4:
        return f"a meld has at most four tiles (a kong), not {n}"
    return f"an exposed meld is a chow or pung (3 tiles) or a kong (4 tiles), not {n} tile{'s' * (n != 1)}"


def _parse_groups(text: str):
    """Split into concealed tiles, melds and bonus tiles, checking brackets."""
    concealed: list[Tile] = []
    bonus: list[Tile] = []
    hidden: list[Tile] = []
    melds: list[Meld] = []
    positions: list[tuple[Tile, int]] = []
    group: list[Tile] | None = None
    opener = ""
    open_pos = 0
    for kind, tiles, tok, pos in _tokens(text):
        if kind == "open":
            if group is not None:
                raise NotationError(f"{tok!r} at position {pos}: brackets cannot nest")
            group, opener, open_pos = [], tok, pos
        elif kind == "close":
            if group is None:
                raise NotationError(f"{tok!r} at position {pos} closes no bracket")
            if (opener, tok) not in (("[", "]"), ("{", "}"), ("(", ")")):
                raise NotationError(f"{tok!r} at position {pos} does not match {opener!r} at position {open_pos}")
            body = text[open_pos : pos + 1]
            if opener == "(":
                if not group or not all(t.is_bonus for t in group):
                    raise NotationError(
                        f"{body!r} at position {open_pos}: (...) holds only Flowers, Seasons or special tiles "
                        "held concealed, e.g. (Cat)"
                    )
                hidden.extend(group)
                group = None
                continue
            melds.append(_meld_from(tuple(group), opener == "{", body, open_pos))
            group = None
        else:
            for t in tiles:
                positions.append((t, pos))
                if group is not None:
                    group.append(t)
                elif t.is_bonus:
                    bonus.append(t)
                else:
                    concealed.append(t)
    if group is not None:
        raise NotationError(f"{opener!r} at position {open_pos} is never closed")
    seen: Counter[Tile] = Counter()
    for t, pos in positions:
        seen[t] += 1
        if seen[t] > t.copies:
            raise NotationError(
                f"{t} at position {pos}: copy {seen[t]} of {t.name}, but a set has only {t.copies}"
            )
    return concealed, melds, bonus, hidden


def parse_meld(text: str) -> Meld:
    """Parse one meld: ``"[555d]"``, ``"{2222c}"``, or a concealed ``"555d"``/``"123b"``/``"EE"``."""
    stripped = text.strip()
    if stripped[:1] in "[{":
        concealed, melds, bonus, hidden = _parse_groups(stripped)
        if len(melds) == 1 and not concealed and not bonus and not hidden:
            return melds[0]
        raise NotationError(f"{text!r} is not exactly one meld")
    tiles = parse_tiles(stripped)
    try:
        meld = _meld_from(tiles, False, stripped, 0)
    except NotationError:
        if len(tiles) == 2 and tiles[0] == tiles[1] and tiles[0].is_playing:
            return Meld(MeldKind.PAIR, tiles[0])
        raise
    return meld.with_exposed(False)


def parse_hand(text: str, *, sizes: tuple[int, ...] | None = (13, 14)) -> Hand:
    """Parse a hand. ``sizes``: accepted :attr:`Hand.size` values (``None``: any).

    Raises :class:`NotationError` for bad tokens, bad melds, a fifth copy of a
    tile, or a hand of the wrong size.
    """
    concealed, melds, bonus, hidden = _parse_groups(text)
    hand = Hand(tuple(concealed), tuple(melds), tuple(bonus), tuple(hidden))
    if sizes is not None and hand.size not in sizes:
        kongs = hand.kongs
        expect = " or ".join(str(s + kongs) for s in sizes)
        raise NotationError(
            f"{text!r} has {hand.tile_count} tiles; a hand with {kongs} kong{'s' if kongs != 1 else ''} "
            f"needs {expect} (13, or 14 with the winning tile, plus one per kong; Flowers and Seasons not counted)"
            + kong_hint(hand, sizes)
        )
    return hand


def kong_hint(hand: Hand, sizes: tuple[int, ...]) -> str:
    """For a hand whose size is not in ``sizes`` but would be if some of the
    fours of a kind among its concealed tiles were written as kongs (each
    counts as three): a hint, starting ``"; "``, naming them and how a kong is
    written; else ``""``."""
    fours = [t for t in dict.fromkeys(hand.concealed) if hand.concealed.count(t) == 4]
    if not any(hand.size - k in sizes for k in range(1, len(fours) + 1)):
        return ""
    written = [format_tiles((t,) * 4) for t in fours]
    first = written[0]
    what = f"{first} in the hand is four of a kind" if len(fours) == 1 else (
        f"{', '.join(written[:-1])} and {written[-1]} in the hand are four of a kind each"
    )
    return (
        f"; {what}, counted as four tiles:"
        f" a kong is written [{first}] (exposed) or {{{first}}} (concealed) and counts as three"
    )


_FORMATTED: dict[tuple, str] = {}


def format_tiles(tiles) -> str:
    """Tiles in notation, grouped: a suit's tiles as one run (``1235b``), equal honors together (``EE Wh``)."""
    key = tuple(tiles)
    r = _FORMATTED.get(key)
    if r is None:
        r = _format_tiles(key)
        if len(_FORMATTED) >= 100_000:  # only a cache: keep memory bounded
            _FORMATTED.clear()
        _FORMATTED[key] = r
    return r


# _format_tiles groups sorted tiles by key: a suit's tiles (key 50 + suit) run
# together as digits with the suit letter after them; equal honors (key: the
# tile) stand together ("EE"); bonus tiles (key: the tile) stand apart ("f1 f1").
_KEY = tuple(50 + i // 9 if i < 27 else i for i in range(len(TILES)))
_PIECE = tuple(str(i % 9 + 1) if i < 27 else str(TILES[i]) for i in range(len(TILES)))
_JOIN = tuple(" " if 34 <= k < 50 else "" for k in range(53))
_SUFFIX = tuple("bcd"[k - 50] if k >= 50 else "" for k in range(53))


def _format_tiles(tiles) -> str:
    out: list[str] = []
    run: list[str] = []
    key = -1
    for t in sorted(tiles):
        k = _KEY[t]
        if k != key:
            if run:
                out.append(_JOIN[key].join(run) + _SUFFIX[key])
            key = k
            run = [_PIECE[t]]
        else:
            run.append(_PIECE[t])
    if run:
        out.append(_JOIN[key].join(run) + _SUFFIX[key])
    return " ".join(out)


def format_hand(hand: Hand) -> str:
    """A hand in notation: concealed tiles, then melds, then bonus tiles, then hidden bonus tiles ``(Cat)``."""
    parts = [format_tiles(hand.concealed)] if hand.concealed else []
    for m in hand.melds:
        parts.append(str(m))
    if hand.bonus:
        parts.extend(str(t) for t in hand.bonus)
    if hand.hidden:
        parts.extend(f"({t})" for t in hand.hidden)
    return " ".join(parts)
