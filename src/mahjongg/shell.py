"""How the user runs ``mahjongg`` from this shell, for the commands a message tells them to type."""

from __future__ import annotations

import sys

__all__ = ["command_name"]


def command_name() -> str:
    """``mahjongg`` as the user can run it again from this shell, for the
    commands the CLI prints (``resume with mahjongg play --resume 1``): plain
    ``mahjongg`` when that name on the PATH is this program; else the script
    as it was typed (``.venv/bin/mahjongg``, the venv not activated); else
    ``python -m mahjongg`` with this interpreter (run as a module)."""
    import os
    import shlex
    import shutil

    typed = sys.argv[0] if sys.argv else ""
    on_path = shutil.which("mahjongg")
    here = os.path.realpath(typed) if typed else ""
    if on_path and (os.path.basename(typed) != "mahjongg" or os.path.realpath(on_path) == here):
        return "mahjongg"
    if os.path.basename(typed) == "mahjongg" and os.path.exists(typed):
        return shlex.quote(typed if os.sep in typed else here)
    return f"{shlex.quote(sys.executable)} -m mahjongg"
