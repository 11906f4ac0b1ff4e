"""Play hands as Ray tasks: ``mahjongg simulate`` and ``mahjongg arena`` with ``--backend ray``.

:func:`ray_map` runs a chunk function (the same one the local process pool
runs, e.g. :func:`mahjongg.simulate._play_chunk`) on each chunk as a Ray task
and yields the results *in the order of the chunks*, so a run's results are
the same as the local run's for the same seed: every hand's seed and bots'
seeds are fixed before a task starts, and nothing a task does depends on
where it runs.

``address``: a running cluster's (``ray://host:10001`` or ``host:6379``;
its workers need this package installed); without one a local Ray instance
is started on this machine's CPUs (``workers`` of them) and stopped at the
end. Needs the ``ray`` extra: ``pip install -e '.[ray]'``.
"""

from __future__ import annotations

from collections import deque
from typing import Callable, Iterable, Iterator

from .errors import MahjonggError

__all__ = ["RayBackendError", "ray_map", "require_ray"]


class RayBackendError(MahjonggError):
    """Ray is not installed, or the cluster cannot be reached."""


def require_ray():
    """The ``ray`` module; raises :class:`RayBackendError` (one line: how to
    install it) when the extra is not installed -- the CLI asks before it
    prints anything."""
    try:
        import ray  # noqa: PLC0415 - an optional extra
    except ImportError:
        raise RayBackendError("--backend ray needs Ray: pip install -e '.[ray]' (or pip install ray)") from None
    return ray


def _check_reachable(address: str, timeout: float = 5.0) -> None:
    """Refuse at once an address nothing answers at (Ray itself retries for minutes):
    ``host:port`` or ``ray://host:port``; other forms (``auto``) are left to Ray."""
    import socket

    rest = address.split("://", 1)[-1]
    host, sep, port = rest.rpartition(":")
    if not sep or not port.isdigit():
        return
    try:
        with socket.create_connection((host or "127.0.0.1", int(port)), timeout=timeout):
            pass
    except OSError as exc:
        raise RayBackendError(f"--address {address}: no Ray cluster answers there ({exc.strerror or exc})") from None


def ray_map(fn: Callable, chunks: Iterable, *, address: str | None = None, workers: int = 1) -> Iterator:
    """``fn(chunk)`` for each chunk as Ray tasks, yielded in the chunks' order.

    At most ``2 * workers + 2`` tasks are in flight (the chunks are made as
    they are sent, so a long run starts at once). Raises
    :class:`RayBackendError` when Ray is missing or ``address`` unreachable.
    """
    ray = require_ray()
    started = False
    if address is not None and not ray.is_initialized():
        _check_reachable(address)
    if not ray.is_initialized():
        try:
            if address is None:
                ray.init(num_cpus=max(1, workers), include_dashboard=False, log_to_driver=False, logging_level="ERROR")
            else:
                ray.init(address=address, log_to_driver=False, logging_level="ERROR")
        except Exception as exc:  # Ray raises ConnectionError, RuntimeError, ValueError ...
            raise RayBackendError(f"--backend ray: cannot start or reach Ray ({address or 'local'}): {exc}") from None
        started = True
    try:
        task = ray.remote(fn)
        ahead = 2 * max(1, workers) + 2
        pending: deque = deque()
        for chunk in chunks:
            pending.append(task.remote(chunk))
            if len(pending) >= ahead:
                yield ray.get(pending.popleft())
        while pending:
            yield ray.get(pending.popleft())
    finally:
        if started:
            ray.shutdown()
