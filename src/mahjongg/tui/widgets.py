"""Table view widgets: the human's hand, each seat's panel, the centre, the action bar.

They draw an :class:`~mahjongg.table.Observation` (and the session's names
and chips); they never touch the game. Clicks are posted as messages for the
app to act on.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Button, Static

from ..table import Action, ActionKind, Observation, Phase
from ..table.describe import action_label as label_of
from ..tiles import Tile, Wind
from .faces import face, fit, flow, flow_latest, meld_text, style_of, tiles_text
from ..play.session import Seat

__all__ = ["HandView", "SeatPanel", "CenterPanel", "ActionBar", "action_label", "WIND_NAMES", "seat_title", "discards_text", "discard_pieces", "discard_groups", "discard_lines", "meld_pieces", "melds_text"]

WIND_NAMES = {Wind.EAST: "East", Wind.SOUTH: "South", Wind.WEST: "West", Wind.NORTH: "North"}


def seat_pieces(seat: Seat, obs: Observation) -> list[Text]:
    """A seat's heading in pieces a narrow panel may break between (joined by
    ``·``): ``▶ East (dealer)``, ``greedy``, ``chips +120``,
    ``ORIGINAL CALL`` (declared: public, Kajongg "Mah Jongg with Original Call"),
    ``calling`` (a calling hand declared, BMJA), ``DEAD HAND``."""
    head = Text()
    if obs.turn == seat.wind and obs.phase == Phase.TURN:
        head.append("▶ ", style="bold yellow")
    head.append(f"{WIND_NAMES[seat.wind]}", style="bold")
    if seat.wind == Wind.EAST:
        head.append(" (dealer)", style="bold magenta")
    pieces = [head, Text(seat.name), Text(f"chips {seat.chips:+d}")]
    if seat.wind in obs.original_call:
        pieces.append(Text("ORIGINAL CALL", style="bold green"))
    elif seat.wind in obs.calling:
        pieces.append(Text("calling", style="green"))
    if seat.wind in obs.dead:
        pieces.append(Text("DEAD HAND", style="bold red"))
    return pieces


def seat_title(seat: Seat, obs: Observation) -> Text:
    """``South · greedy · chips +120`` with the East (dealer) marker and whose turn it is."""
    return Text(" · ").join(seat_pieces(seat, obs))


def discards_text(obs: Observation, wind: Wind, glyphs: bool) -> Text:
    return Text(" ").join(discard_pieces(obs, wind, glyphs))


def discard_pieces(obs: Observation, wind: Wind, glyphs: bool) -> list[Text]:
    """A seat's discards, one piece a tile, the last discard (still open to claims) reversed."""
    tiles = obs.discards[wind]
    last = _open_discard(obs, wind)
    return [Text(face(t, glyphs), style=style_of(t) + (" reverse" if k == last else "")) for k, t in enumerate(tiles)]


def discard_groups(obs: Observation, wind: Wind) -> list[Text]:
    """A seat's discards, every one of them in few cells: as the hand notation writes tiles,
    each suit's ranks in order then its letter (``1559d``), each honour apart (``E``, ``Wh``);
    the last discard (still open to claims) reversed. What a panel too short for the
    discards one by one shows: which tiles are safe is read from all of them."""
    tiles = obs.discards[wind]
    last = _open_discard(obs, wind)
    groups: list[Text] = []
    suit = None
    for k in sorted(range(len(tiles)), key=lambda k: int(tiles[k])):
        t = tiles[k]
        style = style_of(t) + (" reverse" if k == last else "")
        name = str(t)
        if int(t) < 27:  # a suit tile: its rank, the suit's letter once after the ranks
            if suit != name[-1]:
                if suit is not None:
                    groups[-1].append(suit, style=style_of(prev))
                groups.append(Text())
                suit = name[-1]
            groups[-1].append(name[:-1], style=style)
            prev = t
        else:
            if suit is not None:
                groups[-1].append(suit, style=style_of(prev))
                suit = None
            groups.append(Text(name, style=style))
    if suit is not None:
        groups[-1].append(suit, style=style_of(prev))
    return groups


