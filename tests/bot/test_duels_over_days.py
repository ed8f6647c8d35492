"""End-to-end tests of duels played over days, through the Discord emulator: server settings, reminders,
Claim victory, the automatic forfeit (and nothing twice after a restart), concessions, aborts, the status
of one's duels and the cap on open duels.

The bot runs with a fake clock (``CardiaBot(clock=...)``) that the tests move forward by hours, and scans
its timers every few milliseconds (``timer_tick``).
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

import discord
import pytest
from discord import app_commands

import emulator.rest as discord_rest
import text
from bot.cogs import cardia_group
from bot.services.duels import Refusal
from bot.services.guild_settings import settings_table, validate
from bot.store import DEFAULTS, GuildSettings, bounds
from emulator import Emulator
from emulator.state import ALL_PERMISSIONS
from tests.bot.table import (
    MANAGE_GUILD,
    TimedTable,
    answered_privately,
    declared_cogs,
    forged,
    stacked_setup,
    stored_match,
)


@pytest.fixture
def table(discord_emulator: Emulator, database: str, monkeypatch: pytest.MonkeyPatch) -> TimedTable:
    table = TimedTable(discord_emulator, database, monkeypatch)
    table.fixed_setup = stacked_setup()  # round 1: Judge and Surgeon, no decision but the cards
    return table


# --- settings --------------------------------------------------------------------------------------------


@pytest.mark.asyncio
async def test_settings_are_shown_to_everyone_and_changed_by_managers_only(table: TimedTable) -> None:
    alice, bob = table.alice, table.bob
    bob.permissions = ALL_PERMISSIONS & ~MANAGE_GUILD & ~(1 << 3)  # neither Manage Server nor Administrator
    async with table.running():
        shown = await answered_privately(await alice.slash("cardia", "settings"), table)
        text = shown.text
        for expected in ("24 hours for each decision", "every 8 hours", "48 hours after", "allowed", "5 ("):
            assert expected in text, text

        refused = await answered_privately(await bob.slash("cardia", "settings", decision_hours=1.0), table)
        assert (
            refused.content == "Only members with the Manage Server permission can change Cardia's settings."
        )
        assert await table.storage.db.execute_fetchall("SELECT * FROM guild_settings") == []
        seen = await answered_privately(await bob.slash("cardia", "settings"), table)  # looking is fine
        assert "24 hours for each decision" in seen.text

        changed = await answered_privately(
            await alice.slash(
                "cardia",
                "settings",
                decision_hours=12.0,
                reminder_hours=0.0,
                grace_hours=1.5,
                cross_channel=False,
                max_duels=3,
            ),
            table,
        )
        assert changed.content == "✅ Settings saved."
        for expected in ("12 hours for each decision", "off", "1.5 hours after", "one channel", "3 ("):
            assert expected in changed.text, changed.text
        stored = await table.guild_settings()
        assert (stored.decision_hours, stored.reminder_hours, stored.grace_hours) == (12, 0, 1.5)
        assert (stored.cross_channel, stored.max_duels) == (False, 3)
        partly = await answered_privately(await alice.slash("cardia", "settings", max_duels=4), table)
        assert "12 hours for each decision" in partly.text and "4 (" in partly.text
    assert table.emulator.messages() == []  # all of it privately


# --- timers ----------------------------------------------------------------------------------------------


@pytest.mark.asyncio
async def test_a_reminder_mentions_the_waiting_player_once_even_across_a_restart(table: TimedTable) -> None:
    alice, bob = table.alice, table.bob
    async with table.running():
        await table.start()
        await table.place(alice)  # the board now waits for Bob only
        board = table.board()
        assert table.mentioned(board) == [bob]
        assert await table.later(7.5) == []
        (reminder,) = await table.later(0.5)
        assert table.mentioned(reminder) == [bob] and reminder.content.startswith(
            f"⏰ {bob.mention}: your move"
        )
        assert "choosing a card" in reminder.content and table.link(board) in reminder.content
        assert reminder.custom_ids == []
        assert await table.later(1) == []
    async with table.running():  # a new process: the reminder is not sent again
        assert await table.later(1) == []
        (second,) = await table.later(6)  # 16 hours
        assert table.mentioned(second) == [bob]


@pytest.mark.asyncio
async def test_claim_victory_is_for_the_player_not_waited_for_and_out_of_date_once_the_other_moves(
    table: TimedTable,
) -> None:
    alice, bob, carol = table.alice, table.bob, table.carol
    async with table.running():
        match_id, game_id = await table.start()
        await table.place(alice)
        (claim,) = [m for m in await table.later(24) if m.custom_ids]
        assert claim.custom_ids == [f"cardia:v:{game_id}:1"]
        assert set(table.mentioned(claim)) == {alice, bob} and claim.content.startswith(
            f"⌛ {bob.mention} ran"
        )

        # Bob still may decide; that makes the claim out of date.
        await table.place(bob)
        stale = await answered_privately(await alice.click(claim, f"cardia:v:{game_id}:1"), table)
        assert stale.content == "That claim is out of date: a decision was taken since, and the game goes on."
        assert (await stored_match(table, match_id)).status == "active"

        # Round 2: Alice places again and Bob does not, for a day.
        await table.place(alice)
        (claim,) = [m for m in await table.later(24) if m.custom_ids]
        assert claim.custom_ids == [f"cardia:v:{game_id}:3"]
        waits = await answered_privately(await bob.click(claim, f"cardia:v:{game_id}:3"), table)
        assert waits.content.startswith("The game waits for your decision: you cannot claim victory")
        stranger = await answered_privately(await carol.click(claim, f"cardia:v:{game_id}:3"), table)
        assert "only they can claim victory" in stranger.content
        assert (await stored_match(table, match_id)).status == "active"

        before = len(table.emulator.messages())
        twice = alice.component_interaction(claim, f"cardia:v:{game_id}:3")  # a double click
        claimed = await alice.click(claim, f"cardia:v:{game_id}:3")
        await table.settle()
        assert (
            claimed.response_type == 7
            and claim.custom_ids == []
            and "✅ Alice claimed victory." in claim.content
        )
        board, result = table.emulator.messages()[before:]
        assert board.content == "Alice wins: Bob ran out of time, and Alice claimed victory."
        assert table.mentioned(board) == []
        assert result.content == f"🏆 {alice.mention} wins the match against Bob, who ran out of time."
        assert result.custom_ids == [f"cardia:r:{match_id}"]
        row = await table.storage.game(game_id)
        assert row is not None and (row.status, row.winner, row.reason) == ("finished", "p1", "timeout")
        assert (await stored_match(table, match_id)).status == "finished"
        again = await answered_privately(await alice.send(twice), table)
        assert again.content == "This game is over."
        assert len(table.emulator.messages()) == before + 2


@pytest.mark.asyncio
async def test_the_game_is_forfeited_after_the_grace_period_and_nothing_happens_twice(
    table: TimedTable,
) -> None:
    alice, bob = table.alice, table.bob
    async with table.running():
        match_id, game_id = await table.start()
        await table.place(bob)  # the game waits for Alice
        notices = await table.later(24)  # a day later: reminders were due too, the claim wins
        assert [table.mentioned(m) for m in notices] == [[alice, bob]]
        assert notices[0].custom_ids == [f"cardia:v:{game_id}:1"]
    async with table.running():
        assert await table.later(1) == []
        board, result = await table.later(47)
        assert board.content == "Bob wins: Alice did not decide in time and forfeits."
        assert (
            result.content
            == f"🏆 {bob.mention} wins the match against Alice, who did not decide in time and forfeits."
        )
        assert result.custom_ids == [f"cardia:r:{match_id}"]
        row = await table.storage.game(game_id)
        assert row is not None and (row.status, row.winner, row.reason) == ("finished", "p2", "forfeit")
        assert await table.later(100) == []
    async with table.running():
        assert await table.later(100) == []
        rematch = await bob.click(result, f"cardia:r:{match_id}")
        await table.settle()
        assert rematch.message is not None and "asks for a rematch" in rematch.message.content


# --- concede, abort, status ------------------------------------------------------------------------------


@pytest.mark.asyncio
async def test_concede_picks_the_duel_and_gives_the_opponent_the_match(table: TimedTable) -> None:
    alice, bob, carol = table.alice, table.bob, table.carol
    async with table.running():
        first_match, first_game = await table.start()
        message, second_match = await table.challenge(alice, carol)
        nothing = await answered_privately(
            await alice.slash("cardia", "concede", duel=str(second_match)), table
        )
        assert nothing.content.startswith("That challenge has not started")
        await carol.click(message, f"cardia:c:{second_match}:accept")
        await table.settle()

        several = await answered_privately(await alice.slash("cardia", "concede"), table)
        assert several.content == "You have several running duels: choose one with the `duel` option."
        choices = await alice.autocomplete("cardia", "concede", focused="duel", duel="")
        assert [c["name"] for c in choices] == ["vs Carol — game 1 · #general", "vs Bob — game 1 · #general"]
        assert [
            c["name"] for c in await alice.autocomplete("cardia", "concede", focused="duel", duel="bo")
        ] == ["vs Bob — game 1 · #general"]
        stranger = await answered_privately(
            await carol.slash("cardia", "concede", duel=str(first_match)), table
        )
        assert stranger.content.startswith("There is no such duel")

        before = len(table.emulator.messages())
        asked = await answered_privately(
            await alice.slash("cardia", "concede", duel=choices[1]["value"]), table
        )
        assert asked.content == "Concede the match against Bob? Bob wins it; this cannot be undone."
        assert asked.custom_ids == [f"cardia:k:{first_match}"] and len(table.emulator.messages()) == before
        # A forged Confirm from Carol (the question is Alice's, private) changes nothing.
        forged_click = forged(alice.component_interaction(asked, f"cardia:k:{first_match}"), carol)
        refused = await answered_privately(await carol.send(forged_click), table)
        assert refused is not asked and refused.content.startswith("There is no such duel")
        assert (await stored_match(table, first_match)).status == "active"
        confirmed = await alice.click(asked, f"cardia:k:{first_match}")
        done = await answered_privately(confirmed, table)
        assert done is asked and confirmed.response_type == 7 and asked.custom_ids == []
        assert done.content == "You conceded your duel against Bob: Bob wins the match."
        board, result = table.emulator.messages()[before:]
        assert table.game_id(board) == first_game and board.content == "Bob wins: Alice conceded."
        assert result.content == f"🏆 {bob.mention} wins the match against Alice, who conceded."
        assert result.custom_ids == [f"cardia:r:{first_match}"]
        assert (await stored_match(table, first_match)).status == "finished"
        assert (await stored_match(table, second_match)).status == "active"

        # Now Alice has one running duel: no option needed. Carol's old hand buttons no longer work.
        (carols_game,) = await table.storage.games(second_match)
        hand = await table.show_hand(
            carol, next(b for b in table.boards() if table.game_id(b) == carols_game.id)
        )
        asked = await answered_privately(await alice.slash("cardia", "concede"), table)
        done = await answered_privately(await alice.click(asked, f"cardia:k:{second_match}"), table)
        assert done.content == "You conceded your duel against Carol: Carol wins the match."
        assert table.choices(hand)
        late = await carol.click(hand, table.choices(hand)[0])
        await table.settle()
        assert late.response_type == 7 and "This game is over" in hand.content
        none = await answered_privately(await alice.slash("cardia", "concede"), table)
        assert none.content == "You have no running duel to concede on this server."


@pytest.mark.asyncio
async def test_a_manager_aborts_a_duel_without_any_result(table: TimedTable) -> None:
    alice, bob, carol = table.alice, table.bob, table.carol
    bob.permissions = 0
    async with table.running():
        match_id, game_id = await table.start()
        refused = await answered_privately(await bob.slash("cardia", "abort"), table)
        assert refused.content == "Only members with the Manage Server permission can abort duels."
        assert await bob.autocomplete("cardia", "abort", focused="duel", duel="") == []
        offer, proposed = await table.challenge(alice, carol)
        which = await answered_privately(await carol.slash("cardia", "abort"), table)
        assert which.content.startswith("There are several open duels in this channel")
        choices = await carol.autocomplete("cardia", "abort", focused="duel", duel="")
        assert [c["name"] for c in choices] == [
            "Alice vs Carol — challenge · #general",
            "Alice vs Bob — game 1 · #general",
        ]

        aborted = await answered_privately(await carol.slash("cardia", "abort", duel=str(proposed)), table)
        assert aborted.content == "The duel Alice vs Carol is aborted: no result is recorded."
        assert offer.custom_ids == [] and "aborted" in offer.text

        before = len(table.emulator.messages())
        aborted = await answered_privately(await carol.slash("cardia", "abort"), table)  # the one left here
        assert aborted.content == "The duel Alice vs Bob is aborted: no result is recorded."
        board, notice = table.emulator.messages()[before:]
        assert board.content == "The duel was aborted by a server manager: no result is recorded."
        assert notice.content.startswith(f"🛑 The duel between {alice.mention} and {bob.mention} was aborted")
        assert notice.custom_ids == [f"cardia:r:{match_id}"]
        row = await table.storage.game(game_id)
        assert row is not None and (row.status, row.winner) == ("aborted", None)
        assert (await stored_match(table, match_id)).status == "aborted"
        assert (await stored_match(table, proposed)).status == "aborted"
        assert await table.later(1000) == []  # no timer runs for an aborted game
        none = await answered_privately(await carol.slash("cardia", "abort"), table)
        assert none.content.startswith("There is no open duel in this channel")


@pytest.mark.asyncio
async def test_status_lists_the_duels_with_whose_decision_and_a_link_to_the_board(table: TimedTable) -> None:
    alice, bob, carol = table.alice, table.bob, table.carol
    async with table.running():
        empty = await answered_privately(await alice.slash("cardia", "status"), table)
        assert "You have no open duels here" in empty.text
        await table.start()
        await table.place(alice)
        board = table.board()
        offer, _ = await table.challenge(alice, carol)

        status = await answered_privately(await alice.slash("cardia", "status"), table)
        (embed,) = status.embeds
        description = embed["description"]
        assert "2 open (at most 5 per player on this server)." in description
        assert "**vs Bob** — game 1 · you 0 – 0 Bob" in description
        assert "⏳ Bob's decision (choosing a card) since <t:" in description
        assert f"[Latest board]({table.link(board)})" in description
        assert "**vs Carol** — your challenge, waiting for Carol to accept" in description
        assert f"[Challenge]({table.link(offer)})" in description
        expected_deadline = int((table.clock.now + timedelta(hours=DEFAULTS.decision_hours)).timestamp())
        assert f"time is up <t:{expected_deadline}:R>" in description

        bobs = (await answered_privately(await bob.slash("cardia", "status"), table)).embeds[0]["description"]
        assert "❗ **your** decision (choosing a card)" in bobs and "**vs Alice**" in bobs
        carols = (await answered_privately(await carol.slash("cardia", "status"), table)).embeds[0][
            "description"
        ]
        assert "Alice challenges you: accept or decline" in carols
    assert table.emulator.messages()[-1] is offer  # all of it privately


@pytest.mark.asyncio
async def test_the_cap_on_open_duels_and_one_channel_per_player(table: TimedTable) -> None:
    alice, bob, carol = table.alice, table.bob, table.carol
    other = table.emulator.state.add_channel(table.emulator.guild, "other", position=1)
    async with table.running():
        await alice.slash("cardia", "settings", max_duels=1)
        await table.challenge(alice, bob)
        capped = await answered_privately(await alice.slash("cardia", "challenge", opponent=carol), table)
        assert capped.content.startswith("You already have 1 open duel on this server (challenges included)")
        assert "the most allowed here (1)" in capped.content
        theirs = await answered_privately(await carol.slash("cardia", "challenge", opponent=bob), table)
        assert theirs.content.startswith("Bob already has 1 open duel on this server")

        await alice.slash("cardia", "settings", max_duels=5, cross_channel=False)
        carol.channel = other
        elsewhere = await answered_privately(await carol.slash("cardia", "challenge", opponent=bob), table)
        assert elsewhere.content == (
            "On this server, a player's duels all stay in one channel: Bob already has a duel in "
            f"<#{table.emulator.channel.id}>."
        )
        await table.challenge(carol, table.emulator.user("dave"))  # Carol herself is free to play there
        await table.settle()
    assert len([m for m in table.emulator.messages() if m.custom_ids]) == 2  # two challenges were made


def test_the_settings_model_is_the_one_source_of_the_options_the_ranges_and_the_document() -> None:
    """``/cardia settings``' options, their ranges and descriptions, the validation and the players'
    document's table all come from bot.store.GuildSettings: change a range there and they all follow."""
    players = (Path(__file__).resolve().parents[2] / "docs" / "players.md").read_text()
    assert settings_table() in players
    commands = cardia_group(*declared_cogs())  # the options only: no cog is called
    settings = commands.get_command("settings")
    assert isinstance(settings, app_commands.Command)
    tree = app_commands.CommandTree(discord.Client(intents=discord.Intents.none()))
    options = {option["name"]: option for option in settings.to_dict(tree)["options"]}
    for name in ("decision_hours", "reminder_hours", "grace_hours", "max_duels"):
        low, high = bounds(name)
        assert (options[name]["min_value"], options[name]["max_value"]) == (low, high), options[name]
        assert options[name]["description"].startswith(GuildSettings.model_fields[name].description or "-")
    # The options' words are in the catalogues (translated); the English ones are the model's.
    for name, field in GuildSettings.model_fields.items():
        assert text.tr(f"setting.{name}") == field.description, name
    with pytest.raises(Refusal, match=r"between 0\.25 and 720"):
        validate(DEFAULTS, {"decision_hours": 0.1})
    with pytest.raises(Refusal, match="between 1 and 25"):
        validate(DEFAULTS, {"max_duels": 26})
    with pytest.raises(Refusal, match="between 0 and 720"):
        validate(DEFAULTS, {"reminder_hours": float("nan")})
    assert validate(DEFAULTS, {"max_duels": 25}).max_duels == 25


