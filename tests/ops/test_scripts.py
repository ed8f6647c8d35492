"""scripts/venv (used by scripts/run and scripts/test): it installs only when the environment is missing
or the pinned dependencies changed, so a bot with a complete .venv restarts with no package index."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


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


def _venv(project: Path, **environment: str) -> list[str]:
    env = {key: value for key, value in os.environ.items() if key != "CARDIA_PYTHON"} | environment
    subprocess.run([str(project / "scripts" / "venv"), "bot"], check=True, timeout=60, cwd=project, env=env)
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


def _interpreter(project: Path, name: str) -> Path:
    """A stand-in Python that tells its path (as ``sys.executable``) and makes a .venv like _project's."""
    python = project / name
    recorder = f'#!/bin/sh\\necho "$@" >> {project / "calls"}\\n'
    python.write_text(
        "#!/bin/sh\n"
        'if [ "$1" = "-c" ]; then realpath "$0"; exit 0; fi\n'
        f'echo "{name} $*" >> {project / "calls"}\n'
        'if [ "$3" = "--clear" ]; then rm -rf .venv; fi\n'
        f"mkdir -p .venv/bin && printf '{recorder}' > .venv/bin/python && chmod +x .venv/bin/python\n"
    )
    python.chmod(0o755)
    return python


def test_builds_on_the_python_asked_for_and_anew_when_another_is(tmp_path: Path) -> None:
    project = _project(tmp_path)
    shutil.rmtree(project / ".venv")
    first, second = _interpreter(project, "python-a"), _interpreter(project, "python-b")

    calls = _venv(project, CARDIA_PYTHON=str(first))
    assert calls[0] == "python-a -m venv .venv" and len(calls) == 3, calls  # then the lock and the project
    assert (project / ".venv" / ".built-on").read_text().strip() == str(first)
    assert _venv(project, CARDIA_PYTHON=str(first)) == []  # the same one: nothing to do

    calls = _venv(project, CARDIA_PYTHON=str(second))  # another one: .venv built anew on it
    assert calls[0] == "python-b -m venv --clear .venv" and len(calls) == 3, calls
    assert (project / ".venv" / ".built-on").read_text().strip() == str(second)
    assert _venv(project) == []  # none asked for: the .venv there is kept, whatever it was built on
