"""Several real ``python -m bot`` processes sharing one PostgreSQL database, each running some of the
bot's shards, against the loopback Discord (which sends each server's events to the shard that owns it).

- A process killed with SIGKILL in the middle of a decision (as the click arrives, or right after it
  answered) loses nothing: the other process's server plays on meanwhile, and once restarted the killed
  process's server resumes where its database says it is, every decision stored exactly once.
- Timers fire exactly once per due notice with three processes on one database, two of them running
  the same shards (as during a rolling restart): reminders, the claim offer and the forfeit.

What the channels show is checked against the database after every step: no board posted twice, the
latest board of each game at the game's stored revision, asking exactly the players the game waits for.
"""

from __future__ import annotations

import asyncio
import signal
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.store import Storage, StoredAction
from emulator import Emulator, Interaction, Message, SimUser
from emulator.shards import guild_on_another_shard, shard_of
from emulator.state import Channel, Guild
from engine import Game, Setup
from tests.postgres import PostgresServer, new_postgres_database
from tests.processes import BotProcess, callback_of, shown_boards

PLAYERS = ("p1", "p2")


@dataclass(frozen=True)
class StoredGame:
    match_id: int
    status: str
    setup: Setup
    actions: list[StoredAction]

    def replay(self) -> Game:
        game = Game(self.setup)
        for player, choose in self.actions:
            game.apply(player, choose)
        return game


async def stored(url: str) -> dict[int, StoredGame]:
    """Every game in the database, as the test's own replay reads it."""
    storage = await Storage.open(url)
    try:
        rows = await storage.db.execute_fetchall("SELECT id, match_id, status, setup FROM games ORDER BY id")
        games = {}
        for row in rows:
            game = await storage.game(row["id"])
            assert game is not None
            games[row["id"]] = StoredGame(
                row["match_id"],
                row["status"],
                Setup.model_validate(game.setup),
                await storage.actions(row["id"]),
            )
        return games
    finally:
        await storage.close()


@dataclass(eq=False)
class Table:
    """A duel in a channel of one server, and the process that runs that server's shard."""

    emulator: Emulator
    guild: Guild
    players: tuple[SimUser, SimUser]
    process: BotProcess
    channel: Channel | None = None  # default: the server's first channel
    match_id: int | None = None
    resent: int = field(default=0)  # clicks sent again because the killed process never stored them

    def __post_init__(self) -> None:
        self.channel = self.channel or self.guild.channels[0]

    def messages(self) -> list[Message]:
        """The public messages of the channel and of the threads started in it (a duel's own)."""
        assert self.channel is not None
        here = {self.channel.id} | {t.id for t in self.guild.threads if t.parent_id == self.channel.id}
        return [m for m in self.emulator.messages() if m.channel_id in here]

    def boards(self) -> list[tuple[int, int, Message]]:
        """(game, revision, message) of every public board here, oldest first."""
        return shown_boards(self.messages())

    @property
    def over(self) -> bool:
        return any(any(c.startswith("cardia:r:") for c in m.custom_ids) for m in self.messages())

    async def open_match(self) -> None:
        first, second = self.players
        for user in self.players:
            assert self.channel is not None
            user.channel = self.channel
        await first.slash("cardia", "challenge", opponent=second, match=1)
        offer = await self.emulator.wait_for(
            lambda: next((m for m in self.messages() if any(":accept" in c for c in m.custom_ids)), None),
            what="the challenge",
        )
        self.match_id = int(next(c for c in offer.custom_ids if c.endswith(":accept")).split(":")[2])
        await second.click(offer, f"cardia:c:{self.match_id}:accept")
        await self.emulator.wait_for(self.boards, what="the first board")

    async def next_click(self) -> tuple[SimUser, Interaction]:
        """The first player the latest board asks opens their hand; their first choice, not yet sent."""
        game_id, _, board = self.boards()[-1]
        user = next(u for u in self.players if u.mention in board.content)
        shown = await user.click(board, f"cardia:h:{game_id}")
        hand = shown.message
        assert hand is not None and hand.ephemeral, shown.callbacks
        buttons = [c for c in hand.custom_ids if c.startswith("cardia:b:")]
        if buttons:
            return user, user.component_interaction(hand, buttons[0])
        custom_id = next(c for c in hand.custom_ids if c.startswith("cardia:s:"))
        select = hand.component(custom_id)
        assert select is not None
        values = [option["value"] for option in select["options"]][: select["min_values"]]
        return user, user.component_interaction(hand, custom_id, values)

    async def decide(self, url: str) -> None:
        """One decision, waiting until its board (or the result) is posted."""
        before = await self.decisions(url)
        user, click = await self.next_click()
        await user.send(click)
        await self.synced(url, before + 1)

    async def decisions(self, url: str) -> int:
        games = await stored(url)
        return sum(len(g.actions) for g in games.values() if g.match_id == self.match_id)

    async def synced(self, url: str, decisions: int) -> None:
        """Wait until ``decisions`` are stored and the latest board (or the match's result) shows them."""
        for _ in range(200):
            games = await stored(url)
            mine = {i: g for i, g in games.items() if g.match_id == self.match_id}
            newest = max(mine)
            boards = self.boards()
            # A finished game's last board asks nobody: wait for the next game's board or the result.
            shown = boards and boards[-1][:2] == (newest, len(mine[newest].actions))
            if sum(len(g.actions) for g in mine.values()) == decisions and (
                (shown and mine[newest].status != "finished") or self.over
            ):
                return
            await asyncio.sleep(0.05)
        raise AssertionError(f"match {self.match_id}: not {decisions} decisions shown")

    async def check(self, url: str) -> None:
        """The channel against the database (see the module's docstring)."""
        games = {i: g for i, g in (await stored(url)).items() if g.match_id == self.match_id}
        for game_id, game in games.items():
            revisions = [rev for shown, rev, _ in self.boards() if shown == game_id]
            assert revisions, f"game {game_id} never got a board"
            assert revisions == sorted(set(revisions)), f"game {game_id}: a board twice {revisions}"
            assert revisions[-1] == len(game.actions), f"game {game_id}: the latest board is stale"
        game_id, _, latest = self.boards()[-1]
        replayed = games[game_id].replay()
        waiting = {d.player for d in replayed.pending} if replayed.result is None else set()
        asked = {p for p, user in zip(PLAYERS, self.players, strict=True) if user.mention in latest.content}
        assert asked == waiting, (game_id, latest.content)


