"""The eight locations, one small unit each, registered by id like the cards' abilities
(``engine.abilities``): what each changes in the game is here, and the game asks its location at the
few moments a location can act (docs/rules.md §4 and the rulings named below).

``Location`` itself is no location at all: the ordinary rules. A unit overrides what its card changes:

- what players start with and draw at the end of a round (Grand Library, Bazaar, Scrapyard);
- whether played cards stay face down until the next reveal (Foggy Swamp);
- a check at each reveal against your card in the previous encounter (Haunted Catacombs, Auction House);
- what is watched after every change: hands refilled (Bazaar), three encounters in a row won (Founder's
  Day), past encounters newly won (Serpent Temple).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from engine.model import FACTION, PLAYERS, Decision, DecisionKind, GameOver, PlayedCard, card_id

if TYPE_CHECKING:
    from engine.model import Encounter
    from engine.table import Flow, Table


class Location:
    """The ordinary rules: a game without a location."""

    id: str | None = None
    opening_hand = 5  # cards in hand at the start
    draws = 1  # cards each player draws at the end of a round
    # Foggy Swamp: cards are placed face down and revealed with the next encounter's; next-card effects
    # bind to the card when it is placed (ruling 31), not when it is revealed.
    hides_placed_cards = False
    checks_previous_at_reveal = False  # at_reveal does something
    refills_hands = False  # after_change does something
    wins_three_in_a_row = False  # Founder's Day's immediate win
    rewards_new_wins = False  # Serpent Temple: a past encounter newly won triggers

    def at_reveal(self, table: Table, cards: tuple[PlayedCard, PlayedCard], previous: Encounter) -> None:
        """Right after the phase-1 reveal, against both players' cards in the previous encounter."""

    def after_change(self, table: Table) -> None:
        """After every atomic change of the game."""

    def end_of_round(self, table: Table) -> Flow[None] | None:
        """Phase 3's draws (the signet check follows): a flow if they may ask a decision, else None
        once done (no flow to make and run, every round of every imagined world)."""
        if self.draws:
            table.draw(0, self.draws)
            table.draw(1, self.draws)
        return None


def rules_of(location_id: str | None) -> Location:
    return NO_LOCATION if location_id is None else LOCATION_RULES[location_id]


class SerpentTemple(Location):
    """When you come to win a past encounter, you draw 1 and your opponent discards 1 of their choice
    (ruling 17: after the step that caused it, oldest encounter first). Triggers are collected by
    ``Table.settle`` and resolved by ``Game._serpent_temple``."""

    id: str | None = "serpent_temple"
    rewards_new_wins = True


class Bazaar(Location):
    """No draws at the end of a round; a player with at most 1 card in hand draws 4 at once, after any
    atomic step."""

    id: str | None = "bazaar"
    draws = 0
    refills_hands = True

    def after_change(self, table: Table) -> None:
        for player, zones in enumerate(table.players):
            if len(zones.hand) <= 1 and zones.deck:
                drawn = zones.deck[:4]
                zones.hand.extend(drawn)
                del zones.deck[:4]
                with table.caused_by("location", player, detail=self.id or ""):
                    table.log("drew", player, tuple(drawn))


class FoundersDay(Location):
    """Winning three encounters in a row wins the game at once (checked at every moment, with
    Mechanical Djinn: ``Table._check_immediate_wins``)."""

    id: str | None = "founders_day"
    wins_three_in_a_row = True


class GrandLibrary(Location):
    """Start with 2 cards; draw 2 at the end of each round."""

    id: str | None = "grand_library"
    opening_hand = 2
    draws = 2


class Scrapyard(Location):
    """At the end of a round, draw 2, then put 1 card of your choice under your deck (both at once); with
    fewer than 2 cards in the deck, just draw what there is."""

    id: str | None = "scrapyard"

    def end_of_round(self, table: Table) -> Flow[None]:
        decisions = []
        for player, zones in enumerate(table.players):
            if len(zones.deck) >= 2:
                table.draw(player, 2)
                decisions.append(Decision(PLAYERS[player], DecisionKind.SCRAPYARD, table.hand_refs(player)))
            else:
                table.draw(player, 1)

        def put_under(player: int, choice: tuple[str, ...]) -> None:
            table.put_under_deck(player, card_id(choice[0]))

        yield from table.ask_each(decisions, put_under)


class AuctionHouse(Location):
    """When you reveal a card with less influence than your card in the previous encounter, discard the
    top card of your deck (only cards you place yourself; an empty deck is ignored)."""

    id: str | None = "auction_house"
    checks_previous_at_reveal = True

    def at_reveal(self, table: Table, cards: tuple[PlayedCard, PlayedCard], previous: Encounter) -> None:
        for player in (0, 1):
            mine = previous.slots[player]
            if mine is not None and cards[player].influence < mine.influence and table.players[player].deck:
                with table.caused_by("location", player, detail=self.id or ""):
                    table.discard_from_deck(player, 1)


class HauntedCatacombs(Location):
    """Revealing a card of the same faction as your card in the previous encounter loses the game at once;
    both players at once: a draw."""

    id: str | None = "haunted_catacombs"
    checks_previous_at_reveal = True

    def at_reveal(self, table: Table, cards: tuple[PlayedCard, PlayedCard], previous: Encounter) -> None:
        losers = [
            player
            for player in (0, 1)
            if (mine := previous.slots[player]) is not None
            and FACTION[mine.card] is FACTION[cards[player].card]
        ]
        if len(losers) == 2:
            raise GameOver(None, "simultaneous", cause="haunted_catacombs")
        for loser in losers:
            table.win(1 - loser, "haunted_catacombs")


class FoggySwamp(Location):
    """Cards are placed face down and revealed together with the next encounter's (the last ones at the
    end of the game); next-card effects bind when a card is placed (ruling 31)."""

    id: str | None = "foggy_swamp"
    hides_placed_cards = True


def _by_id(*units: Location) -> dict[str, Location]:
    registry: dict[str, Location] = {}
    for unit in units:
        assert unit.id is not None and unit.id not in registry, unit.id
        registry[unit.id] = unit
    return registry


#: Each location's unit, by id (a list, not a class decorator: a decorated class cannot be compiled,
#: engine.compiled).
LOCATION_RULES: Final = _by_id(
    SerpentTemple(),
    Bazaar(),
    FoundersDay(),
    GrandLibrary(),
    Scrapyard(),
    AuctionHouse(),
    HauntedCatacombs(),
    FoggySwamp(),
)
NO_LOCATION: Final = Location()
