"""The board and the hands as pictures (:mod:`picture`), drawn off the event loop.

Two worker threads draw them, one for hands and one for boards, so that a player waiting for their hand
(the answer to their click) never waits behind boards; Pillow's C code (rasterising, mapping colours,
compressing) runs there without the interpreter lock. A picture that fails to draw is left out (the
embed's text says it all) and logged: never a lost board.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ThreadPoolExecutor

import picture
from engine.view import View

log = logging.getLogger(__name__)


class Pictures:
    def __init__(self) -> None:
        self._hands = ThreadPoolExecutor(1, thread_name_prefix="cardia-hand-pictures")
        self._boards = ThreadPoolExecutor(1, thread_name_prefix="cardia-board-pictures")
        for executor in (self._hands, self._boards):
            executor.submit(picture.warm)  # each thread's fonts load while the bot connects
        self.drawn = 0  # pictures drawn, and the seconds the worker spent on them (the load benchmark)
        self.seconds = 0.0
        self.bytes = 0

    async def board(
        self, view: View, names: Sequence[str], *, title: str, details: str, language: str
    ) -> bytes | None:
        """The public board of ``view`` (the public view), or None if it could not be drawn."""
        return await self._draw(
            self._boards,
            lambda: picture.board_png(view, names, title=title, details=details, language=language),
            "board",
        )

    async def hand(self, view: View, viewer: str, *, language: str) -> bytes | None:
        """``viewer``'s hand from their own view, or None if it could not be drawn."""
        return await self._draw(
            self._hands, lambda: picture.hand_png(view, viewer, language=language), "hand"
        )

    async def _draw(self, executor: Executor, draw: Callable[[], bytes], what: str) -> bytes | None:
        def timed() -> tuple[bytes, float]:
            started = time.perf_counter()
            return draw(), time.perf_counter() - started

        try:
            png, seconds = await asyncio.get_running_loop().run_in_executor(executor, timed)
        except Exception:
            log.exception("could not draw a %s picture: sent without it", what)
            return None
        self.drawn += 1
        self.seconds += seconds
        self.bytes += len(png)
        return png

    def close(self) -> None:
        for executor in (self._hands, self._boards):
            executor.shutdown(wait=False, cancel_futures=True)
