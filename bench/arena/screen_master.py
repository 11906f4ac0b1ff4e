"""Screen variants of the master bot against a field of experts (run by hand, not a test).

A variant is ``master`` with some of its class attributes set::

    nice -n 10 .venv/bin/python bench/arena/screen_master.py --deals 300 --seed 5 \
        --ruleset hong-kong --set SAFE_PASSED=1 --set RACE_AT=20

prints one line: the variant, the ruleset, the advantage in chips per hand over a
field seat with its 95% interval, the win, deal-in and draw rates and the mean
score of a won hand (the challenger's / the field's). Values are Python literals.
``--field-set ATTR=VALUE`` makes the field a master variant too (``--field`` is then
ignored): e.g. the master against the master without a rule of its own,
``--field-set NO_CHANCE_MARGIN=None``.
"""

from __future__ import annotations

import argparse
import ast
import sys

from mahjongg.arena import arena
from mahjongg.bots import register_bot
from mahjongg.bots.master import MasterBot


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--deals", type=int, default=300)
    p.add_argument("--seed", type=int, default=5)
    p.add_argument("--ruleset", default="pung-chow")
    p.add_argument("--special-tiles", default=None)
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--field", default="expert")
    p.add_argument("--set", action="append", default=[], metavar="ATTR=VALUE")
    p.add_argument("--field-set", action="append", default=[], metavar="ATTR=VALUE")
    a = p.parse_args(argv)
    register_bot("variant", _variant(a.set))
    if a.field_set:
        register_bot("field-variant", _variant(a.field_set))
        a.field = "field-variant"
    opts = {"special_tiles": a.special_tiles} if a.special_tiles else None
    r = arena("variant", tuple(a.field.split(",")), deals=a.deals, ruleset=a.ruleset, seed=a.seed, workers=a.workers, options=opts)
    c, f = r.challenger_side, r.field_side
    lo, hi = r.ci95
    print(
        " ".join(a.set) or "(master)",
        a.ruleset + (f"+{a.special_tiles}" if a.special_tiles else ""),
        f"seed {a.seed} deals {a.deals}: {r.advantage:+.2f} [{lo:+.2f}, {hi:+.2f}]",
        f"wins {c.win_rate:.1%}/{f.win_rate:.1%} dealt-in {c.deal_in_rate:.1%}/{f.deal_in_rate:.1%}",
        f"score {c.mean_win_score:.1f}/{f.mean_win_score:.1f} draws {r.draw_rate:.1%} {r.hands_per_second:.1f} hands/s",
        flush=True,
    )


def _variant(settings: list[str]) -> type:
    """``MasterBot`` with the class attributes ``ATTR=VALUE`` of ``settings`` set."""
    attrs = {}
    for item in settings:
        k, _, v = item.partition("=")
        if not hasattr(MasterBot, k):
            sys.exit(f"MasterBot has no attribute {k}")
        attrs[k] = ast.literal_eval(v)
    return type("Variant", (MasterBot,), attrs)


if __name__ == "__main__":
    main()
