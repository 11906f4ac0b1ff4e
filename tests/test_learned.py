"""The ``learned`` bot (issue 41): NumPy inference of the shipped weights, and the whole training
pipeline run tiny (record the master's decisions, fit, play the weights) when PyTorch is there.

The inference tests need NumPy alone; the pipeline's are skipped without PyTorch.
"""

from __future__ import annotations

import numpy as np
import pytest

from mahjongg.bots import BOTS, BotError, make_bot
from mahjongg.bots.learned import LearnedBot, LearnedError, LearnedNet, load_net, save_weights, shipped_rulesets, weights_path
from mahjongg.features.actions import action_table
from mahjongg.features.encoding import encode
from mahjongg.rules import get_ruleset
from mahjongg.simulate import play_hand
from mahjongg.table import Game
from mahjongg.table.actions import ActionKind


def zero_net(ruleset: str = "pung-chow", **set_weights) -> LearnedNet:
    """A network of the shipped shapes (1 block, 8 channels), every weight 0 but ``set_weights``."""
    table = action_table(get_ruleset(ruleset))
    header = {"format": "mahjongg-learned-1", "ruleset": ruleset, "actions": len(table), "channels": 8, "blocks": 1,
              "embed": 4, "hidden": 4}
    weights = {k: np.zeros(s, np.float32) for k, s in LearnedNet.shapes(header, table).items()}
    for k, v in set_weights.items():
        weights[k.replace("_", ".")] = v(weights[k.replace("_", ".")])
    return LearnedNet(weights, header, table)


def test_learned_is_a_bot_of_the_registry_with_weights_for_pung_chow():
    assert BOTS["learned"] is LearnedBot
    assert "pung-chow" in shipped_rulesets()
    assert weights_path("pung-chow").stat().st_size < 4 * 2**20  # "a few MB per ruleset" at most
    net = load_net(weights_path("pung-chow"))
    assert net.header["ruleset"] == "pung-chow" and net.header["teacher"] == "master"
    assert {"decisions", "heldout_accuracy", "train_seconds"} <= set(net.header["trained"])


def test_the_shipped_network_plays_as_the_master_more_often_than_chance():
    """On hands it was not trained on (run seed 999; it was trained on seeds 1 and 2), the shipped
    pung-chow network ranks the master's action first far more often than a uniformly random
    legal choice would (its expected rate: the mean of 1 / the legal actions)."""
    from mahjongg.rl.imitation import QUANT, record  # (recording needs NumPy alone)

    d = record("pung-chow", hands=3, seed=999)
    net = load_net(weights_path("pung-chow"))
    logits, _ = net.forward(d.planes.astype(np.float32) / QUANT)
    picks = np.where(d.masks, logits, -np.inf).argmax(axis=1)
    agree = float((picks == d.actions).mean())
    chance = float((1 / d.masks.sum(axis=1)).mean())
    assert agree > 2 * chance, (agree, chance)


def test_the_discard_heads_read_their_own_tile():
    """A network wired by hand: channel 0 of the first layer is plane 0 at the tile itself (tap 0 of
    five: weight row 2 * (46 + embed) + 0), own copies / 4; the discard head (column 0 of
    ``tile.w``) reads channel 0. So each discard scores the copies held / 4 (the weights after the
    first layer are 0, the blocks' residual adds 0), and the bot discards a kind it holds most of:
    in East's first turn of the deal of seed 5 (any deal would do), each discard scores its kind's
    copies in East's hand / 4, and the one chosen is of a kind East holds most copies of."""

    def first(w):
        w[2 * (46 + 4) + 0, 0] = 1.0
        return w

    def head(w):
        w[0, 0] = 1.0
        return w

    net = zero_net(c0_w=first, tile_w=head)
    g = Game(get_ruleset("pung-chow"), seed=5)
    obs, legal = g.observation(g.turn), g.legal_actions(g.turn)
    bot = LearnedBot(0, net=net)
    scores = bot.scores(obs, legal)
    counts = {t: obs.concealed.count(t) for t in set(obs.concealed)}
    for i, (a, s) in scores.items():
        if a.kind is ActionKind.DISCARD:
            assert s == pytest.approx(counts[a.tile] / 4), a
    chosen = bot.act(obs, legal)
    assert chosen.kind is ActionKind.DISCARD and counts[chosen.tile] == max(counts.values())


