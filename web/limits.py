"""A flood of requests from one address is answered 429 (a clear page) before anything is read: a
token bucket per address, ``rate`` requests a second with bursts of ``burst``. Behind a proxy every
request comes from the proxy's address: ``CARDIA_WEB_PROXIED`` then keys the buckets by the address the
proxy appended last to ``X-Forwarded-For`` (the ones before it, the client may have written)."""

from __future__ import annotations

import time
from collections.abc import Callable

MOST_ADDRESSES = 10_000  # buckets kept; full ones (idle addresses) are let go first


class Buckets:
    def __init__(self, rate: float, burst: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self._buckets: dict[str, tuple[float, float]] = {}  # address -> (tokens, when)

    def allow(self, address: str) -> bool:
        """Whether a request from ``address`` may go on now (one token taken if so)."""
        if self.rate <= 0:
            return True
        now = self.clock()
        tokens, then = self._buckets.get(address, (self.burst, now))
        tokens = min(self.burst, tokens + (now - then) * self.rate)
        allowed = tokens >= 1
        self._buckets[address] = (tokens - 1 if allowed else tokens, now)
        if len(self._buckets) > MOST_ADDRESSES:
            self._forget(now)
        return allowed

    def _forget(self, now: float) -> None:
        full = [
            address
            for address, (tokens, then) in self._buckets.items()
            if tokens + (now - then) * self.rate >= self.burst
        ]
        for address in full or list(self._buckets)[: len(self._buckets) // 2]:
            del self._buckets[address]
