"""Migration 21: what Discord must show, one table (``due``) for every kind. On both databases, the
entries of a duel (migration 4's ``outbox``) and of a tournament (migration 17's ``tournament_posts``),
done or due, claimed or not, and the seasons' announcements (migration 18's ``seasons.announced_at``) are
carried over as they were, and the store reads them as before."""

from __future__ import annotations

import pytest

from bot.store import Storage
from bot.store.rows import Post
from bot.store.tournaments import TournamentPost
from tests.store.migrated import made_at

BEFORE = 20  # the migrations applied when the rows below were made


def statements() -> list[str]:
    return [
        "INSERT INTO tournaments (id, guild_id, channel_id, name, format, rounds, deck, location,"
        " wins_needed, decision_hours, rated, home, signup_until, player_limit, status, round, page_id,"
        " created_by, created_at, updated_at) VALUES (1, 10, 20, 'Cup', 'swiss', 3, '\"I\"', NULL, 1,"
        " 12.0, 1, 'channel', NULL, 64, 'running', 1, NULL, 7, 't', 't')",
        "INSERT INTO matches (id, guild_id, challenger_id, opponent_id, challenger_name, opponent_name, deck,"
        " location, wins_needed, status, created_at, updated_at, tournament_id, tournament_round) VALUES"
        " (1, 10, 100, 101, 'A', 'B', '\"I\"', NULL, 1, 'active', 't', 't', 1, 1)",
        "INSERT INTO games (id, match_id, number, setup, status, created_at) VALUES"
        " (1, 1, 1, '{}', 'in_progress', 't')",
        "INSERT INTO outbox (match_id, game_id, kind, created_at, done_at) VALUES"
        " (1, NULL, 'challenge', 't1', 't2'), (1, 1, 'board', 't3', NULL), (1, NULL, 'result', 't4', NULL)",
        "INSERT INTO tournament_posts (tournament_id, kind, round, created_at, done_at, claimed_by,"
        " claimed_until) VALUES (1, 'page', 0, 't5', NULL, 'host/all/1:ab', '2999-01-01'),"
        " (1, 'round', 1, 't6', NULL, NULL, NULL), (1, 'final', 3, 't7', 't8', NULL, NULL)",
        "INSERT INTO seasons (guild_id, number, started_at, after_seq, channel_id, announced_at) VALUES"
        " (10, 1, 's1', 0, 20, NULL), (10, 2, 's2', 4, 20, 's2a'), (10, 3, 's3', 9, 20, NULL)",
    ]


async def made_before(database: str) -> None:
    """The database at migration 20, with the rows of :func:`statements`."""
    await made_at(database, BEFORE, statements())


@pytest.mark.asyncio
async def test_the_migration_carries_every_entry_over_to_the_one_table(database: str) -> None:
    await made_before(database)
    storage = await Storage.open(database)
    try:
        rows = await storage.db.execute_fetchall(
            "SELECT kind, subject, detail, created_at, done_at, claimed_by FROM due ORDER BY id", ()
        )
        assert [tuple(row) for row in rows] == [
            ("challenge", 1, None, "t1", "t2", None),
            ("board", 1, 1, "t3", None, None),
            ("result", 1, None, "t4", None, None),
            ("page", 1, 0, "t5", None, "host/all/1:ab"),
            ("round", 1, 1, "t6", None, None),
            ("final", 1, 3, "t7", "t8", None),
            ("season", 10, 2, "s2", "s2a", None),
            ("season", 10, 3, "s3", None, None),
        ]
        # A season's end announced is marked, the other still due (the first season has none).
        assert [season.number for season in await storage.unannounced()] == [3]
        # The duel's and the tournament's, each read apart though both are subject 1.
        assert [(p.kind, p.match_id, p.game_id) for p in await storage.due_posts(1)] == [
            ("board", 1, 1),
            ("result", 1, None),
        ]
        assert await storage.due_tournament_posts(1) == [
            TournamentPost(4, 1, "page", 0),
            TournamentPost(5, 1, "round", 1),
        ]
        # Another process's claim still holds; the round is claimed now; new entries follow on.
        claimed = await storage.claim_tournament_posts(1, "here", "2026-12-02", "2026-12-03")
        assert [post.kind for post in claimed] == ["round"]
        async with storage.transaction() as tx:
            await tx.post_due(1, "board", 1)
        (*_, latest) = await storage.due_posts(1)
        assert isinstance(latest, Post) and latest.id == 9 and await storage.tournament_duels_due(1) == [1]
    finally:
        await storage.close()
