"""The bot side of ``bench.floor``: a bot that does nothing but talk to Discord the way the Cardia bot
does, so what it costs is what the libraries cost (discord.py, aiohttp, asyncio on uvloop).

    python -m bench.floor_bot --api http://127.0.0.1:PORT/api/v10 --gateway ws://127.0.0.1:PORT/

Its traffic is shaped like the Cardia bot's (``bench.bot_load``): each duel's public boards in a thread of
its own (as the Cardia bot's duels have by default: discord.py keeps a rate-limit bucket per channel), each
with **Show my hand** (``floor:h:<duel>``), which is answered with a private hand (an embed and five
buttons, ``floor:b:<duel>:<n>``); a click on those edits the hand and then posts a new board, or edits
the latest one every other time (as a card placed face down does). With ``pictures`` (the Cardia bot's
default), every board carries a PNG of a picture's size, and a hand is answered as text first and then
edited to carry its PNG, as the Cardia bot does: after **Show my hand** always, after a decision every
other time (the Cardia bot's next decision is a choice among the hand's cards about that often). The
messages are of the Cardia bot's sizes, sent with the same discord.py calls and the same hygiene (a
stopped view emptied once sent, the interaction's responses made apart from the interaction). There is
no database, no engine, no drawing and no text to look up: the CPU per interaction of this process is
the floor under the Cardia bot's own on the same machine at the same time.

Controlled like ``bench.bot_process``, through JSON lines (``{"event": "ready"}`` first): ``boards``
(``channels``, ``duels``, ``pictures``: start every duel's thread and post its first board), ``stats``
(CPU time, wall clock, RSS), ``quit``.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import json
import logging
import sys
import time
from collections.abc import Sequence
from typing import Any, TextIO, cast

import discord
import discord.gateway
import discord.http
import yarl

from bench.probes import rss
from bot import loop as event_loop
from bot.ui.answer import let_go, respond
from bot.ui.components import Components

Interaction = discord.Interaction[Any]
HAND_BUTTONS = 5
#: About the length of a Cardia board's and hand's texts (what happened, the rows of cards, the hand).
STORY = "The Aristocrat wins the encounter: 4 signets to 3; the Saboteur makes each discard two cards. "
ROW = "1 Peasant · 5 Merchant · 9 Magus · 13 Inventor · 14 Swordsman"
HAND_LINE = "**7 Sage** — guild — swap the two cards of the last encounter\n"
#: A picture's bytes, of the Cardia bot's size (22.5 KB a PNG in the load benchmark); never decoded.
PICTURE = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 90


def with_picture(message: dict[str, Any], filename: str) -> discord.File:
    """The message's embed shows the picture: the file to send with it."""
    message["embed"].set_image(url=f"attachment://{filename}")
    return discord.File(io.BytesIO(PICTURE), filename=filename)


def board(duel: int, number: int) -> dict[str, Any]:
    embed = discord.Embed(title=f"Duel {duel}: board {number}", description=STORY * 8, colour=0x2B6CB0)
    for name in ("p1", "p2"):
        embed.add_field(name=f"{name}: 3 signets, 4 cards in hand", value=ROW * 4, inline=False)
    embed.set_footer(text="Deck I · no location · normal difficulty")
    view = Components(
        discord.ui.Button(label="Show my hand", custom_id=f"floor:h:{duel}"),
        discord.ui.Button(label="Discard piles", custom_id=f"floor:d:{duel}:{number}"),
    )
    return {"content": f"Your move: <@{duel}> chooses a card", "embed": embed, "view": view}


def hand(duel: int) -> dict[str, Any]:
    embed = discord.Embed(title="Your hand", description=HAND_LINE * 12, colour=0x2B6CB0)
    embed.add_field(name="Choose a card to play", value="Your opponent has not chosen yet.")
    buttons: list[discord.ui.Item[Any]] = [
        discord.ui.Button(label=f"Play {n + 1}", custom_id=f"floor:b:{duel}:{n}") for n in range(HAND_BUTTONS)
    ]
    return {"embed": embed, "view": Components(*buttons)}


