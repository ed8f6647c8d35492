"""Ids typed by people or carried in custom ids: what counts as one."""

from __future__ import annotations

#: The largest id the database holds (a signed 64-bit integer, like Discord's snowflakes).
MAX_ID = 2**63 - 1


def parse_id(text: str) -> int | None:
    """``12`` or ``#12`` as a number; None for anything else: other digits (``²``, ``٣``), signs, ids
    beyond what the database holds."""
    cleaned = text.strip().removeprefix("#").strip()
    if not cleaned or len(cleaned) > 19 or not (cleaned.isascii() and cleaned.isdigit()):
        return None
    value = int(cleaned)
    return value if value <= MAX_ID else None


def storable(value: int) -> bool:
    """Whether an id can be looked up at all (a larger one, from a forged custom id, names nothing)."""
    return 0 <= value <= MAX_ID
