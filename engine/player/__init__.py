"""The computer player: it answers a seat's pending decision from what that seat may see.

    from engine.player import choose
    answer = choose(record, "p2", level="hard", seed=1)

Three levels: ``easy`` (a one-ply greedy heuristic), ``normal`` and ``hard`` (Monte Carlo search over
imagined worlds, :mod:`engine.player.search`, with more iterations for ``hard``). Deterministic for a
given seed, unless a time budget cuts the search short. Pure: no I/O.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Literal

from engine.game import replay
from engine.model import PLAYERS
from engine.player.policies import answers, greedy
from engine.player.search import Searched, search, tree_search
from engine.player.value_weights import WEIGHTS
from engine.player.worlds import knowledge
from engine.record import Record

LevelName = Literal["easy", "normal", "hard"]


@dataclass(frozen=True, slots=True)
class Level:
    name: LevelName
    iterations: int  # search iterations per decision (0: the greedy heuristic)
    samples: int = 0  # greedy: imagined worlds per answer
    tree: bool = False  # search a tree over the seat's later decisions too (else only the first)
    both_sides: bool = False  # with tree: the opponent's decisions searched too, from their side
    horizon: int = 0  # with tree: playouts cut off at the round start this many rounds on, and valued
    weights: tuple[float, ...] | None = None  # the value's weights (None: engine.player.value_weights)


LEVELS: dict[str, Level] = {
    "easy": Level("easy", 0, samples=4),
    "normal": Level("normal", 60),
    "hard": Level("hard", 1200, tree=True, both_sides=True),
}

#: ``hard`` with its playouts cut off a round on and valued there (:mod:`engine.player.value`): as strong
#: as ``hard`` in less time (docs/performance.md), so not adopted; the arena's ``hard-value``, and what
#: :mod:`engine.learn` plays its later generations with.
HARD_VALUED = Level("hard", 2400, tree=True, both_sides=True, horizon=1)


class NothingToDecide(ValueError):
    """The player has no pending decision (the message is the one line the command prints)."""


def choose(
    record: Record,
    player: str,
    level: str | Level = "hard",
    seed: int = 0,
    budget_ms: float | None = None,
) -> Searched:
    """Answer ``player``'s pending decision in the game ``record`` leads to (raises
    :class:`NothingToDecide`); ``budget_ms`` caps the search's time."""
    if player not in PLAYERS:
        raise NothingToDecide(f"{player!r} is not a player (p1 or p2)")
    chosen = LEVELS[level] if isinstance(level, str) else level
    game = replay(record)
    decision = next((d for d in game.pending if d.player == player), None)
    if decision is None:
        state = "the game is over" if game.result is not None else "it is not their turn"
        raise NothingToDecide(f"{player} has nothing to decide: {state}")
    seat = PLAYERS.index(player)
    knows = knowledge(game, seat)
    rng = random.Random(seed)
    legal = answers(decision)
    if len(legal) == 1:
        return Searched(legal[0], 0, 0.0, ())
    if chosen.iterations == 0:
        return Searched(greedy(record, knows, decision, rng, chosen.samples), 0, 0.0, ())
    seconds = None if budget_ms is None else budget_ms / 1000
    if chosen.tree:
        return tree_search(
            record,
            knows,
            decision,
            rng,
            chosen.iterations,
            seconds,
            chosen.both_sides,
            horizon=chosen.horizon,
            weights=WEIGHTS if chosen.weights is None else chosen.weights,
        )
    return search(record, knows, decision, rng, chosen.iterations, seconds)


__all__ = ["HARD_VALUED", "LEVELS", "Level", "NothingToDecide", "Searched", "choose"]
