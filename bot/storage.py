"""SQLite storage through aiosqlite: the single source of truth for matches, games and their records.

A game is stored as its record: the setup and its actions, one row per action with the primary key
(game, seq), so two simultaneous clicks can never both apply and a stopped process loses nothing that was
acknowledged. Every change is one transaction. The SQL sticks to what PostgreSQL also understands (see
the README on scaling), except the WAL pragma.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
import sys
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import aiosqlite

from bot.ids import storable

# Numbered migrations: the database's user_version is the number applied so far. Only ever append.
MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE matches (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        guild_id INTEGER NOT NULL,
        channel_id INTEGER NOT NULL,
        challenger_id INTEGER NOT NULL,          -- p1 in every game
        opponent_id INTEGER NOT NULL,            -- p2
        challenger_name TEXT NOT NULL,           -- display names when the challenge was made
        opponent_name TEXT NOT NULL,
        deck TEXT NOT NULL,                      -- JSON: "I", "II" or {faction: "I" | "II"}
        location TEXT,
        wins_needed INTEGER NOT NULL,
        status TEXT NOT NULL,                    -- proposed, declined, withdrawn, active, finished
        message_id INTEGER,                      -- the challenge message
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
    );
    CREATE INDEX matches_by_channel ON matches (channel_id, status);
    CREATE TABLE games (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        match_id INTEGER NOT NULL REFERENCES matches (id),
        number INTEGER NOT NULL,
        setup TEXT NOT NULL,                     -- JSON setup of the cardia-replay/1 record
        status TEXT NOT NULL,                    -- in_progress, finished
        winner TEXT,                             -- p1, p2, or NULL for a draw
        reason TEXT,
        board_message_id INTEGER,                -- a recent public board (saved with the next action)
        created_at TEXT NOT NULL,
        finished_at TEXT,
        UNIQUE (match_id, number)
    );
    CREATE TABLE actions (
        game_id INTEGER NOT NULL REFERENCES games (id),
        seq INTEGER NOT NULL,
        player TEXT NOT NULL,
        choose TEXT NOT NULL,                    -- JSON list of options
        created_at TEXT NOT NULL,
        PRIMARY KEY (game_id, seq)
    );
    """,
    # 2: asynchronous play over days (server settings; the timers are derived from each game's wait).
    # Matches and games may also be 'aborted' (by a server manager, or abandoned by both players): no
    # result is recorded for them.
    """
    CREATE TABLE guild_settings (
        guild_id INTEGER PRIMARY KEY,
        decision_hours REAL NOT NULL,           -- how long a player may take for a decision
        reminder_hours REAL NOT NULL,           -- between reminders while the game waits (0: none)
        grace_hours REAL NOT NULL,              -- after the decision time, until the game is forfeited
        cross_channel INTEGER NOT NULL,         -- 1: a player may have duels in several channels at once
        max_duels INTEGER NOT NULL,             -- open duels (proposed or active) per player
        updated_by INTEGER,                     -- the server manager who last changed them
        updated_at TEXT
    );
    ALTER TABLE games ADD COLUMN waiting_since TEXT;    -- when the current wait for a decision began
    ALTER TABLE games ADD COLUMN reminders_sent INTEGER NOT NULL DEFAULT 0;  -- during the current wait
    ALTER TABLE games ADD COLUMN claim_offered INTEGER NOT NULL DEFAULT 0;   -- 1: "Claim victory" posted
    CREATE INDEX games_by_status ON games (status);
    CREATE INDEX matches_by_guild ON matches (guild_id, status);
    """,
    # 3: records and ratings (bot.records): the order games finished in and their length, set in the
    # transaction that finishes a game, and a rating history that can be recomputed from the games.
    """
    ALTER TABLE games ADD COLUMN finish_seq INTEGER;    -- 1, 2, ...: the order finished games are rated in
    ALTER TABLE games ADD COLUMN decisions INTEGER;     -- length: decisions taken
    ALTER TABLE games ADD COLUMN rounds INTEGER;        -- length: the round the game ended in
    UPDATE games SET decisions = (SELECT COUNT(*) FROM actions WHERE actions.game_id = games.id),
        finish_seq = (SELECT COUNT(*) FROM games AS older WHERE older.status = 'finished'
            AND (older.finished_at < games.finished_at
                 OR (older.finished_at = games.finished_at AND older.id <= games.id)))
        WHERE status = 'finished';
    CREATE UNIQUE INDEX games_by_finish ON games (finish_seq);
    CREATE INDEX matches_by_challenger ON matches (guild_id, challenger_id);
    CREATE INDEX matches_by_opponent ON matches (guild_id, opponent_id);
    CREATE TABLE rating_history (                       -- one row per player and rated game
        id INTEGER PRIMARY KEY AUTOINCREMENT,           -- in finish order: a player's latest row is current
        guild_id INTEGER NOT NULL,                      -- ratings are per server
        user_id INTEGER NOT NULL,
        game_id INTEGER NOT NULL REFERENCES games (id),
        mu_before REAL NOT NULL,
        sigma_before REAL NOT NULL,
        mu REAL NOT NULL,
        sigma REAL NOT NULL,
        UNIQUE (game_id, user_id)
    );
    CREATE INDEX rating_history_by_player ON rating_history (guild_id, user_id, id);
    """,
    # 4: the outbox (bot.outbox): what the channel must be brought up to date with, written in the very
    # transaction that changes it, and marked done once Discord shows it. With it, what the latest
    # board told (so the next board tells everything since) and the match result's message.
    """
    CREATE TABLE outbox (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        match_id INTEGER NOT NULL REFERENCES matches (id),
        game_id INTEGER REFERENCES games (id),  -- a board: this game's
        kind TEXT NOT NULL,                     -- challenge, board, result
        created_at TEXT NOT NULL,
        done_at TEXT                            -- NULL: still due
    );
    CREATE INDEX outbox_due ON outbox (match_id, id) WHERE done_at IS NULL;
    ALTER TABLE games ADD COLUMN board_told INTEGER;       -- engine events the latest board told
    ALTER TABLE matches ADD COLUMN result_message_id INTEGER;
    """,
)

