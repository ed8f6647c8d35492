"""The two databases behind the one store: SQLite (aiosqlite, the embedded default) and PostgreSQL
(asyncpg, for servers that outgrow one process).

The queries are written once, with ``?`` marks, against the small part of aiosqlite's interface the
store uses: ``await db.execute(sql, params)`` (its ``rowcount``), ``executemany``, ``execute_fetchall``
and :meth:`Database.fetch_one` for reads (one round trip each), and :meth:`insert` for a new row's id.
:class:`SqliteDatabase` is aiosqlite itself; :class:`PostgresDatabase` runs the same on a pool of
asyncpg connections, each transaction on one of its own.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import sqlite3
from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Awaitable, Callable, Generator, Iterable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, TypeAlias, TypeVar

import aiosqlite
import asyncpg
from asyncpg.pool import PoolConnectionProxy

Params = Sequence[Any]
T = TypeVar("T")


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
        sent on without waiting for it, and a failure fails the commit (see :class:`_SqliteTransaction`)."""
        await self.execute(sql, params)

    @abstractmethod
    async def executemany(self, sql: str, rows: Iterable[Params]) -> None: ...

    @abstractmethod
    async def execute_fetchall(self, sql: str, params: Params = ()) -> Sequence[Any]:
        """A query's rows. On SQLite one round trip to the database's thread, where a cursor takes
        three (execute, fetch, close), each a wait for the interpreter lock when the event loop is busy:
        the store reads this way."""

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


class SqliteDatabase(Database):
    """One aiosqlite connection: transactions take turns (``BEGIN IMMEDIATE``)."""

    dialect = "sqlite"

    def __init__(self, db: aiosqlite.Connection) -> None:
        self.db = db
        self._write = asyncio.Lock()

    def execute(self, sql: str, params: Params = ()) -> Statement:
        return self.db.execute(sql, params)  # aiosqlite's own: awaitable and a context manager

    async def executemany(self, sql: str, rows: Iterable[Params]) -> None:
        await self.db.executemany(sql, rows)

    async def execute_fetchall(self, sql: str, params: Params = ()) -> Sequence[Any]:
        return list(await self.db.execute_fetchall(sql, params))

    async def insert(self, sql: str, params: Params = ()) -> int:
        cursor = await self.db.execute(sql, params)
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Database]:
        tx = _SqliteTransaction(self.db)
        async with self._write:
            try:
                yield tx
                whole = await tx.commit()
            except BaseException as error:
                # Whatever failed (a statement, the commit itself), nothing of it stays, and the
                # connection is ready for the next transaction.
                await tx.roll_back()
                if isinstance(error, sqlite3.IntegrityError):
                    raise Conflict(str(error)) from error
                raise
        # A transaction of writes only is queued for the connection's thread, whole, before the writer
        # is let go of: the next transaction's statements run after it. Waiting for it does not hold
        # the writer, so transactions do not queue behind each other's round trips.
        if whole is not None:
            try:
                await whole
            except sqlite3.IntegrityError as error:
                raise Conflict(str(error)) from error

    async def close(self) -> None:
        await self.db.close()


