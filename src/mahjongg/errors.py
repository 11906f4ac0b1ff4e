"""The library's one error base class.

Every error the library raises on purpose derives from :class:`MahjonggError`,
so an application (the ``mahjongg`` command, the web server, a script) can
catch the library's errors -- bad notation, an illegal action, an unknown
ruleset, a file that is not a game database -- with one ``except`` clause and
let every other exception (a bug) surface.

``MahjonggError`` derives from :class:`ValueError`, as each of the library's
errors did before it existed, so code that caught ``ValueError`` still works.
"""

from __future__ import annotations

__all__ = ["MahjonggError", "StateError"]


class MahjonggError(ValueError):
    """Base class of every error the library raises on purpose (bad input,
    an impossible hand or action, a file that cannot be used).

    The message is one line that names what is wrong (which tile, which meld,
    which rule, which file): applications print ``str(error)`` as it is.
    """


class StateError(MahjonggError, RuntimeError):
    """A call made at a moment it cannot be answered: recording a hand that
    is not over, stepping an episode that has ended, asking bots to play
    while a human must act.

    Also a :class:`RuntimeError`, as such calls raised before this class.
    """
