"""Benchmark of the web pages: ``python -m bench.web_load [--watchers 100] [--decisions 30]
[--pages 300] [--poll 0.25] [--database URL]``.

Serves the pages as an operator does, in a ``cardia web`` process of its own (its CPU apart from the
readers'), on a database the bot's duel service writes (a SQLite file in a temporary folder, or
``--database``, a PostgreSQL URL). Then, with ``--watchers`` readers holding a live game's page open
(each a server-sent events stream):

- **a page**: ``--pages`` requests of the live game's page, one after another, timed from the request to
  the last byte of the answer; then its steps (JSON) and a board's picture from the cache; and the
  first request of the page and of a picture, before anyone watched (its words told, the picture drawn);
- **a live update**: ``--decisions`` decisions made through the bot's duel service, one at a time, each
  timed from its commit to the moment each watcher's stream has the new version, and to the moment it
  has fetched what its page then shows (the steps it lacks and the new board's picture, as the page's
  script does): a figure per watcher and decision, a pause of half a poll between two.

Prints the machine, the setup, and each latency's median, p90, p99 and largest, in milliseconds, with
the web process's CPU seconds while the watchers were connected.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

import aiohttp

from bench.report import machine
from bot.services.duels import Duels
from bot.services.links import Signer
from bot.store import Challenge, Storage, new_home

KEY = "a benchmark key for the web pages"
USERS = {"p1": 1, "p2": 2}


def quantiles(values: Sequence[float]) -> str:
    ordered = sorted(values)

    def at(share: float) -> float:
        return ordered[min(len(ordered) - 1, int(share * len(ordered)))] * 1000

    return (
        f"median {statistics.median(ordered) * 1000:7.1f}  p90 {at(0.9):7.1f}  p99 {at(0.99):7.1f}"
        f"  max {ordered[-1] * 1000:7.1f} ms  (n={len(ordered)})"
    )


async def decide(duels: Duels, game_id: int, rng: random.Random) -> None:
    live = await duels.live(game_id)
    decision = rng.choice(live.game.pending)
    choice = rng.sample(decision.options, decision.count)
    await duels.act(game_id, USERS[decision.player], live.own_actions(decision.player), choice)


class Server:
    """A ``cardia web`` process on the database, on a free port."""

    def __init__(self, database: str, poll: float) -> None:
        environment = {name: value for name, value in os.environ.items() if not name.startswith("CARDIA_")}
        environment |= {"CARDIA_WEB_SECRET": KEY, "CARDIA_WEB_POLL": str(poll), "CARDIA_WEB_RATE": "0"}
        environment["CARDIA_WEB_STREAMS"] = "0"  # every watcher comes from this one address
        self.process = subprocess.Popen(
            [sys.executable, "-m", "cardia", "web", "--port", "0", "--database", database],
            stdout=subprocess.PIPE,
            text=True,
            env=environment,
        )
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line.startswith("cardia web: serving on "):
            self.process.kill()
            raise RuntimeError(f"cardia web did not start: {line!r}")
        self.address = line.rsplit(" ", 1)[1].strip()

    def cpu(self) -> float:
        """The process's CPU seconds so far (user and system), from /proc."""
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=30)


async def timed_get(session: aiohttp.ClientSession, url: str) -> float:
    started = time.perf_counter()
    async with session.get(url) as answer:
        await answer.read()
        assert answer.status == 200, (url, answer.status)
    return time.perf_counter() - started


async def watch(
    session: aiohttp.ClientSession,
    base: str,
    seen: dict[int, float],
    shown: dict[int, float],
    ready: asyncio.Event,
) -> None:
    """One reader's live page: when each number of decisions was first seen on its stream, and when the
    page had it shown (its steps and the new board's picture fetched, as the page's script does)."""
    have: int | None = None  # the page's steps (the last one's number): it asks only for what it lacks
    async with session.get(f"{base}/live") as stream:
        ready.set()
        async for line in stream.content:
            if line.startswith(b"data: "):
                decisions = int(line.split(b",")[1].strip(b" ]\n"))
                if decisions in seen:
                    continue
                seen[decisions] = time.perf_counter()
                await timed_get(session, f"{base}/steps.json" + ("" if have is None else f"?from={have}"))
                await timed_get(session, f"{base}/{decisions}.png")
                have = decisions
                shown[decisions] = time.perf_counter()