@pytest.mark.asyncio
async def test_a_process_killed_mid_decision_loses_nothing_while_the_other_plays_on(
    discord_emulator: Emulator, postgres_server: PostgresServer, tmp_path: Path
) -> None:
    emulator = discord_emulator
    emulator.interaction_deadline = None  # a killed process cannot answer; its player clicks again
    emulator.require_acknowledgement = False
    other = await guild_on_another_shard(emulator, 2)
    url = await new_postgres_database(postgres_server)
    processes = [
        BotProcess(emulator, url, tmp_path / f"{name}.log", shards=(2, str(shard_of(guild.id, 2))))
        for name, guild in (("here", emulator.guild), ("there", other))
    ]
    users = [emulator.user(name) for name in ("alice", "bob", "carol", "dave")]
    tables = [
        Table(emulator, emulator.guild, (users[0], users[1]), processes[0]),
        Table(emulator, other, (users[2], users[3]), processes[1]),
    ]
    try:
        await processes[0].start("--sync")
        await processes[1].start()
        assert "event loop: uvloop" in processes[0].log.read_text(), "python -m bot runs on uvloop"
        for table in tables:
            await table.open_match()
            await table.decide(url)
            await table.check(url)

        for victim, bystander in (tables, tables[::-1]):
            # Killed right after answering a decision: stored, its board not posted yet (or just).
            before = await victim.decisions(url)
            user, click = await victim.next_click()
            victim.process.kill_on(callback_of(click), signal.SIGKILL)
            await victim.emulator.inject(click)
            assert await victim.process.stopped() == -signal.SIGKILL
            for _ in range(3):  # the other server plays on meanwhile
                await bystander.decide(url)
            await victim.process.start()
            await victim.synced(url, before + 1)
            await asyncio.gather(*(process.settled() for process in processes))
            for table in tables:
                await table.check(url)

            # Killed as the click arrives: stored or not, never twice; if not, the player clicks again.
            before = await victim.decisions(url)
            user, click = await victim.next_click()
            await victim.emulator.inject(click)
            victim.process.kill()
            await victim.process.stopped()
            await bystander.decide(url)
            await victim.process.start()
            await asyncio.gather(*(process.settled() for process in processes))
            after = await victim.decisions(url)
            assert after in (before, before + 1)
            if after == before:
                victim.resent += 1
                assert click.source is not None
                await user.send(user.component_interaction(click.source, *click_choice(click)))
            await victim.synced(url, before + 1)
            for table in tables:
                await table.check(url)

        for _ in range(300):  # both matches to their end, a decision in each server in turn
            playing = [table for table in tables if not table.over]
            if not playing:
                break
            for table in playing:
                await table.decide(url)
        await asyncio.gather(*(process.settled() for process in processes))
        for table in tables:
            await table.check(url)
            results = [m for m in table.messages() if any(c.startswith("cardia:r:") for c in m.custom_ids)]
            assert len(results) == 1 and "wins the match" in results[0].content
        assert [p.starts for p in processes] == [3, 3]
        assert not emulator.violations
    finally:
        for process in processes:
            await process.close()


