"""Apps tell points rulesets from faan rulesets by asking the ruleset
(``Ruleset.unit``) or printing the score card, never by probing a score's
items or the ruleset's fields (issue 13, "One score card")."""

from __future__ import annotations

import re
from pathlib import Path

import mahjongg

SRC = Path(mahjongg.__file__).parent
APPS = ["cli", "tui", "web", "scoring_requests.py", "simulate.py"]
PROBES = [
    re.compile(r"getattr\([^)]*[\"']faan[\"']"),  # getattr(item, "faan", 0)
    re.compile(r"\brules?\.faan is (not )?None"),  # rules.faan is not None
    re.compile(r"\bruleset\.faan is (not )?None"),
    re.compile(r"\.faan !== undefined|\.faan === undefined"),  # the browser's sc.faan !== undefined
    re.compile(r"\bit\.points \+ \" points\""),  # the browser's own wording of an item
]


def app_files():
    for name in APPS:
        path = SRC / name
        yield from ([path] if path.is_file() else sorted(p for p in path.rglob("*") if p.suffix in (".py", ".js")))


def test_no_app_probes_a_score_or_ruleset_for_faan():
    found = []
    for path in app_files():
        for n, line in enumerate(path.read_text().splitlines(), 1):
            if any(p.search(line) for p in PROBES):
                found.append(f"{path.relative_to(SRC)}:{n}: {line.strip()}")
    assert not found, "\n".join(found)


def test_the_ruleset_says_its_unit():
    from mahjongg.rules import RULESETS

    # docs/rules/hong-kong.md: hong-kong scores in faan; the Pung Chow and Traditional rulesets in points and doubles
    assert {name: r.unit for name, r in RULESETS.items()} == {
        name: "faan" if name.startswith("hong-kong") else "points" for name in RULESETS
    }


def test_the_ruleset_says_whether_sets_score_points():
    from mahjongg.rules import RULESETS
    from mahjongg.tiles import Wind

    # Pung Chow (seed 000, Part I): "Every set has a scoring value, and the players add their
    # scores and settle after every hand"; "The remaining three players then settle among
    # themselves the difference of their scores" ("Settling the scores"). Hong Kong (seed
    # 003 (12) b, c): the discarder, or on a self-drawn win every player, pays the winner;
    # only the winner scores (docs/rules/hong-kong.md, "Only the winner scores", after
    # Wikipedia, "Old Hong Kong mahjong rules"). The other rulesets score sets as Pung Chow.
    assert {name: r.sets_score_points for name, r in RULESETS.items()} == {
        name: not name.startswith("hong-kong") for name in RULESETS
    }
    # What the bots read it for, by each ruleset's own settlement: South wins 40 self-drawn,
    # East the dealer. Where sets score, West's hand of 10 is paid as a loser's: he pays South
    # 40, then collects 10 from North and 20 from East (East pays double, seed 000: "East
    # Wind (or banker) pays or collects double"): -10, against -40 with a hand of 0. Under
    # Hong Kong's faan table he pays twice the winner's points (seed 003 (12) c) whatever
    # his own hand: -80 both times.
    E, S, W, N = Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH
    for name, r in RULESETS.items():
        with_ten = r.settle({E: 0, S: 40, W: 10, N: 0}, S).net[W]
        with_none = r.settle({E: 0, S: 40, W: 0, N: 0}, S).net[W]
        assert (with_ten, with_none) == ((-10, -40) if r.sets_score_points else (-80, -80)), name


def test_the_ruleset_says_its_least_declared_score():
    from dataclasses import replace

    from mahjongg.rules import RULESETS

    # Hong Kong: a hand needs 3 faan to be declared (seed 003, agreed before play; "often 3",
    # Wikipedia "Old Hong Kong mahjong rules"), the points doubling with each faan ("1 faan 2x,
    # 2 faan 4x, 3 faan 8x", Mahjong Finder): the least hand declared scores 8 points; with
    # the minimum agreed at 1 faan, 2 points. Pung Chow sets no minimum: "A player may win with
    # a score as low as 22 points" (seed 000, Part I) -- any complete hand goes out.
    hk = RULESETS["hong-kong"]
    assert hk.least_declared_score == 8 and RULESETS["hong-kong-136"].least_declared_score == 8
    assert hk.with_options(faan=replace(hk.faan, minimum=1)).least_declared_score == 2
    assert {name: r.least_declared_score for name, r in RULESETS.items() if not name.startswith("hong-kong")} == {
        name: None for name in RULESETS if not name.startswith("hong-kong")
    }


def test_no_bot_asks_the_score_cards_unit():
    # the bots ask what they need (Ruleset.sets_score_points, least_declared_score), never
    # whether the card counts faan
    unit_probe = re.compile(r"\.unit\s*[!=]=")
    found = [
        f"{path.relative_to(SRC)}:{n}: {line.strip()}"
        for path in sorted((SRC / "bots").rglob("*.py"))
        for n, line in enumerate(path.read_text().splitlines(), 1)
        if unit_probe.search(line)
    ]
    assert not found, "\n".join(found)
