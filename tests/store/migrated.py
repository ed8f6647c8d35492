"""A database left at an earlier migration, with rows made under it: what a migration's test starts
from, on either database, before ``Storage.open`` migrates it the rest of the way."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import aiosqlite
import asyncpg

from bot.store.connection import MIGRATIONS


async def made_at(
    database: str,
    migrations: int,
    statements: Sequence[str],
    then: Mapping[str, Sequence[str]] | None = None,
) -> None:
    """``database`` (a SQLite file or a ``postgresql://`` one) with its first ``migrations`` applied and
    ``statements`` run; ``then``: per dialect ("sqlite", "postgresql"), statements run after them."""
    after = (then or {}).get("postgresql" if database.startswith("postgresql://") else "sqlite", ())
    if database.startswith("postgresql://"):
        connection = await asyncpg.connect(database)
        try:
            async with connection.transaction():
                await connection.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
                for number, script in enumerate(MIGRATIONS["postgresql"][:migrations], start=1):
                    await connection.execute(script)
                    await connection.execute("INSERT INTO schema_version (version) VALUES ($1)", number)
                for statement in (*statements, *after):
                    await connection.execute(statement)
        finally:
            await connection.close()
        return
    async with aiosqlite.connect(database, isolation_level=None) as db:
        await db.execute("PRAGMA foreign_keys = ON")
        for number, script in enumerate(MIGRATIONS["sqlite"][:migrations], start=1):
            await db.executescript(f"BEGIN; {script}; PRAGMA user_version = {number}; COMMIT;")
        await db.executescript("BEGIN; " + "; ".join(statements) + "; COMMIT;")
        for statement in after:
            await db.execute(statement)
