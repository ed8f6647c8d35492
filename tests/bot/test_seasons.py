"""A season change through Discord (issue 35): a manager ends the season with ``/cardia settings
new_season:True``; the channel is told its top three; every rating moved halfway back to 1000; the new
season's leaderboard starts empty while the old one stays shown (``/cardia leaderboard season:1``);
``/cardia stats`` tells a player's seasons; and someone who is no manager is refused."""

from __future__ import annotations

import re

import pytest

import emulator.rest as discord_rest
from bot.store import Storage
from emulator import SimUser
from tests.bot.table import Table
from tests.bot.test_tournaments import NOT_MANAGER
from tests.processes import eventually

RATING = re.compile(r"Rating \*\*(\d+)\*\*")


async def settled(table: Table) -> None:
    await table.settle()


async def beat(table: Table, winner: SimUser, loser: SimUser) -> None:
    """A rated single game: ``winner`` challenges, ``loser`` accepts, then concedes."""
    message, match_id = await table.challenge(winner, loser, match=1)
    await loser.click(message, f"cardia:c:{match_id}:accept")
    await settled(table)
    asked = await loser.slash("cardia", "concede", duel=str(match_id))
    await settled(table)
    assert asked.message is not None
    await loser.click(asked.message, f"cardia:k:{match_id}")
    await settled(table)


async def private(table: Table, user: SimUser, *path: str, **options: object) -> str:
    sent = await user.slash(*path, **options)  # type: ignore[arg-type]
    await settled(table)
    assert sent.message is not None and sent.message.ephemeral, sent.callbacks
    return sent.message.text


@pytest.mark.asyncio
async def test_a_season_change_keeps_the_old_leaderboard_and_moves_ratings_halfway_back(table: Table) -> None:
    emulator, alice, bob, carol = table.emulator, table.alice, table.bob, table.carol
    async with table.running():
        await beat(table, alice, bob)
        await beat(table, alice, carol)
        await beat(table, carol, bob)
        ratings = {
            u: int(RATING.findall(await private(table, u, "cardia", "stats"))[0]) for u in (alice, bob, carol)
        }
        assert ratings[alice] > ratings[carol] > ratings[bob]

        bob.permissions = NOT_MANAGER
        refused = await private(table, bob, "cardia", "settings", new_season=True)
        assert "Manage Server" in refused and await table.storage.seasons_of(emulator.guild.id) == []

        before = len(emulator.messages())
        answer = await private(table, alice, "cardia", "settings", new_season=True)
        assert "Season 2 has begun" in answer
        # The announcement follows the answer: on a busy machine, after any quiet spell.
        await emulator.wait_for(
            lambda: len(emulator.messages()) > before, 15, what="the season's announcement"
        )
        (told,) = emulator.messages()[before:]
        assert "Season 1" in told.content and "is over" in told.content and "Season 2" in told.content
        podium = [line for line in told.content.splitlines() if line.startswith(("🥇", "🥈", "🥉"))]
        assert podium == [
            f"🥇 {alice.mention}: {ratings[alice]}",
            f"🥈 {carol.mention}: {ratings[carol]}",
            f"🥉 {bob.mention}: {ratings[bob]}",
        ]

        for user, rating in ratings.items():  # halfway back to 1000 (one point of rounding at most)
            now = int(RATING.findall(await private(table, user, "cardia", "stats"))[0])
            assert abs(now - (1000 + (rating - 1000) / 2)) <= 1, (user, rating, now)
        stats = await private(table, alice, "cardia", "stats")
        assert (
            "Past seasons**: 1 ranked, best place 1 (season 1)" in stats and "Season 2** under way" in stats
        )

        current = await private(table, alice, "cardia", "leaderboard")
        assert "Nobody has played a rated game in season 2 yet" in current and "Season 2" in current
        old = await private(table, alice, "cardia", "leaderboard", season=1)
        assert "season 1, final" in old
        names = [line.split("**")[1] for line in old.splitlines() if line.startswith("`")]
        assert names == ["Alice", "Carol", "Bob"]
        assert "has no final leaderboard" in await private(table, alice, "cardia", "leaderboard", season=5)

        await beat(table, bob, carol)  # season 2's leaderboard fills as it is played
        current = await private(table, alice, "cardia", "leaderboard")
        assert [line.split("**")[1] for line in current.splitlines() if line.startswith("`")] == [
            "Bob",
            "Carol",
        ]
        assert names == [
            line.split("**")[1]
            for line in (await private(table, alice, "cardia", "leaderboard", season=1)).splitlines()
            if line.startswith("`")
        ]


@pytest.mark.asyncio
async def test_an_announcement_posted_but_not_marked_is_not_posted_again(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A process that died between posting a season's announcement and marking it: the next one finds it
    among the channel's messages, later than Discord remembers its nonce, and only marks it."""
    emulator, alice, bob = table.emulator, table.alice, table.bob
    marks = Storage.note_announced
    dies = {"before_marking": 1}

    async def died_before_marking(storage: Storage, guild_id: int, number: int) -> bool:
        if dies["before_marking"]:
            dies["before_marking"] -= 1
            return False
        return await marks(storage, guild_id, number)

    monkeypatch.setattr(Storage, "note_announced", died_before_marking)
    monkeypatch.setattr(discord_rest, "NONCE_SECONDS", 0.0)
    async with table.running() as bot:
        await beat(table, alice, bob)
        answer = await private(table, alice, "cardia", "settings", new_season=True)
        assert "Season 2 has begun" in answer

        def announcements() -> list[str]:
            return [
                m.content for m in emulator.messages() if "Season 1" in m.content and "is over" in m.content
            ]

        async def not_yet_died() -> str:
            return "the announcement, then the death before its mark" if dies["before_marking"] else ""

        await eventually(not_yet_died)
        assert len(announcements()) == 1 and len(await table.storage.unannounced()) == 1
        await bot.season_posts.announce()  # the next process's sweep
        assert len(announcements()) == 1
        assert await table.storage.unannounced() == []
