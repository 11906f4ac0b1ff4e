"""The Ray backend: a local Ray instance plays the same hands as the local run (skipped without Ray)."""

import pytest

ray = pytest.importorskip("ray")

from mahjongg.arena import arena  # noqa: E402
from mahjongg.simulate import simulate  # noqa: E402


@pytest.fixture(scope="module")
def local_ray():
    # one local instance for the module (this machine's CPUs, two of them at most)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, logging_level="ERROR")
    yield
    ray.shutdown()


def test_simulate_on_ray_equals_the_local_run(local_ray):
    hands: dict[str, list] = {"local": [], "ray": []}
    bots = ("greedy", "random", "cautious", "expert")
    local = simulate(12, bots, seed=5, on_hand=lambda o: hands["local"].append(o.to_dict()))
    on_ray = simulate(12, bots, seed=5, backend="ray", workers=2, on_hand=lambda o: hands["ray"].append(o.to_dict()))
    assert on_ray.results() == local.results()
    assert hands["ray"] == hands["local"] and len(hands["local"]) == 12


def test_arena_on_ray_equals_the_local_run(local_ray):
    local = arena("greedy", ("random",), deals=3, seed=2)
    on_ray = arena("greedy", ("random",), deals=3, seed=2, backend="ray", workers=2)
    assert on_ray.results() == local.results()
    assert [d.hands for d in on_ray.deals] == [d.hands for d in local.deals]


def test_cli_backend_ray_prints_the_local_figures(local_ray):
    import json

    from typer.testing import CliRunner

    from mahjongg.cli import app

    args = ["arena", "--challenger", "expert", "--field", "greedy", "--deals", "2", "--seed", "4", "--json"]
    local = json.loads(CliRunner().invoke(app, args).output)
    remote = json.loads(CliRunner().invoke(app, args + ["--backend", "ray", "--workers", "2"]).output)
    for key in ("hands", "chips_per_hand", "ci95", "win_rate", "deal_in_rate", "sides"):
        assert remote[key] == local[key]
    sim = ["simulate", "--games", "6", "--seed", "4", "--json"]
    a = json.loads(CliRunner().invoke(app, sim).output)
    b = json.loads(CliRunner().invoke(app, sim + ["--backend", "ray"]).output)
    assert a["players"] == b["players"] and a["draws"] == b["draws"]


def test_an_address_nobody_answers_at_is_refused_in_one_line():
    from typer.testing import CliRunner

    from mahjongg.cli import app

    if ray.is_initialized():  # the check is made before joining a cluster
        ray.shutdown()
    r = CliRunner().invoke(app, ["arena", "--challenger", "greedy", "--deals", "1", "--backend", "ray", "--address", "127.0.0.1:1"])
    assert r.exit_code != 0
    assert "--address 127.0.0.1:1: no Ray cluster answers there" in r.output and "Traceback" not in r.output
