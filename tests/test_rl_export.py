"""A trained Stable-Baselines3 or PyTorch policy seated as a bot (issue 41, section 3, item 1):
exported to the ``.npz`` MLP file (:mod:`mahjongg.rl.export`), played with NumPy alone by
``policy:FILE`` in simulate, arena and play.

The NumPy player runs everywhere the rl extra is; the export is tested where PyTorch
(and for saved models, sb3-contrib) is installed, against the library's own numbers.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

np = pytest.importorskip("numpy")
gymnasium = pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from typer.testing import CliRunner  # noqa: E402

from mahjongg.bots import BotError, check_bot, make_bot  # noqa: E402
from mahjongg.cli import app  # noqa: E402
from mahjongg.rl import ENV_IDS, FlatObservation, SeatEnv, action_table  # noqa: E402
from mahjongg.rl.mlp import MlpPolicy  # noqa: E402
from mahjongg.rl.policy import PolicyBot, PolicyError, load_policy  # noqa: E402
from mahjongg.rules import get_ruleset  # noqa: E402
from mahjongg.simulate import simulate  # noqa: E402

runner = CliRunner()
TABLE = action_table(get_ruleset("pung-chow"))  # 127 actions, 46 x 34 planes
INPUTS = 46 * 34


def _observations(n: int, seed: int):
    """``n`` (planes, mask) pairs of a masked random learner's turns."""
    e = SeatEnv("pung-chow", opponents=("random",) * 3)
    obs, _ = e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    out = []
    while len(out) < n:
        out.append((obs["observation"], obs["action_mask"]))
        obs, _, done, _, _ = e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        if done:
            obs, _ = e.reset()
    return out


@pytest.fixture
def mlp_file(tmp_path):
    """A two-layer MLP with weights drawn from seed 0 (what an export writes)."""
    rng = np.random.default_rng(0)
    p = MlpPolicy(TABLE, [rng.normal(0, 0.05, (16, INPUTS)), rng.normal(0, 0.3, (127, 16))],
                  [np.zeros(16), rng.normal(0, 0.1, 127)], ["relu"])
    path = tmp_path / "mlp.npz"
    p.save(path, source="test")
    return path


# --- the NumPy player -------------------------------------------------------------------
def test_a_bias_only_policy_takes_the_legal_action_of_highest_bias():
    """One layer with zero weights and bias = the action's index: the logits are the
    indices, so the choice is the highest legal index, whatever the planes."""
    p = MlpPolicy(TABLE, [np.zeros((127, INPUTS))], [np.arange(127.0)], [])
    for planes, mask in _observations(50, seed=1):
        assert p.choose(planes, mask)[0] == int(np.flatnonzero(mask).max())


def test_the_logits_are_the_layers_formula(mlp_file):
    """relu(W0 x + b0) then W1 . + b1, written out, on real planes (flat or not, one or a batch)."""
    p, header = load_policy(mlp_file)
    assert isinstance(p, MlpPolicy) and header["activations"] == ["relu"] and header["inputs"] == INPUTS
    planes = np.stack([o for o, _ in _observations(8, seed=2)])
    x = planes.reshape(8, -1).astype(np.float32)
    want = np.maximum(x @ p.weights[0].T + p.biases[0], 0) @ p.weights[1].T + p.biases[1]
    assert np.allclose(p.logits(planes), want, atol=1e-6)
    assert np.allclose(p.logits(planes[3]), want[3], atol=1e-6)


def test_an_mlp_file_plays_in_simulate_and_arena(mlp_file):
    s = simulate(4, (f"policy:{mlp_file}", "random", "greedy", "random"), seed=1)
    assert s.games == 4 and sum(s.net) == 0
    assert isinstance(make_bot(f"policy:{mlp_file}", 0), PolicyBot)
    r = runner.invoke(app, ["arena", "--challenger", f"policy:{mlp_file}", "--field", "random", "--deals", "2", "--json"])
    assert r.exit_code == 0, r.output


def test_an_mlp_file_plays_in_a_saved_match_and_resumes(mlp_file, tmp_path):
    """mahjongg play's session: the bot seated by name, kept in the match, made again on resume."""
    from mahjongg.play.session import new_session, resume_session
    from mahjongg.tiles import Wind

    name = f"policy:{mlp_file}"
    s = new_session(ruleset="pung-chow", bots=[name, "random", "greedy"], seat=Wind.EAST, seed=4, hands=1, db=tmp_path / "g.sqlite3")
    p = s.config.players.index(name)
    assert isinstance(s.bot(p), PolicyBot) and isinstance(s.bot(p).policy, MlpPolicy)
    s.run_bots(limit=5)
    match_id = s.recorder.match_id
    s.recorder.close()
    again = resume_session(tmp_path / "g.sqlite3", match_id)
    assert isinstance(again.bot(p).policy, MlpPolicy)
    again.recorder.close()


