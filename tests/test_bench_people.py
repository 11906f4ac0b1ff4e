"""The open-loop bench of people-paced tables (bench/bench_people.py) run tiny, so it cannot rot:
2 tables of two wire humans and two server bots, one process on SQLite, think times of
50-100 ms instead of seconds, a few seconds measured. What it must show: both tables
started, actions were sent and each came back as the state it made (a round trip per action
measured), no error, and the figures of a point are all there and sane."""

import importlib.util
import json
import math
from pathlib import Path

import pytest

pytest.importorskip("uvicorn")
pytest.importorskip("websockets")

BENCH = Path(__file__).resolve().parents[1] / "bench" / "bench_people.py"


def load_bench():
    spec = importlib.util.spec_from_file_location("bench_people", BENCH)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_a_tiny_run_measures_round_trips(tmp_path):
    bench = load_bench()
    out = tmp_path / "people.jsonl"
    # think 50-100 ms: the two humans of a table act about every 0.1 s of their turns, the bots at 0.7 s
    [r] = bench.main(["--tables", "2", "--seconds", "2.5", "--warmup", "1", "--ramp", "0", "--think", "0.05", "0.1",
                      "--out", str(out)])
    assert r["setup"] == "1 process, SQLite" and r["tables"] == 2 and r["started"] == 2
    assert r["actions"] >= 1 and r["errors"] == 0
    assert 0 < r["median_ms"] <= r["p99_ms"] <= r["max_ms"]
    assert r["server_cpu_ms_per_action"] > 0 and not math.isnan(r["client_core_share"])
    assert r["load_start"] >= 0 and r["commit"]
    assert json.loads(out.read_text()) == r  # the JSON line is the point


def test_the_plot_draws_every_setup(tmp_path):
    pytest.importorskip("matplotlib")
    bench = load_bench()
    rows = tmp_path / "people.jsonl"
    # two made-up points a setup: the plot reads only setup, tables, p99_ms and the load averages
    rows.write_text("".join(json.dumps({"setup": s, "tables": t, "p99_ms": p, "load_start": 1.0, "load_end": 2.0}) + "\n"
                            for s in ("1 process, SQLite", "2 processes, PostgreSQL + Redis") for t, p in ((10, 20.0), (100, 150.0))))
    image = tmp_path / "p99.png"
    bench.main(["--plot", str(rows), str(image)])
    assert image.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
