"""engine.chance: the imagined worlds' chance draws what ``random.Random`` itself would."""

from __future__ import annotations

import random

import pytest

from engine.chance import LateChance, SeededChance, randbelow, shuffle


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


def test_the_engine_pick_is_random_choice_draw_for_draw() -> None:
    for seed in range(300):
        options = list(range(1 + seed % 37))
        ours, theirs = random.Random(seed), random.Random(seed)
        for _ in range(5):
            assert options[randbelow(ours, len(options))] == theirs.choice(options)
        assert ours.getstate() == theirs.getstate()


def test_seeded_chance_rebuilt_draws_what_the_deal_s_generator_would() -> None:
    """A seeded chance rebuilds its generator (the deal's shuffles, then each pick and shuffle) without
    the items: the same draws as the generator kept all along."""
    for seed in range(100):
        kept = random.Random(seed)
        for size in (16, 16):
            kept.shuffle(list(range(size)))
        chance = SeededChance(seed, (16, 16))
        for step in range(4):
            if (seed + step) % 2:
                options = list(range(2 + step))
                assert chance.choice(options) == kept.choice(options)
            else:
                mine, theirs = list(range(5 + step)), list(range(5 + step))
                chance.shuffle(mine)
                kept.shuffle(theirs)
                assert mine == theirs
        # a copy, rebuilt from its state alone, draws on as the generator kept all along
        assert chance.copy().choice(range(10**6)) == kept.choice(range(10**6))


def test_the_engine_pick_from_nothing_is_an_error_as_random_choice_s() -> None:
    with pytest.raises(IndexError):
        randbelow(random.Random(1), 0)
