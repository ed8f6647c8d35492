"""The records service: a Duels game-over hook (finish order, length, ratings, in the transaction that
finishes a game), and the queries behind /cardia stats, leaderboard and history."""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import TYPE_CHECKING

from bot.services.duels import Refusal
from bot.services.events import GameEnded
from bot.services.queue import GLOBAL
from bot.services.ratings import NEWCOMER, Change, RatedGame, Rating, carried, rate
from bot.services.records.stats import Sort, Standing, Stats, Tally, sort_standings, tally_stats
from bot.store import FinishedGame, GameStatus, Storage

if TYPE_CHECKING:
    pass

log = logging.getLogger("bot.services.records")


async def finished_for(
    storage: Storage, game_id: int, user_id: int, guild_id: int | None, refusals: str
) -> FinishedGame:
    """A finished game that ``user_id`` may open here: on a server (``guild_id``), one played there (shown in
    one of its homes there: anyone there saw its boards); elsewhere (None: a DM with the bot,
    a server the bot only visits), one of their own, wherever it was played. Else a :class:`Refusal`
    keyed ``<refusals>.not_found`` (on a server) or ``.not_yours`` (elsewhere) that tells no other
    game apart from one that does not exist, ``.not_over`` or ``.aborted`` (no result)."""
    row = await storage.game(game_id)
    match = None if row is None else await storage.match(row.match_id)
    if guild_id is None:
        if row is None or match is None or match.player_of(user_id) is None:
            raise Refusal(f"{refusals}.not_yours", id=game_id)
    elif row is None or match is None or not match.seen_from(guild_id):
        raise Refusal(f"{refusals}.not_found", id=game_id)
    assert row is not None
    if row.status == GameStatus.IN_PROGRESS:
        raise Refusal(f"{refusals}.not_over", id=game_id)
    finished = await storage.finished_game(game_id)
    if finished is None:
        raise Refusal(f"{refusals}.aborted", id=game_id)
    return finished


class Records:
    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    # --- writing, inside the game-over transaction ----------------------------------------------------

    async def game_over(self, ended: GameEnded) -> None:
        """A game ended (:class:`GameEnded`): the game's place in the finish order, its length, and both
        players' new ratings, all in the transaction that records its result."""
        tx, live, winner, reason = ended.tx, ended.live, ended.winner, ended.reason
        game_id, match = live.row.id, live.match
        decisions = await tx.record_length(game_id, live.game.round)
        if match.computer is not None:  # recorded and counted apart (stats), never rated
            log.info("game %s: over against the computer (%s) after %d decisions", game_id, reason, decisions)
            return
        if match.hints or not match.rated:  # recorded, never rated
            log.info("game %s: over, not rated (%s) after %d decisions", game_id, reason, decisions)
            return
        users = (match.challenger_id, match.opponent_id)
        starts = await tx.season_starts(match.guild_id)
        ratings = {user: _current(await tx.latest_rating(match.guild_id, user), starts) for user in users}
        winner_id = None if winner is None else match.user(winner)
        changes = rate(ratings, RatedGame(game_id, *users, winner_id))
        await tx.add_history(match.guild_id, _history(changes))
        log.info(
            "game %s: over, %s (%s) after %d decisions; ratings %s",
            game_id,
            "a draw" if winner is None else f"{winner} wins",
            reason,
            decisions,
            ", ".join(f"{c.user_id} {c.before.display}->{c.after.display}" for c in changes),
        )

    # --- reading --------------------------------------------------------------------------------------

    async def rating(self, guild_id: int, user_id: int) -> Rating:
        """A player's rating in a server now: their latest, carried into the seasons begun since."""
        starts = await self.storage.season_starts(guild_id)
        return _current(await self.storage.latest_rating(guild_id, user_id), starts)

    async def finished_game(self, game_id: int) -> FinishedGame | None:
        return await self.storage.finished_game(game_id)

    async def games_of(self, guild_id: int, user_id: int, *, latest: int | None = None) -> list[FinishedGame]:
        """``user_id``'s finished games in a server, oldest first (only the ``latest`` ones if given)."""
        return await self.storage.games_of(guild_id, user_id, latest=latest)

    async def played(self, user_id: int, guild_id: int | None, *, latest: int) -> list[FinishedGame]:
        """The finished games ``user_id`` may open here (:func:`finished_for`) that they played: on a
        server, those played there; elsewhere, all of theirs. Oldest first, the ``latest`` only."""
        return await self.storage.games_played(user_id, guild_id, latest=latest)

    async def finished(self, game_id: int, user_id: int, guild_id: int | None) -> FinishedGame:
        """The finished game ``user_id`` asks the history of, here (:func:`finished_for`)."""
        return await finished_for(self.storage, game_id, user_id, guild_id, "history")

    async def competitions(
        self, guild_id: int, user_id: int
    ) -> tuple[tuple[int, int, int | None], list[tuple[int, int]]]:
        """A player's tournaments on a server (played, won, best place) and their places in its past
        seasons ((season, place) each)."""
        tournaments = await self.storage.tournament_record(guild_id, user_id)
        return tournaments, await self.storage.places_of(user_id, guild_id)

    async def actions(self, game_id: int) -> list[tuple[str, tuple[str, ...]]]:
        """A game's decisions in order: (seat, what was chosen)."""
        return await self.storage.actions(game_id)

    async def stats(self, guild_id: int, user_id: int) -> Stats:
        stats = tally_stats(user_id, await self.games_of(guild_id, user_id))
        standings = await self.standings(guild_id, "rating")
        stats.players = len(standings)
        stats.rating = await self.rating(guild_id, user_id)  # carried into this season, played in it or not
        for rank, standing in enumerate(standings, start=1):
            if standing.user_id == user_id:
                stats.rating, stats.rank = standing.rating, rank
        return stats

    async def standings(self, guild_id: int, sort: Sort, *, upto: int | None = None) -> list[Standing]:
        """Every player with a finished game in the server's current season (every season, if it has
        none; up to ``upto`` in the finish order), best first."""
        starts = await self.storage.season_starts(guild_id)
        tallies = await self.storage.tallies(guild_id, starts[-1] if starts else 0, upto)
        ratings = await self.ratings(guild_id)
        standings = [
            Standing(user, ratings.get(user, NEWCOMER), Tally(*counts)) for user, counts in tallies.items()
        ]
        return sort_standings(standings, sort)

    async def ratings(self, guild_id: int) -> dict[int, Rating]:
        """Every rated player's current rating in a server (carried into the seasons begun since)."""
        starts = await self.storage.season_starts(guild_id)
        return {
            user: _current(stored, starts)
            for user, stored in (await self.storage.latest_ratings(guild_id)).items()
        }

    async def names(self, guild_id: int, user_ids: Iterable[int]) -> dict[int, str]:
        """Each player's latest display name in the server's matches."""
        wanted = list(dict.fromkeys(user_ids))
        names = await self.storage.display_names(guild_id, wanted)
        return {user: names[user] for user in wanted if user in names}

    async def rating_changes(self, game_id: int) -> list[tuple[int, Rating, Rating]]:
        """(user, before, after) for both players of a rated game."""
        return [
            (user, Rating(*before), Rating(*after))
            for user, before, after in await self.storage.history_of(game_id)
        ]

    async def ratings_shown(
        self, game: FinishedGame, guild_id: int | None
    ) -> list[tuple[int, Rating, Rating]]:
        """The rating changes of ``game`` as its history shows them from ``guild_id``: a server's ratings
        are its own, so a game rated on another server (a duel accepted there by code) shows none here;
        the global ratings (the queue's, :data:`GLOBAL`) show anywhere, and in a DM (None) the caller is
        one of the game's players."""
        if guild_id is not None and game.guild_id not in (guild_id, GLOBAL):
            return []
        return await self.rating_changes(game.id)

    async def counts(self) -> dict[str, int]:
        """Games under way and finished, across every server (for /cardia about)."""
        return await self.storage.game_counts()


