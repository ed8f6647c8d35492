"""The builders of every public message: a game's board, a challenge, a match's result and the timers'
notices. Each is built from the engine's public view and the stored rows, in the language spoken when it
is called (``Messages.public_language``: the channel's); none of them sends anything. The outbox
(``bot.ui.outbox``) posts them, and the cogs answer an interaction with them.

Public messages are built from ``engine.view(game, None)`` only, so a hidden card never reaches one.
"""

from __future__ import annotations

import functools
from dataclasses import replace
from datetime import datetime
from typing import Any

import discord

import picture
import text
from bot.services.duels import Duels
from bot.services.game_cache import LiveGame
from bot.services.guild_settings import GuildSettingsStore
from bot.services.links import Links
from bot.services.pictures import Drawing, Pictures
from bot.services.timers import CLAIM, Notice
from bot.store.rows import GuildSettings, Home, MatchRow, MatchStatus
from bot.ui import render
from bot.ui.components import (
    ChallengeButton,
    ClaimButton,
    Components,
    DiscardsButton,
    HandButton,
    RematchButton,
    ReviewButton,
)
from bot.ui.posted import marked_link
from bot.ui.render import Outgoing
from engine import Difficulty, Setup, difficulty, happenings
from engine import view as engine_view
from engine.view import ResultView, View
from text import tr
from text.board import other_player as other


def match_difficulty(match: MatchRow) -> Difficulty:
    return difficulty(Setup.model_validate({"deck": match.deck, "location": match.location, "seed": 0}))


def game_view(live: LiveGame, viewer: str | None) -> View:
    """What ``viewer`` sees (the engine's typed view); a game the bot ended (a concession, a timeout, an
    abort) shows that result and asks nobody to decide."""
    seen = engine_view(live.game, viewer)
    if live.ended is not None:
        seen = replace(seen, result=ResultView(live.ended[0], live.ended[1], None), pending=())
    return seen


def _title(live: LiveGame) -> str:
    names = live.match.names
    return text.tr("board.title", first=names["p1"], second=names["p2"], number=live.row.number)


def _level(live: LiveGame) -> str:
    """The game's difficulty level, named (from the game's own setup: no validation)."""
    return text.tr(f"difficulty.{difficulty(live.game.setup).level}")


def challenge_marker(match_id: int) -> str:
    """What a match's challenge message is found again by (whatever its buttons: none once answered)."""
    return f"cardia-c{match_id}"


def challenge_link(match: MatchRow, home: Home) -> str:
    """A challenge's title link in one of the match's homes: to that home's channel (never another
    server's), its marker the fragment."""
    return marked_link(home.guild_id, home.challenge_in, challenge_marker(match.id))


def jump_link(guild_id: int, channel_id: int, message_id: int) -> str:
    """A link to a message (``guild_id`` 0: in a direct message with the bot)."""
    return f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}/{message_id}"


def when(moment: datetime) -> str:
    """A Discord timestamp: each reader sees it relative to now ("in 8 hours", "2 days ago")."""
    return discord.utils.format_dt(moment, "R")


