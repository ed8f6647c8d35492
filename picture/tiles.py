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
    mark = height - 10
    style.shape(
        canvas.draw,
        style.FACTION_SHAPE[faction],
        (left + 6, top + 5, left + 6 + mark, top + 5 + mark),
        ink,
        ink,
    )
    face = style.font(size)
    name = style.fit(text.faction_name(faction), face, right - left - mark - 18)
    canvas.text((left + mark + 12, top + (height - size) / 2 - 1), name, face, ink)


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
            (left - 4, top - 4, right + 4, bottom + 4), RADIUS + 4, outline=style.WINNER, width=4
        )


def empty(canvas: Canvas, box: Box) -> None:
    """A place no card is in yet (the half-placed encounter of this round): a dotted outline."""
    left, top, right, bottom = box
    for x in range(left + RADIUS, right - RADIUS, 12):
        canvas.draw.line((x, top, x + 6, top), fill=style.OUTLINE, width=2)
        canvas.draw.line((x, bottom, x + 6, bottom), fill=style.OUTLINE, width=2)
    for y in range(top + RADIUS, bottom - RADIUS, 12):
        canvas.draw.line((left, y, left, y + 6), fill=style.OUTLINE, width=2)
        canvas.draw.line((right, y, right, y + 6), fill=style.OUTLINE, width=2)
    canvas.centred((left + right) / 2, (top + bottom) / 2 - 14, "…", style.font(24, True), style.MUTED)


def back(canvas: Canvas, box: Box) -> None:
    """A face-down card the viewer may not see: the same back for every card."""
    left, top, right, bottom = box
    canvas.draw.rounded_rectangle(box, RADIUS, fill=style.CARD_BACK, outline=style.OUTLINE, width=2)
    inner = (left + 8, top + 8, right - 8, bottom - 8)
    canvas.draw.rounded_rectangle(inner, RADIUS - 4, outline=style.CARD_BACK_LINE, width=2)
    mid_x, mid_y = (left + right) / 2, (top + bottom) / 2
    half = min(right - left, bottom - top) / 4
    canvas.draw.polygon(
        [(mid_x, mid_y - half), (mid_x + half, mid_y), (mid_x, mid_y + half), (mid_x - half, mid_y)],
        outline=style.CARD_BACK_LINE,
        width=3,
    )
    canvas.centred(mid_x, mid_y - 15, "?", style.font(26, True), style.TEXT)


def face_card(canvas: Canvas, box: Box, slot: CardView) -> None:
    """A card the viewer sees: faction, influence (with the printed value and modifier when they
    differ), name, ongoing tokens and signets; a card only its owner sees is marked face down."""
    assert slot.card is not None
    left, top, right, bottom = box
    card = CARDS[slot.card]
    canvas.draw.rounded_rectangle(box, RADIUS, fill=style.PARCHMENT, outline=style.OUTLINE, width=2)
    _faction_band(canvas, box, slot.card, 26, 12)
    mid_x = (left + right) / 2
    canvas.centred(mid_x, top + 30, style_number(slot.influence), style.font(40, True), style.INK)
    if slot.modifier:
        sign = "+" if slot.modifier > 0 else "−"
        colour = style.PLUS if slot.modifier > 0 else style.MINUS
        printed = f"{card.value} {sign} {abs(slot.modifier)}"
        canvas.centred(mid_x, top + 76, printed, style.font(13, True), colour)
    face = style.font(13, True)
    for i, line in enumerate(style.wrap(text.card_name(slot.card), face, right - left - 10, 2)):
        canvas.centred(mid_x, top + 92 + 16 * i, line, face, style.INK)
    foot = bottom - 22
    if slot.ongoing:
        style.token(canvas.draw, left + 8, foot, 16)
        if slot.ongoing > 1:
            canvas.text((left + 28, foot), f"×{slot.ongoing}", style.font(13, True), style.INK)
    if slot.signets:
        label = f"×{slot.signets}" if slot.signets > 1 else ""
        face = style.font(13, True)
        x = right - 26 - int(style.width(label, face))
        style.signet(canvas.draw, x, foot + 2, 16)
        canvas.text((x + 19, foot), label, face, style.INK)
    if not slot.face_up:  # the viewer's own face-down card (never on the public board)
        canvas.draw.rectangle((left + 2, top + 60, right - 2, top + 80), fill=style.CARD_BACK)
        canvas.centred(mid_x, top + 62, text.tr("picture.face_down"), style.font(12, True), style.TEXT)


def hand_card(canvas: Canvas, box: Box, card_id: str) -> None:
    """A card in the viewer's hand: value, name, faction, kind and its ability, as much as fits."""
    left, top, right, bottom = box
    card = CARDS[card_id]
    canvas.draw.rounded_rectangle(box, RADIUS, fill=style.PARCHMENT, outline=style.OUTLINE, width=2)
    _faction_band(canvas, box, card_id, 30, 14)
    mid_x = (left + right) / 2
    canvas.centred(mid_x, top + 34, str(card.value), style.font(44, True), style.INK)
    face = style.font(16, True)
    y = top + 86
    for line in style.wrap(text.card_name(card_id), face, right - left - 12, 2):
        canvas.centred(mid_x, y, line, face, style.INK)
        y += 19
    canvas.centred(mid_x, y + 1, text.kind_name(card_id), style.font(12), style.INK_MUTED)
    y += 20
    canvas.draw.line((left + 10, y, right - 10, y), fill=style.OUTLINE, width=1)
    face = style.font(12)
    lines = max(1, (bottom - y - 8) // 15)
    for line in style.wrap(text.card_text(card_id), face, right - left - 14, lines):
        canvas.text((left + 7, y + 5), line, face, style.INK)
        y += 15


def style_number(value: int) -> str:
    """An influence, with the typographic minus sign."""
    return f"−{-value}" if value < 0 else str(value)
