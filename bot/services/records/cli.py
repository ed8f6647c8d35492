"""The command line: ``python -m bot.services.records recompute DATABASE [--guild ID]`` rebuilds the
rating history."""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Sequence
from pathlib import Path

from bot.services.records.service import recompute
from bot.store import Storage, StorageError, is_postgres


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.services.records", description="Cardia bot records.")
    commands = parser.add_subparsers(dest="command", required=True)
    again = commands.add_parser("recompute", help="rebuild the rating history from the finished games")
    again.add_argument(
        "database", help="the bot's SQLite file or postgresql:// URL (CARDIA_DATABASE, cardia.db by default)"
    )
    again.add_argument("--guild", type=int, default=None, help="only this server (its id)")
    args = parser.parse_args(argv)
    if not is_postgres(args.database) and not Path(args.database).is_file():
        print(f"no database at {args.database}", file=sys.stderr)
        return 2

    async def run() -> tuple[int, int]:
        storage = await Storage.open(args.database)
        try:
            return await recompute(storage, args.guild)
        finally:
            await storage.close()

    try:
        games, players = asyncio.run(run())
    except StorageError as error:
        print(error, file=sys.stderr)
        return 2
    print(f"recomputed the ratings from {games} finished games: {players} rated players")
    return 0
