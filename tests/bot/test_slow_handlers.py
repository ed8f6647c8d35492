"""A slow handler's interaction is still answered (``bot.ui.answer``): when the database stalls past
Discord's deadline, the bot acknowledges each interaction in time, the way its handler will answer (a
"thinking" message, private or public, or a silent deferral for an edit), and the handler's answer fills
that in; a failure after the deferral still reaches the user; and an answer on its way when the watchdog
wakes is never acknowledged twice.

The emulator's deadline is shortened to ``DEADLINE`` and every statement on the bot's database waits
``STALL`` (longer), so each of these handlers outlasts the deadline: without the watchdog the emulator
records the interaction as acknowledged too late (Discord's "The application did not respond").
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Awaitable, Callable, Iterator
from functools import partial
from pathlib import Path

import pytest

from emulator import Emulator, Interaction, Message
from emulator.state import DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE
from tests.bot.every_interaction import NOTHING_CHANGED, a_bit_of_everything, every_interaction
from tests.bot.table import Table, TimedTable, stacked_setup, stored_match
from tests.sqlite_faults import FailingConnection, Held, patched

DEADLINE = 0.4  # Discord's 3 s, shortened
DEFER_AFTER = 0.1  # the watchdog's 2 s, shortened
STALL = 0.25  # each statement on the database (every handler here makes several)
CALLBACK = "/interactions/{interaction_id}/{interaction_token}/callback"


@pytest.fixture
def table(discord_emulator: Emulator, tmp_path: Path) -> Table:
    table = Table(discord_emulator, tmp_path / "cardia.db")
    table.fixed_setup = stacked_setup()
    return table


@contextlib.contextmanager
def slow_bot(
    table: Table, failing: Callable[[str], bool] = lambda sql: False, stall: float = STALL
) -> Iterator[None]:
    """Every statement stalls ``stall`` s on the connection's thread, and the event loop's connection
    finds the database held (as when a backup holds it), so all goes to that thread; ``failing``
    statements then fail. The watchdog wakes after ``DEFER_AFTER`` s and Discord's deadline is
    ``DEADLINE`` s."""
    assert table._bot is not None
    table._bot.duels.games.clear()  # games must be read again: from the slow database
    table._bot.guard.defer_after = DEFER_AFTER
    table.emulator.interaction_deadline = DEADLINE
    stalling = partial(FailingConnection, failing=failing, stall=stall)
    with patched(table.storage, thread=stalling, direct=lambda _: Held()):
        yield


def answered_at(interaction: Interaction) -> float | None:
    return interaction.answered_at


async def slowly(table: Table, send: Awaitable[Interaction]) -> Interaction:
    """Send, wait until the handler is done and its answer is in; check it outlasted the deadline."""
    started = time.perf_counter()
    interaction = await send
    await table.settle()
    await table.emulator.wait_for(
        lambda: interaction.message is not None and not interaction.message.loading, what="the answer"
    )
    assert time.perf_counter() - started > DEADLINE, "the handler was not slow: this test would prove nothing"
    assert interaction.acknowledged_at is not None
    assert interaction.acknowledged_at - interaction.injected_at < DEADLINE
    return interaction


@pytest.mark.asyncio
async def test_a_slow_challenge_is_deferred_publicly_and_filled_in(table: Table) -> None:
    async with table.running():
        with slow_bot(table):
            sent = await slowly(table, table.alice.slash("cardia", "challenge", opponent=table.bob))
        assert sent.response_type == DEFERRED_CHANNEL_MESSAGE
        message = sent.message
        assert message is not None and not message.ephemeral and not message.loading
        assert message.content.startswith(table.bob.mention)
        (match_id,) = {int(c.split(":")[2]) for c in message.custom_ids}
        # The filled-in message is the challenge the bot knows (its id read from the follow-up).
        assert (await stored_match(table, match_id)).first_home.challenge_id == message.id
        accepted = await table.bob.click(message, f"cardia:c:{match_id}:accept")
        await table.settle()
        assert accepted.response_type == 7 and table.boards()


@pytest.mark.asyncio
async def test_a_slow_hand_is_deferred_privately_and_filled_in(table: Table) -> None:
    async with table.running():
        await table.start()
        board = table.board()
        with slow_bot(table):
            shown = await slowly(table, table.alice.click(board, f"cardia:h:{table.game_id(board)}"))
        assert shown.response_type == DEFERRED_CHANNEL_MESSAGE
        hand = shown.message
        assert hand is not None and hand.ephemeral and hand in table.alice.messages()
        assert table.choices(hand), hand.text  # the hand with its decision, not a loading message
        assert board.custom_ids == [c for c in board.custom_ids if c.startswith("cardia:")]


@pytest.mark.asyncio
async def test_a_slow_decision_is_deferred_silently_and_its_hand_edited(table: Table) -> None:
    async with table.running():
        _, game_id = await table.start()
        hand = await table.show_hand(table.alice, table.board())
        board_before = table.board().text
        with slow_bot(table):
            done = await slowly(table, table.alice.click(hand, table.choices(hand)[0]))
        assert done.response_type == DEFERRED_UPDATE
        assert done.message is hand and not table.choices(hand), hand.text  # the decision is gone
        assert len(await table.storage.actions(game_id)) == 1
        assert table.board().text != board_before  # the board tells the decision


@pytest.mark.asyncio
async def test_a_slow_status_is_deferred_privately_and_filled_in(table: Table) -> None:
    async with table.running():
        await table.start()
        with slow_bot(table):
            status = await slowly(table, table.alice.slash("cardia", "status"))
        assert status.response_type == DEFERRED_CHANNEL_MESSAGE
        assert status.message is not None and status.message.ephemeral
        assert "vs Bob" in status.message.text


@pytest.mark.asyncio
async def test_a_slow_decision_that_fails_after_its_deferral_is_still_told(table: Table) -> None:
    def writes(sql: str) -> bool:
        return sql.lstrip().upper().startswith(("INSERT", "UPDATE", "DELETE", "COMMIT", "BEGIN"))

    async with table.running():
        _, game_id = await table.start()
        hand = await table.show_hand(table.alice, table.board())
        with slow_bot(table, failing=writes):
            done = await table.alice.click(hand, table.choices(hand)[0])
            await table.settle()
            (told,) = await done.wait_followups(1)
        assert done.response_type == DEFERRED_UPDATE
        assert told.ephemeral and told.content == NOTHING_CHANGED
        assert table.choices(hand), "the hand is as it was: nothing was taken"
        assert await table.storage.actions(game_id) == []


@pytest.mark.asyncio
async def test_an_answer_on_its_way_when_the_watchdog_wakes_is_not_acknowledged_twice(table: Table) -> None:
    emulator = table.emulator
    async with table.running():
        await table.start()
        board = table.board()
        assert table._bot is not None
        table._bot.guard.defer_after = 0.3
        # The bot answers at once; Discord takes a second to take that answer in.
        slow = emulator.slow("POST", CALLBACK, 1.0)
        shown = await table.alice.click(board, f"cardia:h:{table.game_id(board)}")
        await table.settle()
        assert slow.hits and len(shown.callbacks) == 1 and shown.response_type == 4
        hand: Message | None = shown.message
        assert hand is not None and hand.ephemeral and table.choices(hand)
        assert not emulator.violations  # no second acknowledgement (Discord refuses it: 40060)


@pytest.mark.asyncio
async def test_every_command_and_click_is_deferred_the_way_it_answers(
    discord_emulator: Emulator, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each kind of interaction, on a database slow enough for the watchdog to wake first: its answer
    fills in the deferral (a command's answer is private, but a challenge), and nothing fails."""
    table = TimedTable(discord_emulator, tmp_path / "cardia.db", monkeypatch)
    table.fixed_setup = stacked_setup()
    public = {"challenge", "rematch"}
    deferred: list[str] = []
    async with table.running():
        seen = await a_bit_of_everything(table)
        with slow_bot(table, stall=0.15):
            for name, send in every_interaction(table, seen):
                try:
                    done = await send()
                except LookupError:  # its button is gone (a challenge accepted just before)
                    continue
                # Every statement stalls: an abort takes some 30 of them, about 5 s in all.
                await table.settle(timeout=30)
                if done.deferred:
                    deferred.append(name)
                    await table.emulator.wait_for(partial(answered_at, done), what=name)
                if done.response_type == DEFERRED_CHANNEL_MESSAGE:
                    message = await done.wait_resolved()
                    assert message.ephemeral == (name not in public), name
                said = [m.content for m in (done.message, *done.followups) if m is not None]
                assert NOTHING_CHANGED not in said, name
    # Those that read the database were slow enough: public, private and edits (the game was aborted by
    # then, so its clicks are refused from what the bot holds; the tests above defer those).
    assert {"challenge", "status", "rematch", "accept", "leaderboard page"} <= set(deferred), deferred
