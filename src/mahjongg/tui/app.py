"""The Textual app: draws the table, takes the human's choices, paces the bots.

The app holds a :class:`~mahjongg.play.session.Session` and after every
change calls :meth:`PlayApp.advance`, which decides what happens next: the
end-of-hand screen, a prompt for the human (with a countdown on a claim),
and/or a bot's move after ``speed`` seconds. It never offers an action that
is not in the engine's ``legal_actions``, and a key that means nothing now
is ignored.
"""

from __future__ import annotations

import time
from dataclasses import replace

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.timer import Timer
from textual.widgets import Button, Footer, ProgressBar, Static

from ..play.session import Session
from ..table import Action, ActionKind, Phase
from ..table.describe import TABLE
from ..table.describe import describe_event as describe
from ..tiles import Wind
from .faces import GLYPH_SAMPLES, face, fit, glyph_trouble, terminal_cell_widths
from .hints import hint
from .reasons import KEYS, why_not
from .scorecard import CLAIM_WORDS, lost_claims, result_group
from .widgets import (
    WIND_NAMES,
    ActionBar,
    CenterPanel,
    HandView,
    SeatPanel,
    action_label,
    discard_lines,
    meld_pieces,
    seat_title,
)

__all__ = ["PlayApp", "ResultScreen", "KeysScreen", "describe_event", "panel_titles", "seat_names"]

K = ActionKind


_TABLE_TALK = {**TABLE, "own draw": "{seat} draws {tile}{loose}"}  # the human's draws in the third person too


def seat_names(viewer: Wind | None) -> dict[Wind, str]:
    """What the log calls each seat: its wind, and the human's ``viewer`` seat
    one name throughout the hand, ``"East (you)"`` -- his draws, discards and
    claims alike (not "you draw" and "East discards")."""
    names = dict(WIND_NAMES)
    if viewer is not None:
        names[viewer] = f"{WIND_NAMES[viewer]} (you)"
    return names


def describe_event(e: dict, viewer: Wind | None) -> str | None:
    """One line of table talk for an engine event, or ``None`` for events not worth a line:
    ``viewer`` sees his own draws only (``None``, a spectator: no draws), and is
    named as :func:`seat_names` says; the words are
    :data:`~mahjongg.table.describe.TABLE`'s."""
    return describe(e, viewer=viewer, wording=_TABLE_TALK, names=seat_names(viewer))


def panel_titles(watched_from: Wind | None) -> dict[str, str | None]:
    """The panels' titles by place ("left", "across", "right", "me"): as the
    human sees the table, or (``watched_from``, four bots) from that seat's
    chair, where nobody is "you"."""
    if watched_from is None:
        return {"left": "on your left", "across": "across", "right": "on your right", "me": None}
    w = WIND_NAMES[watched_from]
    return {
        "left": f"on {w}'s left",
        "across": f"across from {w}",
        "right": f"on {w}'s right",
        "me": f"{w}'s chair: the table is seen from here",
    }