def test_learned_plays_whole_hands_at_every_seat_of_pung_chow_by_name():
    # the seeds are arbitrary; each hand ends (a win or a draw) and the payments sum to zero
    for players in (4, 3):
        out = play_hand(["learned"] * players, seed=41_000 + players, index=0, ruleset="pung-chow", run_seed=41)
        assert sum(out.net) == 0 and out.actions > 0


def test_the_shipped_network_decides_from_the_observation_alone():
    """Two bots of different seeds choose the same (the network is deterministic, no draw), and
    the choice is the legal action of highest score."""
    g = Game(get_ruleset("pung-chow"), seed=9)
    obs, legal = g.observation(g.turn), g.legal_actions(g.turn)
    a, b = make_bot("learned", 1), make_bot("learned", 2)
    scores = a.scores(obs, legal)
    best = max(scores.values(), key=lambda p: p[1])[0]
    assert a.act(obs, legal) == b.act(obs, legal) == best


@pytest.mark.parametrize("ruleset", ["dmjl"])
def test_a_ruleset_without_weights_is_one_line_naming_those_it_has(ruleset):
    assert ruleset not in shipped_rulesets()
    with pytest.raises(BotError, match=f"the learned bot has no weights for {ruleset} \\(it has them for: .*pung-chow"):
        play_hand(["learned", "greedy", "greedy", "greedy"], seed=1, ruleset=ruleset)


def test_a_table_whose_options_change_the_tiles_is_refused():
    # the Mandarins add tiles to Pung Chow: the action table the weights were trained on is another
    with pytest.raises(LearnedError, match="options change its set of tiles and actions"):
        play_hand(["learned", "greedy", "greedy", "greedy"], seed=1, ruleset="pung-chow", options={"mandarins": True})


def _bad_npz_files(tmp_path):
    """Files that are not .npz archives of plain arrays, each with the reason its error must give."""
    import numpy as np

    text = tmp_path / "text.npz"
    text.write_bytes(b"not a zip")  # numpy would try to unpickle it
    broken = tmp_path / "broken.npz"
    broken.write_bytes(b"PK\x03\x04 a zip's magic and nothing else")
    single = tmp_path / "single.npz"
    with open(single, "wb") as f:
        np.save(f, np.zeros(3))
    objects = tmp_path / "objects.npz"
    np.savez(objects, a=np.array([{"x": 1}], dtype=object))
    return [
        (text, r"not an .npz \(zip\) file"),
        (broken, "a damaged .npz file"),
        (single, r"a single array \(.npy\)"),
        (objects, "it holds Python objects, which are never read"),
        (tmp_path / "missing.npz", "missing.npz: no such file"),
        (tmp_path, "is a folder"),
    ]


def test_a_file_that_is_not_an_npz_is_one_line_naming_it_and_why(tmp_path):
    # weights (learned:, policy: through load_net) and recordings (fit) are read alike,
    # never unpickled, and every bad file is the library's error, not numpy's or zipfile's
    from mahjongg.rl.imitation import TrainError, load_decisions

    for path, why in _bad_npz_files(tmp_path):
        with pytest.raises(LearnedError, match=why) as e:
            load_net(path)
        assert str(path) in str(e.value) and "\n" not in str(e.value)
        with pytest.raises(TrainError, match=why):
            load_decisions([path])


def test_a_file_that_is_not_weights_is_refused(tmp_path):
    bad = tmp_path / "x.npz"
    bad.write_bytes(b"not a zip")
    with pytest.raises(LearnedError, match="is not the weights of a learned bot"):
        load_net(bad)
    other = tmp_path / "y.npz"
    net = zero_net()
    save_weights(other, net.w, dict(net.header, format="something-else"))
    with pytest.raises(LearnedError, match="of this version"):
        load_net(other)
    short = tmp_path / "z.npz"
    save_weights(short, {k: v for k, v in net.w.items() if k != "value.w"}, net.header)
    with pytest.raises(LearnedError, match="value.w is None"):
        load_net(short)


