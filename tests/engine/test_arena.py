"""engine.arena: a level as it was (``hard@1200``), the pairings the command takes, and a short run's
report (the arena asserts nothing itself: it prints figures)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from engine.arena import level_of, run
from engine.player import LEVELS
from tests.helpers import ROOT


def test_a_level_at_another_number_of_iterations_is_otherwise_that_level() -> None:
    assert level_of("hard") is LEVELS["hard"]
    older = level_of("hard@1200")
    assert older.iterations == 1200 and older.tree and older.both_sides and older.name == "hard"
    assert level_of("normal@30").iterations == 30 and not level_of("normal@30").tree


@pytest.mark.parametrize("pairings", ["hard@:random", "easy@40:random", "hard@0:easy", "hard@x:easy", "hard"])
def test_a_bad_pairing_is_one_line_and_changes_nothing(pairings: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "engine", "arena", "--games", "1", "--pairings", pairings],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert (
        done.stderr.strip()
        .splitlines()[-1]
        .endswith("--pairings: A:B pairs of random, easy, normal, hard (or a level@iterations: hard@2400)")
    )


def test_a_short_run_reports_each_pairing_and_the_decision_times(capsys: pytest.CaptureFixture[str]) -> None:
    run(2, ["hard@30:random"], workers=1, seed=3)
    report = capsys.readouterr().out
    assert "engine compiled" in report.splitlines()[0]
    assert "hard@30 vs random" in report
    assert "hard@30 " in report.split("decision times")[1]
