"""Self-play improvement of the learned bot's network: policy gradient on duplicate deals.

The step after imitation (:mod:`.imitation`; issue 41, "Improvement"). The
network plays one seat against a field of three bots (``master`` by default),
choosing by sampling its own policy (the softmax of its scores over the legal
actions, at ``temperature``); each deal is played four times, the network in
each seat in turn, and once more by the field alone -- **the duplicate
baseline**: the network's chips in a seat less what the field's own bot won in
that seat of the same deal. So the luck of the deal cancels, and what is left
credits the network's own choices. Each batch of deals is one step of

    loss = -mean(advantage * log pi(action)) + kl * KL(pi_start || pi) + value_weight * (value - chips)^2

over the network's decisions (two legal actions or more): REINFORCE with the
duplicate result as baseline (the advantages divided by their batch's
standard deviation), a pull towards the imitation policy it started from (so
that a noisy batch cannot undo what imitation taught), and the value head kept
trained on the chips. The curve it logs -- the network's chips a hand over the
field's bot in its seat on the same deals, with a 95% interval -- is its margin
against that bot as the arena measures it (on the training deals).

PyTorch for the gradient steps (the ``train`` extra); the hands are played by
the NumPy network (:class:`mahjongg.bots.learned.LearnedNet`), its weights
copied from PyTorch after each step. The result is a weights file the
``learned`` bot (or ``policy:FILE``) plays.
"""

from __future__ import annotations

import math
import time
from pathlib import Path

import numpy as np

from ..bots import BOTS, Bot, make_bot, register_bot
from ..bots.learned import VALUE_SCALE, LearnedError, LearnedNet, legal_scores, load_net, save_weights
from ..simulate import iter_hand_seeds, play_hand
from .imitation import TrainError, _torch, torch_net

__all__ = ["improve"]


class _Sampler(Bot):
    """The network in one seat, sampling its policy and keeping each decision with a choice."""

    name = "learned-sampling"

    def __init__(self, net: LearnedNet, rng: np.random.Generator, temperature: float, sink: list) -> None:
        super().__init__(None)
        self.net, self.rng, self.temperature, self.sink = net, rng, temperature, sink

    def act(self, observation, legal):
        if len(legal) == 1:
            return legal[0]
        x, by_index, idx, scores = legal_scores(self.net, observation, legal)
        z = scores / self.temperature
        p = np.exp(z - z.max())
        p /= p.sum()
        j = int(self.rng.choice(len(idx), p=p))
        mask = np.zeros(len(self.net.table), dtype=bool)
        mask[idx] = True
        self.sink.append((x, mask, int(idx[j])))
        return by_index[int(idx[j])]


