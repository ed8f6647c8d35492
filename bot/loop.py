"""The event loop the bot runs on: uvloop (libuv's loop, written in C) where it is installed, which is
everywhere but Windows (requirements/bot.lock), else asyncio's own.

Most of what the bot process does per interaction is the event loop's and the HTTP client's work, not
the game's: under the load benchmark uvloop takes a sizeable share off it (docs/performance.md)."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any, TypeVar

T = TypeVar("T")


def run(main: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run(main)``, on uvloop where it is installed."""
    try:
        import uvloop
    except ImportError:  # Windows: uvloop is not built there
        return asyncio.run(main)
    return uvloop.run(main)


def name() -> str:
    """The running event loop's kind, for the start-up log and the benchmark."""
    loop = asyncio.get_running_loop()
    return "uvloop" if type(loop).__module__.startswith("uvloop") else "asyncio"
