"""Duels against the computer without Discord (bot.services.computer): the computer answers whenever the
game waits for it, in a worker; its games are recorded apart and never rated; no timer waits on it; a
restart, a second process or a concession never makes it decide twice or after the end."""

from __future__ import annotations

import asyncio
import multiprocessing
import random
import threading
from collections.abc import AsyncIterator, Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

import pytest
import pytest_asyncio

from bot.services.computer import Computer, record_of, search_seed
from bot.services.duels import Duels, Refusal
from bot.services.game_cache import LiveGame
from bot.services.guild_settings import GuildSettingsStore
from bot.services.records import Records
from bot.services.timers import FORFEIT, REMINDER, Timers
from bot.store import Challenge, Storage, new_home
from bot.wiring import wire_services
from engine import replay
from tests.helpers import Clock

ALICE, BOB, BOT = (1, "Alice"), (2, "Bob"), (99, "Computer (easy)")
GUILD, CHANNEL, OTHER_CHANNEL = 10, 20, 21


@dataclass
class Process:
    """What one bot process holds for duels against the computer (no Discord)."""

    storage: Storage
    duels: Duels
    records: Records
    timers: Timers
    computer: Computer | None

    @classmethod
    async def open(
        cls, database: str, clock: Clock, *, executor: Executor | None = None, computer: bool = True
    ) -> Process:
        storage = await Storage.open(database)
        duels = Duels(storage, clock=clock)
        records = Records(storage)
        settings = GuildSettingsStore(storage)
        player = Computer(duels, executor=executor, bus=duels.bus) if computer else None
        wire_services(duels.bus, duels, records=records, guild_settings=settings, computer=player)
        return cls(storage, duels, records, Timers(duels, settings, bus=duels.bus), player)

    async def close(self) -> None:
        if self.computer is not None:
            await self.computer.stop()
        await self.storage.close()

    async def idle(self) -> None:
        if self.computer is not None:
            await self.computer.idle()


@pytest_asyncio.fixture
async def thread_pool() -> AsyncIterator[ThreadPoolExecutor]:
    pool = ThreadPoolExecutor(max_workers=1)
    yield pool
    pool.shutdown(wait=True)


async def _against_computer(
    duels: Duels, level: str = "easy", wins_needed: int = 2, channel: int = CHANNEL
) -> LiveGame:
    challenge = Challenge(GUILD, new_home(GUILD, channel), ALICE, BOT, "I", None, wins_needed, level)
    match = await duels.propose(challenge, start=True)  # under way at once: nobody accepts
    assert match.status == "active"
    live = await duels.first_game(match.id)
    assert live.match.computer == level and live.match.computer_seat == "p2"
    duels.changed(live)  # as the cog does once the challenge is shown: the computer may start
    return live


async def _alice_decides(duels: Duels, game_id: int, rng: random.Random) -> None:
    live = await duels.live(game_id)
    decision = live.pending_for("p1")
    assert decision is not None, "the game waits for the computer"
    choose = rng.sample(decision.options, decision.count)
    await duels.act(game_id, ALICE[0], live.own_actions("p1"), choose)


async def _play_match(process: Process, first: LiveGame, rng: random.Random) -> list[int]:
    """Alice plays at random until the match is over; the games played."""
    duels = process.duels
    games, game_id = [first.row.id], first.row.id
    for _ in range(2000):
        await process.idle()
        live = await duels.live(game_id)
        assert not live.computer_to_move, "the computer left a decision unanswered"
        if live.outcome is not None:
            rows = await process.storage.games(live.match.id)
            if rows[-1].id == game_id:
                return games
            game_id = rows[-1].id
            games.append(game_id)
            continue
        await _alice_decides(duels, game_id, rng)
    raise AssertionError("the match did not end")


# --- playing -------------------------------------------------------------------------------------------


