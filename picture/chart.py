"""A review's chart: what happened to a player's chance of winning through the game.

At each of their decisions the line stands at their chance with the best answer and drops to their chance
with the answer they chose (a turning point's drop drawn in red and numbered as the review's words number
it); between two decisions it follows what happened (the opponent's cards, the draws); a finished game's
line ends at its outcome (100 %, 50 % or 0 %), an unfinished one at the last decision. Laid out in points
of the width Discord shows it at on a phone (:data:`picture.style.POINTS`), so no label is under
:data:`picture.style.SMALLEST` px there.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PIL import Image, ImageFont

import text
from engine.review import Review
from picture import style
from picture.style import Canvas, face, px

WIDTH, HEIGHT = style.POINTS, 250  # points
LEFT, RIGHT, TOP, BOTTOM = (
    44,
    14,
    52,
    40,
)  # the plot's margins: y figures left, title and key above, rounds below
KEY_LINE = 16  # points: a line of the key
LINE = style.WINNER
TURNING = style.FACTION_COLOUR["guild"]


@dataclass(frozen=True, slots=True)
class Chances:
    """What the chart draws: at each decision its round, the chance with the best answer and with the
    one chosen; the turning points (indexes, the costliest first); the outcome (None: not over)."""

    rounds: tuple[int, ...]
    best: tuple[float, ...]
    chosen: tuple[float, ...]
    turning_points: tuple[int, ...]
    outcome: float | None

    @classmethod
    def of(cls, review: Review) -> Chances:
        decisions = review.decisions
        return cls(
            tuple(d.round for d in decisions),
            tuple(d.before for d in decisions),
            tuple(d.after for d in decisions),
            review.turning_points,
            review.outcome,
        )

    def check(self) -> None:
        """Raises ValueError unless there is a decision, each with its round and two chances in [0, 1]."""
        count = len(self.rounds)
        chances = (*self.best, *self.chosen, *(() if self.outcome is None else (self.outcome,)))
        if not count or len(self.best) != count or len(self.chosen) != count:
            raise ValueError("a round and two chances for each decision, and at least one decision")
        if not all(0 <= chance <= 1 for chance in chances):
            raise ValueError("chances are in [0, 1]")
        if not all(0 <= index < count for index in self.turning_points):
            raise ValueError("a turning point is a decision's index")


def draw_chart(chances: Chances) -> Image.Image:
    title_face, figure_face, small_face, number_face = face(14, True), face(12), face(11), face(11, True)
    extra = (key_lines(small_face) - 1) * KEY_LINE  # points: a key of more lines pushes the plot down
    canvas = Canvas((px(WIDTH), px(HEIGHT + extra)))
    draw = canvas.draw
    left, right, top, bottom = px(LEFT), px(WIDTH - RIGHT), px(TOP + extra), px(HEIGHT + extra - BOTTOM)
    canvas.text(
        (px(10), px(8)),
        style.fit(text.tr("picture.chart_title"), title_face, px(WIDTH - 20)),
        title_face,
        style.TEXT,
    )
    _key(canvas, px(10), px(30), small_face)
    count = len(chances.rounds)
    points = count + (chances.outcome is not None)  # the end is a point of its own

    def x_of(index: float) -> float:
        return left + (right - left) * (index / max(1, points - 1)) if points > 1 else (left + right) / 2

    def y_of(chance: float) -> float:
        return bottom - (bottom - top) * chance

    for percent in (0, 50, 100):
        y = y_of(percent / 100)
        draw.line((left, y, right, y), fill=style.MUTED if percent == 50 else style.OUTLINE, width=px(1))
        label = text.tr("review.percent", n=percent)
        canvas.text(
            (left - px(6) - style.width(label, figure_face), y - px(7)), label, figure_face, style.MUTED
        )
    _rounds(canvas, chances.rounds, x_of, top, bottom, right, small_face)
    if chances.outcome is not None:
        end = text.tr("picture.chart_end")
        canvas.text((right - style.width(end, small_face), bottom + px(20)), end, small_face, style.MUTED)
    turning = set(chances.turning_points)
    path: list[tuple[float, float]] = []
    for index in range(count):
        x = x_of(index)
        top_y, low_y = y_of(chances.best[index]), y_of(chances.chosen[index])
        if path:
            draw.line((*path[-1], x, top_y), fill=LINE, width=px(2.5))
        if index in turning:
            draw.line((x, top_y, x, low_y), fill=TURNING, width=px(3))
        path.append((x, low_y))
    if chances.outcome is not None:
        draw.line((*path[-1], x_of(count), y_of(chances.outcome)), fill=LINE, width=px(2.5))
    dot = px(3)
    for index in range(count):
        x, y = x_of(index), y_of(chances.best[index])
        if chances.best[index] != chances.chosen[index]:
            draw.ellipse(
                (x - dot, y - dot, x + dot, y + dot), outline=LINE, width=px(1.5), fill=style.BACKGROUND
            )
        y = y_of(chances.chosen[index])
        draw.ellipse((x - dot, y - dot, x + dot, y + dot), fill=LINE)
    if chances.outcome is not None:
        x, y = x_of(count), y_of(chances.outcome)
        draw.ellipse((x - dot, y - dot, x + dot, y + dot), fill=style.TEXT)
    badge = px(9)
    for number, index in enumerate(chances.turning_points[:3], start=1):
        x, y = x_of(index), y_of(chances.chosen[index])
        draw.ellipse(
            (x - badge, y - badge, x + badge, y + badge), fill=TURNING, outline=style.TEXT, width=px(1)
        )
        canvas.centred(x, y - px(7), str(number), number_face, (255, 255, 255))
    return canvas.image


def _key(canvas: Canvas, x: float, y: float, small_face: ImageFont.FreeTypeFont) -> None:
    """What the marks mean: the best answer's chance (a ring), the chosen one's (a dot), a turning point
    (a red drop); a mark and its words go on the next line when the line is full."""
    draw, dot = canvas.draw, px(3)
    start, room = x, px(WIDTH - 10)
    for words, mark in (
        (text.tr("picture.chart_best"), "ring"),
        (text.tr("picture.chart_chosen"), "dot"),
        (text.tr("picture.chart_turning"), "drop"),
    ):
        needed = 2 * dot + px(4) + style.width(words, small_face)
        if x > start and x + needed > room:
            x, y = start, y + px(KEY_LINE)
        middle = y + px(7)
        if mark == "ring":
            draw.ellipse((x, middle - dot, x + 2 * dot, middle + dot), outline=LINE, width=px(1.5))
        elif mark == "dot":
            draw.ellipse((x, middle - dot, x + 2 * dot, middle + dot), fill=LINE)
        else:
            draw.line((x + dot, middle - px(6), x + dot, middle + px(6)), fill=TURNING, width=px(3))
        canvas.text((x + 2 * dot + px(4), y), words, small_face, style.MUTED)
        x += needed + px(12)


def key_lines(small_face: ImageFont.FreeTypeFont) -> int:
    """How many lines the key takes in the current language."""
    x, lines, dot = 0.0, 1, px(3)
    for key in ("picture.chart_best", "picture.chart_chosen", "picture.chart_turning"):
        needed = 2 * dot + px(4) + style.width(text.tr(key), small_face)
        if x and px(10) + x + needed > px(WIDTH - 10):
            x, lines = 0.0, lines + 1
        x += needed + px(12)
    return lines


def _rounds(
    canvas: Canvas,
    rounds: Sequence[int],
    x_of: Callable[[float], float],
    top: float,
    bottom: float,
    right: float,
    small_face: ImageFont.FreeTypeFont,
) -> None:
    """Each round's label under its first decision (those with no room left out), rounds parted by a
    dashed line."""
    draw = canvas.draw
    labelled_until = -1.0
    step = x_of(1) - x_of(0)
    for index, round_ in enumerate(rounds):
        if index and round_ == rounds[index - 1]:
            continue
        x = x_of(index) - step / 2 if index else x_of(0)
        if index:
            for y in range(int(top), int(bottom), px(7)):
                draw.line((x, y, x, min(y + px(3), bottom)), fill=style.OUTLINE, width=1)
        label = text.tr("picture.chart_round", n=round_)
        left = x + px(3) if index else x
        if left > labelled_until and left + style.width(label, small_face) < right:
            canvas.text((left, bottom + px(5)), label, small_face, style.MUTED)
            labelled_until = left + style.width(label, small_face) + px(4)
