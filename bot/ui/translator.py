"""The command tree in every language: each command's, option's and choice's name and description is a
catalogue phrase, English in the tree and each other language's when the tree is synced (Discord then
shows every user the names and descriptions of their own client's language).

A string of the tree is :func:`said` (a catalogue key) or :func:`spoken` (any phrase, e.g. a deck label
built from faction names); :class:`CatalogueTranslator` says it again in the language asked.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands

import text

# Discord's rule for command and option names, localised ones included: lower case, no spaces.
NAME_RULE = re.compile(r"[-_\w]{1,32}")
NAMES = (
    app_commands.TranslationContextLocation.command_name,
    app_commands.TranslationContextLocation.group_name,
    app_commands.TranslationContextLocation.parameter_name,
)


def spoken(say: Callable[[], str]) -> app_commands.locale_str:
    """A string of the command tree: ``say()`` in English now, in another language when synced."""
    with text.speaking(text.SOURCE):
        return app_commands.locale_str(say(), say=say)


def said(key: str, **values: Any) -> app_commands.locale_str:
    """The catalogue phrase ``key`` as a string of the command tree."""
    return spoken(lambda: text.tr(key, **values))


def options(command: str, *names: str) -> dict[str, app_commands.locale_str]:
    """``command``'s options' names, for ``app_commands.rename``."""
    return {name: said(f"slash.{command}.{name}") for name in names}


def descriptions(command: str, *names: str) -> dict[str, app_commands.locale_str]:
    """``command``'s options' descriptions, for ``app_commands.describe``."""
    return {name: said(f"slash.{command}.{name}.description") for name in names}


def valid_name(name: str) -> bool:
    return bool(NAME_RULE.fullmatch(name)) and name == name.lower()


class CatalogueTranslator(app_commands.Translator):
    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        say = string.extras.get("say")
        language = text.language_of(locale)
        if say is None or language == text.SOURCE:
            return None  # English, or a language without a catalogue: Discord shows the English
        with text.speaking(language):
            translated: str = say()
        if context.location in NAMES and not valid_name(translated):
            return None  # tests/text/test_catalogues.py proves no catalogue name breaks the rule
        return translated
