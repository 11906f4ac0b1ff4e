"""`mahjongg rules`: a ruleset printed as a score card, and `Ruleset.to_dict()` /
`describe()` in plain words (values with their units, no Python reprs)."""

import json
import re
from dataclasses import dataclass, fields
from typing import ClassVar

import pytest
from typer.testing import CliRunner

from mahjongg.cli import app
from mahjongg.rules import HONG_KONG, PUNG_CHOW, PUNG_CHOW_LIMIT, RULESETS, ScoringRule, Wording
from mahjongg.rules.items import SetPoints
from mahjongg.rules.sources import cite
from mahjongg.rules.limit_items import HandSetPoints
from mahjongg.tiles import tile

runner = CliRunner()


def run(*args):
    # wide enough that no table cell wraps
    return runner.invoke(app, list(args), env={"COLUMNS": "200"})


def rows(output: str) -> list[list[str]]:
    """The body lines of the printed tables, each as its stripped cells."""
    return [[c.strip() for c in re.split("[│|]", line)[1:-1]] for line in output.splitlines() if line[:1] in "│|"]


def row(output: str, first: str) -> list[str]:
    """The first table line whose first cell is ``first``."""
    return next(r for r in rows(output) if r and r[0] == first)


def rule(ruleset, name: str) -> dict:
    return next(r for r in ruleset.to_dict()["rules"] if r["name"] == name)


# Seed 000, "PUNG-CHOW Score Card For Hands Played Without a Limit":
#   "Winning Hand Bonus Scores For Mah-Jong 20 points For no sequences in hand or
#    on table 10 points ..."
#   "Doubling Honors ... For all honor pieces, double total score 3 times."
# The rule's row: its name, its value in words, whose hand it scores (seed 000,
# SCORE CARD: "the bonus scores which only the winner can use ... the doubling
# honors which all four players may use").
@pytest.mark.parametrize(
    "name, value, hands",
    [
        ("Mah-Jongg", "20 points", "winner"),
        ("no sequences", "10 points", "winner"),
        ("all honors", "3 doubles", "all"),
    ],
)
def test_pung_chow_rules_read_as_the_score_card(name, value, hands):
    result = run("rules", "pung-chow")
    assert result.exit_code == 0, result.output
    assert row(result.output, name) == [name, value, hands]


def test_pung_chow_sets_exposed_and_concealed():
    # Seed 000, Score card, Combination Scores "On Table (Exposed) / In Hand
    # (Concealed)": "For 3 of a kind of twos ... or eights 2 points 4 points";
    # "For 4 of a kind of ones, nines, winds or dragons 16 points 32 points".
    result = run("rules", "pung-chow")
    assert result.exit_code == 0, result.output
    assert "simple pung: 2 points exposed / 4 concealed" in result.output
    assert "head kong: 16 points exposed / 32 concealed" in result.output
    assert rule(PUNG_CHOW, "sets")["values"][0] == {
        "field": "simple_pung",
        "label": "simple pung",
        "value": {"exposed": 2, "concealed": 4},
        "unit": "points",
        "text": "simple pung: 2 points exposed / 4 concealed",
    }


def test_pung_chow_options_in_words():
    # seed 000 Part I has no limit; None prints as "none", False as "no"
    result = run("rules", "pung-chow")
    assert row(result.output, "limit on a hand's score") == ["limit on a hand's score", "none"]
    assert row(result.output, "a kong may be robbed") == ["a kong may be robbed", "no"]
    assert row(result.output, "Flowers, Seasons and special tiles") == ["Flowers, Seasons and special tiles", "none"]


