"""A game's review in words: the chance of winning, each turning point with the better answer, and where
the chance went."""

from __future__ import annotations

from collections.abc import Mapping

from engine.model import PLAYERS
from engine.review import Review, Reviewed, Swing
from text.catalogue import join, tr
from text.decisions import answer_label, decision_prompt
from text.names import card_name

#: Turning points a review tells (the costliest first).
TOLD = 3


def percent(chance: float) -> str:
    return tr("review.percent", n=round(chance * 100))


def answer_text(decision: Reviewed, answer: tuple[str, ...], seat: str, names: Mapping[str, str]) -> str:
    """One of ``seat``'s answers to a reviewed decision, as words."""
    return answer_label(decision.kind, answer, seat, names)


def turning_point_text(decision: Reviewed, seat: str, names: Mapping[str, str]) -> str:
    """One turning point: what was chosen and how it fared, the better answer, and the chances.
    "Round 3: you placed Saboteur (5) and lost the encounter to Aristocrat (7); Mage (9) would have won
    it. Your chance of winning: 62 % with it, 41 % with yours." """
    fared = decision.encountered
    chances = tr("review.chances", best=percent(decision.before), chosen=percent(decision.after))
    if fared is not None:
        told = tr(
            f"review.placed_{fared.outcome}",
            placed=card_name(fared.placed),
            against=card_name(fared.against),
            influence=fared.influence,
            against_influence=fared.against_influence,
        )
        if fared.alternative is not None and fared.alternative_outcome is not None:
            better = tr(f"review.instead_{fared.alternative_outcome}", card=card_name(fared.alternative))
        else:
            better = tr("review.instead_answer", answer=answer_text(decision, decision.best, seat, names))
    else:
        told = tr(
            "review.chose",
            question=decision_prompt(decision.kind),
            answer=answer_text(decision, decision.chosen, seat, names),
        )
        better = tr("review.instead_answer", answer=answer_text(decision, decision.best, seat, names))
    return tr("review.turning_point", round=decision.round, told=told, better=better, chances=chances)


def review_lines(review: Review, names: Mapping[str, str]) -> list[str]:
    """The review as lines: the chance at the start, whether the game is over, up to three turning points
    (or none), and where the chance went between decisions."""
    decisions = review.decisions
    if not decisions:
        return [tr("review.no_decisions")]
    lines = [tr("review.summary", first=percent(decisions[0].before), count=len(decisions))]
    if not review.finished:
        lines.append(tr("review.unfinished"))
    if review.turning_points:
        lines.append(tr("review.turning_points", n=min(TOLD, len(review.turning_points))))
        lines.extend(
            f"{number}. {turning_point_text(decisions[index], review.seat, names)}"
            for number, index in enumerate(review.turning_points[:TOLD], start=1)
        )
    elif review.outcome == 1.0:
        lines.append(tr("review.no_turning_points_won"))
    else:
        lines.append(tr("review.no_turning_points"))
    if review.swings:
        lines.append(tr("review.swings"))
        lines.extend(f"– {swing_text(review, swing, names)}" for swing in review.swings)
    return lines


def swing_text(review: Review, swing: Swing, names: Mapping[str, str]) -> str:
    """Where the chance went after one decision: "Round 5, after your decision, your chance fell from 45 %
    to 20 %. Bob revealed Aristocrat. You drew Saboteur." """
    decision = review.decisions[swing.after]
    last = swing.after == len(review.decisions) - 1 and review.outcome is not None
    if last:
        ended = {1.0: "won", 0.5: "drawn", 0.0: "lost"}[review.outcome or 0.0]
        told = [tr(f"review.swing_{ended}", round=decision.round, start=percent(swing.start))]
    else:
        way = "fell" if swing.end < swing.start else "rose"
        told = [
            tr(
                f"review.swing_{way}",
                round=decision.round,
                start=percent(swing.start),
                end=percent(swing.end),
            )
        ]
    opponent = names[PLAYERS[1 - PLAYERS.index(review.seat)]]
    if swing.revealed:
        told.append(
            tr("review.swing_revealed", name=opponent, cards=join([card_name(c) for c in swing.revealed]))
        )
    if swing.drew:
        told.append(tr("review.swing_drew", cards=join([card_name(c) for c in swing.drew])))
    return " ".join(told)
