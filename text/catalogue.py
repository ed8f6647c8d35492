"""The phrase catalogues: Project Fluent files, one per language and area (``locales/<language>/*.ftl``;
English is the source of truth), and small helpers.

Which language a phrase is said in is the current one (:func:`speaking`): a context variable, so each
interaction (or each public post) sets it once and every phrase built while it runs follows.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import Any

from babel import Locale
from fluent.runtime import FluentBundle, FluentResource
from fluent.runtime.types import fluent_number
from fluent.syntax import ast, parse

SOURCE = "en"  # the language every other catalogue is translated from, and the fallback
LANGUAGES = ("en", "hu", "pl")
LOCALES = Path(__file__).with_name("locales")

FACTION_EMOJI: dict[str, str] = {"rebels": "🟢", "academy": "🟡", "guild": "🔴", "dynasty": "🔵"}
LABEL_LIMIT = 100  # Discord select-option label and description
NAME_LIMIT = 32  # a display name inside a label is cut to this (Discord's own limit), so labels stay unique


_VOWELS = frozenset("aáeéiíoóöőuúüű")


def article(value: object) -> str:
    """The Hungarian definite article before ``value`` as it is read aloud: "az" before a vowel sound,
    "a" before a consonant. A number (or a text beginning with one: "12.", "#12") is read in words by
    its leading group of three digits: "az 1.", "a 2.", "az 5.", "a 10.", "az 50.", "a 100.", "az 500.",
    "az 1000." (ezer), "a 2000.", "az 5000."; a word by its first letter ("az Akadémia", "a Céh")."""
    if isinstance(value, bool):
        return "a"
    if isinstance(value, int | float | Decimal):
        return "a" if value < 0 else _number_article(str(int(value)))  # "mínusz": a consonant
    spoken = str(value).lstrip("#„“\"'*_([ ")
    digits = ""
    for ch in spoken:
        if ch.isdigit():
            digits += ch
        elif ch not in " \u00a0\u202f" or not digits:  # digits grouped by (thin) spaces: "1 000"
            break
    if digits:
        return _number_article(digits)
    return "az" if spoken[:1].lower() in _VOWELS else "a"


def _number_article(digits: str) -> str:
    """The article before a whole number written in ``digits``: decided by the first word it is read
    with, which its leading group of three digits gives (egy, öt; ötven; ötszáz: az; száz, tíz: a)."""
    digits = digits.lstrip("0") or "0"
    group = digits[: len(digits) % 3 or 3]
    first = group[0]
    if len(group) == 1:
        return "az" if first in "15" else "a"  # egy, egymillió, ezer (a leading 1 of thousands), öt
    return "az" if first == "5" else "a"  # ötven, ötszáz; tíz, húsz..., száz, kétszáz...


#: Functions the catalogues may call: ``ARTICLE($x)`` is "a" or "az" before ``$x`` (Hungarian), as
#: text or as a selector (``{ ARTICLE($x) -> [az] Az *[a] A }`` at the start of a sentence).
FUNCTIONS = {"ARTICLE": article}


def load(language: str) -> FluentBundle:
    """The bundle of every catalogue file of ``language`` (syntax errors fail
    ``tests/text/test_catalogues.py``)."""
    bundle = FluentBundle([language], functions=FUNCTIONS, use_isolating=False)  # type: ignore[arg-type]
    for path in sorted((LOCALES / language).glob("*.ftl")):
        bundle.add_resource(FluentResource(path.read_text(encoding="utf-8")))
    return bundle


BUNDLES: dict[str, FluentBundle] = {language: load(language) for language in LANGUAGES}


@dataclass(frozen=True, slots=True)
class Value:
    name: str  # a value given to tr, written as it is


@dataclass(frozen=True, slots=True)
class Article:
    name: str  # the value ``ARTICLE`` gives "a" or "az" for


@dataclass(frozen=True, slots=True)
class Choice:
    name: str  # the number a plural (or an exact number) chooses the variant by
    variants: dict[str, Template]
    default: Template
    by_article: bool = False  # chosen by the article of the value ("a", "az"), not by its number


Template = tuple["str | Value | Article | Choice", ...]


def _article_of(expression: ast.BaseNode) -> str | None:
    """The variable of ``ARTICLE($x)``, else None."""
    if not isinstance(expression, ast.FunctionReference) or expression.id.name != "ARTICLE":
        return None
    arguments = expression.arguments
    if arguments.named or len(arguments.positional) != 1:
        return None
    argument = arguments.positional[0]
    return argument.id.name if isinstance(argument, ast.VariableReference) else None


def _template(pattern: ast.Pattern) -> Template | None:
    """A message's pattern as parts :func:`fill` can join, or None if it needs Fluent itself."""
    parts: list[str | Value | Article | Choice] = []
    for element in pattern.elements:
        if isinstance(element, ast.TextElement):
            parts.append(element.value)
            continue
        expression = element.expression
        if isinstance(expression, ast.StringLiteral):
            parts.append(expression.parse()["value"])
        elif isinstance(expression, ast.VariableReference):
            parts.append(Value(expression.id.name))
        elif _article_of(expression) is not None:
            parts.append(Article(str(_article_of(expression))))
        elif isinstance(expression, ast.SelectExpression) and (
            isinstance(expression.selector, ast.VariableReference) or _article_of(expression.selector)
        ):
            variants: dict[str, Template] = {}
            default: Template | None = None
            for variant in expression.variants:
                inner = _template(variant.value)
                if inner is None:
                    return None
                key = variant.key
                variants[key.name if isinstance(key, ast.Identifier) else str(key.value)] = inner
                if variant.default:
                    default = inner
            assert default is not None
            selector = expression.selector
            by_article = _article_of(selector)
            name = selector.id.name if isinstance(selector, ast.VariableReference) else str(by_article)
            parts.append(Choice(name, variants, default, by_article is not None))
        else:
            return None  # a function or a term: Fluent formats it
    return tuple(parts)


