"""The board and hand pictures (picture/): golden pictures compared with a small tolerance, a board that
shows nothing hidden (two games that differ only in hidden cards draw the same bytes), words in the
reader's language, and a font that has every letter the catalogues use."""

from __future__ import annotations

import dataclasses
import io
import random
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from PIL import Image, ImageChops, ImageFont

import picture
import text
from cards import CARDS, FACTIONS, LOCATIONS
from engine import Game, state, view
from engine.player.policies import random_answer
from picture import style, tiles
from tests.golden.pictures import PICTURES, SCENES, ChartScene, Scene
from tests.helpers import new_game, pending, stacked
from tests.words import ENGLISH_WORDS

STRAY = 48  # a pixel differs when a channel is off by more than this
STRAY_SHARE = 0.003  # and at most this share of the pixels may (font rasteriser or zlib versions)


def differences(drawn: bytes, golden: bytes) -> float:
    """The share of pixels that differ visibly between two pictures of the same size."""
    first, second = (Image.open(io.BytesIO(data)).convert("RGB") for data in (drawn, golden))
    assert first.size == second.size, (first.size, second.size)
    diff = ImageChops.difference(first, second).convert("L").point(lambda v: 255 if v > STRAY else 0)
    return diff.histogram()[255] / (first.width * first.height)


@pytest.mark.parametrize("scene", SCENES, ids=[scene.name for scene in SCENES])
def test_golden_pictures(scene: Scene | ChartScene) -> None:
    """Regenerate with ``python -m tests.golden.pictures`` after an intended change, and look at them."""
    golden = (PICTURES / f"{scene.name}.png").read_bytes()
    assert differences(scene.draw(), golden) <= STRAY_SHARE


def test_the_golden_comparison_sees_one_step_of_a_game() -> None:
    """The tolerance is no blindfold: the board one decision earlier is told apart from the golden one."""
    scene = next(s for s in SCENES if s.name == "foggy-swamp-face-down")
    assert isinstance(scene, Scene) and scene.upto is not None
    earlier = Scene(scene.name, scene.game, scene.upto - 1)
    golden = (PICTURES / f"{scene.name}.png").read_bytes()
    assert differences(earlier.draw(), golden) > 10 * STRAY_SHARE


# --- nothing hidden ---------------------------------------------------------------------------------------

P1_TOP = ["judge", "mediator", "inventor", "magistra", "clockmaker"]
P2_TOP = ["surgeon", "saboteur", "treasurer", "ambusher", "djinn"]


def twins(location: str | None, steps: int, seed: int) -> tuple[Game, Game]:
    """Two games with the same public past and different hidden cards: the second player's deck in
    another order below its opening hand, the same random decisions for ``steps`` steps, then the
    first player places another card face down (the second still to play)."""
    p2 = stacked("I", P2_TOP)
    shuffled = [*p2]
    tail = shuffled[8:]
    random.Random(seed).shuffle(tail)
    shuffled[8:] = tail
    games = (new_game(P1_TOP, p2, location=location), new_game(P1_TOP, shuffled, location=location))
    rng = random.Random(seed)
    for _ in range(steps):
        decision = games[0].pending[0]
        choice = random_answer(decision, rng)
        for game in games:
            game.apply(decision.player, choice)
    for game in games:
        assert game.result is None
    asked = pending(games[0], "p1")
    while asked is None or asked.kind != "play":  # the second player's turn: they play the same card
        decision = games[0].pending[0]
        choice = random_answer(decision, rng)
        for game in games:
            game.apply(decision.player, choice)
        asked = pending(games[0], "p1")
    hand = sorted(asked.options)
    assert len(hand) >= 2
    games[0].apply("p1", [hand[0]])
    games[1].apply("p1", [hand[1]])
    return games


@pytest.mark.parametrize(("location", "steps", "seed"), [(None, 0, 1), ("foggy_swamp", 6, 2), (None, 6, 3)])
def test_the_board_of_two_games_that_differ_only_in_hidden_cards_is_the_same_picture(
    location: str | None, steps: int, seed: int
) -> None:
    first, second = twins(location, steps, seed)
    assert state(first) != state(second)  # the games do differ: in what nobody else may see
    boards = [
        picture.board_png(view(game, None), ("Alice", "Bob"), title="T", details="D", language="en")
        for game in (first, second)
    ]
    assert boards[0] == boards[1]
    # Each player's own hand is theirs: the first player's differs, as it should.
    hands = [picture.hand_png(view(game, "p1"), "p1", language="en") for game in (first, second)]
    assert hands[0] != hands[1]


