"""The table: wall, dice, dealing, the :class:`Game` state machine, events and matches.

``Game(ruleset, seed=...)`` plays one hand: ``legal_actions(seat)``,
``apply(action)``, ``observation(seat)``, ``to_act()``, ``is_over``,
``result``, ``events``; ``Game.replay(events)``. :class:`Match` plays
several hands with East's rotation and running chip totals.
"""

from .actions import Action, ActionKind, GameError, IllegalActionError
from .events import ReplayError, from_jsonl, to_jsonl
from .game import Game, claim_window_kinds, replay, replay_steps
from .interned import full_set
from .match import HandRecord, Match
from .observation import Observation
from .phase import Phase
from .result import Result
from .wall import Wall, WallError, built_index, deal

__all__ = [
    "Action",
    "ActionKind",
    "IllegalActionError",
    "GameError",
    "Game",
    "claim_window_kinds",
    "Match",
    "HandRecord",
    "Observation",
    "Phase",
    "Result",
    "Wall",
    "WallError",
    "built_index",
    "deal",
    "full_set",
    "replay",
    "replay_steps",
    "ReplayError",
    "to_jsonl",
    "from_jsonl",
]
