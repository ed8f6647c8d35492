"""The channel survives a killed bot: the real ``python -m bot`` runs in a process of its own against the
emulator and is stopped (SIGKILL, or SIGTERM as ``docker stop`` does) right after it answered each kind
of click, and right after a failed post; started again, it brings the channel up to date from the
database (bot.ui.outbox).

At the end, every game's boards are checked against its stored record: the latest board shows the
game as it is and asks exactly the players it waits for, no board was posted twice, and each board's
"what just happened" tells exactly the events since the board before it: nothing a lost post held is
missing.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import signal
import sqlite3
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

import text
from bot.services.workers import WATCH_EVERY
from emulator import Emulator, Message, SimUser
from engine import Game, Setup, happenings
from tests.processes import BotProcess, callback_of, shown_boards
from text import tr

POST_MESSAGE = "/channels/{channel_id}/messages"
NAMES = {"p1": "Alice", "p2": "Bob"}


@contextlib.asynccontextmanager
async def bot_process(emulator: Emulator, tmp_path: Path) -> AsyncIterator[BotProcess]:
    process = BotProcess(emulator, tmp_path / "cardia.db", tmp_path / "bot.log")
    try:
        yield process
    finally:
        await process.close()


# --- the database, read as the test's own replay ----------------------------------------------------------


def rows(database: Path, query: str, *values: Any) -> list[sqlite3.Row]:
    with contextlib.closing(sqlite3.connect(database)) as db:
        db.row_factory = sqlite3.Row
        return list(db.execute(query, values))


def replay(database: Path, game_id: int, decisions: int | None = None) -> Game:
    (row,) = rows(database, "SELECT setup FROM games WHERE id = ?", game_id)
    game = Game(Setup.model_validate(json.loads(row["setup"])))
    actions = rows(database, "SELECT player, choose FROM actions WHERE game_id = ? ORDER BY seq", game_id)
    for action in actions[:decisions]:
        game.apply(action["player"], json.loads(action["choose"]))
    return game


def revision(database: Path, game_id: int) -> int:
    """What the latest board of a game must show (bot.services.duels.LiveGame.revision)."""
    (row,) = rows(database, "SELECT status, reason FROM games WHERE id = ?", game_id)
    decisions = len(rows(database, "SELECT seq FROM actions WHERE game_id = ?", game_id))
    game = replay(database, game_id)
    ended_by_bot = row["status"] != "in_progress" and game.result is None
    return decisions + ended_by_bot


# --- what the channel shows ---------------------------------------------------------------------------


def boards(emulator: Emulator, game_id: int | None = None) -> list[tuple[int, int, Message]]:
    """(game, revision, message) of every public board, oldest first."""
    return [board for board in shown_boards(emulator.messages()) if game_id is None or board[0] == game_id]


def happened(message: Message) -> list[str]:
    (embed,) = message.embeds
    for field in embed.get("fields", []):
        if field["name"] == tr("board.happened"):
            return [line.removeprefix("• ") for line in field["value"].split("\n")]
    return []


def mentioned(message: Message, users: dict[int, SimUser]) -> set[SimUser]:
    return {users[int(user_id)] for user_id in re.findall(r"<@(\d+)>", message.content)}


def check_channel(emulator: Emulator, database: Path, users: dict[str, SimUser]) -> int:
    """Every game's boards against its record (see the module's docstring); how many boards."""
    by_id = {user.id: user for user in users.values()}
    games = [row["id"] for row in rows(database, "SELECT id FROM games ORDER BY id")]
    total = 0
    for game_id in games:
        shown = boards(emulator, game_id)
        assert shown, f"game {game_id} never got a board"
        revisions = [rev for _, rev, _ in shown]
        assert revisions == sorted(set(revisions)), (
            f"game {game_id}: a board twice or out of order {revisions}"
        )
        latest = shown[-1][2]
        assert revisions[-1] == revision(database, game_id), f"game {game_id}: the latest board is stale"
        game = replay(database, game_id)
        waiting = {users[d.player] for d in game.pending if d.player in users}
        (status,) = rows(database, "SELECT status FROM games WHERE id = ?", game_id)
        if status["status"] != "in_progress":
            waiting = set()
        assert mentioned(latest, by_id) == waiting, (game_id, latest.content)
        told = 0
        for _, rev, message in shown:
            at = replay(database, game_id, rev)
            expected = text.describe_events(happenings(at, None, told), NAMES)
            assert happened(message) == expected, (game_id, rev, happened(message), expected)
            told = len(at.events)
        total += len(shown)
    return total


# --- playing ------------------------------------------------------------------------------------------


def current(database: Path) -> tuple[int, int]:
    """The newest game and the revision its board must show."""
    (row,) = rows(database, "SELECT MAX(id) AS id FROM games")
    return row["id"], revision(database, row["id"])


async def synced(emulator: Emulator, database: Path) -> None:
    """Wait until the latest board shows the newest game as stored."""
    await emulator.wait_for(
        lambda: boards(emulator) and boards(emulator)[-1][:2] == current(database),
        timeout=10,
        what="the board of the latest decision",
    )


def latest_board(emulator: Emulator) -> tuple[int, Message]:
    game_id, _, message = boards(emulator)[-1]
    return game_id, message


def next_decision(emulator: Emulator, database: Path, users: dict[str, SimUser]) -> tuple[SimUser, str, Game]:
    """Who decides next (the first player the latest board asks), and the game after their decision."""
    game_id, board = latest_board(emulator)
    by_id = {user.id: user for user in users.values()}
    asked = sorted(mentioned(board, by_id), key=lambda user: user.name)
    assert asked, f"nobody is asked to decide on {board!r}"
    player = next(p for p, user in users.items() if user is asked[0])
    game = replay(database, game_id)
    decision = next(d for d in game.pending if d.player == player)
    game.apply(player, list(decision.options[: decision.count]))
    return asked[0], player, game


async def decide(
    user: SimUser, emulator: Emulator, *, kill: BotProcess | None = None, signum: int = 0
) -> None:
    """``user`` presses Show my hand on the latest board and takes the first choice(s) offered; with
    ``kill``, the bot is stopped right after it answered that choice."""
    game_id, board = latest_board(emulator)
    shown = await user.click(board, f"cardia:h:{game_id}")
    hand = shown.message
    assert hand is not None and hand.ephemeral, shown.callbacks
    buttons = [c for c in hand.custom_ids if c.startswith("cardia:b:")]
    if buttons:
        click = user.component_interaction(hand, buttons[0])
    else:
        custom_id = next(c for c in hand.custom_ids if c.startswith("cardia:s:"))
        select = hand.component(custom_id)
        assert select is not None
        values = [option["value"] for option in select["options"]][: select["min_values"]]
        click = user.component_interaction(hand, custom_id, values)
    if kill is not None:
        kill.kill_on(callback_of(click), signum)
    await user.send(click)


def wins(database: Path, match_id: int) -> dict[str, int]:
    found = {"p1": 0, "p2": 0}
    for row in rows(
        database, "SELECT winner FROM games WHERE match_id = ? AND status = 'finished'", match_id
    ):
        if row["winner"] is not None:
            found[row["winner"]] += 1
    return found


# --- the test -----------------------------------------------------------------------------------------


@pytest.mark.asyncio
@pytest.mark.parametrize("signum", [signal.SIGKILL, signal.SIGTERM], ids=["SIGKILL", "SIGTERM"])
async def test_a_killed_bot_leaves_the_channel_right_once_restarted(
    discord_emulator: Emulator, tmp_path: Path, signum: int
) -> None:
    emulator = discord_emulator
    emulator.interaction_deadline = None  # a killed bot cannot answer; the user would click again
    emulator.require_acknowledgement = False
    alice, bob = emulator.user("alice"), emulator.user("bob")
    users = {"p1": alice, "p2": bob}
    database = tmp_path / "cardia.db"

    async with bot_process(emulator, tmp_path) as bot:

        async def restart() -> None:
            await bot.stopped()
            await bot.start()
            await bot.settled()  # its repair of what the killed one left done
            await synced(emulator, database)

        await bot.start("--sync")
        challenge = await alice.slash("cardia", "challenge", opponent=bob)
        offer = challenge.message
        assert offer is not None
        (match_id,) = {int(c.split(":")[2]) for c in offer.custom_ids}

        # Accept: the duel is on, and its first board comes after the restart.
        accept = bob.component_interaction(offer, f"cardia:c:{match_id}:accept")
        bot.kill_on(callback_of(accept), signum)
        await bob.send(accept)
        await restart()
        assert offer.custom_ids == [] and "accepted" in offer.text
        assert len(boards(emulator)) == 1
        check_channel(emulator, database, users)

        # A decision in the middle of a round.
        user, _, after = next_decision(emulator, database, users)
        assert after.result is None
        await decide(user, emulator, kill=bot, signum=signum)
        await restart()
        check_channel(emulator, database, users)

        # Play on to the decision that ends the first game (the match goes on), then to the one that
        # ends the match; kill the bot right after each.
        first_game_over = False
        while True:
            user, _, after = next_decision(emulator, database, users)
            match_over = False
            if after.result is not None:
                score = wins(database, match_id)
                if after.result.winner is not None:
                    score[after.result.winner] += 1
                match_over = max(score.values()) >= 2
            if match_over or (after.result is not None and not first_game_over):
                await decide(user, emulator, kill=bot, signum=signum)
                await restart()
                check_channel(emulator, database, users)
                first_game_over = True
                if match_over:
                    break
                continue
            await decide(user, emulator)
            await synced(emulator, database)
        await emulator.wait_for(
            lambda: any(f"cardia:r:{match_id}" in m.custom_ids for m in emulator.messages()),
            timeout=15,
            what="the match's result",
        )
        await bot.settled()  # a second result, were one to come, would be posted by now
        results = [m for m in emulator.messages() if f"cardia:r:{match_id}" in m.custom_ids]
        assert len(results) == 1 and "wins the match" in results[0].content

        # Rematch: its challenge message is there once, with its buttons.
        rematch = bob.component_interaction(results[0], f"cardia:r:{match_id}")
        bot.kill_on(callback_of(rematch), signum)
        await bob.send(rematch)
        await restart()
        offers = [m for m in emulator.messages() if any(c.startswith("cardia:c:") for c in m.custom_ids)]
        assert len(offers) == 1, offers
        (new_match,) = {int(c.split(":")[2]) for c in offers[0].custom_ids}
        assert new_match != match_id

        # A board post fails (one 503), and the bot is killed right after it.
        emulator.fail("POST", POST_MESSAGE)
        bot.kill_on(lambda request: request.template == POST_MESSAGE and request.status == 503, signum)
        await alice.click(offers[0], f"cardia:c:{new_match}:accept")
        await restart()
        assert emulator.faults[-1].hits, "the failure was not met"
        shown = check_channel(emulator, database, users)
        assert bot.starts == 7 and shown >= 8
        _, board = latest_board(emulator)
        assert set(mentioned(board, {u.id: u for u in users.values()})) == {alice, bob}
        # What was posted is marked in the database soon after (bookkeeping rides on the next commit).
        for _ in range(100):
            if not rows(database, "SELECT id FROM due WHERE done_at IS NULL"):
                break
            await asyncio.sleep(0.1)
        assert rows(database, "SELECT id FROM due WHERE done_at IS NULL") == []


@pytest.mark.asyncio
async def test_a_stop_while_a_board_is_posted_is_quiet_and_the_next_start_finishes_it(
    discord_emulator: Emulator, tmp_path: Path
) -> None:
    """``docker stop`` while Discord holds a board's post: the bot stops within its drain time with
    status 0 and logs no error (what is due is left for the next start), and the next start finds the
    board the held post made (it reached Discord unmarked): shown once, with its picture."""
    emulator = discord_emulator
    emulator.interaction_deadline = None
    emulator.require_acknowledgement = False
    alice, bob = emulator.user("alice"), emulator.user("bob")
    users = {"p1": alice, "p2": bob}
    database, log = tmp_path / "cardia.db", tmp_path / "bot.log"
    async with bot_process(emulator, tmp_path) as bot:
        await bot.start("--sync")
        challenge = await alice.slash("cardia", "challenge", opponent=bob)
        offer = challenge.message
        assert offer is not None
        (match_id,) = {int(c.split(":")[2]) for c in offer.custom_ids}
        held = emulator.slow("POST", POST_MESSAGE, seconds=8.0)  # past the bot's 5 s drain
        await bob.click(offer, f"cardia:c:{match_id}:accept")
        for _ in range(100):  # a held request changes nothing the emulator's waiters are told of
            if held.hits:
                break
            await asyncio.sleep(0.05)
        assert held.hits, "the board's post never came"
        before = len(log.read_text())
        bot.kill(signal.SIGTERM)
        assert await bot.stopped() == 0
        stopping = log.read_text()[before:]
        assert "stopping: signal received" in stopping
        assert "ERROR" not in stopping and "Traceback" not in stopping, stopping
        assert "left for the next start" in stopping

        await emulator.wait_for(lambda: boards(emulator), timeout=15, what="the held post, carried out")
        await bot.start()
        await bot.settled()
        assert check_channel(emulator, database, users) == 1  # adopted, not posted again
        _, board = latest_board(emulator)
        assert [a["filename"] for a in board.data.get("attachments") or []] == ["board.png"]
        for _ in range(100):  # marked done once the next commit (or the flush) carries it
            if not rows(database, "SELECT id FROM due WHERE done_at IS NULL"):
                break
            await asyncio.sleep(0.1)
        assert rows(database, "SELECT id FROM due WHERE done_at IS NULL") == []


def running(pid: int) -> bool:
    """Whether process ``pid`` still runs (a zombie waiting for its new parent to reap it does not)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.asyncio
