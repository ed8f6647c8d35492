"""``cardia web``: its help, and a refusal in one line without a secret to sign the links with; a real
server process answering its health check and its pages, and stopping on SIGTERM."""

from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from bot.store import Storage
from tests.web.games import KEY

ROOT = Path(__file__).resolve().parents[2]


def _environment(**values: str) -> dict[str, str]:
    kept = {name: value for name, value in os.environ.items() if not name.startswith("CARDIA_")}
    return {**kept, **values}


def _run(*args: str, cwd: Path, **values: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cardia", "web", *args],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        cwd=cwd,
        env=_environment(**values),
    )


def test_the_help_names_every_setting(tmp_path: Path) -> None:
    shown = _run("--help", cwd=tmp_path)
    assert shown.returncode == 0
    from web.settings import WebSettings

    named = [str(field.validation_alias.choices[0]) for field in WebSettings.model_fields.values()]  # type: ignore[union-attr]
    for setting in (*named, "health"):
        assert setting in shown.stdout, setting


def test_it_refuses_to_start_without_a_secret_in_one_line(tmp_path: Path) -> None:
    for secret in ({}, {"CARDIA_WEB_SECRET": "short"}):
        refused = _run("--database", str(tmp_path / "cardia.db"), cwd=tmp_path, **secret)
        assert refused.returncode == 2
        assert refused.stdout == ""
        lines = refused.stderr.strip().splitlines()
        assert len(lines) == 1 and "CARDIA_WEB_SECRET" in lines[0], refused.stderr
    assert not (tmp_path / "cardia.db").exists()  # refused before anything was opened
    bad = _run("--port", "99999", cwd=tmp_path, CARDIA_WEB_SECRET=KEY.decode())
    assert bad.returncode == 2 and len(bad.stderr.strip().splitlines()) == 1 and "PORT" in bad.stderr


def _migrated(path: Path) -> str:
    """A database the bot has made (the pages only read one)."""

    async def made() -> None:
        await (await Storage.open(str(path))).close()

    asyncio.run(made())
    return str(path)


@contextmanager
def _server(tmp_path: Path, **values: str) -> Iterator[str]:
    """A ``cardia web`` process on a database the bot made, on a free port: its address."""
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "cardia",
            "web",
            "--port",
            "0",
            "--database",
            _migrated(tmp_path / "cardia.db"),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=tmp_path,
        env=_environment(CARDIA_WEB_SECRET=KEY.decode(), **values),
    )
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        assert line.startswith("cardia web: serving on http://"), line + (
            server.stderr.read() if server.stderr else ""
        )
        yield line.split("serving on ", 1)[1].strip()
    finally:
        server.send_signal(signal.SIGTERM)
        assert server.wait(timeout=30) == 0


def _status(url: str, headers: dict[str, str] | None = None) -> int:
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers or {}), timeout=10) as answer:
            answer.read()
            return int(answer.status)
    except urllib.error.HTTPError as error:
        return int(error.code)


def test_a_server_process_answers_and_stops_on_sigterm(tmp_path: Path) -> None:
    with _server(tmp_path) as address:
        with urllib.request.urlopen(f"{address}/health", timeout=10) as answer:
            assert answer.status == 200 and answer.read() == b"ok\n"
        port = address.rsplit(":", 1)[1]
        health = _run("health", "--port", port, cwd=tmp_path, CARDIA_WEB_SECRET=KEY.decode())
        assert health.returncode == 0, health.stderr
    down = _run("health", "--port", port, cwd=tmp_path)
    assert down.returncode == 1 and "health" in down.stderr


