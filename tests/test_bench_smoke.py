"""The bot's load benchmark (``python -m bench.bot_load``) runs end to end with tiny numbers and prints
every section of its report; nothing here looks at the timings."""

from __future__ import annotations

import io

from bench import bot_load


def test_bot_load_benchmark_runs_and_reports() -> None:
    out = io.StringIO()
    status = bot_load.main(["--duels", "5", "--rate", "20", "--seconds", "2", "--advance", "6"], out=out)
    report = out.getvalue()
    assert status == 0
    for section in (
        "Cardia bot load benchmark",
        "setup: 5 duels",
        "Latency (interaction dispatched",
        "show hand",
        "Commits (SQLite",
        "commits per decision applied",
        "Processes during the load",
        "Memory per duel held in memory",
        "KB/duel",
    ):
        assert section in report, f"{section!r} missing from:\n{report}"
    assert "errors logged: 0" in report, report
