"""The capacity benchmark (``python -m bench.capacity``) runs end to end with tiny numbers, on a
PostgreSQL server it starts itself, and prints every section of its report and the plan; nothing here
looks at the timings. What it names as saturated is decided from the parts' CPU, checked on made-up
steps."""

from __future__ import annotations

import asyncio
import io
import json
import time
from pathlib import Path

import asyncpg
import pytest

from bench import capacity
from bench.capacity import PostgresCpu, Setup, Step
from tests.postgres import PostgresServer


def test_capacity_benchmark_runs_and_reports(tmp_path: Path) -> None:
    out = io.StringIO()
    arguments = ["--processes", "1,2", "--duels", "6", "--seconds", "1", "--rate", "10", "--max-rate", "10"]
    arguments += [
        "--target-ms",
        "10000",
        "--advance",
        "4",
        "--warmup",
        "0.5",
    ]  # every rate holds, however busy the machine
    arguments += ["--computer-games", "1", "--computer-level", "normal"]
    arguments += ["--workers", "1", "--queue-shares", "0.5", "--queue-seconds", "1"]
    arguments += ["--save", str(tmp_path / "figures.json")]
    assert capacity.main(arguments, out=out) == 0
    report = out.getvalue()
    for section in (
        "Cardia capacity benchmark",
        "engine: ",
        "The bot on one PostgreSQL",
        "1 bot process, a shard each: 6 duels",
        "2 bot processes, a shard each: 6 duels",
        "highest rate held with p99 <= 10000 ms",
        "CPU per interaction at the highest rate held",
        "requests/interaction",
        "memory per duel held (1 process",
        "The computer: normal against normal",
        "CPU per searched decision on one core",
        "decisions asked at Poisson arrivals",
        "The capacity plan from these figures",
        "one bot process, a core of its own",
        "one PostgreSQL core",
        "100,000 servers:",
    ):
        assert section in report, f"{section!r} missing from:\n{report}"
    lines = report.splitlines()
    # Each setup's row of its climb has every part's CPU: each bot process's, the workers', PostgreSQL's,
    # the driver's, the whole machine's and the rest of it.
    header = lines.index(next(line for line in lines if line.strip().startswith("highest rate held")))
    rows = {line.split()[0]: line.split() for line in lines[header + 2 : header + 4]}
    assert set(rows) == {"1", "2"}, report
    assert len(rows["2"][4].split("+")) == 2, rows  # a CPU share for each of the two processes
    assert "bot process log:" not in report, report  # no errors logged by the bots
    # The figures saved give the same plan again without measuring anything (as when the computer is
    # measured again alone).
    again = io.StringIO()
    saved = ["--processes", "none", "--computer-games", "0", "--reuse", str(tmp_path / "figures.json")]
    assert capacity.main(saved, out=again) == 0
    plan = report[report.index("The capacity plan") :].splitlines()[:-1]  # the load average differs
    assert again.getvalue()[again.getvalue().index("The capacity plan") :].splitlines()[:-1] == plan
    assert (
        "The bot: its figures from" in again.getvalue()
        and "The computer: its figures from" in again.getvalue()
    )


def step(bots: list[float], postgres: float = 0.1, driver: float = 0.2, busy: float = 1.0) -> Step:
    return Step(100, 2000, 20.0, 20.0, 0.01, 0.2, 0.3, 0, 0, 1000, bots, 0.05, postgres, driver, busy)


@pytest.mark.parametrize(
    ("failed", "named"),
    [
        (step([0.95], busy=1.95), "the machine: 1.95 of 2 cores busy (most: the bot processes, 0.95)"),
        (step([0.95, 0.3], busy=1.5), "the bot's core: bot process 0 95%"),
        (step([0.5], postgres=0.9, busy=1.6), "the database: PostgreSQL at 90% of a core"),
        (step([0.5], driver=0.9, busy=1.6), "the driver (the instrument): 90% of a core"),
        (step([0.5], busy=1.0), "no core full: waits"),
    ],
)
def test_the_part_that_saturated_is_named_from_its_cpu(failed: Step, named: str) -> None:
    setup = Setup(len(failed.bots), steps=[failed], failed=failed)
    assert setup.saturated(cores=2).startswith(named)


def test_bad_options_get_one_line_and_run_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    bad: list[list[str]] = [["--processes", "0"], ["--step", "1"], ["--headroom", "0"], ["--workers", "x"]]
    bad += [["--reuse", "/"], ["--warmup", "-1"]]
    for arguments in bad:
        with pytest.raises(SystemExit) as exited:
            capacity.main(arguments)
        assert exited.value.code == 2
        error = capsys.readouterr().err.strip().splitlines()[-1]
        assert error.startswith("usage: ") or "error: " in error, error


def test_postgresql_cpu_counts_the_connections_that_ended(postgres_server: PostgresServer) -> None:
    """A connection's server process ends with it: its CPU is still PostgreSQL's (the postmaster's
    children's, once it has waited for them)."""
    cpu = PostgresCpu(postgres_server.data)

    async def work() -> int:
        connection = await asyncpg.connect(postgres_server.dsn())
        pid = int(await connection.fetchval("SELECT pg_backend_pid()"))
        await connection.fetchval("SELECT count(*) FROM generate_series(1, 5000000)")
        await connection.close()
        return pid

    before = cpu.seconds()
    pid = asyncio.run(work())
    waited = time.monotonic() + 30
    while Path(f"/proc/{pid}").exists():  # until the postmaster has waited for it (no zombie left)
        assert time.monotonic() < waited, "the connection's server process never ended"
        time.sleep(0.01)
    assert cpu.seconds() - before >= 0.05  # five million rows counted: far more than a tick of CPU


def test_a_setup_that_fails_is_reported_and_the_others_still_count(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    async def measured(args: object, server: object, processes: int, memory: bool, out: object) -> Setup:
        if processes == 2:
            raise TimeoutError("an Accept went unanswered")
        return Setup(processes, steps=[step([0.3])], held=step([0.3]))

    monkeypatch.setattr(capacity, "measure_setup", measured)
    out = io.StringIO()
    figures = tmp_path / "figures.json"
    arguments = ["--processes", "1,2", "--computer-games", "0", "--save", str(figures)]
    assert capacity.main(arguments, out=out) == 0
    report = out.getvalue()
    assert (
        "2 bot processes: the setup failed, not measured: TimeoutError('an Accept went unanswered')" in report
    )
    assert "one bot process, a core of its own: " in report, report  # the plan, from the setup measured
    assert [setup["processes"] for setup in json.loads(figures.read_text())["setups"]] == [1]