@pytest.mark.asyncio
async def test_notices_speak_the_servers_language_and_answers_the_clickers(table: TimedTable) -> None:
    """On a Polish server the reminder, the claim offer, the claimed line and the result are Polish;
    what a click answers privately is in the clicker's own language (Alice: Hungarian)."""
    alice, bob = table.alice, table.bob
    table.emulator.guild.preferred_locale = "pl"
    table.public_language = "pl"
    alice.locale = "hu"
    async with table.running():
        match_id, game_id = await table.start()
        await table.place(alice)
        (reminder,) = await table.later(8)
        assert reminder.content.startswith(
            f"⏰ {bob.mention}: twój ruch w pojedynku Alice kontra Bob (gra 1)"
        )
        assert "wybór karty" in reminder.content
        (claim,) = [m for m in await table.later(16) if m.custom_ids]
        assert claim.content.startswith(f"⌛ {bob.mention}: skończył się czas")
        assert claim.components[0]["components"][0]["label"] == "Ogłoś zwycięstwo"
        early = await answered_privately(await bob.click(claim, f"cardia:v:{game_id}:1"), table)
        assert early.content.startswith("The game waits for your decision")  # Bob's client: English
        before = len(table.emulator.messages())
        await alice.click(claim, f"cardia:v:{game_id}:1")
        await table.settle()
        assert "✅ Alice ogłasza zwycięstwo." in claim.content
        board, result = table.emulator.messages()[before:]
        assert board.content == "Wygrywa Alice: minął czas gracza Bob, a Alice ogłasza zwycięstwo."
        assert result.content.startswith(f"🏆 Mecz wygrywa {alice.mention}: minął czas gracza Bob")
        concede = await answered_privately(await alice.slash("cardia", "concede"), table)
        assert concede.content == "Nincs folyamatban lévő párbajod ezen a szerveren, amelyet feladhatnál."
        assert (await stored_match(table, match_id)).status == "finished"


