"""The catalogues (text/locales/<language>/<area>.ftl): complete, consistent, and said right.

- Every file parses (a Fluent syntax error fails here, not in front of a player).
- Every language has the English catalogue's files and messages, no others, with the same variables.
- Every message of every language renders with sample values, without an error and without falling back.
- The command tree's names and descriptions obey Discord's rules in every language.
- Names as printed: the rulebooks' card, location and difficulty names (docs/rules.md §3, §4).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from discord import app_commands
from fluent.syntax import ast, parse
from fluent.syntax.visitor import Visitor

import text
from bot.cogs import cardia_group
from cards import CARDS, LOCATIONS
from tests.bot.table import declared_cogs
from text.catalogue import BUNDLES, LANGUAGES, LOCALES, SOURCE

OTHERS = [language for language in LANGUAGES if language != SOURCE]


def resources(language: str) -> dict[str, ast.Resource]:
    return {
        path.name: parse(path.read_text(encoding="utf-8"))
        for path in sorted((LOCALES / language).glob("*.ftl"))
    }


class _Variables(Visitor):
    def __init__(self) -> None:
        super().__init__()
        self.found: set[str] = set()

    def visit_VariableReference(self, node: ast.VariableReference) -> None:
        self.found.add(node.id.name)
        self.generic_visit(node)


def messages(language: str) -> dict[str, tuple[str, set[str]]]:
    """message id -> (its file, the variables it uses)."""
    found: dict[str, tuple[str, set[str]]] = {}
    for name, resource in resources(language).items():
        for entry in resource.body:
            if isinstance(entry, ast.Message):
                visitor = _Variables()
                visitor.visit(entry)
                assert entry.id.name not in found, f"{language}: {entry.id.name} twice"
                found[entry.id.name] = (name, visitor.found)
    return found


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_catalogue_parses(language: str) -> None:
    files = resources(language)
    assert files, language
    for name, resource in files.items():
        junk = [(entry.content or "")[:80] for entry in resource.body if isinstance(entry, ast.Junk)]
        assert not junk, f"{language}/{name}: {junk}"


@pytest.mark.parametrize("language", OTHERS)
def test_every_language_has_the_english_messages_with_the_same_variables(language: str) -> None:
    english, other = messages(SOURCE), messages(language)
    assert sorted(set(english) - set(other)) == [], "missing"
    assert sorted(set(other) - set(english)) == [], "not in the English catalogue"
    for identifier, (name, variables) in english.items():
        assert other[identifier][0] == name, f"{identifier} belongs in {name}"
        # A translation may leave a value out ("1 card" needs no $n) but never use one English lacks.
        assert other[identifier][1] <= variables, (identifier, other[identifier][1] - variables)


def sample(name: str) -> Any:
    return 3 if name in {"n", "count", "value", "index", "rank", "round", "number", "wins"} else f"<{name}>"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_renders_with_sample_values(language: str) -> None:
    english = messages(SOURCE)
    bundle = BUNDLES[language]
    rendered = 0
    for identifier, (_, variables) in english.items():
        message = bundle.get_message(identifier)  # raises if missing: no fallback to English
        assert message.value is not None, identifier
        for n in (1, 2, 5, 22):  # every plural category of en, hu and pl
            values = {name: sample(name) for name in variables} | ({"n": n} if "n" in variables else {})
            result, errors = bundle.format_pattern(message.value, values)
            assert not errors, (language, identifier, errors)
            assert "{" not in str(result) and "}" not in str(result), (language, identifier, result)
            rendered += 1
    assert rendered > 2000


@pytest.mark.parametrize("language", OTHERS)
def test_no_translation_is_left_in_english(language: str) -> None:
    """A sentence of the English catalogue in another catalogue is a translation not done (the
    end-to-end test in tests/bot/test_languages.py looks for exactly these in what players read)."""
    from tests.words import SHARED, fragments

    assert sorted((fragments(SOURCE) & fragments(language)) - SHARED) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_fast_path_says_what_fluent_says(language: str) -> None:
    """``tr`` fills messages of text and values itself (catalogue.TEMPLATES): the same result as Fluent."""
    from text.catalogue import TEMPLATES, _format

    assert len(TEMPLATES[language]) > 400
    for identifier, (_, variables) in messages(language).items():
        key = identifier.replace("-", ".")
        for n in (0, 1, 2, 5, 22, 25, 111):  # every plural category of en, hu and pl
            values = {name: sample(name) for name in variables} | ({"n": n} if "n" in variables else {})
            if values:
                with text.speaking(language):
                    assert text.tr(key, **values) == _format(language, key, values), (identifier, n)


def test_polish_plurals_take_the_few_and_many_forms() -> None:
    with text.speaking("pl"):
        forms = {n: text.plural("cards", n) for n in (1, 2, 5, 22, 25)}
    assert forms == {1: "1 karta", 2: "2 karty", 5: "5 kart", 22: "22 karty", 25: "25 kart"}
    with text.speaking("hu"):
        assert [text.plural("cards", n) for n in (1, 5)] == ["1 kártya", "5 kártya"]


def the_group() -> app_commands.Group:
    """The ``/cardia`` group as the bot declares it (the declarations only: no cog is called)."""
    return cardia_group(*declared_cogs())


def localised(payload: dict[str, Any]) -> Iterator[tuple[str, str, dict[str, str]]]:
    """(what, English, localisations) of every name and description of a translated payload."""
    for key, what in (("name", "name"), ("description", "description")):
        if key in payload:
            yield what, payload[key], payload.get(f"{key}_localizations") or {}
    for choice in payload.get("choices", []):
        yield "choice", choice["name"], choice.get("name_localizations") or {}
    for option in payload.get("options", []):
        yield from localised(option)


@pytest.mark.asyncio
async def test_the_command_tree_is_translated_and_obeys_discords_rules() -> None:
    """What the bot syncs: every name, description and choice has its Hungarian and Polish version (the
    group's own name, cardia, excepted), names lower case without spaces, texts within 100 characters."""
    import discord

    from bot.ui.translator import CatalogueTranslator, valid_name

    tree = app_commands.CommandTree(discord.Client(intents=discord.Intents.none()))
    payload = await the_group().get_translated_payload(tree, CatalogueTranslator())
    checked = 0
    for what, english, localisations in localised(payload):
        if english == "cardia":
            continue
        assert set(localisations) == {"hu", "pl"}, (what, english, localisations)
        for said in (english, *localisations.values()):
            if what == "name":
                assert valid_name(said), said
            assert 1 <= len(said) <= 100, said
        checked += 1
    assert checked > 80


# --- names as printed ---------------------------------------------------------------------------------

RULES = (Path(__file__).resolve().parents[2] / "docs" / "rules.md").read_text(encoding="utf-8")


def printed_names() -> Iterator[tuple[str, str, str, str]]:
    """(kind, id, Polish, Hungarian) for every card and location row of docs/rules.md that prints a name."""
    by_english = {text.card_name(c): c for c in CARDS} | {text.location_name(x): x for x in LOCATIONS}
    for line in RULES.splitlines():
        card = re.match(r"^\| \d+ \| ([^|]+) \| ([^|/]+) / ([^|]+) \|", line)
        if card:
            english, polish, hungarian = (part.strip() for part in card.groups())
            yield "card", by_english[english], polish, hungarian
        place = re.match(r"^\| ([^|/]+) / ([^|/]+) / ([^|]+) \| \d \|", line)
        if place:
            english, polish, hungarian = (part.strip() for part in place.groups())
            yield "location", by_english[english], polish, hungarian


def test_card_and_location_names_are_the_printed_ones() -> None:
    seen = 0
    for kind, item, polish, hungarian in printed_names():
        for language, printed in (("pl", polish), ("hu", hungarian)):
            if printed == "—":
                continue  # not printed in that edition: our translation, listed in the glossary
            with text.speaking(language):
                name = text.card_name(item) if kind == "card" else text.location_name(item)
            assert name.casefold() == printed.casefold(), (language, item, name, printed)
            seen += 1
    assert seen > 40


def test_difficulty_names_are_the_printed_ones() -> None:
    printed = {
        "hu": [
            "Bérgyilkosok kiképzése",
            "Tapasztalt feltalálók",
            "Hatalmas mágusok",
            "A dzsinn le van nyűgözve!",
        ],
        "pl": [
            "Najemnicy w szkoleniu",
            "Doświadczeni inżynierowie",
            "Potężni magowie",
            "Dżinn jest pod wrażeniem!",
        ],
    }
    for language, names in printed.items():
        with text.speaking(language):
            said = [
                text.tr(f"difficulty.{level}") for level in ("training", "inventors", "mages", "impressed")
            ]
        assert said == names


def glossary_of(language: str) -> str:
    """The language's glossary: its section of docs/languages.md ("### Polski (Polish)")."""
    name = {"hu": "Hungarian", "pl": "Polish"}[language]
    document = (Path(__file__).parents[2] / "docs" / "languages.md").read_text(encoding="utf-8")
    found = re.search(rf"^### [^\n]*\({name}\)\n(.*?)(?=^#|\Z)", document, re.MULTILINE | re.DOTALL)
    assert found, f"docs/languages.md has no section for {name}"
    return found.group(1)


@pytest.mark.parametrize("language", OTHERS)
def test_the_glossary_lists_every_game_term(language: str) -> None:
    glossary = glossary_of(language)
    for term in (
        "signet",
        "influence",
        "encounter",
        "modifier",
        "ongoing token",
        "face down",
        "discard pile",
        "location",
        "deck",
        "hand",
        "faction",
        "round",
        "tie",
        "difficulty",
    ):
        row = rf"^\| {re.escape(term)}( / [^|]+)? \|[^|]+\| (printed|ours) \|"
        assert re.search(row, glossary, re.MULTILINE), term
