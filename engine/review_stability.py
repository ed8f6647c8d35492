"""Is a review robust to its seed? ``python -m engine bench --review-stability 50 [--seeds 10]``.

Plays ``games`` games (levels mixed, random setups, seats alternating; seeds from ``seed`` on, far from the
tests'), reviews one seat of each with ``seeds`` different search seeds, and prints how often the reviews
name the same things:

- **turning points**: the share of reviews whose turning points (the decisions named, all of them) are the
  set most of that game's reviews name;
- **better answers named**: for each better answer a review names, the share of the game's other
  reviews that name it too;
- **verdicts**: the share of reviews whose verdict on a decision (no better answer, or which one) is the
  one most of them give, over every decision, and over the disputed ones (some review names a better
  answer or a turning point there);
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
    turning_points: float  # reviews naming the turning points most of that game's reviews name
    named: float  # of the better answers named, the share the game's other reviews name too
    better: float  # reviews giving the most common verdict on a disputed decision
    decided: float  # reviews giving the most common verdict on a decision, over every decision
    whole: float  # reviews whose every verdict is the most common one
    decisions: int  # decisions some review named a better answer for (disputed)
    reviews: int
    seconds: tuple[float, ...]  # each review's CPU time, sorted


def stability(games: Sequence[Sequence[Verdicts]]) -> Stability:
    same_points = same_whole = reviews = 0
    agreeing = judged = agreeing_all = judged_all = 0
    seconded = naming = 0
    decisions = 0
    for found in games:
        common_points = Counter(v.turning_points for v in found).most_common(1)[0][0]
        same_points += sum(v.turning_points == common_points for v in found)
        by_decision: dict[int, Counter[tuple[str, ...] | None]] = {}
        for v in found:
            for action, better in v.better:
                by_decision.setdefault(action, Counter())[better] += 1
        common = {action: counts.most_common(1)[0][0] for action, counts in by_decision.items()}
        for counts in by_decision.values():
            agreeing_all += counts.most_common(1)[0][1]
            judged_all += sum(counts.values())
            for answer, count in counts.items():
                if answer is not None:  # each review naming it: how many of the others name it too
                    naming += count
                    seconded += count * (count - 1)
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
    others = max(1, max((len(found) for found in games), default=1) - 1)
    seconds = tuple(sorted(v.seconds for found in games for v in found))
    return Stability(
        same_points / reviews,
        seconded / (naming * others) if naming else 1.0,
        agreeing / judged if judged else 1.0,
        agreeing_all / judged_all if judged_all else 1.0,
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
        f"{games} games ({', '.join(PAIRINGS)}), one seat each, {seeds} seeds ({measured.reviews} reviews):\n"
        f"  the same turning points: {measured.turning_points:.1%} of reviews\n"
        f"  a better answer named is named by the other seeds' reviews too: {measured.named:.1%}\n"
        f"  the most common verdict on a decision: {measured.decided:.1%} over every decision, "
        f"{measured.better:.1%} over the {measured.decisions} disputed ones (where some review names a"
        " better answer)\n"
        f"  whole reviews the same: {measured.whole:.1%}"
    )
    print(
        f"review time of a seat, CPU on one core: p50 {percentile(times, 0.5):.2f} s, "
        f"p90 {percentile(times, 0.9):.2f} s, max {times[-1]:.2f} s"
    )
    return measured
