"""Today's engine against an earlier commit's, alternated on this machine: the engine's and the search's
speed, compiled and interpreted.

    .venv/bin/python -m bench.engine_versions [--against 5fc1c81] [--rounds 3] [--games 3000]
        [--search 16] [--reviews 0] [--decisions 0] [--modes compiled,interpreted]

This machine's speed swings by half from hour to hour (docs/performance.md), so two versions are only
compared in runs taken together. The earlier commit's ``cards/`` and ``engine/`` are taken out of git
(``git archive``) into ``<venv>/cardia-bench/<commit>/``, twice: as they are (interpreted) and compiled in
place with this environment's mypyc (its own list of compiled modules), once, then kept. Each round runs,
for each mode, the earlier engine's benchmarks and today's, one after the other (the order alternating
from round to round), each in a process of its own on one core, and prints their figures side by side:

- ``python -m engine bench --games N --setups both``: random games a second, Deck I and every setup;
- ``--search N``: hard's search iterations a second of CPU on N fixed positions;
- ``--reviews N``: a seat's review, p50 and p90 of CPU (games between easy and normal): each commit's
  own review, which may be another algorithm (5fc1c81's is cheaper than today's): compare reviews
  against a commit with today's review code;
- ``--decisions N``: ``python -m engine arena`` of N games hard against random on one worker: a hard
  decision's time, p50 and p99.

Each version runs its own benchmark code, as it was at that commit. Prints figures; asserts nothing.

``--count`` counts instructions instead (valgrind's callgrind), whatever the machine's speed: each
version plays the same fixed workloads, ``--games`` random Deck I games, as many of every setup, and
hard's search on the first ``--search`` of the benchmark's 16 positions (half Deck I), each counted
with and without its work (the interpreter's start left out), once per mode; it prints instructions a
game and a search, and how many times fewer now.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

ROOT = Path(__file__).resolve().parent.parent
CACHE = Path(sys.prefix) / "cardia-bench"
BEFORE_ISSUE_48 = "5fc1c81"

#: What each benchmark prints, as (name, pattern of the figure); a higher figure is better unless the
#: name says ms or s.
FIGURES: dict[str, list[tuple[str, str]]] = {
    "games": [
        ("Deck I games/s", r"Deck I, no location: .*= ([\d,]+) games/s"),
        ("every setup games/s", r"all setups .*= ([\d,]+) games/s"),
    ],
    "search": [("search iterations/s", r"= ([\d,]+) iterations/s")],
    "reviews": [("review p50 s", r"p50 ([\d.]+) s"), ("review p90 s", r"p90 ([\d.]+) s")],
    "decisions": [
        ("hard decision p50 ms", r"hard\s+\d+ decisions: p50 ([\d,]+) ms"),
        ("hard decision p99 ms", r"hard\s+\d+ decisions: p50 [\d,]+ ms, p99 ([\d,]+) ms"),
    ],
}


#: The fixed workloads of ``--count``, run by each version with its own engine: ``kind count`` on the
#: command line, ``0`` for the start alone. The functions it calls are in every version since 5fc1c81.
WORKLOAD = """
import random, sys
from engine.bench import play_random, random_setup
from engine.game import Game
kind, count = sys.argv[1], int(sys.argv[2])
if kind == "search":
    from engine.bench_search import positions
    from engine.player import choose
    for record, player in positions(16, 1)[:count]:
        choose(record, player, "hard", seed=1)
else:
    rng, play = random.Random(1), random.Random(2)
    for setup in [random_setup(rng, kind == "every setup") for _ in range(count)]:
        play_random(Game(setup), play)
