"""``python -m bot [--sync]``: run the Cardia bot (DISCORD_TOKEN from the environment or .env)."""

from __future__ import annotations

import argparse
import sys

import discord

from bot.app import CardiaBot
from bot.settings import Settings

HELP = (
    "DISCORD_TOKEN is not set: create an application at https://discord.com/developers/applications,"
    " add a bot, copy its token, then run: DISCORD_TOKEN=<token> python -m bot --sync"
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot", description="Run the Cardia Discord bot.")
    parser.add_argument(
        "--sync", action="store_true", help="register the /cardia commands with Discord first"
    )
    args = parser.parse_args(argv)
    settings = Settings()
    if settings.discord_token is None or not settings.discord_token.get_secret_value():
        print(HELP, file=sys.stderr)
        return 1
    discord.utils.setup_logging()
    bot = CardiaBot(
        settings.database, sync=args.sync, sync_guild=settings.sync_guild, timer_tick=settings.timer_tick
    )
    try:
        bot.run(settings.discord_token.get_secret_value(), log_handler=None)
    except discord.LoginFailure:
        print(
            "Discord refused the token in DISCORD_TOKEN: copy it again from the developer portal.",
            file=sys.stderr,
        )
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
