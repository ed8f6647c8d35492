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
import logging
import re
import sqlite3
from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Awaitable, Callable, Generator, Iterable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from functools import cache, partial
from typing import TYPE_CHECKING, Any, ClassVar, Literal, Protocol, TypeAlias, TypeVar, overload

import aiosqlite
import asyncpg
from asyncpg.pool import PoolConnectionProxy

Params = Sequence[Any]
log = logging.getLogger(__name__)
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
    """One aiosqlite connection: transactions take turns (``BEGIN IMMEDIATE``).

    With a ``direct`` connection too (``synchronous=normal``: a commit does not wait for the disk), the
    short work runs on the event loop's own thread, with no round trip to aiosqlite's: reads outside a
    transaction, and transactions of writes only (a decision's). Each round trip costs two waits for the
    interpreter lock, which under load are most of a decision's time (README, change 15). The direct
    connection never waits for a lock (``busy_timeout`` 0): when another connection or process holds
    the database, the same work goes to aiosqlite's thread, which waits. So does a transaction while one
    queued there is not done: transactions commit in the order they were made. The direct connection
    leaves checkpoints to the thread (see :data:`CHECKPOINT_EVERY`)."""

    dialect = "sqlite"

    def __init__(self, db: aiosqlite.Connection, direct: sqlite3.Connection | None = None) -> None:
        self.db = db
        self.direct = direct
        self._write = asyncio.Lock()
        self._on_thread: asyncio.Future[None] | None = None  # the latest commit queued for the thread
        self._direct_commits = 0  # since the latest checkpoint was queued

    def execute(self, sql: str, params: Params = ()) -> Statement:
        return self.db.execute(sql, params)  # aiosqlite's own: awaitable and a context manager

    async def executemany(self, sql: str, rows: Iterable[Params]) -> None:
        await self.db.executemany(sql, rows)

    async def execute_fetchall(self, sql: str, params: Params = ()) -> Sequence[Any]:
        if self.direct is not None:
            try:
                return self.direct.execute(sql, params).fetchall()
            except sqlite3.OperationalError as error:
                if not busy(error):
                    raise
        return list(await self.db.execute_fetchall(sql, params))

    async def insert(self, sql: str, params: Params = ()) -> int:
        cursor = await self.db.execute(sql, params)
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Database]:
        async with self._write:
            in_order = self._on_thread is None or self._on_thread.done()
            tx = _SqliteTransaction(self.db, self.direct if in_order else None)
            try:
                yield tx
            except BaseException as error:
                # Whatever failed, nothing of it stays, and the connection is ready for the next one.
                tx.roll_back()
                if isinstance(error, sqlite3.IntegrityError):
                    raise Conflict(str(error)) from error
                raise
            try:
                outcome = tx.commit()
            except sqlite3.IntegrityError as error:  # committed directly: refused at once
                raise Conflict(str(error)) from error
            if outcome is not None:
                self._on_thread = outcome
            elif tx.direct_commit:
                self._checkpoint_now_and_then()
        # The commit is queued for the connection's thread before the writer is let go of: the next
        # transaction's statements run after it. Waiting for it does not hold the writer, so
        # transactions do not queue behind each other's round trips.
        if outcome is not None:
            try:
                await outcome
            except sqlite3.IntegrityError as error:
                raise Conflict(str(error)) from error

    def _checkpoint_now_and_then(self) -> None:
        self._direct_commits += 1
        if self._direct_commits >= CHECKPOINT_EVERY:
            self._direct_commits = 0
            with contextlib.suppress(ValueError):  # closed: the last connection to close checkpoints
                checkpoint = _queued(self.db, _checkpoint)
                checkpoint.add_done_callback(_checkpointed)
                # Transactions wait behind it on the thread, so the next one finds the whole log copied
                # and starts it again from its beginning: commits made while a checkpoint runs would
                # keep the log growing.
                self._on_thread = checkpoint

    async def close(self) -> None:
        if self.direct is not None:
            self.direct.close()
        await self.db.close()


#: Commits on the direct connection between two checkpoints, which aiosqlite's thread runs (``PASSIVE``:
#: it waits for nobody). A decision writes a few pages, so the write-ahead log stays near SQLite's own
#: automatic checkpoint (1,000 pages), which the direct connection turns off: a checkpoint waits for the
#: disk, and the event loop must not.
CHECKPOINT_EVERY = 250


def _checkpointed(checkpoint: asyncio.Future[None]) -> None:
    if not checkpoint.cancelled() and (error := checkpoint.exception()) is not None:
        log.warning("SQLite: a checkpoint failed (the next one copies what it did not): %s", error)


def busy(error: sqlite3.OperationalError) -> bool:
    """Another connection holds the database (SQLite's ``SQLITE_BUSY``, extended codes included)."""
    code: int | None = getattr(error, "sqlite_errorcode", None)  # None: not raised by SQLite itself
    return code is not None and code & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)


