"""The board and the hands as pictures, through the emulated Discord: every public board carries its
picture as the embed's image, and "Show my hand" the player's hand, drawn from what its viewer may see;
``/cardia settings images`` turns them off (an edited board then drops its picture); a picture that
fails to draw leaves the board whole."""

from __future__ import annotations

import asyncio
import io
import logging
import random
import threading
import time
from collections.abc import Callable, Coroutine
from typing import Any

import pytest
import uvloop
from PIL import Image

import picture
import text
from bot.services.pictures import MOST_WAITING, Pictures
from bot.ui import late_pictures
from emulator import Message
from engine import view
from tests.bot.table import Table
from tests.helpers import new_game, pending, until

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
            # for a choice among its cards, else the picture goes (the text says enough).
            followed = await table.follow(game_id)
            decision = pending(followed.game, player) if followed.game.result is None else None
            if decision is not None and decision.kind in text.HAND_KINDS:
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


def fails_first(monkeypatch: pytest.MonkeyPatch, later: float) -> list[int]:
    """The first board picture fails to draw, the others are drawn; a board sent without its picture
    tries again ``later`` seconds on. Returns the count of drawings, kept up to date."""
    drawn, calls = picture.board_png, [0]

    def drawing(*args: Any, **kwargs: Any) -> bytes:
        calls[0] += 1
        if calls[0] == 1:
            raise OSError("no room left to draw")
        return drawn(*args, **kwargs)

    monkeypatch.setattr(picture, "board_png", drawing)
    monkeypatch.setattr(late_pictures, "BOARD_PICTURE_LATER", later)
    return calls


