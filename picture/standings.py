"""A tournament's standings as a table: place, player, points, the format's tie-breaks and each player's
won–drawn–lost, the leader marked. Large figures and a row per player, so it reads on a phone."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image

import text
from picture import style
from picture.style import Canvas

WIDTH = 720
MARGIN, TITLE_HEIGHT, ROW_HEIGHT = 24, 64, 34
MOST_ROWS = 64
LEADER = style.WINNER


@dataclass(frozen=True, slots=True)
class Line:
    """One player's row, its figures said already (the caller knows the format's tie-breaks)."""

    place: int
    name: str
    figures: tuple[str, ...]  # under the table's ``columns``
    withdrawn: bool = False


def draw_standings(title: str, columns: Sequence[str], lines: Sequence[Line]) -> Image.Image:
    """``columns``: the headings of the figures after the player's name (points first)."""
    shown = list(lines[:MOST_ROWS])
    height = TITLE_HEIGHT + ROW_HEIGHT * (len(shown) + 1) + MARGIN
    canvas = Canvas((WIDTH, height))
    draw = canvas.draw
    title_face, head_face, face, bold = (
        style.font(24, True),
        style.font(16, True),
        style.font(19),
        style.font(19, True),
    )
    canvas.text((MARGIN, 18), style.fit(title, title_face, WIDTH - 2 * MARGIN), title_face, style.TEXT)
    figure_width = 104
    figures_left = WIDTH - MARGIN - figure_width * len(columns)
    name_left = MARGIN + 44
    top = TITLE_HEIGHT
    canvas.text((MARGIN, top + 8), "#", head_face, style.MUTED)
    canvas.text((name_left, top + 8), text.tr("picture.standings_player"), head_face, style.MUTED)
    for index, heading in enumerate(columns):
        centre = figures_left + figure_width * index + figure_width / 2
        canvas.centred(
            centre, top + 8, style.fit(heading, head_face, figure_width - 6), head_face, style.MUTED
        )
    draw.line(
        (MARGIN, top + ROW_HEIGHT - 2, WIDTH - MARGIN, top + ROW_HEIGHT - 2), fill=style.OUTLINE, width=2
    )
    for row, line in enumerate(shown, start=1):
        y = top + ROW_HEIGHT * row
        if row % 2 == 0:
            draw.rectangle((MARGIN, y, WIDTH - MARGIN, y + ROW_HEIGHT - 1), fill=style.PANEL)
        colour = LEADER if line.place == 1 else style.MUTED if line.withdrawn else style.TEXT
        row_face = bold if line.place == 1 else face
        canvas.text((MARGIN + 4, y + 6), str(line.place), row_face, colour)
        name = line.name + (" " + text.tr("picture.standings_withdrawn") if line.withdrawn else "")
        canvas.text(
            (name_left, y + 6), style.fit(name, row_face, figures_left - name_left - 8), row_face, colour
        )
        for index, figure in enumerate(line.figures):
            centre = figures_left + figure_width * index + figure_width / 2
            canvas.centred(centre, y + 6, figure, row_face, colour)
    return canvas.image
