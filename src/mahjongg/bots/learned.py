"""The ``learned`` bot: a small network trained on the master's play, run with NumPy alone.

The network reads the seat's observation as the RL envs show it (the 46
planes of :mod:`mahjongg.features.encoding`) and scores every entry of the
ruleset's action table (:mod:`mahjongg.features.actions`); the bot plays the
legal action of highest score. Its weights ship in the package, one file per
ruleset (``bots/weights/learned-RULESET.npz``, :func:`weights_path`), written by
:func:`mahjongg.rl.imitation.fit` (PyTorch there only).

The network (:func:`forward`; ``C`` channels, ``B`` residual blocks, both in
the file's header): the 34 tile kinds are 34 positions, each with its 46
plane values, the :data:`LOOKAHEAD` look-ahead planes where the header says so
(:func:`lookahead`: each discard's shanten and live tiles, and where the header has
``"lookahead": 6`` what its likely win is worth and its chance, worked out from
those planes) and a global embedding ``g`` (a layer on planes 44-45 and the
bonus tiles' columns); convolutions along each suit (taps -2..+2 within the
suit, none across suits or for honours), ReLU, ``B`` residual blocks of two
such layers; then

* per tile kind: its discard, concealed kong, add kong (and Original Call)
  scores from a linear head on the tile's channels; a chow's score from a
  head on the run's middle tile;
* pung, kong, Mah-Jongg, pass, wash, bonus, capture scores and the value
  (the seat's chips of the hand / :data:`VALUE_SCALE`) from a layer on the
  tiles' mean and maximum, the claimed tile's and the drawn tile's channels,
  and ``g``.

It decides from its own observation only. Needs NumPy (the ``rl`` extra):
without it, making the bot is a :class:`~.base.BotError` saying so, as is a
ruleset that has no weights, or a table whose options change its actions
(another set of tiles than the ruleset as registered).
"""

from __future__ import annotations

import json
from pathlib import Path

from ..table.actions import Action, ActionKind
from ..table.observation import Observation
from ..tiles import NUM_KINDS
from .base import Bot, BotError

__all__ = ["LearnedBot", "LearnedError", "LearnedNet", "ARCH", "LOOKAHEAD", "WIN_VALUES", "VALUE_SCALE", "weights_path", "load_net", "layout", "legal_scores", "look_planes", "lookahead", "net_from_arrays", "save_weights"]

ARCH = "mahjongg-learned-1"
"""The file format and network of :func:`forward` (the header's ``format``)."""
VALUE_SCALE = 100.0
"""The value head predicts the seat's net chips of the hand divided by this."""
TAPS = (-2, -1, 0, 1, 2)
"""The convolution's taps along a suit."""
WEIGHTS = Path(__file__).resolve().parent / "weights"
"""Where the shipped weights are: ``learned-RULESET.npz``."""

_TILE_HEADS = (ActionKind.DISCARD, ActionKind.CONCEALED_KONG, ActionKind.ADD_KONG, ActionKind.ORIGINAL_CALL)


class LearnedError(BotError):
    """Weights that cannot be read or do not fit the ruleset's table."""


def weights_path(ruleset: str) -> Path:
    """The shipped weights of ``ruleset``'s learned bot (the file may not exist)."""
    return WEIGHTS / f"learned-{ruleset}.npz"


def _np():
    try:
        import numpy
    except ImportError:
        raise BotError("the learned bot needs NumPy: pip install 'mahjongg[rl]'") from None
    return numpy