async def run(args: argparse.Namespace, out: TextIO) -> int:
    with tempfile.TemporaryDirectory(prefix="cardia-web-bench-") as folder:
        database = args.database or str(Path(folder) / "cardia.db")
        storage = await Storage.open(database)
        seed = args.seed
        duels = Duels(
            storage, dealer=lambda deck, location, /: {"deck": deck, "location": location, "seed": seed}
        )
        rng = random.Random(args.seed)
        match = await duels.propose(Challenge(10, new_home(10, 20), (1, "Alice"), (2, "Bob"), "I", None, 1))
        _, live = await duels.answer(match.id, 2, "accept")
        assert live is not None
        game_id = live.row.id
        for _ in range(4):
            await decide(duels, game_id, rng)
        path = Signer(KEY.encode()).game_path(game_id)
        server = Server(database, args.poll)
        try:
            connector = aiohttp.TCPConnector(limit=0)
            async with aiohttp.ClientSession(connector=connector) as session:
                base = server.address + path
                print(f"setup: one live game, {args.watchers} watchers, poll {args.poll} s", file=out)
                print(f"  database: {'PostgreSQL' if args.database else 'SQLite (a file)'}", file=out)
                # Before anyone watches: the first request of the page (its words told), and the first
                # drawing of a picture.
                cold = [await timed_get(session, base), await timed_get(session, f"{base}/1.png")]
                seen: list[dict[int, float]] = [{} for _ in range(args.watchers)]
                shown: list[dict[int, float]] = [{} for _ in range(args.watchers)]
                readies = [asyncio.Event() for _ in range(args.watchers)]
                watchers = [
                    asyncio.create_task(watch(session, base, seen[n], shown[n], readies[n]))
                    for n in range(args.watchers)
                ]
                await asyncio.wait_for(asyncio.gather(*(ready.wait() for ready in readies)), 60)
                cpu = server.cpu()

                pages = [await timed_get(session, base) for _ in range(args.pages)]
                warm_json = [await timed_get(session, f"{base}/steps.json") for _ in range(args.pages)]
                warm_png = [await timed_get(session, f"{base}/0.png") for _ in range(args.pages)]
                print(f"\nA page, with {args.watchers} watchers connected (one request at a time):", file=out)
                print(f"  the game's page (HTML)   {quantiles(pages)}", file=out)
                print(f"  its steps (JSON), cached {quantiles(warm_json)}", file=out)
                print(f"  a board picture, cached  {quantiles(warm_png)}", file=out)
                print(
                    f"  first time, before anyone watched: the page {cold[0] * 1000:.1f} ms (its words told),"
                    f" a picture {cold[1] * 1000:.1f} ms (drawn)",
                    file=out,
                )

                delays: list[float] = []
                shown_after: list[float] = []
                game = await duels.live(game_id)
                for _ in range(args.decisions):
                    if game.game.result is not None:
                        break
                    await decide(duels, game_id, rng)
                    committed = time.perf_counter()
                    decisions = len((await duels.live(game_id)).actions)
                    deadline = committed + 30
                    while (
                        any(decisions not in watcher for watcher in shown) and time.perf_counter() < deadline
                    ):
                        await asyncio.sleep(0.002)
                    delays += [watcher[decisions] - committed for watcher in seen if decisions in watcher]
                    shown_after += [
                        watcher[decisions] - committed for watcher in shown if decisions in watcher
                    ]
                    await asyncio.sleep(args.poll / 2)
                    game = await duels.live(game_id)
                used = server.cpu() - cpu
                print("\nA live update, from a decision's commit:", file=out)
                print(f"  to each watcher's stream       {quantiles(delays)}", file=out)
                print(f"  to its page, words and picture {quantiles(shown_after)}", file=out)
                print(f"  the web process: {used:.2f} s of CPU over the whole run with watchers", file=out)
                for task in watchers:
                    task.cancel()
                await asyncio.gather(*watchers, return_exceptions=True)
        finally:
            server.stop()
            await storage.close()
    return 0


def main(argv: Sequence[str] | None = None, out: TextIO = sys.stdout) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.web_load", description=__doc__)
    parser.add_argument("--watchers", type=int, default=100, help="live streams held open (100)")
    parser.add_argument("--decisions", type=int, default=30, help="decisions followed live (30)")
    parser.add_argument("--pages", type=int, default=300, help="requests of each page (300)")
    parser.add_argument("--poll", type=float, default=0.25, help="CARDIA_WEB_POLL of the server (0.25)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--database", help="a PostgreSQL URL (default: a SQLite file in a temporary folder)")
    args = parser.parse_args(argv)
    print("Cardia web pages benchmark", file=out)
    print(f"  machine: {machine()}", file=out)
    return asyncio.run(run(args, out))


if __name__ == "__main__":
    sys.exit(main())
