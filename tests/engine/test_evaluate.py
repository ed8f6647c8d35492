"""engine.evaluate: the winners and signets a game keeps between evaluations (after a comparison, only the
compared encounter's are derived: evaluate_compared) are always those the whole row evaluated afresh
gives."""

from __future__ import annotations

import random

from engine import Game
from engine.bench import random_actions
from engine.checkpoint import copy_table
from engine.evaluate import evaluate, evaluate_compared
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


def test_deriving_only_the_compared_encounter_gives_what_the_whole_row_gives() -> None:
    """Each compared encounter taken back to not compared, the row evaluated, then evaluate_compared from
    there: its totals, winners and signets are the whole row's (or it declines: None)."""
    rng = random.Random(4848)
    derived = ties = 0
    for _ in range(200):
        game = Game(random_setup(rng))
        for _ in random_actions(game, rng):
            if game.current is not None:
                continue
            for index, encounter in enumerate(game.row):
                if not encounter.compared:
                    continue
                whole = copy_table(game)
                expected = evaluate(whole.row)
                before = copy_table(game)
                before.row[index].compared = False
                totals = evaluate(before.row)
                before.row[index].compared = True
                got = evaluate_compared(before.row, index, totals)
                if got is None:
                    continue
                assert got == expected and _derived(before.row) == _derived(whole.row), game.setup
                derived += 1
                ties += encounter.why in ("tie", "judge")
    assert derived > 5000 and ties > 200
