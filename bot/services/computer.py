"""The computer opponent in Discord duels: whenever a duel against it waits for the computer's decision,
the engine's player (:mod:`engine.player`) thinks in a worker (a process pool, off the event loop) and
the answer is applied like a person's click, with its board posted by the same outbox.

Nothing is kept in memory that the database does not have: a duel waiting for the computer is woken
when it changes (``GameChanged``, wired in bot/wiring.py), when the bot starts (:meth:`Computer.resume`)
and at every timer scan (bot.services.timers), so a crash while it thinks only delays its answer. The
answer is applied only if the game still has the decisions it was thought about with, so two processes
thinking about the same game (a rolling restart) store it once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass

from bot.services.duels import Duels, Refusal, Step
from bot.services.events import Bus
from bot.services.game_cache import LiveGame
from engine import Action, Record
from engine.player import LEVELS, Searched, choose

log = logging.getLogger(__name__)

#: The levels a duel against the computer may be played at (engine.player), easiest first.
COMPUTER_LEVELS: tuple[str, ...] = tuple(LEVELS)
DEFAULT_LEVEL = "normal"
# Milliseconds the decisions under way share (CARDIA_COMPUTER_BUDGET_MS): alone, a hard decision needs
# about 45 ms (130 ms at p99) on the compiled engine; under load each answer still comes within about this.
BUDGET_MS = 2000.0


def record_of(live: LiveGame) -> Record:
    """The game's ``cardia-replay/1`` record: what the computer thinks about (it sees only its seat's
    part of it: engine.player)."""
    return Record(
        format="cardia-replay/1",
        setup=live.row.setup,
        actions=[Action(player=player, choose=choose) for player, choose in live.actions],
    )


def search_seed(game_id: int, decisions: int) -> int:
    """The search's seed: from what everybody sees (never the game's seed), so a decision is thought
    about the same way by any process."""
    return game_id * 1_000 + decisions


@dataclass(frozen=True, slots=True)
class ComputerDecided:
    """The computer's decision is stored: the step it made (published on the bus)."""

    step: Step


class Computer:
    def __init__(
        self,
        duels: Duels,
        *,
        executor: Executor | None = None,  # None: the event loop's default thread pool
        workers: int = 1,  # how many decisions the executor thinks about at once
        budget_ms: float | None = None,  # the time all the decisions under way share (None: no cap)
        owns: Callable[[int], bool] = lambda guild_id: True,
        bus: Bus | None = None,
    ) -> None:
        self.duels = duels
        self.bus = bus or Bus()  # told of each decision it stored (ComputerDecided): posted like anyone's
        self.executor = executor
        self.workers = workers
        self.budget_ms = budget_ms
        self._wanting = 0  # decisions waiting for a worker or being searched
        self._slots: asyncio.Semaphore | None = None  # one per worker (made in the event loop)
        # Which servers' duels this process plays: its own shards' (several processes share a database).
        self.owns = owns
        self._thinking: dict[int, asyncio.Task[None]] = {}
        # Decisions taken by this process, and their time from the look at the game to the answer stored.
        self.decisions = 0
        self.seconds = 0.0

    def thinking(self, game_id: int) -> bool:
        return game_id in self._thinking

    @property
    def wanting(self) -> int:
        """Decisions waiting for a worker or being searched now (reviews give way to them)."""
        return self._wanting

    @property
    def busy(self) -> bool:
        """Thinking about some game."""
        return bool(self._thinking)

    def wake(self, live: LiveGame) -> None:
        """Start thinking about ``live`` if it waits for the computer (and nobody here does already)."""
        game_id = live.row.id
        if game_id in self._thinking or not live.computer_to_move or not self.owns(live.match.guild_id):
            return
        self._thinking[game_id] = asyncio.create_task(self._play(game_id), name=f"cardia-computer-{game_id}")

    async def resume(self) -> int:
        """Wake every duel waiting for the computer (at start-up: a stopped process left them waiting);
        how many were woken."""
        woken = 0
        for wait in await self.duels.storage.waits():
            if wait.computer and self.owns(wait.guild_id) and wait.game_id not in self._thinking:
                live = await self.duels.live(wait.game_id)
                self.wake(live)
                woken += self.thinking(wait.game_id)
        return woken

    async def settled(self, game_id: int, timeout: float) -> None:
        """Wait (up to ``timeout`` seconds) until the computer has nothing left to decide in the game."""
        task = self._thinking.get(game_id)
        if task is not None:
            with contextlib.suppress(TimeoutError, asyncio.CancelledError):
                await asyncio.wait_for(asyncio.shield(task), timeout)

    async def idle(self) -> None:
        """Wait until the computer thinks about no game (tests, and the load benchmark's end)."""
        while self._thinking:
            await asyncio.gather(*self._thinking.values(), return_exceptions=True)

    async def stop(self) -> None:
        tasks = list(self._thinking.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def _play(self, game_id: int) -> None:
        """Decide for the computer until the game waits for somebody else."""
        try:
            while True:
                live = await self.duels.live(game_id)
                if not live.computer_to_move:
                    return
                decisions = len(live.actions)
                started = time.perf_counter()
                searched = await self._think(live)
                try:
                    step = await self.duels.act_for_computer(game_id, decisions, searched.answer)
                except Refusal:
                    return  # decided or ended meanwhile (a concession; another process's answer)
                self.decisions += 1
                self.seconds += time.perf_counter() - started
                log.info(
                    "game %s: the computer (%s) decided %s after %d iterations in %.0f ms",
                    game_id,
                    live.match.computer,
                    list(searched.answer),
                    searched.iterations,
                    searched.seconds * 1000,
                )
                await self.bus.publish(ComputerDecided(step))
        except Exception:  # the next timer scan wakes it again
            log.exception("game %s: the computer could not decide", game_id)
        finally:
            self._thinking.pop(game_id, None)

    def search_budget(self) -> float | None:
        """The time the decision a worker takes up now may search, in milliseconds: the budget shared by
        every decision waiting, so that under load each answer still comes within about the budget (the
        computer plays weaker then, rather than later). Alone, a decision has the whole budget."""
        if self.budget_ms is None:
            return None
        return self.budget_ms * min(1.0, self.workers / max(1, self._wanting))

    async def _think(self, live: LiveGame) -> Searched:
        seat, level = live.match.computer_seat, live.match.computer
        assert seat is not None and level is not None
        loop = asyncio.get_running_loop()
        if self._slots is None:
            self._slots = asyncio.Semaphore(self.workers)
        self._wanting += 1
        try:
            async with self._slots:  # its budget is set when a worker is free: by the queue then
                return await loop.run_in_executor(
                    self.executor,
                    choose,
                    record_of(live),
                    seat,
                    level,
                    search_seed(live.row.id, len(live.actions)),
                    self.search_budget(),
                )
        finally:
            self._wanting -= 1
