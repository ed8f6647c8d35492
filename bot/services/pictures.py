"""The board and the hands as pictures (:mod:`picture`), drawn off the event loop.

Two workers draw them, one for hands and one for boards, so that a player waiting for their hand (the
answer to their click) never waits behind boards. In production each worker is a process of its own
(``processes``): drawing holds the interpreter lock for much of its time, and in threads of the bot's
process it made the event loop and the database's thread wait for it (the load benchmark's decisions:
p50 4.5 to 113 ms at 100 interactions a second). Threads serve the tests, which replace the drawing.

A process is spoken to over a socket pair the event loop reads and writes itself (:class:`Process`),
not through a ``ProcessPoolExecutor``: its manager and queue-feeder threads took the interpreter lock
from the event loop several times a picture, about 0.3 ms of the bot's CPU each (0.4 against 0.12 ms
in the parent, measured with a picture's sizes), with a picture for nearly every interaction.

Nothing waits for a picture long: a picture that fails to draw, or would queue behind
:data:`MOST_WAITING` others, is left out (the embed's text says it all), never a lost or late board.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import multiprocessing
import pickle
import socket
import struct
from collections.abc import Awaitable, Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, cast

import picture
from bot.services.workers import start_worker
from engine.review import Review
from engine.view import View

log = logging.getLogger(__name__)

#: Pictures waiting for one worker at most: beyond, the machine is behind, and the text goes alone.
MOST_WAITING = 8

Drawing = Callable[[], Awaitable[bytes | None]]  # a picture to draw: its PNG, or None if left out


#: A message between the bot and a drawing process: its length, then its pickle.
_LENGTH = struct.Struct("!I")


class WorkerGone(Exception):
    """The drawing process ended (it crashed, or the bot stops): its pictures are left out."""


def _serve(channel: socket.socket) -> None:
    """A drawing process: gives way to the bot's own for the CPU, ends with it, loads its fonts, then
    draws each job it is sent, in turn, and sends back its result or its error, until the bot closes
    its end."""
    start_worker()
    picture.warm()
    incoming = channel.makefile("rb")
    while True:
        head = incoming.read(_LENGTH.size)
        if len(head) < _LENGTH.size:
            return  # the bot closed its end, or is gone
        number, job, arguments = pickle.loads(incoming.read(_LENGTH.unpack(head)[0]))
        try:
            result: tuple[int, bool, object] = (number, True, job(*arguments))
        except Exception as error:
            result = (number, False, error)
        try:
            data = pickle.dumps(result, pickle.HIGHEST_PROTOCOL)
        except Exception as error:  # an error that does not pickle still tells what it was
            data = pickle.dumps((number, False, RuntimeError(repr(error))), pickle.HIGHEST_PROTOCOL)
        channel.sendall(_LENGTH.pack(len(data)) + data)


class _Channel(asyncio.Protocol):
    """The bot's end of a drawing process's socket: jobs written, results read, by the event loop."""

    def __init__(self) -> None:
        self.transport: asyncio.Transport | None = None
        self.received = bytearray()
        self.jobs: dict[int, asyncio.Future[Any]] = {}  # sent, not answered yet, by number
        self.gone = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)  # uvloop's are not asyncio's classes

    def data_received(self, data: bytes) -> None:
        self.received += data
        while len(self.received) >= _LENGTH.size:
            end = _LENGTH.size + _LENGTH.unpack_from(self.received)[0]
            if len(self.received) < end:
                return
            number, drawn, result = pickle.loads(bytes(self.received[_LENGTH.size : end]))
            del self.received[:end]
            job = self.jobs.pop(number, None)
            if job is None or job.done():
                continue
            if drawn:
                job.set_result(result)
            else:
                job.set_exception(result)

    def connection_lost(self, exc: Exception | None) -> None:
        self.gone = True
        jobs, self.jobs = self.jobs, {}
        for job in jobs.values():
            if not job.done():
                job.set_exception(WorkerGone("the drawing process ended"))


class Process:
    """A drawing process (spawned: it imports only the pictures and the rules) and the event loop's end
    of the socket its jobs and results go through."""

    def __init__(self, name: str) -> None:
        ours, theirs = socket.socketpair()
        context = multiprocessing.get_context("spawn")
        self.process = context.Process(target=_serve, args=(theirs,), name=name, daemon=True)
        self.process.start()
        theirs.close()
        self._socket: socket.socket | None = ours
        self._channel = _Channel()
        self._connected: asyncio.Future[Any] | None = None
        self._numbers = 0

    async def _connect(self) -> _Channel:
        if self._connected is None:
            assert self._socket is not None
            loop = asyncio.get_running_loop()
            self._connected = asyncio.ensure_future(
                loop.create_connection(lambda: self._channel, sock=self._socket)
            )
        await asyncio.shield(self._connected)
        return self._channel

    async def submit(self, job: Callable[..., Any], *arguments: object) -> asyncio.Future[Any]:
        """``job(*arguments)`` sent to the process: the future of its result, or of its error
        (:class:`WorkerGone` once the process ended)."""
        channel = await self._connect()
        if channel.gone or channel.transport is None or channel.transport.is_closing():
            raise WorkerGone("the drawing process ended")
        self._numbers += 1
        answered: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        data = pickle.dumps((self._numbers, job, arguments), pickle.HIGHEST_PROTOCOL)
        channel.jobs[self._numbers] = answered
        channel.transport.write(_LENGTH.pack(len(data)) + data)
        return answered

    def close(self) -> None:
        """The process reads the end of its socket and exits (a daemon: it is reaped at the bot's exit)."""
        if self._channel.transport is not None:
            self._channel.transport.close()
        elif self._socket is not None:
            self._socket.close()
        self._socket = None


class Worker:
    """One drawing thread or process, and the pictures waiting for it."""

    def __init__(self, name: str, process: bool) -> None:
        self.process = Process(name) if process else None
        self.thread = None if process else ThreadPoolExecutor(1, thread_name_prefix=name)
        self.waiting = 0

    async def submit(self, job: Callable[..., Any], *arguments: object) -> asyncio.Future[Any]:
        """``job(*arguments)`` given to the worker: the future of its result, done when the worker is."""
        if self.process is not None:
            return await self.process.submit(job, *arguments)
        assert self.thread is not None
        return asyncio.wrap_future(self.thread.submit(job, *arguments))

    def close(self) -> None:
        if self.process is not None:
            self.process.close()
        if self.thread is not None:
            self.thread.shutdown(wait=False, cancel_futures=True)


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
            await asyncio.wait_for(asyncio.gather(*(_warm(w) for w in (self._hands, self._boards))), timeout)
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
        # Counted until the worker is done with it (drawn, failed or cancelled): a caller that stopped
        # waiting for it does not free its place, the worker still draws it.
        worker.waiting += 1
        try:
            job = await worker.submit(picture.timed, draw)
        except BaseException as error:
            worker.waiting -= 1
            if not isinstance(error, Exception):
                raise
            self._left_out(what, error)
            return None
        job.add_done_callback(functools.partial(self._done, worker))
        try:
            png, _ = await asyncio.shield(job)
        except Exception as error:
            self._left_out(what, error)
            return None
        return cast(bytes, png)

    def _left_out(self, what: str, error: Exception) -> None:
        if self.closed:  # its worker was shut down under it: the message goes without, as it is
            log.info("a %s picture was left out: the bot is stopping (%s)", what, type(error).__name__)
        else:
            log.error("could not draw a %s picture: sent without it", what, exc_info=error)

    def _done(self, worker: Worker, job: asyncio.Future[tuple[bytes, float]]) -> None:
        worker.waiting -= 1
        if not job.cancelled() and job.exception() is None:
            png, seconds = job.result()
            self.drawn += 1
            self.seconds += seconds
            self.bytes += len(png)

    def close(self) -> None:
        self.closed = True
        for worker in (self._hands, self._boards):
            worker.close()


async def _warm(worker: Worker) -> None:
    await (await worker.submit(picture.warm))
