"""Opening the database (SQLite by default, PostgreSQL for a ``postgresql://`` URL) and migrating it,
one transaction at a time per write, and the bookkeeping writes that ride on the next transaction."""

from __future__ import annotations

import asyncio
import re
import sqlite3
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from importlib import resources
from pathlib import Path
from typing import Any, Generic, Literal, TypeVar

import aiosqlite
import asyncpg

from bot.store.database import Conflict, Database, PostgresDatabase
from bot.store.sqlite import SqliteDatabase, open_direct

#: What a SQLite commit survives (``CARDIA_SQLITE_SYNCHRONOUS``), in WAL mode. ``normal``: the bot's crash
#: or kill, as every commit is in the write-ahead log before it returns; a power cut or an operating
#: system crash may undo the last commits (never corrupt the file). ``full``: those too, as each commit
#: waits for the disk. That wait is short, but the connection's thread gives up the interpreter lock for
#: it and, with the event loop busy, waits for it again: at 300 interactions/s decisions queued behind
#: the disk (docs/performance.md).
Synchronous = Literal["normal", "full"]
SYNCHRONOUS: dict[Synchronous, str] = {"normal": "NORMAL", "full": "FULL"}


def _migrations(dialect: str) -> tuple[str, ...]:
    """The numbered migrations (``migrations/<dialect>/NNNN_name.sql``), in order. Only ever add a file,
    to both folders: the two databases have the same tables."""
    folder = resources.files("bot.store") / "migrations" / dialect
    names = sorted(entry.name for entry in folder.iterdir() if entry.name.endswith(".sql"))
    assert [int(name[:4]) for name in names] == list(range(1, len(names) + 1)), names
    return tuple((folder / name).read_text(encoding="utf-8") for name in names)


#: SQLite's ``user_version`` (PostgreSQL's ``schema_version`` table) counts the migrations applied.
MIGRATIONS: dict[str, tuple[str, ...]] = {
    dialect: _migrations(dialect) for dialect in ("sqlite", "postgresql")
}
assert len(set(map(len, MIGRATIONS.values()))) == 1, "a migration is missing for one database"

TransactionT = TypeVar("TransactionT")


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def is_postgres(target: str | Path) -> bool:
    return str(target).startswith(("postgresql://", "postgres://"))


re_password = re.compile(r"(://[^:/@]*):[^@]*@")


class StorageError(Exception):
    """The database cannot be used at all; the message says why, in one line."""


class Connection(Generic[TransactionT]):
    """The store's database (:mod:`bot.store.database`), its transactions, and the deferred bookkeeping."""

    def __init__(self, db: Database, transaction: Callable[[Database], TransactionT]) -> None:
        self.db = db
        self._make_transaction = transaction
        self.commits = 0  # for the benchmark: commits per decision
        # Bookkeeping of what Discord shows (bot.ui.reconciler), written with the next transaction or flush():
        # a decision stays one commit. Lost in a crash, it is found again on Discord (bot.ui.posted).
        self._deferred: list[tuple[str, tuple[Any, ...]]] = []

    @staticmethod
    async def connect(
        target: str | Path, pool_size: int = 10, synchronous: Synchronous = "normal"
    ) -> Database:
        """Open (creating and migrating if needed) the database: a SQLite file (see :data:`Synchronous`),
        or a PostgreSQL server for a ``postgresql://`` URL (a pool of ``pool_size`` connections).
        :class:`StorageError` in one line if it cannot be used, with nothing left running."""
        if is_postgres(target):
            return await _connect_postgres(str(target), pool_size)
        return await _connect_sqlite(target, synchronous)

    async def close(self) -> None:
        await self.db.close()

    async def ping(self) -> None:
        """A read that proves the database answers (the health check)."""
        await self.db.execute_fetchall("SELECT 1")

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[TransactionT]:
        """One atomic unit of writes; rolled back if anything in it raises (a duplicate action raises
        :class:`Conflict`). The deferred bookkeeping goes first."""
        deferred, self._deferred = self._deferred, []
        try:
            async with self.db.transaction() as db:
                for statement, values in sorted(deferred, key=_lock_order):  # stable: the last write wins
                    await db.write(statement, values)
                tx = self._make_transaction(db)
                yield tx
        except BaseException:
            self._deferred[:0] = deferred  # not written: it rides on the next one
            raise
        self.commits += 1
        for callback in getattr(tx, "committed", ()):
            callback()

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


