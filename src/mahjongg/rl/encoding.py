"""The observation planes (:mod:`mahjongg.features.encoding`, below the bots so the ``learned`` bot reads them too)."""

from ..features.encoding import *  # noqa: F401,F403
from ..features.encoding import __all__  # noqa: F401
from ..features.encoding import _columns  # noqa: F401
