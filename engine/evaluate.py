"""Derive every encounter's winner and every card's signets from the row (docs/rules.md §1.6).

Nothing here is stored state: it is recomputed after changes, so a flipped past encounter, a removed
ongoing token or a slid row is always reflected exactly. After a comparison alone, only the compared
encounter is derived (:func:`evaluate_compared`): nothing else can change then.
"""

from __future__ import annotations

from typing import Final

from engine.model import ARISTOCRAT, COUNSELOR, JUDGE, MEDIATOR, TREASURER, Encounter

_JUDGES: Final = JUDGE | JUDGE << 8


def winners(winner: str | None) -> tuple[bool, bool]:
    """Which players currently win an encounter with this ``winner`` value."""
    return (winner == "p1" or winner == "both", winner == "p2" or winner == "both")


def evaluate(row: list[Encounter]) -> tuple[int, int]:
    """Set every encounter's winner and every card's signets; returns each player's signets."""
    # The common case: no ongoing ability is on, plain influence decides. A card with a token met on
    # the way sends the whole row to the general case (which sets every encounter again).
    first_total = second_total = 0
    for encounter in row:
        first, second = encounter.slots
        if (first is not None and first.ongoing) or (second is not None and second.ongoing):
            return _evaluate_with_ongoing(row)
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
            first_total += 1
        elif difference < 0:
            encounter.winner, encounter.why, first.signets, second.signets = "p2", "influence", 0, 1
            second_total += 1
        else:
            encounter.winner, encounter.why, first.signets, second.signets = "tie", "tie", 0, 0
    return first_total, second_total


def evaluate_compared(row: list[Encounter], index: int, totals: tuple[int, int]) -> tuple[int, int] | None:
    """:func:`evaluate` after the encounter at ``index`` is compared, from the signets ``totals`` the row
    had before (evaluated, and nothing changed since but this encounter, not compared then): set its
    winner and its cards' signets, and return the new totals; None where the others' could change too
    (then evaluate the row). A card just revealed carries no token, so neither its encounter's abilities
    nor those of the encounters before it change: its own winner is all that is new. The search compares
    a card in every round of every world."""
    encounter = row[index]
    first, second = encounter.slots
    # Defensive: under the rules as they are, a card gets a token only in phase 2, after its comparison,
    # and the encounter after this one (Foggy Swamp's) is face down; a rule that changed that is evaluated
    # whole rather than wrongly.
    if first is None or second is None or first.ongoing or second.ongoing:
        return None
    if index + 1 < len(row):  # a Counselor or a Treasurer after it would change it
        for card in row[index + 1].slots:
            if card is not None and card.ongoing:
                return None
    difference = first.value + first.modifier - second.value - second.modifier
    if difference > 0:
        encounter.winner, encounter.why, first.signets, second.signets = "p1", "influence", 1, 0
        return totals[0] + 1, totals[1]
    if difference < 0:
        encounter.winner, encounter.why, first.signets, second.signets = "p2", "influence", 0, 1
        return totals[0], totals[1] + 1
    judges = 0  # an active Judge anywhere in the row wins every tie (bit 0: p1's, bit 1: p2's)
    for other in row:
        for card in other.slots:
            if card is not None and card.ongoing and card.row_ability & _JUDGES:
                judges |= 1 << card.owner
    won0, won1 = (judges & 1) != 0, (judges & 2) != 0
    encounter.why = "judge" if judges else "tie"
    encounter.winner = "both" if won0 and won1 else "p1" if won0 else "p2" if won1 else "tie"
    first.signets, second.signets = int(won0), int(won1)
    return totals[0] + won0, totals[1] + won1


def _evaluate_with_ongoing(row: list[Encounter]) -> tuple[int, int]:
    # Plain ints, not sets of names, and each encounter's abilities worked out once: the search evaluates
    # the row at every round's end, and after nearly every change where something watches it.
    ons = []  # per encounter, its ongoing abilities that are on, as bits
    judges = 0
    for encounter in row:
        bits = 0
        for card in encounter.slots:
            if card is not None and card.ongoing:
                bits |= card.row_ability
        ons.append(bits)
        judges |= bits
    judges = (judges & JUDGE) >> 4 | (judges & JUDGE << 8) >> 11  # bit 0: p1 has a Judge on, bit 1: p2
    ons.append(0)
    first_total = second_total = 0
    for i, encounter in enumerate(row):
        here, following = ons[i], ons[i + 1]
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
        if not ((here | following) & ~_JUDGES) and not (difference == 0 and judges):
            won0, won1 = difference > 0, difference < 0  # the common case: plain influence
            encounter.why = "tie" if difference == 0 else "influence"
        else:
            # a. a Counselor right after this encounter forces it (two of them cancel out)
            counselor0 = (following & COUNSELOR) != 0
            counselor1 = (following & (COUNSELOR << 8)) != 0
            if counselor0 != counselor1:
                won0, won1 = counselor0, counselor1
                encounter.why = "counselor"
            else:
                # b. a Mediator makes a tie, c. else influence decides; d. an active Judge wins every tie
                mediator = (here & (MEDIATOR | MEDIATOR << 8)) != 0
                if difference != 0 and not mediator:
                    won0, won1 = difference > 0, difference < 0
                    encounter.why = "influence"
                else:
                    won0, won1 = (judges & 1) != 0, (judges & 2) != 0
                    encounter.why = "judge" if won0 or won1 else "mediator" if mediator else "tie"
            if following & TREASURER:
                extra += 1
            if following & (TREASURER << 8):
                extra += 1
        if won0:
            encounter.winner = "both" if won1 else "p1"
            signets = 2 + extra if here & ARISTOCRAT else 1 + extra
            first.signets = signets
            first_total += signets
        else:
            encounter.winner = "p2" if won1 else "tie"
            first.signets = 0
        if won1:
            signets = 2 + extra if here & (ARISTOCRAT << 8) else 1 + extra
            second.signets = signets
            second_total += signets
        else:
            second.signets = 0
    return first_total, second_total
