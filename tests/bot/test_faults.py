"""Faults and hostile input, through the emulator: every command and component is answered (within
Discord's 3 s) and changes nothing when the database fails; a failed post to Discord is retried and
never duplicated; ids, custom ids and values that break parsing are refused in one line; every handler
checks what a forged custom id names against the database and the interaction.
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Awaitable, Iterator
from functools import partial
from pathlib import Path

import pytest

from emulator import Emulator, Interaction
from tests.bot.every_interaction import NOTHING_CHANGED, a_bit_of_everything, every_interaction
from tests.bot.table import TimedTable, answered_privately, stacked_setup, stored_match
from tests.sqlite_faults import FailingConnection, patched

POST_MESSAGE = "/channels/{channel_id}/messages"
WRITES = ("INSERT", "UPDATE", "DELETE", "COMMIT", "REPLACE")


@pytest.fixture
def table(discord_emulator: Emulator, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> TimedTable:
    table = TimedTable(discord_emulator, tmp_path / "cardia.db", monkeypatch)
    table.fixed_setup = stacked_setup()
    return table


def dump(database: Path) -> list[str]:
    """Everything the database holds, as SQL (read by a connection of the test's own)."""
    with contextlib.closing(sqlite3.connect(database)) as db:
        return list(db.iterdump())


@contextlib.contextmanager
def failing_database(table: TimedTable, mode: str) -> Iterator[None]:
    """The bot's database raises ``disk I/O error`` on every statement (``all``) or on every write
    (``writes``: the reads work, nothing can be stored), as a full or failing disk does: on both its
    connections (tests/sqlite_faults.py)."""

    def failing(sql: str) -> bool:
        return mode == "all" or sql.lstrip().upper().startswith(WRITES)

    assert table._bot is not None
    table._bot.duels.games.clear()  # games must be read again: from the failing database
    fail = partial(FailingConnection, failing=failing)
    with patched(table.storage, thread=fail, direct=fail):
        yield


async def answered(table: TimedTable, send: Awaitable[Interaction]) -> Interaction:
    interaction = await send
    await table.settle()
    assert interaction.acknowledged, interaction.describe()
    assert interaction.acknowledged_at is not None
    assert interaction.acknowledged_at - interaction.injected_at < 3.0
    return interaction


@pytest.mark.asyncio
@pytest.mark.parametrize("mode", ["all", "writes"])
async def test_every_interaction_is_answered_and_changes_nothing_when_the_database_fails(
    table: TimedTable, mode: str
) -> None:
    async with table.running():
        seen = await a_bit_of_everything(table)
        interactions = every_interaction(table, seen)
        await table.storage.flush()
        await table.settle()
        before = dump(Path(table.database))
        failures = 0
        with failing_database(table, mode):
            for name, send in interactions:
                done = await answered(table, send())
                texts = [c.get("data", {}).get("content") or "" for c in done.callbacks]
                failures += NOTHING_CHANGED in texts
                if done.type == 2 and done.response_type == 4:  # a command's answer: private
                    assert done.ephemeral, (name, texts)
            assert dump(Path(table.database)) == before, "something was stored while the database failed"
        # Commands and clicks that need the database were told so (the others need none).
        assert failures >= (15 if mode == "all" else 8), failures
        # Once the database is back, the same decision goes through.
        game = seen["game"]
        hand = await table.show_hand(table.bob, table.board())
        await table.choose_index(table.bob, hand, table.choices(hand)[0])
        assert len(await table.storage.actions(game)) == 2


# --- Discord failing --------------------------------------------------------------------------------------


@pytest.mark.asyncio
@pytest.mark.parametrize("after", [False, True], ids=["refused", "made-but-answered-503"])
async def test_a_failed_board_post_is_retried_and_never_duplicated(table: TimedTable, after: bool) -> None:
    emulator = table.emulator
    async with table.running():
        message, match_id = await table.challenge(table.alice, table.bob)
        fault = emulator.fail("POST", POST_MESSAGE, after=after)  # one 503, which discord.py does not retry
        await table.bob.click(message, f"cardia:c:{match_id}:accept")
        await table.settle()
        assert fault.hits
        await emulator.wait_for(lambda: table.boards(), timeout=5, what="the board, posted again")
        await table.outbox_settled()  # no retry left: a second one would post it twice
        (board,) = table.boards()
        assert set(table.mentioned(board)) == {table.alice, table.bob}
        # Discord failing longer: posts are retried with back-off until it answers again.
        emulator.fail("POST", POST_MESSAGE, times=2)
        await table.place(table.alice)
        await table.place(table.bob)
        await emulator.wait_for(lambda: len(table.boards()) == 2, timeout=8, what="the round's board")
        latest = table.board()
        assert table.discards(latest).endswith(":2") and "What just happened" in latest.text
        assert set(table.mentioned(latest)) == {table.alice, table.bob}


# --- hostile input ------------------------------------------------------------------------------------


@pytest.mark.asyncio
async def test_ids_that_break_parsing_are_refused_in_one_line(table: TimedTable) -> None:
    alice = table.alice
    async with table.running():
        match_id, game_id = await table.start()
        before = dump(Path(table.database))
        for bad in ["²", "٣", "9" * 25, "9223372036854775808", "-1", "1e3", "#", " 1 2"]:
            for command, option in [("concede", "duel"), ("abort", "duel"), ("history", "game")]:
                reply = await answered_privately(await alice.slash("cardia", command, **{option: bad}), table)
                assert "\n" not in reply.content and len(reply.content) < 120, (command, bad, reply.content)
        # Custom ids with numbers no database holds: "no longer exists", not an unanswered click.
        huge = "9" * 20
        board = table.board()
        for custom_id in [f"cardia:h:{huge}", f"cardia:d:{huge}", f"cardia:r:{huge}", f"cardia:v:{huge}:1"]:
            board.data["components"][0]["components"][0]["custom_id"] = custom_id
            reply = await answered_privately(await alice.click(board, custom_id), table)
            assert "no longer exists" in reply.content or "no such" in reply.content.lower(), reply.content
        assert dump(Path(table.database)) == before
        assert (await stored_match(table, match_id)).status == "active" and game_id


@pytest.mark.asyncio
async def test_forged_custom_ids_are_checked_against_the_database_and_the_interaction(
    table: TimedTable,
) -> None:
    alice, bob = table.alice, table.bob
    emulator = table.emulator
    other_guild = emulator.state.add_guild("Elsewhere", ("lobby",))
    mallory = emulator.user("mallory")
    async with table.running():
        match_id, game_id = await table.start()
        await table.place(alice)
        board = table.board()
        discards = table.discards(board)
        before = dump(Path(table.database))

        # A decision button put on a public message would answer with the private hand in public.
        decision = f"cardia:b:{game_id}:0:0"
        board.data["components"][0]["components"][0]["custom_id"] = decision
        shown = repr(board.data)
        public = await answered_privately(await bob.click(board, decision), table)
        assert public.content.startswith("Decisions are taken on your private hand")
        assert repr(board.data) == shown  # the public board was not replaced by Bob's hand

        # Claim victory before the decision time is up (a button forged in advance).
        claim = f"cardia:v:{game_id}:1"
        board.data["components"][0]["components"][0]["custom_id"] = claim
        early = await answered_privately(await alice.click(board, claim), table)
        assert early.content == "The decision time is not over yet: you cannot claim victory."
        assert (await stored_match(table, match_id)).status == "active"

        # Buttons naming this server's game or leaderboard, clicked from another server.
        mallory.channel = other_guild.channels[0]
        elsewhere = await mallory.slash("cardia", "rules")
        await table.settle()
        assert elsewhere.message is not None
        for custom_id in [
            discards,
            f"cardia:h:{game_id}",
            f"cardia:lb:{emulator.guild.id}:rating:0",
            f"cardia:c:{match_id}:accept",
            f"cardia:r:{match_id}",
        ]:
            elsewhere.message.data["components"] = [
                {"type": 1, "components": [{"type": 2, "style": 2, "label": "x", "custom_id": custom_id}]}
            ]
            reply = await answered_privately(await mallory.click(elsewhere.message, custom_id), table)
            assert reply.visible_to == mallory.id and "\n" not in reply.content, (custom_id, reply.content)
            assert any(words in reply.content for words in ("no longer exists", "another server")), (
                reply.content
            )
        assert dump(Path(table.database)) == before


@pytest.mark.asyncio
async def test_the_time_is_up_for_both_message_links_the_latest_board(table: TimedTable) -> None:
    async with table.running():
        await table.start()
        board = table.board()
    async with table.running():  # nobody moved since: the board's id must come from the database
        (notice,) = [m for m in await table.later(24) if "Time is up" in m.content]
        assert f"[Latest board](<{table.link(board)}>)" in notice.content


@pytest.mark.asyncio
async def test_a_decision_whose_answer_fails_still_reaches_the_board(table: TimedTable) -> None:
    """The decision is stored, then Discord refuses its answer once (a 404, as for an interaction that
    expired; discord.py retries a 5xx there itself): the board still follows the database, and the
    player is told it was saved, not that nothing changed."""
    emulator, alice = table.emulator, table.alice
    async with table.running():
        _, game_id = await table.start()
        hand = await table.show_hand(alice, table.board())
        emulator.fail(
            "POST",
            "/interactions/{interaction_id}/{interaction_token}/callback",
            status=404,
            message="Unknown interaction",
        )
        click = await alice.click(hand, table.choices(hand)[0])
        await table.settle()
        assert [c["data"]["content"] for c in click.callbacks] == [
            "That was saved, but something went wrong showing it: the channel catches up in a moment."
        ]
        assert len(await table.storage.actions(game_id)) == 1
        assert table.discards(table.board()).endswith(":1")  # the board shows the decision
        assert table.mentioned(table.board()) == [table.bob]
