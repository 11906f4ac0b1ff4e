"""Tile faces: how a tile, a meld and a row of tiles look on the terminal.

Text faces are the hand notation (``5d``, ``E``, ``Wh``), coloured by suit;
glyph faces are the Unicode Mahjong Tiles block (U+1F000-U+1F02B), with the
notation beside them since terminals draw those glyphs in many widths.
Bonus tiles without a glyph (the special tiles) fall back to text.
"""

from __future__ import annotations

from typing import Iterable

from rich.text import Text

from ..hand import Meld, MeldKind
from ..tiles import Tile

__all__ = ["face", "glyph", "style_of", "tiles_text", "meld_text", "flow", "flow_latest", "fit", "SUIT_STYLES"]

SUIT_STYLES = ("green", "red", "bright_blue")  # bamboo, characters, dots
_HONOR_STYLES = ("bold", "bold", "bold", "bold", "bold red", "bold green", "bold white")

# U+1F000: E S W N winds, red, green, white dragons; U+1F007 characters 1-9;
# U+1F010 bamboo 1-9; U+1F019 dots 1-9; U+1F022 flowers 1-4; U+1F026 seasons 1-4
_GLYPH_BASE = {0: 0x1F010, 1: 0x1F007, 2: 0x1F019}
_HONOR_GLYPHS = (0x1F000, 0x1F001, 0x1F002, 0x1F003, 0x1F004, 0x1F005, 0x1F006)


