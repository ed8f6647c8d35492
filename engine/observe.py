"""What can be seen of a game: the full state of REPLAY.md ("State"), for records and tests.

The bot renders per-player views from this omniscient one and must hide what a player may not see.
"""

from __future__ import annotations

from typing import Any

from engine.game import Game
from engine.model import PLAYERS, PlayedCard
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
