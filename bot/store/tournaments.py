"""The tournaments' SQL (bot.services.tournaments): a tournament, its players, its games (one per pairing
of a round, linked to the duel played for it) and what its channel must show (entries of ``due``).

Exactly once: every change of a tournament begins by writing its row (:meth:`TournamentWrites.lock`), so
on PostgreSQL two transactions of one tournament take turns, the second reading what the first
committed (SQLite's transactions always take turns). A round is made by the transaction that moves
``round`` from n to n+1, compare and set.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from bot.store.connection import Connection, now
from bot.store.database import Database
from bot.store.rows import (
    DUEL_KINDS_SQL,
    PAGE,
    TOURNAMENT_KINDS_SQL,
    NewTournament,
    TournamentRow,
    TournamentStatus,
)

#: A game's result: its first player won, its second, a draw, or neither (both lost).
GameResult = Literal["first", "second", "draw", "neither"]
Joined = Literal["joined", "already", "full", "closed"]


@dataclass(frozen=True, slots=True)
class TournamentPlayer:
    user_id: int
    user_name: str
    rating: int  # the seed: the server's rating when the tournament started (when they joined, before)
    withdrawn: bool
    place: int | None  # once it is over


@dataclass(frozen=True, slots=True)
class TournamentGame:
    """One pairing of a round: ``second_id`` None is ``first_id``'s bye; ``result`` None: not over."""

    round: int
    first_id: int
    second_id: int | None
    match_id: int | None
    result: GameResult | None
    how: str | None  # played, bye, forfeit, awarded


@dataclass(frozen=True, slots=True)
class TournamentPost:
    id: int
    tournament_id: int
    kind: str  # PAGE, ROUND, FINAL
    round: int


def _tournament(row: Any) -> TournamentRow:
    return TournamentRow(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        name=row["name"],
        format=row["format"],
        rounds=row["rounds"],
        deck=json.loads(row["deck"]),
        location=row["location"],
        wins_needed=row["wins_needed"],
        decision_hours=float(row["decision_hours"]),
        rated=bool(row["rated"]),
        home=row["home"],
        signup_until=row["signup_until"],
        player_limit=row["player_limit"],
        status=TournamentStatus(row["status"]),
        round=row["round"],
        page_id=row["page_id"],
        created_by=row["created_by"],
    )


async def _players(db: Database, tournament_id: int) -> list[TournamentPlayer]:
    rows = await db.execute_fetchall(
        "SELECT user_id, user_name, rating, withdrawn, place FROM tournament_players"
        " WHERE tournament_id = ? ORDER BY joined_at, user_id",
        (tournament_id,),
    )
    return [
        TournamentPlayer(
            row["user_id"], row["user_name"], row["rating"], bool(row["withdrawn"]), row["place"]
        )
        for row in rows
    ]


async def _games(db: Database, tournament_id: int) -> list[TournamentGame]:
    rows = await db.execute_fetchall(
        "SELECT round, first_id, second_id, match_id, result, how FROM tournament_games"
        " WHERE tournament_id = ? ORDER BY round, first_id",
        (tournament_id,),
    )
    return [
        TournamentGame(
            row["round"], row["first_id"], row["second_id"], row["match_id"], row["result"], row["how"]
        )
        for row in rows
    ]


def _post(row: Any) -> TournamentPost:
    return TournamentPost(row["id"], row["subject"], row["kind"], row["detail"])


