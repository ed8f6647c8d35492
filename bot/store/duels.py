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
    BOARD,
    CHALLENGE,
    DUEL_KINDS_SQL,
    HOME_COLUMNS,
    Challenge,
    GameRow,
    Home,
    HomeKind,
    MatchRow,
    MatchStatus,
    Post,
    QueueEntry,
    StoredAction,
    game_row,
    match_row,
    stored_action,
)

OPEN_MATCH = (MatchStatus.PROPOSED, MatchStatus.ACTIVE)
#: A match shown in a channel (its own, or a thread of its own there): the channel given twice.
_SHOWN_IN = "m.id IN (SELECT match_id FROM homes WHERE channel_id = ? OR thread_id = ?)"
#: A home's columns beside its match's, as :func:`bot.store.rows.home_row` reads them.
_HOME_COLUMNS = ", ".join(f"h.{column} AS home_{column}" for column in HOME_COLUMNS)


class DuelWrites:
    """The duels' writes, inside a transaction."""

    db: Database

    async def insert_action(self, game_id: int, seq: int, player: str, choose: Sequence[str]) -> None:
        await self.db.write(
            "INSERT INTO actions (game_id, seq, player, choose, created_at) VALUES (?, ?, ?, ?, ?)",
            (game_id, seq, player, json.dumps(list(choose)), now()),
        )

    async def post_due(self, match_id: int, kind: str, game_id: int | None = None) -> None:
        """The duel's homes must show this change: an entry due, committed with the change itself."""
        await self.db.write(
            "INSERT INTO due (kind, subject, detail, created_at) VALUES (?, ?, ?, ?)",
            (kind, match_id, game_id, now()),
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
        """A proposed match, its challenge message due; with ``first_game`` (its setup,
        and when its wait begins) under way at once, its first game started."""
        match_id: int = await self.db.insert(
            "INSERT INTO matches (guild_id, challenger_id, challenger_name, opponent_id, opponent_name,"
            " deck, location, wins_needed, computer, hints, learn, status, code, queued, tournament_id,"
            " tournament_round, rated, created_at, updated_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                challenge.guild_id,
                *challenge.challenger,
                *challenge.opponent,
                json.dumps(challenge.deck),
                challenge.location,
                challenge.wins_needed,
                challenge.computer,
                int(challenge.hints),
                int(challenge.learn),
                "proposed" if first_game is None else "active",
                challenge.code,
                int(challenge.queued),
                challenge.tournament_id,
                challenge.tournament_round,
                int(challenge.rated),
                now(),
                now(),
            ),
        )
        for home in challenge.homes:
            await self.insert_home(match_id, home)
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

    async def insert_home(self, match_id: int, home: Home) -> None:
        await self.db.write(
            "INSERT INTO homes (match_id, number, player, guild_id, channel_id, in_thread, thread_id,"
            " challenge_id, result_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                match_id,
                home.number,
                home.player,
                home.guild_id,
                home.channel_id,
                int(home.in_thread),
                home.thread_id,
                home.challenge_id,
                home.result_id,
            ),
        )

    async def settle_home(self, match_id: int, number: int, kind: HomeKind, challenge_id: int | None) -> None:
        """Where the match is played once under way in its home ``number``: in the channel or a thread of its
        own (decided when its challenge is accepted there, on its message ``challenge_id`` if known: a thread
        starts from it). A rematch proposed in a thread stays there, whatever the click says."""
        await self.db.write(
            "UPDATE homes SET in_thread = CASE WHEN thread_id IS NULL THEN ? ELSE in_thread END,"
            " challenge_id = COALESCE(?, challenge_id) WHERE match_id = ? AND number = ?",
            (int(kind == "thread"), challenge_id, match_id, number),
        )

    async def take_code_challenge(self, match_id: int, opponent: tuple[int, str], home: Home | None) -> bool:
        """A challenge by code accepted by ``opponent`` from their own ``home`` (None: the challenge's own
        channel). Compare and set: False if answered already."""
        cursor = await self.db.execute(
            "UPDATE matches SET status = 'active', opponent_id = ?, opponent_name = ?, updated_at = ?"
            " WHERE id = ? AND status = 'proposed'",
            (*opponent, now(), match_id),
        )
        if cursor.rowcount != 1:
            return False
        if home is not None:  # the players are in two places: each home is one player's
            await self.db.write(
                "UPDATE homes SET player = 'p1' WHERE match_id = ? AND number = 0", (match_id,)
            )
            await self.insert_home(match_id, home._replace(number=1, player="p2"))
        return True

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

    def note_board(self, game_id: int, home: int, message_id: int, told: int, *, bare: bool = False) -> None:
        """A game's latest board in its match's home ``home``, what it told, and whether it went out
        without its picture."""
        self.defer(
            "INSERT INTO boards (game_id, home, message_id, told, bare) VALUES (?, ?, ?, ?, ?)"
            " ON CONFLICT (game_id, home) DO UPDATE SET message_id = excluded.message_id,"
            " told = excluded.told, bare = excluded.bare",
            (game_id, home, message_id, told, int(bare)),
        )

    def note_board_pictured(self, game_id: int, message_id: int) -> None:
        """The bare board ``message_id`` was given its picture later (if it is that home's latest still)."""
        self.defer("UPDATE boards SET bare = 0 WHERE game_id = ? AND message_id = ?", (game_id, message_id))

    async def bare_boards(self, most: int) -> list[tuple[int, int, int]]:
        """(game, home, message) of the latest boards that went out without their picture, newest first."""
        rows = await self.db.execute_fetchall(
            "SELECT game_id, home, message_id FROM boards WHERE bare = 1 ORDER BY game_id DESC LIMIT ?",
            (most,),
        )
        return [(row["game_id"], row["home"], row["message_id"]) for row in rows]

    async def board(self, game_id: int, home: int) -> tuple[int, int | None] | None:
        """A game's latest board in the home ``home`` (its message, and the engine events it told), if any."""
        row = await self.db.fetch_one(
            "SELECT message_id, told FROM boards WHERE game_id = ? AND home = ?", (game_id, home)
        )
        return None if row is None else (row["message_id"], row["told"])

    def note_challenge(self, match_id: int, home: int, message_id: int) -> None:
        """The challenge message in the match's home ``home``."""
        self.defer(
            "UPDATE homes SET challenge_id = ? WHERE match_id = ? AND number = ?",
            (message_id, match_id, home),
        )

    def note_result(self, match_id: int, home: int, message_id: int) -> None:
        """The result message in the match's home ``home``."""
        self.defer(
            "UPDATE homes SET result_id = ? WHERE match_id = ? AND number = ?", (message_id, match_id, home)
        )

    def note_thread(self, match_id: int, home: int, thread_id: int) -> None:
        """The match's own thread in its home ``home`` was started (or found started)."""
        self.defer(
            "UPDATE homes SET thread_id = ? WHERE match_id = ? AND number = ?", (thread_id, match_id, home)
        )

    async def play_in_channel(self, match_id: int, home: int) -> None:
        """The match's thread in its home ``home`` cannot be had (a permission taken away, the thread
        deleted): from now on it is played in that channel."""
        async with self.transaction() as tx:
            await tx.db.write(
                "UPDATE homes SET in_thread = 0, thread_id = NULL WHERE match_id = ? AND number = ?",
                (match_id, home),
            )

    def note_posted(self, post_ids: Sequence[int]) -> None:
        for post_id in post_ids:
            self.defer("UPDATE due SET done_at = ? WHERE id = ?", (now(), post_id))

    async def due_posts(self, match_id: int | None = None) -> list[Post]:
        """The entries still due of the duels (of one match), in the order they were written."""
        query = (
            "SELECT id, subject AS match_id, detail AS game_id, kind, created_at, extra FROM due"
            f" WHERE done_at IS NULL AND kind IN {DUEL_KINDS_SQL}"
        )
        values: tuple[int, ...] = ()
        if match_id is not None:
            query, values = query + " AND subject = ?", (match_id,)
        return [
            Post(row["id"], row["match_id"], row["game_id"], row["kind"], row["created_at"], row["extra"])
            for row in await self.db.execute_fetchall(query + " ORDER BY id", values)
        ]

    # --- matches ----------------------------------------------------------------------------------------

    async def create_match(
        self,
        challenge: Challenge,
        first_game: tuple[dict[str, Any], str] | None = None,
        leaving: Sequence[QueueEntry] = (),
    ) -> int:
        """A proposed match (its challenge message due). With ``first_game`` (its setup,
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
        found = await self._matches("m.id = ?", (match_id,))
        return found[0] if found else None

    async def match_by_code(self, code: str) -> MatchRow | None:
        found = await self._matches("m.code = ?", (code,))
        return found[0] if found else None

    async def code_taken(self, code: str) -> bool:
        return await self.db.fetch_one("SELECT 1 FROM matches WHERE code = ?", (code,)) is not None

    async def open_matches_between(self, channel_id: int, first: int, second: int) -> list[MatchRow]:
        """The open matches of these two players shown in that channel (or its thread)."""
        marks = ", ".join("?" for _ in OPEN_MATCH)
        return await self._matches(
            f"m.status IN ({marks}) AND ((m.challenger_id = ? AND m.opponent_id = ?)"
            f" OR (m.challenger_id = ? AND m.opponent_id = ?)) AND {_SHOWN_IN}",
            (*OPEN_MATCH, first, second, second, first, channel_id, channel_id),
        )

    async def open_matches(
        self, guild_id: int | None = None, *, user_id: int | None = None, channel_id: int | None = None
    ) -> list[MatchRow]:
        """The proposed and active matches (counting for a server, of a player, shown in a channel), oldest
        first."""
        conditions = [f"m.status IN ({', '.join('?' for _ in OPEN_MATCH)})"]
        values: list[Any] = [*OPEN_MATCH]
        if guild_id is not None:
            conditions.append("m.guild_id = ?")
            values.append(guild_id)
        if user_id is not None:
            conditions.append("(m.challenger_id = ? OR m.opponent_id = ?)")
            values += [user_id, user_id]
        if channel_id is not None:
            conditions.append(_SHOWN_IN)
            values += [channel_id, channel_id]
        return await self._matches(" AND ".join(conditions), values)

    async def _matches(self, where: str, values: Sequence[Any]) -> list[MatchRow]:
        """The matches ``where`` says, oldest first, each with its homes: one query (a row per home)."""
        rows = await self.db.execute_fetchall(
            f"SELECT m.*, {_HOME_COLUMNS} FROM matches m JOIN homes h ON h.match_id = m.id"
            f" WHERE {where} ORDER BY m.id, h.number",
            tuple(values),
        )
        matches: list[MatchRow] = []
        start = 0
        for end in range(1, len(rows) + 1):
            if end == len(rows) or rows[end]["id"] != rows[start]["id"]:
                matches.append(match_row(rows[start], rows[start:end]))
                start = end
        return matches

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
