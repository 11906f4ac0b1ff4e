"""Trained policies as bots: the policy file, ``policy:FILE`` in simulate/play,
``serve --policy NAME=FILE`` (issue 15). Skipped without the rl packages."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from typer.testing import CliRunner  # noqa: E402

from mahjongg import bots  # noqa: E402
from mahjongg.bots import BotError, check_bot, make_bot  # noqa: E402
from mahjongg.cli import app  # noqa: E402
from mahjongg.rl import SeatEnv, action_table  # noqa: E402
from mahjongg.rl.policy import LinearPolicy, PolicyBot, PolicyError, load_policy  # noqa: E402
from mahjongg.rules import get_ruleset  # noqa: E402
from mahjongg.simulate import SimulationError, simulate  # noqa: E402

runner = CliRunner()


@pytest.fixture
def policy_file(tmp_path):
    p = LinearPolicy(action_table(get_ruleset("pung-chow")))
    p.theta[:] = np.random.default_rng(0).normal(0, 0.1, p.size)
    path = tmp_path / "p.npz"
    p.save(path, seed=0)
    return path


def test_policy_file_round_trip(policy_file):
    p, header = load_policy(policy_file)
    assert header["ruleset"] == "pung-chow" and header["seed"] == 0
    assert p.theta.shape == (p.size,)


def test_log_probability_gradient_is_right(policy_file):
    """The REINFORCE step uses d log pi(a) / d theta = phi[a] - sum_b pi(b) phi[b]:
    checked against a central difference on a real observation."""
    p, _ = load_policy(policy_file)
    e = SeatEnv("pung-chow", opponents=("random",) * 3)
    obs, _ = e.reset(seed=2)
    legal = np.flatnonzero(obs["action_mask"]).tolist()
    phi = p.features(obs["observation"], legal)
    probs = p.probabilities(phi)
    j = 0
    grad = phi[j] - probs @ phi
    rng = np.random.default_rng(1)
    for k in rng.choice(np.flatnonzero(np.abs(phi).sum(axis=0)), 5, replace=False):
        h = 1e-5
        p.theta[k] += h
        up = np.log(p.probabilities(phi)[j])
        p.theta[k] -= 2 * h
        down = np.log(p.probabilities(phi)[j])
        p.theta[k] += h
        assert abs((up - down) / (2 * h) - grad[k]) < 1e-6


def test_a_policy_bot_is_named_as_make_bot_takes_it(policy_file):
    """A saved match keeps each bot's name and makes it again on resume."""
    bot = make_bot(f"policy:{policy_file}", 3)
    assert bot.name == f"policy:{policy_file}"
    assert isinstance(make_bot(bot.name, 3), PolicyBot)


def test_a_terminal_match_with_a_policy_bot_saves_and_resumes(policy_file, tmp_path):
    from mahjongg.play.session import new_session, resume_session
    from mahjongg.tiles import Wind

    db = tmp_path / "g.sqlite3"
    s = new_session(ruleset="pung-chow", bots=[f"policy:{policy_file}", "random", "greedy"], seat=Wind.EAST, seed=4, hands=1, db=db)
    p = next(k for k, name in enumerate(s.config.players) if name and name.startswith("policy:"))
    assert isinstance(s.bot(p), PolicyBot)
    s.run_bots(limit=5)
    match_id = s.recorder.match_id
    s.recorder.close()
    again = resume_session(db, match_id)
    assert again.config.players[p] == f"policy:{policy_file}"
    assert isinstance(again.bot(p), PolicyBot)
    again.recorder.close()


def test_policy_bot_plays_whole_hands(policy_file):
    s = simulate(4, (f"policy:{policy_file}", "random", "greedy", "random"), seed=1)
    assert s.games == 4 and sum(s.net) == 0
    assert s.bots[0] == f"policy:{policy_file}"  # the path keeps its case


def test_policy_bot_refuses_another_ruleset(policy_file):
    with pytest.raises(PolicyError, match="trained for pung-chow"):
        simulate(1, (f"policy:{policy_file}", "random", "random", "random"), ruleset="hong-kong", seed=1)


