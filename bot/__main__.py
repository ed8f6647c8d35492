"""``python -m bot [--sync]``: run the Cardia bot (DISCORD_TOKEN from the environment or .env).
``python -m bot health``: the container's health check (exit 0 while the bot is connected and its
database answers).

Whatever stops it is said in one line on standard error, with a non-zero exit: a missing or refused
token, bad settings, a database it cannot use, Discord out of reach. SIGTERM (``docker stop``) and
SIGINT stop it cleanly: new interactions are refused, those in flight finish, the gateway and the
database are closed, within a few seconds.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import sys
import time

import aiohttp
import discord
from pydantic import ValidationError

from bot import loop as event_loop
from bot.app import CardiaBot
from bot.settings import Settings, describe_error
from bot.store import StorageError

log = logging.getLogger("bot")
HELP = (
    "DISCORD_TOKEN is not set: create an application at https://discord.com/developers/applications,"
    " add a bot, copy its token, then run: DISCORD_TOKEN=<token> python -m bot --sync"
)
REFUSED = "Discord refused the token in DISCORD_TOKEN: copy it again from the developer portal."


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot", description="Run the Cardia Discord bot.")
    parser.add_argument("command", nargs="?", choices=["run", "health"], default="run")
    parser.add_argument(
        "--sync", action="store_true", help="register the /cardia commands with Discord first"
    )
    args = parser.parse_args(argv)
    try:
        settings = Settings()
    except ValidationError as error:
        print(describe_error(error), file=sys.stderr)
        return 2
    if args.command == "health":
        return health(settings)
    if settings.discord_token is None or not settings.discord_token.get_secret_value():
        print(HELP, file=sys.stderr)
        return 1
    discord.utils.setup_logging()
    bot = CardiaBot(settings, sync=args.sync, freeze_startup=True)
    try:
        event_loop.run(serve(bot, settings.discord_token.get_secret_value()))
    except discord.LoginFailure:
        print(REFUSED, file=sys.stderr)
        return 1
    except StorageError as error:
        print(error, file=sys.stderr)
        return 1
    except (aiohttp.ClientError, OSError, discord.GatewayNotFound) as error:
        print(f"Discord cannot be reached ({type(error).__name__}): check the network.", file=sys.stderr)
        return 1
    return 0


async def serve(bot: CardiaBot, token: str) -> None:
    """Run until the bot stops or a SIGTERM/SIGINT asks it to (then close it cleanly)."""
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stop.set)
    await bot.open_storage()
    async with bot:
        running = asyncio.create_task(bot.start(token), name="cardia-bot")
        stopping = asyncio.create_task(stop.wait())
        await asyncio.wait({running, stopping}, return_when=asyncio.FIRST_COMPLETED)
        if stop.is_set():
            log.info("stopping: signal received")
            await bot.close()
        stopping.cancel()
        await running  # its error, if it failed


def health(settings: Settings) -> int:
    """0 if the running bot marked itself healthy lately (a live gateway and a database that answers)."""
    path = settings.health_file
    if path is None:
        print("CARDIA_HEALTH_FILE is not set: the bot keeps no health mark.", file=sys.stderr)
        return 1
    try:
        age = time.time() - path.stat().st_mtime
    except OSError:
        print(f"unhealthy: no health mark at {path}", file=sys.stderr)
        return 1
    if age > settings.health_stale:
        print(f"unhealthy: the last health mark is {age:.0f} s old", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
