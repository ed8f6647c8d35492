"""What a seat knows of a game, and worlds consistent with it (determinisation).

The computer player may use only what its seat may see: its hand, its own deck as an unordered set,
everything public, and what the game has shown it (a card the opponent took back into hand). A *world*
is a copy of the game in which everything else has been dealt again at random: the opponent's hand,
deck and face-down cards from the pool of the opponent's unseen cards, the seat's own deck order, and the
random generator of seeded chance. The search plays in worlds only.

Why this is honest: a world is built from the real game, but every hidden part of it is overwritten by
something drawn from the seat's knowledge alone (:class:`Knowledge`, read from the seat's view and visible
events) and the player's own random generator. Two games that differ only in what the seat cannot see
give the same worlds (tests/engine/test_player.py proves it over many positions of every setup).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Final

from engine.chance import LateChance, shuffle
from engine.checkpoint import Start
from engine.game import Game, QuietGame
from engine.model import PLAYERS, DecisionKind, PlayedCard
from engine.observe import visible_events
from engine.record import Record

#: Decisions whose options are the deciding player's hand: an opponent's pending one is dealt again too.
HAND_DECISIONS: Final = frozenset(
    {DecisionKind.PLAY, DecisionKind.SCRAPYARD, DecisionKind.BLACKMAILER_DISCARD}
)


@dataclass(frozen=True, slots=True)
class Knowledge:
    """What ``seat`` knows beyond the public state: the opponent's cards it saw go back to the opponent's
    hand (Swamp Guardian) and has not seen leave it."""

    seat: int
    known_in_hand: tuple[str, ...]

    def __reduce__(self) -> tuple[type[Knowledge], tuple[int, tuple[str, ...]]]:
        # Pickled by the fields: a compiled frozen dataclass (engine.compiled) cannot set them one by one.
        return Knowledge, (self.seat, self.known_in_hand)


def knowledge(game: Game, seat: int) -> Knowledge:
    """Read from the events ``seat`` could see (never from the hidden ones)."""
    opponent = 1 - seat
    returned: set[str] = set()
    for event in visible_events(game, PLAYERS[seat]):
        if event.player != opponent:
            continue
        if event.kind == "returned":
            returned.update(event.cards)
        elif event.kind == "under_deck":  # a card went under the deck, unseen: it may be one of them
            returned.clear()
    unseen = set(unseen_pool(game, seat))
    return Knowledge(seat, tuple(sorted(returned & unseen)))


def hidden_placed(game: Game, owner: int) -> list[PlayedCard]:
    """``owner``'s face-down cards the other player has not seen, oldest first."""
    return [
        card
        for encounter in game.row
        for card in encounter.slots
        if card is not None and card.owner == owner and not card.face_up and not card.shown
    ]


def unseen_pool(game: Game, seat: int) -> list[str]:
    """The opponent's cards ``seat`` has not seen where they are (hand, deck, face down), sorted: the
    same for every game that looks the same to ``seat`` (all 16 cards minus the public ones)."""
    opponent = game.players[1 - seat]
    return sorted([*opponent.hand, *opponent.deck, *(card.card for card in hidden_placed(game, 1 - seat))])


def world(source: Record | Start, knows: Knowledge, rng: random.Random) -> Game:
    """A copy of the game ``source`` leads to, with everything the seat cannot see dealt again. Searches
    make many from one :class:`Worlds`. A world keeps no events: nobody reads its story."""
    return Worlds(source if isinstance(source, Start) else Start(source), knows).make(rng)


class Worlds:
    """Worlds of one game for one seat's knowledge: the record replayed once (:class:`Start`, each copy
    made from the game at its decision or at its latest round start), and what every world deals again
    from worked out once (the pool of the opponent's unseen cards, the seat's own deck, both in a fixed
    order), since every copy of the game is alike until it is dealt again."""

    def __init__(self, start: Start, knows: Knowledge) -> None:
        self.start = start
        self.knows = knows
        game = start.game(QuietGame)
        pool = unseen_pool(game, knows.seat)
        self.known = [card for card in knows.known_in_hand if card in pool]
        self.rest = [card for card in pool if card not in self.known]
        self.own = sorted(game.players[knows.seat].deck)
        game.release()

    def make(self, rng: random.Random) -> Game:
        game = self.start.game(QuietGame)
        deal_again(game, self.knows, rng, self)
        return game


def deal_again(game: Game, knows: Knowledge, rng: random.Random, worlds: Worlds | None = None) -> None:
    """Overwrite, in place, every part of ``game`` that ``knows.seat`` cannot see (``worlds``: what to
    deal from, worked out already for this game)."""
    seat, other = knows.seat, 1 - knows.seat
    opponent = game.players[other]
    face_down = hidden_placed(game, other)
    if worlds is None:
        pool = unseen_pool(game, seat)
        known = [card for card in knows.known_in_hand if card in pool]
        rest = [card for card in pool if card not in known]
        own = sorted(game.players[seat].deck)
    else:
        known, rest, own = worlds.known, worlds.rest[:], worlds.own[:]
    shuffle(rng, rest)
    near = len(face_down) + len(opponent.hand)  # hand and face-down cards: where the known ones must be
    nearby = known + rest[: near - len(known)]
    shuffle(rng, nearby)
    for index in range(min(len(face_down), len(nearby))):  # not zip: compiled, a call through Python's
        face_down[index].become(nearby[index])
    opponent.hand[:] = nearby[len(face_down) :]
    opponent.deck[:] = rest[near - len(known) :]
    shuffle(rng, own)
    game.players[seat].deck[:] = own
    game.rng = LateChance(rng.getrandbits(64))
    for decision in game.pending:
        if decision.player == PLAYERS[other] and decision.kind in HAND_DECISIONS:
            decision.options = game.hand_refs(other)
    game.changed()  # face-down cards may have changed
