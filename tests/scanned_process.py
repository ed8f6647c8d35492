"""``python -m tests.scanned_process SCANS API GATEWAY [python -m bot arguments]``: ``emulator.process``
(the real ``python -m bot`` against the emulator) with each timer scan counted, one byte appended to the
file ``SCANS`` as the scan ends, so a test in another process waits for scans rather than for time
(``tests.processes.BotProcess.scanned``)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from bot.services.timers import Timers
from emulator.process import main


def count_scans(scans: Path) -> None:
    tick = Timers.tick

    async def counted(self: Timers, *args: Any, **kwargs: Any) -> Any:
        try:
            return await tick(self, *args, **kwargs)
        finally:
            with scans.open("ab") as file:
                file.write(b".")

    Timers.tick = counted  # type: ignore[method-assign]


if __name__ == "__main__":
    count_scans(Path(sys.argv[1]))
    sys.exit(main(sys.argv[2:]))
