"""The bot keeps no discord.py view alive for a private hand: discord.py would hold the view of every
ephemeral message for 15 minutes (a timeout task each), which the load benchmark (bench/bot_load.py)
showed growing the heap and the garbage collector's pauses under load. The hand's buttons are routed by
their custom ids (bot.ui.components) and keep working without it; discord.py never rebuilds the view
of a clicked message either."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.app import CardiaBot
from bot.ui.components import (
    ROUTES,
    ChallengeButton,
    ChoiceButton,
    ChoiceSelect,
    ClaimButton,
    ConcedeButton,
    DiscardsButton,
    HandButton,
    HintButton,
    LeaderboardButton,
    QueueComputerButton,
    RematchButton,
    ReviewButton,
    ShareReviewButton,
    TournamentButton,
    component_for,
)
from emulator import Emulator, run_bot
from tests.bot.table import bot_settings


def view_timeouts() -> list[asyncio.Task[object]]:
    """The tasks discord.py runs to time a view out (one per view it keeps with a timeout)."""
    return [task for task in asyncio.all_tasks() if "timeout_task_impl" in repr(task.get_coro())]


@pytest.mark.asyncio
async def test_a_private_hand_leaves_no_view_behind(
    discord_emulator: Emulator, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rebuilt: list[int] = []  # messages whose view discord.py made again from their components
    from_message = discord.ui.View.from_message.__func__  # type: ignore[attr-defined]

    def counted(cls: type[discord.ui.View], message: discord.Message, /, **kwargs: Any) -> discord.ui.View:
        rebuilt.append(message.id)
        return from_message(cls, message, **kwargs)  # type: ignore[no-any-return]

    monkeypatch.setattr(discord.ui.View, "from_message", classmethod(counted))
    alice, bob = discord_emulator.user("alice"), discord_emulator.user("bob")
    async with run_bot(CardiaBot(bot_settings(tmp_path / "cardia.db"), sync=True), discord_emulator):
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
        assert rebuilt == [], "a click found its handler by rebuilding the clicked message's view"

        # A custom id the bot does not know (another version's, or made up) is answered in one line.
        for custom_id in ("cardia:zz:1", "cardia:h:one", "cardia:h:1:2", "cardia:h", "elsewhere"):
            board.data["components"] = [
                {"type": 1, "components": [{"type": 2, "style": 2, "label": "x", "custom_id": custom_id}]}
            ]
            unknown = await alice.click(board, custom_id)
            assert unknown.message is not None and unknown.message.visible_to == alice.id
            assert unknown.message.content.startswith("This button no longer works"), custom_id


def test_every_component_is_made_again_from_its_custom_id() -> None:
    """What a click is routed by: the custom id alone gives back the component, with what it acts on."""
    components: list[Any] = [
        ChallengeButton(3, "withdraw"),
        HandButton(12),
        DiscardsButton(12),
        DiscardsButton(12, 40),
        ChoiceSelect(12, 5, part=2),
        ChoiceButton(12, 5, 3),
        RematchButton(3),
        LeaderboardButton(7, "wins", 2),
        ClaimButton(12, 9),
        ConcedeButton(3),
        ReviewButton(12),
        ShareReviewButton(12, "p2"),
        HintButton(12, 4),
        QueueComputerButton(41),
        TournamentButton(5, "join"),
        TournamentButton(5, "leave"),
    ]
    assert {type(component) for component in components} == set(ROUTES.values())
    for component in components:
        again: Any = component_for(component.custom_id)
        assert type(again) is type(component) and again.custom_id == component.custom_id
        fields = ("match_id", "answer", "game_id", "version", "index", "guild_id", "sort", "page", "user_id")
        for name in fields:
            assert getattr(again, name, None) == getattr(component, name, None), (component, name)
    for forged in ("cardia:b:1:2", "cardia:b:1:2:x", "cardia:lb:1:elo:0", "cardia:h:" + "9" * 21, "x:h:1"):
        assert component_for(forged) is None, forged
