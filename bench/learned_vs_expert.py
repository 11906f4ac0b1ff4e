"""What the learned bot does that the expert does not: its decisions beside the expert's, on the same observations.

Run by hand (not a test), from the checkout::

    .venv/bin/python bench/learned_vs_expert.py -n 300 --seed 5                 # pung-chow, the shipped weights
    .venv/bin/python bench/learned_vs_expert.py -n 300 --seed 5 --weights pc-W.npz --ruleset pung-chow

It plays ``n`` hands of the arena's table -- ``learned`` as player 1, three ``expert`` s --
and at every decision of the learned bot with a choice asks an expert bot too what it
would play on the same observation (asking changes nothing: the learned bot's action is
played). It prints how often the two differ, by kind of decision, and in which way:

* discards: the learned bot's discard leaves the hand nearer ready or farther (shanten
  after it), with more or fewer live tiles at the same distance, a tile with more or
  fewer copies in sight (a safer or a riskier tile, roughly), and what the expert's own
  measure (its expected chips, :func:`mahjongg.bots.expert.discard_value`) says the
  learned discard costs; where both discards leave the hand waiting, whose waits score
  more (the expert's value of the win);
* claim windows: the claims the learned bot makes that the expert passes, and the
  reverse, by kind of claim;
* its own turn otherwise: kongs and declarations.

Then up to ``--examples`` of the differing decisions in words, each with the game it
is in: the same hands are stored by ``mahjongg simulate --bots
learned,expert,expert,expert --seed S -n N --db run.sqlite3`` (game ``k`` is the
run's hand ``k``), and ``mahjongg replay k --db run.sqlite3`` shows that hand move by move.
"""

from __future__ import annotations

import argparse
import collections
import statistics

from mahjongg import bots
from mahjongg.bots.base import concealed_counts, unseen_counts
from mahjongg.bots.evaluation import discard_options
from mahjongg.bots.expert import discard_value
from mahjongg.notation import format_tiles
from mahjongg.simulate import simulate
from mahjongg.table.actions import ActionKind as K

ROWS: list[dict] = []


def _discard_row(obs, mine, theirs) -> dict:
    counts = concealed_counts(obs)
    unseen = unseen_counts(obs)
    declared = len(obs.melds[obs.seat])
    opts = discard_options(counts, declared, sorted({int(mine.tile), int(theirs.tile)}), unseen)
    values = {int(v.tile): v for v in discard_value(obs)}
    m, t = values.get(int(mine.tile)), values.get(int(theirs.tile))
    return {
        "shanten": (opts[int(mine.tile)][0], opts[int(theirs.tile)][0]),
        "live": (opts[int(mine.tile)][1], opts[int(theirs.tile)][1]),
        "unseen": (unseen[int(mine.tile)], unseen[int(theirs.tile)]),
        "cost": (t.ev - m.ev) if m is not None and t is not None else None,
        "win": (m.value, t.value) if m is not None and t is not None and m.shanten == t.shanten == 0 else None,
    }


