"""Tournaments through Discord (issue 35), end to end through the emulator with discord.py: a manager
creates one, players join on its page, the bot pairs every round and posts its duels (each in a thread of
its own, its players pinged), results come from the duels' ends, and the standings are shown after
every round and at the end. A knockout of five (byes to the top seeds), a round-robin of four, a manager's
award and replay, the refusals, and every page and picture in all three languages."""

from __future__ import annotations

import re
from typing import Any

import pytest

import emulator.rest as discord_rest
import picture
import text
from bot.store import Storage
from emulator.state import ALL_PERMISSIONS
from tests.bot.table import MANAGE_GUILD, Table
from tests.bot.test_languages import everything
from tests.bot.tournaments import Organiser, players
from tests.processes import eventually
from tests.words import ENGLISH_WORDS, foreign
from text.catalogue import LANGUAGES

NOT_MANAGER = ALL_PERMISSIONS & ~MANAGE_GUILD & ~(1 << 3)  # neither Manage Server nor Administrator
MENTION = re.compile(r"<@!?(\d+)>")


def organiser(table: Table) -> Organiser:
    return Organiser(table.emulator, lambda: table.storage, table.settle)


@pytest.mark.asyncio
async def test_a_round_robin_of_four_is_run_from_its_page_to_its_champion(table: Table) -> None:
    emulator = table.emulator
    run = organiser(table)
    one, two, three, four = players(emulator, 4)
    async with table.running():
        tournament_id, first_page = await run.create(
            table.alice, name="Winter league", format="round-robin", match=1
        )
        assert "Winter league" in first_page.text and "Nobody yet" in first_page.text
        await run.join(tournament_id, [one, two, three, four])
        again = await one.click(run.page(tournament_id), f"cardia:t:{tournament_id}:join")
        await run.settled()
        assert again.message is not None and "already" in again.message.text
        assert "Players (4/64)" in run.page(tournament_id).text
        assert all(f"Player{n}" in run.page(tournament_id).text for n in range(1, 5))

        started = await table.alice.slash("cardia", "tournament", "start")
        await run.settled()
        assert started.message is not None and "has begun" in started.message.text
        assert run.page(tournament_id).custom_ids == []  # the sign-up is over: no Join any more
        assert "Round 1 of 3" in run.page(tournament_id).text
        (first_round,) = run.round_messages()
        assert "round 1 of 3" in first_round.text

        # Each duel: a message in the channel pinging both players, and a thread of its own.
        duels = await run.duels(tournament_id, 1)
        assert len(duels) == 2
        for pair, match_id in duels.items():
            await table.storage.flush()  # the thread, noted by the outbox with the next commit
            match = await table.storage.match(match_id)
            assert match is not None and match.tournament_round == 1
            thread_id = match.first_home.thread_id
            assert thread_id is not None
            challenge = emulator.state.messages[thread_id]
            assert {int(i) for i in MENTION.findall(challenge.content)} == set(pair)
            assert "Winter league" in challenge.content and "round 1" in challenge.content
            thread = emulator.state.channels[thread_id]
            assert thread.members >= set(pair)
            boards = [
                m for m in emulator.messages(thread) if any(c.startswith("cardia:h:") for c in m.custom_ids)
            ]
            assert len(boards) == 1

        # Seeds by rating, all 1000: by id. Circle method: 1-4 2-3, then 1-3 4-2, then 1-2 3-4.
        await run.play_round(tournament_id, 1, [(one, four), (three, two)])
        assert len(run.round_messages()) == 2
        second = run.round_messages()[-1]
        assert "Standings after round 1" in second.text and list(second.files) == ["standings.png"]
        await run.play_round(tournament_id, 2, [(one, three), (four, two)])
        await run.play_round(tournament_id, 3, [(one, two), (three, four)])

        final = run.finals()
        assert (
            len(final) == 1 and one.mention in final[0].content and list(final[0].files) == ["standings.png"]
        )
        assert "Champion" in run.page(tournament_id).text
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

        # The records: each player's tournaments, and each game's tournament and round.
        stats = await run.slash(one, "cardia", "stats")
        assert (
            stats.message is not None and "Tournaments**: 1 played, 1 won, best place 1" in stats.message.text
        )
        stats = await run.slash(two, "cardia", "stats")
        assert stats.message is not None and "1 played, 0 won, best place 4" in stats.message.text
        offered = await one.autocomplete("cardia", "history", focused="game", game="")
        assert len(offered) == 3 and all("🏆 Winter league, round" in choice["name"] for choice in offered)
        history = await run.slash(one, "cardia", "history", game=offered[-1]["value"])
        assert history.message is not None and "🏆 Winter league, round 1" in history.message.text


