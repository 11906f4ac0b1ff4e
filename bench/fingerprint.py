"""Fingerprints of seeded hands, to show a speed change changes no behaviour.

Run by hand (not a test)::

    python bench/fingerprint.py record before.json [-n 25]   # on the code before the change
    python bench/fingerprint.py record after.json            # on the code after it
    python bench/fingerprint.py compare before.json after.json

For every ruleset and four bot mixes (random, greedy, cautious/greedy/random/greedy,
and three players random/greedy/random), ``n`` hands each, and two mixes of the
slower bots (master/expert/greedy/expert, expert/master/cautious/master),
``n // 5`` hands each (at least one), a hash of: every action
chosen, the whole event log, the result (its dict, every score and the net
payments) and, on every third hand, every seat's observation and legal actions at
every step. ``compare`` lists the hands whose fingerprints differ (none: the same
games, decision for decision).

``record --log-version N`` has every hand write its event log in format version N
(docs/notation.md, "Event logs"): fingerprints of code from before a change of the
log's version compare with those of code after it recorded with the older version.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys

from mahjongg.bots import make_bot
from mahjongg.rules import RULESETS, get_ruleset
from mahjongg.table import Game
from mahjongg.table.events import LOG_VERSION
from mahjongg.tiles import Wind

MIXES = (("random",) * 4, ("greedy",) * 4, ("cautious", "greedy", "random", "greedy"), ("random", "greedy", "random"))
SLOW_MIXES = (("master", "expert", "greedy", "expert"), ("expert", "master", "cautious", "master"))
"""Mixes of the bots that score every wait (a fifth of the hands: they decide slowly)."""


def fingerprint(ruleset: str, bots: tuple[str, ...], seed: int, index: int, deep: bool, log_version: int = LOG_VERSION) -> str:
    """The hash of one hand (see the module docs); ``deep``: observations and legal actions too."""
    n = len(bots)
    game = Game(get_ruleset(ruleset), seed, n, log_version=log_version)
    players = [make_bot(b, (seed << 3) | p) for p, b in enumerate(bots)]
    by_seat = {Wind((p - index) % n): players[p] for p in range(n)}
    h = hashlib.sha256()
    while not game.is_over:
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        obs = game.observation(seat)
        if deep:
            h.update((json.dumps(obs.to_dict(), sort_keys=True) + repr(obs.discard_history) + repr(obs.hidden)).encode())
            for s in game.seats:
                h.update(repr(game.legal_actions(s)).encode())
        action = by_seat[seat].act(obs, legal)
        h.update(str(action).encode())
        game.apply(action)
    h.update(json.dumps(game.events, sort_keys=True, default=str).encode())
    r = game.result
    h.update(json.dumps(r.to_dict(), sort_keys=True, default=str).encode())
    h.update(repr(sorted((s.letter, sc.score) for s, sc in r.scores.items())).encode())
    h.update(repr(sorted((s.letter, v) for s, v in r.net.items())).encode())
    return h.hexdigest()[:16]


def record(n: int, log_version: int = LOG_VERSION) -> dict[str, str]:
    out = {}
    for ruleset in sorted(RULESETS):
        for bots in MIXES + SLOW_MIXES:
            for i in range(n if bots in MIXES else max(1, n // 5)):
                seed = 7919 * i + 13
                out[f"{ruleset}/{','.join(bots)}/{seed}"] = fingerprint(ruleset, bots, seed, i, deep=i % 3 == 0, log_version=log_version)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    rec = sub.add_parser("record", help="fingerprint the seeded hands into a JSON file")
    rec.add_argument("out")
    rec.add_argument("-n", type=int, default=25, help="hands per ruleset and bot mix")
    rec.add_argument("--log-version", type=int, default=LOG_VERSION, help="the event logs' format version (default: the current)")
    cmp_ = sub.add_parser("compare", help="list the hands whose fingerprints differ")
    cmp_.add_argument("before")
    cmp_.add_argument("after")
    args = ap.parse_args()
    try:
        if args.command == "record":
            prints = record(args.n, args.log_version)
            with open(args.out, "w") as f:
                json.dump(prints, f, indent=0)
            print(f"{len(prints)} hands fingerprinted into {args.out}")
            return 0
        with open(args.before) as f:
            a = json.load(f)
        with open(args.after) as f:
            b = json.load(f)
    except (OSError, ValueError) as e:
        print(f"fingerprint: {e}", file=sys.stderr)
        return 2
    differ = sorted(k for k in a.keys() & b.keys() if a[k] != b[k])
    print(f"{len(a.keys() & b.keys())} hands compared, {len(differ)} differ")
    for k in differ:
        print("  ", k)
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