# --- the pipeline, tiny (PyTorch) -------------------------------------------------------------


def test_the_pipeline_runs_tiny_and_numpy_plays_what_torch_trained(tmp_path):
    torch = pytest.importorskip("torch")
    from mahjongg.bots import register_bot
    from mahjongg.rl.imitation import QUANT, fit, load_decisions, record, save_decisions, torch_net

    d = record("pung-chow", hands=6, seed=3)  # about 300 decisions of four masters
    assert len(d) > 100 and d.masks[np.arange(len(d)), d.actions].all()  # the teacher's action is legal
    assert (d.masks.sum(axis=1) >= 2).all()  # only decisions with a choice
    # the planes as the envs show them: stored in steps of 1/252, the copy planes exact
    table = action_table(get_ruleset("pung-chow"))
    g = Game(get_ruleset("pung-chow"), seed=1)
    x = encode(g.observation(g.turn), table)
    assert np.array_equal(np.rint(x[:4] * QUANT) / QUANT, x[:4])
    path = tmp_path / "rec.npz"
    save_decisions(d, path)
    d2 = load_decisions([path, path])  # two files: the second's hands numbered after the first's
    assert len(d2) == 2 * len(d) and d2.hands.max() == 2 * (d.hands.max() + 1) - 1
    out = tmp_path / "learned-pung-chow.npz"
    report = fit(d, out, epochs=1, channels=8, blocks=1, holdout=0.34)
    assert report["train_decisions"] + report["heldout_decisions"] == len(d) and report["heldout_decisions"] > 0
    assert 0 <= report["heldout_accuracy"] <= 1 and report["file_bytes"] == out.stat().st_size
    net = load_net(out)
    # NumPy gives what PyTorch computes, from the weights file alone
    tn = torch_net(net.table, 8, 1)
    with torch.no_grad():
        for name in net.w:
            tn.p[name.replace(".", "_")].copy_(torch.from_numpy(net.w[name]))
        planes = d.planes[:64].astype(np.float32) / QUANT
        tl, tv = tn(torch.from_numpy(planes))
    logits, value = net.forward(planes)
    assert np.allclose(logits, tl.numpy(), atol=1e-4) and np.allclose(value, tv.numpy(), atol=1e-4)
    # a second round (DAgger): the tiny network plays, the master labels its decisions; fit goes on from it
    register_bot("learned-tiny", lambda seed: LearnedBot(seed, net=net))
    try:
        dag = record("pung-chow", hands=2, seed=4, student="learned-tiny")
        assert dag.info["student"] == "learned-tiny" and dag.masks[np.arange(len(dag)), dag.actions].all()
        again = fit(dag, tmp_path / "round-2.npz", epochs=1, holdout=0, init=out)
        assert (again["channels"], again["blocks"]) == (8, 1) and again["heldout_decisions"] == 0
        hand = play_hand(["learned-tiny", "greedy", "greedy", "greedy"], seed=7, ruleset="pung-chow")
        assert sum(hand.net) == 0
    finally:
        BOTS.pop("learned-tiny")