class TournamentWrites:
    """A tournament's writes, inside a transaction (reads here see the transaction's own writes)."""

    db: Database

    async def lock_tournament(self, tournament_id: int) -> TournamentRow | None:
        """The tournament, its row written first: another transaction of it waits for this one."""
        await self.db.execute("UPDATE tournaments SET updated_at = ? WHERE id = ?", (now(), tournament_id))
        row = await self.db.fetch_one("SELECT * FROM tournaments WHERE id = ?", (tournament_id,))
        return None if row is None else _tournament(row)

    async def players_of(self, tournament_id: int) -> list[TournamentPlayer]:
        return await _players(self.db, tournament_id)

    async def games_of(self, tournament_id: int) -> list[TournamentGame]:
        return await _games(self.db, tournament_id)

    async def move_round(self, tournament_id: int, done: int, status: str, rounds: int | None) -> bool:
        """Compare and set: round ``done`` is over (0: the sign-up), the next begins (``status``
        running) or none does (finished). False if another transaction did it first."""
        cursor = await self.db.execute(
            "UPDATE tournaments SET round = ?, status = ?, rounds = COALESCE(?, rounds), updated_at = ?"
            " WHERE id = ? AND round = ? AND status IN ('signup', 'running')",
            (
                done + 1 if status == TournamentStatus.RUNNING else done,
                status,
                rounds,
                now(),
                tournament_id,
                done,
            ),
        )
        return cursor.rowcount == 1

    async def cancel_tournament(self, tournament_id: int) -> bool:
        cursor = await self.db.execute(
            "UPDATE tournaments SET status = 'cancelled', updated_at = ? WHERE id = ?"
            " AND status IN ('signup', 'running')",
            (now(), tournament_id),
        )
        return cursor.rowcount == 1

    async def seed(self, tournament_id: int, ratings: dict[int, int]) -> None:
        await self.db.executemany(
            "UPDATE tournament_players SET rating = ? WHERE tournament_id = ? AND user_id = ?",
            [(rating, tournament_id, user_id) for user_id, rating in ratings.items()],
        )

    async def add_game(self, tournament_id: int, number: int, game: TournamentGame) -> None:
        await self.db.write(
            "INSERT INTO tournament_games (tournament_id, round, first_id, second_id, match_id, result, how)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            (tournament_id, number, game.first_id, game.second_id, game.match_id, game.result, game.how),
        )

    async def settle_game(self, match_id: int, result: GameResult, how: str) -> bool:
        """The result of the game played as duel ``match_id``; False if it had one already."""
        cursor = await self.db.execute(
            "UPDATE tournament_games SET result = ?, how = ? WHERE match_id = ? AND result IS NULL",
            (result, how, match_id),
        )
        return cursor.rowcount == 1

    async def replay_game(self, old_match: int, new_match: int) -> None:
        """The game is played again, as duel ``new_match``."""
        await self.db.write(
            "UPDATE tournament_games SET match_id = ? WHERE match_id = ? AND result IS NULL",
            (new_match, old_match),
        )

    async def withdraw_player(self, tournament_id: int, user_id: int) -> bool:
        cursor = await self.db.execute(
            "UPDATE tournament_players SET withdrawn = 1 WHERE tournament_id = ? AND user_id = ?"
            " AND withdrawn = 0",
            (tournament_id, user_id),
        )
        return cursor.rowcount == 1

    async def set_places(self, tournament_id: int, places: dict[int, int]) -> None:
        await self.db.executemany(
            "UPDATE tournament_players SET place = ? WHERE tournament_id = ? AND user_id = ?",
            [(place, tournament_id, user_id) for user_id, place in places.items()],
        )

    async def tournament_post_due(self, tournament_id: int, kind: str, number: int = 0) -> None:
        """The channel must show this (:data:`PAGE`, :data:`ROUND` ``number``, :data:`FINAL`)."""
        await self.db.write(
            "INSERT INTO due (kind, subject, detail, created_at) VALUES (?, ?, ?, ?)",
            (kind, tournament_id, number, now()),
        )


