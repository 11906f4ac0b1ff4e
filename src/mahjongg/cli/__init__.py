"""The ``mahjongg`` command line (Typer + Rich). It drives the library; it scores nothing itself."""

from __future__ import annotations

from . import score as _score  # noqa: F401  (registers score, settle, rules)
from . import simulate as _simulate  # noqa: F401  (registers simulate, replay)
from . import serve as _serve  # noqa: F401  (registers serve)
from . import play as _play  # noqa: F401  (registers play)
from . import arena as _arena  # noqa: F401  (registers arena)
from . import advise as _advise  # noqa: F401  (registers advise)
from .app import app


def main() -> None:
    """Console-script entry point."""
    app()


__all__ = ["app", "main"]