def test_serve_offers_an_mlp_file_by_name(mlp_file, tmp_path, monkeypatch):
    pytest.importorskip("uvicorn")
    import uvicorn

    from mahjongg import bots
    from mahjongg.web.players import bot_names

    monkeypatch.setattr(bots, "BOTS", dict(bots.BOTS))
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: None)
    r = runner.invoke(app, ["serve", "--port", "18766", "--db", str(tmp_path / "w.sqlite3"), "--policy", f"ppo={mlp_file}"])
    assert r.exit_code == 0, r.output
    assert "policy:ppo" in bot_names() and isinstance(make_bot("policy:ppo", 1).policy, MlpPolicy)


def test_an_mlp_file_refuses_another_ruleset(mlp_file):
    with pytest.raises(PolicyError, match="trained for pung-chow"):
        simulate(1, (f"policy:{mlp_file}", "random", "random", "random"), ruleset="hong-kong", seed=1)


@pytest.mark.parametrize(
    "arrays, header, why",
    [
        ({"W0": np.zeros((127, 100)), "b0": np.zeros(127)}, {"activations": []}, "the first layer takes 100 inputs; pung-chow's planes are 1564 (46 x 34)"),
        ({"W0": np.zeros((143, INPUTS)), "b0": np.zeros(143)}, {"activations": []}, "gives 143 logits; pung-chow has 127"),
        ({"W0": np.zeros((8, INPUTS)), "b0": np.zeros(8)}, {"activations": ["relu"]}, "no W1 array"),
        ({"W0": np.zeros((8, INPUTS)), "b0": np.zeros(8), "W1": np.zeros((127, 8)), "b1": np.zeros(127)},
         {"activations": ["gelu"]}, "unknown activation 'gelu'"),
    ],
    ids=["inputs", "actions", "missing-layer", "activation"],
)
def test_mlp_files_that_do_not_fit_are_one_line_errors(tmp_path, arrays, header, why):
    import json

    path = tmp_path / "bad.npz"
    full = {"format": "mahjongg-mlp-policy-1", "ruleset": "pung-chow", "actions": 127, **header}
    np.savez(path, header=np.array(json.dumps(full)), **arrays)
    with pytest.raises(BotError) as exc:
        check_bot(f"policy:{path}")
    assert why in str(exc.value) and "\n" not in str(exc.value)


def test_a_stable_baselines3_zip_says_export_it(tmp_path):
    """What model.save writes (a zip with `data` and `policy.pth`), given as policy:FILE."""
    import zipfile

    path = tmp_path / "model.zip"
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("data", "{}")
        z.writestr("policy.pth", b"")
    with pytest.raises(PolicyError, match=r"is a Stable-Baselines3 model: export it first, python -m mahjongg.rl.export"):
        check_bot(f"policy:{path}")


# --- exporting PyTorch modules ------------------------------------------------------------
def test_a_torch_sequential_exports_to_the_same_logits(tmp_path):
    torch = pytest.importorskip("torch")
    from mahjongg.rl.export import export_policy

    torch.manual_seed(0)
    net = torch.nn.Sequential(
        torch.nn.Flatten(0), torch.nn.Linear(INPUTS, 24), torch.nn.Tanh(), torch.nn.Sequential(torch.nn.Linear(24, 24), torch.nn.ELU()),
        torch.nn.Linear(24, 24), torch.nn.Linear(24, 127),  # two Linear in a row: an identity between
    )
    p = export_policy(net, tmp_path / "net.npz", ruleset="pung-chow")
    assert p.activations == ["tanh", "elu", "identity"]
    loaded, _ = load_policy(tmp_path / "net.npz")
    for planes, mask in _observations(40, seed=3):
        with torch.no_grad():
            want = net(torch.as_tensor(planes)).numpy()
        assert np.allclose(loaded.logits(planes), want, atol=1e-5)
        assert loaded.choose(planes, mask)[0] == int(np.flatnonzero(mask)[np.argmax(want[mask.astype(bool)])])


