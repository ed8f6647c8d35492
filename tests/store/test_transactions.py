"""The store's transactions: statements run in the order they are made, one that fails undoes them all
(``Conflict`` for a refused key), and the connection is ready for the next one whatever happened. On
SQLite (bot.store.sqlite) they run on the event loop's own connection, or on aiosqlite's thread when
the database is held, as a transaction still queued there is, or with ``synchronous=full``: there a
transaction of writes only runs whole in one call, and one that reads sends its writes without waiting
for each other. These tests hold all of them to the same rules."""

from __future__ import annotations

import asyncio
import contextlib
import os
import sqlite3
import threading
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any, cast

import pytest
import pytest_asyncio

from bot.store import Conflict, Storage, Synchronous
from bot.store import sqlite as sqlite_module
from bot.store.database import Database
from bot.store.sqlite import SqliteDatabase, _whole_transaction
from tests.helpers import until
from tests.sqlite_faults import Held


@pytest_asyncio.fixture
async def storage(database: str) -> AsyncIterator[Storage]:
    storage = await Storage.open(database)
    key = "INTEGER PRIMARY KEY" if storage.db.dialect == "sqlite" else "SERIAL PRIMARY KEY"
    await storage.db.execute(f"CREATE TABLE scratch (id {key}, n INTEGER NOT NULL UNIQUE)")
    yield storage
    await storage.close()


async def numbers(db: Database) -> list[int]:
    return [row["n"] for row in await db.execute_fetchall("SELECT n FROM scratch ORDER BY n")]


@pytest.mark.asyncio
async def test_statements_run_in_order_and_one_that_fails_undoes_the_whole_transaction(
    storage: Storage,
) -> None:
    with pytest.raises(Conflict):
        async with storage.db.transaction() as tx:
            await tx.write("INSERT INTO scratch (id, n) VALUES (?, ?)", (1, 10))
            await tx.write("INSERT INTO scratch (id, n) VALUES (?, ?)", (2, 20))
            assert await numbers(tx) == [10, 20], "a read sees the writes made before it"
            changed = await tx.execute("UPDATE scratch SET n = n + 1 WHERE n > ?", (10,))
            assert changed.rowcount == 1
            await tx.write("INSERT INTO scratch (id, n) VALUES (?, ?)", (3, 21))  # refused: n is taken
            await tx.write("INSERT INTO scratch (id, n) VALUES (?, ?)", (4, 40))  # after the refused one
    assert await numbers(storage.db) == [], "nothing of a failed transaction stays"
    async with storage.db.transaction() as tx:
        await tx.write("INSERT INTO scratch (id, n) VALUES (?, ?)", (5, 50))
        new_id = await tx.insert("INSERT INTO scratch (n) VALUES (?)", (60,))
        assert [
            row["n"] for row in await tx.execute_fetchall("SELECT n FROM scratch WHERE id = ?", (new_id,))
        ] == [60]
    assert await numbers(storage.db) == [50, 60], "and the next one commits"


@pytest.mark.asyncio
async def test_a_transaction_that_raises_or_is_cancelled_leaves_nothing_and_the_next_one_commits(
    storage: Storage,
) -> None:
    with pytest.raises(ValueError, match="changed my mind"):
        async with storage.db.transaction() as tx:
            for n in (1, 2, 3):  # sent, and not yet run when the body fails
                await tx.write("INSERT INTO scratch (id, n) VALUES (?, ?)", (n, n))
            raise ValueError("changed my mind")

    entered = asyncio.Event()

    async def stuck() -> None:
        async with storage.db.transaction() as tx:
            for n in (4, 5, 6):
                await tx.write("INSERT INTO scratch (id, n) VALUES (?, ?)", (n, n))
            entered.set()
            await asyncio.Event().wait()  # cancelled here (a process stopping)

    task = asyncio.create_task(stuck())
    await entered.wait()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    async with storage.db.transaction() as tx:
        await tx.write("INSERT INTO scratch (id, n) VALUES (?, ?)", (7, 7))
    assert await numbers(storage.db) == [7]


