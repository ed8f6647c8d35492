"""The difficulty level of a setup: docs/rules.md §1.11, the table of §4 and ruling 26 (a mixed deck with any
Deck II faction counts as Deck II)."""

from __future__ import annotations

import pytest

from engine import Setup, difficulty

# The levels' names (Assassins in training...) are words: tests/text/test_catalogues.py checks them as
# printed.
TRAINING, INVENTORS, MAGES = "training", "inventors", "mages"

# One location per skull count (docs/rules.md §4) and the full list with their skulls.
SKULLS = {
    "serpent_temple": 1,
    "bazaar": 1,
    "founders_day": 1,
    "grand_library": 2,
    "scrapyard": 2,
    "auction_house": 2,
    "haunted_catacombs": 3,
    "foggy_swamp": 3,
}

DECK_I = "I"
DECK_II = "II"
ALL_I = {"rebels": "I", "academy": "I", "guild": "I", "dynasty": "I"}
ONE_II = {"rebels": "I", "academy": "I", "guild": "II", "dynasty": "I"}
HALF_II = {"rebels": "II", "academy": "I", "guild": "II", "dynasty": "I"}
ALL_II = {"rebels": "II", "academy": "II", "guild": "II", "dynasty": "II"}


def level(deck: object, location: str | None) -> tuple[int, str]:
    setup = Setup.model_validate({"deck": deck, "location": location, "seed": 1})
    result = difficulty(setup)
    return result.value, result.level


@pytest.mark.parametrize(
    ("deck", "location", "value", "name"),
    [
        # Deck I = 0
        (DECK_I, None, 0, TRAINING),
        (DECK_I, "serpent_temple", 1, TRAINING),
        (DECK_I, "grand_library", 2, INVENTORS),
        (DECK_I, "haunted_catacombs", 3, MAGES),
        # Deck II = 1
        (DECK_II, None, 1, TRAINING),
        (DECK_II, "bazaar", 2, INVENTORS),
        (DECK_II, "scrapyard", 3, MAGES),
        (DECK_II, "foggy_swamp", 4, MAGES),
        # Mixed decks (ruling 26): any Deck II faction counts as Deck II
        (ONE_II, None, 1, TRAINING),
        (ONE_II, "founders_day", 2, INVENTORS),
        (ONE_II, "auction_house", 3, MAGES),
        (ONE_II, "haunted_catacombs", 4, MAGES),
        (HALF_II, None, 1, TRAINING),
        (HALF_II, "serpent_temple", 2, INVENTORS),
        (HALF_II, "grand_library", 3, MAGES),
        (HALF_II, "foggy_swamp", 4, MAGES),
        (ALL_II, "scrapyard", 3, MAGES),
        # A "mixed" deck made only of Deck I factions is Deck I
        (ALL_I, None, 0, TRAINING),
        (ALL_I, "bazaar", 1, TRAINING),
        (ALL_I, "auction_house", 2, INVENTORS),
        (ALL_I, "foggy_swamp", 3, MAGES),
    ],
)
def test_difficulty_table(deck: object, location: str | None, value: int, name: str) -> None:
    assert level(deck, location) == (value, name)


@pytest.mark.parametrize("location", sorted(SKULLS))
def test_every_location_adds_its_skulls(location: str) -> None:
    skulls = SKULLS[location]
    assert level(DECK_I, location)[0] == skulls
    assert level(DECK_II, location)[0] == skulls + 1
    assert level(ONE_II, location)[0] == skulls + 1
    assert level(ALL_I, location)[0] == skulls


def test_level_names_by_sum() -> None:
    """0-1 Assassins in training, 2 Experienced inventors, 3-4 Mighty mages."""
    by_value = {
        value: name
        for deck in (DECK_I, DECK_II)
        for location in (None, *SKULLS)
        for value, name in [level(deck, location)]
    }
    assert by_value == {0: TRAINING, 1: TRAINING, 2: INVENTORS, 3: MAGES, 4: MAGES}


def test_difficulty_does_not_depend_on_the_seed_or_chance() -> None:
    base = Setup.model_validate({"deck": ONE_II, "location": "grand_library", "seed": 1})
    other = Setup.model_validate(
        {"deck": ONE_II, "location": "grand_library", "seed": 99, "chance": "seeded"}
    )
    assert difficulty(base) == difficulty(other)
    assert difficulty(base).value == 3
