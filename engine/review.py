"""A review of one seat's game: its chance of winning at each of its decisions, the best answer the search
finds, the decisions that cost the most (turning points), and where the chance went between them, with
the facts they are told by.

Honest like the computer player: every chance is estimated from what the seat could see at that moment
(its knowledge, :mod:`engine.player.worlds`), never from the hidden cards, though the game is over. The
facts a turning point is told with come from the events the seat saw (:func:`engine.observe.visible_events`)
and, for the card it could have placed instead, from the engine playing that card in its place.

    from engine.review import review
    reviewed = review(record, "p1")

Pure and deterministic: the search's seed comes from what the seat had seen at each decision
(:func:`decision_seed`), so a game gets the same review wherever it is reviewed, and a hint at a decision
names the answer the review will call the best there. No I/O. The chances are calibrated
(:func:`calibrated`, fitted by ``python -m engine calibrate``: docs/computer.md).

**Verdicts beyond the noise.** Each answer compared is estimated by several independent searches that
force it (batches); their spread gives the estimate's standard error. Another answer is "better" only
when its chance is higher by :data:`Z` standard errors of the difference and by :data:`BETTER` at
least; a turning point is a better answer by :data:`TURNING_POINT` or more. Where a verdict is close to
its line, more batches are searched, up to :attr:`Budget.most_batches`.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.game import Game, replay
from engine.model import PLAYERS, VALUE, Decision, Encounter, Event, IllegalAction, card_id
from engine.observe import named_events, visible_events
from engine.player.policies import answers
from engine.player.search import tree_search
from engine.player.worlds import Knowledge, knowledge
from engine.record import Action, Record

#: A difference is beyond the noise at this many standard errors (about one false verdict in 700 where
#: two answers are in truth equal).
Z = 3.0
#: A decision is a turning point when another answer is at least this much better (calibrated chance):
#: ten points, a swing a player feels...
TURNING_POINT = 0.10
#: ...and another answer is named better only there: a lower line (5 or 8 points) left more decisions
#: near a line, where another seed could tell otherwise (docs/performance-history.md).
BETTER = TURNING_POINT
#: Between two decisions, a change of chance at least this large (and beyond the noise) is told as
#: where the chance went, from the events the seat saw in between.
SWING = 0.15
#: The alternatives a chosen answer is compared with: the search's most visited other answers.
ALTERNATIVES = 2
#: The calibration (``python -m engine calibrate`` fits it), on the log-odds of the estimated mean
#: reward: a sharpness below 1 (the search is too sure of itself: its own best line is all it plays out)
#: and a shift.
SHARPNESS = 0.68
SHIFT = -0.20
Calibration = tuple[float, float]
CALIBRATION: Calibration = (SHARPNESS, SHIFT)
RAW: Calibration = (1.0, 0.0)


@dataclass(frozen=True, slots=True)
class Budget:
    """The search's iterations: ``search`` to rank the answers; each answer compared is then estimated
    by ``batches`` searches of ``batch`` iterations that force it, and up to ``most_batches`` where a
    verdict is close to its line."""

    search: int = 600
    batch: int = 150
    batches: int = 4
    most_batches: int = 32

    @classmethod
    def at(cls, search: int) -> Budget:
        """The review's budget scaled to ``search`` iterations for the search (batches a quarter of it)."""
        return cls(search=search, batch=max(1, search // 4))


BUDGET = Budget()


def calibrated(raw: float, calibration: Calibration = CALIBRATION) -> float:
    """A search's mean reward as a chance of winning."""
    sharpness, shift = calibration
    clipped = min(max(raw, 0.005), 0.995)
    return 1.0 / (1.0 + math.exp(-(sharpness * math.log(clipped / (1.0 - clipped)) + shift)))


@dataclass(frozen=True, slots=True)
class Estimate:
    """An answer's mean reward over independent forced searches (``means``, one a batch), and the
    standard error of that mean from their spread."""

    answer: tuple[str, ...]
    means: tuple[float, ...]
    batch: int  # iterations a batch

    @property
    def mean(self) -> float:
        return sum(self.means) / len(self.means)

    @property
    def error(self) -> float:
        """The spread of the batch means over the square root of their number, with a floor: a batch's
        variance is at least a coin flip's at the batches' mean (measured, the means of forced searches
        spread 0.8 to 1.9 times as much across seeds, and a few batches can agree by chance)."""
        count = len(self.means)
        mean = self.mean
        spread = sum((m - mean) ** 2 for m in self.means) / (count - 1) if count > 1 else 0.25
        return math.sqrt(max(spread, mean * (1.0 - mean) / self.batch) / count)


@dataclass(frozen=True, slots=True)
class Encountered:
    """How a card the seat placed fared in its encounter, as the engine settled it once the cards were
    compared (influence at the comparison: the card's value and modifiers), and, when the better answer
    was another card, how the engine settles the same encounter with that card placed instead."""

    placed: str
    against: str
    influence: int
    against_influence: int
    outcome: str  # "won", "lost" or "tie", for the seat
    alternative: str | None  # the better card, if the better answer was another card
    alternative_outcome: str | None  # None also when the engine could not tell (a choice came first)


@dataclass(frozen=True, slots=True)
class Reviewed:
    """One decision of the seat. ``before`` is its chance with the best answer, ``after`` with the one it
    chose (equal when no other answer is better beyond the noise); ``error``: the standard error of
    ``after`` (calibrated)."""

    action: int  # the action's index in the record
    round: int
    kind: str
    chosen: tuple[str, ...]
    best: tuple[str, ...]
    before: float
    after: float
    encountered: Encountered | None  # for a card placed, how it fared
    error: float = 0.0

    @property
    def cost(self) -> float:
        return self.before - self.after


@dataclass(frozen=True, slots=True)
class Swing:
    """Where the chance went between two of the seat's decisions (or the last one and the game's end):
    ``start`` after the earlier decision's answer, ``end`` at the next one (or the outcome), and what the
    seat saw happen in between."""

    after: int  # the index, in the review's decisions, of the decision it follows
    start: float
    end: float
    revealed: tuple[str, ...]  # the opponent's cards revealed (by id)
    drew: tuple[str, ...]  # the cards the seat drew (by id)


@dataclass(frozen=True, slots=True)
class Review:
    seat: str
    decisions: tuple[Reviewed, ...]
    outcome: float | None  # 1 won, 0.5 drawn, 0 lost; None: the game is not over
    turning_points: tuple[int, ...]  # indexes into decisions, the costliest first
    swings: tuple[Swing, ...] = ()  # the two largest changes between decisions, in the game's order

    @property
    def finished(self) -> bool:
        return self.outcome is not None

    @property
    def chances(self) -> tuple[float, ...]:
        """The seat's chance of winning after each of its answers, then at the end (1, 0.5 or 0) if the
        game is over: what happened, the chart's line."""
        after = tuple(decision.after for decision in self.decisions)
        return after if self.outcome is None else (*after, self.outcome)


def review(
    record: Record,
    seat: str,
    seed: int | None = None,
    budget: Budget = BUDGET,
    calibration: Calibration = CALIBRATION,
) -> Review:
    """Review ``seat``'s decisions in the game ``record`` (finished or not). ``seed`` None: the seed of
    each decision comes from what the seat had seen (the same review wherever it is made); another
    seed is mixed into it (to measure how much a review depends on it). With ``calibration``
    :data:`RAW`, the search's raw chances (to fit the calibration). The bot reviews one decision at a
    time (:func:`review_decision`, then :func:`assemble`), so that a review never holds a worker for
    long."""
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


def decision_seed(game: Game, player: str, seed: int | None = None) -> int:
    """The search's seed at ``player``'s pending decision in ``game``: a digest of what they have seen
    (never a hidden card: the searches stay honest, and twins that differ only in hidden things are
    searched alike), mixed with ``seed`` if given."""
    events = [tuple(event) for event in visible_events(game, player)]  # plain tuples of str and int
    asked = [(d.kind, d.options, d.count, d.ordered) for d in game.pending if d.player == player]
    seen = json.dumps([player, seed, events, asked])  # spelled out, not a class's repr: stable everywhere
    return int.from_bytes(hashlib.sha256(seen.encode()).digest()[:8], "big")


@dataclass(slots=True)
class _Position:
    """A decision to search: the record up to it, the game there, what its player knew, the budget; what
    was searched there is kept (an answer's batch means, the search's ranking), so that each is searched
    once however often it is compared."""

    record: Record
    game: Game
    decision: Decision
    knows: Knowledge
    seed: int
    budget: Budget
    _means: dict[tuple[str, ...], list[float]] = dataclasses.field(default_factory=dict)
    _ranked: list[tuple[str, ...]] | None = None

    @classmethod
    def of(cls, record: Record, player: str, seed: int | None, budget: Budget) -> _Position:
        game = replay(record)
        decision = next(d for d in game.pending if d.player == player)
        knows = knowledge(game, PLAYERS.index(player))
        return cls(record, game, decision, knows, decision_seed(game, player, seed), budget)

    def estimate(self, answer: tuple[str, ...], batches: int) -> Estimate:
        """``answer``'s estimate from its first ``batches`` batches (each answer's batches have seeds of
        their own: the same answer is estimated alike, as the best or as the one chosen)."""
        means = self._means.setdefault(answer, [])
        for batch in range(len(means), batches):
            rng = random.Random(f"{self.seed}:{','.join(answer)}:{batch}")
            searched = tree_search(
                self.record, self.knows, self.decision, rng, self.budget.batch, both_sides=True, forced=answer
            )
            means.append(searched.tried[0][2])
        return Estimate(answer, tuple(means[:batches]), self.budget.batch)

    def ranked(self) -> list[tuple[str, ...]]:
        """The decision's answers, the search's most visited first (a single answer: itself)."""
        if self._ranked is None:
            legal = answers(self.decision)
            self._ranked = legal
            if len(legal) > 1:
                rng = random.Random(f"{self.seed}:search")
                searched = tree_search(
                    self.record, self.knows, self.decision, rng, self.budget.search, both_sides=True
                )
                tried = [answer for answer, _, _ in sorted(searched.tried, key=lambda t: (-t[1], -t[2]))]
                self._ranked = tried + [answer for answer in legal if answer not in tried]
        return self._ranked

    def judge(self, chosen: tuple[str, ...], calibration: Calibration) -> Judged:
        """``chosen`` against its best alternative: the better of the search's two most visited other
        answers (of two within the noise of each other, the first in the decision's order, so that no
        seed chooses between equals), each estimated, with more batches where a verdict is close to its
        line. Chosen or not by the search, the same answers are compared."""
        budget = self.budget
        legal = answers(self.decision)
        mine = self.estimate(chosen, budget.batches)
        others = [answer for answer in self.ranked() if answer != chosen][:ALTERNATIVES]
        if not others:
            return Judged(mine, mine, verdict(mine, mine, calibration))
        estimates = [self.estimate(answer, budget.batches) for answer in others]
        best = estimates[0]
        if len(estimates) == 2:
            first, second = estimates
            if abs(first.mean - second.mean) >= Z * _difference_error(first, second):
                best = first if first.mean > second.mean else second
            else:
                best = min(estimates, key=lambda estimate: legal.index(estimate.answer))
        batches = budget.batches
        while batches < budget.most_batches and _close(best, mine, calibration):
            batches = min(batches * 2, budget.most_batches)
            best, mine = self.estimate(best.answer, batches), self.estimate(chosen, batches)
        return Judged(best, mine, verdict(best, mine, calibration))


@dataclass(frozen=True, slots=True)
class Judged:
    """A chosen answer against its best alternative, both estimated, and the verdict."""

    alternative: Estimate
    chosen: Estimate
    verdict: Verdict

    @property
    def named(self) -> tuple[str, ...]:
        """The answer named best: the alternative if it is better beyond the noise, else the chosen one."""
        return self.alternative.answer if self.verdict.better else self.chosen.answer


def _difference_error(one: Estimate, other: Estimate) -> float:
    return math.sqrt(one.error**2 + other.error**2)


@dataclass(frozen=True, slots=True)
class Verdict:
    """Whether ``best`` is better than ``chosen`` beyond the noise, in calibrated chance."""

    better: bool
    before: float
    after: float
    error: float


def verdict(best: Estimate, chosen: Estimate, calibration: Calibration = CALIBRATION) -> Verdict:
    """``best`` against ``chosen``: better only by :data:`Z` standard errors of the difference and by
    :data:`BETTER` at least (in calibrated chance)."""
    difference, error = best.mean - chosen.mean, _difference_error(best, chosen)
    before, after = calibrated(best.mean, calibration), calibrated(chosen.mean, calibration)
    scale = _slope(chosen.mean, calibration)
    if difference >= Z * error and before - after >= BETTER:
        return Verdict(True, before, after, chosen.error * scale)
    # No better answer beyond the noise: the chosen one's chance, both ways.
    return Verdict(False, after, after, chosen.error * scale)


def _slope(raw: float, calibration: Calibration) -> float:
    """How much the calibrated chance moves per unit of raw mean reward near ``raw``."""
    step = 0.01
    low, high = max(raw - step, 0.0), min(raw + step, 1.0)
    return (calibrated(high, calibration) - calibrated(low, calibration)) / (high - low)


def _close(best: Estimate, chosen: Estimate, calibration: Calibration) -> bool:
    """The verdict could change with more batches: the difference is within two standard errors of a
    line (the noise's, :data:`BETTER`'s or :data:`TURNING_POINT`'s)."""
    difference, error = best.mean - chosen.mean, _difference_error(best, chosen)
    if abs(difference - Z * error) < 2 * error:
        return True
    cost = calibrated(best.mean, calibration) - calibrated(chosen.mean, calibration)
    cost_error = error * _slope((best.mean + chosen.mean) / 2, calibration)
    return any(abs(cost - line) < 2 * cost_error for line in {BETTER, TURNING_POINT})


def review_decision(
    record: Record,
    number: int,
    seed: int | None = None,
    budget: Budget = BUDGET,
    calibration: Calibration = CALIBRATION,
) -> Reviewed:
    """Action ``number`` of ``record`` reviewed from what its player knew then."""
    action = record.actions[number]
    prefix = record.model_copy(update={"actions": record.actions[:number]})
    position = _Position.of(prefix, action.player, seed, budget)
    chosen = tuple(option for option in position.decision.options if option in action.choose)
    judged = position.judge(chosen, calibration)
    return Reviewed(
        number,
        position.game.round,
        position.decision.kind,
        chosen,
        judged.named,
        judged.verdict.before,
        judged.verdict.after,
        None,
        judged.verdict.error,
    )


def assemble(record: Record, seat: str, decisions: Sequence[Reviewed]) -> Review:
    """The review of ``seat`` from its decisions reviewed one by one: how each placed card fared, the
    game's outcome (None if it is not over), the turning points and where the chance went."""
    starts: dict[int, int] = {}  # the first event after each reviewed decision
    game = Game(record.setup)
    for number, action in enumerate(record.actions):
        starts[number] = len(game.events)
        game.apply(action.player, action.choose)
    seen = visible_events(game, seat)
    told = [_with_encounter(record, reviewed) for reviewed in decisions]
    result = game.result
    outcome = None if result is None else 0.5 if result.winner is None else float(result.winner == seat)
    costly = sorted(
        (i for i, reviewed in enumerate(told) if reviewed.cost >= TURNING_POINT),
        key=lambda i: (-told[i].cost, i),
    )
    ends = [starts[reviewed.action] for reviewed in told[1:]] + [len(seen)] * bool(told)
    swings = _swings(
        told, outcome, [seen[starts[r.action] : end] for r, end in zip(told, ends, strict=True)], seat
    )
    return Review(seat, tuple(told), outcome, tuple(costly), swings)


def with_outcome(reviewed: Review, outcome: float) -> Review:
    """``reviewed`` of a game the bot ended (a concession, a time-out): its outcome, and the swings to it."""
    last = reviewed.decisions[-1] if reviewed.decisions else None
    swings = list(reviewed.swings)
    if last is not None and reviewed.outcome is None and abs(outcome - last.after) >= SWING:
        swings.append(Swing(len(reviewed.decisions) - 1, last.after, outcome, (), ()))
    return dataclasses.replace(reviewed, outcome=outcome, swings=_largest(swings))


def _swings(
    decisions: Sequence[Reviewed], outcome: float | None, between: Sequence[Sequence[Event]], seat: str
) -> tuple[Swing, ...]:
    """The two largest changes of chance between one decision's answer and the next decision (or the
    game's end), beyond :data:`SWING` and the two estimates' noise, with what the seat saw happen."""
    index = PLAYERS.index(seat)
    found: list[Swing] = []
    for position, reviewed in enumerate(decisions):
        if position + 1 < len(decisions):
            following = decisions[position + 1]
            end, noise = following.before, math.hypot(reviewed.error, following.error)
        elif outcome is not None:
            end, noise = outcome, reviewed.error
        else:
            continue
        if abs(end - reviewed.after) < max(SWING, Z * noise):
            continue
        events = between[position]
        revealed = tuple(e.cards[1 - index] for e in events if e.kind == "compared" and len(e.cards) == 2)
        drew = tuple(card for e in events if e.kind == "drew" and e.player == index for card in e.cards)
        found.append(Swing(position, reviewed.after, end, revealed, drew))
    return _largest(found)


def _largest(swings: Sequence[Swing]) -> tuple[Swing, ...]:
    """The two largest swings, told in the game's order."""
    largest = sorted(swings, key=lambda swing: (-abs(swing.end - swing.start), swing.after))[:2]
    return tuple(sorted(largest, key=lambda swing: swing.after))


def _with_encounter(record: Record, reviewed: Reviewed) -> Reviewed:
    """``reviewed`` with how its placed card fared and how the better card would have fared, both as the
    engine settles their encounter; a decision other than placing a card is left as it is."""
    if reviewed.kind != "play":
        return reviewed
    fared = settle_encounter(record, reviewed.action, reviewed.chosen)
    if fared is None:  # not compared before the game ended
        return reviewed
    alternative = (
        None if reviewed.best == reviewed.chosen else settle_encounter(record, reviewed.action, reviewed.best)
    )
    return dataclasses.replace(
        reviewed,
        encountered=dataclasses.replace(
            fared,
            alternative=None if reviewed.best == reviewed.chosen else card_id(reviewed.best[0]),
            alternative_outcome=None if alternative is None else alternative.outcome,
        ),
    )


#: How many of the record's later actions :func:`settle_encounter` plays on at most to reach the
#: comparison (under Foggy Swamp it comes a round later).
_AHEAD = 12


def settle_encounter(record: Record, number: int, placed: tuple[str, ...]) -> Encountered | None:
    """How the encounter of the card ``placed`` at action ``number`` stands for its player once the two
    cards are compared and that step has settled (the loser's ability included, up to its first
    choice), the record's later actions played on as they were: the engine's own outcome and
    influences. None if one of those actions no longer applies (a choice the card changed), or the
    game ends first."""
    player = record.actions[number].player
    seat = PLAYERS.index(player)
    card = card_id(placed[0])
    game = replay(record, number)
    placed_at = len(game.events)
    following = [
        Action(player=player, choose=list(placed)),
        *record.actions[number + 1 : number + 1 + _AHEAD],
    ]
    encounter = None
    for action in following:
        try:
            game.apply(action.player, action.choose)
        except IllegalAction:
            return None
        if encounter is None:  # the card's own encounter: the newest holding it (a card can come back)
            encounter = next(
                (e for e in reversed(game.row) if (s := e.slots[seat]) is not None and s.card == card), None
            )
        if encounter is not None and encounter.compared:
            return _settled(game, encounter, seat, card, placed_at)
        if game.result is not None:
            return None
    return None


def _settled(game: Game, encounter: Encounter, seat: int, card: str, placed_at: int) -> Encountered:
    """The encounter as it stands after the step that compared its cards: its winner and the cards'
    influences; a card an ability took out of the row meanwhile keeps the influence it was compared
    with, and the comparison's outcome stands."""
    game.fresh()
    events = named_events(game, placed_at)
    at = next(
        index
        for index, e in enumerate(events)
        if e.kind == "compared" and len(e.cards) == 2 and e.cards[seat] == card
    )
    compared = events[at]
    changes: dict[tuple[int, str], int] = {}  # modifiers logged from the placing to the comparison
    for e in events[:at]:
        if e.kind == "modifier" and e.cards:
            changes[e.player, e.cards[0]] = changes.get((e.player, e.cards[0]), 0) + e.amount
    influences = []
    for side in (seat, 1 - seat):
        slot, name = encounter.slots[side], compared.cards[side]
        influences.append(slot.influence if slot is not None else VALUE[name] + changes.get((side, name), 0))
    whole = encounter.slots[0] is not None and encounter.slots[1] is not None
    winner = encounter.winner if whole else compared.detail
    outcome = "won" if winner == PLAYERS[seat] else "lost" if winner == PLAYERS[1 - seat] else "tie"
    return Encountered(card, compared.cards[1 - seat], influences[0], influences[1], outcome, None, None)


@dataclass(frozen=True, slots=True)
class Hint:
    """The answer the review would call the best at a pending decision, and the chance of winning with
    it."""

    answer: tuple[str, ...]
    chance: float


def hint(record: Record, player: str, budget: Budget = BUDGET) -> Hint:
    """A hint for ``player``'s pending decision in the game ``record`` leads to, from what they may see:
    the answer the review of this decision will call the best, with its chance, so that a player who
    follows the hints is never told of a better answer (raises :class:`engine.player.NothingToDecide`
    if they have none)."""
    from engine.player import NothingToDecide

    game = replay(record)
    if not any(d.player == player for d in game.pending):
        raise NothingToDecide(f"{player} has nothing to decide")
    position = _Position.of(record, player, None, budget)
    answer = position.ranked()[0]
    judged = position.judge(answer, CALIBRATION)
    for _ in range(len(answers(position.decision))):  # each step to an answer better beyond the noise
        if not judged.verdict.better:
            break
        answer = judged.named
        judged = position.judge(answer, CALIBRATION)
    return Hint(answer, judged.verdict.after)


def review_data(reviewed: Review) -> dict[str, Any]:
    """``reviewed`` as JSON data (the bot keeps each review it made); :func:`review_from_data` reads it."""
    return {"version": DATA_VERSION, **dataclasses.asdict(reviewed)}


#: The version of a review's data: a review kept by an earlier version is made again.
DATA_VERSION = 2


class OutdatedReview(ValueError):
    """A review kept by an earlier version of the review."""


def review_from_data(data: dict[str, Any]) -> Review:
    if data.get("version") != DATA_VERSION:
        raise OutdatedReview(f"review data of version {data.get('version')}")
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
            error=item["error"],
        )
        for item in data["decisions"]
    )
    swings = tuple(
        Swing(
            after=item["after"],
            start=item["start"],
            end=item["end"],
            revealed=tuple(item["revealed"]),
            drew=tuple(item["drew"]),
        )
        for item in data["swings"]
    )
    return Review(data["seat"], decisions, data["outcome"], tuple(data["turning_points"]), swings)