def test_a_recording_keeps_the_teachers_value_of_each_action_it_weighed():
    """The master's turns decided by ranking its discards keep the value of every legal discard
    (its expected chips less the risk), and its claim windows decided by weighing a claim against
    passing keep both values: the action it played is one it valued highest, and nothing it did not
    weigh has a value."""
    from mahjongg.rl.imitation import record

    d = record("pung-chow", hands=4, seed=998)
    table = action_table(get_ruleset("pung-chow"))
    discard = np.array([k is ActionKind.DISCARD for k, _ in table.entries])
    claim = np.array([k in (ActionKind.CHOW, ActionKind.PUNG, ActionKind.KONG) for k, _ in table.entries])
    valued = ~np.isnan(d.values).all(axis=1)
    window = d.masks[:, table.index_of_pass]
    assert valued[~window].mean() > 0.5, valued[~window].mean()  # most turns are decided so
    assert valued[window].any()  # and some claim windows
    for i in np.flatnonzero(valued):
        has = ~np.isnan(d.values[i])
        if window[i]:  # passing and at least one claim, all legal
            assert has[table.index_of_pass] and (has & claim).any() and not (has & ~d.masks[i]).any(), i
        else:
            assert np.array_equal(has, d.masks[i] & discard), i  # every legal discard, nothing else
        # the one played is valued best: on a turn where master's NO_CHANCE_MARGIN put a step
        # nearer ready first, its nearest discards are valued with that margin (step_values)
        assert d.values[i, d.actions[i]] == np.nanmax(d.values[i]), i


def test_fitting_on_the_teachers_values_reports_the_regret_by_them(tmp_path):
    pytest.importorskip("torch")
    from mahjongg.rl.imitation import TrainError, fit, load_decisions, record, save_decisions

    d = record("pung-chow", hands=4, seed=997)
    report = fit(d, tmp_path / "soft.npz", epochs=1, channels=8, blocks=1, holdout=0.5, soft_weight=0.7, temperature=1.0)
    assert report["soft_weight"] == 0.7 and report["heldout_valued_decisions"] > 0
    assert report["heldout_regret_chips"] >= 0 and 0 <= report["heldout_best_share"] <= 1
    # a recording made before the values were kept loads with none: it trains on the actions alone
    old = tmp_path / "old.npz"
    np.savez_compressed(old, planes=d.planes, masks=d.masks, actions=d.actions, chips=d.chips, hands=d.hands,
                        info=np.array('{"ruleset": "pung-chow"}'))
    again = load_decisions(old)
    assert np.isnan(again.values).all() and again.values.shape == d.masks.shape
    assert fit(again, tmp_path / "hard.npz", epochs=1, channels=8, holdout=0.5, soft_weight=0.7)["heldout_regret_chips"] is None
    with pytest.raises(TrainError, match="soft_weight"):
        fit(d, tmp_path / "x.npz", soft_weight=1.5)
    with pytest.raises(TrainError, match="temperature"):
        fit(d, tmp_path / "x.npz", temperature=0)
    with pytest.raises(TrainError, match="regret_weight"):
        fit(d, tmp_path / "x.npz", regret_weight=-1)
    costly = fit(d, tmp_path / "costly.npz", epochs=1, channels=8, holdout=0.5, soft_weight=0.7, regret_weight=2.0)
    assert costly["regret_weight"] == 2.0 and costly["heldout_regret_chips"] >= 0
    save_decisions(d, tmp_path / "new.npz")
    assert np.array_equal(np.isnan(load_decisions(tmp_path / "new.npz").values), np.isnan(d.values))


def test_weights_a_fit_wrote_are_seated_by_file_as_policy_file(tmp_path):
    """``policy:FILE`` seats a learned network from its own file (a user's own training run), and it
    plays what the learned bot plays with those weights."""
    from mahjongg.rl.policy import PolicyError

    path = tmp_path / "mine.npz"
    net = load_net(weights_path("pung-chow"))
    save_weights(path, net.w, net.header)
    bot = make_bot(f"policy:{path}", 1)
    same = LearnedBot(1, net=net)
    g = Game(get_ruleset("pung-chow"), seed=5)
    seat = g.turn
    obs, legal = g.observation(seat), g.legal_actions(seat)
    assert len(legal) > 1 and bot.act(obs, legal) == same.act(obs, legal)
    hand = play_hand([f"policy:{path}", "greedy", "greedy", "greedy"], seed=7, ruleset="pung-chow")
    assert sum(hand.net) == 0
    with pytest.raises(BotError, match="trained for pung-chow, not hong-kong"):
        play_hand([f"policy:{path}", "greedy", "greedy", "greedy"], seed=7, ruleset="hong-kong")
    bad = tmp_path / "bad.npz"
    header = dict(net.header, channels=4)  # weights that do not fit their own header
    save_weights(bad, net.w, header)
    with pytest.raises(PolicyError, match="do not fit"):
        make_bot(f"policy:{bad}", 1)


