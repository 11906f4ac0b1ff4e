"""Damaged game databases and files that are no files (issue 24, items 4 and 8).

A journal whose pages are scrambled, header intact (what a crash of the disk or
a careless copy leaves), is refused in one line naming the file and what SQLite
finds, when it is opened -- by ``replay``, ``simulate``, ``play --resume`` and
``serve`` (which then does not start) -- and left as it was. Damage inside a big
file's hand logs, which the check on opening does not read whole, is named the
same way when a hand is read. ``/dev/null`` and a FIFO are said to be what they
are. The fuzzer at the end damages a file at random: whatever the damage,
reading and writing raise nothing but the library's errors.
"""

import functools
import os
import socket
import sqlite3
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from mahjongg.cli import app
from mahjongg.errors import MahjonggError
from mahjongg.play import journal as journal_module
from mahjongg.play.journal import Journal, JournalError
from mahjongg.play.session import new_session
from test_db_files import finished_hand  # a finished hand of four greedy bots

runner = CliRunner()
PAGE = 4096  # SQLite's default page size, which the journal keeps


@functools.cache
def _journal_bytes(hands: int) -> bytes:
    """A journal of ``hands`` stored hands and one ``play`` match (its first hand dealt), as bytes."""
    import tempfile

    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "j.sqlite3"
        new_session(bots=["greedy"] * 3, seed=7, db=path).recorder.close()
        with Journal(path) as j:
            for _ in range(hands):
                j.save_hand(finished_hand(), bots=["greedy"] * 4)
        return path.read_bytes()


def journal_file(path: Path, hands: int = 3) -> Path:
    path.write_bytes(_journal_bytes(hands))
    return path


def scramble(path: Path, pages, seed: int = 1) -> bytes:
    """Overwrite the pages numbered ``pages`` (1 is the header's) with noise; returns the new bytes."""
    import random

    rng = random.Random(seed)
    data = bytearray(path.read_bytes())
    for p in pages:
        data[(p - 1) * PAGE : p * PAGE] = bytes(rng.randrange(256) for _ in range(PAGE))
    path.write_bytes(bytes(data))
    return bytes(data)


def damaged_file(path: Path) -> Path:
    """The issue's file: header intact, pages 2 and 3 scrambled."""
    scramble(journal_file(path), [2, 3])
    return path


def assert_refused(exc: BaseException, path: Path) -> None:
    message = str(exc)
    assert message.startswith(f"{path} is damaged (SQLite finds: ") and "\n" not in message, message
    assert "mahjongg will not use it" in message


# --- on opening ----------------------------------------------------------------------------


@pytest.mark.parametrize("create", [False, True], ids=["to read", "to write"])
def test_a_damaged_file_is_refused_when_opened_and_left_as_it_was(create, tmp_path):
    path = damaged_file(tmp_path / "d.sqlite3")
    before = path.read_bytes()
    with pytest.raises(JournalError) as err:
        Journal(path, create=create)
    assert_refused(err.value, path)
    assert path.read_bytes() == before


def test_the_commands_refuse_a_damaged_file_in_one_line(tmp_path, monkeypatch):
    """``replay`` and ``simulate`` gave a sqlite3.DatabaseError traceback, ``play --resume``
    said the file holds no saved match, ``serve`` started listening."""
    monkeypatch.chdir(tmp_path)
    path = damaged_file(tmp_path / "d.sqlite3")
    before = path.read_bytes()
    commands = [["replay", "1"], ["simulate", "--games", "2"], ["play", "--resume", "1"], ["play"]]
    try:
        import uvicorn  # noqa: F401

        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = str(s.getsockname()[1])
        commands.append(["serve", "--port", port])
    except ImportError:
        pass
    for args in commands:
        r = runner.invoke(app, [*args, "--db", "d.sqlite3"])
        assert r.exit_code == 2 and r.stdout == "", (args, r.output)
        assert r.stderr.startswith("error: ") and r.stderr.count("\n") == 1, (args, r.stderr)
        assert "d.sqlite3 is damaged (SQLite finds: " in r.stderr and "Traceback" not in r.output, (args, r.stderr)
        assert path.read_bytes() == before, args


def test_an_intact_file_opens_and_reopens(tmp_path):
    path = journal_file(tmp_path / "j.sqlite3")
    with Journal(path, create=False) as j:
        assert len(j) == 3 and j.replay(1).is_over
    with Journal(path) as j:  # to write: checked, then written
        j.save_hand(finished_hand(), bots=["greedy"] * 4)
    with Journal(path, create=False) as j:
        assert len(j) == 4


def test_a_file_damaged_after_this_process_checked_it_is_checked_again(tmp_path):
    path = journal_file(tmp_path / "j.sqlite3")
    Journal(path).close()
    scramble(path, [2, 3])
    with pytest.raises(JournalError) as err:
        Journal(path, create=False)
    assert_refused(err.value, path)


