"""What Discord shows, brought up to date with the database: the one reconciler for everything the bot
posts.

A transaction that changes what a channel must show also writes what is due there: an entry with a kind
(a duel's challenge, board or result; a tournament's page, round or final; a season's end), committed
with the change itself. A *renderer* per family of kinds shows its entries (``bot.ui.outbox`` a duel's,
in every home; ``bot.ui.tournament_posts`` a tournament's; ``bot.ui.season_posts`` a season's end),
each post idempotent: it shows the current state, never a queued copy, with a nonce (Discord returns the
message already made with it, for a few minutes) and a marker it is looked for by before it is posted
again (``bot.ui.posted.post_once``). The reconciler runs a renderer for one subject at a time (a duel, a
tournament, a server), then marks its entries done: the one mark. It runs after every answer, again
after a failure (with back-off), on start-up for whatever a stopped or killed process left due, and at
the sweeps of the families that have them. Nothing it posts appears twice after a crash at any instant:
what was posted but not marked is found by its marker.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Coroutine, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import discord

from bot.services.caching import KeyedLocks, Recent
from bot.services.posts import Posts
from bot.ui.posted import Scan

log = logging.getLogger(__name__)
RETRY_FIRST, RETRY_MOST = 1.0, 60.0  # seconds before retrying a failed update, doubling up to the most
FLUSH_AFTER = 2.0  # seconds: bookkeeping no decision carried is committed on its own after this
DONE_KEPT = 8192  # subjects whose marks, not committed yet, are remembered (far more than a few seconds see)

#: What is shown of one subject: a duel's, a tournament's, a server's.
Subject = tuple[str, int]


@dataclass(frozen=True, slots=True)
class Due:
    """Something a channel must be brought up to date with: an entry of its kind, about its subject
    (``detail``: a board's game, a round's number, a season's number)."""

    id: int
    kind: str
    subject: int
    detail: int | None = None
    extra: int | None = None  # a notice's version, a queue line's server
    created_at: str = ""  # when it became due: a message found again must not be older


class ShowAgain(Exception):
    """The subject's place moved (a thread lost: back to its channel): shown again soon, looked for
    first."""


class Refused(Exception):
    """The channel refuses the bot for good (gone, closed to it): nothing more of the subject is posted."""


#: Discord's statuses that say a channel is gone or closed to the bot: nothing due there can ever be posted.
GIVE_UP = (403, 404)


@contextlib.contextmanager
def refused_for_good() -> Iterator[None]:
    """A request refused for good (:data:`GIVE_UP`) becomes :class:`Refused`: the renderer's subject is
    let go of rather than retried for ever."""
    try:
        yield
    except discord.HTTPException as error:
        if error.status in GIVE_UP:
            raise Refused(str(error)) from error
        raise


class Renderer(Protocol):
    """One family of kinds: what is due of a subject, and how it is shown."""

    family: str
    #: Its marks are committed with the next transaction (a duel's: a decision stays one commit): until
    #: then its entries are still listed, and not shown again.
    marks_later: bool

    async def due(self, subject: int) -> Sequence[Due]:
        """What is due of ``subject`` now (a renderer shared by several processes claims it here)."""
        ...

    async def leftovers(self) -> Sequence[int]:
        """The subjects with something due that this process shows (at start-up)."""
        ...

    async def show(self, subject: int, due: Sequence[Due], scan: Scan | None) -> None:
        """Bring ``subject`` up to date (each post idempotent; with ``scan``, looked for first)."""
        ...

    async def mark(self, subject: int, due: Sequence[Due]) -> None:
        """Mark ``due`` done (deferred to the next transaction, or at once)."""
        ...


class Reconciler:
    """Runs the renderers: one subject at a time, marks, retries, recovery, and the bookkeeping's commit.
    Created once by the client; the renderers register with it."""

    def __init__(self, bot: discord.Client, posts: Posts) -> None:
        self.bot = bot
        self.posts = posts  # what was shown where: its bookkeeping's commit
        self.renderers: dict[str, Renderer] = {}
        self._locks: KeyedLocks[Subject] = KeyedLocks()
        # subject -> entries marked done whose mark is not committed yet (still listed until it is)
        # (the latest subjects only: a mark is committed within seconds, and a subject not updated again
        # would otherwise stay here for good)
        self._done: Recent[Subject, tuple[int, ...]] = Recent(DONE_KEPT)
        self._suspect: set[Subject] = set()  # subjects whose posts may exist unmarked: look before posting
        self._retry: dict[Subject, float] = {}  # subject -> seconds before the next retry
        self._answering: set[Subject] = set()  # subjects an interaction is answering with their message
        self._given_up: set[Subject] = set()  # subjects a channel refused
        self._tasks: set[asyncio.Task[None]] = set()
        self._flusher: asyncio.TimerHandle | None = None
        self._busy = 0  # updates running
        self._idle = asyncio.Event()
        self._idle.set()
        self.stopping = False  # the process stops: what is still due is left for the next start

    def register(self, renderer: Renderer) -> None:
        self.renderers[renderer.family] = renderer

    # --- when ---------------------------------------------------------------------------------------

    async def update(self, family: str, subject: int) -> bool:
        """Show what is due of ``subject`` now; on failure retry later. True if all is shown. Once the
        process stops, nothing more is posted: what is due stays due, for the next start."""
        key = (family, subject)
        if self.stopping or key in self._answering:  # the interaction's answer updates it after
            return False
        self._busy += 1
        self._idle.clear()
        try:
            async with self._locks[key]:
                await self._update(key)
        except ShowAgain as moved:
            self._suspect.add(key)
            self._schedule_retry(key, moved)
            return False
        except Refused as refused:
            log.error("%s %s: the channel refuses the bot (%s): nothing more is posted", *key, refused)
            await self._give_up(key)
            return False
        except Exception as error:  # Discord failing or unreachable, the database failing: retry
            if self.stopping:  # the gateway or the database closed under it: the next start posts it
                log.info("%s %s: left for the next start (%s)", *key, type(error).__name__)
                return False
            if not isinstance(error, discord.HTTPException):
                log.exception("%s %s: could not bring its channel up to date", *key)
            self._suspect.add(key)  # a request that failed may still have made its message
            self._schedule_retry(key, error)
            return False
        finally:
            self._busy -= 1
            if not self._busy:
                self._idle.set()
        self._retry.pop(key, None)
        return True

    async def _update(self, key: Subject) -> None:
        renderer = self.renderers[key[0]]
        due = list(await renderer.due(key[1]))
        # Entries marked done here and still listed are only waiting for their mark's commit.
        done = set(self._done.get(key) or ()) & {entry.id for entry in due}
        if done:
            self._done.put(key, tuple(done))
        else:
            self._done.pop(key)
        due = [entry for entry in due if entry.id not in done]
        if not due:
            self._suspect.discard(key)
            return
        await renderer.show(key[1], due, Scan(self.bot) if key in self._suspect else None)
        await self._mark(key, due)
        self._suspect.discard(key)

    async def recover(self) -> None:
        """On start-up: bring every subject with something due up to date (a stopped process's
        leftovers). Any of it may have reached Discord unmarked, so each is looked for before it is
        posted."""
        for family, renderer in self.renderers.items():
            subjects = sorted(set(await renderer.leftovers()))
            self._suspect.update((family, subject) for subject in subjects)
            for subject in subjects:
                await self.update(family, subject)
            if subjects:
                log.info("%s: brought %d up to date after a restart", family, len(subjects))

    def suspect(self, family: str, subject: int) -> None:
        """The subject's posts may exist unmarked (made by a process that died): look before posting."""
        self._suspect.add((family, subject))

    @contextlib.contextmanager
    def answering(self, family: str, subject: int) -> Iterator[None]:
        """An interaction is answered with the subject's message: nothing of it is posted meanwhile. The
        caller updates it after."""
        key = (family, subject)
        self._answering.add(key)
        try:
            yield
        finally:
            self._answering.discard(key)

    def gave_up(self, family: str, subject: int) -> bool:
        """Whether a channel (a player's DM) refused the bot what was due for this subject."""
        return (family, subject) in self._given_up

    def lock(self, family: str, subject: int) -> asyncio.Lock:
        """Held while the subject is brought up to date."""
        return self._locks[(family, subject)]

    @property
    def updating(self) -> bool:
        """An update runs in this process now."""
        return self._busy > 0

    @property
    def busy(self) -> bool:
        """An update runs in this process, or a task it started is in flight (a retry, its wait included;
        a picture added late; a flush)."""
        return bool(self._busy or self._tasks)

    async def idle(self) -> None:
        """Return once no update runs in this process (a retry waiting counts as nothing running)."""
        await self._idle.wait()

    async def settled(self) -> None:
        """Return once nothing it started is in flight (:attr:`busy`)."""
        while self.busy:
            if self._tasks:
                await asyncio.gather(*list(self._tasks), return_exceptions=True)
            else:
                await self._idle.wait()

    # --- marks and their commit ---------------------------------------------------------------------

    async def _mark(self, key: Subject, due: Sequence[Due]) -> None:
        renderer = self.renderers[key[0]]
        if renderer.marks_later:
            self._done.put(key, (*(self._done.get(key) or ()), *(entry.id for entry in due)))
        await renderer.mark(key[1], due)

    async def _give_up(self, key: Subject) -> None:
        self._given_up.add(key)
        await self._mark(key, await self.renderers[key[0]].due(key[1]))
        self._retry.pop(key, None)

    def flush_soon(self) -> None:
        """Commit the bookkeeping once no transaction has carried it for FLUSH_AFTER seconds (under
        load, the next decision always does: no commit of its own)."""
        if self._flusher is None:
            commits = self.posts.commits
            self._flusher = asyncio.get_running_loop().call_later(FLUSH_AFTER, self._start_flush, commits)

    def _start_flush(self, commits: int) -> None:
        self._flusher = None
        if not self.posts.deferred:
            return  # carried by a transaction meanwhile
        if self.posts.commits != commits:  # transactions are going on: the next one carries it
            self.flush_soon()
            return
        self.spawn(self._flush())

    async def _flush(self) -> None:
        try:
            await self.posts.flush()
        except Exception:
            log.exception("reconciler: could not commit what was posted; trying again soon")
            self.flush_soon()

    # --- retries and tasks --------------------------------------------------------------------------

    def _schedule_retry(self, key: Subject, error: BaseException) -> None:
        delay = self._retry.get(key, RETRY_FIRST)
        self._retry[key] = min(delay * 2, RETRY_MOST)
        log.warning("%s %s: could not update its channel (%s); trying again in %.0f s", *key, error, delay)

        async def retry() -> None:
            await asyncio.sleep(delay)
            await self.update(*key)

        self.spawn(retry())

    def spawn(self, coroutine: Coroutine[Any, Any, Any]) -> None:
        task = asyncio.get_running_loop().create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def stop(self) -> None:
        """The process stops: post nothing more (what is due is stored and left for the next start), and
        end the retries and the tasks waiting here, quietly."""
        self.stopping = True
        if self._flusher is not None:
            self._flusher.cancel()
            self._flusher = None
        for task in list(self._tasks):
            task.cancel()
        for task in list(self._tasks):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

    async def close(self) -> None:
        """Commit the bookkeeping, once nothing is posted any more (the process is stopping)."""
        await self.stop()
        try:
            await self.posts.flush()
        except Exception:  # stopping anyway: what was posted is found again on Discord at the next start
            log.exception("reconciler: could not commit what was posted before stopping")
