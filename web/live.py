"""Live pages: what changed is learnt from the database, never from the bot's memory, so any number of
web processes may serve one database beside any number of bot processes. One task per process looks
at the versions of every game watched in it, in one query every ``CARDIA_WEB_POLL`` seconds (a quarter
of a second by default), and wakes the watchers of each game that changed; nothing is polled while
nobody watches."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from typing import Generic, TypeVar

log = logging.getLogger("web.live")

Key = TypeVar("Key")
Version = TypeVar("Version")
Versions = Callable[[Sequence[Key]], Awaitable[dict[Key, Version]]]
BACKOFF_MOST = 5.0  # seconds between two looks at most while the database does not answer


class Watched(Generic[Key, Version]):
    """The subjects (games, tournaments) watched in this process, and their latest versions seen."""

    def __init__(self, versions: Versions[Key, Version], interval: float) -> None:
        self._versions = versions
        self.interval = interval
        # Each watcher's queue, and the version it was last told (or began with).
        self._watchers: dict[Key, dict[asyncio.Queue[Version], Version | None]] = {}
        self._seen: dict[Key, Version] = {}
        self._task: asyncio.Task[None] | None = None
        self.looks = 0  # queries made (the benchmark reads it: one per interval, whatever the watchers)

    @contextlib.asynccontextmanager
    async def watch(self, key: Key, first: Version | None = None) -> AsyncIterator[asyncio.Queue[Version]]:
        """A queue that receives ``key``'s version each time it differs from the one the watcher was
        last told (``first``: the one it began with), for as long as the block runs. A version seen by
        a look between the watcher's own read and this call still reaches it, at the next look."""
        queue: asyncio.Queue[Version] = asyncio.Queue(maxsize=1)
        self._watchers.setdefault(key, {})[queue] = first
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._run(), name="web-live")
        try:
            yield queue
        finally:
            watchers = self._watchers.get(key)
            if watchers is not None:
                watchers.pop(queue, None)
                if not watchers:
                    del self._watchers[key]
                    self._seen.pop(key, None)

    @property
    def watchers(self) -> int:
        return sum(len(queues) for queues in self._watchers.values())

    async def _run(self) -> None:
        failures = 0
        while self._watchers:
            try:
                await self.look()
            except Exception:  # the database away: keep the watchers, look again less often
                if not failures:  # once an outage, not at every look
                    log.exception("looking at the watched subjects failed; trying again less often")
                failures += 1
            else:
                if failures:
                    log.warning("looking at the watched subjects works again after %d failures", failures)
                failures = 0
            await asyncio.sleep(self.delay(failures))
        self._task = None

    def delay(self, failures: int) -> float:
        """Seconds before the next look: the interval, doubled at each failure in a row up to a most."""
        if not failures:
            return self.interval
        return max(self.interval, min(BACKOFF_MOST, self.interval * 2.0 ** min(failures, 32)))

    async def look(self) -> None:
        """One look at every watched subject's version; the watchers of each changed one are woken."""
        keys = list(self._watchers)
        if not keys:
            return
        found = await self._versions(keys)
        self.looks += 1
        for key in keys:
            version = found.get(key)
            if version is None:
                continue
            self._seen[key] = version
            watchers = self._watchers.get(key, {})
            for queue, told in watchers.items():
                if told != version:
                    watchers[queue] = version
                    _offer(queue, version)

    def seen(self, key: Key) -> Version | None:
        return self._seen.get(key)

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None


def _offer(queue: asyncio.Queue[Version], version: Version) -> None:
    """Only the latest version matters to a watcher: an older one waiting is replaced."""
    with contextlib.suppress(asyncio.QueueEmpty):
        queue.get_nowait()
    queue.put_nowait(version)
