"""``python -m bot`` keeps its start-up objects (modules, discord.py, the catalogues: about 100,000) out of
the garbage collector's full collections, whose pauses players feel (``gc.freeze`` after the set-up); a
bot made without asking for it (the tests) freezes nothing."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.app import CardiaBot
from tests.emulator import Emulator, run_bot

pytest_plugins = ["tests.emulator.pytest_plugin"]


@pytest.fixture
def unfrozen() -> Iterator[None]:
    gc.unfreeze()
    yield
    gc.unfreeze()  # the rest of the run collects as usual


@pytest.mark.asyncio
@pytest.mark.usefixtures("unfrozen")
async def test_start_up_objects_are_frozen_only_when_asked(
    discord_emulator: Emulator, tmp_path: Path
) -> None:
    async with run_bot(CardiaBot(tmp_path / "plain.db"), discord_emulator):
        assert gc.get_freeze_count() == 0
    async with run_bot(CardiaBot(tmp_path / "frozen.db", freeze_startup=True), discord_emulator):
        assert gc.get_freeze_count() > 50_000


def test_python_m_bot_asks_for_it() -> None:
    source = (Path(__file__).resolve().parents[1] / "bot" / "__main__.py").read_text()
    assert "freeze_startup=True" in source