def test_pung_chow_limit_prints_its_limit():
    # Seed 000 Part II, "THE LIMIT HAND": "setting a limit as to the number of
    # points that can be scored in a hand. This is usually 300 points; in games
    # giving a bonus of 10 points for Mah-Jongg".
    result = run("rules", "pung-chow-limit")
    assert result.exit_code == 0, result.output
    assert row(result.output, "limit on a hand's score") == ["limit on a hand's score", "300 points"]
    assert row(result.output, "Mah-Jongg") == ["Mah-Jongg", "10 points", "winner"]
    # Limit hands: "receives from each of the players the full amount agreed upon"
    assert row(result.output, "sets of heads only") == ["sets of heads only", "the limit: 300 points", "winner"]
    # the two tables of Scoring values: one for the winning hand, one for the others
    assert row(result.output, "sets of the other hands")[2] == "others"


def test_a_larger_limit_reads_with_a_thousands_separator():
    # docs/rules/pung-chow-limit.md: the tests score with "the limit set to 1000 (an agreed number)"
    card = PUNG_CHOW_LIMIT.with_options(limit=1000, payment_limit=1000).to_dict()
    limit = next(o for o in card["options"] if o["option"] == "limit")
    assert limit == {"option": "limit", "label": "limit on a hand's score", "value": 1000, "text": "1,000 points"}


def test_hong_kong_rules_in_faan():
    # The faan values are the rules' own data (docs/rules/hong-kong.md: "| all pungs | 3 |").
    all_pungs = next(r for r in HONG_KONG.rules if r.name == "all pungs")
    result = run("rules", "hong-kong")
    assert result.exit_code == 0, result.output
    assert row(result.output, "all pungs") == ["all pungs", f"{all_pungs.faan} faan", "winner"]
    assert row(result.output, "thirteen orphans") == ["thirteen orphans", f"the limit: {HONG_KONG.faan.limit} faan", "winner"]
    minimum = "faan: minimum to declare a hand"
    assert row(result.output, minimum) == [minimum, f"{HONG_KONG.faan.minimum} faan"]
    assert rule(HONG_KONG, "all pungs")["values"] == [
        {"field": "faan", "label": "", "value": all_pungs.faan, "unit": "faan", "text": f"{all_pungs.faan} faan"}
    ]


REPRS = re.compile(r"None|[A-Z][a-z]+[A-Z]\w*\(|Tile\(|Suit\.|=\(|<|\{'")


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_every_ruleset_prints_in_words(name):
    ruleset = RULESETS[name]
    result = runner.invoke(app, ["rules", name])  # the default width: cells may wrap
    assert result.exit_code == 0, result.output
    assert not REPRS.search(result.output), REPRS.search(result.output)
    assert "MahJongg(" not in result.output
    text = ruleset.describe()
    assert not REPRS.search(text), REPRS.search(text)
    assert f"{name}: {ruleset.title}" in text
    # every scoring rule is listed with its source
    for r in ruleset.rules:
        assert f"      source: {r.source}" in text


def test_all_rulesets_without_a_name():
    result = run("rules")
    assert result.exit_code == 0, result.output
    for name, ruleset in RULESETS.items():
        assert f"{name}: {ruleset.title}" in result.output


