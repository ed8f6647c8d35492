"""The guard's idle signal (``Guard.idle``): it returns once no interaction is in flight, which is what the
end-to-end harness waits on (``tests.bot.table.Table.settle``) instead of wrapping handlers by name."""

from __future__ import annotations

import asyncio
import logging
from types import SimpleNamespace
from typing import Any, cast

import discord
import pytest

from bot.ui import guard as guard_module
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


@pytest.mark.asyncio
async def test_an_interaction_that_expired_unanswered_costs_one_line(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    replies: list[str] = []

    async def reply(interaction: Interaction, content: str) -> None:
        replies.append(content)

    monkeypatch.setattr(guard_module, "reply", reply)
    expired = discord.NotFound(
        cast(Any, SimpleNamespace(status=404, reason="Not Found")),
        {"code": 10062, "message": "Unknown interaction"},
    )

    async def too_late() -> None:
        raise expired

    async def fails() -> None:
        raise RuntimeError("the database failed")

    clicked: Any = interaction()
    clicked.id = 77
    guard = Guard(defer_after=NEVER)
    with caplog.at_level(logging.WARNING, logger="bot.ui.guard"):
        await guard.run(clicked, too_late, "a late click", "private")
    # Nothing can be sent on it any more: no reply tried, and no traceback formatted.
    (record,) = caplog.records
    assert record.levelno == logging.WARNING and record.exc_info is None
    assert record.getMessage() == "a late click: interaction 77 expired unanswered (user 1)"
    assert replies == []
    caplog.clear()
    with caplog.at_level(logging.WARNING, logger="bot.ui.guard"):
        await guard.run(clicked, fails, "a failing click", "private")
    (record,) = caplog.records  # any other failure: its traceback, and the user told
    assert record.levelno == logging.ERROR and record.exc_info is not None
    assert len(replies) == 1 and guard.in_flight == 0
