"""The end-of-hand account as Rich renderables: every hand laid down with its
score card, the settlement table and the running totals.

It prints the score cards of :mod:`mahjongg.play.scorecard` (the lines, their
values and running totals, the settlement grid) and ``HandRecord.totals`` as
given; it adds nothing up itself.
"""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

from ..play.scorecard import ScoreCard, SettlementGrid, result_card
from ..rules.ruleset import Ruleset
from ..table.actions import ActionKind
from ..table.describe import ACTION_WORDS
from ..table.match import HandRecord
from ..tiles import Wind
from .faces import meld_text, tiles_text

__all__ = ["score_table", "settlement_table", "totals_table", "hand_text", "result_group", "headline"]

WIND_NAMES = {Wind.EAST: "East", Wind.SOUTH: "South", Wind.WEST: "West", Wind.NORTH: "North"}


def score_table(card: ScoreCard) -> Table:
    """The score card of one hand, as the card lays it out: points added, then
    doubles (or faan), each line with its value and the running total."""
    t = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
    t.add_column("item", overflow="fold")  # a long name wraps; the numbers are never cut
    for column in card.columns:
        heading = _SHORT.get(column, column)
        t.add_column(heading, justify="right", no_wrap=True, min_width=max(len(heading), 5))
    for line in card.lines:
        t.add_row(line.name, *line.cells)
    return t


_SHORT = {"points": "pts", "doubles": "x"}  # narrow headings for the terminal


def score_line(card: ScoreCard) -> str:
    """The score in one line, as every app prints it (:attr:`ScoreCard.summary`)."""
    return card.summary


def hand_text(hand, glyphs: bool = False) -> Text:
    """A whole hand laid down: melds, then the concealed tiles, then bonus tiles
    (and, in parentheses as the notation writes them, those held unexposed)."""
    out = Text()
    for m in hand.melds:
        out.append_text(meld_text(m, glyphs))
        out.append(" ")
    out.append_text(tiles_text(hand.concealed, glyphs))
    if hand.bonus:
        out.append("  + ")
        out.append_text(tiles_text(hand.bonus, glyphs))
    if hand.hidden:
        out.append("  (")
        out.append_text(tiles_text(hand.hidden, glyphs))
        out.append(")")
    return out


def settlement_table(grid: SettlementGrid) -> Table:
    """Who pays whom: row pays column, and each seat's net, as the card's grid gives it."""
    t = Table(title="settlement (row pays column)", header_style="bold", title_justify="left")
    t.add_column("pays \\ to")
    for s in grid.seats:
        t.add_column(s.letter, justify="right")
    t.add_column("net", justify="right")
    for a, row, net in zip(grid.seats, grid.cells(), grid.net):
        t.add_row(a.letter, *row, f"{net:+d}")
    return t


def totals_table(rec: HandRecord, names: list[str]) -> Table:
    """Each player's chips this hand and running total."""
    t = Table(title="chips", header_style="bold", title_justify="left")
    t.add_column("player")
    t.add_column("seat")
    t.add_column("this hand", justify="right")
    t.add_column("total", justify="right")
    holds = rec.holdings and any(h != t for h, t in zip(rec.holdings, rec.totals))
    if holds:
        t.add_column("holds", justify="right")
    for p in sorted(rec.seats, key=lambda q: rec.seats[q]):
        name = names[p]
        row = [name, rec.seats[p].letter, f"{rec.chips[p]:+d}", f"{rec.totals[p]:+d}"]
        if holds:
            row.append(str(rec.holdings[p]))
        t.add_row(*row)
    return t


def _player_at(rec: HandRecord, seat: Wind) -> int | None:
    return next((q for q, s in rec.seats.items() if s == seat), None)


def _who(rec: HandRecord, seat: Wind, names: list[str]) -> str:
    """A seat as the score screen names it: ``South greedy`` ... ``You (North)``."""
    p = _player_at(rec, seat)
    return f"{names[p]} ({WIND_NAMES[seat]})" if p is not None else WIND_NAMES[seat]


def headline(rec: HandRecord, names: list[str], discarder: Wind | None = None) -> str:
    """What ended the hand; for a win on a discard (or a robbed kong), whose
    tile it was (``discarder``)."""
    r = rec.result
    if r.reason == "washed" and r.washed_by is not None:
        return f"Hand {rec.number}: {_who(rec, r.washed_by, names)} washes the tiles: the hand is not played"
    if r.reason == "false mahjongg":
        return f"Hand {rec.number}: a false Mah-Jongg ends the hand"
    if r.winner is None:
        how = "a drawn hand: the wall is down to its reserve"
        if not r.settled:
            how += " (not settled)"
        return f"Hand {rec.number}: {how}"
    p = rec.winner_player
    w = r.win
    verb = "go" if names[p] == "You" else "goes"
    src = {"wall": "drawn from the wall", "discard": "on a discard", "loose": "on a loose tile", "robbed-kong": "robbing a kong"}.get(
        w.by.value, w.by.value
    )
    if discarder is not None:  # whose tile it was: it matters for the payments (Hong Kong: the discarder pays)
        who = _who(rec, discarder, names)
        src = f"robbing {who}'s kong" if w.by.value == "robbed-kong" else f"discarded by {who}"
    return f"Hand {rec.number}: {names[p]} ({WIND_NAMES[r.winner]}) {verb} Mah-Jongg on {w.tile}, {src}"


CLAIM_WORDS = {k.value: ACTION_WORDS[k].noun for k in (ActionKind.CHOW, ActionKind.PUNG, ActionKind.KONG, ActionKind.MAHJONGG)}
"""A claim's kind in words (the one table of the actions in words), by the kind's name in the log."""