@pytest.mark.asyncio
async def test_a_whole_match_against_the_computer_is_recorded_apart_and_never_rated(
    database: str, thread_pool: ThreadPoolExecutor
) -> None:
    process = await Process.open(database, Clock(), executor=thread_pool)
    try:
        first = await _against_computer(process.duels, "easy")
        await process.idle()
        # The first round waits for both: the computer placed its card at once, face down.
        live = await process.duels.live(first.row.id)
        assert [player for player, _ in live.actions] == ["p2"]
        games = await _play_match(process, first, random.Random(5))
        match = await process.storage.match(first.match.id)
        assert match is not None and match.status == "finished"
        # Every decision of the computer's is legal and its own: the record replays to the stored result.
        for game_id in games:
            row = await process.storage.game(game_id)
            assert row is not None and row.status == "finished"
            replayed = replay(record_of(await process.duels.live(game_id)))
            assert replayed.result is not None and replayed.result.winner == row.winner

        # A duel between two people in the same server, for contrast: rated, on the leaderboard.
        human = await process.duels.propose(
            Challenge(GUILD, new_home(GUILD, OTHER_CHANNEL), ALICE, BOB, "I", None, 1)
        )
        await process.duels.answer(human.id, BOB[0], "accept")
        (human_game,) = await process.storage.games(human.id)
        await process.duels.end(human_game.id, "p1", "conceded", match_too=True)

        async with process.storage.db.execute("SELECT DISTINCT game_id FROM rating_history") as cursor:
            rated = {row[0] for row in await cursor.fetchall()}
        assert rated == {human_game.id}, "only the game between two people is rated"
        assert {user for user, _, _ in await process.records.rating_changes(human_game.id)} == {1, 2}
        standings = await process.records.standings(GUILD, "rating")
        assert [(s.user_id, s.games.played) for s in sorted(standings, key=lambda s: s.user_id)] == [
            (ALICE[0], 1),
            (BOB[0], 1),
        ], "the computer's games are not on the leaderboard"
        stats = await process.records.stats(GUILD, ALICE[0])
        assert stats.games.played == 1 and stats.matches.played == 1  # against people only
        rows = [await process.storage.game(game_id) for game_id in games]
        alice_wins = sum(1 for row in rows if row is not None and row.winner == "p1")
        computer_wins = sum(1 for row in rows if row is not None and row.winner == "p2")
        easy = stats.computer["easy"]
        assert (easy.wins, easy.losses, easy.played) == (alice_wins, computer_wins, len(games))
        assert set(stats.computer) == {"easy"}
    finally:
        await process.close()


@pytest.mark.asyncio
async def test_only_the_person_plays_the_persons_seat(database: str, thread_pool: ThreadPoolExecutor) -> None:
    process = await Process.open(database, Clock(), executor=thread_pool)
    try:
        live = await _against_computer(process.duels)
        await process.idle()
        with pytest.raises(Refusal):  # a forged click as the computer's user
            await process.duels.act(live.row.id, BOT[0], 0, ["anything"])
        # The computer's own path refuses a decision thought about for another state of the game.
        with pytest.raises(Refusal):
            await process.duels.act_for_computer(live.row.id, 0, ["p2:judge"])
        assert len((await process.duels.live(live.row.id)).actions) == 1
    finally:
        await process.close()


@pytest.mark.asyncio
async def test_the_computer_plays_any_number_of_duels_but_its_challenger_is_capped(
    database: str, thread_pool: ThreadPoolExecutor
) -> None:
    process = await Process.open(database, Clock(), executor=thread_pool)
    carol, dave = (3, "Carol"), (4, "Dave")
    try:
        for user in (ALICE, BOB, carol, dave):  # the computer's open duels are never counted
            challenge = Challenge(GUILD, new_home(GUILD, CHANNEL), user, BOT, "I", None, 2, "easy")
            await process.duels.propose(challenge, start=True)
        with pytest.raises(Refusal, match="already have a duel"):
            await process.duels.propose(
                Challenge(GUILD, new_home(GUILD, CHANNEL), ALICE, BOT, "I", None, 2, "hard"), start=True
            )
    finally:
        await process.close()


def test_under_load_the_decisions_under_way_share_the_budget() -> None:
    duels = Duels.__new__(Duels)  # no database: only the budget's arithmetic is tried
    computer = Computer(duels, workers=2, budget_ms=1000)
    assert computer.search_budget() == 1000  # alone: the whole budget
    computer._wanting = 2
    assert computer.search_budget() == 1000  # one per worker
    computer._wanting = 8
    assert computer.search_budget() == 250  # each answer still within about the budget
    assert Computer(duels).search_budget() is None