async def test_a_killed_bot_leaves_no_worker_behind(discord_emulator: Emulator, tmp_path: Path) -> None:
    """Killed, the bot cannot shut its pools down: its workers end by themselves once it is gone
    (bot.services.workers), instead of waiting forever on a queue nobody writes to."""
    async with bot_process(discord_emulator, tmp_path) as bot:
        await bot.start()
        workers = bot.children()
        assert len(workers) >= 2, "the two picture workers run before the bot goes online"
        bot.kill(signal.SIGKILL)
        await bot.stopped()
        deadline = time.monotonic() + 10 * WATCH_EVERY
        while any(map(running, workers)) and time.monotonic() < deadline:
            await asyncio.sleep(0.1)
        assert not any(map(running, workers)), [pid for pid in workers if running(pid)]


# --- a duel in two homes ------------------------------------------------------------------------------

CODE = re.compile(r"\*\*([A-Z2-9]{6})\*\*")


def home_boards(emulator: Emulator, home: int) -> list[tuple[int, int, Message]]:
    """(game, revision, message) of the boards in one home, oldest first."""
    return [(game, rev, message) for game, rev, message in boards(emulator) if message.channel_id == home]


def deciding(emulator: Emulator, homes: tuple[int, int], users: dict[int, SimUser]) -> list[SimUser]:
    """Who the latest boards wait for: each home mentions only its own player (the other is named)."""
    waited = set().union(*(mentioned(home_boards(emulator, home)[-1][2], users) for home in homes))
    return sorted(waited, key=lambda user: user.name)