@pytest.mark.asyncio
async def test_a_duel_against_the_computer_reminds_the_player_but_offers_no_claim(table: TimedTable) -> None:
    alice, emulator = table.alice, table.emulator
    async with table.running():
        sent = await alice.slash("cardia", "challenge", opponent=emulator.state.bot, level="easy")
        await table.settle()
        assert sent.message is not None and sent.message.content == "Alice takes on the computer (easy)."
        # The computer placed its card at once: the game waits for Alice only.
        assert table.mentioned(table.board()) == [alice]
        (reminder,) = await table.later(8)
        assert reminder.content.startswith(f"⏰ {alice.mention}: your move")
        assert await table.later(16) == []  # time is up, and nobody is offered a claim (no button)
        (late,) = await table.later(8)
        assert "forfeited to the computer" in late.content and "claim" not in late.content
        assert late.custom_ids == []
        forfeit = await table.later(40)  # 24 + 48 hours: Alice forfeits the match to the computer
        assert forfeit, "the forfeit is posted"
        await emulator.wait_for(lambda: bool(table.results()), what="the match's result")
        (result,) = table.results()
        assert "Computer (easy)" in result.content and f"<@{emulator.state.bot.id}>" not in result.content
        game = await table.storage.game(table.game_id(table.board()))
        assert game is not None and (game.status, game.winner, game.reason) == ("finished", "p2", "forfeit")


