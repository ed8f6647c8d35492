"""The bot's worker processes (the pictures' and the computer's) end with the process that started them.

A bot that stops shuts its pools down; one that is killed (SIGKILL, the kernel's out-of-memory killer, a
crash of the interpreter) cannot, and its workers, waiting on a queue whose other end nobody will write
to again, would stay forever: about 90 MB each, two or more per start under a supervisor that restarts
the bot. So each worker watches its parent and exits once it is gone.
"""

from __future__ import annotations

import os
import threading
import time

#: Seconds between two looks at the parent: an orphaned worker lingers about that long.
WATCH_EVERY = 1.0


def start_worker() -> None:
    """A pool's initializer: the worker gives way to the bot's own process for the CPU (an answer of the
    computer or a picture may wait a few milliseconds, a player's click may not), and ends with it."""
    os.nice(10)
    end_with_parent()


def end_with_parent(every: float = WATCH_EVERY) -> None:
    """Exit this process once the one that started it is gone (it is then another's child: init's, or a
    subreaper's). A daemon thread looks once every ``every`` seconds; its work in between is nothing."""
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(every)
        os._exit(0)  # nothing of the worker's is worth keeping: its results had nobody to go to

    threading.Thread(target=watch, name="cardia-end-with-parent", daemon=True).start()
