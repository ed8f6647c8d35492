"""What can be seen of a game: the full state of docs/record-format.md ("State"), for records and tests.

The bot renders per-player views from this omniscient one and must hide what a player may not see.
"""

from __future__ import annotations

from typing import Any

from engine.game import Game
from engine.model import PLAYERS, Event, EventTuple, PlayedCard
from engine.record import FORMAT
from engine.table import by_value
from engine.view import CardView, view


def _card(card: PlayedCard | CardView | None) -> dict[str, Any] | None:
    """A card in the row as data (a played card, or one a viewer sees)."""
    if card is None:
        return None
    return {
        "card": card.card,
        "influence": card.influence,
        "modifier": card.modifier,
        "ongoing": card.ongoing,
        "signets": card.signets,
        "face_up": card.face_up,
    }


def state(game: Game) -> dict[str, Any]:
    """The state of ``game`` exactly as ``python -m engine replay`` prints it."""
    first, second = game.signets()  # also makes the derived winners and signets current
    result = game.result
    return {
        "format": FORMAT,
        "status": "in_progress" if result is None else "finished",
        "result": None if result is None else {"winner": result.winner, "reason": result.reason},
        "round": game.round,
        "signets": {"p1": first, "p2": second},
        "encounters": [
            {"p1": _card(encounter.slots[0]), "p2": _card(encounter.slots[1]), "winner": encounter.winner}
            for encounter in game.row
        ],
        "players": {
            name: {
                "hand": by_value(zones.hand),
                "deck": list(zones.deck),
                "discard": list(zones.discard),
                "next_card_modifier": zones.next.modifier,
            }
            for name, zones in zip(PLAYERS, game.players, strict=True)
        },
        "pending": [
            {"player": d.player, "kind": str(d.kind), "options": list(d.options), "count": d.count}
            for d in sorted(game.pending, key=lambda d: ("p1", "p2", "chance").index(d.player))
        ],
    }


def _seen(card: CardView | None) -> dict[str, Any] | None:
    if card is not None and card.card is None:  # a card this viewer may not see
        return {"card": None, "face_up": False}
    return _card(card)


def observation(game: Game, viewer: str | None) -> dict[str, Any]:
    """:func:`engine.view.view` as plain JSON data: what ``viewer`` ("p1" or "p2"; None for everybody,
    e.g. a public board) may see of ``game``."""
    seen = view(game, viewer)
    players: dict[str, Any] = {}
    for name, zones in zip(PLAYERS, seen.players, strict=True):
        players[name] = {
            "hand": None if zones.hand is None else list(zones.hand),
            "hand_size": zones.hand_size,
            "deck_size": zones.deck_size,
            "discard": list(zones.discard),
            "next_card_modifier": zones.next_card_modifier,
            "librarian": zones.librarian,
            "engineer": zones.engineer,
            "blackmail": zones.blackmail,
            "must_play_first": zones.must_play_first,
        }
    result = seen.result
    told: dict[str, Any] | None = None
    if result is not None:
        told = {"winner": result.winner, "reason": result.reason}
        if result.cause is not None:  # which condition, when the reason alone does not say
            told["cause"] = result.cause
    return {
        "status": "in_progress" if result is None else "finished",
        "result": told,
        "round": seen.round,
        "location": seen.location,
        "signets": {"p1": seen.signets[0], "p2": seen.signets[1]},
        "encounters": [
            {
                "p1": _seen(encounter.p1),
                "p2": _seen(encounter.p2),
                "winner": encounter.winner,
                "why": None if encounter.why is None else str(encounter.why),
            }
            for encounter in seen.encounters
        ],
        "players": players,
        "pending": [
            {"player": d.player, "kind": str(d.kind)}
            | ({"first": True} if d.first else {})  # placed face up before the opponent chooses
            | ({"options": list(d.options), "count": d.count} if d.options is not None else {})
            for d in seen.pending
        ],
    }


def named_events(game: Game, start: int = 0) -> list[Event]:
    """The game's events from index ``start`` on, each an :class:`Event` read by its fields' names. The
    game logs plain tuples (``EventTuple``: building a NamedTuple per event would slow every game down);
    code that reads them goes through here or :func:`visible_events`, never by position."""
    return [Event(*raw) for raw in game.events[start:]]


_PRIVATE_CARDS = {"drew", "under_deck"}


def visible_events(game: Game, viewer: str | None, start: int = 0) -> list[Event]:
    """The events from index ``start`` on, with the cards ``viewer`` may not see taken out (``amount``
    then tells how many there were)."""
    return [visible_event(game, viewer, raw) for raw in game.events[start:]]


def visible_event(game: Game, viewer: str | None, raw: EventTuple) -> Event:
    """One logged event as ``viewer`` may see it."""
    kind, player, cards, amount, detail, cause = raw
    own = player >= 0 and PLAYERS[player] == viewer
    if kind in _PRIVATE_CARDS and not own:
        cards, amount = (), len(cards)
    elif kind == "placed" and not own:
        shown = detail == "shown" and (viewer is not None or not game.place.hides_placed_cards)
        if not shown:
            cards = ()
    return Event(kind, player, cards, amount, detail, cause)
