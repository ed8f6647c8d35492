"""The public board as a picture: the match and location on top, the two players side by side (name,
signets, cards in hand, deck and discard), then the encounters in order, one to a line: the first
player's card on the left, the second's on the right, the winner framed in gold and pointed at (◀ ▶, =
a tie), and a legend of the marks at the foot.

Laid out in points (400 to the width, :mod:`picture.style`): nothing is smaller than 11 points, so every
word reads where a phone shows the picture 400 px wide; names are wrapped, whole, never cut.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image

import text
from cards import LOCATIONS
from engine.view import EncounterView, View
from picture import style, tiles
from picture.style import Box, Canvas, px

WIDTH = px(style.POINTS)
MARGIN = px(6)
MIDDLE = px(28)  # between the two cards of an encounter: its number and its winner
CARD_W = (WIDTH - 2 * MARGIN - MIDDLE) // 2
ROW_GAP = px(6)
PAD = px(6)
BADGE = px(16)
MARKS = {"p1": "◀", "p2": "▶", "tie": "=", "both": "◀ ▶"}


@dataclass(frozen=True, slots=True)
class _Band:
    """One player's band, laid out: their name's lines, whether the game waits for them, their zones."""

    name: list[str]
    waiting: bool
    stats: list[str]
    signets: int
    winner: bool

    def height(self) -> int:
        tag = px(17) if self.waiting else 0
        return PAD + max(BADGE, len(self.name) * px(17)) + tag + len(self.stats) * px(14) + PAD


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
    room = WIDTH - 2 * MARGIN
    heading, small = style.face(14, True), style.face(11)
    titles = style.wrap(style.drawable(title), heading, room, hyphen="")
    details_lines = style.wrap(details, small, room)
    bands = [_layout_band(view, player, name) for player, name in zip(("p1", "p2"), names, strict=True)]
    band_height = max(band.height() for band in bands)
    outcome = (
        style.wrap(
            text.tr("picture.result", result=_result(view, names)), style.face(13, True), room, hyphen=""
        )
        if view.result is not None
        else []
    )
    legend = _legend(room, with_skulls="☠" in details)
    rows = [_row_height(encounter) for encounter in view.encounters] or [tiles.ROW_CARD_HEIGHT]
    height = (
        PAD
        + len(titles) * px(18)
        + len(details_lines) * px(14)
        + PAD
        + band_height
        + PAD
        + sum(row + ROW_GAP for row in rows)
        + (len(outcome) * px(17) + PAD if outcome else 0)
        + len(legend) * px(15)
        + PAD
    )
    canvas = Canvas((WIDTH, height))
    y = PAD
    for line in titles:
        canvas.text((MARGIN, y), line, heading, style.TEXT, (MARGIN, y, WIDTH - MARGIN, y + px(18)))
        y += px(18)
    for line in details_lines:
        canvas.text((MARGIN, y), line, small, style.MUTED, (MARGIN, y, WIDTH - MARGIN, y + px(14)))
        y += px(14)
    y += PAD
    half = (WIDTH - 2 * MARGIN - px(4)) // 2
    _band(canvas, bands[0], "p1", (MARGIN, y, MARGIN + half, y + band_height))
    _band(canvas, bands[1], "p2", (WIDTH - MARGIN - half, y, WIDTH - MARGIN, y + band_height))
    y += band_height + PAD
    if not view.encounters:
        face = style.face(12)
        box = (MARGIN, y, WIDTH - MARGIN, y + rows[0])
        for index, line in enumerate(style.wrap(text.tr("board.no_encounters"), face, room)):
            canvas.centred(WIDTH / 2, y + PAD + index * px(15), line, face, style.MUTED, box)
    for number, (encounter, row) in enumerate(zip(view.encounters, rows, strict=False), start=1):
        _encounter(canvas, encounter, number, y, row)
        y += row + ROW_GAP
    if not view.encounters:
        y += rows[0] + ROW_GAP
    face = style.face(13, True)
    for line in outcome:
        canvas.centred(WIDTH / 2, y, line, face, style.WINNER, (MARGIN, y, WIDTH - MARGIN, y + px(17)))
        y += px(17)
    if outcome:
        y += PAD
    for items in legend:
        _legend_line(canvas, items, y)
        y += px(15)
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


# --- the players --------------------------------------------------------------------------------------

SIGNETS_W = px(34)  # a band's signets: the ring and the count, at its top right


def _layout_band(view: View, player: str, name: str) -> _Band:
    zones = view.player(player)
    width = (WIDTH - 2 * MARGIN - px(4)) // 2
    name_room = width - PAD - BADGE - px(5) - SIGNETS_W - PAD
    stats = text.tr("picture.stats", hand=zones.hand_size, deck=zones.deck_size, discard=len(zones.discard))
    return _Band(
        name=style.wrap(name, style.face(13, True), name_room, hyphen=""),
        waiting=view.result is None and view.waiting_for(player) is not None,
        stats=style.wrap(stats, style.face(11), width - 2 * PAD),
        signets=view.signets[0 if player == "p1" else 1],
        winner=view.result is not None and view.result.winner == player,
    )


def _badge(canvas: Canvas, player: str, x: int, y: int) -> None:
    """The player's number in a disc: it marks their band."""
    fill, ink = (style.TEXT, style.INK) if player == "p1" else (style.INK, style.TEXT)
    canvas.draw.ellipse((x, y, x + BADGE, y + BADGE), fill=fill, outline=style.OUTLINE, width=2)
    face = style.face(11, True)
    box = (x, y, x + BADGE, y + BADGE)
    canvas.centred(x + BADGE / 2, y + (BADGE - face.size) / 2 - 1, player[1], face, ink, box)


