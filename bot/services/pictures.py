"""The board and the hands as pictures (:mod:`picture`), drawn off the event loop.

Two worker threads draw them, one for hands and one for boards, so that a player waiting for their hand
(the answer to their click) never waits behind boards; Pillow's C code (rasterising, mapping colours,
compressing) runs there without the interpreter lock. Nothing waits for a picture long: a picture that
fails to draw, or would queue behind :data:`MOST_WAITING` others, is left out (the embed's text says it
all), never a lost or late board.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor

import picture
from engine.view import View

log = logging.getLogger(__name__)

#: Pictures waiting for one thread at most: beyond, the machine is behind, and the text goes alone.
MOST_WAITING = 8

Drawing = Callable[[], Awaitable[bytes | None]]  # a picture to draw: its PNG, or None if left out


class Worker:
    """One drawing thread and the pictures waiting for it."""

    def __init__(self, name: str) -> None:
        self.executor = ThreadPoolExecutor(1, thread_name_prefix=name)
        self.executor.submit(picture.warm)  # this thread's fonts load while the bot connects
        self.waiting = 0


class Pictures:
    def __init__(self) -> None:
        self._hands = Worker("cardia-hand-pictures")
        self._boards = Worker("cardia-board-pictures")
        # Pictures drawn, the seconds the threads spent on them and their bytes; those left out because
        # the threads were behind (the load benchmark prints them).
        self.drawn = 0
        self.seconds = 0.0
        self.bytes = 0
        self.shed = 0

    async def board(
        self, view: View, names: Sequence[str], *, title: str, details: str, language: str
    ) -> bytes | None:
        """The public board of ``view`` (the public view), or None if it is left out."""
        return await self._draw(
            self._boards,
            lambda: picture.board_png(view, names, title=title, details=details, language=language),
            "board",
        )

    async def hand(self, view: View, viewer: str, *, language: str) -> bytes | None:
        """``viewer``'s hand from their own view, or None if it is left out."""
        return await self._draw(
            self._hands, lambda: picture.hand_png(view, viewer, language=language), "hand"
        )

    async def _draw(self, worker: Worker, draw: Callable[[], bytes], what: str) -> bytes | None:
        if worker.waiting >= MOST_WAITING:
            self.shed += 1
            return None

        def timed() -> tuple[bytes, float]:
            started = time.perf_counter()
            return draw(), time.perf_counter() - started

        loop = asyncio.get_running_loop()
        job = worker.executor.submit(timed)
        worker.waiting += 1
        # Counted on the event loop's thread, when the picture is drawn, fails or is cancelled: a caller
        # that stopped waiting for it still frees its place.
        job.add_done_callback(lambda done: _soon(loop, self._done, worker, done))
        try:
            png, _ = await asyncio.wrap_future(job)
        except Exception:
            log.exception("could not draw a %s picture: sent without it", what)
            return None
        return png

    def _done(self, worker: Worker, job: Future[tuple[bytes, float]]) -> None:
        worker.waiting -= 1
        if not job.cancelled() and job.exception() is None:
            png, seconds = job.result()
            self.drawn += 1
            self.seconds += seconds
            self.bytes += len(png)

    def close(self) -> None:
        for worker in (self._hands, self._boards):
            worker.executor.shutdown(wait=False, cancel_futures=True)


def _soon(loop: asyncio.AbstractEventLoop, callback: Callable[..., None], *args: object) -> None:
    with contextlib.suppress(RuntimeError):  # the loop closed while the thread drew: nothing to count
        loop.call_soon_threadsafe(callback, *args)