@pytest.mark.parametrize("content", [None, b"not a zip", "wrong-format"])
def test_bad_policy_files_are_clear_errors(tmp_path, content):
    path = tmp_path / "bad.npz"
    if content == "wrong-format":
        np.savez(path, theta=np.zeros(3), header=np.array('{"format": "other"}'))
    elif content is not None:
        path.write_bytes(content)
    with pytest.raises(BotError) as exc:
        check_bot(f"policy:{path}")
    assert "\n" not in str(exc.value)
    with pytest.raises(SimulationError):
        simulate(1, (f"policy:{path}", "random", "random", "random"))


def test_unknown_bot_kinds():
    with pytest.raises(BotError, match="unknown bot kind 'nope'"):
        make_bot("nope:x")
    with pytest.raises(BotError, match="needs the file"):
        make_bot("policy:")
    assert check_bot(" Greedy ") == "greedy"


def test_cli_simulate_with_a_policy(policy_file, tmp_path):
    r = runner.invoke(app, ["simulate", "--games", "3", "--bots", f"policy:{policy_file},random,random,random", "--json"])
    assert r.exit_code == 0, r.output
    r = runner.invoke(app, ["simulate", "--games", "3", "--bots", f"policy:{tmp_path}/missing.npz,random,random,random"])
    assert r.exit_code != 0 and "no policy file" in r.output and "Traceback" not in r.output


def test_cli_play_checks_the_policy(tmp_path):
    r = runner.invoke(app, ["play", "--bots", f"policy:{tmp_path}/missing.npz,random,random", "--db", str(tmp_path / "g.sqlite3")])
    assert r.exit_code != 0 and "no policy file" in r.output and "Traceback" not in r.output


def test_serve_registers_named_policies_only(policy_file, tmp_path, monkeypatch):
    pytest.importorskip("uvicorn")
    pytest.importorskip("starlette")
    import uvicorn

    from mahjongg.web.players import bot_names
    from mahjongg.web.table import TableError, validate_config

    monkeypatch.setattr(bots, "BOTS", dict(bots.BOTS))
    served = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: served.append(app))
    r = runner.invoke(app, ["serve", "--port", "18765", "--db", str(tmp_path / "w.sqlite3"), "--policy", f"Strong={policy_file}"])
    assert r.exit_code == 0, r.output
    assert served and "policy:strong" in bot_names()
    assert isinstance(make_bot("policy:strong", 1), PolicyBot)
    validate_config({"bots": ["policy:strong"]}, bot_names())
    with pytest.raises(TableError):  # a client cannot name a file
        validate_config({"bots": [f"policy:{policy_file}"]}, bot_names())


@pytest.mark.parametrize("spec, message", [("strong", "NAME=FILE"), ("a b=x.npz", "NAME=FILE"), ("s=/no/such.npz", "no policy file")])
def test_serve_bad_policy_options(spec, message, tmp_path):
    r = runner.invoke(app, ["serve", "--db", str(tmp_path / "w.sqlite3"), "--policy", spec])
    assert r.exit_code == 2 and message in r.output and "Traceback" not in r.output


@pytest.mark.parametrize(
    "kind, why",
    [
        ("text", "it is not an .npz (zip) file"),
        ("zip start", "it is a damaged .npz file"),  # a zip's first bytes (bots.learned.read_npz)
        ("npy", "it holds a single array (.npy), not an .npz"),
        ("no header", "it has no header array"),
        ("header not JSON", "its header is not JSON"),
    ],
)
def test_a_bad_policy_file_says_what_is_wrong(tmp_path, kind, why):
    """Issue 24, item 8: the message ended in a bare exception name (": ValueError",
    ": KeyError"); it says what the file lacks, in words."""
    path = tmp_path / "bad.npz"
    if kind == "text":
        path.write_text("hello\n")
    elif kind == "zip start":
        path.write_bytes(b"PK\x03\x04junk")
    elif kind == "npy":
        with open(path, "wb") as f:
            np.save(f, np.zeros(3))
    elif kind == "no header":
        np.savez(path, theta=np.zeros(3))
    else:
        np.savez(path, theta=np.zeros(3), header=np.array("{not json"))
    with pytest.raises(BotError) as exc:
        check_bot(f"policy:{path}")
    assert str(exc.value) == f"{path} is not a trained policy (an .npz file of weights and a header): {why}"
