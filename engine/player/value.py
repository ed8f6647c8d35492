"""The value of a position at a round start, which a search may cut its playouts off with.

A playout played at random to the end of the game says little about a position: random play wastes the
high cards and the abilities that decide games between players who think. So a search with a horizon
(:data:`engine.player.HARD_VALUED`) plays out only to a round start a round on and asks this value
instead: the chance that ``seat`` wins from there, a logistic function of a few numbers of the position
(:func:`features`) whose weights were learned from the outcomes of games (:mod:`engine.learn`, which
writes :mod:`engine.player.value_weights`).

It reads the whole table, both hands included: the search asks it only of imagined worlds, whose hidden
parts were dealt from what the seat knows (:mod:`engine.player.worlds`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

from cards import CARDS
from engine.model import ONGOING, VALUE
from engine.table import Table

CARD_INDEX: Final[dict[str, int]] = {card_id: index for index, card_id in enumerate(sorted(CARDS))}
ONGOING_INDEX: Final[dict[str, int]] = {card_id: index for index, card_id in enumerate(sorted(ONGOING))}

# Where each group of numbers starts in a position's features.
BIAS: Final = 0
SIGNETS: Final = 1  # one indicator per pair of signet counts (each capped at 4): 25
RESOURCES: Final = SIGNETS + 25  # hand's values, hand's size, deck's values, deck's size, parked modifier,
# high cards in hand: each the seat's less the opponent's
CARDS_LEFT: Final = RESOURCES + 6  # per card: in the seat's hand or deck (+1), in the opponent's (-1)
ONGOING_ON: Final = CARDS_LEFT + len(CARD_INDEX)  # per ongoing card: active for the seat (+1) or not (-1)
SIZE: Final = ONGOING_ON + len(ONGOING_INDEX)

HIGH: Final = 12  # a card of this value or more is a high card


def features(table: Table, seat: int) -> list[float]:
    """The position as ``seat`` would have it valued: :data:`SIZE` numbers, most of them the seat's
    less the opponent's."""
    numbers = [0.0] * SIZE
    numbers[BIAS] = 1.0
    signets = table.signets()
    numbers[SIGNETS + min(signets[seat], 4) * 5 + min(signets[1 - seat], 4)] = 1.0
    for side in (seat, 1 - seat):
        sign = 1.0 if side == seat else -1.0
        player = table.players[side]
        hand_values = 0
        high = 0
        for card in player.hand:
            hand_values += VALUE[card]
            high += VALUE[card] >= HIGH
            numbers[CARDS_LEFT + CARD_INDEX[card]] += sign
        deck_values = 0
        for card in player.deck:
            deck_values += VALUE[card]
            numbers[CARDS_LEFT + CARD_INDEX[card]] += sign
        numbers[RESOURCES] += sign * hand_values / 10
        numbers[RESOURCES + 1] += sign * len(player.hand)
        numbers[RESOURCES + 2] += sign * deck_values / 10
        numbers[RESOURCES + 3] += sign * len(player.deck)
        numbers[RESOURCES + 4] += sign * player.next.modifier
        numbers[RESOURCES + 5] += sign * high
    for encounter in table.row:
        for played in encounter.slots:
            if played is not None and played.ongoing > 0 and played.card in ONGOING_INDEX:
                numbers[ONGOING_ON + ONGOING_INDEX[played.card]] += 1.0 if played.owner == seat else -1.0
    return numbers


def chance(weights: Sequence[float], numbers: Sequence[float]) -> float:
    """The logistic function of the weighted sum: a chance of winning in [0, 1]."""
    total = 0.0
    for weight, number in zip(weights, numbers, strict=True):
        total += weight * number
    if total < -30.0:  # exp's overflow on the other side; the chance is 0 to many places anyway
        return 0.0
    return 1.0 / (1.0 + math.exp(-total))


def value(table: Table, seat: int, weights: Sequence[float]) -> float:
    """``seat``'s chance of winning from ``table`` (at a round start), by ``weights``."""
    return chance(weights, features(table, seat))