#: The kinds of outbox entries: the challenge message, a game's public board, a match's result.
CHALLENGE, BOARD, RESULT = "challenge", "board", "result"

OPEN_MATCH = ("proposed", "active")


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


@dataclass(frozen=True, slots=True)
class Challenge:
    """A duel as it is proposed: where, who (each a Discord id and a display name), and its setup."""

    guild_id: int
    channel_id: int
    challenger: tuple[int, str]
    opponent: tuple[int, str]
    deck: Any  # "I", "II" or {faction: deck}
    location: str | None
    wins_needed: int


@dataclass(frozen=True, slots=True)
class MatchRow:
    id: int
    guild_id: int
    channel_id: int
    challenger_id: int
    opponent_id: int
    challenger_name: str
    opponent_name: str
    deck: Any  # "I", "II" or {faction: deck}
    location: str | None
    wins_needed: int
    status: str
    message_id: int | None
    result_message_id: int | None = None

    def user(self, player: str) -> int:
        return self.challenger_id if player == "p1" else self.opponent_id

    @property
    def names(self) -> dict[str, str]:
        return {"p1": self.challenger_name, "p2": self.opponent_name}

    def player_of(self, user_id: int) -> str | None:
        if user_id == self.challenger_id:
            return "p1"
        if user_id == self.opponent_id:
            return "p2"
        return None


@dataclass(frozen=True, slots=True)
class GameRow:
    id: int
    match_id: int
    number: int
    setup: dict[str, Any]
    status: str
    winner: str | None
    reason: str | None
    board_message_id: int | None
    board_told: int | None = None  # engine events the latest board told (None: before migration 4)


@dataclass(frozen=True, slots=True)
class Post:
    """An outbox entry: something the channel must be brought up to date with."""

    id: int
    match_id: int
    game_id: int | None
    kind: str  # CHALLENGE, BOARD or RESULT
    created_at: str


def _match(row: sqlite3.Row) -> MatchRow:
    return MatchRow(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        challenger_id=row["challenger_id"],
        opponent_id=row["opponent_id"],
        challenger_name=row["challenger_name"],
        opponent_name=row["opponent_name"],
        deck=json.loads(row["deck"]),
        location=row["location"],
        wins_needed=row["wins_needed"],
        status=row["status"],
        message_id=row["message_id"],
        result_message_id=row["result_message_id"],
    )


def _game(row: sqlite3.Row) -> GameRow:
    return GameRow(
        id=row["id"],
        match_id=row["match_id"],
        number=row["number"],
        setup=json.loads(row["setup"]),
        status=row["status"],
        winner=row["winner"],
        reason=row["reason"],
        board_message_id=row["board_message_id"],
        board_told=row["board_told"],
    )


class StorageError(Exception):
    """The database cannot be used at all; the message says why, in one line."""