def templates(language: str) -> dict[str, Template]:
    """The messages made of text, values and plural choices, by message id: the fast path of
    :func:`tr` (``tests/text/test_catalogues.py`` proves it says what Fluent says)."""
    found: dict[str, Template] = {}
    for path in sorted((LOCALES / language).glob("*.ftl")):
        for entry in parse(path.read_text(encoding="utf-8")).body:
            if isinstance(entry, ast.Message) and entry.value is not None:
                template = _template(entry.value)
                if template is not None:
                    found[entry.id.name] = template
    return found


@cache
def plural_category(language: str, n: int) -> str:
    """CLDR's plural category of ``n`` in ``language`` (one, few, many, other...)."""
    return str(Locale.parse(language).plural_form(n))


def fill(language: str, template: Template, values: dict[str, Any]) -> str | None:
    """The template with ``values``; None if a value is not a text or a whole number (Fluent then)."""
    parts: list[str] = []
    for part in template:
        if type(part) is str:
            parts.append(part)
            continue
        value = values[part.name]  # type: ignore[union-attr]
        if type(value) is not str and type(value) is not int:
            return None
        if type(part) is Value:
            parts.append(str(value))
            continue
        if type(part) is Article:
            parts.append(article(value))
            continue
        assert isinstance(part, Choice)
        variant = part.variants.get(article(value) if part.by_article else str(value))
        if variant is None and type(value) is int and not part.by_article:
            variant = part.variants.get(plural_category(language, value))
        chosen = fill(language, variant if variant is not None else part.default, values)
        if chosen is None:
            return None
        parts.append(chosen)
    return "".join(parts)


TEMPLATES: dict[str, dict[str, Template]] = {language: templates(language) for language in LANGUAGES}
_current: ContextVar[str] = ContextVar("cardia_language", default=SOURCE)


def language_of(locale: object) -> str:
    """The catalogue for a Discord locale ("hu", "pl", "en-US", a ``discord.Locale``...): Hungarian,
    Polish, else English."""
    code = str(getattr(locale, "value", locale) or "").lower()
    return next((language for language in LANGUAGES if code.split("-")[0] == language), SOURCE)


def current_language() -> str:
    return _current.get()


def set_language(language: str) -> None:
    """Make ``language`` current for the rest of this task (an interaction's handler)."""
    _current.set(language if language in BUNDLES else SOURCE)


@contextmanager
def speaking(language: str) -> Iterator[None]:
    """Phrases built inside the block are in ``language`` (one of :data:`LANGUAGES`)."""
    token = _current.set(language if language in BUNDLES else SOURCE)
    try:
        yield
    finally:
        _current.reset(token)


def message_id(key: str) -> str:
    """A catalogue key as the code names it ("event.placed_card") as a Fluent message id."""
    return key.replace(".", "-")


def has(key: str) -> bool:
    """The source catalogue has the phrase ``key``."""
    return BUNDLES[SOURCE].has_message(message_id(key))


def tr(key: str, /, **values: Any) -> str:
    """The phrase ``key`` in the current language (falling back to English), with ``values``."""
    language = _current.get()
    if not values:
        return _fixed(language, key)  # a phrase without values is the same every time
    found = _found(language, key)
    if found is not None:
        # Text, values and plural choices: filled in here (what Fluent gives, several times faster).
        text = fill(found[0], found[1], values)
        if text is not None:
            return text
    return _format(language, key, values)


@cache
def _found(language: str, key: str) -> tuple[str, Template] | None:
    """The template ``tr`` fills for ``key`` in ``language`` (English if not translated), and its
    language."""
    identifier = message_id(key)
    if not BUNDLES[language].has_message(identifier):
        language = SOURCE
    template = TEMPLATES[language].get(identifier)
    return None if template is None else (language, template)


@cache
def _fixed(language: str, key: str) -> str:
    return _format(language, key, {})


def _format(language: str, key: str, values: dict[str, Any]) -> str:
    identifier = message_id(key)
    bundle = BUNDLES[language]
    if not bundle.has_message(identifier):
        bundle = BUNDLES[SOURCE]
    message = bundle.get_message(identifier)
    if message.value is None:
        raise KeyError(key)
    # Whole numbers without grouping: they are counts, ratings and numbers of games, not amounts.
    arguments = {
        name: fluent_number(value, useGrouping=False) if type(value) is int else value
        for name, value in values.items()
    }
    text, _errors = bundle.format_pattern(message.value, arguments)  # a missing value shows as {$name}
    return str(text)


def plural(key: str, n: float, **values: Any) -> str:
    """The phrase ``key`` for ``n`` of something: the catalogue picks the plural form (Polish has three)."""
    return tr(key, n=n, **values)


def clip(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, ending with "…" if it was cut."""
    return text if len(text) <= limit else text[: max(limit - 1, 0)].rstrip() + "…"


def join(items: Sequence[str]) -> str:
    """ "A", "A and B", "A, B and C"."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + tr("and") + items[-1]


def signed(amount: int) -> str:
    """+3, 0, or a negative amount with the typographic minus sign."""
    return f"+{amount}" if amount > 0 else f"−{-amount}" if amount < 0 else "0"
