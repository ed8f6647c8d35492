"""Is a review robust to its seed? ``python -m engine bench --review-stability 50 [--seeds 10]``.

Plays ``games`` games (levels mixed, random setups, seats alternating; seeds from ``seed`` on, far from the
tests'), reviews one seat of each with ``seeds`` different search seeds, and prints how often the reviews
name the same things:

- **turning points**: the share of reviews whose turning points (the decisions named, all of them) are the
  set most of that game's reviews name;
- **better answers**: over every decision for which any review names a better answer (or a turning point),
  the share of reviews whose verdict on it (no better answer, or which one) is the one most of them give;
- **whole reviews**: the share of reviews whose every verdict is the most common one;

and each seat's review time (CPU, one core per worker). Prints figures; asserts nothing.
docs/computer.md and docs/performance.md keep them.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from engine.arena import percentile, play
from engine.review import Review, review

#: The pairings the games are played by: players who make mistakes, and players who rarely do.
PAIRINGS = ("easy:normal", "normal:hard", "easy:hard", "normal:normal")


@dataclass(frozen=True, slots=True)
class Verdicts:
    """What one review names: its turning points (by action), and each decision's better answer."""

    turning_points: frozenset[int]
    better: tuple[tuple[int, tuple[str, ...] | None], ...]  # (action, the better answer or None)
    seconds: float


def verdicts(reviewed: Review, seconds: float) -> Verdicts:
    decisions = reviewed.decisions
    return Verdicts(
        frozenset(decisions[index].action for index in reviewed.turning_points),
        tuple((d.action, None if d.best == d.chosen else d.best) for d in decisions),
        seconds,
    )


def game_verdicts(job: tuple[int, int]) -> list[Verdicts]:
    """One game (seed ``number``), one seat reviewed with ``seeds`` seeds (0 the review's own)."""
    number, seeds = job
    first, second = PAIRINGS[number % len(PAIRINGS)].split(":")
    if number % 2:
        first, second = second, first
    record = play(first, second, number).record
    seat = ("p1", "p2")[(number // 2) % 2]
    found = []
    for seed in range(seeds):
        started = time.process_time()
        reviewed = review(record, seat, seed=None if seed == 0 else seed)
        found.append(verdicts(reviewed, time.process_time() - started))
    return found


@dataclass(frozen=True, slots=True)
class Stability:
    turning_points: float
    better: float
    whole: float
    decisions: int  # decisions some review named a better answer for
    reviews: int
    seconds: tuple[float, ...]  # each review's CPU time, sorted


def stability(games: Sequence[Sequence[Verdicts]]) -> Stability:
    same_points = same_whole = reviews = 0
    agreeing = judged = 0
    decisions = 0
    for found in games:
        common_points = Counter(v.turning_points for v in found).most_common(1)[0][0]
        same_points += sum(v.turning_points == common_points for v in found)
        by_decision: dict[int, Counter[tuple[str, ...] | None]] = {}
        for v in found:
            for action, better in v.better:
                by_decision.setdefault(action, Counter())[better] += 1
        common = {action: counts.most_common(1)[0][0] for action, counts in by_decision.items()}
        disputed = [
            action
            for action, counts in by_decision.items()
            if set(counts) != {None} or any(action in v.turning_points for v in found)
        ]
        decisions += len(disputed)
        for action in disputed:
            agreeing += by_decision[action][common[action]]
            judged += sum(by_decision[action].values())
        same_whole += sum(
            v.turning_points == common_points and all(common[a] == b for a, b in v.better) for v in found
        )
        reviews += len(found)
    seconds = tuple(sorted(v.seconds for found in games for v in found))
    return Stability(
        same_points / reviews,
        agreeing / judged if judged else 1.0,
        same_whole / reviews,
        decisions,
        reviews,
        seconds,
    )


def run(games: int, seeds: int, seed: int, workers: int) -> Stability:
    jobs = [(seed + index, seeds) for index in range(games)]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        found = list(pool.map(game_verdicts, jobs))
    measured = stability(found)
    times = measured.seconds
    print(
        f"{games} games ({', '.join(PAIRINGS)}), one seat each, {seeds} seeds: "
        f"the same turning points {measured.turning_points:.1%} of reviews; the same verdict on each "
        f"disputed decision ({measured.decisions}) {measured.better:.1%}; whole reviews the same "
        f"{measured.whole:.1%}"
    )
    print(
        f"review time of a seat, CPU on one core: p50 {percentile(times, 0.5):.2f} s, "
        f"p90 {percentile(times, 0.9):.2f} s, max {times[-1]:.2f} s ({measured.reviews} reviews)"
    )
    return measured