class FloorBot(discord.Client):
    def __init__(self) -> None:
        super().__init__(intents=discord.Intents(guilds=True))
        self.boards: dict[int, tuple[int, int, int]] = {}  # duel -> (thread, latest board, boards shown)
        self.pictures = False
        self.decisions = 0

    async def post_boards(self, channels: Sequence[int], duels: int, pictures: bool) -> None:
        self.pictures = pictures
        limit = asyncio.Semaphore(20)

        async def post(duel: int) -> None:
            async with limit:
                channel = self.get_channel(channels[duel % len(channels)])
                assert isinstance(channel, discord.TextChannel)
                challenge = await channel.send(f"Duel {duel}: a challenge")
                thread = await channel.create_thread(name=f"Duel {duel}", message=challenge)
                await self.show_board(duel, thread.id, edit=False)

        await asyncio.gather(*(post(duel) for duel in range(duels)))

    async def show_board(self, duel: int, channel_id: int, *, edit: bool) -> None:
        _, message_id, shown = self.boards.get(duel, (channel_id, 0, 0))
        message = board(duel, shown + 1)
        channel = self.get_partial_messageable(channel_id)
        try:
            if edit:
                if self.pictures:
                    message["attachments"] = [with_picture(message, "board.png")]
                await channel.get_partial_message(message_id).edit(**message)
            else:
                if self.pictures:
                    message["file"] = with_picture(message, "board.png")
                message_id = (await channel.send(**message)).id
        finally:
            let_go(message["view"])
        self.boards[duel] = (channel_id, message_id, shown + 1)

    async def hand_picture(self, interaction: Interaction, message: dict[str, Any]) -> None:
        """The hand's picture added to the answer, as the Cardia bot adds it once drawn."""
        file = with_picture(message, "hand.png")
        await interaction.edit_original_response(embed=message["embed"], attachments=[file])

    async def on_interaction(self, interaction: Interaction) -> None:
        custom_id = str(cast(dict[str, Any], interaction.data or {}).get("custom_id", ""))
        _, kind, duel, *_ = [*custom_id.split(":"), "", "", ""]
        if kind == "h":
            message = hand(int(duel))
            try:
                await respond(interaction).send_message(**message, ephemeral=True)
            finally:
                let_go(message["view"])
            if self.pictures:
                await self.hand_picture(interaction, message)
        elif kind == "b":
            message = hand(int(duel))
            try:
                await respond(interaction).edit_message(**message, attachments=[])
            finally:
                let_go(message["view"])
            self.decisions += 1
            if self.pictures and self.decisions % 2 == 0:
                await self.hand_picture(interaction, message)
            channel_id, _, shown = self.boards[int(duel)]
            await self.show_board(int(duel), channel_id, edit=shown % 2 == 0)


async def serve(bot: FloorBot, out: TextIO) -> None:
    def send(message: dict[str, Any]) -> None:
        out.write(json.dumps(message) + "\n")
        out.flush()

    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader(limit=1 << 24)
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    send({"event": "ready"})
    while line := await reader.readline():
        command = json.loads(line)
        name = command.get("cmd")
        if name == "quit":
            return
        if name == "boards":
            channels = [int(c) for c in command["channels"]]
            await bot.post_boards(channels, int(command["duels"]), bool(command.get("pictures", False)))
            send({"ok": True})
        elif name == "stats":
            send({"ok": True, "cpu": time.process_time(), "wall": time.perf_counter(), "rss": rss()})
        else:
            send({"ok": False, "error": f"unknown command {name!r}"})


async def run(api: str, gateway: str, out: TextIO) -> None:
    discord.http.Route.BASE = api
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway)
    bot = FloorBot()
    async with bot:
        bot._connection.guild_ready_timeout = 0.05  # the emulator sends every GUILD_CREATE at once
        task = asyncio.create_task(bot.start("emulated-bot-token"), name="bot")
        await asyncio.wait_for(bot.wait_until_ready(), 30)
        try:
            await serve(bot, out)
        finally:
            await bot.close()
            await asyncio.wait_for(task, 10)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.floor_bot", description=__doc__.split("\n\n")[0])
    parser.add_argument("--api", required=True)
    parser.add_argument("--gateway", required=True)
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr, format="%(name)s: %(message)s")
    out, sys.stdout = sys.stdout, sys.stderr  # standard output carries the protocol only
    event_loop.run(run(args.api, args.gateway, out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