class RecordingExecutor(ThreadPoolExecutor):
    """One thread; records the search budget each decision was given (``choose``'s last argument)."""

    def __init__(self) -> None:
        super().__init__(max_workers=1)
        self.budgets: list[float | None] = []

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        self.budgets.append(args[-1])
        return super().submit(fn, *args, **kwargs)


@pytest.mark.asyncio
async def test_a_queue_of_decisions_shares_the_budget_when_a_worker_takes_each_up(database: str) -> None:
    recording = RecordingExecutor()
    storage = await Storage.open(database)
    duels = Duels(storage)
    computer = Computer(duels, executor=recording, workers=1, budget_ms=1200)
    try:
        for user in range(4):  # four duels start, and wait for the computer, at once
            challenge = Challenge(
                GUILD, new_home(GUILD, CHANNEL + user), (100 + user, "P"), BOT, "I", None, 1, "easy"
            )
            await duels.propose(challenge, start=True)  # started, nobody woken yet
        lives = [
            await duels.live(row.id)
            for match in await storage.open_matches()
            for row in await storage.games(match.id)
        ]
        for live in lives:
            computer.wake(live)
        await computer.idle()
        # The first had the worker alone; the next found three waiting, then two, then itself only.
        assert recording.budgets == [1200, 400, 600, 1200]
    finally:
        await computer.stop()
        await storage.close()
        recording.shutdown()


# --- in a worker process ---------------------------------------------------------------------------------


