"""The seeded chance of a game (``"chance": "seeded"``), kept as what it did rather than as a generator.

A game in play rarely draws on chance after its decks are shuffled (the Puppeteer's pick, the Witch
King's shuffles), yet a ``random.Random`` holds 2.5 KB of state for as long as the game lives: a sixth of
a game held in the bot's cache. :class:`SeededChance` keeps the seed and the size of each pick and
shuffle made instead, and rebuilds the generator when it is first drawn on (the seed, the decks'
shuffles, then the same picks and shuffles again), keeping it from then on (only games that draw pay for
it): the same results as one generator kept all along (``tests/engine/test_checkpoint.py`` compares
them).
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence, Sequence
from typing import Protocol, TypeVar

T = TypeVar("T")


class Chance(Protocol):
    """What the rules draw on: :class:`SeededChance`, or :class:`LateChance` (the computer's imagined
    worlds)."""

    def choice(self, options: Sequence[T]) -> T: ...

    def shuffle(self, items: MutableSequence[T]) -> None: ...


class SeededChance:
    __slots__ = ("_decks", "_generator", "_made", "seed")

    def __init__(self, seed: int, decks: tuple[int, ...], made: tuple[int, ...] = ()) -> None:
        self.seed = seed
        self._decks = decks  # the sizes of the starting decks shuffled from the seed, p1's first
        self._made = made  # each pick (a negative size) and shuffle (a positive one) since
        # Rebuilt at the first draw, then kept: a game that draws once (a Puppeteer) often draws again.
        # Copies and frozen games leave it out (their state is the three fields above).
        self._generator: random.Random | None = None

    def _rebuilt(self) -> random.Random:
        generator = self._generator
        if generator is not None:
            return generator
        generator = random.Random(self.seed)
        for size in self._decks:
            _draw_shuffle(generator, size)
        for size in self._made:
            if size < 0:
                randbelow(generator, -size)  # a pick
            else:
                _draw_shuffle(generator, size)
        self._generator = generator
        return generator

    def choice(self, options: Sequence[T]) -> T:
        picked = options[randbelow(self._rebuilt(), len(options))]
        self._made += (-len(options),)
        return picked

    def shuffle(self, items: MutableSequence[T]) -> None:
        _shuffle_any(self._rebuilt(), items)
        self._made += (len(items),)

    def copy(self) -> SeededChance:
        return SeededChance(self.seed, self._decks, self._made)

    def state(self) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
        """What it is: two with the same state draw the same from now on."""
        return self.seed, self._decks, self._made


class LateChance:
    """A ``random.Random`` made from ``seed`` when first drawn on: an imagined world's chance
    (engine.player.worlds), which most playouts never draw on, and seeding a generator costs a tenth of
    making the world."""

    __slots__ = ("_generator", "seed")

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._generator: random.Random | None = None

    def generator(self) -> random.Random:
        if self._generator is None:
            self._generator = random.Random(self.seed)
        return self._generator

    def choice(self, options: Sequence[T]) -> T:
        return options[randbelow(self.generator(), len(options))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        _shuffle_any(self.generator(), items)

    def copy(self) -> LateChance:
        copy = LateChance(self.seed)
        if self._generator is not None:
            copy._generator = random.Random()
            copy._generator.setstate(self._generator.getstate())
        return copy


def _shuffle_any(rng: random.Random, items: MutableSequence[T]) -> None:
    if isinstance(items, list):
        shuffle(rng, items)  # compiled, a list's items are swapped in place without boxing
    else:
        rng.shuffle(items)


def shuffle(rng: random.Random, items: list[T]) -> None:
    """``rng.shuffle(items)``, draw for draw (CPython's own algorithm: tests/engine/test_chance.py), but
    compiled with the engine (engine.compiled) instead of interpreted: imagined worlds shuffle twice
    each."""
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        bound = i + 1
        bits = bound.bit_length()
        j = getrandbits(bits)
        while j >= bound:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]


def randbelow(rng: random.Random, bound: int) -> int:
    """``rng.randrange(bound)`` for ``bound`` ≥ 1, draw for draw: what ``rng.choice`` picks an index
    with (tests/engine/test_chance.py)."""
    if bound <= 0:
        raise IndexError("cannot choose from an empty sequence")  # as rng.choice does
    bits = bound.bit_length()
    drawn = rng.getrandbits(bits)
    while drawn >= bound:
        drawn = rng.getrandbits(bits)
    return drawn


def _draw_shuffle(rng: random.Random, size: int) -> None:
    """Draw what shuffling ``size`` items draws, without the items."""
    getrandbits = rng.getrandbits
    for i in range(size - 1, 0, -1):
        bound = i + 1
        bits = bound.bit_length()
        while getrandbits(bits) >= bound:
            pass