class _SqliteTransaction(Database):
    """The statements of one SQLite transaction, queued for the connection's thread as they are made,
    in order, without waiting for each other. Under load a wait for the thread is most of a statement's
    time (the thread waits for the interpreter lock, then the event loop for its answer), and the
    transaction holds the database's only writer meanwhile (bench/bot_load.py: at 250-300
    interactions/s, decisions queued for it). So the writer is held only while its holder waits for a
    result it reads.

    - Writes whose outcome nobody reads (:meth:`write`) are kept until the first read; a transaction
      of nothing else (a decision's) runs whole in one call on the thread: begin, its writes, commit,
      or roll back if one fails.
    - The first read begins the transaction on the thread (with the writes kept so far); from then on
      each statement is queued at once, and on the thread runs only if none before it failed and the
      transaction is open (a ``BEGIN`` that failed leaves nothing to write outside a transaction).
    - The commit (or the rollback after a failure) is queued too, and waited for once the writer is let
      go of: it commits all, or, if one statement failed, rolls back and reports that failure.

    Its statements are made one after another (each awaited before the next is made), as the store
    does."""

    dialect = "sqlite"

    def __init__(self, db: aiosqlite.Connection, direct: sqlite3.Connection | None = None) -> None:
        self.db = db
        self.direct = direct  # writes only may commit here (see SqliteDatabase)
        self.direct_commit = False  # they did
        self._kept: list[tuple[str, Params]] = []  # writes not queued yet (before the first read)
        self._progress: _Progress | None = None  # once begun, shared with the thread

    def _step(self, run: Callable[..., T], *args: Any, wanted: bool = True) -> asyncio.Future[T] | None:
        """Queue a statement of the begun transaction (beginning it first, with the writes kept)."""
        if self._progress is None:
            self._progress = _Progress()
            _queued(self.db, _begin, self._progress, tuple(self._kept), wanted=False)
            self._kept.clear()
        return _queued(self.db, _step, self._progress, run, *args, wanted=wanted)

    async def _read(self, run: Callable[..., T], *args: Any) -> T:
        outcome = self._step(run, *args)
        assert outcome is not None
        return await outcome

    def execute(self, sql: str, params: Params = ()) -> Statement:
        sent = self._step(_fetched, sql, params)  # queued now, in turn, whether awaited or entered
        assert sent is not None
        return _Sent(sent)

    async def write(self, sql: str, params: Params = ()) -> None:
        if self._progress is None:
            self._kept.append((sql, params))
        else:
            self._step(_run, sql, params, wanted=False)

    async def executemany(self, sql: str, rows: Iterable[Params]) -> None:
        self._step(_run_many, sql, list(rows), wanted=False)

    async def execute_fetchall(self, sql: str, params: Params = ()) -> Sequence[Any]:
        return await self._read(_fetchall, sql, params)

    async def insert(self, sql: str, params: Params = ()) -> int:
        return await self._read(_new_id, sql, params)

    def commit(self) -> asyncio.Future[None] | None:
        """Queue the commit (a transaction of writes only: all of it, whole); its outcome, to be waited
        for once the writer is let go of."""
        if self._progress is not None:
            return _queued(self.db, _commit, self._progress)
        if not self._kept:
            return None
        if self.direct is not None and _whole_transaction_now(self.direct, self._kept):
            self.direct_commit = True
            return None
        return _queued(self.db, _whole_transaction, tuple(self._kept))

    def roll_back(self) -> None:
        """After a failure: nothing of the transaction stays (the rollback runs after its statements)."""
        self._kept.clear()
        if self._progress is not None:
            with contextlib.suppress(ValueError):  # the connection is closed: nothing stays either
                _queued(self.db, _roll_back, wanted=False)

    def transaction(self) -> contextlib.AbstractAsyncContextManager[Database]:
        raise RuntimeError("a transaction inside a transaction")

    async def close(self) -> None:
        return None


# --- on the connection's thread ------------------------------------------------------------------------


@dataclass
class _Progress:
    """A begun transaction, as its statements see it on the thread: the first failure, if any."""

    failure: BaseException | None = None


def _begin(connection: sqlite3.Connection, progress: _Progress, writes: Sequence[tuple[str, Params]]) -> None:
    try:
        connection.execute("BEGIN IMMEDIATE")
    except BaseException as error:
        progress.failure = error
    else:
        _write_all(connection, progress, writes)


def _write_all(
    connection: sqlite3.Connection, progress: _Progress, writes: Sequence[tuple[str, Params]]
) -> None:
    try:
        for sql, params in writes:
            connection.execute(sql, params)
    except BaseException as error:
        progress.failure = error