def test_a_picture_is_drawn_only_from_its_viewers_view() -> None:
    game = new_game(P1_TOP, P2_TOP)
    with pytest.raises(ValueError, match="public view"):
        picture.board_png(view(game, "p1"), ("A", "B"), title="T", details="D", language="en")
    with pytest.raises(ValueError, match="own view"):
        picture.hand_png(view(game, None), "p1", language="en")
    with pytest.raises(ValueError, match="own view"):
        picture.hand_png(view(game, "p2"), "p1", language="en")


# --- words ------------------------------------------------------------------------------------------------


@contextmanager
def drawn_words(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    words: list[str] = []
    original = style.Canvas.text

    def recording(self: style.Canvas, xy: tuple[float, float], line: str, *args: object) -> None:
        words.append(line)
        original(self, xy, line, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(style.Canvas, "text", recording)
    for drawn_once in (tiles._blank, tiles._back, tiles._empty):  # what is drawn once, drawn again here
        drawn_once.cache_clear()
    yield words


@pytest.mark.parametrize("language", [language for language in text.LANGUAGES if language != text.SOURCE])
def test_pictures_speak_the_readers_language(language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    scenes = [s for s in SCENES if s.language == language] + [
        Scene(f"{s.name}-{language}", s.game, s.upto, language, s.hand_of)
        if isinstance(s, Scene)
        else dataclasses.replace(s, language=language)
        for s in SCENES
        if s.language == "en"
    ]
    with drawn_words(monkeypatch) as words:
        for scene in scenes:
            scene.draw()
    joined = "\n".join(words)
    assert not ENGLISH_WORDS.findall(joined), ENGLISH_WORDS.findall(joined)[:5]
    with text.speaking(language):
        expected = [text.faction_name(str(f)) for f in FACTIONS] + [text.tr("picture.to_decide")]
    assert all(word in joined for word in expected)


def _missing(face: ImageFont.FreeTypeFont) -> bytes:
    return bytes(face.getmask("\ue000"))  # a private-use character: the font's "no such glyph" box


def test_the_font_has_every_letter_the_pictures_may_write() -> None:
    """Every character of every card, faction, kind and location name, card text and picture phrase,
    in every language, has a glyph in the shipped font (not its empty box)."""
    phrases: list[str] = []
    for language in text.LANGUAGES:
        with text.speaking(language):
            for card in CARDS:
                phrases += [text.card_name(card), text.card_text(card), text.kind_name(card)]
            phrases += [text.faction_name(str(f)) for f in FACTIONS]
            phrases += [text.location_name(place) for place in LOCATIONS]
            phrases += [text.tr(k) for k in ("picture.face_down", "picture.to_decide", "board.no_encounters")]
    phrases += list("☠▲▼◀▶=…×−")
    letters = {ch for phrase in phrases for ch in phrase if not ch.isspace()}
    assert {"ő", "ű", "ł", "ż", "ś", "ą", "ę"} <= letters
    for bold in (False, True):
        face = style.font(16, bold)
        nothing = _missing(face)
        lacking = sorted(ch for ch in letters if bytes(face.getmask(ch)) == nothing)
        assert not lacking, lacking


def test_characters_the_font_lacks_are_left_out_not_drawn_as_boxes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Display names often carry emoji or scripts DejaVu Sans does not have: the picture leaves those
    characters out (the text embed shows the names whole); a name with nothing left is its seat's number."""
    game = new_game(P1_TOP, P2_TOP)
    with drawn_words(monkeypatch) as words:
        fancy = picture.board_png(
            view(game, None), ("Alice 🌸 Ő", "李雷"), title="Alice 🌸 Ő vs 李雷", details="D", language="en"
        )
    assert "Alice Ő" in words and "2" in words
    assert not any(ch in "".join(words) for ch in "🌸李雷")
    plain = picture.board_png(
        view(game, None), ("Alice Ő", "2"), title="Alice Ő vs", details="D", language="en"
    )
    assert fancy == plain
    assert style.drawable("Zsófi ☠ ✓") == "Zsófi ☠ ✓"
