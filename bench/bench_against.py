"""Hands per CPU second of one table of bots: this checkout against another commit, side by side.

Run by hand (not a test), from the checkout, with the venv the package is installed in::

    .venv/bin/python bench/bench_against.py 94ab9b6 --bots greedy,greedy,greedy,greedy \
        --ruleset hong-kong --ruleset bmja -n 100 --rounds 3

The baseline is the ``src`` of commit ``REV`` (``git archive`` into a temporary folder).
Each round plays the same hands (``simulate``'s seeded run: ``-n`` hands at seed
``--seed``, after 30 hands of warm-up at another seed) in two processes started together,
one on the baseline and one on this checkout's ``src`` -- one core each on a 2-vCPU
machine -- and prints the ratio of their hands per CPU second. Run together, the two see
the same drifts of a shared VM (whose speed was seen to move by a third from one minute
to the next, which sequential runs measure as much as the code); the ratios of the
rounds agree within a few hundredths where sequential runs of the same code differed by
a third. Prints, per ruleset, the median of each side and of the ratios, and every
round's ratio.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

_PLAY = """
import sys, time
from mahjongg.simulate import simulate
n, seed, bots = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3].split(",")
for ruleset in sys.argv[4:]:
    simulate(30, bots, ruleset=ruleset, seed=seed + 99)
    t = time.process_time()
    simulate(n, bots, ruleset=ruleset, seed=seed)
    print(ruleset, n / (time.process_time() - t))
"""


def _run(src: str, args: list[str]) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", _PLAY, *args], env={"PYTHONPATH": src}, stdout=subprocess.PIPE, text=True)


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("baseline", help="the commit to measure against (any git revision)")
    p.add_argument("--bots", default="greedy,greedy,greedy,greedy", help="the table, one bot per seat")
    p.add_argument("--ruleset", action="append", help="a ruleset (repeat; default hong-kong)")
    p.add_argument("-n", type=int, default=100, help="hands a round")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--rounds", type=int, default=3)
    a = p.parse_args(argv)
    rulesets = a.ruleset or ["hong-kong"]
    root = Path(__file__).resolve().parent.parent
    args = [str(a.n), str(a.seed), a.bots, *rulesets]
    with tempfile.TemporaryDirectory() as tmp:
        archive = subprocess.run(["git", "-C", str(root), "archive", a.baseline, "src"], capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", tmp], input=archive, check=True)
        sides: dict[str, dict[str, list[float]]] = {r: {"baseline": [], "this": []} for r in rulesets}
        for _ in range(a.rounds):
            base, this = _run(str(Path(tmp) / "src"), args), _run(str(root / "src"), args)
            for name, proc in (("baseline", base), ("this", this)):
                out, _ = proc.communicate()
                if proc.returncode:
                    raise SystemExit(f"the {name} side failed (exit {proc.returncode})")
                for line in out.splitlines():
                    ruleset, rate = line.split()
                    sides[ruleset][name].append(float(rate))
    for r in rulesets:
        b, t = sides[r]["baseline"], sides[r]["this"]
        ratios = [y / x for x, y in zip(b, t)]
        print(f"{r}, {a.bots}: {a.baseline} {statistics.median(b):.1f}, this checkout {statistics.median(t):.1f} hands"
              f" a CPU second (medians of {a.rounds} rounds of {a.n} hands); ratio {statistics.median(ratios):.2f}"
              f" (rounds: {' '.join(f'{x:.2f}' for x in ratios)})")


if __name__ == "__main__":
    main()