def neighbours():
    """``(34, len(TAPS))`` tile indices of each tile's taps in its suit; 34 (a zero row) elsewhere."""
    np = _np()
    nb = np.full((NUM_KINDS, len(TAPS)), NUM_KINDS, dtype=np.intp)
    for t in range(NUM_KINDS):
        for j, d in enumerate(TAPS):
            u = t + d
            if d == 0 or (t < 27 and 0 <= u < 27 and u // 9 == t // 9):
                nb[t, j] = u
    return nb


def layout(table) -> dict:
    """Where each action of ``table`` (an :class:`~mahjongg.features.actions.ActionTable`) takes its
    score from: ``heads`` (the tile heads in the table), ``chow_mid`` (the 21 runs' middle tiles),
    ``others`` (the entries scored from the pooled layer, in table order), ``src`` (per table index,
    its position in the raw scores: tile heads ``t * len(heads) + h``, then the 21 chows, then the others)."""
    np = _np()
    kinds = {k for k, _ in table.entries}
    heads = [k for k in _TILE_HEADS if k in kinds]
    chows = [t for k, t in table.entries if k is ActionKind.CHOW]
    others = [i for i, (k, t) in enumerate(table.entries) if k not in heads and k is not ActionKind.CHOW]
    src = np.zeros(len(table), dtype=np.intp)
    base_chow, base_other = NUM_KINDS * len(heads), NUM_KINDS * len(heads) + len(chows)
    for i, (k, t) in enumerate(table.entries):
        if k in heads:
            src[i] = int(t) * len(heads) + heads.index(k)
        elif k is ActionKind.CHOW:
            src[i] = base_chow + chows.index(t)
        else:
            src[i] = base_other + others.index(i)
    return {"heads": heads, "chow_mid": np.array([int(t) + 1 for t in chows], dtype=np.intp), "others": others, "src": src}


LOOKAHEAD = 4
"""Planes of :func:`lookahead` (a network whose header has ``"lookahead": 4`` reads them)."""
WIN_VALUES = 2
"""Planes more of :func:`lookahead` given a ruleset (a header's ``"lookahead": 6``): what each
discard's likely win is worth and its chance."""


class _View:
    """What the scorer reads of a seat (``seat``, ``seats``, ``round``, ``ruleset``, ``melds`` and
    ``bonus`` of the seat, ``drawable``), worked out from its planes (:func:`_view`)."""

    __slots__ = ("seat", "seats", "round", "ruleset", "melds", "bonus", "drawable")


def _own_melds(exposed: list[int], kongs) -> tuple:
    """The seat's melds from the copies of each kind in its exposed sets (plane 3; ``exposed``,
    34 counts) and its concealed kongs' kinds (plane 7): a decomposition of the counts into kongs,
    pungs and chows, pungs and kongs first (the planes do not say which sets they were: ``3b`` as
    a pung and in the chow ``3b4b5b`` reads as the one decomposition there is); ``()`` for none."""
    from ..hand import Meld, MeldKind
    from ..tiles import TILES

    c = list(exposed)

    def split(i: int):
        while i < NUM_KINDS and not c[i]:
            i += 1
        if i == NUM_KINDS:
            return ()
        shapes = [((i,) * 4, MeldKind.KONG), ((i,) * 3, MeldKind.PUNG)]
        if i < 27 and i % 9 <= 6:
            shapes.append(((i, i + 1, i + 2), MeldKind.CHOW))
        for ks, kind in shapes:
            if all(c[k] >= ks.count(k) for k in ks):
                for k in ks:
                    c[k] -= 1
                rest = split(i)
                for k in ks:
                    c[k] += 1
                if rest is not None:
                    return (Meld(kind, TILES[i], exposed=True),) + rest
        return None

    return (split(0) or ()) + tuple(Meld(MeldKind.KONG, TILES[k]) for k in kongs)


def _view(x, ruleset, bonus: tuple) -> _View:
    """The :class:`_View` of one decision's planes ``x`` ``(46, kinds)`` under ``ruleset`` (its
    ``bonus`` tiles: the columns after the 34 kinds)."""
    np = _np()
    from ..tiles import Wind

    v = _View()
    s44 = x[44]
    v.seat, v.round = Wind(int(np.argmax(s44[0:4]))), Wind(int(np.argmax(s44[4:8])))
    players = 2 + int(np.argmax(s44[15:18])) if s44[15:18].any() else 4
    v.seats = tuple(Wind(i) for i in range(max(players, int(v.seat) + 1)))
    v.ruleset = ruleset
    exposed = np.rint(x[3, :NUM_KINDS] * 4).astype(np.int64).tolist()
    v.melds = {v.seat: _own_melds(exposed, np.flatnonzero(x[7, :NUM_KINDS] > 0.5).tolist())}
    v.bonus = {v.seat: tuple(bonus[j] for j in np.flatnonzero(x[11, NUM_KINDS:] > 0.5))}
    v.drawable = int(round(float(s44[14]) * (4 * NUM_KINDS + len(bonus))))
    return v


def lookahead(x, ruleset=None, bonus: tuple = ()):
    """The discards' look-ahead planes of observation planes ``x`` ``(n, 46, kinds)`` (the 46 planes
    of :mod:`mahjongg.features.encoding`, values in [0, 1]): ``(n, LOOKAHEAD, 34)`` ``float32``
    (``(n, LOOKAHEAD + WIN_VALUES, 34)`` given the table's ``ruleset``, options applied, and its
    ``bonus`` tiles, the columns after the 34 kinds), worked out from those planes alone (what the
    seat sees), on a turn with a tile to discard (its concealed tiles 2 more than a multiple of
    3; zeros otherwise), for each kind ``t`` held:

    0. 1 if discarding ``t`` leaves the least shanten of the regular shape, down by a third for
       each step more (0 at three or more);
    1. the live tiles after discarding it (the unseen copies of the kinds that lower its shanten:
       unseen is 4 less the copies held and in sight -- exposed sets, concealed kongs, discards
       lying), / 40, at most 1;
    2. 1 at the discards of least shanten, then most live tiles (greedy's choice);
    3. the least shanten plus one, / 9;

    and with a ``ruleset``, where the discard leaves the hand waiting, or one step from waiting
    and no discard leaves it waiting:

    4. the chips its likely win collects, ``(log2(1 + chips) - 5) / 6`` (0 to 1: 31 chips to 2,047;
       Pung Chow's wins collect some 90 to 1,000): waiting, the mean
       score of its waits by the real scorer, over their unseen copies
       (:func:`~mahjongg.bots.expert.waiting_win`); a step out, of the waits its likely draws
       lead to (:func:`~mahjongg.bots.expert.one_step_win`) -- the expert's value of a win;
    5. the chance of that win (:func:`~mahjongg.bots.expert.win_chance`), times 2, at most 1.

    What the master computes before it weighs a discard, given to the network rather than left
    for it to learn (Suphx gives its network look-ahead features of this kind): the scores of
    the wins a discard leads to, which no plane shows, are where the network trailed the master
    (docs/rl.md, "The learned bot"). The seat's sets are read from the planes
    (:func:`_own_melds`)."""
    np = _np()
    from .evaluation import discard_options
    from .expert import one_step_win, waiting_win

    x = np.asarray(x)
    n = x.shape[0]
    out = np.zeros((n, LOOKAHEAD + (WIN_VALUES if ruleset is not None else 0), NUM_KINDS), dtype=np.float32)
    held_all = np.rint(x[:, 0, :NUM_KINDS] * 4).astype(np.int64)
    seen_all = np.rint((x[:, 3:7, :NUM_KINDS].sum(axis=1) + x[:, 15:19, :NUM_KINDS].sum(axis=1)) * 4).astype(np.int64)
    seen_all += 4 * np.rint(x[:, 7:11, :NUM_KINDS].sum(axis=1)).astype(np.int64)
    tiles_held = held_all.sum(axis=1)
    for i in np.flatnonzero((tiles_held % 3 == 2) & (tiles_held <= 14)):
        counts = held_all[i].tolist()
        unseen = np.maximum(0, 4 - held_all[i] - seen_all[i]).tolist()
        declared = (14 - int(tiles_held[i])) // 3
        opts = discard_options(counts, declared, [t for t in range(NUM_KINDS) if counts[t]], unseen)
        least = min(opts.values())[0]
        best = min((s, -live) for s, live in opts.values())
        f = out[i]
        for t, (sh, live) in opts.items():
            f[0, t] = max(0.0, 1.0 - (sh - least) / 3)
            f[1, t] = min(live, 40) / 40
            f[2, t] = 1.0 if (sh, -live) == best else 0.0
            f[3, t] = (least + 1) / 9
        if ruleset is None or least > 1:
            continue
        view = _view(x[i], ruleset, bonus)
        held = (held_all[i] + np.rint(x[i, 3, :NUM_KINDS] * 4).astype(np.int64) + 4 * (x[i, 7, :NUM_KINDS] > 0.5)).tolist()
        unseen_total = max(1, sum(unseen))
        draws_left = max(0, view.drawable // len(view.seats))
        for t, (sh, live) in opts.items():
            if sh != least:
                continue
            counts[t] -= 1  # (``held`` as the expert's discard_value passes it: before the discard)
            if sh == 0:
                _, value, chance = waiting_win(view, counts, held, unseen, unseen_total, draws_left)
            else:
                value, chance = one_step_win(view, counts, declared, held, unseen, live)
            counts[t] += 1
            f[4, t] = min(1.0, max(0.0, np.log2(1.0 + max(0.0, value)) - 5.0) / 6.0)
            f[5, t] = min(1.0, 2.0 * chance)
    return out


def look_planes(x, table, planes: int, ruleset=None):
    """The look-ahead planes a network of ``planes`` look-ahead planes reads, of observation planes
    ``x`` ``(n, 46, kinds)`` for ``table`` (an action table): :func:`lookahead`, with the win values
    for ``LOOKAHEAD + WIN_VALUES`` under ``ruleset`` (the table's, options applied; default: the
    table's ruleset as registered, as a recording's hands were played)."""
    if planes <= LOOKAHEAD:
        return lookahead(x)
    if ruleset is None:
        from ..rules import get_ruleset

        ruleset = get_ruleset(table.ruleset)
    return lookahead(x, ruleset, table.bonus)


def global_size(kinds: int) -> int:
    """Inputs of the global embedding: planes 44 and 45, and every plane's bonus-tile columns."""
    return 2 * kinds + 46 * (kinds - NUM_KINDS)


class LearnedNet:
    """The network of one ruleset: ``weights`` (name -> ``float32`` array, see :func:`forward`),
    ``header`` (format, ruleset, actions, channels, blocks, how it was trained), ``table`` (the
    ruleset's action table)."""

    def __init__(self, weights: dict, header: dict, table) -> None:
        np = _np()
        self.w = {k: np.ascontiguousarray(v, dtype=np.float32) for k, v in weights.items()}
        self.header = header
        self.table = table
        self.blocks = int(header.get("blocks", 0))
        self.lookahead = int(header.get("lookahead", 0))
        lay = layout(table)
        self.src, self.chow_mid, self.heads = lay["src"], lay["chow_mid"], len(lay["heads"])
        self.nb = neighbours()
        self.kinds = NUM_KINDS + len(table.bonus)
        for name, shape in self.shapes(header, table).items():
            got = self.w.get(name)
            if got is None or got.shape != shape:
                raise LearnedError(
                    f"the learned weights for {table.ruleset} do not fit its action table: {name} is "
                    f"{None if got is None else got.shape}, not {shape}"
                )

    @staticmethod
    def shapes(header: dict, table) -> dict[str, tuple[int, ...]]:
        """Every weight's name and shape for a header's ``channels``, ``blocks``, ``embed``, ``hidden``
        (and ``lookahead``: 0, or :data:`LOOKAHEAD` planes more at each tile, or
        ``LOOKAHEAD + WIN_VALUES``)."""
        c, g, p = int(header["channels"]), int(header["embed"]), int(header["hidden"])
        k = int(header.get("lookahead", 0))
        kinds = NUM_KINDS + len(table.bonus)
        lay = layout(table)
        taps = len(TAPS)
        out = {"g.w": (global_size(kinds), g), "g.b": (g,), "c0.w": (taps * (46 + k + g), c), "c0.b": (c,)}
        for i in range(int(header["blocks"])):
            for j in (1, 2):
                out[f"r{i}.{j}.w"], out[f"r{i}.{j}.b"] = (taps * c, c), (c,)
        out |= {
            "tile.w": (c, len(lay["heads"])), "tile.b": (len(lay["heads"]),), "chow.w": (c, 1), "chow.b": (1,),
            "pool.w": (4 * c + g, p), "pool.b": (p,), "other.w": (p, len(lay["others"])), "other.b": (len(lay["others"]),),
            "value.w": (p, 1), "value.b": (1,),
        }
        return out

    def look(self, x, ruleset=None):
        """The look-ahead planes this network reads (:func:`look_planes` of its header's ``lookahead``)."""
        return look_planes(x, self.table, self.lookahead, ruleset)

    def _conv(self, h, name):
        np = _np()
        b, _, c = h.shape
        padded = np.concatenate([h, np.zeros((b, 1, c), dtype=h.dtype)], axis=1)
        return padded[:, self.nb].reshape(b, NUM_KINDS, -1) @ self.w[name + ".w"] + self.w[name + ".b"]

    def forward(self, x, ruleset=None):
        """``(logits, value)`` of planes ``x`` ``(n, 46, kinds)``: ``(n, actions)`` scores over the
        action table and ``(n,)`` values (chips / :data:`VALUE_SCALE`); a network with look-ahead
        planes works them out from ``x`` (:func:`lookahead`), its win values under ``ruleset``
        (the table's, options applied; default: the network's ruleset as registered)."""
        np = _np()
        w = self.w
        x = np.asarray(x, dtype=np.float32)
        n = x.shape[0]
        relu = lambda a: np.maximum(a, 0, out=a)  # noqa: E731
        gin = np.concatenate([x[:, 44], x[:, 45], x[:, :, NUM_KINDS:].reshape(n, -1)], axis=1)
        g = relu(gin @ w["g.w"] + w["g.b"])
        tiles = x[:, :, :NUM_KINDS]
        if self.lookahead:
            tiles = np.concatenate([tiles, self.look(x, ruleset)], axis=1)
        tiles = tiles.transpose(0, 2, 1)
        h = np.concatenate([tiles, np.broadcast_to(g[:, None, :], (n, NUM_KINDS, g.shape[1]))], axis=2)
        h = relu(self._conv(h, "c0"))
        for i in range(self.blocks):
            h = relu(h + self._conv(relu(self._conv(h, f"r{i}.1")), f"r{i}.2"))
        claimed = np.einsum("nt,ntc->nc", x[:, 43, :NUM_KINDS], h)
        drawn = np.einsum("nt,ntc->nc", x[:, 1, :NUM_KINDS], h)
        pooled = np.concatenate([h.mean(axis=1), h.max(axis=1), claimed, drawn, g], axis=1)
        z = relu(pooled @ w["pool.w"] + w["pool.b"])
        raw = np.concatenate(
            [
                (h @ w["tile.w"] + w["tile.b"]).reshape(n, -1),
                (h[:, self.chow_mid] @ w["chow.w"] + w["chow.b"]).reshape(n, -1),
                z @ w["other.w"] + w["other.b"],
            ],
            axis=1,
        )
        return raw[:, self.src], (z @ w["value.w"] + w["value.b"])[:, 0]


def legal_scores(net: LearnedNet, observation: Observation, legal):
    """``(planes, by_index, indices, scores)`` of ``net`` on a decision: the observation's planes
    ``(46, kinds)``, the legal actions by their index in the action table, those indices (an
    ``intp`` array, in ``by_index``'s order) and the network's scores of them (``(len(indices),)``)."""
    np = _np()
    from ..features.encoding import encode

    by_index = net.table.indices(legal)
    x = encode(observation, net.table)
    logits, _ = net.forward(x[None], observation.ruleset)
    idx = np.fromiter(by_index, dtype=np.intp, count=len(by_index))
    return x, by_index, idx, logits[0, idx]


def save_weights(path: str | Path, weights: dict, header: dict) -> None:
    """Write a network's weights (``float32``) and its JSON header as ``.npz``."""
    np = _np()
    with open(path, "wb") as f:
        np.savez_compressed(f, header=np.array(json.dumps(header)), **{k: np.asarray(v, dtype=np.float32) for k, v in weights.items()})


def read_npz(path: str | Path, what: str, error: type[Exception]) -> dict:
    """Every array of the ``.npz`` file ``path`` (name -> array), read without pickles;
    ``error`` (a :class:`~mahjongg.errors.MahjonggError`) in one line, ``"PATH is not WHAT: WHY"``
    -- missing, a folder, not an ``.npz`` (zip) file, a single ``.npy`` array, holding Python
    objects (never unpickled), or damaged. The one reader of the weights, recordings and
    policies files (:func:`load_net`, :func:`mahjongg.rl.imitation.load_decisions`,
    :func:`mahjongg.rl.policy.load_policy`)."""
    import zipfile
    import zlib

    np = _np()
    if Path(path).is_dir():
        raise error(f"{path} is a folder, not {what}")
    if not Path(path).is_file():
        raise error(f"{path}: no such file")
    try:
        loaded = np.load(path, allow_pickle=False)
        if isinstance(loaded, np.lib.npyio.NpzFile):
            with loaded as z:
                return {k: z[k] for k in z.files}
        why = "it holds a single array (.npy), not an .npz"
    except (zipfile.BadZipFile, EOFError, zlib.error):
        why = "it is a damaged .npz file"
    except ValueError as e:  # numpy would unpickle a file that is neither .npz nor .npy: never done
        why = "it holds Python objects, which are never read" if "Object arrays" in str(e) else "it is not an .npz (zip) file"
    except OSError as e:
        why = e.strerror or "it cannot be read"
    raise error(f"{path} is not {what}: {why}")


def load_net(path: str | Path, table=None) -> LearnedNet:
    """The network in ``path`` (:func:`save_weights`), for ``table`` (default: its header's ruleset's
    table as registered); :class:`LearnedError` saying what is wrong with the file."""
    arrays = read_npz(path, "the weights of a learned bot", LearnedError)
    try:
        header = json.loads(str(arrays.pop("header")))
    except (KeyError, ValueError):
        raise LearnedError(f"{path} is not the weights of a learned bot (no JSON header)") from None
    return net_from_arrays(header, arrays, path, table)


def net_from_arrays(header, weights: dict, path: str | Path, table=None) -> LearnedNet:
    """The network of a weights file already read: its JSON ``header`` and its ``weights``
    (name -> array), for ``table`` (as :func:`load_net`; ``path`` names the file in its errors)."""
    from ..features.actions import action_table
    from ..rules import get_ruleset

    if not isinstance(header, dict) or header.get("format") != ARCH:
        raise LearnedError(f"{path} is not the weights of a learned bot of this version (format {ARCH!r})")
    if table is None:
        table = action_table(get_ruleset(header["ruleset"]))
    if header.get("actions") != len(table):
        raise LearnedError(f"{path} was trained on {header.get('actions')} actions; {table.ruleset} has {len(table)}: train it again")
    return LearnedNet(weights, header, table)


_NETS: dict[str, LearnedNet] = {}


def shipped_rulesets() -> list[str]:
    """The rulesets whose learned weights ship in the package."""
    return sorted(p.stem.removeprefix("learned-") for p in WEIGHTS.glob("learned-*.npz"))


class LearnedBot(Bot):
    """The ``learned`` bot (see the module's docs). ``LearnedBot(seed, net=...)`` plays the given
    :class:`LearnedNet` instead of the shipped weights (a network just trained)."""

    name = "learned"

    def __init__(self, seed: int | None = None, *, net: LearnedNet | None = None) -> None:
        super().__init__(seed)
        self._np = _np()
        from ..features.actions import action_table

        self._action_table = action_table
        self._given = net
        self._fits = None  # the last ruleset found to fit the network
        self._net = net

    def _net_for(self, rules) -> LearnedNet:
        if rules is self._fits:
            return self._net
        net = self._given
        if net is None:
            net = _NETS.get(rules.name)
            if net is None:
                path = weights_path(rules.name)
                if not path.is_file():
                    have = ", ".join(shipped_rulesets()) or "none"
                    raise LearnedError(f"the learned bot has no weights for {rules.name} (it has them for: {have})")
                net = _NETS[rules.name] = load_net(path)
        if net.table.ruleset != rules.name:
            raise LearnedError(f"the learned weights were trained for {net.table.ruleset}, not {rules.name}")
        own = self._action_table(rules)
        if own.entries != net.table.entries or own.bonus != net.table.bonus:
            raise LearnedError(
                f"the learned bot was trained for {rules.name} as registered: this table's options change its set of tiles and actions"
            )
        self._fits, self._net = rules, net
        return net

    def check_table(self, ruleset) -> None:
        """:class:`LearnedError` if there are no weights for ``ruleset`` or its options change its actions."""
        self._net_for(ruleset)

    def scores(self, observation: Observation, legal) -> dict[int, tuple[Action, float]]:
        """``{index: (action, score)}`` of the legal actions (the network's logits)."""
        _, by_index, idx, scores = legal_scores(self._net_for(observation.ruleset), observation, legal)
        return {int(i): (by_index[int(i)], float(v)) for i, v in zip(idx, scores)}

    def act(self, observation: Observation, legal: tuple[Action, ...]) -> Action:
        if len(legal) == 1:
            return legal[0]
        scored = self.scores(observation, legal)
        best = max(scored, key=lambda i: scored[i][1])
        return scored[best][0]