def _band(canvas: Canvas, band: _Band, player: str, box: Box) -> None:
    left, top, right, _bottom = box
    canvas.draw.rounded_rectangle(
        box, px(6), fill=style.PANEL, outline=style.WINNER if band.winner else None, width=3
    )
    _badge(canvas, player, left + PAD, top + PAD)
    number = style.face(16, True)
    count = str(band.signets)
    x = right - PAD - int(style.width(count, number))
    canvas.text((x, top + PAD - 1), count, number, style.TEXT, box)
    ring = px(12)
    style.signet(canvas.draw, x - ring - px(3), top + PAD + px(4), ring)
    face = style.face(13, True)
    x, y = left + PAD + BADGE + px(5), top + PAD
    for line in band.name:
        canvas.text((x, y), line, face, style.TEXT, (x, y, right - PAD - SIGNETS_W, y + px(17)))
        y += px(17)
    y = max(y, top + PAD + BADGE)
    if band.waiting:
        label = text.tr("picture.to_decide")
        tag = style.face(11, True)
        shown = style.fit(label, tag, right - left - 2 * PAD - px(8))
        end = left + PAD + int(style.width(shown, tag)) + px(8)
        canvas.draw.rounded_rectangle((left + PAD, y + 1, end, y + px(15)), px(5), fill=style.WINNER)
        canvas.text(
            (left + PAD + px(4), y + px(1.5)), shown, tag, style.INK, (left + PAD, y, end, y + px(16))
        )
        y += px(17)
    small = style.face(11)
    for line in band.stats:
        canvas.text((left + PAD, y), line, small, style.MUTED, (left + PAD, y, right - PAD, y + px(14)))
        y += px(14)


# --- the encounters -----------------------------------------------------------------------------------


def _row_height(encounter: EncounterView) -> int:
    return max(tiles.row_height(encounter.p1, CARD_W), tiles.row_height(encounter.p2, CARD_W))


def _encounter(canvas: Canvas, encounter: EncounterView, number: int, y: int, height: int) -> None:
    """One encounter: the first player's card, its number and winner, the second player's card."""
    left = MARGIN
    right = WIDTH - MARGIN - CARD_W
    tiles.row_card(
        canvas, (left, y, left + CARD_W, y + height), encounter.p1, encounter.winner in ("p1", "both")
    )
    tiles.row_card(
        canvas, (right, y, right + CARD_W, y + height), encounter.p2, encounter.winner in ("p2", "both")
    )
    mark = MARKS.get(encounter.winner or "", "")
    middle: Box = (left + CARD_W + FRAME_ROOM, y, right - FRAME_ROOM, y + height)
    face = style.face(12, True)
    centre = WIDTH / 2
    top = y + (height - 2 * px(15)) / 2 if mark else y + (height - px(15)) / 2
    canvas.centred(centre, top, str(number), face, style.WINNER if mark else style.MUTED, middle)
    if mark:
        canvas.centred(centre, top + px(15), mark, style.face(11, True), style.WINNER, middle)


FRAME_ROOM = tiles.FRAME  # the winner's frame sits just outside its card


# --- the legend ---------------------------------------------------------------------------------------

ICONS = {"signet": style.signet, "token": style.token}  # drawn signs; any other sign is written
ICON = px(10)
SIGN_GAP = px(4)  # between a sign and its words


def _legend(room: int, with_skulls: bool) -> list[list[tuple[str, str]]]:
    """The marks the board draws and what they mean, (sign, words), in lines that fit ``room``."""
    items = [
        ("◀ ▶", text.tr("picture.legend_winner")),
        ("=", text.tr("picture.legend_tie")),
        ("signet", text.tr("picture.legend_signet")),
        ("token", text.tr("picture.legend_ongoing")),
    ]
    if with_skulls:
        items.append(("☠", text.tr("picture.legend_skull")))
    lines: list[list[tuple[str, str]]] = [[]]
    used = 0
    for item in items:
        wide = _sign_width(item[0]) + SIGN_GAP + int(style.width(item[1], style.face(11)))
        if lines[-1] and used + px(10) + wide > room:
            lines.append([])
            used = 0
        used += (px(10) if lines[-1] else 0) + wide
        lines[-1].append(item)
    return lines


def _sign_width(sign: str) -> int:
    return ICON if sign in ICONS else int(style.width(sign, style.face(11, True)))


def _legend_line(canvas: Canvas, line: list[tuple[str, str]], y: int) -> None:
    face, bold = style.face(11), style.face(11, True)
    x = MARGIN
    for sign, words in line:
        wide = _sign_width(sign)
        if sign in ICONS:
            ICONS[sign](canvas.draw, x, y + px(3), ICON)
        else:
            colour = style.MUTED if sign == "☠" else style.WINNER
            canvas.text((x, y), sign, bold, colour, (x, y, x + wide, y + px(15)))
        x += wide + SIGN_GAP
        shown = style.fit(words, face, WIDTH - MARGIN - x)
        canvas.text((x, y), shown, face, style.MUTED, (x, y, WIDTH - MARGIN, y + px(15)))
        x += int(style.width(shown, face)) + px(10)
