"""What ``mahjongg simulate`` and ``mahjongg arena`` share as commands: the
progress bar of a long run (with a time left that stays readable for a huge
run) and what is printed at its end (the result, or ``--json``, and where the
hands were stored)."""

from __future__ import annotations

from typing import Callable

import typer

from rich.progress import BarColumn, MofNCompleteColumn, Progress, ProgressColumn, TextColumn, TimeElapsedColumn
from rich.text import Text

from .app import command_name, console, write_json

__all__ = ["TimeLeftColumn", "time_left", "progress_bar", "stopped", "finish_run"]


class TimeLeftColumn(ProgressColumn):
    """The time left, estimated from the speed so far: ``0:03:12``; beyond a day in days,
    beyond a thousand years said so (a run of 10**20 hands has no sensible clock time)."""

    max_refresh = 0.5

    def render(self, task) -> Text:
        left = task.time_remaining
        if left is None:
            return Text("-:--:--", style="progress.remaining")
        return Text(time_left(left), style="progress.remaining")


def time_left(seconds: float) -> str:
    """``seconds`` as a time left: ``0:03:12``, ``3 days``, ``more than 1000 years``."""
    if seconds < 86400:
        s = int(seconds)
        return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}"
    days = seconds / 86400
    if days < 365:
        return f"{days:.0f} day{'' if round(days) == 1 else 's'}"
    years = days / 365.25
    return f"{years:.0f} years" if years < 1000 else "more than 1000 years"


def progress_bar(unit: str, as_json: bool) -> Progress | None:
    """A transient bar counting ``unit`` (``"hands"``, ``"deals"``) on the
    terminal; ``None`` under ``--json``, whose output is the result only, and
    when the output is no terminal (a pipe, a file: a bar there left only a
    blank line before the result, or before an error)."""
    if as_json or not console.is_terminal:
        return None
    return Progress(
        TextColumn("[bold]playing[/]"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn(unit),
        TimeElapsedColumn(),
        TimeLeftColumn(),
        console=console,
        transient=True,
    )


def stopped(store, db: str | None, before: int, played: str) -> typer.Exit:
    """A run stopped by Ctrl-C (its workers ignore it and are stopped with
    the pool): say how many hands the file holds -- every hand finished and
    stored so far, each committed on its own -- or, with no ``store``, what
    was ``played`` (``"after 12 hands"``); the ``Exit`` (130) to raise."""
    if store is not None:
        if store.conn.in_transaction:  # stopped inside a hand's transaction: it is not stored
            store.conn.execute("ROLLBACK")
        n = len(store) - before  # what the file holds, whichever instant the Ctrl-C came
        console.print(f"stopped: {n} hand{'' if n == 1 else 's'} stored in {db}", highlight=False)
    else:
        console.print(f"stopped {played} (no --db: none stored)", highlight=False)
    return typer.Exit(130)


def finish_run(data: dict, render: Callable[[], None], as_json: bool, db: str | None, ids: list[int]) -> None:
    """End a run: ``data`` as JSON (with ``db`` and the first and last stored
    ``game_ids``) under ``--json``, else ``render()`` and, when hands were
    stored, where and how to replay one."""
    if as_json:
        if db is not None:
            data["db"] = db
            data["game_ids"] = [ids[0], ids[-1]] if ids else []
        write_json(data)
        return
    render()
    if db is not None and ids:
        console.print(f"stored hands {ids[0]}-{ids[-1]} in {db}; see one with: {command_name()} replay {ids[0]} --db {db}", highlight=False)
