"""Records: the finished games of each server, players' statistics, the leaderboard, ratings and game
histories. Like :mod:`bot.duels` it speaks Discord ids and engine values, never discord.py objects.

What counts: every game with status ``finished``, whether the rules ended it or the bot did (a concession,
a timeout or a forfeit: a loss for the player who conceded or ran out of time). A draw counts as a draw.
An aborted game has no result and counts for nothing. A match counts once it is ``finished``.

Ratings are kept per server in ``rating_history``: one row per player and rated game, appended by
:meth:`Records.game_over` in the very transaction that records the result (a ``Duels`` game-over hook), in
the order the games finished (``games.finish_seq``). A player's rating is their latest row, or the
newcomer's. :func:`recompute` rebuilds the history from the finished games alone and gives the same
numbers; ``python -m bot.records recompute cardia.db`` runs it.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from bot import text
from bot.ratings import NEWCOMER, Change, RatedGame, Rating, rate
from bot.store import FinishedGame, Outcome, Storage, Transaction
from engine import Game, Setup, visible_events
from engine.record import FORMAT

if TYPE_CHECKING:
    from bot.duels import Duels, LiveGame

log = logging.getLogger(__name__)

Sort = Literal["rating", "wins"]
SORTS: tuple[Sort, ...] = ("rating", "wins")
PAGE_SIZE = 10
# --- finished games ------------------------------------------------------------------------------------


def deck_key(deck: Any) -> str:
    """ "I", "II" or "mixed": how statistics group decks."""
    sources = set(deck.values()) if isinstance(deck, dict) else {deck}
    return str(sources.pop()) if len(sources) == 1 else "mixed"


def match_winner(wins_needed: int, games: Sequence[FinishedGame]) -> str | None:
    """The winner ("p1"/"p2") of a finished match from its finished games (in order): whoever reached
    ``wins_needed``; in a match ended early (a concession or a forfeit of the match), the winner of its
    last game; None for a match that ended on a draw."""
    wins = {"p1": 0, "p2": 0}
    for game in games:
        if game.winner is not None:
            wins[game.winner] += 1
    reached = [player for player, count in wins.items() if count >= wins_needed]
    if reached:
        return reached[0]
    return games[-1].winner if games else None


# --- statistics ----------------------------------------------------------------------------------------


@dataclass(slots=True)
class Tally:
    """Wins, losses and draws."""

    wins: int = 0
    losses: int = 0
    draws: int = 0

    @property
    def played(self) -> int:
        return self.wins + self.losses + self.draws

    @property
    def win_rate(self) -> float | None:
        """Wins over everything played (a draw is not a win); None before the first game."""
        return self.wins / self.played if self.played else None

    def add(self, outcome: Outcome) -> None:
        if outcome == "win":
            self.wins += 1
        elif outcome == "loss":
            self.losses += 1
        else:
            self.draws += 1


@dataclass(slots=True)
class Stats:
    """A player's record in one server."""

    user_id: int
    name: str | None  # their latest display name in this server's matches
    games: Tally = field(default_factory=Tally)
    matches: Tally = field(default_factory=Tally)
    by_deck: dict[str, Tally] = field(default_factory=dict)  # deck_key -> tally
    by_location: dict[str | None, Tally] = field(default_factory=dict)  # location id (None: none)
    streak: tuple[Outcome, int] | None = None  # the latest outcome and how many times in a row
    rating: Rating = NEWCOMER
    rank: int | None = None  # by rating among the server's players (1 = best)
    players: int = 0  # rated players in the server
    last_finished_at: str | None = None


def streak(outcomes: Sequence[Outcome]) -> tuple[Outcome, int] | None:
    """The current streak of ``outcomes`` (oldest first): the latest outcome and its run length."""
    if not outcomes:
        return None
    latest, count = outcomes[-1], 0
    for outcome in reversed(outcomes):
        if outcome != latest:
            break
        count += 1
    return latest, count


