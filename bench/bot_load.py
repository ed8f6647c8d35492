"""Load benchmark of the Cardia bot: the real ``CardiaBot`` under many simultaneous duels, through the
loopback Discord of ``emulator``. It prints figures and asserts nothing (exit status 0).

    .venv/bin/python -m bench.bot_load [--duels 1000] [--rate 100] [--seconds 60] [--seed 1]

Two processes, so that the figures are the bot's own. This one runs the emulated Discord (REST v10 and the
gateway on 127.0.0.1) and the simulated players; the bot runs alone in ``bench.bot_process`` (discord.py
pointed at the emulator; the bot's database a temporary SQLite file in WAL mode, or ``--database
postgresql://...``), controlled through JSON lines. This process is the measuring instrument, kept light:
the emulator validates the first 25 request bodies of each route against Discord's OpenAPI description, then
one in 100 (a body takes milliseconds to validate; the end-to-end tests validate them all), and its garbage
collector is off during the load (a full collection of the emulator's records pauses it for 100 ms and
more).

1. Setup, through the user interface: for each duel, its challenger runs ``/cardia challenge`` (a random
   deck and location; first to 2 game wins) and its opponent clicks **Accept**: the bot posts the first
   board. Then every game is advanced by 0 to ``--advance`` random legal decisions through the bot's own
   service (``Duels.act``, then the board is posted as after a click), so that the duels in progress are
   at every stage of a game.
2. Load: an open-loop generator injects interactions at ``--rate`` per second (Poisson arrivals; the
   next one never waits for an answer) for ``--seconds``, each on a random duel that has no interaction
   in flight. The players only use what the bot showed them: **Show my hand** on the latest board, then
   a button or a select option of the decision in their private hand message (legal options, chosen at
   random); a repeated click on a decision already taken (``stale``), **Discard piles**, and, when a
   match is over, **Rematch** and **Accept**. Games finish and new games and matches start.
3. Figures: per kind of interaction, the latency from the interaction's dispatch on the gateway to the
   bot's answer (its first request about it; for one it deferred because its handler was slow,
   ``bot.ui.answer``, the answer that fills the deferral in: ``Interaction.answer_latency`` of the
   emulator), p50/p99/max, how many took more than 2.5 s, were never answered or were deferred; SQLite
   commits per decision and per game (``Storage.transaction`` counted per operation in the bot process);
   the bot process's memory per duel held in memory (tracemalloc and RSS, see
   ``bench.bot_process.measure_memory``); CPU use of both
   processes and the event loop lag of each.

``--computer N`` makes N of the duels duels against the computer (``--computer-level``, hard by
default): its player challenges the bot itself, and the computer thinks in a worker process of the bot
process, as with ``python -m bot``. The latency is then also shown by opponent (interactions in duels
against a person, against the computer), with the computer's decisions and its workers' CPU.

``--interval N`` prints a line every N seconds of the load (latency, the bot's memory and garbage
collections: the trend of a long run); ``--samples FILE`` writes every interaction's latency (CSV);
``--profile FILE`` runs cProfile in the bot process during the load and prints its top functions, and the
Python function calls per interaction by whose code they are (counted, not timed).
"""

from __future__ import annotations

import argparse
import asyncio
import copy
import gc
import math
import random
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Any

import bot.loop
from bench.bots import Bots, merged
from bench.players import LOAD_KINDS, REVIEW, SETUP_KINDS, Driver, Duel, answered
from bench.probes import LoopLag
from bench.report import (
    LATE,
    body_bytes,
    commits_report,
    computer_report,
    cpu_share,
    latency_table,
    machine,
    memory_report,
    percentile,
    pictures_report,
)
from bot.settings import Settings
from emulator import Emulator, Interaction, OpenAPISpec
from emulator.shards import guild_on_another_shard, shard_of
from emulator.state import Guild


async def servers(emulator: Emulator, count: int, channels: tuple[str, ...]) -> list[Guild]:
    """The emulator's server, and with several processes one more on each other shard."""
    guilds = [emulator.guild]
    while len(guilds) < count:
        shards = [shard_of(guild.id, count) for guild in guilds]
        guilds.append(await guild_on_another_shard(emulator, count, *shards, channels=channels))
    return sorted(guilds, key=lambda guild: shard_of(guild.id, count))


