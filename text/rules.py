"""Card and location notes for /cardia card, and the rules summary for /cardia rules (our own words,
from docs/rules.md; the texts are in the ``rules`` catalogue of each language)."""

from __future__ import annotations

from text.catalogue import has, tr

RULES_PAGE_COUNT = 7  # rules-page-1 ... rules-page-7, each with its -title


def card_note(item_id: str) -> str | None:
    """A clarification of a card or location's rule (docs/rules.md §3 and §4), or None."""
    key = f"note.{item_id}"
    return tr(key) if has(key) else None


def rules_pages() -> list[tuple[str, str]]:
    """The rules summary as (title, body) pages, in the current language."""
    return [
        (tr(f"rules.page.{number}-title"), tr(f"rules.page.{number}"))
        for number in range(1, RULES_PAGE_COUNT + 1)
    ]