@pytest.mark.asyncio
async def test_a_transaction_of_writes_only_is_all_or_nothing(storage: Storage) -> None:
    async with storage.db.transaction() as tx:
        await tx.write("INSERT INTO scratch (id, n) VALUES (?, ?)", (1, 10))
    with pytest.raises(Conflict):
        async with storage.db.transaction() as tx:
            await tx.write("INSERT INTO scratch (id, n) VALUES (?, ?)", (2, 20))
            await tx.write("INSERT INTO scratch (id, n) VALUES (?, ?)", (3, 10))  # refused: n is taken
            await tx.write("INSERT INTO scratch (id, n) VALUES (?, ?)", (4, 40))
    async with storage.db.transaction() as tx:
        await tx.write("INSERT INTO scratch (id, n) VALUES (?, ?)", (5, 50))
    assert await numbers(storage.db) == [10, 50], "nothing of the refused one, and the next one commits"


class CountedCalls:
    """aiosqlite's queue to its thread, noting each call put on it: what it runs (a statement of a begun
    transaction: how, and its SQL), or aiosqlite's own call."""

    def __init__(self, storage: Storage, monkeypatch: pytest.MonkeyPatch) -> None:
        connection = cast(SqliteDatabase, storage.db).db
        self.queue, self.calls = connection._tx, list[str]()
        monkeypatch.setattr(connection, "_tx", self)

    def put_nowait(self, item: tuple[Any, Any]) -> None:
        _, function, *arguments = getattr(item[1], "args", (None, None))
        name = getattr(function, "__name__", "aiosqlite").strip("_")
        if name == "step":
            name = f"{arguments[1].__name__.strip('_')}: {arguments[2]}"
        self.calls.append(name)
        self.queue.put_nowait(item)


