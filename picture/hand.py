"""A player's hand as a picture: their cards in order, each with its value, name, faction, kind and
ability, three to a line."""

from __future__ import annotations

from PIL import Image

import text
from engine.view import View
from picture import style, tiles
from picture.style import Canvas

# Three to a line, so a card's words stay readable where Discord shows the picture 400-520 px wide.
COLUMNS = 3
MARGIN, TILE_W, TILE_H, GAP = 12, 200, 210, 10
HEADER = 40
WIDTH = 2 * MARGIN + COLUMNS * TILE_W + (COLUMNS - 1) * GAP


def draw_hand(view: View, viewer: str) -> Image.Image:
    """``viewer``'s hand from their own view (``engine.view(game, viewer)``), in the current language."""
    hand = view.player(viewer).hand or ()
    lines = max(1, -(-len(hand) // COLUMNS))
    height = HEADER + lines * (TILE_H + GAP) + MARGIN - GAP
    canvas = Canvas((WIDTH, height))
    title = text.tr("picture.hand", n=len(hand), round=view.round)
    canvas.text(
        (MARGIN, 12),
        style.fit(title, style.font(19, True), WIDTH - 2 * MARGIN),
        style.font(19, True),
        style.TEXT,
    )
    if not hand:
        canvas.text((MARGIN, HEADER + 10), text.tr("hand.empty"), style.font(16), style.MUTED)
    for index, card_id in enumerate(hand):
        line, column = divmod(index, COLUMNS)
        left, top = MARGIN + column * (TILE_W + GAP), HEADER + line * (TILE_H + GAP)
        tiles.hand_card(canvas, (left, top, left + TILE_W, top + TILE_H), card_id)
    return canvas.image