class Messages:
    """Builds the public messages; reads what they show from the services it is given."""

    def __init__(
        self,
        bot: discord.Client,
        duels: Duels,
        settings: GuildSettingsStore,
        pictures: Pictures,
        links: Links | None = None,
    ) -> None:
        self.bot = bot
        self.duels = duels
        self.settings = settings
        self.pictures = pictures
        self.links = links or Links()  # the web pages' addresses (CARDIA_WEB_URL), or none

    async def page_button(self, guild_id: int, url: str | None) -> discord.ui.Button[Any] | None:
        """A link to a page on the web (docs/web.md): none without CARDIA_WEB_URL, nor in a server whose
        managers turned its pages off (a DM's game is its players' own)."""
        if url is None or (guild_id != 0 and not (await self.settings.get(guild_id)).web_pages):
            return None
        return discord.ui.Button(style=discord.ButtonStyle.link, url=url, label=tr("button.web"))

    async def public_language(self, guild_id: int) -> str:
        """The language of what a server's channels are shown (boards, challenges, results, notices):
        its ``/cardia settings language``, or the server's own preferred locale."""
        guild = self.bot.get_guild(guild_id)
        return await self.settings.language(guild_id, None if guild is None else guild.preferred_locale)

    def language_with(self, settings: GuildSettings, guild_id: int) -> str:
        """:meth:`public_language` from the server's settings, already read."""
        guild = self.bot.get_guild(guild_id)
        return self.settings.language_in(settings, None if guild is None else guild.preferred_locale)

    # --- a game's board ---------------------------------------------------------------------------------

    async def board(
        self, live: LiveGame, first_event: int, revision: int, quiet: frozenset[int] = frozenset()
    ) -> tuple[Outgoing, Drawing | None]:
        """The public board: content (mentions whoever must decide), embed and buttons; "what just
        happened" tells the engine events from ``first_event`` on. Its Discard piles button carries the
        ``revision`` shown (the outbox finds a board by it). With it, when the server shows pictures, the
        drawing of its picture: to be awaited once the game's lock is let go (see
        :func:`render.with_picture`), so a decision never waits for a board to be drawn. The players in
        ``quiet`` are named, not mentioned (they asked for a direct message, or for nothing, or are away
        from this home: :func:`render.away`)."""
        game, match = live.game, live.match
        names = match.names
        score = await self._score_line(live)  # first: what follows shows one moment of the game
        level = _level(live)
        seen = game_view(live, None)
        happened = text.describe_events(happenings(game, None, first_event), names)
        embed = render.board_embed(
            seen,
            names,
            title=_title(live),
            deck_label=render.deck_label(match.deck),
            location=match.location,
            difficulty_name=level,
            happened=happened,
            score_line=score,
        )
        drawing: Drawing | None = None
        if (await self.settings.get(match.guild_id)).images:
            drawing = self._drawing(live, seen, level, score)
        view = Components(HandButton(live.row.id), DiscardsButton(live.row.id, revision))
        if live.outcome is not None and live.outcome[1] not in text.NO_RESULT:
            view.add_item(ReviewButton(live.row.id))  # answered privately, to each player
        if self.links.on and (page := await self.page_button(match.guild_id, self.links.game(live.row.id))):
            view.add_item(page)
        if live.outcome is not None:
            content = text.result_text(ResultView(live.outcome[0], live.outcome[1], None), names)
            if match.allows_hints:
                content += "\n" + await self._hints_used(live)
        else:
            pending = [d for d in seen.pending if d.player != "chance"]  # the view built above
            waiting = [
                render.ping(match, d.player, quiet) + " " + text.waiting_text(d.kind, first=d.first)
                for d in pending
                if d.player != match.computer_seat
            ]
            if waiting or match.computer_seat is None:
                content = text.tr("board.your_move", waiting="; ".join(waiting))
            else:  # only the computer: no button for anyone to press
                content = text.tr("board.computer_thinking", name=names[match.computer_seat])
        return {"embed": embed, "content": content, "view": view}, drawing

    async def _hints_used(self, live: LiveGame) -> str:
        """How many hints each person used in a game (the computer asks none)."""
        used = await self.duels.hints_used(live.row.id)
        match = live.match
        people = [p for p in ("p1", "p2") if p != match.computer_seat]
        return text.tr(
            "hint.used",
            players=", ".join(text.tr("hint.used_by", name=match.names[p], n=used[p]) for p in people),
        )

    async def board_picture(self, live: LiveGame) -> Drawing | None:
        """The drawing of the picture of the game's board as it is now (None: the server shows none)."""
        if not (await self.settings.get(live.match.guild_id)).images:
            return None
        score = await self._score_line(live)
        return self._drawing(live, game_view(live, None), _level(live), score)

    def _drawing(self, live: LiveGame, seen: View, level: str, score: str | None) -> Drawing:
        """How the picture of a board showing ``seen`` is drawn (in a worker), when it is awaited."""
        names = live.match.names
        return functools.partial(
            self.pictures.board,
            seen,
            (names["p1"], names["p2"]),
            title=_title(live),
            details=picture.details_line(live.match.location, level, score),
            language=text.current_language(),
        )

    async def _score_line(self, live: LiveGame) -> str | None:
        """The match's score as the game's board shows it (None: a single game)."""
        match = live.match
        if match.wins_needed == 1:
            return None
        wins = await self.duels.score_at(live)
        names = match.names
        return text.tr(
            "board.score",
            wins=match.wins_needed,
            first=names["p1"],
            a=wins["p1"],
            b=wins["p2"],
            second=names["p2"],
        )

    # --- a match's result -------------------------------------------------------------------------------

    async def match_result(self, match: MatchRow, home: Home) -> tuple[str, Components]:
        """The message that ends a match: who won it (or why it ended), with the Rematch button; in its
        ``home``, where only the players at home there are mentioned."""
        named = render.away(match, home)
        wins = await self.duels.score(match.id)
        winner = "p1" if wins["p1"] > wins["p2"] else "p2"
        loser = "p2" if winner == "p1" else "p1"
        # A tournament's duel is one of its pairings: played again only as its tournament says.
        view = Components() if match.tournament_id is not None else Components(RematchButton(match.id))
        content = text.tr(
            "match.won",
            winner=render.mention(match, winner, named),
            a=wins[winner],
            b=wins[loser],
            # Against the computer the player is told of the end either way (nobody else is).
            loser=match.names[loser] if match.computer is None else render.mention(match, loser, named),
        )
        latest = await self.duels.latest_game(match.id)
        if latest is not None and (page := await self.page_button(match.guild_id, self.links.game(latest))):
            view.add_item(page)
        last = None if latest is None else await self.duels.live(latest)
        if last is not None and last.ended is not None:  # ended by the bot: a concession, a timeout, an abort
            mentions = {player: render.mention(match, player, named) for player in ("p1", "p2")}
            content = text.match_ended_text(*last.ended, mentions, match.names)
        return content, view

    # --- a challenge ------------------------------------------------------------------------------------

    def challenge(
        self, match: MatchRow, home: Home, *, rematch: bool = False, tournament: str | None = None
    ) -> Outgoing:
        """The challenge message: who challenges whom, the setup, and the answers while it is open (a
        tournament's duel, named ``tournament``: its pairing, pinging both players); in the match's
        ``home``, where only the players at home there are mentioned."""
        named = render.away(match, home)
        if match.tournament_id is not None:
            content = text.tr(
                "challenge.tournament",
                name=tournament or "",
                round=match.tournament_round or 0,
                first=render.mention(match, "p1", named),
                second=render.mention(match, "p2", named),
            )
        elif match.computer is not None:
            level = text.tr(f"computer.level.{match.computer}")
            key = "challenge.learn" if match.learn else "challenge.computer"
            content = text.tr(key, challenger=match.challenger_name, level=level)
        elif (
            match.code is not None and match.status == MatchStatus.PROPOSED
        ):  # anyone given the code may accept
            content = text.tr("challenge.by_code", challenger=match.challenger_name, code=match.code)
        elif match.queued:  # nobody challenged: the queue paired them
            content = text.tr("challenge.queue", first=match.challenger_name, second=match.opponent_name)
        else:
            content = text.tr(
                "challenge.rematch" if rematch else "challenge.content",
                opponent=render.mention(match, "p2", named),
                challenger=match.challenger_name,
            )
            if match.hints:  # both players see it before the duel starts
                content += "\n" + text.tr("challenge.hints")
        embed = self.challenge_embed(match, home)
        return {"content": content, "embed": embed, "view": self.challenge_view(match)}

    def challenge_embed(self, match: MatchRow, home: Home, status: str | None = None) -> discord.Embed:
        """The challenge with its setup and status (``status``: said otherwise than by the match's)."""
        level = match_difficulty(match)
        if status is None:
            status = text.tr(f"challenge.status.{match.status}", opponent=match.opponent_name)
        return render.challenge_embed(
            match.challenger_name,
            match.opponent_name,
            render.deck_label(match.deck),
            match.location,
            match.wins_needed,
            text.tr(f"difficulty.{level.level}"),
            level.value,
            status,
            challenge_link(match, home),
        )

    async def challenge_closed_embed(
        self, match: MatchRow, home: Home, thread_id: int, result_id: int
    ) -> discord.Embed:
        """The challenge of a duel played in a thread of its own in ``home``, once over: its result, and a
        link to it."""
        wins = await self.duels.score(match.id)
        link = jump_link(home.guild_id, thread_id, result_id)
        key = (
            "challenge.status.finished_in_thread"
            if match.status == MatchStatus.FINISHED
            else "challenge.status.ended_in_thread"
        )
        status = text.tr(
            key,
            first=match.challenger_name,
            a=wins["p1"],
            b=wins["p2"],
            second=match.opponent_name,
            link=link,
        )
        return self.challenge_embed(match, home, status)

    def challenge_view(self, match: MatchRow) -> Components:
        if match.status != MatchStatus.PROPOSED:
            return Components()
        if match.code is not None:  # accepted with /cardia accept code: only its challenger answers here
            return Components(ChallengeButton(match.id, "withdraw"))
        return Components(
            *(ChallengeButton(match.id, choice) for choice in ("accept", "decline", "withdraw"))
        )

    # --- the timers' notices ----------------------------------------------------------------------------

    def notice(
        self,
        notice: Notice,
        home: Home,
        channel: int,
        latest_board: int | None,
        quiet: frozenset[int] = frozenset(),
    ) -> Outgoing:
        """A reminder or a claim offer (``notice``), posted in a ``home`` of the duel (in ``channel``: its
        channel or its thread), linking the game's latest board there if it has one; the players in
        ``quiet`` named, not mentioned."""
        live, match = notice.live, notice.live.match
        names = match.names
        mentions = {player: render.ping(match, player, quiet) for player in ("p1", "p2")}
        whats = {
            d.player: text.waiting_text(d.kind, first=d.first)
            for d in engine_view(live.game, None).pending
            if d.player in notice.waiting
        }
        if len(notice.waiting) == 1:
            what = whats[notice.waiting[0]]
        else:
            what = "; ".join(tr("timer.decision", who=names[p], what=whats[p]) for p in notice.waiting)
        board = ""
        if latest_board is not None:
            board = tr("timer.board", link=jump_link(home.guild_id, channel, latest_board))
        claimer = notice.claimer
        values = {
            "who": text.join([mentions[p] for p in notice.waiting]),
            "first": names["p1"],
            "second": names["p2"],
            "number": live.row.number,
            "what": what,
            "since": when(notice.deadlines.since),
            "time_up": when(notice.deadlines.time_up),
            "forfeit": when(notice.deadlines.forfeit),
            "board": board,
            "claimer": "" if claimer is None else names[claimer],
            "loser": "" if claimer is None else names[other(claimer)],
        }
        view = Components()
        if notice.kind == CLAIM:
            if claimer is None:
                content = tr("timer.claim_both", **values)
            else:
                content = tr("timer.claim", **{**values, "claimer": mentions[claimer]})
                view.add_item(ClaimButton(live.row.id, notice.version))
        elif notice.late and match.computer is not None:  # nobody to claim: only the forfeit is coming
            content = tr("timer.reminder_late_computer", **values)
        elif notice.late:
            content = tr("timer.reminder_late" if claimer else "timer.reminder_late_both", **values)
        else:
            content = tr("timer.reminder", **values)
        return {"content": content.strip(), "view": view}