@pytest.mark.asyncio
async def test_a_knockout_of_five_gives_byes_to_the_top_seeds_and_ends_with_one(table: Table) -> None:
    emulator = table.emulator
    run = organiser(table)
    five = players(emulator, 5)
    async with table.running():
        tournament_id, _ = await run.create(table.alice, name="Cup", format="knockout", match=1, limit=5)
        await run.join(tournament_id, five)
        full = await table.carol.click(run.page(tournament_id), f"cardia:t:{tournament_id}:join")
        await run.settled()
        assert full.message is not None and "full" in full.message.text
        await table.alice.slash("cardia", "tournament", "start")
        await run.settled()
        (first,) = run.round_messages()
        # A bracket of 8: seeds 1, 2 and 3 have byes; 4 meets 5.
        assert first.text.count("has a bye") == 3
        for seed in five[:3]:
            assert f"{seed.mention} has a bye" in first.text
        await run.play_round(tournament_id, 1, [(five[4], five[3])])  # the fifth seed wins
        await run.play_round(tournament_id, 2, [(five[0], five[4]), (five[2], five[1])])
        await run.play_round(tournament_id, 3, [(five[2], five[0])])
        final = run.finals()
        assert len(final) == 1 and five[2].mention in final[0].content
        lines = [line for line in final[0].text.splitlines() if re.match(r"\*\*\d\.\*\*", line)]
        assert lines[0].endswith("champion") and lines[1].endswith("lost the final")
        assert "semi-finals" in lines[2] and "semi-finals" in lines[3] and "round 1" in lines[4]


@pytest.mark.asyncio
async def test_a_manager_awards_and_replays_stuck_duels_and_others_are_refused(table: Table) -> None:
    emulator = table.emulator
    run = organiser(table)
    four = players(emulator, 4)
    async with table.running():
        four[0].permissions = NOT_MANAGER
        refused = await four[0].slash("cardia", "tournament", "create", name="Mine", format="knockout")
        await run.settled()
        assert refused.message is not None and "Manage Server" in refused.message.text
        assert await table.storage.tournaments(emulator.guild.id) == []  # nothing made
        tournament_id, _ = await run.create(table.alice, name="Cup", format="knockout", match=1)
        assert tournament_id is not None
        await run.join(tournament_id, four)
        await table.alice.slash("cardia", "tournament", "start")
        await run.settled()
        duels = await run.duels(tournament_id, 1)
        stuck, other = sorted(duels.values())
        choices = await table.alice.autocomplete("cardia", "tournament", "award", focused="duel", duel="")
        assert {int(choice["value"]) for choice in choices} == {stuck, other}
        replayed = await table.alice.slash("cardia", "tournament", "replay", duel=str(other))
        await run.settled()
        assert replayed.message is not None and "played again" in replayed.message.text
        again = await run.duels(tournament_id, 1)
        assert stuck in again.values() and other not in again.values()
        awarded = await table.alice.slash("cardia", "tournament", "award", duel=str(stuck), result="second")
        await run.settled()
        assert awarded.message is not None and "decided" in awarded.message.text
        twice = await table.alice.slash("cardia", "tournament", "award", duel=str(stuck), result="first")
        await run.settled()
        assert twice.message is not None and "over already" in twice.message.text
        games = await table.storage.tournament_games(tournament_id)
        (decided,) = [g for g in games if g.match_id == stuck]
        assert (decided.result, decided.how) == ("second", "awarded")
        # A Join forged for another server's tournament (its custom id edited) is refused.
        other_server = emulator.state.add_guild("Other Hall", ("lobby",))
        table.alice.channel = other_server.channels[0]
        elsewhere, _ = await run.create(table.alice, name="Elsewhere", format="knockout")
        table.alice.channel = emulator.channel
        board = table.board()  # any button of this server's, its custom id edited
        click = four[1].component_interaction(
            board, next(c for c in board.custom_ids if c.startswith("cardia:h:"))
        )
        click.payload["data"]["custom_id"] = f"cardia:t:{elsewhere}:join"
        refused_join = await four[1].send(click)
        await run.settled()
        assert refused_join.message is not None and "no such tournament" in refused_join.message.text
        assert await table.storage.tournament_players(elsewhere) == []
        # The same forged from a DM (on a DM challenge's button): no server, so no tournament of one.
        table.carol.channel = table.carol.dm
        await table.carol.slash("cardia", "challenge", opponent=four[2], match=1)
        await run.settled()
        (offer,) = four[2].messages(four[2].dm)
        click = four[2].component_interaction(
            offer, next(c for c in offer.custom_ids if c.endswith(":accept"))
        )
        click.payload["data"]["custom_id"] = f"cardia:t:{elsewhere}:join"
        refused_in_dm = await four[2].send(click)
        await run.settled()
        assert refused_in_dm.message is not None
        assert "Tournaments are run in a server's channel" in refused_in_dm.message.text
        assert await table.storage.tournament_players(elsewhere) == []
        table.carol.channel = emulator.channel
        for garbage in ("99999999999999999999999", "abc", str(stuck + 1000)):
            forged = await table.alice.slash("cardia", "tournament", "award", duel=garbage, result="first")
            await run.settled()
            assert forged.message is not None and "not one of" in forged.message.text


