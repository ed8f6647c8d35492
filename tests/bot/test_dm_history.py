"""A player's own games are theirs wherever played (issue 46): in a DM with the bot, ``/cardia history``
and ``/cardia review`` list and open the caller's own games (of direct messages, the queue, user
installations, and servers), never anyone else's; on a server, the games played there. A finished game's
Review button works in the DM it was played in; Share, with nobody to show it to there, is not offered."""

from __future__ import annotations

import random

import pytest

from emulator import Interaction, Message, SimUser
from tests.bot.table import Table


def boards(user: SimUser) -> list[Message]:
    return [m for m in user.messages(user.dm) if any(c.startswith("cardia:h:") for c in m.custom_ids)]


def forged(user: SimUser, message: Message, custom_id: str, *, by: SimUser | None = None) -> Interaction:
    """A click by ``user`` on a message in their DM carrying ``custom_id``, which the message does not
    show; ``by``: sent by another user instead (a click forged into someone else's DM)."""
    interaction = user.component_interaction(message, message.custom_ids[0])
    interaction.payload["data"]["custom_id"] = custom_id
    if by is not None:
        interaction.user = by.user
        interaction.payload["user"] = by.user.payload()
    return interaction


def posted(table: Table) -> list[Message]:
    """Every message posted anywhere, direct messages included (not private answers)."""
    return [m for m in table.emulator.state.messages.values() if not m.ephemeral]


def private(interaction: Interaction) -> Message:
    message = interaction.message
    assert message is not None and message.ephemeral, interaction.callbacks
    return message


def results(table: Table) -> list[Message]:
    """The matches' results posted anywhere, direct messages included."""
    return [m for m in posted(table) if any(c.startswith("cardia:r:") for c in m.custom_ids)]


async def concede(table: Table, user: SimUser) -> None:
    """``user`` concedes their only running duel (from where they are), confirming; once its result is
    posted in each of its homes."""
    asked = await user.slash("cardia", "concede")
    await table.settle()
    question = private(asked)
    (confirm,) = question.custom_ids
    (match_id,) = {c.split(":")[2] for c in question.custom_ids}
    await user.click(question, confirm)
    await table.settle()
    match = await table.storage.match(int(match_id))
    assert match is not None
    homes = len(match.homes)

    def shown() -> bool:
        return len([m for m in results(table) if f"cardia:r:{match_id}" in m.custom_ids]) == homes

    await table.emulator.wait_for(shown, what="the conceded match's result in each home")


async def a_dm_game(table: Table, rng: random.Random) -> int:
    """Alice challenges Bob in their DMs with the bot, each takes a decision, Bob concedes: the game."""
    alice, bob = table.alice, table.bob
    await alice.slash("cardia", "challenge", opponent=bob, match=1)
    await table.settle()
    (offer,) = bob.messages(bob.dm)
    (accept,) = [c for c in offer.custom_ids if c.endswith(":accept")]
    await bob.click(offer, accept)
    await table.settle()
    for user in (alice, bob):
        hand = await table.show_hand(user, boards(user)[-1])
        await table.choose(user, hand, rng)
    await concede(table, bob)
    return table.game_id(boards(alice)[-1])


@pytest.mark.asyncio
async def test_a_dm_game_is_listed_opened_and_reviewed_by_its_players_only(table: Table) -> None:
    alice, bob, carol = table.alice, table.bob, table.carol
    for user in (alice, bob, carol):
        user.channel = user.dm
    async with table.running():
        game_id = await a_dm_game(table, random.Random(46))

        # Listed and opened in the DM by each of its players.
        for user, opponent in ((alice, "Bob"), (bob, "Alice")):
            (choice,) = await user.autocomplete("cardia", "history", focused="game", game="")
            assert choice["value"] == str(game_id) and choice["name"].startswith(f"#{game_id} vs {opponent}")
            shown = private(await user.slash("cardia", "history", game=str(game_id)))
            await table.settle()
            assert shown.embeds[0]["title"] == f"📜 Game #{game_id} — Alice vs Bob"
            assert f"cardia-game-{game_id}.json" in shown.files
        (review_choice,) = await alice.autocomplete("cardia", "review", focused="game", game="")
        assert review_choice["value"] == str(game_id)

        # Refused to anyone else, in one line that does not tell whose it is; nothing listed for them.
        assert await carol.autocomplete("cardia", "history", focused="game", game="") == []
        assert await carol.autocomplete("cardia", "review", focused="game", game="") == []
        refused = private(await carol.slash("cardia", "history", game=str(game_id)))
        assert refused.content == f"You played no game #{game_id}: here I show only your own games."
        refused = private(await carol.slash("cardia", "review", game=str(game_id)))
        await table.settle()
        assert refused.content.startswith(f"You played no game #{game_id}:") and "Alice" not in refused.text

        # The final board's Review, in the DM: the player's own review, with no Share (nobody to see it).
        final = boards(alice)[-1]
        review_id = f"cardia:rv:{game_id}"
        assert review_id in final.custom_ids
        clicked = await alice.click(final, review_id)
        await table.settle()
        mine = private(clicked)
        assert mine.embeds[0]["title"] == f"Game #{game_id}: Alice's decisions reviewed"
        assert mine.custom_ids == []
        again = private(await bob.slash("cardia", "review", game=f"#{game_id}"))
        await table.settle()
        assert again.embeds[0]["title"] == f"Game #{game_id}: Bob's decisions reviewed"
        # A Review forged onto Carol's DM, and a Share forged in Alice's: one line each, nothing changes.
        stranger = await carol.send(forged(alice, final, review_id, by=carol))
        await table.settle()
        assert private(stranger).content.startswith(f"You played no game #{game_id}:")
        before = len(posted(table))
        shared = private(await alice.send(forged(alice, final, f"cardia:rs:{game_id}:p1")))
        await table.settle()
        assert shared.content.startswith("Nobody else would see it here")
        assert len(posted(table)) == before
        stored = await table.storage.review(game_id, "p1")
        assert stored is not None and not stored.shared


