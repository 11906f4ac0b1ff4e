"""Where the server's token buckets live (what one client may take: tables made,
look-ups, joins, scoring requests, replays).

A bucket per ``(budget, client)``: ``burst`` at once, then one every ``every``
seconds. :class:`MemoryBuckets` keeps them in the process (one server process,
the default); :class:`RedisBuckets` keeps them in Redis, so that every process
of a server behind one load balancer counts the same client alike (one atomic
script per take: no two processes can both spend the last token).
Both answer :meth:`take`: 0 if a token was taken now, else the seconds to wait.
"""

from __future__ import annotations

from typing import Protocol

__all__ = ["Buckets", "MemoryBuckets", "RedisBuckets"]

FORGET_AFTER = 10_000
"""Buckets kept in memory before the full ones are forgotten."""


class Buckets(Protocol):
    def take(self, budget: str, client: str, burst: int, every: float, now: float) -> float:
        """Take one token of ``client``'s ``budget`` bucket at time ``now`` (seconds):
        0 if taken, else the seconds until one is there (nothing taken)."""


class MemoryBuckets:
    """The buckets of one process (a dict of ``(budget, client)`` -> ``(allowance, when)``)."""

    def __init__(self) -> None:
        self.buckets: dict[tuple[str, str], tuple[float, float]] = {}

    def take(self, budget: str, client: str, burst: int, every: float, now: float) -> float:
        key = (budget, client)
        allowance, when = self.buckets.get(key, (float(burst), now))
        allowance = min(float(burst), allowance + (now - when) / every)
        if allowance < 1:
            self.buckets[key] = (allowance, now)
            return (1 - allowance) * every
        self.buckets[key] = (allowance - 1, now)
        if len(self.buckets) > FORGET_AFTER:  # forget clients whose allowance is full again
            full = [k for k, (a, w) in self.buckets.items() if k[0] == budget and a + (now - w) / every >= burst]
            for k in full:
                del self.buckets[k]
        return 0.0


# KEYS[1]: the bucket; ARGV: burst, every, now. The same arithmetic as MemoryBuckets, in one step.
_TAKE = """
local burst, every, now = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local b = redis.call('HMGET', KEYS[1], 'a', 'w')
local a, w = tonumber(b[1]), tonumber(b[2])
if a == nil then a, w = burst, now end
a = math.min(burst, a + (now - w) / every)
local wait = 0
if a < 1 then wait = (1 - a) * every else a = a - 1 end
redis.call('HSET', KEYS[1], 'a', tostring(a), 'w', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil(burst * every * 1000) + 1000)
return tostring(wait)
"""


class RedisBuckets:
    """The buckets in Redis (``client``: a ``redis.Redis``), shared by every server
    process; each expires once it would be full again. ``prefix``: of the keys.
    While Redis does not answer, each process counts on its own (:class:`MemoryBuckets`)."""

    def __init__(self, client, prefix: str = "mahjongg:") -> None:
        import redis

        self.redis = client
        self.prefix = prefix
        self._take = client.register_script(_TAKE)
        self._errors = (redis.RedisError, OSError)
        self.local = MemoryBuckets()

    def take(self, budget: str, client: str, burst: int, every: float, now: float) -> float:
        key = f"{self.prefix}bucket:{budget}:{client}"
        try:
            return float(self._take(keys=[key], args=[burst, every, repr(float(now))]))
        except self._errors:  # Redis away: this process's own count meanwhile
            return self.local.take(budget, client, burst, every, now)