class _SqliteTransaction(Database):
    """The statements of one SQLite transaction, in as few waits for the connection's thread as they
    allow. Under load such a wait is most of a statement's time (the thread waits for the interpreter
    lock, then the event loop for its answer), and the transaction holds the database's only writer
    meanwhile (bench/bot_load.py: at 250 interactions/s, decisions queued for it).

    - Writes whose outcome nobody reads (:meth:`write`) are kept until the commit, and a transaction
      of nothing else (a decision's) runs whole in one call on the thread: begin, its writes, commit,
      or roll back if one fails.
    - The first statement whose result is read begins the transaction on the database (waiting for
      the ``BEGIN``); from then on every statement is sent at once, in the order they are made, each
      without waiting for the one before. A caller waits only for the results it reads; the commit
      waits for all, and one that failed fails the transaction.

    Its statements are made one after another (each awaited before the next is made), as the store
    does."""

    dialect = "sqlite"

    def __init__(self, db: aiosqlite.Connection) -> None:
        self.db = db
        self._kept: list[tuple[str, Params]] = []  # writes not sent yet (before the first read)
        self._sent: list[asyncio.Future[Any]] | None = None  # once begun: every statement sent

    async def _begun(self) -> None:
        """Begin on the database (once), then send the writes kept so far."""
        if self._sent is None:
            self._sent = []  # from here a failure rolls back: a BEGIN cancelled while awaited may have run
            await self.db.execute("BEGIN IMMEDIATE")
            for sql, params in self._kept:
                self._send(self.db.execute(sql, params))
            self._kept.clear()

    def _send(self, statement: Awaitable[T]) -> asyncio.Future[T]:
        # A task sends its statement at its first step, and tasks take their first steps in the order
        # they were made: the statements reach the thread's queue in this order.
        assert self._sent is not None
        sent = asyncio.ensure_future(statement)
        self._sent.append(sent)
        return sent

    async def _after_begin(self, statement: Callable[[], Awaitable[T]]) -> T:
        await self._begun()
        return await self._send(statement())

    def execute(self, sql: str, params: Params = ()) -> Statement:
        return _Sent(self._after_begin(lambda: self.db.execute(sql, params)))

    async def write(self, sql: str, params: Params = ()) -> None:
        if self._sent is None:
            self._kept.append((sql, params))
        else:
            self._send(self.db.execute(sql, params))

    async def executemany(self, sql: str, rows: Iterable[Params]) -> None:
        rows = list(rows)
        await self._after_begin(lambda: self.db.executemany(sql, rows))

    async def execute_fetchall(self, sql: str, params: Params = ()) -> Sequence[Any]:
        return list(await self._after_begin(lambda: self.db.execute_fetchall(sql, params)))

    async def insert(self, sql: str, params: Params = ()) -> int:
        cursor = await self._after_begin(lambda: self.db.execute(sql, params))
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    async def commit(self) -> asyncio.Future[None] | None:
        """Commit what was begun on the database; or, for a transaction of writes only, queue it whole
        for the connection's thread and return its outcome, to be waited for."""
        if self._sent is None:
            if not self._kept:
                return None
            whole = asyncio.ensure_future(_in_thread(self.db, _whole_transaction, tuple(self._kept)))
            # Its first step queues it for the thread: taken before this resumes (tasks' steps run in
            # the order they were scheduled), so before the writer is let go of.
            try:
                await asyncio.sleep(0)
            except BaseException:
                whole.cancel()  # cancelled before it was queued: it never runs (after, it runs whole)
                raise
            return whole
        outcomes = await asyncio.gather(*self._sent, return_exceptions=True)
        for outcome in outcomes:  # the first failure, once all are done
            if isinstance(outcome, BaseException):
                raise outcome
        await self.db.execute("COMMIT")
        return None

    async def roll_back(self) -> None:
        """After a failure: nothing of the transaction stays. A statement not sent yet never will be
        (its task is cancelled before its first step), so the rollback, sent next, comes after every
        statement that was. (A transaction run whole rolled itself back.)"""
        self._kept.clear()
        if self._sent is None:
            return
        for sent in self._sent:
            if not sent.cancel() and not sent.cancelled():
                sent.exception()  # retrieved: the transaction's failure is reported, not each statement's
        with contextlib.suppress(sqlite3.Error, ValueError):
            await self.db.execute("ROLLBACK")

    def transaction(self) -> contextlib.AbstractAsyncContextManager[Database]:
        raise RuntimeError("a transaction inside a transaction")

    async def close(self) -> None:
        return None


def _whole_transaction(connection: sqlite3.Connection, writes: tuple[tuple[str, Params], ...]) -> None:
    """A transaction of writes only, on the connection's thread: all of them or none."""
    connection.execute("BEGIN IMMEDIATE")
    try:
        for sql, params in writes:
            connection.execute(sql, params)
        connection.execute("COMMIT")
    except BaseException:
        if connection.in_transaction:
            with contextlib.suppress(sqlite3.Error):  # the failure reported is the statement's
                connection.execute("ROLLBACK")
        raise


async def _in_thread(db: aiosqlite.Connection, function: Callable[..., T], *args: Any) -> T:
    """Run ``function(connection, *args)`` on aiosqlite's thread, in turn with its statements. aiosqlite
    has no public call for this; ``_execute`` is what each of its own calls goes through
    (requirements/bot.lock pins it, and tests/test_store_transactions.py runs this path)."""
    queue: Callable[[Callable[[], T]], Awaitable[T]] = db._execute
    return await queue(lambda: function(db._conn, *args))


class _Sent:
    """A statement of a transaction, sent: awaited, its outcome (``rowcount``); entered, its rows."""

    def __init__(self, sent: Awaitable[aiosqlite.Cursor]) -> None:
        self.sent = asyncio.ensure_future(sent)

    def __await__(self) -> Generator[Any, None, Outcome]:
        return self.sent.__await__()

    async def __aenter__(self) -> Rows:
        return await self.sent

    async def __aexit__(self, exc_type: Any, exc: Any, tb: Any) -> None:
        await (await self.sent).close()


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