def improve(
    init: str | Path,
    out: str | Path,
    deals: int = 200,
    seed: int = 0,
    field: str = "master",
    batch: int = 8,
    lr: float = 1e-4,
    kl: float = 0.1,
    temperature: float = 1.0,
    value_weight: float = 0.1,
    threads: int = 1,
    max_seconds: float | None = None,
    log=None,
) -> dict:
    """Improve the network in ``init`` (a weights file, e.g. the one :func:`~.imitation.fit` wrote) by
    policy gradient on ``deals`` duplicate deals of the run seeded ``seed`` (the hands ``mahjongg
    simulate --seed SEED`` deals) against three ``field`` bots, ``batch`` deals a step (see the
    module's docs); write the weights to ``out`` and return a report: the deals and steps done, the
    network's advantage over the field's bot on those deals (chips a hand, mean and 95% interval, over
    all deals and over the last quarter), the curve (one point a step: deals done, the step's mean
    advantage), the time. ``log(line)`` is called after each step. :class:`TrainError` for bad
    arguments or a file that is not a learned network's."""
    torch = _torch()
    if deals < 1 or batch < 1:
        raise TrainError(f"deals and batch: at least 1, not {deals} and {batch}")
    if temperature <= 0 or lr <= 0 or kl < 0:
        raise TrainError("temperature and lr must be above 0, kl at least 0")
    make_bot(field, 0)  # an unknown field bot is refused before a hand is played
    torch.set_num_threads(threads)
    torch.manual_seed(seed)
    try:
        start_net = load_net(init)
    except (LearnedError, KeyError, ValueError) as e:  # a file that is not a learned network's: one line
        raise TrainError(str(e) if str(init) in str(e) else f"{init}: {e}") from None
    table = start_net.table
    ruleset = table.ruleset
    header = start_net.header
    channels, blocks = int(header["channels"]), int(header["blocks"])
    net = torch_net(table, channels, blocks, seed, start_net.lookahead)
    ref = torch_net(table, channels, blocks, seed, start_net.lookahead)
    with torch.no_grad():
        for name, v in start_net.w.items():
            net.p[name.replace(".", "_")].copy_(torch.from_numpy(v))
            ref.p[name.replace(".", "_")].copy_(torch.from_numpy(v))
    ref.eval()
    opt = torch.optim.Adam(net.parameters(), lr=lr)
    player = LearnedNet(dict(start_net.w), dict(header), table)
    rng = np.random.default_rng(seed)
    sink: list = []
    name = "learned-sampling"
    register_bot(name, lambda s: _Sampler(player, rng, temperature, sink))
    advantages, curve = [], []
    steps, start = 0, time.perf_counter()
    stopped = False
    seeds = iter_hand_seeds(seed, deals)
    try:
        for b0 in range(0, deals, batch):
            xs, masks, acts, adv, chips = [], [], [], [], []
            batch_adv = []
            for i in range(b0, min(deals, b0 + batch)):
                s = next(seeds)
                base = play_hand((field,) * 4, s, index=i, ruleset=ruleset, run_seed=seed).net
                deal_adv = []
                for k in range(4):
                    bots = [field] * 4
                    bots[k] = name
                    sink.clear()
                    got = play_hand(bots, s, index=i, ruleset=ruleset, run_seed=seed).net[k]
                    a = float(got - base[k])
                    deal_adv.append(a)
                    for x, m, act in sink:
                        xs.append(x)
                        masks.append(m)
                        acts.append(act)
                        adv.append(a)
                        chips.append(float(got))
                advantages.append(sum(deal_adv) / 4)
                batch_adv.append(sum(deal_adv) / 4)
            if xs:
                x = torch.from_numpy(np.stack(xs).astype(np.float32))
                m = torch.from_numpy(np.stack(masks))
                y = torch.from_numpy(np.asarray(acts, dtype=np.int64))
                a = np.asarray(adv, dtype=np.float32)
                a = a / (a.std() + 1e-6) if len(a) > 1 and a.std() > 0 else a * 0
                net.train()
                logits, value = net(x)
                # the policy it sampled: the softmax of its scores / temperature over the legal actions
                logp = torch.log_softmax(logits.masked_fill(~m, -1e9) / temperature, dim=1)
                with torch.no_grad():
                    ref_logits, _ = ref(x)
                    ref_logp = torch.log_softmax(ref_logits.masked_fill(~m, -1e9) / temperature, dim=1)
                    ref_p = ref_logp.exp()
                policy = -(torch.from_numpy(a) * logp.gather(1, y[:, None])[:, 0]).mean()
                kl_term = (ref_p * (ref_logp - logp)).masked_fill(~m, 0.0).sum(dim=1).mean()
                v = torch.from_numpy(np.clip(np.asarray(chips, dtype=np.float32) / VALUE_SCALE, -5, 5))
                loss = policy + kl * kl_term + value_weight * torch.nn.functional.mse_loss(value, v)
                opt.zero_grad()
                loss.backward()
                opt.step()
                steps += 1
                with torch.no_grad():
                    for k2, w in net.weights().items():
                        player.w[k2][...] = w
            point = {"deals": min(deals, b0 + batch), "advantage": round(sum(batch_adv) / len(batch_adv), 2)}
            curve.append(point)
            if log is not None:
                lo, mean, hi = _interval(advantages)
                log(f"deals {point['deals']}: step's advantage {point['advantage']:+.1f}, all so far {mean:+.1f} [{lo:+.1f}, {hi:+.1f}],"
                    f" {time.perf_counter() - start:.0f} s")
            if max_seconds is not None and time.perf_counter() - start > max_seconds:
                stopped = True
                break
    finally:
        BOTS.pop(name, None)
    seconds = time.perf_counter() - start
    lo, mean, hi = _interval(advantages)
    last = advantages[-max(1, len(advantages) // 4):]
    llo, lmean, lhi = _interval(last)
    report = {"ruleset": ruleset, "field": field, "seed": seed, "deals": len(advantages), "steps": steps, "stopped_early": stopped,
              "advantage": [round(mean, 2), round(lo, 2), round(hi, 2)], "advantage_last_quarter": [round(lmean, 2), round(llo, 2), round(lhi, 2)],
              "curve": curve, "seconds": round(seconds, 1), "lr": lr, "kl": kl, "temperature": temperature, "batch": batch}
    new_header = dict(header, improved={k: report[k] for k in report if k != "curve"}, init=str(Path(init).name))
    save_weights(out, net.weights(), new_header)
    return report


def _interval(xs) -> tuple[float, float, float]:
    """``(low, mean, high)``: the mean of ``xs`` and its 95% interval (normal, 1.96 standard errors)."""
    n = len(xs)
    if n == 0:
        return (math.nan, math.nan, math.nan)
    mean = sum(xs) / n
    if n < 2:
        return (mean, mean, mean)
    sd = (sum((x - mean) ** 2 for x in xs) / (n - 1)) ** 0.5
    h = 1.96 * sd / n**0.5
    return (mean - h, mean, mean + h)
