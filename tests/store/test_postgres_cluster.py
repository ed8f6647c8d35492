"""The tests' own PostgreSQL cluster (tests/postgres.py): in memory when there is room, and a cluster a
killed run left there is removed by the next run, never one whose server still runs."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from tests import postgres
from tests.postgres import PostgresServer


def test_the_running_cluster_is_in_memory_when_there_is_room(postgres_server: PostgresServer) -> None:
    if postgres.cluster_folder() is None:  # not enough room in /dev/shm: then in the temporary folder
        assert not str(postgres_server.root).startswith("/dev/shm/")
    else:
        assert postgres_server.root.parent == Path("/dev/shm")


def test_only_an_abandoned_cluster_is_removed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def cluster(name: str, pid: int | None, age: float) -> Path:
        root = tmp_path / name
        (root / "data").mkdir(parents=True)
        if pid is not None:
            (root / "data" / "postmaster.pid").write_text(f"{pid}\n/somewhere\n")
        os.utime(root, (time.time() - age, time.time() - age))
        return root

    dead = 2**22 + 12345  # above Linux's default pid_max: no such process
    abandoned = cluster("cardia-pg-abandoned", dead, postgres.ABANDONED_AFTER + 60)
    unstarted = cluster("cardia-pg-unstarted", None, postgres.ABANDONED_AFTER + 60)
    starting = cluster("cardia-pg-starting", None, 1)  # another run's, before its server started
    running = cluster("cardia-pg-running", os.getpid(), postgres.ABANDONED_AFTER + 60)
    elsewhere = cluster("cardia-pg-elsewhere", 1, postgres.ABANDONED_AFTER + 60)  # init: root's, always up
    for root in (abandoned, unstarted, starting, running, elsewhere):
        postgres._remove_if_abandoned(root)
    assert not abandoned.exists() and not unstarted.exists()
    assert starting.exists() and running.exists() and elsewhere.exists()
