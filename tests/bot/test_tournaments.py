"""Tournaments through Discord (issue 35), end to end through the emulator with discord.py: a manager
creates one, players join on its page, the bot pairs every round and posts its duels (each in a thread of
its own, its players pinged), results come from the duels' ends, and the standings are shown after
every round and at the end. A knockout of five (byes to the top seeds), a round-robin of four, a manager's
award and replay, the refusals, and every page and picture in all three languages."""

from __future__ import annotations

import re

import pytest

import picture
import text
from emulator import Emulator, Message, SimUser
from emulator.state import ALL_PERMISSIONS
from tests.bot.table import MANAGE_GUILD, Table
from tests.bot.test_languages import everything
from tests.processes import quiet
from tests.words import ENGLISH_WORDS, foreign
from text.catalogue import LANGUAGES

NOT_MANAGER = ALL_PERMISSIONS & ~MANAGE_GUILD & ~(1 << 3)  # neither Manage Server nor Administrator
MENTION = re.compile(r"<@!?(\d+)>")


def players(emulator: Emulator, count: int) -> list[SimUser]:
    """``count`` new members, created in order (so their ids rise: with equal ratings, the seeds)."""
    made = [emulator.user(f"player{n}") for n in range(1, count + 1)]
    assert [user.id for user in made] == sorted(user.id for user in made)
    return made


async def settled(table: Table) -> None:
    await quiet(table.emulator, 0.05, answered=True)


async def create(table: Table, manager: SimUser, **options: object) -> tuple[int, Message]:
    """A tournament created by ``manager`` in the test channel: its id and its page."""
    answer = await manager.slash("cardia", "tournament", "create", **options)  # type: ignore[arg-type]
    await settled(table)
    assert answer.message is not None and answer.message.ephemeral, answer.callbacks
    (tournament,) = await table.storage.tournaments(table.emulator.guild.id, ("signup",))
    return tournament.id, page(table, tournament.id)


def page(table: Table, tournament_id: int) -> Message:
    """The tournament's page: the one message with its Join button, or (once begun) its footer."""
    footer = f"#{tournament_id}"
    found = [m for m in table.emulator.messages() if f"cardia:t:{tournament_id}:join" in m.custom_ids]
    found = found or [
        m for m in table.emulator.messages() if m.embeds and footer in m.text and "🏆" in m.text
    ]
    assert len(found) >= 1
    return found[0]


async def join(table: Table, tournament_id: int, users: list[SimUser]) -> None:
    for user in users:
        clicked = await user.click(page(table, tournament_id), f"cardia:t:{tournament_id}:join")
        await settled(table)
        assert clicked.message is not None and clicked.message.ephemeral


async def duels_of(table: Table, tournament_id: int, number: int) -> dict[frozenset[int], int]:
    """Round ``number``'s duels: the pair of players' ids -> the duel (match) id."""
    return {
        frozenset((game.first_id, game.second_id)): game.match_id
        for game in await table.storage.tournament_games(tournament_id)
        if game.round == number and game.match_id is not None and game.second_id is not None
    }


async def concede(table: Table, loser: SimUser, match_id: int) -> None:
    """``loser`` gives the duel up through Discord: /cardia concede, then Confirm."""
    asked = await loser.slash("cardia", "concede", duel=str(match_id))
    await settled(table)
    assert asked.message is not None, asked.callbacks
    await loser.click(asked.message, f"cardia:k:{match_id}")
    await settled(table)


async def play_round(
    table: Table, tournament_id: int, number: int, results: list[tuple[SimUser, SimUser]]
) -> None:
    """Round ``number`` played: each (winner, loser), the loser conceding."""
    duels = await duels_of(table, tournament_id, number)
    assert set(duels) == {frozenset((won.id, lost.id)) for won, lost in results}, (number, duels)
    for winner, loser in results:
        await concede(table, loser, duels[frozenset((winner.id, loser.id))])


def round_messages(table: Table) -> list[Message]:
    return [m for m in table.emulator.messages() if m.embeds and "round" in m.text and "Pairings" in m.text]


