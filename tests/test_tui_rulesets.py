"""`mahjongg play --ruleset pung-chow-limit` and `--ruleset hong-kong`: a
whole hand played in the app for each, to the score screen, whose figures
must be the scorer's.

The session is built by :func:`mahjongg.tui.launch.new_session`, exactly
what ``mahjongg play --ruleset R --seat E`` builds (the CLI adds only the
argument checks). The pilot plays the human's seat with a simple policy
(Mah-Jongg when it can, pass every claim, discard the tile just drawn, and
choose the first numbered option for anything else, e.g. laying out a
bonus tile) while the bots play the others. Each seat's score is then
recomputed with :func:`mahjongg.scoring.score_hand` from the hand the engine
laid down -- independently of the engine's own scoring -- and every figure
on the screen (each score line and item, each net payment) must match.
"""

from __future__ import annotations

import asyncio

import sys
from pathlib import Path

import pytest

from mahjongg.rules import Situation, get_ruleset
from mahjongg.scoring import score_hand
from mahjongg.table import ActionKind
from mahjongg.tiles import Wind
from mahjongg.tui.app import PlayApp, ResultScreen
from mahjongg.play.session import new_session
from mahjongg.tui.scorecard import score_line
from mahjongg.play.scorecard import score_card

from test_tui import text_of, wait_for_result

K = ActionKind


async def play_to_the_score_screen(pilot, app, session, limit=400):
    for _ in range(limit):
        await pilot.pause()
        if isinstance(app.screen, ResultScreen):  # pushed: wait until it is shown
            await wait_for_result(pilot, app)
            return
        legal = session.human_legal()
        kinds = {a.kind for a in legal}
        if not legal:
            await pilot.pause(0.01)
        elif K.MAHJONGG in kinds:
            await pilot.press("m")
        elif session.game.phase == "claims":
            await pilot.press("x")
        elif K.DISCARD in kinds:
            await pilot.press("enter")
        else:
            await pilot.press("1")
    raise AssertionError("the hand did not end")


# seeds whose first hand ends in a Mah-Jongg (so there is a winner's card to check)
@pytest.mark.parametrize("ruleset,seed", [("pung-chow-limit", 5), ("hong-kong", 5)])
def test_whole_hand_in_the_app_for_the_ruleset_scores_as_the_scorer(ruleset, seed):
    rules = get_ruleset(ruleset)

    async def run():
        session = new_session(ruleset=ruleset, bots=["greedy", "cautious", "greedy"], seat=Wind.EAST, seed=seed, hands=2)
        app = PlayApp(session, speed=0, claim_seconds=None, result_guard=0)
        async with app.run_test(size=(120, 40)) as pilot:
            await play_to_the_score_screen(pilot, app, session)
            g = session.game
            r = g.result
            assert g.is_over and r.winner is not None, r.reason
            assert app.sub_title == getattr(rules, "title", app.sub_title)
            shown = text_of(app.screen.body)
            for seat in Wind:
                sit = Situation(seat=seat, round=g.round, win=r.win if seat == r.winner else None, dead=seat in r.dead)
                sc = score_hand(r.hands[seat], rules, sit) if seat not in r.dead else r.scores[seat]
                assert sc.score == r.scores[seat].score and sc.items == r.scores[seat].items
                assert score_line(score_card(sc, rules)) in shown
                for item in sc.items:
                    assert item.name in shown
            for s in Wind:
                assert f"{r.settlement.net[s]:+d}" in shown
            assert f"Mah-Jongg on {r.win.tile}" in shown
            # the match goes on to its second hand from the score screen
            await pilot.press("enter")
            await pilot.pause()
            assert session.hand_number == 2 and not session.game.is_over
            assert sum(session.match.totals) == 0

    asyncio.run(run())


def _run_in_pty(argv: list[str], timeout: float = 60.0) -> tuple[int, str]:
    """Run ``argv`` on a 120x40 pseudo-terminal; press q once the final score
    screen ("Match over") is up. Returns (exit status, everything printed)."""
    import fcntl
    import os
    import pty
    import select
    import struct
    import termios
    import time

    pid, fd = pty.fork()
    if pid == 0:  # the child: the real `mahjongg` command
        os.execv(argv[0], argv)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    out, sent, t0 = b"", False, time.monotonic()
    try:
        while time.monotonic() - t0 < timeout:
            r, _, _ = select.select([fd], [], [], 0.2)
            if r:
                try:
                    chunk = os.read(fd, 65536)
                except OSError:  # the child closed the terminal
                    break
                if not chunk:
                    break
                out += chunk
            if not sent and b"Match over" in out:
                os.write(fd, b"q")
                sent = True
    finally:
        if not sent:
            os.kill(pid, 9)
        _, status = os.waitpid(pid, 0)
        os.close(fd)
    return status, out.decode("utf-8", "replace")


# seeds whose single hand, played by the four bots `--bots 4` seats, ends in a Mah-Jongg
@pytest.mark.parametrize("ruleset,seed", [("pung-chow-limit", 5), ("hong-kong", 1)])
def test_mahjongg_play_command_watches_a_hand_of_the_ruleset_to_the_end(ruleset, seed, tmp_path):
    """The real ``mahjongg play --ruleset R --bots 4 --hands 1 --speed 0`` on a
    terminal: four bots play the hand, the final score screen comes up, q
    leaves, and the totals the command prints are the settlement of the hand
    it saved -- whose scores, recomputed by the scorer from the saved
    game's hands, are the ones recorded."""
    import re
    import shutil

    from mahjongg.play.journal import Journal

    # the installed console script, found next to this Python (CI runs .venv/bin/python
    # without activating the venv, so it need not be on PATH)
    exe = shutil.which("mahjongg", path=str(Path(sys.executable).parent)) or shutil.which("mahjongg")
    assert exe is not None, "the mahjongg console script is not installed"
    db = tmp_path / "games.sqlite3"
    status, out = _run_in_pty([exe, "play", "--ruleset", ruleset, "--bots", "4", "--hands", "1", "--speed", "0", "--seed", str(seed), "--db", str(db)])
    assert status == 0, out[-2000:]
    m = re.search(r"Match 1 is over\. Totals: (.*?)\r?\n", out)
    assert m, out[-2000:]
    printed = [int(x.rsplit(" ", 1)[1]) for x in m.group(1).split(", ")]
    rules = get_ruleset(ruleset)
    with Journal(db, create=False) as store:
        g = store.replay(1)
    r = g.result
    assert g.ruleset.name == ruleset and r.winner is not None  
    for seat in Wind:
        if seat in r.dead:
            continue
        sit = Situation(seat=seat, round=g.round, win=r.win if seat == r.winner else None, dead=False)
        assert score_hand(r.hands[seat], rules, sit).score == r.scores[seat].score
    # one hand only, so each player's printed total is his seat's net in that hand (as a multiset: the
    # line lists players by number, not by seat)
    assert sum(printed) == 0 and sorted(printed) == sorted(r.settlement.net[s] for s in Wind)