class Transaction:
    """The writes of one transaction (see :meth:`Storage.transaction`)."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self.db = db

    async def insert_action(self, game_id: int, seq: int, player: str, choose: Sequence[str]) -> None:
        await self.db.execute(
            "INSERT INTO actions (game_id, seq, player, choose, created_at) VALUES (?, ?, ?, ?, ?)",
            (game_id, seq, player, json.dumps(list(choose)), now()),
        )

    async def post_due(self, match_id: int, kind: str, game_id: int | None = None) -> None:
        """The channel must show this change: an outbox entry, committed with the change itself."""
        await self.db.execute(
            "INSERT INTO outbox (match_id, game_id, kind, created_at) VALUES (?, ?, ?, ?)",
            (match_id, game_id, kind, now()),
        )

    async def finish_game(self, game_id: int, winner: str | None, reason: str) -> None:
        await self.db.execute(
            "UPDATE games SET status = 'finished', winner = ?, reason = ?, finished_at = ? WHERE id = ?",
            (winner, reason, now(), game_id),
        )

    async def insert_game(self, match_id: int, number: int, setup: dict[str, Any]) -> int:
        cursor = await self.db.execute(
            "INSERT INTO games (match_id, number, setup, status, created_at)"
            " VALUES (?, ?, ?, 'in_progress', ?)",
            (match_id, number, json.dumps(setup), now()),
        )
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    async def start_wait(self, game_id: int, since: str) -> None:
        """The game waits for a new decision from ``since`` on: its reminders and claim start over."""
        await self.db.execute(
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

    async def set_match_status(self, match_id: int, expected: Sequence[str], status: str) -> bool:
        """Compare and set: True if the match was in one of the ``expected`` states."""
        marks = ", ".join("?" for _ in expected)
        cursor = await self.db.execute(
            f"UPDATE matches SET status = ?, updated_at = ? WHERE id = ? AND status IN ({marks})",
            (status, now(), match_id, *expected),
        )
        return cursor.rowcount == 1


class Storage:
    def __init__(self, db: aiosqlite.Connection) -> None:
        self.db = db
        self._write = asyncio.Lock()  # one connection: transactions must not interleave
        self.commits = 0  # for the benchmark: commits per decision
        # Bookkeeping of what Discord shows (bot.outbox), written with the next transaction or flush():
        # a decision stays one commit. Lost in a crash, it is found again on Discord (bot.outbox).
        self._deferred: list[tuple[str, tuple[Any, ...]]] = []

    @classmethod
    async def open(cls, path: str | Path) -> Storage:
        """Open (creating and migrating if needed) the database; :class:`StorageError` in one line if it
        cannot be used (read-only, not a database, a missing folder), with nothing left running."""
        try:
            # Opened once plainly first: a failed aiosqlite.connect leaves its thread racing the loop.
            await asyncio.to_thread(lambda: sqlite3.connect(path).close())
            db = await aiosqlite.connect(path, isolation_level=None)  # explicit BEGIN/COMMIT below
        except sqlite3.Error as error:
            raise StorageError(f"cannot open the database {path}: {error}") from None
        try:
            db.row_factory = sqlite3.Row
            await db.execute("PRAGMA journal_mode = WAL")
            await db.execute("PRAGMA foreign_keys = ON")
            await db.execute("PRAGMA busy_timeout = 5000")
            storage = cls(db)
            await storage._migrate()
        except sqlite3.Error as error:
            await db.close()  # else aiosqlite's thread keeps the process alive
            raise StorageError(f"cannot use the database {path}: {error}") from None
        return storage

    async def ping(self) -> None:
        """A read that proves the database answers (the health check)."""
        async with self.db.execute("SELECT 1") as cursor:
            await cursor.fetchone()

    async def close(self) -> None:
        await self.db.close()

    async def _migrate(self) -> None:
        async with self.db.execute("PRAGMA user_version") as cursor:
            row = await cursor.fetchone()
        version = row[0] if row else 0
        for number, script in enumerate(MIGRATIONS[version:], start=version + 1):
            await self.db.executescript(f"BEGIN; {script}; PRAGMA user_version = {number}; COMMIT;")

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Transaction]:
        """One atomic unit of writes; rolled back if anything in it raises (including a duplicate
        action, which raises :class:`sqlite3.IntegrityError`)."""
        async with self._write:
            deferred, self._deferred = self._deferred, []
            try:
                await self.db.execute("BEGIN IMMEDIATE")
                for statement, values in deferred:
                    await self.db.execute(statement, values)
                yield Transaction(self.db)
                await self.db.execute("COMMIT")
            except BaseException:
                # Whatever failed (a statement, the commit itself), nothing of it stays, and the
                # connection is ready for the next transaction.
                with contextlib.suppress(sqlite3.Error, ValueError):
                    await self.db.execute("ROLLBACK")
                self._deferred[:0] = deferred
                raise
            self.commits += 1

    @property
    def deferred(self) -> int:
        """Bookkeeping writes waiting for the next transaction."""
        return len(self._deferred)

    async def flush(self) -> None:
        """Commit the deferred bookkeeping now (when no decision came to carry it, and at shutdown)."""
        if self._deferred:
            async with self.transaction():
                pass

    # --- what Discord shows (bot.outbox), deferred ------------------------------------------------------

    def note_board(self, game_id: int, message_id: int, told: int) -> None:
        self._deferred.append(
            (
                "UPDATE games SET board_message_id = ?, board_told = ? WHERE id = ?",
                (message_id, told, game_id),
            )
        )

    def note_challenge_message(self, match_id: int, message_id: int) -> None:
        self._deferred.append(("UPDATE matches SET message_id = ? WHERE id = ?", (message_id, match_id)))

    def note_result_message(self, match_id: int, message_id: int) -> None:
        self._deferred.append(
            ("UPDATE matches SET result_message_id = ? WHERE id = ?", (message_id, match_id))
        )

    def note_posted(self, post_ids: Sequence[int]) -> None:
        for post_id in post_ids:
            self._deferred.append(("UPDATE outbox SET done_at = ? WHERE id = ?", (now(), post_id)))

    async def due_posts(self, match_id: int | None = None) -> list[Post]:
        """The outbox entries still due (of one match), in the order they were written."""
        query = "SELECT id, match_id, game_id, kind, created_at FROM outbox WHERE done_at IS NULL"
        values: tuple[int, ...] = ()
        if match_id is not None:
            query, values = query + " AND match_id = ?", (match_id,)
        async with self.db.execute(query + " ORDER BY id", values) as cursor:
            return [
                Post(row["id"], row["match_id"], row["game_id"], row["kind"], row["created_at"])
                for row in await cursor.fetchall()
            ]

    # --- matches ----------------------------------------------------------------------------------------

    async def create_match(self, challenge: Challenge) -> int:
        """A proposed match (with its outbox entry: the challenge message)."""
        async with self.transaction() as tx:
            cursor = await tx.db.execute(
                "INSERT INTO matches (guild_id, channel_id, challenger_id, challenger_name, opponent_id,"
                " opponent_name, deck, location, wins_needed, status, created_at, updated_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'proposed', ?, ?)",
                (
                    challenge.guild_id,
                    challenge.channel_id,
                    *challenge.challenger,
                    *challenge.opponent,
                    json.dumps(challenge.deck),
                    challenge.location,
                    challenge.wins_needed,
                    now(),
                    now(),
                ),
            )
            match_id = cursor.lastrowid
            assert match_id is not None
            await tx.post_due(match_id, CHALLENGE)  # the interaction's answer posts it, or bot.outbox
            return match_id

    async def match(self, match_id: int) -> MatchRow | None:
        if not storable(match_id):
            return None
        async with self.db.execute("SELECT * FROM matches WHERE id = ?", (match_id,)) as cursor:
            row = await cursor.fetchone()
        return None if row is None else _match(row)

    async def open_matches_between(self, channel_id: int, first: int, second: int) -> list[MatchRow]:
        marks = ", ".join("?" for _ in OPEN_MATCH)
        async with self.db.execute(
            f"SELECT * FROM matches WHERE channel_id = ? AND status IN ({marks}) AND"
            " ((challenger_id = ? AND opponent_id = ?) OR (challenger_id = ? AND opponent_id = ?))",
            (channel_id, *OPEN_MATCH, first, second, second, first),
        ) as cursor:
            return [_match(row) for row in await cursor.fetchall()]

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
        async with self.db.execute(
            f"SELECT * FROM matches WHERE {' AND '.join(conditions)} ORDER BY id", values
        ) as cursor:
            return [_match(row) for row in await cursor.fetchall()]

    # --- games ------------------------------------------------------------------------------------------

    async def game(self, game_id: int) -> GameRow | None:
        if not storable(game_id):
            return None
        async with self.db.execute("SELECT * FROM games WHERE id = ?", (game_id,)) as cursor:
            row = await cursor.fetchone()
        return None if row is None else _game(row)

    async def games(self, match_id: int) -> list[GameRow]:
        async with self.db.execute(
            "SELECT * FROM games WHERE match_id = ? ORDER BY number", (match_id,)
        ) as cursor:
            return [_game(row) for row in await cursor.fetchall()]

    async def actions(self, game_id: int) -> list[tuple[str, list[str]]]:
        # Interned: a game in memory keeps its actions, and the same few strings ("p1", "p2:judge", ...)
        # would otherwise be held once per action (about a tenth of a cached game; bench/bot_load.py).
        async with self.db.execute(
            "SELECT player, choose FROM actions WHERE game_id = ? ORDER BY seq", (game_id,)
        ) as cursor:
            return [
                (sys.intern(row["player"]), [sys.intern(option) for option in json.loads(row["choose"])])
                for row in await cursor.fetchall()
            ]
