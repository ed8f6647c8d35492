"""The public board as a picture: the match and location on top, one band per player (name, signets,
cards in hand, deck and discard), and the row of encounters between them, six to a line: the first
player's cards above, the second's below, each encounter's winner framed in gold and marked ▲ or ▼.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

import text
from cards import LOCATIONS
from engine.view import EncounterView, View
from picture import style, tiles
from picture.style import Box, Canvas

# Discord shows an embed's picture about 400 px wide on a phone, 520 on a desktop: drawn 660 px wide,
# the values, colours, shapes and winners read at a glance there (the text embed has every word).
COLUMNS = 6  # encounters per line: the picture keeps one width
MARGIN, LABEL = 12, 34
TILE_W, TILE_H, GAP = 92, 122, 10
STRIP = 24  # between a line's two rows: the encounters' numbers and winners
HEADER, BAND, LINE_GAP = 52, 50, 14
WIDTH = 2 * MARGIN + LABEL + COLUMNS * TILE_W + (COLUMNS - 1) * GAP
MARKS = {"p1": "▲", "p2": "▼", "tie": "=", "both": "▲▼"}


def draw_board(
    view: View,
    names: Sequence[str],
    *,
    title: str,
    details: str,
) -> Image.Image:
    """The board of the public ``view`` (``engine.view(game, None)``) in the current language:
    ``names`` are the two players' display names, ``title`` and ``details`` the header's two lines."""
    names = [style.drawable(name) or f"{index + 1}" for index, name in enumerate(names)]
    title = style.drawable(title)
    lines = max(1, -(-len(view.encounters) // COLUMNS))
    row_height = 2 * TILE_H + STRIP + LINE_GAP
    finished = view.result is not None
    height = HEADER + 2 * BAND + 2 * 8 + lines * row_height + (36 if finished else 0) + MARGIN
    canvas = Canvas((WIDTH, height))
    heading, small = style.font(17, True), style.font(13)
    canvas.text((MARGIN, 9), style.fit(title, heading, WIDTH - 2 * MARGIN), heading, style.TEXT)
    canvas.text((MARGIN, 31), style.fit(details, small, WIDTH - 2 * MARGIN), small, style.MUTED)
    y = HEADER
    _band(canvas, view, "p1", names[0], y)
    y += BAND + 8 + LINE_GAP // 2
    for line in range(lines):
        _line(canvas, view.encounters[line * COLUMNS : (line + 1) * COLUMNS], line * COLUMNS, y)
        y += row_height
    y += 8 - LINE_GAP // 2
    _band(canvas, view, "p2", names[1], y)
    if view.result is not None:
        outcome = text.tr("picture.result", result=_result(view, names))
        face = style.font(15, True)
        canvas.centred(
            WIDTH / 2, y + BAND + 10, style.fit(outcome, face, WIDTH - 2 * MARGIN), face, style.WINNER
        )
    return canvas.image


def details_line(location: str | None, difficulty: str, score: str | None) -> str:
    """The header's second line: the location with its skulls, the difficulty, the match score."""
    parts = []
    if location is not None and location in LOCATIONS:
        skulls = "☠" * LOCATIONS[location].skulls
        parts.append(text.tr("picture.location", name=text.location_name(location), skulls=skulls))
    parts.append(text.tr("picture.difficulty", name=difficulty))
    if score:
        parts.append(score)
    return " · ".join(parts)


def _result(view: View, names: Sequence[str]) -> str:
    assert view.result is not None
    signets = {"p1": view.signets[0], "p2": view.signets[1]}
    return text.result_text(view.result, {"p1": names[0], "p2": names[1]}, signets).replace("**", "")


def _badge(canvas: Canvas, player: str, x: int, y: int) -> None:
    """The player's number in a disc: it marks their band and their row of cards."""
    fill, ink = (style.TEXT, style.INK) if player == "p1" else (style.INK, style.TEXT)
    canvas.draw.ellipse((x, y, x + 24, y + 24), fill=fill, outline=style.OUTLINE, width=2)
    canvas.centred(x + 12, y + 4, player[1], style.font(14, True), ink)


def _band(canvas: Canvas, view: View, player: str, name: str, y: int) -> None:
    zones = view.player(player)
    winner = view.result is not None and view.result.winner == player
    box: Box = (MARGIN, y, WIDTH - MARGIN, y + BAND)
    canvas.draw.rounded_rectangle(
        box, 10, fill=style.PANEL, outline=style.WINNER if winner else None, width=3
    )
    _badge(canvas, player, MARGIN + 7, y + 13)
    signets = view.signets[0 if player == "p1" else 1]
    number = style.font(22, True)
    count = str(signets)
    right = WIDTH - MARGIN - 12 - int(style.width(count, number))
    canvas.text((right, y + 12), count, number, style.TEXT)
    style.signet(canvas.draw, right - 26, y + 19, 18)
    face = style.font(17, True)
    left = MARGIN + 40
    room = right - 34 - left
    waiting = view.result is None and view.waiting_for(player) is not None
    label = text.tr("picture.to_decide") if waiting else ""
    small = style.font(11, True)
    if label:
        room -= int(style.width(label, small)) + 14
    shown = style.fit(name, face, room)
    canvas.text((left, y + 6), shown, face, style.TEXT)
    if label:
        x = left + int(style.width(shown, face)) + 10
        canvas.draw.rounded_rectangle(
            (x, y + 8, x + int(style.width(label, small)) + 10, y + 25), 7, fill=style.WINNER
        )
        canvas.text((x + 5, y + 10), label, small, style.INK)
    stats = text.tr("picture.stats", hand=zones.hand_size, deck=zones.deck_size, discard=len(zones.discard))
    canvas.text((left, y + 29), style.fit(stats, style.font(12), room), style.font(12), style.MUTED)


def _line(canvas: Canvas, encounters: Sequence[EncounterView], first: int, y: int) -> None:
    """One line of the row: up to six encounters, numbered from ``first`` + 1."""
    _badge(canvas, "p1", MARGIN + 3, y + TILE_H // 2 - 12)
    _badge(canvas, "p2", MARGIN + 3, y + TILE_H + STRIP + TILE_H // 2 - 12)
    if not encounters:
        canvas.centred(WIDTH / 2, y + TILE_H + 2, text.tr("board.no_encounters"), style.font(14), style.MUTED)
        return
    for column, encounter in enumerate(encounters):
        left = MARGIN + LABEL + column * (TILE_W + GAP)
        tiles.row_card(
            canvas, (left, y, left + TILE_W, y + TILE_H), encounter.p1, encounter.winner in ("p1", "both")
        )
        low = y + TILE_H + STRIP
        tiles.row_card(
            canvas, (left, low, left + TILE_W, low + TILE_H), encounter.p2, encounter.winner in ("p2", "both")
        )
        mark = MARKS.get(encounter.winner or "", "")
        label = f"{first + column + 1} {mark}".strip()
        canvas.centred(
            left + TILE_W / 2,
            y + TILE_H + 5,
            label,
            style.font(14, True),
            style.WINNER if mark else style.MUTED,
        )
