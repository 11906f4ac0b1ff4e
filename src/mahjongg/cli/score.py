"""``mahjongg score``, ``mahjongg settle`` and ``mahjongg rules``."""

from __future__ import annotations

from typing import Optional

import typer
from rich.table import Table
from rich.text import Text

from ..hand import Hand, Meld, MeldKind, kong_hint
from ..rules import RULESETS, Situation, Win, WinBy, get_ruleset
from ..scoring import ImpossibleWin, Score, score_hand
from ..settlement import Settlement, check_scores
from ..tiles import Tile, Wind
from .app import app, console, fail, user_errors, write_json
from .options import one_of, whole_number
from .options import seat as seat_option


_BY = {"wall": WinBy.WALL, "discard": WinBy.DISCARD, "loose": WinBy.LOOSE, "robbed-kong": WinBy.ROBBED_KONG}


def _render_faan(score: Score, rules) -> None:
    """The items of a faan hand, its faan and points, and whether it may be declared."""
    table = Table(show_header=True, header_style="bold")
    table.add_column("item")
    table.add_column("faan", justify="right")
    for item in score.items:
        table.add_row(item.name, "limit" if item.limit else str(getattr(item, "faan", 0)))
    console.print(table)
    if score.limit_hand:
        console.print(f"limit hand: {score.limit_hand}")
    console.print(f"[bold]score: {score.score}[/] ({score.counted})", highlight=False)
    if _won(score) and not rules.may_declare(score):
        console.print(
            f"this hand may not be declared: {rules.faan.counted_faan(score)} faan, the minimum is {rules.faan.minimum}",
            highlight=False,
        )


def _faan_dict(score: Score, rules) -> dict:
    """``score.to_dict()`` with, for a faan ruleset, the minimum and whether the hand may be declared."""
    data = score.to_dict()
    if rules.faan is not None and score.faan is not None and _won(score):
        data["minimum_faan"] = rules.faan.minimum
        data["may_declare"] = rules.may_declare(score)
    return data


_HOW = {
    WinBy.WALL: "drawn from the wall",
    WinBy.DISCARD: "claimed from a discard",
    WinBy.LOOSE: "drawn as a loose tile",
    WinBy.ROBBED_KONG: "robbed from a kong",
}


def _won(score: Score) -> bool:
    return score.reading is not None and score.reading.is_winner


def _render_score(score: Score, hand: Hand, situation: Situation, ruleset_name: str, rules=None) -> None:
    who = f"seat {situation.seat.letter}, round {situation.round.letter}"
    if situation.win:
        w = situation.win
        who += f", won on {w.tile} {_HOW[w.by]}"
        if w.original:
            who += ", original hand"
        if w.last_tile:
            who += ", last tile"
    else:
        who += ", not the winner"
    console.print(f"[bold]{hand}[/]  ({who}; ruleset {ruleset_name})", highlight=False)
    console.print(f"arrangement: {score.arrangement}", highlight=False)
    if score.reading is not None and score.reading.loose and score.reading.shape == "standard":
        console.print(f"({_loose_note(score.reading.loose)})", highlight=False)
    if score.faan is not None and rules is not None:
        _render_faan(score, rules)
        return
    table = Table(show_header=True, header_style="bold")
    table.add_column("item")
    table.add_column("points", justify="right")
    table.add_column("doubles", justify="right")
    table.add_column("total", justify="right")
    running = 0
    for item in score.items:
        if item.limit:  # a limit hand absorbs every other item
            table.add_row(item.name, "limit", "", str(score.score))
        elif item.points or not item.doubles:
            running += item.points
            table.add_row(item.name, str(item.points), "", str(running))
    table.add_section()
    for item in score.items:
        if item.doubles:
            running <<= item.doubles
            table.add_row(item.name, "", f"x{2 ** item.doubles}", str(running))
    console.print(table)
    if score.limit_hand:
        console.print(f"limit hand: {score.limit_hand}")
    console.print(f"[bold]score: {score.score}[/] ({score.counted})", highlight=False)


def _chows_and_rest(tiles: tuple[Tile, ...]) -> tuple[list[Meld], list[Tile]]:
    """The most chows ``tiles`` (sorted) hold, the lowest chows first, and the tiles left over."""
    if not tiles:
        return [], []
    first, rest = tiles[0], list(tiles[1:])
    best: tuple[list[Meld], list[Tile]] | None = None
    second, third = first.next_in_suit(1), first.next_in_suit(2)
    if second in rest and third in rest:
        rest.remove(second)
        rest.remove(third)
        chows, left = _chows_and_rest(tuple(rest))
        best = ([Meld(MeldKind.CHOW, first), *chows], left)
    chows, left = _chows_and_rest(tiles[1:])
    if best is None or len(chows) > len(best[0]):
        best = (chows, [first, *left])
    return best