async def benchmark(args: argparse.Namespace, out: IO[str]) -> None:
    rng = random.Random(args.seed)
    channels = tuple(f"duels-{i + 1}" for i in range(args.channels))
    # A copy of the (cached, shared) OpenAPI description: sample_validation changes this one only.
    emulator = Emulator(channels=channels, patch_discord=False, spec=copy.copy(OpenAPISpec.load()))
    guilds = await servers(emulator, args.processes, channels)
    users = [emulator.user(f"player{i + 1}") for i in range(2 * args.duels)]
    duels = []
    # Every n-th duel is against the computer (--computer of them in all).
    every = args.duels / args.computer if args.computer else math.inf
    against_computer = {math.floor(k * every) for k in range(args.computer)}
    for i in range(args.duels):  # spread over the servers (so the processes), then their channels
        pair = (users[2 * i], users[2 * i + 1])
        guild = guilds[i % len(guilds)]
        for user in pair:
            user.channel = guild.channels[(i // len(guilds)) % len(channels)]
        if i in against_computer:
            duels.append(Duel(pair[:1], computer=args.computer_level))
        else:
            duels.append(Duel(pair))
    driver = Driver(emulator, duels, rng, args.stale, args.reviews)
    driver.sample_validation(args.validate_first, args.validate_every)
    print("Cardia bot load benchmark", file=out)
    print(f"  machine: {machine()}", file=out)
    database_name = (
        f"SQLite (synchronous={Settings().sqlite_synchronous}: CARDIA_SQLITE_SYNCHRONOUS)"
        if not str(args.database).startswith("postgresql://")
        else "PostgreSQL"
    )
    setup = "one bot process" if args.processes == 1 else f"{args.processes} bot processes, a shard each"
    print(f"  bot: {setup}, on {database_name}", file=out)
    if args.computer:
        print(
            f"  duels against the computer: {args.computer} of {args.duels}, level {args.computer_level}"
            " (it thinks in one worker process per bot process)",
            file=out,
        )
    with tempfile.TemporaryDirectory(prefix="cardia-bench-") as directory:
        async with emulator:
            database = args.database or Path(directory) / "cardia.db"
            bots = await Bots.start(emulator, database, Path(directory), args.processes)
            try:
                cpu_per_interaction = await run(args, emulator, driver, bots, out)
            finally:
                await bots.stop()
                errors = bots.errors()
                print(f"  bot process log: {len(errors)} error lines", file=out)
                for line in errors[:5]:
                    print(f"    {line[:200]}", file=out)
    if args.floor and cpu_per_interaction is not None:
        await floor_beside(args, cpu_per_interaction, out)


def review_report(reviews: list[Interaction], elapsed: float, out: IO[str]) -> None:
    """The reviews asked for during the load: each searched for seconds, answered after a deferral."""
    done = sorted(i.answer_latency for i in reviews if answered(i) and i.answer_latency is not None)
    figures = (
        f"p50 {percentile(done, 0.5):.1f} s, p90 {percentile(done, 0.9):.1f} s, max {done[-1]:.1f} s"
        if done
        else "none answered"
    )
    print(
        f"  reviews asked during the load: {len(reviews)} ({len(reviews) / elapsed:.2f}/s), {len(done)}"
        f" answered: {figures} from the click to the review (not in the latencies above)",
        file=out,
    )


async def floor_beside(args: argparse.Namespace, bot_cpu: float, out: IO[str]) -> None:
    """``--floor``: the libraries' floor (``bench.floor``) at the same rate, right after the bot's load,
    and the bot's CPU per interaction split into the floor and its own code's."""
    from bench.floor import measure  # it builds on this module

    print("", file=out)
    print("The libraries' floor, just after (bench.floor: the same traffic, nothing else)", file=out)
    floor = await measure(args.duels, args.rate, args.seconds, args.seed, out, not args.no_images)
    print(
        f"  the bot: {bot_cpu * 1000:.2f} ms of CPU per interaction = the libraries' floor"
        f" {floor.cpu_per_interaction * 1000:.2f} ms + the bot's own code"
        f" {(bot_cpu - floor.cpu_per_interaction) * 1000:.2f} ms",
        file=out,
    )


async def run(
    args: argparse.Namespace, emulator: Emulator, driver: Driver, bots: Bots, out: IO[str]
) -> float | None:
    """The setup and the load, and the report; the bot's CPU seconds per interaction of the load (None
    with ``--find-max``)."""
    await emulator.wait_for(
        lambda: sum(session.ready for session in emulator.gateways) >= args.processes, 10.0, "the bots"
    )
    await bots.call("images", on=not args.no_images)
    started = merged(await bots.call("stats"))
    setup_seconds = await driver.setup(args.concurrency)
    advanced = merged(await bots.call("advance", max=args.advance, seed=args.seed))
    print(
        f"  setup: {args.duels} duels through the UI (/cardia challenge, then Accept; {args.concurrency} at"
        f" once) in {setup_seconds:.1f} s; then {advanced['decisions']} random decisions (0 to"
        f" {args.advance} per game) through Duels.act in {advanced['seconds']:.1f} s",
        file=out,
    )
    if args.find_max:
        await asyncio.sleep(0.5)
        await find_max(args, driver, bots, out)
        return None
    await asyncio.sleep(0.5)  # let the last boards land
    befores = await bots.call("stats")
    before = merged(befores)
    if args.profile:
        await bots.first.call("profile_start")
    # This process is the measuring instrument: its own garbage collector must not pause the clock (a full
    # collection of the emulator's records takes 100 ms and more).
    gc.collect()
    gc.freeze()
    gc.disable()
    await bots.call("lag_start")
    lag = LoopLag()
    lag.start()
    cpu = time.process_time()
    routes_before = driver.routes.copy()
    first_request = len(emulator.requests)

    async def report() -> None:
        """A line per interval: the trend of a long run (latency, the bot's memory and collections)."""
        started = last = time.perf_counter()
        seen = 0  # driver.samples before this one are reported
        print(
            "  the load, interval by interval (by dispatch time, up to a second before each line):", file=out
        )
        print(
            f"  {'at s':>6}{'count':>7}{'p50 ms':>9}{'p99 ms':>9}{'max ms':>9}{'decisions':>11}"
            f"{'bot RSS MB':>12}{'full gcs':>10}{'gc max ms':>11}{'lag p99 ms':>12}",
            file=out,
        )
        while True:
            await asyncio.sleep(max(0.0, last + args.interval - time.perf_counter()))
            now = time.perf_counter()
            window: list[float] = []
            while seen < len(driver.samples) and driver.samples[seen][2].injected_at < now - 1.0:
                phase, _, interaction = driver.samples[seen]
                if phase == "load" and interaction.answer_latency is not None:
                    window.append(interaction.answer_latency)
                seen += 1
            window = sorted(window) or [0.0]
            nows = await bots.call("interval")  # the processes added up (the worst lag and pause)
            decisions, rss = sum(n["decisions"] for n in nows), sum(n["rss"] for n in nows)
            full, pause = sum(n["full"][0] for n in nows), max(n["full"][1] for n in nows)
            print(
                f"  {now - started:>6.0f}{len(window):>7}{percentile(window, 0.5) * 1000:>9.1f}"
                f"{percentile(window, 0.99) * 1000:>9.1f}{window[-1] * 1000:>9.1f}{decisions:>11}"
                f"{rss / 2**20:>12.0f}{full:>10}{pause * 1000:>11.0f}"
                f"{max(n['p99'] for n in nows) * 1000:>12.1f}",
                file=out,
                flush=True,
            )
            last = now

    try:
        elapsed = await driver.load(args.rate, args.seconds, report if args.interval > 0 else None)
    finally:
        gc.enable()
        gc.unfreeze()
    driver_cpu = time.process_time() - cpu
    driver_lag = lag.stop()
    bot_lags = await bots.call("lag_stop")
    profile = await bots.first.call("profile_stop", path=args.profile, top=30) if args.profile else None
    afters = await bots.call("stats")
    after = merged(afters)
    # Reviews take seconds of search by design: the load's latencies are the other interactions'.
    reviews = [i for phase, kind, i in driver.samples if phase == "load" and kind == REVIEW]
    load = [(kind, i) for phase, kind, i in driver.samples if phase == "load" and kind != REVIEW]
    if args.samples:
        with open(args.samples, "w") as samples:
            samples.write("phase,kind,injected_at,latency_ms\n")
            for phase, kind, i in driver.samples:
                latency = "" if i.answer_latency is None else f"{i.answer_latency * 1000:.3f}"
                samples.write(f"{phase},{kind},{i.injected_at:.6f},{latency}\n")
    in_progress = sum(1 for d in driver.duels if d.match_over is None)
    print(
        f"  load: {elapsed:.1f} s, Poisson arrivals at {args.rate:g}/s: {len(load)} interactions"
        f" ({len(load) / elapsed:.1f}/s) on {args.duels} duels ({in_progress} with a game in progress at the"
        f" end); bot cache holds {after['cached']} games, {after['warm']} with their engine state",
        file=out,
    )
    print("", file=out)
    print(
        "Latency (interaction dispatched on the gateway -> the bot's answer, not a deferral), load phase",
        file=out,
    )
    latency_table(load, LOAD_KINDS, out)
    if args.computer:
        print("  by opponent (all kinds):", file=out)
        computer_users = {d.players[0].id for d in driver.duels if d.computer is not None}
        by_opponent = [
            ("vs computer" if i.user.id in computer_users else "vs a person", i)
            for phase, kind, i in driver.samples
            if phase == "load" and kind != REVIEW
        ]
        latency_table(by_opponent, ("vs a person", "vs computer"), out, total=False)
        computer_report(befores, afters, elapsed, out)
    if reviews:
        review_report(reviews, elapsed, out)
    print(f"  decisions the bot refused as out of date although meant fresh: {driver.refused}", file=out)
    pictures_report(befores, afters, elapsed, out)
    print("Latency during setup (not under the load's rate)", file=out)
    latency_table([(kind, i) for phase, kind, i in driver.samples if phase == "setup"], SETUP_KINDS, out)
    print("", file=out)
    print("Commits (counted per operation in the bot processes)", file=out)
    commits_report(before, after, "load phase", out)
    commits_report(started, after, "whole run (setup, advance and load)", out)
    print("", file=out)

    def database_calls(start: dict[str, Any], end: dict[str, Any], interactions: float) -> str:
        calls = end["counters"]["database_calls"] - start["counters"]["database_calls"]
        return f" {calls / interactions:.2f} calls to SQLite's thread per interaction;" if calls else ""

    def collections(lag: dict[str, Any]) -> str:
        return ", ".join(
            f"gen {g}: {n} in {total * 1000:.0f} ms (max {most * 1000:.1f} ms)"
            for g, (n, total, most) in lag["gc"].items()
        )

    print("Processes during the load", file=out)
    for index, (start, end, bot_lag) in enumerate(zip(befores, afters, bot_lags, strict=True)):
        name = "bot process" if len(befores) == 1 else f"bot process {index} (shard {index})"
        print(
            f"  {name}: CPU {cpu_share(start, end):.0%} of one core; event loop lag p50/p99/max"
            f" {bot_lag['p50'] * 1000:.1f}/{bot_lag['p99'] * 1000:.1f}/{bot_lag['max'] * 1000:.1f} ms;"
            f" {(end['cpu'] - start['cpu']) / len(load) * 1000 * len(befores):.2f} ms of CPU per interaction;"
            f"{database_calls(start, end, len(load) / len(befores))}"
            f" {end['event_loop']}; RSS {end['rss'] / 2**20:.0f} MB; {end['locks']} per-game locks;"
            f" errors logged: {end['errors']}",
            file=out,
        )
        print(f"    garbage collections: {collections(bot_lag) or 'none'}", file=out)
        for line in end["first_errors"]:
            print(f"    {line}", file=out)
    print(
        f"  driver + emulator process: CPU {driver_cpu / elapsed:.0%} of one core; {bot.loop.name()};"
        " event loop lag p50/p99/max"
        f" {driver_lag['p50'] * 1000:.1f}/{driver_lag['p99'] * 1000:.1f}/{driver_lag['max'] * 1000:.1f} ms;"
        f" request bodies validated against the OpenAPI description: {driver.validated} of"
        f" {driver.requests} (the first {args.validate_first} of each route,"
        f" then 1 in {args.validate_every});"
        f" emulator violations {len(emulator.violations)}, unhandled routes {len(emulator.unhandled)}",
        file=out,
    )
    print("    garbage collections: disabled during the load (gc.freeze, gc.disable)", file=out)
    routes = driver.routes - routes_before
    print(
        f"  requests the bot sent per interaction: {routes.total() / max(len(load), 1):.2f} ("
        + ", ".join(f"{route} {n / max(len(load), 1):.2f}" for route, n in routes.most_common(6))
        + f"); {body_bytes(emulator.requests[first_request:]) / max(len(load), 1):.0f} bytes of JSON"
        " bodies per interaction",
        file=out,
    )
    for violation in emulator.violations[:5]:
        print(f"    {str(violation)[:300]}", file=out)
    if driver.skipped:
        print(f"  ticks that found no idle duel: {driver.skipped}", file=out)
    collected = await bots.first.call("gc")
    print(
        f"  bot process after the load: {collected['tracked']} objects tracked by the garbage collector;"
        f" a full collection takes {collected['collections'][0][0]:.0f} ms (freeing"
        f" {collected['collections'][0][1]} objects), then {collected['collections'][1][0]:.0f} ms",
        file=out,
    )
    print(f"    most tracked: {', '.join(f'{k} {n}' for k, n in collected['kinds'][:10])}", file=out)
    print(f"    containers by holder: {', '.join(f'{k} {n}' for k, n in collected['owners'])}", file=out)
    print("", file=out)
    print("Memory per duel held in memory (bot process)", file=out)
    memory_report(await bots.first.call("memory", timeout=900.0), out)
    if profile is not None:
        print("", file=out)
        print(f"Profile of the bot process during the load (cProfile, saved to {args.profile})", file=out)
        handled = max(1.0, len(load) / len(befores))  # the first bot process's share of the load
        calls = sorted(profile["calls"].items(), key=lambda item: -item[1])
        print(
            f"  Python function calls per interaction: {sum(profile['calls'].values()) / handled:.0f} ("
            + ", ".join(f"{name} {count / handled:.0f}" for name, count in calls)
            + "): counted, not timed, so versions compare on a machine whose speed swings",
            file=out,
        )
        print(profile["text"], file=out)
    cpu = sum(end["cpu"] - start["cpu"] for start, end in zip(befores, afters, strict=True))
    return float(cpu) / max(1, len(load))


async def find_max(args: argparse.Namespace, driver: Driver, bots: Bots, out: IO[str]) -> None:
    """Raise the rate by ``--step`` from ``--rate`` on, a load of ``--seconds`` at each, until the p99
    latency passes ``--target-ms`` (or an answer is later than 2.5 s or missing, or the driver cannot
    keep up with the rate): the highest rate held is the headline figure."""
    target = args.target_ms / 1000
    print(
        f"  find the highest rate with p99 <= {args.target_ms:g} ms: {args.seconds:g} s at each rate,"
        f" from {args.rate:g}/s, times {args.step:g} each step",
        file=out,
    )
    print(
        f"  {'rate/s':>8}{'done/s':>8}{'p50 ms':>9}{'p99 ms':>9}{'max ms':>9}{'>2.5 s':>8}{'no answer':>11}"
        f"{'commits/dec':>13}{'bots CPU':>10}{'ms/inter.':>11}{'driver CPU':>12}",
        file=out,
    )
    gc.collect()
    gc.freeze()
    gc.disable()  # the instrument must not pause its own clock (see run)
    held, rate = None, args.rate
    try:
        while rate <= args.max_rate:
            first = len(driver.samples)
            befores = await bots.call("stats")
            cpu = time.process_time()
            elapsed = await driver.load(rate, args.seconds, None)
            driver_cpu = (time.process_time() - cpu) / elapsed
            afters = await bots.call("stats")
            load = [i for phase, _, i in driver.samples[first:] if phase == "load"]
            latencies = sorted(i.answer_latency for i in load if i.answer_latency is not None) or [math.inf]
            late = sum(1 for value in latencies if value > LATE)
            unanswered = sum(1 for i in load if not answered(i))
            before, after = merged(befores), merged(afters)
            counted, since = after["counters"], before["counters"]
            decisions = counted["decisions"] - since["decisions"]
            commits = counted["commits"].get("decide", 0) - since["commits"].get("decide", 0)
            per_decision = f"{commits / decisions:.3f}" if decisions else "-"
            bots_cpu = sum(cpu_share(b, a) for b, a in zip(befores, afters, strict=True))
            p99 = percentile(latencies, 0.99)
            print(
                f"  {rate:>8.0f}{len(load) / elapsed:>8.1f}{percentile(latencies, 0.5) * 1000:>9.1f}"
                f"{p99 * 1000:>9.1f}{latencies[-1] * 1000:>9.1f}{late:>8}{unanswered:>11}{per_decision:>13}"
                f"{bots_cpu:>10.0%}{bots_cpu * elapsed / max(1, len(load)) * 1000:>11.2f}{driver_cpu:>12.0%}",
                file=out,
                flush=True,
            )
            expected = rate * elapsed  # Poisson: below three deviations, the driver could not keep up
            if p99 > target or late or unanswered or len(load) < expected - 3 * math.sqrt(expected):
                break
            held, rate = rate, rate * args.step
    finally:
        gc.enable()
        gc.unfreeze()
    if held is None:
        print(f"  highest rate held: none (not even {args.rate:g}/s)", file=out)
    else:
        print(f"  highest rate held with p99 <= {args.target_ms:g} ms: {held:.0f} interactions/s", file=out)


def main(argv: Sequence[str] | None = None, out: IO[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.bot_load", description=__doc__.split("\n\n")[0])
    parser.add_argument("--duels", type=int, default=1000, help="duels in progress (default 1000)")
    parser.add_argument("--rate", type=float, default=100.0, help="interactions per second (default 100)")
    parser.add_argument("--seconds", type=float, default=60.0, help="length of the load phase (default 60)")
    parser.add_argument("--seed", type=int, default=1, help="the driver's random seed (default 1)")
    parser.add_argument("--advance", type=int, default=20, help="most decisions played ahead per game (20)")
    parser.add_argument("--stale", type=float, default=0.05, help="share of repeated stale clicks (0.05)")
    parser.add_argument("--channels", type=int, default=10, help="channels the duels are spread over (10)")
    parser.add_argument("--concurrency", type=int, default=20, help="challenges set up at once (20)")
    parser.add_argument("--validate-first", type=int, default=25, help="bodies validated per route (25)")
    parser.add_argument("--validate-every", type=int, default=100, help="then one body in N (100)")
    parser.add_argument("--interval", type=float, default=0, help="print a line every N s of the load")
    parser.add_argument("--samples", metavar="FILE", help="write every interaction's latency (CSV)")
    parser.add_argument("--profile", metavar="FILE", help="cProfile the bot process during the load")
    parser.add_argument(
        "--database",
        help="an empty postgresql:// database for the bot, or a SQLite file to keep (default: a new one)",
    )
    parser.add_argument(
        "--processes", type=int, default=1, help="bot processes, one shard each (needs --database)"
    )
    parser.add_argument("--computer", type=int, default=0, help="of the duels, how many against the computer")
    parser.add_argument(
        "--computer-level", default="hard", choices=("easy", "normal", "hard"), help="its level (hard)"
    )
    parser.add_argument(
        "--reviews",
        type=float,
        default=0.0,
        help="the share of finished games whose review a player asks for during the load (0)",
    )
    parser.add_argument(
        "--no-images", action="store_true", help="boards and hands as text only (/cardia settings images)"
    )
    parser.add_argument(
        "--floor", action="store_true", help="then the libraries' floor at the same rate (bench.floor)"
    )
    parser.add_argument("--find-max", action="store_true", help="raise the rate until p99 passes the target")
    parser.add_argument("--target-ms", type=float, default=50.0, help="--find-max: the p99 to hold (50)")
    parser.add_argument("--step", type=float, default=1.25, help="--find-max: the rate's factor per step")
    parser.add_argument("--max-rate", type=float, default=2000.0, help="--find-max: stop there (2000)")
    args = parser.parse_args(argv)
    if args.processes < 1 or (args.processes > 1 and args.database is None):
        parser.error("--processes: 1, or several sharing a --database postgresql://...")
    if args.step <= 1:
        parser.error("--step must be more than 1")
    if not 0 <= args.computer <= args.duels:
        parser.error("--computer: from 0 to --duels")
    if not 0 <= args.reviews <= 1:
        parser.error("--reviews: a share, from 0 to 1")
    # The instrument on the bot's own event loop (uvloop where built): a lighter driver leaves more of the
    # machine to the bot it measures.
    bot.loop.run(benchmark(args, out or sys.stdout))
    return 0


if __name__ == "__main__":
    sys.exit(main())
