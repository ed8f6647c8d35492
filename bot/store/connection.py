"""The SQLite connection (aiosqlite): opening and migrating the file, one transaction at a time, and the
bookkeeping writes that ride on the next transaction."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from importlib import resources
from pathlib import Path
from typing import Any, Generic, TypeVar

import aiosqlite


def _migrations() -> tuple[str, ...]:
    """The numbered migrations (``migrations/NNNN_name.sql``), in order. Only ever add a file."""
    folder = resources.files("bot.store") / "migrations"
    names = sorted(entry.name for entry in folder.iterdir() if entry.name.endswith(".sql"))
    assert [int(name[:4]) for name in names] == list(range(1, len(names) + 1)), names
    return tuple((folder / name).read_text(encoding="utf-8") for name in names)


#: The database's ``user_version`` is the number of migrations applied so far.
MIGRATIONS: tuple[str, ...] = _migrations()

TransactionT = TypeVar("TransactionT")


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class StorageError(Exception):
    """The database cannot be used at all; the message says why, in one line."""


class Conflict(Exception):
    """A write refused by a key or constraint (the same decision stored twice, by two clicks or two
    processes): the transaction was rolled back."""


class Connection(Generic[TransactionT]):
    """One aiosqlite connection: transactions must not interleave, so they take turns."""

    def __init__(
        self, db: aiosqlite.Connection, transaction: Callable[[aiosqlite.Connection], TransactionT]
    ) -> None:
        self.db = db
        self._make_transaction = transaction
        self._write = asyncio.Lock()
        self.commits = 0  # for the benchmark: commits per decision
        # Bookkeeping of what Discord shows (bot.cogs.outbox), written with the next transaction or flush():
        # a decision stays one commit. Lost in a crash, it is found again on Discord (bot.cogs.outbox).
        self._deferred: list[tuple[str, tuple[Any, ...]]] = []

    @staticmethod
    async def connect(path: str | Path) -> aiosqlite.Connection:
        """Open (creating and migrating if needed) the database; :class:`StorageError` in one line if it
        cannot be used (read-only, not a database, a missing folder), with nothing left running."""
        try:
            # Opened once plainly first: a failed aiosqlite.connect leaves its thread racing the loop.
            await asyncio.to_thread(lambda: sqlite3.connect(path).close())
            db = await aiosqlite.connect(path, isolation_level=None)  # explicit BEGIN/COMMIT below
        except sqlite3.Error as error:
            raise StorageError(f"cannot open the database {path}: {error}") from None
        try:
            db.row_factory = sqlite3.Row
            await db.execute("PRAGMA journal_mode = WAL")
            await db.execute("PRAGMA foreign_keys = ON")
            await db.execute("PRAGMA busy_timeout = 5000")
            await _migrate(db)
        except sqlite3.Error as error:
            await db.close()  # else aiosqlite's thread keeps the process alive
            raise StorageError(f"cannot use the database {path}: {error}") from None
        return db

    async def close(self) -> None:
        await self.db.close()

    async def ping(self) -> None:
        """A read that proves the database answers (the health check)."""
        async with self.db.execute("SELECT 1") as cursor:
            await cursor.fetchone()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[TransactionT]:
        """One atomic unit of writes; rolled back if anything in it raises (a duplicate action raises
        :class:`Conflict`). The deferred bookkeeping goes first."""
        async with self._write:
            deferred, self._deferred = self._deferred, []
            try:
                await self.db.execute("BEGIN IMMEDIATE")
                for statement, values in deferred:
                    await self.db.execute(statement, values)
                yield self._make_transaction(self.db)
                await self.db.execute("COMMIT")
            except sqlite3.IntegrityError as error:
                with contextlib.suppress(sqlite3.Error, ValueError):
                    await self.db.execute("ROLLBACK")
                self._deferred[:0] = deferred
                raise Conflict(str(error)) from error
            except BaseException:
                # Whatever failed (a statement, the commit itself), nothing of it stays, and the
                # connection is ready for the next transaction.
                with contextlib.suppress(sqlite3.Error, ValueError):
                    await self.db.execute("ROLLBACK")
                self._deferred[:0] = deferred
                raise
            self.commits += 1

    @property
    def deferred(self) -> int:
        """Bookkeeping writes waiting for the next transaction."""
        return len(self._deferred)

    def defer(self, statement: str, values: tuple[Any, ...]) -> None:
        self._deferred.append((statement, values))

    async def flush(self) -> None:
        """Commit the deferred bookkeeping now (when no decision came to carry it, and at shutdown)."""
        if self._deferred:
            async with self.transaction():
                pass


async def _migrate(db: aiosqlite.Connection) -> None:
    async with db.execute("PRAGMA user_version") as cursor:
        row = await cursor.fetchone()
    version = row[0] if row else 0
    for number, script in enumerate(MIGRATIONS[version:], start=version + 1):
        await db.executescript(f"BEGIN; {script}; PRAGMA user_version = {number}; COMMIT;")
