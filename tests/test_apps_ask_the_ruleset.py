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
