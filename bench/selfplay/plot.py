"""Plot a self-play run's curve (``examples/imitate_master.py improve``'s JSON report, its last line).

    python bench/selfplay/plot.py bench/selfplay/pung-chow-expert-seed-31.json docs/rl-selfplay-curve.png

Each point is a step's mean advantage (the network's chips a hand less the field bot's in its
seat, same deals); the line is the mean over a window of 20 steps, the band its 95% interval
(1.96 standard errors of the steps in the window)."""

from __future__ import annotations

import json
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402


def main(src: str, out: str, window: int = 20) -> None:
    report = json.load(open(src))
    curve = report["curve"]
    x = np.array([p["deals"] for p in curve])
    y = np.array([p["advantage"] for p in curve])
    mean = np.array([y[max(0, i - window + 1): i + 1].mean() for i in range(len(y))])
    half = np.array([1.96 * y[max(0, i - window + 1): i + 1].std(ddof=1) / np.sqrt(min(window, i + 1)) if i else 0 for i in range(len(y))])
    fig, ax = plt.subplots(figsize=(8, 4))
    ax.scatter(x, y, s=6, alpha=0.35, label="a step's deals (32)")
    ax.plot(x, mean, label=f"mean of {window} steps")
    ax.fill_between(x, mean - half, mean + half, alpha=0.25, label="95% interval")
    ax.axhline(0, color="grey", lw=0.8)
    ax.set_xlabel("deals played (each four times, the network in each seat)")
    ax.set_ylabel(f"chips a hand over {report['field']}")
    ax.set_title(f"self-play, {report['ruleset']}, against three {report['field']}s (seed {report['seed']})")
    ax.legend(loc="lower right", fontsize=8)
    fig.tight_layout()
    fig.savefig(out, dpi=100)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
