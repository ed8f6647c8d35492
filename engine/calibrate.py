"""Is the review's chance of winning a chance? ``python -m engine calibrate``.

    python -m engine calibrate [--games 120] [--pairings ...] [--workers N] [--seed 1] [--iterations 600]

Plays ``--games`` games, spread over the pairings (the levels and random play, seats alternating, random
setups), reviews every decision of both seats with the search's raw chances, and scores them against
how each game ended: the Brier score and a reliability table by tenths, raw, with the sharpness fitted on
the even games (measured on the odd ones, which it never saw), and with the sharpness the review uses
(:data:`engine.review.SHARPNESS`). Prints figures; asserts nothing. docs/computer.md keeps them.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from engine.arena import play
from engine.review import CALIBRATION, RAW, Budget, Calibration, calibrated, review

DEFAULT_PAIRINGS = (
    "random:random",
    "easy:random",
    "normal:random",
    "hard:random",
    "easy:normal",
    "hard:easy",
    "hard:normal",
)


@dataclass(frozen=True, slots=True)
class Sample:
    """One reviewed decision: the search's raw chance for its seat, and how the game ended for it."""

    game: int
    raw: float
    outcome: float  # 1 won, 0.5 drawn, 0 lost


def samples_of(job: tuple[str, int, int]) -> list[Sample]:
    """Play one game of ``pairing`` (seed ``seed``) and review both seats' decisions raw."""
    pairing, seed, iterations = job
    first, second = pairing.split(":")
    if seed % 2:
        first, second = second, first
    record = play(first, second, seed).record
    found: list[Sample] = []
    for seat in ("p1", "p2"):
        reviewed = review(record, seat, seed=seed, budget=Budget.at(iterations), calibration=RAW)
        outcome = reviewed.outcome
        if outcome is not None:
            found.extend(Sample(seed, decision.before, outcome) for decision in reviewed.decisions)
    return found


def collect(games: int, pairings: Sequence[str], workers: int, seed: int, iterations: int) -> list[Sample]:
    jobs = [(pairings[index % len(pairings)], seed + index, iterations) for index in range(games)]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        return [sample for found in pool.map(samples_of, jobs) for sample in found]


def brier(predicted: Sequence[float], outcomes: Sequence[float]) -> float:
    return sum((p - o) ** 2 for p, o in zip(predicted, outcomes, strict=True)) / len(predicted)


def reliability(predicted: Sequence[float], outcomes: Sequence[float]) -> list[tuple[int, int, float, float]]:
    """By tenths of the predicted chance: (tenth, positions, mean predicted, share won)."""
    rows: list[tuple[int, int, float, float]] = []
    for tenth in range(10):
        chosen = [(p, o) for p, o in zip(predicted, outcomes, strict=True) if min(int(p * 10), 9) == tenth]
        if chosen:
            count = len(chosen)
            rows.append((tenth, count, sum(p for p, _ in chosen) / count, sum(o for _, o in chosen) / count))
    return rows


def fit(samples: Sequence[Sample]) -> Calibration:
    """The sharpness and shift with the least log loss on ``samples`` (a grid: two parameters)."""

    def loss(calibration: Calibration) -> float:
        total = 0.0
        for sample in samples:
            p = calibrated(sample.raw, calibration)
            total -= sample.outcome * math.log(p) + (1 - sample.outcome) * math.log(1 - p)
        return total

    coarse = min(((a / 10, b / 10) for a in range(3, 41) for b in range(-10, 11)), key=loss)
    fine = ((coarse[0] + a / 100, coarse[1] + b / 100) for a in range(-9, 10) for b in range(-9, 10))
    return min(fine, key=loss)


def report(label: str, samples: Sequence[Sample], calibration: Calibration) -> None:
    predicted = [calibrated(sample.raw, calibration) for sample in samples]
    outcomes = [sample.outcome for sample in samples]
    print(f"  {label}: Brier {brier(predicted, outcomes):.4f} over {len(samples)} positions")
    for tenth, count, mean, won in reliability(predicted, outcomes):
        low, high = tenth * 10, tenth * 10 + 10
        print(f"    {low:>3}-{high:<3}% {count:>5} positions: predicted {mean:6.1%}, won {won:6.1%}")


def _named(calibration: Calibration) -> str:
    return f"sharpness {calibration[0]:.2f}, shift {calibration[1]:+.2f}"


def run(games: int, pairings: Sequence[str], workers: int, seed: int, iterations: int) -> None:
    print(f"Calibration: {games} games over {len(pairings)} pairings, review at {iterations} iterations")
    samples = collect(games, pairings, workers, seed, iterations)
    fitting = [sample for sample in samples if sample.game % 2 == 0]
    held_out = [sample for sample in samples if sample.game % 2 == 1]
    fitted = fit(fitting)
    print(f"  fitted on the {len(fitting)} positions of the even games: {_named(fitted)}")
    print("  (a constant 50 %: Brier 0.25); the held-out odd games:")
    report("raw", held_out, RAW)
    report(f"fitted ({_named(fitted)})", held_out, fitted)
    report(f"the review's ({_named(CALIBRATION)}), every game", samples, CALIBRATION)
    print(f"  fitted on every game: {_named(fit(samples))}")
