"""The first game that teaches (``/cardia learn``): what a player's private hand explains.

Each card the player meets for the first time (in hand, or played face up on either side, or in a
discard pile) gets one line: its ability and a tip. The first three rounds explain the round itself when
the player places a card. "For the first time" is worked out from the game alone: the cards the player's
view shows now, less those it showed at their previous decision, so nothing is stored, and a hand shown
again shows the same notes.
"""

from __future__ import annotations

import text
from bot.services.computer import record_of
from bot.services.game_cache import LiveGame
from engine import DecisionKind, View, replay, view
from engine.model import VALUE

#: The rounds whose first decision explains the round (learn-round-N).
EXPLAINED_ROUNDS = 3


def met(seen: View, player: str) -> set[str]:
    """The cards ``player``'s view shows: their hand, the face-up cards of the row, the discard piles."""
    cards = set(seen.player(player).hand or ())
    for encounter in seen.encounters:
        for slot in (encounter.p1, encounter.p2):
            if slot is not None and slot.card is not None:
                cards.add(slot.card)
    for zones in seen.players:
        cards.update(zones.discard)
    return cards


def new_cards(live: LiveGame, player: str) -> list[str]:
    """The cards ``player`` meets now for the first time in this game, by value."""
    now = met(view(live.game, player), player)
    earlier = [index for index, (who, _) in enumerate(live.actions) if who == player]
    if earlier:
        now -= met(view(replay(record_of(live), upto=earlier[-1]), player), player)
    return sorted(now, key=VALUE.__getitem__)


def learning_notes(live: LiveGame, player: str) -> list[tuple[str, str]]:
    """The notes for ``player``'s hand as it is now, each a title and its text (none when there is
    nothing new to explain): the round first, then each card met for the first time."""
    if not live.match.learn:
        return []
    decision = live.pending_for(player) if live.outcome is None else None
    notes: list[tuple[str, str]] = []
    round_ = live.game.round
    if decision is not None and decision.kind == DecisionKind.PLAY and round_ <= EXPLAINED_ROUNDS:
        notes.append((text.tr(f"learn.round.{round_}-title"), text.tr(f"learn.round.{round_}")))
    for card in new_cards(live, player):
        title = text.tr("learn.card-title", name=text.card_name(card), value=VALUE[card])
        notes.append(
            (title, text.tr("learn.card", text=text.card_text(card), tip=text.tr(f"learn.tip.{card}")))
        )
    return notes
