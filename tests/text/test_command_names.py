"""A command written inside a catalogue's text is the command as Discord shows that language's reader.

Discord shows each user the command, subcommand and option names of their client's language
(``hu/commands.ftl``: ``/cardia szabályok``), so a Hungarian sentence that tells the reader to type
``/cardia rules topic:`` names a command they cannot find. Every ``/cardia …`` in every message of a
language is read here against the command tree the bot syncs, translated into that language.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import discord
import pytest
from discord import app_commands

from bot.ui.translator import CatalogueTranslator
from tests.text.test_catalogues import messages, sample, the_group
from text.catalogue import BUNDLES, LANGUAGES, SOURCE

MENTION = re.compile(r"(`?)/cardia\b([^`\n·()]*)")
CODE_WORD = re.compile(r"`([\w-]+)`")  # an option named alone: "choose one with the `duel` option"


@dataclass
class Command:
    options: set[str] = field(default_factory=set)
    subcommands: dict[str, Command] = field(default_factory=dict)


def said_in(language: str, payload: dict[str, Any]) -> str:
    if language == SOURCE:
        return str(payload["name"])
    return str((payload.get("name_localizations") or {})[language])


def tree_in(language: str, payload: dict[str, Any]) -> Command:
    """The commands under ``/cardia`` with their subcommands and options, named in ``language``."""
    command = Command()
    for option in payload.get("options", []):
        name = said_in(language, option)
        if option["type"] in (1, 2):  # a subcommand or a group of them
            command.subcommands[name] = tree_in(language, option)
        else:
            command.options.add(name)
    return command


def names(command: Command) -> set[str]:
    """Every command, subcommand and option name under ``command``."""
    found = set(command.options)
    for name, sub in command.subcommands.items():
        found |= {name} | names(sub)
    return found


async def cardia_in(language: str) -> Command:
    tree = app_commands.CommandTree(discord.Client(intents=discord.Intents.none()))
    payload = await the_group().get_translated_payload(tree, CatalogueTranslator())
    return tree_in(language, payload)


def texts(language: str) -> dict[str, list[str]]:
    """Every message of the language rendered with sample values (a plural's forms each), by message id."""
    bundle = BUNDLES[language]
    found: dict[str, list[str]] = {}
    for identifier, (_, variables) in messages(language).items():
        message = bundle.get_message(identifier)
        if message.value is None:
            continue
        said = []
        for n in (1, 5):
            values = {name: sample(name) for name in variables} | {"n": n}
            rendered, _ = bundle.format_pattern(message.value, values)
            said.append(str(rendered))
        found[identifier] = said
    return found


def wrong_names(said: str, cardia: Command, foreign: frozenset[str] = frozenset()) -> list[str]:
    """What is wrong with each ``/cardia …`` in ``said``: a command, subcommand or option the reader's
    Discord does not show. In a code span every word must be one; in prose the command ends at the
    first word that is none (the sentence goes on), but a word with a colon is always an option. A name
    alone in a code span must not be one of another language's (``foreign``) that this one lacks."""
    wrong = [f"`{word}`" for word in CODE_WORD.findall(said) if word in foreign and word not in names(cardia)]
    for match in MENTION.finditer(said):
        in_code = bool(match.group(1))
        words = [word.rstrip(".,;:!?") if ":" not in word else word for word in match.group(2).split()]
        command: Command | None = None
        level = cardia
        for word in words:
            name, colon, _ = word.partition(":")
            if not colon and name in level.subcommands:
                level = level.subcommands[name]
                command = level
                continue
            if command is not None and name in command.options:
                continue
            if colon or in_code or command is None:
                wrong.append(f"{match.group(0)!r}: {name!r}")
            break
    return wrong


@pytest.mark.asyncio
@pytest.mark.parametrize("language", LANGUAGES)
async def test_every_command_in_the_catalogue_text_is_named_as_discord_shows_it(language: str) -> None:
    cardia = await cardia_in(language)
    foreign = frozenset().union(*[names(await cardia_in(other)) for other in LANGUAGES if other != language])
    wrong = {
        identifier: problems
        for identifier, said in texts(language).items()
        for problems in [sorted({p for text in said for p in wrong_names(text, cardia, foreign)})]
        if problems
    }
    assert wrong == {}


@pytest.mark.asyncio
async def test_the_reading_finds_a_command_a_reader_cannot_see() -> None:
    """The check reads what it should: English names in Hungarian text, an unknown option, a group
    without its subcommand are each found; the right names and a sentence going on are not."""
    cardia = await cardia_in("hu")
    assert wrong_names("Lásd: /cardia rules topic:<…> · bármely kártya", cardia)
    assert wrong_names("kapcsold ki: `/cardia beállítások threads:False`.", cardia)
    assert wrong_names("`/cardia torna`", cardia) == []  # the group alone (its page lists them)
    assert wrong_names("`/cardia torna start`", cardia)
    assert wrong_names("`/cardia beállítások notify`", cardia)
    assert wrong_names("Továbbiak: /cardia szabályok téma:<…> · bármely kártya: /cardia kártya", cardia) == []
    assert wrong_names("hívj ki valakit a `/cardia kihívás` paranccsal!", cardia) == []
    assert wrong_names("Kilépés most: `/cardia várólista kilépés:True`.", cardia) == []
    assert wrong_names("újra: `/cardia beállítások értesítés`.", cardia) == []
    assert wrong_names("Szerverkezelők: /cardia beállítások opciókkal", cardia) == []
    assert wrong_names("`/cardia elfogadás kód:<code>`", cardia) == []
    english = frozenset(names(await cardia_in("en")))
    assert wrong_names("válassz egyet a `duel` opcióval", cardia, english)
    assert wrong_names("válassz egyet a `párbaj` opcióval (`True`)", cardia, english) == []
