"""A player's hand as a picture: their cards in order, one to a line, each with its value, name, faction,
kind and ability, whole. Laid out in points (:mod:`picture.style`): every word reads where a phone shows
the picture 400 px wide."""

from __future__ import annotations

from PIL import Image

import text
from engine.view import View
from picture import style, tiles
from picture.style import Canvas, px

WIDTH = px(style.POINTS)
MARGIN, GAP = px(6), px(5)


def draw_hand(view: View, viewer: str) -> Image.Image:
    """``viewer``'s hand from their own view (``engine.view(game, viewer)``), in the current language."""
    hand = view.player(viewer).hand or ()
    room = WIDTH - 2 * MARGIN
    heading = style.face(14, True)
    titles = style.wrap(text.tr("picture.hand", n=len(hand), round=view.round), heading, room)
    heights = [tiles.hand_height(card_id, room) for card_id in hand]
    empty = style.wrap(text.tr("hand.empty"), style.face(12), room) if not hand else []
    top = MARGIN + len(titles) * px(18) + px(4)
    height = top + sum(h + GAP for h in heights) + len(empty) * px(16) + MARGIN
    canvas = Canvas((WIDTH, height))
    y = MARGIN
    for line in titles:
        canvas.text((MARGIN, y), line, heading, style.TEXT, (MARGIN, y, WIDTH - MARGIN, y + px(18)))
        y += px(18)
    y = top
    for line in empty:
        face = style.face(12)
        canvas.text((MARGIN, y), line, face, style.MUTED, (MARGIN, y, WIDTH - MARGIN, y + px(16)))
        y += px(16)
    for card_id, card_height in zip(hand, heights, strict=True):
        tiles.hand_card(canvas, (MARGIN, y, WIDTH - MARGIN, y + card_height), card_id)
        y += card_height + GAP
    return canvas.image
