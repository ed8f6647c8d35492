"""SQLite, the store's embedded default: aiosqlite's connection on its own thread, and, when commits do
not wait for the disk (``synchronous=normal``), a second connection the event loop uses itself.

Why two: a call to aiosqlite's thread is a round trip that waits twice for the interpreter lock (the
thread to run, then the event loop to take the answer), and under load those waits were most of a
decision's time (docs/performance-history.md, change 15). The event loop's connection runs the same short
statements in a fraction of that (a decision's commit writes a few pages to the write-ahead log), so it
runs everything it can; the thread is for what may wait:

- another connection or process holds the database: the event loop's connection never waits for a
  lock (``busy_timeout`` 0), it hands the work to the thread, which waits (``busy_timeout`` 5 s);
- a transaction queued there is not done yet: the next ones go after it, so transactions commit in the
  order they were made;
- checkpoints, which wait for the disk (:data:`CHECKPOINT_EVERY`);
- with ``synchronous=full`` everything, as each commit waits for the disk.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable, Generator, Iterable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any, Literal, TypeVar, overload

import aiosqlite

from bot.store.database import Conflict, Database, Outcome, Params, Rows, Statement

log = logging.getLogger(__name__)
T = TypeVar("T")

#: Commits on the event loop's connection between two checkpoints, which aiosqlite's thread runs
#: (``PASSIVE``: it waits for nobody). A decision writes a few pages, so the write-ahead log stays near
#: SQLite's own automatic checkpoint (1,000 pages), which the event loop's connection turns off: a
#: checkpoint waits for the disk, and the event loop must not.
CHECKPOINT_EVERY = 250


def open_direct(path: str | Path) -> sqlite3.Connection:
    """The connection the event loop's thread uses itself: it never waits for a lock, nor for the disk
    (no automatic checkpoint; at ``normal`` a commit does not wait for it)."""
    direct = sqlite3.connect(path, isolation_level=None)  # explicit BEGIN/COMMIT
    try:
        direct.row_factory = sqlite3.Row
        for pragma in (
            "foreign_keys = ON",
            "busy_timeout = 0",
            "synchronous = NORMAL",
            "wal_autocheckpoint = 0",
        ):
            direct.execute(f"PRAGMA {pragma}")
    except sqlite3.Error:
        direct.close()
        raise
    return direct


def busy(error: sqlite3.OperationalError) -> bool:
    """Another connection holds the database (SQLite's ``SQLITE_BUSY``, extended codes included)."""
    code: int | None = getattr(error, "sqlite_errorcode", None)  # None: not raised by SQLite itself
    return code is not None and code & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)


class SqliteDatabase(Database):
    """aiosqlite's connection and, with ``direct``, the event loop's own (see the module's docstring):
    transactions take turns (``BEGIN IMMEDIATE``)."""

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
        # Not while a transaction is open on the event loop's connection (its body awaiting something
        # else): a read there would see what that transaction has not committed.
        if self.direct is not None and not self.direct.in_transaction:
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
            except sqlite3.IntegrityError as error:  # committed here: refused at once
                raise Conflict(str(error)) from error
            if outcome is not None:
                self._on_thread = outcome
            elif tx.committed_here:
                self._checkpoint_now_and_then()
        # A commit queued for the connection's thread is queued before the writer is let go of: the next
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


def _checkpointed(checkpoint: asyncio.Future[None]) -> None:
    if not checkpoint.cancelled() and (error := checkpoint.exception()) is not None:
        log.warning("SQLite: a checkpoint failed (the next one copies what it did not): %s", error)


