"""The Typer application every command registers on, and the shared error handling."""

from __future__ import annotations

import sys
from contextlib import contextmanager

import typer
from rich.console import Console
from rich.markup import escape
from typer.core import TyperCommand, TyperGroup

from mahjongg.errors import MahjonggError

try:  # newer Typers carry their own copy of click
    from typer._click import exceptions as _click_errors
except ImportError:  # pragma: no cover - an older Typer on click itself
    from click import exceptions as _click_errors

USAGE_ERROR = 2


class BadValue(typer.BadParameter):
    """A bad value for an option or argument, worded to follow its name:
    ``takes a whole number, not 'abc'`` reads ``error: --seed takes a whole number, not 'abc'``.
    The parsers in :mod:`mahjongg.cli.options` raise it."""


def _flags_without_metavar(command, ctx) -> None:
    """Flags take no value: their help shows none (this Typer shows ``<bool>``
    beside ``--json``, ``--help`` and every other flag). An empty metavar
    leaves the column blank; the options that take a value keep theirs."""
    for param in command.get_params(ctx):
        if getattr(param, "is_flag", False) and param.metavar is None:
            param.metavar = ""


class _Command(TyperCommand):
    """A ``mahjongg`` command: its help shows flags without a metavar."""

    def format_help(self, ctx, formatter):
        _flags_without_metavar(self, ctx)
        return super().format_help(ctx, formatter)


class _Commands(TyperGroup):
    """The ``mahjongg`` command group: every usage error -- a bad option value, an
    unknown option or command, a missing or extra argument -- is one line on
    stderr (``error: ...``, exit 2) like the commands' own errors, not Typer's
    boxed panel. It comes before a command runs, so no file is made or changed."""

    def make_context(self, info_name, args, parent=None, **extra):
        with _one_line_usage_errors():
            return super().make_context(info_name, args, parent=parent, **extra)

    def invoke(self, ctx):
        with _one_line_usage_errors(ctx):
            return super().invoke(ctx)

    def format_help(self, ctx, formatter):
        _flags_without_metavar(self, ctx)
        return super().format_help(ctx, formatter)


class _App(typer.Typer):
    """The ``mahjongg`` application: its commands are :class:`_Command` s unless one says otherwise."""

    def command(self, name=None, *, cls=None, **kwargs):
        return super().command(name, cls=cls or _Command, **kwargs)


app = _App(
    name="mahjongg",
    cls=_Commands,
    help="Classical Mahjong: score hands, settle payments, play and simulate games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
console = Console(soft_wrap=True)
err_console = Console(stderr=True, soft_wrap=True)


def fail(message: str) -> None:
    """Print ``error: message`` to stderr and exit with code 2 (the message is plain
    text: brackets in it, ``'mahjongg[web]'`` or a hand's ``[555d]``, are printed as they are)."""
    err_console.print(f"[bold red]error:[/] {escape(message)}", highlight=False, markup=True)
    raise typer.Exit(USAGE_ERROR)


@contextmanager
def user_errors():
    """Turn the library's errors (:class:`~mahjongg.errors.MahjonggError`: bad
    tiles, hands, rulesets, files) into one line and exit code 2; any other
    exception is a bug and is not hidden."""
    try:
        yield
    except typer.Exit:
        raise
    except MahjonggError as exc:
        fail(str(exc))


@contextmanager
def _one_line_usage_errors(group_ctx=None):
    try:
        yield
    except _click_errors.UsageError as exc:
        if isinstance(exc, getattr(_click_errors, "NoArgsIsHelpError", ())):
            raise  # plain `mahjongg`: the help, as before
        fail(_usage_message(exc, group_ctx))


def _usage_message(exc, group_ctx) -> str:
    """One line for a usage error: ``--seed takes a whole number, not 'abc'`` for a
    :class:`BadValue`; click's own words and the command's help otherwise
    (``no such option: --sed (Possible options: --seat, --seed, --speed); see 'mahjongg play --help'``)."""
    if isinstance(exc, BadValue) and exc.param is not None:
        return f"{_param_name(exc.param)} {exc.message}"
    text = " ".join(exc.format_message().split()).rstrip(".")
    if getattr(exc, "ctx", None) is not None:
        path = exc.ctx.command_path
    elif group_ctx is not None and group_ctx.invoked_subcommand:  # click's parser leaves some errors without one
        path = f"{group_ctx.command_path} {group_ctx.invoked_subcommand}"
    else:
        path = "mahjongg"
    return f"{text[:1].lower()}{text[1:]}; see '{path} --help'"


def _param_name(param) -> str:
    """An option by its long name (``--claim-time``), an argument by its name (``game_id``)."""
    opts = [o for o in getattr(param, "opts", []) if o.startswith("-")]
    return max(opts, key=len) if opts else param.name


def write_json(data) -> None:
    import json

    sys.stdout.write(json.dumps(data, indent=2) + "\n")
