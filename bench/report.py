"""The load benchmark's report: latency tables, commits, memory, pictures and the computer's figures, as
``bench.bot_load`` and ``bench.floor`` print them."""

from __future__ import annotations

import contextlib
import json
import math
import os
import platform
import sys
import sysconfig
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Any

from bench.players import answered
from emulator import Interaction
from emulator.rest import RecordedRequest

LATE = 2.5  # seconds: Discord's window is 3 s


def percentile(ordered: Sequence[float], fraction: float) -> float:
    """The nearest-rank percentile of sorted values."""
    return ordered[max(0, math.ceil(fraction * len(ordered)) - 1)]


def latency_table(
    samples: list[tuple[str, Interaction]], kinds: Sequence[str], out: IO[str], *, total: bool = True
) -> None:
    print(
        f"  {'kind':<16}{'count':>7}{'p50 ms':>9}{'p99 ms':>9}{'max ms':>9}{'>2.5 s':>8}{'no answer':>11}"
        f"{'deferred':>10}",
        file=out,
    )
    rows = [(kind, [i for k, i in samples if k == kind]) for kind in kinds]
    if total:
        rows.append(("all", [i for _, i in samples]))
    for kind, interactions in rows:
        if not interactions:
            continue
        latencies = sorted(i.answer_latency for i in interactions if i.answer_latency is not None)
        unanswered = sum(1 for i in interactions if not answered(i))
        deferred = sum(1 for i in interactions if i.deferred)
        late = sum(1 for value in latencies if value > LATE)
        figures = (
            "".join(f"{percentile(latencies, f) * 1000:>9.1f}" for f in (0.5, 0.99, 1.0))
            if latencies
            else f"{'-':>9}" * 3
        )
        print(f"  {kind:<16}{len(interactions):>7}{figures}{late:>8}{unanswered:>11}{deferred:>10}", file=out)


def body_bytes(requests: Sequence[RecordedRequest]) -> int:
    """The size of the JSON bodies of ``requests`` (compact, as discord.py sends them)."""
    return sum(len(json.dumps(r.body, separators=(",", ":"))) for r in requests if r.body is not None)


def machine() -> str:
    model = "unknown CPU"
    with contextlib.suppress(OSError), open("/proc/cpuinfo") as cpuinfo:
        model = next(
            (line.split(":", 1)[1].strip() for line in cpuinfo if line.startswith("model name")), model
        )
    return (
        f"{os.cpu_count()} CPUs ({model}), Python {platform.python_version()} ({interpreter()}),"
        f" {platform.system()} {platform.release()}"
    )


def interpreter(maps: Path = Path("/proc/self/maps")) -> str:
    """Which Python build runs this: its executable, whether libpython is a shared library or linked
    into it, and the optimisations its ``configure`` was asked for. Builds of one version differ: the
    bot took about a tenth more CPU per interaction on pyenv's default build than on Debian's
    ``/usr/bin/python3.11``, alternated on one machine (docs/performance-history.md, "The interpreter")."""
    executable = Path(sys.executable).resolve()
    configured = str(sysconfig.get_config_var("CONFIG_ARGS") or "")
    flags = [flag for flag in ("--enable-optimizations", "--with-lto") if flag in configured]
    built = f"configured with {' '.join(flags)}" if flags else "configured without --enable-optimizations"
    try:
        mapped = maps.read_text()
    except OSError:
        return f"{executable}, {built}"
    shared = any("libpython" in Path(line.split()[-1]).name for line in mapped.splitlines() if "/" in line)
    return f"{executable}, libpython {'shared' if shared else 'linked in'}, {built}"


def commits_report(before: dict[str, Any], after: dict[str, Any], title: str, out: IO[str]) -> None:
    b, a = before["counters"], after["counters"]

    def delta(key: str, name: str) -> int:
        return int(a[key].get(name, 0)) - int(b[key].get(name, 0))

    print(f"  {title}", file=out)
    print(f"    {'operation':<19}{'calls':>7}{'refused':>9}{'commits':>9}{'per call':>10}", file=out)
    for name in ("decide", "propose", "answer", "flush", "end", "other"):
        calls, commits = delta("calls", name), delta("commits", name)
        if calls or commits:
            per = f"{commits / calls:.2f}" if calls else "-"
            print(f"    {name:<19}{calls:>7}{delta('refused', name):>9}{commits:>9}{per:>10}", file=out)
    decisions = a["decisions"] - b["decisions"]
    decide_commits = delta("commits", "decide")
    histogram = {
        k: v - int(b["commits_per_decision"].get(k, 0)) for k, v in a["commits_per_decision"].items()
    }
    spread = ", ".join(f"{n} with {k}" for k, n in histogram.items() if n)
    if decisions:
        print(
            f"    commits per decision applied: {decide_commits / decisions:.3f}"
            f" ({decisions} decisions: {spread or '-'})",
            file=out,
        )
    games = a["finished_games"] - b["finished_games"]
    if games:
        commits = a["finished_game_commits"] - b["finished_game_commits"]
        played = a["finished_game_decisions"] - b["finished_game_decisions"]
        print(
            f"    games finished: {games}; commits per game (its decisions, the last one also records the"
            f" result and starts the next game): {commits / games:.2f} for {played / games:.2f}"
            " decisions per game",
            file=out,
        )


