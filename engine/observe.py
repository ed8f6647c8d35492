"""What can be seen of a game: the full state of REPLAY.md ("State"), for records and tests.

The bot renders per-player views from this omniscient one and must hide what a player may not see.
"""

from __future__ import annotations

from typing import Any

from engine.game import Game
from engine.model import PLAYERS, Event, PlayedCard, Result
from engine.record import FORMAT
from engine.table import by_value


def _card(card: PlayedCard | None) -> dict[str, Any] | None:
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
            {"player": d.player, "kind": d.kind, "options": list(d.options), "count": d.count}
            for d in sorted(game.pending, key=lambda d: ("p1", "p2", "chance").index(d.player))
        ],
    }


def _may_see(card: PlayedCard, viewer: str | None) -> bool:
    """Face-up cards are public; a face-down card is seen by its owner, and by the opponent once it
    was shown to them (Fortune Teller under Foggy Swamp)."""
    if card.face_up:
        return True
    if viewer is None:
        return False
    return PLAYERS[card.owner] == viewer or card.shown


def _seen_card(card: PlayedCard | None, viewer: str | None) -> dict[str, Any] | None:
    if card is None:
        return None
    if not _may_see(card, viewer):
        return {"card": None, "face_up": False}
    return _card(card)


def observation(game: Game, viewer: str | None) -> dict[str, Any]:
    """What ``viewer`` ("p1" or "p2"; None for everybody, e.g. a public board) may see of ``game``.

    Unlike :func:`state` it hides every hand but the viewer's, the order of every deck, face-down cards
    the viewer has not seen, and the options of other players' decisions (they would reveal a hand).
    """
    first, second = game.signets()
    result = game.result
    players: dict[str, Any] = {}
    for name, zones in zip(PLAYERS, game.players, strict=True):
        waiting = zones.next
        players[name] = {
            "hand": by_value(zones.hand) if viewer == name else None,
            "hand_size": len(zones.hand),
            "deck_size": len(zones.deck),
            "discard": list(zones.discard),
            "next_card_modifier": waiting.modifier,
            "librarian": waiting.librarian,
            "engineer": waiting.engineer,
            "blackmail": None if waiting.blackmail is None else str(waiting.blackmail),
            "must_play_first": zones.first,
        }
    return {
        "status": "in_progress" if result is None else "finished",
        "result": None if result is None else _result(result),
        "round": game.round,
        "location": game.location,
        "signets": {"p1": first, "p2": second},
        "encounters": [
            {
                "p1": _seen_card(encounter.slots[0], viewer),
                "p2": _seen_card(encounter.slots[1], viewer),
                "winner": encounter.winner,
                "why": encounter.why,
            }
            for encounter in game.row
        ],
        "players": players,
        "pending": [
            {"player": d.player, "kind": d.kind}
            | ({"first": True} if d.shown else {})  # placed face up before the opponent chooses
            | ({"options": list(d.options), "count": d.count} if d.player == viewer else {})
            for d in sorted(game.pending, key=lambda d: ("p1", "p2", "chance").index(d.player))
        ],
    }


_PRIVATE_CARDS = {"drew", "under_deck"}


def visible_events(game: Game, viewer: str | None, start: int = 0) -> list[Event]:
    """The events from index ``start`` on, with the cards ``viewer`` may not see taken out (``amount``
    then tells how many there were)."""
    seen: list[Event] = []
    for kind, player, cards, amount, detail in game.events[start:]:
        own = player >= 0 and PLAYERS[player] == viewer
        if kind in _PRIVATE_CARDS and not own:
            cards, amount = (), len(cards)
        elif kind == "placed" and not own:
            shown = detail == "shown" and (viewer is not None or game.location != "foggy_swamp")
            if not shown:
                cards = ()
        seen.append(Event(kind, player, cards, amount, detail))
    return seen


def _result(result: Result) -> dict[str, Any]:
    """A finished game's result as players are told it: with its cause when the reason needs one."""
    told: dict[str, Any] = {"winner": result.winner, "reason": result.reason}
    if result.cause is not None:
        told["cause"] = result.cause
    return told
