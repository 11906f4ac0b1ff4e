"""One process at a time plays a match: an OS file lock per match in progress.

Two terminals resuming the same match of one SQLite file would both append to
its log and the match would split into two games. So the process playing a
match holds an exclusive :func:`fcntl.flock` on a side file
``FILE.lock-match-N`` (it holds the owner's pid, for the message), taken before
the journal is opened to write; another process asking for the match is
refused (:class:`MatchBusyError`) with nothing written. The kernel drops the
lock when its process dies, even by ``kill -9``, so a killed session leaves no
stale lock: a lock file left behind is not locked and is simply taken again,
and the next match taken on the same file removes every such file it finds
(:func:`_sweep`), so ``games.sqlite3.lock-match-*`` do not pile up beside the
database (its name starts with the database's, so an ignore pattern of
``*.sqlite3*`` covers it, as SQLite's own ``-wal`` and ``-shm``).

The lock belongs to the process, not to one session: the same process may
take it again (a session rebuilt in memory after the one before was
dropped, as the tests do); it is let go when the last holder releases it.
"""

from __future__ import annotations

import fcntl
import glob
import os
from pathlib import Path

from .journal import _writable
from .schema import JournalError

__all__ = ["MatchBusyError", "MatchLock", "hold_match"]


class MatchBusyError(JournalError):
    """The match is being played in another process (its pid in the message)."""


_held: dict[str, list[int]] = {}  # lock file -> [fd, holders in this process]


class MatchLock:
    """This process's hold on one match; :meth:`release` once (later calls do nothing)."""

    def __init__(self, path: str | None) -> None:
        self.path = path  # None: a database in memory, which no other process can open

    def release(self) -> None:
        path, self.path = self.path, None
        if path is None or path not in _held:
            return
        entry = _held[path]
        entry[1] -= 1
        if entry[1] == 0:
            del _held[path]
            try:
                os.unlink(path)  # still locked: whoever opens it after this opens a new file
            except OSError:
                pass
            os.close(entry[0])


def _sweep(db: Path) -> None:
    """Remove the lock files of ``db`` left by killed processes: a file that
    nobody holds is taken (so that no live process is between its open and its
    lock), removed and let go; a held one is left. A process that opened a file
    just removed finds it gone when it checks (:func:`hold_match`) and makes a new one."""
    for path in db.parent.glob(f"{glob.escape(db.name)}.lock-match-*"):
        if str(path) in _held:
            continue
        try:
            fd = os.open(path, os.O_RDWR)
        except OSError:
            continue
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:  # held by a live process
            os.close(fd)
            continue
        try:
            if os.fstat(fd).st_ino == os.stat(path).st_ino:
                os.unlink(path)
        except OSError:
            pass
        os.close(fd)


def hold_match(db: str | Path, match_id: int) -> MatchLock:
    """Take match ``match_id`` of the SQLite file ``db`` for this process.

    Raises :class:`MatchBusyError` (``match 3 is being played in another process
    (pid 1234); ...``) if another live process holds it, and
    :class:`~mahjongg.play.schema.JournalError` if the lock file cannot be made
    (a read-only folder)."""
    if str(db) == ":memory:":
        return MatchLock(None)
    path = f"{Path(db).resolve()}.lock-match-{match_id}"
    if path in _held:
        _held[path][1] += 1
        return MatchLock(path)
    _writable(Path(db))  # a read-only file or folder: the journal's own one line
    _sweep(Path(db).resolve())
    while True:
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as exc:
            raise JournalError(f"cannot write to {db}: cannot make its lock file {path} ({exc.strerror})") from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            pid = os.read(fd, 20).decode("ascii", "replace").strip()
            os.close(fd)
            who = f" (pid {pid})" if pid.isdigit() else ""
            raise MatchBusyError(
                f"match {match_id} is being played in another process{who}; leave it there "
                f"(q saves and leaves), then resume it here"
            ) from None
        try:
            same = os.fstat(fd).st_ino == os.stat(path).st_ino
        except FileNotFoundError:
            same = False
        if same:
            break
        os.close(fd)  # its holder removed that file as we opened it: take the new one
    os.ftruncate(fd, 0)
    os.write(fd, f"{os.getpid()}\n".encode())
    _held[path] = [fd, 1]
    return MatchLock(path)
