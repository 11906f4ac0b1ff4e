"""The rules layer's error, below every module of it (the tally raises it, and
:mod:`mahjongg.rules.ruleset` re-exports it)."""

from __future__ import annotations

from ..errors import MahjonggError

__all__ = ["RulesetError"]


class RulesetError(MahjonggError):
    """An unknown ruleset or a bad option."""