def test_self_play_improves_by_duplicate_deals_and_writes_weights_the_bot_plays(tmp_path):
    """The improvement step run tiny: two deals, each played four times with the network in each seat
    against three greedy bots and once by the greedy bots alone (the duplicate baseline); one gradient
    step a deal. The advantage it reports is the mean over the deals of the network's chips less the
    field bot's in the same seat, and its weights play."""
    pytest.importorskip("torch")
    from mahjongg.rl.imitation import TrainError
    from mahjongg.rl.selfplay import improve

    out = tmp_path / "improved.npz"
    report = improve(weights_path("pung-chow"), out, deals=2, batch=1, seed=3, field="greedy", lr=1e-3)
    assert report["deals"] == 2 and report["steps"] == 2 and len(report["curve"]) == 2
    mean, lo, hi = report["advantage"]
    assert lo <= mean <= hi and mean == pytest.approx(sum(p["advantage"] for p in report["curve"]) / 2, abs=0.01)
    before, after = load_net(weights_path("pung-chow")), load_net(out)
    assert after.header["improved"]["deals"] == 2
    assert any(not np.array_equal(before.w[k], after.w[k]) for k in before.w)  # the steps changed the weights
    hand = play_hand([f"policy:{out}", "greedy", "greedy", "greedy"], seed=7, ruleset="pung-chow")
    assert sum(hand.net) == 0
    with pytest.raises(TrainError, match="missing.npz: no such file"):
        improve(tmp_path / "missing.npz", out, deals=1)
    with pytest.raises(BotError):
        improve(weights_path("pung-chow"), out, deals=1, field="nobody")


# --- the look-ahead planes ----------------------------------------------------------------------


def test_the_lookahead_planes_of_a_hand_worked_out():
    from mahjongg.bots.learned import lookahead
    from mahjongg.notation import parse_tiles

    # In turn, nothing in sight: 123b 456b 789b 11c 3d 7d E (14 tiles). Three chows and the pair
    # 11c; 3d, 7d and E alone. Discarding E, 3d or 7d leaves shanten 1 (8 - 2 x 3 sets - the
    # pair); discarding 1c or a chow's tile, 2 (a pair or a set broken).
    # Live after E: 1d-5d (with 3d), 5d-9d (with 7d) and 1c (its pung): 4 unseen of each but
    # 3d, 7d (3: one held) and 1c (2) = 4 x 7 + 3 + 3 + 2 = 36. After 3d: 5d-9d (19), E (3: its
    # pair), 1c (2) = 24; after 7d likewise 24. So E is the discard of least shanten, then most
    # live tiles: greedy's.
    x = np.zeros((1, 46, 34), np.float32)
    for t in parse_tiles("123b 456b 789b 11c 3d 7d E"):
        x[0, 0, int(t)] += 0.25
    f = lookahead(x)[0]
    E, d3, d7, c1, b2, w = (int(t) for t in parse_tiles("E 3d 7d 1c 2b W"))
    assert f[0, E] == f[0, d3] == f[0, d7] == 1.0 and abs(f[0, c1] - 2 / 3) < 1e-6 and abs(f[0, b2] - 2 / 3) < 1e-6
    assert abs(f[1, E] - 36 / 40) < 1e-6 and abs(f[1, d3] - 24 / 40) < 1e-6 and abs(f[1, d7] - 24 / 40) < 1e-6
    assert f[2].sum() == 1.0 and f[2, E] == 1.0
    assert abs(f[3, E] - 2 / 9) < 1e-6 and f[:, w].sum() == 0  # a kind not held: nothing
    # 1d and 2d discarded and lying (in sight): 1d and 2d count 0 unseen each instead of 4: after E 28
    x[0, 15, [int(t) for t in parse_tiles("1d 2d")]] = 1.0
    assert abs(lookahead(x)[0, 1, E] - 28 / 40) < 1e-6
    # 13 tiles (a claim window): no discard to weigh, all 0
    x[0, 0, E] = 0
    assert not lookahead(x).any()