def _shadowed(name: str, hand_of):
    """A factory of ``name`` bots that also ask an expert on every decision with a choice."""

    def make(seed):
        bot = bots.make_bot(name, seed)
        expert = bots.make_bot("expert", seed)
        act = bot.act

        def shadowed_act(obs, legal):
            a = act(obs, legal)
            if len(legal) > 1:
                e = expert.act(obs, legal)
                row = {"game": hand_of(), "kind": a.kind, "expert_kind": e.kind, "same": a == e,
                       "turn": obs.my_turn, "learned": a, "expert": e, "hand": format_tiles(obs.concealed),
                       "melds": " ".join(str(m) for m in obs.melds[obs.seat]), "wall": obs.drawable}
                if not row["same"] and a.kind is K.DISCARD and e.kind is K.DISCARD:
                    row |= _discard_row(obs, a, e)
                ROWS.append(row)
            return a

        bot.act = shadowed_act
        return bot

    return make


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-n", type=int, default=300, help="hands")
    ap.add_argument("--ruleset", default="pung-chow")
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--weights", help="a learned network's file (policy:FILE) instead of the shipped weights")
    ap.add_argument("--examples", type=int, default=8)
    a = ap.parse_args()
    name = f"policy:{a.weights}" if a.weights else "learned"
    done = [0]
    bots.register_bot("shadowed-learned", _shadowed(name, lambda: done[0] + 1))
    summary = simulate(a.n, ["shadowed-learned", "expert", "expert", "expert"], seed=a.seed, ruleset=a.ruleset,
                       on_hand=lambda outcome: done.__setitem__(0, done[0] + 1))
    print(f"{a.ruleset}, {a.n} hands, seed {a.seed}: {name} (player 1) and three experts; "
          f"{len(ROWS):,} decisions of the learned bot with a choice")
    turns = [r for r in ROWS if r["turn"]]
    windows = [r for r in ROWS if not r["turn"]]
    for label, rows in (("its turns", turns), ("claim windows", windows)):
        differ = [r for r in rows if not r["same"]]
        print(f"- {label}: {len(rows):,}, the expert would have played otherwise at {len(differ):,} "
              f"({100 * len(differ) / max(1, len(rows)):.1f}%)")
    both = [r for r in turns if not r["same"] and "shanten" in r]
    if both:
        nearer = sum(r["shanten"][0] < r["shanten"][1] for r in both)
        farther = sum(r["shanten"][0] > r["shanten"][1] for r in both)
        level = [r for r in both if r["shanten"][0] == r["shanten"][1]]
        more = sum(r["live"][0] > r["live"][1] for r in level)
        fewer = sum(r["live"][0] < r["live"][1] for r in level)
        safer = sum(r["unseen"][0] < r["unseen"][1] for r in both)
        riskier = sum(r["unseen"][0] > r["unseen"][1] for r in both)
        costs = [r["cost"] for r in both if r["cost"] is not None]
        print(f"  discards that differ ({len(both):,}): the learned one leaves the hand nearer ready {nearer}, "
              f"farther {farther}; at the same distance ({len(level)}) more live tiles {more}, fewer {fewer}; "
              f"a tile with fewer copies unseen (safer) {safer}, more (riskier) {riskier}")
        if costs:
            print(f"  by the expert's own measure (its discard_value; its play has rules besides) the learned discard is "
                  f"worth {statistics.mean(costs):+.2f} chips less on average than the expert's (median {statistics.median(costs):+.2f}; "
                  f"over 5 chips less at {sum(c > 5 for c in costs)}, over 5 more at {sum(c < -5 for c in costs)})")
        waits = [r["win"] for r in both if r["win"] is not None]
        if waits:
            bigger = sum(m > t for m, t in waits)
            smaller = sum(m < t for m, t in waits)
            print(f"  both waiting after it ({len(waits)}): the learned bot's waits win more chips {bigger}, fewer {smaller} "
                  f"(the expert's values: mean {statistics.mean(m for m, _ in waits):.0f} against {statistics.mean(t for _, t in waits):.0f})")
    pairs = collections.Counter((r["kind"].value, r["expert_kind"].value) for r in windows if not r["same"])
    if pairs:
        print("  claim windows that differ (learned -> expert): " + ", ".join(f"{x} / {y} {n}" for (x, y), n in pairs.most_common()))
    other = collections.Counter((r["kind"].value, r["expert_kind"].value) for r in turns if not r["same"] and "shanten" not in r)
    if other:
        print("  its turns otherwise (learned -> expert): " + ", ".join(f"{x} / {y} {n}" for (x, y), n in other.most_common()))
    print(f"the learned bot's chips a hand {summary.net[0] / a.n:+.1f} (a few hundred hands tell it from the experts' by nothing: the arena does)")
    print(f"examples (the same hands: mahjongg simulate --bots learned,expert,expert,expert --seed {a.seed} -n {a.n} "
          f"--ruleset {a.ruleset} --db run.sqlite3; mahjongg replay GAME --db run.sqlite3):")
    shown = [r for r in ROWS if not r["same"]]
    shown.sort(key=lambda r: -(r.get("cost") or 0))
    for r in shown[: a.examples]:
        what = f"game {r['game']}, wall {r['wall']}: {r['hand']}" + (f" with {r['melds']}" if r["melds"] else "")
        extra = ""
        if "shanten" in r:
            extra = (f" (shanten after {r['shanten'][0]} / {r['shanten'][1]}, live {r['live'][0]} / {r['live'][1]}"
                     + (f", the expert's measure: {r['cost']:.1f} chips less" if r["cost"] is not None else "") + ")")
        print(f"  {what}: learned {r['learned']}, expert {r['expert']}{extra}")


if __name__ == "__main__":
    main()
