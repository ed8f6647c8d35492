"""The guard's idle signal (``Guard.idle``): it returns once no interaction is in flight, which is what the
end-to-end harness waits on (``tests.bot.table.Table.settle``) instead of wrapping handlers by name."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any, cast

import discord
import pytest

from bot.ui.guard import Guard, Interaction

NEVER = 3600.0  # seconds before the watchdog would defer: the handlers here answer nothing


def interaction() -> Interaction:
    fake: Any = SimpleNamespace(locale=discord.Locale.american_english, extras={}, user=SimpleNamespace(id=1))
    return cast(Interaction, fake)


@pytest.mark.asyncio
async def test_idle_returns_once_every_handler_in_flight_has_returned() -> None:
    guard = Guard(defer_after=NEVER)
    await guard.idle()  # nothing in flight: at once
    order: list[str] = []
    releases = [asyncio.Event(), asyncio.Event()]
    started = [asyncio.Event(), asyncio.Event()]

    def handler(index: int) -> Any:
        async def handle() -> None:
            started[index].set()
            await releases[index].wait()
            order.append(f"handler {index}")

        return handle

    running = [
        asyncio.create_task(guard.run(interaction(), handler(index), f"test {index}", "private"))
        for index in (0, 1)
    ]
    for event in started:
        await event.wait()
    assert guard.in_flight == 2

    async def idle() -> None:
        await guard.idle()
        order.append("idle")

    waiting = asyncio.create_task(idle())  # scheduled before either handler is let go: first to run
    releases[0].set()
    await running[0]
    releases[1].set()
    await asyncio.gather(running[1], waiting)
    assert order == ["handler 0", "handler 1", "idle"]
    assert guard.in_flight == 0


@pytest.mark.asyncio
async def test_a_handler_that_fails_leaves_the_guard_idle() -> None:
    guard = Guard(defer_after=NEVER)
    failed: list[str] = []

    async def fails() -> None:
        raise RuntimeError("the database failed")

    async def told(interaction: Interaction, error: BaseException, what: str) -> None:
        failed.append(what)  # the user's one line needs Discord: not here

    guard.failed = told  # type: ignore[method-assign]
    await guard.run(interaction(), fails, "a failing click", "private")
    await guard.idle()
    assert failed == ["a failing click"] and guard.in_flight == 0
