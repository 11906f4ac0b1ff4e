"""``mahjongg simulate`` (bots play many hands) and ``mahjongg replay`` (a stored hand, move by move)."""

from __future__ import annotations

import os
from contextlib import nullcontext
from typing import Optional

import typer
from rich.table import Table

from ..bots import BOTS
from ..play.journal import Journal
from ..play.scorecard import plural
from ..rules import RULESETS
from ..simulate import HandOutcome, SimulationError, Summary, check_bots, check_run, simulate, useful_workers
from .app import app, console, fail, say, user_errors
from .options import file_name, whole_number
from .options import special_tiles as special_tiles_option
from ..ray_backend import require_ray
from .runs import finish_run, progress_bar, stopped


@app.command("simulate")
def simulate_command(
    games: int = typer.Option(
        100,
        "--games",
        "-n",
        **whole_number(),
        help="How many hands to play (with --matches: how many matches).",
    ),
    ruleset: str = typer.Option("pung-chow", help=f"Ruleset: {', '.join(sorted(RULESETS))}."),
    special_tiles: Optional[str] = typer.Option(None, "--special-tiles", **special_tiles_option()),
    bots: str = typer.Option(
        "greedy,greedy,cautious,random",
        help=f"One bot per player, comma-separated, two to four ({', '.join(BOTS)}, or policy:FILE, a trained policy); players take turns at East. "
        "They are players 1, 2, ... in this order, in the table and in --json (whose per-player lists, "
        "wins, net, ..., are in this order too).",
    ),
    seed: int = typer.Option(
        0,
        **whole_number(),
        help="Seed of the whole run: the same seed plays the same hands.",
    ),
    workers: int = typer.Option(
        1, "--workers", "-k", **whole_number(), help="Processes to play in."
    ),
    db: Optional[str] = typer.Option(None, **file_name(), help="Store every hand's event log in this SQLite file."),
    as_json: bool = typer.Option(False, "--json", help="Print the summary as JSON (no progress bar)."),
    backend: str = typer.Option("local", help="local (processes on this machine) or ray (Ray tasks; the ray extra)."),
    address: Optional[str] = typer.Option(None, help="With --backend ray: the cluster's address (default: a local Ray)."),
    matches: bool = typer.Option(
        False, "--matches", help="Play whole matches (seating, East's deal passing round, running totals), not single hands."
    ),
    hands: Optional[int] = typer.Option(
        None,
        "--hands",
        **whole_number(),
        help="With --matches: each match is this many hands.",
    ),
    rounds: Optional[int] = typer.Option(
        None,
        "--rounds",
        **whole_number(),
        help="With --matches: each match is this many wind rounds (default: the ruleset's).",
    ),
) -> None:
    """Bots play whole hands (or matches); prints wins, average scores, net chips, draw rate and speed.

    Players are numbered 1, 2, ... in the order of --bots, in the table and in
    --json alike; the JSON's per-player lists (wins, score_total, net, dead,
    match_wins) are in that order too, their first entry player 1's.
    """
    with user_errors():
        try:
            names = check_bots(bots.split(","))
        except SimulationError as exc:
            fail(f"--bots: {exc}")
        options = {"special_tiles": special_tiles} if special_tiles is not None else None
        match_args = dict(matches=matches, match_hands=hands, match_rounds=rounds, options=options)
        # every argument is checked before --db is opened: a bad one leaves no file behind
        check_run(games, names, ruleset=ruleset, workers=workers, **match_args)
        if backend not in ("local", "ray") or (backend == "ray" and matches):
            fail(f"--backend: local or ray (ray plays single hands, not --matches), not {backend!r}")
        if address is not None and backend != "ray":  # it was silently ignored
            fail(f"--address {address!r} is a Ray cluster's address: give it with --backend ray")
        if backend == "ray":
            require_ray()  # (before anything is printed: without Ray, its one line alone)
        store = Journal(db) if db is not None else None  # refused here, in one line, before a hand is played
        before = len(store) if store is not None else 0
        ids: list[int] = []
        used = useful_workers(workers, games)
        if used < workers and not as_json:
            why = f"this machine has {os.cpu_count() or 1} CPUs" if used == (os.cpu_count() or 1) else f"there are only {games} {'matches' if matches else 'hands'} to play"
            console.print(f"using {used} worker{'s' if used > 1 else ''}, not {workers}: {why}", highlight=False)

        played = 0

        def on_hand(o: HandOutcome) -> None:
            nonlocal played
            played += 1
            if store is not None:
                by_seat = sorted(range(len(names)), key=lambda p: "ESWN".index(o.seats[p]))
                ids.append(store.save_hand(o.events, bots=[names[p] for p in by_seat]))  # committed at once

        try:
            # a progress bar on the terminal; none under --json (its output is the summary only)
            bar = progress_bar("matches" if matches else "hands", as_json)
            with bar if bar is not None else nullcontext():
                task = bar.add_task("hands", total=games) if bar is not None else None
                summary = simulate(
                    games,
                    names,
                    ruleset=ruleset,
                    seed=seed,
                    workers=workers,
                    keep_events=store is not None,
                    progress=(lambda done, total: bar.update(task, completed=done)) if bar is not None else None,
                    on_hand=on_hand,
                    backend=backend,
                    address=address,
                    **match_args,
                )
        except KeyboardInterrupt:
            raise stopped(store, db, before, f"after {plural(played, 'hand')}") from None
        finally:
            if store is not None:
                store.close()
    finish_run(summary.to_dict(), lambda: _render_summary(summary), as_json, db if store is not None else None, ids)


