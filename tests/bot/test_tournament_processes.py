"""Tournaments run by real ``python -m bot`` processes (issue 35): a Swiss of seven over three rounds,
played to its end through Discord with one player withdrawing and the bot killed mid-round (SIGKILL right
after the concession that ends round 1, before it shows round 2), its tie-breaks checked against a table
worked out by hand; and two processes on one PostgreSQL database ending a round's last two duels at the
same moment: the next round is paired once and shown once."""

from __future__ import annotations

import asyncio
import re
import signal
from collections import Counter
from pathlib import Path

import asyncpg
import pytest

from bot.store import Storage
from emulator import Emulator, Interaction, SimUser
from tests.bot.tournaments import Organiser, players
from tests.postgres import PostgresServer, new_postgres_database
from tests.processes import BotProcess, callback_of

TICK = {"TOURNAMENT_TICK": "0.2"}  # seconds between two looks at the tournaments, in each process
LINE = re.compile(r"\*\*(\d)\.\*\* (Player\d): (.*)")


async def answered_and_settled(emulator: Emulator, *processes: BotProcess) -> None:
    """Every interaction answered, then each bot process idle (its own report, not a quiet spell)."""
    await emulator.wait_for(
        lambda: all(i.answered_at is not None for i in emulator.interactions), 15, what="answers"
    )
    for process in processes:
        await process.settled()