def glyph(t: Tile) -> str | None:
    """The Unicode tile glyph of ``t`` (``None`` for the special tiles, which have none)."""
    i = int(t)
    if i < 27:
        return chr(_GLYPH_BASE[i // 9] + i % 9)
    if i < 34:
        return chr(_HONOR_GLYPHS[i - 27])
    if i < 38:
        return chr(0x1F022 + i - 34)
    if i < 42:
        return chr(0x1F026 + i - 38)
    return None


def style_of(t: Tile) -> str:
    i = int(t)
    if i < 27:
        return SUIT_STYLES[i // 9]
    if i < 34:
        return _HONOR_STYLES[i - 27]
    return "magenta"


def face(t: Tile, glyphs: bool = False) -> str:
    """A tile's face as plain text: ``5d``, or ``🀝5d`` with glyphs."""
    if glyphs:
        g = glyph(t)
        if g is not None:
            return f"{g}{t}"
    return str(t)


def tiles_text(tiles: Iterable[Tile], glyphs: bool = False, *, highlight: int | None = None, sep: str = " ") -> Text:
    """A row of tiles, coloured; ``highlight``: index of the tile shown reversed (the last discard)."""
    out = Text()
    for k, t in enumerate(tiles):
        if k:
            out.append(sep)
        style = style_of(t)
        if k == highlight:
            style += " reverse"
        out.append(face(t, glyphs), style=style)
    return out


def meld_text(m: Meld, glyphs: bool = False) -> Text:
    """A meld as it lies on the table, in the hand notation: ``[555d]``,
    ``[234c]``, a concealed kong ``{9999d}``; with glyphs each tile's face,
    ``[🀝5d🀝5d🀝5d]``. No space inside: a line that wraps breaks between
    melds, never inside one (``[2c`` / ``3c 4c]``)."""
    style = style_of(m.tiles[0])
    if not glyphs:
        return Text(str(m), style=style)
    opening, closing = ("[", "]") if m.exposed or m.kind is not MeldKind.KONG else ("{", "}")
    out = Text(opening)
    out.append_text(tiles_text(m.tiles, glyphs, sep=""))
    out.append(closing)
    return out


# --- lines that fit: wrapped between pieces, never inside one ----------------------------
def flow(pieces: Iterable[Text], width: int, sep: str = " ") -> list[Text]:
    """``pieces`` (tiles, melds, words) in lines of at most ``width`` cells,
    broken between pieces only (a piece wider than ``width`` stands alone)."""
    rows: list[list[Text]] = [[]]
    used = 0
    gap = len(sep)
    for p in pieces:
        n = p.cell_len
        if rows[-1] and used + gap + n > width:
            rows.append([])
            used = 0
        used += n + (gap if rows[-1] else 0)
        rows[-1].append(p)
    joiner = Text(sep)
    return [joiner.join(row) for row in rows]


def flow_latest(head: Text, pieces: list[Text], width: int, most: int) -> list[Text]:
    """``head`` and then ``pieces`` (a row of discards) in at most ``most``
    lines of ``width``: when they do not all fit, the earliest give way to
    ``…12 more``, so that what does not fit is summarised, not cut."""
    lo, hi = 0, len(pieces)  # the fewest earliest pieces to leave out for the rest to fit
    while lo < hi:
        mid = (lo + hi) // 2
        if len(_lead(head, pieces, mid, width)) <= most:
            hi = mid
        else:
            lo = mid + 1
    return _lead(head, pieces, lo, width)[: max(1, most)]


def _lead(head: Text, pieces: list[Text], dropped: int, width: int) -> list[Text]:
    lead = [head] + ([Text(f"…{dropped} more", style="dim")] if dropped else [])
    return flow(lead + pieces[dropped:], width)


def fit(text: str, width: int, most: int) -> list[str]:
    """Plain ``text`` in at most ``most`` lines of ``width``, broken between
    words; what does not fit ends in ``…`` (the start of a hint is its advice)."""
    words = text.split()
    lines: list[str] = []
    for w in words:
        if lines and len(lines[-1]) + 1 + len(w) <= width:
            lines[-1] += " " + w
        else:
            lines.append(w)
    if len(lines) <= most:
        return lines
    kept = lines[:most]
    while kept[-1] and len(kept[-1]) + 2 > width:
        kept[-1] = kept[-1].rsplit(" ", 1)[0] if " " in kept[-1] else kept[-1][: width - 2]
    kept[-1] += " …"
    return kept


# --- whether the terminal draws the glyphs as wide as Rich counts them -----------------
GLYPH_SAMPLES = "\U0001F000\U0001F004\U0001F007\U0001F019\U0001F022"
"""Glyphs to measure: a wind, the red dragon (an emoji, two cells wide), a
character, a dot, a flower -- terminals disagree on these widths."""


def terminal_cell_widths(chars: str, timeout: float = 0.3) -> dict[str, int] | None:
    """How many cells the terminal moves the cursor for each of ``chars``,
    asked with the cursor position report (``ESC [6n``) before the app starts;
    ``None`` when stdin or stdout is not a terminal or it does not answer."""
    import os
    import select
    import sys

    try:
        import termios
        import tty
    except ImportError:  # pragma: no cover - not a POSIX terminal
        return None
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        return None
    fd, out = sys.stdin.fileno(), sys.stdout.fileno()
    old = termios.tcgetattr(fd)
    widths: dict[str, int] = {}
    try:
        tty.setcbreak(fd)
        for ch in chars:
            os.write(out, ("\r" + ch + "\x1b[6n").encode())
            reply = b""
            while not reply.endswith(b"R"):
                ready, _, _ = select.select([fd], [], [], timeout)
                if not ready:
                    return None
                reply += os.read(fd, 32)
            column = reply.rsplit(b";", 1)[-1][:-1]
            widths[ch] = int(column) - 1
    except (OSError, ValueError, termios.error):
        return None
    finally:
        os.write(out, b"\r\x1b[2K")
        termios.tcsetattr(fd, termios.TCSADRAIN, old)
    return widths


def glyph_trouble(widths: dict[str, int] | None) -> str | None:
    """Why glyphs cannot be shown here, or ``None``: the terminal draws a tile
    glyph wider or narrower than Rich counts it (``rich.cells``), and every box
    border on a line with one would shift. ``widths``: as
    :func:`terminal_cell_widths` measured them (``None``: not measured, Rich
    is trusted)."""
    from rich.cells import cell_len

    for ch, drawn in (widths or {}).items():
        counted = cell_len(ch)
        if drawn != counted:
            return (
                f"no glyphs: this terminal draws {ch} {drawn} column{'s' * (drawn != 1)} wide, not {counted}, "
                "so the table's borders would shift (text faces it is)"
            )
    return None
