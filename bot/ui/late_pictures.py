"""A board's picture, given later: a board sent without its picture (drawn too slowly, left out while
the picture workers were behind, or failed to draw) is edited to carry it once drawn, if it is still
its game's latest board; and at start-up, the boards a stopped process left without theirs (stored as
bare) are given it. Only ever a picture: the board's text says it all, so a failure here is logged and
let go."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine
from typing import Any, Protocol

import discord

import text
from bot.services.duels import Duels, Refusal
from bot.services.game_cache import LiveGame
from bot.services.pictures import Drawing
from bot.services.posts import Posts
from bot.store.rows import Home, MatchRow
from bot.ui import render
from bot.ui.messages import Messages
from bot.ui.posted import Board, Shown

log = logging.getLogger(__name__)
BOARD_PICTURE_WAIT = 5.0  # seconds a board waits for its picture (drawn after the game's lock is let go)
BOARD_PICTURE_LATER = 30.0  # seconds on, a board sent without its picture tries once more (if still latest)
PICTURES_LATER_MOST = 64  # boards waiting for that at once, at most: beyond, the machine is far behind


class Boards(Protocol):
    """What this needs of the outbox, which owns the boards: which board is a game's latest, the match's
    lock (no board of it is posted or edited meanwhile), where it is, and its background tasks."""

    @property
    def stopping(self) -> bool: ...

    def still_shown(self, game_id: int, home: Home, shown: Shown) -> bool: ...
    async def board(self, live: LiveGame, home: Home) -> Board: ...
    async def channel(self, match: MatchRow, home: Home) -> int: ...
    async def language(self, match: MatchRow, home: Home) -> str: ...
    def lock(self, match_id: int) -> asyncio.Lock: ...
    def spawn(self, coroutine: Coroutine[Any, Any, None]) -> None: ...
    def flush_soon(self) -> None: ...


class LatePictures:
    """The boards of this process waiting for their picture (at most :data:`PICTURES_LATER_MOST`), and
    those a stopped process left bare, given it at start-up. Created by the outbox, whose boards they
    are."""

    def __init__(
        self, outbox: Boards, bot: discord.Client, posts: Posts, duels: Duels, messages: Messages
    ) -> None:
        self.outbox = outbox
        self.bot = bot
        self.posts = posts
        self.duels = duels
        self.messages = messages
        self.waiting = 0  # boards waiting to be given the picture they were sent without

    def later(
        self,
        match: MatchRow,
        home: Home,
        channel_id: int,
        game_id: int,
        shown: Shown,
        embed: discord.Embed,
        drawing: Drawing,
    ) -> None:
        """A board sent without its picture (drawn too slowly, left out while the workers were behind, or
        failed to draw) is given it :data:`BOARD_PICTURE_LATER` seconds on, if it is the game's latest
        board still: otherwise a game waiting days for a decision would keep a board without one."""
        if self.waiting >= PICTURES_LATER_MOST or self.outbox.stopping:
            return  # far behind (the boards to come bring their own), or stopping (the next start does)
        self.waiting += 1
        self.outbox.spawn(self._add(match, home, channel_id, game_id, shown, embed, drawing))

    async def _add(
        self,
        match: MatchRow,
        home: Home,
        channel_id: int,
        game_id: int,
        shown: Shown,
        embed: discord.Embed,
        drawing: Drawing,
    ) -> None:
        try:
            await asyncio.sleep(BOARD_PICTURE_LATER)
            if not self.outbox.still_shown(game_id, home, shown):
                log.debug("game %s: board %s replaced: no picture later", game_id, shown.message_id)
                return  # the newer one came with its own
            if not (await self.messages.settings.get(match.guild_id)).images:
                log.debug("game %s: pictures turned off: board %s stays bare", game_id, shown.message_id)
                return
            message: render.Outgoing = {"embed": embed}
            if not await render.with_picture(message, drawing, render.BOARD_PICTURE, wait=BOARD_PICTURE_WAIT):
                return  # left out again (and logged): the next board brings its own
            async with self.outbox.lock(match.id):  # no board of this game is edited or posted meanwhile
                if not self.outbox.still_shown(game_id, home, shown):
                    log.debug("game %s: board %s replaced: no picture later", game_id, shown.message_id)
                    return
                channel = self.bot.get_partial_messageable(channel_id)
                await channel.get_partial_message(shown.message_id).edit(
                    embed=embed, attachments=[message["file"]]
                )
                self.posts.note_board_pictured(game_id, shown.message_id)
                self.outbox.flush_soon()
                log.info("game %s: board %s got its picture later", game_id, shown.message_id)
        except Exception:  # only a picture: the board's text says it all
            if self.outbox.stopping:
                return  # the board stays marked bare: the next start gives it its picture
            log.exception("game %s: could not add the picture to board %s", game_id, shown.message_id)
        finally:
            self.waiting -= 1

    async def bare_boards(self) -> None:
        """On start-up: the latest boards a stopped process sent without their picture (stored as bare)
        are given it, as :meth:`later` gives it to those of this process. The board's own embed
        is read back from Discord (its "what just happened" told what it told then), and the picture is
        drawn from the game as it is, which is what the board shows while it is the game's latest."""
        for game_id, number, message_id in await self.posts.bare_boards(PICTURES_LATER_MOST):
            try:
                live = await self.duels.live(game_id)
                match = await self.posts.match(live.match.id)  # as it now is: its thread, say
                if match is None or number >= len(match.homes):
                    continue
                home = match.homes[number]
                board = await self.outbox.board(live, home)
                if board.message_id != message_id or self.waiting >= PICTURES_LATER_MOST:
                    continue  # a newer board came (with its own picture), or far behind
                with text.speaking(await self.outbox.language(match, home)):
                    drawing = await self.messages.board_picture(live)
                if drawing is None:
                    continue  # the server turned pictures off meanwhile
                channel_id = await self.outbox.channel(match, home)
                posted = await self.bot.get_partial_messageable(channel_id).fetch_message(message_id)
                if not posted.embeds:
                    continue
                shown_now = Shown(message_id, board.revision)
                self.later(match, home, channel_id, game_id, shown_now, posted.embeds[0], drawing)
            except (discord.HTTPException, Refusal) as error:  # the board or its game is gone
                log.info("game %s: board %s gets no picture later (%s)", game_id, message_id, error)