def _render_summary(s: Summary) -> None:
    hands = plural(s.games, "hand")
    played = f"{plural(s.matches, 'match', 'matches')} ({hands})" if s.matches else hands
    table = Table(title=f"{played} of {s.ruleset}, seed {s.seed}", header_style="bold")
    table.add_column("player", justify="right")
    table.add_column("bot")
    table.add_column("wins", justify="right")
    table.add_column("win %", justify="right")
    table.add_column("avg score", justify="right")
    table.add_column("net chips", justify="right")
    table.add_column("chips per hand", justify="right")  # words: narrowed it wraps ("chips/hand" read "chips/h…")
    if s.matches:
        table.add_column("matches won", justify="right")
    for p, b in enumerate(s.bots):
        table.add_row(
            str(p + 1),
            b,
            str(s.wins[p]),
            f"{100 * s.win_rate[p]:.1f}",
            f"{s.average_score[p]:.1f}",
            f"{s.net[p]:+d}",
            f"{s.net_per_game[p]:+.1f}",
            *([str(s.match_wins[p])] if s.matches else []),
        )
    console.print(table, soft_wrap=False)  # its title wraps at words too
    say("avg score: the player's hand score in points over every hand played, won or not (a loser's hand scores too where the ruleset scores it); chips per hand: his net chips over every hand.")
    console.print(
        f"draws: {s.draws} ({100 * s.draw_rate:.1f}%)   "
        f"speed: {s.games_per_second:.1f} hands/s ({s.seconds:.2f} s, {s.workers} worker{'s' if s.workers > 1 else ''})",
        highlight=False,
    )


@app.command("replay")
def replay_command(
    game_id: int = typer.Argument(
        ..., **whole_number(at_least=1, metavar="GAME_ID"), help="The id of a stored game (mahjongg simulate --db prints them)."
    ),
    db: str = typer.Option(..., **file_name(), help="The SQLite file the game is stored in."),
    as_json: bool = typer.Option(False, "--json", help="Print the stored event log as JSON lines."),
) -> None:
    """Print a stored hand move by move: dice, break, deal, every draw, discard and claim, scores, settlement."""
    with user_errors():
        with Journal(db, create=False) as store:
            row = store.game(game_id)
            events = store.load(game_id)
            game = store.replay(game_id)
    if as_json:
        from ..table import to_jsonl

        console.file.write(to_jsonl(events))
        return
    from .replay_view import render_replay

    render_replay(row, events, game, console)
