"""examples/train_policy_gradient.py (README "Train an agent"): a bad option is one
argparse line before any training, never a traceback after it; a short run still
draws its curve. Skipped without the rl packages."""

from __future__ import annotations

from mahjongg.rules import RULESETS
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

SCRIPT = Path(__file__).resolve().parent.parent / "examples" / "train_policy_gradient.py"


def run(args: list[str], cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(SCRIPT), *args], cwd=cwd, capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize(
    "args, message",
    [
        # --batch 0 looped for ever; --report 0 and --window 0 divided by zero after training
        (["--hands", "0"], "argument --hands: must be at least 1, not 0"),
        (["--batch", "0"], "argument --batch: must be at least 1, not 0"),
        (["--report", "0"], "argument --report: must be at least 1, not 0"),
        (["--window", "-3"], "argument --window: must be at least 1, not -3"),
        (["--level-hands", "x"], "argument --level-hands: takes a whole number, not 'x'"),
        (["--ruleset", "nope"], "unknown ruleset 'nope'; known: " + ", ".join(sorted(RULESETS))),
        (["--opponents", "wizard,random,random"], "unknown bot 'wizard'"),
        # the policy file was written after the training: a missing folder lost the run
        (["--out", "nofolder/p.npz"], "argument --out: the folder nofolder does not exist"),
        (["--plot", "nofolder/c.png"], "argument --plot: the folder nofolder does not exist"),
    ],
)
def test_bad_option_is_one_line(args, message, tmp_path):
    r = run(args, tmp_path)
    assert r.returncode == 2, r.stderr
    assert "Traceback" not in r.stderr and r.stdout == ""
    last = r.stderr.strip().splitlines()[-1]
    assert last.startswith("train_policy_gradient.py: error: ") and message in last, r.stderr
    assert list(tmp_path.iterdir()) == []  # nothing written


def test_short_run_writes_policy_and_curve(tmp_path):
    pytest.importorskip("matplotlib")
    r = run(["--hands", "100", "--level-hands", "10"], tmp_path)
    assert r.returncode == 0, r.stderr
    # 100 hands in batches of 50: the progress line is printed although --report is 1000
    assert "   100 hands  mean chips (last 100)" in r.stdout, r.stdout
    assert (tmp_path / "policy-pung-chow.npz").stat().st_size > 0
    assert (tmp_path / "learning-curve.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
