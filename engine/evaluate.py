"""Derive every encounter's winner and every card's signets from the row (docs/rules.md §1.6).

Nothing here is stored state: it is recomputed after changes, so a flipped past encounter, a removed
ongoing token or a slid row is always reflected exactly.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from engine.model import VALUE, Encounter

# The ongoing abilities the evaluation reads, one bit each (the others change no encounter's winner).
_COUNSELOR, _MEDIATOR, _TREASURER, _ARISTOCRAT, _JUDGE = 1, 2, 4, 8, 16
_ABILITY_BIT: Final = {
    "counselor": _COUNSELOR,
    "mediator": _MEDIATOR,
    "treasurer": _TREASURER,
    "aristocrat": _ARISTOCRAT,
    "judge": _JUDGE,
}
_WINNER: Final = ("tie", "p1", "p2", "both")  # by which players win: p1 1, p2 2


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
    # The ongoing abilities that are on, per encounter and owner, as bits (at most one card per owner
    # and encounter): usually none at all. Plain ints, not sets of names: the search evaluates the row
    # after nearly every change.
    count = len(row)
    on = [0] * (2 * count + 2)  # on[2 * i + owner]; two zeros after the last encounter
    judges = 0  # JUDGE << owner
    for i, encounter in enumerate(row):
        for card in encounter.slots:
            if card is not None and card.ongoing:
                bits = _ABILITY_BIT.get(card.card, 0)
                on[2 * i + card.owner] = bits
                if bits & _JUDGE:
                    judges |= 1 << card.owner
    for i, encounter in enumerate(row):
        first, second = encounter.slots
        if not encounter.compared or first is None or second is None:
            encounter.winner = encounter.why = None
            if first is not None:
                first.signets = 0
            if second is not None:
                second.signets = 0
            continue
        difference = VALUE[first.card] + first.modifier - VALUE[second.card] - second.modifier
        here0, here1 = on[2 * i], on[2 * i + 1]
        next0, next1 = on[2 * i + 2], on[2 * i + 3]
        if not (here0 | here1 | next0 | next1) and not (difference == 0 and judges):
            won0, won1 = difference > 0, difference < 0  # the common case: plain influence
            encounter.why = "tie" if difference == 0 else "influence"
            extra = 0
        else:
            # a. a Counselor right after this encounter forces it (two of them cancel out)
            counselor0, counselor1 = bool(next0 & _COUNSELOR), bool(next1 & _COUNSELOR)
            if counselor0 != counselor1:
                won0, won1 = counselor0, counselor1
                encounter.why = "counselor"
            else:
                # b. a Mediator makes a tie, c. else influence decides; d. an active Judge wins every tie
                mediator = bool((here0 | here1) & _MEDIATOR)
                if difference != 0 and not mediator:
                    won0, won1 = difference > 0, difference < 0
                    encounter.why = "influence"
                else:
                    won0, won1 = bool(judges & 1), bool(judges & 2)
                    encounter.why = "judge" if won0 or won1 else "mediator" if mediator else "tie"
            extra = bool(next0 & _TREASURER) + bool(next1 & _TREASURER)
        encounter.winner = _WINNER[won0 + 2 * won1]
        first.signets = 1 + extra + bool(here0 & _ARISTOCRAT) if won0 else 0
        second.signets = 1 + extra + bool(here1 & _ARISTOCRAT) if won1 else 0