class ResultScreen(ModalScreen[bool]):
    """End of a hand: all four hands, each score card, the settlement and the totals.

    It fills the terminal (nothing of the table shows at its edges) and lays
    the cards out for its width (``body``: a function of the width in columns
    giving the renderable, called again when the terminal is resized): one
    under another on a narrow terminal, with the arrows, Page Up/Down, Home
    and End to scroll."""

    BINDINGS = [
        Binding("enter,n,space", "next", "Next hand", priority=True),
        Binding("q", "app.save_and_quit", "Leave"),
        # before the scroll area's own keys, so that the footer shows them
        Binding("down", "scroll(1)", "Scroll", key_display="↑↓", priority=True),
        Binding("up", "scroll(-1)", "Scroll", show=False, priority=True),
        Binding("pagedown", "page(1)", "Page", key_display="PgUp/PgDn", priority=True),
        Binding("pageup", "page(-1)", "Page", show=False, priority=True),
        Binding("home", "edge(0)", "Top", show=False, priority=True),
        Binding("end", "edge(1)", "End", show=False, priority=True),
    ]
    DEFAULT_CSS = """
    ResultScreen { align: center top; }
    ResultScreen > Vertical { width: 100%; height: 1fr; border: round $accent; background: $surface; }
    ResultScreen VerticalScroll { height: 1fr; padding: 0 1; }
    ResultScreen #next { width: 100%; height: 1; border: none; }  /* below the scroll area: it covers no row */
    """

    def __init__(self, body, final: bool, auto_seconds: float | None = None, guard: float = 0.0) -> None:
        super().__init__()
        self._make_body = body if callable(body) else (lambda width: body)
        self.body = self._make_body(160)
        self._width = None
        self.final = final
        self.auto_seconds = auto_seconds
        # a key pressed for the table just as the hand ends must not skip the score screen
        self.guard_until = time.monotonic() + guard

    def compose(self) -> ComposeResult:
        with Vertical():
            with VerticalScroll(id="result-scroll"):
                yield Static(self.body, id="result")
            label = "Match over - press q to leave" if self.final else "Next hand (Enter)"
            yield Button(label, id="next", variant="primary")
        yield Footer()

    def on_mount(self) -> None:
        self._fit()
        if self.auto_seconds is not None and not self.final:
            self.set_timer(self.auto_seconds, self.action_next)

    def on_resize(self, event) -> None:
        self._fit()

    def _fit(self) -> None:
        """The body laid out for the width the scroll area has (borders, padding and scroll bar off)."""
        width = max(20, self.app.size.width - 6)
        shown = self.query("#result")
        if not shown:  # a resize before the body is mounted or after it is taken down (auto-next): nothing to lay out
            return
        if width != self._width:
            self._width = width
            self.body = self._make_body(width)
            shown.first(Static).update(self.body)

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action == "next":
            return not self.final
        return True

    def _scroller(self) -> VerticalScroll:
        return self.query_one("#result-scroll", VerticalScroll)

    def action_scroll(self, d: int) -> None:
        self._scroller().scroll_relative(y=d * 3, animate=False)

    def action_page(self, d: int) -> None:
        s = self._scroller()
        s.scroll_relative(y=d * max(1, s.size.height - 2), animate=False)

    def action_edge(self, end: int) -> None:
        s = self._scroller()
        (s.scroll_end if end else s.scroll_home)(animate=False)

    def action_next(self) -> None:
        if self.final or time.monotonic() < self.guard_until:
            return
        if self.is_active:
            self.dismiss(True)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if self.final:
            self.app.action_save_and_quit()
        elif self.is_active:
            self.dismiss(True)


class KeysScreen(ModalScreen[None]):
    """``?``: every key of the table and what it does (the footer shows only those that work now)."""

    BINDINGS = [Binding("escape,question_mark,enter,q,space", "close", "Close", priority=True)]
    DEFAULT_CSS = """
    KeysScreen { align: center middle; }
    KeysScreen > Static { width: auto; max-width: 100%; height: auto; max-height: 100%; border: round $accent; background: $surface; padding: 0 1; }
    """

    def compose(self) -> ComposeResult:
        grid = Table.grid(padding=(0, 2))
        grid.add_column(justify="right", style="bold yellow", no_wrap=True)
        grid.add_column()  # a long line wraps under itself
        for key, what in KEYS:
            grid.add_row(key, what)
        yield Static(Group(Text("Keys (Esc, ? or Enter closes this)", style="bold"), grid), id="keys")
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)