@pytest.mark.asyncio
async def test_a_decision_s_board_reads_neither_the_match_nor_the_earlier_games(
    table: TimedTable, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After a decision, the outbox posts the board from the cached game: the match's server is known
    from its earlier posts and the score of a first game needs no read (bot.ui.outbox, score_at)."""
    async with table.running() as bot:
        await table.start()
        assert bot.storage is not None
        reads: list[str] = []
        for name in ("match", "games"):
            original = getattr(bot.storage, name)

            async def counted(*args: Any, _name: str = name, _original: Any = original) -> Any:
                reads.append(_name)
                return await _original(*args)

            monkeypatch.setattr(bot.storage, name, counted)
        assert table.alice in table.mentioned(table.board())
        await table.place(table.alice)
        assert table.mentioned(table.board()) == [table.bob], "the board now waits for Bob only"
        assert reads == []


@pytest.mark.asyncio
@pytest.mark.parametrize("after", [False, True], ids=["refused", "made-but-answered-503"])
async def test_a_reminder_whose_post_failed_is_posted_again_once(
    table: TimedTable, monkeypatch: pytest.MonkeyPatch, after: bool
) -> None:
    """A reminder is due in the duel's home from the scan that marks it: a post Discord refused is made
    again, and one Discord made but answered with an error is found by its words (later than Discord
    remembers its nonce), never posted twice."""
    emulator, alice, bob = table.emulator, table.alice, table.bob
    monkeypatch.setattr(discord_rest, "NONCE_SECONDS", 0.0)
    async with table.running():
        await table.start()
        await table.place(alice)  # the board now waits for Bob only
        fault = emulator.fail("POST", "/channels/{channel_id}/messages", after=after)
        await table.later(8)
        assert fault.hits
        await table.outbox_settled()  # the retry, and nothing after it
        reminders = [m for m in emulator.messages() if m.content.startswith(f"⏰ {bob.mention}: your move")]
        assert len(reminders) == 1


@pytest.mark.asyncio
async def test_a_reminder_is_shown_as_its_latest_entry_says_never_hidden_by_an_older_one(
    table: TimedTable,
) -> None:
    """Two reminders due for one game (the first still unshown when a decision came and the second was
    made due): the one of the game as it now is is shown; the older, out of date, only marked done."""
    emulator, alice, bob = table.emulator, table.alice, table.bob
    async with table.running() as bot:
        match_id, game_id = await table.start()
        await table.place(alice)  # the board now waits for Bob only
        decisions = len(await table.storage.actions(game_id))
        async with table.storage.transaction() as tx:
            for version in (decisions - 1, decisions):  # the older first
                await tx.db.write(
                    "INSERT INTO due (kind, subject, detail, extra, created_at) VALUES (?, ?, ?, ?, ?)",
                    ("reminder", match_id, game_id, version, "2026-01-01T00:00:00+00:00"),
                )
        await bot.outbox.update(match_id)
        await table.settle()
        reminders = [m for m in emulator.messages() if m.content.startswith(f"⏰ {bob.mention}: your move")]
        assert len(reminders) == 1
        await table.storage.flush()  # the marks: bookkeeping, committed with the next write
        assert await table.storage.due_posts(match_id) == []