async def homes_synced(emulator: Emulator, database: Path, homes: tuple[int, int]) -> None:
    """Wait until both homes' latest boards show the newest game as stored (a busy machine may be
    slower than a quiet spell)."""
    await emulator.wait_for(
        lambda: all(
            home_boards(emulator, home) and home_boards(emulator, home)[-1][:2] == current(database)
            for home in homes
        ),
        timeout=15,
        what="both homes' latest boards",
    )


def check_homes(emulator: Emulator, database: Path, homes: tuple[int, int]) -> None:
    """Each home shows every game's latest state, no board twice or out of order, and what each board
    tells runs on from the board before it in that home (nothing a killed post held is missing)."""
    for home in homes:
        shown = home_boards(emulator, home)
        assert shown, f"no board in {home}"
        keys = [(game, rev) for game, rev, _ in shown]
        assert keys == sorted(set(keys)), f"{home}: a board twice or out of order {keys}"
        game_id, rev, _ = shown[-1]
        assert (game_id, rev) == current(database), f"{home}: the latest board is stale"
        told = 0
        for _, at_revision, message in shown:
            at = replay(database, game_id, at_revision)
            assert happened(message) == text.describe_events(happenings(at, None, told), NAMES)
            told = len(at.events)


@pytest.mark.asyncio
async def test_a_duel_across_two_servers_is_right_in_both_homes_after_a_kill_between_them(
    discord_emulator: Emulator, tmp_path: Path
) -> None:
    """Killed (twice) after a board reached the challenger's home and before the other's: started again, the
    bot finds the one posted (no second copy) and posts the other, in each home; then the match is played
    to its end, each home right after every step, its result once in each."""
    emulator = discord_emulator
    emulator.interaction_deadline = None
    emulator.require_acknowledgement = False
    alice, bob = emulator.user("alice"), emulator.user("bob")
    away = emulator.state.add_guild("Faraway Hall", ("cardia-room",))
    bob.channel = away.channels[0]
    database = tmp_path / "cardia.db"
    async with bot_process(emulator, tmp_path) as bot:
        await bot.start("--sync")
        sent = await alice.slash("cardia", "challenge", code=True, match=1)
        assert sent.message is not None
        found = CODE.search(sent.message.content)
        assert found is not None
        accepted = await bob.slash("cardia", "accept", code=found[1])
        await bot.settled()
        assert accepted.message is not None
        homes = (sent.message.id, accepted.message.id)  # each player's thread, on each server
        assert all(emulator.state.channels[home].is_thread for home in homes)
        check_homes(emulator, database, homes)
        by_id = {alice.id: alice, bob.id: bob}

        kills = 0
        while kills < 2 and not replay(database, current(database)[0]).result:
            user = deciding(emulator, homes, by_id)[0]
            before = len(home_boards(emulator, homes[0]))

            def board_in_first_home(request: Any) -> bool:
                return (
                    request.method == "POST"
                    and request.template == POST_MESSAGE
                    and request.params.get("channel_id") == str(homes[0])
                    and "cardia:h:" in json.dumps(request.body)
                )

            bot.kill_on(board_in_first_home, signal.SIGKILL)
            await decide(user, emulator)
            await bot.settled()  # or killed, as its board in the first home was posted
            if len(home_boards(emulator, homes[0])) > before:  # a new board: the kill came
                kills += 1
                assert bot.process is not None
                await bot.stopped()
                assert home_boards(emulator, homes[1])[-1][:2] != current(database)  # not there yet
                await bot.start()
                await bot.settled()
            else:  # an edit in place (a card placed face down): no new board, no kill
                emulator.hooks.clear()
            await homes_synced(emulator, database, homes)
            check_homes(emulator, database, homes)
        assert kills == 2
        for _ in range(200):  # and on to the end of the match, both homes right after every step
            if replay(database, current(database)[0]).result:
                break
            await decide(deciding(emulator, homes, by_id)[0], emulator)
            await bot.settled()
            await homes_synced(emulator, database, homes)
            check_homes(emulator, database, homes)
        assert replay(database, current(database)[0]).result
        for home in homes:  # the match's result, once in each home
            results = [
                m
                for m in emulator.messages()
                if m.channel_id == home and any(c.startswith("cardia:r:") for c in m.custom_ids)
            ]
            assert len(results) == 1, home