@pytest.mark.asyncio
async def test_a_swiss_of_seven_is_played_to_its_end_with_a_withdrawal_and_a_kill_mid_round(
    discord_emulator: Emulator, tmp_path: Path
) -> None:
    emulator = discord_emulator
    emulator.interaction_deadline = None  # the killed process cannot answer what is sent as it dies
    manager = emulator.user("alice")
    p1, p2, p3, p4, p5, p6, p7 = seven = players(emulator, 7)
    database = tmp_path / "cardia.db"
    process = BotProcess(emulator, database, tmp_path / "bot.log", settings=TICK)
    storage = await Storage.open(database)
    run = Organiser(emulator, lambda: storage, lambda: answered_and_settled(emulator, process))
    try:
        await process.start("--sync")
        tournament_id, _ = await run.create(manager, name="Friday cup", format="swiss", rounds=3, match=1)
        await run.join(tournament_id, seven)
        await run.slash(manager, "cardia", "tournament", "start")

        # Worked by hand. Everyone starts at 1000: ranked by points, then by id (player1 first).
        # Round 1: the bye to the lowest, player7; then from the top: 1-2, 3-4, 5-6.
        assert f"{p7.mention} has a bye" in run.round_messages(1)[0].text
        duels = await run.duels(tournament_id, 1)
        assert set(duels) == {frozenset((a.id, b.id)) for a, b in ((p1, p2), (p3, p4), (p5, p6))}
        await run.concede(p2, duels[frozenset((p1.id, p2.id))])
        await run.concede(p3, duels[frozenset((p3.id, p4.id))])  # an upset: the fourth beats the third
        # The last duel of round 1 ends: the bot is killed as soon as it has answered the click, before it
        # shows round 2 (made in the same transaction as the result).
        last = duels[frozenset((p5.id, p6.id))]
        asked = await run.slash(p6, "cardia", "concede", duel=str(last))
        confirm: Interaction = run.confirm_of(p6, asked, last)
        process.kill_on(callback_of(confirm), signal.SIGKILL)
        await p6.send(confirm)
        await process.stopped()
        # Usually nothing of round 2 was shown before the kill (its message comes after the answer); if
        # the machine's timing let it out first, the restart must still show nothing twice.
        shown_before_kill = len(run.round_messages(2))
        assert shown_before_kill <= 1
        await process.start()
        await run.shown()
        await process.settled()

        # Round 2 (1: P1 P4 P5 P7; 0: P2 P3 P6): the bye to player6; 1-4, 5-7, 2-3.
        (second,) = run.round_messages(2)
        assert f"{p6.mention} has a bye" in second.text and "Standings after round 1" in second.text
        duels = await run.duels(tournament_id, 2)
        assert set(duels) == {frozenset((a.id, b.id)) for a, b in ((p1, p4), (p5, p7), (p2, p3))}
        for match_id in duels.values():  # each duel shown once, in a thread of its own, with one board
            match = await storage.match(match_id)
            assert match is not None
            shown = [m for m in emulator.messages(emulator.channel) if "round 2:" in m.content]
            assert sum(f"<@{match.challenger_id}> " in m.content for m in shown) == 1
            threads = [
                c
                for c in emulator.state.channels.values()
                if c.is_thread and c.name.startswith(match.challenger_name)
            ]
            assert threads
        # Each game of round 1 has its first board and its last (the one killed too: shown after the
        # restart); each of round 2 its first. None twice.
        boards = Counter(
            c.split(":")[2] for m in emulator.messages() for c in m.custom_ids if c.startswith("cardia:h:")
        )
        assert sorted(boards.values()) == [1, 1, 1, 2, 2, 2], boards
        await run.play_round(tournament_id, 2, [(p1, p4), (p7, p5), (p2, p3)])

        # Round 3 (2: P1 P7; 1: P2 P4 P5 P6; 0: P3): the bye to player3; 1-7, then 2-4 would leave 5-6,
        # who met in round 1: so 2-5 and 4-6.
        (third,) = run.round_messages(3)
        assert f"{p3.mention} has a bye" in third.text
        duels = await run.duels(tournament_id, 3)
        assert set(duels) == {frozenset((a.id, b.id)) for a, b in ((p1, p7), (p2, p5), (p4, p6))}
        withdrew = await run.slash(p6, "cardia", "tournament", "withdraw")
        assert withdrew.message is not None and "withdrew" in withdrew.message.text
        forfeited = await storage.match(duels[frozenset((p4.id, p6.id))])
        assert forfeited is not None and forfeited.status == "finished"
        await run.concede(p7, duels[frozenset((p1.id, p7.id))])
        await run.concede(p2, duels[frozenset((p2.id, p5.id))])  # player5 beats player2
        await run.shown()

        (final,) = run.finals()
        assert p1.mention in final.content
        lines = [LINE.fullmatch(line) for line in final.text.splitlines()]
        table = [(m[1], m[2], m[3]) for m in lines if m is not None]
        # Points, Buchholz (the opponents' points; a bye adds nothing), Sonneborn–Berger (the points of
        # the opponents beaten). P4 and P7 tie on both: the rating ties too, so the lower id, P4.
        assert table == [
            ("1", "Player1", "3 points (Buchholz 5, Sonneborn–Berger 5)"),  # beat 2 (1), 4 (2), 7 (2)
            ("2", "Player4", "2 points (Buchholz 5, Sonneborn–Berger 2)"),  # met 3 (1), 1 (3), 6 (1)
            ("3", "Player7", "2 points (Buchholz 5, Sonneborn–Berger 2)"),  # met 5 (2), 1 (3)
            ("4", "Player5", "2 points (Buchholz 4, Sonneborn–Berger 2)"),  # met 6 (1), 7 (2), 2 (1)
            ("5", "Player2", "1 point (Buchholz 6, Sonneborn–Berger 1)"),  # met 1 (3), 3 (1), 5 (2)
            ("6", "Player6", "1 point (Buchholz 4, Sonneborn–Berger 0) (withdrew)"),  # met 5, 4
            ("7", "Player3", "1 point (Buchholz 3, Sonneborn–Berger 0)"),  # met 4 (2), 2 (1)
        ]
        games = await storage.tournament_games(tournament_id)
        pairs = [frozenset((g.first_id, g.second_id)) for g in games if g.second_id is not None]
        assert len(pairs) == len(set(pairs)) == 9  # no pair twice
        assert sorted(g.first_id for g in games if g.second_id is None) == sorted((p7.id, p6.id, p3.id))
        assert len(run.round_messages()) == 3 and len(run.finals()) == 1  # each shown once
        assert "Champion" in run.page(tournament_id).text
    finally:
        await process.close()
        await storage.close()


