"""``python -m bot.store copy SOURCE TARGET``: move a server's data to another database (a SQLite file to
PostgreSQL, when it outgrows one process), then prove the copy by replaying every game on both sides.

SOURCE and TARGET are what ``CARDIA_DATABASE`` takes: a SQLite file or a ``postgresql://`` URL. The
target is created and migrated if needed and must hold no data. Stop the bot first: a decision taken
during the copy would be missed. Exit status 0 when the copy is proven, 2 (one line on stderr) if not.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from bot.store import Storage, StorageError, is_postgres
from bot.store.copy import copy_rows, count_rows
from engine import Game, Setup, state


async def replayed(storage: Storage) -> dict[int, object]:
    """Every game's state, replayed from its stored setup and decisions (what the bot would load)."""
    states: dict[int, object] = {}
    for row in await storage.db.execute_fetchall("SELECT id, setup FROM games ORDER BY id"):
        game = Game(Setup.model_validate(json.loads(row["setup"])))
        for player, choose in await storage.actions(int(row["id"])):
            game.apply(player, choose)
        states[int(row["id"])] = state(game)
    return states


async def copy(source_target: str, target_target: str) -> str:
    """Copy and verify; the summary line."""
    source = await Storage.open(source_target)
    try:
        target = await Storage.open(target_target)
        try:
            copied = await copy_rows(source.db, target.db)
            if await count_rows(target.db) != copied.rows or await count_rows(source.db) != copied.rows:
                raise StorageError("the copy does not hold as many rows as the source")
            before, after = await replayed(source), await replayed(target)
            differing = [game for game in before if before[game] != after.get(game)]
            if differing or set(after) != set(before):
                raise StorageError(f"games replay differently after the copy: {differing[:5]}")
        finally:
            await target.close()
    finally:
        await source.close()
    rows = copied.rows
    return (
        f"copied {rows['matches']} matches, {rows['games']} games, {rows['actions']} decisions,"
        f" {rows['guild_settings']} server settings, {rows['rating_history']} rating changes and"
        f" {rows['due']} entries of what Discord shows; every game replays the same on both sides"
        f" ({len(before)} games)"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.store", description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    command = commands.add_parser(
        "copy", help="copy every match, game, setting and rating to another database"
    )
    command.add_argument("source", help="a SQLite file or postgresql:// URL (the bot's CARDIA_DATABASE)")
    command.add_argument("target", help="a new SQLite file or an empty postgresql:// database")
    args = parser.parse_args(argv)
    if not is_postgres(args.source) and not Path(args.source).is_file():
        print(f"no database at {args.source}", file=sys.stderr)
        return 2
    try:
        print(asyncio.run(copy(args.source, args.target)))
    except StorageError as error:
        print(error, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
