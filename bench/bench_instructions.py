"""CPU instructions per whole hand (callgrind): a speed figure a busy machine cannot move.

Run by hand (not a test); needs valgrind (Debian package ``valgrind``)::

    python bench/bench_instructions.py                 # pung-chow, random bots, 40 hands
    python bench/bench_instructions.py -n 20 --bots greedy

``bench_table.py`` times hands per second, and on a shared VM that figure
drifts by up to 30 % from one minute to the next. This script counts the
instructions the CPU executes instead (``valgrind --tool=callgrind``): the
same count for the same code and hands, whatever else the machine is doing.
Each figure is the count of a run that plays the hands minus the count of
the same run without them (imports, table warm-up), divided by the hands:

* ``whole hand``: :func:`bench_table.play`, as ``mahjongg simulate`` plays a
  hand: a bot per seat, an observation and the legal actions per decision;
* ``baseline engine``: the same with the named baseline of
  ``bench_table.py`` (``src/mahjongg/table/game.py`` at commit 50f7909,
  from git); the ratio is the engine's gain;
* ``engine only``: the same hands' actions, recorded beforehand, applied to
  a new ``Game`` (no bots, no observations): the engine's own share;
* ``Game() only``: shuffle, wall, dice and deal;
* ``bare loop``: :func:`bench_table.floor_hand`, draws and discards with no
  rules at all, for scale.

It also times the whole hands without valgrind, which gives this machine's
instructions per second now, and so the instructions per hand that 1,000
hands/s (the random-bot aim of issue 3) would allow at that rate.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_table  # noqa: E402 - the hands and the baseline engine are bench_table's
from mahjongg.rules import get_ruleset  # noqa: E402
from mahjongg.table import Game  # noqa: E402

MODES = ("whole", "baseline", "engine", "setup", "floor")
LABELS = {
    "whole": "whole hand (bots, observations)",
    "baseline": f"whole hand, baseline engine ({bench_table.BASELINE_REV})",
    "engine": "engine only (recorded actions)",
    "setup": "Game() only (shuffle, wall, deal)",
    "floor": "bare draw/discard loop, no rules",
}


def _seeds(n: int) -> list[int]:
    return [7_000_003 + i for i in range(n)]


def _recorded(ruleset, bots, seeds) -> list[list]:
    """Each hand's actions, in order (from a play with the current engine)."""
    out = []
    for i, s in enumerate(seeds):
        game = Game(ruleset, s, len(bots))
        players = [bench_table.make_bot(b, (s << 3) | p) for p, b in enumerate(bots)]
        n = len(bots)
        by_seat = {bench_table.Wind((p - i) % n): players[p] for p in range(n)}
        actions = []
        while not game.is_over:
            seat = game.to_act()[0]
            a = by_seat[seat].act(game.observation(seat), game.legal_actions(seat))
            actions.append(a)
            game.apply(a)
        out.append(actions)
    return out


def worker(mode: str, ruleset_name: str, bots: tuple[str, ...], n: int, counted: bool) -> None:
    """Play the ``n`` hands of ``mode`` once untimed (tables fill, actions are recorded),
    then once more if ``counted`` (the pass whose instructions the difference keeps)."""
    r = get_ruleset(ruleset_name)
    seeds = _seeds(n)
    recorded = _recorded(r, bots, seeds)

    def once() -> None:
        if mode in ("whole", "baseline"):
            cls = Game if mode == "whole" else bench_table.BaselineGame
            for i, s in enumerate(seeds):
                bench_table.play(cls, r, bots, s, i)
        elif mode == "engine":
            for s, actions in zip(seeds, recorded):
                game = Game(r, s, len(bots))
                for a in actions:
                    game.apply(a)
                game.result.net  # noqa: B018 - what play_hand reads
        elif mode == "setup":
            for s in seeds:
                Game(r, s, len(bots))
        else:
            for s in seeds:
                bench_table.floor_hand(s)

    once()
    if counted:
        once()


def count(mode: str, ruleset: str, bots: str, n: int) -> int:
    """Instructions of one pass of ``mode`` over ``n`` hands (two callgrind runs, subtracted)."""
    totals = []
    for counted in (False, True):
        cmd = [
            "valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
            sys.executable, __file__, "--worker", mode, "--ruleset", ruleset, "--bots", bots, "-n", str(n),
        ]
        if counted:
            cmd.append("--counted")
        out = subprocess.run(cmd, capture_output=True, text=True)
        m = re.search(r"Collected : (\d+)", out.stderr)
        if out.returncode != 0 or m is None:
            sys.exit(f"callgrind run failed ({' '.join(cmd)}):\n{out.stderr[-2000:]}")
        totals.append(int(m.group(1)))
    return totals[1] - totals[0]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-n", type=int, default=40, help="hands per pass (each mode runs two callgrind passes)")
    ap.add_argument("--ruleset", default="pung-chow")
    ap.add_argument("--bots", default="random", help="one bot name for all four seats (random, greedy, cautious)")
    ap.add_argument("--modes", default=",".join(MODES), help=f"which figures, of {','.join(MODES)}")
    ap.add_argument("--worker", choices=MODES, help=argparse.SUPPRESS)
    ap.add_argument("--counted", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    bots = (args.bots,) * 4
    if args.worker:
        worker(args.worker, args.ruleset, bots, args.n, args.counted)
        return
    if args.n < 1:
        sys.exit("-n: at least one hand")
    try:
        get_ruleset(args.ruleset)
        bench_table.make_bot(args.bots, 0)
    except ValueError as e:  # an unknown ruleset or bot (RulesetError, BotError)
        sys.exit(f"error: {e}")
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed (Debian: apt install valgrind)")
    modes = [m.strip() for m in args.modes.split(",") if m.strip()]
    bad = [m for m in modes if m not in MODES]
    if bad:
        sys.exit(f"--modes: unknown {', '.join(bad)}; choose from {', '.join(MODES)}")
    if "baseline" in modes and bench_table.BaselineGame is None:
        print(f"(no baseline: git or commit {bench_table.BASELINE_REV} is not available)")
        modes.remove("baseline")
    print(f"instructions per hand (callgrind), {args.ruleset}, {args.bots} bots, {args.n} hands per pass")
    per_hand = {}
    for mode in modes:
        per_hand[mode] = count(mode, args.ruleset, args.bots, args.n) / args.n
        extra = ""
        if mode == "baseline" and "whole" in per_hand:
            extra = f"   x{per_hand[mode] / per_hand['whole']:.2f} the current engine's whole hand"
        elif mode != "whole" and "whole" in per_hand:
            extra = f"   {100 * per_hand[mode] / per_hand['whole']:.0f} % of a whole hand"
        print(f"  {LABELS[mode]:45} {per_hand[mode] / 1e6:7.3f} M{extra}", flush=True)
    if "whole" in per_hand:
        # this machine's instructions per second now: time the same hands without valgrind
        r = get_ruleset(args.ruleset)
        seeds = _seeds(args.n)
        bench_table.rate(Game, r, bots, seeds)  # warm the tables
        best = max(bench_table.rate(Game, r, bots, seeds) for _ in range(3))
        ips = best * per_hand["whole"]
        load = " ".join(f"{x:.2f}" for x in os.getloadavg())
        print(
            f"timed without valgrind (load average {load}): {best:.0f} hands/s, so ~{ips / 1e9:.1f} G instructions/s "
            f"on this machine now; 1,000 hands/s would need <= {ips / 1000 / 1e6:.1f} M instructions per hand"
        )


if __name__ == "__main__":
    main()
