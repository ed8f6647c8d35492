"""The computer player's strength and speed: ``python -m engine arena``.

    python -m engine arena [--games 1000] [--pairings hard:random,hard:easy,hard:normal] [--workers N]

Each pairing plays ``--games`` games on random setups (both decks, mixed decks, every location), the
seats alternating (A is p1 in even games, p2 in odd ones). ``random`` answers uniformly at random;
``easy``, ``normal`` and ``hard`` are the levels of :mod:`engine.player`, and ``hard@1200`` is ``hard``
searching 1,200 iterations a decision (a level as it was, or as it would be with more time: the search's
answers depend on its iterations only, never on the engine's speed); ``hard-v1`` is ``hard`` as it was
until issue 33 (:data:`FORMER`), to measure a changed ``hard`` against; ``hard-value`` is ``hard`` with a
learned value at a horizon (:data:`TRIED`). Prints, per pairing, A's wins,
draws and losses, its score (a draw counts half) with a 95 % Wilson interval, and the time of each
search decision (p50/p99/max) with the search's iterations per second. Prints figures; asserts nothing.
Games run in ``--workers`` processes (default: one per core), each game on one core.
"""

from __future__ import annotations

import math
import os
import random
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field, replace

from engine import compiled
from engine.bench import random_setup
from engine.game import Game
from engine.model import PLAYERS
from engine.player import HARD_VALUED, LEVELS, Level, choose
from engine.player.policies import random_answer
from engine.record import Action, Record

DEFAULT_PAIRINGS = ("hard:random", "hard:easy", "hard:normal")


@dataclass
class Played:
    """One game of a pairing, from A's side."""

    score: float  # 1 won, 0.5 drawn, 0 lost
    record: Record
    decisions: dict[str, list[tuple[float, int]]] = field(default_factory=dict)  # level -> (s, iterations)


#: Levels as they were, to measure today's against: ``hard-v1`` is ``hard`` until issue 33 (random
#: playouts, UCB1's constant 0.7), whose answers are those of its code then, bit for bit.
FORMER: dict[str, Level] = {
    "hard-v1": Level("hard", 1200, tree=True, both_sides=True),
}


#: Levels tried and not adopted, kept to measure against.
TRIED: dict[str, Level] = {"hard-value": HARD_VALUED}


def _named(name: str) -> Level | None:
    return FORMER.get(name) or TRIED.get(name) or LEVELS.get(name)


def is_player(spec: str) -> bool:
    """``random``, a level (or a former one), or a searching level at a number of iterations
    (``hard@2400``)."""
    name, at, iterations = spec.partition("@")
    level = _named(name)
    if not at:
        return name == "random" or level is not None
    return level is not None and level.iterations > 0 and iterations.isdigit() and int(iterations) > 0


def level_of(spec: str) -> Level:
    """``hard``, ``hard-v1`` or ``hard@1200`` (a level searching another number of iterations)."""
    name, _, iterations = spec.partition("@")
    level = _named(name)
    assert level is not None, spec
    return replace(level, iterations=int(iterations)) if iterations else level


def play(first: str, second: str, seed: int) -> Played:
    """One game: ``first`` plays p1 and ``second`` p2 (A is whichever the caller says)."""
    rng = random.Random(seed)
    setup = random_setup(rng, True)
    game = Game(setup)
    actions: list[Action] = []
    timings: dict[str, list[tuple[float, int]]] = {}
    while game.result is None:
        decision = game.pending[0]
        level = first if decision.player == "p1" else second
        if decision.player not in PLAYERS or level == "random":
            answer = list(random_answer(decision, rng))
        else:
            started = time.perf_counter()
            searched = choose(
                Record(format="cardia-replay/1", setup=setup, actions=actions),
                decision.player,
                level_of(level),
                seed=seed,
            )
            timings.setdefault(level, []).append((time.perf_counter() - started, searched.iterations))
            answer = list(searched.answer)
        game.apply(decision.player, answer)
        actions.append(Action(player=decision.player, choose=answer))
    winner = game.result.winner
    record = Record(format="cardia-replay/1", setup=setup, actions=actions)
    return Played(0.5 if winner is None else float(winner == "p1"), record, timings)


def _game(job: tuple[str, str, int]) -> Played:
    a, b, seed = job
    if seed % 2 == 0:
        return play(a, b, seed)
    played = play(b, a, seed)
    played.score = 1.0 - played.score
    return played


def wilson(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a proportion."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    spread = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    return centre - spread, centre + spread


def percentile(ordered: Sequence[float], fraction: float) -> float:
    return ordered[max(0, math.ceil(fraction * len(ordered)) - 1)]


def run(games: int, pairings: Sequence[str], workers: int, seed: int) -> None:
    print(
        f"Cardia arena: {games} games per pairing on random setups, seats alternating, {workers} workers; "
        f"engine {compiled.status}"
    )
    print(
        f"  {'A vs B':<16}{'won':>6}{'drawn':>7}{'lost':>6}{'A score':>9}{'95 % interval':>17}{'seconds':>9}"
    )
    timings: dict[str, list[tuple[float, int]]] = {}
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for pairing in pairings:
            a, b = pairing.split(":")
            started = time.perf_counter()
            jobs = [(a, b, seed + index) for index in range(games)]
            results = list(pool.map(_game, jobs, chunksize=4))
            scores = [r.score for r in results]
            won, drawn = scores.count(1.0), scores.count(0.5)
            low, high = wilson(sum(scores), games)
            print(
                f"  {a + ' vs ' + b:<16}{won:>6}{drawn:>7}{games - won - drawn:>6}{sum(scores) / games:>9.1%}"
                f"{f'{low:.1%} - {high:.1%}':>17}{time.perf_counter() - started:>9.0f}",
                flush=True,
            )
            for result in results:
                for level, decided in result.decisions.items():
                    timings.setdefault(level, []).extend(decided)
    print("  decision times (one core per game)")
    for level, decided in sorted(timings.items()):
        seconds = sorted(s for s, _ in decided)
        iterations = sum(n for _, n in decided)
        rate = f"; {iterations / sum(seconds):,.0f} search iterations/s" if iterations else ""
        print(
            f"    {level:<7} {len(seconds)} decisions: p50 {percentile(seconds, 0.5) * 1000:.0f} ms,"
            f" p99 {percentile(seconds, 0.99) * 1000:.0f} ms, max {seconds[-1] * 1000:.0f} ms{rate}"
        )


def default_workers() -> int:
    return os.cpu_count() or 1
