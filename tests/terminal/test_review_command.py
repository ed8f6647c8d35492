"""``cardia review``: reads its record as ``replay`` does (at most a record's size, ``-`` for standard input),
and refuses a chart it could not write before the review runs; one line and exit 2 for what is wrong."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

import terminal.review
from engine import Game, Setup
from engine.bench import play_random
from terminal.review import main

ROOT = Path(__file__).resolve().parents[2]
TOO_LARGE = "record: a record is at most 1,000,000 bytes (a game's is far smaller)\n"


def _record(actions: int | None = None) -> str:
    setup = Setup.model_validate({"deck": "I", "seed": 12})
    played = play_random(Game(setup), random.Random(3))[:actions]
    return json.dumps(
        {
            "format": "cardia-replay/1",
            "setup": setup.model_dump(mode="json"),
            "actions": [{"player": player, "choose": choose} for player, choose in played],
        }
    )


@pytest.fixture
def no_review(monkeypatch: pytest.MonkeyPatch) -> None:
    """The review must not start: what is refused is refused first."""

    def started(*_: object, **__: object) -> None:
        pytest.fail("the review ran")

    monkeypatch.setattr(terminal.review, "review", started)


def test_a_record_larger_than_a_record_is_not_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], no_review: None
) -> None:
    chart = str(tmp_path / "c.png")
    assert (
        main(["/dev/zero", "--seat", "p1", "--chart", chart]) == 2
    )  # endless: read no further than the limit
    assert capsys.readouterr().err == TOO_LARGE
    huge = tmp_path / "huge.json"
    huge.write_bytes(b" " * 2_000_000)
    assert main([str(huge), "--seat", "p1", "--chart", chart]) == 2
    assert capsys.readouterr().err == TOO_LARGE
    assert main([str(tmp_path / "none.json"), "--seat", "p1", "--chart", chart]) == 2
    assert capsys.readouterr().err == f"cannot read {tmp_path / 'none.json'} (No such file or directory)\n"


@pytest.mark.parametrize(
    ("chart", "reason"),
    [("missing/c.png", "there is no folder {tmp}/missing"), (".", "it is a folder")],
)
def test_a_chart_that_cannot_be_written_is_refused_before_the_review(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], no_review: None, chart: str, reason: str
) -> None:
    record = tmp_path / "game.json"
    record.write_text(_record())
    target = tmp_path / chart if chart != "." else tmp_path
    assert main([str(record), "--seat", "p1", "--chart", str(target)]) == 2
    why = reason.format(tmp=tmp_path)
    said = f"Cannot write the chart to {target}: {why}. Choose another place with --chart.\n"
    assert capsys.readouterr().err == said


def test_a_record_that_cannot_be_read_is_named_not_its_default_chart(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], no_review: None
) -> None:
    """Without --chart the chart goes beside the record: a record in a missing folder is the problem
    named, not the chart no one asked for."""
    missing = tmp_path / "nope" / "x.json"
    assert main([str(missing), "--seat", "p1"]) == 2
    assert capsys.readouterr().err == f"cannot read {missing} (No such file or directory)\n"


def test_the_seed_is_the_games_unless_given(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without --seed the review is seeded from the game, as the bot's and the terminal game's are."""
    seeds: list[int | None] = []

    def reviewing(record: object, seat: str, seed: int | None = None) -> None:
        seeds.append(seed)
        raise SystemExit(0)

    monkeypatch.setattr(terminal.review, "review", reviewing)
    record = tmp_path / "game.json"
    record.write_text(_record())
    for given in ([], ["--seed", "7"]):
        with pytest.raises(SystemExit):
            main([str(record), "--seat", "p2", "--chart", str(tmp_path / "c.png"), *given])
    assert seeds == [None, 7]


def test_the_record_from_standard_input(tmp_path: Path) -> None:
    chart = tmp_path / "chart.png"
    finished = subprocess.run(
        [
            sys.executable,
            "-m",
            "cardia",
            "review",
            "-",
            "--seat",
            "p1",
            "--chart",
            str(chart),
            "--language",
            "en",
        ],
        input=_record(actions=6),
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert finished.returncode == 0, finished.stderr
    assert chart.read_bytes().startswith(b"\x89PNG") and str(chart) in finished.stdout.replace("\n", "")