class PlayApp(App):
    """``mahjongg play``: one human against three bots, or four bots to watch."""

    TITLE = "mahjongg"
    ENABLE_COMMAND_PALETTE = False  # its ^p would take the footer's room for the table's own keys
    CSS = """
    Screen { layout: vertical; overflow: hidden hidden; }
    #header { height: 1; padding: 0 1; background: $primary-darken-2; color: $text; text-style: bold; }
    #opponents { height: auto; }
    #opponents SeatPanel { width: 1fr; height: auto; border: round $primary-darken-2; padding: 0 1; }
    #center { height: 1fr; min-height: 0; border: round $secondary; padding: 0 1; overflow: hidden hidden; }
    #me { height: auto; border: round $accent; padding: 0 1; overflow: hidden hidden; }
    #me-title, #me-melds { height: auto; }
    HandView { height: 1; margin: 1 0 0 0; }
    #prompt { height: auto; min-height: 1; }
    #timer { height: 1; display: none; }
    #hint { height: auto; color: $text-muted; }
    Screen.-short HandView { margin: 0; }
    Screen.-short #timer { display: none; }
    Screen.-narrow ActionBar { layout: grid; grid-size: 4; grid-gutter: 0 1; grid-rows: 1; }
    Screen.-narrow ActionBar Button { width: 100%; margin: 0; }
    Screen.-narrow.-glyphs ActionBar { grid-size: 3; }  /* a chow's label with glyphs is 21 cells */
    """

    BINDINGS = [
        Binding("left", "move(-1)", "Select", key_display="←→"),
        Binding("right", "move(1)", "Select", show=False),
        Binding("enter,d", "discard", "Discard"),
        Binding("1", "choose(1)", "Choose", key_display="1-8"),
        *(Binding(str(i), f"choose({i})", f"choice {i}", show=False) for i in range(2, 9)),
        Binding("m", "kind('mahjongg')", "Mah-Jongg"),
        Binding("p", "kind('pung')", "Pung"),
        Binding("c", "kind('chow')", "Chow"),
        Binding("k", "kind('kong')", "Kong"),
        Binding("o", "original_call", "Original Call"),
        Binding("x,space", "kind('pass')", "Pass"),
        Binding("w", "kind('wash')", "Wash"),
        # the same keys when they are not possible now: they say why (the footer leaves them out)
        *(Binding(key, f"why('{kind}')", show=False) for key, kind in (("m", "mahjongg"), ("p", "pung"), ("c", "chow"), ("k", "kong"), ("w", "wash"), ("o", "original_call"))),
        Binding("h", "hint", "Hint"),
        Binding("question_mark", "keys", "Keys", key_display="?"),
        Binding("g", "glyphs", "Glyphs"),
        Binding("q", "save_and_quit", "Save & quit"),
    ]

    def __init__(
        self,
        session: Session,
        *,
        glyphs: bool = False,
        speed: float = 0.6,
        claim_seconds: float | None = 15.0,
        game_id: str | None = None,
        auto_next: float | None = None,
        result_guard: float = 1.0,
        glyph_widths: dict[str, int] | None = None,
    ) -> None:
        super().__init__()
        self.session = session
        self.glyph_widths = glyph_widths  # as the terminal draws them (measured in run()); None: as Rich counts
        self.glyphs = glyphs
        self.speed = speed
        self.claim_seconds = claim_seconds
        self.game_id = game_id
        self.result_guard = result_guard
        self.auto_next = auto_next if auto_next is not None else (max(3.0, 6 * speed) if session.human is None else None)
        self.selected: int | None = None
        self.show_hint = False
        self.status = ""
        self.note = ""  # why a key did nothing: under the prompt until the next action or position
        self.log_lines: list[str] = []
        self.last_claim: str | None = None  # who took what from whom, kept in view
        self._seen_events = 0
        self._seen_game = None
        self._bot_timer: Timer | None = None
        self._claim_timer: Timer | None = None
        self._claim_left = 0.0
        self._claim_window: tuple | None = None
        self._result_shown = False
        self._binding_kinds: frozenset | None = None
        self._hint_cache: tuple | None = None
        self._drawn = False
        self.errors: list[str] = []

    # --- layout ---------------------------------------------------------------
    @property
    def _table(self):
        """The screen of the table (the first on the stack): its widgets are
        drawn and queried while the keys or the score screen is shown above it
        (``App.query_one`` looks only at the screen on top)."""
        return self.screen_stack[0]

    def _table_up(self) -> bool:
        """Whether the table's widgets are all there (not yet, or no longer as the app closes: they go one by one)."""
        return bool(self.screen_stack) and all(self._table.query(x) for x in ("#prompt", "#timer", "#hint", "#header"))

    def compose(self) -> ComposeResult:
        yield Static(id="header")
        with Horizontal(id="opponents"):
            yield SeatPanel(id="left")
            yield SeatPanel(id="across")
            yield SeatPanel(id="right")
        yield CenterPanel(id="center")
        with Vertical(id="me"):
            yield Static(id="me-title")
            yield Static(id="me-melds")
            yield HandView(id="hand")
            yield Static(id="prompt")
            yield ProgressBar(total=100, show_eta=False, show_percentage=False, id="timer")
            yield ActionBar(id="actions")
            yield Static(id="hint")
        yield Footer()

    def on_resize(self, event) -> None:
        self._fit_classes()
        if self._drawn and self._table_up():  # laid out again for the new size (not before the first draw)
            self.render_table()

    def _fit_classes(self) -> None:
        # a short terminal (80x24): the hand right under the melds, no reminder of h,
        # the countdown in the prompt's words only; a narrow one: four choices a row
        self._table.set_class(self.size.height < 32, "-short")
        self._table.set_class(self.size.width < 120, "-narrow")

    def _budget(self) -> dict[str, int]:
        """How many lines each part of the table may take at this terminal's size,
        so that your own panel -- tiles, claim choices, countdown, hint -- is always
        on screen: an opponent's panel, the hint, your discards."""
        h = self.size.height
        return {
            "opponent": 5 if h < 28 else (6 if h < 40 else (8 if h < 56 else 10)),
            "hint": 2 if h < 32 else 4,
            "my discards": 1 if h < 32 else 3,  # the line of your melds and discards
        }

    def run(self, *args, **kwargs):
        if self.glyph_widths is None and not kwargs.get("headless"):
            self.glyph_widths = terminal_cell_widths(GLYPH_SAMPLES)
        return super().run(*args, **kwargs)

    def on_mount(self) -> None:
        self._fit_classes()
        self.sub_title = self.session.match.ruleset.title
        trouble = glyph_trouble(self.glyph_widths)
        if self.glyphs and trouble:
            self.glyphs = False
            self.log_lines.append(trouble)
        self.advance()

    # --- the loop -------------------------------------------------------------------
    def advance(self) -> None:
        """Decide what happens next, after any change."""
        s = self.session
        self._collect_news()
        if s.game.is_over:
            self._stop_bot_timer()
            self._stop_claim_timer()
            self.render_table()
            self._show_result()
            return
        legal = s.human_legal()
        if s.bot_to_act() is not None and (self._bot_timer is None):
            if self.speed <= 0 and not legal:
                s.run_bots()
                self.advance()
                return
            self._bot_timer = self.set_timer(max(self.speed, 0.001), self._bot_step)
        self._prepare_prompt(legal)
        self.render_table()

    def _bot_step(self) -> None:
        self._bot_timer = None
        if not self._table_up():  # the app is closing: no move is made, none is lost (the match is saved as it goes)
            return
        try:
            self.session.step_bot()
        except Exception as exc:  # a bot must never take the table down
            self.errors.append(repr(exc))
            raise
        self.advance()

    def _stop_bot_timer(self) -> None:
        if self._bot_timer is not None:
            self._bot_timer.stop()
            self._bot_timer = None

    def _collect_news(self) -> None:
        g = self.session.game
        if g is not self._seen_game:
            self._seen_game, self._seen_events = g, 0
            self.log_lines = []
            self.last_claim = None
        viewer = self.session.human_seat
        new = g.events[self._seen_events :]
        for e in new:
            line = describe_event(e, viewer)
            if line:
                self.log_lines.append(line)
                if e.get("type") == "claim":
                    self.last_claim = line
            if viewer is not None and e.get("type") == "claim" and e.get("seat") != viewer.letter:
                lost = lost_claims(g.events[: self._seen_events + new.index(e) + 1], viewer)
                if lost and lost[-1][1] == e.get("tile") and lost[-1][2].letter == e["seat"]:
                    names = seat_names(viewer)
                    kind, tile, taker, theirs = lost[-1]
                    self.log_lines.append(
                        f"{names[viewer]}'s {CLAIM_WORDS[kind]} of {tile} lost to {names[taker]}'s {CLAIM_WORDS[theirs]}, a higher claim"
                    )
        self._seen_events = len(g.events)
        del self.log_lines[:-60]  # a tall terminal shows many

    # --- the human's prompt ---------------------------------------------------------
    def _prepare_prompt(self, legal: list[Action]) -> None:
        s = self.session
        self.note = ""  # a new position, or the tile chosen moved: the last key's reason is stale
        bar = self._table.query_one(ActionBar)
        obs = s.observation()
        if not legal:
            self._stop_claim_timer()
            bar.set_actions([], self.glyphs)
            if s.human is None:
                self.status = "watching four bots - q to leave"
            else:
                who = ", ".join(WIND_NAMES[w] for w in s.game.to_act())
                self.status = f"waiting for {who}" if who else ""
            self.selected = None
            return
        if obs.phase == Phase.CLAIMS:
            window = (id(s.game), len(obs.discard_history))
            bar.set_actions(legal, self.glyphs)
            tile = obs.last_discard
            if obs.last_discarder is None or tile is None:  # the washing window, before East's first discard
                self.status = "your original hand may wash the tiles: w or 1, or x/space to pass"
            else:
                self.status = (
                    f"{WIND_NAMES[obs.last_discarder]} discarded {face(tile, self.glyphs)}: "
                    "claim it (the number keys) or pass (x, space)"
                )
            if self._claim_window != window:
                self._claim_window = window
                self._start_claim_timer()
            self.selected = None
            return
        self._stop_claim_timer()
        # an Original Call is a discard: the chosen tile and o, not a button each
        others = [a for a in legal if a.kind is not K.DISCARD and a.kind is not K.ORIGINAL_CALL]
        bar.set_actions(others, self.glyphs)
        hv = self._table.query_one(HandView)
        if self.selected is None:
            self.selected = len(obs.concealed) - 1  # the tile just drawn, at the right end
        self.selected = max(0, min(self.selected, len(obs.concealed) - 1))
        extra = ""
        if any(a.kind is K.MAHJONGG for a in legal):
            extra = " - you can go Mah-Jongg (m)!"
        elif others:
            extra = " - or declare a kong (k / the numbers)"
        calls = [a for a in legal if a.kind is K.ORIGINAL_CALL]
        if calls:
            extra += " - o: discard it declaring Original Call (with " + ", ".join(face(a.tile, self.glyphs) for a in calls) + ")"
        elif obs.seat in obs.original_call:
            extra += " - Original Call: you discard the tile you drew"
        self.status = f"your turn: choose a tile (←/→ or click) and discard it (Enter, or click it again){extra}"
        hv.selected = self.selected

    def _start_claim_timer(self) -> None:
        self._stop_claim_timer()
        bar = self._table.query_one("#timer", ProgressBar)
        if self.claim_seconds is None:
            bar.display = False
            return
        self._claim_left = self.claim_seconds
        bar.display = not self._table.has_class("-short")  # there: the seconds in the prompt only
        bar.update(total=self.claim_seconds, progress=self.claim_seconds)
        self._claim_timer = self.set_interval(0.25, self._claim_tick)

    def _claim_tick(self) -> None:
        if not self._table_up():  # the app is closing
            self._stop_claim_timer()
            return
        self._claim_left -= 0.25
        bar = self._table.query_one("#timer", ProgressBar)
        bar.update(progress=max(0.0, self._claim_left))
        self._render_prompt()
        if self._claim_left <= 0:
            self._stop_claim_timer()
            passes = [a for a in self.session.human_legal() if a.kind is K.PASS]
            if passes:
                self.log_lines.append(f"time is up: {seat_names(self.session.human_seat)[self.session.human_seat]} passes")
                self._play(passes[0])

    def _stop_claim_timer(self) -> None:
        if self._claim_timer is not None:
            self._claim_timer.stop()
            self._claim_timer = None
        try:
            self._table.query_one("#timer", ProgressBar).display = False
        except Exception:
            pass
        if self.session.game.is_over or self.session.observation().phase != Phase.CLAIMS:
            self._claim_window = None

    def _play(self, action: Action) -> None:
        """The human's action, if it is legal now (else ignored)."""
        if action not in self.session.human_legal():
            return
        self.session.act(action)
        if action.kind is K.DISCARD:
            self.selected = None
        self._stop_claim_timer()
        self.advance()

    # --- drawing ----------------------------------------------------------------------
    def render_table(self) -> None:
        self._drawn = True
        s = self.session
        obs = s.observation()
        me = s.viewer
        spectator = s.human is None
        budget = self._budget()
        self._table.set_class(self.glyphs, "-glyphs")
        width = max(20, self.size.width - 4)  # inside a full-width panel's border and padding
        self._render_header(width + 2)
        # the next seat in turn sits on one's right
        rel = {"left": Wind((me + 3) % 4), "across": Wind((me + 2) % 4), "right": Wind((me + 1) % 4)}
        titles = panel_titles(me if spectator else None)
        panels = []
        for pos, w in rel.items():
            panel = self._table.query_one(f"#{pos}", SeatPanel)
            concealed = s.game.observation(w).concealed if spectator else None
            # the narrowest of the three panels' insides (a third of the width, less border and padding)
            panel.show(s.seat(w), obs, self.glyphs, concealed, width=max(10, self.size.width // 3 - 4), most=budget["opponent"])
            panel.border_title = titles[pos]
            panels.append(panel)
        tallest = max(p.lines for p in panels) + 2  # the three side by side, as tall as the tallest
        for panel in panels:
            panel.styles.height = tallest
        self._table.query_one("#me").border_title = titles["me"]
        self._table.query_one(CenterPanel).show(obs, self.log_lines, self.glyphs, self.last_claim)
        title = seat_title(s.seat(me), obs)
        self._table.query_one("#me-title", Static).update(title)
        melds = meld_pieces(obs, me, self.glyphs) or [Text("no melds yet", style="dim")]
        # your discards one by one, or by suit when that fits the line(s) they have (else the latest)
        lines = discard_lines(obs, me, self.glyphs, width, budget["my discards"], Text(" ").join(melds), cut=True)
        self._table.query_one("#me-melds", Static).update(Text("\n").join(lines))
        hv = self._table.query_one(HandView)
        my_turn = bool(s.human_legal()) and obs.phase == Phase.TURN
        hv.selected = self.selected
        hv.set_hand(obs.concealed, obs.drawn, self.glyphs, my_turn)
        self._render_prompt()
        hint_w = self._table.query_one("#hint", Static)
        if self.show_hint and s.human is not None and not s.game.is_over:
            hint_w.update("\n".join(fit("hint: " + self._hint_text(obs), width, budget["hint"])))
        else:
            short = self._table.has_class("-short")  # no line for the reminder on a short terminal
            hint_w.update("h: hint (what to discard or claim, and how far from ready)" if s.human is not None and not short else "")
        # the footer shows the keys that mean something now; redrawing it is costly, so only on change
        kinds = (frozenset(a.kind for a in s.human_legal()), self._choices())
        if kinds != self._binding_kinds:
            self._binding_kinds = kinds
            self._show_choice_keys(kinds[1])
            self.refresh_bindings()

    def _hint_text(self, obs) -> str:
        """The hint for this moment, worked out once per moment (the advisor is not instant)."""
        key = (id(self.session.game), len(self.session.game.events))
        if self._hint_cache is None or self._hint_cache[0] != key:
            self._hint_cache = (key, hint(obs, self.session.human_legal()).describe())
        return self._hint_cache[1]

    def _render_header(self, width: int) -> None:
        """The ruleset in play and its stakes (the limit, or the faan needed and
        the limit), the hand, the round (and, four bots watched, from whose
        chair) and the wall: the ruleset's title where it fits, else its name."""
        s = self.session
        rules, obs = s.match.ruleset, s.observation()
        hand = [f"Hand {s.hand_number}", f"{WIND_NAMES[obs.round]} round"]
        if s.human is None:
            hand.append(f"watching from {WIND_NAMES[obs.seat]}'s chair")
        for name, wall in ((rules.title, f"wall {obs.wall_count} ({obs.drawable} to draw)"), (rules.name, f"wall {obs.wall_count} ({obs.drawable} to draw)"), (rules.name, f"wall {obs.drawable}")):
            line = " · ".join([name, rules.limit_words, *hand, wall])
            if len(line) <= width:
                break
        self._table.query_one("#header", Static).update(line)

    def _show_choice_keys(self, n: int) -> None:
        """The footer's number keys as they are now: ``1-3 Choose`` (``1`` for one choice)."""
        bindings = self._bindings.key_to_bindings.get("1")
        if bindings:
            shown = "1" if n <= 1 else f"1-{n}"
            self._bindings.key_to_bindings["1"] = [replace(b, key_display=shown) for b in bindings]

    def _render_prompt(self) -> None:
        t = Text(self.status, style="bold cyan")
        if self._claim_timer is not None:
            t.append(f"  {max(0, int(self._claim_left + 0.99))}s", style="yellow")
        if self.note:  # beside the prompt, which still says what to do
            t.append("\n" + self.note, style="yellow")
        self._table.query_one("#prompt", Static).update(t)

    def _show_result(self) -> None:
        if self._result_shown:
            return
        self._result_shown = True
        rec = self.session.finish_hand()
        final = self.session.match.is_over
        s = self.session
        events, human, glyphs = list(s.game.events), s.human_seat, self.glyphs
        ending = None
        if final:
            line = s.standing_text()  # the order of `mahjongg play`'s exit line too
            ending = Text(f"The match is over. Final totals: {line}\n", style="bold green")

        def body(width: int):
            group = result_group(rec, s.names, s.match.ruleset, glyphs, events, width=width, human=human)
            return group if ending is None else Group(ending, group)

        self.push_screen(ResultScreen(body, final, self.auto_next, self.result_guard), self._after_result)

    def _after_result(self, go_on: bool | None) -> None:
        if self.session.match.is_over:
            return
        self.session.next_hand()
        self._result_shown = False
        self.selected = None
        self.advance()

    # --- actions (keys) -------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple) -> bool | None:
        legal = self.session.human_legal() if not self.session.game.is_over else []
        kinds = {a.kind for a in legal}
        if action == "discard" or action == "move":
            return K.DISCARD in kinds
        if action == "original_call":
            return K.ORIGINAL_CALL in kinds
        if action == "kind":
            want = parameters[0]
            if want == "kong":
                return bool(kinds & {K.KONG, K.CONCEALED_KONG, K.ADD_KONG})
            try:
                return ActionKind(want) in kinds
            except ValueError:  # a kind this engine does not have
                return False
        if action == "hint":
            return self.session.human is not None
        if action == "choose":
            return bool(legal) and self._choices() >= parameters[0]
        if action == "why":  # a claim key that is not possible now: it says why
            return self.session.human is not None and not self.session.game.is_over
        return True

    def _choices(self) -> int:
        try:
            return len(self._table.query_one(ActionBar).actions)
        except Exception:
            return 0

    def action_move(self, d: int) -> None:
        obs = self.session.observation()
        if not self.session.human_legal() or obs.phase != Phase.TURN or not obs.concealed:
            return
        self.selected = ((self.selected or 0) + d) % len(obs.concealed)
        self.note = ""
        self.render_table()

    def _selected_tile(self):
        hv = self._table.query_one(HandView)
        if self.selected is None or not (0 <= self.selected < len(hv.tiles)):
            return None
        return hv.tiles[self.selected]

    def action_discard(self) -> None:
        seat = self.session.human_seat
        t = self._selected_tile()
        if seat is None or t is None:
            return
        self._play(Action.discard(seat, t))

    def action_original_call(self) -> None:
        """Discard the chosen tile declaring Original Call, if that is legal; else say
        with which tiles it is (the prompt line)."""
        seat = self.session.human_seat
        t = self._selected_tile()
        calls = [a for a in self.session.human_legal() if a.kind is K.ORIGINAL_CALL]
        if seat is None or t is None or not calls:
            return
        mine = [a for a in calls if a.tile == t]
        if mine:
            self._play(mine[0])
            return
        with_ = ", ".join(face(a.tile, self.glyphs) for a in calls)
        self.note = f"discarding {face(t, self.glyphs)} leaves your hand not calling: Original Call only with {with_}"
        self._render_prompt()

    def action_kind(self, kind: str) -> None:
        legal = self.session.human_legal()
        if kind == "kong":
            opts = [a for a in legal if a.kind in (K.KONG, K.CONCEALED_KONG, K.ADD_KONG)]
        else:
            opts = [a for a in legal if a.kind.value == kind]
        if len(opts) == 1:
            self._play(opts[0])
        elif len(opts) > 1:
            bar = self._table.query_one(ActionBar)
            nums = [str(bar.actions.index(a) + 1) for a in opts if a in bar.actions]
            self.status = f"{len(opts)} ways: press {' or '.join(nums)} (" + ", ".join(action_label(a, self.glyphs) for a in opts) + ")"
            self.render_table()

    def action_choose(self, i: int) -> None:
        bar = self._table.query_one(ActionBar)
        if 1 <= i <= len(bar.actions):
            self._play(bar.actions[i - 1])

    def action_hint(self) -> None:
        self.show_hint = not self.show_hint
        self.render_table()

    def action_glyphs(self) -> None:
        trouble = glyph_trouble(self.glyph_widths)
        if trouble and not self.glyphs:
            self.note = trouble
            self._render_prompt()
            return
        self.glyphs = not self.glyphs
        self.render_table()

    def action_why(self, kind: str) -> None:
        """Why ``kind`` (a claim key) is not possible now, under the prompt line (which
        still says what to do) until the next action or position."""
        self.note = why_not(kind, self.session)
        self._render_prompt()

    def action_keys(self) -> None:
        self.push_screen(KeysScreen())

    def action_save_and_quit(self) -> None:
        self.exit(self.game_id)

    # --- mouse ------------------------------------------------------------------------------
    def on_hand_view_tile_clicked(self, message: HandView.TileClicked) -> None:
        obs = self.session.observation()
        if obs.phase != Phase.TURN or not self.session.human_legal():
            return
        if self.selected == message.index:
            self.action_discard()
        else:
            self.selected = message.index
            self._prepare_prompt(self.session.human_legal())
            self.render_table()

    def on_action_bar_chosen(self, message: ActionBar.Chosen) -> None:
        self._play(message.action)