@pytest.mark.asyncio
async def test_a_round_robin_of_four_is_run_from_its_page_to_its_champion(table: Table) -> None:
    emulator = table.emulator
    one, two, three, four = players(emulator, 4)
    async with table.running():
        tournament_id, first_page = await create(
            table, table.alice, name="Winter league", format="round-robin", match=1
        )
        assert "Winter league" in first_page.text and "Nobody yet" in first_page.text
        await join(table, tournament_id, [one, two, three, four])
        again = await one.click(page(table, tournament_id), f"cardia:t:{tournament_id}:join")
        await settled(table)
        assert again.message is not None and "already" in again.message.text
        assert "Players (4)" in page(table, tournament_id).text
        assert all(f"Player{n}" in page(table, tournament_id).text for n in range(1, 5))

        started = await table.alice.slash("cardia", "tournament", "start")
        await settled(table)
        assert started.message is not None and "has begun" in started.message.text
        assert page(table, tournament_id).custom_ids == []  # the sign-up is over: no Join any more
        assert "Round 1 of 3" in page(table, tournament_id).text
        (first_round,) = round_messages(table)
        assert "round 1 of 3" in first_round.text

        # Each duel: a message in the channel pinging both players, and a thread of its own.
        duels = await duels_of(table, tournament_id, 1)
        assert len(duels) == 2
        for pair, match_id in duels.items():
            await table.storage.flush()  # the thread, noted by the outbox with the next commit
            match = await table.storage.match(match_id)
            assert match is not None and match.thread_id is not None and match.tournament_round == 1
            challenge = emulator.state.messages[match.thread_id]
            assert {int(i) for i in MENTION.findall(challenge.content)} == set(pair)
            assert "Winter league" in challenge.content and "round 1" in challenge.content
            thread = emulator.state.channels[match.thread_id]
            assert thread.members >= set(pair)
            boards = [
                m for m in emulator.messages(thread) if any(c.startswith("cardia:h:") for c in m.custom_ids)
            ]
            assert len(boards) == 1

        # Seeds by rating, all 1000: by id. Circle method: 1-4 2-3, then 1-3 4-2, then 1-2 3-4.
        await play_round(table, tournament_id, 1, [(one, four), (three, two)])
        assert len(round_messages(table)) == 2
        second = round_messages(table)[-1]
        assert "Standings after round 1" in second.text and list(second.files) == ["standings.png"]
        await play_round(table, tournament_id, 2, [(one, three), (four, two)])
        await play_round(table, tournament_id, 3, [(one, two), (three, four)])

        final = [m for m in emulator.messages() if "is over" in m.content]
        assert (
            len(final) == 1 and one.mention in final[0].content and list(final[0].files) == ["standings.png"]
        )
        assert "Champion" in page(table, tournament_id).text
        # player1 3 points; player3 2 (beat 2 and 4); player4 1 (beat 2); player2 0.
        lines = [line for line in final[0].text.splitlines() if re.match(r"\*\*\d\.\*\*", line)]
        assert [line.split()[1] for line in lines] == ["Player1:", "Player3:", "Player4:", "Player2:"]
        assert "Sonneborn–Berger" in lines[0]
        rows = await table.storage.tournament_players(tournament_id)
        assert sorted((row.place, row.user_id) for row in rows) == [
            (1, one.id),
            (2, three.id),
            (3, four.id),
            (4, two.id),
        ]
        results = [m for m in emulator.messages() if any(c.startswith("cardia:r:") for c in m.custom_ids)]
        assert results == []  # a tournament's duel offers no rematch


@pytest.mark.asyncio
async def test_a_knockout_of_five_gives_byes_to_the_top_seeds_and_ends_with_one(table: Table) -> None:
    emulator = table.emulator
    five = players(emulator, 5)
    async with table.running():
        tournament_id, _ = await create(table, table.alice, name="Cup", format="knockout", match=1, limit=5)
        await join(table, tournament_id, five)
        full = await table.carol.click(page(table, tournament_id), f"cardia:t:{tournament_id}:join")
        await settled(table)
        assert full.message is not None and "full" in full.message.text
        await table.alice.slash("cardia", "tournament", "start")
        await settled(table)
        (first,) = round_messages(table)
        # A bracket of 8: seeds 1, 2 and 3 have byes; 4 meets 5.
        assert first.text.count("has a bye") == 3
        for seed in five[:3]:
            assert f"{seed.mention} has a bye" in first.text
        await play_round(table, tournament_id, 1, [(five[4], five[3])])  # the fifth seed wins
        await play_round(table, tournament_id, 2, [(five[0], five[4]), (five[2], five[1])])
        await play_round(table, tournament_id, 3, [(five[2], five[0])])
        final = [m for m in emulator.messages() if "is over" in m.content]
        assert len(final) == 1 and five[2].mention in final[0].content
        lines = [line for line in final[0].text.splitlines() if re.match(r"\*\*\d\.\*\*", line)]
        assert lines[0].endswith("champion") and lines[1].endswith("lost the final")
        assert "semi-finals" in lines[2] and "semi-finals" in lines[3] and "round 1" in lines[4]