@pytest.mark.asyncio
@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
async def test_sqlite_runs_reads_and_transactions_of_writes_only_on_the_event_loop_s_thread(
    storage: Storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    counted = CountedCalls(storage, monkeypatch)
    async with storage.db.transaction() as tx:
        for n in (1, 2, 3):
            await tx.write("INSERT INTO scratch (id, n) VALUES (?, ?)", (n, n))
    assert await numbers(storage.db) == [1, 2, 3]
    assert tuple(await storage.db.fetch_one("SELECT COUNT(*) FROM scratch")) == (3,)
    assert counted.calls == [], "no round trip to aiosqlite's thread"
    thread = cast(SqliteDatabase, storage.db).db
    assert [row[0] for row in await thread.execute_fetchall("SELECT n FROM scratch")] == [1, 2, 3]
    counted.calls.clear()  # that read
    with pytest.raises(Conflict):  # refused at once, and nothing of it stays
        async with storage.db.transaction() as tx:
            await tx.write("INSERT INTO scratch (id, n) VALUES (?, ?)", (4, 4))
            await tx.write("INSERT INTO scratch (id, n) VALUES (?, ?)", (5, 1))
    assert await numbers(storage.db) == [1, 2, 3]
    async with storage.db.transaction() as tx:  # one that reads, too
        await tx.write("INSERT INTO scratch (id, n) VALUES (?, ?)", (4, 4))
        assert await numbers(tx) == [1, 2, 3, 4]
        changed = await tx.execute("UPDATE scratch SET n = n * 10 WHERE n > ?", (2,))
        assert changed.rowcount == 2
        assert await tx.insert("INSERT INTO scratch (n) VALUES (?)", (5,)) == 5
        await tx.executemany("INSERT INTO scratch (id, n) VALUES (?, ?)", [(6, 6), (7, 7)])
    assert await numbers(storage.db) == [1, 2, 5, 6, 7, 30, 40]
    with pytest.raises(ValueError, match="changed my mind"):
        async with storage.db.transaction() as tx:
            await tx.write("INSERT INTO scratch (id, n) VALUES (?, ?)", (8, 8))
            assert 8 in await numbers(tx)
            raise ValueError("changed my mind")
    assert await numbers(storage.db) == [1, 2, 5, 6, 7, 30, 40], "rolled back"
    assert counted.calls == [], "no round trip to aiosqlite's thread"


@pytest.mark.asyncio
@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
async def test_sqlite_runs_a_transaction_of_writes_only_in_one_call_on_its_thread(
    storage: Storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(storage.db, "direct", None)  # as with synchronous=full
    counted = CountedCalls(storage, monkeypatch)
    async with storage.db.transaction() as tx:
        for n in (1, 2, 3):
            await tx.write("INSERT INTO scratch (id, n) VALUES (?, ?)", (n, n))
    assert counted.calls == ["whole_transaction"]
    counted.calls.clear()
    async with storage.db.transaction() as tx:  # a read begins it on the database
        await tx.write("INSERT INTO scratch (id, n) VALUES (?, ?)", (4, 4))
        assert await numbers(tx) == [1, 2, 3, 4]
        await tx.write("INSERT INTO scratch (id, n) VALUES (?, ?)", (5, 5))
    # The begin carries the write before it; the write after the read is queued on its own.
    assert counted.calls == [
        "begin",
        "fetchall: SELECT n FROM scratch ORDER BY n",
        "run: INSERT INTO scratch (id, n) VALUES (?, ?)",
        "commit",
    ]
    assert await numbers(storage.db) == [1, 2, 3, 4, 5]


@pytest.mark.asyncio
@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
async def test_sqlite_hands_the_work_to_its_thread_when_another_connection_holds_the_database(
    storage: Storage, database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    counted = CountedCalls(storage, monkeypatch)
    other = sqlite3.connect(database, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another process holds the only writer
    try:

        async def writes_only() -> None:
            async with storage.db.transaction() as tx:
                await tx.write("INSERT INTO scratch (id, n) VALUES (?, ?)", (1, 1))

        async def reads_too() -> None:
            async with storage.db.transaction() as tx:
                await tx.write("INSERT INTO scratch (id, n) VALUES (?, ?)", (2, 2))
                assert await numbers(tx) == [1, 2]

        task = asyncio.create_task(writes_only())
        await until(lambda: counted.calls == ["whole_transaction"], "the transaction handed to the thread")
        assert not task.done(), "it waits for the writer, on the thread"
        other.execute("ROLLBACK")
        await task
        other.execute("BEGIN IMMEDIATE")
        task = asyncio.create_task(reads_too())
        await until(lambda: "begin" in counted.calls[1:], "the transaction begun on the thread")
        assert not task.done(), "it waits for the writer, on the thread"
        other.execute("ROLLBACK")
        await task
    finally:
        if other.in_transaction:
            other.execute("ROLLBACK")
        other.close()
    assert counted.calls == [
        "whole_transaction",
        "begin",
        "fetchall: SELECT n FROM scratch ORDER BY n",
        "commit",
    ]
    monkeypatch.setattr(storage.db, "direct", Held())
    assert await numbers(storage.db) == [1, 2]
    assert counted.calls[-1] == "aiosqlite", "a read goes to the thread too"


@pytest.mark.asyncio
@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
async def test_sqlite_reads_outside_a_transaction_see_only_what_is_committed(storage: Storage) -> None:
    opened, go_on = asyncio.Event(), asyncio.Event()

    async def slow_transaction() -> None:
        async with storage.db.transaction() as tx:
            await tx.write("INSERT INTO scratch (id, n) VALUES (?, ?)", (1, 1))
            assert await numbers(tx) == [1]  # begun on the event loop's connection
            opened.set()
            await go_on.wait()  # awaiting something else, the transaction open
            raise ValueError("changed my mind")

    task = asyncio.create_task(slow_transaction())
    await opened.wait()
    assert await numbers(storage.db) == [], "not what the open transaction has not committed"
    go_on.set()
    with pytest.raises(ValueError, match="changed my mind"):
        await task
    assert await numbers(storage.db) == []


@pytest.mark.asyncio
@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
async def test_sqlite_commits_in_order_while_a_transaction_waits_on_the_thread(
    storage: Storage, database: str
) -> None:
    other = sqlite3.connect(database, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")

    async def first() -> None:
        async with storage.db.transaction() as tx:
            await tx.write("INSERT INTO scratch (id, n) VALUES (?, ?)", (1, 1))

    async def second() -> None:
        async with storage.db.transaction() as tx:
            await tx.write("UPDATE scratch SET n = 2 WHERE id = ?", (1,))

    try:
        async with BusyThread(storage):
            earlier = asyncio.create_task(first())  # the writer is held: queued behind the thread's hold
            await writer_let_go(storage.db, earlier)
            other.execute("ROLLBACK")  # the writer is free now, and the first is not yet run
            later = asyncio.create_task(second())
            # Made after the first, it queues its commit behind it (the thread is still held).
            await writer_let_go(storage.db, earlier, later)
    finally:
        if other.in_transaction:
            other.execute("ROLLBACK")
        other.close()
    await asyncio.gather(earlier, later)
    assert await numbers(storage.db) == [2]


@pytest.mark.asyncio
@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
async def test_sqlite_checkpoints_on_its_thread_so_the_write_ahead_log_stays_small(
    storage: Storage, database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sqlite_module, "CHECKPOINT_EVERY", 10)
    # The log starts empty: the migrations' own pages (a few hundred kB) are not what is measured.
    await cast(SqliteDatabase, storage.db).db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    assert os.path.getsize(database + "-wal") == 0
    counted = CountedCalls(storage, monkeypatch)
    for n in range(1, 301):
        async with storage.db.transaction() as tx:
            await tx.write("INSERT INTO scratch (id, n) VALUES (?, ?)", (n, n))
        await asyncio.sleep(0)
    # Each checkpoint is queued after 10 commits made directly; the commits made until it is done wait
    # behind it on the thread.
    assert counted.calls.count("checkpoint") >= 20
    assert set(counted.calls) == {"checkpoint", "whole_transaction"}
    await cast(SqliteDatabase, storage.db).db.execute("SELECT 1")  # the last checkpoint has run
    # 300 commits of about two pages each: 2.4 MB of log without checkpoints, which the event loop's
    # connection never runs itself.
    assert os.path.getsize(database + "-wal") < 300_000


class BusyThread:
    """Holds the connection's thread (as a long statement would) until released: whatever is queued
    for it meanwhile waits, in order."""

    def __init__(self, storage: Storage) -> None:
        self.connection = cast(SqliteDatabase, storage.db).db
        self.gate = threading.Event()

    async def __aenter__(self) -> BusyThread:
        started = threading.Event()

        def hold() -> None:
            started.set()
            self.gate.wait(10)

        queue: Callable[..., Awaitable[Any]] = self.connection._execute
        self.held = asyncio.ensure_future(queue(hold))
        await asyncio.to_thread(started.wait, 10)
        return self

    async def __aexit__(self, *exc: Any) -> None:
        self.gate.set()
        await self.held


async def writer_let_go(db: Database, *tasks: asyncio.Task[Any]) -> None:
    """Wait until the tasks let go of the database's only writer (each waits for its commit)."""
    write_lock = cast(SqliteDatabase, db)._write
    for _ in range(100):
        await asyncio.sleep(0.01)
        if not write_lock.locked() and not any(task.done() for task in tasks):
            return
    raise AssertionError("the writer is held while the connection's thread is busy")


@pytest.mark.asyncio
@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
async def test_sqlite_lets_the_writer_go_without_waiting_for_the_connection_s_thread(
    storage: Storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(storage.db, "direct", None)  # all on the thread, as with synchronous=full

    async def writes_only(n: int) -> None:
        async with storage.db.transaction() as tx:
            await tx.write("INSERT INTO scratch (id, n) VALUES (?, ?)", (n, n))

    async def begun(n: int) -> None:
        async with storage.db.transaction() as tx:
            await tx.write("INSERT INTO scratch (id, n) VALUES (?, ?)", (n, n))
            await numbers(tx)  # begins it on the database
            busy_now.set()
            await thread_busy.wait()
            for more in (n + 1, n + 2):  # queued while the thread is busy: nothing waits for them
                await tx.write("INSERT INTO scratch (id, n) VALUES (?, ?)", (more, more))

    busy_now, thread_busy = asyncio.Event(), asyncio.Event()
    first = asyncio.create_task(begun(1))
    await busy_now.wait()
    async with BusyThread(storage):
        thread_busy.set()
        second = asyncio.create_task(writes_only(10))
        third = asyncio.create_task(writes_only(20))
        # All three queued their commits and let go of the writer, though none of it ran yet.
        await writer_let_go(storage.db, first, second, third)
    await asyncio.gather(first, second, third)
    assert await numbers(storage.db) == [1, 2, 3, 10, 20]


@pytest.mark.asyncio
@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
async def test_sqlite_rolls_back_a_transaction_cancelled_while_it_waits_for_a_read(
    storage: Storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(storage.db, "direct", None)  # all on the thread, as with synchronous=full
    waiting = asyncio.Event()

    async def reader() -> None:
        async with storage.db.transaction() as tx:
            await tx.write("INSERT INTO scratch (id, n) VALUES (?, ?)", (1, 1))
            await numbers(tx)
            await tx.write("INSERT INTO scratch (id, n) VALUES (?, ?)", (2, 2))
            waiting.set()
            await numbers(tx)  # the thread is busy: cancelled here

    task = asyncio.create_task(reader())
    async with BusyThread(storage):
        await waiting.wait()  # its last read is queued behind the busy thread
        assert not task.done()
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
    async with storage.db.transaction() as tx:  # not "a transaction within a transaction"
        await tx.write("INSERT INTO scratch (id, n) VALUES (?, ?)", (3, 3))
        assert await numbers(tx) == [3]
    assert await numbers(storage.db) == [3]


@pytest.mark.asyncio
@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
async def test_sqlite_writes_nothing_outside_a_transaction_whose_begin_failed(
    storage: Storage, database: str
) -> None:
    await storage.db.execute("PRAGMA busy_timeout = 0")
    other = sqlite3.connect(database, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another process holds the only writer: BEGIN fails at once
    try:
        with pytest.raises(sqlite3.OperationalError, match="locked"):
            async with storage.db.transaction() as tx:
                await tx.write("INSERT INTO scratch (id, n) VALUES (?, ?)", (1, 1))
                with contextlib.suppress(sqlite3.OperationalError):
                    await numbers(tx)  # reports the failed BEGIN; a careless caller goes on
                other.execute("ROLLBACK")  # the writer is free now: a write outside would be stored
                await tx.write("INSERT INTO scratch (id, n) VALUES (?, ?)", (2, 2))
                await tx.executemany("INSERT INTO scratch (id, n) VALUES (?, ?)", [(3, 3)])
                assert await numbers(storage.db) == []
    finally:
        if other.in_transaction:
            other.execute("ROLLBACK")
        other.close()
    assert await numbers(storage.db) == [], "nothing was written outside a transaction"
    async with storage.db.transaction() as tx:
        await tx.write("INSERT INTO scratch (id, n) VALUES (?, ?)", (4, 4))
        assert await numbers(tx) == [4]


def test_a_whole_transaction_reports_its_statement_s_failure_even_if_the_rollback_fails() -> None:
    class RollbackFails:
        def __init__(self, connection: sqlite3.Connection) -> None:
            self.connection = connection

        @property
        def in_transaction(self) -> bool:
            return self.connection.in_transaction

        def execute(self, sql: str, parameters: Any = ()) -> sqlite3.Cursor:
            if sql == "ROLLBACK":
                raise sqlite3.OperationalError("disk I/O error")
            return self.connection.execute(sql, parameters)

    connection = sqlite3.connect(":memory:", isolation_level=None)
    connection.execute("CREATE TABLE scratch (n INTEGER NOT NULL UNIQUE)")
    writes = (("INSERT INTO scratch (n) VALUES (?)", (1,)), ("INSERT INTO scratch (n) VALUES (?)", (1,)))
    with pytest.raises(sqlite3.IntegrityError):  # the refused key, which the store turns into Conflict
        _whole_transaction(cast(sqlite3.Connection, RollbackFails(connection)), writes)


@pytest.mark.asyncio
@pytest.mark.parametrize(("synchronous", "pragma"), [("normal", 1), ("full", 2)])
async def test_sqlite_commits_as_synchronous_says(
    tmp_path: Any, synchronous: Synchronous, pragma: int
) -> None:
    storage = await Storage.open(tmp_path / "cardia.db", synchronous=synchronous)
    db = cast(SqliteDatabase, storage.db)
    try:
        for pragma_name, value in (("synchronous", pragma), ("journal_mode", "wal"), ("foreign_keys", 1)):
            assert [tuple(row) for row in await db.db.execute_fetchall(f"PRAGMA {pragma_name}")] == [(value,)]
            if db.direct is not None:
                assert tuple(db.direct.execute(f"PRAGMA {pragma_name}").fetchone()) == (value,)
        # A commit that waits for the disk would make the event loop wait: only the thread's then.
        assert (db.direct is None) == (synchronous == "full")
        if db.direct is not None:  # it never waits: not for a lock, not for a checkpoint
            assert tuple(db.direct.execute("PRAGMA busy_timeout").fetchone()) == (0,)
            assert tuple(db.direct.execute("PRAGMA wal_autocheckpoint").fetchone()) == (0,)
    finally:
        await storage.close()
