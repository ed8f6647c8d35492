"""The Discord client: wires storage, duels, the ``/cardia`` commands and the stateless components."""

from __future__ import annotations

import asyncio
import gc
import logging
import multiprocessing
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import discord

from bot import loop as event_loop
from bot.cogs import cardia_group
from bot.cogs.duels import DuelsCog
from bot.cogs.help import HelpCog
from bot.cogs.queue import QueueCog
from bot.cogs.records import RecordsCog
from bot.cogs.reviews import ReviewsCog
from bot.cogs.server import ServerCog
from bot.cogs.tournaments import TournamentsCog
from bot.services.computer import Computer
from bot.services.dealing import Dealer, deal
from bot.services.duels import Duels
from bot.services.events import Bus
from bot.services.guild_settings import GuildSettingsStore
from bot.services.links import Links
from bot.services.pictures import Pictures
from bot.services.player_settings import PlayerSettingsStore
from bot.services.posts import Posts
from bot.services.queue import Queue
from bot.services.records import Records
from bot.services.reviews import Reviews
from bot.services.seasons import Seasons
from bot.services.timers import Timers
from bot.services.tournaments import Tournaments
from bot.services.workers import start_worker
from bot.settings import Settings
from bot.store import Storage
from bot.ui.components import Handlers, route
from bot.ui.guard import Guard, GuardedTree
from bot.ui.messages import Messages
from bot.ui.outbox import Outbox
from bot.ui.pings import Pings
from bot.ui.queue_lines import QueueLines
from bot.ui.reconciler import Reconciler
from bot.ui.season_posts import SeasonPosts
from bot.ui.tournament_posts import TournamentPosts
from bot.ui.translator import CatalogueTranslator
from bot.wiring import Parts, wire
from engine import compiled

log = logging.getLogger(__name__)
DRAIN_SECONDS = 5.0  # on SIGTERM, how long interactions in flight may take to finish
HEALTH_EVERY = 30.0  # seconds between two health marks
# An interaction leaves nothing for the cyclic collector (docs/performance-history.md, change 16), so a
# collection finds next to nothing to free: it is only a pause through the objects of the interactions in
# flight.
# Objects allocated less those freed before a young collection (Python's default: 700): most of them are
# freed soon after anyway. Larger, each of the few collections left is longer (2,000: 23 ms at 10,000
# duels; 7,000: 23 ms at 1,000): docs/performance-history.md, change 25.
YOUNG_COLLECTION_AFTER = 1400
# Collections of the middle generation (1) before a full one (Python's default: 10): a full collection
# goes through everything tracked, the longer the more interactions are in flight (change 22).
FULL_COLLECTION_AFTER = 100


