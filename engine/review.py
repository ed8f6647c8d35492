"""A review of one seat's game: its chance of winning at each of its decisions, the best answer the search
finds, and the decisions that cost the most (turning points), with the facts they are told by.

Honest like the computer player: every chance is estimated from what the seat could see at that moment
(its knowledge, :mod:`engine.player.worlds`), never from the hidden cards, though the game is over. The
facts a turning point is told with come from the events the seat saw (:func:`engine.observe.visible_events`).

    from engine.review import review
    reviewed = review(record, "p1")

Pure, deterministic for a seed; no I/O. The chances are calibrated (:func:`calibrated`, fitted by
``python -m engine calibrate``: docs/computer.md).
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.game import Game, replay
from engine.model import PLAYERS, VALUE, Decision, Event, card_id
from engine.observe import visible_events
from engine.player import LEVELS, choose
from engine.player.search import tree_search
from engine.player.worlds import knowledge
from engine.record import Record

#: Search iterations per decision, and for the chosen answer when the search tried it too little.
ITERATIONS = 600
CHOSEN_ITERATIONS = 200
HINT_ITERATIONS = LEVELS["hard"].iterations  # a hint is the computer's own answer
#: A decision that cost at least this much chance is a turning point: ten points is about three times the
#: noise of the difference of two estimates at these budgets, and a swing a player feels.
TURNING_POINT = 0.10
#: The calibration (``python -m engine calibrate`` fits it), on the log-odds of the search's mean reward:
#: a sharpness below 1 (the search is too sure of itself: its own best line is all it plays out) and a
#: shift below 0 (the best answer's mean is the highest of several noisy means: a little too high).
SHARPNESS = 0.68
SHIFT = -0.20
Calibration = tuple[float, float]
CALIBRATION: Calibration = (SHARPNESS, SHIFT)
RAW: Calibration = (1.0, 0.0)


def calibrated(raw: float, calibration: Calibration = CALIBRATION) -> float:
    """A search's mean reward as a chance of winning."""
    sharpness, shift = calibration
    clipped = min(max(raw, 0.005), 0.995)
    return 1.0 / (1.0 + math.exp(-(sharpness * math.log(clipped / (1.0 - clipped)) + shift)))


@dataclass(frozen=True, slots=True)
class Encountered:
    """How a card the seat placed fared in its comparison, as the seat saw it, and how the better card
    would have fared against the same opposing card (influence at the comparison: value and modifiers)."""

    placed: str
    against: str
    influence: int
    against_influence: int
    outcome: str  # "won", "lost" or "tie", for the seat
    alternative: str | None  # the better card, if the better answer was another card
    alternative_outcome: str | None


@dataclass(frozen=True, slots=True)
class Reviewed:
    """One decision of the seat. ``before`` is its chance with the best answer, ``after`` with the one it
    chose (equal when it chose the best)."""

    action: int  # the action's index in the record
    round: int
    kind: str
    chosen: tuple[str, ...]
    best: tuple[str, ...]
    before: float
    after: float
    encountered: Encountered | None  # for a card placed, how it fared

    @property
    def cost(self) -> float:
        return self.before - self.after


@dataclass(frozen=True, slots=True)
class Review:
    seat: str
    decisions: tuple[Reviewed, ...]
    outcome: float  # 1 won, 0.5 drawn, 0 lost
    turning_points: tuple[int, ...]  # indexes into decisions, the costliest first

    @property
    def chances(self) -> tuple[float, ...]:
        """The seat's chance of winning at each decision, then the end (1, 0.5 or 0): the chart's line."""
        return (*(decision.before for decision in self.decisions), self.outcome)


def review(
    record: Record,
    seat: str,
    seed: int = 0,
    iterations: int = ITERATIONS,
    chosen_iterations: int = CHOSEN_ITERATIONS,
    calibration: Calibration = CALIBRATION,
) -> Review:
    """Review ``seat``'s decisions in the game ``record`` (finished or not); the same ``seed``, the same
    review. With ``calibration`` :data:`RAW`, the search's raw chances (to fit the calibration). The bot
    reviews one decision at a time (:func:`review_decision`, then :func:`assemble`), so that a review
    never holds a worker for long."""
    budget = (iterations, chosen_iterations)
    return assemble(
        record,
        seat,
        [review_decision(record, number, seed, budget, calibration) for number in decisions_of(record, seat)],
    )


def decisions_of(record: Record, seat: str) -> list[int]:
    """The indexes of ``seat``'s actions in ``record``: the decisions a review goes through."""
    if seat not in PLAYERS:
        raise ValueError(f"{seat!r} is not a player (p1 or p2)")
    return [number for number, action in enumerate(record.actions) if action.player == seat]


def review_decision(
    record: Record,
    number: int,
    seed: int = 0,
    budget: tuple[int, int] = (ITERATIONS, CHOSEN_ITERATIONS),
    calibration: Calibration = CALIBRATION,
) -> Reviewed:
    """Action ``number`` of ``record`` reviewed from what its player knew then; ``budget``: the search's
    iterations, and the chosen answer's."""
    action = record.actions[number]
    prefix = record.model_copy(update={"actions": record.actions[:number]})
    game = replay(prefix)
    decision = next(d for d in game.pending if d.player == action.player)
    rng = random.Random(f"{seed}:{number}")
    return _reviewed(prefix, game, decision, tuple(action.choose), number, rng, budget, calibration)


