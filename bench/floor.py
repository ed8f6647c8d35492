"""The libraries' floor: what discord.py, aiohttp and asyncio alone cost for the Cardia bot's traffic, on
this machine now.

    .venv/bin/python -m bench.floor [--duels 1000] [--rate 300] [--seconds 40]

The CPU a process needs for the same work swings by half on this project's machine from hour to hour
(docs/performance.md), and no probe of ours tracked the bot's swings: a tight loop and the engine's
own benchmark stay cache-resident, the bot does not. So a figure of the bot's only means something beside
one taken at the same time of work that runs the same libraries the same way. This is that work: the
emulator and the load of ``bench.bot_load`` (Poisson arrivals, players clicking what the bot showed
them), driving ``bench.floor_bot``, a bot that answers each click as the Cardia bot does (a private hand
for **Show my hand**, the hand edited and a board posted or edited for a decision: 1.5 requests per
interaction, as the Cardia bot's 1.45 without pictures; with them, as by default, each board carries
a PNG and a hand is edited again to carry its own: 2.2, as the Cardia bot's 2.1–2.2) with messages of
its sizes, each duel's boards in a thread of its own, and does nothing else.

``python -m bench.bot_load --floor`` runs it right after the bot's own load, at the same rate, and prints
the two figures side by side: the bot's CPU per interaction above the floor is its own code's (rules,
rendering, storage).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import copy
import gc
import random
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

import bot.loop
from bench.bots import BotProcess
from bench.players import Driver, Duel
from bench.report import body_bytes, latency_table, machine
from emulator import Emulator, Interaction, Message, OpenAPISpec

KINDS = ("show hand", "decide")
#: After a decision, how often the hand still asks for one (so 40 % of clicks show a hand, 60 % decide,
#: as in the Cardia bot's load: 37 % and 56 %, the rest stale clicks and discard piles).
HAND_STAYS = 1 / 3


@dataclass(frozen=True)
class Floor:
    """One run's figures."""

    rate: float  # interactions per second achieved
    interactions: int
    cpu_per_interaction: float  # seconds
    share: float  # of one core
    requests_per_interaction: float
    body_bytes: float  # of the requests' JSON bodies, per interaction
    pictures: float  # PNGs sent per interaction
    channels: int  # the channels boards were posted or edited in
    threads: int  # of those, threads (each duel's own)


class FloorDriver(Driver):
    """The players: **Show my hand** on their duel's board, then a button of the hand."""

    def observe(self, message: Message) -> None:
        if message.visible_to is not None:
            return
        for custom_id in message.custom_ids:
            if custom_id.startswith("floor:h:"):
                self.duels[int(custom_id.split(":")[2])].board = message

    async def _send(self, phase: str, kind: str, duel: Duel, user: Any, interaction: Interaction) -> None:
        duel.busy = True
        try:
            await self.emulator.inject(interaction)
            self.samples.append((phase, kind, interaction))
            with contextlib.suppress(TimeoutError):
                await interaction.wait_response(10.0)
            if kind == "show hand":
                duel.hands[user.id] = interaction.message  # type: ignore[assignment]
            elif self.rng.random() > HAND_STAYS:
                duel.hands.clear()
        finally:
            duel.busy = False

    def tick(self) -> None:
        duel = self.idle_duel()
        if duel is None:
            return
        user = duel.players[0]
        hand = duel.hands.get(user.id)
        if hand is not None:
            custom_id = self.rng.choice([c for c in hand.custom_ids if c.startswith("floor:b:")])
            return self.send("load", "decide", duel, user, user.component_interaction(hand, custom_id))
        if duel.board is not None:
            custom_id = next(c for c in duel.board.custom_ids if c.startswith("floor:h:"))
            self.send("load", "show hand", duel, user, user.component_interaction(duel.board, custom_id))


