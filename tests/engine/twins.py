"""Twins: two records of one game that look the same to a seat and differ in something it cannot see.
The computer player (tests/engine/test_player.py) and the review (tests/engine/test_review.py) must
treat both alike."""

from __future__ import annotations

import random
from collections.abc import Iterator

from engine import Game, observation, visible_events
from engine.model import PLAYERS
from engine.player.worlds import unseen_pool
from engine.record import Action, Record


def replayed(record: Record) -> Game | None:
    game = Game(record.setup)
    try:
        for action in record.actions:
            game.apply(action.player, action.choose)
    except Exception:
        return None
    return game


def swapped(record: Record, owner: str, first: str, second: str, in_actions: bool) -> Record:
    """``owner``'s cards ``first`` and ``second`` exchanged in their starting deck (and, with
    ``in_actions``, in every action's choices that name them)."""
    assert record.setup.decks is not None
    swap = {first: second, second: first}
    decks = {
        player: [swap.get(card, card) for card in cards] if player == owner else cards
        for player, cards in record.setup.decks.items()
    }
    refs = {f"{owner}:{a}": f"{owner}:{b}" for a, b in swap.items()}
    actions = [
        Action(player=a.player, choose=[refs.get(c, c) for c in a.choose]) if in_actions else a
        for a in record.actions
    ]
    setup = record.setup.model_copy(update={"decks": decks})
    return Record(format=record.format, setup=setup, actions=actions)


def twins(record: Record, seat: str, rng: random.Random) -> Iterator[tuple[str, Record]]:
    """Records that look the same to ``seat`` and differ in something it cannot see."""
    game = replayed(record)
    assert game is not None
    index = PLAYERS.index(seat)
    other = PLAYERS[1 - index]
    pool = unseen_pool(game, index)
    if len(pool) >= 2:
        first, second = rng.sample(pool, 2)
        yield "opponent's unseen cards", swapped(record, other, first, second, in_actions=True)
    own = game.players[index].deck
    if len(own) >= 2:
        first, second = rng.sample(own, 2)
        yield "own deck order", swapped(record, seat, first, second, in_actions=False)
    setup = record.setup.model_copy(update={"seed": record.setup.seed + 1})
    yield "seed", Record(format=record.format, setup=setup, actions=record.actions)


def seen_by(game: Game, seat: str) -> tuple[object, object]:
    return observation(game, seat), visible_events(game, seat)