class TournamentQueries(Connection[Any]):
    """The tournaments' reads, and the writes that are a transaction of their own."""

    async def create_tournament(self, new: NewTournament) -> int:
        """A tournament in sign-up, its page due."""
        async with self.transaction() as tx:
            tournament_id: int = await tx.db.insert(
                "INSERT INTO tournaments (guild_id, channel_id, name, format, rounds, deck, location,"
                " wins_needed, decision_hours, rated, home, signup_until, player_limit, status, round,"
                " created_by, created_at, updated_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'signup', 0, ?, ?, ?)",
                (
                    new.guild_id,
                    new.channel_id,
                    new.name,
                    new.format,
                    new.rounds,
                    json.dumps(new.deck),
                    new.location,
                    new.wins_needed,
                    new.decision_hours,
                    int(new.rated),
                    new.home,
                    new.signup_until,
                    new.player_limit,
                    new.created_by,
                    now(),
                    now(),
                ),
            )
            await tx.tournament_post_due(tournament_id, PAGE)
            return tournament_id

    async def tournament(self, tournament_id: int) -> TournamentRow | None:
        row = await self.db.fetch_one("SELECT * FROM tournaments WHERE id = ?", (tournament_id,))
        return None if row is None else _tournament(row)

    async def tournaments(self, guild_id: int | None, statuses: Sequence[str] = ()) -> list[TournamentRow]:
        """A server's tournaments (None: every server's), newest first, with one of ``statuses``."""
        conditions: list[str] = []
        values: list[Any] = []
        if guild_id is not None:
            conditions.append("guild_id = ?")
            values.append(guild_id)
        if statuses:
            conditions.append(f"status IN ({', '.join('?' for _ in statuses)})")
            values += [str(status) for status in statuses]  # plain text, as stored
        where = f" WHERE {' AND '.join(conditions)}" if conditions else ""
        rows = await self.db.execute_fetchall(f"SELECT * FROM tournaments{where} ORDER BY id DESC", values)
        return [_tournament(row) for row in rows]

    async def tournament_players(self, tournament_id: int) -> list[TournamentPlayer]:
        return await _players(self.db, tournament_id)

    async def tournament_games(self, tournament_id: int) -> list[TournamentGame]:
        return await _games(self.db, tournament_id)

    async def join_tournament(self, tournament_id: int, user: tuple[int, str], rating: int) -> Joined:
        """Sign a player up (their page brought up to date), if sign-up is open and there is room."""
        async with self.transaction() as tx:
            tournament = await tx.lock_tournament(tournament_id)
            if tournament is None or tournament.status != TournamentStatus.SIGNUP:
                return "closed"
            count = await tx.db.fetch_one(
                "SELECT COUNT(*) AS n FROM tournament_players WHERE tournament_id = ?", (tournament_id,)
            )
            if tournament.player_limit is not None and count["n"] >= tournament.player_limit:
                return "full"
            cursor = await tx.db.execute(
                "INSERT INTO tournament_players (tournament_id, user_id, user_name, rating, joined_at)"
                " VALUES (?, ?, ?, ?, ?) ON CONFLICT (tournament_id, user_id) DO NOTHING",
                (tournament_id, *user, rating, now()),
            )
            if cursor.rowcount != 1:
                return "already"
            await tx.tournament_post_due(tournament_id, PAGE)
            return "joined"

    async def leave_tournament(self, tournament_id: int, user_id: int) -> bool:
        """Take a player off during sign-up; False if they were not signed up (or it has begun)."""
        async with self.transaction() as tx:
            tournament = await tx.lock_tournament(tournament_id)
            if tournament is None or tournament.status != TournamentStatus.SIGNUP:
                return False
            cursor = await tx.db.execute(
                "DELETE FROM tournament_players WHERE tournament_id = ? AND user_id = ?",
                (tournament_id, user_id),
            )
            if cursor.rowcount != 1:
                return False
            await tx.tournament_post_due(tournament_id, PAGE)
            return True

    async def signups_over(self, moment: str) -> list[TournamentRow]:
        """The tournaments in sign-up whose deadline has come."""
        rows = await self.db.execute_fetchall(
            "SELECT * FROM tournaments WHERE status = 'signup' AND signup_until IS NOT NULL"
            " AND signup_until <= ? ORDER BY id",
            (moment,),
        )
        return [_tournament(row) for row in rows]

    # --- what the channel shows (bot.ui.tournament_posts) -------------------------------------------

    async def due_tournament_posts(self, tournament_id: int | None = None) -> list[TournamentPost]:
        query = (
            "SELECT id, subject, kind, detail FROM due"
            f" WHERE done_at IS NULL AND kind IN {TOURNAMENT_KINDS_SQL}"
        )
        values: tuple[int, ...] = ()
        if tournament_id is not None:
            query, values = query + " AND subject = ?", (tournament_id,)
        rows = await self.db.execute_fetchall(query + " ORDER BY id", values)
        return [_post(row) for row in rows]

    async def claim_tournament_posts(
        self, tournament_id: int, claimer: str, now: str, until: str
    ) -> list[TournamentPost]:
        """The entries due that no other process holds, now held by ``claimer`` until ``until`` (its
        lease: one that dies leaves them to the next claim after that)."""
        async with self.transaction() as tx:
            await tx.db.execute(
                "UPDATE due SET claimed_by = ?, claimed_until = ?"
                f" WHERE subject = ? AND kind IN {TOURNAMENT_KINDS_SQL}"
                " AND done_at IS NULL AND (claimed_until IS NULL OR claimed_until < ? OR claimed_by = ?)",
                (claimer, until, tournament_id, now, claimer),
            )
            rows = await tx.db.execute_fetchall(
                "SELECT id, subject, kind, detail FROM due"
                f" WHERE subject = ? AND kind IN {TOURNAMENT_KINDS_SQL}"
                " AND done_at IS NULL AND claimed_by = ? ORDER BY id",
                (tournament_id, claimer),
            )
        return [_post(row) for row in rows]

    async def release_claims(self, prefix: str, keep: str) -> int:
        """Let go of the claims whose claimer begins with ``prefix`` but is not ``keep``: those a
        process left that this one replaces (the same machine and shards, restarted)."""
        async with self.transaction() as tx:
            cursor = await tx.db.execute(
                "UPDATE due SET claimed_by = NULL, claimed_until = NULL WHERE done_at IS NULL"
                " AND claimed_by LIKE ? AND claimed_by <> ?",
                (prefix.replace("%", "") + "%", keep),
            )
            return int(cursor.rowcount)

    async def note_tournament_posted(
        self, post_ids: Iterable[int], page: tuple[int, int] | None = None
    ) -> None:
        """These entries are shown; ``page``: (tournament, message) its page is now."""
        async with self.transaction() as tx:
            await tx.db.executemany("UPDATE due SET done_at = ? WHERE id = ?", [(now(), i) for i in post_ids])
            if page is not None:
                await tx.db.write("UPDATE tournaments SET page_id = ? WHERE id = ?", (page[1], page[0]))

    async def tournament_matches(self, tournament_id: int) -> list[int]:
        """The duels of a tournament still being played."""
        rows = await self.db.execute_fetchall(
            "SELECT id FROM matches WHERE tournament_id = ? AND status = 'active' ORDER BY id",
            (tournament_id,),
        )
        return [row["id"] for row in rows]

    async def tournament_duels_due(self, tournament_id: int) -> list[int]:
        """The duels of a tournament with something still to show (their first boards, say)."""
        rows = await self.db.execute_fetchall(
            "SELECT DISTINCT d.subject FROM due d JOIN matches m ON m.id = d.subject"
            f" WHERE m.tournament_id = ? AND d.done_at IS NULL AND d.kind IN {DUEL_KINDS_SQL}"
            " ORDER BY d.subject",
            (tournament_id,),
        )
        return [row["subject"] for row in rows]

    async def tournament_record(self, guild_id: int, user_id: int) -> tuple[int, int, int | None]:
        """A player's finished tournaments on a server: how many, how many won, their best place."""
        row = await self.db.fetch_one(
            "SELECT COUNT(*) AS played, SUM(CASE WHEN p.place = 1 THEN 1 ELSE 0 END) AS won,"
            " MIN(p.place) AS best FROM tournament_players p JOIN tournaments t ON t.id = p.tournament_id"
            " WHERE t.guild_id = ? AND p.user_id = ? AND t.status = 'finished'",
            (guild_id, user_id),
        )
        return int(row["played"]), int(row["won"] or 0), row["best"]
