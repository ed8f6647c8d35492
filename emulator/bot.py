"""Running the real discord.py client against the emulator."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections.abc import AsyncIterator
from typing import TypeVar

import discord

from .server import Emulator

ClientT = TypeVar("ClientT", bound=discord.Client)


class _ErrorLog(logging.Handler):
    """Turns errors discord.py logs (exceptions in commands, views, events) into emulator violations."""

    def __init__(self, emulator: Emulator) -> None:
        super().__init__(logging.ERROR)
        self.emulator = emulator
        self.loop = asyncio.get_running_loop()
        self.thread = threading.get_ident()

    def emit(self, record: logging.LogRecord) -> None:
        text = record.getMessage()
        if record.exc_info and record.exc_info[1] is not None:
            text += f": {record.exc_info[1]!r}"
        problem = f"discord.py logged an error ({record.name}): {text}"
        if threading.get_ident() == self.thread:
            self.emulator.violation(problem)
        else:  # e.g. discord.py's heartbeat thread
            self.loop.call_soon_threadsafe(self.emulator.violation, problem)


@contextlib.asynccontextmanager
async def run_bot(
    client: ClientT,
    emulator: Emulator,
    *,
    token: str = "emulated-bot-token",
    guild_ready_timeout: float | None = 0.05,
    timeout: float = 10.0,
) -> AsyncIterator[ClientT]:
    """Start ``client`` (``client.start(token)``: login, setup_hook, gateway) and yield once it is ready.

    discord.py waits ``guild_ready_timeout`` seconds (2 by default) after the last GUILD_CREATE before
    it dispatches ``on_ready``; the emulator sends them all at once, so the wait is shortened. Errors
    that discord.py logs while the bot runs are recorded as violations. On exit the client is closed
    and its task awaited, so nothing is left pending.
    """
    handler = _ErrorLog(emulator)
    discord_logger = logging.getLogger("discord")
    discord_logger.addHandler(handler)
    try:
        async with client:
            if guild_ready_timeout is not None:
                client._connection.guild_ready_timeout = guild_ready_timeout
            task = asyncio.create_task(client.start(token), name="emulated discord bot")
            ready = asyncio.create_task(client.wait_until_ready())
            await asyncio.wait({task, ready}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
            if not ready.done():
                ready.cancel()
                await client.close()
                await asyncio.gather(ready, task, return_exceptions=True)
                if task.done() and not task.cancelled() and task.exception() is not None:
                    raise RuntimeError("the bot failed to start") from task.exception()
                raise TimeoutError(f"the bot was not ready after {timeout} s")
            try:
                yield client
            finally:
                await client.close()
                await asyncio.wait_for(task, timeout)
    finally:
        discord_logger.removeHandler(handler)
