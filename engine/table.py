"""The table: zones, the effect primitives every ability is built from, and what follows each change.

Every primitive is one atomic change; it ends with :meth:`Table.settle`, which applies what the rules make
happen "at any moment" (Bazaar refills, derived signets, Mechanical Djinn and Founder's Day wins, Serpent
Temple triggers).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Generator, Iterable, Sequence
from typing import Any, Final, NoReturn, Protocol, TypeVar

from cards import CARDS, FACTIONS, Faction
from engine.chance import Chance, SeededChance
from engine.evaluate import evaluate, evaluate_compared, winners
from engine.model import (
    CHANCE,
    FACTION,
    PLAYERS,
    REFS,
    VALUE,
    Decision,
    DecisionKind,
    Encounter,
    EventTuple,
    GameOver,
    PlayedCard,
    Player,
)
from engine.record import Setup

T = TypeVar("T")
Answer = tuple[str, tuple[str, ...]]
Flow = Generator[tuple[Decision, ...], Answer, T]

FACTION_OPTIONS: Final[tuple[str, ...]] = tuple(str(faction) for faction in FACTIONS)


def by_value(cards: Iterable[str]) -> list[str]:
    return sorted(cards, key=VALUE.__getitem__)


class Caused:
    """The ``with`` block of :meth:`Table.caused_by`: on leaving it, the outer cause is current again.
    A plain class, not ``contextlib.contextmanager``: abilities resolve every round, and the engine
    benchmark feels a generator-based one."""

    __slots__ = ("outer", "table")

    def __init__(self, table: Table, outer: int) -> None:
        self.table, self.outer = table, outer

    def __enter__(self) -> None:
        pass

    def __exit__(self, *_: object) -> None:
        self.table.cause = self.outer


# Events every game logs alike, one shared tuple each, when nothing else caused them: a card placed
# (2 players x how x 32 cards) and a round's end (its number); and the cards of events: at most 32 +
# 32 x 32 tuples. A game of 30 decisions kept so takes some 4 KB less. (Any, not EventTuple: compiled
# (engine.compiled), a value of a fixed-length tuple type is a C struct, boxed as a new tuple wherever it
# is stored, and the one shared tuple would be lost.)
_SHARED_EVENTS: Final[dict[Any, Any]] = {}
_SHARED_CARDS: Final[dict[Any, Any]] = {}


def shared_events(events: Sequence[Any]) -> tuple[EventTuple, ...]:
    """``events`` as equal tuples that other games' kept events share: the whole event where every game
    logs it alike, else its cards (of one card or two); an event shared already is kept as it is. Done
    when a holder keeps a game's events (Table.share_events, engine.checkpoint's frozen games), not as
    they are logged: most games played (the benchmarks', the search's) are let go of at once. (``Any``:
    see above; typed as events, each would be taken apart and made again, compiled.)"""
    shared: list[Any] = []
    for event in events:
        kind, player, cards, amount, detail, cause = event
        if cause == -1 and (kind == "round_end" or (kind == "placed" and len(cards) == 1 and not amount)):
            shared.append(_SHARED_EVENTS.setdefault(event, event))
        elif 1 <= len(cards) <= 2:
            kept = _SHARED_CARDS.setdefault(cards, cards)
            shared.append(event if kept is cards else (kind, player, kept, amount, detail, cause))
        else:
            shared.append(event)
    return tuple(shared)


# Each player's cards as (value, reference): what Table.hand_refs places each card of a hand by, in one
# look-up.
_PLACES: Final = tuple(
    {card_id: (VALUE[card_id], card_ref) for card_id, card_ref in refs.items()} for refs in REFS
)


# A bit per card id: a hand as one int. Then each player's hands met so far, as their references by value
# (Table.hand_refs): at most 2^13 each (a search meets a few thousand: hands of one composition), cleared
# past that; some 3 MB at most in a process.
_CARD_BIT: Final[dict[str, int]] = {card_id: 1 << index for index, card_id in enumerate(CARDS)}
_HAND_REFS: Final[tuple[dict[int, tuple[str, ...]], dict[int, tuple[str, ...]]]] = ({}, {})
_HANDS_KEPT: Final = 1 << 13


class Place(Protocol):
    """What a location changes, as the table consults it. Its units, one per location, are registered by
    id in :mod:`engine.locations`; the game hands the table its own (``rules_of``)."""

    id: str | None
    opening_hand: int  # cards in hand at the start
    draws: int  # cards each player draws at the end of a round
    hides_placed_cards: bool  # cards are placed face down and revealed with the next encounter's
    checks_previous_at_reveal: bool  # at_reveal does something
    refills_hands: bool  # after_change does something
    wins_three_in_a_row: bool  # an immediate win for three encounters won in a row
    rewards_new_wins: bool  # a past encounter newly won triggers

    def at_reveal(self, table: Table, cards: tuple[PlayedCard, PlayedCard], previous: Encounter) -> None: ...

    def after_change(self, table: Table) -> None: ...

    def end_of_round(self, table: Table) -> Flow[None] | None: ...


class Table:
    def __init__(self, setup: Setup, place: Place) -> None:
        self._set_up(setup, place)
        decks = setup.starting_decks(random.Random(setup.seed))
        shuffled = () if setup.decks is not None else (len(decks[0]), len(decks[1]))
        self.rng: Chance = SeededChance(setup.seed, shuffled)  # the generator, rebuilt when drawn on
        opening = self.place.opening_hand
        self.players = [Player(list(decks[0]), opening), Player(list(decks[1]), opening)]
        self.row: list[Encounter] = []
        self.current: Encounter | None = None  # the encounter being revealed and resolved
        self.round = 1
        # Evaluate after every change only where something watches the row (a location, or a Mechanical
        # Djinn once it has had a token: _watch); otherwise on demand.
        self._eager = self._serpent or self.place.wins_three_in_a_row
        # Each player's signets, derived with the winners from the row (evaluate); None: to derive again.
        self._signets: tuple[int, int] | None = None
        # (position in the row, player) for each past encounter a player came to win
        self.serpent_triggers: list[tuple[int, int]] = []
        self.events: list[EventTuple] = []  # what happened, in order: read them by name (named_events)
        self.cause = -1  # the index of the event whose effects are being logged (Event.cause)

    def _set_up(self, setup: Setup, place: Place) -> None:
        """What follows from the setup alone and never changes (also for a game thawed by
        engine.checkpoint): ``place`` is the setup's location's unit."""
        self.setup = setup
        self.location = setup.location
        self.place = place
        self.explicit_chance = setup.chance == "explicit"
        # The location's flags the flow reads at every step, as the table's own (compiled, a Place is read
        # through Python's attribute look-up).
        self._refills = place.refills_hands
        self._serpent = place.rewards_new_wins
        self._hides = place.hides_placed_cards
        self._checks_previous = place.checks_previous_at_reveal
        self._three_in_a_row = place.wins_three_in_a_row

    # --- reading the table -------------------------------------------------------------------------

    def changed(self) -> None:
        """Cards were changed from outside the rules (a computer player's imagined world, engine.player):
        derive the winners and signets again when next read."""
        self._signets = None

    def fresh(self) -> None:
        """Make the derived winners and signets current."""
        self.signets()

    def signets(self) -> tuple[int, int]:
        signets = self._signets
        if signets is None:
            signets = self._signets = evaluate(self.row)
        return signets

    def played_cards(self, owner: int | None = None) -> list[PlayedCard]:
        """Face-up cards in the row (all of them, or one player's), oldest encounter first."""
        return [
            card
            for encounter in self.row
            for card in encounter.slots
            if card is not None and card.face_up and (owner is None or card.owner == owner)
        ]

    def sorted_hand(self, player: int) -> list[str]:
        return by_value(self.players[player].hand)

    def hand_refs(self, player: int) -> tuple[str, ...]:
        """References to ``player``'s hand cards, by value: the options of most hand decisions. Kept by
        the hand's cards as bits (whatever their order): games meet the same hands again and again (a
        search at every phase 1 of every imagined world)."""
        cards = 0
        for card in self.players[player].hand:
            cards |= _CARD_BIT[card]
        known = _HAND_REFS[player]
        found = known.get(cards)
        if found is None:
            found = self._hand_refs_by_value(player)
            if len(known) >= _HANDS_KEPT:
                known.clear()
            known[cards] = found
        return found

    def _hand_refs_by_value(self, player: int) -> tuple[str, ...]:
        """A player's cards have the values 1 to 16, one each (a faction's four are the same in both
        decks), so each goes to its value's place: no sort."""
        places = _PLACES[player]
        hand = self.players[player].hand
        by_value = [""] * 17
        for card in hand:
            value, ref = places[card]
            by_value[value] = ref
        ordered = tuple([ref for ref in by_value if ref])
        assert len(ordered) == len(hand), "two cards of one value in a hand"
        return ordered

    def previous(self, encounter: Encounter) -> Encounter | None:
        index = self.row.index(encounter)
        return self.row[index - 1] if index > 0 else None

    def losing(self, card: PlayedCard) -> bool:
        """The opposing card currently wins this card's encounter (docs/rules.md §2, ruling 13)."""
        self.fresh()
        won = winners(card.encounter.winner)
        return won[1 - card.owner] and not won[card.owner]

    # --- asking --------------------------------------------------------------------------------------

    def ask(
        self, player: int, kind: DecisionKind, options: Sequence[str], count: int = 1
    ) -> Flow[tuple[str, ...]]:
        """Ask one player; with no real choice (``count`` or fewer options) answer at once."""
        if len(options) <= count:
            return tuple(options)
        _, choice = yield (Decision(PLAYERS[player], kind, tuple(options), count),)
        return choice

    def ask_one(self, player: int, kind: DecisionKind, options: Sequence[str]) -> Flow[str | None]:
        choice = yield from self.ask(player, kind, options)
        return choice[0] if choice else None

    def ask_each(
        self, decisions: Sequence[Decision], on_answer: Callable[[int, tuple[str, ...]], None]
    ) -> Flow[None]:
        """Several players decide at once, answering in any order; each answer is applied as it comes.
        A decision without a real choice is applied at once, p1 first."""
        waiting = []
        for decision in decisions:
            if len(decision.options) > decision.count:
                waiting.append(decision)
            else:
                on_answer(0 if decision.player == "p1" else 1, decision.options)
        while waiting:
            player, choice = yield tuple(waiting)
            waiting = [decision for decision in waiting if decision.player != player]
            on_answer(0 if player == "p1" else 1, choice)

    def choose_card(
        self, player: int, kind: DecisionKind, cards: Sequence[PlayedCard]
    ) -> Flow[PlayedCard | None]:
        by_ref = {card.ref: card for card in cards}
        choice = yield from self.ask_one(player, kind, list(by_ref))
        return None if choice is None else by_ref[choice]

    def choose_faction(self, player: int, kind: DecisionKind) -> Flow[Faction]:
        choice = yield from self.ask(player, kind, FACTION_OPTIONS)
        return Faction(choice[0])

    def chance_pick(self, kind: DecisionKind, options: Sequence[str]) -> Flow[str]:
        """A random pick: from the seeded generator, or an action of the ``chance`` player."""
        if not self.explicit_chance:
            return self.rng.choice(options)
        if len(options) == 1:
            return options[0]
        _, choice = yield (Decision(CHANCE, kind, tuple(options)),)
        return choice[0]

    def chance_order(self, kind: DecisionKind, options: Sequence[str]) -> Flow[list[str]]:
        """A random ordering (a shuffle), top first."""
        order = list(options)
        if not self.explicit_chance:
            self.rng.shuffle(order)
            return order
        if len(order) < 2:
            return order
        _, choice = yield (Decision(CHANCE, kind, tuple(order), len(order), ordered=True),)
        return list(choice)

    # --- primitives: each one atomic change, logged as an event -------------------------------------

    def log(
        self, kind: str, player: int, cards: tuple[str, ...] = (), amount: int = 0, detail: str = ""
    ) -> None:
        # A plain tuple, not an Event: games log a dozen a round. A holder that keeps the events long
        # shares them with other games' (share_events).
        self.events.append((kind, player, cards, amount, detail, self.cause))

    def share_events(self) -> None:
        """This game's events as tuples the events other games keep share (:func:`shared_events`): for a
        holder that keeps the game in play (the bot's cached games)."""
        self.events[:] = shared_events(self.events)

    def caused_by(
        self, kind: str, player: int, cards: tuple[str, ...] = (), amount: int = 0, detail: str = ""
    ) -> Caused:
        """Log a cause (an ability, a location, a next-card effect, the end of a round): every event
        logged inside the ``with`` block is its effect (``Event.cause``), nested causes included."""
        outer = self.cause
        self.log(kind, player, cards, amount, detail)
        self.cause = len(self.events) - 1
        return Caused(self, outer)

    def draw(self, player: int, count: int) -> None:
        zones = self.players[player]
        drawn = zones.deck[:count]
        if drawn:
            del zones.deck[:count]
            zones.hand.extend(drawn)
            self.log("drew", player, tuple(drawn))
        self.settle(row_changed=False)

    def discard_from_hand(self, player: int, cards: Iterable[str]) -> None:
        zones = self.players[player]
        discarded = by_value(cards)
        for card in discarded:
            zones.hand.remove(card)
            zones.discard.append(card)
        if discarded:
            self.log("discarded", player, tuple(discarded), detail="hand")
        self.settle(row_changed=False)

    def discard_from_deck(self, player: int, count: int, what: str = "deck") -> None:
        """Discard the top ``count`` cards (fewer if the deck is shorter). The event says which: ``deck``
        (the top cards: Saboteur, Auction House) or ``whole_deck`` (Successor)."""
        zones = self.players[player]
        discarded = zones.deck[:count]
        if discarded:
            zones.discard.extend(discarded)
            del zones.deck[:count]
            self.log("discarded", player, tuple(discarded), detail=what)
        self.settle(row_changed=False)

    def discard_faction(self, player: int, faction: Faction, from_deck: bool) -> None:
        """Ambusher and Witch King: every card of ``faction`` from hand (and deck), in one step."""
        zones = self.players[player]
        hand = by_value(card for card in zones.hand if FACTION[card] is faction)
        for card in hand:
            zones.hand.remove(card)
            zones.discard.append(card)
        self.log("discarded", player, tuple(hand), detail="hand")
        if from_deck:
            deck = [card for card in zones.deck if FACTION[card] is faction]
            zones.discard.extend(deck)
            zones.deck[:] = [card for card in zones.deck if FACTION[card] is not faction]
            self.log("discarded", player, tuple(deck), detail="faction")  # every card of it, not the top
        self.settle(row_changed=False)

    def add_modifier(self, card: PlayedCard, amount: int) -> None:
        card.modifier += amount
        self.log("modifier", card.owner, (card.card,), amount)
        self.settle()

    def put_token(self, card: PlayedCard) -> None:
        card.ongoing += 1
        self._watch(card)
        self.log("token", card.owner, (card.card,), 1)
        self.settle()

    def strip(self, card: PlayedCard, what: str) -> None:
        """Void Mage: remove all ``modifiers`` or all ``ongoing`` tokens from a card."""
        if what == "modifiers":
            self.log("modifier", card.owner, (card.card,), -card.modifier, detail="removed")
            card.modifier = 0
        else:
            self.log("token", card.owner, (card.card,), -card.ongoing)
            card.ongoing = 0
        self.settle()

    def move_tokens(self, source: PlayedCard, target: PlayedCard) -> None:
        """Kinesis Mage: all modifiers and ongoing tokens go from ``source`` to ``target`` together."""
        target.modifier += source.modifier
        target.ongoing += source.ongoing
        self._watch(target)
        self.log("moved", source.owner, (source.card, target.card), source.modifier, str(source.ongoing))
        source.modifier = source.ongoing = 0
        self.settle()

    def park_modifier(self, player: int, amount: int) -> None:
        """Surgeon, Clockmaker, Envoy: a modifier for ``player``'s next card."""
        self.players[player].next.modifier += amount
        self.log("next_card", player, amount=amount)
        self.settle()

    def park_effect(self, player: int, effect: str, faction: Faction | None = None) -> None:
        """Librarian, Engineer (for the owner) or Blackmailer (``faction``, for the victim): an effect
        waiting for ``player``'s next card."""
        waiting = self.players[player].next
        if effect == "librarian":
            waiting.librarian = True
        elif effect == "engineer":
            waiting.engineer = True
        else:
            waiting.blackmail = faction
        self.log("next_card", player, detail=effect if faction is None else f"{effect}:{faction}")

    def must_play_first(self, player: int) -> None:
        """Fortune Teller: ``player`` places their next card first, face up."""
        self.players[player].first = True
        self.log("must_play_first", player)

    def reorder_deck(self, player: int, order: list[str]) -> None:
        self.players[player].deck[:] = order
        self.log("shuffled", player)

    def put_under_deck(self, player: int, card: str) -> None:
        zones = self.players[player]
        zones.hand.remove(card)
        zones.deck.append(card)
        self.log("under_deck", player, (card,))
        self.settle(row_changed=False)

    def discard_played(self, *cards: PlayedCard) -> None:
        """Discard cards from the row with all their tokens; an emptied encounter leaves the row."""
        for card in cards:
            self.players[card.owner].discard.append(card.card)
            self._vacate(card)
            self.log("discarded", card.owner, (card.card,), detail="play")
        self.settle()

    def take_back(self, card: PlayedCard) -> None:
        """Swamp Guardian: ``card`` returns to its owner's hand, the card opposite it is discarded."""
        opposing = card.encounter.slots[1 - card.owner]
        self.players[card.owner].hand.append(card.card)
        self._vacate(card)
        self.log("returned", card.owner, (card.card,))
        if opposing is None:
            self.settle()
        else:
            self.discard_played(opposing)

    def discard_to_replace(self, card: PlayedCard) -> Encounter:
        """Puppeteer, first half: ``card`` goes to its owner's discard pile and leaves its slot empty (the
        encounter has no winner, the signets it carried are gone) until :meth:`replace` fills it."""
        encounter = card.encounter
        self.players[card.owner].discard.append(card.card)
        encounter.slots[card.owner] = None
        self.settle()
        return encounter

    def replace(self, encounter: Encounter, owner: int, old_card: str, new_card: str) -> PlayedCard:
        """Puppeteer, second half: ``new_card`` from ``owner``'s hand, face up, in the slot
        :meth:`discard_to_replace` emptied (logged as one replacement of ``old_card``)."""
        self.players[owner].hand.remove(new_card)
        replacement = PlayedCard(new_card, owner, encounter, face_up=True)
        encounter.slots[owner] = replacement
        self.log("replaced", owner, (old_card, new_card))
        self.settle()
        return replacement

    def win(self, player: int, reason: str) -> NoReturn:
        raise GameOver(player, reason)

    def _vacate(self, card: PlayedCard) -> None:
        encounter = card.encounter
        encounter.slots[card.owner] = None
        if encounter.slots == [None, None]:
            self.row.remove(encounter)  # later encounters slide back to close the gap

    def _watch(self, card: PlayedCard) -> None:
        """A Mechanical Djinn with a token wins at any moment (ruling 4): from then on the row is
        evaluated after every change. Only a token makes a card's ongoing ability active."""
        if card.card == "mechanical_djinn" and card.ongoing:
            self._eager = True

    # --- what follows every change --------------------------------------------------------------------

    def settle(self, row_changed: bool = True) -> None:
        """After every change: the location's refill, then (where something watches the row) the
        winners derived again and the immediate wins checked. A change of hands, decks or discard piles
        only (``row_changed`` False) leaves the derived winners as they were: they depend on the row."""
        if self._refills:
            self.place.after_change(self)
        if not row_changed and self._signets is not None:
            return
        if not self._eager:
            self._signets = None
            return
        if self._serpent:
            before = [encounter.winner for encounter in self.row]
            self._signets = evaluate(self.row)
            self._trigger_serpent_temple(before)
        else:
            self._signets = evaluate(self.row)
        self._check_immediate_wins()

    def settle_compared(self, index: int) -> None:
        """:meth:`settle` after the row's encounter at ``index`` was compared: where nothing watches the
        row and its signets are known, only that encounter's winner is derived (:func:`evaluate_compared`)."""
        signets = self._signets
        if self._eager or signets is None:
            self.settle()
            return
        if self._refills:
            self.place.after_change(self)
        self._signets = evaluate_compared(self.row, index, signets)

    def _trigger_serpent_temple(self, before: list[str | None]) -> None:
        """Each past encounter a player came to win (``before``: the winners before the change)."""
        for index, encounter in enumerate(self.row):
            if encounter.compared and encounter is not self.current and encounter.winner != before[index]:
                was, now = winners(before[index]), winners(encounter.winner)
                self.serpent_triggers.extend((index, p) for p in (0, 1) if now[p] and not was[p])

    def _check_immediate_wins(self) -> None:
        """Mechanical Djinn (ruling 4) and Founder's Day, checked at every moment."""
        founders_day = self._three_in_a_row
        # Per player, as bits (p1 1, p2 2): who won by each reason, whose Mechanical Djinn with a token
        # lies in the previous encounter, and who won each of the latest encounters in a row.
        djinn_wins = streak_wins = djinn_before = 0
        streak = [0, 0]
        for encounter in self.row:
            winner = encounter.winner
            won = (winner == "p1" or winner == "both") + 2 * (winner == "p2" or winner == "both")
            djinn_wins |= djinn_before & won
            if founders_day:
                for p in (0, 1):
                    streak[p] = streak[p] + 1 if won & (1 << p) else 0
                    if streak[p] >= 3:
                        streak_wins |= 1 << p
            djinn_before = 0
            for card in encounter.slots:
                if card is not None and card.ongoing and card.card == "mechanical_djinn":
                    djinn_before |= 1 << card.owner
        if not (djinn_wins | streak_wins):
            return
        if (djinn_wins | streak_wins) == 3:
            raise GameOver(None, "simultaneous")
        player = 0 if (djinn_wins | streak_wins) == 1 else 1
        raise GameOver(player, "mechanical_djinn" if djinn_wins else "founders_day")
