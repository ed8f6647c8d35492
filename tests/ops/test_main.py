"""``python -m bot``: whatever stops it (no token, a refused one, bad settings, a database it cannot use,
Discord out of reach) is said in one line with a non-zero exit; SIGTERM stops it cleanly in seconds;
``python -m bot health`` is the container's health check."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from pydantic import ValidationError

from bot.app import CardiaBot
from bot.settings import Settings
from emulator import Emulator
from tests.bot.table import bot_settings

ROOT = Path(__file__).resolve().parents[2]


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
    assert settings.database == str(tmp_path / "x.db") and settings.database_pool == 10
    monkeypatch.setenv("CARDIA_DATABASE", "postgresql://cardia:pw@db/cardia")
    monkeypatch.setenv("CARDIA_DATABASE_POOL", "4")
    settings = Settings()
    assert (settings.database, settings.database_pool) == ("postgresql://cardia:pw@db/cardia", 4)
    assert settings.sqlite_synchronous == "normal"
    monkeypatch.setenv("CARDIA_SQLITE_SYNCHRONOUS", "full")
    assert Settings().sqlite_synchronous == "full"


# --- what stops the bot, in one line -------------------------------------------------------------------


def run_bot_once(
    tmp_path: Path, env: dict[str, str], *args: str, timeout: float = 60
) -> subprocess.CompletedProcess[str]:
    base = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "CARDIA_"))}
    return subprocess.run(
        [sys.executable, "-m", *args],
        cwd=tmp_path,
        env=base | {"PYTHONPATH": str(ROOT)} | env,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def one_line(result: subprocess.CompletedProcess[str]) -> str:
    """The one line a failed start says (discord.py's own log lines aside), never a traceback."""
    assert result.returncode != 0 and "Traceback" not in result.stderr, result.stderr
    lines = [line for line in result.stderr.strip().splitlines() if "discord.client" not in line]
    assert len(lines) == 1, result.stderr
    return lines[0]


def test_bad_settings_name_what_to_fix(tmp_path: Path) -> None:
    result = run_bot_once(tmp_path, {"DISCORD_TOKEN": "x", "CARDIA_TIMER_TICK": "abc"}, "bot")
    line = one_line(result)
    assert line.startswith("bad setting: CARDIA_TIMER_TICK=abc:") and "number" in line
    result = run_bot_once(tmp_path, {"DISCORD_TOKEN": "x", "CARDIA_TIMER_TICK": "-5"}, "bot")
    assert one_line(result).startswith("bad setting: CARDIA_TIMER_TICK=-5:")
    result = run_bot_once(tmp_path, {"DISCORD_TOKEN": "x", "CARDIA_SQLITE_SYNCHRONOUS": "off"}, "bot")
    line = one_line(result)
    assert line.startswith("bad setting: CARDIA_SQLITE_SYNCHRONOUS=off:") and "'normal' or 'full'" in line


@pytest.mark.parametrize("kind", ["junk", "missing folder"])
def test_a_database_it_cannot_use_stops_it_at_once(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "cardia.db"
    if kind == "junk":
        path.write_bytes(b"not a database at all" * 200)
    else:
        path = tmp_path / "no" / "such" / "cardia.db"
    # Before this was fixed, aiosqlite's thread kept the process alive for ever: the timeout fails it.
    result = run_bot_once(tmp_path, {"DISCORD_TOKEN": "x", "CARDIA_DATABASE": str(path)}, "bot", timeout=30)
    line = one_line(result)
    assert str(path) in line and "database" in line


@pytest.mark.asyncio
async def test_a_refused_token_or_discord_out_of_reach_is_one_line(tmp_path: Path) -> None:
    async with Emulator() as emulator:
        emulator.fail("GET", "/users/@me", status=401, message="401: Unauthorized")
        env = {"DISCORD_TOKEN": "fake", "CARDIA_DATABASE": str(tmp_path / "c.db")}
        args = ("emulator.process", emulator.api_url, emulator.gateway_url)
        result = await asyncio.to_thread(run_bot_once, tmp_path, env, *args)
        assert (
            one_line(result)
            == "Discord refused the token in DISCORD_TOKEN: copy it again from the developer portal."
        )
    closed = "http://127.0.0.1:9/api/v10"  # the discard port: nothing listens there
    result = await asyncio.to_thread(
        run_bot_once, tmp_path, env, "emulator.process", closed, "ws://127.0.0.1:9/"
    )
    assert one_line(result).startswith("Discord cannot be reached")


@pytest.mark.asyncio
async def test_sigterm_stops_it_cleanly_within_seconds_and_the_health_check(tmp_path: Path) -> None:
    async with Emulator() as emulator:
        health = tmp_path / "healthy"
        env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "CARDIA_"))}
        env |= {
            "DISCORD_TOKEN": "emulated",
            "CARDIA_DATABASE": str(tmp_path / "c.db"),
            "CARDIA_HEALTH_FILE": str(health),
            "PYTHONPATH": str(ROOT),
        }
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "emulator.process",
            emulator.api_url,
            emulator.gateway_url,
            env=env,
            cwd=tmp_path,
            stderr=asyncio.subprocess.PIPE,
        )
        await emulator.wait_for(lambda: emulator.connected, timeout=30, what="the bot to connect")
        for _ in range(100):  # the first mark comes once the bot is ready (discord.py waits for guilds)
            if health.exists():
                break
            await asyncio.sleep(0.1)
        checked = await asyncio.to_thread(
            run_bot_once, tmp_path, {"CARDIA_HEALTH_FILE": str(health)}, "bot", "health"
        )
        assert checked.returncode == 0, checked.stderr
        process.send_signal(signal.SIGTERM)
        # Within docker stop's grace period (10 s), after which it would be killed: stopped, not killed.
        assert await asyncio.wait_for(process.wait(), 10) == 0
        assert process.stderr is not None
        log = (await process.stderr.read()).decode()
        assert "stopping: signal received" in log and "Traceback" not in log
        assert not emulator.connected  # the gateway was closed, not dropped
    os.utime(health, (0, 0))  # a mark from long ago: unhealthy
    stale = run_bot_once(tmp_path, {"CARDIA_HEALTH_FILE": str(health)}, "bot", "health")
    assert stale.returncode == 1 and "unhealthy" in stale.stderr


def test_shards_are_read_and_checked(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """CARDIA_SHARD_COUNT and CARDIA_SHARD_IDS: this process's shards; a server belongs to shard
    (id >> 22) % count, and the bot owns the servers of its shards only."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("CARDIA_SHARD_COUNT", "4")
    monkeypatch.setenv("CARDIA_SHARD_IDS", "0, 2-3")
    settings = Settings()
    assert settings.shards() == [0, 2, 3]
    bot = CardiaBot(settings)
    assert [bot.owns_guild(shard << 22) for shard in range(4)] == [True, False, True, True]
    assert CardiaBot(bot_settings(":memory:")).owns_guild(1 << 22)  # one process: every server
    for count, ids, wrong in (("4", "4", "does not exist"), ("", "1", "needs"), ("4", "a,b", "shard ids")):
        monkeypatch.setenv("CARDIA_SHARD_COUNT", count) if count else monkeypatch.delenv("CARDIA_SHARD_COUNT")
        monkeypatch.setenv("CARDIA_SHARD_IDS", ids)
        with pytest.raises(ValidationError, match=wrong):
            Settings()