def lost_claims(events, seat: Wind) -> list[tuple[str, str, Wind, str]]:
    """Each claim ``seat`` made that a higher claim beat, from a hand's event log:
    ``(its kind, the tile, the seat that took the tile, that claim's kind)``
    (Mah-Jongg beats pung and kong, which beat chow; among equals the nearest
    to the discarder, docs/rules/table.md)."""
    out = []
    mine = tile = None
    for e in events:
        t, kind = e.get("type"), e.get("kind")
        if t == "action" and kind in ("discard", "add-kong", "original-call"):  # a claim window opens
            mine, tile = None, e.get("tile")
        elif t == "action" and e.get("seat") == seat.letter and kind in CLAIM_WORDS and tile is not None:
            mine = kind
        elif t == "claim":
            if mine is not None and e.get("seat") != seat.letter:
                out.append((mine, e.get("tile", tile), Wind.parse(e["seat"]), e.get("kind", "")))
            mine = tile = None
        elif t == "draw":
            mine = tile = None
    return out


def lost_claim_line(rec: HandRecord, names: list[str], lost: tuple[str, str, Wind, str]) -> str:
    """``your pung of 5d lost to South greedy's Mah-Jongg (a higher claim)``."""
    kind, tile, taker, theirs = lost
    return f"your {CLAIM_WORDS[kind]} of {tile} lost to {_who(rec, taker, names)}'s {CLAIM_WORDS.get(theirs, theirs)}, a higher claim"


def seat_card(rec: HandRecord, seat: Wind, names: list[str], card: ScoreCard, glyphs: bool = False) -> Group:
    """One seat's hand laid down with its score card."""
    r = rec.result
    p = next(q for q, s in rec.seats.items() if s == seat)
    sc = card
    title = Text(f"{WIND_NAMES[seat]} - {names[p]}", style="bold yellow" if seat == r.winner else "bold")
    if seat == r.winner:
        title.append("  MAH-JONGG", style="bold green")
    if seat in r.dead:
        title.append("  dead hand", style="bold red")
    parts = [title, hand_text(r.hands[seat], glyphs)]
    if sc.lines:
        if sc.arrangement and (seat == r.winner or sc.score):
            parts.append(Text(f"scored as: {sc.arrangement}", style="dim"))
        parts.append(score_table(sc))
    else:
        parts.append(Text("nothing scores", style="dim"))
    parts.append(Text(score_line(sc), style="bold"))
    parts.extend(Text(note, style="dim") for note in sc.notes)
    return Group(*parts)


def result_group(
    rec: HandRecord,
    names: list[str],
    ruleset: Ruleset,
    glyphs: bool = False,
    events=(),
    *,
    width: int = 160,
    human: Wind | None = None,
) -> Group:
    """All four hands with their score cards, the settlement and the totals,
    laid out for ``width`` columns: two cards side by side where both fit
    (``width`` 110 or more), else one under another, so that no number is cut;
    the winner's hand first, then ``human``'s (:func:`card_order`).
    ``events``: the hand's event log (whether ``human``'s claim on the
    winning tile lost to a higher one)."""
    r = rec.result
    card = result_card(r, ruleset)
    cards = [seat_card(rec, s, names, card.cards[s], glyphs) for s in card_order(list(r.settlement.seats), r.winner, human)]
    per_row = 2 if width >= 110 else 1
    grid = Table.grid(padding=(1, 4), expand=False)
    for _ in range(per_row):
        grid.add_column()
    for i in range(0, len(cards), per_row):
        grid.add_row(*cards[i : i + per_row])
    money = Table.grid(padding=(1, 4))
    if width >= 90:
        money.add_column()
        money.add_column()
        money.add_row(settlement_table(card.settlement), totals_table(rec, names))
    else:
        money.add_column()
        money.add_row(settlement_table(card.settlement))
        money.add_row(totals_table(rec, names))
    lines = [Text(headline(rec, names, card.discarder), style="bold")]
    lost = lost_claims(events, human) if human is not None else []
    if lost and r.win is not None and lost[-1][2] == r.winner and lost[-1][1] == str(r.win.tile) and lost[-1][3] == "mahjongg":
        lines.append(Text(lost_claim_line(rec, names, lost[-1]), style="yellow"))  # the winning tile: you claimed it too
    lines += [Text(f"ruling: {_ruling(x, rec, names)}", style="bold red") for x in getattr(r, "rulings", ())]
    return Group(*lines, Text(""), grid, Text(""), money)


def card_order(seats: list[Wind], winner: Wind | None, human: Wind | None) -> list[Wind]:
    """The order of the hands on the score screen: the winner's first, then
    the human's, then the others in seat order (winning as North put one's own
    card three screens down)."""
    first = [w for w in (winner, human) if w is not None and w in seats]
    return list(dict.fromkeys(first + seats))


def _ruling(x, rec: HandRecord, names: list[str]) -> str:
    """A penalty ruled at the end of the hand, as the ruleset worded it."""
    seat = getattr(x, "seat", None)
    who = ""
    if isinstance(seat, Wind):
        p = next((q for q, s in rec.seats.items() if s == seat), None)
        who = f"{names[p]} ({WIND_NAMES[seat]})" if p is not None else WIND_NAMES[seat]
    kind = str(getattr(x, "kind", "")).replace("-", " ")
    text = f"{kind}: {who} - {getattr(x, 'reason', '')}"
    excuse = getattr(x, "excuse", None)
    if excuse:
        text += f" (excused: {excuse})"
    return text
