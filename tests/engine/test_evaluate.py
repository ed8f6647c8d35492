"""engine.evaluate: the winners and signets a game keeps between evaluations (after a comparison, only the
compared encounter's are derived: evaluate_compared) are always those the whole row evaluated afresh
gives."""

from __future__ import annotations

import random

from engine import Game
from engine.bench import random_actions
from engine.checkpoint import copy_table
from engine.evaluate import evaluate
from engine.model import Encounter
from tests.helpers import random_setup


def _derived(row: list[Encounter]) -> list[tuple[object, ...]]:
    return [
        (encounter.winner, encounter.why, *(card.signets for card in encounter.slots if card is not None))
        for encounter in row
    ]


def test_kept_signets_and_winners_are_the_rows_own_after_every_action() -> None:
    rng = random.Random(48)
    checked = compared_kept = 0
    for _ in range(300):  # every setup: both decks, mixed, every location
        game = Game(random_setup(rng))
        for _ in random_actions(game, rng):
            if game.current is not None or game._signets is None:
                continue  # mid-step (derived again when the step ends), or left to derive when read
            kept, derived = game._signets, _derived(game.row)
            fresh = copy_table(game)
            assert evaluate(fresh.row) == kept, (game.setup, game.applied)
            assert _derived(fresh.row) == derived, (game.setup, game.applied)
            checked += 1
            compared_kept += any(encounter.compared for encounter in game.row)
    assert checked > 3000 and compared_kept > 1000