def _pages_of(path: Path, table: str) -> list[int]:
    """The pages of ``table`` (the dbstat virtual table when SQLite has it)."""
    con = sqlite3.connect(path)
    try:
        return [p for (p,) in con.execute("SELECT pageno FROM dbstat WHERE name = ? ORDER BY pageno", (table,))]
    except sqlite3.OperationalError:
        pytest.skip("this SQLite has no dbstat table")
    finally:
        con.close()


def test_a_big_file_is_probed_and_its_damaged_hand_named_when_read(tmp_path, monkeypatch):
    """A file of more than WHOLE_CHECK_PAGES pages is checked whole but for its hand logs,
    which are probed at both ends: damage in the middle of them is found when that hand
    is read, and refused in the same words (it was a sqlite3.DatabaseError)."""
    monkeypatch.setattr(journal_module, "WHOLE_CHECK_PAGES", 1)  # every file "big"
    path = journal_file(tmp_path / "j.sqlite3", hands=12)
    pages = _pages_of(path, "events")
    assert len(pages) > 8
    scramble(path, pages[len(pages) // 2 : len(pages) // 2 + 1])  # one leaf page in the middle
    with Journal(path, create=False) as j:
        assert len(j) == 12
        with pytest.raises(JournalError) as err:
            for game_id in range(1, 13):
                j.load(game_id)
        assert_refused(err.value, path)
    # the same file whole-checked (small enough): refused at once
    monkeypatch.setattr(journal_module, "WHOLE_CHECK_PAGES", 4096)
    with pytest.raises(JournalError) as err:
        Journal(path, create=False)
    assert_refused(err.value, path)


def test_a_big_file_with_a_damaged_small_table_is_refused_when_opened(tmp_path, monkeypatch):
    monkeypatch.setattr(journal_module, "WHOLE_CHECK_PAGES", 1)
    path = journal_file(tmp_path / "j.sqlite3")
    scramble(path, _pages_of(path, "matches"))
    with pytest.raises(JournalError) as err:
        Journal(path, create=False)
    assert_refused(err.value, path)
    assert "table matches" in str(err.value)


# --- files that are not files (item 8) ---------------------------------------------------------


def test_dev_null_and_a_fifo_are_named_for_what_they_are(tmp_path, monkeypatch):
    """``replay 1 --db /dev/null`` said "the file does not exist"; ``simulate --db /dev/null``,
    "cannot rollback - no transaction is active"."""
    monkeypatch.chdir(tmp_path)
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    for db, what in (("/dev/null", "a character device"), ("pipe", "a FIFO (a named pipe)")):
        for args in (["replay", "1"], ["simulate", "--games", "1"]):
            r = runner.invoke(app, [*args, "--db", db])
            assert r.exit_code == 2 and r.stderr == f"error: {db} is not a game database: it is {what}, not a file\n", (args, r.output)
    assert not (tmp_path / "pipe-wal").exists()


# --- the fuzzer ------------------------------------------------------------------------------------

_damage = st.one_of(
    st.tuples(st.just("scramble"), st.integers(1, 40), st.integers(1, 3)),  # pages from, how many
    st.tuples(st.just("zero"), st.integers(1, 40), st.integers(1, 3)),
    st.tuples(st.just("truncate"), st.integers(0, 160_000), st.just(0)),  # keep so many bytes
    st.tuples(st.just("flip"), st.integers(0, 160_000), st.integers(1, 64)),  # a byte, how many after it
)


def _damage_file(path: Path, kind: str, a: int, b: int) -> None:
    data = bytearray(path.read_bytes())
    if kind == "truncate":
        del data[a:]
    elif kind == "flip":
        for i in range(a, min(len(data), a + 97 * b), 97):
            data[i] ^= 0x5A
    else:
        lo, hi = (a - 1) * PAGE, (a - 1 + b) * PAGE
        fill = bytes(range(256)) * (PAGE // 256) if kind == "scramble" else bytes(PAGE)
        for p in range(lo, min(hi, len(data)), PAGE):
            data[p : p + PAGE] = fill[: len(data[p : p + PAGE])]
    path.write_bytes(bytes(data))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(damage=_damage)
def test_fuzz_damaged_files_raise_only_the_librarys_errors(damage, tmp_path_factory):
    """Reading every stored hand, resuming the match and storing a new hand raise nothing but
    :class:`~mahjongg.errors.MahjonggError` (a JournalError for the file, a ReplayError
    for a log the damage changed), whatever the damage."""
    path = journal_file(tmp_path_factory.mktemp("fuzz") / "j.sqlite3")
    _damage_file(path, *damage)
    try:
        with Journal(path, create=False) as j:
            for row in j.games():
                j.replay(row.id)
            j.load_match(1)
    except MahjonggError:
        pass
    try:
        with Journal(path) as j:
            j.save_hand(finished_hand(), bots=["greedy"] * 4)
    except MahjonggError:
        pass
