"""Hand notation at the level of tiles: reading tiles and the groups of a
hand, printing tiles. :mod:`mahjongg.hand` builds melds and hands from the
groups (``Hand.parse``, ``parse_meld``) and prints them (``str(hand)``); this
module imports nothing above :mod:`mahjongg.tiles`.

The grammar (see ``docs/notation.md``)::

    hand    := group*                       spaces between groups optional
    group   := tiles | "[" tiles "]" | "<" tiles ">" | "{" tiles "}" | "(" bonus+ ")"
    tiles   := (suited | honor | bonus)+
    suited  := digit+ ("b" | "c" | "d")     123b = 1b 2b 3b
    honor   := "E" | "S" | "W" | "N" | "R" | "G" | "Wh"
    bonus   := "f1".."f4" | "s1".."s4" | Cat | Mouse | Fisherman | Fish
               | Cock | Worm | Man | Gold

``[...]`` is an exposed meld (chow, pung or kong), ``<...>`` a kong claimed
from a discard onto a pung held concealed, ``{...}`` a concealed kong laid on
the table; everything else is concealed in the hand; bonus tiles are
laid out wherever they are written (never inside ``[]`` or ``{}``), except
inside ``(...)``: ``(Cat)`` is a bonus tile held concealed, not laid out
(``Hand.hidden``; ruleset ``traditional``'s special tiles).

Errors are :class:`NotationError` and name the offending text and its
0-based character position.
"""

from __future__ import annotations

import re
from collections import Counter

from .errors import MahjonggError
from .tiles import TILES, Tile

__all__ = ["NotationError", "parse_tiles", "format_tiles", "split_groups", "check_copies"]


class NotationError(MahjonggError):
    """Bad hand notation; the message names the token and its position."""


_TOKEN = re.compile(
    r"""
    (?P<space>\s+)
  | (?P<open>[\[{(<])
  | (?P<close>[\]})>])
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
            if not letter and text[m.end() : m.end() + 1] == "-":  # 1-2-3b: a run written with hyphens
                run = re.match(r"[0-9]+(?:-[0-9]+)+[A-Za-z]?", text[pos:])
                written = run.group() if run else tok
                raise NotationError(
                    f"{written!r} at position {pos}: no hyphens between the numbers; write a run as {written.replace('-', '')}"
                )
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
        elif tok in "eswnrg" or text[pos : pos + 2] == "wh":  # ee: a wind in lower case
            honor = "Wh" if text[pos : pos + 2] == "wh" else tok.upper()
            raise NotationError(
                f"{tok!r} at position {pos} is not part of any tile: winds and dragons are capitals"
                f" (E S W N, R G Wh), so write {honor}"
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


def split_groups(text: str):
    """Split hand notation into its groups, checking the brackets: returns
    ``(concealed, melds, bonus, hidden, positions)`` -- the concealed tiles,
    every bracketed meld as ``(tiles, opener, body, position)`` (``opener``
    ``"["``, ``"<"`` or ``"{"``; not
    yet checked as a meld), the bonus tiles laid out, the bonus tiles held
    concealed ``(...)``, and ``(tile, position)`` for every tile written (for
    :func:`check_copies`). Raises :class:`NotationError`."""
    concealed: list[Tile] = []
    bonus: list[Tile] = []
    hidden: list[Tile] = []
    melds: list[tuple[tuple[Tile, ...], bool, str, int]] = []
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
            if (opener, tok) not in (("[", "]"), ("{", "}"), ("(", ")"), ("<", ">")):
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
            melds.append((tuple(group), opener, body, open_pos))
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
    return concealed, melds, bonus, hidden, positions


def check_copies(positions) -> None:
    """Raise :class:`NotationError` at the first tile written more often than
    the set holds it (``positions``: ``(tile, position)`` in order)."""
    seen: Counter[Tile] = Counter()
    for t, pos in positions:
        seen[t] += 1
        if seen[t] > t.copies:
            raise NotationError(
                f"{t} at position {pos}: copy {seen[t]} of {t.name}, but a set has only {t.copies}"
            )


_FORMATTED: dict[tuple, str] = {}


def format_tiles(tiles) -> str:
    """Tiles in notation, grouped: a suit's tiles as one run (``1235b``), equal honors together (``EE Wh``)."""
    key = tuple(tiles)
    r = _FORMATTED.get(key)
    if r is None:
        r = _format_tiles(key)
        if len(_FORMATTED) >= 10_000:  # only a cache: keep memory bounded (a few MB)
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
