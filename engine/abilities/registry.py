"""Abilities registered by card id: one small function per card (``deck1.py``, ``deck2.py``).

An ability receives the table and "this card": the card whose position it resolves in. That is the card
itself when it activates, the copier when Magistra or Elemental copies it, and the chosen card when the
Illusionist activates it. An ability that asks for decisions is a generator (:data:`engine.table.Flow`);
one that needs none is a plain function returning ``None``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from engine.model import PlayedCard
from engine.table import Caused, Flow, Table

Ability = Callable[[Table, PlayedCard], Flow[None] | None]

ABILITIES: Final[dict[str, Ability]] = {}


def ability(*card_ids: str) -> Callable[[Ability], Ability]:
    def register(function: Ability) -> Ability:
        for card_id in card_ids:
            assert card_id not in ABILITIES, card_id
            ABILITIES[card_id] = function
        return function

    return register


def resolve(table: Table, ability_id: str, this_card: PlayedCard) -> Flow[None] | None:
    """Resolve the ability printed on ``ability_id`` as if it were printed on ``this_card``: resolved
    already if it asks nothing (None), else the flow that resolves it. Its effects are caused by it."""
    caused = table.caused_by("ability", this_card.owner, (ability_id, this_card.card))
    try:
        flow = ABILITIES[ability_id](table, this_card)  # an ability that asks is a generator: not run yet
    except BaseException:
        caused.__exit__()
        raise
    if flow is None:
        caused.__exit__()
        return None
    return _resolving(flow, caused)


def _resolving(flow: Flow[None], caused: Caused) -> Flow[None]:
    with caused:
        yield from flow


def activate(table: Table, card: PlayedCard) -> Flow[None] | None:
    """Activate a card's own ability in its own position (phase 2, Illusionist): as :func:`resolve`."""
    return resolve(table, card.card, card)


@ability("mediator", "judge", "treasurer", "aristocrat", "counselor", "mechanical_djinn")
def ongoing(table: Table, card: PlayedCard) -> None:
    """Every ongoing ability is switched on the same way: an ongoing token on the card. What it does
    while on is one step away, in the derived evaluation of the row (their order of precedence is the
    rule, so they are decided together):

    - Counselor (forces the encounter before it), Mediator (ties its encounter), Judge (wins every tie),
      Treasurer (+1 signet to the winner of the encounter before it), Aristocrat (+1 signet to its
      encounter's winner): ``engine.evaluate.evaluate``, steps a to d and the signets;
    - Mechanical Djinn (win the encounter after it, win the game): ``Table._check_immediate_wins``.
    """
    table.put_token(card)
