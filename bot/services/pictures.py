"""The board and the hands as pictures (:mod:`picture`), drawn off the event loop.

Two workers draw them, one for hands and one for boards, so that a player waiting for their hand (the
answer to their click) never waits behind boards. In production each worker is a process of its own
(``processes``): drawing holds the interpreter lock for much of its time, and in threads of the bot's
process it made the event loop and the database's thread wait for it (the load benchmark's decisions:
p50 4.5 to 113 ms at 100 interactions a second). Threads serve the tests, which replace the drawing.

Nothing waits for a picture long: a picture that fails to draw, or would queue behind
:data:`MOST_WAITING` others, is left out (the embed's text says it all), never a lost or late board.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import multiprocessing
from collections.abc import Awaitable, Callable, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor

import picture
from bot.services.workers import start_worker
from engine.review import Review
from engine.view import View

log = logging.getLogger(__name__)

#: Pictures waiting for one worker at most: beyond, the machine is behind, and the text goes alone.
MOST_WAITING = 8

Drawing = Callable[[], Awaitable[bytes | None]]  # a picture to draw: its PNG, or None if left out


def _start_worker() -> None:
    """A drawing process gives way to the bot's own for the CPU, ends with it, and loads its fonts at
    once."""
    start_worker()
    picture.warm()


class Worker:
    """One drawing thread or process, and the pictures waiting for it."""

    def __init__(self, name: str, process: bool) -> None:
        self.executor: Executor
        if process:
            context = multiprocessing.get_context("spawn")  # it imports only the pictures and the rules
            self.executor = ProcessPoolExecutor(1, mp_context=context, initializer=_start_worker)
        else:
            self.executor = ThreadPoolExecutor(1, thread_name_prefix=name)
        # Started now (a process is spawned on its first job), its fonts loaded: see Pictures.ready.
        self.started = self.executor.submit(picture.warm)
        self.waiting = 0


class Pictures:
    def __init__(self, processes: bool = False) -> None:
        self._hands = Worker("cardia-hand-pictures", processes)
        self._boards = Worker("cardia-board-pictures", processes)
        # Pictures drawn, the seconds the workers spent on them and their bytes; those left out because
        # the workers were behind (the load benchmark prints them).
        self.drawn = 0
        self.seconds = 0.0
        self.bytes = 0
        self.shed = 0
        self.closed = False  # the process stops: a picture not drawn by then is left out, quietly

    async def ready(self, timeout: float = 60.0) -> None:
        """Wait until both workers have started and loaded their fonts (a second or so for processes):
        the bot waits for it before it goes online, so the first boards after a start are drawn at once."""
        try:
            await asyncio.wait_for(
                asyncio.gather(*(asyncio.wrap_future(w.started) for w in (self._hands, self._boards))),
                timeout,
            )
        except Exception:  # pictures that cannot be drawn are left out: the bot goes on without them
            log.exception("the picture workers did not start: boards and hands go as text")

    async def board(
        self, view: View, names: Sequence[str], *, title: str, details: str, language: str
    ) -> bytes | None:
        """The public board of ``view`` (the public view), or None if it is left out."""
        draw = functools.partial(
            picture.board_png, view, tuple(names), title=title, details=details, language=language
        )
        return await self._draw(self._boards, draw, "board")

    async def hand(self, view: View, viewer: str, *, language: str) -> bytes | None:
        """``viewer``'s hand from their own view, or None if it is left out."""
        return await self._draw(
            self._hands, functools.partial(picture.hand_png, view, viewer, language=language), "hand"
        )

    async def chart(self, reviewed: Review, *, language: str) -> bytes | None:
        """A review's chart (drawn by the hands' worker: a review is private, like a hand), or None (also
        for a review with no decision: nothing to draw)."""
        if not reviewed.decisions:
            return None
        draw = functools.partial(picture.chart_png, picture.Chances.of(reviewed), language=language)
        return await self._draw(self._hands, draw, "chart")

    async def standings(
        self, title: str, columns: Sequence[str], lines: Sequence[picture.Line], *, language: str
    ) -> bytes | None:
        """A tournament's standings (drawn by the boards' worker: a public picture), or None."""
        draw = functools.partial(
            picture.standings_png, title, tuple(columns), tuple(lines), language=language
        )
        return await self._draw(self._boards, draw, "standings")

    async def _draw(self, worker: Worker, draw: Callable[[], bytes], what: str) -> bytes | None:
        if worker.waiting >= MOST_WAITING:
            self.shed += 1
            return None
        if self.closed:
            return None
        loop = asyncio.get_running_loop()
        job = worker.executor.submit(picture.timed, draw)
        worker.waiting += 1
        # Counted on the event loop's thread, when the picture is drawn, fails or is cancelled: a caller
        # that stopped waiting for it still frees its place.
        job.add_done_callback(lambda done: _soon(loop, self._done, worker, done))
        try:
            png, _ = await asyncio.wrap_future(job)
        except Exception as error:
            if self.closed:  # its worker was shut down under it: the message goes without, as it is
                log.info("a %s picture was left out: the bot is stopping (%s)", what, type(error).__name__)
                return None
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
        self.closed = True
        for worker in (self._hands, self._boards):
            worker.executor.shutdown(wait=False, cancel_futures=True)


def _soon(loop: asyncio.AbstractEventLoop, callback: Callable[..., None], *args: object) -> None:
    with contextlib.suppress(RuntimeError):  # the loop closed while the worker drew: nothing to count
        loop.call_soon_threadsafe(callback, *args)
