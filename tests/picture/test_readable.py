"""The board, a hand and the standings read on a phone (issue 46): every text they draw is measured (the
drawing calls are recorded), in every language, with every card's name and display names as long as
Discord allows: none smaller than 11 px where the picture is shown 400 px wide, each inside the box the
layout made for it and clear of the others, every name whole, and the board's marks explained in its
legend."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from PIL import Image, ImageDraw, ImageFont

import text
from cards import CARDS
from engine import parse_record, replay, view
from engine.view import CardView, EncounterView, View
from picture import style, tiles
from picture.board import draw_board
from picture.chart import draw_chart
from picture.hand import draw_hand
from picture.standings import Line, draw_standings
from picture.style import Box
from tests.golden.pictures import HERE
from tests.helpers import new_game
from tests.words import ENGLISH_WORDS

Painter = Callable[[ImageDraw.ImageDraw, int, int, int], None]
PHONE = 400  # px: how wide Discord shows an embed's picture on a phone
SMALLEST = 11  # px there
# Display names as long as Discord allows (32 characters), with spaces and without.
LONG_NAMES = ("Grzegorz Brzęczyszczykiewicz-Żak", "Wolfeschlegelsteinhausenbergerdo")
P1_TOP = ["judge", "mediator", "inventor", "magistra", "clockmaker"]
P2_TOP = ["surgeon", "saboteur", "treasurer", "ambusher", "djinn"]


@dataclass(frozen=True, slots=True)
class Drawn:
    text: str
    size: int  # px
    bounds: Box  # the pixels its letters cover
    room: Box | None  # the box the layout made for it
    canvas: style.Canvas  # where (a card drawn once and pasted has its own)
    canvas_size: tuple[int, int]


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[Drawn]:
    """Every text drawn from here on, measured."""
    found: list[Drawn] = []
    original = style.Canvas.text

    def recording(
        self: style.Canvas,
        xy: tuple[float, float],
        line: str,
        face: ImageFont.FreeTypeFont,
        fill: style.Colour,
        room: Box | None = None,
    ) -> None:
        if line:
            mask, left, top = style._mask(line, face)
            x, y = round(xy[0]) + left, round(xy[1]) + top
            bounds = (x, y, x + mask.width, y + mask.height)
            found.append(Drawn(line, int(face.size), bounds, room, self, self.image.size))
        original(self, xy, line, face, fill, room)

    monkeypatch.setattr(style.Canvas, "text", recording)
    canvases: dict[int, style.Canvas] = {}  # the canvas a drawing tool belongs to
    original_init = style.Canvas.__init__

    def init(self: style.Canvas, size: tuple[int, int]) -> None:
        original_init(self, size)
        canvases[id(self.draw)] = self
        found.append(Drawn("", 0, (0, 0, 0, 0), None, self, size))  # keeps it, and its id, alive

    monkeypatch.setattr(style.Canvas, "__init__", init)
    for name in ("signet", "token"):  # the signs drawn beside words: they must not cover them either
        paint = getattr(style, name)

        def icon(
            draw: ImageDraw.ImageDraw, x: int, y: int, size: int, paint: Painter = paint, name: str = name
        ) -> None:
            if id(draw) in canvases:
                canvas = canvases[id(draw)]
                box = (x, y, x + size, y + size)
                found.append(Drawn(f"<{name}>", PHONE, box, box, canvas, canvas.image.size))
            paint(draw, x, y, size)

        monkeypatch.setattr(style, name, icon)
    for drawn_once in (tiles._blank, tiles._back, tiles._empty):  # what is drawn once, drawn again here
        drawn_once.cache_clear()
    return found


# --- the pictures, at their most crowded ------------------------------------------------------------------


def every_card_board(language: str) -> Image.Image:
    """A board whose encounters hold every card (so every card's name in ``language``), with modifiers,
    ongoing tokens, signets and every kind of winner, then a card back and an empty place; the players
    with the longest names, the second to decide."""
    public = view(new_game(P1_TOP, P2_TOP), None)
    ids = sorted(CARDS)
    winners = ("p1", "p2", "tie", "both", None)
    encounters = []
    for index in range(0, len(ids), 2):
        turn = index // 2
        cards = [
            CardView(card, True, CARDS[card].value + (turn % 4) - 1, (turn % 4) - 1, turn % 3, turn % 4)
            for card in ids[index : index + 2]
        ]
        encounters.append(EncounterView(cards[0], cards[1], winners[turn % len(winners)], None))
    encounters.append(EncounterView(CardView(None, False), None, None, None))
    board = dataclasses.replace(public, encounters=tuple(encounters))
    with text.speaking(language):
        title = text.tr("board.title", first=LONG_NAMES[0], second=LONG_NAMES[1], number=3)
        details = "Bazaar ☠☠☠ · " + text.tr("picture.difficulty", name=text.tr("difficulty.impressed"))
        return draw_board(board, LONG_NAMES, title=title, details=details)


def first_board(language: str) -> Image.Image:
    """The board before the first card: no encounter yet, both players to decide."""
    with text.speaking(language):
        return draw_board(view(new_game(P1_TOP, P2_TOP), None), LONG_NAMES, title="Cardia", details="")


def finished_board(language: str) -> Image.Image:
    """A golden game at its end (the result under the board), the players with the longest names."""
    game = replay(parse_record((HERE / "deck1-auction-house.record.json").read_text()), None)
    with text.speaking(language):
        title = text.tr("board.title", first=LONG_NAMES[0], second=LONG_NAMES[1], number=1)
        return draw_board(view(game, None), LONG_NAMES[::-1], title=title, details="Auction House ☠☠")


def every_card_hand(language: str) -> Image.Image:
    """A hand holding every card: every card's name and ability in ``language``."""
    own: View = view(new_game(P1_TOP, P2_TOP), "p1")
    hand = dataclasses.replace(own.players[0], hand=tuple(sorted(CARDS)))
    with text.speaking(language):
        return draw_hand(dataclasses.replace(own, players=(hand, own.players[1])), "p1")


def standings(language: str) -> Image.Image:
    """A Swiss's standings: every tie-break, names as long as Discord allows, one withdrawn."""
    with text.speaking(language):
        columns = [
            text.tr(key)
            for key in (
                "picture.standings_points",
                "picture.standings_buchholz",
                "picture.standings_sb",
                "picture.standings_record",
            )
        ]
        title = text.tr("picture.standings_after", name="Wielki Turniej Wiosenny w Budapeszcie", round=12)
        lines = [
            Line(1, LONG_NAMES[0], ("10.5", "88.5", "64.25", "10–1–1")),
            Line(2, LONG_NAMES[1], ("10", "90", "61.5", "10–0–2"), withdrawn=True),
            Line(3, "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW", ("9", "79", "50", "9–0–3"), withdrawn=True),
            Line(4, "Bob", ("0", "6", "0", "0–0–12")),
        ]
        return draw_standings(title, columns, lines)


PICTURES: dict[str, Callable[[str], Image.Image]] = {
    "board": every_card_board,
    "first-board": first_board,
    "finished-board": finished_board,
    "hand": every_card_hand,
    "standings": standings,
}
CASES = [(name, language) for name in PICTURES for language in text.LANGUAGES]


def drawing(name: str, language: str, found: list[Drawn]) -> tuple[Image.Image, list[Drawn]]:
    image = PICTURES[name](language)
    texts = [t for t in found if t.text]
    assert texts, "nothing drawn was recorded"
    return image, texts


# --- the tests ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "language"), CASES)
def test_no_text_is_under_11_px_where_a_phone_shows_the_picture(
    name: str, language: str, drawn: list[Drawn]
) -> None:
    image, texts = drawing(name, language, drawn)
    small = [(t.text, t.size) for t in texts if t.size * PHONE / image.width < SMALLEST]
    assert not small, (image.width, small[:5])


@pytest.mark.parametrize(("name", "language"), CASES)
def test_every_text_stays_in_its_box_and_clear_of_the_others(
    name: str, language: str, drawn: list[Drawn]
) -> None:
    _, texts = drawing(name, language, drawn)
    for t in texts:
        assert t.room is not None, f"{t.text!r} was drawn with no box"
        left, top, right, bottom = t.room
        assert left >= 0 and top >= 0 and right <= t.canvas_size[0] and bottom <= t.canvas_size[1], t
        # A letter's side bearing (J's hook) may reach a tenth of its size past where its text starts.
        bearing = max(1, t.size // 10)
        assert left - bearing <= t.bounds[0] and top <= t.bounds[1], t
        assert t.bounds[2] <= right + bearing and t.bounds[3] <= bottom, t
    for index, first in enumerate(texts):
        for second in texts[index + 1 :]:
            if first.canvas is second.canvas:
                assert not _overlap(first.bounds, second.bounds), (first, second)


def _overlap(first: Box, second: Box) -> bool:
    return first[0] < second[2] and second[0] < first[2] and first[1] < second[3] and second[1] < first[3]


def _joined(texts: list[Drawn]) -> str:
    """What was written, the lines run together (a word broken over two lines made whole)."""
    return "".join(t.text for t in texts if t.room != t.bounds).replace(" ", "").replace("-", "")


@pytest.mark.parametrize(("name", "language"), CASES)
def test_every_name_is_whole(name: str, language: str, drawn: list[Drawn]) -> None:
    """Card and player names are wrapped, never cut: nothing ends in "…" (the empty place is "…")."""
    _, texts = drawing(name, language, drawn)
    assert not [t.text for t in texts if "…" in t.text and t.text != "…"]
    written = _joined(texts)
    names = list(LONG_NAMES) if name != "hand" else []
    with text.speaking(language):
        if name in ("board", "hand"):
            names += [text.card_name(card) for card in CARDS]
        if name == "hand":
            names += [text.card_text(card) for card in CARDS]
    missing = [n for n in names if n.replace(" ", "").replace("-", "") not in written]
    assert not missing, missing[:3]


@pytest.mark.parametrize("language", text.LANGUAGES)
def test_the_board_explains_its_marks_in_its_language(language: str, drawn: list[Drawn]) -> None:
    every_card_board(language)
    written = [t.text for t in drawn]
    with text.speaking(language):
        words = [text.tr(f"picture.legend_{key}") for key in ("winner", "tie", "signet", "ongoing", "skull")]
    assert all(word in written for word in words), words
    for mark in ("◀", "▶", "=", "☠"):  # each mark the board draws is in the legend
        assert any(mark in t for t in written)
    if language != "en":
        assert not ENGLISH_WORDS.findall("\n".join(words))


@pytest.mark.parametrize("language", text.LANGUAGES)
def test_the_standings_say_what_their_tie_breaks_are(language: str, drawn: list[Drawn]) -> None:
    standings(language)
    written = [t.text for t in drawn]
    with text.speaking(language):
        buchholz, sb = text.tr("picture.standings_buchholz"), text.tr("picture.standings_sb")
        notes = " ".join(
            text.tr(f"picture.standings_{key}_note", heading=text.tr(f"picture.standings_{key}"))
            for key in ("buchholz", "sb", "record")
        ).split()
    words = " ".join(written).split()
    assert all(word in words for word in f"{buchholz} {sb}".split()) and "S-B" not in words
    assert " ".join(written).split()[-len(notes) :] == notes  # under the table, whole
    if language != "en":
        assert not ENGLISH_WORDS.findall(" ".join(notes))


def chart(language: str) -> Image.Image:
    """A review's chart with the most labels: a game of twelve rounds, three turning points."""
    from tests.golden.pictures import LOST

    rounds = tuple(range(1, 13))
    chances = dataclasses.replace(
        LOST,
        rounds=rounds,
        best=(*LOST.best, 0.05),
        chosen=(*LOST.chosen, 0.05),
    )
    with text.speaking(language):
        return draw_chart(chances)


@pytest.mark.parametrize("language", text.LANGUAGES)
def test_the_charts_labels_are_11_px_on_a_phone_and_clear_of_each_other(
    language: str, drawn: list[Drawn]
) -> None:
    image = chart(language)
    texts = [t for t in drawn if t.text]
    assert texts
    small = [(t.text, t.size) for t in texts if t.size * PHONE / image.width < SMALLEST]
    assert not small, (image.width, small[:5])
    for t in texts:
        assert (
            t.bounds[0] >= 0
            and t.bounds[2] <= image.width
            and t.bounds[1] >= 0
            and t.bounds[3] <= image.height
        ), t
    for index, first in enumerate(texts):
        for second in texts[index + 1 :]:
            assert not _overlap(first.bounds, second.bounds), (first.text, second.text)
    with text.speaking(language):
        key = [text.tr(f"picture.chart_{name}") for name in ("best", "chosen", "turning")]
    assert all(words in [t.text for t in texts] for words in key)
