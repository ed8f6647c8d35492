"""Benchmark of the board and hand pictures: ``python -m bench.pictures [--positions 300] [--seed 1]``.

Draws the public board and the hand of the player to move for random positions of random games (every
deck mix and location, every language), as the bot does (``picture.board_png``, ``picture.hand_png``), and
prints the CPU time per picture (drawing, mapping onto the palette and PNG compression, in this one
thread) and the PNG sizes. The first pictures load the fonts and fill the caches: they are drawn
before the clock starts.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from functools import partial

import picture
from bench.report import machine
from cards import FACTIONS, LOCATIONS
from engine import Game, Setup, view
from engine.player.policies import random_answer
from text import LANGUAGES


def positions(count: int, seed: int) -> list[tuple[Game, str]]:
    """``count`` games at random points (0 to 40 decisions), each with a language."""
    rng = random.Random(seed)
    found = []
    for index in range(count):
        deck = {str(faction): rng.choice(("I", "II")) for faction in FACTIONS}
        location = rng.choice([None, *LOCATIONS])
        game = Game(Setup.model_validate({"deck": deck, "location": location, "seed": seed * 10_000 + index}))
        for _ in range(rng.randint(0, 40)):
            if game.result is not None:
                break
            decision = game.pending[0]
            game.apply(decision.player, random_answer(decision, rng))
        found.append((game, rng.choice(LANGUAGES)))
    return found


def measure(draw: Callable[[], bytes]) -> tuple[float, int]:
    started = time.process_time()
    png = draw()
    return time.process_time() - started, len(png)


def report(name: str, figures: Sequence[tuple[float, int]]) -> None:
    seconds = sorted(f[0] * 1000 for f in figures)
    sizes = sorted(f[1] / 1024 for f in figures)
    p99 = seconds[min(len(seconds) - 1, int(len(seconds) * 0.99))]
    print(
        f"  {name:<6} {len(figures):>5}  CPU ms p50 {statistics.median(seconds):.2f}  p99 {p99:.2f}"
        f"  max {seconds[-1]:.2f}   KB p50 {statistics.median(sizes):.1f}  max {sizes[-1]:.1f}"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.pictures", description=__doc__)
    parser.add_argument("--positions", type=int, default=300, help="random positions (300)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print("Cardia pictures benchmark")
    print(f"  machine: {machine()}")
    games = positions(args.positions, args.seed)
    boards: list[tuple[float, int]] = []
    hands: list[tuple[float, int]] = []
    for warm_up in (True, False):
        for game, language in games:
            players = [d.player for d in game.pending if d.player != "chance"] or ["p1"]
            board = measure(
                partial(
                    picture.board_png,
                    view(game, None),
                    ("Alice", "Bob"),
                    title="Cardia",
                    details="Difficulty",
                    language=language,
                )
            )
            hand = measure(partial(picture.hand_png, view(game, players[0]), players[0], language=language))
            if not warm_up:
                boards.append(board)
                hands.append(hand)
    print(
        f"  {args.positions} positions (0 to 40 random decisions into random games), PNG on a fixed palette"
    )
    report("board", boards)
    report("hand", hands)
    return 0


if __name__ == "__main__":
    sys.exit(main())
