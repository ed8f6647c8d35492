"""Migration 19: a tournament's format is no longer checked against a list of names (a new format needs
no migration). On both databases, tournaments made under migration 18 are carried over whole: every
column of every row, the ids to come, and the rows that point at them (players, games, posts, duels)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.store import Conflict, Storage
from tests.store.migrated import made_at

BEFORE = 18  # the migrations applied when the rows below were made

ROWS = [
    # id, guild, channel, name, format, rounds, deck, location, wins, hours, rated, home, signup_until,
    # limit, status, round, page, created_by
    (1, 10, 20, "Cup", "swiss", 3, '"I"', None, 2, 12.5, 1, "channel", None, 64, "running", 2, 900, 7),
    (2, 10, 21, "Open", "round-robin", None, '"II"', "bazaar", 1, 24.0, 0, "thread", "2026-12-01T10:00:00",
     8, "signup", 0, None, 7),
    (4, 11, 22, "Ko", "knockout", 2, '"I"', None, 1, 6.0, 1, "channel", None, 64, "finished", 2, 901, 8),
]  # fmt: skip
COLUMNS = (
    "id, guild_id, channel_id, name, format, rounds, deck, location, wins_needed, decision_hours, rated,"
    " home, signup_until, player_limit, status, round, page_id, created_by"
)


def _literal(value: Any) -> str:
    if value is None:
        return "NULL"
    if isinstance(value, str):
        return "'" + value.replace("'", "''") + "'"
    return repr(value)


def statements() -> list[str]:
    """The rows made before the migration: three tournaments (one id skipped, as a rolled-back insert
    leaves), their players, games and posts, and a duel of the first."""
    made = [
        f"INSERT INTO tournaments ({COLUMNS}, created_at, updated_at)"
        f" VALUES ({', '.join(_literal(value) for value in row)}, 't0', 't1')"
        for row in ROWS
    ]
    return [
        *made,
        "INSERT INTO matches (guild_id, channel_id, challenger_id, opponent_id, challenger_name,"
        " opponent_name, deck, location, wins_needed, status, created_at, updated_at, tournament_id,"
        " tournament_round, rated) VALUES (10, 20, 100, 101, 'A', 'B', '\"I\"', NULL, 2, 'active', 't',"
        " 't', 1, 2, 1)",
        "INSERT INTO tournament_players (tournament_id, user_id, user_name, rating, joined_at, withdrawn,"
        " place) VALUES (1, 100, 'A', 1500, 't', 0, NULL), (1, 101, 'B', 1400, 't', 1, NULL),"
        " (4, 100, 'A', 1500, 't', 0, 1)",
        "INSERT INTO tournament_games (tournament_id, round, first_id, second_id, match_id, result, how)"
        " VALUES (1, 1, 100, NULL, NULL, 'first', 'bye'), (1, 2, 100, 101, 1, NULL, NULL)",
        "INSERT INTO tournament_posts (tournament_id, kind, round, created_at, done_at)"
        " VALUES (1, 'round', 2, 't', NULL), (4, 'final', 2, 't', 't2')",
    ]


async def snapshot(storage: Storage) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of the tournaments' tables, and the duels' tournament columns."""
    queries = {
        "tournaments": f"SELECT {COLUMNS}, created_at, updated_at FROM tournaments ORDER BY id",
        "players": "SELECT * FROM tournament_players ORDER BY tournament_id, user_id",
        "games": "SELECT * FROM tournament_games ORDER BY tournament_id, round, first_id",
        # (what a tournament's channel must show, in the one table of migration 21)
        "posts": "SELECT subject, kind, detail, done_at FROM due ORDER BY id",
        "duels": "SELECT id, tournament_id, tournament_round, rated FROM matches ORDER BY id",
    }
    return {
        name: [tuple(row) for row in await storage.db.execute_fetchall(query, ())]
        for name, query in queries.items()
    }


async def made_before(database: str) -> None:
    """The database at migration 18, with the rows of :func:`statements`."""
    await made_at(
        database,
        BEFORE,
        statements(),
        {
            # A rolled-back insert took id 5: the counter is past the last id, as each database keeps it.
            "postgresql": ["SELECT setval('tournaments_id_seq', 5)"],
            "sqlite": ["UPDATE sqlite_sequence SET seq = 5 WHERE name = 'tournaments'"],
        },
    )


@pytest.mark.asyncio
async def test_the_migration_drops_the_list_of_formats_and_carries_every_tournament_over(
    database: str,
) -> None:
    await made_before(database)
    storage = await Storage.open(database)
    try:
        assert await snapshot(storage) == {
            "tournaments": [(*row, "t0", "t1") for row in ROWS],
            "players": [(1, 100, "A", 1500, "t", 0, None), (1, 101, "B", 1400, "t", 1, None),
                        (4, 100, "A", 1500, "t", 0, 1)],
            "games": [(1, 1, 100, None, None, "first", "bye"), (1, 2, 100, 101, 1, None, None)],
            "posts": [(1, "round", 2, None), (4, "final", 2, "t2")],
            "duels": [(1, 1, 2, 1)],
        }  # fmt: skip
        # Any format's name is stored now; the next tournament takes the next id (6, past the 5 used).
        async with storage.transaction() as tx:
            new_id = await tx.db.insert(
                f"INSERT INTO tournaments ({COLUMNS.removeprefix('id, ')}, created_at, updated_at)"
                " VALUES (10, 20, 'New', 'double-round-robin', NULL, '\"I\"', NULL, 1, 1.0, 1, 'channel',"
                " NULL, 64, 'signup', 0, NULL, 7, 't', 't')",
                (),
            )
        assert new_id == 6
        # The rows pointing at tournaments are still checked against them.
        with pytest.raises(Conflict, match=r"(?i)foreign key"):
            async with storage.transaction() as tx:
                await tx.db.write(
                    "INSERT INTO tournament_players (tournament_id, user_id, user_name, rating, joined_at)"
                    " VALUES (99, 1, 'X', 1000, 't')",
                    (),
                )
        # The other checks of the table stay.
        with pytest.raises(Conflict, match=r"(?i)check"):
            async with storage.transaction() as tx:
                await tx.db.write("UPDATE tournaments SET home = 'nowhere' WHERE id = 1", ())
    finally:
        await storage.close()