async def both_at_once(url: str, sends: list[tuple[BotProcess, Interaction]]) -> None:
    """Each process handles its interaction at the same moment as the other: the test holds the table of
    what Discord must show locked (written by the transaction that ends a duel) until both transactions
    wait for a lock, then lets them go together. Without a lock of the tournament, each
    would have read the other's game as still being played."""
    holder = await asyncpg.connect(url)
    try:
        async with holder.transaction():
            await holder.execute("LOCK TABLE due IN EXCLUSIVE MODE")
            for process, interaction in sends:
                await process.emulator.inject(interaction, session=process.gateways[0])
            for _ in range(200):
                waiting = await holder.fetchval(
                    "SELECT COUNT(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'"
                    " AND datname = current_database()"
                )
                if waiting >= len(sends):
                    break
                await asyncio.sleep(0.05)
            else:
                raise AssertionError("the processes did not both reach the round's end")
    finally:
        await holder.close()


@pytest.mark.asyncio
async def test_two_processes_ending_a_rounds_last_duels_at_once_pair_the_next_round_once(
    discord_emulator: Emulator, postgres_server: PostgresServer, tmp_path: Path
) -> None:
    """Two processes share the server's shard, as during a deploy (each interaction goes to one of them):
    the last two duels of round 1 end at the same moment, one in each. Round 2 is paired once, its
    message and its duels shown once."""
    emulator = discord_emulator
    manager = emulator.user("alice")
    four = players(emulator, 4)
    url = await new_postgres_database(postgres_server)
    processes = [
        BotProcess(emulator, url, tmp_path / f"bot{n}.log", settings={"TOURNAMENT_TICK": "3600"})
        for n in (0, 1)
    ]
    storage = await Storage.open(url)
    first, second = processes

    async def to_first(user: SimUser, interaction: Interaction) -> Interaction:
        return await first.send(interaction)

    run = Organiser(
        emulator, lambda: storage, lambda: answered_and_settled(emulator, *processes), send=to_first
    )
    try:
        await first.start("--sync")
        await second.start()
        tournament_id, _ = await run.create(manager, name="Deploy cup", format="swiss", rounds=2, match=1)
        await run.join(tournament_id, four)
        await run.slash(manager, "cardia", "tournament", "start")
        duels = list((await run.duels(tournament_id, 1)).items())
        assert len(duels) == 2
        confirms = []
        for (_, match_id), process in zip(duels, processes, strict=True):
            match = await storage.match(match_id)
            assert match is not None
            loser = next(user for user in four if user.id == match.opponent_id)
            asked = await run.slash(loser, "cardia", "concede", duel=str(match_id))
            confirms.append((process, run.confirm_of(loser, asked, match_id)))
        await both_at_once(url, confirms)
        # Each process idle in turn until both are (one's update may follow the other's commit).
        for _ in range(3):
            for process in processes:
                await process.settled()
        tournament = await storage.tournament(tournament_id)
        assert tournament is not None and tournament.round == 2
        assert len(await run.duels(tournament_id, 2)) == 2
        games = await storage.tournament_games(tournament_id)
        assert len(games) == 4 and all(g.result is not None for g in games if g.round == 1)
        assert len(run.round_messages(2)) == 1
        challenges = [m for m in emulator.messages(emulator.channel) if "round 2:" in m.content]
        assert len(challenges) == 2
        boards = Counter(
            c.split(":")[2] for m in emulator.messages() for c in m.custom_ids if c.startswith("cardia:h:")
        )
        assert sorted(boards.values()) == [1, 1, 2, 2], boards  # round 1's first and last, round 2's first
    finally:
        for process in processes:
            await process.close()
        await storage.close()
