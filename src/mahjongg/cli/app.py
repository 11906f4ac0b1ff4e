"""The Typer application every command registers on, and the shared error handling."""

from __future__ import annotations

import inspect
import re
import sys
from contextlib import contextmanager

import typer
from rich.console import Console
from rich.text import Text
from typer.core import TyperCommand, TyperGroup

from mahjongg.errors import MahjonggError
from mahjongg.rules.sources import cite
from mahjongg.shell import command_name  # noqa: F401 (the CLI's modules take it from here)

try:  # newer Typers carry their own copy of click
    from typer._click import exceptions as _click_errors
except ImportError:  # pragma: no cover - an older Typer on click itself
    from click import exceptions as _click_errors

USAGE_ERROR = 2


class BadValue(typer.BadParameter):
    """A bad value for an option or argument, worded to follow its name:
    ``takes a whole number, not 'abc'`` reads ``error: --seed takes a whole number, not 'abc'``.
    The parsers in :mod:`mahjongg.cli.options` raise it."""


def _tidy_params(params) -> None:
    """Placeholders a reader understands, short enough not to be folded mid-word
    at 80 columns: a flag takes no value, so its help shows none (this Typer
    shows ``<bool>`` beside ``--json``, ``--help`` and every other flag); an
    argument is named in capitals (``HAND``, not Typer's ``{hand}``); an
    option without a metavar of its own is named after itself
    (``--ruleset RULESET``, not ``<str>``)."""
    for param in params:
        if param.param_type_name == "argument":
            param.metavar = param.name.upper()
            param.display_type_rich = lambda ctx: None  # its name says it: HAND, not HAND <str>
        elif param.metavar is not None:
            continue
        elif getattr(param, "is_flag", False):
            param.metavar = ""
        else:
            longest = max(param.opts, key=len).lstrip("-")
            param.metavar = longest.upper().replace("-", "_")


def _short_help(group) -> None:
    """A command's line in the command list: the first paragraph of its help as
    one line, for Rich to wrap (this Typer keeps the docstring's line breaks)."""
    for command in group.commands.values():
        if command.short_help is None and command.help:
            first = inspect.cleandoc(command.help).split("\n\n")[0]
            command.short_help = " ".join(first.split())


class _Command(TyperCommand):
    """A ``mahjongg`` command: its help names values as :func:`_tidy_params`
    says, and its usage line names the arguments as they are shown below it
    (``mahjongg score [OPTIONS] HAND``)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        _tidy_params(self.params)  # before any message names an argument ('GAME_ID')

    def format_help(self, ctx, formatter):
        _tidy_params(self.get_params(ctx))
        return super().format_help(ctx, formatter)

    def collect_usage_pieces(self, ctx):
        pieces = [self.options_metavar] if self.options_metavar else []
        for param in self.get_params(ctx):
            if param.param_type_name == "argument":
                pieces.append(param.metavar if param.required else f"[{param.metavar}]")
        return pieces


class _Commands(TyperGroup):
    """The ``mahjongg`` command group: every usage error -- a bad option value, an
    unknown option or command, a missing or extra argument -- is one line on
    stderr (``error: ...``, exit 2) like the commands' own errors, not Typer's
    boxed panel. It comes before a command runs, so no file is made or changed."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._version_everywhere()

    def make_context(self, info_name, args, parent=None, **extra):
        with _one_line_usage_errors():
            return super().make_context(info_name, args, parent=parent, **extra)

    def invoke(self, ctx):
        given = [*getattr(ctx, "_protected_args", ()), *ctx.args]  # as typed: click takes them apart
        with _one_line_usage_errors(ctx, given):
            return super().invoke(ctx)

    def format_help(self, ctx, formatter):
        _tidy_params(self.get_params(ctx))
        _short_help(self)
        return super().format_help(ctx, formatter)

    def _version_everywhere(self) -> None:
        """``--version`` after any command too (``mahjongg play --version``): the
        group's own option, given to each command once."""
        import copy

        version = next((p for p in self.params if p.name == "version"), None)
        if version is None:
            return
        for command in self.commands.values():
            if not any(p.name == "version" for p in command.params):
                own = copy.copy(version)
                own.expose_value = False  # the command's function takes no such argument
                command.params.append(own)


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
    # -h as well as --help, for the group and (click passes it down) every command
    context_settings={"help_option_names": ["-h", "--help"]},
)
console = Console(soft_wrap=True)
err_console = Console(stderr=True, soft_wrap=True)


