"""Derive every encounter's winner and every card's signets from the row (docs/rules.md §1.6).

Nothing here is stored state: it is recomputed after changes, so a flipped past encounter, a removed
ongoing token or a slid row is always reflected exactly.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from engine.model import VALUE, Encounter

_NONE: Final[list[tuple[str, int]]] = []
_WINNER: Final = {(True, False): "p1", (False, True): "p2", (True, True): "both", (False, False): "tie"}


def winners(winner: str | None) -> tuple[bool, bool]:
    """Which players currently win an encounter with this ``winner`` value."""
    return (winner == "p1" or winner == "both", winner == "p2" or winner == "both")


def evaluate(row: Sequence[Encounter]) -> None:
    for encounter in row:
        first, second = encounter.slots
        if (first is not None and first.ongoing) or (second is not None and second.ongoing):
            _evaluate_with_ongoing(row)
            return
    for encounter in row:  # the common case: no ongoing ability is on, plain influence decides
        first, second = encounter.slots
        if not encounter.compared or first is None or second is None:
            encounter.winner = encounter.why = None
            if first is not None:
                first.signets = 0
            if second is not None:
                second.signets = 0
            continue
        difference = VALUE[first.card] + first.modifier - VALUE[second.card] - second.modifier
        if difference > 0:
            encounter.winner, encounter.why, first.signets, second.signets = "p1", "influence", 1, 0
        elif difference < 0:
            encounter.winner, encounter.why, first.signets, second.signets = "p2", "influence", 0, 1
        else:
            encounter.winner, encounter.why, first.signets, second.signets = "tie", "tie", 0, 0


def _evaluate_with_ongoing(row: Sequence[Encounter]) -> None:
    # Ongoing abilities that are on, per encounter, as (card id, owner): usually none at all.
    active: list[list[tuple[str, int]]] = []
    judges = [False, False]
    for encounter in row:
        first, second = encounter.slots
        if (first is None or not first.ongoing) and (second is None or not second.ongoing):
            active.append(_NONE)
            continue
        on = [(card.card, card.owner) for card in encounter.slots if card is not None and card.ongoing]
        active.append(on)
        for card_id, owner in on:
            if card_id == "judge":
                judges[owner] = True
    last = len(row) - 1
    for i, encounter in enumerate(row):
        first, second = encounter.slots
        if not encounter.compared or first is None or second is None:
            encounter.winner = encounter.why = None
            for card in encounter.slots:
                if card is not None:
                    card.signets = 0
            continue
        difference = VALUE[first.card] + first.modifier - VALUE[second.card] - second.modifier
        here = active[i]
        following = active[i + 1] if i < last else ()
        extra = 0
        if not here and not following and not (difference == 0 and (judges[0] or judges[1])):
            won = (difference > 0, difference < 0)  # the common case: plain influence
            encounter.why = "tie" if difference == 0 else "influence"
        else:
            # a. a Counselor right after this encounter forces it (two of them cancel out)
            counselor = (("counselor", 0) in following, ("counselor", 1) in following)
            if counselor[0] != counselor[1]:
                won = counselor
                encounter.why = "counselor"
            else:
                # b. a Mediator makes a tie, c. else influence decides; d. an active Judge wins every tie
                mediator = ("mediator", 0) in here or ("mediator", 1) in here
                tie = difference == 0 or mediator
                won = (judges[0], judges[1]) if tie else (difference > 0, difference < 0)
                if not tie:
                    encounter.why = "influence"
                else:
                    encounter.why = "judge" if won[0] or won[1] else "mediator" if mediator else "tie"
            extra = sum(1 for card_id, _ in following if card_id == "treasurer")
        encounter.winner = _WINNER[won]
        first.signets = 1 + extra + (("aristocrat", 0) in here) if won[0] else 0
        second.signets = 1 + extra + (("aristocrat", 1) in here) if won[1] else 0
