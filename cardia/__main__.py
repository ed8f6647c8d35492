"""``cardia JOB ...`` (or ``python -m cardia JOB ...``): routes to the program that does the job."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence

#: The engine's command line: its jobs, by the name it takes them under.
ENGINE_JOBS = ("play", "replay", "move", "arena", "calibrate", "bench")

USAGE = """usage: cardia JOB [options]

  play                 a game against the computer in this terminal (no Discord, no token)
  replay RECORD.json   the state a game record leads to (JSON); --step: step through it here
  move RECORD.json     the computer player's answer to a pending decision
  review RECORD.json   a review of one seat's decisions (--seat p1|p2), and its chart as a PNG
  arena                the computer player's strength, measured
  calibrate            how well the review's chances of winning come true, measured
  bench                the engine's speed, measured
  bot [--sync]         run the Discord bot (DISCORD_TOKEN); `cardia bot health` checks a running one
  records recompute    rebuild the ratings from the finished games
  store copy FROM TO   copy every game between SQLite and PostgreSQL
  web                  the games' pages on the web, live (CARDIA_WEB_SECRET); `cardia web health`

`cardia JOB --help` tells the options of each."""


def _engine(argv: list[str]) -> int:
    from engine.__main__ import main

    return main(argv, prog="cardia")


def _review(argv: list[str]) -> int:
    from terminal.review import main

    return main(argv)


def _bot(argv: list[str]) -> int:
    from bot.__main__ import main

    return main(argv)


def _records(argv: list[str]) -> int:
    from bot.services.records.cli import main

    return main(argv)


def _store(argv: list[str]) -> int:
    from bot.store.__main__ import main

    return main(argv)


def _web(argv: list[str]) -> int:
    from web.__main__ import main

    return main(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in ("-h", "--help", "help"):
        print(USAGE)
        return 0 if args else 2
    job, rest = args[0], args[1:]
    routes: dict[str, Callable[[list[str]], int]] = {
        "review": _review,
        "bot": _bot,
        "records": _records,
        "store": _store,
        "web": _web,
    }
    if job not in ENGINE_JOBS and job not in routes:
        print(f"cardia: unknown job {job!r}; `cardia --help` lists them", file=sys.stderr)
        return 2
    try:
        return _engine([job, *rest]) if job in ENGINE_JOBS else routes[job](rest)
    except KeyboardInterrupt:  # Ctrl-C: stopped as asked (a game saves its record first), no traceback
        return 130


if __name__ == "__main__":
    sys.exit(main())
