"""The engine's hot modules compiled with mypyc, used when built from exactly the sources at hand.

``scripts/compile`` compiles :data:`MODULES` into ``<venv>/cardia-compiled`` and writes there the digest
of the sources it compiled (every ``.py`` of ``cards/`` and ``engine/``: a compiled module may rely on
any of them). Importing :mod:`engine` imports this module first, which puts the compiled modules ahead of
the sources (a finder on ``sys.meta_path``) only when that digest is the sources' own: an edited engine
is never shadowed by an older build, it runs interpreted until the next ``scripts/compile``. Both play
alike, bit for bit (tests/engine/test_compiled.py); the compiled one searches about four times as fast
(docs/performance.md), and is what ``scripts/test``, ``scripts/run`` and ``scripts/play`` use.

``CARDIA_ENGINE`` chooses: ``auto`` (the default: compiled when fresh), ``interpreted``, or ``compiled``
(an import error, in one line, when the build is missing or stale).
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

#: The modules compiled, under the project's root: those a game, a replay and the search run through.
MODULES = (
    "engine/model.py",
    "engine/evaluate.py",
    "engine/chance.py",
    "engine/table.py",
    "engine/locations.py",
    "engine/game.py",
    "engine/checkpoint.py",
    "engine/abilities/registry.py",
    "engine/abilities/deck1.py",
    "engine/abilities/deck2.py",
    "engine/player/policies.py",
    "engine/player/worlds.py",
    "engine/player/value.py",
    "engine/player/search.py",
)
ROOT = Path(__file__).resolve().parent.parent  # the directory holding cards/ and engine/
BUILT = Path(sys.prefix) / "cardia-compiled"
DIGEST = "sources.sha256"

#: What :func:`use` decided: "compiled", or "interpreted: why".
status = "interpreted: not decided yet"


def sources_digest(root: Path | None = None) -> str:
    """One digest of every ``.py`` under ``cards/`` and ``engine/`` (of :data:`ROOT` unless ``root``) and
    of the interpreter's version."""
    root = ROOT if root is None else root
    digest = hashlib.sha256(sys.version.encode())
    for package in ("cards", "engine"):
        for path in sorted((root / package).rglob("*.py")):
            digest.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def _why_not() -> str | None:
    """Why the compiled modules cannot be used (None when they can)."""
    wanted = os.environ.get("CARDIA_ENGINE", "auto")
    if wanted not in ("auto", "compiled", "interpreted"):
        raise ImportError(f"CARDIA_ENGINE={wanted!r}: choose auto, compiled or interpreted")
    if wanted == "interpreted":
        return "CARDIA_ENGINE=interpreted"
    try:
        built = (BUILT / DIGEST).read_text().strip()
    except OSError:
        return f"not built ({BUILT} has no {DIGEST}: run scripts/compile)"
    if built != sources_digest():
        return "built from other sources (run scripts/compile)"
    return None


class _Finder(importlib.abc.MetaPathFinder):
    """Finds the compiled modules (and the library they share) in :data:`BUILT`, ahead of the sources."""

    def __init__(self, files: dict[str, Path]) -> None:
        self.files = files

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        file = self.files.get(fullname)
        return None if file is None else importlib.util.spec_from_file_location(fullname, file)


def _built_modules() -> dict[str, Path]:
    """Each built extension module by its full name (``engine/game.cpython-311-….so``: engine.game)."""
    found: dict[str, Path] = {}
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        for file in BUILT.rglob(f"*{suffix}"):
            parts = file.relative_to(BUILT).parts
            found[".".join((*parts[:-1], parts[-1].removesuffix(suffix)))] = file
    return found


def use() -> None:
    """Put the compiled modules ahead of the sources when they are fresh."""
    global status
    why = _why_not()
    if why is not None:
        status = f"interpreted: {why}"
        if os.environ.get("CARDIA_ENGINE") == "compiled":
            raise ImportError(f"CARDIA_ENGINE=compiled, but the engine is {why}")
        return
    sys.meta_path.insert(0, _Finder(_built_modules()))
    status = "compiled"


use()  # on import: engine/__init__.py imports this module before any other engine module
