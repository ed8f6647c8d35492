"""Statistics from finished games: a player's tally, streak and games by setup; the standings of a
server; who won a match."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from bot.services.ratings import NEWCOMER, Rating
from bot.store import FinishedGame, MatchStatus, Outcome
from cards import DeckChoice

Sort = Literal["rating", "wins"]
SORTS: tuple[Sort, ...] = ("rating", "wins")
PAGE_SIZE = 10  # leaderboard lines a page


def deck_key(deck: DeckChoice) -> str:
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
    # Games against the computer, by its level: apart from everything above (played against people).
    computer: dict[str, Tally] = field(default_factory=dict)


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
    against_people = [game for game in games if game.computer is None]
    for game in games:
        player = game.player_of(user_id)
        if player is not None:
            stats.name = game.names[player]
        if game.computer is not None:
            stats.computer.setdefault(game.computer, Tally()).add(game.outcome(user_id))
    for game in against_people:
        outcome = game.outcome(user_id)
        stats.games.add(outcome)
        stats.by_deck.setdefault(deck_key(game.deck), Tally()).add(outcome)
        stats.by_location.setdefault(game.location, Tally()).add(outcome)
        by_match.setdefault(game.match_id, []).append(game)
        stats.last_finished_at = game.finished_at
    stats.streak = streak([game.outcome(user_id) for game in against_people])
    for match_games in by_match.values():
        last = match_games[-1]
        if last.match_status != MatchStatus.FINISHED:
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
