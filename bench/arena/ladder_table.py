"""Print the ladder table (markdown) from the arena runs stored in bench/arena/*.json.

    python bench/arena/ladder_table.py

One row per ruleset, one column per rung (challenger against the field below
it): the challenger's advantage in chips per hand over a field seat, its 95%
interval (bootstrap over deals) and whether the interval's lower end is above
zero; the deals and the seed of each run are in the JSON files.
"""

from __future__ import annotations

import json
from pathlib import Path

HERE = Path(__file__).parent
RULESETS = ("pung-chow", "pung-chow-limit", "traditional", "traditional-special-tiles", "hong-kong", "hong-kong-136")
RUNGS = (("greedy", "random"), ("cautious", "greedy"), ("expert", "greedy"), ("expert", "cautious"))


def cell(path: Path) -> str:
    if not path.exists():
        return "not measured"
    d = json.loads(path.read_text())
    lo, hi = d["ci95"]
    mark = "**holds**" if lo > 0 else "does not hold"
    return f"{d['advantage']:+.1f} [{lo:+.1f}, {hi:+.1f}] ({d['deals']} deals): {mark}"


def main() -> None:
    print("| ruleset | " + " | ".join(f"{c} vs {f}" for c, f in RUNGS) + " |")
    print("|---|" + "---|" * len(RUNGS))
    for r in RULESETS:
        cells = []
        for c, f in RUNGS:
            longer = sorted(HERE.glob(f"{c}-{f}-{r}.*-deals.json"))  # a longer run: C-F-R.5000-deals.json
            cells.append(cell(longer[-1] if longer else HERE / f"{c}-{f}-{r}.json"))
        print(f"| {r} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
