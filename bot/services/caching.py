"""The two shapes of memory the bot keeps, each written once: a lock per key while it is in use
(:class:`KeyedLocks`), and the most recently used values by key, bounded (:class:`Recent`). The database
is the source of truth; whatever is here can be lost and read again."""

from __future__ import annotations

import asyncio
import weakref
from collections import OrderedDict
from collections.abc import Hashable, Iterator
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class KeyedLocks(Generic[K]):
    """One asyncio lock per key (a game, a match, a message), kept only while someone holds it or waits
    for it: weak, so the keys nobody uses leave nothing behind."""

    __slots__ = ("_locks",)

    def __init__(self) -> None:
        self._locks: weakref.WeakValueDictionary[K, asyncio.Lock] = weakref.WeakValueDictionary()

    def __getitem__(self, key: K) -> asyncio.Lock:
        lock = self._locks.get(key)
        if lock is None:
            lock = self._locks[key] = asyncio.Lock()
        return lock

    def held(self, key: K) -> bool:
        """Whether someone holds the key's lock now."""
        lock = self._locks.get(key)
        return lock is not None and lock.locked()

    def __len__(self) -> int:
        return len(self._locks)


class Recent(Generic[K, V]):
    """At most ``most`` values by key, the least recently used let go of first. Reading a value with
    :meth:`get` or storing one with :meth:`put` makes it the most recently used."""

    __slots__ = ("_items", "most")

    def __init__(self, most: int) -> None:
        self.most = most
        self._items: OrderedDict[K, V] = OrderedDict()

    def get(self, key: K) -> V | None:
        value = self._items.get(key)
        if value is not None:
            self._items.move_to_end(key)
        return value

    def peek(self, key: K) -> V | None:
        """The value, leaving its place as it is."""
        return self._items.get(key)

    def put(self, key: K, value: V) -> list[K]:
        """Keep ``value`` as the most recently used; the keys let go of to make room (oldest first)."""
        self._items[key] = value
        self._items.move_to_end(key)
        evicted: list[K] = []
        while len(self._items) > self.most:
            old, _ = self._items.popitem(last=False)
            evicted.append(old)
        return evicted

    def replace(self, key: K, value: V) -> None:
        """Change a kept value in its place (as recently used as it was)."""
        if key in self._items:
            self._items[key] = value

    def pop(self, key: K) -> V | None:
        return self._items.pop(key, None)

    def clear(self) -> None:
        self._items.clear()

    def __contains__(self, key: object) -> bool:
        return key in self._items

    def __len__(self) -> int:
        return len(self._items)

    def __iter__(self) -> Iterator[K]:
        """The keys, least recently used first."""
        return iter(self._items)
