"""``mahjongg arena``: a challenger bot against a field, duplicate deals, a 95% interval."""

from __future__ import annotations

from contextlib import nullcontext
from typing import Optional

import typer
from rich.table import Table

from ..arena import DealResult, Report, arena, check_arena
from ..bots import BOTS
from ..play.journal import Journal
from ..play.scorecard import plural
from ..rules import RULESETS
from .app import app, console, fail, say, user_errors
from .options import file_name, whole_number
from .options import special_tiles as special_tiles_option
from ..ray_backend import require_ray
from .runs import finish_run, progress_bar, stopped


@app.command("arena")
def arena_command(
    challenger: str = typer.Option(..., help=f"The bot measured ({', '.join(BOTS)})."),
    field: str = typer.Option(
        "greedy",
        help="The bots in the other seats, comma-separated: one fills every other seat; "
        "two or three take them in turn from the challenger's right.",
    ),
    ruleset: str = typer.Option("pung-chow", help=f"Ruleset: {', '.join(sorted(RULESETS))}."),
    special_tiles: Optional[str] = typer.Option(None, "--special-tiles", **special_tiles_option()),
    deals: int = typer.Option(
        500, "--deals", "-n", **whole_number(), help="Deals to play; each is played once with the challenger in each seat."
    ),
    seed: int = typer.Option(0, **whole_number(), help="Seed of the whole run (deals, bots and the interval's bootstrap)."),
    workers: int = typer.Option(1, "--workers", "-k", **whole_number(), help="Processes to play in."),
    backend: str = typer.Option("local", help="local (processes on this machine) or ray (Ray tasks; the ray extra)."),
    address: Optional[str] = typer.Option(None, help="With --backend ray: the cluster's address (default: a local Ray)."),
    db: Optional[str] = typer.Option(None, **file_name(), help="Store every hand's event log in this SQLite file."),
    as_json: bool = typer.Option(False, "--json", help="Print the report as JSON (no progress bar)."),
) -> None:
    """Duplicate play: each deal (wall and dice) once with the challenger in every seat; chips per hand with a 95% interval.

    The interval is a bootstrap over deals (a deal's rotations kept together) of the challenger's advantage: its chips per hand less a field seat's.
    """
    with user_errors():
        options = {"special_tiles": special_tiles} if special_tiles is not None else None
        c, names = check_arena(challenger, field.split(","), deals=deals, ruleset=ruleset, workers=workers, options=options)
        if backend not in ("local", "ray"):
            from ..arena import ArenaError

            raise ArenaError(f"--backend: local or ray, not {backend!r}")
        if address is not None and backend != "ray":  # as simulate: it would be silently ignored
            fail(f"--address {address!r} is a Ray cluster's address: give it with --backend ray")
        if backend == "ray":
            require_ray()  # (before anything is printed: without Ray, its one line alone)
        store = Journal(db) if db is not None else None  # refused here, in one line, before a hand is played
        before = len(store) if store is not None else 0
        ids: list[int] = []

        played = [0]  # deals finished

        def on_deal(d: DealResult) -> None:
            played[0] += 1
            if store is not None:
                for h in d.hands:
                    ids.append(store.save_hand(h.events, bots=h.bots))  # committed at once

        try:
            bar = progress_bar("deals", as_json)
            with bar if bar is not None else nullcontext():
                task = bar.add_task("deals", total=deals) if bar is not None else None
                report = arena(
                    c,
                    names,
                    deals=deals,
                    ruleset=ruleset,
                    seed=seed,
                    workers=workers,
                    keep_events=store is not None,
                    progress=(lambda done, total: bar.update(task, completed=done)) if bar is not None else None,
                    on_deal=on_deal,
                    backend=backend,
                    address=address,
                    options=options,
                )
        except KeyboardInterrupt:
            raise stopped(store, db, before, f"after {plural(played[0], 'deal')}") from None
        finally:
            if store is not None:
                store.close()
    finish_run(report.to_dict(), lambda: render_report(report), as_json, db if store is not None else None, ids)


def render_report(r: Report) -> None:
    seats = len(r.field) + 1
    table = Table(
        title=f"{r.challenger} against {','.join(r.field)}: {plural(len(r.deals), 'deal')} x {seats} seats = {plural(r.hands, 'hand')} of {r.ruleset}, seed {r.seed}",
        header_style="bold",
    )
    table.add_column("per seat and hand")
    table.add_column(f"{r.challenger} (challenger)", justify="right")
    table.add_column(f"field seat ({','.join(dict.fromkeys(r.field))})", justify="right")
    c, f = r.challenger_side, r.field_side
    (clo, chi), (flo, fhi) = r.ci95_sides["challenger"], r.ci95_sides["field"]
    rows = (
        ("net chips", f"{c.chips_per_hand:+.2f}", f"{f.chips_per_hand:+.2f}"),
        ("  95% interval", f"{clo:+.2f} .. {chi:+.2f}", f"{flo:+.2f} .. {fhi:+.2f}"),
        ("wins", f"{100 * c.win_rate:.1f}%", f"{100 * f.win_rate:.1f}%"),
        ("  self-drawn", f"{100 * c.self_drawn_rate:.1f}%", f"{100 * f.self_drawn_rate:.1f}%"),
        ("dealt in (discard lost the hand)", f"{100 * c.deal_in_rate:.1f}%", f"{100 * f.deal_in_rate:.1f}%"),
        ("mean score of a won hand", f"{c.mean_win_score:.1f}", f"{f.mean_win_score:.1f}"),
        ("limit hands won", str(c.limit_hands), str(f.limit_hands)),
    )
    for row in rows:
        table.add_row(*row)
    console.print(table, soft_wrap=False)  # its title wraps at words too
    lo, hi = r.ci95
    verdict = "ahead" if lo > 0 else ("behind" if hi < 0 else "not distinguishable")
    say(
        f"advantage: {r.advantage:+.2f} chips/hand, 95% interval [{_end(lo)}, {_end(hi)}] "
        f"(bootstrap over deals, seed {r.bootstrap_seed}): the challenger is {verdict}"
    )
    say(
        f"draws: {r.draws} ({100 * r.draw_rate:.1f}%)   speed: {r.hands_per_second:.1f} hands/s "
        f"({r.seconds:.2f} s, {r.workers} worker{'s' if r.workers > 1 else ''})"
    )


def _end(x: float) -> str:
    """An end of the interval to two places, or to as many as show it on its side of zero
    (the verdict reads the sign: +0.004 is not +0.00)."""
    text = f"{x:+.2f}"
    if x != 0 and float(text) == 0:
        text = f"{x:+.2g}" if abs(x) >= 1e-9 else f"{x:+.1e}"
    return text
