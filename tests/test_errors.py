"""One error base class for the library (issue 13): every exception class the
library defines derives from :class:`mahjongg.errors.MahjonggError`, and no
library module raises a bare built-in ``ValueError``/``RuntimeError``/``KeyError``/
``IndexError`` that an app could not tell from a bug. ``TypeError`` stays
allowed for a Python caller's wrong arguments (as Python itself raises it)."""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
from pathlib import Path

import pytest

import mahjongg
from mahjongg.errors import MahjonggError, StateError

SRC = Path(mahjongg.__file__).parent
BARE = {"ValueError", "RuntimeError", "KeyError", "IndexError", "Exception", "AssertionError"}


def _modules():
    for info in pkgutil.walk_packages([str(SRC)], prefix="mahjongg."):
        if info.name.endswith("__main__"):  # runs the command
            continue
        try:
            yield importlib.import_module(info.name)
        except ImportError:  # an extra that is not installed (web, rl, ray)
            continue


def test_every_library_exception_class_derives_from_mahjongg_error():
    found = []
    for module in _modules():
        for name, obj in vars(module).items():
            if inspect.isclass(obj) and issubclass(obj, BaseException) and obj.__module__ == module.__name__:
                if module.__name__.startswith("mahjongg.cli.") and "click" in repr(obj.__mro__):
                    continue  # the command line's own usage errors (typer.BadParameter): click prints them
                found.append(obj)
                assert issubclass(obj, MahjonggError), f"{module.__name__}.{name} does not derive from MahjonggError"
    assert len(found) >= 20  # the walk saw the library (TileError, HandError, GameError, ...)


def test_no_library_module_raises_a_bare_builtin_error():
    offenders = []
    for path in sorted(SRC.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Raise) and node.exc is not None:
                exc = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
                if isinstance(exc, ast.Name) and exc.id in BARE:
                    offenders.append(f"{path.relative_to(SRC)}:{node.lineno} raises {exc.id}")
    assert offenders == []


def test_state_errors_are_also_runtime_errors():
    # calls at the wrong moment raised RuntimeError before StateError existed
    assert issubclass(StateError, RuntimeError) and issubclass(StateError, MahjonggError)
    from mahjongg.rules import PUNG_CHOW
    from mahjongg.table import Match

    match = Match(PUNG_CHOW, seed=1)
    with pytest.raises(StateError, match="record a finished hand"):
        match.record()
