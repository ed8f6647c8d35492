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
from engine.player.policies import answers, outcome, play_out, random_answer
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


class Node:
    """A node of the search tree over the seat's own answers (open loop: the answers so far, whatever the
    others did in between), with ISMCTS's availability counts: an answer is judged against the times
    it could have been chosen, since in some worlds it is not legal."""

    __slots__ = ("available", "children", "reward", "visits")

    def __init__(self) -> None:
        self.children: dict[tuple[str, ...], Node] = {}
        self.visits = 0
        self.available = 0
        self.reward = 0.0


def tree_search(
    record: Record,
    knows: Knowledge,
    decision: Decision,
    rng: random.Random,
    iterations: int,
    seconds: float | None = None,
) -> Searched:
    """Information-set Monte Carlo tree search over the seat's own decisions; the others (and chance)
    answer at random. ``iterations`` iterations (fewer if ``seconds`` run out first)."""
    started = time.perf_counter()
    root = Node()
    me = PLAYERS[knows.seat]
    done = 0
    root_answers = answers(decision)
    while done < iterations and len(root_answers) > 1:
        if seconds is not None and done and time.perf_counter() - started > seconds:
            break
        imagined = world(record, knows, rng)
        node, path, growing = root, [root], True
        while imagined.result is None:
            pending = imagined.pending
            mine = next((d for d in pending if d.player == me), None)
            if mine is None or not growing:
                chosen = pending[int(rng.random() * len(pending))]
                imagined.apply(chosen.player, random_answer(chosen, rng))
                continue
            legal = answers(mine)
            fresh = [answer for answer in legal if answer not in node.children]
            for answer in legal:
                if answer in node.children:
                    node.children[answer].available += 1
            if fresh:
                answer = fresh[int(rng.random() * len(fresh))]
                child = node.children[answer] = Node()
                child.available = 1
                growing = False
            else:
                answer = max(legal, key=lambda a: _ucb(node.children[a]))
                child = node.children[answer]
            imagined.apply(me, answer)
            node = child
            path.append(node)
        reward = outcome(imagined, knows.seat)
        for visited in path:
            visited.visits += 1
            visited.reward += reward
        done += 1
    tried = tuple(
        (answer, child.visits, child.reward / child.visits if child.visits else 0.0)
        for answer, child in root.children.items()
    )
    best = max(tried, key=lambda t: (t[1], t[2]))[0] if tried else root_answers[0]
    return Searched(best, done, time.perf_counter() - started, tried)


def _ucb(node: Node) -> float:
    return node.reward / node.visits + EXPLORATION * math.sqrt(math.log(node.available) / node.visits)