def test_a_network_with_lookahead_planes_numpy_plays_what_torch_computes(tmp_path):
    torch = pytest.importorskip("torch")
    from mahjongg.bots.learned import LOOKAHEAD
    from mahjongg.rl.imitation import fit, record, torch_net

    d = record("pung-chow", hands=2, seed=5)
    table = action_table(get_ruleset("pung-chow"))
    tn = torch_net(table, 8, 1, seed=3, lookahead=LOOKAHEAD)
    net = LearnedNet(tn.weights(), tn.header, table)
    planes = d.planes[:48].astype(np.float32) / 252
    with torch.no_grad():
        tl, tv = tn(torch.from_numpy(planes))
    logits, value = net.forward(planes)
    assert np.allclose(logits, tl.numpy(), atol=1e-4) and np.allclose(value, tv.numpy(), atol=1e-4)
    # started from weights without them, the look-ahead inputs start at 0: the same policy
    plain = torch_net(table, 8, 1, seed=4)
    start = tmp_path / "plain.npz"
    save_weights(start, plain.weights(), plain.header)
    out = tmp_path / "look.npz"
    report = fit(d, out, epochs=0, holdout=0, init=start, lookahead=True)
    assert report["lookahead"] == LOOKAHEAD
    widened, before = load_net(out), load_net(start)
    assert widened.lookahead == LOOKAHEAD and before.lookahead == 0
    assert np.allclose(widened.forward(planes)[0], before.forward(planes)[0], atol=1e-5)


# --- the win values among the look-ahead planes --------------------------------------------------


def test_a_seats_sets_are_read_back_from_the_planes():
    from mahjongg.bots.learned import _own_melds
    from mahjongg.hand import Meld, MeldKind
    from mahjongg.notation import parse_tiles
    from mahjongg.tiles import tile

    def counts(text):
        c = [0] * 34
        for t in parse_tiles(text):
            c[int(t)] += 1
        return c

    def meld(kind, t, exposed=True):
        return Meld(kind, tile(t), exposed=exposed)

    # an exposed pung of 3b and the chow 3b4b5b: four 3b, one 4b, one 5b. A kong of 3b first
    # leaves 4b, 5b alone: no sets; the pung then the chow is the one way to read them
    assert _own_melds(counts("3b 3b 3b 3b 4b 5b"), []) == (meld(MeldKind.PUNG, "3b"), meld(MeldKind.CHOW, "3b"))
    # four of a kind and nothing else: the exposed kong; a concealed kong from plane 7 after
    assert _own_melds(counts("R R R R 7c 8c 9c"), [int(tile("N"))]) == (
        meld(MeldKind.CHOW, "7c"), meld(MeldKind.KONG, "R"), meld(MeldKind.KONG, "N", exposed=False))
    assert _own_melds([0] * 34, []) == ()


def _turns_with_a_near_discard(ruleset: str, seed: int, n: int):
    """Up to ``n`` turns of a hand of four greedy bots where a discard leaves the hand waiting or a
    step from it (the turn's observation), and the encoded planes of each."""
    g = Game(get_ruleset(ruleset), seed)
    table = action_table(g.ruleset)
    greedy = make_bot("greedy", 1)
    out = []
    while not g.is_over and len(out) < n:
        seat = g.to_act()[0]
        obs, legal = g.observation(seat), g.legal_actions(seat)
        if obs.my_turn and len(obs.concealed) % 3 == 2 and shanten_of(obs) <= 2:
            out.append((obs, encode(obs, table)))
        g.apply(greedy.act(obs, legal))
    return out


def shanten_of(obs):
    from mahjongg.bots.base import concealed_counts
    from mahjongg.shanten import shanten

    return shanten(concealed_counts(obs), len(obs.melds[obs.seat]))


