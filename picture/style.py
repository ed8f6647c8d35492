"""What the pictures look like: colours, fonts, the faction marks, and text that fits a width.

The faction colours are the Okabe–Ito palette, chosen to stay apart under the common colour-vision
deficiencies; every faction also has its own shape (and its name on the card), so colour is never the
only sign. The font is the DejaVu Sans shipped in ``picture/fonts`` (full Latin Extended-A: ő ű ł ż ś),
laid out with Pillow's basic engine, so every machine draws the same pixels.
"""

from __future__ import annotations

import math
import threading
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

FONTS = Path(__file__).parent / "fonts"

BACKGROUND = (43, 45, 49)  # Discord's dark theme, so the picture sits in both themes
PANEL = (56, 58, 64)
TEXT = (242, 243, 245)
MUTED = (181, 186, 193)
INK = (30, 31, 34)  # text on a card
INK_MUTED = (92, 94, 102)
PARCHMENT = (246, 241, 230)
CARD_BACK = (36, 48, 82)
CARD_BACK_LINE = (70, 88, 140)
OUTLINE = (120, 124, 133)
WINNER = (255, 196, 0)  # the frame of an encounter's winner
SIGNET = (214, 166, 32)
TOKEN = (120, 124, 133)
PLUS, MINUS = (0, 110, 60), (170, 40, 30)  # a modifier's sign is written too

# Okabe–Ito: bluish green, yellow, vermillion, blue; with text that reads on each.
FACTION_COLOUR = {
    "rebels": (0, 158, 115),
    "academy": (240, 228, 66),
    "guild": (213, 94, 0),
    "dynasty": (0, 114, 178),
}
FACTION_TEXT = {
    "rebels": (255, 255, 255),
    "academy": INK,
    "guild": (255, 255, 255),
    "dynasty": (255, 255, 255),
}
FACTION_SHAPE = {"rebels": "triangle", "academy": "circle", "guild": "square", "dynasty": "diamond"}

Box = tuple[int, int, int, int]  # left, top, right, bottom
Colour = tuple[int, int, int]

# Discord shows an embed's picture about 400 px wide on a phone: the board, a hand and the standings are
# laid out in points of that width (400 points), and drawn UNIT pixels to the point, so they stay sharp
# where Discord shows them larger (up to ~520 px on a desktop) or on a phone's denser screen. No text is
# smaller than SMALLEST points: 11 px where the picture is shown 400 px wide.
POINTS = 400
UNIT = 1.5
SMALLEST = 11


def px(points: float) -> int:
    """``points`` in pixels."""
    return round(points * UNIT)