def tally_stats(user_id: int, games: Sequence[FinishedGame]) -> Stats:
    """Statistics from a player's finished games in one server, oldest first (no rating)."""
    stats = Stats(user_id, None)
    by_match: dict[int, list[FinishedGame]] = {}
    for game in games:
        outcome = game.outcome(user_id)
        stats.games.add(outcome)
        stats.by_deck.setdefault(deck_key(game.deck), Tally()).add(outcome)
        stats.by_location.setdefault(game.location, Tally()).add(outcome)
        by_match.setdefault(game.match_id, []).append(game)
        player = game.player_of(user_id)
        if player is not None:
            stats.name = game.names[player]
        stats.last_finished_at = game.finished_at
    stats.streak = streak([game.outcome(user_id) for game in games])
    for match_games in by_match.values():
        last = match_games[-1]
        if last.match_status != "finished":
            continue  # under way, or aborted: its finished games count, the match does not
        ordered = sorted(match_games, key=lambda game: game.number)
        winner = match_winner(last.wins_needed, ordered)
        stats.matches.add("draw" if winner is None else "win" if last.users[winner] == user_id else "loss")
    return stats


@dataclass(frozen=True, slots=True)
class Standing:
    """A line of the leaderboard."""

    user_id: int
    rating: Rating
    games: Tally


def sort_standings(standings: Iterable[Standing], sort: Sort) -> list[Standing]:
    if sort == "wins":
        return sorted(
            standings,
            key=lambda s: (-s.games.wins, -(s.games.win_rate or 0), -s.rating.display, s.user_id),
        )
    return sorted(standings, key=lambda s: (-s.rating.display, -s.rating.mu, -s.games.played, s.user_id))


# --- game histories ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Decided:
    """One decision of a game's log, told with public information only."""

    number: int  # 1 for the first decision
    round: int  # the round it was taken in
    player: str
    kind: str  # the engine's decision kind ("play", "palace_guard_faction", ...)
    told: tuple[str, ...]  # what the board told once it was taken (describe_events)


def record_document(setup: Mapping[str, Any], actions: Sequence[tuple[str, Sequence[str]]]) -> dict[str, Any]:
    """The game's ``cardia-replay/1`` record, as ``python -m engine replay`` reads it."""
    return {
        "format": FORMAT,
        "setup": dict(setup),
        "actions": [{"player": player, "choose": list(choose)} for player, choose in actions],
    }


def game_log(
    setup: Mapping[str, Any], actions: Sequence[tuple[str, Sequence[str]]], names: Mapping[str, str]
) -> tuple[list[Decided], Game]:
    """Replay a record decision by decision: each decision with what the public board told of it (no
    hidden card), and the game at the end."""
    game = Game(Setup.model_validate(dict(setup)))
    log_entries = []
    for number, (player, choose) in enumerate(actions, start=1):
        decision = next((d for d in game.pending if d.player == player), None)
        kind = decision.kind if decision is not None else "unknown"
        round_number, start = game.round, len(game.events)
        game.apply(player, list(choose))
        told = text.describe_events(visible_events(game, None, start), names, limit=1000)
        log_entries.append(Decided(number, round_number, player, kind, tuple(told)))
    return log_entries, game


def result_line(
    winner: str | None, reason: str, names: Mapping[str, str], signets: Mapping[str, int] | None = None
) -> str:
    """How a finished game ended, including the endings the bot decides (a concession, a timeout)."""
    return text.result_text({"winner": winner, "reason": reason}, names, signets)


def log_lines(entries: Sequence[Decided], names: Mapping[str, str], *, markdown: bool = True) -> list[str]:
    """The log in plain language, a heading before each round: "`7` Bob — naming a faction ..."."""
    lines: list[str] = []
    current = None
    for entry in entries:
        if entry.round != current:
            current = entry.round
            lines.append(text.tr("history.round" if markdown else "history.round_plain", round=current))
        who = text.tr("history.chance") if entry.player == "chance" else names.get(entry.player, entry.player)
        told = " ".join(entry.told)
        if entry.kind == "play" and told:
            said = told
        elif told:
            said = text.tr("history.decided_then", who=who, what=text.waiting_text(entry.kind), told=told)
        else:
            said = text.tr("history.decided", who=who, what=text.waiting_text(entry.kind))
        key = "history.entry" if markdown else "history.entry_plain"
        lines.append(text.tr(key, number=entry.number, text=said))
    return lines


# --- the service ---------------------------------------------------------------------------------------


