"""Tournaments as the bot runs them: sign-up, rounds paired and played as duels, results, the end.

Everything that moves a tournament on happens in a database transaction that begins by writing the
tournament's row (``Transaction.lock_tournament``), so two processes never both do it:

- its start (the sign-up closes, by a manager or at the deadline) pairs round 1 and creates its duels;
- a duel's end (``MatchEnded``, published in the transaction that ends the duel) it records the game's
  result and, if that was the round's last, pairs the next round and creates its duels (or ends the
  tournament, with its final places), all in that same transaction.

No discord.py here: after each such commit the bus is told which tournament changed, and
``bot.ui.tournament_posts`` shows it (what is due is stored: a crash loses nothing).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, replace

from bot.ids import storable
from bot.services.duels import Counted, Duels, Refusal, Step
from bot.services.events import Bus, MatchEnded, RoundEnded, TournamentChanged
from bot.services.tournaments.formats import Format, UnknownFormat, format_named
from bot.services.tournaments.pairing import Entrant, PairingImpossible, Result
from bot.services.tournaments.standings import Standing
from bot.store import (
    FINAL,
    PAGE,
    ROUND,
    Challenge,
    Conflict,
    GameResult,
    GameStatus,
    MatchRow,
    MatchStatus,
    NewTournament,
    TournamentGame,
    TournamentPlayer,
    TournamentRow,
    TournamentStatus,
    Transaction,
    new_home,
)

log = logging.getLogger(__name__)

#: Why a tournament's duel ended outside the card game (a game's reason, as its result says it).
WITHDRAWN, AWARDED, DRAW_AWARDED, REPLAYED = "withdrawn", "awarded", "draw_awarded", "replayed"
NAME_LENGTH = 60
MOST_PLAYERS = 64  # a page lists them all, and a round's message its pairings
RatingOf = Callable[[int, int], Awaitable[int]]  # (server, player): their rating, as seeds use it


@dataclass(frozen=True, slots=True)
class Table:
    """A tournament as its page and its standings show it."""

    tournament: TournamentRow
    players: list[TournamentPlayer]
    games: list[TournamentGame]
    standings: list[Standing]

    @property
    def format(self) -> Format:
        return format_named(self.tournament.format)

    @property
    def names(self) -> dict[int, str]:
        return {player.user_id: player.user_name for player in self.players}

    def round_games(self, number: int) -> list[TournamentGame]:
        return [game for game in self.games if game.round == number]

    def until(self, number: int) -> Table:
        """The tournament as it stood once round ``number`` was over."""
        games = [game for game in self.games if game.round <= number]
        return Table(
            self.tournament,
            self.players,
            games,
            self.format.standings(entrants_of(self.players), results_of(games)),
        )


def results_of(games: Sequence[TournamentGame]) -> list[Result]:
    """The games over, as the pairing and the standings read them."""
    results = []
    for game in games:
        if game.result is None:
            continue
        winner = {"first": game.first_id, "second": game.second_id}.get(game.result)
        results.append(Result(game.round, game.first_id, game.second_id, winner, game.result == "neither"))
    return results


def entrants_of(players: Sequence[TournamentPlayer]) -> list[Entrant]:
    return [Entrant(player.user_id, player.rating, player.withdrawn) for player in players]


class Tournaments:
    def __init__(self, duels: Duels, rating_of: RatingOf, bus: Bus | None = None) -> None:
        self.duels = duels
        self.storage = duels.storage
        self.rating_of = rating_of
        # Told after the commit (bot.services.events): each tournament whose channel has something new to
        # show (TournamentChanged, RoundEnded), with the duels the change made (shown by whoever made them:
        # never by two processes).
        self.bus = bus or Bus()

    def _tell(self, tx: Transaction | None, event: TournamentChanged | RoundEnded) -> None:
        """Publish ``event`` once ``tx`` is committed (None: now)."""
        if tx is None:
            self.bus.tell(event)
        else:
            tx.committed.append(lambda: self.bus.tell(event))

    def _changed(self, tx: Transaction | None, tournament_id: int, duels: tuple[int, ...] = ()) -> None:
        self._tell(tx, TournamentChanged(tournament_id, duels))

    # --- sign-up ----------------------------------------------------------------------------------------

    async def create(self, new: NewTournament) -> TournamentRow:
        """A tournament in sign-up (its page due in its channel)."""
        name = " ".join(new.name.split())[:NAME_LENGTH]
        if not name:
            raise Refusal("tournament.bad_name")
        try:
            unit = format_named(new.format)
        except UnknownFormat:
            raise Refusal("tournament.unknown_format") from None
        rounds = unit.chosen_rounds(new.rounds)
        if unit.most_rounds is not None and not 1 <= (rounds or 0) <= unit.most_rounds:
            raise Refusal(unit.bad_rounds, most=unit.most_rounds)
        if new.player_limit is not None and not 2 <= new.player_limit <= MOST_PLAYERS:
            raise Refusal("tournament.bad_limit", most=MOST_PLAYERS)
        tournament_id = await self.storage.create_tournament(
            replace(
                new,
                name=name,
                rounds=rounds,
                player_limit=new.player_limit or MOST_PLAYERS,
            )
        )
        self._changed(None, tournament_id)
        return await self.get(tournament_id)

    async def get(self, tournament_id: int, guild_id: int | None = None) -> TournamentRow:
        """The tournament (with ``guild_id``: only one of that server's)."""
        tournament = await self.storage.tournament(tournament_id) if storable(tournament_id) else None
        if tournament is None or (guild_id is not None and tournament.guild_id != guild_id):
            raise Refusal("tournament.unknown")
        return tournament

    async def join(self, tournament_id: int, user: tuple[int, str]) -> None:
        tournament = await self.get(tournament_id)
        rating = await self.rating_of(tournament.guild_id, user[0])
        joined = await self.storage.join_tournament(tournament_id, user, rating)
        if joined == "full":
            raise Refusal("tournament.full", limit=Counted("players", tournament.player_limit or 0))
        if joined != "joined":
            raise Refusal(f"tournament.{joined}")
        self._changed(None, tournament_id)

    async def leave(self, tournament_id: int, user_id: int) -> None:
        if not await self.storage.leave_tournament(tournament_id, user_id):
            raise Refusal("tournament.not_in")
        self._changed(None, tournament_id)

    async def start(self, tournament_id: int) -> TournamentRow:
        """Close the sign-up and pair round 1 (with fewer than 2 players: cancelled). Once only."""
        tournament = await self.get(tournament_id)
        if tournament.status != TournamentStatus.SIGNUP:
            raise Refusal("tournament.started")
        players = await self.storage.tournament_players(tournament_id)
        # The seeds: each player's rating on the server now (read before the transaction: it reads).
        ratings = {
            player.user_id: await self.rating_of(tournament.guild_id, player.user_id) for player in players
        }
        async with self.storage.transaction() as tx:
            tournament = await tx.lock_tournament(tournament_id) or tournament
            if tournament.status != TournamentStatus.SIGNUP:
                raise Refusal("tournament.started")
            players = await tx.players_of(tournament_id)
            if len(players) < 2:  # the page says it is off
                await tx.cancel_tournament(tournament_id)
                await tx.tournament_post_due(tournament_id, PAGE)
                log.info("tournament %s: cancelled, %d players signed up", tournament_id, len(players))
            duels: tuple[int, ...] = ()
            if len(players) >= 2:
                await tx.seed(tournament_id, {p.user_id: ratings.get(p.user_id, p.rating) for p in players})
                rounds = format_named(tournament.format).rounds(len(players), tournament.rounds)
                tournament = replace(tournament, rounds=rounds)
                duels = await self._begin_round(tx, tournament, 1)
            self._changed(tx, tournament_id, duels)
        return await self.get(tournament_id)

    async def start_due(
        self, moment: str, owns: Callable[[int], bool] = lambda guild_id: True
    ) -> list[TournamentRow]:
        """Start every tournament (of the servers it ``owns``) whose sign-up deadline has come (each
        once, whoever asks)."""
        started = []
        for tournament in await self.storage.signups_over(moment):
            if not owns(tournament.guild_id):
                continue
            try:
                started.append(await self.start(tournament.id))
            except (Refusal, Conflict):
                continue  # started meanwhile (by a manager, another process)
        return started

    # --- rounds -----------------------------------------------------------------------------------------

    async def _begin_round(self, tx: Transaction, tournament: TournamentRow, number: int) -> tuple[int, ...]:
        """Within ``tx``: pair round ``number`` and create its duels (a bye, or a game with a player who
        withdrew, is decided at once); the duels made."""
        players = await tx.players_of(tournament.id)
        games = await tx.games_of(tournament.id)
        found = format_named(tournament.format).pair(entrants_of(players), results_of(games), number)
        if not await tx.move_round(tournament.id, number - 1, "running", tournament.rounds):
            raise Conflict(f"tournament {tournament.id}: round {number} was made meanwhile")
        tournament = replace(tournament, round=number, status=TournamentStatus.RUNNING)
        names = {player.user_id: player.user_name for player in players}
        gone = {player.user_id for player in players if player.withdrawn}
        decided = 0
        created: list[int] = []
        for pairing in found:
            first, second = pairing.first, pairing.second
            if second is None:
                game = TournamentGame(number, first, None, None, "first", "bye")
            elif first in gone or second in gone:
                result: GameResult = (
                    "neither"
                    if first in gone and second in gone
                    else ("second" if first in gone else "first")
                )
                game = TournamentGame(number, first, second, None, result, "forfeit")
            else:
                match_id = await tx.insert_match(
                    self._challenge(tournament, (first, names[first]), (second, names[second])),
                    (self.duels.dealer(tournament.deck, tournament.location), self.duels.now()),
                )
                game = TournamentGame(number, first, second, match_id, None, None)
                created.append(match_id)
            decided += game.result is not None
            await tx.add_game(tournament.id, number, game)
        await tx.tournament_post_due(tournament.id, ROUND, number)
        await tx.tournament_post_due(tournament.id, PAGE)
        log.info("tournament %s: round %d paired, %d games", tournament.id, number, len(found))
        if decided == len(found):  # nothing to play (everyone left withdrew): on to the next
            await self._end_round(tx, tournament, number)
        return tuple(created)

    def _challenge(
        self, tournament: TournamentRow, first: tuple[int, str], second: tuple[int, str]
    ) -> Challenge:
        return Challenge(
            tournament.guild_id,
            new_home(tournament.guild_id, tournament.channel_id, in_thread=tournament.home == "thread"),
            first,
            second,
            tournament.deck,
            tournament.location,
            tournament.wins_needed,
            tournament_id=tournament.id,
            tournament_round=tournament.round,
            rated=tournament.rated,
        )

    async def _end_round(self, tx: Transaction, tournament: TournamentRow, number: int) -> None:
        """Within ``tx``: round ``number`` is over; pair the next, or end the tournament."""
        active = [player for player in await tx.players_of(tournament.id) if not player.withdrawn]
        last = number >= (tournament.rounds or 0) or format_named(tournament.format).over(len(active))
        if not last:
            try:
                duels = await self._begin_round(tx, tournament, number + 1)
                self._tell(tx, RoundEnded(tournament.id, number, duels))
                return
            except PairingImpossible:  # a format's rules leave no pairing (a Swiss: each would repeat one)
                log.info(
                    "tournament %s: no round %d without a repeated pair: over", tournament.id, number + 1
                )
        await self._finish(tx, tournament, number)
        self._tell(tx, RoundEnded(tournament.id, number))

    async def _finish(self, tx: Transaction, tournament: TournamentRow, number: int) -> None:
        players = await tx.players_of(tournament.id)
        table = format_named(tournament.format).standings(
            entrants_of(players), results_of(await tx.games_of(tournament.id))
        )
        await tx.set_places(tournament.id, {row.user_id: row.place for row in table})
        if not await tx.move_round(tournament.id, number, "finished", None):
            raise Conflict(f"tournament {tournament.id}: ended meanwhile")
        await tx.tournament_post_due(tournament.id, FINAL, number)
        await tx.tournament_post_due(tournament.id, PAGE)
        log.info("tournament %s: over after %d rounds, won by %s", tournament.id, number, table[0].user_id)

    async def match_over(self, ended: MatchEnded) -> None:
        """A match ended (:class:`MatchEnded`): if a tournament's duel, its pairing is scored (in its
        transaction)."""
        tx, match, winner, reason = ended.tx, ended.match, ended.winner, ended.reason
        if match.tournament_id is None:
            return
        tournament = await tx.lock_tournament(match.tournament_id)
        if tournament is None or tournament.status != TournamentStatus.RUNNING:
            return
        if reason == REPLAYED:  # played again, as a new duel of the same pairing
            new_id = await tx.insert_match(
                replace(
                    self._challenge(tournament, *_players_of(match)), tournament_round=match.tournament_round
                ),
                (self.duels.dealer(tournament.deck, tournament.location), self.duels.now()),
            )
            await tx.replay_game(match.id, new_id)
            log.info("tournament %s: duel %s replayed as %s", tournament.id, match.id, new_id)
            self._changed(tx, tournament.id, (new_id,))
            return
        result: GameResult = (
            "first"
            if winner == "p1"
            else "second"
            if winner == "p2"
            else "draw"
            if reason == DRAW_AWARDED
            else "neither"
        )
        how = {AWARDED: "awarded", DRAW_AWARDED: "awarded", WITHDRAWN: "forfeit"}.get(reason, "played")
        if not await tx.settle_game(match.id, result, how):
            return
        games = await tx.games_of(tournament.id)
        if all(game.result is not None for game in games if game.round == tournament.round):
            await self._end_round(tx, tournament, tournament.round)
        else:
            await tx.tournament_post_due(tournament.id, PAGE)
            self._changed(tx, tournament.id)

    # --- players and managers ---------------------------------------------------------------------------

    async def withdraw(self, tournament_id: int, user_id: int) -> list[Step]:
        """A player leaves a tournament under way: not paired again, their duel in progress (and any game
        they would have later) lost by forfeit. Returns the duels it ended."""
        tournament = await self.get(tournament_id)
        if tournament.status == TournamentStatus.SIGNUP:
            await self.leave(tournament_id, user_id)
            return []
        if tournament.status != TournamentStatus.RUNNING:
            raise Refusal("tournament.over")
        async with self.storage.transaction() as tx:
            await tx.lock_tournament(tournament_id)
            if not await tx.withdraw_player(tournament_id, user_id):
                raise Refusal("tournament.not_in")
            await tx.tournament_post_due(tournament_id, PAGE)
            self._changed(tx, tournament_id)
        log.info("tournament %s: %s withdrew", tournament_id, user_id)
        steps = []
        for match_id in await self.storage.tournament_matches(tournament_id):
            match = await self.storage.match(match_id)
            seat = None if match is None else match.player_of(user_id)
            if match is None or seat is None:
                continue
            step = await self._end_duel(match, "p2" if seat == "p1" else "p1", WITHDRAWN)
            if step is not None:
                steps.append(step)
        return steps

    async def award(self, tournament_id: int, match_id: int, result: GameResult) -> Step | None:
        """A manager decides a stuck duel: to its first player, its second, or drawn."""
        match = await self._duel_of(tournament_id, match_id)
        if result == "draw":
            _, step = await self.duels.abort(match.id, DRAW_AWARDED)
            return step
        return await self._end_duel(match, "p1" if result == "first" else "p2", AWARDED)

    async def replay(self, tournament_id: int, match_id: int) -> Step | None:
        """A manager has a stuck duel played again from its start: a new duel of the same pairing."""
        match = await self._duel_of(tournament_id, match_id)
        _, step = await self.duels.abort(match.id, REPLAYED)
        return step

    async def _duel_of(self, tournament_id: int, match_id: int) -> MatchRow:
        tournament = await self.get(tournament_id)
        match = await self.storage.match(match_id)
        if match is None or match.tournament_id != tournament.id:
            raise Refusal("tournament.no_such_duel")
        if match.status != MatchStatus.ACTIVE or tournament.status != TournamentStatus.RUNNING:
            raise Refusal("tournament.duel_over")
        return match

    async def _end_duel(self, match: MatchRow, winner: str, reason: str) -> Step | None:
        games = [row for row in await self.storage.games(match.id) if row.status == GameStatus.IN_PROGRESS]
        if not games:
            return None
        try:
            return await self.duels.end(games[-1].id, winner, reason, match_too=True)
        except Refusal:  # it ended meanwhile
            return None

    async def cancel(self, tournament_id: int) -> list[int]:
        """A manager calls the tournament off: its duels still going are aborted. Returns them."""
        tournament = await self.get(tournament_id)
        async with self.storage.transaction() as tx:
            await tx.lock_tournament(tournament_id)
            if not await tx.cancel_tournament(tournament_id):
                raise Refusal("tournament.over")
            await tx.tournament_post_due(tournament_id, PAGE)
            self._changed(tx, tournament_id)
        aborted = []
        for match_id in await self.storage.tournament_matches(tournament.id):
            try:
                await self.duels.abort(match_id)
            except Refusal:
                continue
            aborted.append(match_id)
        return aborted

    # --- reading ----------------------------------------------------------------------------------------

    async def table(self, tournament_id: int) -> Table:
        tournament = await self.get(tournament_id)
        players = await self.storage.tournament_players(tournament_id)
        games = await self.storage.tournament_games(tournament_id)
        return Table(
            tournament,
            players,
            games,
            format_named(tournament.format).standings(entrants_of(players), results_of(games)),
        )

    async def listed(self, guild_id: int | None, statuses: Sequence[str] = ()) -> list[TournamentRow]:
        """A server's tournaments (None: every server's), newest first, with one of ``statuses``."""
        return await self.storage.tournaments(guild_id, statuses)

    async def duel(self, match_id: int) -> MatchRow | None:
        """A duel as stored now (None: no such match; whether it is a tournament's, its row says)."""
        return await self.storage.match(match_id)

    async def duels_playing(self, tournament_id: int) -> list[MatchRow]:
        """The duels of a tournament still being played, oldest first."""
        duels = [
            await self.storage.match(match_id)
            for match_id in await self.storage.tournament_matches(tournament_id)
        ]
        return [match for match in duels if match is not None]


def _players_of(match: MatchRow) -> tuple[tuple[int, str], tuple[int, str]]:
    return (match.challenger_id, match.challenger_name), (match.opponent_id, match.opponent_name)
