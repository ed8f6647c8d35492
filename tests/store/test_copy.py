"""``python -m bot.store copy``: a SQLite database made by real play moves to PostgreSQL and back, every
row kept and every game replaying the same; a target holding data is refused."""

from __future__ import annotations

import asyncio
import contextlib
import io
import random
import sqlite3
from pathlib import Path

import pytest

from bench import bot_load
from bot.services.duels import Duels
from bot.services.guild_settings import GuildSettingsStore
from bot.services.records import Records
from bot.services.seasons import Seasons
from bot.services.tournaments import Tournaments
from bot.store import Challenge, NewTournament, Storage, new_home
from bot.store.__main__ import main
from bot.store.copy import count_rows
from bot.wiring import wire_services
from tests.postgres import PostgresServer, new_postgres_database


async def played(path: Path) -> dict[str, int]:
    """A SQLite database with finished and unfinished matches, ratings, settings and the outbox."""
    storage = await Storage.open(path)
    duels = Duels(storage)
    records = Records(storage)
    wire_services(duels.bus, duels, records=records)
    await GuildSettingsStore(storage).update(10, 1, max_duels=7, language="hu", reminder_hours=2.5)
    rng = random.Random(11)
    for number in range(6):
        users = (100 + number, f"P{number}"), (200 + number, f"Q{number}")
        match = await duels.propose(
            Challenge(10, new_home(10, 20 + number), *users, "II" if number % 2 else "I", None, 2)
        )
        _, live = await duels.answer(match.id, users[1][0], "accept")
        assert live is not None
        ids = {"p1": users[0][0], "p2": users[1][0]}
        for _ in range(200 if number < 4 else 9):  # four matches played out, two left in the middle
            games = await storage.games(match.id)
            current = [g for g in games if g.status == "in_progress"]
            if not current:
                break
            live = await duels.live(current[-1].id)
            decision = rng.choice(live.game.pending)
            choice = rng.sample(decision.options, decision.count)
            await duels.act(live.row.id, ids[decision.player], live.own_actions(decision.player), choice)

    # A knockout of three (one duel, a bye) and a season over: every table of issue 35 has rows.
    async def rating_of(guild_id: int, user_id: int) -> int:
        return 1000

    tournaments = Tournaments(duels, rating_of, duels.bus)
    wire_services(duels.bus, duels, tournaments=tournaments)
    cup = await tournaments.create(
        NewTournament(10, 30, "Cup", "knockout", None, "I", None, 1, 12.0, True, "channel", None, None, 1)
    )
    for user in (300, 301, 302):
        await tournaments.join(cup.id, (user, f"T{user}"))
    await tournaments.start(cup.id)
    seasons = Seasons(records, duels.clock)
    await seasons.begin(10, 20)
    assert await seasons.next(10, 20) is not None
    counts = await count_rows(storage.db)
    await storage.close()
    return counts


@pytest.mark.asyncio
async def test_a_played_database_moves_to_postgresql_and_back(
    postgres_server: PostgresServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    counts = await played(tmp_path / "cardia.db")
    assert counts["rating_history"] > 0 and counts["actions"] > 100 and counts["guild_settings"] == 1
    assert all(counts[table] for table in ("tournaments", "tournament_games", "seasons", "season_standings"))
    target = await new_postgres_database(postgres_server)
    assert await asyncio.to_thread(main, ["copy", str(tmp_path / "cardia.db"), target]) == 0
    said = capsys.readouterr().out
    assert (
        f"copied {counts['matches']} matches, {counts['games']} games, {counts['actions']} decisions" in said
    )
    assert "every game replays the same on both sides" in said

    # The copy is a working database: its ids go on after the copied ones, its settings are there.
    storage = await Storage.open(target)
    assert await count_rows(storage.db) == counts
    assert (await storage.settings(10)).language == "hu"
    new = await storage.create_match(Challenge(10, new_home(10, 99), (1, "A"), (2, "B"), "I", None, 1))
    assert new == counts["matches"] + 1
    await storage.close()

    # Into a target that holds data: refused, nothing written.
    assert await asyncio.to_thread(main, ["copy", str(tmp_path / "cardia.db"), target]) == 2
    assert "not empty" in capsys.readouterr().err
    # And back, PostgreSQL to a new SQLite file: the same again.
    assert await asyncio.to_thread(main, ["copy", target, str(tmp_path / "back.db")]) == 0
    back = await Storage.open(tmp_path / "back.db")
    assert (await count_rows(back.db))["matches"] == counts["matches"] + 1
    await back.close()
    assert await asyncio.to_thread(main, ["copy", str(tmp_path / "missing.db"), target]) == 2


def dump(path: Path) -> dict[str, list[tuple[object, ...]]]:
    """Every row of every table of a SQLite database, in a stable order."""
    with contextlib.closing(sqlite3.connect(path)) as db:
        tables = [
            name
            for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
            if not name.startswith("sqlite_")
        ]
        return {table: sorted(db.execute(f"SELECT * FROM {table}"), key=repr) for table in tables}


@pytest.mark.asyncio
async def test_a_database_made_by_a_load_run_round_trips(
    postgres_server: PostgresServer, tmp_path: Path
) -> None:
    """The load benchmark's players (the real bot, through the emulated Discord) make the database; copied to
    PostgreSQL and back to SQLite, every row of every table is the same."""
    source, back = tmp_path / "load.db", tmp_path / "back.db"
    out = io.StringIO()
    arguments = ["--duels", "12", "--rate", "40", "--seconds", "3", "--advance", "30"]
    arguments += ["--database", str(source)]
    assert await asyncio.to_thread(bot_load.main, arguments, out) == 0
    assert "errors logged: 0" in out.getvalue()
    made = dump(source)
    assert len(made["actions"]) > 100 and made["rating_history"], "the load run finished no match"
    target = await new_postgres_database(postgres_server)
    assert await asyncio.to_thread(main, ["copy", str(source), target]) == 0
    assert await asyncio.to_thread(main, ["copy", target, str(back)]) == 0
    assert dump(back) == made
