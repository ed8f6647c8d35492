"""The reader's language, from the browser's ``Accept-Language``: the first of the catalogue's languages
it asks for, by its weights, else English."""

from __future__ import annotations

from text import LANGUAGES, SOURCE

HEADER_LIMIT = 500  # characters of the header read: a longer one is cut, never an error


def negotiate(header: str | None) -> str:
    if not header:
        return SOURCE
    asked: list[tuple[float, int, str]] = []
    for index, part in enumerate(header[:HEADER_LIMIT].split(",")):
        tag, _, params = part.strip().partition(";")
        weight = 1.0
        params = params.strip()
        if params.startswith("q="):
            try:
                weight = float(params[2:])
            except ValueError:
                weight = 0.0
        primary = tag.strip().lower().split("-")[0]
        if weight > 0 and primary in LANGUAGES:
            asked.append((-weight, index, primary))
    return min(asked)[2] if asked else SOURCE
