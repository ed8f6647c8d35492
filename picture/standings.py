"""A tournament's standings as a table: place, player, points, the format's tie-breaks and each player's
won–drawn–lost, the leader marked, and under it what the tie-breaks are. Laid out in points
(:mod:`picture.style`): every word reads where a phone shows the picture 400 px wide; long names take
two lines, whole."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image

import text
from picture import style
from picture.style import Canvas, px

WIDTH = px(style.POINTS)
MARGIN, PAD = px(6), px(4)
LINE = px(16)  # a line of a row (12-point words)
MOST_ROWS = 64
LEADER = style.WINNER
# The tie-breaks a heading may name, and the line under the table that says what each is.
NOTES = (
    ("picture.standings_buchholz", "picture.standings_buchholz_note"),
    ("picture.standings_sb", "picture.standings_sb_note"),
    ("picture.standings_record", "picture.standings_record_note"),
)


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
    room = WIDTH - 2 * MARGIN
    title_face, head_face = style.face(15, True), style.face(11, True)
    face, bold = style.face(12), style.face(12, True)
    titles = style.wrap(style.drawable(title), title_face, room, hyphen="")
    # Each figure's column as wide as its heading's longest word or its widest figure: a heading of
    # two words ("Siła rywali") takes two lines.
    widths = [
        max(
            [style.width(word, head_face) for word in heading.split()]
            + [style.width(line.figures[i], bold) for line in shown if i < len(line.figures)]
        )
        + px(8)
        for i, heading in enumerate(columns)
    ]
    headings = [
        style.wrap(heading, head_face, wide - px(4)) for heading, wide in zip(columns, widths, strict=True)
    ]
    place_width = max(
        [style.width("#", head_face)] + [style.width(str(line.place), bold) for line in shown]
    ) + px(6)
    name_left = MARGIN + PAD + int(place_width)
    figures_left = WIDTH - MARGIN - int(sum(widths))
    name_room = figures_left - name_left - PAD
    names = [
        style.wrap(
            style.drawable(line.name)
            + (" " + text.tr("picture.standings_withdrawn") if line.withdrawn else ""),
            bold if line.place == 1 else face,
            name_room,
            hyphen="",
        )
        or [""]
        for line in shown
    ]
    notes = [
        part
        for heading, note in NOTES
        if text.tr(heading) in columns
        for part in style.wrap(text.tr(note, heading=text.tr(heading)), style.face(11), room)
    ]
    header = max([1] + [len(lines) for lines in headings]) * px(15) + px(4)
    rows = [len(name) * LINE + 2 * PAD for name in names]
    top = MARGIN + len(titles) * px(20) + PAD
    height = top + header + sum(rows) + (PAD + len(notes) * px(15) if notes else 0) + MARGIN
    canvas = Canvas((WIDTH, height))
    draw = canvas.draw
    y = MARGIN
    for title_line in titles:
        canvas.text((MARGIN, y), title_line, title_face, style.TEXT, (MARGIN, y, WIDTH - MARGIN, y + px(20)))
        y += px(20)
    y = top
    canvas.text((MARGIN + PAD, y + 2), "#", head_face, style.MUTED, (MARGIN, y, name_left, y + header))
    player = style.fit(text.tr("picture.standings_player"), head_face, name_room)
    canvas.text((name_left, y + 2), player, head_face, style.MUTED, (name_left, y, figures_left, y + header))
    lefts = [figures_left + int(sum(widths[:i])) for i in range(len(widths))]
    for left, wide, heading in zip(lefts, widths, headings, strict=True):
        box = (left, y, left + int(wide), y + header)
        for index, part in enumerate(heading):
            canvas.centred(left + wide / 2, y + 2 + index * px(15), part, head_face, style.MUTED, box)
    y += header
    draw.line((MARGIN, y - 2, WIDTH - MARGIN, y - 2), fill=style.OUTLINE, width=2)
    for row, (line, name, row_height) in enumerate(zip(shown, names, rows, strict=True), start=1):
        if row % 2 == 0:
            draw.rectangle((MARGIN, y, WIDTH - MARGIN, y + row_height - 1), fill=style.PANEL)
        colour = LEADER if line.place == 1 else style.MUTED if line.withdrawn else style.TEXT
        row_face = bold if line.place == 1 else face
        canvas.text(
            (MARGIN + PAD, y + PAD), str(line.place), row_face, colour, (MARGIN, y, name_left, y + row_height)
        )
        for index, part in enumerate(name):
            top_of = y + PAD + index * LINE
            canvas.text(
                (name_left, top_of), part, row_face, colour, (name_left, y, figures_left, y + row_height)
            )
        for left, wide, figure in zip(lefts, widths, line.figures, strict=False):
            box = (left, y, left + int(wide), y + row_height)
            canvas.centred(left + wide / 2, y + PAD, figure, row_face, colour, box)
        y += row_height
    if notes:
        y += PAD
        small = style.face(11)
        for part in notes:
            canvas.text((MARGIN, y), part, small, style.MUTED, (MARGIN, y, WIDTH - MARGIN, y + px(15)))
            y += px(15)
    return canvas.image
