"""Seasons of a server's leaderboard (``/cardia settings new_season`` or ``season_weeks``).

A season ends when the next begins: its final leaderboard is kept (``/cardia leaderboard season:``), and
every rating is carried into the new season halfway back to a newcomer's (``ratings.season_reset``:
the displayed rating halfway back to 1000). The new season's leaderboard lists the players as they play
in it. A server's first season is every game before it started seasons. Ratings stay the result of
replaying the games: a season is only where it begins in the finish order of games, and a rating is
carried at the first game a player plays after it (or when it is read).

A season begins once: the row of season n + 1 is the proof (a second process's insert is refused).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from bot.services.events import Bus, SeasonBegun
from bot.services.records import Records
from bot.store import GuildSettings, SeasonRow, SeasonStanding

log = logging.getLogger(__name__)


class Seasons:
    def __init__(self, records: Records, clock: Callable[[], datetime], bus: Bus | None = None) -> None:
        self.records = records
        self.storage = records.storage
        self.clock = clock
        self.bus = bus or Bus()  # told of each season begun (SeasonBegun): its predecessor's end announced

    def _now(self) -> str:
        return self.clock().astimezone(UTC).isoformat(timespec="seconds")

    async def current(self, guild_id: int) -> SeasonRow | None:
        """The server's current season (None: it has never had seasons)."""
        seasons = await self.storage.seasons_of(guild_id)
        return seasons[-1] if seasons else None

    async def begin(self, guild_id: int, channel_id: int | None) -> None:
        """The server has seasons from now on (its games so far are season 1), if it had none."""
        await self.storage.begin_seasons(guild_id, channel_id, self._now())

    async def next(
        self, guild_id: int, channel_id: int | None, ending: int | None = None
    ) -> SeasonRow | None:
        """End the current season (its final leaderboard kept) and begin the next; None if another
        process began it meanwhile (or, with ``ending``, if the current season is no longer that one)."""
        await self.begin(guild_id, channel_id)
        current = await self.current(guild_id)
        assert current is not None
        if ending is not None and current.number != ending:
            return None
        upto = await self.storage.last_finish()
        standings = await self.records.standings(guild_id, "rating", upto=upto)
        names = await self.records.names(guild_id, [standing.user_id for standing in standings])
        final = [
            SeasonStanding(
                place,
                standing.user_id,
                names.get(standing.user_id, str(standing.user_id)),
                standing.rating.display,
                standing.games.wins,
                standing.games.losses,
                standing.games.draws,
            )
            for place, standing in enumerate(standings, start=1)
        ]
        channel = channel_id if channel_id is not None else current.channel_id
        if not await self.storage.next_season(guild_id, current.number, upto, channel, final, self._now()):
            return None
        log.info(
            "server %s: season %d over (%d players), season %d begins",
            guild_id,
            current.number,
            len(final),
            current.number + 1,
        )
        await self.bus.publish(SeasonBegun(guild_id))
        return await self.current(guild_id)

    async def due(self, settings: dict[int, GuildSettings], owns: Callable[[int], bool]) -> list[SeasonRow]:
        """Begin the next season of every server (of those this process ``owns``) whose season has lasted
        its ``season_weeks``."""
        begun = []
        now = self.clock()
        for season in await self.storage.current_seasons():
            weeks = settings[season.guild_id].season_weeks if season.guild_id in settings else 0
            if not weeks or not owns(season.guild_id):
                continue
            started = datetime.fromisoformat(season.started_at)
            if started.tzinfo is None:
                started = started.replace(tzinfo=UTC)
            if now >= started + timedelta(weeks=weeks):
                found = await self.next(season.guild_id, None, season.number)
                if found is not None:
                    begun.append(found)
        return begun

    async def final(self, guild_id: int, number: int) -> list[SeasonStanding]:
        """A past season's final leaderboard (empty: no such season, or one not over yet)."""
        return await self.storage.season_standings(guild_id, number)
