"""The web pages' benchmark (``python -m bench.web_load``) runs end to end with tiny numbers and prints
every section of its report; nothing here looks at the timings."""

from __future__ import annotations

import io

from bench import web_load


def test_the_web_benchmark_runs_and_reports() -> None:
    out = io.StringIO()
    assert (
        web_load.main(["--watchers", "3", "--decisions", "2", "--pages", "3", "--poll", "0.05"], out=out) == 0
    )
    report = out.getvalue()
    for section in (
        "Cardia web pages benchmark",
        "machine: ",
        "setup: one live game, 3 watchers, poll 0.05 s",
        "the game's page (HTML)",
        "a board picture, cached",
        "first time, before anyone watched",
        "A live update, from a decision's commit:",
        "to each watcher's stream",
        "to its page, words and picture",
        "(n=6)",
        "the web process: ",
    ):
        assert section in report, (section, report)
