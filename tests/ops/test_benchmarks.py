"""The bot's load benchmark (``python -m bench.bot_load``) and the pictures' (``python -m bench.pictures``)
run end to end with tiny numbers and print every section of their reports; nothing here looks at the
timings."""

from __future__ import annotations

import io
import re
import sys
import sysconfig
from pathlib import Path

import pytest

from bench import bot_load, click, floor, pictures, report
from tests.postgres import PostgresServer, new_postgres_database


def test_bot_load_benchmark_runs_and_reports(tmp_path: Path) -> None:
    out = io.StringIO()
    arguments = ["--duels", "6", "--rate", "20", "--seconds", "2", "--advance", "6"]
    arguments += ["--profile", str(tmp_path / "bot.prof"), "--floor"]
    status = bot_load.main(
        [*arguments, "--computer", "2", "--computer-level", "easy", "--reviews", "1"], out=out
    )
    report = out.getvalue()
    assert status == 0
    for section in (
        "Cardia bot load benchmark",
        "setup: 6 duels",
        "duels against the computer: 2 of 6, level easy",
        "vs a person",
        "vs computer",
        "the computer during the load:",
        "Latency (interaction dispatched",
        "show hand",
        "Commits (counted",
        "commits per decision applied",
        "Processes during the load",
        "Memory per duel held in memory",
        "KB/duel",
        "pictures (boards and hands, PNG):",
        "Profile of the bot process during the load",
        "bytes of JSON bodies per interaction",
        "The libraries' floor, just after",
    ):
        assert section in report, f"{section!r} missing from:\n{report}"
    # The calls counted by whose code they are: the bot's own, and the library it talks to Discord with.
    (calls,) = [line for line in report.splitlines() if "Python function calls per interaction" in line]
    assert "the bot's " in calls and "discord.py " in calls and "built-ins " in calls, calls
    assert "errors logged: 0" in report, report
    # The floor: the same traffic answered by a bot that does nothing else, every click answered, and
    # the bot's CPU per interaction split into the floor and its own code's.
    floor = report[report.index("The libraries' floor, just after") :]
    (everything,) = [line.split() for line in floor.splitlines() if line.strip().startswith("all ")]
    assert int(everything[1]) > 0 and everything[-2:] == ["0", "0"], floor  # none unanswered or deferred
    assert "floor bot process: CPU" in floor and "requests per interaction" in floor, floor
    (split,) = [line for line in floor.splitlines() if line.strip().startswith("the bot: ")]
    assert "= the libraries' floor " in split and "+ the bot's own code " in split, split


def test_floor_benchmark_runs_alone_and_reports() -> None:
    out = io.StringIO()
    assert floor.main(["--duels", "5", "--rate", "20", "--seconds", "1.5"], out=out) == 0
    report = out.getvalue()
    assert "The libraries' floor (bench.floor_bot" in report and "machine: " in report, report
    assert "show hand" in report and "decide" in report, report
    assert "ms of CPU per interaction" in report, report
    # Its traffic is the Cardia bot's, pictures and all (by default, as the bot's): each duel's boards in
    # a thread of its own, a PNG on each board and hand (counted, not timed).
    (line,) = [line for line in report.splitlines() if "floor bot process:" in line]
    found = re.search(r"([\d.]+) PNGs\); boards in (\d+) channels, (\d+) of them", line)
    assert found is not None, line
    pictures, channels, threads = found.groups()
    assert float(pictures) > 1.0 and int(channels) == int(threads) > 0, line
    out = io.StringIO()
    assert floor.main(["--duels", "5", "--rate", "20", "--seconds", "1.5", "--no-images"], out=out) == 0
    assert " 0.00 PNGs)" in out.getvalue(), out.getvalue()


def test_the_machine_line_tells_which_build_of_python_ran(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same code costs a tenth more CPU on some builds of Python: each report says which ran it."""
    maps = tmp_path / "maps"
    maps.write_text(
        "55d0c0a00000-55d0c0a01000 r--p 00000000 08:01 1 /usr/bin/python3.11\n"
        "7f00aa000000-7f00aa100000 r-xp 00000000 08:01 2 /usr/lib/x86_64-linux-gnu/libc.so.6\n"
        "7ffd1c000000-7ffd1c021000 rw-p 00000000 00:00 0 [stack]\n"
    )
    configure = {"CONFIG_ARGS": "'--prefix=/usr/local' '--enable-optimizations' '--with-lto'"}
    monkeypatch.setattr(sysconfig, "get_config_var", configure.get)
    executable = Path(sys.executable).resolve()
    linked_in = ", libpython linked in, configured with --enable-optimizations --with-lto"
    assert report.interpreter(maps) == f"{executable}{linked_in}"
    with maps.open("a") as more:
        more.write("7f00ab000000-7f00ab300000 r-xp 00000000 08:01 3 /opt/py/lib/libpython3.11.so.1.0\n")
    configure["CONFIG_ARGS"] = "'--prefix=/opt/py' '--enable-shared'"
    shared = ", libpython shared, configured without --enable-optimizations"
    assert report.interpreter(maps) == f"{executable}{shared}"
    assert (
        report.interpreter(tmp_path / "absent") == f"{executable}, configured without --enable-optimizations"
    )
    assert f"({report.interpreter()})" in report.machine()


def test_two_processes_share_the_load_and_find_max_reports_the_highest_rate(
    postgres_server: PostgresServer,
) -> None:
    import asyncio

    url = asyncio.run(new_postgres_database(postgres_server))
    out = io.StringIO()
    arguments = ["--duels", "6", "--rate", "10", "--seconds", "1.5", "--advance", "4", "--database", url]
    arguments += ["--processes", "2", "--find-max", "--step", "2", "--max-rate", "20"]
    status = bot_load.main(arguments, out=out)
    report = out.getvalue()
    assert status == 0
    assert "bot: 2 bot processes, a shard each, on PostgreSQL" in report, report
    rows = [line.split() for line in report.splitlines() if line.strip().startswith(("10 ", "20 "))]
    assert [row[0] for row in rows][:1] == ["10"], report
    assert "highest rate held" in report, report
    assert "bot process log: 0 error lines" in report, report


def test_several_processes_need_a_shared_database() -> None:
    with pytest.raises(SystemExit):
        bot_load.main(["--processes", "2"])
    with pytest.raises(SystemExit):
        bot_load.main(["--duels", "3", "--computer", "4"])


def test_click_benchmark_counts_each_click() -> None:
    out = io.StringIO()
    assert click.main([], out=out) == 0
    lines = out.getvalue().splitlines()
    assert lines[0].split()[1:] == [
        "Duels.live",
        "GuildSettingsStore.get",
        "Storage.settings",
        "Storage.match",
        "Storage.games",
    ]
    card = next(line for line in lines if line.startswith("a card in the hand: first card"))
    assert int(card.split()[-5]) >= 1, lines  # a card placed takes its game from the cache at least once


def test_pictures_benchmark_runs_and_reports(capsys: pytest.CaptureFixture[str]) -> None:
    assert pictures.main(["--positions", "4"]) == 0
    report = capsys.readouterr().out
    assert "4 positions" in report
    assert "board      4  CPU ms p50" in report and "hand       4  CPU ms p50" in report, report
