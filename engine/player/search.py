"""The search of the ``normal`` and ``hard`` levels: Monte Carlo over imagined worlds.

Each iteration imagines a world consistent with what the seat knows (:mod:`engine.player.worlds`),
plays one of the seat's answers in it, and plays the game out at random; the answers are chosen by UCB1,
so the promising ones are tried most, and the answer tried most is played. The opponent's answers are
never conditioned on the seat's hidden choice (a card placed face down): playouts do not look.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass

from engine.model import PLAYERS, Decision
from engine.player.policies import answers, outcome, play_out
from engine.player.worlds import Knowledge, world
from engine.record import Record

EXPLORATION = 0.7  # UCB1's constant, for rewards in [0, 1]


@dataclass(frozen=True, slots=True)
class Searched:
    """What a search found: the answer, and for each answer tried its visits and mean reward."""

    answer: tuple[str, ...]
    iterations: int
    seconds: float
    tried: tuple[tuple[tuple[str, ...], int, float], ...]


def search(
    record: Record,
    knows: Knowledge,
    decision: Decision,
    rng: random.Random,
    iterations: int,
    seconds: float | None = None,
) -> Searched:
    """``iterations`` iterations (fewer if ``seconds`` run out first: then not deterministic)."""
    started = time.perf_counter()
    candidates = answers(decision)
    visits = [0] * len(candidates)
    rewards = [0.0] * len(candidates)
    me = PLAYERS[knows.seat]
    done = 0
    while done < iterations and len(candidates) > 1:
        if seconds is not None and done and time.perf_counter() - started > seconds:
            break
        if done < len(candidates):
            pick = done
        else:
            log_n = math.log(done)
            pick = max(
                range(len(candidates)),
                key=lambda i: rewards[i] / visits[i] + EXPLORATION * math.sqrt(log_n / visits[i]),
            )
        imagined = world(record, knows, rng)
        imagined.apply(me, candidates[pick])
        play_out(imagined, rng)
        visits[pick] += 1
        rewards[pick] += outcome(imagined, knows.seat)
        done += 1
    best = max(range(len(candidates)), key=lambda i: (visits[i], rewards[i]))
    tried = tuple(
        (candidates[i], visits[i], rewards[i] / visits[i] if visits[i] else 0.0)
        for i in range(len(candidates))
    )
    return Searched(candidates[best], done, time.perf_counter() - started, tried)