"""
#: What --count measures, as (what it prints, the workload's kind).
COUNTED = (("Deck I games", "Deck I"), ("every setup games", "every setup"))


class BenchError(Exception):
    """A version that cannot be taken out, built or run; the message is one line."""


def _git(*arguments: str) -> str:
    run = subprocess.run(["git", *arguments], cwd=ROOT, capture_output=True, text=True)
    if run.returncode != 0:
        raise BenchError(f"git {' '.join(arguments)}: {run.stderr.strip() or 'failed'}")
    return run.stdout.strip()


def _environment(tree: Path, engine: str) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(tree), "CARDIA_ENGINE": engine}


def earlier_engine(commit: str, compiled: bool) -> Path:
    """The directory holding ``commit``'s cards/ and engine/ (compiled in place if ``compiled``), made
    once and kept."""
    sha = _git("rev-parse", "--verify", f"{commit}^{{commit}}")
    # By the interpreter and mypyc too: a build made by another one is not reused.
    import mypy.version

    python = ".".join(str(part) for part in sys.version_info[:3])
    built_by = f"python{python}-mypy{mypy.version.__version__}"
    tree = CACHE / sha / built_by / ("compiled" if compiled else "interpreted")
    if (tree / "ready").exists():
        return tree
    shutil.rmtree(tree, ignore_errors=True)
    tree.mkdir(parents=True)
    archive = subprocess.run(
        ["git", "archive", sha, "cards", "engine", "pyproject.toml"], cwd=ROOT, capture_output=True
    )
    if archive.returncode != 0:
        raise BenchError(f"git archive {sha}: {archive.stderr.decode().strip()}")
    subprocess.run(["tar", "-x", "-C", str(tree)], input=archive.stdout, check=True)
    if compiled:
        environment = _environment(tree, "interpreted")
        listed = subprocess.run(
            [sys.executable, "-c", "from engine.compiled import MODULES; print(*MODULES)"],
            cwd=tree,
            env=environment,
            capture_output=True,
            text=True,
        )
        modules = listed.stdout.split() if listed.returncode == 0 else []
        if not modules:
            raise BenchError(f"{commit}: no engine.compiled.MODULES to compile")
        mypyc = Path(sys.prefix) / "bin" / "mypyc"
        build = subprocess.run(
            [str(mypyc), *modules], cwd=tree, env=environment, capture_output=True, text=True
        )
        if build.returncode != 0:
            raise BenchError(f"{commit}: mypyc failed: {build.stdout.strip().splitlines()[-1:]}")
    (tree / "ready").write_text(sha + "\n")
    return tree


def _check_engine(tree: Path, engine: str, compiled: bool) -> None:
    """Refuse to measure a version that would not run as asked (a stale build runs interpreted)."""
    probe = subprocess.run(
        [sys.executable, "-c", "import engine.game as game; print(game.__file__)"],
        cwd=tree,
        env=_environment(tree, engine),
        capture_output=True,
        text=True,
    )
    if probe.returncode != 0:
        raise BenchError(f"{tree}: the engine does not import: {probe.stderr.strip().splitlines()[-1:]}")
    if probe.stdout.strip().endswith(".so") != compiled:
        raise BenchError(
            f"{tree}: the engine is not {'compiled' if compiled else 'interpreted'} (scripts/compile?)"
        )


def _run(tree: Path, engine: str, kind: str, arguments: argparse.Namespace) -> dict[str, float]:
    if kind == "decisions":
        command = ["arena", "--games", str(arguments.decisions), "--pairings", "hard:random"]
        command += ["--workers", "1", "--seed", "1"]
    elif kind == "games":
        command = ["bench", "--games", str(arguments.games), "--setups", "both"]
    else:
        command = ["bench", f"--{kind}", str(getattr(arguments, kind))]
    run = subprocess.run(
        [sys.executable, "-m", "engine", *command],
        cwd=tree,
        env=_environment(tree, engine),
        capture_output=True,
        text=True,
    )
    if run.returncode != 0:
        raise BenchError(f"{tree}: python -m engine {' '.join(command)}: {run.stderr.strip()[-300:]}")
    figures: dict[str, float] = {}
    for name, pattern in FIGURES[kind]:
        found = re.search(pattern, run.stdout)
        if found is None:
            raise BenchError(f"{tree}: no {name!r} in what python -m engine {' '.join(command)} printed")
        figures[name] = float(found.group(1).replace(",", ""))
    return figures


def _instructions(tree: Path, engine: str, kind: str, count: int) -> int:
    """Instructions of the workload ``kind`` of ``count`` under callgrind (with ``count`` 0, the start)."""
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable]
    try:
        run = subprocess.run(
            [*command, "-c", WORKLOAD, kind, str(count)],
            cwd=tree,
            env=_environment(tree, engine),
            capture_output=True,
            text=True,
        )
    except FileNotFoundError:
        raise BenchError("--count needs valgrind (Debian package valgrind)") from None
    found = re.search(r"Collected : (\d+)", run.stderr)
    if run.returncode != 0 or found is None:
        raise BenchError(f"{tree}: callgrind of {kind} {count}: {run.stderr.strip()[-300:] or 'failed'}")
    return int(found.group(1))


def _count(versions: dict[str, dict[str, Path]], args: argparse.Namespace, out: TextIO) -> None:
    """--count: each version's instructions for the fixed workloads, once per mode, less its start."""
    workloads = [(label, kind, args.games) for label, kind in COUNTED if args.games > 0]
    if args.search > 0:
        workloads.append(("hard's searches", "search", min(args.search, 16)))
    print(f"Instructions (callgrind): {args.against} (before) against the working tree (now)", file=out)
    print(f"{'mode':12} {'each of':28} {'before':>16} {'now':>16} fewer", file=out)
    for mode, trees in versions.items():
        engines = {version: mode if version == "now" else "interpreted" for version in trees}
        starts: dict[tuple[str, str], int] = {}  # the games' start, the search's (its positions found)
        for label, kind, count in workloads:
            each = {}
            for version, tree in trees.items():
                key = (version, "search" if kind == "search" else "games")
                if key not in starts:
                    starts[key] = _instructions(tree, engines[version], kind, 0)
                each[version] = (_instructions(tree, engines[version], kind, count) - starts[key]) / count
            shown = f"{count} {label}"
            print(
                f"{mode:12} {shown:28} {each['before']:16,.0f} {each['now']:16,.0f} "
                f"{each['before'] / each['now']:.2f}x",
                file=out,
                flush=True,
            )


