"""The SQLite connections under the store, made to fail, stall or find the database held, for the tests of
what the bot does then (tests/bot/test_faults.py, tests/bot/test_slow_handlers.py,
tests/store/test_transactions.py).

The store has two (bot.store.database.SqliteDatabase): aiosqlite's, on its own thread, and the event
loop's ``direct`` one, which runs reads and transactions of writes only and hands them to the thread when
another connection holds the database. :func:`patched` swaps either for a wrapper while a test runs.
"""

from __future__ import annotations

import contextlib
import sqlite3
import time
from collections.abc import Callable, Iterator
from typing import Any, cast

from bot.store import Storage
from bot.store.sqlite import SqliteDatabase

Failing = Callable[[str], bool]  # which statements fail, by their SQL


class FailingConnection:
    """A sqlite3 connection failing the statements ``failing`` picks with ``disk I/O error``, as a full
    or failing disk does (``stall``: after waiting that long, as a slow disk does)."""

    def __init__(self, connection: sqlite3.Connection, failing: Failing, stall: float = 0.0) -> None:
        self.connection, self.failing, self.stall = connection, failing, stall

    def _check(self, sql: str) -> None:
        if self.stall:
            time.sleep(self.stall)
        if self.failing(sql):
            raise sqlite3.OperationalError("disk I/O error")

    def execute(self, sql: str, parameters: Any = ()) -> sqlite3.Cursor:
        self._check(sql)
        return self.connection.execute(sql, parameters)

    def executemany(self, sql: str, rows: Any) -> sqlite3.Cursor:
        self._check(sql)
        return self.connection.executemany(sql, rows)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.connection, name)


class Held:
    """The event loop's connection finding the database held by another connection (a backup, another
    process), at every statement: SQLite's ``SQLITE_BUSY``, at once, as its ``busy_timeout`` is 0."""

    in_transaction = False

    def execute(self, sql: str, parameters: Any = ()) -> sqlite3.Cursor:
        error = sqlite3.OperationalError("database is locked")
        error.sqlite_errorcode = sqlite3.SQLITE_BUSY
        raise error


@contextlib.contextmanager
def patched(
    storage: Storage,
    thread: Callable[[sqlite3.Connection], Any] | None = None,
    direct: Callable[[sqlite3.Connection], Any] | None = None,
) -> Iterator[None]:
    """While inside: aiosqlite's connection is ``thread(connection)``, the event loop's is
    ``direct(connection)`` (each left as it is if not given)."""
    database = cast(SqliteDatabase, storage.db)
    aiosqlite_connection, direct_connection = database.db, database.direct
    kept = aiosqlite_connection._conn
    assert direct_connection is not None, "synchronous=normal has the event loop's connection"
    if thread is not None:
        aiosqlite_connection._connection = cast(sqlite3.Connection, thread(kept))
    if direct is not None:
        database.direct = cast(sqlite3.Connection, direct(direct_connection))
    try:
        yield
    finally:
        aiosqlite_connection._connection = kept
        database.direct = direct_connection
