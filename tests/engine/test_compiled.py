"""engine.compiled: the tests run on the compiled engine, which plays exactly as the interpreted one, and
a build is used only with the sources it was made from."""

from __future__ import annotations

import os
import pickle
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from engine import compiled
from engine.bench import random_actions, random_setup
from engine.bench_search import positions
from engine.game import Game
from engine.player import choose
from engine.player.worlds import knowledge
from tests.helpers import ROOT

# What both engines compute: random games of every setup (their actions, events and results) and hard's
# searches (answers, visits, rewards), as one digest.
FINGERPRINT = """
import hashlib, json, random
from engine.bench import random_actions, random_setup
from engine.bench_search import positions
from engine.game import Game
from engine.player import choose
digest = hashlib.sha256()
rng = random.Random(5)
for _ in range(60):
    game = Game(random_setup(rng, all_setups=True))
    actions = list(random_actions(game, rng))
    digest.update(json.dumps([actions, game.events, str(game.result)]).encode())
for record, player in positions(4, seed=3):
    found = choose(record, player, "hard", seed=2)
    digest.update(json.dumps([found.answer, found.tried]).encode())
print(digest.hexdigest())
"""


def test_the_tests_run_on_the_compiled_engine() -> None:
    """scripts/test compiles first (scripts/compile): run it if this fails."""
    assert compiled.status == "compiled"
    assert Game.__module__ == "engine.game" and not hasattr(
        Game(random_setup(random.Random(1), False)), "__dict__"
    )


def test_the_compiled_engine_plays_as_the_interpreted_one() -> None:
    engines = {}
    for engine in ("compiled", "interpreted"):
        run = subprocess.run(
            [sys.executable, "-c", FINGERPRINT],
            cwd=ROOT,
            env={**os.environ, "CARDIA_ENGINE": engine},
            capture_output=True,
            text=True,
            check=True,
        )
        engines[engine] = run.stdout.strip()
    assert engines["compiled"] == engines["interpreted"]
    assert len(engines["compiled"]) == 64


def _tree(root: Path) -> Path:
    for package in ("cards", "engine"):
        shutil.copytree(ROOT / package, root / package, ignore=shutil.ignore_patterns("__pycache__"))
    return root


def test_a_build_is_used_only_with_its_own_sources(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    tree = _tree(tmp_path / "tree")
    built = tmp_path / "built"
    built.mkdir()
    monkeypatch.setattr(compiled, "BUILT", built)
    monkeypatch.setattr(compiled, "ROOT", tree)
    monkeypatch.setenv("CARDIA_ENGINE", "auto")
    assert compiled._why_not() is not None and "not built" in str(compiled._why_not())
    (built / compiled.DIGEST).write_text(compiled.sources_digest(tree) + "\n")
    assert compiled._why_not() is None
    game = tree / "engine" / "game.py"
    game.write_text(game.read_text() + "\n# edited\n")
    assert compiled._why_not() == "built from other sources (run scripts/compile)"
    monkeypatch.setenv("CARDIA_ENGINE", "interpreted")
    assert compiled._why_not() == "CARDIA_ENGINE=interpreted"
    monkeypatch.setenv("CARDIA_ENGINE", "fast")
    with pytest.raises(ImportError, match="choose auto, compiled or interpreted"):
        compiled._why_not()


def test_a_stale_build_with_compiled_required_is_one_clear_error(tmp_path: Path) -> None:
    """An edited engine under CARDIA_ENGINE=compiled stops at import, in one line, instead of running the
    old build or a slower engine unnoticed."""
    tree = _tree(tmp_path)
    (tree / "cards" / "__init__.py").write_text((tree / "cards" / "__init__.py").read_text() + "\n# edited\n")
    run = subprocess.run(
        [sys.executable, "-c", "import engine"],
        cwd=tree,
        env={**os.environ, "CARDIA_ENGINE": "compiled", "PYTHONPATH": str(tree)},
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode != 0
    last = run.stderr.strip().splitlines()[-1]
    assert last == "ImportError: CARDIA_ENGINE=compiled, but the engine is built from other sources " + (
        "(run scripts/compile)"
    )


def test_what_crosses_to_a_worker_process_pickles() -> None:
    """The bot's worker pools send records in and searches' results out, reviews the decisions and
    results within: compiled, frozen dataclasses still pickle (the table's classes never cross)."""
    game = Game(random_setup(random.Random(8), all_setups=True))
    for _ in zip(range(5), random_actions(game, random.Random(9)), strict=False):
        pass
    record, player = positions(1, seed=4)[0]
    found = choose(record, player, "normal", seed=1)
    over = Game(random_setup(random.Random(10), all_setups=False))
    for _ in random_actions(over, random.Random(11)):
        pass
    for value in (over.result, found, knowledge(game, 0), *game.pending):
        copied = pickle.loads(pickle.dumps(value))
        assert type(copied) is type(value) and copied == value