def test_json_is_the_rulesets_data():
    result = run("rules", "pung-chow", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    # the ruleset's data, its sources naming the books (issue 17: not "seed 000", docs/sources.md)
    card = PUNG_CHOW.to_dict()
    assert data == {**card, "source": cite(card["source"]), "rules": [{**r, "source": cite(r["source"])} for r in card["rules"]]}
    assert data["name"] == "pung-chow" and data["source"].startswith("Harr, *Pung Chow* (1922), Part I")
    assert "seed 0" not in result.output
    mahjongg = data["rules"][0]
    # seed 000, Score card: "For Mah-Jong 20 points"
    assert mahjongg["name"] == "Mah-Jongg" and mahjongg["hands"] == "winner" and mahjongg["text"] == "20 points"
    assert mahjongg["values"] == [{"field": "points", "label": "", "value": 20, "unit": "points", "text": "20 points"}]
    assert mahjongg["source"].startswith("Harr, *Pung Chow* (1922), Score card")
    every = json.loads(run("rules", "--json").output)
    assert [c["name"] for c in every] == sorted(RULESETS)


def test_unknown_ruleset_is_a_clear_error():
    result = run("rules", "nope")
    assert result.exit_code == 2
    assert "unknown ruleset 'nope'" in result.output and "pung-chow" in result.output
    assert "Traceback" not in result.output


def test_describe_reads_the_rules_in_words():
    text = PUNG_CHOW.describe()
    # seed 000, Score card: "For Mah-Jong 20 points"; "For all honor pieces, double total score 3 times"
    assert "    Mah-Jongg (winning hand): 20 points\n" in text
    assert "    all honors (all hands): 3 doubles\n" in text
    assert "    limit on a hand's score: none\n" in text


@dataclass(frozen=True)
class _HouseRule(ScoringRule):
    """A rule type no module of mahjongg knows: shown from its fields alone."""

    points: int = 5
    lucky_tiles: tuple = (tile("8d"), tile("R"))
    every_hand: bool = True

    def evaluate(self, r, so_far):
        return ()


def test_a_new_rule_type_is_read_from_its_fields():
    house = PUNG_CHOW.with_options(name="house", rules=PUNG_CHOW.rules + (_HouseRule("lucky eights", "house rule"),))
    card = house.to_dict()
    assert rule(house, "lucky eights")["text"] == "5 points; lucky tiles: 8d, R; every hand: yes"
    assert card["rules"][0] == PUNG_CHOW.to_dict()["rules"][0]
    assert "    lucky eights (all hands): 5 points; lucky tiles: 8d, R; every hand: yes\n" in house.describe()


@dataclass(frozen=True)
class _HousePung(ScoringRule):
    """A rule type no module of mahjongg knows, with its own wording: a pair
    of doubles, exposed and concealed, under a label of its own."""

    lucky_pung: tuple[int, int] = (1, 2)
    wording: ClassVar[Wording] = Wording("doubles", cases=("exposed", "concealed"), labels=(("lucky_pung", "pung of 8d"),))

    def evaluate(self, r, so_far):
        return ()


def test_a_new_rule_type_brings_its_own_wording():
    house = PUNG_CHOW.with_options(name="house", rules=(_HousePung("lucky pung", "house rule"),))
    assert rule(house, "lucky pung")["values"] == [
        {
            "field": "lucky_pung",
            "label": "pung of 8d",
            "value": {"exposed": 1, "concealed": 2},
            "unit": "doubles",
            "text": "pung of 8d: 1 double exposed / 2 concealed",
        }
    ]
    # the wording is the type's, not a field: equality, repr and fields do not see it
    assert [f.name for f in fields(_HousePung)] == ["name", "source", "lucky_pung"]
    assert "wording" not in repr(_HousePung("lucky pung"))


def test_a_subclass_reads_as_its_own_wording_then_its_bases():
    # Part II's tables of sets (HandSetPoints, a SetPoints) read as the seed
    # 000 score card's, "On Table (Exposed) / In Hand (Concealed)", and their
    # ``hands`` is said by the hands column, not again as a value.
    assert HandSetPoints.wording.cases == SetPoints.wording.cases == ("exposed", "concealed")
    assert HandSetPoints.wording.said == ("hands",) and SetPoints.wording.said == ()
    other = rule(PUNG_CHOW_LIMIT, "sets of the other hands")
    assert other["hands"] == "others"
    assert other["values"][0]["text"] == "simple pung: 2 points exposed / 4 concealed"
    assert [v["field"] for v in other["values"]] == ["simple_pung", "head_pung", "simple_kong", "head_kong"]


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_no_rule_has_its_wording_as_a_field(name):
    for r in RULESETS[name].rules:
        assert "wording" not in {f.name for f in fields(r)}
        assert isinstance(type(r).wording, Wording)
