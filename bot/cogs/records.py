"""``/cardia stats``, ``leaderboard``, ``history`` and ``about``: the commands, what they answer, and
their embeds (in the style of :mod:`bot.ui.render`, words from :mod:`text`).

Every answer is private (ephemeral): looking up a record, paging a leaderboard or reading a game's history
says nothing to the channel. The leaderboard's buttons carry the server, the sort and the page
(``cardia:lb:...``), so they work on any old message and across restarts.
"""

from __future__ import annotations

import importlib.metadata
import io
import json
import time
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any, Literal

import discord
from discord import app_commands

import text
from bot.cogs import Cog, completes
from bot.ids import parse_id
from bot.services.computer import COMPUTER_LEVELS
from bot.services.duels import Refusal
from bot.services.queue import GLOBAL
from bot.services.ratings import NEWCOMER
from bot.services.records import (
    PAGE_SIZE,
    SORTS,
    Records,
    Sort,
    Standing,
    Stats,
    Tally,
    game_log,
    log_lines,
    record_document,
    result_line,
)
from bot.services.seasons import Seasons
from bot.store.rows import FinishedGame, SeasonStanding
from bot.ui import answer
from bot.ui.components import Components, Handlers, LeaderboardButton
from bot.ui.finished import deck_name, game_choices
from bot.ui.guard import guard_of
from bot.ui.homes import needs_server, server_of
from bot.ui.messages import Messages
from bot.ui.render import DESCRIPTION_LIMIT, TOTAL_LIMIT, Outgoing, embed_size, fit, units
from bot.ui.translator import descriptions, options, said
from engine import view as engine_view
from text import tr

Interaction = discord.Interaction[Any]
COLOR_RECORDS = 0x5865F2
DISTRIBUTION = "cardia-discord"


# --- the commands --------------------------------------------------------------------------------------


