"""The first game that teaches (``/cardia learn``), through the emulated Discord: a single easy game on
Deck I with no location, whose private hands explain the first rounds and each card the player meets for
the first time, in the player's language (no English in Hungarian or Polish), with hints on."""

from __future__ import annotations

import random

import pytest

import text
from engine import Game, Setup, view
from tests.bot.table import Table
from tests.words import ENGLISH_WORDS


@pytest.mark.parametrize("language", ["en", "hu", "pl"])
@pytest.mark.asyncio
async def test_the_first_game_explains_the_rounds_and_each_card_met(table: Table, language: str) -> None:
    alice = table.alice
    alice.locale = language
    async with table.running():
        sent = await alice.slash("cardia", "learn")
        await table.settle()
        assert sent.message is not None and not sent.message.ephemeral
        assert sent.message.content.startswith("Alice learns Cardia against the computer (easy)")
        (match,) = await table.storage.open_matches(user_id=alice.id)
        assert (match.learn, match.computer, match.deck, match.location, match.wins_needed) == (
            True,
            "easy",
            "I",
            None,
            1,
        )
        with text.speaking(language):
            round_titles = [text.tr(f"learn.round.{n}-title") for n in (1, 2, 3)]
            card_titles = {text.tr("learn.card-title", name=text.card_name(c), value=v): c for c, v in VALUES}
        rounds_told: set[str] = set()
        explained: set[str] = set()
        met: set[str] = set()
        notes: list[str] = []
        rng = random.Random(5)
        first = True
        while table.mentioned(table.board()) and len(rounds_told) < 3:  # until round 3 is explained
            board = table.board()
            hand = await table.show_hand(alice, board)
            fields = hand.embeds[0].get("fields", [])
            titles = [field["name"] for field in fields]
            notes += [f"{field['name']} {field['value']}" for field in fields]
            rounds_told |= {title for title in titles if title in round_titles}
            explained |= {card_titles[title] for title in titles if title in card_titles}
            game_id = table.game_id(board)
            row = await table.storage.game(game_id)
            assert row is not None
            game = Game(Setup.model_validate(row.setup))
            for player, choose in await table.storage.actions(game_id):
                game.apply(player, choose)
            seen = view(game, "p1")
            met |= set(seen.player("p1").hand or ())
            if first:  # the opening hand: every card in it, and how a round goes
                assert set(seen.player("p1").hand or ()) <= explained and titles[0] == round_titles[0]
                assert f"cardia:hi:{game_id}:0" in hand.custom_ids  # hints are on
                first = False
            await table.choose(alice, hand, rng)
            await table.settle()
        assert rounds_told == set(round_titles)
        assert met <= explained, sorted(met - explained)
        if language != "en":
            joined = "\n".join(notes)
            assert not ENGLISH_WORDS.findall(joined), ENGLISH_WORDS.findall(joined)[:5]


VALUES = (
    ("hired_blade", 1),
    ("void_mage", 2),
    ("surgeon", 3),
    ("mediator", 4),
    ("saboteur", 5),
    ("fortune_teller", 6),
    ("palace_guard", 7),
    ("judge", 8),
    ("ambusher", 9),
    ("puppeteer", 10),
    ("clockmaker", 11),
    ("treasurer", 12),
    ("swamp_guardian", 13),
    ("magistra", 14),
    ("inventor", 15),
    ("djinn", 16),
)