def face(points: float, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The font at ``points`` (at least SMALLEST): never smaller once drawn in whole pixels."""
    return font(math.ceil(max(points, SMALLEST) * UNIT), bold)


_fonts = threading.local()  # a FreeType face is used by one thread only: each thread loads its own


def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    loaded: dict[tuple[int, bool], ImageFont.FreeTypeFont] = _fonts.__dict__.setdefault("loaded", {})
    face = loaded.get((size, bold))
    if face is None:
        name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
        face = ImageFont.truetype(str(FONTS / name), size, layout_engine=ImageFont.Layout.BASIC)
        loaded[size, bold] = face
    return face


@lru_cache(maxsize=4096)
def _drawable(character: str) -> bool:
    """The font has a glyph for ``character`` (else it would draw its empty box)."""
    face = font(16)
    return character.isspace() or bytes(face.getmask(character)) != bytes(face.getmask("\ue000"))


def drawable(text: str) -> str:
    """``text`` without the characters the font cannot draw (emoji and CJK in display names): the
    text embed shows them, the picture leaves them out rather than draw boxes."""
    kept = "".join(ch for ch in text if _drawable(ch))
    return " ".join(kept.split())


@lru_cache(maxsize=8192)
def width(text: str, face: ImageFont.FreeTypeFont) -> float:
    return face.getlength(text)


@lru_cache(maxsize=2048)
def _mask(text: str, face: ImageFont.FreeTypeFont) -> tuple[Image.Image, int, int]:
    """``text`` rasterised once (the same words come back on every board): its coverage, and where it
    sits from the point it is drawn at."""
    left, top, right, bottom = (int(edge) for edge in face.getbbox(text))
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=face, fill=255)
    return mask, left, top


class Canvas:
    """A picture being drawn: shapes through ``draw``, text through :meth:`text` (rasterised once per
    phrase and size, then pasted: the same words come back on every board)."""

    __slots__ = ("draw", "image")

    def __init__(self, size: tuple[int, int]) -> None:
        self.image = Image.new("RGB", size, BACKGROUND)
        self.draw = ImageDraw.Draw(self.image)

    def text(
        self,
        xy: tuple[float, float],
        text: str,
        face: ImageFont.FreeTypeFont,
        fill: Colour,
        room: Box | None = None,
    ) -> None:
        """``text`` with its top left at ``xy``, as ``ImageDraw.text`` would draw it; ``room`` is the box the
        layout made for it (the tests check that every text stays in its own)."""
        if text:
            mask, left, top = _mask(text, face)
            self.image.paste(fill, (round(xy[0]) + left, round(xy[1]) + top), mask)

    def centred(
        self,
        x: float,
        y: float,
        text: str,
        face: ImageFont.FreeTypeFont,
        fill: Colour,
        room: Box | None = None,
    ) -> None:
        """``text`` centred on ``x``, its top at ``y``."""
        self.text((x - width(text, face) / 2, y), text, face, fill, room)


def fit(text: str, face: ImageFont.FreeTypeFont, room: float) -> str:
    """``text`` cut with "…" to at most ``room`` pixels wide."""
    if width(text, face) <= room:
        return text
    low, high = 0, len(text)
    while low < high:  # the longest prefix that fits with its "…"
        middle = (low + high + 1) // 2
        if width(text[:middle].rstrip() + "…", face) <= room:
            low = middle
        else:
            high = middle - 1
    return text[:low].rstrip() + "…"


def _split(word: str, face: ImageFont.FreeTypeFont, room: float, hyphen: str) -> list[str]:
    """A word wider than ``room`` in pieces that fit, each but the last ending with ``hyphen``."""
    pieces = []
    while width(word, face) > room and len(word) > 1:
        cut = len(word) - 1
        while cut > 1 and width(word[:cut] + hyphen, face) > room:
            cut -= 1
        pieces.append(word[:cut] + hyphen)
        word = word[cut:]
    return [*pieces, word]


def wrap(
    text: str, face: ImageFont.FreeTypeFont, room: float, lines: int | None = None, hyphen: str = "-"
) -> list[str]:
    """``text`` broken into lines of at most ``room`` pixels, a word wider than a line broken with
    ``hyphen``; with ``lines``, at most that many, the last cut with "…" (only when even they are too few)."""
    words = [piece for word in text.split() for piece in _split(word, face, room, hyphen)]
    out: list[str] = []
    while words and (lines is None or len(out) < lines):
        line = words.pop(0)
        # A broken word's first pieces fill their lines: nothing joins them.
        while words and width(f"{line} {words[0]}", face) <= room:
            line += " " + words.pop(0)
        out.append(line)
    if words and out:
        out[-1] = fit(f"{out[-1]} {' '.join(words)}", face, room)
    return [fit(line, face, room) for line in out]


def shape(draw: ImageDraw.ImageDraw, kind: str, box: Box, fill: Colour, outline: Colour) -> None:
    """A faction's shape in ``box``."""
    left, top, right, bottom = box
    mid_x, mid_y = (left + right) / 2, (top + bottom) / 2
    if kind == "circle":
        draw.ellipse(box, fill=fill, outline=outline, width=2)
    elif kind == "square":
        draw.rectangle((left + 1, top + 1, right - 1, bottom - 1), fill=fill, outline=outline, width=2)
    elif kind == "triangle":
        draw.polygon([(mid_x, top), (right, bottom), (left, bottom)], fill=fill, outline=outline, width=2)
    else:  # diamond
        draw.polygon(
            [(mid_x, top), (right, mid_y), (mid_x, bottom), (left, mid_y)],
            fill=fill,
            outline=outline,
            width=2,
        )


def signet(draw: ImageDraw.ImageDraw, x: int, y: int, size: int) -> None:
    """A signet ring, its top left corner at (x, y)."""
    draw.ellipse((x, y, x + size, y + size), outline=SIGNET, width=max(2, size // 5))
    gem = size // 3
    draw.ellipse(
        (x + size // 2 - gem // 2, y - gem // 3, x + size // 2 + gem // 2, y + gem - gem // 3), fill=SIGNET
    )


def token(draw: ImageDraw.ImageDraw, x: int, y: int, size: int) -> None:
    """An ongoing token (the grey disc of the physical game)."""
    draw.ellipse((x, y, x + size, y + size), fill=TOKEN, outline=INK, width=1)
