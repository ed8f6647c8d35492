"""The bot side of ``bench.bot_load``: the real ``CardiaBot`` in its own process, pointed at the emulator.

    python -m bench.bot_process --api http://127.0.0.1:PORT/api/v10 --gateway ws://127.0.0.1:PORT/ \
        --database PATH

The bot runs alone in this process (the load generator and the emulated Discord run in the parent), so
its latency, CPU time and memory are its own. The parent controls it through JSON lines: commands on
standard input, one answer each on standard output (``{"event": "ready"}`` first, once the bot is
connected); everything else the process writes goes to standard error.

The bot is instrumented from outside, without changing ``bot/`` (``bench.probes``):
``Duels.propose/answer/act/end`` and ``Storage.flush`` are wrapped to name the operation in progress (a
context variable, so each interaction's task has its own), and ``Storage.transaction`` counts the
commits of each operation (and of each game, for decisions). Commands:

- ``stats``: the counters, the CPU time, the resident memory, the event loop's lag, bot errors logged.
- ``advance`` (``max``, ``seed``): play 0 to ``max`` random legal decisions in every game in progress
  through ``Duels.act`` (the bot's own service, as a click would), then post the board as a click would.
- ``profile_start`` / ``profile_stop`` (``path``, ``top``): cProfile of this process.
- ``memory``: what a duel held in memory costs (see :func:`measure_memory`).
- ``quit``.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import gc
import io
import json
import logging
import pstats
import random
import sys
import time
import tracemalloc
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, TextIO

import discord
import discord.gateway
import discord.http
import yarl

from bench.probes import Counters, ErrorCount, LoopLag, children_cpu, function_calls, instrument, rss
from bot import loop as event_loop
from bot.app import CardiaBot
from bot.services.duels import Duels, Step
from bot.services.game_cache import LiveGame
from bot.settings import Settings
from bot.store import Storage


async def games_with(
    storage: Storage, status: str, limit: int = -1, owns: Callable[[int], bool] = lambda guild_id: True
) -> list[tuple[int, int]]:
    """(game id, actions so far) of the games with ``status`` (in_progress, finished) in the servers this
    process ``owns``, newest first."""
    query = (
        "SELECT g.id, (SELECT COUNT(*) FROM actions a WHERE a.game_id = g.id), m.guild_id"
        " FROM games g JOIN matches m ON m.id = g.match_id WHERE g.status = ? ORDER BY g.id DESC"
    )
    rows = await storage.db.execute_fetchall(query, (status,))
    found = [(int(row[0]), int(row[1])) for row in rows if owns(int(row[2]))]
    return found if limit < 0 else found[:limit]


async def advance(bot: CardiaBot, most: int, seed: int) -> dict[str, Any]:
    """Play 0 to ``most`` random legal decisions in every game in progress, through ``Duels.act``, and
    show the result as a click would (``Outbox.after``): duels at every stage of a game."""
    assert bot.storage is not None
    rng = random.Random(seed)
    started = time.perf_counter()
    decisions = 0
    for game_id, _ in sorted(await games_with(bot.storage, "in_progress", owns=bot.owns_guild)):
        step: Step | None = None
        if (await bot.duels.live(game_id)).match.computer is not None:
            continue  # the computer answers by itself: played by the load only
        for _ in range(rng.randint(0, most)):
            live = await bot.duels.live(game_id)
            pending = [d for d in live.game.pending if d.player != "chance"]
            if live.outcome is not None or not pending:
                break
            decision = rng.choice(pending)
            user = live.match.user(decision.player)
            choose = rng.sample(list(decision.options), decision.count)
            step = await bot.duels.act(game_id, user, live.own_actions(decision.player), choose)
            decisions += 1
            if step.next_game is not None or step.match_over:
                break
        if step is not None:
            await bot.outbox.after(step)
    return {"decisions": decisions, "seconds": time.perf_counter() - started}


async def measure_memory(bot: CardiaBot) -> dict[str, Any]:
    """What one duel held in memory costs: the games are loaded into a fresh ``Duels`` cache
    (``Duels.live``: the record read from the database and replayed, as after an eviction or a restart),
    and the memory that stays allocated is divided by the number of games: held as the bot holds them
    (the most recently used with their engine state, the others their rows and record), and each with
    its engine state (what a game in use costs, by its length). Every game in progress is measured, and
    apart, up to 1,000 finished games (complete records: the most a game holds).

    tracemalloc counts the bytes Python allocated and still holds (the figure that matters); the
    resident set size (RSS) difference of a separate pass is shown as a cross-check (it is coarse: the
    allocator reuses memory freed earlier, and returns little of it to the system).
    """
    storage = bot.storage
    assert storage is not None
    return {
        "in_progress": await measure(storage, await games_with(storage, "in_progress")),
        "finished": await measure(storage, await games_with(storage, "finished", 1000)),
    }


async def measure(storage: Storage, games: list[tuple[int, int]]) -> dict[str, Any]:
    ids = [game_id for game_id, _ in games]
    if not ids:
        return {"duels": 0}
    everything = len(ids) + 1

    async def load(
        probe: Duels, sizes: list[int] | None = None, only: list[int] | None = None
    ) -> list[LiveGame]:
        held = []
        for game_id in ids if only is None else only:
            before = tracemalloc.get_traced_memory()[0] if sizes is not None else 0
            held.append(await probe.live(game_id))
            if sizes is not None:
                sizes.append(tracemalloc.get_traced_memory()[0] - before)
        return held

    async def traced(
        probe: Duels, sizes: list[int] | None = None, only: list[int] | None = None
    ) -> tuple[int, Any, Any, list[LiveGame]]:
        """The bytes still allocated once every game (or ``only`` these) is loaded, with snapshots before
        and after."""
        gc.collect()
        tracemalloc.start(1)
        first = tracemalloc.take_snapshot()
        base = tracemalloc.get_traced_memory()[0]
        gc.disable()  # a collection in the middle would credit one game with what others freed
        try:
            held = await load(probe, sizes, only)
        finally:
            gc.enable()
        gc.collect()
        total = tracemalloc.get_traced_memory()[0] - base
        second = tracemalloc.take_snapshot()
        tracemalloc.stop()
        return total, first, second, held

    # As the bot holds them: every game's rows and record, the most recently used ones' engine state too.
    gc.collect()
    rss_before = rss()
    probe = Duels(storage, cache_size=everything)
    held = await load(probe)
    gc.collect()
    rss_after = rss()
    del probe, held
    total, first, second, held = await traced(Duels(storage, cache_size=everything))
    warm = sum(1 for live in held if live.engine is not None)
    del held
    where = [
        (str(stat.traceback[0].filename), stat.size_diff / len(ids))
        for stat in second.compare_to(first, "filename")
        if stat.size_diff > 0 and stat.traceback
    ][:8]
    # Every game with its engine state: what one game in use costs. One game's figure (p50, p99, max) is
    # what loading it added, collector off: it may include garbage of its loading not yet collected.
    sizes: list[int] = []
    warm_total, _, _, held = await traced(Duels(storage, cache_size=everything, warm_size=everything), sizes)
    events = sum(len(live.game.events) for live in held) / len(held)
    del held
    ordered = sorted(sizes)
    # By length (actions so far: 0-9, 10-19, 20-29, 30+): each group loaded on its own, after a collection.
    groups: dict[int, list[int]] = {}
    for game_id, actions in games:
        groups.setdefault(min(actions // 10 * 10, 30), []).append(game_id)
    by_actions = []
    for low, members in sorted(groups.items()):
        group_total, _, _, held = await traced(
            Duels(storage, cache_size=everything, warm_size=everything), only=members
        )
        del held
        by_actions.append([low, len(members), group_total / len(members)])
    gc.collect()
    return {
        "duels": len(ids),
        "warm": warm,
        "actions_mean": sum(actions for _, actions in games) / len(games),
        "actions_max": max(actions for _, actions in games),
        "events_mean": events,
        "tracemalloc_per_duel": total / len(ids),
        "warm_per_duel": warm_total / len(ids),
        "per_game_p50": ordered[len(ordered) // 2],
        "per_game_p99": ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))],
        "per_game_max": ordered[-1],
        "rss_per_duel": (rss_after - rss_before) / len(ids),
        "by_actions": by_actions,
        "where": where,
    }


class Control:
    """The JSON-lines protocol with the parent."""

    def __init__(self, bot: CardiaBot, counters: Counters, errors: ErrorCount, out: TextIO) -> None:
        self.bot = bot
        self.counters = counters
        self.errors = errors
        self.out = out
        self.lag = LoopLag()
        self.mark = (0, 0)
        self.profile: cProfile.Profile | None = None

    def send(self, message: dict[str, Any]) -> None:
        self.out.write(json.dumps(message) + "\n")
        self.out.flush()

    def stats(self) -> dict[str, Any]:
        duels = self.bot.duels
        return {
            "counters": self.counters.snapshot(),
            "cpu": time.process_time(),
            "wall": time.perf_counter(),
            "rss": rss(),
            "event_loop": event_loop.name(),
            "cached": len(duels.games.kept),
            "warm": len(duels.games.warm),
            "cache_size": duels.games.kept.most,
            "locks": len(getattr(duels, "_locks", ())),
            "errors": self.errors.count,
            "first_errors": self.errors.first,
            "computer": {
                "decisions": self.bot.computer.decisions,
                "seconds": self.bot.computer.seconds,
                "cpu": children_cpu(),
            },
            "pictures": {
                "drawn": self.bot.pictures.drawn,
                "seconds": self.bot.pictures.seconds,
                "bytes": self.bot.pictures.bytes,
            },
        }

    async def handle(self, command: dict[str, Any]) -> dict[str, Any]:
        name = command.get("cmd")
        if name == "stats":
            return self.stats()
        if name == "images":  # every server's /cardia settings images, as its managers would set it
            for guild in self.bot.guilds:
                await self.bot.guild_settings.update(guild.id, 0, images=bool(command["on"]))
            return {}
        if name == "advance":
            return await advance(self.bot, int(command["max"]), int(command["seed"]))
        if name == "lag_start":
            self.lag.start()
            self.mark = (0, 0)
            return {}
        if name == "lag_stop":
            return self.lag.stop()
        if name == "interval":  # since the previous one: loop lag, full collections, memory
            figures = self.lag.summary(self.mark)
            self.mark = self.lag.mark()
            return {**figures, "rss": rss(), "decisions": self.counters.decisions}
        if name == "profile_start":
            self.profile = cProfile.Profile()
            self.profile.enable()
            return {}
        if name == "profile_stop":
            assert self.profile is not None
            self.profile.disable()
            self.profile.dump_stats(command["path"])
            report = io.StringIO()
            stats = pstats.Stats(self.profile, stream=report)
            stats.sort_stats("tottime").print_stats(int(command["top"]))
            self.profile = None
            return {"text": report.getvalue(), "calls": function_calls(stats)}
        if name == "gc":
            objects = gc.get_objects()
            kinds = Counter(type(o).__name__ for o in objects).most_common(12)
            # Who holds the most common containers: the kind of object each is directly referred to by.
            common = {"list", "dict", "set", "tuple"}
            owners: Counter[str] = Counter()
            for owner in objects:
                for held in gc.get_referents(owner):
                    kind = type(held).__name__
                    if kind in common and gc.is_tracked(held):
                        owners[f"{kind} in {type(owner).__name__}"] += 1
            del objects
            times = []
            for _ in range(2):  # the first one also frees what the load left; the second only traverses
                started = time.perf_counter()
                freed = gc.collect()
                times.append(((time.perf_counter() - started) * 1000, freed))
            return {
                "tracked": len(gc.get_objects()),
                "kinds": kinds,
                "owners": owners.most_common(10),
                "collections": times,
            }
        if name == "memory":
            return await measure_memory(self.bot)
        raise ValueError(f"unknown command {name!r}")

    async def serve(self) -> None:
        loop = asyncio.get_running_loop()
        reader = asyncio.StreamReader(limit=1 << 24)
        await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
        while line := await reader.readline():
            command = json.loads(line)
            if command.get("cmd") == "quit":
                return
            try:
                self.send({"ok": True, **await self.handle(command)})
            except Exception as error:  # reported to the parent, which stops
                logging.getLogger(__name__).exception("command %s failed", command.get("cmd"))
                self.send({"ok": False, "error": repr(error)})


async def run(api: str, gateway: str, database: str, shard: tuple[int, int] | None, out: TextIO) -> None:
    discord.http.Route.BASE = api
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway)
    errors = ErrorCount()
    logging.getLogger().addHandler(errors)
    counters = Counters()
    # The first (or only) process registers /cardia with the emulated Discord.
    # The computer thinks in a worker process, as with python -m bot's defaults.
    # SQLite commits as CARDIA_SQLITE_SYNCHRONOUS says, as with python -m bot.
    options: dict[str, Any] = {"database": database, "computer_workers": 1, "picture_processes": True}
    if shard is not None:
        options |= {"shard_count": shard[1], "shard_ids": str(shard[0])}
    settings = Settings(**options)  # and CARDIA_SQLITE_SYNCHRONOUS, as with python -m bot
    bot = CardiaBot(settings, sync=shard is None or shard[0] == 0, freeze_startup=True)
    async with bot:
        bot._connection.guild_ready_timeout = 0.05  # the emulator sends every GUILD_CREATE at once
        task = asyncio.create_task(bot.start("emulated-bot-token"), name="bot")
        ready = asyncio.create_task(bot.wait_until_ready())
        await asyncio.wait({task, ready}, timeout=30, return_when=asyncio.FIRST_COMPLETED)
        if not ready.done():
            ready.cancel()
            raise RuntimeError("the bot did not get ready")
        instrument(bot, counters)
        control = Control(bot, counters, errors, out)
        control.send({"event": "ready"})
        try:
            await control.serve()
        finally:
            await bot.close()
            await asyncio.wait_for(task, 10)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.bot_process", description=__doc__)
    parser.add_argument("--api", required=True)
    parser.add_argument("--gateway", required=True)
    parser.add_argument("--database", required=True)
    parser.add_argument("--shard", type=int, help="run this shard only (one of --shards)")
    parser.add_argument("--shards", type=int, help="the bot's shards in all")
    args = parser.parse_args(argv)
    shard = None if args.shards is None else (args.shard, args.shards)
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr, format="%(name)s: %(message)s")
    out, sys.stdout = sys.stdout, sys.stderr  # standard output carries the protocol only
    event_loop.run(run(args.api, args.gateway, args.database, shard, out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
