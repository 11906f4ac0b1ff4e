"""Every command answers bad input in one line: ``error: ...`` on stderr naming the
option, tile, seat or file and what is wrong, exit code 2, no traceback, and no file
made or changed (Typer printed a boxed usage panel for a bad option value)."""

import re
import shutil
import socket
import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mahjongg.cli import app

runner = CliRunner()
HAND = "123b 456c 789d 22d 2d EE"  # a winner's hand: won on the 2 dot
RULESETS = "known: bmja, dmjl, hong-kong, hong-kong-136, pung-chow, pung-chow-limit, traditional, traditional-special-tiles"


@pytest.fixture(scope="module")
def game_db(tmp_path_factory) -> Path:
    """A game database holding one finished hand, game 1."""
    db = tmp_path_factory.mktemp("games") / "good.sqlite3"
    r = runner.invoke(app, ["simulate", "--games", "1", "--db", str(db), "--json"])
    assert r.exit_code == 0, r.output
    return db


@pytest.fixture
def workdir(tmp_path, monkeypatch, game_db) -> Path:
    """The working directory, with files that are no game database (and one that is);
    the default --db files (games.sqlite3, mahjongg.sqlite3) would be made here."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "text.sqlite3").write_text("hello, not a database\n" * 20)
    (tmp_path / "empty.sqlite3").write_bytes(b"")
    (tmp_path / "folder.sqlite3").mkdir()
    sqlite3.connect(tmp_path / "other.sqlite3").execute("CREATE TABLE notes (x)").connection.commit()
    shutil.copy(game_db, tmp_path / "good.sqlite3")
    return tmp_path


def _files(folder: Path) -> dict:
    return {p.name: p.read_bytes() if p.is_file() else "folder" for p in sorted(folder.rglob("*"))}


def check_one_line(args: list[str], message: str, folder: Path) -> None:
    """``mahjongg ARGS`` fails with exit 2 and the one line ``error: ...message...``; no file in ``folder`` changes."""
    before = _files(folder)
    r = runner.invoke(app, args)
    assert r.exit_code == 2, r.output
    assert "Traceback" not in r.output and r.stdout == ""
    assert r.stderr.startswith("error: ") and r.stderr.count("\n") == 1, r.stderr
    assert message in r.stderr, r.stderr
    assert _files(folder) == before


@pytest.mark.parametrize(
    "args, message",
    [
        # the hand: the token and its position in the hand
        (["123b 456x"], "'456x' at position 5: 'x' is not a suit"),
        ([f"{HAND} 5b"], "has 15 tiles"),
        (["11111b 456c 789d 2d E"], "1b at position 4: copy 5 of 1 bamboo, but a set has only 4"),
        (["[12b] 456c 789d 22d EEE"], "'[12b]' at position 0 is not a meld"),
        ([f"[{HAND}", "--win", "2d"], "'[' at position 0 is never closed"),
        (["{12b} 456c 789d 22d 2d EE", "--win", "2d"], "'{12b}' at position 0 is not a concealed kong"),
        ([HAND], "winner's hand"),
        # the options
        ([HAND, "--win", "9z"], "--win: '9z' is not a tile"),
        ([HAND, "--win", ""], "--win: '' is not a tile"),
        ([HAND, "--win", "5d"], "the winning tile 5d is not in the hand"),
        ([HAND, "--win", "2d", "--seat", "Q"], "--seat takes E, S, W or N, not 'Q'"),
        ([HAND, "--win", "2d", "--seat", ""], "--seat takes E, S, W or N, not ''"),
        ([HAND, "--win", "2d", "--round", "Q"], "--round takes E, S, W or N, not 'Q'"),
        ([HAND, "--win", "2d", "--by", "air"], "--by takes wall, discard, loose or robbed-kong, not 'air'"),
        ([HAND, "--win", "2d", "--ruleset", "nope"], f"unknown ruleset 'nope'; {RULESETS}"),
        ([HAND, "--win", "2d", "--bogus"], "no such option: --bogus; see 'mahjongg score --help'"),
        # no hand: Typer's words for the missing argument, on one line
        ([], "missing argument 'HAND'; see 'mahjongg score --help'"),
    ],
)
def test_score_bad_input(args, message, workdir):
    check_one_line(["score", *args], message, workdir)


@pytest.mark.parametrize(
    "args, message",
    [
        (["--scores", "E=abc,S=1"], "'abc' for seat E in --scores is not a whole number of points"),
        (["--scores", "E=1.5,S=1"], "'1.5' for seat E in --scores is not a whole number of points"),
        (["--scores", "E=1,E=2"], "seat E appears twice in --scores"),
        (["--scores", "E=1"], "--scores needs at least two seats"),
        (["--scores", ""], "--scores needs at least two seats"),
        (["--scores", "E1,S=2"], "'E1' in --scores is not SEAT=POINTS"),
        (["--scores", "E=1,S=2,Q=3"], "--scores: 'Q' is not a wind: use E, S, W or N"),
        (["--scores", "=1,S=2"], "--scores: '' is not a wind"),
        (["--scores", "E=1,S=2", "--winner", "Q"], "--winner takes E, S, W or N, not 'Q'"),
        (["--scores", "E=1,S=2", "--dead", "S", "--dead", "Q"], "--dead takes E, S, W or N, not 'Q'"),
        (["--scores", "E=1,S=2", "--limit", "abc"], "--limit takes a whole number, not 'abc'"),
        (["--scores", "E=1,S=2", "--limit", "0"], "--limit must be at least 1, not 0"),
        (["--scores", "E=1,S=2", "--limit", "-5"], "--limit must be at least 1, not -5"),
        # click's own words for an option given without its value
        (["--scores", "E=1,S=2", "--winner"], "option '--winner' requires an argument; see 'mahjongg settle --help'"),
        ([], "missing option '--scores'; see 'mahjongg settle --help'"),
    ],
)
def test_settle_bad_input(args, message, workdir):
    check_one_line(["settle", *args], message, workdir)


@pytest.mark.parametrize(
    "args, message",
    [
        (["nope"], f"unknown ruleset 'nope'; {RULESETS}"),
        # an empty name is a name, not "every ruleset"
        ([""], "unknown ruleset ''"),
        (["--json", "nope"], "unknown ruleset 'nope'"),
        (["pung-chow", "extra"], "got unexpected extra argument(s) (extra); see 'mahjongg rules --help'"),
    ],
)
def test_rules_bad_input(args, message, workdir):
    check_one_line(["rules", *args], message, workdir)


@pytest.mark.parametrize(
    "args, message",
    [
        (["--games", "1.5"], "--games takes a whole number, not '1.5'"),
        # issue 28, item 10: 10^22 hands were accepted (time left "more than 1000 years")
        (["--games", str(10**22)], "--games takes at most 1,000,000,000 in one run (about two months of one core), "
         "not 10,000,000,000,000,000,000,000; play it in several runs"),
        (["--workers", "-1"], "--workers must be at least 1, not -1"),
        # without --backend ray the address was silently ignored: the hands ran here
        (["--address", "ray://head:10001"], "--address 'ray://head:10001' is a Ray cluster's address: give it with --backend ray"),
        (["--matches", "--hands", "abc"], "--hands takes a whole number, not 'abc'"),
        # an empty --db was taken for no --db: the hands were played and stored nowhere
        (["--db", ""], "--db takes a file name, not ''"),
        (["--db", "nofolder/x.sqlite3"], "cannot make a game database at nofolder/x.sqlite3: the folder nofolder does not exist"),
        (["--db", "folder.sqlite3"], "folder.sqlite3 is a folder, not a game database"),
        (["--db", "text.sqlite3"], "text.sqlite3 is not a game database: file is not a database"),
        (["--bogus"], "no such option: --bogus"),
    ],
)
def test_simulate_bad_input(args, message, workdir):
    check_one_line(["simulate", "--games", "1", *args], message, workdir)


@pytest.mark.parametrize(
    "args, message",
    [
        # the argument is named as the help shows it
        (["abc", "--db", "good.sqlite3"], "GAME_ID takes a whole number, not 'abc'"),
        (["1.5", "--db", "good.sqlite3"], "GAME_ID takes a whole number, not '1.5'"),
        (["999", "--db", "good.sqlite3"], "no game 999 in good.sqlite3: it holds 1 game (a finished hand), id 1"),
        (["1", "--db", "missing.sqlite3"], "no game database at missing.sqlite3: the file does not exist"),
        (["1", "--db", "nofolder/x.sqlite3"], "no game database at nofolder/x.sqlite3: the file does not exist"),
        (["1", "--db", "text.sqlite3"], "text.sqlite3 is not a game database: file is not a database"),
        (["1", "--db", "empty.sqlite3"], "empty.sqlite3 is not a game database: the file is empty"),
        (["1", "--db", "folder.sqlite3"], "folder.sqlite3 is a folder, not a game database"),
        (["1", "--db", "other.sqlite3"], "other.sqlite3 is not a game database: it is an SQLite file without"),
        # '' was read as the current folder: "'.' is a folder"
        (["1", "--db", ""], "--db takes a file name, not ''"),
        # a negative id reads as an option to click
        # issue 17: a negative id is read as an option by click; the line says what GAME_ID takes
        (["-1", "--db", "good.sqlite3"], "GAME_ID must be at least 1, not -1"),
        (["1"], "missing option '--db'; see 'mahjongg replay --help'"),
        (["--db", "good.sqlite3"], "missing argument 'GAME_ID'; see 'mahjongg replay --help'"),
    ],
)
def test_replay_bad_input(args, message, workdir):
    check_one_line(["replay", *args], message, workdir)


@pytest.mark.parametrize(
    "args, message",
    [
        (["--port", "abc"], "--port takes a whole number, not 'abc'"),
        (["--port", "1.5"], "--port takes a whole number, not '1.5'"),
        (["--port", "0"], "--port must be from 1 to 65535, not 0"),
        (["--port", "-1"], "--port must be from 1 to 65535, not -1"),
        (["--port", "99999"], "--port must be from 1 to 65535, not 99999"),
        # SQLite took '' for a throw-away database and the server failed at startup with a traceback
        (["--db", ""], "--db takes a file name, not ''"),
        # click adds the options close to the mistyped one: "(Possible options: --host)"
        (["--bogus"], "no such option: --bogus"),
    ],
)
def test_serve_bad_input(args, message, workdir):
    # every one is refused before the server starts (and before the default mahjongg.sqlite3 is made)
    check_one_line(["serve", *args], message, workdir)


@pytest.mark.parametrize(
    "db, message",
    [
        # was SQLite's "unable to open database file" for both
        ("nofolder/x.sqlite3", "--db 'nofolder/x.sqlite3' cannot be used as the SQLite database: the folder nofolder does not exist"),
        ("folder.sqlite3", "--db 'folder.sqlite3' cannot be used as the SQLite database: it is a folder"),
        ("text.sqlite3", "--db 'text.sqlite3' cannot be used as the SQLite database: file is not a database"),
        # the store's message names the file itself: printed as it is, the file not named twice
        ("other.sqlite3", "error: other.sqlite3 is an SQLite database of another program (tables: notes); mahjongg will not write into it\n"),
    ],
)
def test_serve_bad_db(db, message, workdir):
    pytest.importorskip("uvicorn")  # the database is checked once the web extra is found
    with socket.socket() as s:  # and the address: a port free a moment ago
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    check_one_line(["serve", "--port", str(port), "--db", db], message, workdir)


@pytest.mark.parametrize(
    "args, message",
    [
        (["--seed", "abc"], "--seed takes a whole number, not 'abc'"),
        (["--seed", "1.5"], "--seed takes a whole number, not '1.5'"),
        (["--seat", "Q"], "--seat takes E, S, W or N, not 'Q'"),
        # four bots play, so no seat is the player's: --seat Q was ignored and the game started
        (["--bots", "4", "--seat", "Q"], "--seat takes E, S, W or N, not 'Q'"),
        (["--ruleset", "nope"], f"unknown ruleset 'nope'; {RULESETS}"),
        (["--bots", "wizard"], "--bots takes three bot names (or 4 to watch four bots), not 'wizard'"),
        (["--bots", "greedy,greedy,wizard"], "--bots: unknown bot 'wizard'; known bots: random, greedy, cautious"),
        (["--hands", "0"], "--hands must be from 1 to 1000000000, not 0"),
        (["--hands", "-2"], "--hands must be from 1 to 1000000000, not -2"),
        # capped as simulate and arena cap their counts (10**9): a match no one plays to its end
        (["--hands", str(10**10)], "--hands must be from 1 to 1000000000, not 10000000000"),
        (["--hands", "abc"], "--hands takes a whole number, not 'abc'"),
        (["--rounds", "0"], "--rounds must be from 1 to 1000000000, not 0"),
        (["--rounds", str(10**10)], "--rounds must be from 1 to 1000000000, not 10000000000"),
        (["--rounds", "abc"], "--rounds takes a whole number, not 'abc'"),
        (["--hands", "2", "--rounds", "1"], "give --hands or --rounds, not both"),
        (["--speed", "abc"], "--speed takes a number of seconds, not 'abc'"),
        (["--speed", "-1"], "--speed must be from 0 to 86400, not -1"),
        # at most a day: a longer timer only stalls the game (and overflows the event loop's wait)
        (["--speed", "1e300"], "--speed must be from 0 to 86400, not 1e300"),
        # no number of seconds: the bots (or the claim countdown) would wait for ever
        (["--speed", "nan"], "--speed takes a number of seconds, not 'nan'"),
        (["--speed", "inf"], "--speed takes a number of seconds, not 'inf'"),
        (["--claim-time", "-1"], "--claim-time must be from 0 to 86400, not -1"),
        (["--claim-time", "1e300"], "--claim-time must be from 0 to 86400, not 1e300"),
        (["--claim-time", "86401"], "--claim-time must be from 0 to 86400, not 86401"),
        (["--claim-time", "abc"], "--claim-time takes a number of seconds, not 'abc'"),
        (["--resume", "abc"], "--resume takes a whole number, not 'abc'"),
        # --resume reads the default --db, games.sqlite3, which is not there
        (["--resume", "999"], "no game database at games.sqlite3: the file does not exist"),
        (["--resume", "1", "--db", "missing.sqlite3"], "no game database at missing.sqlite3: the file does not exist"),
        (["--resume", "1", "--db", "text.sqlite3"], "text.sqlite3 is not a game database: file is not a database"),
        (["--resume", "1", "--db", "empty.sqlite3"], "empty.sqlite3 is not a game database: the file is empty"),
        (["--resume", "1", "--db", "folder.sqlite3"], "folder.sqlite3 is a folder, not a game database"),
        (["--resume", "1", "--db", "other.sqlite3"], "other.sqlite3 is not a game database: it is an SQLite file without"),
        # a saved match keeps its own set-up: an option that would change it is refused,
        # not silently ignored (before, --resume 1 --ruleset hong-kong went on in pung-chow)
        (["--resume", "1", "--db", "good.sqlite3", "--ruleset", "hong-kong"],
         "--resume continues match 1 as it was set up: drop --ruleset (only --db, --glyphs, --speed and --claim-time go with --resume)"),
        (["--resume", "1", "--seat", "W", "--bots", "4", "--seed", "3"],
         "--resume continues match 1 as it was set up: drop --seat, --bots, --seed (only --db"),
        (["--resume", "1", "--hands", "2"], "--resume continues match 1 as it was set up: drop --hands (only"),
        (["--db", ""], "--db takes a file name, not ''"),
        (["--db", "nofolder/x.sqlite3"], "cannot make a game database at nofolder/x.sqlite3: the folder nofolder does not exist"),
        (["--db", "folder.sqlite3"], "folder.sqlite3 is a folder, not a game database"),
        (["--db", "text.sqlite3"], "text.sqlite3 is not a game database: file is not a database"),
        # click suggests the options close to a mistyped one
        (["--sed", "1"], "no such option: --sed (Possible options: --seat, --seed, --speed); see 'mahjongg play --help'"),
    ],
)
def test_play_bad_input(args, message, workdir):
    # every one is refused before the terminal game starts
    check_one_line(["play", *args], message, workdir)


@pytest.mark.parametrize(
    "args, message",
    [
        (["nosuchcommand"], "no such command 'nosuchcommand'; see 'mahjongg --help'"),
        (["--bogus"], "no such option: --bogus; see 'mahjongg --help'"),
    ],
)
def test_mahjongg_bad_input(args, message, workdir):
    check_one_line(args, message, workdir)


def test_help_is_unchanged_by_the_one_line_errors():
    # plain `mahjongg` still prints the help (exit 2, as Typer does), and --help exits 0
    r = runner.invoke(app, [])
    assert r.exit_code == 2 and "Usage: mahjongg" in r.output and "error:" not in r.output
    for command in ("score", "settle", "rules", "simulate", "replay", "serve", "play"):
        r = runner.invoke(app, [command, "--help"], env={"COLUMNS": "200"})
        assert r.exit_code == 0 and f"Usage: mahjongg {command}" in r.output
    # the metavars name the values (issue 17: not Typer's '<int range> [x>=1]', and a
    # list of choices too long for the column is in the option's help instead)
    r = runner.invoke(app, ["play", "--help"], env={"COLUMNS": "200"})
    assert re.search(r"--hands +N ", r.output) and re.search(r"--speed +SECONDS ", r.output) and "MATCH_ID" in r.output
    # every bot play accepts is named in its help (expert was missing)
    from mahjongg.bots import BOTS

    assert all(name in r.output for name in BOTS), r.output
    r = runner.invoke(app, ["score", "--help"], env={"COLUMNS": "200"})
    assert "<e|s|w|n>" in r.output and "wall, discard, loose or robbed-kong" in r.output
    r = runner.invoke(app, ["serve", "--help"], env={"COLUMNS": "200"})
    assert re.search(r"--port +N +port to listen on \(1-65535\)", r.output)


def test_brackets_in_a_message_are_printed():
    # the message is plain text, not Rich markup: '[web]' in a folder's name was dropped
    r = runner.invoke(app, ["replay", "1", "--db", "a[web]/x.sqlite3"])
    assert r.exit_code == 2 and r.stderr == "error: no game database at a[web]/x.sqlite3: the file does not exist\n"


@pytest.mark.parametrize(
    "args",
    [["simulate", "--games", "2", "--backend", "ray"], ["arena", "--challenger", "greedy", "--deals", "1", "--backend", "ray"]],
)
def test_backend_ray_without_ray_is_its_one_line_alone(args, workdir, monkeypatch):
    """Without the ray extra: the one line saying how to install it, and nothing before
    it (a blank line was printed first, the progress bar's)."""
    import sys

    monkeypatch.setitem(sys.modules, "ray", None)  # import ray: ImportError, as where it is not installed
    check_one_line(args, "--backend ray needs Ray: pip install -e '.[ray]' (or pip install ray)", workdir)


def test_mandarins_under_a_ruleset_without_them_names_the_option_not_an_internal_field():
    # the Mandarins are an option of Harr's Pung Chow (seed 000 Part I); Hong Kong has none --
    # the refusal once read "unknown ruleset option(s) for hong-kong: mandarins"
    r = CliRunner().invoke(app, ["score", "123b 456b 789b EEE 55d", "--win", "5d", "--mandarins", "--ruleset", "hong-kong"])
    assert r.exit_code == 2 and r.output.count("\n") == 1, r.output
    assert "--mandarins: hong-kong has no Mandarins (an option of the Pung Chow rulesets" in r.output
