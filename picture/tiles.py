"""Cards drawn as tiles, each a row across its box: the faction's colour and shape on the left, the
figure, then the words. A card in an encounter (its influence, modifier, name, faction, ongoing token
and signets), a card back, an empty place, and a card in hand with its ability. Each draws into a box it
is given; sizes are in points (:func:`picture.style.px`)."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

import text
from cards import CARDS
from engine.view import CardView
from picture import style
from picture.style import Box, Canvas, px
from text import board

RADIUS = px(6)
FRAME = 3  # the gold frame of an encounter's winner, around the card
STRIP = px(14)  # the faction's colour and shape, down the card's left side
FIGURE = px(44)  # the influence (or value) and the modifier, beside the strip
PAD = px(4)
LINE = px(13.5)  # one line of 11-point text
ROW_CARD_HEIGHT = px(46)  # a card in an encounter: three lines of words

NAME = 11  # points: a card's name in the row, bold
WORDS = 11  # its faction, and the marks' counts


def _strip(canvas: Canvas, size: tuple[int, int], faction: str) -> None:
    """The card's left side: its faction's colour, and its shape at the top."""
    colour, ink = style.FACTION_COLOUR[faction], style.FACTION_TEXT[faction]
    canvas.draw.rounded_rectangle(
        (0, 0, STRIP, size[1]), RADIUS, fill=colour, corners=(True, False, False, True)
    )
    mark = px(10)
    left = (STRIP - mark) // 2
    style.shape(canvas.draw, style.FACTION_SHAPE[faction], (left, px(5), left + mark, px(5) + mark), ink, ink)


# What every card of a kind shares (its outline, a faction's strip, the back) is drawn once and pasted:
# rounded outlines are most of a picture's drawing time.


@lru_cache(maxsize=64)
def _blank(faction: str, size: tuple[int, int]) -> Image.Image:
    """A card of ``faction`` with nothing on it but its strip."""
    canvas = Canvas((size[0] + 1, size[1] + 1))
    canvas.draw.rounded_rectangle((0, 0, *size), RADIUS, fill=style.PARCHMENT, outline=style.OUTLINE, width=2)
    _strip(canvas, size, faction)
    canvas.draw.rounded_rectangle((0, 0, *size), RADIUS, outline=style.OUTLINE, width=2)
    return canvas.image


@lru_cache(maxsize=8)
def _back(size: tuple[int, int]) -> Image.Image:
    canvas = Canvas((size[0] + 1, size[1] + 1))
    right, bottom = size
    canvas.draw.rounded_rectangle(
        (0, 0, right, bottom), RADIUS, fill=style.CARD_BACK, outline=style.OUTLINE, width=2
    )
    canvas.draw.rounded_rectangle(
        (5, 5, right - 5, bottom - 5), max(1, RADIUS - 3), outline=style.CARD_BACK_LINE, width=2
    )
    mid_x, mid_y = right / 2, bottom / 2
    half = bottom / 3
    canvas.draw.polygon(
        [(mid_x, mid_y - half), (mid_x + half, mid_y), (mid_x, mid_y + half), (mid_x - half, mid_y)],
        outline=style.CARD_BACK_LINE,
        width=3,
    )
    face = style.face(14, True)
    canvas.centred(mid_x, mid_y - face.size * 0.6, "?", face, style.TEXT, (0, 0, right, bottom))
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
    face = style.face(14, True)
    canvas.centred(right / 2, bottom / 2 - face.size * 0.7, "…", face, style.MUTED, (0, 0, right, bottom))
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


def _row_words(slot: CardView, width: int) -> tuple[list[str], int]:
    """A card's name in the row, whole, on as many lines as it takes (two for the longest names), and
    whether its ongoing token and signets take a line of their own (else they end its faction's)."""
    assert slot.card is not None
    room = width - STRIP - FIGURE - 2 * PAD
    lines = style.wrap(text.card_name(slot.card), style.face(NAME, True), room)
    faction = style.width(text.faction_name(str(CARDS[slot.card].faction)), style.face(WORDS))
    return lines, int(faction + px(4) + _marks_width(slot) > room)


def row_height(slot: CardView | None, width: int) -> int:
    """The height a card in the row takes drawn ``width`` wide: three lines of words, or more."""
    if slot is None or slot.card is None:
        return ROW_CARD_HEIGHT
    lines, marks_apart = _row_words(slot, width)
    return max(ROW_CARD_HEIGHT, (len(lines) + 1 + marks_apart) * LINE + PAD)


def face_card(canvas: Canvas, box: Box, slot: CardView) -> None:
    """A card the viewer sees: faction, influence (with the printed value and modifier when they
    differ), name, ongoing tokens and signets; a card only its owner sees is marked face down."""
    assert slot.card is not None
    left, top, right, bottom = box
    card = CARDS[slot.card]
    canvas.image.paste(_blank(str(card.faction), _size(box)), box[:2])
    figure: Box = (left + STRIP, top, left + STRIP + FIGURE, bottom)
    centre = (figure[0] + figure[2]) / 2
    number = style.face(20, True)
    modifier = style.face(WORDS, True)
    block = number.size + (modifier.size + 2 if slot.modifier else 0)
    y = top + (bottom - top - block) / 2 - px(2)
    canvas.centred(centre, y, board.number(slot.influence), number, style.INK, figure)
    if slot.modifier:
        sign = "+" if slot.modifier > 0 else "−"
        colour = style.PLUS if slot.modifier > 0 else style.MINUS
        printed = f"{card.value} {sign} {abs(slot.modifier)}"
        if style.width(printed, modifier) > FIGURE - 2:
            printed = printed.replace(" ", "")
        canvas.centred(centre, y + number.size + 2, printed, modifier, colour, figure)
    words: Box = (figure[2] + PAD, top + PAD // 2, right - PAD, bottom - PAD // 2)
    room = words[2] - words[0]
    lines, marks_apart = _row_words(slot, right - left)
    small = style.face(WORDS)
    faction = text.faction_name(str(card.faction))
    count = len(lines) + 1 + marks_apart
    y = words[1] + (words[3] - words[1] - count * LINE) / 2
    bold = style.face(NAME, True)
    for line in lines:
        canvas.text((words[0], y), line, bold, style.INK, words)
        y += LINE
    canvas.text((words[0], y), faction, small, style.INK_MUTED, words)
    _marks(canvas, slot, words[2], int(y + marks_apart * LINE), words)
    if not slot.face_up:  # the viewer's own face-down card (never on the public board)
        label = text.tr("picture.face_down")
        tag = style.face(WORDS, True)
        canvas.draw.rectangle((*figure[:2], figure[2], figure[1] + tag.size + 4), fill=style.CARD_BACK)
        canvas.text((figure[0] + 2, figure[1] + 1), style.fit(label, tag, room), tag, style.TEXT, box)


def _count(n: int) -> str:
    return f"×{n}" if n > 1 else ""


def _marks_width(slot: CardView) -> int:
    """The room the ongoing token and signets take at the end of the faction's line."""
    small = style.face(WORDS, True)
    taken = 0
    for n in (slot.ongoing, slot.signets):
        if n:
            taken += px(12) + int(style.width(_count(n), small)) + px(4)
    return taken


def _marks(canvas: Canvas, slot: CardView, right: int, y: int, room: Box) -> None:
    """The ongoing token and the signets, from the right."""
    small = style.face(WORDS, True)
    x = right
    icon = px(10)
    for n, draw in ((slot.signets, style.signet), (slot.ongoing, style.token)):
        if not n:
            continue
        label = _count(n)
        x -= int(style.width(label, small))
        canvas.text((x, y), label, small, style.INK, room)
        x -= icon + 2
        draw(canvas.draw, x, y + (LINE - icon) // 2 + 1, icon)
        x -= px(4)


def hand_height(card_id: str, width: int) -> int:
    """The height of a card in hand drawn ``width`` wide: its name, faction and kind, and its ability."""
    name, _kind, ability = _hand_words(card_id, width)
    return PAD * 2 + len(name) * px(17) + px(15) + len(ability) * px(15) + PAD


def _hand_words(card_id: str, width: int) -> tuple[list[str], str, list[str]]:
    room = width - STRIP - FIGURE - 2 * PAD
    card = CARDS[card_id]
    kind = f"{text.faction_name(str(card.faction))} · {text.kind_name(card_id)}"
    return (
        style.wrap(text.card_name(card_id), style.face(13, True), room),
        kind,
        style.wrap(text.card_text(card_id), style.face(12), room),
    )


def hand_card(canvas: Canvas, box: Box, card_id: str) -> None:
    """A card in the viewer's hand: value, name, faction, kind and its ability, whole."""
    left, top, right, bottom = box
    card = CARDS[card_id]
    canvas.image.paste(_blank(str(card.faction), _size(box)), box[:2])
    figure: Box = (left + STRIP, top, left + STRIP + FIGURE, bottom)
    number = style.face(22, True)
    canvas.centred((figure[0] + figure[2]) / 2, top + PAD + px(2), str(card.value), number, style.INK, figure)
    name, kind, ability = _hand_words(card_id, right - left)
    words: Box = (figure[2] + PAD, top + PAD, right - PAD, bottom - PAD)
    y = words[1]
    for line in name:
        canvas.text((words[0], y), line, style.face(13, True), style.INK, words)
        y += px(17)
    small = style.face(11)
    canvas.text((words[0], y), style.fit(kind, small, words[2] - words[0]), small, style.INK_MUTED, words)
    y += px(15)
    canvas.draw.line((words[0], y - 2, words[2], y - 2), fill=style.OUTLINE, width=1)
    face = style.face(12)
    for line in ability:
        canvas.text((words[0], y + 1), line, face, style.INK, words)
        y += px(15)
