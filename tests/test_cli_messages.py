"""Issue 17's messages: each says what is wrong in words a player understands."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mahjongg.cli import app
from mahjongg.rules import RULESETS
from mahjongg.rules.sources import BOOKS, cite

runner = CliRunner()
README = Path(__file__).resolve().parents[1] / "README.md"


def error_of(*args: str) -> str:
    r = runner.invoke(app, list(args))
    assert r.exit_code == 2, r.output
    lines = [x for x in r.output.splitlines() if x.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: ") and "Traceback" not in r.output, r.output
    return lines[0]


# --- a meld that is not one says why ------------------------------------------------
@pytest.mark.parametrize(
    "hand, why",
    [
        # seed 000 Part I, "To chow": a chow is three tiles of one suit in sequence
        ("[1234b] 567b 789d 22d EEE", "a chow is three tiles in a row; four in a row is no meld"),
        ("[1235b] 67b 789d 22d EEE", "a kong is four identical tiles (1b, 2b, 3b, 5b are not)"),
        ("[22d] 123b 456c 789d EEE", "a pair is never exposed"),
        ("[12345b] 6b 789d 22d EEE", "a meld has at most four tiles (a kong), not 5"),
        ("[12b] 456c 789d 22d EEE", "not 2 tiles"),
    ],
)
def test_a_bracketed_group_that_is_no_meld_says_why(hand, why):
    line = error_of("score", hand)
    assert f"'{hand.split()[0]}' at position 0 is not a meld: " in line and why in line, line
    assert "not 4 tiles" not in line


def test_four_in_a_row_names_the_chows_it_holds():
    line = error_of("score", "[1234b] 567b 789d 22d EEE")
    assert "[123b]" in line and "[234b]" in line


# --- replay -1 -------------------------------------------------------------------------
@pytest.mark.parametrize("game", ["-1", "-20", "0"])
def test_a_game_id_below_1_is_one_clear_line(game, tmp_path):
    # 0 and the negative ids in the same words (0 once said "no game 0 in ...", -1 "takes ...")
    line = error_of("replay", game, "--db", str(tmp_path / "x.sqlite3"))
    assert line == f"error: GAME_ID must be at least 1, not {game}"
    assert not (tmp_path / "x.sqlite3").exists()


# --- books, not seed numbers -----------------------------------------------------------
@pytest.mark.parametrize("name", sorted(RULESETS))
def test_rules_names_the_books_not_seed_numbers(name):
    for args in (["rules", name], ["rules", name, "--json"]):
        r = runner.invoke(app, args, env={"COLUMNS": "200"})
        assert r.exit_code == 0, r.output
        assert "seed 0" not in r.output, [x for x in r.output.splitlines() if "seed 0" in x]
    card = json.loads(runner.invoke(app, ["rules", name, "--json"]).output)
    ruleset = RULESETS[name]
    assert card["source"] == cite(ruleset.source)
    assert any(book in card["source"] for book in BOOKS.values()) or "seed" not in ruleset.source
    assert [r["source"] for r in card["rules"]] == [cite(r.source) for r in ruleset.rules]


def test_all_rules_and_every_error_citing_a_source_name_books():
    assert "seed 0" not in runner.invoke(app, ["rules"], env={"COLUMNS": "200"}).output
    # seed 000 / seed 003 (11): a dead hand never wins -- the message cites both books
    line = error_of("score", "RRR 123b 456c 78d EW 1b", "--win", "1b", "--dead")
    assert "seed 0" not in line
    # the titles in italics on a terminal, not in the asterisks the library marks them with
    assert "from Harr, Pung Chow (1922); Hong Kong Mahjong (an undated guide), section (11))" in line and "*" not in line
    # under a league ruleset the same table rule: the books it comes from, said to be the table's
    line = error_of("score", "RRR 123b 456c 78d EW 1b", "--win", "1b", "--dead", "--ruleset", "dmjl")
    assert "the table's rule under every ruleset, from Harr, Pung Chow (1922)" in line


@pytest.mark.parametrize(
    "args",
    [
        ["score", "123b 456c 789d EEE 55d", "--win", "5d", "--by", "wall"],
        ["advise", "123b 456c 789d EEE 55d"],
    ],
)
def test_mandarins_under_another_ruleset_cite_the_book_and_part(args):
    # the Mandarins are an option of Harr's Part I, "Use of the Mandarins" (the source of
    # mahjongg.rules.mandarins); the message said "Harr, Part I", without title, year or section
    line = error_of(*args, "--mandarins", "--ruleset", "hong-kong")
    assert line == (
        "error: --mandarins: hong-kong has no Mandarins"
        " (an option of the Pung Chow rulesets: Harr, Pung Chow (1922), Part I, Use of the Mandarins)"
    )


def test_book_titles_reach_the_terminal_in_italics_not_asterisks():
    """``score --dead`` printed "Harr, *Pung Chow* (1922)": the library marks a
    title with asterisks (mahjongg.rules.sources), plain text the terminal showed
    as it is. On a terminal the title is in italics (ESC[3m)."""
    from rich.console import Console

    from mahjongg.cli.app import book_text

    text = book_text("a dead hand cannot win (Harr, *Pung Chow* (1922); *Hong Kong Mahjong* (an undated guide))")
    assert text.plain == "a dead hand cannot win (Harr, Pung Chow (1922); Hong Kong Mahjong (an undated guide))"
    console = Console(force_terminal=True, color_system="standard", width=200)
    with console.capture() as shown:
        console.print(text)
    assert "\x1b[3mPung Chow\x1b[0m" in shown.get() and "*" not in shown.get()
    assert book_text("[555d] 2*3").plain == "[555d] 2*3"  # no markup, a lone asterisk kept
    for args in (["rules", "pung-chow"], ["rules"]):
        out = runner.invoke(app, args, env={"COLUMNS": "200"}).output
        assert "Harr, Pung Chow (1922)" in out and "*Pung Chow*" not in out


@pytest.mark.parametrize(
    "text, shown",
    [
        # docs/sources.md: seed 002 is Part II of seed 000's book as plain text
        ("seed 002 / seed 000 Part II, Bonus scores 3", "Harr, *Pung Chow* (1922), Part II, Bonus scores 3"),
        ("seed 000 Part II (with its errata); seed 002 (Part II as plain text)", "Harr, *Pung Chow* (1922), Part II (with its errata)"),
        ("seed 001, special limit hands 10", "*Traditional Mah Jongg* (a 1920s set's rules booklet), special limit hands 10"),
        ("seed 003 (9) a", "*Hong Kong Mahjong* (an undated guide), section (9) a"),
        ("seed 002", "Harr, *Pung Chow* (1922), Part II"),
        ("seed 002 Part II", "Harr, *Pung Chow* (1922), Part II"),
        ("no source here", "no source here"),
        ("seed 999 is no book", "seed 999 is no book"),
    ],
)
def test_cite(text, shown):
    assert cite(text) == shown


# --- serve without the web extra --------------------------------------------------------
def test_serve_without_the_web_extra_says_how_to_install_it_as_the_readme_does(monkeypatch):
    monkeypatch.setitem(sys.modules, "uvicorn", None)  # import uvicorn raises ImportError
    line = error_of("serve", "--port", "8765")
    assert "pip install '.[web]'" in line and "mahjongg[web]" not in line
    assert "pip install -q '.[web]'" in README.read_text()


def _message_literals():
    """Every string literal of the library that cites a seed, docstrings left out
    (f-strings by their constant parts): the texts a message may carry to a user."""
    import ast

    import mahjongg

    root = Path(mahjongg.__file__).parent
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text())
        docs = set()
        for node in ast.walk(tree):
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
                body = getattr(node, "body", [])
                if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                    docs.add(id(body[0].value))
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
                if "seed 0" in node.value:
                    yield f"{path.relative_to(root)}:{node.lineno}", node.value


def test_every_seed_citation_the_library_writes_is_shown_as_a_book():
    # a ruleset's sources and the errors' citations: cite() leaves no seed number in any of them
    found = list(_message_literals())
    assert found  # the sources are there to be cited
    left = [(where, cite(text)) for where, text in found if "seed 0" in cite(text)]
    assert not left, left
