"""The value a search may cut its playouts off with (engine.player.value), and how it is learned
(engine.learn)."""

from __future__ import annotations

import random
from dataclasses import replace

from engine import Game, Setup
from engine.bench import random_actions
from engine.learn import fit, losses, positions, predict, run, weights_module
from engine.model import PLAYERS
from engine.player import LEVELS
from engine.player.policies import answers
from engine.player.search import tree_search
from engine.player.value import CARDS_LEFT, ONGOING_ON, RESOURCES, SIGNETS, SIZE, chance, features
from engine.player.value_weights import WEIGHTS
from engine.player.worlds import knowledge
from engine.record import Action, Record
from tests.helpers import random_setup


def round_starts(rng: random.Random, count: int) -> list[Game]:
    """Games of random setups stopped at a random round start (round 2 or later)."""
    found: list[Game] = []
    while len(found) < count:
        game = Game(Game(random_setup(rng)).setup)
        stop = rng.randrange(2, 9)
        for _ in random_actions(game, rng):
            if game.round >= stop:
                break
        if game.result is None:
            found.append(game)
    return found


def test_the_features_are_one_seats_less_the_others() -> None:
    for game in round_starts(random.Random(3), 30):
        first, second = features(game, 0), features(game, 1)
        assert len(first) == SIZE and first[0] == second[0] == 1.0
        mine, theirs = game.signets()
        pair = SIGNETS + min(mine, 4) * 5 + min(theirs, 4)
        assert first[SIGNETS : SIGNETS + 25] == [float(i == pair) for i in range(SIGNETS, SIGNETS + 25)]
        swapped = SIGNETS + min(theirs, 4) * 5 + min(mine, 4)
        assert second[swapped] == 1.0
        assert first[RESOURCES:] == [-x for x in second[RESOURCES:]]
        left = first[CARDS_LEFT:ONGOING_ON]
        held = game.players[0].hand + game.players[0].deck + game.players[1].hand + game.players[1].deck
        assert sum(abs(x) for x in left) <= len(held)


def test_fitting_finds_a_known_logistic_relation() -> None:
    """Positions labelled by a known chance (one feature for, one against): the fit recovers the signs and
    beats a constant on held-out positions."""
    rng = random.Random(1)

    def position() -> tuple[list[tuple[int, float]], float]:
        a, b = rng.uniform(-2, 2), rng.uniform(-2, 2)
        numbers = [(0, 1.0), (RESOURCES, a), (RESOURCES + 1, b)]
        known = [0.0] * SIZE
        known[RESOURCES], known[RESOURCES + 1] = 1.5, -1.0
        return numbers, float(rng.random() < predict(known, numbers))

    training = [position() for _ in range(3000)]
    held_out = [position() for _ in range(1000)]
    weights = fit(training, seed=1)
    assert weights[RESOURCES] > 0.8 and weights[RESOURCES + 1] < -0.5
    assert losses(weights, held_out)[0] < losses([0.0] * SIZE, held_out)[0] - 0.05


def test_learning_is_deterministic_and_writes_a_module_that_reads_back() -> None:
    first = run(games=6, generations=2, seed=5, workers=1, write=False)
    assert first == run(games=6, generations=2, seed=5, workers=1, write=False)
    assert len(first) == SIZE and any(first)
    written: dict[str, object] = {}
    exec(weights_module(first, 6, 2, 5), written)
    assert written["WEIGHTS"] == tuple(first)


def test_the_learned_weights_fit_the_features() -> None:
    """Features added or removed without learning again fail here."""
    assert len(WEIGHTS) == SIZE


def test_the_learned_value_prefers_being_ahead() -> None:
    """A round start valued from both seats: the one ahead in signets, all else equal, is valued higher."""
    numbers = [0.0] * SIZE
    numbers[0] = 1.0
    ahead, behind = list(numbers), list(numbers)
    ahead[SIGNETS + 4 * 5 + 1] = 1.0  # four signets to one
    behind[SIGNETS + 1 * 5 + 4] = 1.0
    assert chance(WEIGHTS, ahead) > 0.8 > 0.2 > chance(WEIGHTS, behind)


def test_positions_come_from_both_seats_with_the_games_outcome() -> None:
    level = replace(LEVELS["normal"], iterations=4)
    found = positions((level, 11))
    assert len(found) % 2 == 0 and found
    for (_, first), (_, second) in zip(found[::2], found[1::2], strict=True):
        assert first + second == 1.0


def test_the_search_values_positions_where_the_horizon_cuts_them_off() -> None:
    """Early in a game of Deck I with no location (round 2, a signet or none each: nobody can win before
    round 3), with weights valuing every position at an even chance, every answer's mean is an even
    chance: the playouts stop at the next round start and are valued there. Played out to the end, as
    without a horizon, they are won or lost."""
    rng = random.Random(8)
    even = tuple([0.0] * SIZE)
    searched = 0
    while searched < 8:
        game = Game(Setup(deck="I", seed=rng.randrange(2**32)))
        actions: list[Action] = []
        for player, chosen in random_actions(game, rng):
            actions.append(Action(player=player, choose=chosen))
            if game.round == 2 or game.result is not None:
                break
        if game.result is not None or max(game.signets()) > 1:
            continue
        record = Record(format="cardia-replay/1", setup=game.setup, actions=actions)
        decision = next((d for d in game.pending if d.player in PLAYERS and len(answers(d)) > 1), None)
        if decision is None:
            continue
        searched += 1
        knows = knowledge(game, PLAYERS.index(decision.player))
        cut = tree_search(
            record, knows, decision, random.Random(1), 60, both_sides=True, horizon=1, weights=even
        )
        assert cut.iterations == 60 and all(mean == 0.5 for _, _, mean in cut.tried), cut.tried
        whole = tree_search(record, knows, decision, random.Random(1), 60, both_sides=True, weights=even)
        assert any(mean != 0.5 for _, _, mean in whole.tried), whole.tried