def main(arguments: Sequence[str] | None = None, out: TextIO = sys.stdout) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.engine_versions", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--against", default=BEFORE_ISSUE_48, help=f"the earlier commit ({BEFORE_ISSUE_48})")
    parser.add_argument("--rounds", type=int, default=3, help="rounds, each version once per mode (3)")
    parser.add_argument("--games", type=int, default=3000, help="random games per setup kind (3000; 0: none)")
    parser.add_argument("--search", type=int, default=16, help="positions of hard's search (16; 0: none)")
    parser.add_argument(
        "--reviews",
        type=int,
        default=0,
        help="games whose seats are reviewed, each commit's own review (0: none)",
    )
    parser.add_argument("--decisions", type=int, default=0, help="arena games hard vs random (0: none)")
    parser.add_argument("--modes", default="compiled,interpreted", help="compiled, interpreted or both")
    parser.add_argument(
        "--count",
        action="store_true",
        help="instructions (callgrind) of fixed workloads instead of time (--games and --search only)",
    )
    args = parser.parse_args(arguments)
    modes = [mode for mode in args.modes.split(",") if mode]
    if not modes or set(modes) - {"compiled", "interpreted"} or args.rounds < 1:
        parser.error("--modes takes compiled and/or interpreted, --rounds at least 1")
    kinds = [kind for kind in ("games", "search", "reviews", "decisions") if getattr(args, kind) > 0]
    try:
        versions = {
            mode: {
                "before": earlier_engine(args.against, compiled=mode == "compiled"),
                "now": ROOT,
            }
            for mode in modes
        }
        for mode in modes:
            _check_engine(versions[mode]["before"], "interpreted", compiled=mode == "compiled")
            _check_engine(ROOT, mode, compiled=mode == "compiled")
        if args.count:
            _count(versions, args, out)
            return 0
        results: dict[tuple[str, str, str], list[float]] = {}
        print(
            f"Engine versions: {args.against} (before) against the working tree (now), {args.rounds} rounds",
            file=out,
        )
        for round_ in range(args.rounds):
            order = ("before", "now") if round_ % 2 == 0 else ("now", "before")
            for mode in modes:
                for version in order:
                    tree = versions[mode][version]
                    engine = mode if version == "now" else "interpreted"  # the earlier one: its .so in place
                    for kind in kinds:
                        for name, figure in _run(tree, engine, kind, args).items():
                            results.setdefault((mode, name, version), []).append(figure)
                            print(
                                f"  round {round_ + 1}, {mode}, {version}: {name} {figure:,.2f}",
                                file=out,
                                flush=True,
                            )
    except BenchError as error:
        print(f"bench.engine_versions: {error}", file=sys.stderr)
        return 1
    print(
        f"\n{'mode':12} {'measure':25} {'before (each round)':28} {'now (each round)':28} speed-up (medians)",
        file=out,
    )
    for mode in modes:
        for kind in kinds:
            for name, _ in FIGURES[kind]:
                before, now = results[mode, name, "before"], results[mode, name, "now"]
                ratio = statistics.median(now) / statistics.median(before)
                if name.endswith(("ms", " s")):
                    ratio = 1 / ratio  # a time: how many times faster
                shown = [", ".join(f"{figure:,.2f}" for figure in figures) for figures in (before, now)]
                print(f"{mode:12} {name:25} {shown[0]:28} {shown[1]:28} {ratio:.2f}x", file=out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