LOCALES = {"en": "en-US", "hu": "hu", "pl": "pl"}


@pytest.mark.asyncio
@pytest.mark.parametrize("database", ["sqlite"], indirect=True)  # words, not storage: one database
@pytest.mark.parametrize("language", LANGUAGES)
async def test_every_page_message_and_standings_picture_speaks_the_servers_language(
    table: Table, language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    emulator = table.emulator
    run = organiser(table)
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
        await run.settled()
        tournament_id, _ = await run.create(table.alice, name="Cup", format="swiss", rounds=2, match=1)
        await run.join(tournament_id, three)
        await table.alice.slash("cardia", "tournament", "start")
        await run.settled()
        await three[0].slash("cardia", "tournament", "standings")
        await run.settled()
        for number in (1, 2):
            for game in [g for g in await table.storage.tournament_games(tournament_id) if g.round == number]:
                if game.match_id is not None:
                    loser = next(u for u in three if u.id == game.second_id)
                    await run.concede(loser, game.match_id)
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
        final = text.tr("picture.standings_final", name="Cup", round=2)
        # The tie-breaks are headed in the server's words too (they were "Buchholz" and "S-B" everywhere).
        heads = [text.tr(f"picture.standings_{key}") for key in ("points", "buchholz", "sb", "record")]
    assert all(used == language and list(columns) == heads for _, columns, used in drawn)
    assert drawn[-1][0] == final


@pytest.mark.asyncio
async def test_a_round_and_the_final_shown_but_not_marked_are_not_shown_twice(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The round's message and the page (then the final's) go out but their mark fails (a crash between
    the two): the next try, later than Discord remembers the messages' nonces, finds them among the
    channel's messages and sends neither again."""
    emulator = table.emulator
    run = organiser(table)
    two = players(emulator, 2)
    marks = Storage.note_tournament_posted
    failing = {"left": 1}

    async def mark_failing(storage: Storage, post_ids: Any, page: Any = None) -> None:
        if failing["left"]:
            failing["left"] -= 1
            raise RuntimeError("the database went away")
        await marks(storage, post_ids, page)

    async def failed_mark() -> str:
        return "the failed mark" if failing["left"] else ""

    monkeypatch.setattr(Storage, "note_tournament_posted", mark_failing)
    monkeypatch.setattr(discord_rest, "NONCE_SECONDS", 0.0)  # the retry after Discord forgot the nonce
    async with table.running() as bot:
        tournament_id, _ = await run.create(table.alice, name="Cup", format="knockout", match=1)
        await run.join(tournament_id, two)
        run.waits_until_shown = False  # the round's message stays due until the sweep
        await run.slash(table.alice, "cardia", "tournament", "start")
        # The round's message went out, and its mark failed.
        await eventually(failed_mark)
        await bot.tournament_posts.sweep(bot.duels.clock())  # (the start's second update may come first)
        await run.settled()
        assert (
            len(run.round_messages(1)) == 1 and await table.storage.due_tournament_posts(tournament_id) == []
        )
        assert len([m for m in emulator.messages() if m.embeds and m.embeds[0].get("title") == "🏆 Cup"]) == 1
        boards = [m for m in emulator.messages() if any(c.startswith("cardia:h:") for c in m.custom_ids)]
        assert len(boards) == 1  # the duel, shown by the sweep after the failure

        failing["left"] = 1
        (match_id,) = (await run.duels(tournament_id, 1)).values()
        await run.concede(two[1], match_id)
        await eventually(failed_mark)
        assert len(run.finals()) == 1
        await bot.tournament_posts.sweep(bot.duels.clock())
        await run.settled()
        assert len(run.finals()) == 1 and await table.storage.due_tournament_posts(tournament_id) == []


def test_the_commands_format_choices_are_the_registered_formats_in_their_order() -> None:
    from bot.cogs.tournaments import FORMAT_CHOICES
    from bot.services.tournaments import FORMATS

    assert [choice.value for choice in FORMAT_CHOICES] == list(FORMATS)
    assert {"swiss", "round-robin", "double-round-robin", "knockout"} <= set(FORMATS)
