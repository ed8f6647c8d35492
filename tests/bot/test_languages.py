"""A whole match in Hungarian and Polish, through the loopback Discord emulator with the real client.

Alice's Discord client is Hungarian and Bob's Polish; the server's public language is set to Hungarian.
Every private answer each of them gets (hands, decisions, refusals, rules, card lookups, records,
status, autocomplete) must be in their own language, every public message (challenge, boards, results)
in Hungarian, and no English sentence may reach them: each message is checked against the fragments of
the English catalogue (and of the language they should not see).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import text
from bot.app import CardiaBot
from emulator import Emulator, Message, SimUser, run_bot
from emulator.state import walk_components
from tests.bot.table import bot_settings
from tests.bot.table import settled as settled_bot
from tests.words import ENGLISH_WORDS, foreign
from text.catalogue import LANGUAGES


def everything(message: Message, *, records: bool = True) -> str:
    """What a person can read in a message: its text, placeholders, option descriptions, text attachments
    (``records``: the game record's JSON too, which is data, not words). The pictures' words are checked
    where they are drawn (tests/picture/test_picture.py)."""
    parts = [message.text]
    for component in walk_components(message.components):
        parts.append(component.get("placeholder") or "")
        parts += [option.get("description") or "" for option in component.get("options") or []]
    parts += [
        data.decode("utf-8", "replace")
        for name, data in message.files.items()
        if not name.endswith(".png") and (records or not name.endswith(".json"))
    ]
    return "\n".join(part for part in parts if part)


class Readers:
    """Every message shown, checked once against the language its reader must get."""

    def __init__(self, emulator: Emulator, public: str, users: dict[SimUser, str]) -> None:
        self.emulator = emulator
        self.public = public
        self.users = users
        self.foreign = {language: foreign(language) for language in LANGUAGES}
        self.checked: dict[str, int] = dict.fromkeys(LANGUAGES, 0)
        self.autocompleted: dict[str, list[str]] = {language: [] for language in LANGUAGES}

    def check(self) -> None:
        seen: set[tuple[int, str]] = set()
        for user, language in self.users.items():
            for message in user.messages():
                reader = language if message.ephemeral else self.public
                body = everything(message)
                if (message.id, body) in seen:
                    continue
                seen.add((message.id, body))
                leaked = sorted(f for f in self.foreign[reader] if f in body)
                assert not leaked, f"{reader} reader got {leaked[:3]} in: {body[:300]}"
                english = ENGLISH_WORDS.findall(everything(message, records=False))
                assert not english, f"{reader} reader got English {english[:5]} in: {body[:300]}"
                self.checked[reader] += 1

    def check_autocomplete(self) -> None:
        for language, names in self.autocompleted.items():
            leaked = sorted(f for f in self.foreign[language] for name in names if f in name)
            assert not leaked, (language, leaked[:3])


def boards(emulator: Emulator) -> list[Message]:
    return [m for m in emulator.messages() if any(c.startswith("cardia:h:") for c in m.custom_ids)]


def results(emulator: Emulator) -> list[Message]:
    return [m for m in emulator.messages() if any(c.startswith("cardia:r:") for c in m.custom_ids)]


BOTS: list[CardiaBot] = []  # the bot under test, which settled() waits for


def watched(bot: CardiaBot) -> CardiaBot:
    BOTS[:] = [bot]
    return bot


async def settled(emulator: Emulator) -> None:
    """Every interaction answered and handled to its end (its follow-ups, pictures and the boards it owes
    posted: tests.bot.table.settled)."""
    (bot,) = BOTS
    await settled_bot(emulator, bot)


async def decide(user: SimUser, hand: Message, rng: random.Random) -> None:
    buttons = [c for c in hand.custom_ids if c.startswith("cardia:b:")]
    selects = [c for c in hand.custom_ids if c.startswith("cardia:s:")]
    assert buttons or selects, everything(hand)
    if buttons:
        await user.click(hand, rng.choice(buttons))
        return
    custom_id = rng.choice(selects)
    select = hand.component(custom_id)
    assert select is not None
    values = [option["value"] for option in select["options"]]
    await user.select(hand, custom_id, rng.sample(values, select["min_values"]))


@pytest.mark.asyncio
async def test_a_hungarian_and_a_polish_player_meet_no_english(
    discord_emulator: Emulator, tmp_path: Path
) -> None:
    emulator = discord_emulator
    alice, bob = emulator.user("alice"), emulator.user("bob")
    alice.locale, bob.locale = "hu", "pl"
    readers = Readers(emulator, "hu", {alice: "hu", bob: "pl"})
    rng = random.Random(4242)
    async with run_bot(watched(CardiaBot(bot_settings(tmp_path / "cardia.db"), sync=True)), emulator):
        # The command tree was registered with Hungarian and Polish names and descriptions.
        (group,) = [c for c in emulator.state.commands.values() if c["name"] == "cardia"]
        challenge = next(o for o in group["options"] if o["name"] == "challenge")
        assert challenge["name_localizations"] == {"hu": "kihívás", "pl": "wyzwanie"}
        assert set(challenge["description_localizations"]) == {"hu", "pl"}

        await alice.slash("cardia", "settings", language="hu")  # Alice manages the server
        await alice.slash("cardia", "rules", topic=1)
        await bob.slash("cardia", "rules")
        await bob.slash("cardia", "card", name="Sędzina")
        await alice.slash("cardia", "card", name="Bírónő")
        looked_up = await alice.slash("cardia", "card", name="Nincs ilyen")
        await settled(emulator)
        assert "Nincs „Nincs ilyen” nevű kártya vagy helyszín." in (looked_up.message or Message({})).content
        suggested = await bob.autocomplete("cardia", "card", focused="name", name="sędz")
        assert [choice["name"] for choice in suggested] == ["Sędzina"]

        await alice.slash("cardia", "challenge", opponent=bob, deck="2222", location="serpent_temple")
        await settled(emulator)
        offer = next(m for m in emulator.messages() if any(c.startswith("cardia:c:") for c in m.custom_ids))
        assert "kihív" in offer.content
        refused = await alice.click(offer, next(c for c in offer.custom_ids if c.endswith(":accept")))
        await settled(emulator)
        assert refused.message is not None and refused.message.ephemeral
        assert refused.message.content.startswith("Ezt a kihívást csak")  # Alice is told in Hungarian
        await bob.click(offer, next(c for c in offer.custom_ids if c.endswith(":accept")))
        await settled(emulator)

        decisions = 0
        while not results(emulator):
            board = boards(emulator)[-1]
            waiting = [u for u in (alice, bob) if u.mention in board.content]
            assert waiting, everything(board)
            user = rng.choice(waiting)
            game_id = next(c for c in board.custom_ids if c.startswith("cardia:h:")).rsplit(":", 1)[1]
            if decisions % 7 == 0:
                await user.click(board, next(c for c in board.custom_ids if c.startswith("cardia:d:")))
            shown = await user.click(board, f"cardia:h:{game_id}")
            await settled(emulator)
            assert shown.message is not None and shown.message.ephemeral
            await decide(user, shown.message, rng)
            await settled(emulator)
            if decisions % 5 == 0:  # the other player looks at their hand too (maybe waiting)
                other = bob if user is alice else alice
                await other.click(board, f"cardia:h:{game_id}")
                await settled(emulator)
            decisions += 1
            readers.check()
            assert decisions < 300

        for user in (alice, bob):
            await user.slash("cardia", "stats")
            await user.slash("cardia", "leaderboard")
            await user.slash("cardia", "status")
            await user.slash("cardia", "about")
            offered = await user.autocomplete("cardia", "history", focused="game", game="")
            assert offered, "the finished games are offered"
            readers.autocompleted[readers.users[user]].extend(str(choice["name"]) for choice in offered)
            await user.slash("cardia", "history", game=str(offered[0]["value"]))
        await settled(emulator)
        readers.check()
        readers.check_autocomplete()

    # Enough of each was read to mean something: boards, hands, decisions, records, in both languages.
    assert readers.checked["hu"] > 40 and readers.checked["pl"] > 15, readers.checked
    assert all(i.acknowledged for i in emulator.interactions)


@pytest.mark.asyncio
async def test_a_server_follows_its_own_language_until_a_manager_chooses_one(
    discord_emulator: Emulator, tmp_path: Path
) -> None:
    emulator = discord_emulator
    emulator.guild.preferred_locale = "pl"
    alice, bob = emulator.user("alice"), emulator.user("bob")
    alice.locale = "en-GB"  # English, and any language without a catalogue, reads English
    bob.locale = "de"
    async with run_bot(watched(CardiaBot(bot_settings(tmp_path / "cardia.db"), sync=True)), emulator):
        await alice.slash("cardia", "challenge", opponent=bob)
        await settled(emulator)
        offer = emulator.messages()[-1]
        assert "wyzywa cię na pojedynek" in offer.content  # public: the server's own language, Polish
        refused = await bob.slash("cardia", "challenge", opponent=bob)
        await settled(emulator)
        assert refused.message is not None and refused.message.content == "You cannot challenge yourself."
        await alice.slash("cardia", "settings", language="en")
        await bob.click(offer, next(c for c in offer.custom_ids if c.endswith(":decline")))
        await settled(emulator)
        assert offer.embeds[0]["title"] == "⚔️ Cardia challenge"  # the manager chose English
        with text.speaking("pl"):
            polish = text.tr("challenge.title")
        assert polish != "⚔️ Cardia challenge"