def _current(stored: tuple[float, float, int] | None, starts: list[int]) -> Rating:
    """A latest rating (mu, sigma, the place in the finish order of the game that made it) carried into
    each season that ``starts`` after it."""
    if stored is None:
        return NEWCOMER
    mu, sigma, seq = stored
    return carried(Rating(mu, sigma), sum(seq <= start for start in starts))


def _history(changes: Iterable[Change]) -> list[tuple[int, int, float, float, float, float]]:
    return [(c.user_id, c.game_id, c.before.mu, c.before.sigma, c.after.mu, c.after.sigma) for c in changes]


async def recompute(storage: Storage, guild_id: int | None = None) -> tuple[int, int]:
    """Rebuild ``rating_history`` (of one server, or all) from the finished games, in the order they
    finished, in one transaction; the same numbers as the history kept game by game. Returns how many
    games were rated and how many players have a rating."""
    ratings: dict[int, dict[int, Rating]] = {}
    last: dict[tuple[int, int], int] = {}  # (server, player) -> their latest game's finish order
    starts: dict[int, list[int]] = {}
    async with storage.transaction() as tx:  # the games read and the history written at one moment
        games = await tx.rated_games(guild_id)
        await tx.clear_history(guild_id)
        for game_id, guild, challenger, opponent, winner, seq in games:
            if guild not in starts:
                starts[guild] = await tx.season_starts(guild)
            server = ratings.setdefault(guild, {})
            for player in (challenger, opponent):  # carried into the seasons begun since their last game
                if player in server:
                    crossed = sum(last[guild, player] <= start < seq for start in starts[guild])
                    server[player] = carried(server[player], crossed)
                last[guild, player] = seq
            users = {"p1": challenger, "p2": opponent}
            game = RatedGame(game_id, challenger, opponent, None if winner is None else users[winner])
            changes = rate(server, game)
            await tx.add_history(guild, _history(changes))
    players = sum(len(server) for server in ratings.values())
    log.info("recomputed the ratings of %d games (%d players)", len(games), players)
    return len(games), players
