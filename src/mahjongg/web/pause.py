"""The claim pause of one web table, its timers apart from the table (docs/claims.md).

After every discard (and every tile added to a pung, and the washing window) every
human seat at a web table is in the claim pause. :class:`ClaimPause` keeps what
the pause needs in time: which pause it is (``window``, counted from 1 over the
table's life), when it opened, the answer held until the pause has lasted its
least length (``held``), and each asked human's claim time (``deadlines``). What
is done when a timer comes (a PASS answered for a human, the held answer applied)
is the table's: :class:`~mahjongg.web.table.LiveTable` passes it in.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

__all__ = ["ClaimPause"]


class ClaimPause:
    """The claim pause of one table.

    ``schedule(delay, fn)``: call ``fn()`` in ``delay`` seconds, returns a handle with
    ``cancel()`` (the table's timers); ``now()``: seconds, the table's clock (a simulated
    one in tests). ``deadlines``: player -> (pause, when his claim time runs out, timer)."""

    def __init__(self, schedule: Callable[[float, Callable[[], None]], Any], now: Callable[[], float]) -> None:
        self.schedule, self.now = schedule, now
        self.window = 0  # the pause on the table now (or last): counted from 1
        self.opened = 0.0  # when it opened (now())
        self.held: tuple[int, Any] | None = None  # (player, action): the answer that closes the pause, held to its least length
        self._held_timer = None
        self.deadlines: dict[int, tuple[int, float, Any]] = {}

    # --- the pause -----------------------------------------------------------------------
    def open(self) -> None:
        """A new pause: counted, its start noted; an answer held in the last one is dropped."""
        self.window += 1
        self.opened = self.now()
        if self._held_timer is not None:
            self._held_timer.cancel()
        self.held = self._held_timer = None

    def holds(self, player: int | None) -> bool:
        """Whether ``player`` has answered and his answer is held to the pause's least length."""
        return self.held is not None and self.held[0] == player

    def hold(self, player: int, action: Any, least: float, release: Callable[[], None]) -> bool:
        """Hold ``player``'s ``action`` until the pause has lasted ``least`` seconds, then call
        ``release()`` (which takes it with :meth:`take_held`); ``False``, nothing held, if the
        pause has lasted that long already."""
        left = self.opened + least - self.now()
        if left <= 0:
            return False
        self.held = (player, action)
        self._held_timer = self.schedule(left, release)
        return True

    def take_held(self) -> tuple[int, Any] | None:
        """The held answer ``(player, action)``, no longer held (``None``: none was)."""
        held, self.held, self._held_timer = self.held, None, None
        return held

    # --- each asked human's claim time -------------------------------------------------------
    def arm(self, waiting: Iterable[int], wait: Callable[[int], float | None], expire: Callable[[int], None]) -> None:
        """The claim times of this pause: each player in ``waiting`` without one gets
        ``wait(p)`` seconds (``None``: no timer, a seat a bot plays), then ``expire(p)`` --
        unless the pause has moved on or he has answered (held) by then; a claim time of
        a player no longer waiting, or of an earlier pause, is cancelled."""
        waiting = set(waiting)
        for p in list(self.deadlines):
            if p not in waiting or self.deadlines[p][0] != self.window:
                self.deadlines.pop(p)[2].cancel()
        for p in waiting:
            seconds = None if p in self.deadlines else wait(p)
            if seconds is None:
                continue
            window = self.window

            def run(p: int = p, window: int = window) -> None:
                self.deadlines.pop(p, None)
                if self.window != window or self.holds(p):
                    return  # a later pause, or he has answered: his answer is held to the pause's least length
                expire(p)

            self.deadlines[p] = (window, self.now() + seconds, self.schedule(seconds, run))

    def deadline(self, player: int) -> float | None:
        """When ``player``'s claim time runs out (``now()``'s seconds), ``None``: he has none."""
        d = self.deadlines.get(player)
        return d[1] if d is not None else None

    def cancel(self) -> None:
        """Every claim time cancelled (the pause is over)."""
        for _, _, timer in self.deadlines.values():
            timer.cancel()
        self.deadlines.clear()

    def close(self) -> None:
        """Every timer cancelled (the table is closing)."""
        self.cancel()
        if self._held_timer is not None:
            self._held_timer.cancel()