def discard_lines(obs: Observation, wind: Wind, glyphs: bool, width: int, room: int, lead: Text | None = None, *, cut: bool = False) -> list[Text]:
    """``lead`` (the seat's melds, say), then ``discards:`` and the seat's discards one by one,
    in lines of ``width`` cells, if that takes at most ``room`` lines; else all of them by
    suit (:func:`discard_groups`), however many lines that takes -- or, with ``cut``, if that
    too takes more than ``room``, the latest one by one after ``…N more``."""
    def head(label: str) -> Text:
        word = Text(label, style="dim")
        return word if lead is None else Text("   ").join([lead, word])

    lines = flow([head("discards:")] + discard_pieces(obs, wind, glyphs), width)
    if len(lines) <= room:
        return lines
    by_suit = flow([head("discards by suit:")] + discard_groups(obs, wind), width)
    if len(by_suit) <= room or not cut:
        return by_suit
    return flow_latest(head("discards:"), discard_pieces(obs, wind, glyphs), width, room)


def _open_discard(obs: Observation, wind: Wind) -> int | None:
    """The index of the seat's discard still open to claims (the last discard), if any."""
    tiles = obs.discards[wind]
    last = len(tiles) - 1 if (tiles and obs.last_discarder == wind and obs.last_discard is not None) else None
    return last if last is not None and tiles[last] == obs.last_discard else None


def meld_pieces(obs: Observation, wind: Wind, glyphs: bool) -> list[Text]:
    """A seat's melds and bonus tiles, one piece a meld (a line breaks between melds)."""
    out = [meld_text(m, glyphs) for m in obs.melds[wind]]
    if obs.bonus[wind]:
        out.append(Text("bonus"))
        out.extend(tiles_text((t,), glyphs) for t in obs.bonus[wind])
    return out


def melds_text(obs: Observation, wind: Wind, glyphs: bool) -> Text:
    return Text(" ").join(meld_pieces(obs, wind, glyphs))


class SeatPanel(Static):
    """Another seat: its wind, name, chips, melds, bonus tiles, tile count and discards,
    in ``most`` lines of the panel's width if they fit. The discards are all shown, always
    (which tiles are safe to let go is read from them): one by one in the order they came
    when they fit, else by suit in the hand notation (:func:`discard_groups`), in as many
    lines as that takes."""

    def show(
        self,
        seat: Seat,
        obs: Observation,
        glyphs: bool,
        concealed: tuple[Tile, ...] | None = None,
        *,
        width: int = 40,
        most: int = 7,
    ) -> None:
        head = seat_pieces(seat, obs)
        melds = meld_pieces(obs, seat.wind, glyphs)
        if concealed is not None:  # four bots: the spectator sees every hand
            melds.extend(tiles_text((t,), glyphs) for t in concealed)
        else:
            n = obs.concealed_counts[seat.wind]
            head.append(Text(f"{n} tile{'s' * (n != 1)}", style="dim"))
        lines = flow(head, width, sep=" · ")
        if melds:
            lines += flow(melds, width)
        lines += discard_lines(obs, seat.wind, glyphs, width, max(1, most - len(lines)))
        self.lines = len(lines)
        self.update(Text("\n").join(lines))


class CenterPanel(Static):
    """What just happened: the last discard, the last claim (who took what from whom, kept in view) and
    as many lines of the table's log as its height holds (it grows with the
    terminal)."""

    def on_mount(self) -> None:
        self._last: tuple | None = None

    def show(self, obs: Observation, log: list[str], glyphs: bool, last_claim: str | None = None) -> None:
        """``log``: the table's lines, oldest first; ``last_claim``: the line of
        the hand's last claim (``None``: none yet)."""
        self._last = (obs, log, glyphs, last_claim)
        width = self.content_size.width or 76
        height = self.content_size.height or 3
        t = Text()
        t.append("last discard: ")
        if obs.last_discard is not None and obs.last_discarder is not None:
            t.append(f" {face(obs.last_discard, glyphs)} ", style=style_of(obs.last_discard) + " reverse")
            t.append(f" by {WIND_NAMES[obs.last_discarder]}")
            if obs.claim_window:
                t.append(" - open to claims", style="yellow")
        else:
            t.append("none yet", style="dim")
            if obs.claim_window:
                t.append(" - the original hands may wash the tiles", style="yellow")
        def rows(line: str) -> int:
            return len(fit(line, width, 10**6))

        used = rows(t.plain)
        recent = _latest(log, height - used, rows)
        if last_claim and last_claim not in recent:  # kept in view when the log has scrolled past it
            claim = "last claim: " + last_claim
            recent = _latest(log, height - used - rows(claim), rows)
            t.append("\n" + claim, style="bold")
        for line in recent:
            t.append("\n" + line, style="dim")
        self.update(t)

    def on_resize(self, event) -> None:
        if getattr(self, "_last", None) is not None:
            self.show(*self._last)


