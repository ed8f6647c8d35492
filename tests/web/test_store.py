"""The pages' store (bot/store/web.py), on SQLite and PostgreSQL: it never makes nor migrates a
database, and what it opens is read only, whatever a query tries."""

from __future__ import annotations

import pytest

from bot.store import Storage, StorageError
from bot.store.web import WebStore

pytestmark = pytest.mark.asyncio


async def test_the_pages_store_refuses_a_database_the_bot_has_not_made_and_writes_nothing(
    database: str,
) -> None:
    with pytest.raises(StorageError) as refused:
        await WebStore.open(database)  # missing (SQLite) or empty (PostgreSQL): not made, not migrated
    assert "\n" not in str(refused.value) and "start the bot on it first" in str(refused.value)
    bot = await Storage.open(database)  # the bot makes and migrates it
    try:
        pages = await WebStore.open(database)
        try:
            assert await pages.versions([1]) == {}
            for write in ("CREATE TABLE intruder (x INTEGER)", "DELETE FROM matches"):
                with pytest.raises(Exception, match=r"(?i)read.?only"):
                    await pages.db.execute_fetchall(write)
            await pages.ping()  # a refused write leaves the connection usable
        finally:
            await pages.close()
    finally:
        await bot.close()
