"""Asynchronous play without Discord: server settings, the cap on open duels, durable timers with a fake
clock (each notice once, never twice across restarts), concessions, claims and aborts."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from bot.services.duels import Duels, Refusal
from bot.services.events import Bus, GameEnded
from bot.services.game_cache import LiveGame
from bot.services.guild_settings import GuildSettingsStore
from bot.services.timers import ABANDONED, CLAIM, FORFEIT, REMINDER, SCAN_BATCH, Notice, NoticeDue, Timers
from bot.settings import Settings
from bot.store import DEFAULTS, Challenge, GuildSettings, Storage, Wait, new_home
from bot.wiring import wire_services
from tests.helpers import Clock

ALICE, BOB, CAROL, DAVE = (1, "Alice"), (2, "Bob"), (3, "Carol"), (4, "Dave")
GUILD, CHANNEL, OTHER_CHANNEL = 10, 20, 21
USERS = {"p1": ALICE[0], "p2": BOB[0]}


@dataclass
class Bot:
    """What one process of the bot holds: the database, the duels, the settings and the timers."""

    storage: Storage
    duels: Duels
    settings: GuildSettingsStore
    timers: Timers

    @classmethod
    async def open(cls, path: Path | str, clock: Clock) -> Bot:
        storage = await Storage.open(path)
        duels = Duels(storage, clock=clock)
        settings = GuildSettingsStore(storage)
        wire_services(duels.bus, duels, guild_settings=settings)
        return cls(storage, duels, settings, Timers(duels, settings, bus=duels.bus))


@dataclass
class World:
    path: Path | str
    clock: Clock
    bot: Bot

    async def restart(self) -> Bot:
        """A new process on the same database file."""
        await self.bot.storage.close()
        self.bot = await Bot.open(self.path, self.clock)
        return self.bot

    async def kinds(self) -> list[str]:
        return [notice.kind for notice in await self.bot.timers.tick()]


@pytest_asyncio.fixture
async def world(database: str) -> AsyncIterator[World]:
    """One bot process and a clock, on each database (tests.databases)."""
    clock = Clock()
    world = World(database, clock, await Bot.open(database, clock))
    yield world
    await world.bot.storage.close()


async def _started(duels: Duels, wins_needed: int = 2) -> LiveGame:
    match = await duels.propose(
        Challenge(GUILD, new_home(GUILD, CHANNEL), ALICE, BOB, "I", None, wins_needed)
    )
    _, live = await duels.answer(match.id, BOB[0], "accept")
    assert live is not None
    return live


async def _decide(duels: Duels, game_id: int, player: str) -> None:
    live = await duels.live(game_id)
    decision = live.pending_for(player)
    assert decision is not None
    await duels.act(game_id, USERS[player], live.own_actions(player), decision.options[: decision.count])


# --- timers ----------------------------------------------------------------------------------------------


@pytest.mark.asyncio
async def test_each_notice_is_sent_once_and_never_again_after_a_restart(world: World) -> None:
    live = await _started(world.bot.duels)
    game_id = live.row.id
    await _decide(world.bot.duels, game_id, "p1")  # Alice placed her card: the game waits for Bob
    assert await world.kinds() == []

    world.clock.advance(7.9)
    assert await world.kinds() == []
    world.clock.advance(0.1)  # 8 hours: the first reminder
    (reminder,) = await world.bot.timers.tick()
    assert reminder.kind == REMINDER and reminder.waiting == ("p2",) and reminder.claimer == "p1"
    assert not reminder.late and reminder.deadlines.time_up - reminder.deadlines.since == timedelta(hours=24)
    assert await world.kinds() == []  # once
    await world.restart()
    assert await world.kinds() == []  # and not again after a restart

    world.clock.advance(8)
    assert await world.kinds() == [REMINDER]
    world.clock.advance(8)  # 24 hours: time is up, Alice may claim victory
    (claim,) = await world.bot.timers.tick()
    assert claim.kind == CLAIM and claim.claimer == "p1" and claim.version == 1
    assert await world.kinds() == []
    await world.restart()
    assert await world.kinds() == []

    world.clock.advance(8)  # a reminder during the grace period says that time is up
    (late,) = await world.bot.timers.tick()
    assert late.kind == REMINDER and late.late
    world.clock.advance(39.9)
    await world.bot.timers.tick()
    assert (await world.bot.duels.live(game_id)).outcome is None
    world.clock.advance(0.1)  # 24 + 48 hours: Bob forfeits the match
    (forfeit,) = await world.bot.timers.tick()
    assert forfeit.kind == FORFEIT and forfeit.step is not None and forfeit.step.match_over
    assert await world.kinds() == []
    bot = await world.restart()
    assert await world.kinds() == []
    row = await bot.storage.game(game_id)
    match = await bot.storage.match(live.match.id)
    assert row is not None and match is not None
    assert (row.status, row.winner, row.reason) == ("finished", "p1", "forfeit")
    assert match.status == "finished"
    assert (await bot.duels.live(game_id)).outcome == ("p1", "forfeit")


@pytest.mark.asyncio
async def test_a_bot_that_was_down_does_only_the_last_thing_due(world: World) -> None:
    live = await _started(world.bot.duels)
    await _decide(world.bot.duels, live.row.id, "p2")  # Bob placed: the game waits for Alice
    await world.bot.storage.close()
    world.clock.advance(30)  # down through two reminders and the end of the decision time
    world.bot = await Bot.open(world.path, world.clock)
    (claim,) = await world.bot.timers.tick()
    assert claim.kind == CLAIM and claim.claimer == "p2"
    assert await world.kinds() == []
    world.clock.advance(100)
    assert await world.kinds() == [FORFEIT]
    assert (await world.bot.duels.live(live.row.id)).outcome == ("p2", "forfeit")


@pytest.mark.asyncio
async def test_a_decision_starts_a_new_wait(world: World) -> None:
    live = await _started(world.bot.duels)
    world.clock.advance(8)
    (reminder,) = await world.bot.timers.tick()
    assert reminder.waiting == ("p1", "p2") and reminder.claimer is None  # both choose a card
    world.clock.advance(12)
    commits = world.bot.storage.commits
    await _decide(world.bot.duels, live.row.id, "p1")  # 20 hours in, Alice decides
    assert world.bot.storage.commits == commits + 1  # still one commit per decision
    world.clock.advance(7.9)
    assert await world.kinds() == []  # Bob's wait counts from Alice's decision
    world.clock.advance(0.1)
    (reminder,) = await world.bot.timers.tick()
    assert reminder.waiting == ("p2",) and reminder.deadlines.since == world.clock.now - timedelta(hours=8)


@pytest.mark.asyncio
async def test_when_the_game_waits_for_both_nobody_can_claim_and_the_duel_is_cancelled(world: World) -> None:
    ended: list[Any] = []

    async def hook(game: GameEnded) -> None:
        ended.append((game.live.row.id, game.winner, game.reason))

    world.bot.duels.bus.subscribe(GameEnded, hook)
    live = await _started(world.bot.duels)
    world.clock.advance(24)
    (claim,) = await world.bot.timers.tick()
    assert claim.kind == CLAIM and claim.claimer is None
    world.clock.advance(48)
    (abandoned,) = await world.bot.timers.tick()
    assert abandoned.kind == ABANDONED and abandoned.step is not None
    assert ended == []  # no result for the ratings
    bot = await world.restart()
    row = await bot.storage.game(live.row.id)
    match = await bot.storage.match(live.match.id)
    assert row is not None and match is not None
    assert (row.status, row.winner, row.reason, match.status) == ("aborted", None, "abandoned", "aborted")
    assert (await bot.duels.live(live.row.id)).outcome == (None, "abandoned")
    with pytest.raises(Refusal, match="over"):
        await _decide(bot.duels, live.row.id, "p1")
    assert await world.kinds() == []


@pytest.mark.asyncio
async def test_server_settings_change_the_timers(world: World) -> None:
    await world.bot.settings.update(GUILD, ALICE[0], decision_hours=2, reminder_hours=0, grace_hours=1)
    live = await _started(world.bot.duels)
    world.clock.advance(1.9)
    assert await world.kinds() == []  # no reminders
    world.clock.advance(0.1)
    assert await world.kinds() == [CLAIM]
    world.clock.advance(1)
    assert await world.kinds() == [ABANDONED]
    assert (await world.bot.duels.live(live.row.id)).outcome == (None, "abandoned")


# --- ends outside the rules ------------------------------------------------------------------------------


@pytest.mark.asyncio
async def test_a_claim_is_out_of_date_once_the_opponent_decided(world: World) -> None:
    duels = world.bot.duels
    live = await _started(duels)
    await _decide(duels, live.row.id, "p1")
    version = len(live.actions)
    await _decide(duels, live.row.id, "p2")  # Bob decides before Alice claims
    with pytest.raises(Refusal, match="out of date"):
        await duels.end(live.row.id, "p1", "timeout", match_too=True, expected_actions=version)
    step = await duels.end(live.row.id, "p1", "timeout", match_too=True, expected_actions=len(live.actions))
    assert step.match_over and step.next_game is None and live.outcome == ("p1", "timeout")


@pytest.mark.asyncio
async def test_a_concession_ends_the_whole_match(world: World) -> None:
    duels = world.bot.duels
    live = await _started(duels)
    step = await duels.end(live.row.id, "p2", "conceded", match_too=True)
    assert step.match_over and live.outcome == ("p2", "conceded")
    match = await duels.storage.match(live.match.id)
    assert match is not None and match.status == "finished"
    assert await duels.score(live.match.id) == {"p1": 0, "p2": 1}
    with pytest.raises(Refusal, match="already over"):
        await duels.end(live.row.id, "p1", "conceded", match_too=True)


@pytest.mark.asyncio
async def test_an_abort_records_no_result(world: World) -> None:
    duels = world.bot.duels
    proposed = await duels.propose(Challenge(GUILD, new_home(GUILD, CHANNEL), CAROL, DAVE, "I", None, 2))
    match, step = await duels.abort(proposed.id)
    assert match.status == "aborted" and step is None
    with pytest.raises(Refusal, match="not running"):
        await duels.abort(proposed.id)

    live = await _started(duels)
    await _decide(duels, live.row.id, "p1")
    match, step = await duels.abort(live.match.id)
    assert match.status == "aborted" and step is not None and step.match_over
    assert live.outcome == (None, "aborted")
    assert await duels.score(live.match.id) == {"p1": 0, "p2": 0}
    with pytest.raises(Refusal, match="over"):
        await _decide(duels, live.row.id, "p2")
    bot = await world.restart()
    assert (await bot.duels.live(live.row.id)).outcome == (None, "aborted")
    assert await bot.storage.open_matches(GUILD) == []


# --- settings and the cap --------------------------------------------------------------------------------


@pytest.mark.asyncio
async def test_settings_have_defaults_and_keep_what_is_not_changed(world: World) -> None:
    store = world.bot.settings
    assert await store.get(GUILD) == DEFAULTS
    assert (DEFAULTS.decision_hours, DEFAULTS.reminder_hours, DEFAULTS.grace_hours) == (24, 8, 48)
    changed = await store.update(GUILD, ALICE[0], decision_hours=12, cross_channel=False)
    assert changed == GuildSettings(decision_hours=12, cross_channel=False)
    changed = await store.update(GUILD, ALICE[0], max_duels=3)
    assert (changed.decision_hours, changed.cross_channel, changed.max_duels) == (12, False, 3)
    with pytest.raises(Refusal, match="between"):
        await store.update(GUILD, ALICE[0], max_duels=0)
    with pytest.raises(Refusal, match="between"):
        await store.update(GUILD, ALICE[0], decision_hours=float("nan"))
    bot = await world.restart()
    assert await bot.settings.get(GUILD) == changed
    assert await bot.settings.get(GUILD + 1) == DEFAULTS
    assert await bot.settings.all() == {GUILD: changed}


@pytest.mark.asyncio
async def test_the_cap_on_open_duels_counts_challenges_and_names_the_limit(world: World) -> None:
    duels = world.bot.duels
    await world.bot.settings.update(GUILD, ALICE[0], max_duels=2)
    first = await duels.propose(Challenge(GUILD, new_home(GUILD, CHANNEL), ALICE, BOB, "I", None, 2))
    await duels.propose(Challenge(GUILD, new_home(GUILD, CHANNEL), ALICE, CAROL, "I", None, 2))
    with pytest.raises(Refusal, match=r"You already have 2 open duels .* \(2\)"):
        await duels.propose(Challenge(GUILD, new_home(GUILD, CHANNEL), ALICE, DAVE, "I", None, 2))
    with pytest.raises(Refusal, match=r"Alice already has 2 open duels .* \(2\)"):
        await duels.propose(Challenge(GUILD, new_home(GUILD, CHANNEL), DAVE, ALICE, "I", None, 2))
    await duels.propose(
        Challenge(GUILD + 1, new_home(GUILD + 1, CHANNEL + 100), ALICE, DAVE, "I", None, 2)
    )  # another server
    await duels.answer(first.id, BOB[0], "decline")  # a declined challenge no longer counts
    await duels.propose(Challenge(GUILD, new_home(GUILD, CHANNEL), DAVE, ALICE, "I", None, 2))


@pytest.mark.asyncio
async def test_without_cross_channel_duels_a_player_stays_in_one_channel(world: World) -> None:
    duels = world.bot.duels
    await duels.propose(Challenge(GUILD, new_home(GUILD, CHANNEL), ALICE, BOB, "I", None, 2))
    await duels.propose(
        Challenge(GUILD, new_home(GUILD, OTHER_CHANNEL), ALICE, CAROL, "I", None, 2)
    )  # allowed by default
    await world.bot.settings.update(GUILD, ALICE[0], cross_channel=False)
    with pytest.raises(Refusal, match="you already have a duel in <#"):
        await duels.propose(Challenge(GUILD, new_home(GUILD, OTHER_CHANNEL), ALICE, DAVE, "I", None, 2))
    with pytest.raises(Refusal, match="Bob already has a duel in <#20>"):
        await duels.propose(Challenge(GUILD, new_home(GUILD, OTHER_CHANNEL), DAVE, BOB, "I", None, 2))
    await duels.propose(
        Challenge(GUILD, new_home(GUILD, OTHER_CHANNEL), DAVE, CAROL, "I", None, 2)
    )  # Carol is only there


# --- the background task ---------------------------------------------------------------------------------


@pytest.mark.asyncio
async def test_the_background_task_sends_what_is_due_until_stopped(world: World) -> None:
    live = await _started(world.bot.duels)
    await _decide(world.bot.duels, live.row.id, "p1")
    sent: list[Notice] = []

    async def notify(notice: Notice) -> None:
        sent.append(notice)
        if len(sent) == 1:
            raise RuntimeError("Discord is down")  # logged; the task goes on

    bus = Bus()
    bus.subscribe(NoticeDue, lambda due: notify(due.notice))
    timers = Timers(world.bot.duels, world.bot.settings, interval=0.005, bus=bus)
    timers.start()
    world.clock.advance(8)
    for _ in range(200):
        if sent:
            break
        await asyncio.sleep(0.005)
    world.clock.advance(8)
    for _ in range(200):
        if len(sent) == 2:
            break
        await asyncio.sleep(0.005)
    scanning = timers._task
    await timers.stop()
    assert [(n.kind, n.waiting) for n in sent] == [(REMINDER, ("p2",)), (REMINDER, ("p2",))]
    assert scanning is not None and scanning.done() and timers._task is None  # stopped: nothing more sent
    await timers.stop()  # stopping twice is harmless


def test_the_timer_tick_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    assert Settings().timer_tick == 60
    monkeypatch.setenv("CARDIA_TIMER_TICK", "5")
    assert Settings().timer_tick == 5


@pytest.mark.asyncio
async def test_settings_changed_by_another_process_are_seen_within_a_minute(database: str) -> None:
    """Two processes on one database (PostgreSQL's deployments): a setting one changes reaches the
    other's cache once it is a minute old, and at once in the process that changed it."""
    now = [0.0]
    first, second = await Storage.open(database), await Storage.open(database)
    here = GuildSettingsStore(first, clock=lambda: now[0])
    there = GuildSettingsStore(second, clock=lambda: now[0])
    assert (await there.get(7)).max_duels == 5
    assert (await here.update(7, 1, max_duels=9)).max_duels == 9
    assert (await here.get(7)).max_duels == 9
    assert (await there.get(7)).max_duels == 5  # still the copy it read
    now[0] += 61
    assert (await there.get(7)).max_duels == 9
    await first.close()
    await second.close()


@pytest.mark.asyncio
async def test_a_process_scans_the_timers_of_its_own_servers_only(world: World) -> None:
    """Several processes share the database: each sends its own shards' notices (and the mark on the
    wait makes any notice once, whoever scans)."""
    live = await _started(world.bot.duels)
    await _decide(world.bot.duels, live.row.id, "p1")
    world.clock.advance(9)
    elsewhere = Timers(world.bot.duels, world.bot.settings, owns=lambda guild_id: False)
    assert await elsewhere.tick() == []
    assert [notice.kind for notice in await world.bot.timers.tick()] == ["reminder"]


@pytest.mark.asyncio
async def test_a_scan_of_many_games_lets_the_event_loop_run_others(world: World) -> None:
    """A scan goes through every game in progress; with thousands, interactions go on meanwhile."""
    since = world.clock().isoformat(timespec="seconds")
    many = [Wait(game, game, GUILD, since, 0, 0, False) for game in range(1, 2001)]  # none due yet

    turns = 0
    scan_began = -1

    async def waits(game_id: int | None = None) -> list[Wait]:
        nonlocal scan_began
        scan_began = turns  # what the other task did before: reading the settings waits for the database
        return many

    world.bot.timers.waits = waits  # type: ignore[method-assign]

    async def other_work() -> None:
        nonlocal turns
        while True:
            turns += 1
            await asyncio.sleep(0)

    other = asyncio.create_task(other_work())
    assert await world.bot.timers.tick() == []
    other.cancel()
    assert turns - scan_began >= len(many) // SCAN_BATCH - 1, "the scan let the loop run in between"
