"""The action table (:mod:`mahjongg.features.actions`, below the bots so the ``learned`` bot reads it too)."""

from ..features.actions import *  # noqa: F401,F403
from ..features.actions import __all__  # noqa: F401
from ..features.actions import _REMEMBERED, _TABLES  # noqa: F401
