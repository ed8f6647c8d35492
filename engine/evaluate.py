"""Derive every encounter's winner and every card's signets from the row (RULES.md §1.6).

Nothing here is stored state: it is recomputed after changes, so a flipped past encounter, a removed
ongoing token or a slid row is always reflected exactly.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.model import VALUE, Encounter

_WINNER = {(True, False): "p1", (False, True): "p2", (True, True): "both", (False, False): "tie"}


def winners(winner: str | None) -> tuple[bool, bool]:
    """Which players currently win an encounter with this ``winner`` value."""
    return (winner == "p1" or winner == "both", winner == "p2" or winner == "both")


def evaluate(row: Sequence[Encounter]) -> None:
    judges = [False, False]
    any_token = False
    for encounter in row:
        for card in encounter.slots:
            if card is not None and card.ongoing:
                any_token = True
                if card.card == "judge":
                    judges[card.owner] = True
    last = len(row) - 1
    for i, encounter in enumerate(row):
        first, second = encounter.slots
        if not encounter.compared or first is None or second is None:
            encounter.winner = None
            encounter.tie = False
            for card in encounter.slots:
                if card is not None:
                    card.signets = 0
            continue
        following = row[i + 1].slots if i < last else (None, None)
        if not any_token:  # the common case: plain influence
            difference = VALUE[first.card] + first.modifier - VALUE[second.card] - second.modifier
            tie = difference == 0
            won = (difference > 0, difference < 0)
            encounter.tie = tie
            encounter.winner = _WINNER[won]
            first.signets = 1 if won[0] else 0
            second.signets = 1 if won[1] else 0
            continue
        # a. a Counselor right after this encounter forces it (two of them cancel out)
        counselors = [card is not None and card.active("counselor") for card in following]
        if counselors[0] != counselors[1]:
            tie = False
            won = (counselors[0], counselors[1])
        else:
            # b. Mediator, c. influence
            if first.active("mediator") or second.active("mediator"):
                tie = True
            else:
                tie = first.influence == second.influence
            # d. an active Judge wins every tie
            if tie:
                won = (judges[0], judges[1])
            else:
                won = (first.influence > second.influence, second.influence > first.influence)
        encounter.tie = tie
        encounter.winner = _WINNER[won]
        treasurers = sum(1 for card in following if card is not None and card.active("treasurer"))
        for card, wins in zip(encounter.slots, won, strict=True):
            assert card is not None
            card.signets = (1 + treasurers + card.active("aristocrat")) if wins else 0
