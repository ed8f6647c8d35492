"""What Discord must show and what it shows, as stored: the queries of the reconciler and its renderers
(``bot.ui.reconciler``), so that the front end never reaches the store itself. No discord.py here.

What is due is written by the transaction that changes it (a decision, a tournament's round, a season
begun); what was posted where is bookkeeping, most of it deferred to the next transaction (a decision
stays one commit) and committed on its own when none comes (:meth:`Posts.flush`)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from bot.store import Storage
from bot.store.rows import MatchRow, Post, QueueLine, SeasonRow, TournamentRow
from bot.store.tournaments import TournamentPost


class Posts:
    def __init__(self, storage: Storage) -> None:
        self._storage = storage

    # --- the bookkeeping's commit ---------------------------------------------------------------------

    @property
    def commits(self) -> int:
        """Transactions committed so far (one carries the deferred bookkeeping with it)."""
        return self._storage.commits

    @property
    def deferred(self) -> int:
        """Bookkeeping waiting for the next transaction."""
        return self._storage.deferred

    async def flush(self) -> None:
        """Commit the deferred bookkeeping now."""
        await self._storage.flush()

    # --- a duel's: its challenge, boards, result, in each home -------------------------------------------

    async def due_posts(self, match_id: int | None = None) -> list[Post]:
        return await self._storage.due_posts(match_id)

    def note_posted(self, post_ids: Sequence[int]) -> None:
        self._storage.note_posted(post_ids)

    async def match(self, match_id: int) -> MatchRow | None:
        return await self._storage.match(match_id)

    async def board(self, game_id: int, home: int) -> tuple[int, int | None] | None:
        return await self._storage.board(game_id, home)

    def note_board(self, game_id: int, home: int, message_id: int, told: int, *, bare: bool = False) -> None:
        self._storage.note_board(game_id, home, message_id, told, bare=bare)

    async def bare_boards(self, most: int) -> list[tuple[int, int, int]]:
        return await self._storage.bare_boards(most)

    def note_board_pictured(self, game_id: int, message_id: int) -> None:
        self._storage.note_board_pictured(game_id, message_id)

    def note_challenge(self, match_id: int, home: int, message_id: int) -> None:
        self._storage.note_challenge(match_id, home, message_id)

    def note_result(self, match_id: int, home: int, message_id: int) -> None:
        self._storage.note_result(match_id, home, message_id)

    def note_thread(self, match_id: int, home: int, thread_id: int) -> None:
        self._storage.note_thread(match_id, home, thread_id)

    async def play_in_channel(self, match_id: int, home: int) -> None:
        await self._storage.play_in_channel(match_id, home)

    # --- the queue's lines ---------------------------------------------------------------------------------

    async def due_lines(self, user_id: int | None = None) -> list[QueueLine]:
        return await self._storage.due_lines(user_id)

    # --- a tournament's: its page, rounds and final ------------------------------------------------------

    async def tournament(self, tournament_id: int) -> TournamentRow | None:
        return await self._storage.tournament(tournament_id)

    async def tournaments(self, guild_id: int | None, statuses: Sequence[str] = ()) -> list[TournamentRow]:
        return await self._storage.tournaments(guild_id, statuses)

    async def due_tournament_posts(self, tournament_id: int | None = None) -> list[TournamentPost]:
        return await self._storage.due_tournament_posts(tournament_id)

    async def claim_tournament_posts(
        self, tournament_id: int, claimer: str, now: str, until: str
    ) -> list[TournamentPost]:
        return await self._storage.claim_tournament_posts(tournament_id, claimer, now, until)

    async def release_claims(self, prefix: str, keep: str) -> int:
        return await self._storage.release_claims(prefix, keep)

    async def tournament_duels_due(self, tournament_id: int) -> list[int]:
        return await self._storage.tournament_duels_due(tournament_id)

    async def note_tournament_posted(
        self, post_ids: Iterable[int], page: tuple[int, int] | None = None
    ) -> None:
        await self._storage.note_tournament_posted(post_ids, page)

    # --- a season's end ----------------------------------------------------------------------------------

    async def unannounced(self) -> list[SeasonRow]:
        return await self._storage.unannounced()

    async def seasons_of(self, guild_id: int) -> list[SeasonRow]:
        return await self._storage.seasons_of(guild_id)

    async def note_announced(self, guild_id: int, number: int) -> bool:
        return await self._storage.note_announced(guild_id, number)

    async def at_home(self, guild_id: int, user_ids: Sequence[int]) -> set[int]:
        """Those of ``user_ids`` who played a duel from that server (its members, then)."""
        return await self._storage.at_home(guild_id, user_ids)
