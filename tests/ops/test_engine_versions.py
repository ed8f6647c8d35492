"""bench.engine_versions: an earlier commit's engine taken out of git and measured beside today's, with
tiny numbers; nothing here looks at the timings."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from bench import engine_versions


def test_an_earlier_engine_is_measured_beside_today_s(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(engine_versions, "CACHE", tmp_path / "cache")
    out = io.StringIO()
    arguments = ["--rounds", "1", "--games", "30", "--search", "1", "--modes", "interpreted"]
    assert engine_versions.main(arguments, out=out) == 0
    report = out.getvalue()
    assert "5fc1c81 (before) against the working tree (now)" in report
    for measure in ("Deck I games/s", "every setup games/s", "search iterations/s"):
        line = next(line for line in report.splitlines() if line.startswith(f"interpreted  {measure}"))
        assert line.rstrip().endswith("x"), line
    taken_out = next((tmp_path / "cache").glob("*/*/interpreted"))
    assert (taken_out / "engine" / "game.py").exists() and not list(taken_out.rglob("*.so"))


def test_a_commit_that_is_not_there_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(engine_versions, "CACHE", tmp_path / "cache")
    assert (
        engine_versions.main(["--against", "no-such-commit", "--modes", "interpreted"], out=io.StringIO())
        == 1
    )
    error = capsys.readouterr().err
    assert error.startswith("bench.engine_versions: git rev-parse") and error.count("\n") == 1
    assert not (tmp_path / "cache").exists()


def test_an_earlier_engine_s_instructions_are_counted_beside_today_s(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(engine_versions, "CACHE", tmp_path / "cache")
    out = io.StringIO()
    arguments = ["--count", "--games", "1", "--search", "0", "--modes", "interpreted"]
    assert engine_versions.main(arguments, out=out) == 0
    report = out.getvalue()
    assert "Instructions (callgrind): 5fc1c81 (before) against the working tree (now)" in report
    for workload in ("1 Deck I games", "1 every setup games"):
        line = next(line for line in report.splitlines() if line.startswith(f"interpreted  {workload}"))
        before, now, fewer = line.split()[-3:]
        # A game is hundreds of thousands of instructions, each version's start left out.
        assert int(before.replace(",", "")) > 100_000 and int(now.replace(",", "")) > 100_000, line
        assert fewer.endswith("x") and float(fewer[:-1]) > 0, line