def assemble(record: Record, seat: str, decisions: Sequence[Reviewed]) -> Review:
    """The review of ``seat`` from its decisions reviewed one by one: how each placed card fared, the
    game's outcome, and the turning points."""
    starts: dict[int, int] = {}  # the first event after each reviewed decision
    game = Game(record.setup)
    for number, action in enumerate(record.actions):
        starts[number] = len(game.events)
        game.apply(action.player, action.choose)
    seen = visible_events(game, seat)
    told = [_with_encounter(seen, starts[reviewed.action], reviewed) for reviewed in decisions]
    result = game.result
    outcome = 0.5 if result is None or result.winner is None else float(result.winner == seat)
    costly = sorted(
        (i for i, reviewed in enumerate(told) if reviewed.cost >= TURNING_POINT),
        key=lambda i: (-told[i].cost, i),
    )
    return Review(seat, tuple(told), outcome, tuple(costly))


def _reviewed(
    prefix: Record,
    game: Game,
    decision: Decision,
    chosen: tuple[str, ...],
    number: int,
    rng: random.Random,
    budget: tuple[int, int],
    calibration: Calibration,
) -> Reviewed:
    """One decision reviewed from what its seat knew then (``game`` is at that decision); ``budget``: the
    search's iterations, and the chosen answer's."""
    iterations, chosen_iterations = budget
    knows = knowledge(game, PLAYERS.index(decision.player))
    chosen = _as_answer(decision, chosen)
    searched = tree_search(prefix, knows, decision, rng, iterations, both_sides=True)
    means = {answer: (visits, mean) for answer, visits, mean in searched.tried}
    best = searched.answer
    visits, after = means.get(chosen, (0, 0.0))
    if chosen != best and visits < chosen_iterations:
        forced = tree_search(prefix, knows, decision, rng, chosen_iterations, both_sides=True, forced=chosen)
        after = forced.tried[0][2]
    before = means[best][1]
    if chosen == best or after >= before:  # the chosen answer is as good as the best the search knows
        best, after = chosen, before
    before, after = calibrated(before, calibration), calibrated(after, calibration)
    return Reviewed(number, game.round, decision.kind, chosen, best, before, after, None)


def _as_answer(decision: Decision, chosen: tuple[str, ...]) -> tuple[str, ...]:
    """The chosen options in the order :func:`answers` lists them (a set, not an order)."""
    return tuple(option for option in decision.options if option in chosen)


def _with_encounter(seen: list[Event], start: int, reviewed: Reviewed) -> Reviewed:
    """``reviewed`` with how its placed card fared, from the events the seat saw from ``start`` (its
    decision) on; a decision other than placing a card is left as it is."""
    if reviewed.kind != "play":
        return reviewed
    seat = PLAYERS.index(reviewed.chosen[0].split(":")[0])
    placed = card_id(reviewed.chosen[0])
    modifiers: dict[tuple[int, str], int] = {}  # changes of influence since the card was placed
    for event in seen[start:]:
        if event.kind == "modifier" and event.cards:
            key = (event.player, event.cards[0])
            modifiers[key] = modifiers.get(key, 0) + event.amount
        elif event.kind == "compared" and event.cards[seat] == placed:
            against = event.cards[1 - seat]
            shift = modifiers.get((seat, placed), 0)  # next-card effects bind to whichever card is placed
            mine, theirs = VALUE[placed] + shift, VALUE[against] + modifiers.get((1 - seat, against), 0)
            alternative = card_id(reviewed.best[0]) if reviewed.best != reviewed.chosen else None
            told = Encountered(
                placed,
                against,
                mine,
                theirs,
                _outcome(mine, theirs),
                alternative,
                None if alternative is None else _outcome(VALUE[alternative] + shift, theirs),
            )
            return dataclasses.replace(reviewed, encountered=told)
    return reviewed


def _outcome(mine: int, theirs: int) -> str:
    return "won" if mine > theirs else "lost" if mine < theirs else "tie"


@dataclass(frozen=True, slots=True)
class Hint:
    """The answer the search suggests for a pending decision, and the chance of winning with it."""

    answer: tuple[str, ...]
    chance: float


def hint(record: Record, player: str, seed: int = 0, iterations: int = HINT_ITERATIONS) -> Hint:
    """A hint for ``player``'s pending decision in the game ``record`` leads to, from what they may see
    (raises :class:`engine.player.NothingToDecide` if they have none)."""
    searched = choose(record, player, dataclasses.replace(LEVELS["hard"], iterations=iterations), seed)
    chance = next((mean for answer, _, mean in searched.tried if answer == searched.answer), None)
    if chance is None:  # a single answer: its value searched on its own
        game = replay(record)
        decision = next(d for d in game.pending if d.player == player)
        knows = knowledge(game, PLAYERS.index(player))
        rng = random.Random(seed)
        forced = tree_search(
            record, knows, decision, rng, iterations, both_sides=True, forced=searched.answer
        )
        chance = forced.tried[0][2]
    return Hint(searched.answer, calibrated(chance))


def review_data(reviewed: Review) -> dict[str, Any]:
    """``reviewed`` as JSON data (the bot keeps each review it made); :func:`review_from_data` reads it."""
    return dataclasses.asdict(reviewed)


def review_from_data(data: dict[str, Any]) -> Review:
    decisions = tuple(
        Reviewed(
            action=item["action"],
            round=item["round"],
            kind=item["kind"],
            chosen=tuple(item["chosen"]),
            best=tuple(item["best"]),
            before=item["before"],
            after=item["after"],
            encountered=None if item["encountered"] is None else Encountered(**item["encountered"]),
        )
        for item in data["decisions"]
    )
    return Review(data["seat"], decisions, data["outcome"], tuple(data["turning_points"]))
