"""Pictures as PNG, fast: every colour the pictures use is known (:mod:`picture.style`), so each picture
is mapped onto one fixed palette (a couple of milliseconds) instead of searching its own (ten times
that), and saved as a small palette PNG. The palette holds the plain colours and, for the text's
smoothed edges, blends of each text colour with the backgrounds it is written on."""

from __future__ import annotations

import io
from functools import cache
from itertools import product

from PIL import Image

from picture import style
from picture.style import Colour

# Text colours, and the backgrounds they are written on: their blends are the smoothed edges.
INKS = (
    style.TEXT,
    style.MUTED,
    style.INK,
    style.INK_MUTED,
    style.WINNER,
    style.PLUS,
    style.MINUS,
    (255, 255, 255),
    style.SIGNET,
    style.OUTLINE,
    style.CARD_BACK_LINE,
    style.TOKEN,
)
GROUNDS = (
    style.BACKGROUND,
    style.PANEL,
    style.PARCHMENT,
    style.CARD_BACK,
    style.WINNER,
    *style.FACTION_COLOUR.values(),
)
COMMON = {
    (style.TEXT, style.BACKGROUND),
    (style.MUTED, style.BACKGROUND),
    (style.TEXT, style.PANEL),
    (style.MUTED, style.PANEL),
    (style.INK, style.PARCHMENT),
    (style.WINNER, style.BACKGROUND),
}
COMPRESS_LEVEL = 1  # zlib's fastest: on these pictures level 6 saves a third of the bytes for 60 % more time


def _blend(ink: Colour, ground: Colour, share: float) -> Colour:
    return (
        round(ink[0] * share + ground[0] * (1 - share)),
        round(ink[1] * share + ground[1] * (1 - share)),
        round(ink[2] * share + ground[2] * (1 - share)),
    )


@cache
def palette() -> Image.Image:
    colours: list[Colour] = list(dict.fromkeys((*INKS, *GROUNDS)))
    for ink, ground in product(INKS, GROUNDS):
        if ink == ground:
            continue
        steps = 6 if (ink, ground) in COMMON else 3
        colours += [_blend(ink, ground, i / steps) for i in range(1, steps)]
    colours = list(dict.fromkeys(colours))[:256]
    image = Image.new("P", (1, 1))
    image.putpalette([channel for colour in colours for channel in colour])
    return image


def encode(image: Image.Image) -> bytes:
    """``image`` (RGB, drawn in the pictures' colours) as a palette PNG."""
    out = io.BytesIO()
    image.quantize(palette=palette(), dither=Image.Dither.NONE).save(
        out, format="PNG", compress_level=COMPRESS_LEVEL
    )
    return out.getvalue()