@pytest.mark.parametrize("ruleset,seed", [("pung-chow", 3), ("pung-chow", 8), ("hong-kong", 4)])
def test_the_win_value_planes_are_the_experts_values_read_from_the_planes_alone(ruleset, seed):
    """Planes 4 and 5 of lookahead(x, ruleset) are what the expert's discard_value computes from the
    seat's own observation -- the chips of the discard's likely win and its chance -- at each
    discard of least shanten (waiting, or a step out), worked out from the planes alone: the
    value ``(log2(1 + chips) - 5) / 6`` in [0, 1], the chance times 2, at most 1; elsewhere 0."""
    from mahjongg.bots.expert import discard_value
    from mahjongg.bots.learned import LOOKAHEAD, lookahead

    rules = get_ruleset(ruleset)
    table = action_table(rules)
    turns = _turns_with_a_near_discard(ruleset, seed, 12)
    assert turns
    checked = 0
    for obs, x in turns:
        f = lookahead(x[None], rules, table.bonus)[0]
        assert f.shape == (LOOKAHEAD + 2, 34)
        assert np.array_equal(f[:LOOKAHEAD], lookahead(x[None])[0])  # the first four as without a ruleset
        ranked = discard_value(obs, defence=False)
        least = min(v.shanten for v in ranked)
        for v in ranked:
            t = int(v.tile)
            if least <= 1 and v.shanten == least:
                want = min(1.0, max(0.0, np.log2(1 + max(0.0, v.value)) - 5) / 6)
                assert abs(f[4, t] - want) < 1e-5 and abs(f[5, t] - min(1.0, 2 * v.chance)) < 1e-5, (obs.concealed, v)
                checked += 1
            else:
                assert f[4, t] == f[5, t] == 0
    assert checked


def test_a_network_with_the_win_values_numpy_plays_what_torch_computes_and_widens_from_four(tmp_path):
    torch = pytest.importorskip("torch")
    from mahjongg.bots.learned import LOOKAHEAD, WIN_VALUES
    from mahjongg.rl.imitation import fit, look_planes, record, torch_net

    d = record("pung-chow", hands=2, seed=5)
    table = action_table(get_ruleset("pung-chow"))
    tn = torch_net(table, 8, 1, seed=3, lookahead=LOOKAHEAD + WIN_VALUES)
    net = LearnedNet(tn.weights(), tn.header, table)
    planes = d.planes[:48].astype(np.float32) / 252
    assert look_planes(planes, table, LOOKAHEAD + WIN_VALUES)[:, LOOKAHEAD:].any()  # some discard near a win
    with torch.no_grad():
        tl, tv = tn(torch.from_numpy(planes))
        pl, _ = tn(torch.from_numpy(planes), torch.from_numpy(look_planes(planes, table, LOOKAHEAD + WIN_VALUES)))
    logits, value = net.forward(planes)
    assert np.allclose(logits, tl.numpy(), atol=1e-4) and np.allclose(value, tv.numpy(), atol=1e-4)
    assert np.allclose(pl.numpy(), tl.numpy(), atol=1e-5)  # the planes worked out before, as in fit
    # widened from a network of four look-ahead planes: the two new ones' inputs at 0, the same policy
    four = torch_net(table, 8, 1, seed=4, lookahead=LOOKAHEAD)
    start = tmp_path / "four.npz"
    save_weights(start, four.weights(), four.header)
    out = tmp_path / "six.npz"
    report = fit(d, out, epochs=0, holdout=0, init=start, lookahead=LOOKAHEAD + WIN_VALUES)
    widened, before = load_net(out), load_net(start)
    assert report["lookahead"] == widened.lookahead == LOOKAHEAD + WIN_VALUES and before.lookahead == LOOKAHEAD
    assert np.allclose(widened.forward(planes)[0], before.forward(planes)[0], atol=1e-5)
    with pytest.raises(Exception, match="lookahead: 0, 4 or 6 planes, not 5"):
        fit(d, tmp_path / "x.npz", epochs=0, holdout=0, lookahead=5)
