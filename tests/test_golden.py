"""Golden playthroughs: fixed random games of many setups must keep giving exactly the reviewed states.

They catch unintended changes anywhere in the engine; see tests/golden/regenerate.py for how they are made
and when to regenerate them.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import parse_record, replay, state

GOLDEN = Path(__file__).parent / "golden"
NAMES = sorted(path.name.removesuffix(".record.json") for path in GOLDEN.glob("*.record.json"))


def test_there_are_golden_playthroughs() -> None:
    assert len(NAMES) >= 12


@pytest.mark.parametrize("name", NAMES)
def test_golden_playthrough(name: str) -> None:
    record = parse_record((GOLDEN / f"{name}.record.json").read_text())
    expected = json.loads((GOLDEN / f"{name}.state.json").read_text())
    assert state(replay(record)) == expected
    assert expected["status"] == "finished"
