"""Moving a server's data between databases (SQLite to PostgreSQL, when it outgrows one process): every
row of every table, ids kept, in one transaction on the target, which must be empty.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.store.connection import StorageError
from bot.store.database import Database

#: The tables, parents before children (the foreign keys), with the column each is ordered by.
TABLES: tuple[tuple[str, str], ...] = (
    ("tournaments", "id"),
    ("matches", "id"),
    ("homes", "match_id, number"),
    ("games", "id"),
    ("boards", "game_id, home"),
    ("actions", "game_id, seq"),
    ("guild_settings", "guild_id"),
    ("rating_history", "id"),
    ("due", "id"),
    ("reviews", "game_id, seat"),
    ("hints", "game_id, seat, version"),
    ("server_notes", "guild_id, note"),
    ("player_settings", "user_id"),
    ("queue", "user_id"),
    ("tournament_players", "tournament_id, user_id"),
    ("tournament_games", "tournament_id, round, first_id"),
    ("seasons", "guild_id, number"),
    ("season_standings", "guild_id, season, place"),
)
#: The tables whose ``id`` the database numbers: the target continues after the copied ids.
NUMBERED = ("matches", "games", "rating_history", "due", "tournaments")
BATCH = 500


@dataclass(frozen=True, slots=True)
class Copied:
    rows: dict[str, int]  # table -> rows copied


async def count_rows(db: Database) -> dict[str, int]:
    counts = {}
    for table, _ in TABLES:
        rows = await db.execute_fetchall(f"SELECT COUNT(*) FROM {table}")
        counts[table] = int(rows[0][0])
    return counts


async def copy_rows(source: Database, target: Database) -> Copied:
    """Copy every row of ``source`` into ``target`` (both migrated to the same version); refused with a
    :class:`StorageError` if the target holds any."""
    if any((await count_rows(target)).values()):
        raise StorageError("the target database is not empty: copy into a new database")
    copied: dict[str, int] = {}
    async with target.transaction() as db:
        for table, order in TABLES:
            rows = await source.execute_fetchall(f"SELECT * FROM {table} ORDER BY {order}")
            copied[table] = len(rows)
            if not rows:
                continue
            columns = list(rows[0].keys())
            insert = f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join('?' for _ in columns)})"
            for start in range(0, len(rows), BATCH):
                await db.executemany(insert, [tuple(row) for row in rows[start : start + BATCH]])
        if db.dialect == "postgresql":  # identity columns continue after the ids copied
            for table in NUMBERED:
                await db.execute_fetchall(
                    f"SELECT setval(pg_get_serial_sequence('{table}', 'id'),"
                    f" COALESCE((SELECT MAX(id) FROM {table}), 0) + 1, false)"
                )
    return Copied(copied)
