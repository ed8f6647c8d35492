"""``python -m bot``: without DISCORD_TOKEN it says in one line what to do and exits non-zero."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.settings import Settings

ROOT = Path(__file__).resolve().parents[1]


def test_without_a_token_one_line_and_no_traceback(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    result = subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,
        env=env | {"PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode != 0
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "DISCORD_TOKEN" in lines[0] and "Traceback" not in result.stderr
    assert "developers/applications" in lines[0]


def test_settings_read_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "secret-token")
    monkeypatch.setenv("CARDIA_DATABASE", str(tmp_path / "x.db"))
    settings = Settings()
    assert settings.discord_token is not None
    assert settings.discord_token.get_secret_value() == "secret-token"
    assert "secret-token" not in repr(settings)
    assert settings.database == tmp_path / "x.db"