@pytest.mark.asyncio
async def test_a_server_game_is_its_servers_and_in_a_dm_only_its_players(table: Table) -> None:
    """A server's game: opened in a DM only by its players; the DM game is not listed on the server."""
    alice, bob, carol = table.alice, table.bob, table.carol
    async with table.running():
        _, server_game = await table.start(match=1)
        await concede(table, bob)
        for user in (alice, bob, carol):
            user.channel = user.dm
        dm_game = await a_dm_game(table, random.Random(7))

        # In a DM: Alice's games wherever she played them, newest first; Carol is refused the server's.
        mine = await alice.autocomplete("cardia", "history", focused="game", game="")
        assert [c["value"] for c in mine] == [str(dm_game), str(server_game)]
        shown = private(await alice.slash("cardia", "history", game=str(server_game)))
        assert shown.embeds[0]["title"] == f"📜 Game #{server_game} — Alice vs Bob"
        refused = private(await carol.slash("cardia", "history", game=str(server_game)))
        assert refused.content == f"You played no game #{server_game}: here I show only your own games."

        # On the server: its own games (to anyone there, as before), not the DM game.
        for user in (alice, carol):
            user.channel = table.emulator.channel
        listed = await alice.autocomplete("cardia", "history", focused="game", game="")
        assert [c["value"] for c in listed] == [str(server_game)]
        theirs = private(await carol.slash("cardia", "history", game=str(server_game)))
        assert theirs.embeds[0]["title"] == f"📜 Game #{server_game} — Alice vs Bob"
        elsewhere = private(await alice.slash("cardia", "history", game=str(dm_game)))
        assert elsewhere.content == f"There is no game #{dm_game} in this server."
        reviewed = private(await alice.slash("cardia", "review", game=str(dm_game)))
        await table.settle()
        assert reviewed.content == f"There is no game #{dm_game} on this server."


@pytest.mark.asyncio
async def test_a_queue_game_is_reviewed_from_its_board_on_the_server_it_was_played_on(table: Table) -> None:
    """The queue's duels belong to no server, yet are played on one: the Review button of a finished
    game's board there works, and the game is in that server's history, and in the player's DM."""
    emulator, alice, bob, carol = table.emulator, table.alice, table.bob, table.carol
    second = emulator.state.add_guild("Second Hall", ("lobby",))
    bob.channel = second.channels[0]
    async with table.running():
        for user in (alice, bob):
            await user.slash("cardia", "queue")
            await table.settle()
        await emulator.wait_for(lambda: len(table.boards()) == 2, what="the queue's duel in both homes")
        await concede(table, bob)
        final = next(
            m for m in table.boards() if m.channel_id != bob.channel.id and m.content.endswith("conceded.")
        )
        game_id = table.game_id(final)
        clicked = await alice.click(final, f"cardia:rv:{game_id}")
        await table.settle()
        review = private(clicked)
        assert review.embeds[0]["title"] == f"Game #{game_id}: Alice's decisions reviewed"
        assert review.custom_ids == [f"cardia:rs:{game_id}:p1"]  # on the server it was played on: Share
        shown = private(await carol.slash("cardia", "history", game=str(game_id)))
        assert shown.embeds[0]["title"] == f"📜 Game #{game_id} — Alice vs Bob"
        alice.channel = alice.dm
        (choice,) = await alice.autocomplete("cardia", "review", focused="game", game="")
        assert choice["value"] == str(game_id)


@pytest.mark.asyncio
async def test_a_hint_in_a_game_played_in_direct_messages(table: Table) -> None:
    """/cardia learn in a DM with the bot: its hand's Hint answers there as anywhere."""
    alice = table.alice
    alice.channel = alice.dm
    async with table.running():
        await alice.slash("cardia", "learn")
        await table.settle()
        board = boards(alice)[-1]
        game_id = table.game_id(board)
        hand = await table.show_hand(alice, board)
        hinted = await alice.click(hand, f"cardia:hi:{game_id}:0")
        await table.settle()
        assert private(hinted).content.startswith("💡 Hint: ")
        assert await table.storage.hints_used(game_id) == {"p1": 1, "p2": 0}
