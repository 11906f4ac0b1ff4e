"""A match, above the engine and the bots and below every app.

* :mod:`.config` -- :class:`MatchConfig`: one match configuration, checked once.
* :mod:`.seeds` -- :func:`bot_seed`: the one bot-seed rule; :func:`checked_bot_action`:
  the one policy for a bot's illegal answer (:class:`BotMoveError`).
* :mod:`.session` -- :class:`~.session.Session`: a match driven hand by hand for humans
  and bots (the library, ``simulate``, the terminal game and the web table run on it).
* :mod:`.journal` -- :class:`~.journal.Journal`: one SQLite file for finished hands,
  matches in progress and their events.
* :mod:`.lock` -- :func:`~.lock.hold_match`: one process at a time plays a match.
* :mod:`.scorecard` -- :func:`score_card`, :func:`result_card`: the one layout of
  a scored hand (and the settlement grid) that every app prints.

See docs/layers.md for where each layer sits.

The modules are imported on demand (``from mahjongg.play.config import MatchConfig``
works without loading the others).
"""

from __future__ import annotations

from .config import ConfigError, MatchConfig, OPTION_FIELDS
from .seeds import BotMoveError, bot_seed, checked_bot_action

__all__ = ["MatchConfig", "ConfigError", "OPTION_FIELDS", "bot_seed", "BotMoveError", "checked_bot_action"]