def _loose_note(loose: tuple[Tile, ...]) -> str:
    """What the tiles after '+' of a loser's arrangement are: the scorer sorts
    out only pungs, kongs and a pair, since a loser's chows score nothing, so
    they may hold chows; name those, then the tiles left over."""
    chows, left = _chows_and_rest(tuple(sorted(loose)))
    found = []
    if chows:
        found.append(f"chows {' '.join(str(c) for c in chows)}")
    if left:
        found.append(f"{'left over ' if chows else ''}{' '.join(str(t) for t in left)}")
    if not chows:
        return f"after '+': the tiles outside the arrangement's sets and pair: {' '.join(found)}"
    why = "a loser's chows score nothing, so none is sorted out"
    return f"after '+': the tiles outside the arrangement's pungs, kongs and pair ({why}): {', '.join(found)}"


@app.command("score")
def score_command(
    hand: str = typer.Argument(..., help="The hand in notation, e.g. '123b 456c 789d EEE 55d'; quote it."),
    ruleset: str = typer.Option("pung-chow", help=f"Ruleset: {', '.join(sorted(RULESETS))}."),
    seat: Wind = typer.Option("E", **seat_option(), help="The player's own wind (E is the dealer)."),
    round_: Wind = typer.Option("E", "--round", **seat_option(), help="The round (prevailing) wind."),
    win: Optional[str] = typer.Option(
        None, help="The winning tile (e.g. 5d). With it the hand is the winner's, 14 tiles plus one per kong."
    ),
    by: WinBy = typer.Option("discard", **one_of(_BY), help="Where the winning tile came from."),
    last_tile: bool = typer.Option(False, "--last-tile", help="Won on the last tile of the wall."),
    original: bool = typer.Option(False, "--original", help="Won on the original hand."),
    first_discard: bool = typer.Option(False, "--first-discard", help="Won on East's first discard (--by discard, a seat other than E)."),
    after_flower: bool = typer.Option(
        False, "--after-flower", help="With --by loose: the loose tile replaced a Flower/Season, not a kong."
    ),
    kong_on_kong: bool = typer.Option(
        False, "--kong-on-kong", help="With --by loose: the loose tile followed a second kong in a row."
    ),
    dead: bool = typer.Option(False, "--dead", help="A loser's dead hand (wrong number of tiles): scores nothing; a dead hand cannot win."),
    as_json: bool = typer.Option(False, "--json", help="Print the score as JSON."),
) -> None:
    """Score one hand and explain every item (points, doubles, limit).

    Without --win the hand is a loser's (13 tiles plus one per kong).
    """
    with user_errors():
        rules = get_ruleset(ruleset)
        win_info = None
        if win is not None:
            try:
                tile = Tile.parse(win)
            except ValueError as exc:
                fail(f"--win: {exc}")
            _check_win_options(by, seat, first_discard, after_flower, kong_on_kong)
            win_info = Win(
                tile,
                by,
                last_tile=last_tile,
                original=original,
                after_kong_on_kong=kong_on_kong,
                after_flower=after_flower,
                first_discard=first_discard,
            )
        elif last_tile or original or first_discard or after_flower or kong_on_kong or by is not WinBy.DISCARD:
            fail("--by, --last-tile, --original, --first-discard, --after-flower and --kong-on-kong describe a win: give the winning tile with --win")
        parsed = Hand.parse(hand)
        if win_info and parsed.size != 14:
            fail(
                f"a winning hand has 14 tiles plus one per kong; {parsed} has {parsed.tile_count}"
                f" with {parsed.kongs} kong(s): include the winning tile {win_info.tile} in the hand"
            )
        if not win_info and parsed.size != 13:
            hint = kong_hint(parsed, (13,))
            fail(
                f"{parsed} has 14 tiles plus one per kong: that is a winner's hand; "
                f"name the winning tile with --win (and --by){hint}"
            )
        situation = Situation(seat, round_, win_info, dead)
        try:
            result = score_hand(parsed, rules, situation)
        except ImpossibleWin as exc:  # the library's rule, named by the options that asked for it
            fail(f"{_FACT_OPTIONS[exc.fact].format(by=by.value)}: {exc}")
    if as_json:
        write_json(_faan_dict(result, rules))
    else:
        _render_score(result, parsed, situation, rules.name, rules)


