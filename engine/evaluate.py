"""Derive every encounter's winner and every card's signets from the row (docs/rules.md §1.6).

Nothing here is stored state: it is recomputed after changes, so a flipped past encounter, a removed
ongoing token or a slid row is always reflected exactly.
"""

from __future__ import annotations

from typing import Final

from engine.model import Encounter

# The ongoing abilities the evaluation reads, one bit each (the others change no encounter's winner).
_COUNSELOR, _MEDIATOR, _TREASURER, _ARISTOCRAT = 1, 2, 4, 8
_ABILITY_BIT: Final = {
    "counselor": _COUNSELOR,
    "mediator": _MEDIATOR,
    "treasurer": _TREASURER,
    "aristocrat": _ARISTOCRAT,
}


def winners(winner: str | None) -> tuple[bool, bool]:
    """Which players currently win an encounter with this ``winner`` value."""
    return (winner == "p1" or winner == "both", winner == "p2" or winner == "both")


def evaluate(row: list[Encounter]) -> None:
    # The common case: no ongoing ability is on, plain influence decides. A card with a token met on
    # the way sends the whole row to the general case (which sets every encounter again).
    for encounter in row:
        first, second = encounter.slots
        if (first is not None and first.ongoing) or (second is not None and second.ongoing):
            _evaluate_with_ongoing(row)
            return
        if not encounter.compared or first is None or second is None:
            encounter.winner = encounter.why = None
            if first is not None:
                first.signets = 0
            if second is not None:
                second.signets = 0
            continue
        difference = first.value + first.modifier - second.value - second.modifier
        if difference > 0:
            encounter.winner, encounter.why, first.signets, second.signets = "p1", "influence", 1, 0
        elif difference < 0:
            encounter.winner, encounter.why, first.signets, second.signets = "p2", "influence", 0, 1
        else:
            encounter.winner, encounter.why, first.signets, second.signets = "tie", "tie", 0, 0


def _on(encounter: Encounter) -> int:
    """The ongoing abilities on in ``encounter`` that the evaluation reads, as bits: p1's card's in the
    low byte, p2's in the next (at most one card per owner and encounter)."""
    bits = 0
    for card in encounter.slots:
        if card is not None and card.ongoing:
            bits |= _ABILITY_BIT.get(card.card, 0) << (8 * card.owner)
    return bits


def _evaluate_with_ongoing(row: list[Encounter]) -> None:
    # Plain ints, not sets of names, and each encounter's abilities worked out once: the search evaluates
    # the row at every round's end, and after nearly every change where something watches it.
    judges = 0  # bit 0: p1 has a Judge on, bit 1: p2
    for encounter in row:
        for card in encounter.slots:
            if card is not None and card.ongoing and card.card == "judge":
                judges |= 1 << card.owner
    count = len(row)
    following = _on(row[0]) if count else 0
    for i in range(count):
        encounter = row[i]
        here = following
        following = 0
        if i + 1 < count:
            after = row[i + 1]
            one, two = after.slots
            if (one is not None and one.ongoing) or (two is not None and two.ongoing):
                following = _on(after)
        first, second = encounter.slots
        if not encounter.compared or first is None or second is None:
            encounter.winner = encounter.why = None
            if first is not None:
                first.signets = 0
            if second is not None:
                second.signets = 0
            continue
        difference = first.value + first.modifier - second.value - second.modifier
        extra = 0
        if not (here | following) and not (difference == 0 and judges):
            won0, won1 = difference > 0, difference < 0  # the common case: plain influence
            encounter.why = "tie" if difference == 0 else "influence"
        else:
            # a. a Counselor right after this encounter forces it (two of them cancel out)
            counselor0 = (following & _COUNSELOR) != 0
            counselor1 = (following & (_COUNSELOR << 8)) != 0
            if counselor0 != counselor1:
                won0, won1 = counselor0, counselor1
                encounter.why = "counselor"
            else:
                # b. a Mediator makes a tie, c. else influence decides; d. an active Judge wins every tie
                mediator = (here & (_MEDIATOR | _MEDIATOR << 8)) != 0
                if difference != 0 and not mediator:
                    won0, won1 = difference > 0, difference < 0
                    encounter.why = "influence"
                else:
                    won0, won1 = (judges & 1) != 0, (judges & 2) != 0
                    encounter.why = "judge" if won0 or won1 else "mediator" if mediator else "tie"
            if following & _TREASURER:
                extra += 1
            if following & (_TREASURER << 8):
                extra += 1
        if won0:
            encounter.winner = "both" if won1 else "p1"
            first.signets = 2 + extra if here & _ARISTOCRAT else 1 + extra
        else:
            encounter.winner = "p2" if won1 else "tie"
            first.signets = 0
        if won1:
            second.signets = 2 + extra if here & (_ARISTOCRAT << 8) else 1 + extra
        else:
            second.signets = 0
