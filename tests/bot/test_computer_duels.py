"""A duel against the computer in Discord (the emulator): challenging the bot itself starts it at once,
the computer's decisions are posted with their story, the player is never kept waiting on it, nobody
pings the bot, and its games are shown apart in /cardia stats and kept off the leaderboard. A bot
stopped while the computer should decide resumes from the database."""

from __future__ import annotations

import random

import pytest

from bot.services.computer import Computer
from bot.services.game_cache import LiveGame
from emulator import Message
from tests.bot.table import Table


async def _start(table: Table, level: str = "easy", **options: str | int) -> tuple[Message, int]:
    """Alice challenges the bot: the public challenge message (already under way) and the match id."""
    bot_user = table.emulator.state.bot
    sent = await table.alice.slash("cardia", "challenge", opponent=bot_user, level=level, **options)
    await table.settle()
    message = sent.message
    assert message is not None and not message.ephemeral, sent.callbacks
    assert message.content == f"Alice takes on the computer ({level})."
    assert message.custom_ids == [], "nothing to accept: the duel is under way"
    assert "accepted" in message.text
    match = await table.storage.open_matches(user_id=table.alice.id)
    assert len(match) == 1 and match[0].computer == level
    return message, match[0].id


async def _alice_turn(table: Table, rng: random.Random) -> bool:
    """Alice looks at her hand and decides; False once the latest board asks nobody."""
    board = table.board()
    waiting = table.mentioned(board)
    if not waiting:
        return False
    assert waiting == [table.alice], board.content  # the computer never keeps a board waiting on it
    followed = await table.follow(table.game_id(board))
    assert {d.player for d in followed.game.pending} == {"p1"}, "the computer has answered"
    hand = await table.show_hand(table.alice, board)
    await table.choose(table.alice, hand, rng)
    await table.screen()
    return True


@pytest.mark.asyncio
async def test_a_match_against_the_computer_in_discord(table: Table) -> None:
    emulator, alice = table.emulator, table.alice
    rng = random.Random(11)
    async with table.running():
        _, match_id = await _start(table, "easy", deck="2222")
        first_board = table.board()
        assert table.mentioned(first_board) == [alice]
        # The computer placed its first card at once: the board says so, face down.
        actions = await table.storage.actions(table.game_id(first_board))
        assert [player for player, _ in actions] == ["p2"]
        boards_before = len(table.boards())
        turns = 0
        while not table.results():
            if not await _alice_turn(table, rng):
                # A finished game's board; the next game's board follows at once.
                assert table.results() or table.mentioned(table.board()) == [alice]
            turns += 1
            assert turns < 400
        # One board per decision of Alice's (and per new game) at most: the computer's answers are told
        # on the board of the decision they answer.
        games = await table.storage.games(match_id)
        alice_decisions = 0
        for game in games:
            alice_decisions += [player for player, _ in await table.storage.actions(game.id)].count("p1")
        assert len(table.boards()) - boards_before <= alice_decisions + len(games) - 1
        match = await table.storage.match(match_id)
        assert match is not None and match.status == "finished"
        # The bot never pings itself; its name is shown instead.
        bot_mention = f"<@{emulator.state.bot.id}>"
        assert all(bot_mention not in m.content for m in emulator.messages())
        (result,) = table.results()
        assert alice.mention in result.content or "Computer (easy)" in result.content

        # /cardia stats shows the games against the computer apart; the leaderboard has nobody.
        stats = await alice.slash("cardia", "stats")
        await table.settle()
        assert stats.message is not None and stats.ephemeral is not None
        assert "Against the computer (not rated)" in stats.message.text
        assert "easy: " in stats.message.text
        assert "no finished game in this server yet" in stats.message.text  # against people
        board = await alice.slash("cardia", "leaderboard")
        await table.settle()
        assert board.message is not None and "No finished game in this server yet" in board.message.text
        async with table.storage.db.execute("SELECT COUNT(*) FROM rating_history") as cursor:
            assert (await cursor.fetchone() or [None])[0] == 0

        # A rematch starts a new duel against the computer at the same level, at once.
        rematch = next(c for c in table.results()[-1].custom_ids if c.startswith("cardia:r:"))
        again = await alice.click(table.results()[-1], rematch)
        await table.settle()
        assert again.message is not None and again.message.content == "Alice takes on the computer (easy)."


@pytest.mark.asyncio
async def test_a_concession_against_the_computer(table: Table) -> None:
    async with table.running():
        _, match_id = await _start(table, "hard", match=1)
        conceded = await table.alice.slash("cardia", "concede")
        await table.settle()
        assert conceded.message is not None
        # The concession asks to confirm; confirmed, the computer wins the match.
        for custom_id in conceded.message.custom_ids:
            if custom_id.startswith("cardia:k:"):
                await table.alice.click(conceded.message, custom_id)
                await table.settle()
        match = await table.storage.match(match_id)
        assert match is not None and match.status == "finished"
        (game,) = await table.storage.games(match_id)
        assert game.winner == "p2"
        await table.emulator.wait_for(lambda: bool(table.results()), what="the match's result")
        (result,) = table.results()
        assert "Computer (hard)" in result.content
        assert f"<@{table.emulator.state.bot.id}>" not in result.content


@pytest.mark.asyncio
async def test_a_bot_restarted_while_the_computer_should_decide_resumes(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    asleep: list[LiveGame] = []
    monkeypatch.setattr(Computer, "wake", lambda self, live: asleep.append(live))
    async with table.running():
        await _start(table, "normal")
        board = table.board()
        # The computer did not wake (as if the process had died): the board waits for it.
        assert asleep and table.mentioned(board) == [table.alice]
        game_id = table.game_id(board)
        hand = await table.show_hand(table.alice, board)
        await table.choose(table.alice, hand, random.Random(3))
        assert "Computer (normal) is thinking" in table.board().content
        assert table.mentioned(table.board()) == []
    monkeypatch.undo()
    async with table.running():  # a new process: it finds the duel waiting and the computer answers
        await table.emulator.wait_for(
            lambda: table.mentioned(table.board()) == [table.alice], what="the computer's answer"
        )
        await table.settle()
        board = table.board()
        assert table.game_id(board) == game_id
        assert table.mentioned(board) == [table.alice], board.content
        players = [player for player, _ in await table.storage.actions(game_id)]
        assert players.count("p2") >= 1 and players[0] == "p1"