class RecordsCog(Cog, name="records", description="Records and ratings"):
    """``/cardia stats``, ``leaderboard``, ``history`` and ``about``: every answer private."""

    def __init__(
        self, bot: discord.Client, records: Records, seasons: Seasons, messages: Messages | None = None
    ) -> None:
        super().__init__()
        self.bot = bot
        self.records = records
        self.seasons = seasons  # a server's past seasons: their final leaderboards, a player's places
        self.messages = messages  # its link to a game's page on the web, if the bot gives them
        self.started = time.monotonic()

    def register(self, handlers: Handlers) -> None:
        """The components this cog answers: the leaderboard's pages."""
        handlers.on(
            LeaderboardButton, lambda i, b: self.leaderboard(i, b.sort, b.page, b.guild_id, edit=True)
        )

    @app_commands.command(name=said("slash.stats"), description=said("slash.stats.description"))
    @app_commands.rename(**options("stats", "user"))
    @app_commands.describe(**descriptions("stats", "user"))
    async def stats_command(self, interaction: Interaction, user: discord.User | None = None) -> None:
        await self.stats(interaction, user)

    @app_commands.command(name=said("slash.leaderboard"), description=said("slash.leaderboard.description"))
    @app_commands.rename(**options("leaderboard", "sort", "scope", "season"))
    @app_commands.describe(**descriptions("leaderboard", "sort", "scope", "season"))
    @app_commands.choices(
        sort=[
            app_commands.Choice(name=said("slash.choice.rating"), value="rating"),
            app_commands.Choice(name=said("slash.choice.wins"), value="wins"),
        ],
        scope=[
            app_commands.Choice(name=said("slash.choice.server"), value="server"),
            app_commands.Choice(name=said("slash.choice.global"), value="global"),
        ],
    )
    async def leaderboard_command(
        self,
        interaction: Interaction,
        sort: app_commands.Choice[str] | None = None,
        scope: app_commands.Choice[str] | None = None,
        season: app_commands.Range[int, 1, 10_000] | None = None,
    ) -> None:
        everywhere = scope is not None and scope.value == "global"
        if season is not None and not everywhere:
            return await self.past_season(interaction, season)
        await self.leaderboard(
            interaction, sort.value if sort else "rating", 0, GLOBAL if everywhere else None
        )

    @app_commands.command(name=said("slash.history"), description=said("slash.history.description"))
    @app_commands.rename(**options("history", "game"))
    @app_commands.describe(**descriptions("history", "game"))
    async def history_command(self, interaction: Interaction, game: str) -> None:
        await self.history(interaction, game)

    @completes(history_command, "game")
    async def history_games(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await guard_of(interaction).choices(
            self.history_choices(interaction, current), "/cardia history"
        )

    @app_commands.command(name=said("slash.about"), description=said("slash.about.description"))
    async def about_command(self, interaction: Interaction) -> None:
        await self.about(interaction)

    async def _private(self, interaction: Interaction, **message: Any) -> None:
        await answer.send(interaction, **message, ephemeral=True)

    async def stats(self, interaction: Interaction, user: discord.User | discord.Member | None) -> None:
        server = server_of(interaction)
        if server is None:
            return await self._private(
                interaction, content=tr(needs_server(interaction, "records.in_server"))
            )
        who = user or interaction.user
        if who.bot:
            return await self._private(interaction, content=tr("stats.bot"))
        stats = await self.records.stats(server, who.id)
        embed = stats_embed(stats, who.display_name)
        competitions = await self._competitions(server, who.id)
        if competitions:
            embed.add_field(name=tr("stats.competitions"), value="\n".join(competitions), inline=False)
        await self._private(interaction, embed=embed)

    async def _competitions(self, guild_id: int, user_id: int) -> list[str]:
        """A player's tournaments (played, won, best place) and past seasons (how many, best place)."""
        lines = []
        (played, won, best), places = await self.records.competitions(guild_id, user_id)
        if played:
            lines.append(tr("stats.tournaments", played=played, won=won, best=best or 0))
        if places:
            season, place = min(places, key=lambda item: (item[1], -item[0]))
            lines.append(tr("stats.seasons", seasons=len(places), best=place, season=season))
        current = await self.seasons.current(guild_id)
        if current is not None:
            lines.append(tr("stats.season_now", season=current.number))
        return lines

    async def past_season(self, interaction: Interaction, number: int) -> None:
        """A past season's final leaderboard (the current season's is the leaderboard itself)."""
        server = server_of(interaction)
        if server is None:
            return await self._private(
                interaction, content=tr(needs_server(interaction, "records.in_server"))
            )
        current = await self.seasons.current(server)
        if current is not None and number == current.number:
            return await self.leaderboard(interaction, "rating", 0)
        final = await self.seasons.final(server, number)
        if current is None or number > current.number:
            return await self._private(
                interaction,
                content=tr("leaderboard.no_season", season=number, current=current.number if current else 1),
            )
        await self._private(interaction, embed=season_embed(number, final))

    async def leaderboard(
        self,
        interaction: Interaction,
        sort: str,
        page: int,
        guild_id: int | None = None,
        *,
        edit: bool = False,
    ) -> None:
        """The first answer (of this server, or ``guild_id`` GLOBAL: the queue's), or (``edit``) a button's
        new page of ``guild_id``'s (the message is edited in place)."""
        # A button forged from another server's leaderboard (the global one is anyone's, anywhere).
        if edit and guild_id not in (server_of(interaction), GLOBAL):
            return await self._private(interaction, content=tr("records.other_server"))
        if guild_id != GLOBAL:
            guild_id = server_of(interaction)
        if guild_id is None:
            return await self._private(
                interaction, content=tr(needs_server(interaction, "records.in_server"))
            )
        order: Sort = "wins" if sort == "wins" else "rating"
        standings = await self.records.standings(guild_id, order)
        pages = max(1, -(-len(standings) // PAGE_SIZE))
        page = min(max(page, 0), pages - 1)  # an old button may point past a shorter leaderboard
        shown = standings[page * PAGE_SIZE : (page + 1) * PAGE_SIZE]
        names = await self.records.names(guild_id, [s.user_id for s in shown])
        rows = [(page * PAGE_SIZE + i + 1, s, names.get(s.user_id)) for i, s in enumerate(shown)]
        current = None if guild_id == GLOBAL else await self.seasons.current(guild_id)
        season = None if current is None else current.number
        message: Outgoing = {
            "embed": leaderboard_embed(rows, order, page, pages, len(standings), season),
            "view": leaderboard_view(guild_id, order, page, pages) if standings else discord.utils.MISSING,
        }
        if edit:
            await answer.edit(interaction, **message)
        else:
            await self._private(interaction, **message)

    async def history(self, interaction: Interaction, wanted: str) -> None:
        """A finished game: on a server, any played there; in a DM (or where the bot only visits), one of
        the caller's own, wherever they played it."""
        game_id = parse_id(wanted)
        if game_id is None:
            return await self._private(interaction, content=tr("history.bad_id"))
        try:
            game = await self.records.finished(game_id, interaction.user.id, server_of(interaction))
        except Refusal as refusal:
            return await self._private(interaction, content=str(refusal))
        actions = await self.records.actions(game_id)
        changes = await self.records.ratings_shown(game, server_of(interaction))
        embed, log_file = history_embed(game, actions, changes)
        record = json.dumps(record_document(game.setup, actions), indent=1, ensure_ascii=False)
        files = [discord.File(io.BytesIO(record.encode()), filename=record_name(game_id))]
        if log_file is not None:
            files.append(discord.File(io.BytesIO(log_file.encode()), filename=log_name(game_id)))
        page = None
        if self.messages is not None:
            page = await self.messages.page_button(game.guild_id, self.messages.links.game(game_id))
        if page is None:
            return await self._private(interaction, embed=embed, files=files)
        await self._private(interaction, embed=embed, files=files, view=Components(page))

    async def history_choices(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        """The caller's 25 latest finished games here (or those matching what is typed): on a server,
        those played there; elsewhere, all of theirs."""
        user_id = interaction.user.id
        games = await self.records.played(user_id, server_of(interaction), latest=200)
        return game_choices(games, user_id, current)

    async def about(self, interaction: Interaction) -> None:
        counts = await self.records.counts()
        embed = about_embed(
            version=version(),
            uptime=time.monotonic() - self.started,
            running=counts.get("in_progress", 0),
            finished=counts.get("finished", 0),
            servers=len(self.bot.guilds),
        )
        await self._private(interaction, embed=embed)


def version() -> str:
    try:
        return importlib.metadata.version(DISTRIBUTION)
    except importlib.metadata.PackageNotFoundError:
        return "unknown"


def record_name(game_id: int) -> str:
    return f"cardia-game-{game_id}.json"


def log_name(game_id: int) -> str:
    return f"cardia-game-{game_id}.txt"


# --- the embeds ----------------------------------------------------------------------------------------


def _embed(title: str, description: str | None) -> discord.Embed:
    return discord.Embed(
        title=fit(title, 256),
        description=None if description is None else fit(description, DESCRIPTION_LIMIT),
        color=COLOR_RECORDS,
    )


def rate_text(tally: Tally) -> str:
    rate = tally.win_rate
    return tr("records.no_rate") if rate is None else tr("records.rate", percent=int(rate * 100 + 0.5))


def tally_text(tally: Tally) -> str:
    return tr("records.tally", wins=tally.wins, losses=tally.losses, draws=tally.draws, rate=rate_text(tally))


def location_name(location: str | None) -> str:
    return tr("records.no_location") if location is None else text.location_name(location)


def _when(stamp: str, style: Literal["f", "R"] = "R") -> str:
    """A stored ISO time as a Discord timestamp (shown in each reader's time zone)."""
    try:
        moment = datetime.fromisoformat(stamp)
    except ValueError:
        return stamp
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return discord.utils.format_dt(moment, style)


def _level_order(level: str) -> int:
    return COMPUTER_LEVELS.index(level) if level in COMPUTER_LEVELS else len(COMPUTER_LEVELS)


def stats_embed(stats: Stats, name: str) -> discord.Embed:
    """A player's record: rating and rank, games and matches won, lost and drawn, the current streak, and
    the games by deck and by location."""
    lines = []
    if stats.rank is None:
        key = "stats.rating_new" if stats.rating == NEWCOMER else "stats.rating_unplayed"
        lines.append(tr(key, rating=stats.rating.display))
    else:
        lines.append(tr("stats.rating", rating=stats.rating.display, rank=stats.rank, players=stats.players))
    games = stats.games
    if not games.played:
        lines.append(tr("stats.none", name=name))
    else:
        lines.append(
            tr(
                "stats.games",
                wins=games.wins,
                losses=games.losses,
                draws=games.draws,
                played=games.played,
                rate=rate_text(games),
            )
        )
        matches = stats.matches
        lines.append(
            tr(
                "stats.matches",
                wins=matches.wins,
                losses=matches.losses,
                draws=matches.draws,
                played=matches.played,
            )
        )
        if stats.streak is not None:
            outcome, count = stats.streak
            lines.append(tr("stats.streak", streak=text.plural(f"stats.streak.{outcome}", count)))
        if stats.last_finished_at:
            lines.append(tr("stats.last", when=_when(stats.last_finished_at)))
    embed = _embed(tr("stats.title", name=name), "\n".join(lines))
    if games.played:
        by_deck = sorted(stats.by_deck.items(), key=lambda item: ("I", "II", "mixed").index(item[0]))
        deck_lines = [tr("stats.line", label=deck_name(key), tally=tally_text(t)) for key, t in by_deck]
        embed.add_field(name=tr("stats.by_deck"), value=fit("\n".join(deck_lines), 1024), inline=False)
        by_location = sorted(stats.by_location.items(), key=lambda item: (item[0] is not None, item[0] or ""))
        place_lines = [
            tr("stats.line", label=location_name(place), tally=tally_text(t)) for place, t in by_location
        ]
        embed.add_field(name=tr("stats.by_location"), value=fit("\n".join(place_lines), 1024), inline=False)
    if stats.computer:  # apart: games against the computer are not rated
        by_level = sorted(stats.computer.items(), key=lambda item: _level_order(item[0]))
        level_lines = [
            tr("stats.line", label=tr(f"computer.level.{level}"), tally=tally_text(t))
            for level, t in by_level
        ]
        embed.add_field(name=tr("stats.computer"), value=fit("\n".join(level_lines), 1024), inline=False)
    embed.set_footer(text=tr("stats.footer"))
    return embed


def leaderboard_embed(
    rows: Sequence[tuple[int, Standing, str | None]],
    sort: Sort,
    page: int,
    pages: int,
    players: int,
    season: int | None = None,
) -> discord.Embed:
    """One page of the leaderboard: ``rows`` are (rank, standing, display name or None); ``season``:
    the server's current season, if it has seasons."""
    lines = []
    for rank, standing, name in rows:
        games = standing.games
        lines.append(
            tr(
                f"leaderboard.line.{sort}",
                rank=f"{rank:>2}",  # aligned in the code span
                name=text.clip(name, 32) if name else f"<@{standing.user_id}>",
                rating=standing.rating.display,
                wins=games.wins,
                losses=games.losses,
                draws=games.draws,
                rate=rate_text(games),
            )
        )
    empty = tr("leaderboard.empty") if season is None else tr("leaderboard.empty_season", season=season)
    embed = _embed(tr(f"leaderboard.title.{sort}"), "\n".join(lines) or empty)
    footer = tr("leaderboard.footer", page=page + 1, pages=pages, players=players)
    if season is not None:
        footer = tr("leaderboard.season_now", season=season) + " · " + footer
    embed.set_footer(text=footer)
    return embed


def season_embed(number: int, final: Sequence[SeasonStanding]) -> discord.Embed:
    """A past season's final leaderboard (its first :data:`PAGE_SIZE` places)."""
    lines = [
        tr(
            "leaderboard.line.rating",
            rank=f"{standing.place:>2}",
            name=text.clip(standing.user_name, 32),
            rating=standing.rating,
            wins=standing.wins,
            losses=standing.losses,
            draws=standing.draws,
            rate="",
        )
        for standing in final[:PAGE_SIZE]
    ]
    embed = _embed(
        tr("leaderboard.title.season", season=number), "\n".join(lines) or tr("leaderboard.season_empty")
    )
    embed.set_footer(text=tr("leaderboard.season_footer", players=len(final)))
    return embed


def leaderboard_view(guild_id: int, sort: Sort, page: int, pages: int) -> discord.ui.View:
    """Previous and Next (when there are several pages), and the other sort. Custom ids must differ
    within a message: a disabled Previous points at page 0 and a disabled Next at the last page."""
    view = Components()
    if pages > 1:
        previous = LeaderboardButton(
            guild_id, sort, max(page - 1, 0), tr("leaderboard.previous"), disabled=page == 0
        )
        following = LeaderboardButton(
            guild_id, sort, min(page + 1, pages - 1), tr("leaderboard.next"), disabled=page >= pages - 1
        )
        view.add_item(previous)
        view.add_item(following)
    other: Sort = next(s for s in SORTS if s != sort)
    view.add_item(LeaderboardButton(guild_id, other, 0, tr(f"leaderboard.sort.{other}")))
    return view


def history_embed(
    game: FinishedGame,
    actions: Sequence[tuple[str, Sequence[str]]],
    changes: Sequence[tuple[int, Any, Any]],
) -> tuple[discord.Embed, str | None]:
    """A finished game: the decision-by-decision log (public information only: what the boards told),
    the result, the setup, its length, dates and rating changes; with the whole log as plain text when
    it does not fit in the embed."""
    names = game.names
    entries, replayed = game_log(game.setup, actions, names)
    first, second = engine_view(replayed, None).signets
    signets = {"p1": first, "p2": second}
    result = result_line(game.winner, game.reason, names, signets)
    lines = log_lines(entries, names)
    plain = log_lines(entries, names, markdown=False)
    if replayed.result is None:  # ended by the bot: say how, last
        lines.append(tr("history.ended", result=result))
        plain.append(tr("history.ended", result=result))

    title = tr("history.title", id=game.id, first=names["p1"], second=names["p2"])
    embed = _embed(title, None)
    embed.add_field(name=tr("history.result"), value=fit(result, 1024), inline=False)
    kind = tr("history.single") if game.wins_needed == 1 else tr("history.first_to", wins=game.wins_needed)
    setup = tr(
        "history.setup_value",
        deck=text.deck_label(game.deck),
        location=location_name(game.location),
        number=game.number,
        match=game.match_id,
        kind=kind,
    )
    if game.tournament is not None:
        setup += "\n" + tr("history.tournament", name=game.tournament, round=game.tournament_round or 0)
    embed.add_field(name=tr("history.setup"), value=fit(setup, 1024), inline=False)
    length = [text.plural("history.decisions", len(actions))]
    if game.rounds is not None:
        length.append(text.plural("history.rounds", game.rounds))
    embed.add_field(name=tr("history.length"), value=" · ".join(length), inline=True)
    played = tr("history.played_value", start=_when(game.created_at, "f"), end=_when(game.finished_at, "f"))
    embed.add_field(name=tr("history.played"), value=played, inline=True)
    if changes:
        by_user = {user: player for player, user in game.users.items()}
        rating_lines = [
            tr(
                "history.rating_change",
                name=names.get(by_user.get(user, ""), str(user)),
                before=before.display,
                after=after.display,
                delta=text.signed(after.display - before.display),
            )
            for user, before, after in changes
        ]
        embed.add_field(name=tr("history.ratings"), value=fit("\n".join(rating_lines), 1024), inline=False)
    embed.set_footer(text=tr("history.footer", file=record_name(game.id)))

    # The log, with what is left of the 6000 characters; the rest goes into a text file.
    budget = min(DESCRIPTION_LIMIT, TOTAL_LIMIT - embed_size(embed) - units(title)) - 80
    description = "\n".join(lines)
    log_file = None
    if units(description) > budget:
        kept: list[str] = []
        for line in lines:
            if units("\n".join([*kept, line])) > budget:
                break
            kept.append(line)
        kept.append(tr("history.cut", n=len(lines) - len(kept), file=log_name(game.id)))
        description = "\n".join(kept)
        log_file = "\n".join([title, result, setup, "", *plain]) + "\n"
    embed.description = fit(description, DESCRIPTION_LIMIT)
    return embed, log_file


def duration(seconds: float) -> str:
    """ "3 d 4 h", "2 h 5 min", "4 min 10 s", "12 s"."""
    whole = int(seconds)
    days, rest = divmod(whole, 86400)
    hours, rest = divmod(rest, 3600)
    minutes, secs = divmod(rest, 60)
    if days:
        return tr("duration.days", d=days, h=hours)
    if hours:
        return tr("duration.hours", h=hours, m=minutes)
    if minutes:
        return tr("duration.minutes", m=minutes, s=secs)
    return tr("duration.seconds", s=secs)


def about_embed(*, version: str, uptime: float, running: int, finished: int, servers: int) -> discord.Embed:
    embed = _embed(tr("about.title"), tr("about.description"))
    fields = [
        ("about.version", version),
        ("about.library", discord.__version__),
        ("about.uptime", duration(uptime)),
        ("about.running", str(running)),
        ("about.finished", str(finished)),
        ("about.servers", str(servers)),
    ]
    for key, value in fields:
        embed.add_field(name=tr(key), value=value, inline=True)
    return embed
