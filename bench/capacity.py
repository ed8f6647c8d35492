"""Capacity: how many interactions a second 1, 2 and 4 bot processes answer on one PostgreSQL at a p99 of
100 ms, how many decisions a second the computer's workers answer, where each saturates, and the
capacity plan those figures give. It prints figures and asserts nothing (exit status 0).

    .venv/bin/python -m bench.capacity [--processes 1,2,4] [--target-ms 100] [--seconds 20]

1. PostgreSQL: a throwaway server of its own (``tests.postgres``: ``initdb`` and ``pg_ctl`` in a
   temporary folder, a Unix socket only), a new database for each setup.
2. The bot, for each number of processes (a shard each, the duels' servers spread over the shards): the
   load of ``bench.bot_load`` (``--duels`` duels set up through the user interface, then Poisson arrivals
   of the players' clicks), its rate raised by ``--step`` every ``--seconds`` from ``--rate`` until the
   p99 latency passes ``--target-ms`` (or an answer is later than 2.5 s or missing, or the driver cannot
   keep the rate). At every step: each bot process's CPU, their workers' (the pictures'), PostgreSQL's
   (its server processes' CPU time from /proc, those that ended included), the driver's own (the
   emulated Discord and the players: the instrument), and the whole machine's (/proc/stat: what other
   programs took too). At the first step that failed, what was full: the machine, a bot process's core,
   the database, or the driver. The CPU of each per interaction at the highest rate held are the
   per-core figures a plan scales from; the first setup also measures the memory a duel held costs.
3. The computer: ``--computer-games`` games of ``--computer-level`` against ``--opponent`` (a stand-in
   for a person), every decision of the computer's seat timed in CPU on one core (``time.process_time``),
   so its decisions a game and CPU per decision; then, for each number of ``--workers``, decisions asked
   at Poisson arrivals of given shares of those workers' capacity, answered by the bot's own
   ``bot.services.computer.Computer`` (its worker processes, and its budget shared by the decisions
   waiting: under load it answers sooner with fewer iterations), on positions of those games.
4. The plan: servers, duels in progress and computer games for one process, one database and N
   processes, and a deployment for ``--servers`` servers, from the figures above and the assumptions
   given as options (printed with it).

``--save FILE`` writes the figures measured; ``--reuse FILE`` takes an earlier run's figures for the part
not measured now, so the computer measured again alone (``--processes none --reuse FILE``, after the
engine changed) prints the whole plan.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import copy
import dataclasses
import gc
import json
import math
import os
import random
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import IO, Any, cast

import bot.loop
from bench.bot_load import servers
from bench.bots import Bots, merged
from bench.players import Driver, Duel, answered
from bench.probes import children_cpu
from bench.report import LATE, cpu_share, machine, memory_report, percentile
from bot.services.computer import BUDGET_MS, Computer
from bot.services.duels import Duels
from bot.services.game_cache import CACHED_GAMES, LiveGame
from bot.services.workers import start_worker
from emulator import Emulator, OpenAPISpec
from engine import compiled
from engine.bench import random_setup
from engine.game import Game
from engine.model import PLAYERS
from engine.player import choose
from engine.player.policies import random_answer
from engine.record import Action, Record
from tests.postgres import PostgresServer, new_postgres_database

TICK = os.sysconf("SC_CLK_TCK")
PAGE = os.sysconf("SC_PAGE_SIZE")
#: A process at this share of a core or more is full; the machine is full at this share of its cores.
FULL = 0.85
DAY = 86_400.0
#: Servers a shard, as Discord advises (it refuses more than 2,500).
SERVERS_A_SHARD = 1000
#: Requests a second a bot may send Discord, but to interaction endpoints, unless Discord raises it.
GLOBAL_LIMIT = 50


def _ticks(pid: int | str, children: bool = False) -> int:
    """A process's CPU ticks (user and system), with its ended children's (``children``)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    used = int(fields[11]) + int(fields[12])
    return used + (int(fields[13]) + int(fields[14]) if children else 0)


class PostgresCpu:
    """The CPU time of a PostgreSQL server's processes: the postmaster's, its ended children's (connections
    closed, earlier checkpoints) and its live children's."""

    def __init__(self, data: Path) -> None:
        self.pid = int((data / "postmaster.pid").read_text().split()[0])

    def seconds(self) -> float:
        ticks = _ticks(self.pid, children=True)
        for pid in children(self.pid):
            with contextlib.suppress(OSError, IndexError, ValueError):
                ticks += _ticks(pid)
        return ticks / TICK


def children(pid: int | str) -> set[str]:
    """A live process's children's ids (Linux)."""
    found: set[str] = set()
    for listed in Path(f"/proc/{pid}/task").glob("*/children"):
        with contextlib.suppress(OSError):
            found.update(listed.read_text().split())
    return found


def resident(pid: int | str) -> int:
    """A process's resident memory, bytes (0 once it has ended)."""
    try:
        return int(Path(f"/proc/{pid}/statm").read_text().split()[1]) * PAGE
    except (OSError, IndexError, ValueError):
        return 0


