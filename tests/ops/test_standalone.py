"""The repository stands alone: nothing in it reads outside its own tree. The tests that read files (the
rules reference, the worked records, Discord's OpenAPI description, the catalogues, the golden games) run
from a copy of the repository's tracked files in a folder with nothing beside it."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

#: The tests that read the project's own files, run in the copy.
FILE_READING_TESTS = (
    "tests/engine/test_examples.py",
    "tests/text/test_catalogues.py",
    "tests/engine/test_golden.py",
    "tests/ops/test_emulator.py",
)

#: The files read for such paths: code, documents, settings, and scripts (no suffix).
TEXT_SUFFIXES = (".py", ".md", ".toml", ".ftl", ".yaml", ".cfg", ".txt", "")

#: What a path leaving the repository looks like in code or documents.
OUTSIDE = re.compile(r"\.\./shared|\"shared\" /")


def tracked_files() -> list[str]:
    listed = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True, timeout=60
    ).stdout.decode()
    return [name for name in listed.split("\0") if name and (ROOT / name).is_file()]


def test_no_tracked_file_points_outside_the_repository() -> None:
    this = Path(__file__).relative_to(ROOT).as_posix()
    offending = []
    for name in tracked_files():
        if name == this or Path(name).suffix not in TEXT_SUFFIXES:
            continue
        text = (ROOT / name).read_text(encoding="utf-8", errors="replace")
        offending += [f"{name}: {match.group(0)}" for match in OUTSIDE.finditer(text)]
    assert offending == []


def test_the_file_reading_tests_pass_in_a_copy_with_nothing_beside_it(tmp_path: Path) -> None:
    copy = tmp_path / "alone" / "cardia"
    for name in tracked_files():
        target = copy / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, target)
    assert not (copy.parent / "shared").exists() and list(copy.parent.iterdir()) == [copy]
    env = {key: value for key, value in os.environ.items() if key != "DISCORD_OPENAPI_SPEC"}
    probe = "import emulator.spec, engine; print(emulator.spec.DEFAULT_SPEC_PATH); print(engine.__file__)"
    where = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=copy,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    ).stdout.split()
    assert all(Path(path).is_relative_to(copy) for path in where), where  # the copy's code, not ROOT's
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-o",
            "addopts=",
            "-q",
            "-p",
            "no:cacheprovider",
            *FILE_READING_TESTS,
        ],
        cwd=copy,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    assert re.search(r"\d+ passed", run.stdout), run.stdout[-500:]
