"""The store's transactions: statements run in the order they are made, one that fails undoes them all
(``Conflict`` for a refused key), and the connection is ready for the next one whatever happened. On
SQLite a transaction of writes only runs whole in one call on the connection's thread, and one that
reads sends its writes without waiting for each other (bot.store.database._SqliteTransaction); these
tests hold both to the same rules."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any, cast

import pytest
import pytest_asyncio

from bot.store import Conflict, Storage
from bot.store.database import Database, SqliteDatabase, _whole_transaction

pytest_plugins = ["tests.databases"]


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


@pytest.mark.asyncio
@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
async def test_sqlite_runs_a_transaction_of_writes_only_in_one_call_on_its_thread(
    storage: Storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    connection = cast(SqliteDatabase, storage.db).db
    queue: Callable[..., Awaitable[Any]] = connection._execute
    calls: list[str] = []

    async def counted(function: Any, *args: Any, **kwargs: Any) -> Any:
        """What is queued for aiosqlite's thread (each of its calls goes through ``_execute``)."""
        calls.append(str(args[0]) if args else getattr(function, "__name__", "a function"))
        return await queue(function, *args, **kwargs)

    with monkeypatch.context() as patched:
        patched.setattr(connection, "_execute", counted)
        async with storage.db.transaction() as tx:
            for n in (1, 2, 3):
                await tx.write("INSERT INTO scratch (id, n) VALUES (?, ?)", (n, n))
        assert len(calls) == 1, calls
        calls.clear()
        async with storage.db.transaction() as tx:  # a read begins it on the database
            await tx.write("INSERT INTO scratch (id, n) VALUES (?, ?)", (4, 4))
            assert await numbers(tx) == [1, 2, 3, 4]
        assert calls == [
            "BEGIN IMMEDIATE",
            "INSERT INTO scratch (id, n) VALUES (?, ?)",
            "SELECT n FROM scratch ORDER BY n",
            "COMMIT",
        ]
    assert await numbers(storage.db) == [1, 2, 3, 4]


@pytest.mark.asyncio
@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
async def test_sqlite_sends_a_begun_transaction_s_writes_without_waiting_for_each(
    storage: Storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    connection = cast(SqliteDatabase, storage.db).db
    execute = connection.execute
    gate = asyncio.Event()

    async def gated(sql: str, parameters: Any = None) -> Any:
        await gate.wait()  # the connection's thread is busy: nothing it is sent runs yet
        return await execute(sql, parameters)

    async with storage.db.transaction() as tx:
        assert await numbers(tx) == [], "a read begins the transaction on the database"
        with monkeypatch.context() as patched:
            patched.setattr(connection, "execute", gated)
            for n in (1, 2, 3):  # each returns at once: it would wait for the gate if it waited to run
                await asyncio.wait_for(tx.write("INSERT INTO scratch (id, n) VALUES (?, ?)", (n, n)), 1.0)
            gate.set()
    assert await numbers(storage.db) == [1, 2, 3], "committed once all were done"


@pytest.mark.asyncio
@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
async def test_sqlite_rolls_back_a_transaction_cancelled_once_its_begin_ran(
    storage: Storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    connection = cast(SqliteDatabase, storage.db).db
    execute = connection.execute
    began = asyncio.Event()

    async def begin_then_hang(sql: str, parameters: Any = None) -> Any:
        cursor = await execute(sql, parameters)
        if sql.startswith("BEGIN"):
            began.set()
            await asyncio.Event().wait()  # the answer is slow to come back: cancelled here
        return cursor

    async def reader() -> None:
        async with storage.db.transaction() as tx:
            await numbers(tx)

    with monkeypatch.context() as patched:
        patched.setattr(connection, "execute", begin_then_hang)
        task = asyncio.create_task(reader())
        await began.wait()
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
    async with storage.db.transaction() as tx:  # not "a transaction within a transaction"
        await tx.write("INSERT INTO scratch (id, n) VALUES (?, ?)", (1, 1))
        assert await numbers(tx) == [1]
    assert await numbers(storage.db) == [1]


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
