"""The Dockerfile (Docker itself is not available here): it parses with Docker's own parser, and what it
installs is exactly the project as pyproject.toml describes it."""

from __future__ import annotations

import tomllib
from pathlib import Path

import dockerfile

ROOT = Path(__file__).resolve().parents[2]
COMMANDS = dockerfile.parse_file(str(ROOT / "Dockerfile"))
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())


def _stages() -> list[list[dockerfile.Command]]:
    stages: list[list[dockerfile.Command]] = []
    for command in COMMANDS:
        if command.cmd == "FROM":
            stages.append([])
        stages[-1].append(command)
    return stages


def _copied(stage: list[dockerfile.Command]) -> set[str]:
    """The sources a stage's COPY commands take from the build context."""
    return {source for command in stage if command.cmd == "COPY" for source in command.value[:-1]}


def test_multi_stage_on_a_slim_python_matching_the_project() -> None:
    stages = _stages()
    assert len(stages) >= 2
    bases = [stage[0].value[0] for stage in stages]
    assert all(base.startswith("python:") and base.endswith("-slim") for base in bases), bases
    required = PYPROJECT["project"]["requires-python"].removeprefix(">=")
    assert all(base.split(":")[1].startswith(required) for base in bases)


def test_the_build_installs_the_pinned_dependencies_and_the_project_and_nothing_else() -> None:
    build = _stages()[0]
    copied = _copied(build)
    packages = PYPROJECT["tool"]["setuptools"]["packages"]["find"]["include"]
    assert {"pyproject.toml", "requirements/bot.lock"} <= copied
    assert {package.rstrip("*") for package in packages} <= copied
    installs = [c.value[0] for c in COMMANDS if c.cmd == "RUN" and "pip install" in c.value[0]]
    # Exactly the lock (hashes checked), then the project without resolving anything again.
    assert installs == [
        "pip install --require-hashes --no-deps -r requirements/bot.lock",
        "pip install --no-deps --no-build-isolation .",
    ]


def test_the_locks_pin_every_dependency_of_pyproject_with_hashes() -> None:
    for lock, extras in (("bot.lock", []), ("dev.lock", ["dev"])):
        text = (ROOT / "requirements" / lock).read_text()
        pinned = {
            line.split("==")[0].lower()
            for line in text.splitlines()
            if "==" in line and not line.startswith("#")
        }
        wanted = list(PYPROJECT["project"]["dependencies"])
        for extra in extras:
            wanted += PYPROJECT["project"]["optional-dependencies"][extra]
        names = {_name(requirement) for requirement in wanted}
        assert names <= pinned, names - pinned
        assert "setuptools" in pinned  # the build backend, for --no-build-isolation
        blocks = [block for block in text.split("\n") if "==" in block and not block.startswith("#")]
        assert all("--hash=sha256:" in text.split(block, 1)[1][:200] for block in blocks)


def _name(requirement: str) -> str:
    for separator in "<>=!~[ ;":
        requirement = requirement.split(separator)[0]
    return requirement.strip().lower().replace(".", "-").replace("_", "-")


def test_a_health_check_that_means_something() -> None:
    runtime = _stages()[-1]
    (check,) = [command for command in runtime if command.cmd == "HEALTHCHECK"]
    assert "python -m bot health" in " ".join(check.value).replace('"', "").replace(",", "")
    env = " ".join(" ".join(command.value) for command in runtime if command.cmd == "ENV")
    assert "CARDIA_HEALTH_FILE" in env


def test_the_runtime_is_unprivileged_with_the_database_on_a_volume() -> None:
    runtime = _stages()[-1]
    users = [command.value[0] for command in runtime if command.cmd == "USER"]
    assert users and users[-1] not in ("root", "0")
    assert any(command.cmd == "VOLUME" and "/data" in command.value for command in runtime)
    env = " ".join(" ".join(command.value) for command in runtime if command.cmd == "ENV")
    assert "CARDIA_DATABASE" in env and "/data/" in env
    assert "DISCORD_TOKEN" not in " ".join(command.original for command in COMMANDS)
    entrypoint = [command for command in runtime if command.cmd == "ENTRYPOINT"]
    assert entrypoint and entrypoint[-1].json and entrypoint[-1].value == ("python", "-m", "bot")


