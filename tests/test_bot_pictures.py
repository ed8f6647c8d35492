"""The board and the hands as pictures, through the emulated Discord: every public board carries its
picture as the embed's image, and "Show my hand" the player's hand, drawn from what its viewer may see;
``/cardia settings images`` turns them off (an edited board then drops its picture); a picture that
fails to draw leaves the board whole."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

import picture
from engine import view
from tests.emulator import Message
from tests.helpers import pending
from tests.test_bot_e2e import Table, table

pytest_plugins = ["tests.emulator.pytest_plugin", "tests.databases"]
__all__ = ["table"]  # the fixture

PNG = b"\x89PNG\r\n\x1a\n"


def attachments(message: Message) -> list[str]:
    return [a["filename"] for a in message.data.get("attachments") or []]


def image_url(message: Message) -> str | None:
    (embed,) = message.embeds
    return (embed.get("image") or {}).get("url")


def assert_board_picture(board: Message) -> Image.Image:
    assert attachments(board) == ["board.png"]
    assert image_url(board) == "attachment://board.png"
    data = board.files["board.png"]
    assert data.startswith(PNG)
    drawn = Image.open(io.BytesIO(data))
    assert drawn.format == "PNG" and drawn.width == picture.board.WIDTH
    return drawn


@pytest.mark.asyncio
async def test_boards_and_hands_come_with_their_pictures(table: Table) -> None:
    rng = random.Random(77)
    async with table.running():
        _, game_id = await table.start(deck="2112", location="foggy_swamp")
        pictures: list[bytes] = []
        hands = followups = 0
        for _ in range(14):
            board = table.board()
            assert_board_picture(board)
            pictures.append(board.files["board.png"])
            waiting = table.mentioned(board)
            if not waiting:
                break
            user = rng.choice(waiting)
            hand = await table.show_hand(user, board)
            # The hand's picture is the player's own view drawn in their language, byte for byte.
            player = "p1" if user is table.alice else "p2"
            followed = await table.follow(game_id)
            expected = picture.hand_png(view(followed.game, player), player, language="en")
            assert attachments(hand) == ["hand.png"] and image_url(hand) == "attachment://hand.png"
            assert hand.files["hand.png"] == expected
            hands += 1
            await table.choose(user, hand, rng)
            # The hand message, edited after the decision, shows the hand as it is now: as a picture too
            # if there is more to decide on it, else the picture goes (the text says all).
            followed = await table.follow(game_id)
            if followed.game.result is None and pending(followed.game, player) is not None:
                assert attachments(hand) == ["hand.png"]
                drawn = picture.hand_png(view(followed.game, player), player, language="en")
                assert hand.files["hand.png"] == drawn
                followups += 1
            else:
                assert attachments(hand) == [] and image_url(hand) is None
        assert hands >= 10 and followups >= 1
        assert len(set(pictures)) >= 8  # the picture follows the game


@pytest.mark.asyncio
async def test_a_server_may_turn_the_pictures_off(table: Table) -> None:
    rng = random.Random(5)
    async with table.running():
        await table.start(deck="1111")
        board = table.board()
        assert_board_picture(board)
        turned = await table.alice.slash("cardia", "settings", images=False)
        await table.settle()
        assert turned.message is not None and "no: text only" in turned.message.text
        # The first card placed face down edits the board in place: its picture goes with it.
        user = table.mentioned(board)[0]
        hand = await table.show_hand(user, board)
        assert attachments(hand) == [] and image_url(hand) is None
        await table.choose(user, hand, rng)
        assert table.board() is board and board.edited
        assert attachments(board) == [] and image_url(board) is None
        while table.mentioned(table.board()):
            await table.turn(rng)
            assert attachments(table.board()) == [] and image_url(table.board()) is None
            if len(table.boards()) > 3:
                break
        await table.alice.slash("cardia", "settings", images=True)
        await table.settle()
        await table.turn(rng)
        await table.turn(rng)
        assert_board_picture(table.board())


@pytest.mark.asyncio
async def test_a_picture_that_fails_to_draw_leaves_the_board_whole(
    table: Table, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def broken(*args: object, **kwargs: object) -> bytes:
        raise OSError("no room left to draw")

    monkeypatch.setattr(picture, "board_png", broken)
    rng = random.Random(9)
    async with table.running():
        await table.start(deck="2222")
        for _ in range(3):
            board = table.board()
            assert attachments(board) == [] and image_url(board) is None
            assert board.embeds[0]["description"]  # the text board is all there
            await table.turn(rng)
    assert "could not draw a board picture" in caplog.text
