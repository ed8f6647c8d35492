"""The phrase catalogues: Project Fluent files, one per language and area (``locales/<language>/*.ftl``;
English is the source of truth), and small helpers.

Which language a phrase is said in is the current one (:func:`speaking`): a context variable, so each
interaction (or each public post) sets it once and every phrase built while it runs follows.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Any

from fluent.runtime import FluentBundle, FluentResource
from fluent.runtime.types import fluent_number

SOURCE = "en"  # the language every other catalogue is translated from, and the fallback
LANGUAGES = ("en", "hu", "pl")
LOCALES = Path(__file__).with_name("locales")

FACTION_EMOJI: dict[str, str] = {"rebels": "🟢", "academy": "🟡", "guild": "🔴", "dynasty": "🔵"}
LABEL_LIMIT = 100  # Discord select-option label and description
NAME_LIMIT = 32  # a display name inside a label is cut to this (Discord's own limit), so labels stay unique


def load(language: str) -> FluentBundle:
    """The bundle of every catalogue file of ``language`` (syntax errors fail ``tests/test_i18n.py``)."""
    bundle = FluentBundle([language], use_isolating=False)
    for path in sorted((LOCALES / language).glob("*.ftl")):
        bundle.add_resource(FluentResource(path.read_text(encoding="utf-8")))
    return bundle


BUNDLES: dict[str, FluentBundle] = {language: load(language) for language in LANGUAGES}
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
    identifier = message_id(key)
    bundle = BUNDLES[_current.get()]
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
