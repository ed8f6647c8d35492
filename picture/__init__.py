"""The board and a player's hand as pictures (PNG), drawn with Pillow from the engine's view for one
viewer, so a picture can show nothing its viewer may not see (the public board from
``engine.view(game, None)``, a hand from the player's own view), in the reader's language.

    png = picture.board_png(view(game, None), ("Alice", "Bob"), title=..., details=..., language="hu")

Pure and deterministic: the same view, names and language give the same bytes (the font is shipped,
laid out without system libraries). The bot draws them in worker processes (bot.services.pictures),
off the event loop.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

import text
from engine.view import View
from picture.board import details_line, draw_board
from picture.chart import Chances, draw_chart
from picture.hand import draw_hand
from picture.png import encode, palette
from picture.standings import Line, draw_standings
from picture.style import font

FORMAT = "png"  # flat colours and text: a palette PNG is small (docs/performance.md) and sharp


def timed(draw: Callable[[], bytes]) -> tuple[bytes, float]:
    """``draw()``'s picture and the seconds it took (in a drawing worker, thread or process)."""
    started = time.perf_counter()
    return draw(), time.perf_counter() - started


def warm() -> None:
    """Load the fonts and the palette (a few tens of milliseconds), so the first picture is as quick as
    the others."""
    palette()
    for size in range(12, 45):
        font(size)
        font(size, bold=True)


def board_png(view: View, names: Sequence[str], *, title: str, details: str, language: str) -> bytes:
    """The public board (``view`` must be the public view: ``viewer`` None)."""
    if view.viewer is not None:
        raise ValueError("the board picture is drawn from the public view only")
    with text.speaking(language):
        return encode(draw_board(view, names, title=title, details=details))


def chart_png(chances: Chances, *, language: str) -> bytes:
    """A review's chart of a player's chance of winning (:mod:`picture.chart`; ``Chances.of(review)``);
    ValueError for a review with no decision (there is nothing to draw) or chances out of [0, 1]."""
    chances.check()
    with text.speaking(language):
        return encode(draw_chart(chances))


def standings_png(title: str, columns: Sequence[str], lines: Sequence[Line], *, language: str) -> bytes:
    """A tournament's standings (:mod:`picture.standings`)."""
    with text.speaking(language):
        return encode(draw_standings(title, columns, lines))


def hand_png(view: View, viewer: str, *, language: str) -> bytes:
    """``viewer``'s hand, from their own view."""
    if view.viewer != viewer:
        raise ValueError("a hand picture is drawn from its player's own view only")
    with text.speaking(language):
        return encode(draw_hand(view, viewer))


__all__ = [
    "FORMAT",
    "Chances",
    "Line",
    "board_png",
    "chart_png",
    "details_line",
    "draw_board",
    "draw_hand",
    "encode",
    "hand_png",
    "standings_png",
    "timed",
    "warm",
]
