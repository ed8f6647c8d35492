"""What the load benchmark's bot process counts and times about the bot, from outside its code: the
commits of each operation and game (``instrument`` wraps the bot's service and storage objects), the
calls to SQLite's thread, the event loop's lag, errors logged, CPU of the computer's workers, resident
memory, and whose code profiled function calls are."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import os
import pstats
import time
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.app import CardiaBot
from bot.services.duels import Refusal, Step
from bot.services.game_cache import LiveGame
from bot.store import Transaction
from bot.store.sqlite import SqliteDatabase
from engine.player import Searched

PAGE = os.sysconf("SC_PAGE_SIZE")


@dataclass
class Operation:
    """What the task that opens a transaction is doing."""

    name: str
    game_id: int | None = None
    commits: int = 0


OPERATION: ContextVar[Operation | None] = ContextVar("operation", default=None)


@dataclass
class Counters:
    calls: Counter[str] = field(default_factory=Counter)  # operation -> calls (refused ones too)
    refused: Counter[str] = field(default_factory=Counter)  # operation -> calls refused (Refusal)
    commits: Counter[str] = field(default_factory=Counter)  # operation -> commits
    decisions: int = 0  # decisions applied
    commits_per_decision: Counter[int] = field(default_factory=Counter)  # commits in one decision -> n
    game_commits: Counter[int] = field(default_factory=Counter)  # game -> commits of its decisions
    game_decisions: Counter[int] = field(default_factory=Counter)  # game -> decisions applied
    finished: list[int] = field(default_factory=list)  # games that ended on a decision, in order
    database_calls: int = 0  # SQLite: calls queued for the connection's thread (each a round trip)
    # The computer's decisions: (seconds from asking for a worker to the answer, seconds searched,
    # search iterations), in order.
    thoughts: list[tuple[float, float, int]] = field(default_factory=list)

    def snapshot(self) -> dict[str, Any]:
        finished = [g for g in self.finished if self.game_decisions[g]]
        return {
            "calls": dict(self.calls),
            "refused": dict(self.refused),
            "commits": dict(self.commits),
            "decisions": self.decisions,
            "commits_per_decision": {str(k): v for k, v in sorted(self.commits_per_decision.items())},
            "finished_games": len(finished),
            "database_calls": self.database_calls,
            "finished_game_commits": sum(self.game_commits[g] for g in finished),
            "finished_game_decisions": sum(self.game_decisions[g] for g in finished),
            "thoughts": list(self.thoughts),
        }


class ErrorCount(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.count = 0
        self.first: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.count += 1
        if len(self.first) < 5:
            self.first.append(f"{record.name}: {record.getMessage()}"[:300])


class LoopLag:
    """How late the event loop wakes a task that sleeps 10 ms (the delay any interaction would see), and
    the garbage collector's pauses, while it runs."""

    def __init__(self) -> None:
        self.samples: list[float] = []
        self._task: asyncio.Task[None] | None = None
        self.pauses: dict[int, list[float]] = {}  # generation -> durations
        self._collecting = 0.0

    def _gc(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._collecting = time.perf_counter()
        else:
            self.pauses.setdefault(info["generation"], []).append(time.perf_counter() - self._collecting)

    def start(self) -> None:
        self.samples = []
        self.pauses = {}
        gc.callbacks.append(self._gc)
        self._task = asyncio.create_task(self._run())

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            before = loop.time()
            await asyncio.sleep(0.01)
            self.samples.append(loop.time() - before - 0.01)

    def summary(self, since: tuple[int, int] = (0, 0)) -> dict[str, Any]:
        """Lag percentiles and full collections from ``since`` (a :meth:`mark`) on."""
        samples = sorted(self.samples[since[0] :]) or [0.0]
        full = self.pauses.get(2, [])[since[1] :]
        return {
            "p50": samples[len(samples) // 2],
            "p99": samples[min(len(samples) - 1, int(len(samples) * 0.99))],
            "max": samples[-1],
            "gc": {str(g): [len(d), sum(d), max(d)] for g, d in sorted(self.pauses.items())},
            "full": [len(full), max(full, default=0.0)],
        }

    def mark(self) -> tuple[int, int]:
        return len(self.samples), len(self.pauses.get(2, []))

    def stop(self) -> dict[str, Any]:
        if self._task is not None:
            self._task.cancel()
            self._task = None
        if self._gc in gc.callbacks:
            gc.callbacks.remove(self._gc)
        return self.summary()


def function_calls(stats: pstats.Stats) -> dict[str, int]:
    """The Python function calls a profile counted, by whose code was called: counted, not timed, so two
    versions of the bot compare on a machine whose speed swings (each resumption of a coroutine counts
    as a call)."""
    calls: Counter[str] = Counter()
    for (path, _, _), (_, count, *_) in stats.stats.items():  # type: ignore[attr-defined]
        calls[_library(path)] += count
    return dict(calls)


def _library(path: str) -> str:
    if path == "~":
        return "built-ins"
    file = Path(path)
    if file.is_relative_to(PROJECT) and file.relative_to(PROJECT).parts[0] in OWN:
        return "the bot's"
    for name, folders in LIBRARIES.items():
        if any(folder in file.parts for folder in folders):
            return name
    return "other"


PROJECT = Path(__file__).resolve().parent.parent
OWN = ("bot", "engine", "text", "cards", "picture")  # the project's packages: the bot's own code
#: Whose code a profiled library function is, by a folder in its path.
LIBRARIES = {"discord.py": ("discord",), "aiohttp": ("aiohttp", "yarl", "multidict"), "asyncio": ("asyncio",)}


def children_cpu() -> float:
    """CPU seconds used so far by this process's live children: the computer's worker processes (Linux)."""
    pids: set[str] = set()
    for children in Path("/proc/self/task").glob("*/children"):
        with contextlib.suppress(OSError):
            pids.update(children.read_text().split())
    ticks = 0
    for pid in pids:
        with contextlib.suppress(OSError, IndexError, ValueError):
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            ticks += int(fields[11]) + int(fields[12])  # utime and stime
    return ticks / os.sysconf("SC_CLK_TCK")


def rss() -> int:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * PAGE


class CountedQueue:
    """aiosqlite's queue to its connection's thread, counting the calls put on it."""

    def __init__(self, queue: Any, counters: Counters) -> None:
        self.queue, self.counters = queue, counters

    def put_nowait(self, item: Any) -> None:
        self.counters.database_calls += 1
        self.queue.put_nowait(item)


def instrument(bot: CardiaBot, counters: Counters) -> None:
    """Count commits per operation by wrapping the bot's service and storage objects (not their code)."""
    storage = bot.storage
    assert storage is not None
    duels = bot.duels
    transaction = storage.transaction

    @contextlib.asynccontextmanager
    async def counted() -> AsyncIterator[Transaction]:
        async with transaction() as tx:
            yield tx
        operation = OPERATION.get()  # reached only once the transaction committed
        counters.commits["other" if operation is None else operation.name] += 1
        if operation is not None:
            operation.commits += 1

    storage.transaction = counted  # type: ignore[method-assign]
    if isinstance(storage.db, SqliteDatabase):
        # Every call on the connection's thread (one round trip) is put on aiosqlite's queue to it.
        connection = storage.db.db
        connection._tx = CountedQueue(connection._tx, counters)  # type: ignore[assignment]

    def named(name: str, method: Callable[..., Awaitable[Any]]) -> Callable[..., Any]:
        async def wrapper(*args: Any, **kwargs: Any) -> Any:
            decision = name in ("decide", "computer")  # a person's decision, or the computer's
            operation = Operation(name, args[0] if decision else None)
            token = OPERATION.set(operation)
            counters.calls[name] += 1
            try:
                result = await method(*args, **kwargs)
            except Refusal:
                counters.refused[name] += 1
                raise
            finally:
                OPERATION.reset(token)
            if decision:
                assert isinstance(result, Step) and operation.game_id is not None
                counters.decisions += 1
                counters.commits_per_decision[operation.commits] += 1
                counters.game_commits[operation.game_id] += operation.commits
                counters.game_decisions[operation.game_id] += 1
                if result.live.outcome is not None:
                    counters.finished.append(operation.game_id)
            return result

        return wrapper

    computer = bot.computer
    think = computer._think

    async def timed(live: LiveGame) -> Searched:
        started = time.perf_counter()
        searched = await think(live)
        counters.thoughts.append((time.perf_counter() - started, searched.seconds, searched.iterations))
        return searched

    computer._think = timed  # type: ignore[method-assign]
    duels.propose = named("propose", duels.propose)  # type: ignore[method-assign]
    duels.answer = named("answer", duels.answer)  # type: ignore[method-assign]
    duels.act = named("decide", duels.act)  # type: ignore[method-assign]
    duels.act_for_computer = named("computer", duels.act_for_computer)  # type: ignore[method-assign]
    duels.end = named("end", duels.end)  # type: ignore[method-assign]
    # The outbox's bookkeeping when no decision carried it (bot.ui.outbox): a commit of its own.
    storage.flush = named("flush", storage.flush)  # type: ignore[method-assign]
