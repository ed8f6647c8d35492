"""``cardia JOB``: one command per job (play, replay, move, arena, bench, bot, records, store), each the
same program as its ``python -m`` form; an unknown job is one line and exit status 2; ``scripts/play``
is the README's no-token game in one line."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from cardia.__main__ import ENGINE_JOBS, USAGE

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "docs" / "examples" / "deck1-full-game.record.json"


def _run(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *args], capture_output=True, text=True, timeout=120, check=False, cwd=cwd
    )


def test_the_installed_command_lists_every_job() -> None:
    command = Path(sys.executable).parent / "cardia"
    assert command.exists(), "pyproject.toml's [project.scripts] installs `cardia` beside python"
    shown = subprocess.run([str(command), "--help"], capture_output=True, text=True, timeout=60, check=True)
    assert shown.stdout.strip() == USAGE
    for job in (*ENGINE_JOBS, "bot", "records", "store"):
        assert f"\n  {job} " in USAGE


def test_a_job_is_the_same_program_as_its_python_m_form() -> None:
    through_cardia = _run("-m", "cardia", "replay", str(EXAMPLE), "--at", "2")
    direct = _run("-m", "engine", "replay", str(EXAMPLE), "--at", "2")
    assert through_cardia.returncode == direct.returncode == 0, through_cardia.stderr
    assert through_cardia.stdout == direct.stdout and '"pending"' in direct.stdout
    bad = _run("-m", "cardia", "replay", str(ROOT / "docs" / "examples" / "illegal-action.record.json"))
    assert bad.returncode == 2 and bad.stderr.startswith("action 3: ") and bad.stdout == ""
    health = _run("-m", "cardia", "bot", "health")  # no health file set: the bot's own answer
    assert health.returncode == _run("-m", "bot", "health").returncode != 0


def test_an_unknown_job_is_one_line_and_nothing_runs() -> None:
    unknown = _run("-m", "cardia", "duel")
    assert unknown.returncode == 2 and unknown.stdout == ""
    assert unknown.stderr.strip().splitlines() == ["cardia: unknown job 'duel'; `cardia --help` lists them"]
    assert _run("-m", "cardia").returncode == 2  # no job at all: the usage, and a failing status


def test_playing_in_the_terminal_loads_nothing_of_discord(tmp_path: Path) -> None:
    probe = (
        "import sys; from cardia.__main__ import main; "
        "sys.stdin = __import__('io').StringIO('q\\n'); code = main(['play', '--seed', '1']); "
        "print(code, 'discord' in sys.modules, 'bot' in sys.modules)"
    )
    played = _run("-c", probe, cwd=tmp_path)  # the game saves its record where it is played
    assert played.returncode == 0, played.stderr
    assert played.stdout.strip().splitlines()[-1] == "1 False False"  # stopped with q: status 1
    assert [path.name for path in tmp_path.iterdir()] == ["cardia-1.json"]


def test_scripts_play_runs_the_terminal_game() -> None:
    script = (ROOT / "scripts" / "play").read_text()
    assert "scripts/venv bot" in script and "exec .venv/bin/cardia play" in script