@pytest.mark.asyncio
async def test_a_board_sent_without_its_picture_gets_it_later(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game may wait days on a board whose picture failed (or was drawn too slowly): the board is
    given it later, its text and buttons untouched."""
    fails_first(monkeypatch, later=0.2)
    async with table.running():
        await table.start(deck="1111")
        board = table.board()
        assert attachments(board) == [] and image_url(board) is None  # sent at once, as text
        content, custom_ids, embed = board.content, board.custom_ids, dict(board.embeds[0])
        await table.emulator.wait_for(lambda: attachments(board), what="the board's picture, later")
        assert_board_picture(board)
        assert board is table.board() and board.edited
        assert board.content == content and board.custom_ids == custom_ids
        assert {**board.embeds[0], "image": None} == {**embed, "image": None}


@pytest.mark.asyncio
async def test_a_board_left_without_its_picture_at_a_stop_gets_it_at_the_next_start(
    table: Table, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """The bot stops before a bare board's picture comes: the stop is quiet, the board stays marked bare
    in the database, and the next start gives it its picture (its text and buttons untouched)."""
    caplog.set_level(logging.INFO)
    fails_first(monkeypatch, later=60.0)  # far later than the stop
    async with table.running():
        await table.start(deck="1111")
        board = table.board()
        assert attachments(board) == []
        content, custom_ids, embed = board.content, board.custom_ids, dict(board.embeds[0])
        stopped_at = len(caplog.records)
    assert [r.getMessage() for r in caplog.records[stopped_at:] if r.levelno >= logging.WARNING] == []
    assert attachments(board) == [] and not board.edited

    monkeypatch.setattr(late_pictures, "BOARD_PICTURE_LATER", 0.2)
    async with table.running():
        await table.emulator.wait_for(lambda: attachments(board), what="the bare board's picture")
        assert_board_picture(board)
        assert board is table.board() and board.content == content and board.custom_ids == custom_ids
        assert {**board.embeds[0], "image": None} == {**embed, "image": None}
        await table.settle()
    assert "got its picture later" in caplog.text


@pytest.mark.asyncio
async def test_a_picture_drawn_later_never_replaces_a_newer_board(
    table: Table, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """The board was edited meanwhile (a card placed face down) with a picture of its own: the picture
    of the board before never comes over it. Nor does one come after the server turned pictures off."""
    caplog.set_level(logging.DEBUG, logger="bot.ui.late_pictures")
    calls = fails_first(monkeypatch, later=2.0)  # time enough to click twice first
    rng = random.Random(4)
    async with table.running():
        await table.start(deck="1111")
        board = table.board()
        assert attachments(board) == []
        user = table.mentioned(board)[0]
        hand = await table.show_hand(user, board)
        await table.choose(user, hand, rng)  # a card placed face down: this board is edited
        assert table.board() is board and assert_board_picture(board)
        edited = board.files["board.png"]
        await logged(caplog, "replaced: no picture later")
        assert board.files["board.png"] == edited
        assert calls[0] == 2  # nothing drawn for the board before: it was not the latest any more

        # A new board whose picture fails, and the server turns pictures off before it would come.
        calls[0] = 0
        await table.turn(rng)  # the second card: revealed, a new board
        assert attachments(table.board()) == []
        turned = await table.alice.slash("cardia", "settings", images=False)
        await table.settle()
        assert turned.message is not None and "no: text only" in turned.message.text
        await logged(caplog, "pictures turned off: board")
        assert attachments(table.board()) == [] and calls[0] == 1
    assert "got its picture later" not in caplog.text
    assert "could not add the picture" not in caplog.text


async def logged(caplog: pytest.LogCaptureFixture, line: str, within: float = 10.0) -> None:
    """Wait until ``line`` is logged."""
    for _ in range(int(within / 0.05)):
        if line in caplog.text:
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"not logged within {within} s: {line}")


@pytest.mark.asyncio
async def test_a_board_being_drawn_holds_up_no_decision(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A board's picture is drawn after the game's lock is let go: while one is drawn (slowly, here),
    the other player's decision on the same game is answered at once."""
    gate, entered = threading.Event(), threading.Event()
    drawn = picture.board_png

    def slow(*args: Any, **kwargs: Any) -> bytes:
        entered.set()
        gate.wait(20)
        return drawn(*args, **kwargs)

    rng = random.Random(3)
    async with table.running():
        await table.start(deck="1111")
        board = table.board()
        first, second = table.mentioned(board)
        hands = [await table.show_hand(user, board) for user in (first, second)]
        monkeypatch.setattr(picture, "board_png", slow)
        try:
            for user, hand in zip((first, second), hands, strict=True):
                started = time.perf_counter()
                answered = await user.click(hand, rng.choice(table.choices(hand)))
                assert answered.response_type == 7 and "⚠️" not in hand.content
                assert time.perf_counter() - started < 1.0
                # The first card placed face down edits the board: its picture is being drawn now.
                assert await asyncio.to_thread(entered.wait, 5)
            assert not gate.is_set()  # the second was answered while the board was still being drawn
        finally:
            gate.set()
        await table.settle()
        assert_board_picture(table.board())


@pytest.mark.asyncio
async def test_a_hand_is_answered_at_once_and_its_picture_follows(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The answer to Show my hand (or to a decision) never waits for the picture: the hand comes as text
    with its buttons, and the picture is added to it once drawn; a picture drawn for a hand that a
    decision has replaced meanwhile is dropped."""
    gate = threading.Event()
    drawn = picture.hand_png
    slow_ones = [True]  # the next picture is drawn slowly (until the gate opens), later ones at once

    def slow(*args: Any, **kwargs: Any) -> bytes:
        if slow_ones.pop() if slow_ones else False:
            gate.wait(20)
        return drawn(*args, **kwargs)

    rng = random.Random(8)
    async with table.running():
        await table.start(deck="2222")
        monkeypatch.setattr(picture, "hand_png", slow)
        user = table.mentioned(table.board())[0]
        started = time.perf_counter()
        shown = await user.click(table.board(), f"cardia:h:{table.game_id(table.board())}")
        assert time.perf_counter() - started < 1.0
        hand = shown.message
        assert hand is not None and hand.ephemeral and table.choices(hand)
        assert attachments(hand) == [] and image_url(hand) is None and hand.embeds[0]["description"]
        gate.set()
        await table.settle()
        assert attachments(hand) == ["hand.png"] and image_url(hand) == "attachment://hand.png"

        # A picture still being drawn when a decision replaces the hand is not added to it.
        gate.clear()
        slow_ones.append(True)
        board = table.board()
        other = (
            next(u for u in table.mentioned(board) if u is not user)
            if len(table.mentioned(board)) > 1
            else user
        )
        shown = await other.click(board, f"cardia:h:{table.game_id(board)}")
        hand = shown.message
        assert hand is not None and attachments(hand) == []
        decided = await other.click(hand, rng.choice(table.choices(hand)))
        assert decided.response_type == 7 and "⚠️" not in hand.content
        # The decision's handler ends once its own picture, if it has one, is drawn and added: only the
        # slow one is left in flight.
        assert table._bot is not None
        guard = table._bot.guard
        await until(lambda: guard.in_flight == 1, "the decision handled, the slow picture still drawn")
        gate.set()
        await table.settle()
        followed = await table.follow(table.game_id(board))
        player = "p1" if other is table.alice else "p2"
        now = drawn(view(followed.game, player), player, language="en")
        # Either no picture (the decision left no choice among the hand's cards) or the hand's as it is
        # now: never the one drawn, slowly, for the hand before the decision.
        assert attachments(hand) == [] or hand.files["hand.png"] == now
        assert attachments(hand) == [] or image_url(hand) == "attachment://hand.png"


@pytest.mark.asyncio
async def test_pictures_left_out_when_the_drawing_threads_are_behind(monkeypatch: pytest.MonkeyPatch) -> None:
    gate = threading.Event()

    def blocked(*args: Any, **kwargs: Any) -> bytes:
        gate.wait(20)
        return b"png"

    monkeypatch.setattr(picture, "hand_png", blocked)
    pictures = Pictures()
    game = new_game(["judge", "mediator", "inventor", "magistra", "clockmaker"], ["surgeon"])
    seen = view(game, "p1")
    try:
        waiting = [asyncio.create_task(pictures.hand(seen, "p1", language="en")) for _ in range(MOST_WAITING)]
        await until(lambda: pictures._hands.waiting == MOST_WAITING, "every picture waiting for the thread")
        assert await pictures.hand(seen, "p1", language="en") is None  # at once: the thread is behind
        assert pictures.shed == 1
    finally:
        gate.set()
    assert await asyncio.gather(*waiting) == [b"png"] * MOST_WAITING
    await until(lambda: pictures._hands.waiting == 0, "the thread's places freed")  # on the loop, soon after
    assert pictures.drawn == MOST_WAITING
    assert await pictures.hand(seen, "p1", language="en") == b"png"
    pictures.close()


@pytest.mark.parametrize("run", [asyncio.run, uvloop.run], ids=["asyncio", "uvloop"])
def test_drawing_processes_start_no_thread_in_the_bot(
    run: Callable[[Coroutine[Any, Any, None]], None], caplog: pytest.LogCaptureFixture
) -> None:
    # The event loop speaks to the drawing processes itself: a pool's manager and queue-feeder threads
    # took the interpreter lock from it several times a picture (docs/performance.md, Bot performance).
    run(_drawn_in_processes(caplog))


async def _drawn_in_processes(caplog: pytest.LogCaptureFixture) -> None:
    game = new_game(["judge", "mediator", "inventor", "magistra", "clockmaker"], ["surgeon"])
    seen, public = view(game, "p1"), view(game, None)
    threads = set(threading.enumerate())
    pictures = Pictures(processes=True)
    try:
        await pictures.ready()
        assert await pictures.hand(seen, "p1", language="hu") == picture.hand_png(seen, "p1", language="hu")
        # One that fails to draw there (a board of a private view) is left out, and logged; the next is
        # drawn.
        with caplog.at_level(logging.ERROR):
            assert await pictures.board(seen, ("a", "b"), title="t", details="d", language="en") is None
        assert "could not draw a board picture" in caplog.text and "public view only" in caplog.text
        drawn = await pictures.board(public, ("a", "b"), title="t", details="d", language="en")
        assert drawn == picture.board_png(public, ("a", "b"), title="t", details="d", language="en")
        # None started: the threads of earlier tests' bots (Pictures() with threads, shut down without
        # waiting) may still be ending when `threads` was taken and be gone now.
        assert set(threading.enumerate()) - threads == set()
        await until(lambda: pictures._hands.waiting == pictures._boards.waiting == 0, "the places freed")
        assert pictures.drawn == 2
    finally:
        pictures.close()


@pytest.mark.parametrize("run", [asyncio.run, uvloop.run], ids=["asyncio", "uvloop"])
def test_a_drawing_process_that_dies_leaves_its_pictures_out(
    run: Callable[[Coroutine[Any, Any, None]], None],
) -> None:
    run(_process_dies())


async def _process_dies() -> None:
    game = new_game(["judge", "mediator", "inventor", "magistra", "clockmaker"], ["surgeon"])
    seen = view(game, "p1")
    pictures = Pictures(processes=True)
    try:
        await pictures.ready()
        process = pictures._hands.process
        assert process is not None
        process.process.kill()
        process.process.join()
        # Never waited for in vain: the hand goes without its picture, and the boards' process draws on.
        assert await pictures.hand(seen, "p1", language="en") is None
        public = view(game, None)
        assert await pictures.board(public, ("a", "b"), title="t", details="d", language="en") is not None
    finally:
        pictures.close()
