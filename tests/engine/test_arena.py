"""engine.arena: a level as it was (``hard@1200``), the pairings the command takes, and a short run's
report (the arena asserts nothing itself: it prints figures)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from engine.arena import FORMER, level_of, run
from engine.player import LEVELS, choose
from engine.record import parse_record
from tests.helpers import ROOT

HARD_V1 = ROOT / "tests" / "golden" / "computer" / "hard-v1.json"


def test_a_level_at_another_number_of_iterations_is_otherwise_that_level() -> None:
    assert level_of("hard") is LEVELS["hard"]
    older = level_of("hard@1200")
    assert older.iterations == 1200 and older.tree and older.both_sides and older.name == "hard"
    assert level_of("normal@30").iterations == 30 and not level_of("normal@30").tree


def test_hard_v1_answers_as_hard_did_until_issue_33() -> None:
    """The former level the arena measures today's ``hard`` against is that level as it was: on six
    positions of every kind of setup, the same answers, visits and mean rewards as ``hard`` at commit
    1a42d55 (before issue 33), which wrote the golden file (positions drawn by ``engine.bench`` from
    seed 33, then ``choose(record, player, "hard", seed=5)``)."""
    import json

    for case in json.loads(HARD_V1.read_text()):
        searched = choose(parse_record(case["record"]), case["player"], FORMER["hard-v1"], seed=5)
        assert list(searched.answer) == case["answer"]
        tried = [[list(answer), visits, round(mean, 12)] for answer, visits, mean in searched.tried]
        assert tried == case["tried"]


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
        .endswith(
            "--pairings: A:B pairs of random, easy, normal, hard, hard-v1 (a former hard), hard-value"
            " or level@iterations (hard@2400)"
        )
    )


def test_a_short_run_reports_each_pairing_and_the_decision_times(capsys: pytest.CaptureFixture[str]) -> None:
    run(2, ["hard@30:random", "hard-value@30:hard@30"], workers=1, seed=3)
    report = capsys.readouterr().out
    assert "engine compiled" in report.splitlines()[0]
    assert "hard@30 vs random" in report and "hard-value@30 vs hard@30" in report
    assert "hard@30 " in report.split("decision times")[1]