_FACT_OPTIONS = {
    "dead": "--win with --dead",
    "by": "--by {by}",
    "original": "--original",
    "after_flower": "--after-flower",
    "after_kong_on_kong": "--kong-on-kong",
}
"""The options that set each fact of an :class:`~mahjongg.scoring.ImpossibleWin`."""


def _check_win_options(by: WinBy, seat: Wind, first_discard: bool, after_flower: bool, kong_on_kong: bool) -> None:
    """Options that contradict each other whatever the ruleset and the hand
    (the ruleset's and the hand's own refusals come from ``score_hand``)."""
    if first_discard and by is not WinBy.DISCARD:
        fail(f"--first-discard with --by {by.value}: East's first discard is claimed, so the win is --by discard")
    if first_discard and seat is Wind.EAST:
        fail("--first-discard with --seat E: East makes the first discard, he cannot win on it")
    for given, option in ((after_flower, "--after-flower"), (kong_on_kong, "--kong-on-kong")):
        if given and by is not WinBy.LOOSE:
            fail(f"{option} with --by {by.value}: it describes a win on a loose tile: give --by loose")


def _parse_scores(text: str) -> dict[Wind, int]:
    scores: dict[Wind, int] = {}
    for part in text.split(","):
        if not part.strip():
            continue
        if "=" not in part:
            fail(f"{part.strip()!r} in --scores is not SEAT=POINTS (e.g. E=480)")
        seat_text, value = part.split("=", 1)
        try:
            seat = Wind.parse(seat_text)
        except ValueError as exc:
            fail(f"--scores: {exc}")
        if seat in scores:
            fail(f"seat {seat.letter} appears twice in --scores")
        try:
            scores[seat] = int(value)
        except ValueError:
            fail(f"{value.strip()!r} for seat {seat.letter} in --scores is not a whole number of points")
    if len(scores) < 2:
        fail("--scores needs at least two seats, e.g. E=480,S=64,W=272,N=16")
    return scores


@app.command("settle")
def settle_command(
    scores: str = typer.Option(..., help="Each seat's score: E=480,S=64,W=272,N=16 (E is the dealer)."),
    winner: Optional[Wind] = typer.Option(
        None, **seat_option(), help="The seat that went Mah-Jongg; omit for a drawn hand."
    ),
    discarder: Optional[Wind] = typer.Option(
        None,
        **seat_option(),
        help="With --winner: the seat that discarded the winning tile (or whose kong was robbed); omit for a"
        " self-drawn win. A faan ruleset (hong-kong) has the discarder pay more; Pung Chow's payments do not change.",
    ),
    ruleset: str = typer.Option("pung-chow", help=f"Ruleset: {', '.join(sorted(RULESETS))}."),
    limit: Optional[int] = typer.Option(
        None,
        **whole_number(at_least=1),
        help="Cap on one payment (East pays/collects double), instead of the ruleset's; not for a faan ruleset.",
    ),
    settle_draws: bool = typer.Option(
        False, "--settle-draws", help="Without --winner: the losers settle a drawn hand, though the ruleset says not."
    ),
    dead: list[Wind] = typer.Option(
        [], **seat_option(metavar="SEAT"), help="A seat (E, S, W, N) with a dead hand; repeat for several."
    ),
    as_json: bool = typer.Option(False, "--json", help="Print payments and nets as JSON."),
) -> None:
    """Settle a hand as the game does under the ruleset. Pung Chow: the winner
    collects his score from each player, the others pay each other the
    differences, East pays and collects double; Hong Kong: only the winner is
    paid, the discarder (or, self-drawn, everyone) paying double. A drawn hand
    settles only if the ruleset (or --settle-draws) says so."""
    with user_errors():
        rules = get_ruleset(ruleset)
        parsed = _parse_scores(scores)
        _check_dead(dead)
        if discarder is not None:
            _check_discarder(discarder, winner, parsed)
        rules = rules.with_options(**_settle_options(rules, limit, settle_draws, winner))
        check_scores(parsed, winner, dead)
        if winner is None and not rules.settle_draws:
            _render_unsettled(rules, tuple(sorted(parsed)), as_json)
            return
        # as the engine settles a finished hand (mahjongg.table.game, Game._finish)
        result = rules.settle(parsed, winner, discarder=discarder, east=Wind.EAST, dead=frozenset(dead))
    if as_json:
        write_json({**result.to_dict(), "settled": True})
        return
    seats = result.seats
    table = Table(title="payments (row pays column)", header_style="bold")
    table.add_column("pays \\ to")
    for s in seats:
        table.add_column(s.letter, justify="right")
    grid = result.table()
    for a in seats:
        table.add_row(a.letter, *("" if a == b else str(grid[a][b]) for b in seats))
    console.print(table)
    net = result.net
    console.print("net: " + ", ".join(f"{s.letter} {net[s]:+d}" for s in seats), highlight=False)


