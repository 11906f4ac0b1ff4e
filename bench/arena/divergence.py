"""Where a challenger's chips go against the field bot in the same seat on the same tiles (issue 40).

Run by hand, not a test. For each of ``--deals`` deals (the arena's deals and bot seeds:
:func:`mahjongg.arena.deal_seeds`, :func:`mahjongg.play.seeds.bot_seed`) it plays the
*baseline* hand once -- the field bot in every seat -- and then each rotation as the arena
does, the challenger in seat ``r``. At every decision of the challenger with more than one
legal action it also asks a *shadow*: the field bot that sat in seat ``r`` in the baseline
(same class, same seed). Bots here keep no state between decisions, so up to the first
decision where challenger and shadow disagree the two hands are the same hand, move for
move; from that decision on they differ, and the seat's chips differ by

    delta = challenger's net chips at seat r  -  the field bot's net at seat r (baseline).

A hand without a disagreement has delta 0. So the sum of the deltas is the whole of what
the challenger gained or lost, and each hand's delta is charged to its *first* divergence,
classed by what the two bots did there:

``discard, gives up a step``   both discard; the challenger's tile leaves the hand further
                               from a declarable win (the field's measure: the table's
                               procedure, else the regular shanten)
``discard, same step``         both discard different tiles at the same distance
``discard, field gives up``    the field's discard was the one giving up a step
``claims, field passes`` / ``passes, field claims`` / ``other claim``
``kong``, ``Original Call``, ``Mah-Jongg``

and by each bot's *mode* there: ``race`` (greedy's play), ``build-suit`` (a one-suit plan on
a long wall), ``build-faan`` (building for a faan minimum), ``defend`` (cautious's safe
discards), ``value`` (the expert's expected chips, its fold included). With an arena
advantage of ``A`` chips a hand and zero-sum settlement, ``A = 4/3 x`` the mean delta
(four seats).

It also counts how often the two bots decide differently at all (every challenger decision
with a choice, the shadow asked in the challenger's real position, before and after the
first divergence). Usage::

    PYTHONPATH=src nice -n 19 python bench/arena/divergence.py \\
        --challenger expert --field cautious --ruleset pung-chow --deals 150 --seed 40 \\
        --examples 3 --json /tmp/expert-cautious-pung-chow.json

prints the arena advantage of the hands played (95% bootstrap interval, as ``mahjongg
arena``), the table of classes (hands, chips summed, chips a hand, how the seat's result
moved: won / dealt in / paid another's win / drawn, baseline -> challenger), the share of
decisions that differ, and the ``--examples`` costliest hands of the costliest class with
the hand at the divergence in the project's notation (docs/notation.md).
``--pool A.json B.json`` prints the same tables for several runs taken as one (their deals
numbered on), playing nothing. Only a field of one bot (it fills the three other seats).
``--challenger expert-distance``: the expert with its discards ranked by distance first where
it sees no chance of a win (:class:`DistanceFirst`), a screen of one cause found.
The runs of docs/bots.md, "Rungs that do not hold (issue 40)": ``bench/arena/divergence.sh``.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections import Counter, defaultdict

from mahjongg.arena import bootstrap_interval, check_arena, deal_seeds
from mahjongg.bots import make_bot, register_bot
from mahjongg.bots.base import Bot, concealed_counts, unseen_counts
from mahjongg.bots.evaluation import discard_shanten
from mahjongg.bots.expert import ExpertBot
from mahjongg.bots.master import distance_first
from mahjongg.errors import MahjonggError
from mahjongg.play.config import MatchConfig
from mahjongg.play.seeds import bot_seed
from mahjongg.play.session import Session, rotation
from mahjongg.table import Match
from mahjongg.table.actions import ADD_KONG, CONCEALED_KONG, DISCARD, KONG, MAHJONGG, ORIGINAL_CALL, PASS
from mahjongg.table.phase import Phase


def _now(bot, obs, candidates):
    """``{tile: shanten}`` of each discard by ``bot``'s measure (the table's procedure where
    it has one), and the least of them."""
    counts = concealed_counts(obs)
    declared = len(obs.melds[obs.seat])
    options = bot.procedure(obs) if hasattr(bot, "procedure") else None
    if options is None:
        scored = discard_shanten(counts, declared, candidates)
    else:
        scored = {t: v[0] for t, v in options(counts, declared, candidates, unseen_counts(obs)).items()}
    return scored, min(scored.values())


def mode(bot, obs, legal) -> str:
    """What part of ``bot`` plays this decision: race, build-suit, build-faan, defend, value."""
    if bot.name == "greedy" or not hasattr(bot, "mode"):
        return "race"
    if obs.phase == Phase.CLAIMS:
        now = bot.shanten_now(obs, concealed_counts(obs), len(obs.melds[obs.seat]))
    else:
        candidates = [a.tile for a in legal if a.kind is DISCARD]
        if not candidates:
            return "race"
        now = _now(bot, obs, candidates)[1]
    m = bot.mode(obs, now)
    if bot.name.startswith("expert") and not (now >= 2 and m == "build"):
        return "value"  # the expert's own ranking (its fold included)
    if m == "build":
        return "build-suit" if bot.plan_suit(obs) is not None else "build-faan"
    return m


def classify(field_bot, obs, legal, a, b) -> str:
    """The class of a divergence: the challenger played ``a``, the field bot ``b``."""
    kinds = {a.kind, b.kind}
    if MAHJONGG in kinds:
        return "Mah-Jongg"
    if ORIGINAL_CALL in kinds:
        return "Original Call"
    if kinds & {KONG, CONCEALED_KONG, ADD_KONG}:
        return "kong"
    if obs.phase == Phase.CLAIMS:
        if a.kind is PASS:
            return "passes, field claims"
        if b.kind is PASS:
            return "claims, field passes"
        return "other claim"
    if a.kind is DISCARD and b.kind is DISCARD:
        scored, _ = _now(field_bot, obs, [x.tile for x in legal if x.kind is DISCARD])
        d = scored[a.tile] - scored[b.tile]
        return "discard, gives up a step" if d > 0 else "discard, same step" if d == 0 else "discard, field gives up"
    return f"{a.kind.value} vs {b.kind.value}"


class DistanceFirst(ExpertBot):
    """``expert-distance``: the expert, but on a turn where none of its nearest discards has any
    chance of a win by its own measure (:func:`~mahjongg.bots.expert.win_chance` 0), its discards
    ranked by the distance first (shanten), then by its expected chips: a step is not given up
    for risk it cannot weigh against a chance. A screen of docs/bots.md's point 1, not a bot of
    the ladder (registered only by this script)."""

    name = "expert-distance"

    def rank_discards(self, obs, candidates, defence=None):
        # master's rule (MasterBot.NO_CHANCE_MARGIN) with no margin: whatever the risk
        return distance_first(super().rank_discards(obs, candidates, defence), math.inf)


def _ranked(bot, obs, legal) -> list:
    """The expert's own measure of each discard in turn (:func:`mahjongg.bots.expert.discard_value`,
    best first), or ``[]``: a bot without one, a claim window, a bonus tile held back."""
    if not hasattr(bot, "rank_discards") or obs.phase == Phase.CLAIMS or obs.hidden:
        return []
    tiles = [x.tile for x in legal if x.kind is DISCARD]
    return bot.rank_discards(obs, tiles) if tiles else []


def _values(ranked: list, a, b) -> dict | None:
    """The two discards of a divergence by the expert's measure (``ranked``): ``{tile: [shanten,
    chance, value, risk, ev]}`` (risk net of a loser's score of the hand kept, where losers
    settle among themselves), else ``None``."""
    if not ranked:
        return None
    by_tile = {v.tile: v for v in ranked}
    out = {}
    for x in (a, b):
        v = by_tile.get(getattr(x, "tile", None))
        if v is not None and x.kind in (DISCARD, ORIGINAL_CALL):
            out[str(v.tile)] = [v.shanten, round(v.chance, 4), round(v.value, 1), round(v.risk, 2), round(v.ev, 2)]
    return out


class Watched(Bot):
    """The challenger, with the field bot of its seat asked the same question beside it."""

    def __init__(self, bot, shadow) -> None:
        super().__init__(bot.seed)
        self.bot, self.shadow, self.name = bot, shadow, bot.name
        self.decisions = 0
        self.differ = Counter()  # by phase
        self.asked = Counter()
        self.first = None

    def act(self, obs, legal):
        a = self.bot.act(obs, legal)
        if len(legal) > 1:
            b = self.shadow.act(obs, legal)
            phase = "claims" if obs.phase == Phase.CLAIMS else "turn"
            self.asked[phase] += 1
            ranked = _ranked(self.bot, obs, legal)
            if ranked:
                # the challenger's own measure sees no chance of a win after any discard that keeps
                # the hand nearest: a step of progress is worth nothing to it
                best = min(v.shanten for v in ranked)
                self.asked["turn, valued"] += 1
                self.asked["turn, no chance"] += all(v.chance == 0 for v in ranked if v.shanten == best)
            if a != b:
                self.differ[phase] += 1
                values = _values(ranked, a, b)
                if _no_chance({"values": values}):
                    self.differ["turn, both discards no chance"] += 1
                if self.first is None:
                    self.first = {
                        "decision": self.decisions,
                        "class": classify(self.shadow, obs, legal, a, b),
                        "modes": f"{mode(self.bot, obs, legal)}/{mode(self.shadow, obs, legal)}",
                        "hand": str(obs.hand),
                        "drawable": obs.drawable,
                        "offered": None if obs.phase != Phase.CLAIMS else str(obs.last_discard),
                        "challenger": str(a),
                        "field": str(b),
                        "values": values,
                    }
            self.decisions += 1
        return a


def play(names, ruleset, deal, seed, run_seed, given=None):
    """One hand of deal ``deal`` (dealt from ``seed``), player ``p`` at wind ``p`` (the arena's
    :func:`~mahjongg.play.session.one_hand`), with bot objects ``given`` for some players."""
    config = MatchConfig(ruleset, {}, 1, None, names, names, run_seed)
    n = len(names)
    match = Match(config.ruleset_value(), config.seed, n, hands=1, seating=rotation(n, 0))
    session = Session(config, match=match, deal_seed=seed, hand_index=deal, bots=given or {})
    session.run_bots(limit=None)
    return session.game


def outcome(game, seat: int) -> str:
    r = game.result
    if r.winner is None:
        return "drawn"
    if int(r.winner) == seat:
        return "won"
    if r.discarder is not None and int(r.discarder) == seat:
        return "dealt in"
    return "paid"


def summary(game, seat: int) -> dict:
    r = game.result
    seats = game.seats
    w = r.winner
    return {
        "net": r.net.get(seats[seat], 0),
        "outcome": outcome(game, seat),
        "winner": None if w is None else int(w),
        "winning_hand": None if w is None else str(r.hands[w]),
        "score": None if w is None else r.scores[w].score,
        "own_hand": str(r.hands[seats[seat]]),
    }


def run(challenger: str, field: str, ruleset: str, deals: int, seed: int, progress=None) -> dict:
    hands, per_deal = [], []
    asked, differ = Counter(), Counter()
    for d, deal_seed in enumerate(deal_seeds(seed, deals)):
        base_names = (field,) * 4
        base = play(base_names, ruleset, d, deal_seed, seed)
        adv = 0.0
        for r in range(4):
            names = list(base_names)
            names[r] = challenger
            s = bot_seed(seed, d, r)
            w = Watched(make_bot(challenger, s), make_bot(field, s))
            g = play(tuple(names), ruleset, d, deal_seed, seed, {r: w})
            asked.update(w.asked)
            differ.update(w.differ)
            mine, theirs = summary(g, r), summary(base, r)
            net = [g.result.net.get(x, 0) for x in g.seats]
            adv += net[r] - (sum(net) - net[r]) / 3
            hands.append({
                "deal": d, "seed": deal_seed, "seat": r, "delta": mine["net"] - theirs["net"],
                "first": w.first, "challenger": mine, "field": theirs,
                "decisions": w.decisions, "differ": sum(w.differ.values()),
            })
        per_deal.append(adv / 4)
        if progress:
            progress(d + 1, deals)
    lo, hi = bootstrap_interval(per_deal, seed)
    return {
        "challenger": challenger, "field": field, "ruleset": ruleset, "deals": deals, "seed": seed,
        "advantage": sum(per_deal) / len(per_deal), "ci95": [lo, hi], "per_deal": per_deal,
        "asked": dict(asked), "differ": dict(differ), "hands": hands,
    }


def _no_chance(first: dict) -> bool:
    """Whether the challenger valued both discards of a first divergence at no chance of winning."""
    v = first.get("values") or {}
    return len(v) == 2 and all(x[1] == 0 for x in v.values())


def pool(runs: list[dict]) -> dict:
    """Several runs' records (``--json``) of one challenger, field and ruleset as one run of
    all their deals (numbered on; the interval's bootstrap seeded by the first run's seed)."""
    first = runs[0]
    key = ("challenger", "field", "ruleset")
    if any(tuple(r[k] for k in key) != tuple(first[k] for k in key) for r in runs):
        raise SystemExit("--pool: the runs must share challenger, field and ruleset")
    hands, per_deal, asked, differ = [], [], Counter(), Counter()
    for r in runs:
        off = len(per_deal)
        hands += [dict(h, deal=h["deal"] + off) for h in r["hands"]]
        per_deal += r["per_deal"]
        asked.update(r["asked"])
        differ.update(r["differ"])
    lo, hi = bootstrap_interval(per_deal, first["seed"])
    seeds = "+".join(str(r["seed"]) for r in runs)
    return dict(first, deals=len(per_deal), seed=first["seed"], seeds=seeds, advantage=sum(per_deal) / len(per_deal),
                ci95=[lo, hi], per_deal=per_deal, asked=dict(asked), differ=dict(differ), hands=hands)


def _share_interval(hands: list, deals: int, seed: int) -> tuple[float, float]:
    """The 95% bootstrap interval (over deals, as the arena's) of what ``hands`` -- a class of
    them -- add to the mean delta of all hands: their chips summed per deal over the deal's
    rotations (4), resampled."""
    per_deal = [0.0] * deals
    for h in hands:
        per_deal[h["deal"]] += h["delta"] / 4
    return bootstrap_interval(per_deal, seed)


def tables(res: dict, examples: int = 0) -> str:
    hands = res["hands"]
    n = len(hands)
    out = [
        f"{res['challenger']} vs {res['field']} x3, {res['ruleset']}, {res['deals']} deals, seed {res.get('seeds', res['seed'])}: "
        f"advantage {res['advantage']:+.2f} [{res['ci95'][0]:+.2f}, {res['ci95'][1]:+.2f}] chips a hand; "
        f"mean delta {sum(h['delta'] for h in hands) / n:+.2f} a hand ({n} hands)"
    ]
    asked, differ = res["asked"], res["differ"]
    parts = [f"{k} {differ.get(k, 0)}/{asked.get(k, 0)} ({differ.get(k, 0) / max(1, asked.get(k, 0)):.1%})" for k in ("turn", "claims")]
    same = sum(1 for h in hands if h["first"] is None)
    out.append(f"decisions that differ: {', '.join(parts)}; hands played alike throughout: {same}/{n} ({same / n:.1%})")
    if asked.get("turn, valued"):
        out.append(
            f"  {res['challenger']}'s turns where no discard nearest a win has any chance by its own measure "
            f"(win_chance 0): {asked['turn, no chance']}/{asked['turn, valued']} "
            f"({asked['turn, no chance'] / asked['turn, valued']:.1%})"
        )
    zero = differ.get("turn, both discards no chance", 0)
    if zero:
        out.append(f"  of the discards that differ, both valued at no chance of winning by {res['challenger']}: {zero}/{differ.get('turn', 0)}")
    valued = [h for h in hands if h["first"] and h["first"].get("values")]
    blind = [h for h in valued if _no_chance(h["first"])]
    if valued:
        out.append(
            f"  first divergences in turn with both discards at no chance: {len(blind)}/{len(valued)} hands, "
            f"{sum(h['delta'] for h in blind):+d} chips (the other {len(valued) - len(blind)}: "
            f"{sum(h['delta'] for h in valued if not _no_chance(h['first'])):+d})"
        )
    for key, title in (("class", "first divergence"), ("modes", "modes (challenger/field)")):
        rows = defaultdict(list)
        for h in hands:
            rows["(none)" if h["first"] is None else h["first"][key]].append(h)
        out.append(f"\n{title:34s} hands   chips  a hand  of all hands [95%]  won b->c  dealt-in b->c  drawn b->c")
        for k, hs in sorted(rows.items(), key=lambda kv: sum(h["delta"] for h in kv[1])):
            tot = sum(h["delta"] for h in hs)
            cnt = lambda side, o: sum(1 for h in hs if h[side]["outcome"] == o)  # noqa: E731
            lo, hi = _share_interval(hs, res["deals"], res["seed"])
            out.append(
                f"{k:34s} {len(hs):5d} {tot:+7d} {tot / len(hs):+7.1f}  {tot / n:+6.2f} [{lo:+.2f}, {hi:+.2f}]"
                f"  {cnt('field', 'won'):4d}->{cnt('challenger', 'won'):<4d}"
                f"  {cnt('field', 'dealt in'):6d}->{cnt('challenger', 'dealt in'):<6d}"
                f"  {cnt('field', 'drawn'):4d}->{cnt('challenger', 'drawn'):<4d}"
            )
    if examples:
        by_class = defaultdict(int)
        for h in hands:
            if h["first"] is not None:
                by_class[h["first"]["class"]] += h["delta"]
        worst = min(by_class, key=by_class.get)
        out.append(f"\ncostliest hands of the costliest class ({worst}):")
        picked = sorted((h for h in hands if h["first"] and h["first"]["class"] == worst), key=lambda h: h["delta"])
        for h in picked[:examples]:
            f, c, b = h["first"], h["challenger"], h["field"]
            where = f"offered {f['offered']}" if f["offered"] else "in turn"
            out.append(
                f"  deal {h['deal']} (seed {h['seed']}), seat {h['seat']}, delta {h['delta']:+d}: "
                f"holding {f['hand']} ({where}, {f['drawable']} to draw, modes {f['modes']}): "
                f"{res['challenger']} {f['challenger']}, {res['field']} {f['field']}"
                + (f" ({res['challenger']}'s [shanten, chance, value, risk, ev]: {f['values']})" if f.get("values") else "")
                + ".\n"
                f"    {res['challenger']}: {c['outcome']} {c['net']:+d} (winner {c['winner']}: {c['winning_hand']}, {c['score']}); "
                f"own {c['own_hand']}\n"
                f"    {res['field']}: {b['outcome']} {b['net']:+d} (winner {b['winner']}: {b['winning_hand']}, {b['score']}); "
                f"own {b['own_hand']}"
            )
    return "\n".join(out)


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--challenger", default="expert", help="a bot's name, or expert-distance (DistanceFirst)")
    p.add_argument("--field", default="cautious", help="one bot: it fills the other three seats")
    p.add_argument("--ruleset", default="pung-chow")
    p.add_argument("--deals", type=int, default=100)
    p.add_argument("--seed", type=int, default=40)
    p.add_argument("--examples", type=int, default=3, help="the costliest hands of the costliest class to print")
    p.add_argument("--json", default=None, help="write every hand's record here")
    p.add_argument("--pool", nargs="+", metavar="JSON", help="print the tables of runs written by --json, pooled (plays nothing)")
    a = p.parse_args(argv)
    register_bot(DistanceFirst.name, DistanceFirst)
    if a.pool:
        runs = []
        for name in a.pool:
            try:
                with open(name) as f:
                    runs.append(json.load(f))
            except (OSError, ValueError) as exc:
                sys.exit(f"--pool: cannot read {name}: {exc}")
        print(tables(pool(runs), a.examples), flush=True)
        return
    try:  # the names, the ruleset and --deals checked as the arena checks them
        check_arena(a.challenger, (a.field,), deals=a.deals, ruleset=a.ruleset, workers=1)
    except MahjonggError as exc:
        sys.exit(str(exc))

    def progress(done, total):
        if done % 25 == 0 or done == total:
            print(f"  {done}/{total} deals", file=sys.stderr, flush=True)

    res = run(a.challenger, a.field, a.ruleset, a.deals, a.seed, progress)
    if a.json:
        with open(a.json, "w") as f:
            json.dump(res, f)
    print(tables(res, a.examples), flush=True)


if __name__ == "__main__":
    main()
