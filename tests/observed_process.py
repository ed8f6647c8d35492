"""``python -m tests.observed_process OBSERVED API GATEWAY [python -m bot arguments]``: ``emulator.process``
(the real ``python -m bot`` against the emulator) with what a test in another process waits on, written to
files next to ``OBSERVED`` (``tests.processes.BotProcess``):

- ``OBSERVED.scans``: a byte as each timer scan ends, so the test counts scans rather than waits for time;
- ``OBSERVED.idle``: on SIGUSR1, a byte once the bot is idle: its start-up's repair done (what a stopped
  process left unposted, the computer's duels resumed), no interaction in flight (its guard), no game
  thought about (its computer), no update of a channel (its reconciler).
"""

from __future__ import annotations

import asyncio
import signal
import sys
from pathlib import Path
from typing import Any

from bot.app import CardiaBot
from bot.services.timers import Timers
from emulator.process import main

_REPORTS: set[asyncio.Task[None]] = set()  # held here: the loop keeps only a weak reference


def count_scans(scans: Path) -> None:
    tick = Timers.tick

    async def counted(self: Timers, *args: Any, **kwargs: Any) -> Any:
        try:
            return await tick(self, *args, **kwargs)
        finally:
            with scans.open("ab") as file:
                file.write(b".")

    Timers.tick = counted  # type: ignore[method-assign]


async def idle(bot: CardiaBot) -> None:
    """Until the bot's start-up repair is done and nothing is in flight in it."""
    started = [task for task in (bot._recovery, bot._resume) if task is not None]
    if started:
        await asyncio.wait(started)
    while True:
        await asyncio.gather(bot.guard.idle(), bot.computer.idle(), bot.reconciler.idle())
        if bot.guard.in_flight == 0 and not bot.computer.busy and not bot.reconciler.updating:
            return


def report_idle(idle_file: Path) -> None:
    setup_hook = CardiaBot.setup_hook

    async def reporting(self: CardiaBot) -> None:
        await setup_hook(self)

        async def report() -> None:
            await idle(self)
            with idle_file.open("ab") as file:
                file.write(b".")

        def asked() -> None:
            task = asyncio.get_running_loop().create_task(report())
            _REPORTS.add(task)
            task.add_done_callback(_REPORTS.discard)

        asyncio.get_running_loop().add_signal_handler(signal.SIGUSR1, asked)

    CardiaBot.setup_hook = reporting  # type: ignore[method-assign]


if __name__ == "__main__":
    observed = Path(sys.argv[1])
    count_scans(observed.with_suffix(".scans"))
    report_idle(observed.with_suffix(".idle"))
    sys.exit(main(sys.argv[2:]))