@pytest.mark.parametrize(
    "layers, why",
    [
        (lambda nn: [nn.Linear(INPUTS, 127), nn.Tanh()], "the last layer is followed by tanh"),
        (lambda nn: [nn.Linear(INPUTS, 127), nn.Softmax(-1)], "cannot export a Softmax layer"),
        (lambda nn: [nn.Linear(INPUTS, 8), nn.LeakyReLU(0.2), nn.Linear(8, 127)], "LeakyReLU with negative_slope=0.01 only"),
        (lambda nn: [nn.Conv1d(46, 8, 3)], "cannot export a Conv1d layer"),
        (lambda nn: [nn.Linear(INPUTS, 100)], "gives 100 logits; pung-chow has 127"),
    ],
    ids=["trailing-tanh", "softmax", "leaky-slope", "conv", "outputs"],
)
def test_torch_modules_the_player_cannot_play_are_one_line_errors(tmp_path, layers, why):
    torch = pytest.importorskip("torch")
    from mahjongg.rl.export import export_policy

    with pytest.raises(PolicyError, match=why) as exc:
        export_policy(torch.nn.Sequential(*layers(torch.nn)), tmp_path / "x.npz", ruleset="pung-chow")
    assert "\n" not in str(exc.value)


# --- exporting Stable-Baselines3 models -------------------------------------------------
@pytest.fixture(scope="module")
def maskable_ppo(tmp_path_factory):
    """A MaskablePPO model after one small update (64 steps), as examples/train_maskable_ppo.py makes it."""
    pytest.importorskip("torch")
    sb3c = pytest.importorskip("sb3_contrib")
    env = FlatObservation(gymnasium.make(ENV_IDS["pung-chow"], opponents=("random",) * 3))
    env.reset(seed=1)
    model = sb3c.MaskablePPO("MlpPolicy", env, n_steps=64, batch_size=64, n_epochs=1, seed=1,
                             policy_kwargs={"net_arch": [32, 32]}, device="cpu")
    model.learn(64)
    path = tmp_path_factory.mktemp("sb3") / "model.zip"
    model.save(path)
    return model, path


def test_a_maskable_ppo_model_plays_as_its_export(maskable_ppo, tmp_path):
    """The exported file's choice is model.predict(obs, action_masks=mask, deterministic=True)
    at every one of 300 learner turns; its ruleset is read from the model's env."""
    from mahjongg.rl.export import export_policy

    model, _ = maskable_ppo
    export_policy(model, tmp_path / "ppo.npz")
    p, header = load_policy(tmp_path / "ppo.npz")
    assert header["ruleset"] == "pung-chow" and header["source"] == "MaskablePPO" and header["activations"] == ["tanh", "tanh"]
    for planes, mask in _observations(300, seed=4):
        want, _ = model.predict(planes.reshape(-1), action_masks=mask.astype(bool), deterministic=True)
        assert p.choose(planes, mask)[0] == int(want)


def test_the_export_command_reads_a_saved_model(maskable_ppo, tmp_path):
    model, path = maskable_ppo
    out = tmp_path / "cli.npz"
    r = subprocess.run([sys.executable, "-m", "mahjongg.rl.export", str(path), "--ruleset", "pung-chow", "--out", str(out)],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert f"seat it as the bot policy:{out}" in r.stdout and "1564 -> 32 -> 32 -> 127" in r.stdout
    p, header = load_policy(out)
    assert header["source"] == "model.zip"
    for planes, mask in _observations(50, seed=5):
        want, _ = model.predict(planes.reshape(-1), action_masks=mask.astype(bool), deterministic=True)
        assert p.choose(planes, mask)[0] == int(want)
    r = runner.invoke(app, ["arena", "--challenger", f"policy:{out}", "--field", "greedy", "--deals", "2"])
    assert r.exit_code == 0, r.output


@pytest.mark.parametrize("args, why", [
    (["--ruleset", "nope"], "unknown ruleset"),
    (["--ruleset", "hong-kong"], "the first layer takes 1564 inputs; hong-kong's planes are 1932 (46 x 42)"),
])
def test_the_export_command_bad_input_is_one_line(maskable_ppo, tmp_path, args, why):
    _, path = maskable_ppo
    r = subprocess.run([sys.executable, "-m", "mahjongg.rl.export", str(path), *args, "--out", str(tmp_path / "x.npz")],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert why in r.stderr.strip().splitlines()[-1]
