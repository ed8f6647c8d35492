"""End-to-end tests of the Cardia bot through the Discord emulator (emulator/README.md).

The real discord.py client runs ``CardiaBot`` against a loopback Discord; simulated users only use what
the bot shows them: the public boards and the buttons and selects of the private hands it sends. Every
request body is validated against Discord's OpenAPI description, and the ``discord_emulator`` fixture
fails a test that left an interaction unanswered (or answered after 3 s) or made discord.py log an error.

Games are made deterministic by the bot's dealer (``CardiaBot(dealer=...)``, the table's): numbered seeds,
or stacked decks where a test needs to know the hands.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

import text
from bot.store import Storage, StoredAction
from emulator import SimUser
from emulator.state import Member, User
from engine import Game, Setup, difficulty, state
from tests.bot.table import (
    CARD_NAMES,
    OUT_OF_DATE,
    Table,
    forged,
    names_in,
    stacked_setup,
    stored_match,
)

# --- a whole match --------------------------------------------------------------------------------------


@pytest.mark.asyncio
async def test_a_complete_match_played_only_through_what_the_bot_shows(table: Table) -> None:
    emulator, alice, bob = table.emulator, table.alice, table.bob
    rng = random.Random(20240611)
    async with table.running():
        match_id, first_game = await table.start(deck="2222")
        await table.screen()
        played: list[int] = []
        while not table.results():
            game_id = table.game_id(table.board())
            assert game_id not in played, "a finished game's board is still the latest"
            decisions = await table.play_game(rng)
            assert decisions > 0
            played.append(game_id)
            # The game's last board shows how it ended, and asks nobody to move.
            final = next(b for b in reversed(table.boards()) if table.game_id(b) == game_id)
            followed = await table.follow(game_id)
            result = followed.game.result
            assert result is not None and not table.mentioned(final)
            names = {"p1": "Alice", "p2": "Bob"}
            assert final.content == text.result_text(result, names)
            assert len(played) < 8, "the match should be over"
        assert played[0] == first_game

        (announced,) = table.results()
        games = await table.storage.games(match_id)
        assert [g.id for g in games] == played
        wins = {"p1": 0, "p2": 0}
        for game in games:
            followed = await table.follow(game.id)  # the test's replay of the record agrees with the bot
            assert followed.game.result is not None and game.status == "finished"
            assert (game.winner, game.reason) == (followed.game.result.winner, followed.game.result.reason)
            if game.winner is not None:
                wins[game.winner] += 1
        match = await stored_match(table, match_id)
        assert match.status == "finished" and max(wins.values()) == 2 and min(wins.values()) < 2
        winner = "p1" if wins["p1"] == 2 else "p2"
        winner_user, loser_name = (alice, "Bob") if winner == "p1" else (bob, "Alice")
        assert announced.content.startswith(f"🏆 {winner_user.mention} wins the match")
        assert f"{wins[winner]}–{min(wins.values())} against {loser_name}" in announced.content
        assert announced.custom_ids == [f"cardia:r:{match_id}"]
        # The last board shows the final score.
        assert f"Alice {wins['p1']} – {wins['p2']} Bob" in table.board().text

        # Played in its own thread, where the rematch is offered too.
        home = match.first_home
        assert announced.channel_id == home.thread_id == home.challenge_id != emulator.channel.id
        rematch = await bob.click(announced, f"cardia:r:{match_id}")
        await table.settle()
        await table.screen()
        offer = rematch.message
        assert offer is not None and not offer.ephemeral and offer in alice.messages()
        assert offer.channel_id == home.thread_id
        assert offer.content == f"{alice.mention}, Bob asks for a rematch!"
        (new_match,) = {int(c.split(":")[2]) for c in offer.custom_ids}
        assert new_match != match_id
        await table.storage.flush()  # the message id is bookkeeping, committed with the next write
        proposed = await stored_match(table, new_match)
        assert proposed.status == "proposed" and (proposed.challenger_id, proposed.opponent_id) == (
            bob.id,
            alice.id,
        )
        assert proposed.first_home.challenge_id == offer.id

    assert table.screened_bodies > 20 and len(table.revealed_names_published) >= 5
    # Every interaction was answered, and quickly (the emulator fails the test after 3 s anyway).
    assert all(i.acknowledged for i in emulator.interactions)
    assert len(emulator.latencies) == len(emulator.interactions) > 40
    assert max(emulator.latencies) < 1.0
    assert max((i.acknowledged_at or 0) - i.injected_at for i in emulator.interactions) < 1.5


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("deck", "location", "language"),
    [
        ("2222", "foggy_swamp", "hu"),
        ("1221", "grand_library", "pl"),
        ("2112", "auction_house", "en"),
        ("1111", "scrapyard", "en"),
    ],
)
async def test_no_public_message_names_a_hidden_card(
    table: Table, deck: str, location: str, language: str
) -> None:
    """A single game (decks, locations and the server's language vary): after every decision, the
    public messages the bot sent name no card that was in a hand, a deck or face down and never seen by
    the public, in any language."""
    rng = random.Random(f"{deck}-{location}")
    table.emulator.guild.preferred_locale = language
    table.public_language = language
    async with table.running():
        match_id, game_id = await table.start(deck=deck, location=location, match=1)
        await table.screen()
        (first,) = table.boards()
        assert not names_in(first.text, CARD_NAMES), "the first board names a card"
        with text.speaking(language):  # the level of the game's own deck and location
            level = text.tr(f"difficulty.{difficulty((await table.follow(game_id)).game.setup).level}")
        assert level in first.text, (level, first.text)
        await table.play_game(rng)
        await table.screen()
        assert (await stored_match(table, match_id)).status == "finished"
        assert len(table.results()) == 1
    followed = table.followed[game_id]
    assert followed.game.result is not None
    assert table.revealed_names_published, "no card was ever shown: the screening proved nothing"


# --- restarts --------------------------------------------------------------------------------------------


@pytest.mark.asyncio
async def test_a_restart_in_the_middle_of_a_round_loses_nothing_and_old_buttons_keep_working(
    table: Table,
) -> None:
    alice, bob = table.alice, table.bob
    table.fixed_setup = stacked_setup()
    expected = Game(Setup.model_validate(stacked_setup()))
    async with table.running() as first_bot:
        match_id, game_id = await table.start()
        board = table.board()
        alice_hand = await table.show_hand(alice, board)
        options = next(d for d in expected.pending if d.player == "p1").options
        index = options.index("p1:judge")
        await alice.click(alice_hand, f"cardia:b:{game_id}:0:{index}")
        await table.settle()
        expected.apply("p1", ("p1:judge",))
        # Alice's card went face down: the same board now waits for Bob only.
        assert table.board() is board and board.edited and table.mentioned(board) == [bob]
        bob_hand = await table.show_hand(bob, board)
        assert len(table.choices(bob_hand)) == 5
    assert first_bot.storage is None and first_bot.is_closed()

    async with table.running() as second_bot:
        assert second_bot is not first_bot
        # The old board's Show my hand works with the new process: Alice waits, her Judge placed.
        alice_again = await table.show_hand(alice, board)
        assert table.choices(alice_again) == [] and "Judge" in alice_again.text
        # Bob's hand message, sent by the first process, still takes his decision.
        options = next(d for d in expected.pending if d.player == "p2").options
        index = options.index("p2:surgeon")
        await table.choose_index(bob, bob_hand, f"cardia:b:{game_id}:0:{index}")
        expected.apply("p2", ("p2:surgeon",))
        stored = await table.storage.actions(game_id)
        assert stored == [("p1", ("p1:judge",)), ("p2", ("p2:surgeon",))]
        live = await second_bot.duels.live(game_id)
        row = await table.storage.game(game_id)
        assert row is not None
        replayed = Game(Setup.model_validate(row.setup))
        for player, choose in stored:
            replayed.apply(player, choose)
        assert state(live.game) == state(replayed) == state(expected)
        # The round was revealed on a new board, which asks both players for their next card.
        new_board = table.board()
        assert new_board is not board and "Judge" in new_board.text and "Surgeon" in new_board.text
        assert set(table.mentioned(new_board)) == table.waiting_users(expected) == {alice, bob}

    async with table.running() as third_bot:  # stopped again, right after that board was posted
        # Alice places her next card. The new process cannot know which board is the latest (that is
        # saved with the next decision), so it posts one rather than editing an older board.
        earlier = [(message, message.content) for message in table.boards()]
        alice_hand = await table.show_hand(alice, new_board)
        await table.choose_index(alice, alice_hand, f"cardia:b:{game_id}:1:0")
        third = ("p1", (next(d for d in expected.pending if d.player == "p1").options[0],))
        expected.apply(*third)
        assert table.mentioned(table.board()) == [bob]
        assert [(message, message.content) for message in table.boards()[:-1]] == earlier
        rng = random.Random(5)
        for _ in range(6):
            assert await table.turn(rng)  # (each turn checks the board against the record's replay)
        stored = await table.storage.actions(game_id)
        assert stored[:3] == [("p1", ("p1:judge",)), ("p2", ("p2:surgeon",)), third]
        for player, choose in stored[3:]:
            expected.apply(player, choose)
        live = await third_bot.duels.live(game_id)
        assert len(stored) == 9 and state(live.game) == state(expected)
        assert (await stored_match(table, match_id)).status == "active"


# --- simultaneous clicks ---------------------------------------------------------------------------------


@pytest.mark.asyncio
async def test_simultaneous_clicks_store_each_decision_exactly_once(table: Table) -> None:
    alice, bob = table.alice, table.bob
    table.fixed_setup = stacked_setup()
    expected = Game(Setup.model_validate(stacked_setup()))
    async with table.running() as client:
        _, game_id = await table.start()
        board = table.board()
        alice_hand, bob_hand = await table.show_hand(alice, board), await table.show_hand(bob, board)
        # Both players place their card at the same instant.
        p1_options = next(d for d in expected.pending if d.player == "p1").options
        p2_options = next(d for d in expected.pending if d.player == "p2").options
        clicks = [
            alice.component_interaction(alice_hand, f"cardia:b:{game_id}:0:{p1_options.index('p1:judge')}"),
            bob.component_interaction(bob_hand, f"cardia:b:{game_id}:0:{p2_options.index('p2:surgeon')}"),
        ]
        answered = await asyncio.gather(alice.send(clicks[0]), bob.send(clicks[1]))
        await table.settle()
        for click, hand in zip(answered, (alice_hand, bob_hand), strict=True):
            assert click.response_type == 7 and click.message is hand and "⚠️" not in hand.content
        stored = await table.storage.actions(game_id)
        assert sorted(stored) == [("p1", ("p1:judge",)), ("p2", ("p2:surgeon",))]
        expected.apply("p1", ("p1:judge",))
        expected.apply("p2", ("p2:surgeon",))
        assert [d.kind for d in expected.pending] == ["play", "play"]  # round 2, no ability to decide
        # One new board shows the revealed round, not one per click.
        first, latest = table.boards()
        assert first is board and "Judge" not in board.text
        assert "Judge" in latest.text and "Surgeon" in latest.text
        assert set(table.mentioned(latest)) == {alice, bob}

        # Alice double-clicks two different cards at the same instant: one is taken, one explained.
        hand = await table.show_hand(alice, latest)
        buttons = [c for c in hand.custom_ids if c.startswith("cardia:b:")]
        assert buttons == [f"cardia:b:{game_id}:1:{i}" for i in range(5)]
        clicks = [
            alice.component_interaction(hand, buttons[0]),
            alice.component_interaction(hand, buttons[1]),
        ]
        await asyncio.gather(*(alice.send(click) for click in clicks))
        await table.settle()
        stored = await table.storage.actions(game_id)
        assert len(stored) == 3 and stored[2][0] == "p1"
        p1_options = next(d for d in expected.pending if d.player == "p1").options
        winner = p1_options.index(stored[2][1][0])
        assert winner in (0, 1)
        for click, index in zip(clicks, (0, 1), strict=True):
            (callback,) = click.callbacks
            assert callback["type"] == 7  # both update Alice's own (ephemeral) hand message
            content = callback["data"].get("content") or ""
            if index == winner:
                assert "⚠️" not in content
            else:
                assert content.startswith(OUT_OF_DATE) and len(content) < 120
        assert hand.ephemeral and hand not in bob.messages()
        expected.apply(*stored[2])

        # Bob double-clicks the same card: it is placed once.
        hand = await table.show_hand(bob, table.board())
        button = f"cardia:b:{game_id}:1:0"
        clicks = [bob.component_interaction(hand, button), bob.component_interaction(hand, button)]
        await asyncio.gather(*(bob.send(click) for click in clicks))
        await table.settle()
        stored = await table.storage.actions(game_id)
        p2_options = next(d for d in expected.pending if d.player == "p2").options
        assert stored[3:] == [("p2", (p2_options[0],))]
        notices = [click.callbacks[0]["data"].get("content") or "" for click in clicks]
        assert sorted(notice.startswith(OUT_OF_DATE) for notice in notices) == [False, True]
        expected.apply(*stored[3])
        live = await client.duels.live(game_id)
        assert state(live.game) == state(expected)


# --- strangers, stale clicks, challenge answers ----------------------------------------------------------


@pytest.mark.asyncio
async def test_strangers_and_stale_clicks_are_refused_and_change_nothing(table: Table) -> None:
    emulator, alice, bob, carol = table.emulator, table.alice, table.bob, table.carol
    table.fixed_setup = stacked_setup()
    expected = Game(Setup.model_validate(stacked_setup()))
    judge = next(d for d in expected.pending if d.player == "p1").options.index("p1:judge")
    surgeon = next(d for d in expected.pending if d.player == "p2").options.index("p2:surgeon")
    async with table.running():
        _, game_id = await table.start()
        board = table.board()
        public_before = len(emulator.messages())

        # Carol is not playing: Show my hand and any decision are refused, privately.
        refused = await carol.click(board, f"cardia:h:{game_id}")
        await table.settle()
        assert refused.ephemeral and refused.message is not None and refused.message in carol.messages()
        assert refused.message.content == "This is a duel between Alice and Bob: only they can play it."
        # Alice asks for her hand three times: three private copies with the same buttons.
        alice_hand, stale_hand, old_hand = [await table.show_hand(alice, board) for _ in range(3)]
        shown_before = (alice_hand.text, alice_hand.custom_ids)  # with its picture, edited in already
        click = forged(alice.component_interaction(alice_hand, f"cardia:b:{game_id}:0:{judge}"), carol)
        refused = await carol.send(click)
        await table.settle()
        assert refused.response_type == 4 and refused.ephemeral and refused.message is not None
        assert "only they can play it" in refused.message.content and refused.message in carol.messages()
        # Carol may look at the discard piles: they are public.
        piles = await carol.click(board, table.discards(board))
        await table.settle()
        assert piles.ephemeral and piles.message is not None and piles.message.embeds
        assert await table.storage.actions(game_id) == []
        assert len(emulator.messages()) == public_before and not board.edited
        assert table.choices(alice_hand) and (alice_hand.text, alice_hand.custom_ids) == shown_before

        # Alice places her Judge from one copy; the second copy is now out of date.
        await table.choose_index(alice, alice_hand, f"cardia:b:{game_id}:0:{judge}")
        chosen = await table.storage.actions(game_id)
        assert chosen == [("p1", ("p1:judge",))]
        # Another card, or the same one a second time (both clicked before the copy was refreshed).
        late = [
            alice.component_interaction(stale_hand, f"cardia:b:{game_id}:0:{i}") for i in sorted({0, judge})
        ]
        for click in late:
            stale = await alice.send(click)
            await table.settle()
            assert stale.response_type == 7 and stale.message is stale_hand and stale_hand.ephemeral
            assert stale_hand.content.startswith(OUT_OF_DATE) and len(stale_hand.content) < 120
            assert table.choices(stale_hand) == []  # it now shows where the game stands
            assert await table.storage.actions(game_id) == chosen
        assert table.mentioned(board) == [bob]
        # Bob plays; the round is over and Alice has a new decision (her version 1). Her third copy
        # still shows version-0 buttons: a click on one changes nothing.
        bob_hand = await table.show_hand(bob, board)
        await table.choose_index(bob, bob_hand, f"cardia:b:{game_id}:0:{surgeon}")
        chosen = await table.storage.actions(game_id)
        assert chosen == [("p1", ("p1:judge",)), ("p2", ("p2:surgeon",))]
        assert alice in table.mentioned(table.board())
        stale = await alice.click(old_hand, f"cardia:b:{game_id}:0:0")
        await table.settle()
        assert stale.response_type == 7 and old_hand.content.startswith(OUT_OF_DATE)
        assert await table.storage.actions(game_id) == chosen
        # The refreshed copy offers the new decision, with version-1 buttons.
        assert all(c.startswith(f"cardia:b:{game_id}:1:") for c in table.choices(old_hand))
        assert len(table.choices(old_hand)) == 5
    assert await _actions(table, game_id) == chosen


async def _actions(table: Table, game_id: int) -> list[StoredAction]:
    """The stored actions, read from the database file with no bot running."""
    storage = await Storage.open(table.database)
    try:
        return await storage.actions(game_id)
    finally:
        await storage.close()


@pytest.mark.asyncio
async def test_challenge_answers_belong_to_the_right_player(table: Table) -> None:
    emulator, alice, bob, carol = table.emulator, table.alice, table.bob, table.carol
    async with table.running():
        message, match_id = await table.challenge(alice, bob, deck="2222", location="bazaar", match=1)
        assert "Deck II" in message.text and "Bazaar" in message.text and "single game" in message.text
        late_accept = bob.component_interaction(message, f"cardia:c:{match_id}:accept")
        for user, answer, who in [
            (alice, "accept", "Bob"),
            (carol, "accept", "Bob"),
            (carol, "decline", "Bob"),
            (bob, "withdraw", "Alice"),
            (carol, "withdraw", "Alice"),
        ]:
            refused = await user.click(message, f"cardia:c:{match_id}:{answer}")
            await table.settle()
            assert refused.ephemeral and refused.message is not None and refused.message in user.messages()
            assert refused.message.content == f"Only {who} can {answer} this challenge."
        assert not message.edited and (await stored_match(table, match_id)).status == "proposed"

        withdrawn = await alice.click(message, f"cardia:c:{match_id}:withdraw")
        await table.settle()
        assert withdrawn.response_type == 7 and message.custom_ids == [] and "withdrawn" in message.text
        assert (await stored_match(table, match_id)).status == "withdrawn"
        too_late = await bob.send(late_accept)  # Bob's accept, clicked before he saw the withdrawal
        await table.settle()
        assert too_late.ephemeral and too_late.message is not None
        assert too_late.message.content == "This challenge was already withdrawn."
        assert (await stored_match(table, match_id)).status == "withdrawn" and table.boards() == []

        # Accept clicked twice (the second before the buttons went): said as it is now, "accepted".
        message, match_id = await table.challenge(alice, bob)
        second = bob.component_interaction(message, f"cardia:c:{match_id}:accept")
        await bob.click(message, f"cardia:c:{match_id}:accept")
        await table.settle()
        again = await bob.send(second)
        await table.settle()
        assert again.message is not None and again.message.content == "This challenge was already accepted."
        assert len(table.boards()) == 1
        await table.storage.flush()
        async with table.storage.transaction() as tx:  # end it, for the next challenge between them
            await tx.set_match_status(match_id, ("active",), "aborted")

        message, match_id = await table.challenge(alice, bob)
        declined = await bob.click(message, f"cardia:c:{match_id}:decline")
        await table.settle()
        assert declined.response_type == 7 and message.custom_ids == [] and "declined" in message.text
        assert (await stored_match(table, match_id)).status == "declined"
        assert len(table.boards()) == 1 and await table.storage.games(match_id) == []
        assert all(not m.ephemeral for m in emulator.messages())


@pytest.mark.asyncio
async def test_challenges_that_cannot_be_made_are_refused_privately(table: Table) -> None:
    emulator, alice, bob, carol = table.emulator, table.alice, table.bob, table.carol
    # Another bot among the members, and a second channel (both there before the bot connects).
    other_bot = User(emulator.state.snowflakes.next(), "otherbot", bot=True)
    emulator.state.users[other_bot.id] = other_bot
    emulator.guild.members[other_bot.id] = Member(other_bot)
    elsewhere = emulator.state.add_channel(emulator.guild, "duels", position=1)

    async def refused(user: SimUser, opponent: SimUser | User, reason: str, **options: Any) -> None:
        before = len(emulator.messages())
        answer = await user.slash("cardia", "challenge", opponent=opponent, **options)
        await table.settle()
        assert answer.ephemeral and answer.message is not None and answer.message in user.messages()
        assert answer.message.content == reason
        assert len(emulator.messages()) == before

    async with table.running():
        await refused(alice, alice, "You cannot challenge yourself.")
        bots = "Other bots do not play Cardia: challenge a person, or me to play against the computer."
        await refused(alice, other_bot, bots)
        level = "A level is for a duel against the computer: challenge me to use it."
        await refused(alice, bob, level, level="hard")

        message, match_id = await table.challenge(alice, bob)
        await refused(alice, bob, "You already have a duel with Bob in this channel.")
        await refused(bob, alice, "You already have a duel with Alice in this channel.")
        await bob.click(message, f"cardia:c:{match_id}:accept")
        await table.settle()
        await refused(alice, bob, "You already have a duel with Bob in this channel.")
        await refused(bob, alice, "You already have a duel with Alice in this channel.")
        # Other pairs, and the same pair in another channel, may duel.
        await table.challenge(carol, bob)
        alice.channel = elsewhere
        offer, _ = await table.challenge(alice, bob)
        assert offer.channel_id == elsewhere.id
        async with table.storage.db.execute("SELECT status FROM matches ORDER BY id") as cursor:
            statuses = [row[0] for row in await cursor.fetchall()]
        assert statuses == ["active", "proposed", "proposed"]


# --- rules and cards -------------------------------------------------------------------------------------


@pytest.mark.asyncio
async def test_rules_and_card_lookups_answer_privately(table: Table) -> None:
    emulator, alice = table.emulator, table.alice
    async with table.running():
        pages = []
        for topic in [None, *range(len(text.rules_pages()))]:
            options = {} if topic is None else {"topic": topic}
            shown = await alice.slash("cardia", "rules", **options)
            assert shown.ephemeral and shown.message is not None and shown.message in alice.messages()
            (embed,) = shown.message.embeds
            title, body = text.rules_pages()[topic or 0]
            assert embed["title"] == title and embed["description"] == body
            pages.append(embed["title"])
        assert len(set(pages)) == len(text.rules_pages()) > 1

        choices = await alice.autocomplete("cardia", "card", focused="name", name="dj")
        assert {c["name"] for c in choices} == {"Djinn", "Mechanical Djinn"}
        assert {c["value"] for c in choices} == {"djinn", "mechanical_djinn"}
        everything = await alice.autocomplete("cardia", "card", focused="name", name="")
        assert len(everything) == 25  # Discord's limit for autocomplete choices

        card = await alice.slash("cardia", "card", name="mechanical_djinn")  # what autocomplete fills in
        assert card.ephemeral and card.message is not None
        (embed,) = card.message.embeds
        assert "Mechanical Djinn" in embed["title"] and "15" in card.message.text
        assert text.card_text("mechanical_djinn") in card.message.text
        typed = await alice.slash("cardia", "card", name="  judge ")  # a name typed by hand
        assert typed.message is not None and "Judge" in typed.message.embeds[0]["title"]
        place = await alice.slash("cardia", "card", name="Foggy Swamp")
        assert place.ephemeral and place.message is not None
        assert "Foggy Swamp" in place.message.embeds[0]["title"]
        unknown = await alice.slash("cardia", "card", name="Dragon")
        assert unknown.ephemeral and unknown.message is not None
        assert (
            unknown.message.content == "No card or location is called “Dragon”."
            and not unknown.message.embeds
        )
        await table.settle()
    assert emulator.messages() == []  # nothing was said in public
