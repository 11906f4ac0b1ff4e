"""The README's table of commands says what the commands take: every option a row
names is one of its command's options, a value written after an option is its
default or a placeholder (``FILE``, ``N``), and simulate's row names all of its
options (it showed ``--db games.sqlite3`` as if it were the default, which is no
file at all, and left out ``--matches``, ``--hands`` and ``--rounds``)."""

from __future__ import annotations

import re
from pathlib import Path

import click
import pytest
import typer

from mahjongg.cli import app

README = Path(__file__).resolve().parent.parent / "README.md"


def rows() -> dict[str, str]:
    """The command's name -> the command as the table writes it (the first cell of its row)."""
    text = README.read_text(encoding="utf-8").split("## Commands", 1)[1].split("\n## ", 1)[0]
    found = {}
    for line in text.splitlines():
        m = re.match(r"\| `mahjongg (\w+)([^`]*)` \|", line)
        if m:
            found[m.group(1)] = m.group(2)
    return found


def options_of(name: str) -> dict[str, click.Option]:
    group = typer.main.get_command(app)
    command = group.get_command(click.Context(group), name)  # (the commands are loaded when asked for)
    return {opt: p for p in command.params if p.param_type_name == "option" for opt in p.opts}


@pytest.mark.parametrize("name", sorted(rows()))
def test_each_option_of_the_table_is_the_commands_and_its_value_the_default_or_a_placeholder(name):
    options = options_of(name)
    written = rows()[name]
    for opt, value in re.findall(r"(--[a-z-]+)(?: ([^\s\[\]|]+))?", written):
        assert opt in options, f"README: mahjongg {name} has no option {opt}"
        p = options[opt]
        if not value or p.is_flag or value.isupper() or value.startswith("--") or value.endswith("..."):
            continue  # a flag, a placeholder (N, FILE, TILE, SEAT ..., redis://...), or the next option
        if p.multiple:  # (--dead SEAT ...: written with a seat for an example)
            continue
        if p.default is None and f"default {value}" not in (p.help or ""):  # (a default the command applies itself, as its help says)
            pytest.fail(f"README: mahjongg {name} {opt} {value} reads as a default, but {opt} has none (write {opt} FILE or N)")


def test_simulate_names_every_option():
    written = rows()["simulate"]
    missing = [o for o, p in options_of("simulate").items() if o.startswith("--") and o not in written and o not in ("--help", "--version")]
    assert not missing, f"README's row of mahjongg simulate leaves out {missing}"