def _step(connection: sqlite3.Connection, progress: _Progress, run: Callable[..., T], *args: Any) -> T:
    """A statement of a begun transaction: run only if it is open and nothing before failed."""
    if progress.failure is None and not connection.in_transaction:
        progress.failure = sqlite3.OperationalError("the transaction is not open")
    if progress.failure is not None:
        raise progress.failure
    try:
        return run(connection, *args)
    except BaseException as error:
        progress.failure = error
        raise


def _commit(connection: sqlite3.Connection, progress: _Progress) -> None:
    try:
        if progress.failure is not None:
            raise progress.failure
        connection.execute("COMMIT")
    except BaseException:
        _roll_back(connection)
        raise


def _roll_back(connection: sqlite3.Connection) -> None:
    if connection.in_transaction:
        with contextlib.suppress(sqlite3.Error):  # a failure reported is the statement's
            connection.execute("ROLLBACK")


def _run(connection: sqlite3.Connection, sql: str, params: Params) -> None:
    connection.execute(sql, params)


def _run_many(connection: sqlite3.Connection, sql: str, rows: list[Params]) -> None:
    connection.executemany(sql, rows)


def _fetchall(connection: sqlite3.Connection, sql: str, params: Params) -> list[Any]:
    return connection.execute(sql, params).fetchall()


def _new_id(connection: sqlite3.Connection, sql: str, params: Params) -> int:
    new_id = connection.execute(sql, params).lastrowid
    assert new_id is not None
    return new_id


def _fetched(connection: sqlite3.Connection, sql: str, params: Params) -> _Fetched:
    cursor = connection.execute(sql, params)
    return _Fetched(cursor.fetchall(), cursor.rowcount)


def _whole_transaction(connection: sqlite3.Connection, writes: Sequence[tuple[str, Params]]) -> None:
    """A transaction of writes only, on the connection's thread: all of them or none."""
    progress = _Progress()
    _begin(connection, progress, writes)
    _commit(connection, progress)


def _whole_transaction_now(connection: sqlite3.Connection, writes: Sequence[tuple[str, Params]]) -> bool:
    """:func:`_whole_transaction` without waiting for the writer: False, and nothing done, if another
    connection holds it."""
    try:
        connection.execute("BEGIN IMMEDIATE")
    except sqlite3.OperationalError as error:
        if busy(error):
            return False
        raise
    progress = _Progress()
    _write_all(connection, progress, writes)
    _commit(connection, progress)
    return True


def _checkpoint(connection: sqlite3.Connection) -> None:
    connection.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()


@overload
def _queued(
    db: aiosqlite.Connection, function: Callable[..., T], *args: Any, wanted: Literal[True] = True
) -> asyncio.Future[T]: ...


@overload
def _queued(
    db: aiosqlite.Connection, function: Callable[..., T], *args: Any, wanted: bool
) -> asyncio.Future[T] | None: ...


def _queued(
    db: aiosqlite.Connection, function: Callable[..., T], *args: Any, wanted: bool = True
) -> asyncio.Future[T] | None:
    """Queue ``function(connection, *args)`` for aiosqlite's thread now, in turn with its statements, and
    return its outcome (or, not ``wanted``, nothing: a failure is the transaction's to report).
    aiosqlite has no public call for this: it is what its ``_execute`` does for each of its own calls,
    without the coroutine around it, which would queue the call only once the event loop runs it
    (requirements/bot.lock pins aiosqlite; tests/test_store_transactions.py runs this)."""
    if not db._running or db._connection is None:
        raise ValueError("Connection closed")
    outcome: asyncio.Future[T] | None = asyncio.get_running_loop().create_future() if wanted else None
    db._tx.put_nowait((outcome, partial(_on_connection, db, function, *args)))
    return outcome


def _on_connection(db: aiosqlite.Connection, function: Callable[..., T], *args: Any) -> T:
    return function(db._conn, *args)


class _Fetched:
    """A statement's rows and row count, read on the thread: what :meth:`Database.execute` gives."""

    def __init__(self, rows: list[Any], rowcount: int) -> None:
        self.rows, self.rowcount = rows, rowcount

    async def fetchone(self) -> Any:
        return self.rows[0] if self.rows else None

    async def fetchall(self) -> Iterable[Any]:
        return self.rows


class _Sent:
    """A statement of a transaction, sent: awaited, its outcome (``rowcount``); entered, its rows."""

    def __init__(self, sent: Awaitable[_Fetched]) -> None:
        self.sent = asyncio.ensure_future(sent)

    def __await__(self) -> Generator[Any, None, Outcome]:
        return self.sent.__await__()

    async def __aenter__(self) -> Rows:
        return await self.sent

    async def __aexit__(self, exc_type: Any, exc: Any, tb: Any) -> None:
        return None


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