def _check_dead(dead: list[Wind]) -> None:
    """Each ``--dead`` seat once: a seat named again is most likely a slip for
    another (``--dead E --dead E`` for E and S), so it is refused, not folded
    into one, as ``--scores`` refuses a seat given twice."""
    for i, seat in enumerate(dead):
        if seat in dead[:i]:
            fail(f"--dead {seat.letter} is given twice: name each seat with a dead hand once")


def _check_discarder(discarder: Wind, winner: Optional[Wind], scores: dict[Wind, int]) -> None:
    """``--discarder`` names another seat at the table, and only with ``--winner``."""
    if winner is None:
        fail(f"--discarder {discarder.letter}: a drawn hand has no winning tile; give the winner with --winner")
    if discarder == winner:
        fail(f"--discarder {discarder.letter} is the winner: omit --discarder for a self-drawn win")
    if discarder not in scores:
        fail(f"--discarder {discarder.letter} has no score in --scores")


def _settle_options(rules, limit: Optional[int], settle_draws: bool, winner: Optional[Wind]) -> dict:
    """The ruleset options ``--limit`` and ``--settle-draws`` change; neither
    means anything to a faan ruleset, which pays the winner only."""
    changes = {}
    if limit is not None:
        if rules.faan is not None:
            fail(
                f"--limit: {rules.name} has no limit on one payment: it pays the winner by his hand's points"
                f" (its limit is {rules.faan.limit} faan)"
            )
        changes["payment_limit"] = limit
    if settle_draws:
        if winner is not None:
            fail("--settle-draws is for a drawn hand: leave out --winner")
        if rules.faan is not None:
            fail(f"--settle-draws: {rules.name} pays only a winner: a loser's hand scores nothing")
        changes["settle_draws"] = True
    return changes


def _render_unsettled(rules, seats: tuple[Wind, ...], as_json: bool) -> None:
    """A drawn hand the ruleset does not settle: nothing is paid, and why (the
    option as ``mahjongg rules`` prints it)."""
    option = next(o for o in rules.to_dict()["options"] if o["option"] == "settle_draws")
    why = f"{rules.name}: {option['label']}: {option['text']}"
    if as_json:
        write_json({**Settlement((), seats).to_dict(), "settled": False, "why": why})
        return
    hint = "; --settle-draws to settle the losers" if rules.faan is None else ""
    console.print(f"a drawn hand: nothing is paid ({why}{hint})", highlight=False)


def _render_ruleset(card: dict) -> None:
    """A ruleset as a score card: its heading, a table of its options, a table of its scoring rules."""
    console.print(Text.assemble((card["name"], "bold"), f": {card['title']}"))
    console.print(Text(f"source: {card['source']}", style="dim"))
    options = Table(title="options", title_justify="left", header_style="bold")
    options.add_column("option")
    options.add_column("value")
    for o in card["options"]:
        options.add_row(Text(o["label"]), Text(o["text"]))
    console.print(options)
    rules = Table(title="scoring rules", title_justify="left", header_style="bold", show_lines=True)
    rules.add_column("rule (source)", ratio=3)
    rules.add_column("value", ratio=2)
    rules.add_column("hands", no_wrap=True)
    for r in card["rules"]:
        rule = Text.assemble((r["name"], "bold"), "\n", (r["source"], "dim"))
        value = "\n".join(v["text"] for v in r["values"]) or "-"
        rules.add_row(rule, Text(value), Text(r["hands"] or ""))
    console.print(rules)


@app.command("rules")
def rules_command(
    name: Optional[str] = typer.Argument(None, help="A ruleset; all of them if omitted."),
    as_json: bool = typer.Option(
        False, "--json", help="Print the ruleset as JSON (a list of them without NAME): options and rules as data."
    ),
) -> None:
    """Print a ruleset as a score card: every option and every scoring rule with
    its values (points, doubles, faan, the limit), whose hands it scores and its source."""
    with user_errors():
        chosen = [get_ruleset(name)] if name is not None else [RULESETS[k] for k in sorted(RULESETS)]
    if as_json:
        cards = [r.to_dict() for r in chosen]
        write_json(cards[0] if name is not None else cards)
        return
    for i, r in enumerate(chosen):
        if i:
            console.print()
        _render_ruleset(r.to_dict())
