"""The real ``python -m bot`` in child processes against the loopback Discord: started, killed (SIGKILL,
or SIGTERM as ``docker stop`` does) at a chosen request, and started again. Shared by the crash test
(tests/bot/test_killed_and_stopped.py) and the several-process tests (tests/ops/test_processes.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
from collections.abc import Awaitable, Callable, Iterable
from pathlib import Path

from bot.ui.posted import BOARD_MARK
from emulator import Emulator, Interaction, Message, RecordedRequest
from emulator.gateway import GatewaySession

ROOT = Path(__file__).resolve().parents[1]
CALLBACK = "/interactions/{interaction_id}/{interaction_token}/callback"


class BotProcess:
    """``python -m bot`` (through ``emulator.process``) in a child process.

    ``database`` is a SQLite file or a ``postgresql://`` URL; ``shards`` (shard count, this process's
    shard ids as ``CARDIA_SHARD_IDS`` spells them) runs it on some shards of several; ``settings`` are
    more ``CARDIA_*`` variables (``TIMER_TICK`` is an hour unless given). It runs through
    ``tests.observed_process``: its timer scans are counted (:attr:`scanned`), and it tells when it is idle
    (:meth:`settled`).
    """

    def __init__(
        self,
        emulator: Emulator,
        database: str | Path,
        log: Path,
        *,
        shards: tuple[int, str] | None = None,
        settings: dict[str, str] | None = None,
    ) -> None:
        self.emulator = emulator
        self.database = str(database)
        self.log = log
        self.scans = log.with_suffix(".scans")  # a byte per timer scan ended
        self.idle = log.with_suffix(".idle")  # a byte per idle reported (SIGUSR1 asks)
        self.shards = shards
        self.settings = {"TIMER_TICK": "3600"} | (settings or {})
        self.process: asyncio.subprocess.Process | None = None
        self.starts = 0
        self.gateways: list[GatewaySession] = []  # its sessions, since it last started

    @property
    def sessions(self) -> int:
        """The gateway connections the process opens: one per shard it runs."""
        if self.shards is None:
            return 1
        count = 0
        for part in self.shards[1].split(","):
            low, _, high = part.partition("-")
            count += int(high or low) - int(low) + 1
        return count

    async def start(self, *arguments: str) -> None:
        before = set(map(id, self.emulator.gateways))
        env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "CARDIA_"))}
        env |= {
            "DISCORD_TOKEN": "emulated-bot-token",
            "CARDIA_DATABASE": self.database,
            "PYTHONPATH": str(ROOT),
        }
        env |= {f"CARDIA_{name}": value for name, value in self.settings.items()}
        if self.shards is not None:
            env |= {"CARDIA_SHARD_COUNT": str(self.shards[0]), "CARDIA_SHARD_IDS": self.shards[1]}
        with self.log.open("a") as log:
            self.process = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "tests.observed_process",
                str(self.log.with_suffix("")),
                self.emulator.api_url,
                self.emulator.gateway_url,
                *arguments,
                env=env,
                cwd=self.log.parent,
                stdout=log,
                stderr=log,
            )
        self.starts += 1
        await self.emulator.wait_for(
            lambda: sum(s.ready and id(s) not in before for s in self.emulator.gateways) >= self.sessions,
            timeout=30,
            what="the bot process to connect",
        )
        self.gateways = [s for s in self.emulator.gateways if s.ready and id(s) not in before]

    @property
    def scanned(self) -> int:
        """The timer scans the process has ended so far."""
        return _bytes(self.scans)

    async def scan_twice(self, timeout: float = 15.0) -> None:
        """Wait until the process has ended two more timer scans: the second began after this call, so
        whatever was due now has been sent, and nothing that a scan already running found is still on
        its way (a scan sends what it finds before it ends)."""
        start = self.scanned
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while self.scanned < start + 2:
            if loop.time() > deadline:
                raise AssertionError(f"{self.log.name}: not two timer scans within {timeout} s")
            await asyncio.sleep(0.01)

    async def settled(self, timeout: float = 15.0) -> None:
        """Wait until the process is idle (its start-up's repair done, no interaction, computer's decision
        or update of a channel in flight: ``tests.observed_process``), or has ended (killed meanwhile)."""
        process = self.process
        if process is None or process.returncode is not None:
            return
        reported = _bytes(self.idle)
        with contextlib.suppress(ProcessLookupError):
            process.send_signal(signal.SIGUSR1)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while _bytes(self.idle) == reported and process.returncode is None:
            if loop.time() > deadline:
                raise AssertionError(f"{self.log.name}: not idle within {timeout} s")
            await asyncio.sleep(0.01)

    async def send(self, interaction: Interaction, timeout: float = 5.0) -> Interaction:
        """Send ``interaction`` to this process alone (of two running the same shards) and wait for its
        acknowledgement."""
        await self.emulator.inject(interaction, session=self.gateways[0])
        return await interaction.wait_response(timeout)

    def children(self) -> set[int]:
        """The process ids of its children now (Linux): its picture and computer workers, and
        multiprocessing's resource tracker."""
        assert self.process is not None
        found: set[int] = set()
        for listing in Path(f"/proc/{self.process.pid}/task").glob("*/children"):
            with contextlib.suppress(OSError):
                found |= {int(pid) for pid in listing.read_text().split()}
        return found

    def kill(self, signum: int = signal.SIGKILL) -> None:
        if self.process is not None and self.process.returncode is None:
            os.kill(self.process.pid, signum)

    def kill_on(self, matches: Callable[[RecordedRequest], bool], signum: int) -> None:
        """Send ``signum`` to the bot as soon as the emulator has handled a request that ``matches``."""

        def hook(request: RecordedRequest) -> None:
            if matches(request) and self.process is not None and self.process.returncode is None:
                self.emulator.hooks.remove(hook)
                self.kill(signum)

        self.emulator.hooks.append(hook)

    async def stopped(self, timeout: float = 15.0) -> int:
        """Wait for the process to end (killed, or stopping by itself after SIGTERM)."""
        assert self.process is not None
        code = await asyncio.wait_for(self.process.wait(), timeout)
        self.process = None
        return code

    async def close(self) -> None:
        if self.process is not None and self.process.returncode is None:
            self.process.send_signal(signal.SIGTERM)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.process.wait(), 15)
            if self.process.returncode is None:
                self.process.kill()
                await self.process.wait()


def _bytes(path: Path) -> int:
    try:
        return path.stat().st_size
    except FileNotFoundError:
        return 0


def callback_of(interaction: Interaction) -> Callable[[RecordedRequest], bool]:
    """Matches the bot's answer to ``interaction``."""
    return lambda request: (
        request.template == CALLBACK and request.params.get("interaction_id") == str(interaction.id)
    )


async def eventually(missing: Callable[[], Awaitable[str]], timeout: float = 15.0) -> None:
    """Wait until ``missing()`` says nothing is missing (an empty string): for what the bot does after
    an interaction's answer (its posts), which a busy machine may delay past any quiet spell."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        still = await missing()
        if not still:
            return
        if loop.time() > deadline:
            raise AssertionError(f"after {timeout} s, still missing: {still}")
        await asyncio.sleep(0.02)


def shown_boards(messages: Iterable[Message]) -> list[tuple[int, int, Message]]:
    """(game, revision, message) of every board among ``messages``, in their order: its Discard piles
    button carries the game and the revision it shows (``bot.ui.posted.BOARD_MARK``)."""
    return [
        (int(mark[1]), int(mark[2]), message)
        for message in messages
        for custom_id in message.custom_ids
        if (mark := BOARD_MARK.fullmatch(custom_id))
    ]
