"""Benchmarks of the search: its iterations a second, and whole reviews, on one core.

    python -m engine bench --search 24     hard's search on 24 fixed mid-game positions
    python -m engine bench --reviews 100   both seats of 100 games of random setups reviewed

Prints figures; asserts nothing. docs/performance.md keeps the latest, with their machine.
"""

from __future__ import annotations

import random
import time
from itertools import islice

from engine.arena import percentile, play
from engine.bench import random_actions, random_setup
from engine.game import Game
from engine.model import CHANCE, PLAYERS
from engine.player import choose
from engine.player.policies import answers
from engine.record import Action, Record
from engine.review import review


def positions(count: int, seed: int) -> list[tuple[Record, str]]:
    """``count`` positions 4 to 24 random decisions into random games, half Deck I, half any setup, each
    with a player to decide among two answers or more."""
    rng = random.Random(seed)
    found: list[tuple[Record, str]] = []
    while len(found) < count:
        setup = random_setup(rng, all_setups=len(found) % 2 == 1)
        game = Game(setup)
        stop = rng.randrange(4, 25)
        actions = [Action(player=p, choose=c) for p, c in islice(random_actions(game, rng), stop)]
        deciding = [d for d in game.pending if d.player != CHANCE and len(answers(d)) > 1]
        if game.result is None and deciding:
            found.append((Record(format="cardia-replay/1", setup=setup, actions=actions), deciding[0].player))
    return found


def search_speed(count: int, seed: int) -> None:
    chosen = positions(count, seed)
    iterations = 0
    started = time.process_time()
    for record, player in chosen:
        iterations += choose(record, player, "hard", seed=1).iterations
    seconds = time.process_time() - started
    print(
        f"hard's search on {count} positions: {iterations} iterations in {seconds:.2f} s of CPU = "
        f"{iterations / seconds:,.0f} iterations/s"
    )


def review_speed(games: int, seed: int) -> None:
    """Games of random setups between ``easy`` and ``normal`` (quick to play), each seat reviewed."""
    times: list[float] = []
    whole: list[float] = []  # both seats of a game
    decisions = 0
    for index in range(games):
        record = play("easy", "normal", seed + index).record
        for seat in PLAYERS:
            started = time.process_time()
            decisions += len(review(record, seat, seed=index).decisions)
            times.append(time.process_time() - started)
        whole.append(times[-1] + times[-2])
    times.sort()
    whole.sort()
    p50, p90 = percentile(times, 0.5), percentile(times, 0.9)
    print(
        f"reviews of {len(times)} seats ({games} games, {decisions / len(times):.1f} decisions each): "
        f"p50 {p50:.2f} s, p90 {p90:.2f} s, max {times[-1]:.2f} s of CPU"
    )
    print(
        f"both seats of a game: p50 {percentile(whole, 0.5):.2f} s, p90 {percentile(whole, 0.9):.2f} s, "
        f"max {whole[-1]:.2f} s of CPU"
    )