def test_a_server_process_refuses_a_flood_as_set(tmp_path: Path) -> None:
    # A bucket that fills again in no time a test takes: two requests, then 429 (CARDIA_WEB_RATE/BURST).
    with _server(tmp_path, CARDIA_WEB_RATE="0.001", CARDIA_WEB_BURST="2") as address:
        assert [_status(f"{address}/") for _ in range(3)] == [200, 200, 429]
    with _server(
        tmp_path, CARDIA_WEB_RATE="0.001", CARDIA_WEB_BURST="2", CARDIA_WEB_PROXIED="true"
    ) as address:
        # Behind the proxy, the address it appended counts, not those the client wrote before it.
        spoofed = [{"X-Forwarded-For": f"10.0.0.{n}, 192.0.2.1"} for n in range(3)]
        assert [_status(f"{address}/", headers) for headers in spoofed] == [200, 200, 429]
        assert _status(f"{address}/", {"X-Forwarded-For": "192.0.2.2"}) == 200


def test_it_refuses_a_missing_or_unmigrated_database_in_one_line_and_makes_none(tmp_path: Path) -> None:
    secret = {"CARDIA_WEB_SECRET": KEY.decode()}
    missing = _run("--port", "0", "--database", str(tmp_path / "typo.db"), cwd=tmp_path, **secret)
    assert missing.returncode == 1 and missing.stdout == ""
    assert len(missing.stderr.strip().splitlines()) == 1 and "typo.db" in missing.stderr, missing.stderr
    assert not (tmp_path / "typo.db").exists()
    sqlite3.connect(tmp_path / "empty.db").execute("CREATE TABLE other (x)").connection.close()
    empty = _run("--port", "0", "--database", str(tmp_path / "empty.db"), cwd=tmp_path, **secret)
    assert empty.returncode == 1 and len(empty.stderr.strip().splitlines()) == 1, empty.stderr
    assert "start the bot on it first" in empty.stderr
    tables = sqlite3.connect(tmp_path / "empty.db").execute("SELECT name FROM sqlite_master").fetchall()
    assert tables == [("other",)]  # nothing made in it


def test_compose_runs_the_pages_beside_the_bots_with_their_health_check() -> None:
    import yaml

    from web.settings import WebSettings

    compose = yaml.safe_load((ROOT / "compose.yaml").read_text())
    web = compose["services"]["web"]
    assert web["build"] == "." and web["entrypoint"] == ["python", "-m", "cardia", "web"]
    assert web["depends_on"]["db"]["condition"] == "service_healthy"
    assert web["healthcheck"]["test"] == ["CMD", "python", "-m", "cardia", "web", "health"]
    environment = web["environment"]
    assert environment["CARDIA_WEB_SECRET"].startswith("${CARDIA_WEB_SECRET:?")  # from the environment only
    settings = WebSettings.model_validate({**environment, "CARDIA_WEB_SECRET": KEY.decode()})
    assert settings.database.endswith("@db/cardia") and settings.host == "0.0.0.0"
    assert web["ports"] == [f"{settings.port}:{settings.port}"]
    assert "COPY web ./web" in (ROOT / "Dockerfile").read_text()


def test_the_bots_address_of_the_pages_needs_their_key() -> None:
    from pydantic import ValidationError

    from bot.settings import Settings, describe_error

    assert Settings.model_validate({"CARDIA_WEB_URL": "", "CARDIA_WEB_SECRET": ""}).web_key() is None
    given = Settings.model_validate(
        {"CARDIA_WEB_URL": "https://cardia.example", "CARDIA_WEB_SECRET": KEY.decode()}
    )
    assert given.web_key() == KEY
    for wrong in (
        {"CARDIA_WEB_URL": "https://cardia.example"},
        {"CARDIA_WEB_URL": "https://cardia.example", "CARDIA_WEB_SECRET": "short"},
        {"CARDIA_WEB_URL": "cardia.example", "CARDIA_WEB_SECRET": KEY.decode()},
    ):
        try:
            Settings.model_validate(wrong)
        except ValidationError as error:
            line = describe_error(error)
            assert "WEB" in line and "\n" not in line and KEY.decode() not in line
        else:
            raise AssertionError(wrong)
