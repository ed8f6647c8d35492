"""engine.chance: the imagined worlds' chance draws what ``random.Random`` itself would."""

from __future__ import annotations

import random

from engine.chance import LateChance, shuffle


def test_the_engine_shuffle_is_random_shuffle_draw_for_draw() -> None:
    for seed in range(300):
        items = list(range(seed % 40))
        ours, theirs = random.Random(seed), random.Random(seed)
        mine, reference = items[:], items[:]
        shuffle(ours, mine)
        theirs.shuffle(reference)
        assert mine == reference
        assert ours.getstate() == theirs.getstate()  # the same draws were made, not only the same order


def test_a_late_chance_is_the_generator_of_its_seed_made_when_first_drawn_on() -> None:
    late, reference = LateChance(42), random.Random(42)
    copy = late.copy()  # before any draw: still only a seed
    assert late.choice(range(100)) == reference.choice(range(100))
    made = late.copy()  # after one: the generator's state goes with it
    deck, reference_deck = list(range(16)), list(range(16))
    late.shuffle(deck)
    reference.shuffle(reference_deck)
    assert deck == reference_deck
    again = list(range(16))
    made.shuffle(again)
    assert again == deck
    assert copy.choice(range(100)) == random.Random(42).choice(range(100))
