"""Imitation learning: record a teacher bot's decisions in self-play, train the ``learned`` bot's network on them.

Two steps, each one call (and one command of ``examples/imitate_master.py``):

1. :func:`record` plays ``hands`` hands of four ``teacher`` bots (``master``
   by default) through :func:`mahjongg.simulate.play_hand` -- the hands
   ``mahjongg simulate --bots master,master,master,master --seed S`` plays --
   and keeps every decision a seat had a choice in (two legal actions or
   more): the seat's planes (:func:`mahjongg.features.encoding.encode`, what
   the RL envs show), its legal mask over the action table, the teacher's
   action, and the chips the seat won or paid at the hand's end (the value
   target). Saved as one compressed ``.npz`` (:func:`save_decisions`; the
   planes quantised to ``uint8`` steps of 1/252, exact for the planes that
   count copies (1/4) and tiles held (1/14)).
2. :func:`fit` trains :class:`TorchNet` -- the network of
   :mod:`mahjongg.bots.learned`, in PyTorch -- on them (cross-entropy on
   the teacher's action over the legal actions only, and a value head by
   squared error on the chips / :data:`VALUE_SCALE`), holding out the last
   ``holdout`` share of the hands, and writes the weights as the ``.npz``
   the bot reads with NumPy alone (:func:`mahjongg.bots.learned.save_weights`).

PyTorch is needed for :func:`fit` only (the ``train`` extra; the CPU wheel:
see ``docs/rl.md``); recording and playing need NumPy alone. Training runs
in one thread (``torch.set_num_threads``), seeded.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from ..bots import BOTS, Bot, make_bot, register_bot
from ..bots.learned import ARCH, LOOKAHEAD, TAPS, VALUE_SCALE, WIN_VALUES, layout, look_planes, read_npz, save_weights
from ..errors import MahjonggError
from ..features.actions import action_table
from ..features.encoding import encode
from ..rules import get_ruleset
from ..simulate import iter_hand_seeds, play_hand
from ..table.actions import ActionKind
from ..tiles import NUM_KINDS

__all__ = ["Decisions", "record", "save_decisions", "load_decisions", "fit", "evaluate", "torch_net", "TrainError", "QUANT"]

QUANT = 252
"""Planes are stored as ``round(value * QUANT)`` in ``uint8``: 252 = 4 * 7 * 9 keeps k/4 and k/14 exact."""


class TrainError(MahjonggError):
    """Bad input to a training step (no decisions, a file that is not a recording, PyTorch missing)."""


@dataclass
class Decisions:
    """A recording: ``planes`` ``(n, 46, kinds)`` uint8 (value * :data:`QUANT`), ``masks`` ``(n, actions)``
    bool, ``actions`` ``(n,)`` int16 (the teacher's), ``chips`` ``(n,)`` float32 (the seat's net chips
    of the hand), ``hands`` ``(n,)`` int32 (the hand's number in the run), ``info`` (ruleset, teacher,
    seed, hands, seconds), and ``values`` ``(n, actions)`` float16: the teacher's own value of each
    action it weighed, in chips, where its decision was made by those values -- a turn by ranking
    its discards (the expert's and master's expected chips less the risk), a claim window by
    weighing each claim against passing (what :meth:`~mahjongg.bots.expert.ExpertBot.weigh`
    reports) -- NaN elsewhere (``None``: a recording made before the values were kept, all NaN)."""

    planes: np.ndarray
    masks: np.ndarray
    actions: np.ndarray
    chips: np.ndarray
    hands: np.ndarray
    info: dict = field(default_factory=dict)
    values: np.ndarray | None = None

    def __post_init__(self) -> None:
        if self.values is None:
            self.values = np.full(self.masks.shape, np.nan, dtype=np.float16)

    def __len__(self) -> int:
        return len(self.actions)


def record(
    ruleset: str = "pung-chow",
    hands: int = 1000,
    seed: int = 0,
    teacher: str = "master",
    first: int = 0,
    progress=None,
    student: str | None = None,
) -> Decisions:
    """Play hands ``first`` .. ``first + hands - 1`` of four ``teacher`` bots of the run seeded ``seed``
    (the hands ``mahjongg simulate --seed SEED`` plays) and record every decision with two legal
    actions or more (see the module's docs). ``progress(done)`` is called after each hand.
    ``student``: four ``student`` bots play instead, and the teacher is asked what it would do
    at each of their decisions (DAgger: the states the student reaches, labelled by the teacher)."""
    if hands < 1:
        raise TrainError(f"hands: at least 1, not {hands}")
    rules = get_ruleset(ruleset)
    table = action_table(rules)
    make_bot(teacher, 0)  # an unknown teacher (or student) is refused before a hand is played
    if student is not None:
        make_bot(student, 0)
    planes, masks, actions, seats, values = [], [], [], [], []

    def recording(seed_):
        bot = make_bot(teacher, seed_)
        act = bot.act
        player = make_bot(student, seed_) if student is not None else None
        weigh = getattr(bot, "weigh", None)  # the expert's and master's values of what they weighed

        def recorded(obs, legal):
            if weigh is not None:
                choice, weighed = weigh(obs, legal)
            else:
                choice, weighed = act(obs, legal), {}
            if len(legal) > 1:
                by_index = table.indices(legal)
                mask = np.zeros(len(table), dtype=bool)
                mask[list(by_index)] = True
                planes.append(np.rint(encode(obs, table) * QUANT).astype(np.uint8))
                masks.append(mask)
                actions.append(table.index(choice))
                seats.append(obs.seat.letter)
                ranked = weighed.get("discards")
                row = _discard_values(table, legal, choice, ranked, ranked and bot.ranking_values(obs, ranked))
                if np.isnan(row).all():
                    row = _claim_values(table, legal, choice, weighed.get("claims"), weighed.get("stay"))
                values.append(row)
            return choice if player is None else player.act(obs, legal)

        return _Recording(recorded)

    name = f"recording-{teacher}"
    register_bot(name, recording)
    chips, hand_of = [], []
    start = time.perf_counter()
    try:
        for i, s in enumerate(iter_hand_seeds(seed, first + hands)):
            if i < first:
                continue
            before = len(seats)
            out = play_hand((name,) * 4, s, index=i, ruleset=ruleset, run_seed=seed)
            net = dict(zip(out.seats, out.net))
            chips.extend(float(net[w]) for w in seats[before:])
            hand_of.extend([i] * (len(seats) - before))
            if progress is not None:
                progress(i + 1 - first)
    finally:
        BOTS.pop(name, None)  # the registry as it was
    seconds = time.perf_counter() - start
    if not actions:
        raise TrainError("no decision was recorded")
    return Decisions(
        np.stack(planes),
        np.stack(masks),
        np.asarray(actions, dtype=np.int16),
        np.asarray(chips, dtype=np.float32),
        np.asarray(hand_of, dtype=np.int32),
        {"ruleset": ruleset, "teacher": teacher, "student": student, "seed": seed, "first": first, "hands": hands, "seconds": round(seconds, 1)},
        np.stack(values),
    )


class _Recording(Bot):
    """A seat of a recording: its decisions are the function ``act``'s (the teacher asked, and
    the decision kept)."""

    name = "recording"

    def __init__(self, act) -> None:
        super().__init__(None)
        self._act = act

    def act(self, observation, legal):
        return self._act(observation, legal)


def _claim_values(table, legal, choice, claims, stay) -> np.ndarray:
    """One row of :attr:`Decisions.values` for a claim window: the teacher's value of each claim it
    weighed (``claims``: action -> expected chips of the hand after it and its best discard) and of
    passing (``stay``: the hand kept), kept only when it weighed passing against a claim and played
    the one it valued highest (its window decided by those values, not by a kong rule or a build
    mode); NaN elsewhere."""
    row = np.full(len(table), np.nan, dtype=np.float16)
    if not claims or stay is None:
        return row
    passing = next((a for a in legal if a.kind is ActionKind.PASS), None)
    if passing is None:
        return row
    valued = dict(claims)
    valued[passing] = stay
    if choice not in valued or valued[choice] < max(valued.values()):
        return row
    for a, v in valued.items():
        row[table.index(a)] = float(v)
    return row


def _discard_values(table, legal, choice, ranked, values) -> np.ndarray:
    """One row of :attr:`Decisions.values`: the value of each legal discard from the teacher's
    ``ranked`` discards (``DiscardValue``, ``.tile``) and ``values`` (the teacher's
    ``ranking_values`` of them: the expert's expected chips less the risk; master's with a step
    kept valued at its ``NO_CHANCE_MARGIN``), kept only when the teacher played the discard it
    ranked first and ranked every legal discard (its turn was decided by that ranking, not by a
    kong, a declaration or a build mode); NaN elsewhere."""
    row = np.full(len(table), np.nan, dtype=np.float16)
    if not ranked or choice.kind is not ActionKind.DISCARD or ranked[0].tile != choice.tile:
        return row
    ev = {v.tile: value for v, value in zip(ranked, values)}
    discards = [a for a in legal if a.kind is ActionKind.DISCARD]
    if any(a.tile not in ev for a in discards):
        return row
    for a in discards:
        row[table.index(a)] = ev[a.tile]
    return row


def save_decisions(d: Decisions, path: str | Path) -> None:
    """Write a recording as one compressed ``.npz``."""
    with open(path, "wb") as f:
        np.savez_compressed(
            f, planes=d.planes, masks=d.masks, actions=d.actions, chips=d.chips, hands=d.hands, values=d.values,
            info=np.array(json.dumps(d.info)),
        )


def load_decisions(paths) -> Decisions:
    """One recording from one or more files :func:`save_decisions` wrote (of one ruleset; the hands
    numbered 0, 1, ... in the order of the files, so that :func:`fit` holds out the last files'
    last hands); :class:`TrainError` naming a bad file."""
    if isinstance(paths, (str, Path)):
        paths = [paths]
    parts, infos, offset = [], [], 0
    for p in paths:
        z = read_npz(p, "a recording of decisions", TrainError)
        try:
            part = {k: z[k] for k in ("planes", "masks", "actions", "chips", "hands")}
            part["values"] = z["values"] if "values" in z else np.full(part["masks"].shape, np.nan, np.float16)
            info = json.loads(str(z["info"]))
        except KeyError as e:
            raise TrainError(f"{p} is not a recording of decisions (no {e.args[0]} array)") from None
        except ValueError:
            raise TrainError(f"{p} is not a recording of decisions (its info is not JSON)") from None
        if infos and info.get("ruleset") != infos[0].get("ruleset"):
            raise TrainError(f"{p} records {info.get('ruleset')}, not {infos[0].get('ruleset')}")
        _, dense = np.unique(part["hands"], return_inverse=True)  # the file's hands numbered 0, 1, ... in order
        part["hands"] = (dense.reshape(-1) + offset).astype(np.int32)
        offset += int(dense.max()) + 1 if len(dense) else 0
        parts.append(part)
        infos.append(info)
    cat = {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}
    info = dict(infos[0], hands=sum(i.get("hands", 0) for i in infos), seconds=sum(i.get("seconds", 0) for i in infos))
    return Decisions(cat["planes"], cat["masks"], cat["actions"], cat["chips"], cat["hands"], info, cat["values"])


def _torch():
    try:
        import torch
    except ImportError:
        raise TrainError("training needs PyTorch: pip install torch --index-url https://download.pytorch.org/whl/cpu, then pip install 'mahjongg[train]'") from None
    return torch


EMBED, HIDDEN = 32, 64
"""The global embedding's and the pooled layer's widths (:func:`mahjongg.bots.learned.LearnedNet.shapes`)."""


_POS = np.array([s * 11 + r for s in range(3) for r in range(9)] + [33 + 3 * h for h in range(7)])
"""Each tile kind's place in the training net's sequence: two empty places between suits, and around
each honour, so that taps -2..+2 stay within a suit (:data:`mahjongg.bots.learned.TAPS`)."""
_SEQ = int(_POS[-1]) + 1


def torch_net(table, channels: int = 48, blocks: int = 1, seed: int = 0, lookahead: int = 0):
    """The learned bot's network in PyTorch for ``table``, freshly initialised from ``seed``: a
    ``torch.nn.Module`` whose ``forward(x)`` (``(n, 46, kinds)`` float) gives ``(logits, value)``
    exactly as :meth:`mahjongg.bots.learned.LearnedNet.forward` (``forward(x, look)``: the
    look-ahead planes already worked out, :func:`look_planes`), ``header`` and ``weights()``
    (name -> NumPy array) as :func:`mahjongg.bots.learned.save_weights` takes them. ``lookahead``:
    0, :data:`~mahjongg.bots.learned.LOOKAHEAD` or ``LOOKAHEAD + WIN_VALUES`` planes."""
    torch = _torch()
    from ..bots.learned import LearnedNet

    header = {"format": ARCH, "ruleset": table.ruleset, "actions": len(table), "channels": channels, "blocks": blocks,
              "embed": EMBED, "hidden": HIDDEN}
    if lookahead:  # (a header without the key: none, as every file before it)
        header["lookahead"] = lookahead
    shapes = LearnedNet.shapes(header, table)
    lay = layout(table)
    gen = torch.Generator().manual_seed(seed)
    heads = ("tile.w", "chow.w", "other.w", "value.w")

    class Net(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            params = {}
            for name, shape in shapes.items():
                if name.endswith(".w"):
                    gain = 1.0 if name in heads else 2.0  # He for the ReLU layers, LeCun for the heads
                    v = torch.randn(shape, generator=gen) * (gain / shape[0]) ** 0.5
                    if name.endswith(".2.w"):
                        v = v * 0.1  # a residual block starts near the identity
                else:
                    v = torch.zeros(shape)
                params[name.replace(".", "_")] = torch.nn.Parameter(v)
            self.p = torch.nn.ParameterDict(params)
            self.header = header
            self.register_buffer("pos", torch.as_tensor(_POS))
            live = torch.zeros(_SEQ)
            live[_POS] = 1.0
            self.register_buffer("live", live)
            self.register_buffer("src", torch.as_tensor(lay["src"]))
            self.register_buffer("mid", torch.as_tensor(lay["chow_mid"]))

        def _w(self, name):
            return self.p[name.replace(".", "_")]

        def _conv(self, seq, name):
            # the taps along a suit as a 1-D convolution over the tiles laid out with two empty
            # places between suits and honours (:data:`_POS`): what the gather of the NumPy net
            # computes, a few times faster to train; the empty places are zeroed after each layer
            w = self._w(name + ".w")
            cin = w.shape[0] // len(TAPS)
            kernel = w.reshape(len(TAPS), cin, -1).permute(2, 1, 0)
            return torch.nn.functional.conv1d(seq, kernel, self._w(name + ".b"), padding=len(TAPS) // 2) * self.live

        def forward(self, x, looked=None):
            w, relu, n = self._w, torch.relu, x.shape[0]
            gin = torch.cat([x[:, 44], x[:, 45], x[:, :, NUM_KINDS:].reshape(n, -1)], dim=1)
            g = relu(gin @ w("g.w") + w("g.b"))
            tiles = x[:, :, :NUM_KINDS]
            if lookahead:  # worked out from the planes, as the NumPy net does
                if looked is None:
                    looked = torch.from_numpy(look_planes(x.detach().cpu().numpy(), table, lookahead))
                tiles = torch.cat([tiles, looked.to(tiles.dtype)], dim=1)
            seq = x.new_zeros(n, tiles.shape[1] + g.shape[1], _SEQ)
            seq[:, :, self.pos] = torch.cat([tiles, g[:, :, None].expand(n, g.shape[1], NUM_KINDS)], dim=1)
            seq = relu(self._conv(seq, "c0"))
            for i in range(blocks):
                seq = relu(seq + self._conv(relu(self._conv(seq, f"r{i}.1")), f"r{i}.2"))
            h = seq[:, :, self.pos].transpose(1, 2)
            claimed = torch.einsum("nt,ntc->nc", x[:, 43, :NUM_KINDS], h)
            drawn = torch.einsum("nt,ntc->nc", x[:, 1, :NUM_KINDS], h)
            pooled = torch.cat([h.mean(dim=1), h.amax(dim=1), claimed, drawn, g], dim=1)
            z = relu(pooled @ w("pool.w") + w("pool.b"))
            raw = torch.cat(
                [
                    (h @ w("tile.w") + w("tile.b")).reshape(n, -1),
                    (h[:, self.mid] @ w("chow.w") + w("chow.b")).reshape(n, -1),
                    z @ w("other.w") + w("other.b"),
                ],
                dim=1,
            )
            return raw[:, self.src], (z @ w("value.w") + w("value.b"))[:, 0]

        def weights(self) -> dict:
            return {name: self._w(name).detach().cpu().numpy() for name in shapes}

    return Net()


def _kind_of(table) -> np.ndarray:
    """Per action index: 0 a discard (or Original Call), 1 a claim or pass, 2 anything else (kongs, Mah-Jongg ...)."""
    from ..table.actions import ActionKind as K

    out = np.full(len(table), 2, dtype=np.int8)
    for i, (k, _) in enumerate(table.entries):
        if k in (K.DISCARD, K.ORIGINAL_CALL):
            out[i] = 0
        elif k in (K.CHOW, K.PUNG, K.KONG, K.PASS):
            out[i] = 1
    return out


def fit(
    data: Decisions,
    out: str | Path,
    epochs: int = 6,
    channels: int = 48,
    blocks: int = 1,
    holdout: float = 0.1,
    seed: int = 0,
    batch: int = 256,
    lr: float = 2e-3,
    value_weight: float = 0.1,
    max_seconds: float | None = None,
    log=None,
    init: str | Path | None = None,
    soft_weight: float = 0.0,
    temperature: float = 1.0,
    threads: int = 1,
    regret_weight: float = 0.0,
    lookahead: int | bool = False,
) -> dict:
    """Train the learned bot's network on ``data`` and write its weights to ``out``; returns a report
    (decisions trained on and held out, the held-out accuracy -- the teacher's action ranked first
    among the legal ones -- overall, on discards and on claim-or-pass decisions, the value head's
    error, the training time, the file's size). The last ``holdout`` share of the hands (by their
    number) is held out; ``max_seconds`` stops training early (the epochs done are reported);
    ``init``: a weights file to start from (a second round on more decisions).

    ``soft_weight`` (0 to 1): on the decisions whose actions the teacher valued
    (:attr:`Decisions.values`: discards, claims and passing), that share of the policy's loss is
    the cross-entropy with the teacher's values made a distribution, ``softmax(values / temperature)`` (``temperature`` in
    chips): discards the teacher values alike are taught alike, and a discard a few chips worse
    is taught as worse by its chips, not only as "not the one chosen" (distillation); the rest of
    the loss is the teacher's action. 0: the teacher's action alone.

    ``regret_weight``: adds that times the policy's expected regret on those decisions, in tens of
    chips (``sum(pi(a) * (best value - value(a))) / 10``, ``pi`` the softmax of the network's scores
    over the valued actions): a cost-sensitive term, so that the few decisions where a discard
    costs tens of chips (most of the regret: a hand waiting, a valuable hand) weigh by what they
    cost, where cross-entropy weighs every decision alike.

    ``lookahead``: the network also reads the discards' look-ahead planes
    (:func:`mahjongg.bots.learned.lookahead`: each discard's shanten and live tiles, worked out
    from the planes; ``True`` or :data:`~mahjongg.bots.learned.LOOKAHEAD`), and with
    ``LOOKAHEAD + WIN_VALUES`` what each discard's likely win is worth and its chance; started
    from weights with fewer of them (``init``), the new planes' inputs start at 0, so training
    starts from the policy of ``init`` exactly. The planes are worked out once, before the first
    epoch (``log`` says how long it took)."""
    if regret_weight < 0:
        raise TrainError(f"regret_weight: at least 0, not {regret_weight}")
    if not 0.0 <= soft_weight <= 1.0:
        raise TrainError(f"soft_weight: between 0 and 1, not {soft_weight}")
    if temperature <= 0:
        raise TrainError(f"temperature: above 0 chips, not {temperature}")
    torch = _torch()
    torch.set_num_threads(threads)
    torch.manual_seed(seed)
    if len(data) == 0:
        raise TrainError("no decisions to train on")
    table = action_table(get_ruleset(data.info["ruleset"]))
    if data.masks.shape[1] != len(table):
        raise TrainError(f"the recording has {data.masks.shape[1]} actions; {table.ruleset} has {len(table)}")
    cut = int(np.ceil(data.hands.max() + 1 - holdout * (data.hands.max() + 1))) if holdout > 0 else int(data.hands.max()) + 1
    train_ix = np.flatnonzero(data.hands < cut)
    test_ix = np.flatnonzero(data.hands >= cut)
    if len(train_ix) == 0:
        raise TrainError("every decision is held out: lower holdout or record more hands")
    k = LOOKAHEAD if lookahead is True else int(lookahead or 0)
    if k not in (0, LOOKAHEAD, LOOKAHEAD + WIN_VALUES):
        raise TrainError(f"lookahead: 0, {LOOKAHEAD} or {LOOKAHEAD + WIN_VALUES} planes, not {lookahead}")
    net = torch_net(table, channels, blocks, seed, k)
    if init is not None:  # go on from trained weights (their channels and blocks)
        from ..bots.learned import load_net

        start_net = load_net(init, table)
        k = max(k, start_net.lookahead)
        net = torch_net(table, int(start_net.header["channels"]), int(start_net.header["blocks"]), seed, k)
        channels, blocks = net.header["channels"], net.header["blocks"]
        with torch.no_grad():
            for name, v in start_net.w.items():
                if name == "c0.w" and k > start_net.lookahead:
                    # the new look-ahead planes' inputs added after the 46 planes' and those it had, at 0
                    taps, had = len(TAPS), 46 + start_net.lookahead
                    old = v.reshape(taps, -1, v.shape[1])
                    v = np.concatenate([old[:, :had], np.zeros((taps, k - start_net.lookahead, v.shape[1]), old.dtype), old[:, had:]], axis=1)
                    v = v.reshape(-1, v.shape[2])
                net.p[name.replace(".", "_")].copy_(torch.from_numpy(np.ascontiguousarray(v)))
    opt = torch.optim.Adam(net.parameters(), lr=lr)
    steps = epochs * int(np.ceil(len(train_ix) / batch))
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=lr, total_steps=max(steps, 1), pct_start=0.1)
    rng = np.random.default_rng(seed)
    looked = None
    if k:  # the look-ahead planes of every decision, worked out once
        began = time.perf_counter()
        looked = np.concatenate([look_planes(data.planes[b : b + 4096].astype(np.float32) / QUANT, table, k)
                                 for b in range(0, len(data), 4096)]) if len(data) else None
        if log is not None:
            log(f"look-ahead planes of {len(data):,} decisions: {time.perf_counter() - began:.0f} s")

    def tensors(ix):
        x = torch.from_numpy(data.planes[ix].astype(np.float32) / QUANT)
        m = torch.from_numpy(data.masks[ix])
        y = torch.from_numpy(data.actions[ix].astype(np.int64))
        v = torch.from_numpy(np.clip(data.chips[ix] / VALUE_SCALE, -5, 5).astype(np.float32))
        q = torch.from_numpy(data.values[ix].astype(np.float32))
        return x, m, y, v, q, (None if looked is None else torch.from_numpy(looked[ix]))

    start = time.perf_counter()
    done_epochs, stopped = 0, False
    for epoch in range(epochs):
        net.train()
        order = rng.permutation(train_ix)
        total = 0.0
        for b in range(0, len(order), batch):
            x, m, y, v, q, lk = tensors(np.sort(order[b : b + batch]))
            logits, value = net(x, lk)
            logp = torch.log_softmax(logits.masked_fill(~m, -1e9), dim=1)
            hard = -logp.gather(1, y[:, None])[:, 0]
            valued = ~torch.isnan(q)
            if soft_weight > 0:
                has = valued.any(dim=1).float() * soft_weight
                target = torch.softmax((q / temperature).masked_fill(~valued, -1e9), dim=1)
                soft = -(target * logp.masked_fill(~valued, 0.0)).sum(dim=1)
                policy = ((1 - has) * hard + has * soft).mean()
            else:
                policy = hard.mean()
            loss = policy + value_weight * torch.nn.functional.mse_loss(value, v)
            if regret_weight > 0:
                has = valued.any(dim=1)
                if bool(has.any()):
                    qv = q[has]
                    ok = valued[has]
                    best = qv.masked_fill(~ok, -1e9).amax(dim=1, keepdim=True)
                    pi = torch.softmax(logits[has].masked_fill(~ok, -1e9), dim=1)
                    regret = (pi * (best - qv).masked_fill(~ok, 0.0)).sum(dim=1) / 10.0
                    loss = loss + regret_weight * regret.sum() / len(y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            total += loss.item() * len(y)
            if max_seconds is not None and time.perf_counter() - start > max_seconds:
                stopped = True
                break
        done_epochs = epoch + 1
        if log is not None:
            log(f"epoch {done_epochs}: loss {total / len(order):.4f}, {time.perf_counter() - start:.0f} s")
        if stopped:
            break
    seconds = time.perf_counter() - start
    report = {"ruleset": table.ruleset, "decisions": len(data), "train_decisions": len(train_ix), "heldout_decisions": len(test_ix),
              "hands": data.info.get("hands"), "record_seconds": data.info.get("seconds"), "epochs": done_epochs,
              "stopped_early": stopped, "train_seconds": round(seconds, 1), "channels": channels, "blocks": blocks,
              "soft_weight": soft_weight, "temperature": temperature, "regret_weight": regret_weight, "lookahead": k,
              "parameters": int(sum(p.numel() for p in net.parameters()))}
    report |= evaluate(net, data, test_ix, table, looked)
    header = dict(net.header, trained={k: report[k] for k in report if k != "ruleset"}, teacher=data.info.get("teacher"),
                  seed=seed)
    save_weights(out, net.weights(), header)
    report["file_bytes"] = Path(out).stat().st_size
    return report


def evaluate(net, data: Decisions, ix: np.ndarray, table, looked: np.ndarray | None = None) -> dict:
    """Held-out figures of a PyTorch net on the decisions ``ix``: accuracy overall, on discards, on
    claims or passes, the value head's root mean squared error (in chips), and on the decisions
    whose actions the teacher valued: the mean regret by the teacher's own values (its best
    action's value less that of the net's choice, in chips; a choice it did not value -- a kong,
    a declaration -- not counted) and how often the net's choice is valued as the teacher's best
    (ties count as agreeing)."""
    torch = _torch()
    if len(ix) == 0:
        return {"heldout_accuracy": None}
    net.eval()
    hits, errs, regrets = [], [], []
    with torch.no_grad():
        for b in range(0, len(ix), 1024):
            j = ix[b : b + 1024]
            x = torch.from_numpy(data.planes[j].astype(np.float32) / QUANT)
            logits, value = net(x, None if looked is None else torch.from_numpy(looked[j]))
            pick = logits.masked_fill(~torch.from_numpy(data.masks[j]), -1e9).argmax(dim=1).numpy()
            hits.append(pick == data.actions[j])
            errs.append(value.numpy() * VALUE_SCALE - data.chips[j])
            q = data.values[j].astype(np.float32)
            chosen = q[np.arange(len(j)), pick]
            with np.errstate(invalid="ignore"):
                best = np.nanmax(np.where(np.isnan(q).all(axis=1)[:, None], 0.0, q), axis=1)
            regrets.append(np.where(np.isnan(chosen), np.nan, best - chosen))
    hit = np.concatenate(hits)
    regret = np.concatenate(regrets)
    valued = ~np.isnan(regret)
    kind = _kind_of(table)[data.actions[ix]]
    claim_window = data.masks[ix][:, table.index_of_pass]
    acc = lambda sel: round(float(hit[sel].mean()), 4) if sel.any() else None  # noqa: E731
    err = np.concatenate(errs)
    return {"heldout_accuracy": acc(np.ones(len(ix), bool)), "heldout_discard_accuracy": acc(kind == 0),
            "heldout_claim_window_accuracy": acc(claim_window), "heldout_value_rmse_chips": round(float(np.sqrt((err**2).mean())), 1),
            "heldout_valued_decisions": int(valued.sum()),
            "heldout_regret_chips": round(float(regret[valued].mean()), 3) if valued.any() else None,
            "heldout_best_share": round(float((regret[valued] < 1e-3).mean()), 4) if valued.any() else None}
