"""Cards drawn as tiles: a card in the row (its influence, modifier, ongoing token and signets), a card
back, an empty place, and a card in hand with its ability. Each draws into a box it is given."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

import text
from cards import CARDS
from engine.view import CardView
from picture import style
from picture.style import Box, Canvas
from text import board

RADIUS = 10
FRAME = 3  # the gold frame of an encounter's winner, around the card


def _faction_band(canvas: Canvas, box: Box, faction: str, height: int, size: int) -> None:
    """The card's top: its faction's colour, shape and name."""
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


# What every card of a kind shares (its outline, a faction's band, the back) is drawn once and pasted:
# rounded outlines are most of a picture's drawing time.


@lru_cache(maxsize=64)
def _blank(faction: str, size: tuple[int, int], band: int, letters: int, language: str) -> Image.Image:
    """A card of ``faction`` with nothing on it but its band, in ``language``."""
    canvas = Canvas((size[0] + 1, size[1] + 1))
    canvas.draw.rounded_rectangle((0, 0, *size), RADIUS, fill=style.PARCHMENT, outline=style.OUTLINE, width=2)
    with text.speaking(language):
        _faction_band(canvas, (0, 0, *size), faction, band, letters)
    return canvas.image


@lru_cache(maxsize=8)
def _back(size: tuple[int, int]) -> Image.Image:
    canvas = Canvas((size[0] + 1, size[1] + 1))
    right, bottom = size
    canvas.draw.rounded_rectangle(
        (0, 0, right, bottom), RADIUS, fill=style.CARD_BACK, outline=style.OUTLINE, width=2
    )
    canvas.draw.rounded_rectangle(
        (6, 6, right - 6, bottom - 6), RADIUS - 3, outline=style.CARD_BACK_LINE, width=2
    )
    mid_x, mid_y = right / 2, bottom / 2
    half = min(right, bottom) / 4
    canvas.draw.polygon(
        [(mid_x, mid_y - half), (mid_x + half, mid_y), (mid_x, mid_y + half), (mid_x - half, mid_y)],
        outline=style.CARD_BACK_LINE,
        width=3,
    )
    canvas.centred(mid_x, mid_y - 12, "?", style.font(21, True), style.TEXT)
    return canvas.image


@lru_cache(maxsize=8)
def _empty(size: tuple[int, int]) -> Image.Image:
    canvas = Canvas((size[0] + 1, size[1] + 1))
    right, bottom = size
    for x in range(RADIUS, right - RADIUS, 10):
        canvas.draw.line((x, 0, x + 5, 0), fill=style.OUTLINE, width=2)
        canvas.draw.line((x, bottom, x + 5, bottom), fill=style.OUTLINE, width=2)
    for y in range(RADIUS, bottom - RADIUS, 10):
        canvas.draw.line((0, y, 0, y + 5), fill=style.OUTLINE, width=2)
        canvas.draw.line((right, y, right, y + 5), fill=style.OUTLINE, width=2)
    canvas.centred(right / 2, bottom / 2 - 12, "…", style.font(20, True), style.MUTED)
    return canvas.image


@lru_cache(maxsize=8)
def _frame(size: tuple[int, int]) -> Image.Image:
    """The winner's frame as a mask, for a card of ``size``."""
    width, height = size[0] + 2 * FRAME, size[1] + 2 * FRAME
    mask = Image.new("L", (width + 1, height + 1), 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, width, height), RADIUS + FRAME, outline=255, width=FRAME)
    return mask


def _size(box: Box) -> tuple[int, int]:
    return box[2] - box[0], box[3] - box[1]


def row_card(canvas: Canvas, box: Box, slot: CardView | None, won: bool) -> None:
    """One player's card of an encounter, as the viewer may see it."""
    if slot is None:
        canvas.image.paste(_empty(_size(box)), box[:2])
    elif slot.card is None:
        canvas.image.paste(_back(_size(box)), box[:2])
    else:
        face_card(canvas, box, slot)
    if won:
        canvas.image.paste(style.WINNER, (box[0] - FRAME, box[1] - FRAME), _frame(_size(box)))


def face_card(canvas: Canvas, box: Box, slot: CardView) -> None:
    """A card the viewer sees: faction, influence (with the printed value and modifier when they
    differ), name, ongoing tokens and signets; a card only its owner sees is marked face down."""
    assert slot.card is not None
    left, top, right, bottom = box
    card = CARDS[slot.card]
    canvas.image.paste(_blank(str(card.faction), _size(box), 20, 10, text.current_language()), box[:2])
    mid_x = (left + right) / 2
    canvas.centred(mid_x, top + 23, board.number(slot.influence), style.font(32, True), style.INK)
    if slot.modifier:
        sign = "+" if slot.modifier > 0 else "−"
        colour = style.PLUS if slot.modifier > 0 else style.MINUS
        printed = f"{card.value} {sign} {abs(slot.modifier)}"
        canvas.centred(mid_x, top + 58, printed, style.font(11, True), colour)
    face, lines = _name_lines(text.card_name(slot.card), right - left - 8)
    for i, line in enumerate(lines):
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


def _name_lines(name: str, room: int) -> tuple[ImageFont.FreeTypeFont, list[str]]:
    """A card's name in two lines at most, in smaller letters before it is cut ("Üresség-mágus")."""
    for size in (11, 10, 9):
        face = style.font(size, True)
        lines = style.wrap(name, face, room, 2)
        if not any(line.endswith("…") for line in lines):
            break
    return face, lines


def hand_card(canvas: Canvas, box: Box, card_id: str) -> None:
    """A card in the viewer's hand: value, name, faction, kind and its ability, as much as fits."""
    left, top, right, bottom = box
    card = CARDS[card_id]
    canvas.image.paste(_blank(str(card.faction), _size(box), 26, 13, text.current_language()), box[:2])
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
