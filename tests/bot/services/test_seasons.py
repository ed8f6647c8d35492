"""Seasons of a server's leaderboard (issue 35), without Discord, on both databases: the final
leaderboard kept, every rating carried halfway back to a newcomer's (the displayed rating halfway back to
1000), the new season's leaderboard starting empty, ratings recomputed from the games giving the same
numbers, a season begun once by two processes at once, and a season's length in weeks."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

import pytest

from bot.services.duels import Duels
from bot.services.ratings import NEWCOMER, Rating, season_reset
from bot.services.records import Records, recompute
from bot.services.seasons import Seasons
from bot.store import Challenge, GuildSettings, Storage, new_home
from bot.wiring import wire_services

GUILD, CHANNEL = 700, 800
ALICE, BOB, CAROL = 1, 2, 3
START = datetime(2026, 11, 28, 12, 0, tzinfo=UTC)


class Clock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now


def services(storage: Storage, clock: Clock) -> tuple[Duels, Records, Seasons]:
    duels = Duels(storage, clock=clock)
    records = Records(storage)
    wire_services(duels.bus, duels, records=records)
    return duels, records, Seasons(records, clock)


async def won(duels: Duels, winner: int, loser: int) -> None:
    """A rated single game on the server, ``winner`` beating ``loser`` (by concession)."""
    challenge = Challenge(
        GUILD, new_home(GUILD, CHANNEL), (winner, f"u{winner}"), (loser, f"u{loser}"), "I", None, 1
    )
    match = await duels.propose(challenge, start=True)
    games = await duels.storage.games(match.id)
    await duels.end(games[0].id, "p1", "conceded", match_too=True)


@pytest.mark.asyncio
async def test_a_new_season_keeps_the_old_leaderboard_and_carries_ratings_halfway_back(
    stores: tuple[Storage, Storage],
) -> None:
    clock = Clock()
    duels, records, seasons = services(stores[0], clock)
    for _ in range(3):
        await won(duels, ALICE, BOB)
    await won(duels, CAROL, BOB)
    before = {user: await records.rating(GUILD, user) for user in (ALICE, BOB, CAROL)}
    assert before[ALICE].display > 1000 > before[BOB].display
    board = await records.standings(GUILD, "rating")

    begun = await seasons.next(GUILD, CHANNEL)
    assert begun is not None and begun.number == 2 and begun.channel_id == CHANNEL
    final = await seasons.final(GUILD, 1)
    assert [(s.user_id, s.rating, s.wins, s.losses) for s in final] == [
        (b.user_id, b.rating.display, b.games.wins, b.games.losses) for b in board
    ]
    assert final[0].user_id == ALICE and final[0].place == 1
    # Every rating halfway back to a newcomer's: mu and sigma alike; the display halfway back to 1000.
    for user, rating in before.items():
        carried = await records.rating(GUILD, user)
        assert carried == Rating((rating.mu + NEWCOMER.mu) / 2, (rating.sigma + NEWCOMER.sigma) / 2)
        assert abs(carried.display - (1000 + (rating.display - 1000) / 2)) <= 1
    assert await records.standings(GUILD, "rating") == []  # nobody has played in season 2 yet

    await won(duels, BOB, CAROL)  # the first game of season 2 starts from the carried ratings
    standings = await records.standings(GUILD, "rating")
    assert {s.user_id for s in standings} == {BOB, CAROL}
    changes = {user: (b, a) for user, b, a in await records.rating_changes(await latest_game(stores[0]))}
    assert changes[BOB][0] == season_reset(before[BOB]) and changes[CAROL][0] == season_reset(before[CAROL])
    assert await seasons.final(GUILD, 1) == final  # kept as it was

    # Recomputed from the games, the ratings are the same: the season is where it begins in the games.
    kept = {user: await records.rating(GUILD, user) for user in (ALICE, BOB, CAROL)}
    await recompute(stores[0], GUILD)
    assert {user: await records.rating(GUILD, user) for user in (ALICE, BOB, CAROL)} == kept


async def latest_game(storage: Storage) -> int:
    """The game that finished last (BOB played it)."""
    (game,) = await storage.games_of(GUILD, BOB, latest=1)
    return game.id


@pytest.mark.asyncio
async def test_two_processes_beginning_the_next_season_at_once_begin_it_once(
    stores: tuple[Storage, Storage],
) -> None:
    clock = Clock()
    duels, _, here = services(stores[0], clock)
    _, _, there = services(stores[1], clock)
    await won(duels, ALICE, BOB)
    await here.begin(GUILD, CHANNEL)
    begun = await asyncio.gather(here.next(GUILD, CHANNEL, 1), there.next(GUILD, CHANNEL, 1))
    assert sorted(season is None for season in begun) == [False, True]
    assert [season.number for season in await stores[0].seasons_of(GUILD)] == [1, 2]
    assert len(await here.final(GUILD, 1)) == 2


@pytest.mark.asyncio
async def test_a_season_of_two_weeks_ends_by_itself(stores: tuple[Storage, Storage]) -> None:
    clock = Clock()
    duels, _, seasons = services(stores[0], clock)
    settings = {GUILD: GuildSettings(season_weeks=2)}
    await seasons.begin(GUILD, CHANNEL)
    await won(duels, ALICE, BOB)
    clock.now = START + timedelta(days=13)
    assert await seasons.due(settings, lambda guild: True) == []
    clock.now = START + timedelta(days=14, minutes=1)
    assert await seasons.due(settings, lambda guild: False) == []  # another process's server
    (begun,) = await seasons.due(settings, lambda guild: True)
    assert begun.number == 2
    assert await seasons.due(settings, lambda guild: True) == []  # two more weeks to go
    assert [s.number for s in await stores[0].unannounced()] == [2]
