"""A real PostgreSQL server for the tests: a new cluster in a temporary folder, listening only on a Unix
socket there, started before the tests that need it and stopped after. It never skips: if the server
cannot start, the tests that need it fail, saying why (``.ci/run`` installs the Debian ``postgresql``
package when its server programs are missing).
"""

from __future__ import annotations

import itertools
import os
import pwd
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import asyncpg

#: The user the server runs as when the tests run as root (PostgreSQL refuses to run as root).
SERVICE_USER = "postgres"
#: Room the cluster wants in memory: a database per test (about 11 MB each, some 300 in a run).
IN_MEMORY_ROOM = 8 * 2**30
ABANDONED_AFTER = 600  # seconds: a cluster folder this old with no server running was left by a killed run


def cluster_folder() -> str | None:
    """Where the cluster goes: ``/dev/shm`` when it has room (its databases are made about four times
    as fast as on this machine's disk, and removing them all no longer waits on the disk), else the
    temporary folder (None)."""
    memory = Path("/dev/shm")
    try:
        room = shutil.disk_usage(memory).free
    except OSError:
        return None
    if room < IN_MEMORY_ROOM or not os.access(memory, os.W_OK | os.X_OK):
        return None
    for left in memory.glob("cardia-pg-*"):
        _remove_if_abandoned(left)
    return str(memory)


def _remove_if_abandoned(root: Path) -> None:
    """A cluster a killed run left in memory: no live server, and older than any run now starting."""
    try:
        pid = int((root / "data" / "postmaster.pid").read_text().split()[0])
        os.kill(pid, 0)
        return  # its server runs: another test run's
    except PermissionError:
        return  # it runs, as another user
    except (OSError, ValueError, IndexError):
        pass
    try:
        if time.time() - root.stat().st_mtime > ABANDONED_AFTER:
            shutil.rmtree(root, ignore_errors=True)
    except OSError:
        pass


def server_programs() -> Path:
    """The folder of initdb and pg_ctl: the newest ``/usr/lib/postgresql/N/bin``, else the PATH's."""
    versions = sorted(
        Path("/usr/lib/postgresql").glob("*/bin"), key=lambda path: int(path.parent.name), reverse=True
    )
    for folder in versions:
        if (folder / "initdb").exists() and (folder / "pg_ctl").exists():
            return folder
    found = shutil.which("pg_ctl")
    if found is None:
        raise RuntimeError("PostgreSQL's server programs (initdb, pg_ctl) are not installed")
    return Path(found).parent


class PostgresServer:
    """One throwaway cluster; :meth:`dsn` names a database in it."""

    def __init__(self) -> None:
        self.programs = server_programs()
        self.root = Path(tempfile.mkdtemp(prefix="cardia-pg-", dir=cluster_folder()))
        self.data = self.root / "data"
        self.socket = self.root  # the Unix socket's folder: nothing listens on TCP
        self.as_root = os.geteuid() == 0
        self.started = False

    def _run(self, *command: str) -> None:
        program = [str(self.programs / command[0]), *command[1:]]
        if self.as_root:  # PostgreSQL will not run as root
            program = ["runuser", "-u", SERVICE_USER, "--", *program]
        result = subprocess.run(program, capture_output=True, text=True, timeout=120, check=False)
        if result.returncode != 0:
            raise RuntimeError(f"{command[0]} failed: {(result.stderr or result.stdout).strip()[-500:]}")

    def start(self) -> None:
        if self.as_root:
            user = pwd.getpwnam(SERVICE_USER)
            os.chown(self.root, user.pw_uid, user.pw_gid)
        self._run("initdb", "-D", str(self.data), "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync")
        options = f"-k {self.socket} -c listen_addresses='' -F -c max_connections=200"
        self._run(
            "pg_ctl", "-D", str(self.data), "-l", str(self.root / "server.log"), "-o", options, "-w", "start"
        )
        self.started = True

    def stop(self) -> None:
        if self.started:
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
            self.started = False
        shutil.rmtree(self.root, ignore_errors=True)

    def dsn(self, database: str = "postgres") -> str:
        """A connection string for ``database`` over the Unix socket (no password: trust, local only)."""
        return f"postgresql://postgres@/{database}?host={self.socket}"


_names = itertools.count(1)


async def new_postgres_database(server: PostgresServer) -> str:
    """A new, empty database on ``server``; its URL."""
    name = f"cardia_{next(_names)}"
    connection = await asyncpg.connect(server.dsn())
    try:
        await connection.execute(f"CREATE DATABASE {name}")
    finally:
        await connection.close()
    return server.dsn(name)
