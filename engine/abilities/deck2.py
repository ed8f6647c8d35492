"""Deck II abilities (docs/rules.md §3.2). Aristocrat, Counselor and Mechanical Djinn are ongoing: see
``registry.ongoing``, ``engine.evaluate`` and ``Table._check_immediate_wins``."""

from __future__ import annotations

from engine.abilities.registry import ability, activate, resolve
from engine.model import (
    FACTION,
    INSTANT,
    PLAYERS,
    Decision,
    DecisionKind,
    Encounter,
    PlayedCard,
    card_id,
    opposing,
    ref,
)
from engine.table import Flow, Table


@ability("poisoner")
def poisoner(table: Table, card: PlayedCard) -> None:
    target = opposing(card)
    if target is not None and target.influence > card.influence:  # never raises (ruling 22)
        table.add_modifier(target, card.influence - target.influence)


@ability("kinesis_mage")
def kinesis_mage(table: Table, card: PlayedCard) -> Flow[None]:
    mine = table.played_cards(card.owner)
    sources = [c for c in mine if c.modifier or c.ongoing] if len(mine) >= 2 else []
    source = yield from table.choose_card(card.owner, DecisionKind.KINESIS_FROM, sources)
    if source is None:
        return
    target = yield from table.choose_card(
        card.owner, DecisionKind.KINESIS_TO, [c for c in mine if c is not source]
    )
    if target is None:
        return
    table.move_tokens(source, target)


@ability("envoy")
def envoy(table: Table, card: PlayedCard) -> Flow[None]:
    targets = {c.ref: c for c in table.played_cards()}
    choice = yield from table.ask_one(card.owner, DecisionKind.ENVOY, [*targets, "next"])
    if choice == "next":
        table.park_modifier(card.owner, -3)
    elif choice is not None:
        table.add_modifier(targets[choice], -3)


@ability("tax_collector")
def tax_collector(table: Table, card: PlayedCard) -> None:
    table.add_modifier(card, 4)


@ability("revolutionary")
def revolutionary(table: Table, card: PlayedCard) -> Flow[None]:
    opponent = 1 - card.owner
    discards = yield from table.ask(
        opponent, DecisionKind.REVOLUTIONARY_DISCARD, table.hand_refs(opponent), 2
    )
    table.discard_from_hand(opponent, [card_id(c) for c in discards])
    table.draw(opponent, 2)


@ability("librarian")
def librarian(table: Table, card: PlayedCard) -> None:
    """Your next card gets +2 or −2 of your choice at its reveal: :func:`librarian_at_reveal`."""
    table.park_effect(card.owner, "librarian")


def librarian_at_reveal(
    table: Table, encounter: Encounter, cards: tuple[PlayedCard, PlayedCard]
) -> Flow[None]:
    """The Librarian's next-card effect, when that card is revealed (``Game._reveal_effects``)."""

    def apply(player: int, choice: tuple[str, ...]) -> None:
        with table.caused_by("next_effect", player, (cards[player].card,), detail="librarian"):
            table.add_modifier(cards[player], 2 if choice[0] == "+2" else -2)

    decisions = [
        Decision(PLAYERS[p], DecisionKind.LIBRARIAN, ("+2", "-2"))
        for p, bound in enumerate(encounter.bound)
        if bound is not None and bound.librarian
    ]
    yield from table.ask_each(decisions, apply)


@ability("prodigy")
def prodigy(table: Table, card: PlayedCard) -> Flow[None]:
    eligible = [c for c in table.played_cards(card.owner) if c.influence <= 8]
    target = yield from table.choose_card(card.owner, DecisionKind.PRODIGY, eligible)
    if target is not None:
        table.add_modifier(target, 3)


@ability("blackmailer")
def blackmailer(table: Table, card: PlayedCard) -> Flow[None]:
    """Name a faction: the opponent's next card must be of it, or they discard 2 at its reveal
    (:func:`blackmailer_at_reveal`)."""
    faction = yield from table.choose_faction(card.owner, DecisionKind.BLACKMAILER_FACTION)
    table.park_effect(1 - card.owner, "blackmail", faction)


def blackmailer_at_reveal(
    table: Table, encounter: Encounter, cards: tuple[PlayedCard, PlayedCard]
) -> Flow[None]:
    """The Blackmailer's next-card effect, at that card's reveal (``Game._reveal_effects``): a
    blackmailed player whose revealed card is not of the named faction discards 2."""

    def pay(player: int, choice: tuple[str, ...]) -> None:
        with table.caused_by("next_effect", player, (cards[player].card,), detail="blackmailer"):
            table.discard_from_hand(player, [card_id(c) for c in choice])

    decisions = [
        Decision(PLAYERS[p], DecisionKind.BLACKMAILER_DISCARD, table.hand_refs(p), 2)
        for p, bound in enumerate(encounter.bound)
        if bound is not None and bound.blackmail is not None and FACTION[cards[p].card] is not bound.blackmail
    ]
    yield from table.ask_each(decisions, pay)


@ability("illusionist")
def illusionist(table: Table, card: PlayedCard) -> Flow[None]:
    losing = [c for c in table.played_cards(card.owner) if c is not card and table.losing(c)]
    target = yield from table.choose_card(card.owner, DecisionKind.ILLUSIONIST, losing)
    if target is not None:
        flow = activate(table, target)
        if flow is not None:
            yield from flow


@ability("engineer")
def engineer(table: Table, card: PlayedCard) -> None:
    """Your next card gets +5 once its encounter's abilities are done: :func:`engineer_after_abilities`."""
    table.park_effect(card.owner, "engineer")


def engineer_after_abilities(table: Table, encounter: Encounter) -> None:
    """The Engineer's next-card effect (``Game._play``): +5 on the card in its owner's slot, once this
    encounter's abilities are done (ruling 30); lost if the encounter left the row."""
    for player in (0, 1):
        bound = encounter.bound[player]
        card = encounter.slots[player]
        if bound is not None and bound.engineer and card is not None and encounter in table.row:
            with table.caused_by("next_effect", player, (card.card,), detail="engineer"):
                table.add_modifier(card, 5)


@ability("witch_king")
def witch_king(table: Table, card: PlayedCard) -> Flow[None]:
    faction = yield from table.choose_faction(card.owner, DecisionKind.WITCH_KING_FACTION)
    opponent = 1 - card.owner
    table.discard_faction(opponent, faction, from_deck=True)
    deck = table.players[opponent].deck
    order = yield from table.chance_order(DecisionKind.WITCH_KING_SHUFFLE, [ref(opponent, c) for c in deck])
    table.reorder_deck(opponent, [card_id(c) for c in order])


@ability("elemental")
def elemental(table: Table, card: PlayedCard) -> Flow[None]:
    instants = [ref(card.owner, c) for c in table.sorted_hand(card.owner) if c in INSTANT]
    choice = yield from table.ask_one(card.owner, DecisionKind.ELEMENTAL, instants)
    if choice is not None:
        table.discard_from_hand(card.owner, [card_id(choice)])
        flow = resolve(table, card_id(choice), card)
        if flow is not None:
            yield from flow
    table.draw(card.owner, 1)


@ability("successor")
def successor(table: Table, card: PlayedCard) -> Flow[None]:
    opponent = 1 - card.owner
    table.discard_from_deck(opponent, len(table.players[opponent].deck), what="whole_deck")
    hand = table.hand_refs(opponent)
    kept = yield from table.ask(opponent, DecisionKind.SUCCESSOR_KEEP, hand, 2)
    table.discard_from_hand(opponent, [card_id(c) for c in hand if c not in kept])
