"""Every card and every location of ``cards/`` has its unit in the engine (registered by id) and a
scenario test named after it: a card or location added without either fails here."""

from __future__ import annotations

import re
from pathlib import Path

from cards import CARDS, LOCATIONS
from engine.abilities.registry import ABILITIES
from engine.locations import LOCATION_RULES, NO_LOCATION, Location, rules_of

TESTS = Path(__file__).resolve().parent


def _test_names(*files: str) -> list[str]:
    return [
        name for file in files for name in re.findall(r"^def (test_\w+)", (TESTS / file).read_text(), re.M)
    ]


def test_every_card_has_a_registered_ability_and_a_scenario_test() -> None:
    assert set(ABILITIES) == set(CARDS), set(ABILITIES) ^ set(CARDS)
    names = _test_names("test_deck1.py", "test_deck2.py")
    untested = [card for card in CARDS if not any(card in name for name in names)]
    assert not untested, f"no scenario test named after {untested}"


def test_every_location_has_a_registered_unit_and_a_scenario_test() -> None:
    assert set(LOCATION_RULES) == set(LOCATIONS), set(LOCATION_RULES) ^ set(LOCATIONS)
    for location_id, unit in LOCATION_RULES.items():
        assert isinstance(unit, Location) and unit.id == location_id and rules_of(location_id) is unit
        assert type(unit) is not Location, f"{location_id} changes nothing"
    assert rules_of(None) is NO_LOCATION
    names = _test_names("test_locations.py")
    untested = [location for location in LOCATIONS if not any(location in name for name in names)]
    assert not untested, f"no scenario test named after {untested}"