def _latest(log: list[str], room: int, rows) -> list[str]:
    """The latest lines of ``log`` that fit in ``room`` rows (``rows(line)``: the rows a line takes), oldest first."""
    out: list[str] = []
    for line in reversed(log):
        room -= rows(line)
        if room < 0:
            break
        out.append(line)
    return out[::-1]


class HandView(Widget):
    """The human's concealed hand, sorted, the drawn tile set apart; click a tile to choose it."""

    DEFAULT_CSS = """
    HandView { height: 1; }
    """

    class TileClicked(Message):
        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, **kw) -> None:
        super().__init__(**kw)
        self.tiles: list[Tile] = []
        self.drawn: Tile | None = None
        self.selected: int | None = None
        self.glyphs = False
        self.active = False
        self._spans: list[tuple[int, int, int]] = []

    def set_hand(self, concealed: tuple[Tile, ...], drawn: Tile | None, glyphs: bool, active: bool) -> None:
        """``drawn`` is shown apart, at the right end."""
        tiles = list(concealed)
        if drawn is not None and drawn in tiles:
            tiles.remove(drawn)
            tiles.append(drawn)
        self.tiles, self.drawn, self.glyphs, self.active = tiles, drawn, glyphs, active
        if self.selected is not None and self.selected >= len(tiles):
            self.selected = len(tiles) - 1 if tiles else None
        self.refresh()

    def render(self) -> Text:
        out = Text()
        self._spans = []
        n = len(self.tiles)
        faces = [face(t, self.glyphs) for t in self.tiles]
        # a tile's label is padded when the row fits the widget (glyph faces at 80 columns do not)
        padded = sum(cell_len(f) + 3 for f in faces) + 4 <= (self.size.width or 10_000)
        for k, t in enumerate(self.tiles):
            if k and self.drawn is not None and k == n - 1:
                out.append("  ┃ " if padded else " ┃ ", style="dim")
            elif k:
                out.append(" ")
            s = faces[k]
            label = f" {s} " if padded else s
            style = style_of(t)
            if self.active and k == self.selected:
                style += " reverse bold"
            start = out.cell_len
            out.append(label, style=style)
            self._spans.append((start, out.cell_len, k))
        return out

    def on_click(self, event: events.Click) -> None:
        for start, end, k in self._spans:
            if start <= event.x < end:
                self.post_message(self.TileClicked(k))
                return


def action_label(a: Action, glyphs: bool = False) -> str:
    """A choice's button label (:func:`mahjongg.table.describe.action_label`), its tiles drawn as faces."""
    return label_of(a, lambda t: face(t, glyphs))


class ActionBar(Widget):
    """Buttons for the choices other than a discard, numbered 1-8 for the keyboard."""

    DEFAULT_CSS = """
    ActionBar { layout: horizontal; height: auto; }
    ActionBar Button { margin: 0 1 0 0; min-width: 10; }
    """

    SLOTS = 8

    class Chosen(Message):
        def __init__(self, action: Action) -> None:
            super().__init__()
            self.action = action

    def __init__(self, **kw) -> None:
        super().__init__(**kw)
        self.actions: list[Action] = []
        self._glyphs = False

    def on_mount(self) -> None:
        self.display = bool(self.actions)

    def compose(self):
        for i in range(self.SLOTS):
            b = Button("", id=f"act{i + 1}", compact=True)
            b.can_focus = False  # keys belong to the table: Enter discards, digits choose
            b.display = False
            yield b

    def set_actions(self, actions: list[Action], glyphs: bool) -> None:
        new = list(actions[: self.SLOTS])
        if new == self.actions and glyphs == self._glyphs:
            return
        self.actions, self._glyphs = new, glyphs
        self.display = bool(new)  # no empty rows when there is nothing to choose (80x24)
        for i in range(self.SLOTS):
            try:
                b = self.query_one(f"#act{i + 1}", Button)
            except Exception:
                return  # not composed yet
            if i < len(self.actions):
                a = self.actions[i]
                b.label = f"{i + 1} {action_label(a, glyphs)}"
                b.variant = "success" if a.kind is ActionKind.MAHJONGG else ("default" if a.kind is ActionKind.PASS else "primary")
                b.display = True
            else:
                b.display = False

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        i = int(event.button.id[3:]) - 1
        if i < len(self.actions):
            self.post_message(self.Chosen(self.actions[i]))
