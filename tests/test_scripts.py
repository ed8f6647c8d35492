"""scripts/venv (used by scripts/run and scripts/test): it installs only when the environment is missing
or the pinned dependencies changed, so a bot with a complete .venv restarts with no package index."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _project(tmp_path: Path) -> Path:
    """A copy of what scripts/venv reads, with a .venv whose python only records that it was called."""
    (tmp_path / "scripts").mkdir()
    shutil.copy(ROOT / "scripts" / "venv", tmp_path / "scripts" / "venv")
    (tmp_path / "requirements").mkdir()
    shutil.copy(ROOT / "requirements" / "bot.lock", tmp_path / "requirements" / "bot.lock")
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    python = tmp_path / ".venv" / "bin" / "python"
    python.parent.mkdir(parents=True)
    python.write_text(f'#!/bin/sh\necho "$@" >> {tmp_path / "calls"}\n')
    python.chmod(0o755)
    return tmp_path


def _venv(project: Path) -> list[str]:
    subprocess.run([str(project / "scripts" / "venv"), "bot"], check=True, timeout=60)
    calls = project / "calls"
    found = calls.read_text().splitlines() if calls.exists() else []
    calls.unlink(missing_ok=True)
    return found


def test_installs_once_then_only_when_the_dependencies_change(tmp_path: Path) -> None:
    project = _project(tmp_path)
    first = _venv(project)  # no record of an install yet: install the lock, then the project
    assert len(first) == 2 and "--require-hashes" in first[0] and "requirements/bot.lock" in first[0]
    assert "--no-deps" in first[1] and "-e ." in first[1]
    assert _venv(project) == []  # nothing changed: pip is not even started (no network needed)
    with (project / "requirements" / "bot.lock").open("a") as lock:
        lock.write("# refreshed\n")
    assert len(_venv(project)) == 2  # the pins changed: installed again
    assert _venv(project) == []
