"""Migration 20: where a duel is shown becomes rows of their own (``homes``, and each game's latest board
per home in ``boards``). On both databases, every kind of match made under migration 19 is carried over:
its homes (the challenger's, the opponent's elsewhere), their threads and messages, whose home each is,
and each game's boards with what they told."""

from __future__ import annotations

import pytest

from bot.store import Home, Storage
from tests.store.migrated import made_at

BEFORE = 19  # the migrations applied when the rows below were made

MATCH_COLUMNS = (
    "id, guild_id, channel_id, challenger_id, opponent_id, challenger_name, opponent_name, deck, location,"
    " wins_needed, status, message_id, result_message_id, computer, home, thread_id, mirror_id,"
    " mirror_challenge_id, mirror_result_id, mirror_guild_id, code, home_guild_id, mirror_home,"
    " mirror_thread_id, created_at, updated_at"
)
MATCHES = [
    # a server's duel played in its thread, over
    "1, 10, 20, 100, 101, 'A', 'B', '\"I\"', NULL, 1, 'finished', 500, 501, NULL, 'thread', 500, NULL,"
    " NULL, NULL, NULL, NULL, NULL, 'channel', NULL",
    # a duel in direct messages: each player's DM with the bot
    "2, 0, 30, 100, 102, 'A', 'C', '\"I\"', NULL, 2, 'active', 702, NULL, NULL, 'channel', NULL, 31,"
    " 700, NULL, 0, NULL, NULL, 'channel', NULL",
    # the queue's: counted for no server, each player in their own server, the opponent in a thread
    "3, 0, 40, 103, 104, 'D', 'E', '\"II\"', 'bazaar', 1, 'active', 710, NULL, NULL, 'channel', NULL, 41,"
    " 900, NULL, 12, NULL, 11, 'thread', 900",
    # against the computer in a DM
    "4, 0, 50, 105, 1, 'F', 'Bot', '\"I\"', NULL, 1, 'active', 720, NULL, 'easy', 'channel', NULL,"
    " NULL, NULL, NULL, NULL, NULL, NULL, 'channel', NULL",
    # a challenge by code, not accepted yet
    "5, 10, 21, 106, 0, 'G', 'anyone', '\"I\"', NULL, 1, 'proposed', 730, NULL, NULL, 'thread', NULL,"
    " NULL, NULL, NULL, NULL, 'QWER', NULL, 'channel', NULL",
]
GAMES = [
    # id, match, board, told, bare, mirror board, mirror told
    "1, 1, 600, 12, 1, NULL, NULL",
    "2, 2, 800, 5, 0, 801, 4",
    "3, 3, NULL, NULL, 0, 811, 3",
    "4, 4, 820, NULL, 0, NULL, NULL",
]


def statements() -> list[str]:
    return [
        *(f"INSERT INTO matches ({MATCH_COLUMNS}) VALUES ({row}, 't', 't')" for row in MATCHES),
        *(
            "INSERT INTO games (id, match_id, board_message_id, board_told, board_bare, mirror_board_id,"
            f" mirror_board_told, number, setup, status, created_at) VALUES ({row}, 1, '{{}}',"
            " 'in_progress', 't')"
            for row in GAMES
        ),
    ]


async def made_before(database: str) -> None:
    """The database at migration 19, with the rows of :func:`statements`."""
    await made_at(database, BEFORE, statements())


@pytest.mark.asyncio
async def test_the_migration_carries_every_match_over_to_its_homes(database: str) -> None:
    await made_before(database)
    storage = await Storage.open(database)
    try:
        homes = {}
        for match_id in range(1, 6):
            match = await storage.match(match_id)
            assert match is not None
            homes[match_id] = match.homes
        assert homes == {
            1: (Home(0, None, 10, 20, True, 500, 500, 501),),
            2: (Home(0, "p1", 0, 30, False, None, 702, None), Home(1, "p2", 0, 31, False, None, 700, None)),
            3: (Home(0, "p1", 11, 40, False, None, 710, None), Home(1, "p2", 12, 41, True, 900, 900, None)),
            4: (Home(0, "p1", 0, 50, False, None, 720, None),),
            5: (Home(0, None, 10, 21, True, None, 730, None),),
        }
        queued = [(await storage.match(match_id)) for match_id in range(1, 6)]
        assert [match.queued for match in queued if match is not None] == [False, False, True, False, False]
        boards = {
            (game_id, number): await storage.board(game_id, number)
            for game_id in range(1, 5)
            for number in (0, 1)
        }
        assert boards == {
            (1, 0): (600, 12),
            (1, 1): None,
            (2, 0): (800, 5),
            (2, 1): (801, 4),
            (3, 0): None,
            (3, 1): (811, 3),
            (4, 0): (820, None),
            (4, 1): None,
        }
        assert await storage.bare_boards(10) == [(1, 0, 600)]
        # The matches found by where they are shown, as before: by channel or thread.
        assert [m.id for m in await storage.open_matches(channel_id=41)] == [3]
        assert [m.id for m in await storage.open_matches(channel_id=900)] == [3]
        assert [m.id for m in await storage.open_matches(10)] == [5]
    finally:
        await storage.close()
