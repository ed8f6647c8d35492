"""Golden playthroughs: fixed random games of many setups must keep giving exactly the reviewed states.

They catch unintended changes anywhere in the engine; see tests/golden/regenerate.py for how they are made
and when to regenerate them.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import parse_record, replay, state
from tests.golden.regenerate import steps_of

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
NAMES = sorted(path.name.removesuffix(".record.json") for path in GOLDEN.glob("*.record.json"))


def test_there_are_golden_playthroughs() -> None:
    assert len(NAMES) >= 12


@pytest.mark.parametrize("name", NAMES)
def test_golden_playthrough(name: str) -> None:
    record = parse_record((GOLDEN / f"{name}.record.json").read_text())
    expected = json.loads((GOLDEN / f"{name}.state.json").read_text())
    assert state(replay(record)) == expected
    assert expected["status"] == "finished"


@pytest.mark.parametrize("name", NAMES)
def test_golden_playthrough_step_by_step(name: str) -> None:
    """Every step as reviewed: the pending decisions, each player's view, the public view, the events each
    was told (tests/golden/regenerate.py). The first step that changed is named."""
    record = json.loads((GOLDEN / f"{name}.record.json").read_text())
    expected = json.loads((GOLDEN / f"{name}.steps.json").read_text())
    steps = json.loads(json.dumps(steps_of(record), ensure_ascii=False))
    assert len(steps) == len(record["actions"]) + 1 == len(expected)
    for number, (step, reviewed) in enumerate(zip(steps, expected, strict=True)):
        for part in ("action", "pending", "views", "events"):
            assert step[part] == reviewed[part], f"{name}, step {number} ({part}) changed"
