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
from ..tiles import TILES, Tile, Wind
from .faces import face, meld_text, style_of, tiles_text
from ..play.session import Seat

__all__ = ["HandView", "SeatPanel", "CenterPanel", "ActionBar", "action_label", "WIND_NAMES"]

WIND_NAMES = {Wind.EAST: "East", Wind.SOUTH: "South", Wind.WEST: "West", Wind.NORTH: "North"}


def seat_title(seat: Seat, obs: Observation) -> Text:
    """``S South · greedy · +120`` with the East (dealer) marker and whose turn it is."""
    t = Text()
    if obs.turn == seat.wind and obs.phase == Phase.TURN:
        t.append("▶ ", style="bold yellow")
    t.append(f"{WIND_NAMES[seat.wind]}", style="bold")
    if seat.wind == Wind.EAST:
        t.append(" (dealer)", style="bold magenta")
    t.append(f" · {seat.name}")
    t.append(f"\nchips {seat.chips:+d}" if not seat.human else f" · chips {seat.chips:+d}")
    if seat.wind in obs.dead:
        t.append(" · DEAD HAND", style="bold red")
    return t


def discards_text(obs: Observation, wind: Wind, glyphs: bool) -> Text:
    tiles = obs.discards[wind]
    last = len(tiles) - 1 if (tiles and obs.last_discarder == wind and obs.last_discard is not None) else None
    if last is not None and tiles[last] != obs.last_discard:
        last = None
    return tiles_text(tiles, glyphs, highlight=last)


def melds_text(obs: Observation, wind: Wind, glyphs: bool) -> Text:
    out = Text()
    for m in obs.melds[wind]:
        out.append_text(meld_text(m, glyphs))
        out.append(" ")
    if obs.bonus[wind]:
        out.append("bonus ")
        out.append_text(tiles_text(obs.bonus[wind], glyphs))
    return out


class SeatPanel(Static):
    """Another seat: its wind, name, chips, melds, bonus tiles, tile count and discards."""

    def show(self, seat: Seat, obs: Observation, glyphs: bool, concealed: tuple[Tile, ...] | None = None) -> None:
        t = seat_title(seat, obs)
        m = melds_text(obs, seat.wind, glyphs)
        if concealed is not None:  # four bots: the spectator sees every hand
            m.append_text(tiles_text(concealed, glyphs))
        else:
            n = obs.concealed_counts[seat.wind]
            t.append(f" · {n} tile{'s' * (n != 1)} in hand", style="dim")
        if m.plain:
            t.append("\n")
            t.append_text(m)
        t.append("\ndiscards: ", style="dim")
        t.append_text(discards_text(obs, seat.wind, glyphs))
        self.update(t)


class CenterPanel(Static):
    """Round and seat winds, the wall count, the last discard and what just happened."""

    def show(self, obs: Observation, hand_number: int, log: list[str], glyphs: bool, spectator: bool = False) -> None:
        t = Text()
        t.append(f"Hand {hand_number}", style="bold")
        where = f"watching from {WIND_NAMES[obs.seat]}'s chair" if spectator else f"you sit {WIND_NAMES[obs.seat]}"
        t.append(f" · {WIND_NAMES[obs.round]} round · {where}")
        t.append(f" · wall {obs.wall_count} ({obs.drawable} to draw)")
        t.append("\nlast discard: ")
        if obs.last_discard is not None and obs.last_discarder is not None:
            t.append(f" {face(obs.last_discard, glyphs)} ", style=style_of(obs.last_discard) + " reverse")
            t.append(f" by {WIND_NAMES[obs.last_discarder]}")
            if obs.claim_window:
                t.append(" - open to claims", style="yellow")
        else:
            t.append("none yet", style="dim")
            if obs.claim_window:
                t.append(" - the original hands may wash the tiles", style="yellow")
        for line in log[-3:]:
            t.append("\n" + line, style="dim")
        self.update(t)


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
    k = a.kind
    if k is ActionKind.CHOW:
        run = " ".join(face(TILES[a.chow + i], glyphs) for i in range(3))
        return f"Chow {run}"
    names = {
        ActionKind.MAHJONGG: "Mah-Jongg!",
        ActionKind.PUNG: "Pung",
        ActionKind.KONG: "Kong",
        ActionKind.CONCEALED_KONG: "Concealed kong",
        ActionKind.ADD_KONG: "Add to pung",
        ActionKind.PASS: "Pass",
        ActionKind.DISCARD: "Discard",
        ActionKind.WASH: "Wash the tiles",
    }
    label = names.get(k, k.value.replace("-", " ").capitalize())
    if a.tile is not None and k is not ActionKind.PASS:
        label += f" {face(a.tile, glyphs)}"
    return label


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
