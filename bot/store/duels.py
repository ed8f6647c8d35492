"""The duels' SQL: matches, games, their records (one row per decision, keyed (game, seq)), and the
outbox of what the channel must show (bot.ui.outbox)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from bot.ids import storable
from bot.store.connection import Connection, now
from bot.store.database import Conflict, Database
from bot.store.rows import (
    Challenge,
    GameRow,
    Home,
    MatchRow,
    Post,
    QueueEntry,
    StoredAction,
    game_row,
    match_row,
    stored_action,
)

#: The kinds of outbox entries: the challenge message, a game's public board, a match's result.
CHALLENGE, BOARD, RESULT = "challenge", "board", "result"
OPEN_MATCH = ("proposed", "active")


class DuelWrites:
    """The duels' writes, inside a transaction."""

    db: Database

    async def insert_action(self, game_id: int, seq: int, player: str, choose: Sequence[str]) -> None:
        await self.db.write(
            "INSERT INTO actions (game_id, seq, player, choose, created_at) VALUES (?, ?, ?, ?, ?)",
            (game_id, seq, player, json.dumps(list(choose)), now()),
        )

    async def post_due(self, match_id: int, kind: str, game_id: int | None = None) -> None:
        """The channel must show this change: an outbox entry, committed with the change itself."""
        await self.db.write(
            "INSERT INTO outbox (match_id, game_id, kind, created_at) VALUES (?, ?, ?, ?)",
            (match_id, game_id, kind, now()),
        )

    async def finish_game(self, game_id: int, winner: str | None, reason: str) -> None:
        await self.db.write(
            "UPDATE games SET status = 'finished', winner = ?, reason = ?, finished_at = ? WHERE id = ?",
            (winner, reason, now(), game_id),
        )

    async def insert_game(self, match_id: int, number: int, setup: dict[str, Any]) -> int:
        return await self.db.insert(
            "INSERT INTO games (match_id, number, setup, status, created_at)"
            " VALUES (?, ?, ?, 'in_progress', ?)",
            (match_id, number, json.dumps(setup), now()),
        )

    async def insert_match(
        self, challenge: Challenge, first_game: tuple[dict[str, Any], str] | None = None
    ) -> int:
        """A proposed match, with its outbox entry (the challenge message); with ``first_game`` (its setup,
        and when its wait begins) under way at once, its first game started."""
        match_id: int = await self.db.insert(
            "INSERT INTO matches (guild_id, channel_id, challenger_id, challenger_name, opponent_id,"
            " opponent_name, deck, location, wins_needed, computer, hints, learn, status, home,"
            " thread_id, mirror_id, mirror_guild_id, code, home_guild_id, mirror_home, tournament_id,"
            " tournament_round, rated, created_at, updated_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                challenge.guild_id,
                challenge.channel_id,
                *challenge.challenger,
                *challenge.opponent,
                json.dumps(challenge.deck),
                challenge.location,
                challenge.wins_needed,
                challenge.computer,
                int(challenge.hints),
                int(challenge.learn),
                "proposed" if first_game is None else "active",
                challenge.home,
                challenge.thread_id,
                challenge.mirror_id,
                challenge.mirror_guild_id,
                challenge.code,
                challenge.home_guild_id,
                challenge.mirror_home,
                challenge.tournament_id,
                challenge.tournament_round,
                int(challenge.rated),
                now(),
                now(),
            ),
        )
        await self.post_due(match_id, CHALLENGE)  # the interaction's answer posts it, or bot.ui.outbox
        if first_game is not None:
            setup, since = first_game
            game_id = await self.insert_game(match_id, 1, setup)
            await self.start_wait(game_id, since)
            await self.post_due(match_id, BOARD, game_id)
        return match_id

    async def start_wait(self, game_id: int, since: str) -> None:
        """The game waits for a new decision from ``since`` on: its reminders and claim start over."""
        await self.db.write(
            "UPDATE games SET waiting_since = ?, reminders_sent = 0, claim_offered = 0 WHERE id = ?",
            (since, game_id),
        )

    async def abort_game(self, game_id: int, reason: str) -> bool:
        """End an in-progress game without a result (``reason``: aborted, abandoned)."""
        cursor = await self.db.execute(
            "UPDATE games SET status = 'aborted', winner = NULL, reason = ?, finished_at = ?"
            " WHERE id = ? AND status = 'in_progress'",
            (reason, now(), game_id),
        )
        return cursor.rowcount == 1

    async def game_results(self, match_id: int) -> list[str | None]:
        """The winners (None: a draw) of the match's finished games, as this transaction sees them: a
        read through the transaction, so its own writes count (on PostgreSQL another connection would
        not see them yet)."""
        return [
            row["winner"]
            for row in await self.db.execute_fetchall(
                "SELECT winner FROM games WHERE match_id = ? AND status = 'finished' ORDER BY number",
                (match_id,),
            )
        ]

    async def set_home(
        self, match_id: int, home: Home, message_id: int | None, *, mirror: bool = False
    ) -> None:
        """Where the match is played once under way, in its channel or (``mirror``) in the opponent's home
        (decided when its challenge is accepted there, on its message ``message_id`` if known: a thread of
        its own starts from it). A rematch proposed in a thread stays there, whatever the click says."""
        kind, thread, message = (
            ("mirror_home", "mirror_thread_id", "mirror_challenge_id")
            if mirror
            else ("home", "thread_id", "message_id")
        )
        await self.db.write(
            f"UPDATE matches SET {kind} = CASE WHEN {thread} IS NULL THEN ? ELSE {kind} END,"
            f" {message} = COALESCE(?, {message}) WHERE id = ?",
            (home, message_id, match_id),
        )

    async def take_code_challenge(
        self, match_id: int, opponent: tuple[int, str], mirror: tuple[int, int] | None, mirror_home: Home
    ) -> bool:
        """A challenge by code accepted by ``opponent`` from their home ``mirror`` (its server, 0 in a
        DM, and channel; None: the challenge's own channel), played there in the channel or a thread of its
        own (``mirror_home``). Compare and set: False if answered already."""
        cursor = await self.db.execute(
            "UPDATE matches SET status = 'active', opponent_id = ?, opponent_name = ?, mirror_guild_id = ?,"
            " mirror_id = ?, mirror_home = ?, updated_at = ? WHERE id = ? AND status = 'proposed'",
            (*opponent, *(mirror or (None, None)), mirror_home, now(), match_id),
        )
        return cursor.rowcount == 1

    async def set_match_status(self, match_id: int, expected: Sequence[str], status: str) -> bool:
        """Compare and set: True if the match was in one of the ``expected`` states."""
        marks = ", ".join("?" for _ in expected)
        cursor = await self.db.execute(
            f"UPDATE matches SET status = ?, updated_at = ? WHERE id = ? AND status IN ({marks})",
            (status, now(), match_id, *expected),
        )
        return cursor.rowcount == 1


