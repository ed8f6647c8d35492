"""``Game.release``: a game a long-running holder lets go of is freed by reference counting at once (no
cycle left for the garbage collector), stays readable by whoever still holds it, and is never played."""

from __future__ import annotations

import gc
import itertools
import random
from collections import Counter

import pytest

from engine import Game, IllegalAction, state, view
from engine.bench import random_actions, random_setup
from engine.happenings import happenings


def _played(rng: random.Random, setup_rng: random.Random) -> Game:
    """A game of a random setup (decks, mixes, locations) stopped after 0 to 40 random decisions."""
    game = Game(random_setup(setup_rng, True))
    for _ in itertools.islice(random_actions(game, rng), rng.randint(0, 40)):
        pass
    return game


def _tracked() -> Counter[str]:
    return Counter(type(o).__name__ for o in gc.get_objects())


def test_a_released_game_is_freed_at_once_and_an_unreleased_one_is_not() -> None:
    rng, setup_rng = random.Random(5), random.Random(6)
    for _ in range(3):  # warm the shared caches (the hands' references) before counting
        _played(rng, setup_rng).release()
    gc.collect()
    gc.disable()
    try:
        before = _tracked()
        for _ in range(200):
            game = _played(rng, setup_rng)
            game.release()
            del game
        left = _tracked() - before
        assert not {kind: n for kind, n in left.items() if kind in ("Game", "PlayedCard", "Encounter")}, left
        assert gc.collect() == 0, "no cycle is left for the collector"
        for _ in range(50):  # the check can fail: without release, games in progress are cycles
            game = _played(rng, setup_rng)
            del game
        assert gc.collect() > 0
    finally:
        gc.enable()


def test_a_released_game_reads_as_it_was_and_cannot_be_played() -> None:
    rng, setup_rng = random.Random(7), random.Random(8)
    for _ in range(100):
        game = _played(rng, setup_rng)
        seen = {viewer: view(game, viewer) for viewer in (None, "p1", "p2")}
        recorded = state(game)
        pending = game.pending
        game.release()
        assert {viewer: view(game, viewer) for viewer in (None, "p1", "p2")} == seen
        assert state(game) == recorded and game.pending == pending
        if pending:
            decision = pending[0]
            with pytest.raises(IllegalAction, match="released"):
                game.apply(decision.player, decision.options[: decision.count])


def test_what_happened_leaves_no_cycle() -> None:
    """The story of a step (``engine.happenings``) is built for every board and hand shown: its
    working tree is freed by reference counting, not left to the collector."""
    rng, setup_rng = random.Random(9), random.Random(10)
    games = [_played(rng, setup_rng) for _ in range(30)]
    gc.collect()
    gc.disable()
    try:
        told = 0
        for game in games:
            for viewer in (None, "p1", "p2"):
                told += len(happenings(game, viewer, len(game.events) // 2))
        assert told > 30
        assert gc.collect() == 0, "no cycle is left for the collector"
    finally:
        gc.enable()
        for game in games:
            game.release()


def test_a_game_released_in_the_middle_of_a_step_is_left_with_no_cause() -> None:
    """Its flow is dropped, not closed (compiled, nothing of it runs): the cause it was in is let go
    of as closing it would, alike compiled and interpreted."""
    rng, setup_rng = random.Random(31), random.Random(32)
    released = 0
    for _ in range(300):
        game = _played(rng, setup_rng)
        if game.result is None and game.cause != -1:  # waiting for a decision inside an ability
            game.release()
            assert game.cause == -1
            released += 1
    assert released >= 10
