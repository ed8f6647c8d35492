"""The bot processes of the load benchmark: ``bench.bot_process`` started once, or once per shard
(``--processes N``: the bot's N shards, one process each, sharing one database), and driven through JSON
lines. :func:`merged` adds up what several processes report, so the figures read as one bot.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from emulator import Emulator

ROOT = Path(__file__).resolve().parent.parent


class BotProcess:
    """``bench.bot_process``: the bot in its own process, and the JSON-lines channel to it."""

    def __init__(self, process: asyncio.subprocess.Process, log: Path) -> None:
        self.process = process
        self.log = log

    @classmethod
    async def start(
        cls, emulator: Emulator, database: Path | str, log: Path, shard: tuple[int, int] | None = None
    ) -> BotProcess:
        """The bot on ``database``; with ``shard`` (this one, of how many), on that shard only."""
        sharding = () if shard is None else ("--shard", str(shard[0]), "--shards", str(shard[1]))
        return await cls.spawn("bench.bot_process", ("--database", str(database), *sharding), emulator, log)

    @classmethod
    async def spawn(cls, module: str, arguments: Sequence[str], emulator: Emulator, log: Path) -> BotProcess:
        """``python -m module`` pointed at the emulator, once it says it is ready."""
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH")) if p)
        with log.open("wb") as stderr:
            process = await asyncio.create_subprocess_exec(
                *(sys.executable, "-m", module, *arguments),
                *("--api", emulator.api_url, "--gateway", emulator.gateway_url),
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                stderr=stderr,
                cwd=ROOT,
                env=env,
                limit=1 << 24,
            )
        bot = cls(process, log)
        ready = await bot._read(60.0)
        if ready.get("event") != "ready":
            raise RuntimeError(f"the bot process did not start: {ready}")
        return bot

    async def _read(self, timeout: float) -> dict[str, Any]:
        assert self.process.stdout is not None
        line = await asyncio.wait_for(self.process.stdout.readline(), timeout)
        if not line:
            tail = self.log.read_text(errors="replace")[-3000:]
            raise RuntimeError(f"the bot process exited (status {self.process.returncode}):\n{tail}")
        answer: dict[str, Any] = json.loads(line)
        return answer

    async def call(self, command: str, timeout: float = 300.0, **arguments: Any) -> dict[str, Any]:
        assert self.process.stdin is not None
        self.process.stdin.write((json.dumps({"cmd": command, **arguments}) + "\n").encode())
        await self.process.stdin.drain()
        answer = await self._read(timeout)
        if not answer.pop("ok", False):
            raise RuntimeError(f"the bot process failed on {command}: {answer.get('error')}")
        return answer

    async def stop(self) -> None:
        if self.process.returncode is None:
            with contextlib.suppress(Exception):
                assert self.process.stdin is not None
                self.process.stdin.write(b'{"cmd": "quit"}\n')
                await self.process.stdin.drain()
            try:
                await asyncio.wait_for(self.process.wait(), 20)
            except TimeoutError:
                self.process.kill()
                await self.process.wait()


class Bots:
    """One bot process per shard (or one for the whole bot), asked the same thing at once."""

    def __init__(self, processes: list[BotProcess]) -> None:
        self.processes = processes

    @classmethod
    async def start(cls, emulator: Emulator, database: Path | str, logs: Path, count: int) -> Bots:
        if count == 1:
            return cls([await BotProcess.start(emulator, database, logs / "bot.log")])
        processes = []
        try:
            for shard in range(count):  # one at a time: the first creates the tables
                log = logs / f"bot-{shard}.log"
                processes.append(await BotProcess.start(emulator, database, log, (shard, count)))
        except BaseException:
            await cls(processes).stop()
            raise
        return cls(processes)

    @property
    def first(self) -> BotProcess:
        return self.processes[0]

    async def call(self, command: str, timeout: float = 300.0, **arguments: Any) -> list[dict[str, Any]]:
        return list(await asyncio.gather(*(p.call(command, timeout, **arguments) for p in self.processes)))

    async def stop(self) -> None:
        await asyncio.gather(*(p.stop() for p in self.processes))

    def errors(self) -> list[str]:
        return [
            line
            for process in self.processes
            for line in process.log.read_text(errors="replace").splitlines()
            if "Traceback" in line or "rror" in line
        ]


def merged(answers: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """What the processes answered, as one bot's: counts and CPU added up, clocks and durations (they ran
    side by side) the latest."""
    if len(answers) == 1:
        return answers[0]

    def add(values: Sequence[Any]) -> Any:
        if isinstance(values[0], dict):
            keys = {key for value in values for key in value}
            return {key: add([value[key] for value in values if key in value]) for key in keys}
        if isinstance(values[0], list):
            return [item for value in values for item in value]
        if isinstance(values[0], str):  # the same for all (the event loop's kind)
            return values[0]
        return sum(values)

    combined: dict[str, Any] = add(answers)
    for clock in ("wall", "seconds"):
        if clock in combined:
            combined[clock] = max(answer[clock] for answer in answers)
    return combined