@pytest.mark.asyncio
async def test_the_computer_thinks_in_worker_processes(database: str) -> None:
    pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"))
    process = await Process.open(database, Clock(), executor=pool)
    try:
        first = await _against_computer(process.duels, "normal", wins_needed=1)
        games = await _play_match(process, first, random.Random(8))
        assert len(games) == 1
        row = await process.storage.game(first.row.id)
        assert row is not None and row.status == "finished"
        # The same decision thought about again gets the same answer: the worker is deterministic.
        live = await process.duels.live(first.row.id)
        p2_turns = [index for index, (player, _) in enumerate(live.actions) if player == "p2"]
        index = p2_turns[len(p2_turns) // 2]
        earlier = record_of(live).model_copy(update={"actions": record_of(live).actions[:index]})
        from engine.player import choose

        again = await asyncio.get_running_loop().run_in_executor(
            pool, choose, earlier, "p2", "normal", search_seed(first.row.id, index), None
        )
        assert tuple(again.answer) == live.actions[index][1]
    finally:
        await process.close()
        pool.shutdown(wait=True)


# --- timers, restarts, races -----------------------------------------------------------------------------


@pytest.mark.asyncio
async def test_no_timer_waits_on_the_computer_and_the_player_is_offered_no_claim(
    database: str, thread_pool: ThreadPoolExecutor
) -> None:
    clock = Clock()
    # A process whose computer never wakes by itself: the game waits for it, as after a crash.
    asleep = await Process.open(database, clock, computer=False)
    live = await _against_computer(asleep.duels)
    game_id = live.row.id
    assert (await asleep.duels.live(game_id)).computer_to_move
    clock.advance(24 * 10)  # ten days: far past every deadline
    assert await asleep.timers.tick() == []  # no reminder, no claim, no forfeit: it waits on the computer
    await asleep.close()

    process = await Process.open(database, clock, executor=thread_pool)
    try:
        assert process.computer is not None
        assert await process.timers.tick() == []  # the scan wakes the computer instead
        await process.idle()
        live = await process.duels.live(game_id)
        assert not live.computer_to_move and live.pending_for("p1") is not None
        # Now the game waits for Alice: her reminders as in any duel, no claim (nobody to claim), and at
        # the end she forfeits the match to the computer.
        clock.advance(8)
        assert [notice.kind for notice in await process.timers.tick()] == [REMINDER]
        clock.advance(16)
        assert await process.timers.tick() == []  # time is up: nothing to offer the computer
        clock.advance(8)
        (late,) = await process.timers.tick()
        assert late.kind == REMINDER and late.late
        clock.advance(40)
        (forfeit,) = await process.timers.tick()
        assert forfeit.kind == FORFEIT and forfeit.step is not None and forfeit.step.match_over
        row = await process.storage.game(game_id)
        assert row is not None and (row.winner, row.reason) == ("p2", "forfeit")
    finally:
        await process.close()


@pytest.mark.asyncio
async def test_after_a_restart_the_computer_resumes_and_two_processes_decide_once(database: str) -> None:
    clock = Clock()
    asleep = await Process.open(database, clock, computer=False)
    live = await _against_computer(asleep.duels)
    game_id = live.row.id
    await asleep.close()

    # Two processes start on the same database (a rolling restart): both resume the waiting duel, and
    # both think about the same decision (each held until both are thinking).
    gates = GatedExecutor(), GatedExecutor()
    first = await Process.open(database, clock, executor=gates[0])
    second = await Process.open(database, clock, executor=gates[1])
    try:
        assert first.computer is not None and second.computer is not None
        assert await first.computer.resume() == 1 and await second.computer.resume() == 1
        for gate in gates:
            await asyncio.get_running_loop().run_in_executor(None, gate.started.wait, 10)
        assert first.computer.thinking(game_id) and second.computer.thinking(game_id)
        for gate in gates:
            gate.gate.set()
        await first.idle()
        await second.idle()
        actions = await first.storage.actions(game_id)
        assert [player for player, _ in actions] == ["p2"], "the computer's decision is stored once"
        # Each process goes on from the database: Alice decides in one, the other sees it.
        await _alice_decides(first.duels, game_id, random.Random(1))
        await first.idle()
        assert len(await second.storage.actions(game_id)) >= 2
    finally:
        await first.close()
        await second.close()
        for gate in gates:
            gate.shutdown()


class GatedExecutor(Executor):
    """Runs each call in a thread once the test opens the gate: the computer is "thinking" until then."""

    def __init__(self) -> None:
        self.gate = threading.Event()
        self.started = threading.Event()
        self._pool = ThreadPoolExecutor(max_workers=1)

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        def gated() -> Any:
            self.started.set()
            self.gate.wait(10)
            return fn(*args, **kwargs)

        return self._pool.submit(gated)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self.gate.set()
        self._pool.shutdown(wait=wait, cancel_futures=cancel_futures)


@pytest.mark.asyncio
async def test_an_answer_thought_about_before_a_concession_is_never_applied(database: str) -> None:
    gated = GatedExecutor()
    process = await Process.open(database, Clock(), executor=gated)
    try:
        assert process.computer is not None
        live = await _against_computer(process.duels)
        game_id = live.row.id
        await asyncio.get_running_loop().run_in_executor(None, gated.started.wait, 10)
        assert process.computer.thinking(game_id)
        await process.duels.end(game_id, "p2", "conceded", match_too=True)  # Alice gives up meanwhile
        gated.gate.set()
        await process.idle()
        assert await process.storage.actions(game_id) == []
        row = await process.storage.game(game_id)
        assert row is not None and (row.status, row.winner, row.reason) == ("finished", "p2", "conceded")
    finally:
        await process.close()
        gated.shutdown()


@pytest.mark.asyncio
async def test_a_duel_against_the_computer_starts_in_one_commit(database: str) -> None:
    """Nothing half-made if the process dies as the duel starts: the match is created under way, with
    its first game, its wait and both messages due, in one transaction."""
    process = await Process.open(database, Clock(), computer=False)
    try:
        commits = 0
        transaction = process.storage.transaction

        def counted() -> Any:
            nonlocal commits
            commits += 1
            return transaction()

        process.storage.transaction = counted  # type: ignore[method-assign]
        match = await process.duels.propose(
            Challenge(GUILD, new_home(GUILD, CHANNEL), ALICE, BOT, "I", None, 2, "easy"), start=True
        )
        assert commits == 1
        (game,) = await process.storage.games(match.id)
        assert match.status == "active" and game.status == "in_progress"
        assert [post.kind for post in await process.storage.due_posts(match.id)] == ["challenge", "board"]
        assert [wait.game_id for wait in await process.storage.waits()] == [game.id]
    finally:
        await process.close()