def _print_version(value: bool) -> None:
    if value:
        from mahjongg import __version__

        console.print(f"mahjongg {__version__}", highlight=False)
        raise typer.Exit()


@app.callback()
def _main(
    version: bool = typer.Option(
        False, "--version", callback=_print_version, is_eager=True, help="Print the version of mahjongg and exit."
    ),
) -> None:
    """Classical Mahjong: score hands, settle payments, play and simulate games."""


def say(text: str) -> None:
    """A line of prose on stdout, wrapped at word boundaries to the terminal's
    width (the console leaves long lines to the terminal, which breaks them
    mid-word: "pung-c" / "how")."""
    console.print(text, soft_wrap=False, highlight=False, markup=False)




_TITLE = re.compile(r"\*([^*\n]+)\*")


def book_text(text: str, style: str = "") -> Text:
    """``text`` for the terminal, the titles the library marks ``*so*`` (a book's
    name, :data:`~mahjongg.rules.sources.BOOKS`) in italics, without the
    asterisks; everything else as it is (no markup: ``[555d]`` stays)."""
    out = Text(style=style)
    at = 0
    for m in _TITLE.finditer(text):
        out.append(text[at : m.start()])
        out.append(m.group(1), style="italic")
        at = m.end()
    out.append(text[at:])
    return out


def fail(message: str) -> None:
    """Print ``error: message`` to stderr and exit with code 2; a source it cites
    by seed number names the book instead (:func:`~mahjongg.rules.sources.cite`),
    its title in italics (:func:`book_text`). The message is plain text: brackets
    in it, ``'.[web]'`` or a hand's ``[555d]``, are printed as they are)."""
    err_console.print(Text.assemble(("error:", "bold red"), " ", book_text(cite(message))), highlight=False)
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
def _one_line_usage_errors(group_ctx=None, given=()):
    try:
        yield
    except _click_errors.UsageError as exc:
        if isinstance(exc, getattr(_click_errors, "NoArgsIsHelpError", ())):
            raise  # plain `mahjongg`: the help, as before
        fail(_usage_message(exc, group_ctx, given))


def _usage_message(exc, group_ctx, given=()) -> str:
    """One line for a usage error: ``--seed takes a whole number, not 'abc'`` for a
    :class:`BadValue`; click's own words and the command's help otherwise
    (``no such option: --sed (Possible options: --seat, --seed, --speed); see 'mahjongg play --help'``)."""
    if isinstance(exc, BadValue) and exc.param is not None:
        return f"{_param_name(exc.param)} {exc.message}"
    negative = _negative_argument(exc, given)
    if negative is not None:
        return negative
    text = " ".join(exc.format_message().split()).rstrip(".")
    if getattr(exc, "ctx", None) is not None:
        path = exc.ctx.command_path
    elif group_ctx is not None and group_ctx.invoked_subcommand:  # click's parser leaves some errors without one
        path = f"{group_ctx.command_path} {group_ctx.invoked_subcommand}"
    else:
        path = "mahjongg"
    return f"{text[:1].lower()}{text[1:]}; see '{path} --help'"


def _negative_argument(exc, given) -> str | None:
    """A negative number given for a number argument (``mahjongg replay -1``):
    click reads it as an unknown option (``-20`` as ``-2``); say what the
    argument takes instead, and the number as it was typed."""
    name = getattr(exc, "option_name", None) or ""
    ctx = getattr(exc, "ctx", None)
    if not isinstance(exc, _click_errors.NoSuchOption) or ctx is None or not re.fullmatch(r"-\d", name[:2]):
        return None
    numbers = [p for p in ctx.command.get_params(ctx) if p.param_type_name == "argument" and p.bare_type() == "int"]
    if not numbers:
        return None
    typed = next((a for a in given if a.startswith(name) and re.fullmatch(r"-[\d.]+", a)), name)
    return f"{numbers[0].name.upper()} must be at least 1, not {typed}"  # as 0 is told (whole_number)


def _param_name(param) -> str:
    """An option by its long name (``--claim-time``), an argument by its name in
    capitals, as the usage line shows it (``GAME_ID``)."""
    opts = [o for o in getattr(param, "opts", []) if o.startswith("-")]
    return max(opts, key=len) if opts else param.name.upper()


def write_json(data) -> None:
    import json

    sys.stdout.write(json.dumps(data, indent=2) + "\n")
