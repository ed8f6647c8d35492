"""Where the terminal writes (a game's record, a review's chart): why a place cannot be written, in the
reader's words, found before the work that would be lost."""

from __future__ import annotations

import os
from pathlib import Path

import text


def reason(path: Path, error: OSError | None = None) -> str:
    """Why ``path`` cannot be written: the ``error`` a write met, or what a look finds."""
    if isinstance(error, IsADirectoryError) or path.is_dir():
        return text.tr("terminal.reason_folder")
    if isinstance(error, FileNotFoundError | NotADirectoryError) or not path.parent.is_dir():
        return text.tr("terminal.reason_no_folder", folder=str(path.parent))
    if isinstance(error, PermissionError) or error is None:
        return text.tr("terminal.reason_not_allowed")
    return error.strerror or str(error)


def unwritable(path: Path) -> str | None:
    """Why ``path`` could not be written (None if it can), found without writing it."""
    writable = path.parent.is_dir() and not path.is_dir() and os.access(path.parent, os.W_OK)
    if writable and (not path.exists() or os.access(path, os.W_OK)):
        return None
    return reason(path)


def cannot_save(path: Path, error: OSError) -> str:
    """The one line that says why the record cannot be written to ``path``."""
    return text.tr("terminal.cannot_save", file=str(path), reason=reason(path, error))


def free(path: Path) -> Path:
    """``path``, or, if a file is there already, the first of ``name-2``, ``name-3``... that is free: a
    record written by default never replaces an earlier game's."""
    found, number = path, 1
    while found.exists():
        number += 1
        found = path.with_name(f"{path.stem}-{number}{path.suffix}")
    return found
