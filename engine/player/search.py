"""The search of the ``normal`` and ``hard`` levels: Monte Carlo over imagined worlds.

Each iteration imagines a world consistent with what the seat knows (:mod:`engine.player.worlds`),
plays one of the seat's answers in it, and plays the game out at random (or, with a horizon, only to a
round start some rounds on, valued there by :mod:`engine.player.value`); the answers are chosen by
UCB1, so the promising ones are tried most, and the answer tried most is played. The opponent's answers are
never conditioned on the seat's hidden choice (a card placed face down): playouts do not look.
"""

from __future__ import annotations

import gc
import math
import random
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from engine.checkpoint import Start
from engine.model import PLAYERS, Decision
from engine.player.policies import answers, outcome, play_out, random_answer
from engine.player.value import value
from engine.player.worlds import Knowledge, Worlds
from engine.record import Record

EXPLORATION: Final = 0.7  # UCB1's constant, for rewards in [0, 1]
# math.log of each count a search meets, read from a list: compiled (engine.compiled), math.log is a
# call through Python's, and UCB1 takes one for every child at every step down a tree.
_LOGS: Final[list[float]] = [0.0, *(math.log(n) for n in range(1, 4097))]
_NEVER: Final = 1 << 30  # a round no game reaches: no cutoff


@dataclass(frozen=True, slots=True)
class Searched:
    """What a search found: the answer, and for each answer tried its visits and mean reward."""

    answer: tuple[str, ...]
    iterations: int
    seconds: float
    tried: tuple[tuple[tuple[str, ...], int, float], ...]

    def __reduce__(self) -> tuple[type[Searched], tuple[Any, ...]]:
        # Pickled by the fields (the worker pools): a compiled frozen dataclass (engine.compiled) cannot
        # set them one by one.
        return Searched, (self.answer, self.iterations, self.seconds, self.tried)


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
    start = Start(record)
    worlds = Worlds(start, knows)
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
        imagined = worlds.make(rng)
        imagined.apply_legal(me, candidates[pick])
        play_out(imagined, rng)
        visits[pick] += 1
        rewards[pick] += outcome(imagined, knows.seat)
        imagined.release()
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
        # By answer: its one option (most decisions choose one), else the tuple of its options. Strings
        # hash once; a tuple is made and hashed at every visit.
        self.children: dict[str | tuple[str, ...], Node] = {}
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
    both_sides: bool = False,
    forced: tuple[str, ...] | None = None,
    horizon: int = 0,
    weights: Sequence[float] | None = None,
) -> Searched:
    """Information-set Monte Carlo tree search over the seat's own decisions (and, ``both_sides``, a tree
    of the opponent's own decisions too, from their side); the rest (and chance) at random.
    ``iterations`` iterations (fewer if ``seconds`` run out first). With ``forced``, the seat answers
    ``decision`` so in every iteration: the search values that answer (a review's chosen one). With a
    ``horizon`` and ``weights``, an iteration stops at the round start ``horizon`` rounds after the
    latest one and is rewarded with the position's value there (:func:`engine.player.value.value`)
    instead of the game's outcome.

    Each tree is open loop, keyed by its player's own answers only, so neither side's choices depend on
    what the other placed face down: simultaneous decisions stay simultaneous."""
    # Each world is released as soon as it is played (no reference cycles to find), so the collector's
    # passes over the growing trees would be pure cost: a few percent of a search. Paused only on a
    # process's main thread (a worker's, the terminal's): in a thread of the bot's own process it would
    # pause the collector for the event loop too.
    collecting = gc.isenabled() and threading.current_thread() is threading.main_thread()
    if collecting:
        gc.disable()
    try:
        return _tree_search(
            record, knows, decision, rng, iterations, seconds, both_sides, forced, horizon, weights
        )
    finally:
        if collecting:
            gc.enable()