def memory_report(memory: dict[str, Any], out: IO[str]) -> None:
    kb = 1024
    print(
        f"  {'games loaded':<22}{'count':>6}{'actions':>9}{'KB/duel held':>14}{'(warm)':>8}"
        f"{'RSS KB/duel':>13}{'in use: KB/duel':>17}{'one game p50/p99/max KB':>26}",
        file=out,
    )
    measured = [("in progress", memory["in_progress"]), ("finished (complete)", memory["finished"])]
    for label, figures in measured:
        if not figures["duels"]:
            continue
        spread = "/".join(
            f"{figures[key] / kb:.1f}" for key in ("per_game_p50", "per_game_p99", "per_game_max")
        )
        print(
            f"  {label:<22}{figures['duels']:>6}{figures['actions_mean']:>9.1f}"
            f"{figures['tracemalloc_per_duel'] / kb:>14.1f}{figures['warm']:>8}"
            f"{figures['rss_per_duel'] / kb:>13.1f}{figures['warm_per_duel'] / kb:>17.1f}{spread:>26}",
            file=out,
        )
    for label, figures in measured:
        if figures["duels"]:
            stages = "; ".join(
                f"{low}{'+' if low == 30 else f'-{low + 9}'}: {size / kb:.1f} KB ({count})"
                for low, count, size in figures["by_actions"]
            )
            print(f"  {label}, in use, by actions taken: {stages}", file=out)
    for label, figures in measured:
        if figures["duels"]:
            where = ", ".join(f"{Path(name).name} {size / kb:.1f}" for name, size in figures["where"][:6])
            print(f"  {label}, held, KB per duel by file: {where}", file=out)


def pictures_report(
    befores: Sequence[dict[str, Any]], afters: Sequence[dict[str, Any]], elapsed: float, out: IO[str]
) -> None:
    """The board and hand pictures drawn during the load: how many, the drawing thread's time for each
    (its share of one core), and their size."""
    pairs = list(zip(befores, afters, strict=True))
    drawn, seconds, size = (
        sum(after["pictures"][key] - before["pictures"][key] for before, after in pairs)
        for key in ("drawn", "seconds", "bytes")
    )
    if not drawn:
        print("  pictures: none drawn (--no-images, or no server shows them)", file=out)
        return
    print(
        f"  pictures (boards and hands, PNG): {drawn:.0f} drawn ({drawn / elapsed:.1f}/s),"
        f" {seconds / drawn * 1000:.1f} ms each in the drawing thread ({seconds / elapsed:.0%} of one core),"
        f" {size / drawn / 1024:.1f} KB each",
        file=out,
    )


def computer_report(
    befores: Sequence[dict[str, Any]], afters: Sequence[dict[str, Any]], elapsed: float, out: IO[str]
) -> None:
    """The computer's decisions during the load: how long each waited for a worker and searched, and its
    workers' CPU."""
    thoughts = [
        thought
        for start, end in zip(befores, afters, strict=True)
        for thought in end["counters"]["thoughts"][len(start["counters"]["thoughts"]) :]
    ]
    pairs = list(zip(befores, afters, strict=True))
    cpu = sum(end["computer"]["cpu"] - start["computer"]["cpu"] for start, end in pairs)
    print(
        f"  the computer during the load: {len(thoughts)} decisions ({len(thoughts) / elapsed:.1f}/s);"
        f" its worker processes used {cpu / elapsed:.0%} of one core",
        file=out,
    )
    if not thoughts:
        return

    def ms(values: list[float]) -> str:
        ordered = sorted(values)
        return "/".join(f"{percentile(ordered, f) * 1000:.0f}" for f in (0.5, 0.99, 1.0))

    iterations = sorted(count for _, _, count in thoughts)
    print(
        f"    from asking for a worker to its answer p50/p99/max {ms([t[0] for t in thoughts])} ms;"
        f" searching {ms([t[1] for t in thoughts])} ms;"
        f" search iterations p50/p99 {percentile(iterations, 0.5)}/{percentile(iterations, 0.99)}",
        file=out,
    )


def cpu_share(before: dict[str, Any], after: dict[str, Any]) -> float:
    """A process's CPU time between two ``stats``, as a share of one core."""
    return float(after["cpu"] - before["cpu"]) / float(after["wall"] - before["wall"])