class DuelQueries(Connection[Any]):
    """The duels' reads, and the writes that are a transaction of their own."""

    # --- what Discord shows (bot.ui.outbox), deferred ----------------------------------------------

    def note_board(self, game_id: int, message_id: int, told: int, *, bare: bool = False) -> None:
        """A game's latest board, what it told, and whether it went out without its picture."""
        self.defer(
            "UPDATE games SET board_message_id = ?, board_told = ?, board_bare = ? WHERE id = ?",
            (message_id, told, int(bare), game_id),
        )

    def note_board_pictured(self, game_id: int, message_id: int) -> None:
        """The bare board ``message_id`` was given its picture later (if it is the game's latest still)."""
        self.defer(
            "UPDATE games SET board_bare = 0 WHERE id = ? AND board_message_id = ?", (game_id, message_id)
        )

    async def bare_boards(self, most: int) -> list[tuple[int, int]]:
        """(game, message) of the latest boards that went out without their picture, newest first."""
        rows = await self.db.execute_fetchall(
            "SELECT id, board_message_id FROM games WHERE board_bare = 1 AND board_message_id IS NOT NULL"
            " ORDER BY id DESC LIMIT ?",
            (most,),
        )
        return [(row["id"], row["board_message_id"]) for row in rows]

    def note_mirror_board(self, game_id: int, message_id: int, told: int) -> None:
        """A game's latest board in its match's mirror, and what it told."""
        self.defer(
            "UPDATE games SET mirror_board_id = ?, mirror_board_told = ? WHERE id = ?",
            (message_id, told, game_id),
        )

    def note_mirror_message(self, match_id: int, column: str, message_id: int) -> None:
        """The challenge or the result message in a match's mirror."""
        assert column in ("mirror_challenge_id", "mirror_result_id")
        self.defer(f"UPDATE matches SET {column} = ? WHERE id = ?", (message_id, match_id))

    def note_challenge_message(self, match_id: int, message_id: int) -> None:
        self.defer("UPDATE matches SET message_id = ? WHERE id = ?", (message_id, match_id))

    def note_thread(self, match_id: int, thread_id: int, *, mirror: bool = False) -> None:
        """The match's own thread (``mirror``: in the opponent's home) was started (or found started)."""
        column = "mirror_thread_id" if mirror else "thread_id"
        self.defer(f"UPDATE matches SET {column} = ? WHERE id = ?", (thread_id, match_id))

    async def play_in_channel(self, match_id: int, *, mirror: bool = False) -> None:
        """The match's thread (``mirror``: in the opponent's home) cannot be had (a permission taken away,
        the thread deleted): from now on it is played in that channel."""
        home, thread = ("mirror_home", "mirror_thread_id") if mirror else ("home", "thread_id")
        async with self.transaction() as tx:
            await tx.db.write(
                f"UPDATE matches SET {home} = 'channel', {thread} = NULL WHERE id = ?", (match_id,)
            )

    def note_result_message(self, match_id: int, message_id: int) -> None:
        self.defer("UPDATE matches SET result_message_id = ? WHERE id = ?", (message_id, match_id))

    def note_posted(self, post_ids: Sequence[int]) -> None:
        for post_id in post_ids:
            self.defer("UPDATE outbox SET done_at = ? WHERE id = ?", (now(), post_id))

    async def due_posts(self, match_id: int | None = None) -> list[Post]:
        """The outbox entries still due (of one match), in the order they were written."""
        query = "SELECT id, match_id, game_id, kind, created_at FROM outbox WHERE done_at IS NULL"
        values: tuple[int, ...] = ()
        if match_id is not None:
            query, values = query + " AND match_id = ?", (match_id,)
        return [
            Post(row["id"], row["match_id"], row["game_id"], row["kind"], row["created_at"])
            for row in await self.db.execute_fetchall(query + " ORDER BY id", values)
        ]

    # --- matches ----------------------------------------------------------------------------------------

    async def create_match(
        self,
        challenge: Challenge,
        first_game: tuple[dict[str, Any], str] | None = None,
        leaving: Sequence[QueueEntry] = (),
    ) -> int:
        """A proposed match (with its outbox entry: the challenge message). With ``first_game`` (its setup,
        and when its wait begins) the match is under way at once, its first game started, all in one
        transaction: a duel against the computer, which nobody has to accept, or one the queue made of
        the entries ``leaving`` it (refused with :class:`Conflict` unless both were still there)."""
        async with self.transaction() as tx:
            if leaving:
                cursor = await tx.db.execute(
                    "DELETE FROM queue WHERE "
                    + " OR ".join("(user_id = ? AND joined_at = ?)" for _ in leaving),
                    tuple(value for entry in leaving for value in (entry.user_id, entry.joined_at)),
                )
                if cursor.rowcount != len(leaving):  # matched by another process meanwhile
                    raise Conflict("a player left the queue meanwhile")
            match_id: int = await tx.insert_match(challenge, first_game)
            return match_id

    async def match(self, match_id: int) -> MatchRow | None:
        if not storable(match_id):
            return None
        row = await self.db.fetch_one("SELECT * FROM matches WHERE id = ?", (match_id,))
        return None if row is None else match_row(row)

    async def match_by_code(self, code: str) -> MatchRow | None:
        row = await self.db.fetch_one("SELECT * FROM matches WHERE code = ?", (code,))
        return None if row is None else match_row(row)

    async def code_taken(self, code: str) -> bool:
        return await self.db.fetch_one("SELECT 1 FROM matches WHERE code = ?", (code,)) is not None

    async def open_matches_between(self, channel_id: int, first: int, second: int) -> list[MatchRow]:
        marks = ", ".join("?" for _ in OPEN_MATCH)
        return [
            match_row(row)
            for row in await self.db.execute_fetchall(
                f"SELECT * FROM matches WHERE channel_id = ? AND status IN ({marks}) AND"
                " ((challenger_id = ? AND opponent_id = ?) OR (challenger_id = ? AND opponent_id = ?))",
                (channel_id, *OPEN_MATCH, first, second, second, first),
            )
        ]

    async def open_matches(
        self, guild_id: int | None = None, *, user_id: int | None = None, channel_id: int | None = None
    ) -> list[MatchRow]:
        """The proposed and active matches (of a server, a player, a channel), oldest first."""
        conditions = [f"status IN ({', '.join('?' for _ in OPEN_MATCH)})"]
        values: list[Any] = [*OPEN_MATCH]
        if guild_id is not None:
            conditions.append("guild_id = ?")
            values.append(guild_id)
        if user_id is not None:
            conditions.append("(challenger_id = ? OR opponent_id = ?)")
            values += [user_id, user_id]
        if channel_id is not None:
            conditions.append("channel_id = ?")
            values.append(channel_id)
        return [
            match_row(row)
            for row in await self.db.execute_fetchall(
                f"SELECT * FROM matches WHERE {' AND '.join(conditions)} ORDER BY id", values
            )
        ]

    # --- games ------------------------------------------------------------------------------------------

    async def game(self, game_id: int) -> GameRow | None:
        if not storable(game_id):
            return None
        row = await self.db.fetch_one("SELECT * FROM games WHERE id = ?", (game_id,))
        return None if row is None else game_row(row)

    async def games(self, match_id: int) -> list[GameRow]:
        return [
            game_row(row)
            for row in await self.db.execute_fetchall(
                "SELECT * FROM games WHERE match_id = ? ORDER BY number", (match_id,)
            )
        ]

    async def actions(self, game_id: int) -> list[StoredAction]:
        rows = await self.db.execute_fetchall(
            "SELECT player, choose FROM actions WHERE game_id = ? ORDER BY seq", (game_id,)
        )
        return [stored_action(row["player"], json.loads(row["choose"])) for row in rows]
