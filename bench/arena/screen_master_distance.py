"""Screen master's NO_CHANCE_MARGIN against the master without it (docs/bots.md, "A step is
not given up for a chip"). Run by hand, not a test::

    PYTHONPATH=src python bench/arena/screen_master_distance.py RULESET DEALS SEED [MARGIN]

plays ``mahjongg.arena.arena`` with master (``MARGIN``: its ``NO_CHANCE_MARGIN``; default the
class's, ``none`` for off) challenging three ``master-before`` (``NO_CHANCE_MARGIN = None``)
and prints the advantage in chips a hand with its 95% interval, win and deal-in rates.
"""

from __future__ import annotations

import json
import sys

from mahjongg.arena import arena
from mahjongg.bots import register_bot
from mahjongg.bots.master import MasterBot


class Before(MasterBot):
    """The master before the rule: the expert's order by value on every turn."""

    NO_CHANCE_MARGIN = None


def main(argv: list[str]) -> None:
    ruleset, deals, seed = argv[0], int(argv[1]), int(argv[2])
    margin = MasterBot.NO_CHANCE_MARGIN if len(argv) < 4 else (None if argv[3] == "none" else float(argv[3]))
    challenger = type("Screened", (MasterBot,), {"NO_CHANCE_MARGIN": margin})
    register_bot("master-screened", lambda s=None: challenger(s))
    register_bot("master-before", lambda s=None: Before(s))
    r = arena("master-screened", ("master-before",), deals=deals, ruleset=ruleset, seed=seed)
    d = r.to_dict()
    out = {k: d[k] for k in ("advantage", "ci95", "win_rate", "deal_in_rate")}
    print(f"margin {margin} against the master before, {ruleset}, {deals} deals, seed {seed}: {json.dumps(out)}")


if __name__ == "__main__":
    main(sys.argv[1:])
