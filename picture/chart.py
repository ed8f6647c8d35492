"""A review's chart: a player's chance of winning at each of their decisions, then the end of the game;
rounds marked apart, turning points numbered as the review's words number them. Wide lines and large
figures, so it reads where Discord shows it 400 px wide on a phone."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

import text
from picture import style
from picture.style import Canvas

WIDTH, HEIGHT = 720, 400
LEFT, RIGHT, TOP, BOTTOM = 76, 24, 58, 56  # the plot's margins: y figures left, round labels below
LINE = style.WINNER
TURNING = style.FACTION_COLOUR["guild"]


def draw_chart(chances: Sequence[float], rounds: Sequence[int], turning_points: Sequence[int]) -> Image.Image:
    """``chances``: at each decision, then at the end (1, 0.5 or 0); ``rounds``: each decision's round;
    ``turning_points``: decision indexes, the costliest first (drawn numbered 1, 2, 3)."""
    canvas = Canvas((WIDTH, HEIGHT))
    draw = canvas.draw
    title_face, figure_face, small_face = style.font(22, True), style.font(17), style.font(15)
    canvas.text(
        (LEFT - 56, 16),
        style.fit(text.tr("picture.chart_title"), title_face, WIDTH - 40),
        title_face,
        style.TEXT,
    )
    plot_left, plot_right, plot_top, plot_bottom = LEFT, WIDTH - RIGHT, TOP, HEIGHT - BOTTOM
    points = len(chances)

    def x_of(index: int) -> float:
        return plot_left + (plot_right - plot_left) * (index / max(1, points - 1))

    def y_of(chance: float) -> float:
        return plot_bottom - (plot_bottom - plot_top) * chance

    for percent in (0, 25, 50, 75, 100):
        y = y_of(percent / 100)
        colour = style.MUTED if percent == 50 else style.OUTLINE
        draw.line((plot_left, y, plot_right, y), fill=colour, width=2 if percent == 50 else 1)
        label = text.tr("review.percent", n=percent)
        canvas.text(
            (plot_left - 12 - style.width(label, figure_face), y - 10), label, figure_face, style.MUTED
        )
    labelled_until = -1.0
    for index, round_ in enumerate(rounds):
        if index and round_ == rounds[index - 1]:
            continue
        x = x_of(index) - (x_of(1) - x_of(0)) / 2 if index else x_of(0)
        if index:
            for y in range(plot_top, plot_bottom, 10):  # a dashed line between two rounds
                draw.line((x, y, x, min(y + 5, plot_bottom)), fill=style.OUTLINE, width=1)
        label = text.tr("picture.chart_round", n=round_)
        left = x + 4 if index else x
        if left > labelled_until and left + style.width(label, small_face) < plot_right:
            canvas.text((left, plot_bottom + 8), label, small_face, style.MUTED)
            labelled_until = left + style.width(label, small_face) + 6
    end = text.tr("picture.chart_end")
    canvas.text((plot_right - style.width(end, small_face), plot_bottom + 30), end, small_face, style.MUTED)
    line = [(x_of(index), y_of(chance)) for index, chance in enumerate(chances)]
    if len(line) > 1:
        draw.line(line, fill=LINE, width=4, joint="curve")
    for x, y in line:
        draw.ellipse((x - 5, y - 5, x + 5, y + 5), fill=LINE)
    number_face = style.font(16, True)
    for number, index in enumerate(turning_points[:3], start=1):
        x, y = line[index]
        draw.ellipse((x - 14, y - 14, x + 14, y + 14), fill=TURNING, outline=style.TEXT, width=2)
        canvas.centred(x, y - 10, str(number), number_face, (255, 255, 255))
    return canvas.image