async def backdate(url: str, hours: float) -> None:
    """Time passes: every wait in progress began ``hours`` ago (the processes read it on their next scan)."""
    since = (datetime.now(UTC) - timedelta(hours=hours)).isoformat(timespec="seconds")
    storage = await Storage.open(url)
    try:
        async with storage.transaction() as tx:
            await tx.db.execute("UPDATE games SET waiting_since = ? WHERE status = 'in_progress'", (since,))
    finally:
        await storage.close()


async def marks(url: str) -> dict[int, tuple[str, int, int]]:
    """Per match: its game's status, and the reminders and claim offers marked as sent."""
    storage = await Storage.open(url)
    try:
        rows = await storage.db.execute_fetchall(
            "SELECT match_id, status, reminders_sent, claim_offered FROM games ORDER BY id"
        )
        return {row["match_id"]: (row["status"], row["reminders_sent"], row["claim_offered"]) for row in rows}
    finally:
        await storage.close()


def notices(table: Table) -> tuple[int, int, int]:
    """The reminders, claim offers and match results (a forfeit or a cancellation) posted in the table's
    server."""
    contents = [m.content for m in table.messages()]
    results = [m for m in table.messages() if any(c.startswith("cardia:r:") for c in m.custom_ids)]
    return (
        sum(c.startswith("⏰") for c in contents),
        sum(c.startswith("⌛") and "(game " in c for c in contents),
        len(results),
    )


@pytest.mark.asyncio
async def test_timers_fire_once_across_three_processes(
    discord_emulator: Emulator, postgres_server: PostgresServer, tmp_path: Path
) -> None:
    emulator = discord_emulator
    other = await guild_on_another_shard(emulator, 2)
    url = await new_postgres_database(postgres_server)
    tick = {"TIMER_TICK": "0.1"}
    processes = [
        BotProcess(emulator, url, tmp_path / f"{shards}.log", shards=(2, shards), settings=tick)
        for shards in (str(shard_of(emulator.guild.id, 2)), str(shard_of(other.id, 2)), "0-1")
    ]
    # Ten duels in each server, each in a channel of its own: a scan takes longer than a tick, so the
    # processes that share a server are mid-scan at once. Half the games wait for one player (the claim
    # offer, then a forfeit), half for both (nobody may claim; the duel is cancelled).
    tables = []
    for index in range(20):
        guild = (emulator.guild, other)[index % 2]
        channel = emulator.state.add_channel(guild, f"duel-{index}")
        players = (emulator.user(f"first{index}"), emulator.user(f"second{index}"))
        tables.append(Table(emulator, guild, players, processes[index % 2], channel))
    try:
        await processes[0].start("--sync")
        await processes[1].start()
        await asyncio.gather(*(table.open_match() for table in tables))
        await asyncio.gather(*(table.decide(url) for index, table in enumerate(tables) if index % 4 < 2))
        # A third process on both shards, as when a new version starts before the old ones stop: every
        # due notice is now seen by two processes at once.
        await processes[2].start()

        async def settled(expected: tuple[int, int, int], marked: tuple[int, int]) -> None:
            """Each server shows the ``expected`` notices, and the database ``marked`` them, once each."""
            await emulator.wait_for(
                lambda: all(notices(t) == expected for t in tables),
                timeout=20,
                what=f"the notices {expected} in every server",
            )
            await asyncio.gather(*(process.scan_twice() for process in processes))  # nothing more is sent
            found = await marks(url)
            for table in tables:
                assert notices(table) == expected
                assert table.match_id is not None
                assert found[table.match_id] == ("in_progress", *marked)

        await backdate(url, 8.5)  # one reminder is due (every 8 hours by default)
        await settled((1, 0, 0), (1, 0))
        await backdate(url, 24.5)  # the decision time (24 hours) is up
        await settled((1, 1, 0), (3, 1))  # the claim marks the reminders due with it: none follows at once
        await backdate(url, 32.5)  # 8 hours more: a (late) reminder
        await settled((2, 1, 0), (4, 1))
        await backdate(url, 72.5)  # and the grace period (48 hours): the bot ends the duels
        await emulator.wait_for(lambda: all(notices(t)[2] == 1 for t in tables), timeout=20, what="the ends")
        await asyncio.gather(*(process.scan_twice() for process in processes))
        assert [notices(table) for table in tables] == [(2, 1, 1)] * len(tables)
        for table in tables:
            revisions = [rev for _, rev, _ in table.boards()]
            assert revisions == sorted(set(revisions)), f"a board posted twice: {revisions}"
        for index, table in enumerate(tables):
            assert ("no result is recorded", "forfeits")[index % 4 < 2] in table.messages()[-1].content
        ended = await stored(url)
        assert sorted(game.status for game in ended.values()) == ["aborted"] * 10 + ["finished"] * 10
        assert not emulator.violations
    finally:
        for process in processes:
            await process.close()


def click_choice(click: Interaction) -> tuple[str, list[str] | None]:
    """The custom id and chosen values of a component click, to send it again."""
    data = click.payload["data"]
    return data["custom_id"], data.get("values")