class CardiaBot(discord.AutoShardedClient):
    def __init__(
        self,
        settings: Settings,
        *,
        sync: bool = False,  # register the commands with Discord first (python -m bot --sync)
        clock: Callable[[], datetime] | None = None,  # aware UTC datetimes; tests pass a fake one
        dealer: Dealer = deal,  # how new games are dealt; tests pass one of known games
        freeze_startup: bool = False,  # python -m bot: start-up objects out of collections, fewer full ones
    ) -> None:
        # The bot never speaks in voice channels: discord.py's warnings about voice libraries are noise.
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
        # No privileged intents: everything arrives through interactions.
        # Shards: all of them unless told which (discord.py then asks Discord how many it recommends).
        sharding: dict[str, Any] = (
            {} if settings.shard_count is None else {"shard_count": settings.shard_count}
        )
        shard_ids = settings.shards()
        if shard_ids is not None:
            sharding["shard_ids"] = shard_ids
        super().__init__(intents=discord.Intents(guilds=True), **sharding)
        self.freeze_startup = freeze_startup
        self.bus = Bus()  # what happens, told to whoever bot/wiring.py subscribed
        self.guard = Guard()  # every interaction answered; in-flight work finished on SIGTERM
        self.handlers = Handlers()  # who answers each kind of button and select: the cogs register
        self.tree = GuardedTree(self, self.guard)
        self.settings = settings
        self.sync = sync
        self.storage: Storage | None = None
        self.clock = clock
        self.dealer = dealer
        self.timers: Timers | None = None
        self.duels_cog: DuelsCog  # the cogs are set up in setup_hook, with everything that needs the database
        self._recovery: asyncio.Task[None] | None = None
        self._closing = False
        self._health: asyncio.Task[None] | None = None
        self.computer_pool: Executor | None = None
        self._resume: asyncio.Task[int] | None = None
        self._queue: asyncio.Task[None] | None = None
        self._tournaments: asyncio.Task[None] | None = None

    async def open_storage(self) -> None:
        """Open the database (before logging in, so an unusable one stops the bot at once)."""
        if self.storage is None:
            self.storage = await Storage.open(
                self.settings.database, self.settings.database_pool, self.settings.sqlite_synchronous
            )

    async def setup_hook(self) -> None:
        log.info("event loop: %s; engine: %s", event_loop.name(), compiled.status)
        await self.open_storage()
        assert self.storage is not None
        # The services (no discord.py), then the cogs, each given the services it needs.
        # What happens is told on one bus; who listens is wired at the end (bot/wiring.py).
        bus = self.bus
        self.duels = Duels(self.storage, clock=self.clock, dealer=self.dealer, bus=bus)
        self.records = Records(self.storage)
        self.guild_settings = GuildSettingsStore(self.storage)
        self.timers = Timers(
            self.duels, self.guild_settings, interval=self.settings.timer_tick, owns=self.owns_guild, bus=bus
        )
        self.computer_pool = self._computer_pool()
        self.computer = Computer(
            self.duels,
            executor=self.computer_pool,
            workers=max(1, self.settings.computer_workers),
            budget_ms=self.settings.computer_budget_ms,
            owns=self.owns_guild,
            bus=bus,
        )
        self.pictures = Pictures(processes=self.settings.picture_processes)
        await self.pictures.ready()
        # What the channels show has one owner, the reconciler, and a renderer per family of posts (a
        # duel's: the outbox; a tournament's; a season's end): the cogs that change it are given them.
        self.reconciler = Reconciler(self, Posts(self.storage))
        self.messages = Messages(
            self,
            self.duels,
            self.guild_settings,
            self.pictures,
            Links(self.settings.web_url, self.settings.web_key()),  # the web pages' (docs/web.md)
        )
        self.player_settings = PlayerSettingsStore(self.storage)
        self.pings = Pings(self, self.player_settings)  # told a duel waits for them, as each player asked
        self.guard.after = self.pings.owed  # and, after any answer, that their DM refused a duel's message
        self.outbox = Outbox(
            self, self.reconciler, self.duels, self.messages, self.computer, self.pings, self.timers
        )
        self.duels_cog = DuelsCog(
            self, self.duels, self.guild_settings, self.pictures, self.messages, self.outbox
        )
        self.seasons = Seasons(self.records, self.duels.clock, bus)
        self.season_posts = SeasonPosts(
            self, self.reconciler, self.seasons, self.messages, owns=self.owns_guild
        )
        self.records_cog = RecordsCog(self, self.records, self.seasons, self.messages)
        self.reviews = Reviews(
            self.duels,
            executor=self.computer_pool,
            at_once=max(1, self.settings.review_workers),
            computer_id=lambda: None if self.user is None else self.user.id,
            give_way=lambda: self.computer.wanting > 0,
        )
        self.reviews_cog = ReviewsCog(self.reviews, self.pictures, self.messages)
        self.queue = Queue(
            self.duels,
            expire_after=timedelta(minutes=self.settings.queue_minutes),
            offer_computer_after=timedelta(minutes=self.settings.queue_computer_minutes),
        )
        self.queue_lines = QueueLines(self, self.reconciler, self.queue, self.messages, self.pings)
        self.queue_cog = QueueCog(
            self,
            self.queue,
            self.records,
            self.messages,
            self.outbox,
            self.guild_settings,
            bus,
            self.queue_lines,
        )
        self.tournaments = Tournaments(self.duels, self._seed_rating, bus)
        self.tournament_posts = TournamentPosts(
            self,
            self.reconciler,
            self.tournaments,
            self.messages,
            self.outbox,
            self.pictures,
            owns=self.owns_guild,
            shards=f"{self.settings.shard_count}:{self.settings.shard_ids}",
        )
        self.tournaments_cog = TournamentsCog(
            self.tournaments, self.outbox, self.guild_settings, self.messages
        )
        self.server_cog = ServerCog(
            self,
            self.duels,
            self.guild_settings,
            self.timers,
            self.messages,
            self.outbox,
            self.player_settings,
            self.seasons,
        )
        cogs = (
            self.duels_cog,
            self.queue_cog,
            self.server_cog,
            self.records_cog,
            self.reviews_cog,
            self.tournaments_cog,
            HelpCog(),
        )
        for cog in cogs:
            cog.register(self.handlers)
        self.tree.add_command(cardia_group(*cogs))
        await self.tree.set_translator(CatalogueTranslator())  # names and descriptions in hu and pl
        if self.sync:  # a deliberate step (python -m bot --sync), never on every start
            guild = None if self.settings.sync_guild is None else discord.Object(self.settings.sync_guild)
            if guild is not None:
                self.tree.copy_global_to(guild=guild)
            commands = await self.tree.sync(guild=guild)
            log.info(
                "synced %d commands %s", len(commands), "globally" if guild is None else f"to {guild.id}"
            )
        wire(
            bus,
            Parts(
                duels=self.duels,
                records=self.records,
                guild_settings=self.guild_settings,
                computer=self.computer,
                tournaments=self.tournaments,
                reconciler=self.reconciler,
                outbox=self.outbox,
                queue_lines=self.queue_lines,
                tournament_posts=self.tournament_posts,
                season_posts=self.season_posts,
                duels_cog=self.duels_cog,
            ),
        )
        self.timers.start()  # reminders, claims and forfeits, from the database
        # What a stopped process left unposted is posted now (bot.ui.reconciler), alongside the gateway's
        # start; then the boards it left without their picture are given it.
        self._recovery = asyncio.create_task(self._recover(), name="cardia-recovery")
        # Duels a stopped process left waiting for the computer: it thinks again.
        self._resume = asyncio.create_task(self.computer.resume(), name="cardia-computer-resume")
        self._queue = asyncio.create_task(self._watch_queue(), name="cardia-queue")
        self._tournaments = asyncio.create_task(self._watch_tournaments(), name="cardia-tournaments")
        if self.settings.health_file is not None:
            self._health = asyncio.create_task(
                self._mark_health(self.settings.health_file), name="cardia-health"
            )
        if self.freeze_startup:
            # About 100,000 objects (modules, discord.py, the catalogues) live as long as the process: a
            # full collection need not go through them every time (its pauses are what players feel).
            gc.collect()
            gc.freeze()
            _, middle, _ = gc.get_threshold()
            gc.set_threshold(YOUNG_COLLECTION_AFTER, middle, FULL_COLLECTION_AFTER)

    async def _recover(self) -> None:
        await self.reconciler.recover()
        await self.outbox.pictures_later.bare_boards()

    def _computer_pool(self) -> Executor:
        """Where the computer thinks: worker processes (spawned: they import only the engine), so a
        search never holds this process's event loop or its interpreter lock; or one thread."""
        if self.settings.computer_workers == 0:
            return ThreadPoolExecutor(max_workers=1, thread_name_prefix="cardia-computer")
        # Its workers give way to this process for the CPU, and end with it (bot.services.workers).
        return ProcessPoolExecutor(
            self.settings.computer_workers,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=start_worker,
        )

    async def _watch_queue(self) -> None:
        """Look at the queue every ``queue_tick`` seconds: its waiting widens who agrees with whom."""
        while True:
            await asyncio.sleep(self.settings.queue_tick)
            try:
                await self.queue_cog.sweep()
            except Exception:  # the database failing a moment: the next look tries again
                log.exception("queue: could not look at it")

    async def _watch_tournaments(self) -> None:
        """Every ``tournament_tick`` seconds: start the tournaments whose sign-up is over, show what a
        crash or a Discord failure left due in this process's servers' tournament channels, and begin
        (and announce) the seasons whose length is over."""
        while True:
            try:
                await self.tournament_posts.sweep(self.duels.clock())
                await self.season_posts.sweep(await self.guild_settings.all())
            except Exception:  # the database failing a moment: the next look tries again
                log.exception("tournaments and seasons: could not look at them")
            await asyncio.sleep(self.settings.tournament_tick)

    async def _seed_rating(self, guild_id: int, user_id: int) -> int:
        """A tournament player's seed: their rating on the server."""
        return (await self.records.rating(guild_id, user_id)).display

    def owns_guild(self, guild_id: int) -> bool:
        """This process runs the shard of that server (Discord's rule: (id >> 22) % shard count)."""
        if self.shard_ids is None or self.shard_count is None:
            return True
        return (guild_id >> 22) % self.shard_count in self.shard_ids

    def gateway_open(self) -> bool:
        """A live gateway session (not only once connected: a dropped one that discord.py is still
        reconnecting does not count)."""
        shards = self.shards.values()
        return (
            self.is_ready()
            and not self.is_closed()
            and bool(shards)
            and all(not s.is_closed() for s in shards)
        )

    async def _mark_health(self, path: Path) -> None:
        """Touch ``path`` while the gateway is live and the database answers (the Docker health check)."""
        await self.wait_until_ready()
        while True:
            try:
                if self.gateway_open() and self.storage is not None:
                    await self.storage.ping()
                    path.touch()
            except Exception:
                log.exception("health check: the database does not answer")
            await asyncio.sleep(HEALTH_EVERY)

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        await route(interaction)  # a click on a button or select: bot.ui.components

    async def on_app_command_completion(self, interaction: discord.Interaction[Any], command: Any) -> None:
        try:
            await self.guard.owed(interaction)
        finally:
            self.tree.completed(interaction)

    async def close(self) -> None:
        """Stop: refuse new interactions, let those in flight finish (a few seconds at most), stop the
        timers, commit the outbox's bookkeeping, close the gateway and the database."""
        if self._closing:
            return await super().close()
        self._closing = True
        if not self.guard.stopping:
            await self.guard.drain(DRAIN_SECONDS)
        if self.timers is not None:
            await self.timers.stop()
        if hasattr(self, "computer"):
            await self.computer.stop()
        if hasattr(self, "reconciler"):  # nothing more is posted: what is due waits for the next start
            await self.reconciler.stop()
        for task in (self._recovery, self._health, self._resume, self._queue, self._tournaments):
            if task is not None:
                task.cancel()
        if self.computer_pool is not None:
            self.computer_pool.shutdown(wait=False, cancel_futures=True)
        if hasattr(self, "pictures"):
            self.pictures.close()
        await super().close()
        if hasattr(self, "reconciler"):
            await self.reconciler.close()
        if self.storage is not None:
            await self.storage.close()
            self.storage = None
