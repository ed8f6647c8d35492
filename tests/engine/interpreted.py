"""Running one test on the interpreted engine, for a test that patches a game's methods (a compiled game,
engine.compiled, has no instance attributes to patch)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from engine import compiled
from tests.helpers import ROOT


def ran_interpreted(request: pytest.FixtureRequest) -> bool:
    """With the compiled engine here, run the calling test again in a subprocess on the interpreted one,
    fail if it fails there, and return True (the caller then stops); with the interpreted engine, False
    (the caller goes on, here)."""
    if compiled.status != "compiled":
        return False
    env = {**os.environ, "CARDIA_ENGINE": "interpreted"}
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", request.node.nodeid]
    run = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    return True
