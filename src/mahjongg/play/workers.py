"""Hands played across processes on one machine: how many worker processes
are worth starting, and a pool whose workers leave Ctrl-C to the parent.

``mahjongg simulate`` and ``mahjongg arena`` both run their hands through
:func:`worker_pool`, so a Ctrl-C stops either quietly: the workers print no
traceback (they ignore SIGINT), the parent's ``KeyboardInterrupt`` ends the
run, and the pool is terminated on the way out. Every hand finished and
stored before that stays stored (the journal commits each on its own).
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
from contextlib import contextmanager
from typing import Callable, Iterable, Iterator

__all__ = ["MOST_IN_A_RUN", "too_many", "useful_workers", "worker_pool", "imap_ahead"]

MOST_IN_A_RUN = 10**9
"""The most hands (or matches, or deals) one run of ``simulate`` or ``arena``
plays: a billion is about two months of one core at the greedy bots' few
hundred hands a second; more would only show a time left of "more than 1000 years"."""


def too_many(n: int, option: str) -> str | None:
    """Why ``n`` is too many for one run (``option`` names it: ``--games``), or ``None``."""
    if n <= MOST_IN_A_RUN:
        return None
    return f"{option} takes at most {MOST_IN_A_RUN:,} in one run (about two months of one core), not {n:,}; play it in several runs"


def useful_workers(workers: int, jobs: int) -> int:
    """The processes worth starting for ``jobs`` units of work (hands, matches,
    deals) when ``workers`` are asked for: no more than this machine's CPUs
    (:func:`os.cpu_count`) nor than the jobs, and at least one."""
    return max(1, min(workers, os.cpu_count() or 1, jobs))


def _quiet_worker() -> None:
    """A worker leaves Ctrl-C to the parent (which stops the pool): no traceback of its own."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@contextmanager
def worker_pool(workers: int) -> Iterator[multiprocessing.pool.Pool]:
    """A process pool of ``workers`` whose workers ignore Ctrl-C; on leaving
    (a Ctrl-C included) they are stopped at once. Forked where the platform
    can fork (the workers share the parent's lookup tables), else spawned."""
    ctx = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")
    pool = ctx.Pool(workers, initializer=_quiet_worker)
    try:
        yield pool
    finally:
        pool.terminate()
        pool.join()


def imap_ahead(pool: multiprocessing.pool.Pool, func: Callable, items: Iterable, ahead: int) -> Iterator:
    """``pool.imap(func, items)``, in order, with at most ``ahead`` items handed to the
    workers and not yet taken back and handled by the caller (an item counts as handled
    when the caller asks for the next result). A plain ``imap`` plays on as far as the
    workers can and queues their results in this process: when the caller is the slower
    (it stores each hand), the queue grows, and a killed run loses all of it. Close the
    iterator (``with contextlib.closing(...)``) before the pool is stopped."""
    window = threading.Semaphore(ahead)
    stop = threading.Event()

    def paced() -> Iterator:
        for item in items:  # run by the pool's task thread: it waits here for room
            while not window.acquire(timeout=0.05):
                if stop.is_set():
                    return
            if stop.is_set():
                return
            yield item

    try:
        for result in pool.imap(func, paced()):
            yield result
            window.release()
    finally:
        stop.set()

