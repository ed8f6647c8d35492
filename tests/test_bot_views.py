"""The bot keeps no discord.py view alive for a private hand: discord.py would hold the view of every
ephemeral message for 15 minutes (a timeout task each), which the load benchmark (bench/bot_load.py)
showed growing the heap and the garbage collector's pauses under load. The hand's buttons are dynamic
items and keep working without it."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.app import CardiaBot
from tests.emulator import Emulator, run_bot

pytest_plugins = ["tests.emulator.pytest_plugin"]


def view_timeouts() -> list[asyncio.Task[object]]:
    """The tasks discord.py runs to time a view out (one per view it keeps with a timeout)."""
    return [task for task in asyncio.all_tasks() if "timeout_task_impl" in repr(task.get_coro())]


@pytest.mark.asyncio
async def test_a_private_hand_leaves_no_view_behind(discord_emulator: Emulator, tmp_path: Path) -> None:
    alice, bob = discord_emulator.user("alice"), discord_emulator.user("bob")
    async with run_bot(CardiaBot(tmp_path / "cardia.db", sync=True), discord_emulator):
        challenge = await alice.slash("cardia", "challenge", opponent=bob)
        assert challenge.message is not None
        accept = next(c for c in challenge.message.custom_ids if c.endswith(":accept"))
        await bob.click(challenge.message, accept)
        board = await discord_emulator.wait_for(
            lambda: next((m for m in discord_emulator.messages() if m.content.startswith("Your move")), None)
        )
        show = next(c for c in board.custom_ids if c.startswith("cardia:h:"))
        shown = await alice.click(board, show)
        hand = shown.message
        assert hand is not None and hand.ephemeral
        await asyncio.sleep(0)
        assert view_timeouts() == []
        choice = next(c for c in hand.custom_ids if c.startswith(("cardia:b:", "cardia:s:")))
        if choice.startswith("cardia:b:"):
            chosen = await alice.click(hand, choice)
        else:
            select = hand.component(choice)
            assert select is not None
            values = [o["value"] for o in select["options"]][: select["min_values"]]
            chosen = await alice.select(hand, choice, values)
        assert chosen.response_type == 7 and "⚠️" not in hand.content
        boards = len(discord_emulator.messages())
        # The decision is shown on the board (edited in place, or a new one) before the bot stops.
        await discord_emulator.wait_for(lambda: board.edited or len(discord_emulator.messages()) > boards)
        assert view_timeouts() == []
