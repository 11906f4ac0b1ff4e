"""The books behind our seed numbers, for text a user reads.

Docstrings, tests and the rulesets' ``source`` fields cite the source texts
by seed number ("seed 000 Part II", "seed 003 (9) a"; docs/sources.md says
which book each is). A user has no seed files: the CLI, the terminal game and
the browser show the book instead. :data:`BOOKS` maps each seed number to its
book; :func:`cite` rewrites a text's seed citations with it::

    >>> cite("seed 002 / seed 000 Part II, Bonus scores 3")
    'Harr, *Pung Chow* (1922), Part II, Bonus scores 3'
    >>> cite("a dead hand cannot win (seed 000, seed 003 (11))")
    'a dead hand cannot win (Harr, *Pung Chow* (1922); *Hong Kong Mahjong* (an undated guide), section (11))'

Titles are in ``*asterisks*``, as plain text marks them.
"""

from __future__ import annotations

import re

__all__ = ["BOOKS", "book", "cite"]

BOOKS: dict[str, str] = {
    "000": "Harr, *Pung Chow* (1922)",
    "001": "*Traditional Mah Jongg* (a 1920s set's rules booklet)",
    "002": "Harr, *Pung Chow* (1922), Part II",
    "003": "*Hong Kong Mahjong* (an undated guide)",
    "004": "Harr, *Pung Chow* (1922), Part I, the examples of hands",
}
"""Each seed number (docs/sources.md) and its book, as a user reads it: seed
002 and seed 004 are parts of seed 000's book given as plain text."""

_SAME_TEXT = (
    # seed 002 is Part II of seed 000 as plain text: one book, cited once
    (re.compile(r"seed 002 / seed 000 Part II"), "seed 000 Part II"),
    (re.compile(r";? ?seed 002 \(Part II as plain text\)"), ""),
)
_CITATION = re.compile(r"seed (\d{3})(?:'s)?( (?:Part I{1,2}\b|\(\d+\)))?")
_NEXT = re.compile(r"(?<=\S), (?=seed \d{3})")  # "seed 000, seed 003 (11)": two books, not one book's section


def book(seed: str | int) -> str:
    """The book of ``seed`` (``"000"`` or ``0``); raises ``KeyError`` for a number that is no seed."""
    return BOOKS[f"{int(seed):03d}"] if not isinstance(seed, str) else BOOKS[seed]


def _one(match: re.Match) -> str:
    name = BOOKS.get(match.group(1))
    if name is None:
        return match.group(0)
    where = match.group(2)
    if not where:
        return name
    where = where.strip()
    if where.startswith("("):
        return f"{name}, section {where}"
    if name.endswith(where):  # seed 002 Part II: the book is Part II already
        return name
    return f"{name}, {where}"


def cite(text: str) -> str:
    """``text`` with every seed citation replaced by its book (and section)."""
    if "seed " not in text:
        return text
    for pattern, replacement in _SAME_TEXT:
        text = pattern.sub(replacement, text)
    text = _NEXT.sub("; ", text)
    return _CITATION.sub(_one, text)
