"""Deck I abilities (docs/rules.md §3.1). Mediator, Judge and Treasurer are ongoing: see ``registry.ongoing``
and ``engine.evaluate``."""

from __future__ import annotations

from engine.abilities.registry import ability, resolve
from engine.model import FACTION, INSTANT, DecisionKind, PlayedCard, card_id, opposing, ref
from engine.table import Flow, Table


@ability("hired_blade")
def hired_blade(table: Table, card: PlayedCard) -> None:
    other = opposing(card)
    table.discard_played(card, *(() if other is None else (other,)))


@ability("void_mage")
def void_mage(table: Table, card: PlayedCard) -> Flow[None]:
    options: dict[str, tuple[PlayedCard, str]] = {}
    for target in table.played_cards():
        if target.modifier:
            options[f"{target.ref}/modifiers"] = (target, "modifiers")
        if target.ongoing:
            options[f"{target.ref}/ongoing"] = (target, "ongoing")
    choice = yield from table.ask_one(card.owner, DecisionKind.VOID_MAGE, list(options))
    if choice is None:
        return
    target, what = options[choice]
    table.strip(target, what)


@ability("surgeon")
def surgeon(table: Table, card: PlayedCard) -> None:
    table.park_modifier(card.owner, -5)


@ability("saboteur")
def saboteur(table: Table, card: PlayedCard) -> None:
    table.discard_from_deck(1 - card.owner, 2)


@ability("fortune_teller")
def fortune_teller(table: Table, card: PlayedCard) -> None:
    table.must_play_first(1 - card.owner)


@ability("palace_guard")
def palace_guard(table: Table, card: PlayedCard) -> Flow[None]:
    faction = yield from table.choose_faction(card.owner, DecisionKind.PALACE_GUARD_FACTION)
    opponent = 1 - card.owner
    matching = [ref(opponent, c) for c in table.sorted_hand(opponent) if FACTION[c] is faction]
    choice = yield from table.ask_one(opponent, DecisionKind.PALACE_GUARD_DISCARD, [*matching, "decline"])
    if choice == "decline":
        table.add_modifier(card, 7)
    else:
        assert choice is not None
        table.discard_from_hand(opponent, [card_id(choice)])


@ability("ambusher")
def ambusher(table: Table, card: PlayedCard) -> Flow[None]:
    faction = yield from table.choose_faction(card.owner, DecisionKind.AMBUSHER_FACTION)
    table.discard_faction(1 - card.owner, faction, from_deck=False)


@ability("puppeteer")
def puppeteer(table: Table, card: PlayedCard) -> Flow[None]:
    target = opposing(card)
    if target is None:
        return
    opponent = target.owner
    hand = table.sorted_hand(opponent)
    if not hand:  # the opponent cannot play a replacement: they lose (ruling 19)
        table.discard_played(target)
        table.win(card.owner, "cannot_play")
    # Discard first, then replace (docs/record-format.md §Chance): the random pick is made with the slot
    # empty.
    encounter = table.discard_to_replace(target)
    choice = yield from table.chance_pick(DecisionKind.PUPPETEER, [ref(opponent, c) for c in hand])
    table.replace(encounter, opponent, target.card, card_id(choice))


@ability("clockmaker")
def clockmaker(table: Table, card: PlayedCard) -> None:
    previous = table.previous(card.encounter)
    mine = None if previous is None else previous.slots[card.owner]
    if mine is not None:
        table.add_modifier(mine, 3)
    table.park_modifier(card.owner, 3)


@ability("swamp_guardian")
def swamp_guardian(table: Table, card: PlayedCard) -> Flow[None]:
    others = [c for c in table.played_cards(card.owner) if c is not card]
    chosen = yield from table.choose_card(card.owner, DecisionKind.SWAMP_GUARDIAN, others)
    if chosen is not None:
        table.take_back(chosen)


@ability("magistra")
def magistra(table: Table, card: PlayedCard) -> Flow[None]:
    sources = [
        c
        for c in table.played_cards(card.owner)
        if c is not card and c.card in INSTANT and c.influence >= card.influence
    ]
    source = yield from table.choose_card(card.owner, DecisionKind.MAGISTRA, sources)
    if source is not None:
        flow = resolve(table, source.card, card)
        if flow is not None:
            yield from flow


@ability("inventor")
def inventor(table: Table, card: PlayedCard) -> Flow[None]:
    plus = yield from table.choose_card(card.owner, DecisionKind.INVENTOR_PLUS, table.played_cards())
    if plus is None:
        return
    table.add_modifier(plus, 3)
    others = [c for c in table.played_cards() if c is not plus]
    minus = yield from table.choose_card(card.owner, DecisionKind.INVENTOR_MINUS, others)
    if minus is not None:
        table.add_modifier(minus, -3)


@ability("djinn")
def djinn(table: Table, card: PlayedCard) -> None:
    table.win(card.owner, "ability")
