"""The garbage collector's pauses, which players feel: ``python -m bot`` keeps its start-up objects
(modules, discord.py, the catalogues: about 100,000) out of its full collections (``gc.freeze`` after the
set-up; a bot made without asking for it, the tests, freezes nothing) and runs those ten times less
often (and young collections far less often: change 25), and an interaction leaves nothing for them
to find."""

from __future__ import annotations

import gc
import random
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.app import FULL_COLLECTION_AFTER, YOUNG_COLLECTION_AFTER, CardiaBot
from bot.services.game_cache import LiveGame
from bot.ui import answer
from bot.ui.posted import Board
from emulator import Emulator, run_bot
from tests.bot.table import Table, bot_settings


@pytest.fixture
def unfrozen() -> Iterator[None]:
    gc.unfreeze()
    thresholds = gc.get_threshold()
    yield
    gc.unfreeze()  # the rest of the run collects as usual
    gc.set_threshold(*thresholds)


@pytest.mark.asyncio
@pytest.mark.usefixtures("unfrozen")
async def test_start_up_objects_are_frozen_only_when_asked(
    discord_emulator: Emulator, tmp_path: Path
) -> None:
    young, middle, full = gc.get_threshold()
    async with run_bot(CardiaBot(bot_settings(tmp_path / "plain.db")), discord_emulator):
        assert gc.get_freeze_count() == 0
        assert gc.get_threshold() == (young, middle, full)
    async with run_bot(
        CardiaBot(bot_settings(tmp_path / "frozen.db"), freeze_startup=True), discord_emulator
    ):
        assert gc.get_freeze_count() > 50_000
        # Young and full collections rarer: they would find next to nothing to free
        # (docs/performance-history.md, changes 22 and 25).
        wanted = (YOUNG_COLLECTION_AFTER, middle, FULL_COLLECTION_AFTER)
        assert gc.get_threshold() == wanted != (young, middle, full)
        assert young < YOUNG_COLLECTION_AFTER and full < FULL_COLLECTION_AFTER


def test_python_m_bot_asks_for_it() -> None:
    source = (Path(__file__).resolve().parents[2] / "bot" / "__main__.py").read_text()
    assert "freeze_startup=True" in source


# --- what an interaction leaves behind ------------------------------------------------------------------


def _bot_garbage() -> Counter[str]:
    """The discord.py and bot objects only the cyclic collector would free now, by kind."""
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        gc.collect()
        kinds = Counter(
            f"{type(thing).__module__}.{type(thing).__qualname__}"
            for thing in gc.garbage
            if type(thing).__module__.split(".")[0] in ("discord", "bot")
        )
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
    return kinds


@pytest.mark.asyncio
async def test_interactions_leave_nothing_for_the_cyclic_collector(table: Table) -> None:
    """A click, a command or an autocomplete, once answered, is freed at once by reference counting:
    nothing of it (the interaction, its message, the views sent and the one discord.py rebuilds to find
    the clicked item) waits for the cyclic collector, which would often find it only in a full
    collection, a pause players feel (docs/performance-history.md, change 16)."""
    rng = random.Random(3)
    async with table.running():
        _, game_id = await table.start()  # a slash command, a click, the challenge and the first board
        gc.collect()
        gc.disable()
        try:
            _bot_garbage()  # what the start left, before the count
            board = table.board()
            await table.carol.click(board, f"cardia:h:{game_id}")  # refused: not her duel
            piles = await table.carol.click(board, table.discards(board))
            await table.settle()
            assert piles.message is not None and piles.message.embeds
            for _ in range(4):  # hands shown, decisions taken, boards posted and edited
                assert await table.turn(rng)
            hand = await table.show_hand(table.alice, table.board())
            await table.alice.slash("cardia", "rules")
            assert await table.alice.autocomplete("cardia", "card", focused="name", name="dj")
            assert await table.alice.autocomplete("cardia", "concede", focused="duel", duel="")
            await table.settle()
            stale = await table.alice.click(hand, "cardia:b:" + hand.custom_ids[0].split(":", 2)[2])
            await table.settle()
            assert stale.message is hand
            left = _bot_garbage()
        finally:
            gc.enable()
    assert not left, left


@pytest.mark.asyncio
async def test_the_boards_shown_are_kept_as_plain_values(table: Table) -> None:
    """The outbox remembers each game's latest board as a tuple of plain values, which the collector
    stops tracking: no Board object stays for each of its full collections to go through
    (docs/performance-history.md, change 20)."""
    rng = random.Random(5)
    async with table.running() as bot:
        _, game_id = await table.start()
        for _ in range(4):  # boards posted and edited
            assert await table.turn(rng)
        await table.settle()
        gc.collect()
        boards = [thing for thing in gc.get_objects() if isinstance(thing, Board)]
        kept = bot.outbox._boards[0].peek(game_id)
        assert not boards, boards
        assert isinstance(kept, tuple) and not gc.is_tracked(kept) and kept[0] is not None


@pytest.mark.asyncio
async def test_an_answered_hand_reads_no_game_let_go_of_meanwhile(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A hand (shown, or edited after a decision) is sent before its picture is drawn, and while the
    answer is on its way other games may push this one out of the warm cache. What follows the answer
    reads what the hand was made of, never the game again: reading it replayed the game for nothing, an
    engine state nobody released, left for the cyclic collector (under a backlog, one replay in
    sixteen)."""
    rng = random.Random(11)
    let_go: list[LiveGame] = []
    async with table.running() as bot:
        await table.start()
        sent, edited = answer.send, answer.edit

        def cooled() -> None:  # as if a hundred other games had been played meanwhile
            for live in list(bot.duels.games.warm.values()):
                bot.duels.games.cool(live)
                let_go.append(live)

        async def send_then_cool(interaction: Any, **message: Any) -> int | None:
            try:
                return await sent(interaction, **message)
            finally:
                cooled()

        async def edit_then_cool(interaction: Any, **message: Any) -> None:
            try:
                await edited(interaction, **message)
            finally:
                cooled()

        monkeypatch.setattr(answer, "send", send_then_cool)
        monkeypatch.setattr(answer, "edit", edit_then_cool)
        for _ in range(4):  # hands shown, decisions taken (their hands edited)
            assert await table.turn(rng)
        await table.settle()
    assert let_go
    replayed = [live.row.id for live in let_go if live.engine is not None]
    assert not replayed, f"games let go of and replayed after a hand's answer: {replayed}"
