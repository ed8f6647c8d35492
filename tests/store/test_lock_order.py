"""A process's bookkeeping (the thread and board it showed of a duel, written with its next transaction)
may touch a duel that another process is ending at that moment (PostgreSQL, several processes). Written
in the order a game's end takes its locks (the game, then the match), one waits for the other: before,
the bookkeeping took the match first, and the two transactions deadlocked (PostgreSQL aborted one: a
player's click failed)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any

import asyncpg
import pytest

from bot.services.duels import Duels, Step
from bot.services.records import Records
from bot.store import Challenge, MatchRow, Storage, new_home
from bot.store.connection import _lock_order
from bot.wiring import wire_services

GUILD = 900


async def waiting(holder: asyncpg.Connection, count: int) -> None:
    """Until ``count`` transactions of the database wait for a lock."""
    for _ in range(200):
        found = await holder.fetchval(
            "SELECT COUNT(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'"
            " AND datname = current_database()"
        )
        if found >= count:
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"{count} transactions never waited together")


async def two_duels(here: Storage, there: Storage) -> tuple[Duels, Duels, MatchRow, MatchRow]:
    """Each process's duels (rated: a game's end records its place and ratings), and two duels under way."""
    ending_here, ending_there = Duels(here), Duels(there)
    wire_services(ending_here.bus, ending_here, records=Records(here))
    wire_services(ending_there.bus, ending_there, records=Records(there))
    first = await ending_here.propose(
        Challenge(GUILD, new_home(GUILD, 1), (1, "a"), (2, "b"), "I", None, 1), start=True
    )
    second = await ending_here.propose(
        Challenge(GUILD, new_home(GUILD, 2), (3, "c"), (4, "d"), "I", None, 1), start=True
    )
    return ending_here, ending_there, first, second


async def ended_together(database: str, *ends: Callable[[], Coroutine[Any, Any, Step]]) -> list[Step]:
    """Each end started in turn while ``rating_history`` is held (every game's end writes it, after its
    game's and match's rows), the next once the one before waits there: all of them under way at once.
    Their steps, in that order (an end that failed raises)."""
    holder = await asyncpg.connect(database)
    try:
        async with holder.transaction():
            await holder.execute("LOCK TABLE rating_history IN EXCLUSIVE MODE")
            started: list[asyncio.Task[Step]] = []
            for count, end in enumerate(ends, 1):
                started.append(asyncio.create_task(end()))
                await waiting(holder, count)
        return list(await asyncio.gather(*started))
    finally:
        await holder.close()


@pytest.mark.asyncio
@pytest.mark.parametrize("database", ["postgresql"], indirect=True)  # SQLite's transactions take turns
async def test_bookkeeping_of_a_duel_another_process_ends_waits_instead_of_deadlocking(
    database: str, stores: tuple[Storage, Storage]
) -> None:
    here, there = stores
    ending_here, ending_there, first, second = await two_duels(here, there)
    (game_one,) = await here.games(first.id)
    (game_two,) = await here.games(second.id)
    here.note_thread(second.id, 0, 999)  # this process showed the second duel: its thread, then its board
    here.note_board(game_two.id, 0, 998, 0)

    # The other process ends the second duel: it holds that game's row, and waits. This one then ends
    # the first duel; its bookkeeping of the second goes first. Neither fails.
    steps = await ended_together(
        database,
        lambda: ending_there.end(game_two.id, "p1", "conceded", match_too=True),
        lambda: ending_here.end(game_one.id, "p1", "conceded", match_too=True),
    )
    assert all(step.match_over for step in steps)
    match = await there.match(second.id)
    assert match is not None and match.status == "finished" and match.first_home.thread_id == 999


@pytest.mark.asyncio
@pytest.mark.parametrize("database", ["postgresql"], indirect=True)
async def test_two_games_ending_at_once_in_two_processes_take_two_places_in_the_finish_order(
    database: str, stores: tuple[Storage, Storage]
) -> None:
    """Each finished game takes the next place in the finish order (a unique key): two processes ending
    games at the same moment take them one after the other. Before, both read the same next place, and
    the second's click was refused as if made already."""
    here, there = stores
    ending_here, ending_there, first, second = await two_duels(here, there)
    (game_one,) = await here.games(first.id)
    (game_two,) = await here.games(second.id)
    steps = await ended_together(  # both wait past their place; neither refused
        database,
        lambda: ending_here.end(game_one.id, "p1", "conceded", match_too=True),
        lambda: ending_there.end(game_two.id, "p2", "conceded", match_too=True),
    )
    assert all(step.match_over for step in steps)
    places = await here.db.execute_fetchall("SELECT finish_seq FROM games ORDER BY finish_seq")
    assert [row["finish_seq"] for row in places] == [1, 2]


def test_bookkeeping_noted_in_any_order_is_written_in_one_order() -> None:
    """Two transactions whose bookkeeping touches the same rows (a board of each of two games, noted in
    opposite orders) write them in the same order, so one waits for the other. Before, every upsert of
    a board sorted alike and kept the order it was noted in: two decisions' transactions deadlocked."""
    boards = (
        "INSERT INTO boards (game_id, home, message_id, told, bare) VALUES (?, ?, ?, ?, ?)"
        " ON CONFLICT (game_id, home) DO UPDATE SET message_id = excluded.message_id"
    )
    writes = [
        (boards, (6, 0, 600, 3, 0)),
        (boards, (4, 1, 401, 2, 0)),
        ("UPDATE due SET done_at = ? WHERE id = ?", ("later", 12)),
        ("UPDATE homes SET thread_id = ? WHERE match_id = ? AND number = ?", (900, 2, 0)),
        (boards, (4, 0, 400, 2, 0)),
        ("UPDATE boards SET bare = 0 WHERE game_id = ? AND message_id = ?", (4, 401)),
        ("UPDATE due SET done_at = ? WHERE id = ?", ("earlier", 7)),
    ]
    one, other = sorted(writes, key=_lock_order), sorted(reversed(writes), key=_lock_order)
    assert one == other
    assert [(statement.split()[0], values[:2]) for statement, values in one[:4]] == [
        ("INSERT", (4, 0)),
        ("INSERT", (4, 1)),
        ("UPDATE", (4, 401)),
        ("INSERT", (6, 0)),
    ]