def _tree_search(
    record: Record,
    knows: Knowledge,
    decision: Decision,
    rng: random.Random,
    iterations: int,
    seconds: float | None,
    both_sides: bool,
    forced: tuple[str, ...] | None,
    horizon: int,
    weights: Sequence[float] | None,
) -> Searched:
    started = time.perf_counter()
    start = Start(record)
    worlds = Worlds(start, knows)
    me = knows.seat
    roots = (Node(), Node())
    done = 0
    root_answers = answers(decision)
    cutoff = start.table.round + horizon if horizon and weights is not None else _NEVER
    while done < iterations and (len(root_answers) > 1 or forced is not None):
        if seconds is not None and done and time.perf_counter() - started > seconds:
            break
        imagined = worlds.make(rng)
        nodes = list(roots)
        paths: tuple[list[Node], list[Node]] = ([roots[0]], [roots[1]])
        grow0, grow1 = both_sides or me == 0, both_sides or me == 1  # the trees still to grow a node
        if forced is not None:
            nodes[me] = roots[me].children.setdefault(_key(forced, decision), Node())
            nodes[me].available += 1
            paths[me].append(nodes[me])
            imagined.apply_legal(PLAYERS[me], forced)
        while imagined.result is None:
            if imagined.round >= cutoff:
                break
            if not (grow0 or grow1) and cutoff == _NEVER:
                play_out(imagined, rng)  # the rest at random, as the lines below would
                break
            pending = imagined.pending
            chosen = None
            for candidate in pending:
                if (grow0 and candidate.player == "p1") or (grow1 and candidate.player == "p2"):
                    chosen = candidate
                    break
            if chosen is None:
                chosen = pending[int(rng.random() * len(pending))]
                imagined.apply_legal(chosen.player, random_answer(chosen, rng))
                continue
            seat = 0 if chosen.player == "p1" else 1
            node = nodes[seat]
            answer, child = _descend(node, chosen, rng)
            if child is None:  # a new node: one per tree and iteration, then at random
                child = node.children[answer] = Node()
                child.available = 1
                if seat == 0:
                    grow0 = False
                else:
                    grow1 = False
            imagined.apply_legal(chosen.player, (answer,) if isinstance(answer, str) else answer)
            nodes[seat] = child
            paths[seat].append(child)
        if imagined.result is not None:
            reward = outcome(imagined, me)
        else:
            assert weights is not None
            reward = value(imagined, me, weights)
        imagined.release()  # freed now, by reference counting, not by the collector's passes
        for seat, path in enumerate(paths):
            gained = reward if seat == me else 1.0 - reward
            for visited in path:
                visited.visits += 1
                visited.reward += gained
        done += 1
    tried = tuple(
        (
            (answer,) if isinstance(answer, str) else answer,
            child.visits,
            child.reward / child.visits if child.visits else 0.0,
        )
        for answer, child in roots[me].children.items()
    )
    best = max(tried, key=lambda t: (t[1], t[2]))[0] if tried else root_answers[0]
    return Searched(best, done, time.perf_counter() - started, tried)


def _key(answer: tuple[str, ...], decision: Decision) -> str | tuple[str, ...]:
    """``answer``'s key among a node's children (:class:`Node`)."""
    return answer[0] if decision.count == 1 else answer


def _descend(node: Node, decision: Decision, rng: random.Random) -> tuple[str | tuple[str, ...], Node | None]:
    """The answer to follow from ``node`` among ``decision``'s legal ones (as a child's key): one never
    tried (at random, with no child yet: None), else the best by UCB1 with availability counts, each
    counted available once more."""
    children = node.children
    legal: Sequence[str] | list[tuple[str, ...]]
    legal = decision.options if decision.count == 1 else answers(decision)
    fresh: list[str | tuple[str, ...]] = []
    best_value = -1.0
    best: str | tuple[str, ...] = ""
    best_child: Node | None = None
    for answer in legal:  # one pass: each child counted available, and valued while none is fresh
        child = children.get(answer)
        if child is None:
            fresh.append(answer)
            continue
        available = child.available + 1
        child.available = available
        if not fresh:
            visits = child.visits
            log = _LOGS[available] if available < len(_LOGS) else math.log(available)
            value = child.reward / visits + EXPLORATION * math.sqrt(log / visits)
            if value > best_value:
                best_value, best, best_child = value, answer, child
    if fresh:
        return fresh[int(rng.random() * len(fresh))], None
    return best, best_child
