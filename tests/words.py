"""What tells a language: the fragments of each catalogue long enough to tell it (two words or more), and
English words no Hungarian or Polish sentence has. A reader of one language must never see another's."""

from __future__ import annotations

import re
from collections.abc import Iterator

from fluent.syntax import ast, parse

from text.catalogue import LANGUAGES, LOCALES

SENTENCE = re.compile(r"[^\W\d_]{2,}\W+[^\W\d_]{2,}", re.UNICODE)  # two words at least


def _segments(pattern: ast.Pattern | None) -> Iterator[str]:
    """The literal text of a pattern (variants included), cut where values go in."""
    if pattern is None:
        return
    for element in pattern.elements:
        if isinstance(element, ast.TextElement):
            yield from (part.strip() for part in element.value.split("\n"))
        elif isinstance(element, ast.Placeable) and isinstance(element.expression, ast.SelectExpression):
            for variant in element.expression.variants:
                yield from _segments(variant.value)


def fragments(language: str) -> set[str]:
    """Pieces of the language's catalogue long enough to tell the language: two words or more."""
    found: set[str] = set()
    for path in (LOCALES / language).glob("*.ftl"):
        for entry in parse(path.read_text(encoding="utf-8")).body:
            if isinstance(entry, ast.Message):
                found |= {s for s in _segments(entry.value) if len(s) >= 8 and SENTENCE.search(s)}
    return found


#: Fragments every language says alike (a library's name, the bot's own name, a tie-break named after the
#: two chess players who made it).
SHARED = frozenset({"discord.py", "ℹ️ Cardia bot", ", Sonneborn–Berger", ", Sonneborn–Berger:"})


def foreign(language: str) -> set[str]:
    """What a reader of ``language`` must never see: the other languages' fragments."""
    return {f for other in LANGUAGES if other != language for f in fragments(other)} - SHARED


# English words no Hungarian or Polish sentence has: they catch English written in code, outside the
# catalogues (which the fragments cannot know).
ENGLISH_WORDS = re.compile(
    r"\b(the|and|you|your|with|this|from|wins|choose|press|waiting|round|hand|draws|discards)\b", re.I
)
