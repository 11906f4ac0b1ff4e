"""The Typer application every command registers on, and the shared error handling."""

from __future__ import annotations

import sys
from contextlib import contextmanager

import typer
from rich.console import Console

app = typer.Typer(
    name="mahjongg",
    help="Classical Mahjong: score hands, settle payments, play and simulate games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
console = Console(soft_wrap=True)
err_console = Console(stderr=True, soft_wrap=True)

USAGE_ERROR = 2


def fail(message: str) -> None:
    """Print ``error: message`` to stderr and exit with code 2."""
    err_console.print(f"[bold red]error:[/] {message}", highlight=False, markup=True)
    raise typer.Exit(USAGE_ERROR)


@contextmanager
def user_errors():
    """Turn the library's ``ValueError`` s (bad tiles, hands, rulesets) into exit code 2."""
    try:
        yield
    except typer.Exit:
        raise
    except ValueError as exc:
        fail(_escape(str(exc)))


def _escape(text: str) -> str:
    from rich.markup import escape

    return escape(text)


def write_json(data) -> None:
    import json

    sys.stdout.write(json.dumps(data, indent=2) + "\n")
