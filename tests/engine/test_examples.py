"""The worked records of docs/examples, through the real command line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"


def _replay(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "engine", "replay", *args], capture_output=True, text=True, check=False
    )


def _normalised(state: dict[str, Any]) -> dict[str, Any]:
    """Options are a set and kinds are the engine's own names (examples/README.md)."""
    for decision in state["pending"]:
        decision["options"] = sorted(decision["options"])
        decision.pop("kind")
    return state


@pytest.mark.parametrize(
    ("record", "at", "expected"),
    [
        ("deck1-full-game.record.json", None, "deck1-full-game.state.json"),
        ("deck1-full-game.record.json", 2, "deck1-full-game.at2.state.json"),
    ],
)
def test_example_state(record: str, at: int | None, expected: str) -> None:
    args = [str(EXAMPLES / record)] + ([] if at is None else ["--at", str(at)])
    result = _replay(*args)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    want = json.loads((EXAMPLES / expected).read_text())
    assert _normalised(json.loads(result.stdout)) == _normalised(want)


def test_example_illegal_action() -> None:
    result = _replay(str(EXAMPLES / "illegal-action.record.json"))
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("action 3: ")
