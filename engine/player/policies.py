"""Simple ways to answer a decision: uniformly at random (the search's playouts, and the arena's weakest
opponent), and the one-ply greedy heuristic (the ``easy`` level).
"""

from __future__ import annotations

import random
from itertools import combinations
from typing import Final

from engine.checkpoint import Start
from engine.game import Game
from engine.model import PLAYERS, Decision
from engine.player.worlds import Knowledge, Worlds
from engine.record import Record

WIN: Final = 10.0  # the greedy score of a game won (signets count 1 each)


def answers(decision: Decision) -> list[tuple[str, ...]]:
    """Every legal answer to a player's decision (a set of ``count`` options; players never order)."""
    if decision.count == 1:
        return [(option,) for option in decision.options]
    return list(combinations(decision.options, decision.count))


def random_answer(decision: Decision, rng: random.Random) -> tuple[str, ...]:
    options = decision.options
    if decision.count == 1:
        return (options[int(rng.random() * len(options))],)
    return tuple(rng.sample(options, len(options) if decision.ordered else decision.count))


def play_out(game: Game, rng: random.Random, until: str | None = None) -> None:
    """Answer every pending decision at random until the game ends (or ``until`` must decide)."""
    while game.result is None:
        pending = game.pending
        if until is not None and any(d.player == until for d in pending):
            return
        decision = pending[int(rng.random() * len(pending))]
        game.apply_legal(decision.player, random_answer(decision, rng))


def outcome(game: Game, seat: int) -> float:
    """1 for a game ``seat`` won, 0.5 for a draw, 0 for a loss."""
    assert game.result is not None
    winner = game.result.winner
    return 0.5 if winner is None else float(winner == PLAYERS[seat])


def score(game: Game, seat: int) -> float:
    """The greedy heuristic's view of a position: signets ahead, or a game won or lost."""
    if game.result is not None:
        return (outcome(game, seat) - 0.5) * 2 * WIN
    signets = game.signets()
    return float(signets[seat] - signets[1 - seat])


def greedy(
    record: Record, knows: Knowledge, decision: Decision, rng: random.Random, samples: int
) -> tuple[str, ...]:
    """One ply: each answer is tried in ``samples`` imagined worlds, the others answering at random until
    the seat must decide again; the answer with the best mean signets ahead wins (the first on a tie)."""
    start = Start(record)
    worlds = Worlds(start, knows)
    seat = knows.seat
    best: tuple[float, tuple[str, ...]] | None = None
    for answer in answers(decision):
        total = 0.0
        for _ in range(samples):
            imagined = worlds.make(rng)
            imagined.apply_legal(PLAYERS[seat], answer)
            play_out(imagined, rng, until=PLAYERS[seat])
            total += score(imagined, seat)
        if best is None or total > best[0]:
            best = (total, answer)
    assert best is not None
    return best[1]
