"""Printing a stored hand move by move (``mahjongg replay``)."""

from __future__ import annotations

from rich.console import Console
from rich.padding import Padding

from ..play.scorecard import result_card

from ..play.journal import GameRow
from ..table import Game
from ..table.describe import OMNISCIENT, REPLAY, describe_event
from .score import card_table, print_settlement

_SEAT = {"E": "East", "S": "South", "W": "West", "N": "North"}


def _who(letter: str) -> str:
    return f"{_SEAT.get(letter, letter)}"


def _from(card) -> str:
    """Whose discard (or robbed kong) gave the winning tile: ", discarded by South"."""
    if card.discarder is None:
        return ""
    verb = "robbed from" if card.win_by == "robbed-kong" else "discarded by"
    return f", {verb} {_who(card.discarder.letter)}"


def describe(e: dict) -> str | None:
    """One line for one event, every draw shown (``None`` for events not worth a
    line: passes, the end); the words are :data:`~mahjongg.table.describe.REPLAY`'s."""
    return describe_event(e, viewer=OMNISCIENT, wording=REPLAY)


def dice_line(dice: dict) -> str:
    """The setup's dice in words: East's throw picks the wall; the breaker's throw
    (two throws, seed 000) or the same sum (one throw of three dice, seed 003)
    is counted off it. Any number of dice per throw."""
    east = list(dice.get("east") or [])
    brk = list(dice.get("break") or [])
    broken = dice.get("broken") or []
    line = f"dice: East throws {'+'.join(map(str, east))} = {sum(east)}: {_who(dice['breaker'])}'s wall is broken; "
    if brk:
        line += (
            f"{_who(dice['thrower'])} throws {'+'.join(map(str, brk))}; "
            f"{sum(east)}+{sum(brk)} = {dice['count']} stacks from the right"
        )
    else:
        line += f"one throw: {dice['count']} stacks counted from the right"
    if len(broken) == 2:
        line += f" (broken at {_who(broken[0])}'s side, stack {broken[1]})"
    return line


def render_replay(row: GameRow, events: list[dict], game: Game, console: Console) -> None:
    setup = events[0]
    dice = setup["dice"]
    # who played each seat, East first: "East human, South greedy, ..."
    bots = f"; {', '.join(f'{_who(w)} {b}' for w, b in zip(_SEAT, row.bots))}" if row.bots else ""
    console.print(
        f"[bold]game {row.id}[/]: {setup['ruleset']}, {setup['players']} players, "
        f"{_who(setup['round'])} round, seed {setup.get('seed')}{bots}",
        highlight=False,
    )
    console.print(dice_line(dice), highlight=False)
    deal = next((e for e in events if e.get("type") == "deal"), None)
    if deal:
        console.print("[bold]deal[/]:", highlight=False)
        for seat, tiles in deal["hands"].items():
            console.print(f"  {_who(seat):5}  {' '.join(tiles)}  ({len(tiles)} tiles)", highlight=False)
    console.print("[bold]play[/]:", highlight=False)
    n = 0
    # a Mah-Jongg on a discard shows once, as the claim that took the tile
    claimed_mj = {e["seat"] for e in events if e.get("type") == "claim" and e.get("kind") == "mahjongg"}
    for e in events[1:]:
        if e.get("type") == "deal":
            continue
        if e.get("type") == "action" and e.get("kind") == "mahjongg" and e["seat"] in claimed_mj:
            continue
        line = describe(e)
        if line is not None:
            n += 1
            console.print(f"  {n:3}. {line}", highlight=False)
    r = game.result
    if r is None:
        console.print("the hand is not finished")
        return
    card = result_card(r, game.ruleset)
    if r.winner is None:
        console.print(f"[bold]result[/]: drawn ({r.reason})", highlight=False)
    else:
        console.print(
            f"[bold]result[/]: {_who(r.winner.letter)} wins on {r.win.tile} ({r.win.by.value}){_from(card)}",
            highlight=False,
        )
    for seat in game.seats:
        sc = card.cards[seat]
        dead = " (dead hand)" if seat in r.dead else ""
        console.print(f"[bold]{_who(seat.letter)}[/]: {r.hands[seat]}{dead}", highlight=False)
        if sc.lines:
            console.print(Padding(card_table(sc, compact=True), (0, 0, 0, 4), expand=False))
        console.print(f"    {sc.summary}", highlight=False)
        for note in sc.notes:
            console.print(f"    {note}", highlight=False)
    grid = card.settlement
    if not grid.settled:
        console.print("settlement: a drawn hand is not settled under these rules", highlight=False)
        return
    print_settlement(grid, _who, console)