@pytest.mark.asyncio
async def test_a_manager_awards_and_replays_stuck_duels_and_others_are_refused(table: Table) -> None:
    emulator = table.emulator
    four = players(emulator, 4)
    async with table.running():
        four[0].permissions = NOT_MANAGER
        refused = await four[0].slash("cardia", "tournament", "create", name="Mine", format="knockout")
        await settled(table)
        assert refused.message is not None and "Manage Server" in refused.message.text
        assert await table.storage.tournaments(emulator.guild.id) == []  # nothing made
        tournament_id, _ = await create(table, table.alice, name="Cup", format="knockout", match=1)
        assert tournament_id is not None
        await join(table, tournament_id, four)
        await table.alice.slash("cardia", "tournament", "start")
        await settled(table)
        duels = await duels_of(table, tournament_id, 1)
        stuck, other = sorted(duels.values())
        choices = await table.alice.autocomplete("cardia", "tournament", "award", focused="duel", duel="")
        assert {int(choice["value"]) for choice in choices} == {stuck, other}
        replayed = await table.alice.slash("cardia", "tournament", "replay", duel=str(other))
        await settled(table)
        assert replayed.message is not None and "played again" in replayed.message.text
        again = await duels_of(table, tournament_id, 1)
        assert stuck in again.values() and other not in again.values()
        awarded = await table.alice.slash("cardia", "tournament", "award", duel=str(stuck), result="second")
        await settled(table)
        assert awarded.message is not None and "decided" in awarded.message.text
        twice = await table.alice.slash("cardia", "tournament", "award", duel=str(stuck), result="first")
        await settled(table)
        assert twice.message is not None and "over already" in twice.message.text
        games = await table.storage.tournament_games(tournament_id)
        (decided,) = [g for g in games if g.match_id == stuck]
        assert (decided.result, decided.how) == ("second", "awarded")
        for garbage in ("99999999999999999999999", "abc", str(stuck + 1000)):
            forged = await table.alice.slash("cardia", "tournament", "award", duel=garbage, result="first")
            await settled(table)
            assert forged.message is not None and "not one of" in forged.message.text


LOCALES = {"en": "en-US", "hu": "hu", "pl": "pl"}


@pytest.mark.asyncio
@pytest.mark.parametrize("database", ["sqlite"], indirect=True)  # words, not storage: one database
@pytest.mark.parametrize("language", LANGUAGES)
async def test_every_page_message_and_standings_picture_speaks_the_servers_language(
    table: Table, language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    emulator = table.emulator
    drawn: list[tuple[str, tuple[str, ...], str]] = []
    real = picture.standings_png

    def recorded(
        title: str, columns: tuple[str, ...], lines: tuple[picture.Line, ...], *, language: str
    ) -> bytes:
        drawn.append((title, columns, language))
        return real(title, columns, lines, language=language)

    monkeypatch.setattr(picture, "standings_png", recorded)
    three = players(emulator, 3)
    for user in (table.alice, *three):
        user.locale = LOCALES[language]
    async with table.running():
        await table.alice.slash("cardia", "settings", language=language)
        await settled(table)
        tournament_id, _ = await create(table, table.alice, name="Cup", format="swiss", rounds=2, match=1)
        await join(table, tournament_id, three)
        await table.alice.slash("cardia", "tournament", "start")
        await settled(table)
        await three[0].slash("cardia", "tournament", "standings")
        await settled(table)
        for number in (1, 2):
            for game in [g for g in await table.storage.tournament_games(tournament_id) if g.round == number]:
                if game.match_id is not None:
                    loser = next(u for u in three if u.id == game.second_id)
                    await concede(table, loser, game.match_id)
        assert (await table.storage.tournament(tournament_id)).status == "finished"  # type: ignore[union-attr]

    others = foreign(language)
    seen = 0
    for user in (table.alice, *three):
        for message in user.messages():
            body = everything(message)
            leaked = sorted(fragment for fragment in others if fragment in body)
            assert not leaked, (language, leaked[:3], body[:300])
            if language != "en":
                english = ENGLISH_WORDS.findall(everything(message, records=False))
                assert not english, (language, english[:5], body[:300])
            seen += 1
    assert seen > 20
    assert len(drawn) == 2  # after round 1, and the final standings
    with text.speaking(language):
        points = text.tr("picture.standings_points")
        final = text.tr("picture.standings_final", name="Cup", round=2)
    assert all(used == language and points in columns for _, columns, used in drawn)
    assert drawn[-1][0] == final
