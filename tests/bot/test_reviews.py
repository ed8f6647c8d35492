"""Reviews in Discord (the emulator): a finished game's Review button answers each player privately with
their own review and its chart, refuses anyone else in one line, /cardia review finds the same review
(made once, kept), and Share posts it in the channel once."""

from __future__ import annotations

import random

import pytest

from emulator import Interaction, Message
from tests.bot.table import Table
from tests.bot.table import forged as forged_by


def _private(interaction: Interaction) -> str:
    """The text of the private message that answered ``interaction``."""
    message = interaction.message
    assert message is not None and message.ephemeral, interaction.callbacks
    return message.text


def _review_of(message: Message | None) -> str:
    assert message is not None and message.embeds, message
    return str(message.embeds[0].get("title", ""))


@pytest.mark.asyncio
async def test_review_and_share_a_finished_game(table: Table) -> None:
    alice, bob, carol = table.alice, table.bob, table.carol
    async with table.running():
        _, game_id = await table.start(match=1)
        # Before the end: nothing to review.
        early = await alice.slash("cardia", "review", game=str(game_id))
        await table.settle()
        assert "still being played" in _private(early)
        await table.play_game(random.Random(4))
        final = table.board()
        review_id = f"cardia:rv:{game_id}"
        assert table.game_id(final) == game_id and review_id in final.custom_ids

        # Each player gets their own review, privately, with a chart and a Share button.
        clicked = await alice.click(final, review_id)
        await table.settle()
        mine = clicked.message
        assert clicked.ephemeral and mine is not None and mine in alice.messages()
        assert _review_of(mine) == f"Game #{game_id}: Alice's decisions reviewed"
        assert "decisions reviewed." in mine.text
        chart = mine.files[f"cardia-review-{game_id}-p1.png"]
        assert chart.startswith(b"\x89PNG")
        assert mine.custom_ids == [f"cardia:rs:{game_id}:p1"]
        theirs = (await bob.click(final, review_id)).message
        await table.settle()
        assert _review_of(theirs) == f"Game #{game_id}: Bob's decisions reviewed"
        stored = {seat: await table.storage.review(game_id, seat) for seat in ("p1", "p2")}
        assert all(review is not None and not review.shared for review in stored.values())

        # Nobody else may see them; a forged Share of another's review is refused; nothing changes.
        public_before = len(table.emulator.messages())
        stranger = await carol.click(final, review_id)
        await table.settle()
        assert "Only Alice and Bob can review this game" in _private(stranger)
        forged = await bob.send(forged_by(alice.component_interaction(mine, f"cardia:rs:{game_id}:p1"), bob))
        await table.settle()
        assert "Only the player whose review it is" in _private(forged)
        assert len(table.emulator.messages()) == public_before

        # /cardia review gives the same review, from the database (made once).
        again = await alice.slash("cardia", "review", game=f"#{game_id}")
        await table.settle()
        assert again.ephemeral and again.message is not None and again.message.embeds == mine.embeds
        assert await table.storage.review(game_id, "p1") == stored["p1"]

        # Share: Alice's review in the channel, once.
        shared = await alice.click(mine, f"cardia:rs:{game_id}:p1")
        await table.settle()
        post = shared.message
        assert post is not None and not post.ephemeral and post in table.emulator.messages()
        assert post.content == f"{alice.mention} shares their review of game #{game_id}."
        assert _review_of(post) == _review_of(mine) and post.custom_ids == []
        twice = await alice.click(mine, f"cardia:rs:{game_id}:p1")
        await table.settle()
        assert "already shared" in _private(twice)
        assert len([m for m in table.emulator.messages() if m.content == post.content]) == 1
