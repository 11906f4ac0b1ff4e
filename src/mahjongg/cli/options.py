"""Parsers for the commands' option and argument values.

Each factory gives the keywords of a ``typer.Option``/``typer.Argument``
(``parser`` and the ``metavar`` its help showed before), so that a bad value
is one line naming the option, the value and what it takes (``error: --port
must be from 1 to 65535, not 99999``) instead of Typer's boxed usage error:
the parser raises :class:`~mahjongg.cli.app.BadValue` and the app's command
group prints it after the option's name.
"""

from __future__ import annotations

import math
from typing import Optional

from ..tiles import Wind
from .app import BadValue


def whole_number(*, at_least: Optional[int] = None, at_most: Optional[int] = None, metavar: Optional[str] = None) -> dict:
    """An integer: from ``at_least`` (to ``at_most``) if given. The help shows the range as
    Typer's ``min``/``max`` did, or ``metavar``; without either, an ``int`` option shows
    ``<int>`` and an argument its name."""

    def parse(value) -> int:
        try:
            number = int(value)
        except (TypeError, ValueError):
            raise BadValue(f"takes a whole number, not {value!r}") from None
        _check_range(number, value, at_least, at_most)
        return number

    if metavar is None:
        metavar = _range_metavar("int", at_least, at_most)
    return dict(parser=parse, metavar=metavar)


A_DAY = 86_400
"""The most seconds a timer of ``play`` may be set to (``--speed``, ``--claim-time``):
a day; more would only stall the game (and overflow the event loop's timeout)."""


def seconds(*, at_least: float = 0, at_most: Optional[float] = None) -> dict:
    """A finite number of seconds, ``at_least`` (0) or more (to ``at_most`` if given)."""

    def parse(value) -> float:
        try:
            number = float(value)
        except (TypeError, ValueError):
            number = math.nan
        if not math.isfinite(number):  # nan, inf: the game would wait for ever
            raise BadValue(f"takes a number of seconds, not {value!r}")
        _check_range(number, value, at_least, at_most)
        return number

    return dict(parser=parse, metavar=_range_metavar("float", at_least, at_most))


def seat(*, metavar: str = "<e|s|w|n>") -> dict:
    """A wind, as a seat or the round: ``E``, ``S``, ``W`` or ``N`` in either case (or ``east`` ...)."""

    def parse(value) -> Wind:
        try:
            return Wind.parse(value)
        except ValueError:
            raise BadValue(f"takes E, S, W or N, not {value!r}") from None

    return dict(parser=parse, metavar=metavar)


def one_of(choices: dict) -> dict:
    """One of the names in ``choices`` (in either case), parsed to its value."""

    def parse(value):
        found = choices.get(str(value).strip().lower())
        if found is None:
            names = list(choices)
            raise BadValue(f"takes {', '.join(names[:-1])} or {names[-1]}, not {value!r}")
        return found

    shown = f"<{'|'.join(choices)}>"  # a long list goes in the help, not the metavar column
    return dict(parser=parse, metavar=shown) if len(shown) <= 16 else dict(parser=parse)


def special_tiles() -> dict:
    """The ``--special-tiles`` option of every command that takes a ruleset: a
    set of seed 001's special tiles in place of the Flowers (``traditional``)."""
    from ..rules.special_tiles import SPECIAL_SETS

    return dict(
        one_of({name: name for name in SPECIAL_SETS}),
        metavar="SET",
        help=f"Play with the special tiles {' or '.join(SPECIAL_SETS)} in place of the Flowers (Traditional Mah Jongg).",
    )


def file_name() -> dict:
    """A file's name (a ``str`` parameter): not empty (SQLite would take ``''`` for a throw-away database)."""

    def parse(value) -> str:
        if not str(value).strip():
            raise BadValue(f"takes a file name, not {value!r}")
        return str(value)

    return dict(parser=parse, metavar="FILE")


def _check_range(number, value, at_least, at_most) -> None:
    """``at_most`` goes with ``at_least``."""
    if at_least is None or (at_least <= number and (at_most is None or number <= at_most)):
        return
    bounds = f"at least {at_least}" if at_most is None else f"from {at_least} to {at_most}"
    raise BadValue(f"must be {bounds}, not {str(value).strip()}")


def _range_metavar(kind: str, at_least, at_most) -> str:
    """The metavar of a number with bounds: ``N`` (a whole number), ``SECONDS``
    (``kind`` ``"float"``), ``N`` ... the bounds are said by the option's help
    and by the error for a value outside them (not Typer's ``<int range> [x>=1]``)."""
    return "SECONDS" if kind == "float" else "N"
