"""Reviews in Discord (the emulator): a finished game's Review button answers each player privately with
their own review and its chart, refuses anyone else in one line, /cardia review finds the same review
(made once, kept), and Share posts it in the channel once."""

from __future__ import annotations

import json
import random

import pytest

import text
from emulator import Interaction, Message, SimUser
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
    async with table.running() as client:
        _, game_id = await table.start(match=1)
        # Before the end: nothing to review.
        early = await alice.slash("cardia", "review", game=str(game_id))
        await table.settle()
        assert "still being played" in _private(early)
        await table.play_game(random.Random(4))
        final = table.board()
        review_id = f"cardia:rv:{game_id}"
        assert table.game_id(final) == game_id and review_id in final.custom_ids

        # Each player gets their own review, privately, with a chart and a Share button. While the
        # computer waits for a worker (here, the first three looks) the review gives way, then goes on.
        looks: list[bool] = []

        def computer_waiting() -> bool:
            looks.append(len(looks) < 3)
            return looks[-1]

        client.reviews.give_way = computer_waiting
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
        assert looks[:4] == [True, True, True, False] and len(looks) > 4  # one look per decision searched
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


def _forged(user: SimUser, message: Message, custom_id: str) -> Interaction:
    """A click by ``user`` on ``message`` carrying ``custom_id``, which the message does not show."""
    interaction = user.component_interaction(message, message.custom_ids[0])
    interaction.payload["data"]["custom_id"] = custom_id
    return interaction


def _hint_line(interaction: Interaction) -> str:
    line = _private(interaction)
    assert line.startswith("💡 Hint: ") and " — your chance of winning with it: " in line, line
    return line


@pytest.mark.asyncio
async def test_hints_in_a_duel_that_allows_them_and_not_in_a_rated_one(table: Table) -> None:
    alice, bob = table.alice, table.bob
    async with table.running():
        challenge, _ = await table.challenge(alice, bob, match=1, hints=True)
        assert "Hints allowed" in challenge.content  # both see it before accepting
        await bob.click(challenge, challenge.custom_ids[0])
        await table.settle()
        board = table.board()
        game_id = table.game_id(board)
        hand = await table.show_hand(bob, board)
        hint_id = f"cardia:hi:{game_id}:0"
        assert hint_id in hand.custom_ids
        followed = await table.follow(game_id)
        decision = next(d for d in followed.game.pending if d.player == "p2")
        line = _hint_line(await bob.click(hand, hint_id))
        await table.settle()
        with text.speaking("en"):
            labels = [
                text.option_label(decision.kind, o, "p2", {"p1": "Alice", "p2": "Bob"})
                for o in decision.options
            ]
        assert any(f"Hint: {label} — " in line for label in labels), (line, labels)
        _hint_line(await bob.click(hand, hint_id))  # the same decision again: counted once
        await table.settle()
        assert await table.storage.hints_used(game_id) == {"p1": 0, "p2": 1}
        # Forged hint buttons: on the public board (a stranger), for a decision long gone: refused.
        carol_click = await table.carol.send(_forged(table.carol, board, hint_id))
        await table.settle()
        assert "private hand" in _private(carol_click)
        stale = await bob.send(_forged(bob, hand, f"cardia:hi:{game_id}:7"))
        await table.settle()
        assert "out of date" in _private(stale)
        assert await table.storage.hints_used(game_id) == {"p1": 0, "p2": 1}
        await table.play_game(random.Random(8))
        final = table.board()
        assert "💡 Hints used: Alice " in final.content and ", Bob 1." in final.content
        async with table.storage.transaction() as tx:  # recorded, never rated
            assert game_id not in [row[0] for row in await tx.rated_games(None)]
        assert await table.storage.finished_game(game_id) is not None

        # A rated duel: no Hint on the hand, and a forged one is refused.
        _, rated = await table.start(match=1)
        rated_board = table.board()
        rated_hand = await table.show_hand(alice, rated_board)
        assert not any(c.startswith("cardia:hi:") for c in rated_hand.custom_ids)
        refused = await alice.send(_forged(alice, rated_hand, f"cardia:hi:{rated}:0"))
        await table.settle()
        assert "Hints are for duels against the computer" in _private(refused)
        assert await table.storage.hints_used(rated) == {"p1": 0, "p2": 0}


@pytest.mark.asyncio
async def test_a_hint_against_the_computer_and_the_review_of_that_game(table: Table) -> None:
    alice = table.alice
    async with table.running():
        sent = await alice.slash(
            "cardia", "challenge", opponent=table.emulator.state.bot, level="easy", match=1
        )
        await table.settle()
        assert sent.message is not None and "Hints allowed" not in sent.message.content
        board = table.board()
        game_id = table.game_id(board)
        hand = await table.show_hand(alice, board)
        _hint_line(await alice.click(hand, f"cardia:hi:{game_id}:0"))
        await table.settle()
        rng = random.Random(2)
        while table.mentioned(table.board()):
            hand = await table.show_hand(alice, table.board())
            await table.choose(alice, hand, rng)
            await table.settle()
        final = table.board()
        assert final.content.endswith("💡 Hints used: Alice 1.")
        review = (await alice.click(final, f"cardia:rv:{game_id}")).message
        await table.settle()
        assert _review_of(review) == f"Game #{game_id}: Alice's decisions reviewed"
        stranger = await table.bob.click(final, f"cardia:rv:{game_id}")
        await table.settle()
        assert "can review this game" in _private(stranger)


@pytest.mark.asyncio
async def test_a_conceded_game_is_reviewed_with_its_result(table: Table) -> None:
    """A game the bot ended (a concession) has no result in the engine: the review ends on the recorded
    one, a win for the one who did not concede."""
    alice, bob = table.alice, table.bob
    async with table.running():
        match_id, game_id = await table.start(match=1)
        await table.turn(random.Random(1))
        asked = (await alice.slash("cardia", "concede")).message
        await table.settle()
        assert asked is not None
        await alice.click(asked, f"cardia:k:{match_id}")
        await table.settle()
        review = (await bob.slash("cardia", "review", game=str(game_id))).message
        await table.settle()
        assert _review_of(review) == f"Game #{game_id}: Bob's decisions reviewed"
        stored = await table.storage.review(game_id, "p2")
        assert stored is not None and json.loads(stored.data)["outcome"] == 1.0


@pytest.mark.asyncio
async def test_a_review_kept_by_an_earlier_version_is_made_again(table: Table) -> None:
    """Reviews are kept; one kept before the review judged beyond the noise (no version in its data) is
    made again when next opened, and kept in its place, its Share state unchanged."""
    alice = table.alice
    async with table.running():
        _, game_id = await table.start(match=1)
        await table.play_game(random.Random(6))
        first = (await alice.slash("cardia", "review", game=str(game_id))).message
        await table.settle()
        stored = await table.storage.review(game_id, "p1")
        assert first is not None and stored is not None and json.loads(stored.data)["version"] == 2
        earlier = json.loads(stored.data)
        del earlier["version"], earlier["swings"]
        earlier["turning_points"] = [0]  # what the earlier review said, which this one does not
        await table.storage.replace_review(game_id, "p1", stored.data, json.dumps(earlier))
        again = (await alice.slash("cardia", "review", game=str(game_id))).message
        await table.settle()
        kept = await table.storage.review(game_id, "p1")
        assert kept is not None and json.loads(kept.data) == json.loads(stored.data)
        assert again is not None and again.embeds == first.embeds
