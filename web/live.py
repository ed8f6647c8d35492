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


class Watched(Generic[Key, Version]):
    """The subjects (games, tournaments) watched in this process, and their latest versions seen."""

    def __init__(self, versions: Versions[Key, Version], interval: float) -> None:
        self._versions = versions
        self.interval = interval
        self._watchers: dict[Key, set[asyncio.Queue[Version]]] = {}
        self._seen: dict[Key, Version] = {}
        self._task: asyncio.Task[None] | None = None
        self.looks = 0  # queries made (the benchmark reads it: one per interval, whatever the watchers)

    @contextlib.asynccontextmanager
    async def watch(self, key: Key) -> AsyncIterator[asyncio.Queue[Version]]:
        """A queue that receives ``key``'s version each time it changes, for as long as the block runs."""
        queue: asyncio.Queue[Version] = asyncio.Queue(maxsize=1)
        self._watchers.setdefault(key, set()).add(queue)
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._run(), name="web-live")
        try:
            yield queue
        finally:
            watchers = self._watchers.get(key)
            if watchers is not None:
                watchers.discard(queue)
                if not watchers:
                    del self._watchers[key]
                    self._seen.pop(key, None)

    @property
    def watchers(self) -> int:
        return sum(len(queues) for queues in self._watchers.values())

    async def _run(self) -> None:
        while self._watchers:
            try:
                await self.look()
            except Exception:  # a database hiccup: try again at the next look, keep the watchers
                log.exception("looking at the watched subjects failed")
            await asyncio.sleep(self.interval)
        self._task = None

    async def look(self) -> None:
        """One look at every watched subject's version; the watchers of each changed one are woken."""
        keys = list(self._watchers)
        if not keys:
            return
        found = await self._versions(keys)
        self.looks += 1
        for key in keys:
            version = found.get(key)
            if version is None or self._seen.get(key) == version:
                continue
            self._seen[key] = version
            for queue in self._watchers.get(key, ()):
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
