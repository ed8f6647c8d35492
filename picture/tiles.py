"""Cards drawn as tiles: a card in the row (its influence, modifier, ongoing token and signets), a card
back, an empty place, and a card in hand with its ability. Each draws into a box it is given."""

from __future__ import annotations

import text
from cards import CARDS
from engine.view import CardView
from picture import style
from picture.style import Box, Canvas

RADIUS = 10


def _faction_band(canvas: Canvas, box: Box, card_id: str, height: int, size: int) -> None:
    """The card's top: its faction's colour, shape and name."""
    faction = str(CARDS[card_id].faction)
    left, top, right, _ = box
    colour, ink = style.FACTION_COLOUR[faction], style.FACTION_TEXT[faction]
    canvas.draw.rounded_rectangle(
        (left, top, right, top + height), RADIUS, fill=colour, corners=(True, True, False, False)
    )
    mark = height - 8
    style.shape(
        canvas.draw,
        style.FACTION_SHAPE[faction],
        (left + 5, top + 4, left + 5 + mark, top + 4 + mark),
        ink,
        ink,
    )
    face = style.font(size)
    name = style.fit(text.faction_name(faction), face, right - left - mark - 14)
    canvas.text((left + mark + 9, top + (height - size) / 2 - 1), name, face, ink)


def row_card(canvas: Canvas, box: Box, slot: CardView | None, won: bool) -> None:
    """One player's card of an encounter, as the viewer may see it."""
    if slot is None:
        empty(canvas, box)
    elif slot.card is None:
        back(canvas, box)
    else:
        face_card(canvas, box, slot)
    if won:
        left, top, right, bottom = box
        canvas.draw.rounded_rectangle(
            (left - 3, top - 3, right + 3, bottom + 3), RADIUS + 3, outline=style.WINNER, width=3
        )


def empty(canvas: Canvas, box: Box) -> None:
    """A place no card is in yet (the half-placed encounter of this round): a dotted outline."""
    left, top, right, bottom = box
    for x in range(left + RADIUS, right - RADIUS, 10):
        canvas.draw.line((x, top, x + 5, top), fill=style.OUTLINE, width=2)
        canvas.draw.line((x, bottom, x + 5, bottom), fill=style.OUTLINE, width=2)
    for y in range(top + RADIUS, bottom - RADIUS, 10):
        canvas.draw.line((left, y, left, y + 5), fill=style.OUTLINE, width=2)
        canvas.draw.line((right, y, right, y + 5), fill=style.OUTLINE, width=2)
    canvas.centred((left + right) / 2, (top + bottom) / 2 - 12, "…", style.font(20, True), style.MUTED)


def back(canvas: Canvas, box: Box) -> None:
    """A face-down card the viewer may not see: the same back for every card."""
    left, top, right, bottom = box
    canvas.draw.rounded_rectangle(box, RADIUS, fill=style.CARD_BACK, outline=style.OUTLINE, width=2)
    inner = (left + 6, top + 6, right - 6, bottom - 6)
    canvas.draw.rounded_rectangle(inner, RADIUS - 3, outline=style.CARD_BACK_LINE, width=2)
    mid_x, mid_y = (left + right) / 2, (top + bottom) / 2
    half = min(right - left, bottom - top) / 4
    canvas.draw.polygon(
        [(mid_x, mid_y - half), (mid_x + half, mid_y), (mid_x, mid_y + half), (mid_x - half, mid_y)],
        outline=style.CARD_BACK_LINE,
        width=3,
    )
    canvas.centred(mid_x, mid_y - 12, "?", style.font(21, True), style.TEXT)


def face_card(canvas: Canvas, box: Box, slot: CardView) -> None:
    """A card the viewer sees: faction, influence (with the printed value and modifier when they
    differ), name, ongoing tokens and signets; a card only its owner sees is marked face down."""
    assert slot.card is not None
    left, top, right, bottom = box
    card = CARDS[slot.card]
    canvas.draw.rounded_rectangle(box, RADIUS, fill=style.PARCHMENT, outline=style.OUTLINE, width=2)
    _faction_band(canvas, box, slot.card, 20, 10)
    mid_x = (left + right) / 2
    canvas.centred(mid_x, top + 23, style_number(slot.influence), style.font(32, True), style.INK)
    if slot.modifier:
        sign = "+" if slot.modifier > 0 else "−"
        colour = style.PLUS if slot.modifier > 0 else style.MINUS
        printed = f"{card.value} {sign} {abs(slot.modifier)}"
        canvas.centred(mid_x, top + 58, printed, style.font(11, True), colour)
    face = style.font(11, True)
    for i, line in enumerate(style.wrap(text.card_name(slot.card), face, right - left - 8, 2)):
        canvas.centred(mid_x, top + 72 + 13 * i, line, face, style.INK)
    foot = bottom - 17
    if slot.ongoing:
        style.token(canvas.draw, left + 6, foot, 12)
        if slot.ongoing > 1:
            canvas.text((left + 21, foot - 1), f"×{slot.ongoing}", style.font(11, True), style.INK)
    if slot.signets:
        label = f"×{slot.signets}" if slot.signets > 1 else ""
        face = style.font(11, True)
        x = right - 20 - int(style.width(label, face))
        style.signet(canvas.draw, x, foot + 1, 12)
        canvas.text((x + 15, foot - 1), label, face, style.INK)
    if not slot.face_up:  # the viewer's own face-down card (never on the public board)
        canvas.draw.rectangle((left + 2, top + 46, right - 2, top + 62), fill=style.CARD_BACK)
        canvas.centred(mid_x, top + 48, text.tr("picture.face_down"), style.font(10, True), style.TEXT)


def hand_card(canvas: Canvas, box: Box, card_id: str) -> None:
    """A card in the viewer's hand: value, name, faction, kind and its ability, as much as fits."""
    left, top, right, bottom = box
    card = CARDS[card_id]
    canvas.draw.rounded_rectangle(box, RADIUS, fill=style.PARCHMENT, outline=style.OUTLINE, width=2)
    _faction_band(canvas, box, card_id, 26, 13)
    mid_x = (left + right) / 2
    canvas.centred(mid_x, top + 29, str(card.value), style.font(36, True), style.INK)
    face = style.font(15, True)
    y = top + 72
    for line in style.wrap(text.card_name(card_id), face, right - left - 12, 2):
        canvas.centred(mid_x, y, line, face, style.INK)
        y += 18
    canvas.centred(mid_x, y + 1, text.kind_name(card_id), style.font(12), style.INK_MUTED)
    y += 19
    canvas.draw.line((left + 10, y, right - 10, y), fill=style.OUTLINE, width=1)
    face = style.font(13)
    lines = max(1, (bottom - y - 8) // 16)
    for line in style.wrap(text.card_text(card_id), face, right - left - 14, lines):
        canvas.text((left + 7, y + 5), line, face, style.INK)
        y += 16


def style_number(value: int) -> str:
    """An influence, with the typographic minus sign."""
    return f"−{-value}" if value < 0 else str(value)
