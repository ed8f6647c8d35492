"""engine.review: every decision of a seat reviewed honestly, its turning points, how its cards fared."""

from __future__ import annotations

import random
from collections.abc import Iterator

from engine import Game, replay
from engine.arena import play
from engine.bench import random_actions
from engine.model import PLAYERS
from engine.player.policies import answers
from engine.record import Action, Record
from engine.review import TURNING_POINT, Review, review
from tests.engine.twins import replayed, seen_by, twins
from tests.helpers import random_setup

QUICK = {"iterations": 40, "chosen_iterations": 20}


def finished_games(rng: random.Random, count: int) -> Iterator[Record]:
    """Random complete games of every setup."""
    for _ in range(count):
        setup = Game(random_setup(rng)).setup
        game = Game(setup)
        actions = [Action(player=p, choose=c) for p, c in random_actions(game, rng)]
        yield Record(format="cardia-replay/1", setup=setup, actions=actions)


def _same_throughout(record: Record, twin: Record, seat: str) -> bool:
    """The seat saw the same at each of its decisions and at the end."""
    for cut in [*(i for i, a in enumerate(record.actions) if a.player == seat), len(record.actions)]:
        one, other = replay(record, cut), replayed(twin.model_copy(update={"actions": twin.actions[:cut]}))
        if other is None or seen_by(one, seat) != seen_by(other, seat):
            return False
    return True


def test_the_review_is_the_same_when_only_hidden_things_differ() -> None:
    rng = random.Random(33)
    compared: dict[str, int] = {}
    for record in finished_games(rng, 40):
        seat = rng.choice(PLAYERS)
        reviewed = review(record, seat, seed=5, **QUICK)
        for what, twin in twins(record, seat, rng):
            if not _same_throughout(record, twin, seat):
                continue
            compared[what] = compared.get(what, 0) + 1
            assert review(twin, seat, seed=5, **QUICK) == reviewed, (what, record, twin)
    assert min(compared.values()) >= 8 and len(compared) == 3, compared


def test_every_decision_of_the_seat_is_reviewed() -> None:
    for record in finished_games(random.Random(4), 12):
        for seat in PLAYERS:
            reviewed = review(record, seat, seed=1, **QUICK)
            assert reviewed == review(record, seat, seed=1, **QUICK)  # deterministic for a seed
            mine = [i for i, action in enumerate(record.actions) if action.player == seat]
            assert [decision.action for decision in reviewed.decisions] == mine
            for decision in reviewed.decisions:
                pending = next(d for d in replay(record, decision.action).pending if d.player == seat)
                assert decision.kind == pending.kind
                assert decision.best in answers(pending) and decision.chosen in answers(pending)
                assert 0 < decision.after <= decision.before < 1
                assert (decision.cost == 0) == (decision.best == decision.chosen)
            result = replay(record).result
            assert result is not None
            assert reviewed.outcome == (0.5 if result.winner is None else float(result.winner == seat))
            assert reviewed.chances[-1] == reviewed.outcome


def _turning_points_hold(reviewed: Review) -> None:
    costs = [reviewed.decisions[i].cost for i in reviewed.turning_points]
    assert costs == sorted(costs, reverse=True) and all(cost >= TURNING_POINT for cost in costs)
    others = set(range(len(reviewed.decisions))) - set(reviewed.turning_points)
    assert all(reviewed.decisions[i].cost < TURNING_POINT for i in others)


def test_random_play_costs_more_than_the_computer_at_its_best() -> None:
    """The review tells a good player from a random one: hard's decisions cost it less chance."""
    cost = {"hard": 0.0, "random": 0.0}
    turning = {"hard": 0, "random": 0}
    for seed in range(4):
        first, second = ("hard", "random") if seed % 2 == 0 else ("random", "hard")
        record = play(first, second, 100 + seed).record
        for seat, level in zip(PLAYERS, (first, second), strict=True):
            reviewed = review(record, seat, seed=seed, iterations=200, chosen_iterations=100)
            _turning_points_hold(reviewed)
            cost[level] += sum(decision.cost for decision in reviewed.decisions)
            turning[level] += len(reviewed.turning_points)
    assert cost["random"] > 2 * cost["hard"], cost
    assert turning["random"] > turning["hard"], turning


def test_a_placed_card_fares_as_the_engine_compared_it() -> None:
    """The influences read from the events the seat saw give the engine's own comparison."""
    told = 0
    for record in finished_games(random.Random(8), 16):
        game = replay(record)
        compared = [event for event in game.events if event[0] == "compared"]
        for seat in PLAYERS:
            index = PLAYERS.index(seat)
            for decision in review(record, seat, seed=2, **QUICK).decisions:
                fared = decision.encountered
                if fared is None:
                    continue
                told += 1
                engine_said = next(e[4] for e in compared if e[2][index] == fared.placed)
                expected = {seat: "won", PLAYERS[1 - index]: "lost", "tie": "tie"}[engine_said]
                assert fared.outcome == expected
                alternative = decision.best != decision.chosen and decision.kind == "play"
                assert (fared.alternative is not None) == alternative
                assert (fared.alternative_outcome is None) == (fared.alternative is None)
    assert told >= 100
