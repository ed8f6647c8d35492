"""The interface of the two databases behind the one store, and PostgreSQL's (asyncpg, for servers
that outgrow one process); SQLite's, the embedded default, is :mod:`bot.store.sqlite`.

The queries are written once, with ``?`` marks, against the small part of aiosqlite's interface the
store uses: ``await db.execute(sql, params)`` (its ``rowcount``), ``executemany``, ``execute_fetchall``
and :meth:`Database.fetch_one` for reads (one round trip each), and :meth:`insert` for a new row's id.
:class:`PostgresDatabase` runs the same on a pool of asyncpg connections, each transaction on one of its
own.
"""

from __future__ import annotations

import contextlib
import re
from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Generator, Iterable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, TypeAlias

import asyncpg
from asyncpg.pool import PoolConnectionProxy

Params = Sequence[Any]


class Rows(Protocol):
    """A statement's rows (aiosqlite's cursor, or ours on PostgreSQL); a row reads by name or index."""

    async def fetchone(self) -> Any: ...

    async def fetchall(self) -> Iterable[Any]: ...


class Outcome(Protocol):
    @property
    def rowcount(self) -> int: ...


class Statement(Protocol):
    """What ``execute`` returns: awaited, it runs (how many rows changed); entered, it gives rows."""

    def __await__(self) -> Generator[Any, None, Outcome]: ...

    async def __aenter__(self) -> Rows: ...

    async def __aexit__(self, exc_type: Any, exc: Any, tb: Any) -> Any: ...


class Conflict(Exception):
    """A write refused by a key or constraint (the same decision stored twice, by two clicks or two
    processes): the transaction was rolled back."""


class Database(ABC):
    """Runs the store's SQL. Reads may run at any time; writes run in :meth:`transaction`."""

    dialect: ClassVar[str]

    @abstractmethod
    def execute(self, sql: str, params: Params = ()) -> Statement:
        """Awaited: run a statement (``.rowcount``). ``async with``: a cursor of its rows."""

    async def write(self, sql: str, params: Params = ()) -> None:
        """A write of a transaction whose outcome nobody reads (not even its row count). On SQLite it is
        sent on without waiting for it, and a failure fails the commit (``bot.store.sqlite``)."""
        await self.execute(sql, params)

    @abstractmethod
    async def executemany(self, sql: str, rows: Iterable[Params]) -> None: ...

    @abstractmethod
    async def execute_fetchall(self, sql: str, params: Params = ()) -> Sequence[Any]:
        """A query's rows: the store reads this way (on SQLite at most one round trip to aiosqlite's
        thread, where a cursor takes three)."""

    async def fetch_one(self, sql: str, params: Params = ()) -> Any:
        """A query's first row (None if it has none)."""
        rows = await self.execute_fetchall(sql, params)
        return rows[0] if rows else None

    @abstractmethod
    async def insert(self, sql: str, params: Params = ()) -> int:
        """Run an INSERT into a table keyed by ``id``; the new row's id."""

    @abstractmethod
    def transaction(self) -> contextlib.AbstractAsyncContextManager[Database]:
        """One atomic unit of writes, on the database it yields; :class:`Conflict` if a key refuses
        one (nothing of it stays)."""

    @abstractmethod
    async def close(self) -> None: ...


@cache
def numbered(sql: str) -> str:
    """``?`` marks as PostgreSQL's ``$1, $2, ...`` (the store's SQL has no ``?`` inside a literal)."""
    count = iter(range(1, sql.count("?") + 1))
    return re.sub(r"\?", lambda _: f"${next(count)}", sql)


if TYPE_CHECKING:  # the stubs are generic, the classes are not
    Runner: TypeAlias = asyncpg.Pool[Any] | PoolConnectionProxy[Any]


@dataclass(slots=True)
class _Outcome:
    rowcount: int


class _Cursor:
    def __init__(self, rows: list[Any]) -> None:
        self.rows = rows

    async def fetchone(self) -> Any:
        return self.rows[0] if self.rows else None

    async def fetchall(self) -> list[Any]:
        return self.rows


class _Statement:
    """What :meth:`PostgresDatabase.execute` returns: awaited, it runs; entered, it fetches."""

    def __init__(self, on: Runner, sql: str, params: Params) -> None:
        self.on, self.sql, self.params = on, numbered(sql), tuple(params)

    async def _run(self) -> _Outcome:
        status = await self.on.execute(self.sql, *self.params)
        count = status.rsplit(" ", 1)[-1]  # "UPDATE 1", "INSERT 0 1", "DELETE 3"
        return _Outcome(int(count) if count.isdigit() else 0)

    def __await__(self) -> Generator[Any, None, _Outcome]:
        return self._run().__await__()

    async def __aenter__(self) -> _Cursor:
        return _Cursor(list(await self.on.fetch(self.sql, *self.params)))

    async def __aexit__(self, exc_type: Any, exc: Any, tb: Any) -> None:
        return None


class _PostgresRunner(Database):
    dialect = "postgresql"
    on: Runner

    def execute(self, sql: str, params: Params = ()) -> _Statement:
        return _Statement(self.on, sql, params)

    async def executemany(self, sql: str, rows: Iterable[Params]) -> None:
        await self.on.executemany(numbered(sql), [tuple(row) for row in rows])

    async def execute_fetchall(self, sql: str, params: Params = ()) -> Sequence[Any]:
        return list(await self.on.fetch(numbered(sql), *params))

    async def insert(self, sql: str, params: Params = ()) -> int:
        return int(await self.on.fetchval(numbered(sql + " RETURNING id"), *params))


class _PostgresTransaction(_PostgresRunner):
    """The statements of one transaction, on its own connection."""

    def __init__(self, connection: PoolConnectionProxy[Any]) -> None:
        self.on = connection

    def transaction(self) -> contextlib.AbstractAsyncContextManager[Database]:
        raise RuntimeError("a transaction inside a transaction")

    async def close(self) -> None:
        return None


class PostgresDatabase(_PostgresRunner):
    """A pool of connections: reads take any, each transaction one of its own, so two processes (or
    two games of one) write at once; the keys decide between two writes of the same decision."""

    def __init__(self, pool: asyncpg.Pool[Any]) -> None:
        self.on = self.pool = pool

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Database]:
        async with self.pool.acquire() as connection:
            try:
                async with connection.transaction():
                    yield _PostgresTransaction(connection)
            except asyncpg.IntegrityConstraintViolationError as error:
                raise Conflict(str(error)) from error

    async def close(self) -> None:
        await self.pool.close()
