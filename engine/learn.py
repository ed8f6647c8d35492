"""Learn the value a search may cut its playouts off with (:data:`engine.player.HARD_VALUED`):
``python -m engine learn``.

    python -m engine learn [--games 3000] [--generations 2] [--seed 1000] [--workers N] [--write]

Generation 1 plays ``--games`` games of ``normal`` against itself on random setups (every deck and
location); each later generation plays as many of ``hard-value`` at :data:`GENERATION_ITERATIONS` iterations
against itself, valuing positions with the generation before's weights. Every round start of every game
is a position, seen from both seats and labelled with how the game ended for that seat (1, 0.5 or 0);
a logistic regression (:func:`fit`, plain Python) learns the weights of :mod:`engine.player.value`'s
features from the positions of every generation so far. A tenth of each generation's games is held out:
their log loss and Brier score are printed, with those of the signets alone. The last generation's
weights are written to :mod:`engine.player.value_weights` with ``--write``. Deterministic: the same
arguments give the same weights, bit for bit.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path

from engine.bench import random_setup
from engine.game import Game
from engine.model import PLAYERS
from engine.player import HARD_VALUED, LEVELS, Level, choose
from engine.player.policies import random_answer
from engine.player.value import SIGNETS, SIZE, features
from engine.record import Action, Record

GENERATION_ITERATIONS = 300  # a later generation's games: hard-value, searching less to play more
EPOCHS = 12
RATE = 0.05  # Adagrad's
L2 = 1e-4
WEIGHTS_FILE = Path(__file__).parent / "player" / "value_weights.py"

Sparse = list[tuple[int, float]]
Position = tuple[Sparse, float]  # a seat's features (the non-zero ones) and how the game ended for it


def positions(job: tuple[Level, int]) -> list[Position]:
    """One game of ``level`` against itself, seed ``seed``: its round starts from both seats."""
    level, seed = job
    rng = random.Random(seed)
    setup = random_setup(rng, True)
    starts: list[tuple[list[float], list[float]]] = []
    game = Game(setup, on_round_start=lambda at: starts.append((features(at, 0), features(at, 1))))
    actions: list[Action] = []
    while game.result is None:
        decision = game.pending[0]
        if decision.player in PLAYERS:
            record = Record(format="cardia-replay/1", setup=setup, actions=actions)
            answer = choose(record, decision.player, level, seed=seed).answer
        else:
            answer = random_answer(decision, rng)
        game.apply(decision.player, answer)
        actions.append(Action(player=decision.player, choose=list(answer)))
    winner = game.result.winner
    first = 0.5 if winner is None else float(winner == PLAYERS[0])
    return [
        (_sparse(numbers), ended)
        for pair in starts
        for numbers, ended in zip(pair, (first, 1.0 - first), strict=True)
    ]


def _sparse(numbers: list[float]) -> Sparse:
    return [(index, number) for index, number in enumerate(numbers) if number]


def predict(weights: Sequence[float], numbers: Sparse) -> float:
    total = 0.0
    for index, number in numbers:
        total += weights[index] * number
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, total))))


def fit(training: list[Position], seed: int) -> list[float]:
    """Logistic regression by stochastic gradient descent (Adagrad, a little L2), :data:`EPOCHS` passes
    in an order drawn from ``seed``."""
    weights = [0.0] * SIZE
    squares = [1e-8] * SIZE
    order = list(training)
    rng = random.Random(seed)
    for _ in range(EPOCHS):
        rng.shuffle(order)
        for numbers, ended in order:
            error = predict(weights, numbers) - ended
            for index, number in numbers:
                gradient = error * number + L2 * weights[index]
                squares[index] += gradient * gradient
                weights[index] -= RATE * gradient / math.sqrt(squares[index])
    return weights


def losses(weights: Sequence[float], held_out: list[Position]) -> tuple[float, float]:
    """The log loss and Brier score of ``weights`` on ``held_out``."""
    log_loss = brier = 0.0
    for numbers, ended in held_out:
        chance = min(max(predict(weights, numbers), 1e-9), 1 - 1e-9)
        log_loss -= ended * math.log(chance) + (1 - ended) * math.log(1 - chance)
        brier += (chance - ended) ** 2
    return log_loss / len(held_out), brier / len(held_out)


def generation(
    level: Level, games: int, seed: int, pool: ProcessPoolExecutor, learned: list[Position]
) -> tuple[list[float], str]:
    """Play ``games`` games, add all but the held-out tenth to ``learned`` (the generations before's),
    fit, and say how well on the held-out ones: the weights and one line of figures."""
    played = list(pool.map(positions, [(level, seed + index) for index in range(games)], chunksize=4))
    held = max(1, games // 10)
    held_out = [position for game in played[:held] for position in game]
    learned.extend(position for game in played[held:] for position in game)
    weights = fit(learned, seed)
    signets_only = fit([([(i, x) for i, x in n if i < SIGNETS + 25], e) for n, e in learned], seed)
    log_loss, brier = losses(weights, held_out)
    base_loss, base_brier = losses(signets_only, held_out)
    said = (
        f"{len(learned):,} positions learned from, {len(held_out):,} held out: log loss {log_loss:.4f}"
        f" (the signets alone {base_loss:.4f}), Brier {brier:.4f} ({base_brier:.4f})"
    )
    return weights, said


def run(games: int, generations: int, seed: int, workers: int, write: bool) -> list[float]:
    weights: list[float] = []
    learned: list[Position] = []
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for number in range(1, generations + 1):
            if number == 1:
                level, name = LEVELS["normal"], "normal"
            else:
                level = replace(HARD_VALUED, iterations=GENERATION_ITERATIONS, weights=tuple(weights))
                name = f"hard-value@{GENERATION_ITERATIONS}"
            print(f"generation {number}: {games} games of {name} against itself...", flush=True)
            weights, said = generation(level, games, seed + (number - 1) * games, pool, learned)
            print(f"  {said}", flush=True)
    if write:
        WEIGHTS_FILE.write_text(weights_module(weights, games, generations, seed))
        print(f"written: {WEIGHTS_FILE}")
    return weights


def weights_module(weights: Sequence[float], games: int, generations: int, seed: int) -> str:
    rows = "".join(f"    {weight!r},\n" for weight in weights)
    return (
        '"""The weights of :mod:`engine.player.value`, written (do not edit by hand) by\n'
        f"``python -m engine learn --games {games} --generations {generations} --seed {seed} --write``."
        '"""\n\n'
        "from typing import Final\n\n"
        f"WEIGHTS: Final[tuple[float, ...]] = (\n{rows})\n"
    )
