"""Print the ladder table (markdown) from the arena runs stored in bench/arena/*.json.

    python bench/arena/ladder_table.py

One row per ruleset, one column per rung (challenger against the field below
it): the challenger's advantage in chips per hand over a field seat, its 95%
interval (bootstrap over deals) and whether the interval's lower end is above
zero; the deals and the seed of each run are in the JSON files.

A rung may be measured at more than one seed: ``C-F-R.json`` (seed 16) and
``C-F-R.seed-S.json`` for each further seed ``S``; a longer run of a seed
(``C-F-R.N-deals.json``, ``C-F-R.seed-S.N-deals.json``) stands for it.
A claim is marked **holds** only when it holds at every seed measured and at
least two were; one that holds at some seeds only says at which; one measured
at a single seed says so. A claim that holds says at which seeds its run was too
short for its margin (the interval's half-width not under half the advantage).
Each run's bootstrap seed is its deal seed (``bootstrap_seed`` in the JSON).
"""

from __future__ import annotations

import json
from pathlib import Path

HERE = Path(__file__).parent
RULESETS = (
    "pung-chow", "pung-chow-limit", "traditional", "traditional-special-tiles", "hong-kong", "hong-kong-136", "dmjl", "bmja",
)
RUNGS = (("greedy", "random"), ("cautious", "greedy"), ("expert", "greedy"), ("expert", "cautious"), ("master", "expert"))


def runs(c: str, f: str, r: str) -> list[dict]:
    """The runs of rung ``c`` against ``f`` on ruleset ``r``: the longest of each seed, seed 16 first.

    A seed's runs are ``C-F-R.json`` (seed 16) or ``C-F-R.seed-S.json``, and longer runs of
    the same seed beside them, ``C-F-R.N-deals.json`` and ``C-F-R.seed-S.N-deals.json``
    (a run of N deals plays the shorter run's deals first: the deals of a seed are a sequence).
    """
    by_seed: dict[int, dict] = {}
    for path in HERE.glob(f"{c}-{f}-{r}.*json"):
        d = json.loads(path.read_text())
        if d["seed"] not in by_seed or d["deals"] > by_seed[d["seed"]]["deals"]:
            by_seed[d["seed"]] = d
    return sorted(by_seed.values(), key=lambda d: (d["seed"] != 16, str(d["seed"])))


def _end(x: float) -> str:
    """An end of an interval to one place, or to as many as keep it on its side of zero
    (a lower end of +0.002 holds; +0.0 would not say so)."""
    text = f"{x:+.1f}"
    return f"{x:+.1g}" if x != 0 and float(text) == 0 else text


def figure(d: dict) -> str:
    lo, hi = d["ci95"]
    return f"{d['advantage']:+.1f} [{_end(lo)}, {_end(hi)}] ({d['deals']} deals, seed {d['seed']})"


def sized(d: dict) -> bool:
    """Whether a run was long enough for its margin: its interval's half-width under half
    the advantage (issue 40: a run sized to its margin)."""
    lo, hi = d["ci95"]
    return (hi - lo) / 2 < d["advantage"] / 2


def cell(found: list[dict]) -> str:
    if not found:
        return "not measured"
    held = [d["seed"] for d in found if d["ci95"][0] > 0]
    text = "; ".join(figure(d) for d in found)
    if len(found) == 1:
        mark = f"holds at seed {held[0]} (one seed measured)" if held else "does not hold"
    elif len(held) == len(found):
        mark = "**holds**"
        wide = [d["seed"] for d in found if not sized(d)]
        if wide:
            mark += " (its interval wider than half its margin at seed " + ", ".join(str(s) for s in wide) + ")"
    elif held:
        mark = "holds at seed " + ", ".join(str(s) for s in held) + " only"
    else:
        mark = "does not hold"
    return f"{text}: {mark}"


def main() -> None:
    print("| ruleset | " + " | ".join(f"{c} vs {f}" for c, f in RUNGS) + " |")
    print("|---|" + "---|" * len(RUNGS))
    for r in RULESETS:
        print(f"| {r} | " + " | ".join(cell(runs(c, f, r)) for c, f in RUNGS) + " |")


if __name__ == "__main__":
    main()