def machine_busy() -> float:
    """CPU seconds every core of the machine has spent on anything but idling, so far (/proc/stat)."""
    fields = [int(value) for value in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = fields[3] + fields[4]  # idle and waiting for the disk
    return (sum(fields[:8]) - idle) / TICK


def interaction_endpoint(route: str) -> bool:
    """An answer to an interaction (its callback, or a follow-up or edit through its token: the bot has no
    webhooks of its own): Discord's global rate limit does not count these; it counts every other request
    of the bot (posting and editing boards)."""
    return route.split(" ", 1)[-1].startswith(("/interactions/", "/webhooks/"))


def load_average() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


# --- the bot ------------------------------------------------------------------------------------------


@dataclass
class Step:
    """One rate of a setup's climb, and what each part of the machine used during it (cores)."""

    rate: float
    interactions: int
    elapsed: float  # the arrivals' seconds
    window: float  # the seconds measured: the arrivals, then the answers still awaited
    p50: float
    p99: float
    most: float
    late: int
    unanswered: int
    decisions: int
    bots: list[float]  # each bot process's share of a core
    workers: float  # the bot processes' workers (pictures, the computer)
    postgres: float
    driver: float
    busy: float  # the whole machine, in cores
    requests: int = 0  # requests the bots sent Discord
    bound: int = 0  # of them, those Discord's global rate limit counts (not to interaction endpoints)
    kinds: dict[str, int] = field(default_factory=dict)  # the interactions by kind (show hand, decide...)

    @property
    def done(self) -> float:
        return self.interactions / self.elapsed

    def per_interaction(self, cores: float) -> float:
        """Milliseconds of CPU per interaction for a part that used ``cores`` during the step."""
        return cores * self.window / max(1, self.interactions) * 1000

    @property
    def others(self) -> float:
        """What the rest of the machine's programs used (other users of its cores)."""
        return max(0.0, self.busy - sum(self.bots) - self.workers - self.postgres - self.driver)


@dataclass
class Setup:
    processes: int
    steps: list[Step] = field(default_factory=list)
    held: Step | None = None  # the highest rate whose p99 held
    failed: Step | None = None  # the first that did not
    memory: dict[str, Any] | None = None
    rss: list[int] = field(default_factory=list)  # each bot process's resident memory after the load
    workers_rss: list[int] = field(default_factory=list)  # its workers' (pictures, the computer), in all
    target_ms: float = 100.0  # the p99 each rate had to hold

    @classmethod
    def load(cls, saved: dict[str, Any]) -> Setup:
        """A setup as ``--save`` wrote it."""

        def step(figures: dict[str, Any] | None) -> Step | None:
            return None if figures is None else Step(**figures)

        steps = [Step(**figures) for figures in saved["steps"]]
        return cls(
            saved["processes"],
            steps,
            step(saved["held"]),
            step(saved["failed"]),
            saved["memory"],
            saved["rss"],
            saved["workers_rss"],
            saved["target_ms"],
        )

    @property
    def measured(self) -> Step | None:
        """The step the per-interaction figures are taken from: the highest rate held, else the first."""
        return self.held or (self.steps[0] if self.steps else None)

    def saturated(self, cores: int) -> str:
        """What was full at the first step that failed (else at the last one held)."""
        step = self.failed or self.held
        if step is None:
            return "-"
        parts = [f"bot process {i} {share:.0%}" for i, share in enumerate(step.bots) if share >= FULL]
        if step.busy >= FULL * cores:
            largest = max(
                [
                    ("the bot processes", sum(step.bots)),
                    ("PostgreSQL", step.postgres),
                    ("the driver", step.driver),
                    ("the workers", step.workers),
                    ("other programs", step.others),
                ],
                key=lambda part: part[1],
            )
            return (
                f"the machine: {step.busy:.2f} of {cores} cores busy (most: {largest[0]}, {largest[1]:.2f})"
            )
        if parts:
            return "the bot's core: " + ", ".join(parts)
        if step.postgres >= FULL:
            return f"the database: PostgreSQL at {step.postgres:.0%} of a core"
        if step.driver >= FULL:
            return f"the driver (the instrument): {step.driver:.0%} of a core"
        if self.failed is None:
            return "nothing: the highest rate asked (--max-rate) held"
        return "no core full: waits (the event loop, garbage collections, locks)"


def duels_for(emulator: Emulator, guilds: list[Any], count: int, channels: int) -> list[Duel]:
    """``count`` duels between people, spread over the servers (so the processes), then their channels,
    as ``bench.bot_load`` spreads them."""
    users = [emulator.user(f"player{i + 1}") for i in range(2 * count)]
    duels = []
    for i in range(count):
        pair = (users[2 * i], users[2 * i + 1])
        guild = guilds[i % len(guilds)]
        for user in pair:
            user.channel = guild.channels[(i // len(guilds)) % channels]
        duels.append(Duel(pair))
    return duels


async def measure_setup(
    args: argparse.Namespace, server: PostgresServer, processes: int, memory: bool, out: IO[str]
) -> Setup:
    url = await new_postgres_database(server)
    rng = random.Random(args.seed)
    channels = tuple(f"duels-{i + 1}" for i in range(args.channels))
    # A copy of the (cached, shared) OpenAPI description: sample_validation changes this one only.
    emulator = Emulator(channels=channels, patch_discord=False, spec=copy.copy(OpenAPISpec.load()))
    guilds = await servers(emulator, processes, channels)
    driver = Driver(emulator, duels_for(emulator, guilds, args.duels, len(channels)), rng, args.stale)
    driver.sample_validation(25, 100)
    setup = Setup(processes, target_ms=args.target_ms)
    postgres = PostgresCpu(server.data)
    with tempfile.TemporaryDirectory(prefix="cardia-capacity-") as directory:
        async with emulator:
            bots = await Bots.start(emulator, url, Path(directory), processes)
            try:
                await emulator.wait_for(
                    lambda: sum(session.ready for session in emulator.gateways) >= processes, 30.0, "the bots"
                )
                await bots.call("images", on=not args.no_images)
                seconds = await driver.setup(args.concurrency)
                advanced = merged(await bots.call("advance", max=args.advance, seed=args.seed))
                print(
                    f"  {processes} bot process{'es' if processes > 1 else ''}, a shard each: {args.duels}"
                    f" duels set up in {seconds:.1f} s, then {advanced['decisions']} decisions played ahead;"
                    f" load average {load_average()}",
                    file=out,
                    flush=True,
                )
                if args.warmup:  # every duel's hand shown once: the steps measure play, not its start
                    await driver.load(args.rate, args.warmup, None)
                await asyncio.sleep(0.5)
                await climb(args, driver, bots, postgres, setup, out)
                setup.rss = [int(stats["rss"]) for stats in await bots.call("stats")]
                setup.workers_rss = [
                    sum(resident(child) for child in children(bot.process.pid)) for bot in bots.processes
                ]
                if memory:
                    setup.memory = await bots.first.call("memory", timeout=900.0)
            finally:
                await bots.stop()
                errors = bots.errors()
                if errors:
                    print(
                        f"    bot process log: {len(errors)} error lines, first: {errors[0][:200]}", file=out
                    )
    return setup


async def climb(
    args: argparse.Namespace, driver: Driver, bots: Bots, postgres: PostgresCpu, setup: Setup, out: IO[str]
) -> None:
    """Raise the rate until the p99 passes the target; every step's figures into ``setup``."""
    print(
        f"    {'rate/s':>7}{'done/s':>8}{'p50 ms':>8}{'p99 ms':>9}{'max ms':>9}{'late':>6}{'lost':>6}"
        f"{'bots (each), cores':>22}{'workers':>9}{'postgres':>10}{'driver':>8}{'machine':>9}{'others':>8}",
        file=out,
    )
    target = args.target_ms / 1000
    gc.collect()
    gc.freeze()
    gc.disable()  # the instrument must not pause its own clock (bench.bot_load.run)
    rate = args.rate
    try:
        while rate <= args.max_rate:
            first = len(driver.samples)
            routes = driver.routes.copy()
            befores = await bots.call("stats")
            cpu, database, busy = time.process_time(), postgres.seconds(), machine_busy()
            started = time.perf_counter()
            elapsed = await driver.load(rate, args.seconds, None)
            window = time.perf_counter() - started
            driver_cpu = time.process_time() - cpu
            database, busy = postgres.seconds() - database, machine_busy() - busy
            afters = await bots.call("stats")
            load = [i for phase, _, i in driver.samples[first:] if phase == "load"]
            latencies = sorted(i.answer_latency for i in load if i.answer_latency is not None) or [math.inf]
            sent = driver.routes - routes
            pairs = list(zip(befores, afters, strict=True))
            step = Step(
                rate=rate,
                interactions=len(load),
                elapsed=elapsed,
                window=window,
                p50=percentile(latencies, 0.5),
                p99=percentile(latencies, 0.99),
                most=latencies[-1],
                late=sum(1 for value in latencies if value > LATE),
                unanswered=sum(1 for i in load if not answered(i)),
                decisions=merged(afters)["counters"]["decisions"] - merged(befores)["counters"]["decisions"],
                bots=[cpu_share(b, a) for b, a in pairs],
                workers=sum(a["computer"]["cpu"] - b["computer"]["cpu"] for b, a in pairs) / window,
                postgres=database / window,
                driver=driver_cpu / window,
                busy=busy / window,
                requests=sent.total(),
                bound=sum(n for route, n in sent.items() if not interaction_endpoint(route)),
                kinds=dict(Counter(kind for phase, kind, _ in driver.samples[first:] if phase == "load")),
            )
            setup.steps.append(step)
            each = "+".join(f"{share:.2f}" for share in step.bots)
            print(
                f"    {rate:>7.0f}{step.done:>8.1f}{step.p50 * 1000:>8.1f}{step.p99 * 1000:>9.1f}"
                f"{step.most * 1000:>9.1f}{step.late:>6}{step.unanswered:>6}{each:>22}{step.workers:>9.2f}"
                f"{step.postgres:>10.2f}{step.driver:>8.2f}{step.busy:>9.2f}{step.others:>8.2f}",
                file=out,
                flush=True,
            )
            expected = rate * elapsed  # Poisson: below three deviations, the driver could not keep up
            if (
                step.p99 > target
                or step.late
                or step.unanswered
                or len(load) < expected - 3 * math.sqrt(expected)
            ):
                setup.failed = step
                break
            setup.held = step
            rate *= args.step
    finally:
        gc.enable()
        gc.unfreeze()


def setups_report(setups: list[Setup], args: argparse.Namespace, out: IO[str]) -> None:
    cores = os.cpu_count() or 1
    print("", file=out)
    target = setups[0].target_ms if setups else args.target_ms
    print(f"  highest rate held with p99 <= {target:g} ms, and at it (cores of CPU each):", file=out)
    print(
        f"    {'processes':>9}{'held/s':>8}{'p50 ms':>8}{'p99 ms':>8}{'bots, each':>22}{'postgres':>10}"
        f"{'driver':>8}{'machine':>9}   saturated at the next step",
        file=out,
    )
    for setup in setups:
        step = setup.held
        if step is None:
            print(
                f"    {setup.processes:>9}    none (not even {args.rate:g}/s): {setup.saturated(cores)}",
                file=out,
            )
            continue
        each = "+".join(f"{share:.2f}" for share in step.bots)
        print(
            f"    {setup.processes:>9}{step.rate:>8.0f}{step.p50 * 1000:>8.1f}{step.p99 * 1000:>8.1f}"
            f"{each:>22}"
            f"{step.postgres:>10.2f}{step.driver:>8.2f}{step.busy:>9.2f}   {setup.saturated(cores)}",
            file=out,
        )
    print("", file=out)
    print(
        "  CPU per interaction at the highest rate held (else the first; ms): the per-core figures a plan"
        " scales from",
        file=out,
    )
    print(
        f"    {'processes':>9}{'bots':>7}{'workers':>9}{'postgres':>10}{'driver':>8}"
        f"{'interactions per bot core-second':>34}{'per PostgreSQL core-second':>28}"
        f"{'interactions/decision':>23}{'requests/interaction':>22}{'global/decision':>17}",
        file=out,
    )
    for setup in setups:
        step = setup.measured
        if step is None:
            continue
        bots = step.per_interaction(sum(step.bots))
        database = step.per_interaction(step.postgres)
        per_decision = f"{step.interactions / step.decisions:.2f}" if step.decisions else "-"
        bound = f"{step.bound / step.decisions:.2f}" if step.decisions else "-"
        print(
            f"    {setup.processes:>9}{bots:>7.2f}{step.per_interaction(step.workers):>9.2f}{database:>10.2f}"
            f"{step.per_interaction(step.driver):>8.2f}{1000 / bots:>34.0f}"
            f"{(1000 / database if database else math.inf):>28.0f}{per_decision:>23}"
            f"{step.requests / max(1, step.interactions):>22.2f}{bound:>17}",
            file=out,
        )
    for setup in setups:
        if setup.measured is not None and setup.measured.kinds:
            total = sum(setup.measured.kinds.values())
            print(
                f"    the load's interactions by kind, {setup.processes} process(es): "
                + ", ".join(
                    f"{kind} {n / total:.0%}" for kind, n in Counter(setup.measured.kinds).most_common()
                ),
                file=out,
            )
        if setup.rss:
            print(
                f"    resident memory after the load, {setup.processes} process(es), each and its workers: "
                + ", ".join(
                    f"{rss / 2**20:.0f} + {workers / 2**20:.0f} MB"
                    for rss, workers in zip(setup.rss, setup.workers_rss or [0] * len(setup.rss), strict=True)
                ),
                file=out,
            )
        if setup.memory is not None:
            print(
                f"  memory per duel held ({setup.processes} process, bench.bot_process.measure_memory):",
                file=out,
            )
            memory_report(setup.memory, out)


# --- the computer -------------------------------------------------------------------------------------


@dataclass
class Thought:
    cpu: float  # seconds of CPU on one core
    iterations: int
    seat: str
    record: Record | None = None  # the position it was asked about (not kept by --save)


@dataclass
class ComputerGames:
    games: int
    thoughts: list[Thought]
    decisions: int  # every decision of a player, both seats (what people click in a duel)

    @property
    def searched(self) -> list[Thought]:
        return [t for t in self.thoughts if t.iterations]

    def save(self) -> dict[str, Any]:
        thoughts = [[t.cpu, t.iterations, t.seat] for t in self.thoughts]
        return {"games": self.games, "decisions": self.decisions, "thoughts": thoughts}

    @classmethod
    def load(cls, saved: dict[str, Any]) -> ComputerGames:
        thoughts = [Thought(cpu, iterations, seat) for cpu, iterations, seat in saved["thoughts"]]
        return cls(saved["games"], thoughts, saved["decisions"])


def computer_games(games: int, level: str, opponent: str, seed: int) -> ComputerGames:
    """``games`` games of ``level`` against ``opponent`` on random setups, seats alternating; every decision
    of ``level``'s seat timed in CPU (this process, one core)."""
    thoughts: list[Thought] = []
    decisions = 0
    for index in range(games):
        rng = random.Random(seed + index)
        setup = random_setup(rng, True)
        game = Game(setup)
        actions: list[Action] = []
        computer = PLAYERS[index % 2]
        while game.result is None:
            decision = game.pending[0]
            if decision.player not in PLAYERS:
                answer = list(random_answer(decision, rng))
            else:
                decisions += 1
                record = Record(format="cardia-replay/1", setup=setup, actions=list(actions))
                if decision.player == computer:
                    started = time.process_time()
                    searched = choose(record, decision.player, level, seed=seed + index)
                    cpu = time.process_time() - started
                    thoughts.append(Thought(cpu, searched.iterations, decision.player, record))
                    answer = list(searched.answer)
                elif opponent == "random":
                    answer = list(random_answer(decision, rng))
                else:
                    answer = list(choose(record, decision.player, opponent, seed=seed + index).answer)
            game.apply(decision.player, answer)
            actions.append(Action(player=decision.player, choose=answer))
    return ComputerGames(games, thoughts, decisions)


@dataclass
class Queued:
    workers: int
    rate: float  # decisions asked a second
    asked: int
    seconds: float
    latencies: list[float]  # asked -> answered
    iterations: list[int]
    cpu: float  # the workers' CPU, seconds


async def queue(
    positions: list[Thought],
    level: str,
    workers: int,
    rate: float,
    seconds: float,
    seed: int,
    budget_ms: float | None,
) -> Queued:
    """Decisions asked at Poisson arrivals of ``rate`` for ``seconds``, each on a position of the games,
    answered by the bot's ``Computer`` with ``workers`` processes (its budget shared as in the bot)."""
    rng = random.Random(seed)
    loop = asyncio.get_running_loop()
    with ProcessPoolExecutor(workers, initializer=start_worker) as pool:
        # The workers started and the engine imported before the clock runs.
        await asyncio.gather(*(loop.run_in_executor(pool, time.sleep, 0.2) for _ in range(workers)))
        computer = Computer(cast(Duels, None), executor=pool, workers=workers, budget_ms=budget_ms)
        latencies: list[float] = []
        iterations: list[int] = []

        async def ask(index: int, thought: Thought) -> None:
            assert thought.record is not None
            actions = [(action.player, list(action.choose)) for action in thought.record.actions]
            live = SimpleNamespace(
                match=SimpleNamespace(computer_seat=thought.seat, computer=level),
                row=SimpleNamespace(id=index, setup=thought.record.setup),
                actions=actions,
            )
            started = time.perf_counter()
            searched = await computer._think(cast(LiveGame, live))
            latencies.append(time.perf_counter() - started)
            iterations.append(searched.iterations)

        cpu = children_cpu()
        started = loop.time()
        at, tasks, index = started, [], 0
        while True:
            at += rng.expovariate(rate)
            if at >= started + seconds:
                break
            await asyncio.sleep(max(0.0, at - loop.time()))
            tasks.append(asyncio.create_task(ask(index, rng.choice(positions))))
            index += 1
        await asyncio.gather(*tasks)
        used = children_cpu() - cpu
    return Queued(
        workers, rate, len(tasks), loop.time() - started, sorted(latencies), sorted(iterations), used
    )


def computer_report(
    played: ComputerGames, queues: list[Queued], level: str, think: float, out: IO[str]
) -> None:
    searched = played.searched
    cpu = sorted(t.cpu for t in searched)
    mean = sum(cpu) / len(cpu) if cpu else 0.0
    per_game = sum(t.cpu for t in played.thoughts) / played.games
    print(
        f"  {played.games} games, {len(played.thoughts)} decisions of {level}"
        f" ({len(played.thoughts) / played.games:.1f} a game, {len(searched)} searched, the others forced),"
        f" {played.decisions / played.games:.1f} decisions of both players a game",
        file=out,
    )
    if cpu:
        print(
            f"  CPU per searched decision on one core: mean {mean * 1000:.0f} ms,"
            f" p50 {percentile(cpu, 0.5) * 1000:.0f}, p90 {percentile(cpu, 0.9) * 1000:.0f},"
            f" p99 {percentile(cpu, 0.99) * 1000:.0f}, max {cpu[-1] * 1000:.0f} ms;"
            f" {sum(t.iterations for t in searched) / sum(cpu):,.0f} iterations/s;"
            f" {per_game:.2f} s of CPU a game; one worker on a core of its own answers"
            f" {1 / mean:.2f} decisions/s, {3600 / per_game:.0f} games an hour",
            file=out,
        )
    if not queues:
        return
    # A duel against the computer asks for its decisions at its person's pace: as many duels at once as
    # ask for them at this rate if the person takes --think-seconds a decision.
    computer = len(played.thoughts)
    people = played.decisions - computer
    print(
        "  decisions asked at Poisson arrivals, answered by the bot's Computer (its budget shared by those"
        " waiting); the duels against the computer at once that ask at that rate, their people taking"
        f" {think:g} s a decision:",
        file=out,
    )
    print(
        f"    {'workers':>7}{'asked/s':>9}{'of capacity':>13}{'asked':>7}"
        f"{'p50 ms':>9}{'p99 ms':>9}{'max ms':>9}"
        f"{'iterations p50/p1':>19}{'workers CPU':>13}{'duels at once':>15}",
        file=out,
    )
    for q in queues:
        if not q.latencies:
            print(f"    {q.workers:>7}{q.rate:>9.2f}  none asked in {q.seconds:.0f} s", file=out)
            continue
        capacity = q.workers / mean if mean else math.inf
        print(
            f"    {q.workers:>7}{q.rate:>9.2f}{q.rate / capacity:>13.0%}{q.asked:>7}"
            f"{percentile(q.latencies, 0.5) * 1000:>9.0f}{percentile(q.latencies, 0.99) * 1000:>9.0f}"
            f"{q.latencies[-1] * 1000:>9.0f}"
            f"{f'{percentile(q.iterations, 0.5)}/{percentile(q.iterations, 0.01)}':>19}"
            f"{q.cpu / q.seconds:>13.2f}{q.rate * think * people / computer:>15.0f}",
            file=out,
        )


@dataclass
class Reused:
    """The figures an earlier run saved (``--save``), for the part not measured now (``--reuse``)."""

    when: str
    setups: list[Setup]
    computer: ComputerGames | None

    @classmethod
    def load(cls, path: Path) -> Reused:
        saved = json.loads(path.read_text())
        computer = saved.get("computer")
        return cls(
            str(saved["when"]),
            [Setup.load(setup) for setup in saved.get("setups", [])],
            None if computer is None else ComputerGames.load(computer),
        )


# --- the plan -----------------------------------------------------------------------------------------


def plan_report(
    setups: list[Setup], played: ComputerGames | None, args: argparse.Namespace, out: IO[str]
) -> None:
    """Servers, duels in progress and computer games per process, database and N processes, and a
    deployment for ``--servers``, from the figures measured and the assumptions given."""
    one = next((s for s in setups if s.processes == 1 and s.measured is not None), None)
    if one is None or one.measured is None:
        print("  no plan: one bot process was not measured", file=out)
        return
    step = one.measured
    held = f"{one.held.rate:.0f}/s" if one.held is not None else f"none, not even {step.rate:.0f}/s"
    bot_ms = step.per_interaction(sum(step.bots))
    workers_ms = step.per_interaction(step.workers)
    database_ms = step.per_interaction(step.postgres)
    per_decision = args.interactions_per_decision
    decisions = played.decisions / played.games if played else args.decisions_per_game
    per_game = decisions * per_decision
    per_server = args.games_per_server_day * per_game  # interactions a server a day
    busiest = per_server / DAY * args.peak  # a server's interactions a second at the busiest hour
    process = 1000 / bot_ms * args.headroom  # a bot process with a core of its own
    database = 1000 / database_ms * args.headroom if database_ms > 0 else math.inf  # a PostgreSQL core
    print(
        f"  assumptions (options): {args.games_per_server_day:g} games a server a day; the busiest hour"
        f" {args.peak:g}x the day's mean; every part planned at {args.headroom:.0%} of its cores then;"
        f" {args.computer_share:.0%} of games against the computer; a game in progress for"
        f" {args.game_days:g} day(s)",
        file=out,
    )
    print(
        f"  a game: {decisions:.1f} decisions (both players, measured above)"
        f" x {per_decision:g} interactions a decision (assumed: a person back at an asynchronous duel shows"
        f" their hand, then decides) = {per_game:.0f} interactions; a server: {per_server:.0f} a day,"
        f" {busiest * 1000:.2f}/s per 1,000 servers at the busiest hour",
        file=out,
    )
    print(
        f"  one bot process, a core of its own: {bot_ms:.2f} ms of CPU an interaction -> {process:.0f}/s ="
        f" {process / busiest:,.0f} servers (held here at p99 <= {one.target_ms:g} ms: {held})",
        file=out,
    )
    if workers_ms:
        print(
            f"  its pictures' workers: {workers_ms:.2f} ms an interaction -> a core per"
            f" {1000 / workers_ms * args.headroom:.0f} interactions/s",
            file=out,
        )
    # Boards posted and edited: what Discord's global rate limit counts, per decision (a hand shown
    # sends none), so per server from its games.
    bound = step.bound / max(1, step.decisions) * decisions * args.games_per_server_day / DAY * args.peak
    if bound:
        print(
            f"  Discord's global rate limit ({GLOBAL_LIMIT} requests/s a bot; interactions' answers not"
            f" counted): {step.bound / max(1, step.decisions):.2f} requests a decision,"
            f" {bound * 1000:.2f}/s per 1,000 servers at the busiest hour ->"
            f" {GLOBAL_LIMIT / bound:,.0f} servers for the whole bot, unless Discord raises it",
            file=out,
        )
    if database_ms > 0:
        print(
            f"  one PostgreSQL core: {database_ms:.2f} ms an interaction -> {database:.0f}/s ="
            f" {database / busiest:,.0f} servers, the bot processes of {database / process:.1f} cores",
            file=out,
        )
    else:
        print("  one PostgreSQL core: too little of its CPU to measure in this run", file=out)
    for setup in setups:
        if setup.held is not None and setup.processes > 1:
            print(
                f"  {setup.processes} bot processes on this machine's {os.cpu_count()} cores: held"
                f" {setup.held.rate:.0f}/s = {setup.held.rate * args.headroom / busiest:,.0f} servers"
                " (the machine's limit, not the design's, once the processes outnumber its cores)",
                file=out,
            )
    memory = one.memory["in_progress"] if one.memory is not None else None
    if memory is not None and memory["duels"]:
        held = memory["tracemalloc_per_duel"]
        print(
            f"  duels in progress: {held / 1024:.1f} KB each held in a process's cache"
            f" ({CACHED_GAMES:,} at most: {CACHED_GAMES * held / 2**20:.0f} MB; beyond, a duel is read and"
            f" replayed at its next click); {memory['warm_per_duel'] / 1024:.1f} KB each in use; the process"
            f" {one.rss[0] / 2**20:.0f} MB and its workers {sum(one.workers_rss) / 2**20:.0f} MB after the"
            f" load with {memory['duels']:,} duels",
            file=out,
        )
    cpu_game = 0.0
    if played is not None and played.searched:
        cpu_game = sum(t.cpu for t in played.thoughts) / played.games
        print(
            f"  a computer worker core: {cpu_game:.2f} s of CPU a game"
            f" ({len(played.thoughts) / played.games:.1f} decisions)"
            f" -> {3600 * args.headroom / cpu_game:.0f} games an hour",
            file=out,
        )
    peak = args.servers * busiest
    processes = math.ceil(peak / process)
    shards = max(math.ceil(args.servers / SERVERS_A_SHARD), processes)
    databases = peak / database
    pictures = peak * workers_ms / 1000 / args.headroom
    games_peak = args.servers * args.games_per_server_day / DAY * args.peak
    computer = games_peak * args.computer_share * cpu_game / args.headroom
    in_progress = args.servers * args.games_per_server_day * args.game_days
    print(
        f"  {args.servers:,} servers: {peak:.0f} interactions/s and {games_peak * 3600:.0f} games an hour at"
        f" the busiest hour, {in_progress:,.0f} duels in progress -> {processes} bot process(es) of a core,"
        f" {shards} shards (about {SERVERS_A_SHARD:,} servers a shard), {math.ceil(pictures)} picture worker"
        f" core(s), {math.ceil(computer)} computer worker core(s) ({computer:.1f}), one PostgreSQL with"
        f" {math.ceil(databases)} core(s) ({databases:.2f}); {in_progress / processes:,.0f} duels in progress"
        f" a process; {args.servers * bound:.0f} requests/s under Discord's global limit",
        file=out,
    )


# --- the command ----------------------------------------------------------------------------------------


async def capacity(args: argparse.Namespace, out: IO[str]) -> None:
    print("Cardia capacity benchmark", file=out)
    print(f"  machine: {machine()}", file=out)
    print(f"  engine: {compiled.status}; load average at the start {load_average()}", file=out)
    earlier: Reused | None = args.earlier
    setups: list[Setup] = []
    if not args.processes and earlier is not None and earlier.setups:
        setups = earlier.setups
        print("", file=out)
        print(f"The bot: its figures from {args.reuse} (measured {earlier.when})", file=out)
        setups_report(setups, args, out)
    if args.processes:
        server = PostgresServer()
        print("", file=out)
        print(
            f"The bot on one PostgreSQL ({server.programs.parent.name}, on this machine), find-max at p99 <="
            f" {args.target_ms:g} ms: {args.seconds:g} s a rate from {args.rate:g}/s"
            f" (after {args.warmup:g} s at it, not counted), x{args.step:g} a step,"
            f" pictures {'off' if args.no_images else 'on'}",
            file=out,
        )
        try:
            server.start()
            for index, processes in enumerate(args.processes):
                try:
                    setups.append(
                        await measure_setup(args, server, processes, index == 0 and args.memory, out)
                    )
                except Exception as error:  # the other setups' figures still count
                    print(f"  {processes} bot processes: the setup failed, not measured: {error!r}", file=out)
        finally:
            server.stop()
        setups_report(setups, args, out)
    played: ComputerGames | None = None
    if args.computer_games:
        print("", file=out)
        print(
            f"The computer: {args.computer_level} against {args.opponent}, on one core; load average"
            f" {load_average()}",
            file=out,
            flush=True,
        )
        played = computer_games(args.computer_games, args.computer_level, args.opponent, args.seed)
        queues: list[Queued] = []
        mean = sum(t.cpu for t in played.searched) / max(1, len(played.searched))
        if played.searched and args.queue_seconds:
            for workers in args.workers:
                for share in args.queue_shares:
                    rate = share * workers / mean
                    queues.append(
                        await queue(
                            played.searched,
                            args.computer_level,
                            workers,
                            rate,
                            args.queue_seconds,
                            args.seed,
                            BUDGET_MS,
                        )
                    )
        computer_report(played, queues, args.computer_level, args.think_seconds, out)
    elif earlier is not None and earlier.computer is not None:
        played = earlier.computer
        print("", file=out)
        print(f"The computer: its figures from {args.reuse} (measured {earlier.when})", file=out)
        computer_report(played, [], args.computer_level, args.think_seconds, out)
    if args.save:
        figures: dict[str, Any] = {"when": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())}
        if setups:
            figures["setups"] = [dataclasses.asdict(setup) for setup in setups]
        if played is not None:
            figures["computer"] = played.save()
        args.save.write_text(json.dumps(figures))
    print("", file=out)
    print("The capacity plan from these figures", file=out)
    plan_report(setups, played, args, out)
    print(f"  load average at the end {load_average()}", file=out)


def _counts(text: str) -> list[int]:
    if text == "none":
        return []
    values = [int(value) for value in text.split(",") if value.strip()]
    if any(value < 1 for value in values):
        raise argparse.ArgumentTypeError(f"{text!r}: positive whole numbers, comma-separated")
    return values


def _shares(text: str) -> list[float]:
    values = [float(value) for value in text.split(",") if value.strip()]
    if any(value <= 0 for value in values):
        raise argparse.ArgumentTypeError(f"{text!r}: positive numbers, comma-separated")
    return values


def main(argv: Sequence[str] | None = None, out: IO[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.capacity", description=__doc__.split("\n\n")[0])
    bot_part = parser.add_argument_group("the bot")
    bot_part.add_argument(
        "--processes",
        type=_counts,
        default=[1, 2, 4],
        help="bot process counts to measure (1,2,4; none)",
    )
    bot_part.add_argument("--duels", type=int, default=1000, help="duels in progress (1000)")
    bot_part.add_argument("--rate", type=float, default=100.0, help="the first rate, interactions/s (100)")
    bot_part.add_argument("--step", type=float, default=1.25, help="the rate's factor per step (1.25)")
    bot_part.add_argument("--seconds", type=float, default=20.0, help="seconds at each rate (20)")
    bot_part.add_argument(
        "--warmup", type=float, default=30.0, help="seconds of load at --rate before the first step (30)"
    )
    bot_part.add_argument("--target-ms", type=float, default=100.0, help="the p99 to hold, ms (100)")
    bot_part.add_argument("--max-rate", type=float, default=2000.0, help="stop there (2000)")
    bot_part.add_argument("--advance", type=int, default=20, help="most decisions played ahead per game (20)")
    bot_part.add_argument("--stale", type=float, default=0.05, help="share of repeated stale clicks (0.05)")
    bot_part.add_argument("--channels", type=int, default=10, help="channels per server (10)")
    bot_part.add_argument("--concurrency", type=int, default=20, help="challenges set up at once (20)")
    bot_part.add_argument("--no-images", action="store_true", help="boards and hands as text only")
    bot_part.add_argument(
        "--no-memory", dest="memory", action="store_false", help="skip the memory per duel (first setup)"
    )
    computer = parser.add_argument_group("the computer")
    computer.add_argument(
        "--computer-games", type=int, default=20, help="games it plays, timed (20; 0: none)"
    )
    computer.add_argument("--computer-level", default="hard", choices=("easy", "normal", "hard"))
    computer.add_argument("--opponent", default="normal", choices=("random", "easy", "normal", "hard"))
    computer.add_argument("--workers", type=_counts, default=[1, 2], help="worker counts for the queue (1,2)")
    computer.add_argument(
        "--queue-shares", type=_shares, default=[0.5, 0.9, 1.5], help="arrival rates, shares of capacity"
    )
    computer.add_argument("--queue-seconds", type=float, default=30.0, help="seconds of arrivals (30)")
    computer.add_argument(
        "--think-seconds",
        type=float,
        default=10.0,
        help="a person's seconds a decision, in duels at once (10)",
    )
    plan = parser.add_argument_group("the plan's assumptions")
    plan.add_argument("--servers", type=int, default=100_000, help="the operator's servers (100000)")
    plan.add_argument("--games-per-server-day", type=float, default=2.0, help="games a server a day (2)")
    plan.add_argument("--peak", type=float, default=3.0, help="the busiest hour's rate / the day's mean (3)")
    plan.add_argument("--headroom", type=float, default=0.7, help="share of a core each part runs at (0.7)")
    plan.add_argument("--computer-share", type=float, default=0.3, help="games against the computer (0.3)")
    plan.add_argument("--game-days", type=float, default=1.0, help="days a game is in progress (1)")
    plan.add_argument(
        "--interactions-per-decision", type=float, default=2.0, help="a person's, in all (2: hand, click)"
    )
    plan.add_argument(
        "--decisions-per-game",
        type=float,
        default=22.0,
        help="without --computer-games: decisions a game (22)",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--save", type=Path, metavar="FILE", help="write the figures measured (JSON)")
    parser.add_argument(
        "--reuse",
        type=Path,
        metavar="FILE",
        help="a --save file: the figures of the part not measured now (--processes none, --computer-games 0)",
    )
    args = parser.parse_args(argv)
    args.earlier = None
    if args.reuse is not None:
        try:
            args.earlier = Reused.load(args.reuse)
        except (OSError, ValueError, KeyError, TypeError) as error:
            parser.error(f"--reuse: {args.reuse} is not a file --save wrote ({error!r})")
    if args.step <= 1:
        parser.error("--step must be more than 1")
    if args.duels < 1 or args.seconds <= 0 or args.queue_seconds < 0 or args.warmup < 0:
        parser.error("--duels and --seconds must be positive, --queue-seconds and --warmup 0 (none) or more")
    if args.interactions_per_decision <= 0 or args.games_per_server_day <= 0 or args.peak < 1:
        parser.error("--interactions-per-decision, --games-per-server-day: above 0; --peak: 1 or more")
    if not 0 < args.headroom <= 1 or not 0 <= args.computer_share <= 1:
        parser.error("--headroom: a share above 0, up to 1; --computer-share: from 0 to 1")
    bot.loop.run(capacity(args, out or sys.stdout))
    return 0


if __name__ == "__main__":
    sys.exit(main())
