"""Train the ``learned`` bot: record the master's decisions in self-play, then fit the network on them.

One command per step (docs/rl.md, "The learned bot", has the times measured)::

    python examples/imitate_master.py record --ruleset pung-chow --hands 2000 --seed 1 --out pc-1.npz
    python examples/imitate_master.py fit pc-1.npz pc-2.npz --epochs 6 --soft-weight 0.7 --out learned-pung-chow.npz
    python examples/imitate_master.py improve learned-pung-chow.npz --deals 2000 --out improved.npz   # self-play, optional
    mahjongg arena --challenger policy:improved.npz --field expert   # then copy it to src/mahjongg/bots/weights/

``record`` needs NumPy (the ``rl`` extra); ``fit`` and ``improve`` need PyTorch too (the
``train`` extra, CPU wheel: see docs/rl.md). Then ``mahjongg arena
--challenger learned --field expert`` measures it. Run several ``record``
commands at once with other seeds to use more cores; with ``--chunk N`` a
recording is saved every N hands (``OUT.part0``, ``OUT.part1`` ...: ``fit`` takes
them all).
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from mahjongg.bots.learned import LOOKAHEAD, WIN_VALUES
from mahjongg.errors import MahjonggError
from mahjongg.rl.imitation import fit, load_decisions, record, save_decisions


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="step", required=True)
    r = sub.add_parser("record", help="play hands of four masters and record their decisions")
    r.add_argument("--ruleset", default="pung-chow")
    r.add_argument("--hands", type=int, default=1000)
    r.add_argument("--seed", type=int, default=1)
    r.add_argument("--teacher", default="master", help="the bot imitated (any bot name)")
    r.add_argument("--student", default=None, help="the bot that plays while the teacher is asked (DAgger), e.g. learned")
    r.add_argument("--out", required=True, help="the recording (.npz)")
    r.add_argument("--chunk", type=int, default=None, help="save every N hands to OUT's name + .partK (a long run keeps what it played)")
    f = sub.add_parser("fit", help="train the network on recordings and write its weights")
    f.add_argument("recordings", nargs="+")
    f.add_argument("--out", required=True, help="the weights (.npz), e.g. src/mahjongg/bots/weights/learned-RULESET.npz")
    f.add_argument("--epochs", type=int, default=6)
    f.add_argument("--channels", type=int, default=48)
    f.add_argument("--blocks", type=int, default=1)
    f.add_argument("--holdout", type=float, default=0.1, help="share of the hands held out (the last ones)")
    f.add_argument("--seed", type=int, default=0)
    f.add_argument("--max-seconds", type=float, default=None, help="stop training after this long")
    f.add_argument("--init", default=None, help="weights to start from (a second round)")
    f.add_argument("--lr", type=float, default=2e-3)
    f.add_argument("--soft-weight", type=float, default=0.0,
                   help="share of the loss taught from the teacher's values of its discards (0-1; docs/rl.md, 'The learned bot')")
    f.add_argument("--temperature", type=float, default=1.0, help="chips: the soft targets are softmax(values / temperature)")
    f.add_argument("--regret-weight", type=float, default=0.0,
                   help="weight of the expected regret by the teacher's values (cost-sensitive; docs/rl.md)")
    f.add_argument("--threads", type=int, default=1, help="PyTorch threads")
    f.add_argument("--lookahead", action="store_true",
                   help="the network also reads each discard's shanten and live tiles (started from --init weights without them: at 0)")
    f.add_argument("--win-values", action="store_true",
                   help="--lookahead and what each discard's likely win is worth and its chance (the real scorer's)")
    i = sub.add_parser("improve", help="self-play policy gradient on duplicate deals from trained weights")
    i.add_argument("init", help="the weights to start from (fit's output)")
    i.add_argument("--out", required=True, help="the improved weights (.npz)")
    i.add_argument("--deals", type=int, default=200)
    i.add_argument("--seed", type=int, default=1)
    i.add_argument("--field", default="master", help="the three bots it plays against (and whose result in its seat is the baseline)")
    i.add_argument("--batch", type=int, default=8, help="deals a gradient step")
    i.add_argument("--lr", type=float, default=1e-4)
    i.add_argument("--kl", type=float, default=0.1, help="weight of the pull towards the starting policy")
    i.add_argument("--temperature", type=float, default=1.0, help="of the policy it samples while it plays")
    i.add_argument("--threads", type=int, default=1)
    i.add_argument("--max-seconds", type=float, default=None)
    a = ap.parse_args(argv)
    try:
        start = time.perf_counter()
        if a.step == "record":
            chunk = a.chunk or a.hands
            for k, first in enumerate(range(0, a.hands, chunk)):
                d = record(a.ruleset, hands=min(chunk, a.hands - first), seed=a.seed, teacher=a.teacher, first=first, student=a.student)
                save_decisions(d, a.out if chunk == a.hands else f"{a.out}.part{k}")
                print(json.dumps({"decisions": len(d), **d.info, "wall_seconds": round(time.perf_counter() - start, 1)}), flush=True)
        elif a.step == "improve":
            from mahjongg.rl.selfplay import improve

            report = improve(
                a.init, a.out, deals=a.deals, seed=a.seed, field=a.field, batch=a.batch, lr=a.lr, kl=a.kl,
                temperature=a.temperature, threads=a.threads, max_seconds=a.max_seconds, log=lambda s: print(s, file=sys.stderr),
            )
            print(json.dumps(report))
        else:
            report = fit(
                load_decisions(a.recordings), a.out, epochs=a.epochs, channels=a.channels, blocks=a.blocks,
                holdout=a.holdout, seed=a.seed, max_seconds=a.max_seconds, log=lambda s: print(s, file=sys.stderr),
                init=a.init, lr=a.lr, soft_weight=a.soft_weight, temperature=a.temperature, threads=a.threads,
                regret_weight=a.regret_weight, lookahead=LOOKAHEAD + WIN_VALUES if a.win_values else (LOOKAHEAD if a.lookahead else 0),
            )
            print(json.dumps(report))
    except MahjonggError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