class _SqliteTransaction(Database):
    """The statements of one SQLite transaction, in order, on the event loop's connection if it is
    given and free (``here``), else queued for aiosqlite's thread as they are made, without waiting for
    each other: under load a wait for the thread is most of a statement's time, and the transaction
    holds the database's only writer meanwhile, so it is held only while its holder waits for a result
    it reads.

    - Writes whose outcome nobody reads (:meth:`write`) are kept until the first read; a transaction
      of nothing else (a decision's) runs whole at the commit: begin, its writes, commit, or roll back
      if one fails (in one call on the thread).
    - The first read begins the transaction (with the writes kept so far); from then on each statement
      runs (or is queued) at once, and runs only if none before it failed and the transaction is open (a
      ``BEGIN`` that failed leaves nothing to write outside a transaction).
    - The commit (or the rollback after a failure) commits all, or, if one statement failed, rolls back
      and reports that failure. On the thread it is waited for once the writer is let go of.

    Its statements are made one after another (each awaited before the next is made), as the store
    does."""

    dialect = "sqlite"

    def __init__(self, db: aiosqlite.Connection, direct: sqlite3.Connection | None = None) -> None:
        self.db = db
        self.direct = direct  # the event loop's connection, to try first
        self.here: sqlite3.Connection | None = None  # it, once the transaction began on it
        self.committed_here = False
        self._kept: list[tuple[str, Params]] = []  # writes not run yet (before the first read)
        self._progress: _Progress | None = None  # once begun (shared with the thread)

    def _step(self, run: Callable[..., T], *args: Any, wanted: bool = True) -> asyncio.Future[T] | None:
        """Run or queue a statement of the begun transaction (beginning it first, with the writes kept)."""
        if self._progress is None:
            self._progress = _Progress()
            if self.direct is not None and _begin_now(self.direct, self._progress, self._kept):
                self.here = self.direct
            else:
                _queued(self.db, _begin, self._progress, tuple(self._kept), wanted=False)
            self._kept.clear()
        if self.here is not None:
            return _now(self.here, self._progress, run, *args, wanted=wanted)
        return _queued(self.db, _step, self._progress, run, *args, wanted=wanted)

    async def _read(self, run: Callable[..., T], *args: Any) -> T:
        outcome = self._step(run, *args)
        assert outcome is not None
        return await outcome

    def execute(self, sql: str, params: Params = ()) -> Statement:
        sent = self._step(_fetched, sql, params)  # run or queued now, in turn, whether awaited or entered
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
        """Commit (a transaction of writes only: all of it, whole) here, or queue the commit: then its
        outcome, to be waited for once the writer is let go of. Here, a failure raises at once."""
        if self._progress is None:
            if not self._kept:
                return None
            self._progress = _Progress()
            if self.direct is None or not _begin_now(self.direct, self._progress, self._kept):
                return _queued(self.db, _whole_transaction, tuple(self._kept))
            self.here = self.direct
        if self.here is None:
            return _queued(self.db, _commit, self._progress)
        _commit(self.here, self._progress)
        self.committed_here = True
        return None

    def roll_back(self) -> None:
        """After a failure: nothing of the transaction stays (on the thread, the rollback runs after its
        statements)."""
        self._kept.clear()
        if self.here is not None:
            _roll_back(self.here)
        elif self._progress is not None:
            with contextlib.suppress(ValueError):  # the connection is closed: nothing stays either
                _queued(self.db, _roll_back, wanted=False)

    def transaction(self) -> contextlib.AbstractAsyncContextManager[Database]:
        raise RuntimeError("a transaction inside a transaction")

    async def close(self) -> None:
        return None


# --- on a connection: the thread's, or the event loop's ----------------------------------------------


@dataclass
class _Progress:
    """A begun transaction, as its statements see it: the first failure, if any."""

    failure: BaseException | None = None


def _begin(connection: sqlite3.Connection, progress: _Progress, writes: Sequence[tuple[str, Params]]) -> None:
    try:
        connection.execute("BEGIN IMMEDIATE")
    except BaseException as error:
        progress.failure = error
    else:
        _write_all(connection, progress, writes)


def _begin_now(
    connection: sqlite3.Connection, progress: _Progress, writes: Sequence[tuple[str, Params]]
) -> bool:
    """:func:`_begin` without waiting for the writer: False, and nothing done, if another connection
    holds it."""
    try:
        connection.execute("BEGIN IMMEDIATE")
    except sqlite3.OperationalError as error:
        if busy(error):
            return False
        progress.failure = error
    else:
        _write_all(connection, progress, writes)
    return True


def _now(
    connection: sqlite3.Connection, progress: _Progress, run: Callable[..., T], *args: Any, wanted: bool
) -> asyncio.Future[T] | None:
    """:func:`_step` at once, its outcome (when ``wanted``) as a queued one's would be."""
    outcome: asyncio.Future[T] | None = asyncio.get_running_loop().create_future() if wanted else None
    try:
        result = _step(connection, progress, run, *args)
    except Exception as error:  # kept by the progress: the commit reports it
        if outcome is not None:
            outcome.set_exception(error)
    else:
        if outcome is not None:
            outcome.set_result(result)
    return outcome


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
    (requirements/bot.lock pins aiosqlite; tests/store/test_transactions.py runs this)."""
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