async def measure(
    duels: int, rate: float, seconds: float, seed: int, out: IO[str], pictures: bool = True
) -> Floor:
    """The floor bot under ``rate`` clicks a second for ``seconds`` over ``duels`` boards (with
    ``pictures``: PNGs on boards and hands, as the Cardia bot's by default); prints a latency table and
    one line of figures."""
    channels = tuple(f"duels-{i + 1}" for i in range(10))
    emulator = Emulator(channels=channels, patch_discord=False, spec=copy.copy(OpenAPISpec.load()))
    players = [Duel((emulator.user(f"player{i + 1}"),)) for i in range(duels)]
    driver = FloorDriver(emulator, players, random.Random(seed), 0.0)
    driver.sample_validation(25, 100)
    with tempfile.TemporaryDirectory(prefix="cardia-floor-") as directory:
        async with emulator:
            floor = await BotProcess.spawn("bench.floor_bot", (), emulator, Path(directory) / "floor.log")
            try:
                await emulator.wait_for(lambda: emulator.gateways and emulator.gateways[0].ready, 10.0, "bot")
                channel_ids = [channel.id for channel in emulator.guild.channels if channel.name in channels]
                await floor.call("boards", channels=channel_ids, duels=duels, pictures=pictures)
                await emulator.wait_for(lambda: all(d.board is not None for d in players), 60.0, "boards")
                return await _load(driver, floor, rate, seconds, out)
            finally:
                await floor.stop()


async def _load(driver: FloorDriver, floor: BotProcess, rate: float, seconds: float, out: IO[str]) -> Floor:
    await asyncio.sleep(0.5)
    before = await floor.call("stats")
    requests, first_request = driver.requests, len(driver.emulator.requests)
    gc.collect()
    gc.freeze()
    gc.disable()  # the instrument's pauses must not count (as in bench.bot_load)
    try:
        elapsed = await driver.load(rate, seconds, None)
    finally:
        gc.enable()
        gc.unfreeze()
    after = await floor.call("stats")
    load = [(kind, i) for phase, kind, i in driver.samples if phase == "load"]
    latency_table(load, KINDS, out)
    cpu = float(after["cpu"] - before["cpu"])
    sent = driver.emulator.requests[first_request:]
    boards = {int(r.params["channel_id"]) for r in sent if "channel_id" in r.params}
    channels = driver.emulator.state.channels
    threads = sum(1 for channel_id in boards if channel_id in channels and channels[channel_id].is_thread)
    result = Floor(
        rate=len(load) / elapsed,
        interactions=len(load),
        cpu_per_interaction=cpu / max(1, len(load)),
        share=cpu / float(after["wall"] - before["wall"]),
        requests_per_interaction=(driver.requests - requests) / max(1, len(load)),
        body_bytes=body_bytes(sent) / max(1, len(load)),
        pictures=sum(len(r.files) for r in sent) / max(1, len(load)),
        channels=len(boards),
        threads=threads,
    )
    print(
        f"  floor bot process: CPU {result.share:.0%} of one core at {result.rate:.1f}/s;"
        f" {result.cpu_per_interaction * 1000:.2f} ms of CPU per interaction;"
        f" {result.requests_per_interaction:.2f} requests per interaction ({result.body_bytes:.0f} bytes of"
        f" JSON bodies, {result.pictures:.2f} PNGs); boards in {result.channels} channels, {result.threads}"
        " of them threads",
        file=out,
    )
    return result


def main(argv: Sequence[str] | None = None, out: IO[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.floor", description=__doc__.split("\n\n")[0])
    parser.add_argument("--duels", type=int, default=1000, help="boards clicked on (default 1000)")
    parser.add_argument("--rate", type=float, default=300.0, help="interactions per second (default 300)")
    parser.add_argument("--seconds", type=float, default=40.0, help="length of the load (default 40)")
    parser.add_argument("--seed", type=int, default=1, help="the players' random seed (default 1)")
    parser.add_argument("--no-images", action="store_true", help="no PNGs (as the bot's --no-images)")
    args = parser.parse_args(argv)
    stream = out or sys.stdout
    print("The libraries' floor (bench.floor_bot: the Cardia bot's traffic, nothing else)", file=stream)
    print(f"  machine: {machine()}; at {time.strftime('%Y-%m-%d %H:%M')}", file=stream)
    bot.loop.run(measure(args.duels, args.rate, args.seconds, args.seed, stream, not args.no_images))
    return 0


if __name__ == "__main__":
    sys.exit(main())