def test_compose_runs_two_bot_processes_on_postgresql_once_it_is_healthy() -> None:
    """compose.yaml: PostgreSQL with a named volume and a health check; two bots built from this
    Dockerfile, pointed at it, each running one of the two shards, starting only once it is healthy,
    the token from the environment."""
    import yaml

    from bot.settings import Settings

    compose = yaml.safe_load((ROOT / "compose.yaml").read_text())
    services = compose["services"]
    db = services["db"]
    assert db["image"].startswith("postgres:") and "pg_isready" in " ".join(db["healthcheck"]["test"])
    volume = db["volumes"][0].split(":")[0]
    assert volume in compose["volumes"] and db["volumes"][0].endswith(":/var/lib/postgresql/data")
    bots = [service for name, service in services.items() if name.startswith("bot")]
    shards = []
    for bot in bots:
        assert bot["build"] == "." and bot["depends_on"]["db"]["condition"] == "service_healthy"
        environment = bot["environment"]
        assert environment["CARDIA_DATABASE"].startswith("postgresql://cardia:")
        assert environment["CARDIA_DATABASE"].endswith("@db/cardia") and "DISCORD_TOKEN" in environment
        settings = Settings.model_validate(
            {
                "CARDIA_SHARD_COUNT": environment["CARDIA_SHARD_COUNT"],
                "CARDIA_SHARD_IDS": environment["CARDIA_SHARD_IDS"],
            }
        )
        assert settings.shard_count == len(bots)
        shards += settings.shards() or []
    assert sorted(shards) == list(range(len(bots))) == [0, 1]  # every shard, once


def test_the_image_compiles_the_engine_after_installing_it_and_insists_on_the_build() -> None:
    """The build stage has a C compiler and runs scripts/compile for /opt/venv once the project is
    installed; the runtime sets CARDIA_ENGINE=compiled, so a build that does not serve the installed
    engine stops the bot at start instead of letting it run three times slower."""
    build, runtime = _stages()[0], _stages()[-1]
    runs = [command.value[0] for command in build if command.cmd == "RUN"]
    assert any("apt-get install" in run and " gcc " in f"{run} " for run in runs)
    installed = runs.index("pip install --no-deps --no-build-isolation .")
    assert runs[installed + 1 :] == ["CARDIA_VENV=/opt/venv scripts/compile"]
    copied = _copied(build)
    assert "scripts/compile" in copied
    env = {
        key: value
        for command in runtime
        if command.cmd == "ENV"
        for key, value in zip(command.value[::2], command.value[1::2], strict=True)
    }
    assert env["CARDIA_ENGINE"] == "compiled"


def test_the_installed_engine_has_the_digest_of_the_sources_the_image_compiles(tmp_path: Path) -> None:
    """scripts/compile digests the sources in /src; the engine checks the digest of its installed copy
    (engine/compiled.py). Installed as the Dockerfile installs it, from what the Dockerfile copies, both
    must be the same, or the image's engine would refuse its own build."""
    import shutil
    import subprocess
    import sys

    from engine.compiled import sources_digest

    source = tmp_path / "src"
    for command in _stages()[0]:
        if command.cmd != "COPY" or command.flags:  # flags: --from another stage
            continue
        *names, target = command.value
        for name in names:
            origin = ROOT / name
            if origin.is_dir():  # Docker copies a directory's contents into the target
                ignore = shutil.ignore_patterns("__pycache__")
                shutil.copytree(origin, source / target, ignore=ignore, dirs_exist_ok=True)
            elif target.endswith("/"):
                (source / target).mkdir(parents=True, exist_ok=True)
                shutil.copy(origin, source / target / origin.name)
            else:
                shutil.copy(origin, source / target)
    site = tmp_path / "site"
    pip = [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-build-isolation"]
    subprocess.run(
        [*pip, "--target", str(site), str(source)],
        check=True,
        capture_output=True,
    )
    assert (site / "engine" / "compiled.py").is_file()
    assert sources_digest(site) == sources_digest(source) == sources_digest()