class Records:
    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    def attach(self, duels: Duels) -> None:
        """Record every finished game of ``duels`` (and rate it) in the transaction that finishes it."""
        duels.game_over_hooks.append(self.game_over)

    # --- writing, inside the game-over transaction ----------------------------------------------------

    async def game_over(self, tx: Transaction, live: LiveGame, winner: str | None, reason: str) -> None:
        """The game-over hook: the game's place in the finish order, its length, and both players' new
        ratings, all in the transaction that records its result."""
        game_id, match = live.row.id, live.match
        decisions = await tx.record_length(game_id, live.game.round)
        users = (match.challenger_id, match.opponent_id)
        ratings = {user: _rating(await tx.latest_rating(match.guild_id, user)) for user in users}
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
        return _rating(await self.storage.latest_rating(guild_id, user_id))

    async def finished_game(self, game_id: int) -> FinishedGame | None:
        return await self.storage.finished_game(game_id)

    async def games_of(self, guild_id: int, user_id: int, *, latest: int | None = None) -> list[FinishedGame]:
        """``user_id``'s finished games in a server, oldest first (only the ``latest`` ones if given)."""
        return await self.storage.games_of(guild_id, user_id, latest=latest)

    async def stats(self, guild_id: int, user_id: int) -> Stats:
        stats = tally_stats(user_id, await self.games_of(guild_id, user_id))
        standings = await self.standings(guild_id, "rating")
        stats.players = len(standings)
        for rank, standing in enumerate(standings, start=1):
            if standing.user_id == user_id:
                stats.rating, stats.rank = standing.rating, rank
        return stats

    async def standings(self, guild_id: int, sort: Sort) -> list[Standing]:
        """Every player with a finished game in the server, best first."""
        tallies = await self.storage.tallies(guild_id)
        ratings = await self.ratings(guild_id)
        standings = [
            Standing(user, ratings.get(user, NEWCOMER), Tally(*counts)) for user, counts in tallies.items()
        ]
        return sort_standings(standings, sort)

    async def ratings(self, guild_id: int) -> dict[int, Rating]:
        """Every rated player's current rating in a server."""
        return {
            user: Rating(*stored) for user, stored in (await self.storage.latest_ratings(guild_id)).items()
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

    async def counts(self) -> dict[str, int]:
        """Games under way and finished, across every server (for /cardia about)."""
        return await self.storage.game_counts()


def _rating(stored: tuple[float, float] | None) -> Rating:
    return NEWCOMER if stored is None else Rating(*stored)


def _history(changes: Iterable[Change]) -> list[tuple[int, int, float, float, float, float]]:
    return [(c.user_id, c.game_id, c.before.mu, c.before.sigma, c.after.mu, c.after.sigma) for c in changes]


async def recompute(storage: Storage, guild_id: int | None = None) -> tuple[int, int]:
    """Rebuild ``rating_history`` (of one server, or all) from the finished games, in the order they
    finished, in one transaction; the same numbers as the history kept game by game. Returns how many
    games were rated and how many players have a rating."""
    ratings: dict[int, dict[int, Rating]] = {}
    async with storage.transaction() as tx:  # the games read and the history written at one moment
        games = await tx.rated_games(guild_id)
        await tx.clear_history(guild_id)
        for game_id, guild, challenger, opponent, winner in games:
            users = {"p1": challenger, "p2": opponent}
            game = RatedGame(game_id, challenger, opponent, None if winner is None else users[winner])
            changes = rate(ratings.setdefault(guild, {}), game)
            await tx.add_history(guild, _history(changes))
    players = sum(len(server) for server in ratings.values())
    log.info("recomputed the ratings of %d games (%d players)", len(games), players)
    return len(games), players


# --- command line --------------------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.records", description="Cardia bot records.")
    commands = parser.add_subparsers(dest="command", required=True)
    again = commands.add_parser("recompute", help="rebuild the rating history from the finished games")
    again.add_argument("database", help="the bot's SQLite file (CARDIA_DATABASE, cardia.db by default)")
    again.add_argument("--guild", type=int, default=None, help="only this server (its id)")
    args = parser.parse_args(argv)
    if not Path(args.database).is_file():
        print(f"no database at {args.database}", file=sys.stderr)
        return 2

    async def run() -> tuple[int, int]:
        storage = await Storage.open(args.database)
        try:
            return await recompute(storage, args.guild)
        finally:
            await storage.close()

    games, players = asyncio.run(run())
    print(f"recomputed the ratings from {games} finished games: {players} rated players")
    return 0


if __name__ == "__main__":
    sys.exit(main())