#: The order a transaction that ends a game takes its rows' locks in (its game, then its match); the
#: bookkeeping's other tables after them, by name.
_TABLE_ORDER = {"games": 0, "matches": 1}


def _lock_order(write: tuple[str, tuple[Any, ...]]) -> tuple[Any, ...]:
    """Where a deferred write goes: its table in the order a game's end locks them, then the row it locks
    (an ``UPDATE``'s ``WHERE`` values, an upsert's ``ON CONFLICT`` columns' values). The bookkeeping of
    one process may touch rows another process's transaction (or another of its own) is writing at
    once (PostgreSQL): taken in one order by all, one waits for the other instead of both for each other
    (a deadlock, and a player's click failed)."""
    statement, values = write
    words = statement.split(maxsplit=3)
    table = words[2] if words[0] in ("INSERT", "DELETE") else words[1]  # INSERT INTO t, DELETE FROM t
    where = statement.find(" WHERE ")
    key: tuple[Any, ...] = ()
    if where >= 0:
        key = tuple(values[statement[:where].count("?") :])
    elif words[0] == "INSERT":
        columns = statement[statement.index("(") + 1 : statement.index(")")].split(", ")
        target = statement.find("ON CONFLICT (")
        keys = statement[target + 13 : statement.index(")", target)].split(", ") if target >= 0 else columns
        key = tuple(values[columns.index(column)] for column in keys)
    return (_TABLE_ORDER.get(table, len(_TABLE_ORDER)), table, *key)


async def _connect_sqlite(path: str | Path, synchronous: Synchronous = "normal") -> Database:
    try:
        # Opened once plainly first: a failed aiosqlite.connect leaves its thread racing the loop.
        await asyncio.to_thread(lambda: sqlite3.connect(path).close())
        db = await aiosqlite.connect(path, isolation_level=None)  # explicit BEGIN/COMMIT
    except sqlite3.Error as error:
        raise StorageError(f"cannot open the database {path}: {error}") from None
    try:
        db.row_factory = sqlite3.Row
        await db.execute("PRAGMA journal_mode = WAL")
        await db.execute("PRAGMA foreign_keys = ON")
        await db.execute("PRAGMA busy_timeout = 5000")
        await db.execute(f"PRAGMA synchronous = {SYNCHRONOUS[synchronous]}")
        async with db.execute("PRAGMA user_version") as cursor:
            row = await cursor.fetchone()
        version = row[0] if row else 0
        for number, script in enumerate(MIGRATIONS["sqlite"][version:], start=version + 1):
            await db.executescript(f"BEGIN; {script}; PRAGMA user_version = {number}; COMMIT;")
        direct = open_direct(path) if synchronous == "normal" else None
    except sqlite3.Error as error:
        await db.close()  # else aiosqlite's thread keeps the process alive
        raise StorageError(f"cannot use the database {path}: {error}") from None
    return SqliteDatabase(db, direct)


def _shown(url: str) -> str:
    """A database URL without its password, for a message."""
    return re_password.sub(r"\1***@", url)


async def _connect_postgres(url: str, pool_size: int) -> Database:
    try:
        pool = await asyncpg.create_pool(url, min_size=1, max_size=pool_size, command_timeout=30)
    except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError, ValueError) as error:
        raise StorageError(f"cannot open the database {_shown(url)}: {error}") from None
    try:
        async with pool.acquire() as connection, connection.transaction():
            # Several processes may start at once: one migrates, the others wait for it.
            await connection.execute("SELECT pg_advisory_xact_lock(4242001)")
            await connection.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
            version = await connection.fetchval("SELECT MAX(version) FROM schema_version") or 0
            for number, script in enumerate(MIGRATIONS["postgresql"][version:], start=version + 1):
                await connection.execute(script)
                await connection.execute("INSERT INTO schema_version (version) VALUES ($1)", number)
    except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
        await pool.close()
        raise StorageError(f"cannot use the database {_shown(url)}: {error}") from None
    return PostgresDatabase(pool)


__all__ = ["Conflict", "Connection", "StorageError", "now"]
