"""Every command's --help at 80 columns (issue 17, "--help at 80 columns"): Rich
wraps the text, so no line breaks a word (``<wall|discard|loose|robbe`` /
``d-kong>``), no sentence is cut by a line break of the docstring with room
left on the line (``settle ... Pung Chow: the winner`` / ``collects ...``), and no
usage line or column shows a placeholder (``{hand}``, ``<int range> [x>=1]``)."""

from __future__ import annotations

import inspect
import re

import pytest
import typer
from typer.testing import CliRunner

from mahjongg.cli import app

runner = CliRunner()
GROUP = typer.main.get_command(app)
COMMANDS = [[]] + [[name] for name in sorted(GROUP.commands)]
BOX = "│╭╮╰╯─┃┏┓┗┛━╇╈┡┩"
# what Typer itself writes around the commands' own words
TYPER_WORDS = {"Usage:", "[OPTIONS]", "COMMAND", "[ARGS]...", "Options", "Arguments", "Commands", "[default:",
               "[required]", "*", "Show", "this", "message", "and", "exit.", "--help", "-h"}


def help_of(command: list[str], columns: int) -> str:
    r = runner.invoke(app, [*command, "--help"], env={"COLUMNS": str(columns)})
    assert r.exit_code == 0, r.output
    return r.output


def source_words(command: list[str]) -> set[str]:
    """Every word the help is made of: the command's help, its parameters' help,
    names, metavars and defaults (and, for the group, every command's help)."""
    cmd = GROUP if not command else GROUP.commands[command[0]]
    texts = [cmd.help or "", cmd.name or "", "mahjongg"]
    if not command:
        texts += [c.help or "" for c in GROUP.commands.values()] + list(GROUP.commands)
    ctx = typer.Context(cmd) if not command else typer.Context(cmd, parent=typer.Context(GROUP), info_name=command[0])
    for p in cmd.get_params(ctx):
        texts += [p.help or "", p.metavar or "", f"[{p.metavar}]", *p.opts, *p.secondary_opts, str(p.default), f"{p.default}]"]
    words = set(TYPER_WORDS)
    for t in texts:
        words.update(inspect.cleandoc(t).split())
    return words


def rows(text: str) -> list[str]:
    return text.splitlines()


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c) or "mahjongg")
def test_help_at_80_columns_breaks_no_word_and_shows_no_placeholder(command):
    text = help_of(command, 80)
    assert all(len(line) <= 80 for line in rows(text)), text
    assert not re.search(r"\{\w+\}", text), text  # {hand}, {game_id}
    assert "range>" not in text and "x>=" not in text and "<str>" not in text and "<int>" not in text, text
    known = source_words(command)
    for line in rows(text):
        for word in line.translate({ord(c): " " for c in BOX}).split():
            assert word in known or word.rstrip(".,;:") in known or f"{word}]" in known, f"{word!r} (broken?) in\n{text}"


def _continuations(text: str):
    """``(line, next line, width)`` where the next line goes on with the text of
    the line above: in the description, the next line of a paragraph; in a
    panel, a line that holds only the rest of the help column (indented past
    the option names) under a line of the same option. ``width``: the widest
    text of the panel (or of the description), where Rich wraps."""
    lines = rows(text)
    inner = [x.strip(BOX).rstrip() for x in lines]
    widths, panel = [], []
    for i, x in enumerate(lines):  # each line's block: its panel, or the description
        if x[:1] == "╭" or not panel:
            panel = []
        panel.append(i)
        widths.append(panel)
    for i, (a, b) in enumerate(zip(lines, lines[1:])):
        if a[:1] in "╭╰" or b[:1] in "╭╰" or (a[:1] == "│") != (b[:1] == "│"):
            continue
        inner_a, inner_b = inner[i], inner[i + 1]
        if not inner_a.strip() or not inner_b.strip():
            continue
        width = max(len(inner[k]) for k in widths[i] if lines[k][:1] not in "╭╰")
        lead = len(inner_b) - len(inner_b.lstrip())
        if a[:1] == "│":
            if lead >= 8:  # the help column of the option (or argument, command) above
                yield inner_a, inner_b.lstrip(), width
        elif lead == len(inner_a) - len(inner_a.lstrip()):
            yield inner_a, inner_b.lstrip(), width


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c) or "mahjongg")
def test_help_at_80_columns_has_no_hard_line_break_mid_sentence(command):
    text = help_of(command, 80)
    for above, below, width in _continuations(text):
        if below.startswith(("[default:", "[required]")):
            continue  # Typer puts these on a line of their own
        first = below.split()[0]
        # the first word of the next line would have fitted on this one: a line break of the source
        assert len(above) + 1 + len(first) > width, f"{above!r} / {below!r} in\n{text}"


def test_help_at_120_columns_is_whole_too():
    for command in COMMANDS:
        text = help_of(command, 120)
        assert all(len(line) <= 120 for line in rows(text))
        assert not re.search(r"\{\w+\}", text) and "range>" not in text


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c) or "mahjongg")
def test_dash_h_is_help_and_version_is_known_after_every_command(command):
    """Issue 28, item 7: ``-h`` is ``--help`` and ``--version`` prints the
    package's version, for the group and every command (both were "no such
    option"); neither runs the command."""
    from mahjongg import __version__

    assert runner.invoke(app, [*command, "-h"], env={"COLUMNS": "80"}).output == help_of(command, 80)
    r = runner.invoke(app, [*command, "--version"])
    assert r.exit_code == 0 and r.output == f"mahjongg {__version__}\n", r.output
